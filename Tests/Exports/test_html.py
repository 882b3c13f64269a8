"""Judging `motionc export --to html` (and `--to css`) in headless Chromium.

For every document: the page loads with no console error and no request beyond itself, lists its
CSS animations, and, scrubbed by pausing every animation and setting currentTime = t x 1000,
gives at every frame (and between frames) the render server's value of each layer component as
the registered custom properties (--position-x, ...) or, for a component that an animation of a
real property carries (translate, rotate, scale, opacity: docs/export.md §4), as that property,
element boxes where position, size, anchor point, scale and rotation put them, and pictures that
match `motionc render --at`.
"""

from __future__ import annotations

import math
import re

import pytest

from conftest import SUBFRAMES
from pixels import MEASUREMENTS, compare, rgba_from_png
from reference import ALL_COMPONENTS, Reference, clamp01

PROPERTIES = ["--" + comp.replace(".", "-") for comp in ALL_COMPONENTS]
SCREENSHOTS = 7
BOX_TOLERANCE = 1.0  # px
# Computed colours are 8-bit in Chromium.
COLOUR_TOLERANCE = 0.6 / 255

# Real properties that carry layer components; a component is read from its carrier when one of
# the element's animations moves the carrier, and from its custom property otherwise.
CARRIERS = {
    "position.x": "translate", "position.y": "translate", "rotation": "rotate",
    "scale.x": "scale", "scale.y": "scale", "opacity": "opacity",
}

SCRUB = """
({times, ids, props}) => {
  const animations = document.getAnimations();
  animations.forEach(a => a.pause());
  // The properties each element's own animations move.
  const moved = {};
  for (const a of animations) {
    const target = a.effect && a.effect.target;
    if (!target || !target.id) continue;
    const names = moved[target.id] || (moved[target.id] = new Set());
    for (const k of a.effect.getKeyframes()) for (const p of Object.keys(k)) names.add(p);
  }
  const rows = [];
  for (const t of times) {
    animations.forEach(a => { a.currentTime = t * 1000; });
    const row = {};
    for (const id of ids) {
      const el = document.getElementById(id);
      if (!el) { row[id] = null; continue; }
      const style = getComputedStyle(el);
      const values = {};
      for (const p of props) values[p] = style.getPropertyValue(p);
      const r = el.getBoundingClientRect();
      values.box = [r.left, r.top, r.right, r.bottom];
      values.opacity = style.opacity;
      values.backgroundColor = style.backgroundColor;
      values.translate = style.translate;
      values.rotate = style.rotate;
      values.scale = style.scale;
      values.transformOrigin = style.transformOrigin;
      values.moved = [...(moved[id] || [])];
      row[id] = values;
    }
    rows.push(row);
  }
  return rows;
}
"""


class Page:
    """An exported page open in the shared browser, with what it said while loading."""

    def __init__(self, browser, html_path, width: int, height: int):
        self.console_errors: list[str] = []
        self.foreign_requests: list[str] = []
        self.context = browser.new_context(viewport={"width": max(width, 64), "height": max(height, 64)}, device_scale_factor=1)
        self.page = self.context.new_page()
        url = html_path.resolve().as_uri()
        self.page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        self.page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        self.page.on("request", lambda r: r.url != url and self.foreign_requests.append(r.url))
        self.page.goto(url)
        self.animation_count = self.page.evaluate("document.getAnimations().length")
        self.canvas = self.page.evaluate(
            """() => { const c = document.getElementById('motionc-canvas'); if (!c) return null;
                 const r = c.getBoundingClientRect();
                 return {box: [r.left, r.top, r.width, r.height], background: getComputedStyle(c).backgroundColor}; }"""
        )

    def scrub(self, times: list[float], ids: list[str]) -> list[dict]:
        return self.page.evaluate(SCRUB, {"times": times, "ids": ids, "props": PROPERTIES})

    def screenshot(self, t: float, width: int, height: int) -> bytes:
        self.page.evaluate("t => document.getAnimations().forEach(a => { a.pause(); a.currentTime = t * 1000; })", t)
        return self.page.screenshot(clip={"x": 0, "y": 0, "width": width, "height": height})

    def stylesheet(self) -> str:
        return self.page.evaluate("[...document.querySelectorAll('style')].map(s => s.textContent).join('')")


