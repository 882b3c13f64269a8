"""What a Lottie export must show for each target, and where in the file a player finds it.

The mapping is the export layout (docs/export.md): one shape layer per target named by its id,
transform a = anchorPoint x size, p = position (+ the parent's anchor offset for nested targets),
s = scale x 100, r = rotation, o = opacity x 100 (limited to 0..100); content: a group with the
rect or ellipse and its fill, and for a border a group on top: the outline and the outline inset by the
border width, filled even-odd (a ring: exact in every player, where a stroke under uneven scale is not).
A target with children whose opacity is below 1 is drawn through a precomposition whose layer
(nm "<id> group") carries the opacity; the target's own layer then has o = 100.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from lottie_eval import LottieEvalError, evaluate
from reference import Reference, clamp01


class LayoutError(AssertionError):
    """The export does not have the structure a player needs to show a target."""


@dataclass
class Check:
    """One scalar a player shows: where it is, what it must be, and by how much it may differ."""

    target: str
    quantity: str  # e.g. "ks.p[0]" or "fill.fl.c[1]"
    expected: float
    budget: float
    read: Callable[[float], float]  # frame -> the value the Lottie file gives


def _items(group: dict) -> list[dict]:
    return group.get("it", []) if group.get("ty") == "gr" else []


class LottieFile:
    """Locates each target's layers in a Lottie animation."""

    def __init__(self, data: dict, ref: Reference):
        self.data = data
        self.ref = ref
        self.compositions: dict[str, list[dict]] = {"": data.get("layers", [])}
        for asset in data.get("assets", []):
            if "layers" in asset:
                self.compositions[str(asset.get("id"))] = asset["layers"]
        self.shape_layer: dict[str, tuple[str, dict]] = {}
        self.group_layer: dict[str, tuple[str, dict]] = {}
        # Null layers (ty 3) named by a target id copy that target's transform inside a group.
        self.null_layers: dict[str, list[tuple[str, dict]]] = {}
        for comp_id, layers in self.compositions.items():
            for layer in layers:
                name = layer.get("nm")
                if layer.get("ty") == 4 and name in ref.by_id:
                    if name in self.shape_layer:
                        raise LayoutError(f"two shape layers are named {name!r}")
                    self.shape_layer[name] = (comp_id, layer)
                if layer.get("ty") == 3 and name in ref.by_id:
                    self.null_layers.setdefault(name, []).append((comp_id, layer))
                if layer.get("ty") == 0 and isinstance(name, str) and name.endswith(" group"):
                    self.group_layer[name[: -len(" group")]] = (comp_id, layer)

    def layer(self, target: str) -> tuple[str, dict]:
        if target not in self.shape_layer:
            raise LayoutError(f"no shape layer (ty 4) named {target!r}")
        return self.shape_layer[target]

    def by_index(self, comp_id: str, ind: int) -> dict | None:
        for layer in self.compositions[comp_id]:
            if layer.get("ind") == ind:
                return layer
        return None

    def content_groups(self, target: str) -> tuple[dict | None, dict | None]:
        """The target's fill group and border group (either may be missing).

        The border is a ring: a group with two paths (the outline and the outline inset by the
        border width) filled with the even-odd rule (`fl` with `r: 2`).
        """
        _, layer = self.layer(target)
        fill = border = None
        for group in layer.get("shapes", []):
            items = _items(group)
            paths = [item for item in items if item.get("ty") in ("rc", "el")]
            paint = next((item for item in items if item.get("ty") == "fl"), None)
            if paint is None:
                continue
            if len(paths) == 2 and paint.get("r") == 2:
                if border is None:
                    border = group
            elif fill is None:
                fill = group
        return fill, border


def _item(group: dict, kind: str) -> dict | None:
    for item in _items(group):
        if item.get("ty") == kind:
            return item
    return None


def _reader(prop: dict | None, index: int, what: str) -> Callable[[float], float]:
    def read(frame: float) -> float:
        if prop is None:
            raise LayoutError(f"{what} is missing")
        value = evaluate(prop, frame)
        if index >= len(value):
            raise LayoutError(f"{what} has {len(value)} dimensions, needs {index + 1}")
        return value[index]

    return read


def group_targets(ref: Reference) -> set[str]:
    """Targets with children whose shown opacity is below 1 at some frame."""
    out = set()
    for layer in ref.layers:
        if layer.children and any(
            clamp01(ref.value(layer.id, "opacity", k)) < 1 - 1e-9 for k in range(ref.frame_count)
        ):
            out.add(layer.id)
    return out


