"""Shared pieces of the OpenAPI document: problem answers, path parameters, refs."""

from __future__ import annotations

from functools import cache
from typing import Any

from referee.games import text
from referee.games.base import EventKind
from referee.games.base import Game
from referee.games.fields import MAX_NAME
from referee.web import paging

JSONSchema = dict[str, Any]


PROBLEM = "application/problem+json"


def _name(game: Game, kind: EventKind | None = None) -> str:
    base = "".join(p.title() for p in game.id.split("-"))
    return f"{base}{''.join(p.title() for p in kind.type.split('_'))}" if kind else base


@cache
def _get(summary: str, schema: str, op: str) -> JSONSchema:
    return {
        "operationId": op,
        "summary": summary,
        "responses": {"200": _json_ref(schema)},
    }


def read_one(op: str, summary: str, schema: str, param: JSONSchema) -> JSONSchema:
    """GET of one thing by its path parameter ``param``: ``schema``, or 404."""
    return {
        "get": {
            "operationId": op,
            "summary": summary,
            "parameters": [param],
            "responses": {"200": _json_ref(schema), "404": _problem_ref()},
        }
    }


def _json_ref(schema: str, description: str = "OK") -> JSONSchema:
    return {"description": description, "content": json_content(schema)}


def _problem_ref(description: str = "A problem") -> JSONSchema:
    return {
        "description": description,
        "content": {PROBLEM: {"schema": {"$ref": "#/components/schemas/Problem"}}},
    }


def _path(name: str, example: Any) -> JSONSchema:
    return {
        "name": name,
        "in": "path",
        "required": True,
        "schema": {"type": "string"},
        "example": example,
    }


def edit_key_problems(unprocessable: str) -> JSONSchema:
    """The problems of a match's write with its edit key and no Idempotency-Key."""
    return {
        "401": _problem_ref("No edit key"),
        "403": _problem_ref("Not the match's edit key"),
        "404": _problem_ref("No such match"),
        "422": _problem_ref(unprocessable),
    }


IDEMPOTENCY_KEY: JSONSchema = {"$ref": "#/components/parameters/IdempotencyKey"}
TOURNAMENT_ID = "q7m2x9k4pa"


def keyed(
    op: str,
    summary: str,
    key: str,
    parameters: list[JSONSchema],
    body: JSONSchema | None,
    responses: JSONSchema,
) -> JSONSchema:
    """A write that sends a bearer key (``key``: editKey or tournamentKey)."""
    return operation(op, summary, parameters, responses, body, [{key: []}])


def operation(
    op: str,
    summary: str,
    parameters: list[JSONSchema],
    responses: JSONSchema,
    body: JSONSchema | None = None,
    security: list[JSONSchema] | None = None,
) -> JSONSchema:
    """An operation: its id, summary, security, parameters, body and answers."""
    out: JSONSchema = {"operationId": op, "summary": summary}
    if security is not None:
        out["security"] = security
    out["parameters"] = parameters
    if body is not None:
        out["requestBody"] = body
    out["responses"] = responses
    return out


def tournament_write(
    op: str, summary: str, body: JSONSchema, forbidden: str
) -> JSONSchema:
    """A tournament's write with an Idempotency-Key; 403 ``forbidden``."""
    return keyed(
        op,
        summary,
        "tournamentKey",
        [_path("id", TOURNAMENT_ID), IDEMPOTENCY_KEY],
        body,
        {
            **_write_responses(),
            "201": _json_ref(
                "TournamentRecorded",
                "Recorded (a retry with the same Idempotency-Key returns the first "
                "seq and ruling, with Idempotent-Replayed: true)",
            ),
            "403": _problem_ref(forbidden),
        },
    )


