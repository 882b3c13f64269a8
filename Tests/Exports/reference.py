"""What the render server shows: the trace of `motionc play` plus the layer tree's model values.

A component that the trace lists takes the trace's value at each frame; any other component keeps
its initial model value from the baked timeline's layer tree (nothing animates it). The error
budget of a component is 1e-3 of its range over the trace, or 1e-3 where that range is below 1.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from pathlib import Path

# Scalar components of each layer property, in the order the format lists them.
COMPONENTS: dict[str, list[str]] = {
    "position": ["position.x", "position.y"],
    "size": ["size.width", "size.height"],
    "anchorPoint": ["anchorPoint.x", "anchorPoint.y"],
    "scale": ["scale.x", "scale.y"],
    "rotation": ["rotation"],
    "opacity": ["opacity"],
    "cornerRadius": ["cornerRadius"],
    "borderWidth": ["borderWidth"],
    "backgroundColor": [f"backgroundColor.{c}" for c in "rgba"],
    "borderColor": [f"borderColor.{c}" for c in "rgba"],
    "zPosition": ["zPosition"],
}
ALL_COMPONENTS = [c for comps in COMPONENTS.values() for c in comps]

BUDGET_FRACTION = 1e-3
# The trace prints at least 9 significant digits: allow for its rounding.
PRINT_SLACK = 1e-6


def clamp01(v: float) -> float:
    return min(1.0, max(0.0, v))


@dataclass
class Layer:
    id: str
    parent: int | None
    shape: str
    model: dict[str, float]
    children: list[int] = field(default_factory=list)


def _flatten_model(model: dict) -> dict[str, float]:
    flat: dict[str, float] = {}
    for prop, comps in COMPONENTS.items():
        value = model.get(prop)
        if value is None:
            continue
        if len(comps) == 1:
            flat[comps[0]] = float(value)
        else:
            for comp, v in zip(comps, value):
                flat[comp] = float(v)
    return flat


def read_trace(path: Path) -> tuple[list[float], dict[tuple[str, str], list[float]]]:
    """Frame times (as printed) and every (target, component)'s value per frame."""
    times: list[float] = []
    series: dict[tuple[str, str], list[float]] = {}
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        if header != ["time", "target", "property", "value"]:
            raise ValueError(f"{path}: unexpected trace header {header}")
        for time_text, target, prop, value in reader:
            t = float(time_text)
            if not times or t > times[-1]:
                times.append(t)
            series.setdefault((target, prop), []).append(float(value))
    for key, values in series.items():
        if len(values) != len(times):
            raise ValueError(f"{path}: {key} has {len(values)} rows for {len(times)} frames")
    return times, series


class Reference:
    """The render server's values per frame for one document."""

    def __init__(
        self, timeline_path: Path, trace_path: Path, budget_trace: Path | None = None, rate: int = 1
    ):
        """``rate``: the trace's frames per canvas frame (a denser trace for the times between frames)."""
        timeline = json.loads(Path(timeline_path).read_text())
        self.name: str = timeline.get("name", "")
        canvas = timeline["canvas"]
        self.width, self.height = (float(v) for v in canvas["size"])
        self.canvas_fps = float(canvas["fps"])
        self.fps = self.canvas_fps * rate  # the trace's rate
        self.background = [float(v) for v in canvas["background"]]
        self.end = float(timeline["end"])
        self.layers: list[Layer] = []
        for entry in timeline["layers"]:
            self.layers.append(
                Layer(entry["id"], entry["parent"], entry.get("shape", "rect"), _flatten_model(entry["model"]))
            )
        for i, layer in enumerate(self.layers):
            if layer.parent is not None:
                self.layers[layer.parent].children.append(i)
        self.by_id = {layer.id: i for i, layer in enumerate(self.layers)}
        self.times, self.series = read_trace(trace_path)
        # The budget comes from the ranges over the frame trace, even when this reference holds a
        # denser trace.
        _, budget_series = read_trace(budget_trace) if budget_trace else (None, self.series)
        self.budgets: dict[tuple[str, str], float] = {}
        for key, values in budget_series.items():
            spread = max(values) - min(values)
            self.budgets[key] = BUDGET_FRACTION * spread if spread >= 1 else BUDGET_FRACTION

    @property
    def frame_count(self) -> int:
        return len(self.times)

    def animated(self) -> set[tuple[str, str]]:
        """(target, component) pairs the trace lists."""
        return set(self.series)

    def value(self, target: str, comp: str, k: int) -> float:
        series = self.series.get((target, comp))
        if series is not None:
            return series[k]
        return self.layers[self.by_id[target]].model[comp]

    def budget(self, target: str, comp: str) -> float:
        return self.budgets.get((target, comp), BUDGET_FRACTION) + PRINT_SLACK

    def values(self, target: str, k: int) -> dict[str, float]:
        return {comp: self.value(target, comp, k) for comp in ALL_COMPONENTS}

    def ancestors(self, target: str) -> list[str]:
        """The target's ancestors, nearest first."""
        out = []
        parent = self.layers[self.by_id[target]].parent
        while parent is not None:
            out.append(self.layers[parent].id)
            parent = self.layers[parent].parent
        return out

    def parent_id(self, target: str) -> str | None:
        parent = self.layers[self.by_id[target]].parent
        return None if parent is None else self.layers[parent].id

    def shown_corner_radius(self, target: str, k: int) -> float:
        v = self.values(target, k)
        return min(max(v["cornerRadius"], 0.0), min(v["size.width"], v["size.height"]) / 2)

    def shown_border_width(self, target: str, k: int) -> float:
        v = self.values(target, k)
        return min(max(v["borderWidth"], 0.0), min(v["size.width"], v["size.height"]) / 2)

    def sample_frames(self, count: int) -> list[int]:
        """``count`` frames spread over the trace: first, last, and evenly between."""
        n = self.frame_count
        if n <= count:
            return list(range(n))
        return sorted({round(i * (n - 1) / (count - 1)) for i in range(count)})
