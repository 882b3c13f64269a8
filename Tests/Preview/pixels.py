"""Comparing the stage with `motionc render --at` up to anti-aliasing.

Cairo and Skia cover edge pixels differently, so frames are compared by two numbers rather than
pixel for pixel: the mean absolute difference per channel (0..255) over the frame, and the share
of pixels off by more than OUTLIER_LEVELS away from any edge (in neither frame does their 3x3
neighbourhood span more than OUTLIER_LEVELS). A wrong time, a missing layer or a wrong colour moves
whole areas; anti-aliasing only touches edges.
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

OUTLIER_LEVELS = 24
MAX_MEAN_DIFFERENCE = 1.5
MAX_OUTLIER_SHARE = 0.002


def rgba(source) -> np.ndarray:
    """A PNG (path or bytes) as straight RGBA floats 0..255."""
    data = io.BytesIO(source) if isinstance(source, (bytes, bytearray)) else source
    with Image.open(data) as image:
        return np.asarray(image.convert("RGBA"), dtype=np.float64)


def _over_white(frame: np.ndarray) -> np.ndarray:
    alpha = frame[..., 3:4] / 255.0
    return frame[..., :3] * alpha + 255.0 * (1.0 - alpha)


def _on_edge(rgb: np.ndarray) -> np.ndarray:
    padded = np.pad(rgb, ((1, 1), (1, 1), (0, 0)), mode="edge")
    h, w = rgb.shape[:2]
    stack = np.stack([padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w] for dy in (-1, 0, 1) for dx in (-1, 0, 1)])
    return (stack.max(axis=0) - stack.min(axis=0)).max(axis=-1) > OUTLIER_LEVELS


def compare(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """(mean difference, share of outliers off edges) of two frames of one size."""
    assert a.shape == b.shape, f"frame sizes differ: {a.shape} and {b.shape}"
    seen_a, seen_b = _over_white(a), _over_white(b)
    diff = np.abs(seen_a - seen_b)
    per_pixel = np.where(_on_edge(seen_a) | _on_edge(seen_b), 0.0, diff.max(axis=-1))
    return float(diff.mean()), float((per_pixel > OUTLIER_LEVELS).mean())


def acceptable(mean: float, outliers: float) -> bool:
    return mean <= MAX_MEAN_DIFFERENCE and outliers <= MAX_OUTLIER_SHARE
