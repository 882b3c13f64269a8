"""Judging `motionc export --to lottie` with the Lottie community's own tools.

For every document: the file validates against the lottie-specs schema, python-lottie loads it,
the keyframe evaluator (lottie_eval.py, written from the format documentation) gives at every frame
and between frames what `motionc play --trace` prints, rlottie draws what `motionc render --at`
draws, the report names every animated component and counts the keyframes the file holds, and a
second export is byte-identical.
"""

from __future__ import annotations

import json
import math
import os
from functools import lru_cache

import pytest

import lottie_judge
from lottie_eval import LottieEvalError
from pixels import MEASUREMENTS, compare, rgba_from_png, straight_rgba_from_premultiplied_bgra
from reference import Reference

# rlottie draws these many frames per document (first, last and evenly between).
RENDERED_FRAMES = 7


@lru_cache(maxsize=1)
def lottie_schema_validator():
    import jsonschema
    import lottie_specs

    path = os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
    with open(path) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def load(doc) -> dict:
    return doc.memo("lottie-json", lambda: json.loads(doc.exported("lottie").read_text()))


def located(doc) -> lottie_judge.LottieFile:
    def make():
        try:
            return lottie_judge.LottieFile(load(doc), doc.reference)
        except lottie_judge.LayoutError as error:
            pytest.fail(str(error), pytrace=False)

    return doc.memo("lottie-file", make)


def _deepest(error) -> list:
    """The innermost errors under a oneOf/anyOf failure: the ones that say what is wrong."""
    leaves = []
    stack = [error]
    while stack:
        e = stack.pop()
        if e.context:
            stack.extend(e.context)
        else:
            leaves.append(e)
    depth = max(len(e.absolute_path) for e in leaves)
    return [e for e in leaves if len(e.absolute_path) == depth]


