"""Comparing two frames up to anti-aliasing.

Cairo, rlottie and Skia cover edge pixels differently by a few levels, so frames are compared by
two numbers rather than pixel for pixel: the mean absolute difference per channel (0..255) and the
share of pixels whose largest channel difference exceeds OUTLIER_LEVELS. A wrong transform, a
missing layer or a wrong colour moves whole areas and fails one or both; anti-aliasing only
touches a thin band of edge pixels by small amounts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

OUTLIER_LEVELS = 24
# Limits: rlottie rounds colours down (0xF5 comes out as 244), which alone gives a mean of 1 to
# 1.4 levels on a full-canvas background; test_harness.py shows what they reject.
MAX_MEAN_DIFFERENCE = 2.5
MAX_OUTLIER_SHARE = 0.003


@dataclass
class Difference:
    mean: float  # mean absolute difference per RGB channel, 0..255
    outliers: float  # share of pixels with a channel off by more than OUTLIER_LEVELS
    worst: tuple[int, int] | None  # (x, y) of the largest difference

    def acceptable(self) -> bool:
        return self.mean <= MAX_MEAN_DIFFERENCE and self.outliers <= MAX_OUTLIER_SHARE

    def __str__(self) -> str:
        return (
            f"mean difference {self.mean:.3f} levels (limit {MAX_MEAN_DIFFERENCE}), "
            f"{100 * self.outliers:.3f}% of pixels off by more than {OUTLIER_LEVELS} levels "
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


def compare(a: np.ndarray, b: np.ndarray) -> Difference:
    """Compare two straight RGBA frames of the same size (composited over white)."""
    if a.shape != b.shape:
        raise AssertionError(f"frame sizes differ: {a.shape[1]}x{a.shape[0]} and {b.shape[1]}x{b.shape[0]}")
    diff = np.abs(_over_white(a) - _over_white(b))
    per_pixel = diff.max(axis=-1)
    worst_index = np.unravel_index(int(np.argmax(per_pixel)), per_pixel.shape)
    worst = (int(worst_index[1]), int(worst_index[0])) if per_pixel.max() > 0 else None
    return Difference(float(diff.mean()), float((per_pixel > OUTLIER_LEVELS).mean()), worst)
