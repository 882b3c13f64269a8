"""Shared fixtures for the export judges: motionc, the documents, and each document's artifacts.

Every document in Plans/ (and the judges' own documents in Tests/Exports/documents/) is baked once,
played once at its frame rate and once at four times it (for the times between frames), and
exported once per format; the tests share these through a session cache. Set MOTIONC to the motionc
binary; without it the package is built with `swift build` and .build/debug/motionc is used.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from reference import Reference  # noqa: E402

REPO = HERE.parent.parent
DOCUMENTS = sorted((REPO / "Plans").glob("*.yaml")) + sorted((HERE / "documents").glob("*.yaml"))
# Times between frames are checked at this many samples per frame (the format's "4x that rate").
SUBFRAMES = 4


def doc_id(path: Path) -> str:
    return path.stem if path.parent.name == "Plans" else f"judges/{path.stem}"


@dataclass
class Run:
    """One motionc invocation: its command, exit status and output."""

    args: list[str]
    returncode: int
    stdout: str
    stderr: str

    def describe(self) -> str:
        text = f"$ motionc {' '.join(self.args)}\nexit {self.returncode}"
        if self.stdout.strip():
            text += f"\nstdout:\n{self.stdout.strip()[:2000]}"
        if self.stderr.strip():
            text += f"\nstderr:\n{self.stderr.strip()[:2000]}"
        return text

    def ok(self) -> "Run":
        if self.returncode != 0:
            pytest.fail(self.describe(), pytrace=False)
        return self


class Motionc:
    def __init__(self, binary: Path):
        self.binary = binary

    def run(self, *args: str | Path, timeout: float = 120) -> Run:
        argv = [str(a) for a in args]
        proc = subprocess.run(
            [str(self.binary), *argv], capture_output=True, text=True, timeout=timeout
        )
        return Run(argv, proc.returncode, proc.stdout, proc.stderr)


def _find_motionc() -> Path:
    configured = os.environ.get("MOTIONC")
    if configured:
        path = Path(configured)
        if not path.is_absolute():
            path = (Path.cwd() / path).resolve()
        if not path.exists():
            raise pytest.UsageError(f"MOTIONC={configured}: no such file")
        return path
    subprocess.run(["swift", "build"], cwd=REPO, check=True)
    return REPO / ".build" / "debug" / "motionc"


@pytest.fixture(scope="session")
def motionc() -> Motionc:
    return Motionc(_find_motionc())


class Artifacts:
    """Everything the judges need about one document, made on first use and then reused."""

    def __init__(self, doc: Path, motionc: Motionc, folder: Path):
        self.doc = doc
        self.motionc = motionc
        self.folder = folder
        self._cache: dict[str, object] = {}

    def _once(self, key: str, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    @property
    def timeline(self) -> Path:
        def make() -> Path:
            out = self.folder / "timeline.json"
            self.motionc.run("bake", self.doc, "-o", out).ok()
            return out

        return self._once("timeline", make)

    @property
    def trace(self) -> Path:
        def make() -> Path:
            out = self.folder / "trace.csv"
            self.motionc.run("play", self.timeline, "--trace", out).ok()
            return out

        return self._once("trace", make)

    @property
    def dense_trace(self) -> Path:
        """The trace at SUBFRAMES times the frame rate: the same timeline with a faster canvas clock."""

        def make() -> Path:
            timeline = json.loads(self.timeline.read_text())
            timeline["canvas"]["fps"] = timeline["canvas"]["fps"] * SUBFRAMES
            dense = self.folder / "timeline-dense.json"
            dense.write_text(json.dumps(timeline))
            out = self.folder / "trace-dense.csv"
            self.motionc.run("play", dense, "--trace", out).ok()
            return out

        return self._once("dense_trace", make)

    @property
    def reference(self) -> Reference:
        return self._once("reference", lambda: Reference(self.timeline, self.trace))

    @property
    def dense_reference(self) -> Reference:
        return self._once(
            "dense_reference", lambda: Reference(self.timeline, self.dense_trace, self.trace, SUBFRAMES)
        )

    def joined_reference(self, fmt: str) -> Reference:
        """The dense reference, except between two frames of a fitted run of per-frame values
        (links, squashAndStretch): where the ``fmt`` export's report lists a span of such a run
        ("frameRuns": {"fittedSpans"}) holding both frames, the value is read on the straight line
        joining the two frames' values, what a fitted run may show there (docs/export.md,
        "Per-frame values"). Everywhere else (the component's springs, gestures and tweens, its runs
        kept as steps) it is the render server's. A judge of the times between frames accepts a value
        that matches either reference."""

        def make() -> Reference:
            joined = copy.copy(self.dense_reference)
            joined.series = joined_series(self.dense_reference, self.reference, self.report(fmt)["items"])
            return joined

        return self._once(f"joined_reference:{fmt}", make)

    def export(self, fmt: str, copy: int = 1) -> tuple[Run, Path, Path]:
        """`motionc export DOC --to fmt -o OUT --report R.json` (copy 2 is a second, identical run)."""

        def make():
            ext = {"lottie": "json", "html": "html", "css": "css"}[fmt]
            out = self.folder / f"export-{copy}.{fmt}.{ext}"
            report = self.folder / f"export-{copy}.{fmt}.report.json"
            run = self.motionc.run("export", self.doc, "--to", fmt, "-o", out, "--report", report)
            return run, out, report

        return self._once(f"export:{fmt}:{copy}", make)

    def exported(self, fmt: str) -> Path:
        run, out, _ = self.export(fmt)
        run.ok()
        if not out.exists():
            pytest.fail(f"{run.describe()}\nexited 0 but wrote no {out.name}", pytrace=False)
        return out

    def report(self, fmt: str) -> dict:
        run, _, report = self.export(fmt)
        run.ok()
        if not report.exists():
            pytest.fail(f"{run.describe()}\nexited 0 but wrote no report", pytrace=False)
        return json.loads(report.read_text())

    def rendered(self, time: float) -> Path:
        """`motionc render TIMELINE --at time -o ref.png`."""

        def make() -> Path:
            out = self.folder / f"render-{time:.6f}.png"
            self.motionc.run("render", self.timeline, "--at", f"{time:.6f}", "-o", out).ok()
            return out

        return self._once(f"render:{time:.6f}", make)

    def memo(self, key: str, make):
        """Share any other result between the tests of this document."""
        return self._once(key, make)


def joined_series(dense: Reference, frames: Reference, items: list[dict]) -> dict[tuple[str, str], list[float]]:
    """``dense``'s series, except between two frames that both lie in a fitted span of per-frame
    values that a report's ``items`` list ("frameRuns": {"steps": "fitted", "fittedSpans"}): read
    there on the straight line joining the two frames' values (``frames`` is the trace at the
    canvas's frame rate, ``dense`` at SUBFRAMES times it)."""
    series = dict(dense.series)
    # Spans end on frames, printed to round-trip precision.
    slack = 1e-9
    for item in items:
        runs = item.get("frameRuns") or {}
        key = (item["target"], item["property"])
        spans = runs.get("fittedSpans") or []
        if item.get("reducedMotion") or runs.get("steps") != "fitted" or not spans or key not in frames.series:
            continue
        f = frames.series[key]
        line = list(dense.series[key])
        for k in range(len(line)):
            m, q = divmod(k, SUBFRAMES)
            if not q or m + 1 >= len(f):
                continue
            before, after = m / frames.canvas_fps, (m + 1) / frames.canvas_fps
            if any(lo - slack <= before and after <= hi + slack for lo, hi in spans):
                line[k] = f[m] + (f[m + 1] - f[m]) * q / SUBFRAMES
        series[key] = line
    return series


