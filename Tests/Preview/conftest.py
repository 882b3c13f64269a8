"""Shared fixtures for the preview's browser tests: motionc, headless Chromium, pages and servers.

Set MOTIONC to the motionc binary; without it the package is built with `swift build` and
.build/debug/motionc is used. The browser is the system's chromium-headless-shell, driven by
playwright (whose own browser download cannot work here).
"""

from __future__ import annotations

import csv
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
PLANS = sorted((REPO / "Plans").glob("*.yaml"))
# Large enough that every Plans canvas shows at scale 1 beside the side panel.
BIG_VIEWPORT = {"width": 1400, "height": 1000}
DESIGN_VIEWPORT = {"width": 1280, "height": 800}
# Measurements printed after the run (fps in the page, reload latency).
REPORT: list[str] = []


def find_motionc() -> Path:
    configured = os.environ.get("MOTIONC")
    if configured:
        path = Path(configured)
        return path if path.is_absolute() else (Path.cwd() / path).resolve()
    subprocess.run(["swift", "build"], cwd=REPO, check=True)
    return REPO / ".build" / "debug" / "motionc"


class Motionc:
    def __init__(self, binary: Path):
        self.binary = binary

    def run(self, *args, timeout: float = 120) -> subprocess.CompletedProcess:
        return subprocess.run([str(self.binary), *map(str, args)], capture_output=True, text=True, timeout=timeout)

    def ok(self, *args) -> subprocess.CompletedProcess:
        proc = self.run(*args)
        assert proc.returncode == 0, f"motionc {' '.join(map(str, args))} exited {proc.returncode}:\n{proc.stderr}"
        return proc

    def preview(self, doc: Path, folder: Path) -> Path:
        out = folder / f"{doc.stem}.preview.html"
        if not out.exists():
            self.ok("preview", doc, "-o", out)
        return out

    def trace(self, doc: Path, folder: Path) -> dict[tuple[int, str, str], float]:
        """The render server's trace: (frame, target, property) -> value."""
        timeline = folder / f"{doc.stem}.timeline.json"
        out = folder / f"{doc.stem}.trace.csv"
        if not out.exists():
            self.ok("bake", doc, "-o", timeline)
            self.ok("play", timeline, "--trace", out)
        rows: dict[tuple[int, str, str], float] = {}
        times: list[float] = []
        with out.open() as f:
            for row in csv.DictReader(f):
                t = float(row["time"])
                if not times or times[-1] != t:
                    times.append(t)
                rows[(len(times) - 1, row["target"], row["property"])] = float(row["value"])
        return rows

    def render(self, doc: Path, t: float, folder: Path) -> Path:
        out = folder / f"{doc.stem}.render-{t:.4f}.png"
        if not out.exists():
            self.ok("render", doc, "--at", f"{t:.6f}", "-o", out)
        return out


@pytest.fixture(scope="session")
def motionc() -> Motionc:
    return Motionc(find_motionc())


@pytest.fixture(scope="session")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("preview")


# The pixel rule and the browser are the export judges' (Tests/Exports): one definition of "the
# same picture up to anti-aliasing" and one way to start headless Chromium.
sys.path.insert(0, str(REPO / "Tests" / "Exports"))
from chromium import browser  # noqa: E402,F401  (a fixture, used by name)


class Page:
    """A preview page open in the browser, with the console errors and foreign requests it made."""

    def __init__(self, browser, url: str, viewport=BIG_VIEWPORT, scheme: str = "light", ready: bool = True):
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.context = browser.new_context(viewport=viewport, device_scale_factor=1, color_scheme=scheme)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        base = url.split("#")[0]
        self.page.on(
            "request",
            lambda r: r.url != base and not r.url.startswith("ws://127.0.0.1") and self.foreign.append(r.url),
        )
        self.page.goto(url)
        if ready:
            self.page.wait_for_function("window.motionPreview !== undefined", timeout=10_000)

    def scrub(self, t: float):
        """Drags the scrubber to t, as the input event of a user's drag does."""
        self.page.evaluate(
            """t => { const s = document.getElementById('pv-scrubber'); s.value = String(t);
                      s.dispatchEvent(new Event('input', {bubbles: true})); }""",
            t,
        )

    def state(self) -> dict:
        return self.page.evaluate(
            """() => { const s = motionPreview.state; return {t: s.t, playing: s.playing, speed: s.speed, loop: s.loop,
                 version: s.version, duration: s.stage ? s.stage.duration : 0, fps: s.stage ? s.stage.fps : 0,
                 frameText: document.getElementById('pv-frame').textContent,
                 animations: motionPreview.animations.length}; }"""
        )

    def close(self):
        self.context.close()


@pytest.fixture
def open_page(browser):
    pages: list[Page] = []

    def make(url: str, **kwargs) -> Page:
        page = Page(browser, url, **kwargs)
        pages.append(page)
        return page

    yield make
    for page in pages:
        page.close()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`motionc preview FILE --serve --port N`, stopped with SIGINT (killed after a bounded wait)."""

    def __init__(self, motionc: Motionc, doc: Path, port: int, extra: tuple[str, ...] = ()):
        self.port = port
        self.url = f"http://127.0.0.1:{port}/"
        self.proc = subprocess.Popen(
            [str(motionc.binary), "preview", str(doc), "--serve", "--port", str(port), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited {self.proc.returncode}: {self.proc.stderr.read()}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise AssertionError("the server did not listen within 20 s")

    def stop(self, timeout: float = 10) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
                raise AssertionError(f"the server did not stop within {timeout} s of SIGINT")
        return self.proc.returncode


@pytest.fixture
def serve(motionc):
    servers: list[Server] = []

    def start(doc: Path, port: int | None = None, extra: tuple[str, ...] = ()) -> Server:
        server = Server(motionc, doc, port or free_port(), extra)
        servers.append(server)
        return server

    yield start
    for server in servers:
        if server.proc.poll() is None:
            server.proc.kill()
            server.proc.wait(timeout=5)


def pytest_terminal_summary(terminalreporter):
    for line in REPORT:
        terminalreporter.write_line(line)
