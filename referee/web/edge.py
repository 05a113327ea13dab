"""The request edge: every JSON body, form and data header checked once, as it is read.

Before any view runs, a request's input is held to ``referee.games.text``'s rules:

* a JSON body nests at most ``MAX_DEPTH`` levels (counted on the raw bytes, before
  the decoder recurses into them), no array or object holds more than ``MAX_ITEMS``
  items, and every string in it, keys included, is text (no NUL, lone surrogate or
  control character but tab and newline) of at most ``LIMITS["text"]`` characters;
  the body the views read (``request.get_json()``) is the checked one, in NFC;
* every form value is held to the same character rules;
* a header the app keeps as data (``Idempotency-Key``, ``Last-Event-ID``) is
  printable text within its length.

What fails is answered here, naming the field: 422 problem+json for the API (400
for a header, as for a missing one), a page for people. Each field's own length
(names, titles, stations, notes) is checked where that field is parsed, by
``text.check``, with the same messages.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask import Response
from flask import render_template
from flask import request

from referee.games import text
from referee.games.text import LIMITS
from referee.games.text import MAX_DEPTH
from referee.games.text import MAX_ITEMS
from referee.web import errors
from referee.web.errors import wants_json

# Headers whose values the app stores or compares as data, with their bound.
DATA_HEADERS = {"Idempotency-Key": LIMITS["key"], "Last-Event-ID": 40}
EXAMPLE_BODY = '{"game": "darts-301", "players": ["Ann", "Bob"]}'
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


class Refusal(Exception):
    """Input the edge refuses: which field, what is wrong, and the HTTP status."""

    def __init__(self, field: str, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.status = status


def init_app(app: Flask) -> None:
    app.before_request(check_request)


def check_request() -> Response | tuple[str, int] | None:
    """Refuse hostile input before any view reads it; None lets the request on."""
    try:
        _check_path()
        _check_headers()
        if request.is_json and request.content_length != 0:
            _check_json()
        elif request.mimetype in FORM_TYPES:
            _check_form()
    except Refusal as err:
        return _answer(err)
    return None


def read_json(raw: bytes) -> Any:
    """A JSON body, checked: ``Refusal`` for what the edge refuses, ``ValueError``
    for what is not JSON at all (the views say how to send it)."""
    depth = text.nesting(raw)
    if depth > MAX_DEPTH:
        raise Refusal(
            "body",
            f"The JSON body nests {depth} levels deep; at most {MAX_DEPTH} are "
            f"allowed. Example: {EXAMPLE_BODY}",
        )
    from flask import json

    return _checked(json.loads(raw), "body")


def _check_json() -> None:
    try:
        body = read_json(request.get_data(cache=True))
    except ValueError:
        return  # not JSON: each view answers that with an example of its own
    # What every view reads from here on: the checked body, strings in NFC.
    request._cached_json = (body, body)  # type: ignore[attr-defined]


def _checked(value: Any, path: str) -> Any:
    if isinstance(value, str):
        return _text(value, path)
    if isinstance(value, list):
        _count(value, path)
        return [_checked(v, f"{path}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, dict):
        _count(value, path)
        out = {}
        for key, v in value.items():
            name = _text(key, path)  # a key that is not text is named by its place
            out[name] = _checked(v, name if path == "body" else f"{path}.{name}")
        return out
    return value


def _count(value: list[Any] | dict[str, Any], path: str) -> None:
    if len(value) > MAX_ITEMS:
        raise Refusal(
            path,
            f"'{path}' holds {len(value)} items; a list or object in a request "
            f"holds at most {MAX_ITEMS} (most have a lower bound of their own: "
            "see docs/api.md). Example: " + EXAMPLE_BODY,
        )


def _text(value: str, path: str) -> str:
    limit = LIMITS["text"]
    try:
        cleaned = text.clean(value)
    except ValueError as err:
        raise Refusal(
            path,
            f"'{path}' holds {err}, which is not text: send it without, e.g. "
            f"{text.EXAMPLES['name']}.",
        ) from None
    if len(cleaned) > limit:
        raise Refusal(
            path,
            f"'{path}' has {len(cleaned)} characters; text in a request has at most "
            f"{limit}. Example: {text.EXAMPLES['name']}",
        )
    return cleaned


def _check_form() -> None:
    for name, value in request.form.items(multi=True):
        for part, what in ((name, "a field's name"), (value, name)):
            found = text.bad_char(part)
            if found:
                raise Refusal(
                    name,
                    f"'{what}' holds {found}, which is not text: type it again "
                    "without it, e.g. Ann.",
                )
            if len(part) > LIMITS["lines"]:
                raise Refusal(
                    name,
                    f"'{what}' has {len(part)} characters; a field has at most "
                    f"{LIMITS['lines']}.",
                )


def _check_path() -> None:
    """An id in the path that is not text names nothing here: 404 before any lookup
    (PostgreSQL refuses a NUL in a query parameter: a 500 if it reached the database).
    """
    for name, value in (request.view_args or {}).items():
        if isinstance(value, str) and (
            text.bad_char(value, multiline=False) or len(value) > LIMITS["text"]
        ):
            raise Refusal(
                name,
                f"There is no such {name.removesuffix('_id')} here: an id is letters "
                "and digits, like k3m9x2q7ab.",
                status=404,
            )


def _check_headers() -> None:
    for name, limit in DATA_HEADERS.items():
        value = request.headers.get(name)
        if value is None:
            continue
        found = text.bad_char(value, multiline=False)
        if found or len(value) > limit:
            what = found or f"{len(value)} characters (at most {limit})"
            raise Refusal(
                name,
                f"The {name} header holds {what}: send printable text of at most "
                f"{limit} characters. Example: {text.EXAMPLES['key']}",
                status=400,
            )


def _answer(err: Refusal) -> Response | tuple[str, int]:
    outcome = errors.edge_outcome(err.field, err.status)
    if outcome is errors.NOT_FOUND:  # the answer of every 404
        return errors.respond(outcome, err.message, err.message)
    if wants_json():
        return errors.answer(outcome, err.message, errors={err.field: err.message})
    return render_template(
        "error.html", code=outcome.status, title=outcome.page, detail=err.message
    ), outcome.status
