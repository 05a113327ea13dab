"""The OpenAPI of the night family (a bunko night): its create examples and view.

The counterpart of ``pairings``: what a format of the "night" family adds to the
tournament paths. Its writes at paths of their own are generated from the format's
declared ``paths`` and ``walk`` (``tournaments``); here are the create examples, the
players' bounds and the schemas of the night as the API shows it.
"""

from __future__ import annotations

from typing import Any

from referee.formats import Format
from referee.formats.bunko_night import paths
from referee.formats.bunko_night import rules as night
from referee.games.text import LIMITS
from referee.web.openapi.common import array
from referee.web.openapi.common import ref
from referee.web.openapi.common import typed
from referee.web.openapi.limits import TEXT_PATTERN

JSONSchema = dict[str, Any]
REF = "#/components/schemas/"
# A name the night shows is one the edge took: a word of text (limits.py's bounds).
STRINGS: JSONSchema = {
    "type": "array",
    "items": {"type": "string", "maxLength": LIMITS["word"], "pattern": TEXT_PATTERN},
}
COUNTS: JSONSchema = {"type": "object", "additionalProperties": {"type": "integer"}}
NULLABLE_INT: JSONSchema = {"type": ["integer", "null"]}
TABLE_NO: JSONSchema = {"type": "integer", "minimum": 1}
TALLY: JSONSchema = {
    "wins": {"type": "integer"},
    "losses": {"type": "integer"},
    "bunkos": {"type": "integer"},
    "wipeouts": {"type": "integer"},
}

VIEW = "NightTournament"  # the family's view schema, one of ``Tournament``'s


def max_players() -> int:
    return night.MAX_PLAYERS


def players_text() -> str:
    """The bounds on a night's players, for ``NewTournament``."""
    return f"A bunko night: 8 to {night.MAX_PLAYERS} in fours (one table per four)."


def create_examples(fmts: list[Format]) -> JSONSchema:
    """A night seated as listed."""
    return {
        fmt.id: {
            "summary": "Eight players, seated as listed",
            "value": {
                "kind": fmt.id,
                "title": "Friday bunko",
                "players": paths.PLAYERS,
                "seating": "given",
                "options": {"variant": "text"},
            },
        }
        for fmt in fmts
    }


def default_example() -> JSONSchema:
    """A create that names no kind: a night (``formats.DEFAULT_KIND``), drawn."""
    return {
        "summary": "Twelve players, seats drawn at random",
        "value": {
            "players": [*paths.PLAYERS, "Ivy", "Jo", "Kim", "Lu"],
            "seating": "drawn",
        },
    }


def schemas() -> dict[str, JSONSchema]:
    """The night as the API shows it: tables, results, seats, rotation, standings."""
    return {
        "TableResult": _table_result(),
        "TournamentTable": _table(),
        "SeatAssignment": _seat(),
        "Standing": {
            "type": "object",
            "required": ["rank", "player", *TALLY],
            "properties": {
                "rank": {"type": "integer"},
                "player": {"type": "string"},
                **TALLY,
            },
        },
        "Rotation": _rotation(),
        VIEW: _view(),
    }


def _table_result() -> JSONSchema:
    return {
        "type": "object",
        "required": ["table", "winners", "losers", "score", "scores", "source"],
        "properties": {
            "table": TABLE_NO,
            "winners": STRINGS,
            "losers": STRINGS,
            "score": {**paths.SCORES, "description": "[winners', losers']"},
            "scores": paths.SCORES,
            "bunkos": COUNTS,
            "wipeouts": COUNTS,
            "source": {"enum": ["match", "report", "correction"]},
            "match_seq": NULLABLE_INT,
            "note": {"type": "string"},
        },
    }


