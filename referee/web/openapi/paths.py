"""The core paths of the OpenAPI document: the games and their rules, the matches
(create, read, write, join, PIN) and the document itself."""

from __future__ import annotations

from typing import Any

from referee.games.base import Game
from referee.web import paging
from referee.web.openapi import limits
from referee.web.openapi.common import IDEMPOTENCY_KEY
from referee.web.openapi.common import NAME
from referee.web.openapi.common import _get
from referee.web.openapi.common import _json_ref
from referee.web.openapi.common import _path
from referee.web.openapi.common import _problem_ref
from referee.web.openapi.common import _write_responses
from referee.web.openapi.common import edit_key_problems
from referee.web.openapi.common import json_body
from referee.web.openapi.common import json_content
from referee.web.openapi.common import keyed
from referee.web.openapi.common import obj
from referee.web.openapi.common import operation
from referee.web.openapi.common import paging_params
from referee.web.openapi.common import read_one
from referee.web.openapi.common import typed
from referee.web.openapi.handicaps import NEW_MATCH_EXAMPLES
from referee.web.openapi.matches import _match_links
from referee.web.openapi.matches import _new_match_example
from referee.web.openapi.matches import _recorded_links

JSONSchema = dict[str, Any]
WRITE_PARAMS = [IDEMPOTENCY_KEY]


def match_paths(
    registry: dict[str, Game], examples: JSONSchema, answers: JSONSchema
) -> JSONSchema:
    """Every path under ``/api/v1/matches``, in the document's order."""
    return {
        **_create_path(registry),
        **_read_paths(),
        **_event_paths(examples, answers),
        **_correction_paths(),
        **_rematch_path(),
        **_join_path(),
        **_pin_path(),
    }


def _create_path(registry: dict[str, Game]) -> JSONSchema:
    """Start a match."""
    return {
        "/api/v1/matches": {
            "post": operation(
                "createMatch",
                "Start a match",
                [
                    {
                        "name": "Idempotency-Key",
                        "in": "header",
                        "required": False,
                        "description": "Optional: a retry with the same key and "
                        "body returns the first match (a random UUID; another "
                        "body with the same key is 409; a blank one is none).",
                        "schema": {
                            "type": "string",
                            "maxLength": 255,
                            "pattern": limits.OPTIONAL_HEADER_PATTERN,
                        },
                    }
                ],
                {
                    "201": {
                        **_json_ref("CreatedMatch", "Created; keep the edit_key."),
                        "links": _match_links(),
                    },
                    "400": _problem_ref(
                        "Idempotency-Key not printable text of at most 255 characters"
                    ),
                    "409": _problem_ref("The Idempotency-Key reused with another body"),
                    "422": _problem_ref(),
                },
                json_body(
                    "NewMatch",
                    examples={
                        **{
                            g.id: {"value": _new_match_example(g)}
                            for g in registry.values()
                        },
                        **NEW_MATCH_EXAMPLES,
                    },
                ),
            )
        },
    }


def _read_paths() -> JSONSchema:
    """A match and its history."""
    return {
        "/api/v1/matches/{id}": read_one(
            "getMatch",
            "A match: setup, status, last seq, scoreboard",
            "Match",
            _path("id", "k3m9x2q7ab"),
        ),
        "/api/v1/matches/{id}/history": read_one(
            "getMatchHistory",
            "Every hand, deal or frame so far, folded from the log "
            "(the scoreboard's detail.history keeps the latest 32)",
            "MatchHistory",
            _path("id", "k3m9x2q7ab"),
        ),
    }