def page_for(doc, browser) -> Page:
    ref = doc.reference
    return doc.memo("html-page", lambda: Page(browser, doc.exported("html"), int(ref.width), int(ref.height)))


def _number(text: str) -> float | None:
    try:
        return float(text.strip())
    except ValueError:
        return None


def _rgba(text: str) -> list[float] | None:
    match = re.fullmatch(r"rgba?\(([^)]*)\)", text.strip())
    if not match:
        return None
    parts = [p for p in re.split(r"[\s,/]+", match.group(1)) if p]
    try:
        values = [float(p) for p in parts]
    except ValueError:
        return None
    if len(values) == 3:
        values.append(1.0)
    return [values[0] / 255, values[1] / 255, values[2] / 255, values[3]]


def _lengths(text: str, count: int, default: float) -> list[float] | None:
    """The first `count` numbers of a computed list of lengths, angles or numbers ("208px 8px",
    "90deg", "1.5"): missing ones are `default` ("208px" is 208px 0px, "2" is 2 2 for scale)."""
    if text.strip() == "none":
        return [default] * count
    try:
        values = [float(re.sub(r"(px|deg)$", "", part)) for part in text.split()]
    except ValueError:
        return None
    if not values:
        return None
    fill = values[0] if default == 1.0 else default
    return (values + [fill] * count)[:count]


def shown(values: dict, comp: str, prop: str) -> str:
    """The text the page shows for a component: its carrier's computed value when one of the
    element's animations moves the carrier, its custom property otherwise."""
    carrier = CARRIERS.get(comp)
    if carrier is None or carrier not in values.get("moved", []):
        return values[prop]
    text = values[carrier]
    if carrier == "opacity":
        return text
    axis = 1 if comp.endswith(".y") else 0
    if carrier == "translate":
        offset, origin = _lengths(text, 2, 0.0), _lengths(values["transformOrigin"], 2, 0.0)
        return text if offset is None or origin is None else repr(offset[axis] + origin[axis])
    parsed = _lengths(text, 2, 1.0 if carrier == "scale" else 0.0)
    return text if parsed is None else repr(parsed[axis])


def _matrix_product(a, b):
    return [
        [sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)
    ]


def _local(v: dict[str, float]):
    """translate(position) rotate(rotation) scale(scale) translate(-anchorPoint x size)."""
    c, s = math.cos(math.radians(v["rotation"])), math.sin(math.radians(v["rotation"]))
    sx, sy = v["scale.x"], v["scale.y"]
    ox, oy = v["anchorPoint.x"] * v["size.width"], v["anchorPoint.y"] * v["size.height"]
    return [
        [c * sx, -s * sy, v["position.x"] - (c * sx * ox - s * sy * oy)],
        [s * sx, c * sy, v["position.y"] - (s * sx * ox + c * sy * oy)],
        [0, 0, 1],
    ]


def expected_box(ref: Reference, target: str, k: int) -> list[float]:
    """Left, top, right, bottom of the target's bounds after its and its ancestors' transforms."""
    chain = [target] + ref.ancestors(target)
    matrix = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    for i, layer in enumerate(reversed(chain)):
        v = ref.values(layer, k)
        if i > 0:
            pv = ref.values(chain[len(chain) - i], k)
            offset = [[1, 0, pv["anchorPoint.x"] * pv["size.width"]], [0, 1, pv["anchorPoint.y"] * pv["size.height"]], [0, 0, 1]]
            matrix = _matrix_product(matrix, offset)
        matrix = _matrix_product(matrix, _local(v))
    v = ref.values(target, k)
    w, h = v["size.width"], v["size.height"]
    xs, ys = [], []
    for x, y in ((0, 0), (w, 0), (0, h), (w, h)):
        xs.append(matrix[0][0] * x + matrix[0][1] * y + matrix[0][2])
        ys.append(matrix[1][0] * x + matrix[1][1] * y + matrix[1][2])
    return [min(xs), min(ys), max(xs), max(ys)]


