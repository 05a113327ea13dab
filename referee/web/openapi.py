"""The OpenAPI 3.1 document, built from the game registry so it cannot drift from it."""

from __future__ import annotations

from functools import cache
from typing import Any

from referee import games
from referee.games import cards
from referee.games.base import MAX_NAME
from referee.games.base import PENALTY_SCHEMA
from referee.games.base import RULING_SCHEMA
from referee.games.base import BadInput
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Field
from referee.games.base import Game
from referee.games.base import Option
from referee.games.base import Tool
from referee.games.base import parse_fields

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


def tool_field_schema(f: Field, game: Game) -> JSONSchema:
    """A tool field as the JSON API takes it: JSON types only, no text forms.

    The API checks the same (``referee.web.api.check_json_types``) before the
    tool's own parsing, so what this schema refuses, the server refuses too.
    """
    schema: JSONSchema
    match f.kind:
        case "integer" | "boolean":
            schema = field_schema(f)
        case "choice":
            schema = {"enum": list(f.choices)}
        case "string":
            schema = {"type": "string"}
            if f.maximum is not None:
                schema["maxLength"] = f.maximum
        case "card" | "cards":
            deck = cards.DECKS[game.deck or "standard"]
            card = {"enum": list(deck.copies)}
            if f.kind == "card":
                schema = card
            else:
                schema = {"type": "array", "items": card}
                if f.minimum is not None:
                    schema["minItems"] = f.minimum
                if f.maximum is not None:
                    schema["maxItems"] = f.maximum
                if all(n == 1 for n in deck.copies.values()):
                    schema["uniqueItems"] = True
        case "list":
            schema = {"type": "array", "items": {"type": ["integer", "string"]}}
        case _:
            schema = {k: v for k, v in field_schema(f).items() if k != "description"}
    schema["description"] = f.help
    if f.default is not None:
        schema["default"] = f.default
    return schema


def tool_request_schema(game: Game, tool: Tool) -> JSONSchema:
    return {
        "type": "object",
        "title": tool.title,
        "description": tool.help,
        "properties": {f.name: tool_field_schema(f, game) for f in tool.fields},
        "required": [f.name for f in tool.fields if f.required],
        "additionalProperties": False,
    }


def tool_example(tool: Tool) -> JSONSchema:
    """The tool's example as the JSON API documents it (cards as a list)."""
    out = dict(tool.example)
    for f in tool.fields:
        if f.kind == "cards" and isinstance(out.get(f.name), str):
            out[f.name] = cards.split_cards(out[f.name])
    return out


def tool_paths() -> dict[str, JSONSchema]:
    """One path per tool, so a client (and a fuzzer) learns each tool's fields."""
    paths: dict[str, JSONSchema] = {}
    for game in games.registry().values():
        for tool in game.tools:
            name = f"{_name(game)}{tool.name.title()}"
            paths[f"/api/v1/tools/{game.id}/{tool.name}"] = {
                "post": {
                    "operationId": f"tool{name}",
                    "summary": f"{game.title}: {tool.title}",
                    "description": tool.help,
                    "tags": ["tools"],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {
                                    "$ref": f"#/components/schemas/{name}Request"
                                },
                                "example": tool_example(tool),
                            }
                        },
                    },
                    "responses": {
                        "200": {
                            "description": "The answer",
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "$ref": f"#/components/schemas/{name}Result"
                                    },
                                    "example": tool.run(
                                        parse_fields(
                                            tool.fields, tool.example, None, game
                                        )
                                    ),
                                }
                            },
                        },
                        "422": _problem_ref(
                            "Bad input: an unknown field, a value of the wrong "
                            "type or out of range, facts that do not fit together"
                        ),
                    },
                }
            }
    return paths


def tool_schemas() -> dict[str, JSONSchema]:
    out: dict[str, JSONSchema] = {}
    for game in games.registry().values():
        for tool in game.tools:
            name = f"{_name(game)}{tool.name.title()}"
            out[f"{name}Request"] = tool_request_schema(game, tool)
            out[f"{name}Result"] = tool.result
    return out


