"""A small Lottie keyframe evaluator, written from the Lottie format documentation.

It answers "what value does a Lottie player show for this property at this frame", following
the Lottie specification (https://lottie.github.io/lottie-spec/, "Animated Properties"):

- a property is static (``{"a": 0, "k": value}``) or animated (``{"a": 1, "k": [keyframe, ...]}``);
- a keyframe has a time ``t`` (frames), a value ``s``, and easing handles ``o`` (out of this keyframe)
  and ``i`` (into the next); each handle holds ``x`` and ``y``, a number or one number per
  dimension; the curve from (0, 0) through ``o`` and ``i`` to (1, 1) maps the segment's time
  fraction (x) to its value fraction (y), per dimension;
- ``h: 1`` holds the keyframe's value until the next keyframe;
- before the first keyframe the first value holds, from the last keyframe on the last value holds;
- a position may be split: ``{"s": true, "x": property, "y": property}``.

Older Bodymovin files give a segment's end value as ``e`` on its first keyframe; it is honoured.
- a position keyframe with spatial tangents (``to``/``ti``, not both zero) moves along the cubic
  Bezier ``s``, ``s + to``, ``e + ti``, ``e`` (``e`` the next keyframe's value), and its eased
  fraction is a fraction of that curve's arc length, as the specification's "Position" section
  and lottie-web's and rlottie's spatial interpolation do. The length is measured here on a
  dense polyline (20000 steps).

python-lottie is deliberately not used for values: it keeps only the first easing handle of a
multi-dimensional keyframe.
"""

from __future__ import annotations

import math
from typing import Any, Sequence


class LottieEvalError(ValueError):
    """The property is not something this evaluator (or the Lottie format) can give a value for."""


def cubic_bezier_ease(x1: float, y1: float, x2: float, y2: float, progress: float) -> float:
    """Value fraction of the curve (0,0) (x1,y1) (x2,y2) (1,1) at time fraction ``progress``.

    Solves x(u) = progress for u (Newton steps, then bisection), returns y(u).
    - Complexity: O(1); about 60 iterations at most.
    """
    if not (0.0 <= x1 <= 1.0 and 0.0 <= x2 <= 1.0):
        raise LottieEvalError(f"easing handle x outside 0..1: o.x={x1}, i.x={x2}")
    if progress <= 0.0:
        return 0.0
    if progress >= 1.0:
        return 1.0

    def bx(u: float) -> float:
        v = 1.0 - u
        return 3.0 * v * v * u * x1 + 3.0 * v * u * u * x2 + u * u * u

    def by(u: float) -> float:
        v = 1.0 - u
        return 3.0 * v * v * u * y1 + 3.0 * v * u * u * y2 + u * u * u

    def dbx(u: float) -> float:
        v = 1.0 - u
        return 3.0 * v * v * x1 + 6.0 * v * u * (x2 - x1) + 3.0 * u * u * (1.0 - x2)

    u = progress
    for _ in range(8):
        err = bx(u) - progress
        if abs(err) < 1e-12:
            return by(u)
        d = dbx(u)
        if abs(d) < 1e-9:
            break
        u -= err / d
        if not 0.0 <= u <= 1.0:
            break
    lo, hi = 0.0, 1.0
    u = progress
    for _ in range(60):
        if bx(u) < progress:
            lo = u
        else:
            hi = u
        u = 0.5 * (lo + hi)
    return by(u)


def _as_vector(value: Any) -> list[float]:
    if isinstance(value, bool):
        raise LottieEvalError(f"not a number: {value!r}")
    if isinstance(value, (int, float)):
        return [float(value)]
    if isinstance(value, list) and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) for v in value
    ):
        return [float(v) for v in value]
    raise LottieEvalError(f"not a number or a list of numbers: {value!r}")


def _handle(handle: Any, axis: str, dim: int) -> float:
    """One dimension of an easing handle; a single number applies to every dimension.

    A list shorter than the value falls back to its first element, as lottie-web does.
    """
    if not isinstance(handle, dict) or axis not in handle:
        raise LottieEvalError(f"easing handle without {axis!r}: {handle!r}")
    h = handle[axis]
    if isinstance(h, (int, float)) and not isinstance(h, bool):
        return float(h)
    if isinstance(h, list) and h:
        return float(h[dim] if dim < len(h) else h[0])
    raise LottieEvalError(f"easing handle {axis!r} is not a number or a list: {h!r}")


def is_animated(prop: dict) -> bool:
    """Whether the property (or either half of a split position) has keyframes."""
    if prop.get("s") is True and "x" in prop:
        return is_animated(prop["x"]) or is_animated(prop["y"])
    return prop.get("a", 0) == 1


def keyframe_times(prop: dict) -> list[float]:
    """The frames of the property's keyframes (both halves of a split position)."""
    if prop.get("s") is True and "x" in prop:
        return sorted(set(keyframe_times(prop["x"]) + keyframe_times(prop["y"])))
    if prop.get("a", 0) != 1:
        return []
    return [float(kf["t"]) for kf in prop["k"]]


