"""The real app on a local port and Debian's Chromium, for the end-to-end tests.

The server is the app factory on a migrated SQLite file, served by werkzeug in a
thread, with CSRF on as in production. Chromium is the system one (Playwright never
downloads a browser here); without it the tests are skipped.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import Page
from playwright.sync_api import sync_playwright

from tests.e2e.serving import Phone
from tests.e2e.serving import launch
from tests.e2e.serving import phones
from tests.e2e.serving import served


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of the app, served on 127.0.0.1 until the session ends."""
    with served(tmp_path_factory.mktemp("e2e") / "referee.sqlite") as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Debian Chromium driven by Playwright, shared by the session."""
    if shutil.which("chromium") is None:
        pytest.skip("Debian's chromium is not installed: apt-get install chromium")
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def phone(browser: Browser, live_server: str) -> Iterator[Phone]:
    """Open a fresh phone (its own cookies) on the app; closed after the test."""
    with phones(browser, live_server) as open_phone:
        yield open_phone


@pytest.fixture
def page(phone: Phone) -> Page:
    """The scorer's phone: 390x844, touch, JavaScript on."""
    return phone()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where the test's screenshots go (pytest's tmp dir, never committed)."""
    return tmp_path