def _write_responses() -> JSONSchema:
    return {
        "201": _json_ref(
            "Recorded",
            "Recorded (a retry with the same Idempotency-Key "
            "returns the first answer, with Idempotent-Replayed: true)",
        ),
        "400": _problem_ref(
            "Idempotency-Key missing, or not printable text of at most 255 characters"
        ),
        "401": _problem_ref("No edit key"),
        "403": _problem_ref(
            "Wrong edit key, or in confirmation mode a side's key undoing or "
            "correcting another side's entry"
        ),
        "404": _problem_ref("No such match"),
        "409": _problem_ref(
            "Refused by the rules (with the ruling), stale expected_seq (with the "
            "current seq), or an Idempotency-Key reused with another body"
        ),
        "422": _problem_ref("Bad input"),
        "503": _problem_ref(
            "The database did not answer (restarting or out of reach): retry "
            "after Retry-After seconds with the same Idempotency-Key"
        ),
    }


NAME: JSONSchema = {
    "type": "string",
    "minLength": 1,
    "maxLength": MAX_NAME,
    # a character Python's str.split() keeps: ECMA's \S lets \x1c-\x1f and \x85 by
    "pattern": r"[^\s\x1c-\x1f\x85]",
    "description": "Runs of spaces count as one; names differ ignoring case. "
    "Text: no NUL, lone surrogate or control character (422); stored in NFC.",
}
TITLE: JSONSchema = {
    "type": "string",
    "maxLength": text.LIMITS["title"],
    "description": f"Shown above the board; at most {text.LIMITS['title']} "
    "characters (422 beyond). Text: no NUL, lone surrogate or control character.",
}


EXPECTED_SEQ: JSONSchema = {
    "type": ["integer", "null"],
    "minimum": 0,
    "description": "The seq you last saw (409 if the log has moved on); null or "
    "left out: no check.",
}


def paging_params() -> list[JSONSchema]:
    """The cursor of a paged log: ``after`` a seq, ``limit`` rows."""
    return [
        {
            "name": "after",
            "in": "query",
            "required": False,
            "description": "Rows after this seq (0, the default: from the start).",
            "schema": {
                "type": "integer",
                "minimum": 0,
                "maximum": paging.MAX_SEQ,
                "default": 0,
            },
            "example": 100,
        },
        {
            "name": "limit",
            "in": "query",
            "required": False,
            "description": f"Rows per page, at most {paging.MAX_LIMIT}.",
            "schema": {
                "type": "integer",
                "minimum": 1,
                "maximum": paging.MAX_LIMIT,
                "default": paging.DEFAULT_LIMIT,
            },
            "example": paging.DEFAULT_LIMIT,
        },
    ]


# --- builders: the schema shapes every part of the document repeats -----------------

REF = "#/components/schemas/"


def ref(name: str) -> JSONSchema:
    """A reference to the component schema ``name``."""
    return {"$ref": f"{REF}{name}"}


def array(items: JSONSchema) -> JSONSchema:
    return {"type": "array", "items": items}


def typed(**types: str | list[str]) -> JSONSchema:
    """Properties that are a JSON type each: ``typed(id="string")``."""
    return {name: {"type": t} for name, t in types.items()}


def obj(
    properties: JSONSchema,
    required: list[str] | None = None,
    *,
    description: str | None = None,
    closed: bool = False,
) -> JSONSchema:
    """An object schema: its description, required names and properties, in that
    order; ``closed``: no other property."""
    out: JSONSchema = {"type": "object"}
    if description is not None:
        out["description"] = description
    if required is not None:
        out["required"] = required
    out["properties"] = properties
    if closed:
        out["additionalProperties"] = False
    return out


def json_content(schema: str | JSONSchema, **example: Any) -> JSONSchema:
    """JSON content: the component ``schema`` (or a schema), with its ``example``
    or ``examples``."""
    return {
        "application/json": {
            "schema": ref(schema) if isinstance(schema, str) else schema,
            **example,
        }
    }


def json_body(
    schema: str | JSONSchema, required: bool = True, **example: Any
) -> JSONSchema:
    """A JSON request body (see ``json_content``)."""
    return {"required": required, "content": json_content(schema, **example)}