_ARTIFACTS: dict[Path, Artifacts] = {}


@pytest.fixture(scope="session")
def artifacts_for(motionc: Motionc, tmp_path_factory):
    def get(doc: Path) -> Artifacts:
        if doc not in _ARTIFACTS:
            folder = tmp_path_factory.mktemp(doc.stem)
            _ARTIFACTS[doc] = Artifacts(doc, motionc, folder)
        return _ARTIFACTS[doc]

    return get


@pytest.fixture(params=DOCUMENTS, ids=doc_id)
def doc(request, artifacts_for) -> Artifacts:
    return artifacts_for(request.param)


from chromium import browser  # noqa: E402,F401  (a fixture, used by name)


def pytest_terminal_summary(terminalreporter):
    """The largest pixel differences measured per player, next to the limits."""
    from pixels import MAX_MEAN_DIFFERENCE, MAX_OUTLIER_SHARE, MEASUREMENTS

    for player in sorted({m[0] for m in MEASUREMENTS}):
        rows = [m for m in MEASUREMENTS if m[0] == player]
        accepted = [m for m in rows if m[3].acceptable()] or rows
        mean = max(accepted, key=lambda m: m[3].mean)
        outliers = max(accepted, key=lambda m: m[3].outliers)
        terminalreporter.write_line(
            f"{player} vs motionc render: {len(rows) - len(accepted)} of {len(rows)} frames rejected; "
            f"of the accepted, largest mean difference {mean[3].mean:.3f} ({mean[1]} t={mean[2]:.3f}; limit "
            f"{MAX_MEAN_DIFFERENCE}), largest outlier share {100 * outliers[3].outliers:.3f}% ({outliers[1]} "
            f"t={outliers[2]:.3f}; limit {100 * MAX_OUTLIER_SHARE:.2f}%)"
        )