def _spatial_tangents(kf: dict) -> tuple[list[float], list[float]] | None:
    """The keyframe's ``to`` and ``ti``, or None when it has none (or both are zero)."""
    if "to" not in kf and "ti" not in kf:
        return None
    out = _as_vector(kf.get("to", [0.0, 0.0]))
    into = _as_vector(kf.get("ti", [0.0, 0.0]))
    if all(abs(v) <= 1e-12 for v in out + into):
        return None
    return out, into


_ARC_TABLES: dict[tuple, tuple[list[list[float]], list[float]]] = {}


def _point_at_length_fraction(controls: tuple, fraction: float) -> list[float]:
    """The point at ``fraction`` of the arc length of the cubic ``controls`` (a dense polyline)."""
    table = _ARC_TABLES.get(controls)
    if table is None:
        p0, p1, p2, p3 = controls
        points, lengths = [], []
        steps = 20000
        for k in range(steps + 1):
            u = k / steps
            v = 1.0 - u
            p = [v * v * v * a + 3 * v * v * u * b + 3 * v * u * u * c + u * u * u * d for a, b, c, d in zip(p0, p1, p2, p3)]
            if points:
                lengths.append(lengths[-1] + math.dist(points[-1], p))
            else:
                lengths.append(0.0)
            points.append(p)
        table = (points, lengths)
        _ARC_TABLES[controls] = table
    points, lengths = table
    target = min(max(fraction, 0.0), 1.0) * lengths[-1]
    lo, hi = 0, len(lengths) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if lengths[mid] <= target:
            lo = mid
        else:
            hi = mid
    span = lengths[hi] - lengths[lo]
    f = (target - lengths[lo]) / span if span > 0 else 0.0
    return [a + (b - a) * f for a, b in zip(points[lo], points[hi])]


def evaluate(prop: dict, frame: float) -> list[float]:
    """The value a Lottie player shows for ``prop`` at ``frame`` (a list, one entry per dimension)."""
    if not isinstance(prop, dict):
        raise LottieEvalError(f"a property must be an object: {prop!r}")
    if prop.get("s") is True and "x" in prop:
        parts = [evaluate(prop["x"], frame)[0], evaluate(prop["y"], frame)[0]]
        if "z" in prop:
            parts.append(evaluate(prop["z"], frame)[0])
        return parts
    if "k" not in prop:
        raise LottieEvalError(f"property without k: {prop!r}")
    if prop.get("a", 0) != 1:
        k = prop["k"]
        if isinstance(k, list) and k and isinstance(k[0], dict):
            raise LottieEvalError("a: 0 but k holds keyframes")
        return _as_vector(k)
    keyframes: Sequence[dict] = prop["k"]
    if not isinstance(keyframes, list) or not keyframes or not all(
        isinstance(kf, dict) and "t" in kf for kf in keyframes
    ):
        raise LottieEvalError("a: 1 but k is not a list of keyframes with t")
    times = [float(kf["t"]) for kf in keyframes]
    if any(b < a for a, b in zip(times, times[1:])):
        raise LottieEvalError(f"keyframe times decrease: {times}")

    def start_value(j: int) -> list[float]:
        kf = keyframes[j]
        if "s" in kf:
            return _as_vector(kf["s"])
        if j > 0 and "e" in keyframes[j - 1]:
            return _as_vector(keyframes[j - 1]["e"])
        raise LottieEvalError(f"keyframe {j} at t={kf['t']} has no value")

    def end_value(j: int) -> list[float]:
        if "e" in keyframes[j]:
            return _as_vector(keyframes[j]["e"])
        return start_value(j + 1)

    if frame < times[0]:
        return start_value(0)
    last = len(keyframes) - 1
    if frame >= times[last]:
        return start_value(last)
    # The segment j with times[j] <= frame < times[j + 1] (skipping zero-length segments).
    j = max(i for i in range(last) if times[i] <= frame)
    kf = keyframes[j]
    start = start_value(j)
    if kf.get("h", 0) == 1:
        return start
    end = end_value(j)
    if len(end) != len(start):
        raise LottieEvalError(
            f"keyframe {j} at t={kf['t']}: start and end differ in length ({start} -> {end})"
        )
    span = times[j + 1] - times[j]
    progress = (frame - times[j]) / span
    if "o" not in kf or "i" not in kf:
        raise LottieEvalError(f"keyframe {j} at t={kf['t']} has no easing handles (o/i)")
    tangents = _spatial_tangents(kf)
    if tangents is not None:
        # One progress along the curve: the first easing handle of each axis.
        eased = cubic_bezier_ease(
            _handle(kf["o"], "x", 0), _handle(kf["o"], "y", 0), _handle(kf["i"], "x", 0), _handle(kf["i"], "y", 0), progress
        )
        out, into = tangents
        controls = (
            tuple(start),
            tuple(a + t for a, t in zip(start, out)),
            tuple(b + t for b, t in zip(end, into)),
            tuple(end),
        )
        return _point_at_length_fraction(controls, eased)
    result = []
    for d, (a, b) in enumerate(zip(start, end)):
        eased = cubic_bezier_ease(
            _handle(kf["o"], "x", d),
            _handle(kf["o"], "y", d),
            _handle(kf["i"], "x", d),
            _handle(kf["i"], "y", d),
            progress,
        )
        result.append(a + (b - a) * eased)
    if not all(math.isfinite(v) for v in result):
        raise LottieEvalError(f"non-finite value at frame {frame}: {result}")
    return result
