"""The OpenAPI 3.1 document, built from the game registry so it cannot drift from it."""

from __future__ import annotations

from functools import cache
from typing import Any

from referee import games
from referee.games.base import EventKind
from referee.games.base import Field
from referee.games.base import Game

JSONSchema = dict[str, Any]
PROBLEM = "application/problem+json"


def field_schema(f: Field) -> JSONSchema:
    """The JSON Schema of one event field: every accepted form, not only canonical."""
    text_or = {"type": "string", "description": "space- or comma-separated"}
    match f.kind:
        case "integer":
            schema: JSONSchema = {"type": "integer"}
            if f.minimum is not None:
                schema["minimum"] = f.minimum
            if f.maximum is not None:
                schema["maximum"] = f.maximum
        case "boolean":
            schema = {"type": "boolean"}
        case "string":
            schema = {"type": "string"}
            if f.maximum is not None:
                schema["maxLength"] = f.maximum
        case "choice":
            schema = {"type": "string", "enum": list(f.choices)}
        case "seat" | "side":
            schema = {
                "oneOf": [
                    {"type": "integer", "minimum": 0},
                    {"type": "string", "description": "a name"},
                ]
            }
        case "dart" | "card":
            schema = {"type": "string"}
        case "darts" | "cards":
            items: JSONSchema = {"type": "array", "items": {"type": "string"}}
            if f.maximum is not None:
                items["maxItems"] = f.maximum
            schema = {"oneOf": [items, text_or]}
        case "die":
            schema = {
                "oneOf": [
                    {"type": "integer", "minimum": 1, "maximum": 6},
                    {"type": "string"},
                ]
            }
        case "roll":
            schema = {
                "oneOf": [
                    {
                        "type": "array",
                        "items": {"type": "integer", "minimum": 1, "maximum": 6},
                    },
                    text_or,
                ]
            }
        case _:
            schema = {"type": "array"}
    schema["description"] = f.help
    return schema


def event_schema(kind: EventKind) -> JSONSchema:
    return {
        "type": "object",
        "title": kind.title,
        "description": kind.help,
        "properties": {
            "type": {"const": kind.type},
            **{f.name: field_schema(f) for f in kind.fields},
        },
        "required": ["type", *(f.name for f in kind.fields if f.required)],
        "additionalProperties": False,
    }


def _name(game: Game, kind: EventKind | None = None) -> str:
    base = "".join(p.title() for p in game.id.split("-"))
    return f"{base}{''.join(p.title() for p in kind.type.split('_'))}" if kind else base


