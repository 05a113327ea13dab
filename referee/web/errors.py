"""Errors as pages for people and as problem+json (RFC 9457) for the API."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any
from typing import TypeVar

from flask import Flask
from flask import Response
from flask import abort
from flask import current_app
from flask import jsonify
from flask import render_template
from flask import request
from flask_wtf.csrf import CSRFError
from sqlalchemy import exc as sa
from werkzeug.exceptions import HTTPException

from referee import games
from referee import ledger
from referee.games.fields import label_of
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.inflight import RETRY_AFTER
from referee.inflight import InFlight


@dataclass(frozen=True)
class Outcome:
    """One situation's answer: its HTTP status, problem type and title.

    The API answers it as problem+json (``type`` is ``/api/v1/problems/<slug>``, or
    RFC 9457's ``about:blank`` for a plain HTTP status); a page answers the same
    status, with its own words for people (``page``, when they differ).
    """

    status: int
    slug: str
    title: str
    page: str = ""


# The one table: every outcome and problem of the API and the pages.
BAD_INPUT = Outcome(422, "bad-input", "Bad input", "That cannot be stored")
# a header the request edge refuses: not printable text, or too long
BAD_HEADER = Outcome(400, "bad-input", "Bad header", "That cannot be stored")
BAD_KEY_HEADER = Outcome(400, "idempotency-key", "Bad header", "That cannot be stored")
REFUSED = Outcome(409, "refused", "Refused by the rules")
STALE = Outcome(409, "stale", "Stale expected_seq")
KEY_MISSING = Outcome(400, "idempotency-key", "Idempotency-Key missing")
KEY_TOO_LONG = Outcome(400, "idempotency-key", "Idempotency-Key too long")
KEY_REUSED = Outcome(409, "idempotency-key", "Idempotency-Key reused")
IN_FLIGHT = Outcome(
    409,
    "in-flight",
    "A request with this key is in progress",
    "Still recording your last tap",
)
UNAUTHORIZED = Outcome(401, "unauthorized", "Unauthorized")
FORBIDDEN = Outcome(403, "forbidden", "Forbidden")
NOT_FOUND = Outcome(404, "not-found", "Not Found")
TOO_MANY_PINS = Outcome(429, "too-many-pins", "Too many wrong PINs")
UNAVAILABLE = Outcome(503, "unavailable", "Database unavailable", "Back in a moment")
FORM_EXPIRED = Outcome(400, "about:blank", "This form has expired")
INTERNAL = Outcome(500, "about:blank", "Internal Server Error", "Something went wrong")
# The status of a reused key, for code written before the table: ``status_of(err)``.
KEY_REUSED_STATUS = KEY_REUSED.status

# What each problem type means (``GET /api/v1/problems/<slug>``).
PROBLEMS = {
    "bad-input": "The request cannot describe anything real; nothing was stored.",
    "refused": "The rules do not allow that now; nothing was stored.",
    "stale": "The match moved on since you looked; nothing was stored.",
    "idempotency-key": "The Idempotency-Key header is missing or too long (400), or "
    "was already used for a different request (409: send a new key for a new "
    "request).",
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

# What a write may raise instead of its answer, and the outcome of each.
RAISED: tuple[tuple[type[Exception], Outcome], ...] = (
    (BadInput, BAD_INPUT),
    (Refused, REFUSED),
    (ledger.Stale, STALE),
    (ledger.KeyReused, KEY_REUSED),
    (ledger.NotFound, NOT_FOUND),
    (ledger.Forbidden, FORBIDDEN),
    (InFlight, IN_FLIGHT),
)
# A write's refusals: nothing was stored, and the page or the API says why.
REFUSALS = (BadInput, Refused, ledger.Stale, ledger.KeyReused)
# The outcome of an HTTP error by its status, where the table names one.
BY_STATUS = {o.status: o for o in (UNAUTHORIZED, FORBIDDEN, NOT_FOUND)}


def outcome_of(err: BaseException) -> Outcome:
    """The table's outcome for what a write raised."""
    for kind, outcome in RAISED:
        if isinstance(err, kind):
            return outcome
    raise TypeError(f"no outcome for {type(err).__name__}")


def edge_outcome(field: str, status: int) -> Outcome:
    """The outcome of a part of a request the edge refuses (``web/edge.py``): a bad
    id in the path, a header, or a body too deep, too large or not text."""
    if status == NOT_FOUND.status:
        return NOT_FOUND
    if status == BAD_INPUT.status:
        return BAD_INPUT
    return BAD_KEY_HEADER if field == "Idempotency-Key" else BAD_HEADER


def status_of(err: BaseException) -> int:
    """The HTTP status of what a write raised, for a page answering it."""
    return outcome_of(err).status


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


def page_error(err: BaseException) -> str:
    """What a page says of a refused write (its status: ``status_of``), in the
    players' words: bad input names the field as the form labels it and gives an
    example as the form takes it, never a quoted API name or JSON; a refusal says
    the rulebook's sentence (the page adds its rule links)."""
    if isinstance(err, ledger.KeyReused):
        # Two different writes from one page: the first was recorded, this was not.
        return (
            "That came from a page that had already sent something else; it was "
            "not recorded. Check the board and try again."
        )
    if isinstance(err, BadInput):
        return bad_input_words(err)
    if isinstance(err, Refused):
        return err.ruling.summary
    return str(err)


QUOTED = re.compile(r"(Option )?'([a-z]+(?:_[a-z0-9]+)*)'")


@cache
def field_labels() -> dict[str, str]:
    """Every event field's label by its name (a message may name another field)."""
    labels: dict[str, str] = {}
    for game in games.registry().values():
        for kind in game.events:
            for f in kind.fields:
                labels.setdefault(f.name, f.label)
    return labels


def bad_input_words(err: BadInput) -> str:
    """A ``BadInput`` as a page says it: "Position is a whole number; 'x' given.
    For example: 7." (the API's: "'position' is a whole number; ... Example: {...}").

    The field in quotes becomes its label, and so does any other event field a
    message names ("send no 'position' or 'card'": "send no position or card").
    """
    name = err.field.rsplit(".", 1)[-1]  # "options.target": the option "target"
    labels = {**field_labels(), name: err.label or label_of(name)}

    def label(m: re.Match[str]) -> str:
        word = m[2]
        if word not in labels or (m[1] and word != name):
            return m[0]
        said = labels[word]
        # mid-sentence a label is a word of the sentence; at its start, capitalised
        return said if m.start() == 0 else said[:1].lower() + said[1:]

    text = QUOTED.sub(label, err.message)
    text = text[:1].upper() + text[1:]
    if err.sample and "e.g." not in text and "example" not in text.lower():
        text = f"{text} For example: {err.sample}."
    return text


def answer(outcome: Outcome, detail: str, **extra: Any) -> Response:
    """The problem+json answer of a row of the table."""
    return problem(outcome.status, outcome.slug, outcome.title, detail, **extra)


def problem_of(err: BaseException) -> Response:
    """What a write raised, as problem+json: the same answer on every route.

    Bad input names its fields (``errors``), a refusal carries the ruling, a stale
    write the current ``seq``, a reused key names the header.
    """
    outcome = outcome_of(err)
    if isinstance(err, BadInput):
        errors = err.errors
        return answer(outcome, next(iter(errors.values())), errors=errors)
    if isinstance(err, Refused):
        return answer(outcome, err.ruling.summary, ruling=err.ruling.to_json())
    if isinstance(err, ledger.Stale):
        return answer(outcome, str(err), seq=err.current)
    if isinstance(err, ledger.KeyReused):
        return key_reused(str(err))
    return answer(outcome, str(err))


def key_reused(detail: str) -> Response:
    """409: an idempotency key came back with a different request (one answer for
    every route that takes a key, API and outbox alike)."""
    return answer(KEY_REUSED, detail, errors={"Idempotency-Key": detail})


T = TypeVar("T")


def found(
    get: Callable[[str], T], key: str, missing: type[Exception], detail: str = ""
) -> T:
    """``get(key)``; 404 if it raises ``missing`` (``detail``, or what it said)."""
    try:
        return get(key)
    except missing as err:
        abort(404, detail or str(err))


def bad_input(errors: dict[str, str]) -> Response:
    """422 naming each field that is wrong (the first one's message as detail)."""
    return answer(BAD_INPUT, next(iter(errors.values())), errors=errors)


def wants_json() -> bool:
    if request.path.startswith("/api/"):
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and not request.accept_mimetypes["text/html"]


def respond(outcome: Outcome, detail: str, page: str | None) -> Response:
    """The outcome as problem+json (the API, an outbox) or as a page for people,
    each in its own words: ``detail`` for a program, ``page`` for a person."""
    if wants_json():
        return answer(outcome, detail)
    html = render_template(
        "error.html",
        code=outcome.status,
        title=outcome.page or outcome.title,
        detail=page,
    )
    return current_app.make_response((html, outcome.status))


def init_app(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(err: CSRFError) -> Any:
        return respond(
            FORM_EXPIRED,
            # an outbox replaying a queued form
            "The page this was entered on has expired: reload it and enter it again.",
            "The page was open too long or came from elsewhere. Go back, reload "
            "the page and try again.",
        )

    @app.errorhandler(InFlight)
    def in_flight(err: InFlight) -> Any:
        # The IETF Idempotency-Key draft: a retry while the first request is still
        # being processed is a conflict; the client resends it, unchanged, later.
        response = respond(
            IN_FLIGHT,
            str(err),
            "That was sent twice: the first is still being recorded. Look at the "
            "board in a moment: it is entered once.",
        )
        response.headers["Retry-After"] = str(RETRY_AFTER)
        return response

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException) -> Any:
        code = err.code or 500
        outcome = BY_STATUS.get(code) or Outcome(code, "about:blank", err.name)
        response = respond(outcome, err.description or "", err.description)
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
        return respond(
            INTERNAL,
            "Something went wrong on our side. Read the match before you retry: "
            "a retry with the same Idempotency-Key is always safe.",
            "That was our fault, not yours. Look at the board before you "
            "enter it again: it may or may not have been recorded.",
        )


def unavailable(err: BaseException) -> Any:
    """503 with Retry-After: the write was not acknowledged, and is safe to retry.

    A transaction cut off by a lost connection is rolled back whole by the database,
    or, if the connection went at the commit itself, committed whole: a retry with
    the same Idempotency-Key then returns the stored answer. Either way nothing is
    half-written, and SQLAlchemy has already discarded the broken connections.
    """
    # One line, no stack trace: an outage is the operator's news, not a bug.
    current_app.logger.warning(
        "database unavailable on %s %s: %s",
        request.method,
        request.path,
        (str(getattr(err, "orig", None) or err).strip().splitlines() or [""])[0][:200],
    )
    response = respond(
        UNAVAILABLE,
        "The scores' database did not answer; nothing new was acknowledged. "
        f"Retry in {DB_RETRY_AFTER} seconds with the same Idempotency-Key: it is "
        "recorded once however many times it is sent.",
        "The scores' database is restarting or out of reach. Wait a few seconds, "
        "look at the board, then enter it again if it is not there.",
    )
    response.headers["Retry-After"] = str(DB_RETRY_AFTER)
    response.headers["Cache-Control"] = "no-store"
    return response
