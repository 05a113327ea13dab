"""The real app on a local port and Debian's Chromium, for the end-to-end tests.

The server is the app factory on a migrated SQLite file, served by werkzeug in a
thread, with CSRF on as in production. Chromium is the system one (Playwright never
downloads a browser here); without it the tests are skipped.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask_migrate import upgrade
from playwright.sync_api import Browser
from playwright.sync_api import BrowserContext
from playwright.sync_api import Page
from playwright.sync_api import sync_playwright
from sqlalchemy import text
from werkzeug.serving import WSGIRequestHandler
from werkzeug.serving import make_server

from referee import create_app
from referee.db import MIGRATIONS
from referee.db import db

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# A mid-size phone held upright (the 390x844).
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "has_touch": True,
    "is_mobile": True,
}
TIMEOUT_MS = 10_000

Phone = Callable[..., Page]


class _QuietHandler(WSGIRequestHandler):
    """Keep errors in the log but not one line per request."""

    def log_request(self, *args: Any, **kwargs: Any) -> None:
        pass


def _dispose(app: Flask) -> None:
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of the app, served on 127.0.0.1 until the session ends."""
    path = tmp_path_factory.mktemp("e2e") / "referee.sqlite"
    app = create_app(
        {
            "SECRET_KEY": "e2e-secret-key-of-at-least-32-bytes-long!",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
            "WTF_CSRF_ENABLED": True,  # a real browser sends the token
        }
    )
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        db.session.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
    _dispose(app)
    server = make_server(
        "127.0.0.1", 0, app, threaded=True, request_handler=_QuietHandler
    )
    thread = threading.Thread(
        target=server.serve_forever, name="e2e-server", daemon=True
    )
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
        _dispose(app)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Debian Chromium driven by Playwright, shared by the session."""
    executable = shutil.which("chromium")
    if executable is None:
        pytest.skip("Debian's chromium is not installed: apt-get install chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def phone(browser: Browser, live_server: str) -> Iterator[Phone]:
    """Open a fresh phone (its own cookies) on the app; closed after the test."""
    contexts: list[BrowserContext] = []

    def open_phone(**settings: Any) -> Page:
        context = browser.new_context(base_url=live_server, **{**PHONE, **settings})
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    try:
        yield open_phone
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def page(phone: Phone) -> Page:
    """The scorer's phone: 390x844, touch, JavaScript on."""
    return phone()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where the test's screenshots go (pytest's tmp dir, never committed)."""
    return tmp_path
