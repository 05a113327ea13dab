"""The match schemas: a new match per game, answers, links between operations."""

from __future__ import annotations

from typing import Any

from referee import games
from referee.games.base import Example
from referee.games.base import Game
from referee.games.outcomes import PENALTY_SCHEMA
from referee.games.outcomes import RULING_SCHEMA
from referee.games.outcomes import BadInput
from referee.web.openapi.common import EXPECTED_SEQ
from referee.web.openapi.common import NAME
from referee.web.openapi.common import TITLE
from referee.web.openapi.common import _name
from referee.web.openapi.common import array
from referee.web.openapi.common import obj
from referee.web.openapi.common import ref
from referee.web.openapi.common import typed
from referee.web.openapi.fields import option_schema
from referee.web.openapi.handicaps import CREATED_HANDICAP
from referee.web.openapi.handicaps import NEW_MATCH_HANDICAP

JSONSchema = dict[str, Any]


def _common_schemas() -> dict[str, JSONSchema]:
    string_list = {"type": "array", "items": {"type": "string"}}
    return {
        **_answer_schemas(string_list),
        **_match_schemas(string_list),
        **_write_schemas(),
        **_log_schemas(),
        **_game_schemas(),
    }


def _answer_schemas(string_list: JSONSchema) -> dict[str, JSONSchema]:
    """A problem, a ruling and its penalties, the scoreboard."""
    return {
        "Problem": obj(
            {
                **typed(
                    type="string", title="string", status="integer", detail="string"
                ),
                "errors": {
                    "type": "object",
                    "additionalProperties": {"type": "string"},
                },
                "ruling": ref("Ruling"),
                "seq": {"type": "integer"},
            },
            ["type", "title", "status", "detail"],
        ),
        "Penalty": PENALTY_SCHEMA,
        "Ruling": {
            **RULING_SCHEMA,
            "properties": {
                **RULING_SCHEMA["properties"],
                "penalties": array(ref("Penalty")),
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
    }


def _match_schemas(string_list: JSONSchema) -> dict[str, JSONSchema]:
    """A match, what creating one sends and answers."""
    return {
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
                "confirm": {
                    "type": "boolean",
                    "description": "Confirmation mode: an entry counts once another "
                    "side confirms it.",
                },
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
                        "handicap": CREATED_HANDICAP,
                        "side_keys": {
                            "type": "array",
                            "description": "Confirmation mode: each other side's key "
                            "(the edit key writes for the first side). A side's page "
                            "link works once: the phone that opens it gets a key of "
                            "its own, and this one stops working.",
                            "items": {
                                "type": "object",
                                "required": ["side", "name", "key"],
                            },
                        },
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
    }


DRY_RUN: JSONSchema = {
    "type": "boolean",
    "default": False,
    "description": "true: answer 200 with what the correction would change "
    "(CorrectionPreview), storing nothing; the Idempotency-Key stays unused.",
}


def _before_after(item: JSONSchema) -> JSONSchema:
    return obj({"before": item, "after": item}, ["before", "after"])


def _preview_schema() -> JSONSchema:
    """A correction's dry run: what it would change, in words and field by field."""
    name = {"type": ["string", "null"]}
    return obj(
        {
            "dry_run": {"const": True},
            "seq": {"type": "integer", "description": "The seq it was worked out at."},
            "target": {"type": "integer"},
            "action": {"enum": ["remove", "fix"]},
            "ruling": ref("Ruling"),
            "confirm": {
                "type": "boolean",
                "description": "Something besides the entry itself changes (a "
                "later event's player or ruling, the winner): the pages ask first.",
            },
            "changes": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The changes in the players' words.",
            },
            "later": array(
                obj(
                    {
                        "seq": {"type": "integer"},
                        "actor": _before_after(name),
                        "verdict": _before_after({"type": "string"}),
                        "summary": _before_after({"type": "string"}),
                    },
                    ["seq", "actor", "verdict", "summary"],
                )
            ),
            "sides": array(
                obj(
                    {
                        "side": {"type": "string"},
                        "figure": {"enum": ["score", "legs", "sets"]},
                        "before": {},
                        "after": {},
                    },
                    ["side", "figure", "before", "after"],
                )
            ),
            "winner": {"oneOf": [{"type": "null"}, _before_after(name)]},
            "turn": {"oneOf": [{"type": "null"}, _before_after(name)]},
        },
        [
            "dry_run",
            "seq",
            "target",
            "action",
            "ruling",
            "confirm",
            "changes",
            "later",
            "sides",
            "winner",
            "turn",
        ],
    )


def _write_schemas() -> dict[str, JSONSchema]:
    """What a write sends and answers."""
    return {
        "EventRequest": obj(
            {"event": ref("Event"), "expected_seq": EXPECTED_SEQ},
            ["event"],
            closed=True,
        ),
        "UndoRequest": obj(
            {
                "expected_seq": EXPECTED_SEQ,
                "target": {
                    "type": ["integer", "null"],
                    "description": "The seq of the event to void; null or left "
                    "out: the last one.",
                },
                "dry_run": DRY_RUN,
            },
            closed=True,
        ),
        "AmendRequest": obj(
            {"event": ref("Event"), "expected_seq": EXPECTED_SEQ, "dry_run": DRY_RUN},
            ["event"],
            closed=True,
        ),
        "CorrectionPreview": _preview_schema(),
        "Recorded": obj(
            {
                "seq": {"type": "integer"},
                "ruling": ref("Ruling"),
                "state": ref("Board"),
            },
            ["seq", "ruling", "state"],
        ),
    }


def _log_schemas() -> dict[str, JSONSchema]:
    """The log and the match history."""
    return {
        "LogEntry": {
            "type": "object",
            "required": ["seq", "kind", "ruling", "voided"],
            "properties": {
                "seq": {"type": "integer"},
                "kind": {"enum": ["event", "undo", "amend", "confirm", "challenge"]},
                "actor": {
                    "type": "string",
                    "description": "Who wrote the row: 'scorer', or 'side N' (a "
                    "side's phone in confirmation mode).",
                },
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
        "EventLog": obj(
            {
                "id": {"type": "string"},
                "seq": {
                    "type": "integer",
                    "description": "The match's last seq when the page was read.",
                },
                "events": array(ref("LogEntry")),
                "next": {
                    "type": ["string", "null"],
                    "description": "The next page (as in the Link header), or null "
                    "on the last page: to see later rows, ask again with "
                    "?after=<seq>.",
                },
            },
            ["id", "seq", "events", "next"],
            description="A page of the log, oldest first.",
        ),
        "MatchHistory": obj(
            {
                **typed(id="string", seq="integer"),
                "history": {
                    "type": "array",
                    "description": "One entry per hand, deal or frame, oldest first, "
                    "shaped as the game's detail.history entries; empty for a game "
                    "that keeps none.",
                    "items": {"type": "object"},
                },
            },
            ["id", "seq", "history"],
        ),
    }


def _all_required(properties: JSONSchema) -> JSONSchema:
    return obj(properties, list(properties))


def _game_schemas() -> dict[str, JSONSchema]:
    """The games and their rulebooks."""
    rules = array(ref("Rule"))
    return {
        "Game": {
            "type": "object",
            "required": ["id", "title", "players", "options", "events"],
        },
        "GameList": obj({"games": array(ref("Game"))}, ["games"]),
        "Rule": _all_required(
            {
                **typed(id="string", title="string", summary="string", text="string"),
                "kind": {
                    "enum": ["forbids", "requires", "describes", ""],
                    "description": "What the rule does: forbids or requires "
                    "something (the referee refuses or penalises a breach), or "
                    "describes how play goes.",
                },
                "unchecked": {
                    "type": "string",
                    "description": "Why a rule that forbids or requires something "
                    "cannot be checked at the table; empty when it is checked.",
                },
            }
        ),
        "Rulebook": _all_required(
            {
                "game": {"type": "string"},
                "rules": rules,
                "checks": array(ref("RuleCheck")),
            }
        ),
        "RuleCheck": obj(
            {
                **typed(rule="string", kind="string", unchecked="string"),
                "breaches": array(
                    obj(
                        {
                            **typed(title="string", outcome="string", summary="string"),
                            "rules": array({"type": "string"}),
                        },
                        ["title", "outcome", "summary", "rules"],
                        description="A documented request that breaks the rule "
                        "(an event after its setup, or a tool request) and what "
                        "the referee answers: refused, recorded (with its "
                        "penalty) or answered (a calculator).",
                    )
                ),
            },
            ["rule", "kind", "unchecked", "breaches"],
            description="One rule that forbids or requires something: the "
            "requests that break it, or why it cannot be checked at the table.",
        ),
        "RuleSearch": _all_required({"q": {"type": "string"}, "rules": rules}),
    }


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
        "title": TITLE,
        "confirm": {
            "type": "boolean",
            "default": False,
            "description": "Confirmation mode: each entry counts once another side "
            "confirms it with its own key (returned as side_keys).",
        },
        "handicap": NEW_MATCH_HANDICAP,
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
