"""What a bunko night takes at API paths of its own, and the documented walk.

Each ``PathWrite`` is a write at ``POST /api/v1/tournaments/{id}/<path>``: the API
reads its fields into the event, the OpenAPI document shows them as a request
schema. ``WALK`` is one night played through those paths, in order: the document's
examples, replayed by the tests on a live night. Field schemas are JSON Schema; a
``{"shared": "name"}`` stands for the document's player-name schema.
"""

from __future__ import annotations

from referee.formats import PathWrite
from referee.formats import Walk
from referee.formats.bunko_night import rules as night
from referee.games.outcomes import JSON

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]

_TABLE: JSON = {"type": "integer", "minimum": 1}
_COUNTS: JSON = {"type": "object", "additionalProperties": {"type": "integer"}}
SCORES: JSON = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0},
    "minItems": 2,
    "maxItems": 2,
    "description": "[team A (seats 1 and 3), team B (seats 2 and 4)]",
}
_RESULT: tuple[tuple[str, JSON], ...] = (
    (
        "round",
        {
            "type": "integer",
            "minimum": 1,
            "description": "Default: the round being played.",
        },
    ),
    ("table", _TABLE),
    ("scores", SCORES),
    ("bunkos", {**_COUNTS, "description": "Bunkos rolled, by player."}),
    ("wipeouts", {**_COUNTS, "description": "Wipeouts rolled, by player."}),
)

PATHS = (
    PathWrite(
        "results",
        "result",
        "reportResult",
        "A table's final score (quick mode, or paper score); the head table's "
        "calls stop at the others",
        "TableResultRequest",
        _RESULT,
        ("table", "scores"),
    ),
    PathWrite(
        "corrections",
        "correction",
        "correctResult",
        "The organiser sets a table's result in any round (kept in the log)",
        "CorrectionRequest",
        (*_RESULT, ("note", {"type": "string", "maxLength": 200})),
        ("round", "table", "scores"),
    ),
    PathWrite(
        "seating",
        "seating",
        "chooseSeating",
        "A table chooses who partners whom next round",
        "SeatingRequest",
        (
            ("table", _TABLE),
            (
                "seats",
                {
                    "type": "array",
                    "items": {"type": "string"},
                    "minItems": night.PER_TABLE,
                    "maxItems": night.PER_TABLE,
                    "description": "Clockwise; seats 1 and 3 are partners.",
                },
            ),
        ),
        ("table", "seats"),
    ),
    PathWrite(
        "rounds",
        None,
        "nextRound",
        "Start the next round: rotate and create the table matches",
        "NextRoundRequest",
        (
            (
                "seating",
                {
                    "type": "object",
                    "additionalProperties": {
                        "type": "array",
                        "items": {"shared": "name"},
                        "minItems": night.PER_TABLE,
                        "maxItems": night.PER_TABLE,
                    },
                    "description": "Table number -> four names clockwise, for "
                    "tables that choose (default: the tables' recorded choices, "
                    "else ours).",
                },
            ),
        ),
    ),
    PathWrite(
        "end", "end", "endTournament", "End the night after a whole round", "EndRequest"
    ),
    PathWrite(
        "tie-breaks",
        "tie_break",
        "tieBreak",
        "One roll-off for the overall winner or loser",
        "TieBreakRequest",
        (
            ("title", {"enum": ["winner", "loser"]}),
            (
                "rolls",
                {
                    "type": "object",
                    "additionalProperties": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": 6,
                    },
                    "description": "One die per player still tied.",
                },
            ),
        ),
        ("title", "rolls"),
    ),
)

WALK = (
    Walk(
        "results",
        "head-table",
        "The head table reaches 21: stop is called at table 2",
        {"table": 1, "scores": [21, 12]},
    ),
    Walk(
        "results",
        "after-stop",
        "Table 2 reports its paper score after the stop",
        {"round": 1, "table": 2, "scores": [7, 9]},
    ),
    Walk(
        "seating",
        "choice",
        "The two who stay at table 2 pick their partners for round 2",
        {"table": 2, "seats": ["Eve", "Dee", "Bob", "Gus"]},
    ),
    Walk("rounds", "next", "Start round 2 (winners up, losers stay)", {}),
    Walk(
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
    Walk(
        "results",
        "round-2-head",
        "Round 2, head table",
        {"round": 2, "table": 1, "scores": [21, 14]},
    ),
    Walk(
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
    Walk("end", "end", "End the night: Ann, Cy and Gus tie on 2 wins", {}),
    Walk(
        "tie-breaks",
        "winner",
        "The winners' roll-off: the high die takes it",
        {"title": "winner", "rolls": {"Ann": 6, "Cy": 3, "Gus": 5}},
    ),
    Walk(
        "tie-breaks",
        "loser",
        "The losers' roll-off: Bob and Fay tie again",
        {"title": "loser", "rolls": {"Bob": 4, "Fay": 4, "Hal": 1}},
    ),
)