def value_problems(
    ref: Reference, rows: list[dict], frames: list[int], label: str, alternative: Reference | None = None
) -> list[str]:
    """Custom properties and the element's real opacity and background colour against the trace (a
    value that matches the ``alternative`` reference instead, when one is given, passes too)."""
    failures: dict[tuple[str, str], list[tuple]] = {}
    missing: list[str] = []

    def checks_for(r: Reference, layer, values: dict, k: int) -> list[tuple]:
        checks = []
        for comp, prop in zip(ALL_COMPONENTS, PROPERTIES):
            carrier = CARRIERS.get(comp)
            name = f"{comp} ({carrier})" if carrier in values.get("moved", []) else prop
            checks.append((name, shown(values, comp, prop), r.value(layer.id, comp, k), r.budget(layer.id, comp), _number))
        checks.append(("opacity (style)", values["opacity"], clamp01(r.value(layer.id, "opacity", k)), r.budget(layer.id, "opacity") + 1e-6, _number))
        colour = _rgba(values["backgroundColor"])
        for i, c in enumerate("rgba"):
            comp = f"backgroundColor.{c}"
            got = None if colour is None else str(colour[i])
            checks.append((f"background-color {c} (style)", got if got is not None else values["backgroundColor"], clamp01(r.value(layer.id, comp, k)), r.budget(layer.id, comp) + COLOUR_TOLERANCE, _number))
        return checks

    for k, row in zip(frames, rows):
        t = k / ref.fps
        for layer in ref.layers:
            values = row.get(layer.id)
            if values is None:
                missing.append(f"no element with id {layer.id!r}")
                continue
            checks = checks_for(ref, layer, values, k)
            others = checks_for(alternative, layer, values, k) if alternative else [None] * len(checks)
            for (name, text, expected, budget, parse), other in zip(checks, others):
                got = parse(text) if isinstance(text, str) else None
                if got is not None and other is not None and abs(got - other[2]) <= other[3]:
                    continue
                if got is None or not abs(got - expected) <= budget:
                    failures.setdefault((layer.id, name), []).append((t, expected, got if got is not None else text, budget))
    lines = sorted(set(missing))
    for (target, name), rows_off in sorted(failures.items()):
        def size(r):
            return abs(r[2] - r[1]) / r[3] if isinstance(r[2], float) else math.inf

        t, expected, got, budget = max(rows_off, key=size)
        got_text = f"{got:.6g}" if isinstance(got, float) else repr(got)
        lines.append(
            f"{target} {name}: {len(rows_off)} of {len(frames)} {label} off; worst t={t:.6f} "
            f"expected {expected:.6g} got {got_text} (budget {budget:.3g}); first t={rows_off[0][0]:.6f}"
        )
    return lines


def loading_problems(page: Page, ref: Reference) -> list[str]:
    problems = [f"console error: {e}" for e in page.console_errors]
    problems += [f"request beyond the page (not self-contained): {u}" for u in page.foreign_requests]
    if ref.animated() and page.animation_count == 0:
        problems.append("the document animates but document.getAnimations() is empty")
    if page.canvas is None:
        problems.append("no element with id 'motionc-canvas'")
    else:
        if page.canvas["box"] != [0, 0, ref.width, ref.height]:
            problems.append(f"#motionc-canvas box (left, top, width, height) {page.canvas['box']}, expected [0, 0, {ref.width:g}, {ref.height:g}]")
        colour = _rgba(page.canvas["background"])
        if colour is None or any(abs(a - b) > COLOUR_TOLERANCE for a, b in zip(colour, ref.background)):
            problems.append(f"#motionc-canvas background {page.canvas['background']}, expected {ref.background}")
    return problems