@cache
def spec() -> JSONSchema:
    registry = games.registry()
    schemas: dict[str, JSONSchema] = {**_common_schemas()}
    event_refs = []
    examples: dict[str, Any] = {}
    for game in registry.values():
        for kind in game.events:
            name = f"{_name(game, kind)}Event"
            schemas[name] = event_schema(kind)
            event_refs.append({"$ref": f"#/components/schemas/{name}"})
            for i, example in enumerate(kind.examples):
                key = f"{game.id}.{kind.type}" + (f".{i + 1}" if i else "")
                examples[key] = {
                    "summary": example.title or f"{game.title}: {kind.title}",
                    "description": (
                        f"In a new {game.id} match of {list(example.players)}"
                        + (
                            f" with options {dict(example.options)}"
                            if example.options
                            else ""
                        )
                        + (
                            f", after the events {list(example.setup)}"
                            if example.setup
                            else ""
                        )
                        + "."
                    ),
                    "value": {"event": example.event},
                    "x-game": game.id,
                    "x-players": list(example.players),
                    "x-options": dict(example.options),
                    "x-setup": list(example.setup),
                }
    schemas["Event"] = {
        "anyOf": event_refs,
        "description": "An event of the match's "
        "game; see GET /api/v1/games for each game's kinds.",
    }
    first = next(iter(registry.values()))
    write_params = [{"$ref": "#/components/parameters/IdempotencyKey"}]
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Referee API",
            "version": "1.0.0",
            "description": (
                "Tell the referee what happened at the table; it answers whether that "
                "was legal, the penalty, the score, and the rule. Errors are "
                "application/problem+json (RFC 9457): 422 bad input, 409 refused by "
                "the rules or stale expected_seq, 401/403 missing or wrong edit key, "
                "400 missing Idempotency-Key, 404 unknown match or game."
            ),
        },
        "servers": [{"url": "/"}],
        "paths": {
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
                            "schema": {"type": "string"},
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
                        "422": _problem_ref(),
                    },
                }
            },
            "/api/v1/matches": {
                "post": {
                    "operationId": "createMatch",
                    "summary": "Start a match",
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/NewMatch"},
                                "examples": {
                                    g.id: {"value": _new_match_example(g)}
                                    for g in registry.values()
                                },
                            }
                        },
                    },
                    "responses": {
                        "201": _json_ref("CreatedMatch", "Created; keep the edit_key."),
                        "422": _problem_ref(),
                    },
                }
            },
            "/api/v1/matches/{id}": {
                "get": {
                    "operationId": "getMatch",
                    "summary": "A match: setup, status, last seq, scoreboard",
                    "parameters": [_path("id", "k3m9x2q7ab")],
                    "responses": {"200": _json_ref("Match"), "404": _problem_ref()},
                }
            },
            "/api/v1/matches/{id}/events": {
                "get": {
                    "operationId": "listEvents",
                    "summary": "The log: every row, with rulings and what was voided",
                    "parameters": [_path("id", "k3m9x2q7ab")],
                    "responses": {"200": _json_ref("EventLog"), "404": _problem_ref()},
                },
                "post": {
                    "operationId": "addEvent",
                    "summary": "Report what happened",
                    "security": [{"editKey": []}],
                    "parameters": [_path("id", "k3m9x2q7ab"), *write_params],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/EventRequest"},
                                "examples": examples,
                            }
                        },
                    },
                    "responses": _write_responses(),
                },
            },
            "/api/v1/matches/{id}/events/{seq}": {
                "put": {
                    "operationId": "amendEvent",
                    "summary": "Correct an earlier event (appended as a correction)",
                    "security": [{"editKey": []}],
                    "parameters": [
                        _path("id", "k3m9x2q7ab"),
                        {**_path("seq", 1), "schema": {"type": "integer"}},
                        *write_params,
                    ],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/EventRequest"},
                            }
                        },
                    },
                    "responses": _write_responses(),
                }
            },
            "/api/v1/matches/{id}/undo": {
                "post": {
                    "operationId": "undo",
                    "summary": "Void the last event (or 'target', an earlier one)",
                    "security": [{"editKey": []}],
                    "parameters": [_path("id", "k3m9x2q7ab"), *write_params],
                    "requestBody": {
                        "required": False,
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/UndoRequest"},
                                "example": {"expected_seq": 3},
                            }
                        },
                    },
                    "responses": _write_responses(),
                }
            },
            "/api/v1/tools/{game}/{tool}": {
                "post": {
                    "operationId": "runTool",
                    "summary": "A stateless calculator (a checkout, a hand's melds)",
                    "parameters": [_path("game", first.id), _path("tool", "checkout")],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"type": "object"},
                                "examples": {
                                    f"{g.id}.{t.name}": {
                                        "value": t.example,
                                        "x-path": f"/api/v1/tools/{g.id}/{t.name}",
                                    }
                                    for g in registry.values()
                                    for t in g.tools
                                },
                            }
                        },
                    },
                    "responses": {
                        "200": {
                            "description": "The answer",
                            "content": {
                                "application/json": {"schema": {"type": "object"}}
                            },
                        },
                        "422": _problem_ref(),
                        "404": _problem_ref(),
                    },
                }
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
        },
        "components": {
            "schemas": schemas,
            "parameters": {
                "IdempotencyKey": {
                    "name": "Idempotency-Key",
                    "in": "header",
                    "required": True,
                    "description": (
                        "A fresh value per write; a retry with the same key and body "
                        "returns the first answer and stores nothing new. The same "
                        "key with another body is 422."
                    ),
                    "schema": {"type": "string", "maxLength": 255},
                    "example": "6f1c0a52-8d3e-4c1b-9a57-2f0e5b7c9d11",
                }
            },
            "securitySchemes": {
                "editKey": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The edit_key returned by POST /api/v1/matches.",
                }
            },
        },
    }


