"""The judges judged: the evaluator against closed forms, and every judge against hand-written
exports (data/) that are right, and against copies made wrong on purpose, which must fail.

A judge that passes a wrong export is worse than none, so each kind of mistake an exporter can
make (a moved layer, a missing layer, a wrong colour, an easing curve kept for one dimension only,
a missing hold) has a copy here that a judge must reject.
"""

from __future__ import annotations

import copy
import json
import math
import re

import pytest

import lottie_judge
import test_lottie
from conftest import HERE, REPO
from lottie_eval import LottieEvalError, cubic_bezier_ease, evaluate

DATA = HERE / "data"


# --- The evaluator against values computed independently. ---


def test_linear_handles_interpolate_linearly():
    prop = {"a": 1, "k": [{"t": 10, "s": [0, 100], "o": {"x": [0, 0], "y": [0, 0]}, "i": {"x": [1, 1], "y": [1, 1]}}, {"t": 20, "s": [50, 0]}]}
    assert evaluate(prop, 15) == pytest.approx([25, 50])
    assert evaluate(prop, 12.5) == pytest.approx([12.5, 75])


def test_values_hold_before_the_first_and_after_the_last_keyframe():
    prop = {"a": 1, "k": [{"t": 10, "s": [3], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 20, "s": [7]}]}
    assert evaluate(prop, -5) == [3]
    assert evaluate(prop, 20) == [7]
    assert evaluate(prop, 99) == [7]


def test_hold_keyframes_keep_their_value_until_the_next():
    prop = {"a": 1, "k": [{"t": 0, "s": [1], "h": 1}, {"t": 4, "s": [2], "h": 1}, {"t": 8, "s": [3]}]}
    assert [evaluate(prop, f)[0] for f in (0, 3.99, 4, 7.5, 8)] == [1, 1, 2, 2, 3]


def test_each_dimension_follows_its_own_handles():
    # x: ease-in (0.42, 0, 1, 1); y: linear. At x(u) = 1/2 the ease-in curve's y is found by
    # bisection on the closed-form polynomial here, independently of the evaluator's solver.
    prop = {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0.42, 0], "y": [0, 0]}, "i": {"x": [1, 1], "y": [1, 1]}}, {"t": 10, "s": [100, 100]}]}
    lo, hi = 0.0, 1.0
    for _ in range(100):
        u = (lo + hi) / 2
        x = 3 * (1 - u) ** 2 * u * 0.42 + 3 * (1 - u) * u * u + u**3
        lo, hi = (u, hi) if x < 0.5 else (lo, u)
    y = 3 * (1 - u) * u * u + u**3
    assert evaluate(prop, 5) == pytest.approx([100 * y, 50], abs=1e-9)
    assert 100 * y < 40  # an ease-in is behind the linear value at mid-time


def test_standard_curve_matches_a_dense_table():
    # cubic-bezier(0.4, 0, 0.2, 1) sampled densely in u; the evaluator's answer at x must lie on it.
    samples = []
    for i in range(20001):
        u = i / 20000
        samples.append((3 * (1 - u) ** 2 * u * 0.4 + 3 * (1 - u) * u * u * 0.2 + u**3, 3 * (1 - u) * u * u + u**3))
    for x, y in samples[::997]:
        assert cubic_bezier_ease(0.4, 0, 0.2, 1, x) == pytest.approx(y, abs=1e-4)


def test_split_position_and_end_values():
    prop = {"s": True, "x": {"a": 1, "k": [{"t": 0, "s": [0], "e": [10], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10}]}, "y": {"a": 0, "k": 5}}
    assert evaluate(prop, 5) == pytest.approx([5, 5])
    assert evaluate(prop, 10) == pytest.approx([10, 5])


