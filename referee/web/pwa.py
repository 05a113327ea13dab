"""The installable app: its web app manifest and its service worker.

The service worker is ``static/sw.js`` served from the root (``/sw.js``, so that its
scope is every page), with the fingerprinted URLs of the files it keeps for offline
use written above it: a new deploy changes them, so browsers fetch the new worker.
"""

from __future__ import annotations

import hashlib
import json

from flask import Blueprint
from flask import Response
from flask import url_for

from referee.web.assets import asset_url
from referee.web.assets import assets

bp = Blueprint("pwa", __name__)

# What a phone with no signal needs to show a page it has opened before.
SHELL = ("style.css", "app.js", "live.js", "icon.svg", "icon-192.png")
NAME = "Referee"
THEME = "#14532d"


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    body = {
        "name": f"{NAME}: scorekeeper and rules",
        "short_name": NAME,
        "description": "Say what happened at the table; get the ruling and the score.",
        "start_url": url_for("pages.home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": [
            {"src": asset_url("icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": asset_url("icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": asset_url("icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": asset_url("icon-maskable.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    response = Response(json.dumps(body), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    shell = [asset_url(name) for name in SHELL]
    source = assets().get("sw.js").bodies["identity"].decode()
    version = hashlib.sha256((json.dumps(shell) + source).encode()).hexdigest()[:12]
    head = f"var ASSETS = {json.dumps(shell)};\nvar VERSION = {json.dumps(version)};\n"
    response = Response(head + source, mimetype="text/javascript")
    # Browsers look for a new worker at most daily anyway; never keep it longer.
    response.headers["Cache-Control"] = "no-cache"
    return response
