"""The report's keyframe counts against the file it reports on (docs/export.md §1).

Each item's `keyframes` is the number of keyframes the file holds for the player's property that
carries the component: the components of one property share its keyframes (a Lottie scale's
`s: [x, y]`, a fill's colour `c`, a rectangle's size `s`; a CSS `translate` rule), so each counts
them all; a static value (`"a": 0`, or no `@keyframes` rule) counts 1. The counts are read here
from the written file alone, by the layout of docs/export.md §3 and §4.
"""

from __future__ import annotations

import re

# In Lottie, borderWidth (the ring's inner outline, computed from it and the size) and zPosition
# have no one property of their own: they are not checked there.


def _count(prop: dict | None) -> int | None:
    if not isinstance(prop, dict):
        return None
    if prop.get("a") == 1:
        return len(prop.get("k", []))
    return 1


def _group_items(layer: dict, border: bool) -> list[dict]:
    """The items of the layer's fill group (or of its border ring: two paths, an even-odd fill)."""
    for group in layer.get("shapes", []):
        items = group.get("it", []) if group.get("ty") == "gr" else []
        paths = [item for item in items if item.get("ty") in ("rc", "el")]
        paint = next((item for item in items if item.get("ty") == "fl"), None)
        if paint is None:
            continue
        is_border = len(paths) == 2 and paint.get("r") == 2
        if is_border == border:
            return items
    return []


def _kind(items: list[dict], *kinds: str) -> dict:
    return next((item for item in items if item.get("ty") in kinds), {})


def lottie_counts(data: dict) -> dict[tuple[str, str], int | None]:
    """(target, property path) -> the keyframes the file holds for the property that carries it."""
    layers = list(data.get("layers", []))
    for asset in data.get("assets", []):
        layers += asset.get("layers", [])
    counts: dict[tuple[str, str], int | None] = {}
    groups: dict[str, int | None] = {}
    for layer in layers:
        name = layer.get("nm")
        transform = layer.get("ks", {})
        if layer.get("ty") == 0 and isinstance(name, str) and name.endswith(" group"):
            groups[name[: -len(" group")]] = _count(transform.get("o"))
            continue
        if layer.get("ty") != 4 or not isinstance(name, str):
            continue
        position = transform.get("p", {})
        if position.get("s") is True:
            counts[(name, "position.x")] = _count(position.get("x"))
            counts[(name, "position.y")] = _count(position.get("y"))
        else:
            counts[(name, "position.x")] = counts[(name, "position.y")] = _count(position)
        for c in "xy":
            counts[(name, f"anchorPoint.{c}")] = _count(transform.get("a"))
            counts[(name, f"scale.{c}")] = _count(transform.get("s"))
        counts[(name, "rotation")] = _count(transform.get("r"))
        counts[(name, "opacity")] = _count(transform.get("o"))
        fill = _group_items(layer, border=False)
        outline = _kind(fill, "rc", "el")
        counts[(name, "size.width")] = counts[(name, "size.height")] = _count(outline.get("s"))
        if outline.get("ty") == "rc":
            counts[(name, "cornerRadius")] = _count(outline.get("r"))
        for colour, items in (("backgroundColor", fill), ("borderColor", _group_items(layer, border=True))):
            paint = _kind(items, "fl")
            if not paint:
                continue
            for c in "rgb":
                counts[(name, f"{colour}.{c}")] = _count(paint.get("c"))
            counts[(name, f"{colour}.a")] = _count(paint.get("o"))
    # A group's opacity is its precomposition layer's (its own layer inside is opaque).
    for target, count in groups.items():
        counts[(target, "opacity")] = count
    return counts


def lottie_count_problems(data: dict, report: dict) -> list[str]:
    """Items whose keyframes differ from what the Lottie file holds for their property."""
    counts = lottie_counts(data)
    problems = []
    for item in report.get("items", []):
        key = (item.get("target"), item.get("property"))
        if item.get("method") == "dropped" or key not in counts:
            continue
        if counts[key] != item.get("keyframes"):
            problems.append(
                f"{key[0]} {key[1]}: the report says {item.get('keyframes')} keyframes, the file holds {counts[key]}"
            )
    return problems


# CSS: `@keyframes NAME {` then one `  P% { ... }` line per row, then `}`.
_RULE = re.compile(r"^@keyframes (\S+) \{\n(.*?)^\}", re.M | re.S)
_ELEMENT = re.compile(r'^\[id="((?:[^"\\]|\\.)*)"\] \{\n(.*?)^\}', re.M | re.S)
# The real properties that carry components (docs/export.md §4).
_REAL = {
    "position.x": "translate",
    "position.y": "translate",
    "rotation": "rotate",
    "scale.x": "scale",
    "scale.y": "scale",
    "opacity": "opacity",
}


def _suffix(name: str) -> str:
    """A rule's name after its layer: `translate` of `m3-translate`."""
    return name.split("-", 1)[1] if "-" in name else ""


def css_count_problems(css: str, report: dict) -> list[str]:
    """Items whose keyframes differ from the rows of the `@keyframes` rule that carries them.

    A component counts the rows of its own rule (`m<layer>-position-x`), or else of the real
    property's that carries it (`m<layer>-translate`), or else 1 (no rule: a static value); a
    motion path's position and rotation (reason `offset-path ...`, `offset-rotate: auto`) count the
    rows of its `offset-distance` rule (`m<layer>-offset`). The reduced-motion variant's rows are
    read under its `@media` rule, where the names start with `r`.
    """
    full, _, reduced = css.partition("@media (prefers-reduced-motion: reduce) {")
    problems = []
    for variant, text in ((False, full), (True, reduced)):
        rows = {
            m.group(1): sum(1 for line in m.group(2).splitlines() if re.match(r"^  [-+\d.e]+% \{", line))
            for m in _RULE.finditer(text)
        }
        names: dict[str, list[str]] = {}
        for m in _ELEMENT.finditer(text):
            entries = re.search(r"^  animation: (.*);$", m.group(2), re.M)
            if entries:
                played = (entry.strip().split(" ")[0] for entry in entries.group(1).split(","))
                names.setdefault(m.group(1), []).extend(played)
        for item in report.get("items", []):
            if bool(item.get("reducedMotion")) != variant or item.get("method") == "dropped":
                continue
            target, path = item.get("target"), item.get("property")
            played = names.get(target, [])
            reason = item.get("reason") or ""
            if reason.startswith("offset-path") or reason == "offset-rotate: auto":
                wanted = ["offset"]
            else:
                wanted = [path.replace(".", "-"), _REAL.get(path, "")]
            rule = next((name for want in wanted for name in played if want and _suffix(name) == want), None)
            count = rows.get(rule, 0) if rule else 1
            if count != item.get("keyframes"):
                where = f"rule {rule}" if rule else "no rule (a static value)"
                problems.append(
                    f"{target} {path}{' (reduced motion)' if variant else ''}: the report says {item.get('keyframes')} "
                    f"keyframes, the file holds {count} ({where})"
                )
    return problems