def _event_paths(examples: JSONSchema, answers: JSONSchema) -> JSONSchema:
    """The log: read a page of it, or add an event (with every kind's examples)."""
    return {
        "/api/v1/matches/{id}/events": {
            "get": {
                "operationId": "listEvents",
                "summary": "The log a page at a time, in seq order, with rulings "
                "and what was voided",
                "description": "Without parameters: the first page (seq 1 on, "
                f"{paging.DEFAULT_LIMIT} rows). The next page is "
                "`?after=<the last seq shown>`, given whole in the `Link` header "
                "(rel=next) and in `next`; the last page has neither. Rows are "
                "only ever appended, so pages read while a match goes on join "
                "without a gap or a repeat.",
                "parameters": [_path("id", "k3m9x2q7ab"), *paging_params()],
                "responses": {
                    "200": {
                        **_json_ref("EventLog"),
                        "headers": {
                            "Link": {
                                "description": "RFC 8288: the next page, "
                                "`</api/v1/matches/{id}/events?after=100"
                                '&limit=100>; rel="next"` (a reference relative '
                                "to this request); absent on the last page",
                                "schema": {"type": "string"},
                            }
                        },
                    },
                    "404": _problem_ref(),
                    "422": _problem_ref(
                        "'after' or 'limit' not a whole number in range (errors "
                        "names it)"
                    ),
                },
            },
            "post": keyed(
                "addEvent",
                "Report what happened",
                "editKey",
                [_path("id", "k3m9x2q7ab"), *WRITE_PARAMS],
                json_body("EventRequest", examples=examples),
                {
                    **_write_responses(),
                    "201": {
                        **_json_ref(
                            "Recorded",
                            "Recorded; the answer to each "
                            "request example, under the same name",
                        ),
                        "content": json_content("Recorded", examples=answers),
                        "links": _recorded_links(),
                    },
                },
            ),
        },
    }


def _previewed() -> JSONSchema:
    return {
        "200": _json_ref(
            "CorrectionPreview",
            "A dry run (dry_run: true): what the correction would change; "
            "nothing stored",
        )
    }


def _correction_paths() -> JSONSchema:
    """Correct an earlier event, or void one."""
    return {
        "/api/v1/matches/{id}/events/{seq}": {
            "put": keyed(
                "amendEvent",
                "Correct an earlier event (appended as a correction)",
                "editKey",
                [
                    _path("id", "k3m9x2q7ab"),
                    {**_path("seq", 1), "schema": {"type": "integer"}},
                    *WRITE_PARAMS,
                ],
                json_body("AmendRequest"),
                {**_write_responses(), **_previewed()},
            )
        },
        "/api/v1/matches/{id}/undo": {
            "post": keyed(
                "undo",
                "Void the last event (or 'target', an earlier one)",
                "editKey",
                [_path("id", "k3m9x2q7ab"), *WRITE_PARAMS],
                json_body("UndoRequest", required=False, example={"expected_seq": 3}),
                {**_write_responses(), **_previewed()},
            )
        },
    }


def _rematch_path() -> JSONSchema:
    """The same match again."""
    return {
        "/api/v1/matches/{id}/rematch": {
            "post": keyed(
                "rematch",
                "A new match with the same game, players, teams, "
                "options and title (a retry with the same Idempotency-Key "
                "returns the first one)",
                "editKey",
                [_path("id", "k3m9x2q7ab"), *WRITE_PARAMS],
                None,
                {
                    "201": _json_ref("CreatedMatch", "Created; keep the new edit_key."),
                    "400": _problem_ref("Idempotency-Key missing"),
                    "401": _problem_ref("No edit key"),
                    "403": _problem_ref("Wrong edit key"),
                    "404": _problem_ref("No such match"),
                    "409": _problem_ref(
                        "A tournament table's game, or the Idempotency-Key reused "
                        "for another match's rematch"
                    ),
                    "422": _problem_ref("A body was sent"),
                },
            )
        },
    }