def structure_problems(lottie: LottieFile, ref: Reference) -> list[str]:
    """Layers, parents, precompositions and group transforms that do not follow the layout."""
    problems = []
    groups = group_targets(ref)
    for layer in ref.layers:
        target = layer.id
        try:
            comp_id, shape = lottie.layer(target)
        except LayoutError as error:
            problems.append(str(error))
            continue
        parent = ref.parent_id(target)
        if parent is None:
            if "parent" in shape:
                problems.append(f"{target}: top-level target has parent {shape['parent']}")
        else:
            parent_layer = lottie.by_index(comp_id, shape.get("parent", -1))
            if parent_layer is None or parent_layer.get("nm") != parent:
                found = None if parent_layer is None else parent_layer.get("nm")
                problems.append(
                    f"{target}: parent should be the layer named {parent!r} in its composition, "
                    f"got parent={shape.get('parent')} ({found!r})"
                )
        if layer.shape not in ("rect", "ellipse"):
            problems.append(f"{target}: unknown shape {layer.shape}")
        fill, border = lottie.content_groups(target)
        kind = "rc" if layer.shape == "rect" else "el"
        if fill is None or _item(fill, kind) is None:
            problems.append(f"{target}: no content group with a {kind!r} and a fill")
        if border is not None and _item(border, kind) is None:
            problems.append(f"{target}: the border group has no {kind!r}")
        for group in (fill, border):
            tr = _item(group, "tr") if group else None
            if tr is not None:
                for key, identity in (("p", [0, 0]), ("a", [0, 0]), ("s", [100, 100]), ("r", [0]), ("o", [100])):
                    if key in tr:
                        try:
                            value = evaluate(tr[key], 0)
                        except LottieEvalError as error:
                            problems.append(f"{target}: group transform {key}: {error}")
                            continue
                        if any(abs(a - b) > 1e-9 for a, b in zip(value, identity)) or tr[key].get("a", 0):
                            problems.append(f"{target}: group transform {key} = {tr[key]} is not the identity")
        if target in groups:
            if target not in lottie.group_layer:
                problems.append(
                    f"{target}: has children and opacity below 1, but no precomposition layer "
                    f"named {target + ' group'!r}"
                )
            else:
                _, precomp = lottie.group_layer[target]
                asset = lottie.compositions.get(str(precomp.get("refId")))
                if asset is None:
                    problems.append(f"{target}: group layer refers to missing asset {precomp.get('refId')!r}")
                else:
                    inside = {l.get("nm") for l in asset if l.get("ty") == 4}
                    subtree = {target} | _descendants(ref, target)
                    nested_groups = {g for g in groups if g != target and g in subtree}
                    expected = subtree - {
                        d for g in nested_groups for d in _descendants(ref, g)
                    }
                    if not expected <= inside:
                        problems.append(
                            f"{target}: precomposition holds {sorted(inside)}, not its subtree {sorted(expected)}"
                        )
                if (precomp.get("w"), precomp.get("h")) != (ref.width, ref.height):
                    problems.append(f"{target}: group layer w/h {precomp.get('w')}x{precomp.get('h')} is not the canvas size")
    return problems


def _descendants(ref: Reference, target: str) -> set[str]:
    out = set()
    stack = [target]
    while stack:
        node = ref.layers[ref.by_id[stack.pop()]]
        for child in node.children:
            out.add(ref.layers[child].id)
            stack.append(ref.layers[child].id)
    return out


