"""Referee: a referee and scorekeeper for physical play."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The application factory: defaults, then the instance config, then overrides."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=None,  # served by referee.web.assets, fingerprinted
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=database_url(
            os.environ.get("DATABASE_URL")
            or f"sqlite:///{Path(app.instance_path) / 'referee.sqlite'}"
        ),
        MAX_CONTENT_LENGTH=64 * 1024,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 90,
        # The cookie is written only when the session changes. Written back on every
        # response, a request that read it before a change (the service worker's
        # fetch of the assets, say) put the old session back after the page that
        # made the change: its form token gone, the scorer's next tap was refused.
        SESSION_REFRESH_EACH_REQUEST=False,
        WTF_CSRF_TIME_LIMIT=None,  # a match page may stay open all evening
        JSON_SORT_KEYS=False,
        STATIC_FOLDER=str(ROOT / "static"),
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("REFEREE")
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    app.config["SQLALCHEMY_DATABASE_URI"] = database_url(
        app.config["SQLALCHEMY_DATABASE_URI"]
    )

    from referee import db
    from referee import models  # noqa: F401  (registers the tables on db's metadata)
    from referee import web

    db.init_app(app)
    web.init_app(app)
    return app


def database_url(url: str) -> str:
    """Use the psycopg 3 driver for PostgreSQL URLs given in the common short forms."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _instance_secret(instance: Path) -> str:
    """A secret key kept in the instance folder, so sessions survive restarts."""
    path = instance / "secret_key"
    if path.exists():
        return path.read_text().strip()
    # gunicorn's workers start together: the first link wins and every worker reads
    # the winner's key (two keys would split sessions and stored-key hashes).
    draft = instance / f".secret_key.{os.getpid()}"
    draft.write_text(secrets.token_hex(32))
    draft.chmod(0o600)
    try:
        os.link(draft, path)
    except FileExistsError:
        pass
    finally:
        draft.unlink()
    return path.read_text().strip()