def test_page_loads_without_errors_and_lists_its_animations(doc, browser):
    problems = loading_problems(page_for(doc, browser), doc.reference)
    assert not problems, "\n".join(problems)


def _scrub(doc, browser, dense: bool):
    ref = doc.dense_reference if dense else doc.reference
    frames = [k for k in range(ref.frame_count) if k % SUBFRAMES] if dense else list(range(ref.frame_count))

    def make():
        rows = page_for(doc, browser).scrub([k / ref.fps for k in frames], [layer.id for layer in ref.layers])
        return ref, frames, rows

    return doc.memo(f"html-scrub:{dense}", make)


def test_html_values_at_every_frame(doc, browser):
    ref, frames, rows = _scrub(doc, browser, dense=False)
    lines = value_problems(ref, rows, frames, "frames")
    assert not lines, "\n".join(lines)


def test_html_values_between_frames(doc, browser):
    ref, frames, rows = _scrub(doc, browser, dense=True)
    # A fitted run of per-frame values may show the straight line between two frames' values.
    lines = value_problems(ref, rows, frames, "times between frames", doc.joined_reference("html"))
    assert not lines, "\n".join(lines)


def box_problems(ref: Reference, rows: list[dict], frames: list[int]) -> list[str]:
    failures: dict[str, list[tuple]] = {}
    for k, row in zip(frames, rows):
        for layer in ref.layers:
            values = row.get(layer.id)
            if values is None:
                continue
            expected = expected_box(ref, layer.id, k)
            got = values["box"]
            off = max(abs(a - b) for a, b in zip(expected, got))
            if off > BOX_TOLERANCE:
                failures.setdefault(layer.id, []).append((k / ref.fps, expected, got, off))
    lines = []
    for target, rows_off in sorted(failures.items()):
        t, expected, got, off = max(rows_off, key=lambda r: r[3])
        fmt = lambda box: "[" + ", ".join(f"{v:.2f}" for v in box) + "]"  # noqa: E731
        lines.append(
            f"{target} box (left, top, right, bottom): {len(rows_off)} of {len(frames)} frames off by more "
            f"than {BOX_TOLERANCE} px; worst t={t:.6f} expected {fmt(expected)} got {fmt(got)} ({off:.2f} px)"
        )
    return lines


def test_html_element_boxes_follow_the_transforms(doc, browser):
    ref, frames, rows = _scrub(doc, browser, dense=False)
    lines = box_problems(ref, rows, frames)
    assert not lines, "\n".join(lines)


def picture_problems(page: Page, ref: Reference, rendered, label: str | None = None) -> list[str]:
    """Screenshots of the canvas against `motionc render --at` (``rendered(t)`` gives the PNG)."""
    width, height = int(ref.width), int(ref.height)
    problems = []
    for k in ref.sample_frames(SCREENSHOTS):
        t = k / ref.fps
        difference = compare(rgba_from_png(page.screenshot(t, width, height)), rgba_from_png(rendered(t)))
        if label is not None:
            MEASUREMENTS.append(("Chromium", label, t, difference))
        if not difference.acceptable():
            problems.append(f"t={t:.6f}: {difference}")
    return problems


def test_chromium_draws_what_motionc_renders(doc, browser):
    problems = picture_problems(page_for(doc, browser), doc.reference, doc.rendered, doc.doc.stem)
    assert not problems, "\n".join(problems)


def test_css_export_is_the_pages_stylesheet(doc, browser):
    css = doc.exported("css").read_text()
    sheet = page_for(doc, browser).stylesheet()
    if css != sheet:
        assert css.strip() == sheet.strip(), "the --to css output differs from the page's <style>"
