"""Comparing two frames up to anti-aliasing.

Cairo, rlottie and Skia cover edge pixels differently (on curved, high-contrast edges by 30 levels
and more), so frames are compared by two numbers rather than pixel for pixel: the mean absolute
difference per channel (0..255), and the share of outliers: pixels whose largest channel
difference exceeds OUTLIER_LEVELS and that lie on no edge (in neither frame does their 3x3
neighbourhood span more than OUTLIER_LEVELS). A wrong transform, a missing layer or a wrong colour
changes whole areas (outliers well inside them) or shifts colours everywhere (the mean);
anti-aliasing only touches edge pixels. A shift of one pixel hides in the edges; the element-box and
value judges are the ones that measure positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

OUTLIER_LEVELS = 24
# Limits. Measured on the plans' right exports: mean differences up to 0.73 (rlottie) and 0.52
# (Chromium), no outliers. rlottie rounds colours down (a colour written with 6 decimals, 0xF5 as
# 0.960784, comes out as 244), which alone gives 1 to 1.4 levels over a full-canvas background.
# test_harness.py shows what the limits reject.
MAX_MEAN_DIFFERENCE = 1.5
MAX_OUTLIER_SHARE = 0.002


# Every comparison the judges made: (player, document, time, Difference); summarised after the run.
MEASUREMENTS: list = []


@dataclass
class Difference:
    mean: float  # mean absolute difference per RGB channel, 0..255
    outliers: float  # share of pixels off by more than OUTLIER_LEVELS away from any edge
    worst: tuple[int, int] | None  # (x, y) of the largest difference

    def acceptable(self) -> bool:
        return self.mean <= MAX_MEAN_DIFFERENCE and self.outliers <= MAX_OUTLIER_SHARE

    def __str__(self) -> str:
        return (
            f"mean difference {self.mean:.3f} levels (limit {MAX_MEAN_DIFFERENCE}), "
            f"{100 * self.outliers:.3f}% of pixels off edges differ by more than {OUTLIER_LEVELS} levels "
            f"(limit {100 * MAX_OUTLIER_SHARE:.2f}%), largest at {self.worst}"
        )


def straight_rgba_from_premultiplied_bgra(buffer: bytes, width: int, height: int) -> np.ndarray:
    """rlottie's surface (premultiplied BGRA, 8 bits) as straight RGBA floats 0..255."""
    bgra = np.frombuffer(buffer, dtype=np.uint8)[: width * height * 4].reshape(height, width, 4)
    bgra = bgra.astype(np.float64)
    alpha = bgra[..., 3:4]
    rgb = np.where(alpha > 0, bgra[..., 2::-1] * 255.0 / np.maximum(alpha, 1), 0.0)
    return np.concatenate([np.clip(rgb, 0, 255), alpha], axis=-1)


def rgba_from_png(path: Path | bytes) -> np.ndarray:
    """A PNG (file or bytes) as straight RGBA floats 0..255."""
    import io

    source = io.BytesIO(path) if isinstance(path, (bytes, bytearray)) else path
    with Image.open(source) as image:
        return np.asarray(image.convert("RGBA"), dtype=np.float64)


def _over_white(rgba: np.ndarray) -> np.ndarray:
    """What a viewer sees on a white page (rlottie leaves alpha at 254 in places)."""
    alpha = rgba[..., 3:4] / 255.0
    return rgba[..., :3] * alpha + 255.0 * (1.0 - alpha)


def _on_edge(rgb: np.ndarray) -> np.ndarray:
    """Pixels whose 3x3 neighbourhood spans more than OUTLIER_LEVELS in some channel."""
    padded = np.pad(rgb, ((1, 1), (1, 1), (0, 0)), mode="edge")
    height, width = rgb.shape[:2]
    shifted = [padded[1 + dy : 1 + dy + height, 1 + dx : 1 + dx + width] for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
    stack = np.stack(shifted)
    return (stack.max(axis=0) - stack.min(axis=0)).max(axis=-1) > OUTLIER_LEVELS


def compare(a: np.ndarray, b: np.ndarray) -> Difference:
    """Compare two straight RGBA frames of the same size (composited over white)."""
    if a.shape != b.shape:
        raise AssertionError(f"frame sizes differ: {a.shape[1]}x{a.shape[0]} and {b.shape[1]}x{b.shape[0]}")
    seen_a, seen_b = _over_white(a), _over_white(b)
    diff = np.abs(seen_a - seen_b)
    per_pixel = np.where(_on_edge(seen_a) | _on_edge(seen_b), 0.0, diff.max(axis=-1))
    worst_index = np.unravel_index(int(np.argmax(per_pixel)), per_pixel.shape)
    worst = (int(worst_index[1]), int(worst_index[0])) if per_pixel.max() > 0 else None
    return Difference(float(diff.mean()), float((per_pixel > OUTLIER_LEVELS).mean()), worst)