def checks_at(lottie: LottieFile, ref: Reference, k: int) -> list[Check]:
    """Every scalar the export must show for every target at the reference's frame k."""
    groups = group_targets(ref)
    out: list[Check] = []
    b = ref.budget
    for layer in ref.layers:
        target = layer.id
        v = ref.values(target, k)
        _, shape = lottie.layer(target)
        ks = shape.get("ks", {})

        def add(quantity: str, expected: float, budget: float, prop: dict | None, index: int) -> None:
            out.append(Check(target, quantity, expected, budget, _reader(prop, index, f"{target}: {quantity}")))

        w, h = v["size.width"], v["size.height"]
        ax, ay = v["anchorPoint.x"], v["anchorPoint.y"]
        # Transform.
        parent = ref.parent_id(target)
        offset = [0.0, 0.0]
        offset_budget = [0.0, 0.0]
        if parent is not None:
            pv = ref.values(parent, k)
            offset = [pv["anchorPoint.x"] * pv["size.width"], pv["anchorPoint.y"] * pv["size.height"]]
            offset_budget = [
                abs(pv["anchorPoint.x"]) * b(parent, "size.width") + abs(pv["size.width"]) * b(parent, "anchorPoint.x"),
                abs(pv["anchorPoint.y"]) * b(parent, "size.height") + abs(pv["size.height"]) * b(parent, "anchorPoint.y"),
            ]
        copies = [("", ks)] + [
            (f"null layer in {comp_id or 'the main composition'}: ", null.get("ks", {}))
            for comp_id, null in lottie.null_layers.get(target, [])
        ]
        for where, transform in copies:
            add(f"{where}ks.p[0]", v["position.x"] + offset[0], b(target, "position.x") + offset_budget[0], transform.get("p"), 0)
            add(f"{where}ks.p[1]", v["position.y"] + offset[1], b(target, "position.y") + offset_budget[1], transform.get("p"), 1)
            add(f"{where}ks.a[0]", ax * w, abs(ax) * b(target, "size.width") + abs(w) * b(target, "anchorPoint.x"), transform.get("a"), 0)
            add(f"{where}ks.a[1]", ay * h, abs(ay) * b(target, "size.height") + abs(h) * b(target, "anchorPoint.y"), transform.get("a"), 1)
            add(f"{where}ks.s[0]", 100 * v["scale.x"], 100 * b(target, "scale.x"), transform.get("s"), 0)
            add(f"{where}ks.s[1]", 100 * v["scale.y"], 100 * b(target, "scale.y"), transform.get("s"), 1)
            add(f"{where}ks.r", v["rotation"], b(target, "rotation"), transform.get("r"), 0)
        opacity = 100 * clamp01(v["opacity"])
        if target in groups:
            add("ks.o (inside its group)", 100.0, 1e-6, ks.get("o"), 0)
            if target in lottie.group_layer:
                _, precomp = lottie.group_layer[target]
                pks = precomp.get("ks", {})
                out.append(
                    Check(target, "group layer ks.o", opacity, 100 * b(target, "opacity"),
                          _reader(pks.get("o"), 0, f"{target} group: ks.o"))
                )
                if "parent" not in precomp:
                    # The precomposition has the canvas's coordinates: its layer does not move.
                    for key, identity in (("p", [0, 0]), ("a", [0, 0]), ("s", [100, 100]), ("r", [0])):
                        for i, value in enumerate(identity):
                            out.append(Check(target, f"group layer ks.{key}[{i}]", value, 1e-6,
                                             _reader(pks.get(key), i, f"{target} group: ks.{key}")))
        else:
            add("ks.o", opacity, 100 * b(target, "opacity"), ks.get("o"), 0)
        # Content.
        fill, border = lottie.content_groups(target)
        kind = "rc" if layer.shape == "rect" else "el"
        bw_size = max(b(target, "size.width"), b(target, "size.height"))
        radius = ref.shown_corner_radius(target, k)
        radius_budget = max(b(target, "cornerRadius"), bw_size / 2)
        if fill is not None:
            geometry = _item(fill, kind) or {}
            add(f"fill.{kind}.s[0]", w, b(target, "size.width"), geometry.get("s"), 0)
            add(f"fill.{kind}.s[1]", h, b(target, "size.height"), geometry.get("s"), 1)
            add(f"fill.{kind}.p[0]", w / 2, b(target, "size.width") / 2, geometry.get("p"), 0)
            add(f"fill.{kind}.p[1]", h / 2, b(target, "size.height") / 2, geometry.get("p"), 1)
            if kind == "rc":
                add("fill.rc.r", radius, radius_budget, geometry.get("r"), 0)
            paint = _item(fill, "fl") or {}
            for i, c in enumerate("rgb"):
                comp = f"backgroundColor.{c}"
                add(f"fill.fl.c[{i}]", clamp01(v[comp]), b(target, comp), paint.get("c"), i)
            add("fill.fl.o", 100 * clamp01(v["backgroundColor.a"]), 100 * b(target, "backgroundColor.a"), paint.get("o"), 0)
        bw = ref.shown_border_width(target, k)
        if border is not None:
            bw_budget = b(target, "borderWidth")
            paths = [item for item in _items(border) if item.get("ty") == kind]
            outer = paths[0] if paths else {}
            inner = paths[1] if len(paths) > 1 else {}
            add(f"border.outer.{kind}.s[0]", w, b(target, "size.width"), outer.get("s"), 0)
            add(f"border.outer.{kind}.s[1]", h, b(target, "size.height"), outer.get("s"), 1)
            add(f"border.inner.{kind}.s[0]", w - 2 * bw, b(target, "size.width") + 2 * bw_budget, inner.get("s"), 0)
            add(f"border.inner.{kind}.s[1]", h - 2 * bw, b(target, "size.height") + 2 * bw_budget, inner.get("s"), 1)
            for path, name in ((outer, "outer"), (inner, "inner")):
                add(f"border.{name}.{kind}.p[0]", w / 2, b(target, "size.width") / 2, path.get("p"), 0)
                add(f"border.{name}.{kind}.p[1]", h / 2, b(target, "size.height") / 2, path.get("p"), 1)
            if kind == "rc":
                # The render server strokes the outline inset by half the width, radius r, mitred.
                r = max(0.0, radius - bw / 2)
                add("border.outer.rc.r", r + bw / 2 if r > 0 else 0.0, radius_budget + bw_budget, outer.get("r"), 0)
                add("border.inner.rc.r", max(0.0, r - bw / 2), radius_budget + bw_budget, inner.get("r"), 0)
            ring = _item(border, "fl") or {}
            for i, c in enumerate("rgb"):
                comp = f"borderColor.{c}"
                add(f"border.fl.c[{i}]", clamp01(v[comp]), b(target, comp), ring.get("c"), i)
            add("border.fl.o", 100 * clamp01(v["borderColor.a"]), 100 * b(target, "borderColor.a"), ring.get("o"), 0)
        elif bw > 1e-3 and clamp01(v["borderColor.a"]) > 1e-3:
            out.append(Check(target, "border (a ring filled even-odd)", bw, 0.0, _reader(None, 0, f"{target}: border")))
    return out
