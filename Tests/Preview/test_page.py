"""The written page (`motionc preview FILE -o OUT.html`) in headless Chromium.

For every plan: it loads with no console error and no request beyond itself; scrubbed to t it
shows what `motionc render --at t` draws; each curve's cursor sits at t and its value is the
trace's at t. Then the keys, the transport, selection, the report and warnings, the themes.
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import DESIGN_VIEWPORT, HERE, PLANS
from pixels import compare, rgba_from_png as rgba

PLOT_WIDTH = 400


def stage_screenshot(page) -> bytes:
    box = page.page.evaluate(
        "() => { const r = document.getElementById('motionc-canvas').getBoundingClientRect();"
        " return [r.left, r.top, r.width, r.height]; }"
    )
    return page.page.screenshot(clip={"x": box[0], "y": box[1], "width": box[2], "height": box[3]})


def times_of(duration: float, fps: float) -> list[float]:
    """Frame times spread over the timeline: start, a quarter, the middle, the end."""
    frames = round(duration * fps)
    return sorted({k / fps for k in (0, frames // 4, frames // 2, frames)})


@pytest.mark.parametrize("doc", PLANS, ids=lambda p: p.stem)
def test_loads_clean(doc, motionc, work, open_page):
    page = open_page(motionc.preview(doc, work).as_uri())
    state = page.state()
    assert page.errors == [], page.errors
    assert page.foreign == [], f"requests beyond the page: {page.foreign}"
    assert state["animations"] > 0, "the stage lists no animation"
    trace = motionc.trace(doc, work)
    traced = {(target, prop) for (_, target, prop) in trace}
    curves = page.page.evaluate(
        "[...document.querySelectorAll('.pv-curve')].map(r => [r.dataset.target, r.dataset.property])"
    )
    assert {tuple(c) for c in curves} == traced, "one curve per traced (target, property)"


@pytest.mark.parametrize("doc", PLANS, ids=lambda p: p.stem)
def test_scrubbed_stage_is_the_render(doc, motionc, work, open_page):
    page = open_page(motionc.preview(doc, work).as_uri())
    state = page.state()
    problems = []
    for t in times_of(state["duration"], state["fps"]):
        page.scrub(t)
        assert abs(page.state()["t"] - t) < 1e-9
        shot = rgba(stage_screenshot(page))
        reference = rgba(motionc.render(doc, t, work))
        difference = compare(shot, reference)
        mean, outliers = difference.mean, difference.outliers
        if not difference.acceptable():
            problems.append(f"t={t:.4f}: mean difference {mean:.3f}, outliers {100 * outliers:.3f}%")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("doc", PLANS, ids=lambda p: p.stem)
def test_curves_follow_the_trace(doc, motionc, work, open_page):
    page = open_page(motionc.preview(doc, work).as_uri())
    state = page.state()
    trace = motionc.trace(doc, work)
    fps, duration = state["fps"], state["duration"]
    problems = []
    for t in times_of(duration, fps):
        page.scrub(t)
        k = round(t * fps)
        rows = page.page.evaluate(
            """() => [...document.querySelectorAll('.pv-curve')].map(r => {
                 const plot = r.querySelector('.pv-plot').getBoundingClientRect();
                 const cursor = r.querySelector('.pv-cursor').getBoundingClientRect();
                 return [r.dataset.target, r.dataset.property, cursor.left - plot.left,
                         r.querySelector('.pv-value').textContent]; })"""
        )
        for target, prop, x, text in rows:
            expected_x = t / duration * PLOT_WIDTH if duration > 0 else 0
            if abs(x - expected_x) > 0.6:
                problems.append(f"t={t:.4f} {target} {prop}: cursor at {x:.2f} px, expected {expected_x:.2f}")
            value = trace.get((k, target, prop))
            if value is None:
                continue
            decimals = len(text.split(".")[1]) if "." in text else 0
            if abs(float(text) - value) > 0.5 * 10 ** -decimals + 1e-4 * max(1.0, abs(value)):
                problems.append(f"t={t:.4f} {target} {prop}: shows {text}, the trace says {value}")
    assert not problems, "\n".join(problems[:20])


def test_keyboard_and_transport(motionc, work, open_page):
    doc = next(p for p in PLANS if p.stem == "card-expand")
    page = open_page(motionc.preview(doc, work).as_uri())
    p = page.page
    fps = page.state()["fps"]
    p.locator("body").click(position={"x": 5, "y": 5})
    p.keyboard.press("ArrowRight")
    assert round(page.state()["t"] * fps) == 1
    p.keyboard.press("Shift+ArrowRight")
    assert round(page.state()["t"] * fps) == 11
    p.keyboard.press("ArrowLeft")
    assert round(page.state()["t"] * fps) == 10
    assert page.state()["frameText"].startswith("frame 10 / ")
    p.keyboard.press("End")
    state = page.state()
    assert state["t"] == state["duration"]
    p.keyboard.press("Home")
    assert page.state()["t"] == 0
    # Space plays: the playhead moves on by itself; space again pauses it where it is.
    p.keyboard.press("Space")
    assert page.state()["playing"]
    p.wait_for_function("motionPreview.state.t > 0.05", timeout=5000)
    p.keyboard.press("Space")
    paused = page.state()
    assert not paused["playing"]
    p.wait_for_timeout(100)
    assert page.state()["t"] == paused["t"]
    # The buttons do what the keys do.
    p.click("#pv-forward")
    assert round(page.state()["t"] * fps) == round(paused["t"] * fps) + 1
    p.click("#pv-back")
    assert round(page.state()["t"] * fps) == round(paused["t"] * fps)
    # Loop off: playing from near the end stops at the end.
    p.click("#pv-loop")
    assert not page.state()["loop"]
    page.scrub(state["duration"] - 0.05)
    p.click("#pv-play")
    p.wait_for_function("!motionPreview.state.playing", timeout=5000)
    assert page.state()["t"] == state["duration"]
    # Loop on: playing past the end wraps to the start.
    p.click("#pv-loop")
    page.scrub(state["duration"] - 0.05)
    p.click("#pv-play")
    p.wait_for_function(f"motionPreview.state.t < {state['duration'] - 0.05}", timeout=5000)
    assert page.state()["playing"]
    p.keyboard.press("Space")
    # Speed: 0.1x to 2x.
    options = p.evaluate("[...document.querySelectorAll('#pv-speed option')].map(o => parseFloat(o.value))")
    assert min(options) == 0.1 and max(options) == 2
    p.select_option("#pv-speed", "0.5")
    assert page.state()["speed"] == 0.5
    assert page.errors == []


def test_selection_both_ways(motionc, work, open_page):
    doc = next(p for p in PLANS if p.stem == "card-expand")
    page = open_page(motionc.preview(doc, work).as_uri())
    p = page.page
    p.click('.pv-curve[data-target="photo"]')
    assert p.evaluate("document.getElementById('photo').classList.contains('pv-selected')")
    assert not p.evaluate("document.getElementById('card').classList.contains('pv-selected')")
    # Clicking the card on the stage (outside the photo) selects the card's curves.
    box = p.evaluate("(() => { const r = document.getElementById('card').getBoundingClientRect(); return [r.left, r.bottom]; })()")
    p.mouse.click(box[0] + 6, box[1] - 6)
    selected = p.evaluate("[...document.querySelectorAll('.pv-curve.pv-selected')].map(r => r.dataset.target)")
    assert selected and set(selected) == {"card"}
    assert p.evaluate("document.getElementById('card').classList.contains('pv-selected')")


def test_report_is_the_exports(motionc, work, open_page):
    doc = next(p for p in PLANS if p.stem == "tossable-card")
    report_file = work / "tossable.report.json"
    motionc.ok("export", doc, "--to", "html", "-o", work / "tossable.html", "--report", report_file)
    items = json.loads(report_file.read_text())["items"]
    page = open_page(motionc.preview(doc, work).as_uri())
    page.page.click("#pv-tab-report")
    rows = page.page.evaluate(
        "[...document.querySelectorAll('#pv-report tbody tr:not(.pv-where-row)')].map(r => [...r.cells].map(c => c.textContent))"
    )
    assert [(r[0], r[1], r[2], int(r[3])) for r in rows] == [
        ("#" + i["target"], i["property"], i["method"], i["keyframes"]) for i in items
    ]
    # Each row says where its target is declared: the line of `  ID:` under targets, column 3.
    lines = doc.read_text().splitlines()
    where = page.page.evaluate("[...document.querySelectorAll('#pv-report .pv-where-row')].map(r => r.textContent)")
    expected = []
    for item in items:
        line = next(n for n, text in enumerate(lines, 1) if text == f"  {item['target']}:")
        expected.append(f"{doc}:{line}:3")
    assert [w.split(" · ")[0] for w in where] == expected
    # Fitted curves are drawn dashed, exact ones solid.
    dashed = page.page.evaluate(
        "[...document.querySelectorAll('.pv-curve')].map(r => [r.dataset.property, r.querySelector('.pv-method').textContent,"
        " !!r.querySelector('.pv-line-fitted')])"
    )
    assert any(method == "fitted" and has for _, method, has in dashed)
    assert all(not has for _, method, has in dashed if method == "exact")


def test_warnings_with_locations(motionc, work, open_page):
    doc = HERE / "documents" / "hidden-tween.yaml"
    expected = json.loads(motionc.run("validate", "--format", "json", doc).stdout)["diagnostics"]
    assert expected, "the document has warnings"
    page = open_page(motionc.preview(doc, work).as_uri())
    page.page.click("#pv-tab-warnings")
    shown = page.page.evaluate(
        "[...document.querySelectorAll('#pv-warnings .pv-diagnostic')].map(d => [d.dataset.code, d.querySelector('.pv-where').textContent])"
    )
    assert shown == [[d["code"], f"{d['file']}:{d['line']}:{d['column']}"] for d in expected]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_themes_and_layout(scheme, motionc, work, open_page):
    doc = next(p for p in PLANS if p.stem == "card-expand")
    page = open_page(motionc.preview(doc, work).as_uri(), viewport=DESIGN_VIEWPORT, scheme=scheme)
    p = page.page
    background = p.evaluate("getComputedStyle(document.querySelector('.pv-side')).backgroundColor")
    r, g, b = (int(v) for v in re.findall(r"\d+", background)[:3])
    luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
    assert (luminance > 0.8) if scheme == "light" else (luminance < 0.2), background
    # Everything fits 1280x800: no scrolling page, the stage shown whole.
    assert p.evaluate("document.documentElement.scrollWidth <= innerWidth && document.documentElement.scrollHeight <= innerHeight")
    stage = p.evaluate("(() => { const r = document.getElementById('motionc-canvas').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()")
    assert stage[0] >= 0 and stage[1] >= 0 and stage[2] <= 1280 - 440 and stage[3] <= 800
    # No layout jumps while playing: the controls keep their boxes frame after frame.
    boxes = """() => ['pv-play', 'pv-back', 'pv-forward', 'pv-scrubber', 'pv-seconds', 'pv-frame', 'pv-speed', 'pv-curves']
        .map(id => { const r = document.getElementById(id).getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })"""
    before = p.evaluate(boxes)
    p.keyboard.press("Space")
    seen = []
    for _ in range(10):
        p.wait_for_timeout(40)
        seen.append(p.evaluate(boxes))
    p.keyboard.press("Space")
    changed = [(i, b, s[i]) for s in seen for i, b in enumerate(before) if s[i] != b]
    assert not changed, changed[:5]
    assert page.errors == []
