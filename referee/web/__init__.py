"""The web layer: pages and the JSON API over the ledger; no rule logic lives here."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask import Response
from flask import request
from flask_wtf.csrf import CSRFProtect

from referee.web import access

csrf = CSRFProtect()

CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def init_app(app: Flask) -> None:
    from referee.web import api
    from referee.web import assets
    from referee.web import compression
    from referee.web import edge
    from referee.web import errors
    from referee.web import handicaps
    from referee.web import leagues
    from referee.web import live
    from referee.web import matches
    from referee.web import pages
    from referee.web import players
    from referee.web import pwa
    from referee.web import rules
    from referee.web import session
    from referee.web import templating
    from referee.web import tools
    from referee.web import tournaments

    # Registered first so that it runs after every other after_request hook and
    # compresses the body as finally sent.
    compression.init_app(app)
    assets.init_app(app, Path(app.config["STATIC_FOLDER"]))
    session.init_app(app)
    edge.init_app(app)  # hostile input is refused before any other hook reads it
    csrf.init_app(app)
    # The API authenticates with a bearer header, never a cookie, so a cross-site form
    # cannot ride on it: CSRF tokens guard the cookie-authenticated pages only.
    csrf.exempt(api.bp)
    csrf.exempt(tournaments.api_bp)
    csrf.exempt(leagues.bp)
    csrf.exempt(players.api_bp)
    # Before every other hook (a night's grants are read by one): an old cookie's
    # plain keys become hashes on first use.
    app.before_request(access.upgrade_session)
    app.register_blueprint(pages.bp)
    app.register_blueprint(matches.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(tools.bp)
    app.register_blueprint(handicaps.bp)
    app.register_blueprint(tournaments.bp)
    app.register_blueprint(tournaments.api_bp)
    app.register_blueprint(leagues.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(pwa.bp)
    app.register_blueprint(players.bp)
    app.register_blueprint(players.api_bp)
    errors.init_app(app)
    templating.init_app(app)
    app.after_request(_headers)
    app.json.sort_keys = False  # type: ignore[attr-defined]


def _headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault(
        "Strict-Transport-Security", "max-age=31536000; includeSubDomains"
    )
    if access.stored_nowhere():
        # A page that shows a PIN, a key or a claim code: no copy anywhere, not even
        # the service worker's offline one (static/sw.js honours no-store).
        response.headers["Cache-Control"] = "no-store"
    elif request.method == "GET" and response.mimetype == "text/html":
        # Any other page may be kept for offline use, but is always asked for again.
        response.headers.setdefault("Cache-Control", "private, no-cache")
    return response
