"""Makes the README's picture of the preview page: headless Chromium at 1280x800, light theme.

    swift build && python3 Tests/Preview/screenshot.py [DOC] [OUT.png]

from the repository's root (default: Plans/card-expand.yaml, docs/images/preview-card-expand.png),
scrubbed to 0.45 s with the card selected.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent.parent


def main() -> None:
    doc = sys.argv[1] if len(sys.argv) > 1 else "Plans/card-expand.yaml"
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else REPO / "docs" / "images" / "preview-card-expand.png"
    with tempfile.TemporaryDirectory() as folder:
        page_file = Path(folder) / "preview.html"
        motionc = REPO / ".build" / "debug" / "motionc"
        subprocess.run([str(motionc), "preview", doc, "-o", str(page_file)], check=True, cwd=REPO)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium-headless-shell"))
            context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="light")
            page = context.new_page()
            page.goto(page_file.as_uri())
            page.wait_for_function("window.motionPreview !== undefined")
            page.click('.pv-curve[data-target="card"]')
            page.evaluate("motionPreview.seek(0.45)")
            page.wait_for_timeout(200)
            page.screenshot(path=str(out))
            browser.close()


if __name__ == "__main__":
    main()