def _table() -> JSONSchema:
    result = {"oneOf": [{"$ref": f"{REF}TableResult"}, {"type": "null"}]}
    return {
        "type": "object",
        "required": [
            *("number", "name", "seats", "teams", "team_names", "match"),
            *("score", "turn", "status", "result"),
        ],
        "properties": {
            "number": TABLE_NO,
            "name": {"type": "string"},
            "head": {"type": "boolean"},
            "seats": {**STRINGS, "description": "clockwise"},
            "teams": {"type": "array", "items": STRINGS},
            "team_names": STRINGS,
            "match": {"type": ["string", "null"]},
            "seq": {"type": "integer"},
            "score": {"type": "array", "items": {"type": "integer"}},
            "turn": {"type": ["string", "null"]},
            "phase": {"type": ["string", "null"]},
            "prompt": {"type": "string"},
            "last_roll": {"type": ["object", "null"]},
            "stopped": {"type": "boolean"},
            "status": {
                "enum": ["waiting", "playing", "tied", "approval", "finished"],
                "description": "approval: its result waits for the organiser.",
            },
            "result": result,
            "pending": {
                **result,
                "description": "A result waiting for the organiser's approval: "
                "it counts nowhere yet.",
            },
            "links": {"type": "object"},
        },
    }


def _seat() -> JSONSchema:
    return {
        "type": "object",
        "required": ["player", "table", "seat", "partner", "opponents", "move"],
        "properties": {
            "player": {"type": "string"},
            "table": TABLE_NO,
            "seat": {"type": "integer", "minimum": 0, "maximum": night.PER_TABLE - 1},
            "partner": {"type": "string"},
            "opponents": STRINGS,
            "came_from": NULLABLE_INT,
            "move": {"enum": ["start", "stay", "up", "down"]},
        },
    }


def _rotation() -> JSONSchema:
    return {
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
                        "number": TABLE_NO,
                        "name": {"type": "string"},
                        "seats": STRINGS,
                        "teams": {"type": "array", "items": STRINGS},
                        "team_names": STRINGS,
                        "chosen": {"type": "boolean"},
                        "choices": {"type": "array", "items": {"type": "object"}},
                    },
                },
            },
            "seats": {"type": "array", "items": {"$ref": f"{REF}SeatAssignment"}},
        },
    }


def _title() -> JSONSchema:
    """The overall winner's (or loser's) standing: who is tied, the roll-offs."""
    return {
        "type": "object",
        "required": ["tied", "count", "rolls", "decided", "roll_again"],
        "properties": {
            "tied": STRINGS,
            "count": {"type": "integer"},
            "rolls": {"type": "array", "items": COUNTS},
            "decided": {"type": ["string", "null"]},
            "roll_again": STRINGS,
            "highest_takes": {"type": "boolean"},
        },
    }


def _view() -> JSONSchema:
    required = [
        *("id", "kind", "title", "status", "seq", "fingerprint", "players"),
        *("phase", "round", "tables", "seats", "rotation", "rounds", "tallies"),
        *("standings", "overall", "links"),
    ]
    overall = {
        "type": "object",
        "required": ["winner", "loser"],
        "properties": {"winner": _title(), "loser": _title()},
    }
    return {
        "type": "object",
        "required": required,
        "properties": {
            **typed(id="string", kind="string", game="string", title="string"),
            "status": {"enum": ["live", "over"]},
            "seq": {"type": "integer"},
            "fingerprint": {
                "type": "string",
                "description": "Changes whenever the night or a table's match "
                "does: poll it.",
            },
            "players": STRINGS,
            "options": {"type": "object"},
            "phase": {"enum": ["seating", "playing", "between-rounds", "over"]},
            "round": {"type": "integer"},
            "prompt": {"type": "string"},
            "tables": array(ref("TournamentTable")),
            "stop": {"type": ["object", "null"]},
            "seats": array(ref("SeatAssignment")),
            "rotation": {
                "oneOf": [{"$ref": f"{REF}Rotation"}, {"type": "null"}],
                "description": "Where everyone sits next, once a round is over.",
            },
            "rounds": {"type": "array", "items": {"type": "object"}},
            "tallies": {
                "type": "object",
                "additionalProperties": {
                    "type": "object",
                    "required": list(TALLY),
                    "properties": TALLY,
                },
            },
            "standings": array(ref("Standing")),
            "overall": {"oneOf": [overall, {"type": "null"}]},
            "rules": {"type": "object"},
            "links": {"type": "object"},
            "keys": {"$ref": f"{REF}TournamentKeys"},
        },
    }