def _common_schemas() -> dict[str, JSONSchema]:
    string_list = {"type": "array", "items": {"type": "string"}}
    return {
        "Problem": {
            "type": "object",
            "required": ["type", "title", "status", "detail"],
            "properties": {
                "type": {"type": "string"},
                "title": {"type": "string"},
                "status": {"type": "integer"},
                "detail": {"type": "string"},
                "errors": {
                    "type": "object",
                    "additionalProperties": {"type": "string"},
                },
                "ruling": {"$ref": "#/components/schemas/Ruling"},
                "seq": {"type": "integer"},
            },
        },
        "Penalty": {
            "type": "object",
            "required": ["side", "reason", "points", "rule"],
            "properties": {
                "side": {"type": "string"},
                "reason": {"type": "string"},
                "points": {"type": "integer"},
                "rule": {"type": "string"},
            },
        },
        "Ruling": {
            "type": "object",
            "required": [
                "verdict",
                "summary",
                "rules",
                "penalties",
                "score",
                "options",
            ],
            "properties": {
                "verdict": {
                    "type": "string",
                    "examples": ["ok", "bust", "foul", "win"],
                },
                "summary": {"type": "string"},
                "rules": string_list,
                "penalties": {
                    "type": "array",
                    "items": {"$ref": "#/components/schemas/Penalty"},
                },
                "score": {
                    "type": "object",
                    "additionalProperties": {"type": "integer"},
                },
                "options": string_list,
            },
        },
        "Board": {
            "type": "object",
            "description": "The scoreboard: view(state).",
            "required": [
                "sides",
                "turn",
                "expects",
                "prompt",
                "phase",
                "over",
                "winner",
                "detail",
            ],
            "properties": {
                "sides": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["name", "score"],
                        "properties": {"name": {"type": "string"}},
                    },
                },
                "turn": {"type": ["string", "null"]},
                "expects": string_list,
                "prompt": {"type": "string"},
                "phase": {"type": "string"},
                "over": {"type": "boolean"},
                "winner": {"type": ["string", "null"]},
                "detail": {"type": "object"},
            },
        },
        "Match": {
            "type": "object",
            "required": ["id", "game", "players", "options", "status", "seq", "state"],
            "properties": {
                "id": {"type": "string"},
                "game": {"type": "string"},
                "title": {"type": "string"},
                "players": string_list,
                "teams": {"type": "array"},
                "options": {"type": "object"},
                "status": {"enum": ["live", "over"]},
                "seq": {"type": "integer"},
                "state": {"$ref": "#/components/schemas/Board"},
                "links": {"type": "object"},
            },
        },
        "CreatedMatch": {
            "allOf": [
                {"$ref": "#/components/schemas/Match"},
                {
                    "type": "object",
                    "required": ["edit_key", "pin"],
                    "properties": {
                        "edit_key": {"type": "string"},
                        "pin": {"type": "string", "pattern": "^[0-9]{6}$"},
                    },
                },
            ]
        },
        "NewMatch": {
            "type": "object",
            "required": ["game"],
            "properties": {
                "game": {"type": "string"},
                "players": string_list,
                "teams": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["players"],
                        "properties": {
                            "name": {"type": "string"},
                            "players": string_list,
                        },
                    },
                },
                "options": {"type": "object"},
                "title": {"type": "string", "maxLength": 80},
            },
            "additionalProperties": False,
        },
        "EventRequest": {
            "type": "object",
            "required": ["event"],
            "properties": {
                "event": {"$ref": "#/components/schemas/Event"},
                "expected_seq": {"type": "integer", "minimum": 0},
            },
            "additionalProperties": False,
        },
        "UndoRequest": {
            "type": "object",
            "properties": {
                "expected_seq": {"type": "integer", "minimum": 0},
                "target": {"type": "integer"},
            },
            "additionalProperties": False,
        },
        "Recorded": {
            "type": "object",
            "required": ["seq", "ruling", "state"],
            "properties": {
                "seq": {"type": "integer"},
                "ruling": {"$ref": "#/components/schemas/Ruling"},
                "state": {"$ref": "#/components/schemas/Board"},
            },
        },
        "LogEntry": {
            "type": "object",
            "required": ["seq", "kind", "ruling", "voided"],
            "properties": {
                "seq": {"type": "integer"},
                "kind": {"enum": ["event", "undo", "amend"]},
                "event": {"type": ["object", "null"]},
                "target": {"type": ["integer", "null"]},
                "ruling": {"$ref": "#/components/schemas/Ruling"},
                "current_ruling": {
                    "oneOf": [{"$ref": "#/components/schemas/Ruling"}, {"type": "null"}]
                },
                "voided": {"type": "boolean"},
                "replaced_by": {"type": ["integer", "null"]},
                "created_at": {"type": ["string", "null"]},
            },
        },
        "EventLog": {
            "type": "object",
            "required": ["id", "seq", "events"],
            "properties": {
                "id": {"type": "string"},
                "seq": {"type": "integer"},
                "events": {
                    "type": "array",
                    "items": {"$ref": "#/components/schemas/LogEntry"},
                },
            },
        },
        "Game": {
            "type": "object",
            "required": ["id", "title", "players", "options", "events"],
        },
        "GameList": {
            "type": "object",
            "required": ["games"],
            "properties": {
                "games": {
                    "type": "array",
                    "items": {"$ref": "#/components/schemas/Game"},
                }
            },
        },
        "Rule": {
            "type": "object",
            "required": ["id", "title", "summary", "text"],
            "properties": {
                "id": {"type": "string"},
                "title": {"type": "string"},
                "summary": {"type": "string"},
                "text": {"type": "string"},
            },
        },
        "Rulebook": {
            "type": "object",
            "required": ["game", "rules"],
            "properties": {
                "game": {"type": "string"},
                "rules": {
                    "type": "array",
                    "items": {"$ref": "#/components/schemas/Rule"},
                },
            },
        },
        "RuleSearch": {
            "type": "object",
            "required": ["q", "rules"],
            "properties": {
                "q": {"type": "string"},
                "rules": {
                    "type": "array",
                    "items": {"$ref": "#/components/schemas/Rule"},
                },
            },
        },
    }


