"""The handicap calculator's path (``GET /api/v1/handicaps``) and what a new match's
create says of a handicap (``handicap`` in, ``handicap`` out). See docs/handicaps.md."""

from __future__ import annotations

from typing import Any

from referee.games.fields import MAX_NAME
from referee.handicaps import tables
from referee.web.handicaps import HANDICAP_MODES
from referee.web.handicaps import MOST_RATING
from referee.web.openapi.common import _problem_ref
from referee.web.openapi.common import obj

JSONSchema = dict[str, Any]

NEW_MATCH_HANDICAP: JSONSchema = {
    "enum": list(HANDICAP_MODES),
    "default": "off",
    "description": "A handicap from the players' stored ratings (docs/handicaps.md): "
    "'ratings' sets billiards' race_1/race_2 or darts' start_1/start_2 (a lower "
    "start for the weaker player), 'ratings-legs' darts' head_start_1/head_start_2; "
    "it replaces any handicap options sent, and the answer's handicap.note says "
    "what was done. 'off' (the default): the options as sent, a handicap of your "
    "own included.",
}

NOTE: JSONSchema = {
    "type": "string",
    "maxLength": 200,
    "description": "One line for the players, e.g. 'Ann races to 5, Bob to 2 "
    "(rating gap 7.2; table in docs/handicaps.md).'",
}
GAP: JSONSchema = {
    "type": ["number", "null"],
    "description": "The stronger mu less the weaker, one decimal; null when a "
    "side has no established rating.",
}

CREATED_HANDICAP: JSONSchema = obj(
    {"applied": {"type": "boolean"}, "gap": GAP, "note": NOTE},
    ["applied", "gap", "note"],
    description="Only when the create sent 'handicap': 'ratings' or 'ratings-legs'.",
    closed=True,
)

NEW_MATCH_EXAMPLES: JSONSchema = {
    "billiards-handicap": {
        "summary": "9-ball, race to 5, with the ratings' handicap",
        "value": {
            "game": "billiards",
            "players": ["Ann", "Bob"],
            "options": {"race": 5},
            "handicap": "ratings",
        },
    },
    "darts-301-handicap": {
        "summary": "501, a handicap of your own: Bob starts on 401",
        "value": {
            "game": "darts-301",
            "players": ["Ann", "Bob"],
            "options": {"start": "501", "legs": 3, "start_2": 401},
        },
    },
}

_PAIR = {"type": "array", "minItems": 2, "maxItems": 2}
ANSWER: JSONSchema = obj(
    {
        "game": {"enum": ["billiards", "darts-301"]},
        "sides": {
            **_PAIR,
            "items": obj(
                {
                    "name": {"type": "string"},
                    "mu": {"type": ["number", "null"]},
                    "matches": {"type": ["integer", "null"]},
                },
                ["name", "mu", "matches"],
            ),
        },
        "gap": GAP,
        "applied": {"type": "boolean"},
        "note": NOTE,
        "races": {**_PAIR, "items": {"type": "integer", "minimum": 1}},
        "starts": {**_PAIR, "items": {"enum": list(tables.ALLOWED_STARTS)}},
        "head_start": {**_PAIR, "items": {"type": "integer", "minimum": 0}},
        "legs": {"type": "integer"},
        "legs_note": NOTE,
    },
    ["game", "sides", "gap", "applied", "note"],
    description="Billiards answers races; darts starts, head_start, legs and "
    "legs_note.",
)

EXAMPLE_ANSWER: JSONSchema = {
    "game": "billiards",
    "sides": [
        {"name": "Player 1", "mu": 25.8, "matches": tables.MIN_MATCHES},
        {"name": "Player 2", "mu": 33.0, "matches": tables.MIN_MATCHES},
    ],
    "races": [2, 5],
    "gap": 7.2,
    "applied": True,
    "note": "Player 2 races to 5, Player 1 to 2 (rating gap 7.2; table in "
    "docs/handicaps.md).",
}


def _query(name: str, schema: JSONSchema, description: str, example: Any) -> JSONSchema:
    return {
        "name": name,
        "in": "query",
        "required": False,
        "description": description,
        "schema": schema,
        "example": example,
    }


def handicap_paths() -> dict[str, JSONSchema]:
    """The calculator: two ratings or two names -> races, starts, head starts."""
    rating = {"type": "number", "minimum": -MOST_RATING, "maximum": MOST_RATING}
    name = {"type": "string", "maxLength": MAX_NAME}
    return {
        "/api/v1/handicaps": {
            "get": {
                "operationId": "handicapCalculator",
                "summary": "A handicap from two ratings or two players' stored ratings",
                "description": "Pool: the weaker side's race for a base race; darts: "
                "the weaker player's start, or legs in hand. Typed ratings are "
                "taken as established; names read their profiles' ratings at the "
                "game. Tables and reasoning: docs/handicaps.md. Nothing is stored.",
                "tags": ["tools"],
                "parameters": [
                    _query(
                        "game", {"enum": ["billiards", "darts-301"]}, "", "billiards"
                    ),
                    _query("rating_1", rating, "First side's mu.", 25.8),
                    _query("rating_2", rating, "Second side's mu.", 33.0),
                    _query("player_1", name, "First player's name.", "Ann"),
                    _query("player_2", name, "Second player's name.", "Bob"),
                    _query(
                        "race",
                        {"type": "integer", "minimum": 1, "maximum": 99},
                        "Pool: the base race (5).",
                        5,
                    ),
                    _query(
                        "start",
                        {"enum": [301, 501, 701]},
                        "Darts: the base start (501).",
                        501,
                    ),
                    _query(
                        "legs",
                        {"type": "integer", "minimum": 1, "maximum": 21},
                        "Darts: legs per set (3).",
                        3,
                    ),
                ],
                "responses": {
                    "200": {
                        "description": "The handicap",
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/Handicap"},
                                "example": EXAMPLE_ANSWER,
                            }
                        },
                    },
                    "422": _problem_ref(
                        "Bad input: not two ratings nor two names, a number out of "
                        "range, a start not 301, 501 or 701"
                    ),
                },
            }
        }
    }