def schema_problems(data: dict) -> list[str]:
    """lottie-specs' complaints, each by its deepest location in the file."""
    lines = []
    for error in sorted(lottie_schema_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        for leaf in _deepest(error)[:3]:
            lines.append(f"{'/'.join(map(str, leaf.absolute_path)) or '(top)'}: {leaf.message[:300]}")
    return list(dict.fromkeys(lines))


def test_lottie_validates_against_lottie_specs(doc):
    lines = schema_problems(load(doc))
    if lines:
        pytest.fail(f"schema errors (lottie-specs 0.5.2):\n" + "\n".join(lines[:12]), pytrace=False)


def test_python_lottie_loads_it(doc):
    from lottie.objects import Animation

    data = load(doc)
    animation = Animation.load(data)
    assert animation.frame_rate == pytest.approx(data["fr"])
    assert len(animation.layers) == len(data["layers"])


def test_lottie_layout(doc):
    """Top-level fields, one layer per target, parents, precompositions, the background layer."""
    problems = layout_problems(load(doc), located(doc), doc.reference)
    assert not problems, "\n".join(problems)


def layout_problems(data: dict, lottie: lottie_judge.LottieFile, ref: Reference) -> list[str]:
    problems = []
    expected_op = max(1, math.ceil(ref.end * ref.canvas_fps - 1e-9))
    for key, expected in (("fr", ref.canvas_fps), ("ip", 0), ("op", expected_op), ("w", ref.width), ("h", ref.height), ("ddd", 0)):
        if data.get(key) != expected:
            problems.append(f"{key} = {data.get(key)!r}, expected {expected!r}")
    if not str(data.get("v", "")).startswith("5."):
        problems.append(f"v = {data.get('v')!r}, expected a Bodymovin 5.x version")
    layers = data.get("layers", [])
    if not layers or layers[-1].get("nm") != "background":
        problems.append("the last (bottom) layer is not the one named 'background'")
    else:
        background = layers[-1]
        colors = [item for group in background.get("shapes", []) for item in group.get("it", []) if item.get("ty") == "fl"]
        if not colors:
            problems.append("the background layer has no fill")
        else:
            try:
                from lottie_eval import evaluate

                got = evaluate(colors[0]["c"], 0)[:3]
                alpha = evaluate(colors[0]["o"], 0)[0] / 100
            except (LottieEvalError, KeyError) as error:
                problems.append(f"background fill: {error}")
            else:
                if any(abs(a - b) > 1e-3 for a, b in zip(got, ref.background[:3])) or abs(alpha - ref.background[3]) > 1e-3:
                    problems.append(f"background fill {got} o={alpha}, expected {ref.background}")
    for comp_id, comp_layers in lottie.compositions.items():
        for layer in comp_layers:
            where = f"layer {layer.get('nm')!r}" + (f" in {comp_id!r}" if comp_id else "")
            if layer.get("ip") != 0 or layer.get("op") != data.get("op") or layer.get("st", 0) != 0:
                problems.append(f"{where}: ip/op/st = {layer.get('ip')}/{layer.get('op')}/{layer.get('st')}, expected 0/op/0")
    problems += lottie_judge.structure_problems(lottie, ref)
    return problems


def value_problems(
    lottie: lottie_judge.LottieFile, fr: float, ref: Reference, frames: list[int], label: str, alternative: Reference | None = None
) -> list[str]:
    """Every (target, quantity) the Lottie file shows off budget at the reference's frames (and off
    the ``alternative`` reference's value too, when one is given: the same checks in the same order)."""
    failures: dict[tuple[str, str], list[tuple]] = {}
    errors: list[str] = []
    for k in frames:
        t = k / ref.fps
        try:
            checks = lottie_judge.checks_at(lottie, ref, k)
            others = lottie_judge.checks_at(lottie, alternative, k) if alternative else [None] * len(checks)
        except lottie_judge.LayoutError as error:
            return [str(error)]
        for check, other in zip(checks, others):
            try:
                got = check.read(t * fr)
            except (LottieEvalError, lottie_judge.LayoutError) as error:
                errors.append(f"{check.target} {check.quantity}: {error}")
                continue
            if other is not None and abs(got - other.expected) <= other.budget:
                continue
            if not abs(got - check.expected) <= check.budget:
                failures.setdefault((check.target, check.quantity), []).append(
                    (t, check.expected, got, check.budget)
                )
    lines = sorted(set(errors))[:12]
    for (target, quantity), rows in sorted(failures.items()):
        t, expected, got, budget = max(rows, key=lambda r: abs(r[2] - r[1]) / max(r[3], 1e-12))
        first = rows[0]
        lines.append(
            f"{target} {quantity}: {len(rows)} of {len(frames)} {label} off; worst t={t:.6f} "
            f"expected {expected:.6g} got {got:.6g} (|diff| {abs(got - expected):.3g} > {budget:.3g}); "
            f"first t={first[0]:.6f} expected {first[1]:.6g} got {first[2]:.6g}"
        )
    return lines


def _judge_values(doc, ref: Reference, frames: list[int], label: str, alternative: Reference | None = None) -> None:
    lines = value_problems(located(doc), float(load(doc)["fr"]), ref, frames, label, alternative)
    assert not lines, "\n".join(lines)


def test_lottie_values_at_every_frame(doc):
    ref = doc.reference
    _judge_values(doc, ref, list(range(ref.frame_count)), "frames")


def test_lottie_values_between_frames(doc):
    from conftest import SUBFRAMES

    ref = doc.dense_reference
    between = [k for k in range(ref.frame_count) if k % SUBFRAMES]
    # A fitted run of per-frame values may show the straight line between two frames' values.
    _judge_values(doc, ref, between, "times between frames", doc.joined_reference("lottie"))


@pytest.mark.parametrize("fmt", ["lottie", "html", "css"])
def test_report_names_every_animated_component(doc, fmt):
    """One item per animated (target, component), none dropped, each within the error budget (a CSS
    border width, snapped by browsers, within a pixel)."""
    report = doc.report(fmt)
    assert report.get("format") == fmt
    items = report.get("items")
    assert isinstance(items, list)
    ref = doc.reference
    problems = []
    for item in items:
        missing = {"target", "property", "method", "keyframes", "maxError", "reason"} - set(item)
        if missing:
            problems.append(f"item {item} lacks {sorted(missing)}")
            continue
        if item["method"] not in ("exact", "fitted", "dropped", "approximated"):
            problems.append(f"item {item}: method {item['method']!r}")
        if item["method"] == "dropped":
            problems.append(f"item {item}: dropped")
        elif item["method"] == "approximated":
            # Carried exactly in the file, drawn rounded by the player: only a CSS border width,
            # snapped to whole pixels by browsers (docs/export.md §4), and said why.
            if fmt == "lottie" or item["property"] != "borderWidth" or not item["reason"]:
                problems.append(f"item {item}: approximated, but only a CSS border width is, with its reason")
            elif item["maxError"] >= 1 + ref.budget(item["target"], item["property"]):
                problems.append(f"{item['target']} {item['property']}: snapped by more than a pixel: {item['maxError']}")
        elif isinstance(item["maxError"], (int, float)) and item["maxError"] > ref.budget(item["target"], item["property"]):
            problems.append(
                f"{item['target']} {item['property']}: the report's maxError {item['maxError']:.6g} is above "
                f"the budget {ref.budget(item['target'], item['property']):.6g}"
            )
    named = {(item.get("target"), item.get("property")) for item in items}
    for target, prop in sorted(ref.animated() - named):
        problems.append(f"no item for {target} {prop} (the trace animates it)")
    assert not problems, "\n".join(problems)


def render_problems(lottie_text: str, ref: Reference, rendered, measured: list | None = None) -> list[str]:
    """rlottie's frames against `motionc render --at` (``rendered(t)`` gives the PNG's path)."""
    from rlottie_python import LottieAnimation

    data = json.loads(lottie_text)
    animation = LottieAnimation.from_data(lottie_text)
    total = animation.lottie_animation_get_totalframe()
    # rlottie counts the frame op too (frames ip..op).
    if total not in (data["op"] - data["ip"], data["op"] - data["ip"] + 1):
        return [f"rlottie sees {total} frames, the file says op - ip = {data['op'] - data['ip']}"]
    width, height = animation.lottie_animation_get_size()
    if (width, height) != (int(ref.width), int(ref.height)):
        return [f"rlottie sees a {width}x{height} animation, the canvas is {ref.width}x{ref.height}"]
    frames = sorted({round(i * (total - 1) / (RENDERED_FRAMES - 1)) for i in range(RENDERED_FRAMES)})
    problems = []
    for frame in frames:
        t = frame / data["fr"]
        buffer = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
        difference = compare(straight_rgba_from_premultiplied_bgra(buffer, width, height), rgba_from_png(rendered(t)))
        if measured is not None:
            measured.append((frame, difference))
        if not difference.acceptable():
            problems.append(f"frame {frame} (t={t:.6f}): {difference}")
    return problems


def test_rlottie_draws_what_motionc_renders(doc):
    measured: list = []
    problems = render_problems(doc.exported("lottie").read_text(), doc.reference, doc.rendered, measured)
    data = load(doc)
    MEASUREMENTS.extend(("rlottie", doc.doc.stem, frame / data["fr"], d) for frame, d in measured)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("fmt", ["lottie", "html", "css"])
def test_exporting_twice_gives_identical_bytes(doc, fmt):
    first = doc.exported(fmt).read_bytes()
    run, second, _ = doc.export(fmt, copy=2)
    run.ok()
    assert second.read_bytes() == first, f"two exports to {fmt} differ"


@pytest.mark.parametrize("fmt", ["lottie", "html", "css"])
def test_exporting_the_baked_timeline_gives_the_same_bytes(doc, fmt):
    first = doc.exported(fmt).read_bytes()
    out = doc.folder / f"from-timeline.{fmt}"
    doc.motionc.run("export", doc.timeline, "--to", fmt, "-o", out).ok()
    if fmt != "lottie" and b"@media (prefers-reduced-motion: reduce) {" in first:
        # A timeline holds one variant: a document's page also carries its reduced-motion variant
        # in a media block (docs/format.md §7.7), which is all the two differ by.
        text = first.decode()
        start = text.index("@media (prefers-reduced-motion: reduce) {")
        end = text.index(";\n}\n}\n", start) + len(";\n}\n}\n")  # the last rule's end, then the block's
        first = (text[:start] + text[end:]).encode()
    assert out.read_bytes() == first, f"exporting {doc.timeline.name} to {fmt} differs from exporting the document"


@pytest.mark.parametrize("fmt", ["lottie", "html", "css"])
def test_report_counts_the_keyframes_the_file_holds(doc, fmt):
    """Each item's keyframes are those the file holds for the property that carries it (docs/export.md §1)."""
    from report_counts import css_count_problems, lottie_count_problems

    report = doc.report(fmt)
    if fmt == "lottie":
        problems = lottie_count_problems(load(doc), report)
    else:
        problems = css_count_problems(doc.exported(fmt).read_text(), report)
    assert not problems, "\n".join(problems)


def rlottie_measures(lottie_text: str, frame: int) -> dict[str, float]:
    """What rlottie draws at `frame` of one-easing-per-keyframe.yaml: bar's and wide's heights and
    wide's width (in px, the dark cover summed along the line through their centres), tint's blue
    (0...1) and grow's height."""
    import numpy as np
    from rlottie_python import LottieAnimation

    animation = LottieAnimation.from_data(lottie_text)
    width, height = animation.lottie_animation_get_size()
    buffer = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
    rgba = np.asarray(straight_rgba_from_premultiplied_bgra(buffer, width, height), dtype=float).reshape(height, width, 4)
    darkness = 1 - rgba[:, :, :3].mean(axis=2) / 255
    return {
        "bar height": float(darkness[:, 50].sum()),
        "wide height": float(darkness[:, 150].sum()),
        "wide width": float(darkness[100, 100:200].sum()),
        "tint blue": float(rgba[100, 250, 2] / 255),
        "grow height": float(darkness[:, 340].sum()),
    }


def test_rlottie_moves_every_dimension_on_its_own_curve(artifacts_for):
    """rlottie reads one easing per keyframe: a still dimension must not bend a moving one's curve,
    and dimensions on different curves must share fitted pieces (docs/export.md §3)."""
    from conftest import HERE

    doc = artifacts_for(HERE / "documents" / "one-easing-per-keyframe.yaml")
    ref = doc.reference
    text = doc.exported("lottie").read_text()
    problems = []
    for frame in range(0, ref.frame_count, 3):
        seen = rlottie_measures(text, frame)
        expected = {
            "bar height": 100 * ref.value("bar", "scale.y", frame),
            "wide height": 100 * ref.value("wide", "scale.y", frame),
            "wide width": 40 * ref.value("wide", "scale.x", frame),
            "tint blue": ref.value("tint", "backgroundColor.b", frame),
            "grow height": ref.value("grow", "size.height", frame),
        }
        for name, value in expected.items():
            # Anti-aliased edges cover their pixels in part: half a pixel at each end, or a level.
            allowed = 1 / 255 + 0.002 if name == "tint blue" else 0.6
            if abs(seen[name] - value) > allowed:
                problems.append(f"frame {frame}: {name} {seen[name]:.3f}, the trace says {value:.3f}")
    report = {(item["target"], item["property"]): item for item in doc.report("lottie")["items"]}
    for key in [("wide", "scale.x"), ("wide", "scale.y")]:
        if report[key]["method"] != "fitted":
            problems.append(f"{key}: {report[key]['method']}, but no one easing carries both curves")
    assert not problems, "\n".join(problems)