def _new_match_example(game: Game) -> JSONSchema:
    example = game.events[0].examples[0] if game.events[0].examples else None
    players = list(example.players) if example else ["Ann", "Bob"]
    body: JSONSchema = {"game": game.id, "players": players}
    if example and example.options:
        body["options"] = dict(example.options)
    return body


def _get(summary: str, schema: str, op: str) -> JSONSchema:
    return {
        "operationId": op,
        "summary": summary,
        "responses": {"200": _json_ref(schema)},
    }


def _json_ref(schema: str, description: str = "OK") -> JSONSchema:
    return {
        "description": description,
        "content": {
            "application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}
        },
    }


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


def _write_responses() -> JSONSchema:
    return {
        "201": _json_ref(
            "Recorded",
            "Recorded (a retry with the same Idempotency-Key "
            "returns the first answer, with Idempotent-Replayed: true)",
        ),
        "400": _problem_ref("Idempotency-Key missing"),
        "401": _problem_ref("No edit key"),
        "403": _problem_ref("Wrong edit key"),
        "404": _problem_ref("No such match"),
        "409": _problem_ref(
            "Refused by the rules (with the ruling) or stale "
            "expected_seq (with the current seq)"
        ),
        "422": _problem_ref(
            "Bad input, or an Idempotency-Key reused with another body"
        ),
    }
