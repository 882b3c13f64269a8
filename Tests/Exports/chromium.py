"""Headless Chromium for every browser test: the system's chromium-headless-shell, driven by
playwright through executable_path (playwright's own browser download cannot work here).

Conftests import the fixture by name: `from chromium import browser`.
"""

from __future__ import annotations

import shutil

import pytest


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for every page of the session."""
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium-headless-shell")
    if executable is None:
        pytest.fail("chromium-headless-shell is not installed (apt-get install chromium-headless-shell)")
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=executable)
        try:
            yield launched
        finally:
            launched.close()
