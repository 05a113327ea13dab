"""The OpenAPI 3.1 document, built from the game registry so it cannot drift from it.

The document is built in ``spec`` here from parts: ``fields`` (schemas from the
engines' declared fields), ``tools``, ``matches`` (the match schemas), ``paths`` (the
games', matches' and the document's own paths), ``players``, ``tournaments`` and
``common``.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from referee import games
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.web.openapi import leagues
from referee.web.openapi import limits
from referee.web.openapi.common import _name
from referee.web.openapi.fields import event_schema
from referee.web.openapi.handicaps import ANSWER as HANDICAP_ANSWER
from referee.web.openapi.handicaps import handicap_paths
from referee.web.openapi.matches import _common_schemas
from referee.web.openapi.matches import example_answer
from referee.web.openapi.paths import document_paths
from referee.web.openapi.paths import game_paths
from referee.web.openapi.paths import match_paths
from referee.web.openapi.players import player_paths
from referee.web.openapi.players import player_schemas
from referee.web.openapi.tools import tool_paths
from referee.web.openapi.tools import tool_schemas
from referee.web.openapi.tournaments import tournament_paths
from referee.web.openapi.tournaments import tournament_schemas

JSONSchema = dict[str, Any]


@cache
def document() -> bytes:
    """``spec()`` as served: built once per process (it depends on the code alone).

    Built per request it cost 60-70 ms of CPU (and ~0.5 s the first time) for ~490 KB.
    """
    # As the app's ``jsonify`` writes it: keys in order, compact, one newline.
    return (json.dumps(spec(), separators=(",", ":")) + "\n").encode()


def spec() -> JSONSchema:
    """The document, with the request edge's bounds on every request body."""
    doc = _spec()
    limits.bound_requests(doc)
    limits.bound_request_lines(doc)
    doc["info"]["description"] += " " + limits.SUMMARY
    return doc


def _spec() -> JSONSchema:
    registry = games.registry()
    schemas: dict[str, JSONSchema] = {**_common_schemas()}
    event_refs = []
    examples: dict[str, Any] = {}
    answers: dict[str, Any] = {}
    for game in registry.values():
        for kind in game.events:
            name = f"{_name(game, kind)}Event"
            schemas[name] = event_schema(kind)
            event_refs.append({"$ref": f"#/components/schemas/{name}"})
            for i, example in enumerate(kind.examples):
                key = f"{game.id}.{kind.type}" + (f".{i + 1}" if i else "")
                answers[key] = {
                    "summary": example.title or f"{game.title}: {kind.title}",
                    "value": example_answer(game, example),
                }
                examples[key] = _request_example(game, kind, example)
    schemas.update(tournament_schemas())
    schemas.update(tool_schemas())
    schemas["Handicap"] = HANDICAP_ANSWER
    schemas.update(player_schemas())
    schemas.update(leagues.league_schemas())
    schemas["Event"] = {
        "anyOf": event_refs,
        "description": "An event of the match's "
        "game; see GET /api/v1/games for each game's kinds.",
    }
    return {
        "openapi": "3.1.0",
        "info": _info(),
        "servers": [{"url": "/"}],
        "paths": {
            **game_paths(next(iter(registry.values()))),
            **match_paths(registry, examples, answers),
            **tool_paths(),
            **handicap_paths(),
            **tournament_paths(),
            **leagues.league_paths(),
            **player_paths(),
            **document_paths(),
        },
        "components": _components(schemas),
    }


def _request_example(game: Game, kind: EventKind, example: Example) -> JSONSchema:
    """One request example of an event kind, named ``<game>.<type>[.<n>]``."""
    return {
        "summary": example.title or f"{game.title}: {kind.title}",
        "description": (
            f"In a new {game.id} match of {list(example.players)}"
            + (f" with options {dict(example.options)}" if example.options else "")
            + (f", after the events {list(example.setup)}" if example.setup else "")
            + "."
        ),
        "value": {"event": example.event},
        "x-game": game.id,
        "x-players": list(example.players),
        "x-options": dict(example.options),
        "x-setup": list(example.setup),
    }


def _info() -> JSONSchema:
    return {
        "title": "Referee API",
        "version": "1.0.0",
        "description": (
            "Tell the referee what happened at the table; it answers whether that "
            "was legal, the penalty, the score, and the rule. Errors are "
            "application/problem+json (RFC 9457): 422 bad input, 409 refused by "
            "the rules, stale expected_seq or an Idempotency-Key reused with another "
            "body, 401/403 missing or wrong edit key, 400 missing Idempotency-Key, "
            "404 unknown match or game."
        ),
    }


def _components(schemas: JSONSchema) -> JSONSchema:
    return {
        "schemas": schemas,
        "parameters": {
            "IdempotencyKey": {
                "name": "Idempotency-Key",
                "in": "header",
                "required": True,
                "description": (
                    "A fresh value per write; a retry with the same key and body "
                    "returns the first answer and stores nothing new. The same "
                    "key with another body is 409."
                ),
                "schema": {
                    "type": "string",
                    "maxLength": 255,
                    "pattern": limits.HEADER_PATTERN,
                },
                "example": "6f1c0a52-8d3e-4c1b-9a57-2f0e5b7c9d11",
            }
        },
        "securitySchemes": {
            **leagues.SECURITY,
            "editKey": {
                "type": "http",
                "scheme": "bearer",
                "description": "The edit_key returned by POST /api/v1/matches.",
            },
            "tournamentKey": {
                "type": "http",
                "scheme": "bearer",
                "description": (
                    "A key returned by POST /api/v1/tournaments: the "
                    "organiser's (everything) or a table's (that table's result "
                    "and seating, and its matches)."
                ),
            },
        },
    }
