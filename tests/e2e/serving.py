"""The real app on a local port and Debian's Chromium, for the browser tests and
``bench/taps.py``.

The server is the app factory on a migrated SQLite file, served by werkzeug in a
thread, with CSRF on as in production. Chromium is the system one (Playwright never
downloads a browser here).
"""

from __future__ import annotations

import shutil
import tempfile
import threading
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from flask_migrate import upgrade
from playwright.sync_api import Browser
from playwright.sync_api import BrowserContext
from playwright.sync_api import Page
from playwright.sync_api import Playwright
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


@contextmanager
def served(path: Path) -> Iterator[str]:
    """The app on a migrated SQLite file at ``path``, served in a thread: its URL.

    Also used by ``bench/taps.py``.
    """
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


@contextmanager
def phones(browser: Browser, base_url: str) -> Iterator[Phone]:
    """Open phones (each its own cookies, PHONE unless told) on ``base_url``; all are
    closed at the end."""
    contexts = []

    def open_phone(**settings: Any) -> Page:
        context = browser.new_context(base_url=base_url, **{**PHONE, **settings})
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    try:
        yield open_phone
    finally:
        for context in contexts:
            _close(context)


def _close(context: BrowserContext) -> None:
    """Close a phone, unless a service worker runs in it.

    ``Page.close`` and ``BrowserContext.close`` have no time limit, and on a loaded
    machine Chromium now and then never finished closing a page that a service
    worker controlled after offline emulation (about one run in ten with both cores
    busy; leaving for about:blank first did not help): the test's xdist worker hung
    until the suite's ten-minute limit killed it. Such a phone is left open, and
    goes with the browser at the end of the session.
    """
    if context.service_workers:
        context.unroute_all(behavior="ignoreErrors")
        return
    context.close()


def launch(playwright: Playwright) -> Browser:
    """Debian's headless Chromium (never a downloaded one)."""
    executable = shutil.which("chromium")
    if executable is None:
        raise LookupError(
            "Debian's chromium is not installed: apt-get install chromium"
        )
    return playwright.chromium.launch(
        executable_path=executable, args=CHROMIUM_ARGS, headless=True
    )


@contextmanager
def browsing(name: str) -> Iterator[tuple[str, Browser]]:
    """The app served on a fresh SQLite file and Debian's Chromium: (its URL, the
    browser), both closed at the end. For the scripts that drive the pages
    (scripts/screenshots.py, scripts/audits.py)."""
    from playwright.sync_api import sync_playwright

    with (
        tempfile.TemporaryDirectory() as tmp,
        served(Path(tmp) / f"{name}.sqlite") as url,
        sync_playwright() as playwright,
    ):
        browser = launch(playwright)
        try:
            yield url, browser
        finally:
            browser.close()