def _name(game: Game, kind: EventKind | None = None) -> str:
    base = "".join(p.title() for p in game.id.split("-"))
    return f"{base}{''.join(p.title() for p in kind.type.split('_'))}" if kind else base


@cache
def spec() -> JSONSchema:
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
    schemas.update(tournament_schemas())
    schemas.update(tool_schemas())
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
            "/api/v1/matches": {
                "post": {
                    "operationId": "createMatch",
                    "summary": "Start a match",
                    "parameters": [
                        {
                            "name": "Idempotency-Key",
                            "in": "header",
                            "required": False,
                            "description": "Optional: a retry with the same key and "
                            "body returns the first match (a random UUID; another "
                            "body with the same key is 422; a blank one is none).",
                            "schema": {"type": "string", "maxLength": 255},
                        }
                    ],
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
                        "201": {
                            **_json_ref("CreatedMatch", "Created; keep the edit_key."),
                            "links": _match_links(),
                        },
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
                    "responses": {
                        **_write_responses(),
                        "201": {
                            **_json_ref(
                                "Recorded",
                                "Recorded; the answer to each "
                                "request example, under the same name",
                            ),
                            "content": {
                                "application/json": {
                                    "schema": {"$ref": "#/components/schemas/Recorded"},
                                    "examples": answers,
                                }
                            },
                            "links": _recorded_links(),
                        },
                    },
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
            "/api/v1/matches/{id}/rematch": {
                "post": {
                    "operationId": "rematch",
                    "summary": "A new match with the same game, players, teams, "
                    "options and title (a retry with the same Idempotency-Key "
                    "returns the first one)",
                    "security": [{"editKey": []}],
                    "parameters": [_path("id", "k3m9x2q7ab"), *write_params],
                    "responses": {
                        "201": _json_ref(
                            "CreatedMatch", "Created; keep the new edit_key."
                        ),
                        "400": _problem_ref("Idempotency-Key missing"),
                        "401": _problem_ref("No edit key"),
                        "403": _problem_ref("Wrong edit key"),
                        "404": _problem_ref("No such match"),
                        "409": _problem_ref("A tournament table's game"),
                        "422": _problem_ref(
                            "A body was sent, or the Idempotency-Key was reused"
                        ),
                    },
                }
            },
            **tool_paths(),
            **tournament_paths(),
            "/api/v1/problems/{slug}": {
                "get": {
                    "operationId": "problemType",
                    "summary": "What a problem's 'type' means",
                    "parameters": [_path("slug", "bad-input")],
                    "responses": {
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
                    "schema": {"type": "string", "maxLength": 255, "pattern": r"\S"},
                    "example": "6f1c0a52-8d3e-4c1b-9a57-2f0e5b7c9d11",
                }
            },
            "securitySchemes": {
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
        },
    }


EXPECTED_SEQ: JSONSchema = {
    "type": ["integer", "null"],
    "minimum": 0,
    "description": "The seq you last saw (409 if the log has moved on); null or "
    "left out: no check.",
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
        "Penalty": PENALTY_SCHEMA,
        "Ruling": {
            **RULING_SCHEMA,
            "properties": {
                **RULING_SCHEMA["properties"],
                "penalties": {
                    "type": "array",
                    "items": {"$ref": "#/components/schemas/Penalty"},
                },
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
            "oneOf": [
                {"$ref": f"#/components/schemas/New{_name(g)}Match"}
                for g in games.registry().values()
            ],
            "discriminator": {
                "propertyName": "game",
                "mapping": {
                    g.id: f"#/components/schemas/New{_name(g)}Match"
                    for g in games.registry().values()
                },
            },
        },
        **{
            f"New{_name(g)}Match": new_match_schema(g)
            for g in games.registry().values()
        },
        "EventRequest": {
            "type": "object",
            "required": ["event"],
            "properties": {
                "event": {"$ref": "#/components/schemas/Event"},
                "expected_seq": EXPECTED_SEQ,
            },
            "additionalProperties": False,
        },
        "UndoRequest": {
            "type": "object",
            "properties": {
                "expected_seq": EXPECTED_SEQ,
                "target": {
                    "type": ["integer", "null"],
                    "description": "The seq of the event to void; null or left "
                    "out: the last one.",
                },
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


NAME: JSONSchema = {
    "type": "string",
    "minLength": 1,
    "maxLength": MAX_NAME,
    # a character Python's str.split() keeps: ECMA's \S lets \x1c-\x1f and \x85 by
    "pattern": r"[^\s\x1c-\x1f\x85]",
    "description": "Runs of spaces count as one; names differ ignoring case.",
}


def option_schema(o: Option) -> JSONSchema:
    schema: JSONSchema
    if o.kind == "integer":
        schema = {"type": "integer"}
        if o.minimum is not None:
            schema["minimum"] = o.minimum
        if o.maximum is not None:
            schema["maximum"] = o.maximum
    elif o.kind == "boolean":
        schema = {"type": "boolean"}
    else:
        schema = {"enum": list(o.choices)}
    return {**schema, "default": o.default, "description": f"{o.label}: {o.help}"}


def _seat_counts(game: Game, teams: bool) -> list[int]:
    """How many players (or teams) the game's own setup check accepts."""
    ok = []
    for n in range(1, game.max_players + 1):
        names = [f"P{i}" for i in range(n * (game.team_size or 1) if teams else n)]
        try:
            if teams:
                size = game.team_size or 1
                game.new_setup(
                    None,
                    None,
                    [
                        {"players": names[i : i + size]}
                        for i in range(0, len(names), size)
                    ],
                )
            else:
                game.new_setup(names)
        except BadInput:
            continue
        ok.append(n)
    if ok != list(range(ok[0], ok[-1] + 1)):
        raise RuntimeError(f"{game.id}: seat counts {ok} are not a range")
    return ok


def new_match_schema(game: Game) -> JSONSchema:
    """What POST /api/v1/matches takes for one game: seats, options, title."""
    seats = _seat_counts(game, teams=False)
    players = {
        "type": "array",
        "items": NAME,
        "minItems": min(seats),
        "maxItems": max(seats),
        "uniqueItems": True,
    }
    properties: JSONSchema = {
        "game": {"const": game.id},
        "players": players,
        "options": {
            "type": "object",
            "properties": {o.name: option_schema(o) for o in game.options},
            "additionalProperties": False,
        },
        "title": {
            "type": "string",
            "description": "Shown above the board; cut to 80 characters.",
        },
    }
    schema: JSONSchema = {
        "type": "object",
        "title": f"A new {game.title} match",
        "required": ["game", "players"],
        "properties": properties,
        "additionalProperties": False,
    }
    if game.teams:
        size = game.team_size
        team = {
            "type": "object",
            "required": ["players"],
            "properties": {
                "name": {
                    "type": "string",
                    "description": "Default: Team 1, Team 2 ...; cut to 40 characters.",
                },
                "players": {
                    **players,
                    "minItems": size or 1,
                    "maxItems": size or game.max_players,
                },
            },
            "additionalProperties": False,
        }
        sides = _seat_counts(game, teams=True)
        team["properties"]["players"]["maxItems"] = size or (
            game.max_players - min(sides) + 1
        )
        properties["teams"] = {
            "type": "array",
            "items": team,
            "minItems": min(sides),
            "maxItems": max(sides),
            "description": "Instead of 'players': the teams in seat order.",
        }
        schema["required"] = ["game"]
        schema["oneOf"] = [{"required": ["players"]}, {"required": ["teams"]}]
    return schema


def example_answer(game: Game, example: Example) -> JSONSchema:
    """The 201 body the server gives ``example``: engines are pure, so no database."""
    setup = game.new_setup(list(example.players), dict(example.options))
    state = game.start(setup)
    for event in example.setup:
        state = game.step(state, event).state
    step = game.step(state, example.event)
    return {
        "seq": len(example.setup) + 1,
        "ruling": step.ruling.to_json(),
        "state": game.view(step.state),
    }


def _new_match_example(game: Game) -> JSONSchema:
    example = game.events[0].examples[0] if game.events[0].examples else None
    players = list(example.players) if example else ["Ann", "Bob"]
    body: JSONSchema = {"game": game.id, "players": players}
    if example and example.options:
        body["options"] = dict(example.options)
    return body


def _match_links() -> JSONSchema:
    """OpenAPI links: the new match's id and edit key lead to its reads and writes."""
    by_id = {"path.id": "$response.body#/id"}
    key = "Writes send the edit_key: 'Authorization: Bearer <edit_key>'."
    return {
        "GetMatch": {"operationId": "getMatch", "parameters": by_id},
        "ListEvents": {"operationId": "listEvents", "parameters": by_id},
        **{
            name: {"operationId": op, "parameters": by_id, "description": key}
            for name, op in (
                ("AddEvent", "addEvent"),
                ("Undo", "undo"),
                ("AmendEvent", "amendEvent"),
            )
        },
    }


def _recorded_links() -> JSONSchema:
    """A recorded event leads to its correction, an undo, and the match's reads."""
    same = {"path.id": "$request.path.id"}
    return {
        "AmendIt": {
            "operationId": "amendEvent",
            "parameters": {**same, "path.seq": "$response.body#/seq"},
        },
        "UndoIt": {
            "operationId": "undo",
            "parameters": same,
            "requestBody": {"target": "$response.body#/seq"},
        },
        "NextEvent": {"operationId": "addEvent", "parameters": same},
        "GetMatch": {"operationId": "getMatch", "parameters": same},
        "ListEvents": {"operationId": "listEvents", "parameters": same},
    }


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


# --- tournaments ----------------------------------------------------------------------

# A whole documented night: 8 players seated as listed, so table 1 is Ann, Bob, Cy,
# Dee (Ann & Cy v Bob & Dee) and table 2 Eve, Fay, Gus, Hal. The write examples below
# replay in their ``x-order`` on the night the create example makes (a test does so).
NIGHT_PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
NIGHT_WRITES: list[tuple[str, str, str, JSONSchema]] = [
    (
        "results",
        "head-table",
        "The head table reaches 21: stop is called at table 2",
        {"table": 1, "scores": [21, 12]},
    ),
    (
        "results",
        "after-stop",
        "Table 2 reports its paper score after the stop",
        {"round": 1, "table": 2, "scores": [7, 9]},
    ),
    (
        "seating",
        "choice",
        "The two who stay at table 2 pick their partners for round 2",
        {"table": 2, "seats": ["Eve", "Dee", "Bob", "Gus"]},
    ),
    ("rounds", "next", "Start round 2 (winners up, losers stay)", {}),
    (
        "corrections",
        "swapped",
        "The organiser corrects round 1 at table 2",
        {
            "round": 1,
            "table": 2,
            "scores": [9, 7],
            "note": "Table 2 swapped the columns",
        },
    ),
    (
        "results",
        "round-2-head",
        "Round 2, head table",
        {"round": 2, "table": 1, "scores": [21, 14]},
    ),
    (
        "results",
        "round-2-bottom",
        "Round 2, bottom table, with a bunko and a wipeout for the tally",
        {
            "round": 2,
            "table": 2,
            "scores": [4, 10],
            "bunkos": {"Gus": 1},
            "wipeouts": {"Eve": 1},
        },
    ),
    ("end", "end", "End the night: Ann, Cy and Gus tie on 2 wins", {}),
    (
        "tie-breaks",
        "winner",
        "The winners' roll-off: the high die takes it",
        {"title": "winner", "rolls": {"Ann": 6, "Cy": 3, "Gus": 5}},
    ),
    (
        "tie-breaks",
        "loser",
        "The losers' roll-off: Bob and Fay tie again",
        {"title": "loser", "rolls": {"Bob": 4, "Fay": 4, "Hal": 1}},
    ),
]
TOURNAMENT_ID = "q7m2x9k4pa"


def tournament_paths() -> dict[str, JSONSchema]:
    """The /api/v1/tournaments paths: create, read, and the night's writes."""
    from referee import formats

    kinds = list(formats.registry())
    by_path: dict[str, dict[str, JSONSchema]] = {}
    for order, (path, name, summary, body) in enumerate(NIGHT_WRITES, start=1):
        by_path.setdefault(path, {})[name] = {
            "summary": summary,
            "value": body,
            "x-order": order,
            "x-path": f"/api/v1/tournaments/{{id}}/{path}",
        }
    writes = {
        "results": (
            "reportResult",
            "A table's final score (quick mode, or paper score); the head table's "
            "calls stop at the others",
            "TableResultRequest",
        ),
        "corrections": (
            "correctResult",
            "The organiser sets a table's result in any round (kept in the log)",
            "CorrectionRequest",
        ),
        "seating": (
            "chooseSeating",
            "A table chooses who partners whom next round",
            "SeatingRequest",
        ),
        "rounds": (
            "nextRound",
            "Start the next round: rotate and create the table matches",
            "NextRoundRequest",
        ),
        "end": ("endTournament", "End the night after a whole round", "EndRequest"),
        "tie-breaks": (
            "tieBreak",
            "One roll-off for the overall winner or loser",
            "TieBreakRequest",
        ),
    }
    paths: dict[str, JSONSchema] = {
        "/api/v1/tournaments": {
            "post": {
                "operationId": "createTournament",
                "summary": "Start a tournament (a bunko night) and seat round 1",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": "#/components/schemas/NewTournament"},
                            "examples": {
                                "bunko-night": {
                                    "summary": "Eight players, seated as listed",
                                    "value": {
                                        "kind": kinds[0],
                                        "title": "Friday bunko",
                                        "players": NIGHT_PLAYERS,
                                        "seating": "given",
                                        "options": {"variant": "text"},
                                    },
                                },
                                "drawn": {
                                    "summary": "Twelve players, seats drawn at random",
                                    "value": {
                                        "players": [
                                            *NIGHT_PLAYERS,
                                            "Ivy",
                                            "Jo",
                                            "Kim",
                                            "Lu",
                                        ],
                                        "seating": "drawn",
                                    },
                                },
                            },
                        }
                    },
                },
                "responses": {
                    "201": {
                        **_json_ref(
                            "CreatedTournament",
                            "Created, round 1 seated with one match per table; keep "
                            "the keys (the organiser's, and one per table for its "
                            "phone).",
                        ),
                        "links": _tournament_links(
                            [op for op, _, _ in writes.values()]
                        ),
                    },
                    "422": _problem_ref("Bad input: players not 8+ in fours, options"),
                },
            }
        },
        "/api/v1/tournaments/{id}": {
            "get": {
                "operationId": "getTournament",
                "summary": "Tables with live scores, rounds, rotation, tallies, "
                "standings (with the organiser's key: the keys too)",
                "parameters": [_path("id", TOURNAMENT_ID)],
                "responses": {
                    "200": _json_ref("Tournament"),
                    "404": _problem_ref(),
                },
            }
        },
        "/api/v1/tournaments/{id}/events": {
            "get": {
                "operationId": "listTournamentEvents",
                "summary": "The tournament's log, corrections included",
                "parameters": [_path("id", TOURNAMENT_ID)],
                "responses": {
                    "200": _json_ref("TournamentLog"),
                    "404": _problem_ref(),
                },
            }
        },
    }
    for path, (op, summary, schema) in writes.items():
        paths[f"/api/v1/tournaments/{{id}}/{path}"] = {
            "post": {
                "operationId": op,
                "summary": summary,
                "security": [{"tournamentKey": []}],
                "parameters": [
                    _path("id", TOURNAMENT_ID),
                    {"$ref": "#/components/parameters/IdempotencyKey"},
                ],
                "requestBody": {
                    "required": path not in ("rounds", "end"),
                    "content": {
                        "application/json": {
                            "schema": {"$ref": f"#/components/schemas/{schema}"},
                            "examples": by_path[path],
                        }
                    },
                },
                "responses": {
                    **_write_responses(),
                    "201": _json_ref(
                        "TournamentRecorded",
                        "Recorded (a retry with the same Idempotency-Key returns "
                        "the first seq and ruling, with Idempotent-Replayed: true)",
                    ),
                    "403": _problem_ref(
                        "Not a key of this tournament, or a table acting for "
                        "another table or doing the organiser's job"
                    ),
                },
            }
        }
    return paths


def _tournament_links(writes: list[str]) -> JSONSchema:
    """The new night's id and organiser key lead to its reads and every write."""
    by_id = {"path.id": "$response.body#/id"}
    key = "Writes send 'Authorization: Bearer <keys.organiser.key>' (or a table's)."
    links: JSONSchema = {
        "GetTournament": {"operationId": "getTournament", "parameters": by_id},
        "ListTournamentEvents": {
            "operationId": "listTournamentEvents",
            "parameters": by_id,
        },
    }
    for op in writes:
        links[op[0].upper() + op[1:]] = {
            "operationId": op,
            "parameters": by_id,
            "description": key,
        }
    return links


def tournament_schemas() -> dict[str, JSONSchema]:
    from referee import formats

    string_list = {"type": "array", "items": {"type": "string"}}
    counts = {"type": "object", "additionalProperties": {"type": "integer"}}
    nullable_int = {"type": ["integer", "null"]}
    option_props: dict[str, JSONSchema] = {}
    for fmt in formats.registry().values():
        for o in fmt.options:
            option_props[o.name] = {
                "enum": list(o.choices),
                "default": o.default,
                "description": o.help,
            }
    seq = {"expected_seq": EXPECTED_SEQ}
    scores = {
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        "minItems": 2,
        "maxItems": 2,
        "description": "[team A (seats 1 and 3), team B (seats 2 and 4)]",
    }
    table_no = {"type": "integer", "minimum": 1}
    result_props = {
        "round": {
            "type": "integer",
            "minimum": 1,
            "description": "Default: the round being played.",
        },
        "table": table_no,
        "scores": scores,
        "bunkos": {**counts, "description": "Bunkos rolled, by player."},
        "wipeouts": {**counts, "description": "Wipeouts rolled, by player."},
    }
    seat = {
        "type": "object",
        "required": ["player", "table", "seat", "partner", "opponents", "move"],
        "properties": {
            "player": {"type": "string"},
            "table": table_no,
            "seat": {"type": "integer", "minimum": 0, "maximum": 3},
            "partner": {"type": "string"},
            "opponents": string_list,
            "came_from": nullable_int,
            "move": {"enum": ["start", "stay", "up", "down"]},
        },
    }
    tally = {
        "wins": {"type": "integer"},
        "losses": {"type": "integer"},
        "bunkos": {"type": "integer"},
        "wipeouts": {"type": "integer"},
    }
    title = {
        "type": "object",
        "required": ["tied", "count", "rolls", "decided", "roll_again"],
        "properties": {
            "tied": string_list,
            "count": {"type": "integer"},
            "rolls": {"type": "array", "items": counts},
            "decided": {"type": ["string", "null"]},
            "roll_again": string_list,
            "highest_takes": {"type": "boolean"},
        },
    }
    ref = "#/components/schemas/"
    return {
        "NewTournament": {
            "type": "object",
            "required": ["players"],
            "properties": {
                "kind": {"enum": list(formats.registry()), "default": "bunko-night"},
                "title": {
                    "type": "string",
                    "description": "Shown above the boards; cut to 80 characters.",
                },
                "players": {
                    "type": "array",
                    "items": NAME,
                    "minItems": 8,
                    "uniqueItems": True,
                    "description": "8 or more in fours (one table per four).",
                },
                "seating": {"enum": ["given", "drawn"], "default": "given"},
                "options": {
                    "type": ["object", "null"],
                    "properties": option_props,
                    "additionalProperties": False,
                    "description": "null or left out: the defaults.",
                },
            },
            "additionalProperties": False,
        },
        "TableResult": {
            "type": "object",
            "required": ["table", "winners", "losers", "score", "scores", "source"],
            "properties": {
                "table": table_no,
                "winners": string_list,
                "losers": string_list,
                "score": {**scores, "description": "[winners', losers']"},
                "scores": scores,
                "bunkos": counts,
                "wipeouts": counts,
                "source": {"enum": ["match", "report", "correction"]},
                "match_seq": nullable_int,
                "note": {"type": "string"},
            },
        },
        "TournamentTable": {
            "type": "object",
            "required": [
                "number",
                "name",
                "seats",
                "teams",
                "team_names",
                "match",
                "score",
                "turn",
                "status",
                "result",
            ],
            "properties": {
                "number": table_no,
                "name": {"type": "string"},
                "head": {"type": "boolean"},
                "seats": {**string_list, "description": "clockwise"},
                "teams": {"type": "array", "items": string_list},
                "team_names": string_list,
                "match": {"type": ["string", "null"]},
                "seq": {"type": "integer"},
                "score": {"type": "array", "items": {"type": "integer"}},
                "turn": {"type": ["string", "null"]},
                "phase": {"type": ["string", "null"]},
                "prompt": {"type": "string"},
                "last_roll": {"type": ["object", "null"]},
                "stopped": {"type": "boolean"},
                "status": {"enum": ["waiting", "playing", "tied", "finished"]},
                "result": {"oneOf": [{"$ref": f"{ref}TableResult"}, {"type": "null"}]},
                "links": {"type": "object"},
            },
        },
        "SeatAssignment": seat,
        "Standing": {
            "type": "object",
            "required": ["rank", "player", *tally],
            "properties": {
                "rank": {"type": "integer"},
                "player": {"type": "string"},
                **tally,
            },
        },
        "Rotation": {
            "type": "object",
            "required": ["round", "tables", "seats"],
            "properties": {
                "round": {"type": "integer"},
                "tables": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["number", "seats", "teams", "choices"],
                        "properties": {
                            "number": table_no,
                            "name": {"type": "string"},
                            "seats": string_list,
                            "teams": {"type": "array", "items": string_list},
                            "team_names": string_list,
                            "chosen": {"type": "boolean"},
                            "choices": {"type": "array", "items": {"type": "object"}},
                        },
                    },
                },
                "seats": {"type": "array", "items": {"$ref": f"{ref}SeatAssignment"}},
            },
        },
        "Tournament": {
            "type": "object",
            "required": [
                "id",
                "kind",
                "title",
                "status",
                "seq",
                "fingerprint",
                "players",
                "phase",
                "round",
                "tables",
                "seats",
                "rotation",
                "rounds",
                "tallies",
                "standings",
                "overall",
                "links",
            ],
            "properties": {
                "id": {"type": "string"},
                "kind": {"type": "string"},
                "game": {"type": "string"},
                "title": {"type": "string"},
                "status": {"enum": ["live", "over"]},
                "seq": {"type": "integer"},
                "fingerprint": {
                    "type": "string",
                    "description": "Changes whenever the night or a table's match "
                    "does: poll it.",
                },
                "players": string_list,
                "options": {"type": "object"},
                "phase": {"enum": ["seating", "playing", "between-rounds", "over"]},
                "round": {"type": "integer"},
                "prompt": {"type": "string"},
                "tables": {
                    "type": "array",
                    "items": {"$ref": f"{ref}TournamentTable"},
                },
                "stop": {"type": ["object", "null"]},
                "seats": {"type": "array", "items": {"$ref": f"{ref}SeatAssignment"}},
                "rotation": {
                    "oneOf": [{"$ref": f"{ref}Rotation"}, {"type": "null"}],
                    "description": "Where everyone sits next, once a round is over.",
                },
                "rounds": {"type": "array", "items": {"type": "object"}},
                "tallies": {
                    "type": "object",
                    "additionalProperties": {
                        "type": "object",
                        "required": list(tally),
                        "properties": tally,
                    },
                },
                "standings": {"type": "array", "items": {"$ref": f"{ref}Standing"}},
                "overall": {
                    "oneOf": [
                        {
                            "type": "object",
                            "required": ["winner", "loser"],
                            "properties": {"winner": title, "loser": title},
                        },
                        {"type": "null"},
                    ]
                },
                "rules": {"type": "object"},
                "links": {"type": "object"},
                "keys": {"$ref": f"{ref}TournamentKeys"},
            },
        },
        "TournamentKeys": {
            "type": "object",
            "required": ["organiser", "tables"],
            "properties": {
                "organiser": {
                    "type": "object",
                    "required": ["key", "pin"],
                    "properties": {
                        "key": {"type": "string"},
                        "pin": {"type": "string", "pattern": "^[0-9]{6}$"},
                    },
                },
                "tables": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["table", "key", "pin", "join"],
                        "properties": {
                            "table": table_no,
                            "key": {"type": "string"},
                            "pin": {"type": "string", "pattern": "^[0-9]{6}$"},
                            "join": {"type": "string"},
                        },
                    },
                },
            },
        },
        "CreatedTournament": {
            "allOf": [{"$ref": f"{ref}Tournament"}, {"required": ["keys"]}]
        },
        "TournamentRecorded": {
            "type": "object",
            "required": ["seq", "ruling", "tournament"],
            "properties": {
                "seq": {"type": "integer"},
                "ruling": {"oneOf": [{"$ref": f"{ref}Ruling"}, {"type": "null"}]},
                "tournament": {"$ref": f"{ref}Tournament"},
            },
        },
        "TableResultRequest": {
            "type": "object",
            "required": ["table", "scores"],
            "properties": {**result_props, **seq},
            "additionalProperties": False,
        },
        "CorrectionRequest": {
            "type": "object",
            "required": ["round", "table", "scores"],
            "properties": {
                **result_props,
                "note": {"type": "string", "maxLength": 200},
                **seq,
            },
            "additionalProperties": False,
        },
        "SeatingRequest": {
            "type": "object",
            "required": ["table", "seats"],
            "properties": {
                "table": table_no,
                "seats": {
                    **string_list,
                    "minItems": 4,
                    "maxItems": 4,
                    "description": "Clockwise; seats 1 and 3 are partners.",
                },
                **seq,
            },
            "additionalProperties": False,
        },
        "NextRoundRequest": {
            "type": "object",
            "properties": {
                "seating": {
                    "type": "object",
                    "additionalProperties": string_list,
                    "description": "Table number -> four names clockwise, for tables "
                    "that choose (default: the tables' recorded choices, else ours).",
                },
                **seq,
            },
            "additionalProperties": False,
        },
        "EndRequest": {
            "type": "object",
            "properties": seq,
            "additionalProperties": False,
        },
        "TieBreakRequest": {
            "type": "object",
            "required": ["title", "rolls"],
            "properties": {
                "title": {"enum": ["winner", "loser"]},
                "rolls": {
                    "type": "object",
                    "additionalProperties": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": 6,
                    },
                    "description": "One die per player still tied.",
                },
                **seq,
            },
            "additionalProperties": False,
        },
        "TournamentLog": {
            "type": "object",
            "required": ["id", "seq", "events"],
            "properties": {
                "id": {"type": "string"},
                "seq": {"type": "integer"},
                "events": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["seq", "kind", "event", "ruling", "actor"],
                        "properties": {
                            "seq": {"type": "integer"},
                            "kind": {"type": "string"},
                            "event": {"type": "object"},
                            "ruling": {"$ref": f"{ref}Ruling"},
                            "actor": {"type": "string"},
                            "created_at": {"type": ["string", "null"]},
                        },
                    },
                },
            },
        },
    }
