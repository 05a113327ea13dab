"""Errors as pages for people and as problem+json (RFC 9457) for the API."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask import Response
from flask import jsonify
from flask import render_template
from flask import request
from flask_wtf.csrf import CSRFError
from sqlalchemy import exc as sa
from werkzeug.exceptions import HTTPException

from referee.inflight import RETRY_AFTER
from referee.inflight import InFlight

PROBLEMS = {
    "bad-input": "The request cannot describe anything real; nothing was stored.",
    "refused": "The rules do not allow that now; nothing was stored.",
    "stale": "The match moved on since you looked; nothing was stored.",
    "idempotency-key": "The Idempotency-Key header is missing or too long (400), or "
    "was already used for a different request (422, as the IETF Idempotency-Key "
    "draft says: send a new key for a new request).",
    "too-many-pins": "Too many wrong guesses at this PIN in its ten-minute window: it "
    "is not checked until Retry-After seconds have passed (see docs/security.md).",
    "in-flight": "A request with this Idempotency-Key is still being processed (409): "
    "send it again after Retry-After seconds to get its answer.",
    "unauthorized": "Writes need 'Authorization: Bearer <edit_key>'.",
    "forbidden": "That edit key does not belong to this match.",
    "not-found": "No such match, game, rule or tool.",
    "unavailable": "The database did not answer (restarting, or unreachable); retry "
    "after Retry-After seconds with the same Idempotency-Key.",
}

# Seconds a client should wait before retrying while the database is unavailable: a
# PostgreSQL restart takes one to three; the retry finds the pool already mended.
DB_RETRY_AFTER = 2


def database_unavailable(err: BaseException) -> bool:
    """Whether ``err`` says the database is out of reach, not that a request is bad.

    A lost or refused connection, a server shutting down or restarting, a pool with
    no connection to give, and SQLite's "database is locked" all pass once the
    database answers again. Constraint violations, bad data and programming errors
    are not among them: those stay 500s (and are bugs to fix).
    """
    if isinstance(err, (sa.DisconnectionError, sa.TimeoutError)):
        return True
    if isinstance(err, sa.DBAPIError):
        return err.connection_invalidated or isinstance(
            err, (sa.OperationalError, sa.InterfaceError)
        )
    return False


def problem(status: int, slug: str, title: str, detail: str, **extra: Any) -> Response:
    body = {
        # "about:blank" is RFC 9457's type for a plain HTTP status with no more meaning
        "type": slug if slug == "about:blank" else f"/api/v1/problems/{slug}",
        "title": title,
        "status": status,
        "detail": detail,
        **extra,
    }
    response = jsonify(body)
    response.status_code = status
    response.mimetype = "application/problem+json"
    return response


KEY_REUSED_STATUS = 422  # the IETF Idempotency-Key draft, section 2.7


def key_reused(detail: str) -> Response:
    """422: an idempotency key came back with a different request (one answer for
    every route that takes a key, API and outbox alike)."""
    return problem(
        KEY_REUSED_STATUS,
        "idempotency-key",
        "Idempotency-Key reused",
        detail,
        errors={"Idempotency-Key": detail},
    )


def wants_json() -> bool:
    if request.path.startswith("/api/"):
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and not request.accept_mimetypes["text/html"]


def init_app(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(err: CSRFError) -> Any:
        if wants_json():  # an outbox replaying a queued form
            return problem(
                400,
                "about:blank",
                "This form has expired",
                "The page this was entered on has expired: reload it and enter "
                "it again.",
            )
        return render_template(
            "error.html",
            code=400,
            title="This form has expired",
            detail="The page was open too long or came from elsewhere. Go back, reload "
            "the page and try again.",
        ), 400

    @app.errorhandler(InFlight)
    def in_flight(err: InFlight) -> Any:
        # The IETF Idempotency-Key draft: a retry while the first request is still
        # being processed is a conflict; the client resends it, unchanged, later.
        if wants_json():
            response = problem(
                409, "in-flight", "A request with this key is in progress", str(err)
            )
        else:
            response = app.make_response(
                (
                    render_template(
                        "error.html",
                        code=409,
                        title="Still recording your last tap",
                        detail="That was sent twice: the first is still being "
                        "recorded. Look at the board in a moment: it is entered once.",
                    ),
                    409,
                )
            )
        response.headers["Retry-After"] = str(RETRY_AFTER)
        return response

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException) -> Any:
        code = err.code or 500
        if wants_json():
            slug = {404: "not-found", 401: "unauthorized", 403: "forbidden"}.get(
                code, "about:blank"
            )
            response = problem(code, slug, err.name, err.description or "")
        else:
            response = app.make_response(
                (
                    render_template(
                        "error.html", code=code, title=err.name, detail=err.description
                    ),
                    code,
                )
            )
        # Keep what the exception says beyond its body: a 405's Allow (RFC 9110
        # 15.5.6), a 401's WWW-Authenticate, a 429's Retry-After.
        for name, value in err.get_headers():
            if name.lower() != "content-type":
                response.headers[name] = value
        return response

    @app.errorhandler(Exception)
    def unexpected(err: Exception) -> Any:
        if database_unavailable(err):
            return unavailable(err)
        # Log with the stack trace, but never show one to a player.
        app.logger.exception("unhandled error on %s %s", request.method, request.path)
        if wants_json():
            return problem(
                500,
                "about:blank",
                "Internal Server Error",
                "Something went wrong on our side. Read the match before you retry: "
                "a retry with the same Idempotency-Key is always safe.",
            )
        return render_template(
            "error.html",
            code=500,
            title="Something went wrong",
            detail="That was our fault, not yours. Look at the board before you "
            "enter it again: it may or may not have been recorded.",
        ), 500


def unavailable(err: BaseException) -> Any:
    """503 with Retry-After: the write was not acknowledged, and is safe to retry.

    A transaction cut off by a lost connection is rolled back whole by the database,
    or, if the connection went at the commit itself, committed whole: a retry with
    the same Idempotency-Key then returns the stored answer. Either way nothing is
    half-written, and SQLAlchemy has already discarded the broken connections.
    """
    from flask import current_app

    # One line, no stack trace: an outage is the operator's news, not a bug.
    current_app.logger.warning(
        "database unavailable on %s %s: %s",
        request.method,
        request.path,
        (str(getattr(err, "orig", None) or err).strip().splitlines() or [""])[0][:200],
    )
    if wants_json():
        response = problem(
            503,
            "unavailable",
            "Database unavailable",
            "The scores' database did not answer; nothing new was acknowledged. "
            f"Retry in {DB_RETRY_AFTER} seconds with the same Idempotency-Key: it is "
            "recorded once however many times it is sent.",
        )
    else:
        response = current_app.make_response(
            (
                render_template(
                    "error.html",
                    code=503,
                    title="Back in a moment",
                    detail="The scores' database is restarting or out of reach. "
                    "Wait a few seconds, look at the board, then enter it again if "
                    "it is not there.",
                ),
                503,
            )
        )
    response.headers["Retry-After"] = str(DB_RETRY_AFTER)
    response.headers["Cache-Control"] = "no-store"
    return response