def test_spatial_keyframes_move_by_arc_length():
    # A straight path whose control points bunch at the end: by parameter the midpoint would be
    # at x = 8.375; by arc length it is at 5.
    prop = {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [9, 0], "ti": [0, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [10, 0]}]}
    assert evaluate(prop, 5) == pytest.approx([5, 0], abs=1e-6)
    # A quarter circle of radius 100 (the usual 0.5523 handles): half its length is at 45 degrees.
    k = 55.22847498
    prop = {"a": 1, "k": [{"t": 0, "s": [100, 0], "to": [0, k], "ti": [k, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [0, 100]}]}
    assert evaluate(prop, 5) == pytest.approx([100 / math.sqrt(2), 100 / math.sqrt(2)], abs=0.05)
    # Eased: the easing gives the fraction of the length.
    prop["k"][0]["o"] = {"x": 0.4, "y": 0}
    prop["k"][0]["i"] = {"x": 0.2, "y": 1}
    angle = cubic_bezier_ease(0.4, 0, 0.2, 1, 0.3) * math.pi / 2
    assert evaluate(prop, 3) == pytest.approx([100 * math.cos(angle), 100 * math.sin(angle)], abs=0.05)


# --- The Lottie judges on hand-written exports. ---

HAND_WRITTEN = {
    "fade-in": REPO / "Plans" / "fade-in.yaml",
    "nested-turn": HERE / "documents" / "nested-turn.yaml",
}


@pytest.fixture(params=sorted(HAND_WRITTEN), ids=str)
def hand_written(request, artifacts_for):
    doc = artifacts_for(HAND_WRITTEN[request.param])
    return doc, json.loads((DATA / f"{request.param}.lottie.json").read_text())


def judge_lottie(doc, data: dict) -> dict[str, list[str]]:
    """Every Lottie judge's findings for ``data`` as the export of ``doc``."""
    from conftest import SUBFRAMES

    ref, dense = doc.reference, doc.dense_reference
    findings: dict[str, list[str]] = {}
    findings["schema"] = test_lottie.schema_problems(data)
    try:
        located = lottie_judge.LottieFile(data, ref)
    except lottie_judge.LayoutError as error:
        return {"layout": [str(error)]}
    findings["layout"] = test_lottie.layout_problems(data, located, ref)
    findings["frames"] = test_lottie.value_problems(located, data["fr"], ref, list(range(ref.frame_count)), "frames")
    findings["between"] = test_lottie.value_problems(
        located, data["fr"], dense, [k for k in range(dense.frame_count) if k % SUBFRAMES], "between"
    )
    findings["render"] = test_lottie.render_problems(json.dumps(data), ref, doc.rendered)
    return {k: v for k, v in findings.items() if v}


def test_right_hand_written_exports_pass_every_judge(hand_written):
    doc, data = hand_written
    assert judge_lottie(doc, data) == {}


def _layer(data: dict, name: str) -> dict:
    return next(layer for layer in data["layers"] if layer.get("nm") == name)


def _moved(data: dict, name: str) -> dict:
    ks = _layer(data, name)["ks"]
    if ks["p"].get("s"):
        ks["p"]["y"] = {"a": 0, "k": evaluate(ks["p"]["y"], 0)[0] + 3}
    else:
        ks["p"] = {"a": 0, "k": [v + (3 if i == 0 else 0) for i, v in enumerate(evaluate(ks["p"], 0))]}
    return data


def _recoloured(data: dict, name: str) -> dict:
    fill = next(item for item in _layer(data, name)["shapes"][-1]["it"] if item["ty"] == "fl")
    r, g, b = fill["c"]["k"][:3]
    fill["c"]["k"] = [r - 0.2 if r > 0.5 else r + 0.2, g, b, 1]
    return data


def _without(data: dict, name: str) -> dict:
    data["layers"] = [layer for layer in data["layers"] if layer.get("nm") != name]
    return data


def _keyframes(data: dict, name: str):
    """Every keyframe but the last of the layer's animated transform properties."""
    for prop in _layer(data, name)["ks"].values():
        for p in [prop["x"], prop["y"]] if prop.get("s") else [prop]:
            if p.get("a") == 1:
                yield from p["k"][:-1]


def _linear_instead_of_curve(data: dict, name: str) -> dict:
    for kf in _keyframes(data, name):
        kf["o"], kf["i"] = {"x": [0], "y": [0]}, {"x": [1], "y": [1]}
    return data


def _stepped(data: dict, name: str) -> dict:
    for kf in _keyframes(data, name):
        kf["h"] = 1
    return data


def _wrong_transform(data: dict, name: str) -> dict:
    """The anchor point ignored (fade-in's card) or the rotation turned the other way (nested-turn)."""
    ks = _layer(data, name)["ks"]
    if name == "card":
        ks["a"] = {"a": 0, "k": [0, 0]}
    else:
        for kf in _layer(data, "frame")["ks"]["r"]["k"]:
            kf["s"] = [-v for v in kf["s"]]
    return data


def _colour_above_one(data: dict, name: str) -> dict:
    fill = next(item for item in _layer(data, name)["shapes"][-1]["it"] if item["ty"] == "fl")
    fill["c"]["k"] = [1.0000008, *fill["c"]["k"][1:]]
    return data


MISTAKES = {
    "a colour component above 1": (_colour_above_one, {"schema"}),
    "moved 3 px": (_moved, {"frames"}),
    "wrong transform": (_wrong_transform, {"render"}),
    "fill red off by 0.2": (_recoloured, {"frames", "render"}),
    "layer missing": (_without, {"layout", "render"}),
    "linear easing instead of the curve": (_linear_instead_of_curve, {"frames"}),
    "held instead of interpolated": (_stepped, {"frames", "render"}),
}
TARGET_OF = {"fade-in": "card", "nested-turn": "dot"}


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_wrong_exports_fail_the_judges(hand_written, mistake):
    doc, data = hand_written
    name = TARGET_OF[doc.doc.stem]
    make_wrong, must_fail = MISTAKES[mistake]
    findings = judge_lottie(doc, make_wrong(copy.deepcopy(data), name))
    assert must_fail <= set(findings), f"{mistake}: only {sorted(findings)} failed: {findings}"


def test_a_border_drawn_under_its_fill_fails_the_render_judge(artifacts_for):
    # Lottie draws the first shape group on top: a border group listed after the fill group is
    # hidden under the fill (rlottie shows no border), which only the pictures can tell.
    doc = artifacts_for(HAND_WRITTEN["nested-turn"])
    data = json.loads((DATA / "nested-turn.lottie.json").read_text())
    _layer(data, "frame")["shapes"].reverse()
    assert set(judge_lottie(doc, data)) == {"render"}


def test_the_straight_line_between_frames_is_accepted_only_inside_fitted_spans(artifacts_for):
    # A link sets dot's position.y at every frame while src moves: the render server holds each
    # value until the next frame, so between frames it differs from the line joining them. A
    # report listing one fitted span from 1 s to 2 s lets the line stand in between the frames
    # inside it, and nowhere else (not before, not after, not for a report of steps).
    from conftest import SUBFRAMES, joined_series

    doc = artifacts_for(HERE / "documents" / "link-between-frames.yaml")
    dense, frames = doc.dense_reference, doc.reference
    key = ("dot", "position.y")
    item = {"target": "dot", "property": "position.y", "frameRuns": {"steps": "fitted", "fittedSpans": [[1.0, 2.0]]}}
    joined = joined_series(dense, frames, [item])[key]
    f, d = frames.series[key], dense.series[key]
    inside = outside = 0
    for k in range(len(d)):
        m, q = divmod(k, SUBFRAMES)
        if not q or m + 1 >= len(f):
            assert joined[k] == d[k]
            continue
        line = f[m] + (f[m + 1] - f[m]) * q / SUBFRAMES
        if 60 <= m and m + 1 <= 120:
            assert joined[k] == pytest.approx(line, abs=1e-12), f"t={k / dense.fps}"
            inside += 1
        else:
            assert joined[k] == d[k], f"t={k / dense.fps}"
            outside += abs(line - d[k]) > 0.1  # where the line would have passed for the server
    assert inside == 60 * (SUBFRAMES - 1) and outside > 100
    steps = {**item, "frameRuns": {"steps": "exact", "fittedSpans": []}}
    assert joined_series(dense, frames, [steps])[key] == d


def test_the_pixel_rule_accepts_antialiasing_only():
    import numpy as np

    from pixels import compare

    base = np.full((100, 100, 4), 255.0)
    base[20:60, 20:60, :3] = [98, 0, 237]
    soft = base.copy()
    soft[20, 20:60, :3] = [176, 128, 246]  # one edge row half covered
    assert compare(base, soft).acceptable()
    shifted = np.full((100, 100, 4), 255.0)
    shifted[23:63, 20:60, :3] = [98, 0, 237]
    assert not compare(base, shifted).acceptable()  # three pixels down: 40 x 2 pixels off edges
    missing = np.full((100, 100, 4), 255.0)
    missing[20:60, 20:60, :3] = [98, 0, 237]
    missing[45:55, 45:55, :3] = [255, 0, 0]  # a 10 x 10 layer, 1 % of the frame
    assert not compare(missing, base).acceptable()
    assert math.isclose(compare(base, base).mean, 0)


# --- The HTML judges on hand-written pages. ---


def judge_html(doc, html: str, browser, folder) -> dict[str, list[str]]:
    """Every HTML judge's findings for the page ``html`` as the export of ``doc``."""
    import test_html
    from conftest import SUBFRAMES

    path = folder / "page.html"
    path.write_text(html)
    ref, dense = doc.reference, doc.dense_reference
    page = test_html.Page(browser, path, int(ref.width), int(ref.height))
    try:
        ids = [layer.id for layer in ref.layers]
        frames = list(range(ref.frame_count))
        between = [k for k in range(dense.frame_count) if k % SUBFRAMES]
        rows = page.scrub([k / ref.fps for k in frames], ids)
        findings = {
            "loading": test_html.loading_problems(page, ref),
            "frames": test_html.value_problems(ref, rows, frames, "frames"),
            "between": test_html.value_problems(dense, page.scrub([k / dense.fps for k in between], ids), between, "between"),
            "boxes": test_html.box_problems(ref, rows, frames),
            "pictures": test_html.picture_problems(page, ref, doc.rendered),
        }
    finally:
        page.context.close()
    return {k: v for k, v in findings.items() if v}


@pytest.fixture(params=sorted(HAND_WRITTEN), ids=str)
def hand_written_page(request, artifacts_for):
    page = (DATA / f"{request.param}.html").read_text()
    return artifacts_for(HAND_WRITTEN[request.param]), page.replace("/* layers.css */\n", (DATA / "layers.css").read_text())


def test_right_hand_written_pages_pass_every_judge(hand_written_page, browser, tmp_path):
    doc, html = hand_written_page
    assert judge_html(doc, html, browser, tmp_path) == {}


PAGE_MISTAKES = {
    # name: ({document: (text, replacement)}, judges that must fail); every occurrence is replaced.
    "wrong transform": (
        {"fade-in": ("--position-x: 160;", "--position-x: 60;"), "nested-turn": ("--rotation: 90; }", "--rotation: -90; }")},
        {"frames", "boxes", "pictures"},
    ),
    "moved 3 px": (
        {"fade-in": ("--position-x: 160;", "--position-x: 163;"), "nested-turn": ("--position-y: 0;", "--position-y: 3;")},
        {"frames", "boxes"},
    ),
    "fill colour off by 0.2": (
        {"fade-in": ("--backgroundColor-g: 0;", "--backgroundColor-g: 0.2;"), "nested-turn": ("--backgroundColor-r: 1;", "--backgroundColor-r: 0.8;")},
        {"frames", "pictures"},
    ),
    "element missing": (
        {"fade-in": ('<div id="card" class="motionc-layer"></div>', ""), "nested-turn": ('<div id="dot" class="motionc-layer motionc-ellipse"></div>', "")},
        {"frames", "pictures"},
    ),
    "linear easing instead of the curve": (
        {"fade-in": ("cubic-bezier(0.4, 0, 0.2, 1)", "linear"), "nested-turn": ("cubic-bezier(0.42, 0, 0.58, 1)", "linear")},
        {"frames", "between"},
    ),
    "not animated": (
        {name: ("  animation: ", "  --unused: ") for name in HAND_WRITTEN},
        {"loading", "frames"},
    ),
    "a script that logs an error": (
        {name: ("</body>", "<script>console.error('boom')</script></body>") for name in HAND_WRITTEN},
        {"loading"},
    ),
    "canvas not at the top-left": (
        {name: ("#motionc-canvas { position: absolute; left: 0;", "#motionc-canvas { position: absolute; left: 10px;") for name in HAND_WRITTEN},
        {"loading", "boxes", "pictures"},
    ),
    "a stylesheet from elsewhere": (
        {name: ("</title>", '</title><link rel="stylesheet" href="http://127.0.0.1:9/x.css">') for name in HAND_WRITTEN},
        {"loading"},
    ),
}


@pytest.mark.parametrize("mistake", sorted(PAGE_MISTAKES))
def test_wrong_pages_fail_the_judges(hand_written_page, browser, tmp_path, mistake):
    doc, html = hand_written_page
    replacements, must_fail = PAGE_MISTAKES[mistake]
    old, new = replacements[doc.doc.stem]
    assert old in html
    findings = judge_html(doc, html.replace(old, new), browser, tmp_path)
    assert must_fail <= set(findings), f"{mistake}: only {sorted(findings)} failed: {findings}"


def _shift(prefix: str, change):
    """A mistake: the first number after `prefix` in every keyframe row, changed."""
    return lambda html: re.sub(r"(\{ " + prefix + r")(-?[0-9.e+-]+)", lambda m: m.group(1) + f"{change(float(m.group(2))):g}", html)


# Real exports whose motion the composited properties carry (docs/export.md §4), made wrong there:
# the judges read translate, rotate, scale and opacity where the animations move them.
COMPOSITED_MISTAKES = {
    "translate 3 px off": (REPO / "Plans" / "transition-tween.yaml", _shift("translate: ", lambda v: v + 3), {"frames", "boxes"}),
    "rotate the other way": (REPO / "Plans" / "fab-morph.yaml", _shift("rotate: ", lambda v: -v), {"frames"}),
    "scale 10 % larger": (REPO / "Plans" / "keyframes.yaml", _shift("scale: ", lambda v: v * 1.1), {"frames"}),
    "opacity 0.2 higher": (REPO / "Plans" / "fade-in.yaml", _shift("opacity: ", lambda v: min(v + 0.2, 1)), {"frames"}),
}


@pytest.mark.parametrize("mistake", sorted(COMPOSITED_MISTAKES))
def test_wrong_composited_pages_fail_the_judges(artifacts_for, browser, tmp_path, mistake):
    document, change, must_fail = COMPOSITED_MISTAKES[mistake]
    doc = artifacts_for(document)
    html = doc.exported("html").read_text()
    wrong = change(html)
    assert wrong != html, f"{mistake}: the export of {document.name} has nothing to change"
    findings = judge_html(doc, wrong, browser, tmp_path)
    assert must_fail <= set(findings), f"{mistake}: only {sorted(findings)} failed: {findings}"


# --- The report's keyframe counts against the file (report_counts.py). ---


def _shared_scale_export() -> tuple[dict, dict]:
    """A layer whose scale x eases over 60 frames while y moves from 15 to 45: the file's `s` holds
    4 keyframes for both; a still fill colour; and the report that says so."""
    moving = {
        "a": 1,
        "k": [{"t": 0, "s": [100, 100]}, {"t": 15, "s": [110, 100]}, {"t": 45, "s": [140, 50]}, {"t": 60, "s": [150, 50]}],
    }
    still = {"a": 0, "k": [1, 0, 0, 1]}
    static = {"a": 0, "k": 0}
    position = {"s": True, "x": {"a": 0, "k": 100}, "y": {"a": 0, "k": 100}}
    rectangle = {"ty": "rc", "s": {"a": 0, "k": [80, 40]}, "p": {"a": 0, "k": [40, 20]}, "r": static}
    fill = {"ty": "fl", "c": still, "o": {"a": 0, "k": 100}, "r": 1}
    layer = {
        "ty": 4,
        "nm": "card",
        "ks": {"a": {"a": 0, "k": [40, 20]}, "p": position, "s": moving, "r": static, "o": {"a": 0, "k": 100}},
        "shapes": [{"ty": "gr", "it": [rectangle, fill]}],
    }
    counts = (("scale.x", 4), ("scale.y", 4), ("backgroundColor.r", 1))
    items = [{"target": "card", "property": p, "method": "exact", "keyframes": n} for p, n in counts]
    return {"layers": [layer]}, {"format": "lottie", "items": items}


def test_report_counts_pass_when_each_item_counts_its_propertys_keyframes():
    from report_counts import lottie_count_problems

    data, report = _shared_scale_export()
    assert lottie_count_problems(data, report) == []


def test_report_counts_fail_when_an_item_counts_its_own_curve():
    from report_counts import lottie_count_problems

    data, report = _shared_scale_export()
    # x alone is one tween (2 keyframes): the count the report used to give.
    report["items"][0]["keyframes"] = 2
    assert lottie_count_problems(data, report) == ["card scale.x: the report says 2 keyframes, the file holds 4"]


def test_css_report_counts_follow_the_rule_that_carries_the_component():
    from report_counts import css_count_problems

    css = (
        "@keyframes m0-translate {\n  0% { translate: 0px 0px; animation-timing-function: linear; }\n"
        "  50% { translate: 0px 10px; animation-timing-function: linear; }\n  100% { translate: 0px 20px; }\n}\n"
        '[id="card"] {\n  --position-x: 100;\n  animation: m0-translate 1s linear 0s 1 normal both;\n}\n'
    )
    counts = (("position.x", 3), ("position.y", 3), ("opacity", 1))
    items = [{"target": "card", "property": p, "method": "exact", "keyframes": n} for p, n in counts]
    assert css_count_problems(css, {"items": items}) == []
    # The still x counted as a static value, though translate's rule holds it in 3 rows.
    items[0]["keyframes"] = 1
    assert css_count_problems(css, {"items": items}) == [
        "card position.x: the report says 1 keyframes, the file holds 3 (rule m0-translate)"
    ]