def _join_path() -> JSONSchema:
    """A second scorer's app joining by PIN."""
    return {
        "/api/v1/matches/{id}/join": {
            "post": operation(
                "joinByPin",
                "The match's edit key for its six-digit PIN (a second "
                "scorer's app). At most ten wrong PINs per match per ten "
                "minutes, however many arrive at once; then 429 with "
                "Retry-After (seconds) until the window ends, for that match's "
                "PIN only (docs/security.md).",
                [_path("id", "k3m9x2q7ab")],
                {
                    "200": {
                        "description": "Joined: keep the edit key",
                        "content": {
                            "application/json": {
                                "schema": obj(
                                    typed(id="string", edit_key="string"),
                                    ["id", "edit_key"],
                                )
                            }
                        },
                    },
                    "403": _problem_ref("Not this match's PIN now"),
                    "404": _problem_ref("No such match"),
                    "409": _problem_ref(
                        "A tournament table's game (joined on the night's page)"
                    ),
                    "422": _problem_ref("No PIN, or not a PIN"),
                    "429": {
                        **_problem_ref(
                            "Too many wrong PINs at this match's PIN: wait "
                            "Retry-After seconds, scan the QR code, or ask the "
                            "scorer for a new PIN"
                        ),
                        "headers": {
                            "Retry-After": {
                                "description": "Seconds until the PIN is checked again",
                                "schema": {"type": "integer", "minimum": 1},
                            }
                        },
                    },
                },
                json_body(
                    {
                        "type": "object",
                        "required": ["pin"],
                        "additionalProperties": False,
                        "properties": {
                            "pin": {"type": "string", "minLength": 6, "maxLength": 12}
                        },
                    },
                    example={"pin": "482913"},
                ),
            )
        },
    }


def _pin_path() -> JSONSchema:
    """A new PIN for the match."""
    return {
        "/api/v1/matches/{id}/pin": {
            "post": keyed(
                "newPin",
                "A new six-digit PIN for the match: the old one stops "
                "working at once, and its count of wrong guesses goes with it; "
                "the scorer link (QR) keeps working. No body and no "
                "Idempotency-Key: a retry draws another PIN, and each answer "
                "carries the one in force.",
                "editKey",
                [_path("id", "k3m9x2q7ab")],
                None,
                {
                    "200": {
                        "description": "The new PIN",
                        "content": {
                            "application/json": {
                                "schema": obj(
                                    {
                                        "id": {"type": "string"},
                                        "pin": {
                                            "type": "string",
                                            "pattern": "^[0-9]{6}$",
                                        },
                                    },
                                    ["id", "pin"],
                                ),
                                "example": {"id": "k3m9x2q7ab", "pin": "482913"},
                            }
                        },
                    },
                    **edit_key_problems("A body was sent"),
                },
            )
        },
    }


def game_paths(first: Game) -> JSONSchema:
    """The games and their rulebooks; ``first`` names the examples."""
    return {
        "/api/v1/games": {"get": _get("Every game", "GameList", "listGames")},
        "/api/v1/games/{game}": {
            "get": {
                **_get("One game", "Game", "getGame"),
                "parameters": [_path("game", first.id)],
                "responses": {"200": _json_ref("Game"), "404": _problem_ref()},
            }
        },
        "/api/v1/games/{game}/rules": {
            "get": {
                **_get("A game's rulebook", "Rulebook", "getRules"),
                "parameters": [_path("game", first.id)],
                "responses": {"200": _json_ref("Rulebook"), "404": _problem_ref()},
            }
        },
        "/api/v1/rules": {
            "get": {
                **_get("Search the rulebook", "RuleSearch", "searchRules"),
                "parameters": [
                    {
                        "name": "q",
                        "in": "query",
                        "required": True,
                        "schema": {"type": "string", "pattern": NAME["pattern"]},
                        "example": "bust",
                    },
                    {
                        "name": "game",
                        "in": "query",
                        "required": False,
                        "schema": {"type": "string"},
                        "example": first.id,
                    },
                ],
                "responses": {
                    "200": _json_ref("RuleSearch"),
                    "404": _problem_ref("No such game"),
                    "422": _problem_ref("No 'q'"),
                },
            }
        },
    }


def document_paths() -> JSONSchema:
    """What a problem's type means, and this document."""
    return {
        "/api/v1/problems/{slug}": {
            "get": operation(
                "problemType",
                "What a problem's 'type' means",
                [_path("slug", "bad-input")],
                {
                    "200": {
                        "description": "The problem type",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "required": ["type", "description"],
                                }
                            }
                        },
                    },
                    "404": _problem_ref(),
                },
            )
        },
        "/api/v1/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "This document",
                "responses": {
                    "200": {
                        "description": "OpenAPI 3.1",
                        "content": {"application/json": {}},
                    }
                },
            }
        },
    }
