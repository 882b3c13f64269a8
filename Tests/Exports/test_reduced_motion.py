"""Judging the reduced-motion variant a page carries (docs/format.md §7.7).

For every document whose `--to html` page has an `@media (prefers-reduced-motion: reduce)` block:
opened in headless Chromium with reduced motion asked for, and scrubbed like any page, it gives at
every frame the render server's values of `motionc bake --reduced-motion` (played with
`motionc play --trace`); without the request it is the ordinary page the other judges check.
"""

from __future__ import annotations

import pytest

from reference import Reference
from test_html import SCRUB, PROPERTIES, value_problems

MEDIA = "@media (prefers-reduced-motion: reduce) {"


def reduced_reference(doc) -> Reference:
    def make() -> Reference:
        timeline = doc.folder / "timeline-reduced.json"
        trace = doc.folder / "trace-reduced.csv"
        doc.motionc.run("bake", doc.doc, "--reduced-motion", "-o", timeline).ok()
        doc.motionc.run("play", timeline, "--trace", trace).ok()
        return Reference(timeline, trace)

    return doc.memo("reduced-reference", make)


def test_a_reduced_motion_page_shows_the_reduced_variant(doc, browser):
    html = doc.exported("html")
    if MEDIA not in html.read_text():
        pytest.skip("the document has no reduced-motion variant")
    ref = reduced_reference(doc)
    context = browser.new_context(
        viewport={"width": max(int(ref.width), 64), "height": max(int(ref.height), 64)}, reduced_motion="reduce"
    )
    try:
        page = context.new_page()
        page.goto(html.resolve().as_uri())
        assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
        frames = list(range(ref.frame_count))
        rows = page.evaluate(
            SCRUB, {"times": [k / ref.fps for k in frames], "ids": [layer.id for layer in ref.layers], "props": PROPERTIES}
        )
    finally:
        context.close()
    lines = value_problems(ref, rows, frames, "frames")
    assert not lines, "\n".join(lines)


def test_the_reduced_variant_of_a_skipped_document_does_not_move(doc):
    """Every op of Plans/reduced-motion.yaml that is not `keep` ends its motion at once."""
    if doc.doc.stem != "reduced-motion":
        pytest.skip("only Plans/reduced-motion.yaml says what its variant must do")
    ref = reduced_reference(doc)
    # The badge pops with skip: its scale is at 1 from its commit at 0.6 s, never between.
    for k in range(ref.frame_count):
        t = k / ref.fps
        scale = ref.value("badge", "scale.x", k)
        assert scale == (1.0 if t >= 0.6 - 1e-9 else 0.0), f"badge scale.x {scale} at t={t:.4f}"
