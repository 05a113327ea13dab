"""What the referee checks in bunko: a request breaking each rule, and the tables tool.

``BREACHES`` feed the rule-coverage matrix (``games.coverage``). The night's rules
(how many play, rotation, partners) belong to the bunko night, which seats each
round itself; of those, the one a group can get wrong before anyone sits down is
the number of players, so ``TOOL`` answers it: ``POST /api/v1/tools/bunko/tables``.
"""

from __future__ import annotations

from referee.games.base import Breach
from referee.games.base import Example
from referee.games.base import Tool
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.schemas import RULES
from referee.games.schemas import record
from referee.rulebook import cite

CITE = cite("bunko")
R_FIRST = CITE("first-roll")
R_THREE_DICE = CITE("three-dice")
R_TURN = CITE("turn")
R_WIPEOUT = CITE("wipeout")
R_SCRAMBLE = CITE("scramble")
R_HEAD = CITE("head-table")
R_STOP = CITE("stop")
R_TIE = CITE("tie")
R_OVER = CITE("game-over")
R_NIGHT_PLAYERS = CITE("night-players")
R_NIGHT_TABLES = CITE("night-tables")

# The night's sizes live here, with the game, and the bunko night format reads them.
PER_TABLE = 4
NIGHT_LEAST = 8  # two tables: a head table and a bottom table
NIGHT_MOST = 200  # 50 tables: a big charity night; every page lists them all

# --- the tables tool ------------------------------------------------------------------


def tables(got: JSON) -> JSON:
    """How many tables this many players fill, or why they cannot play a night."""
    players = got["players"]
    possible = players >= NIGHT_LEAST and players % PER_TABLE == 0
    fits = max(NIGHT_LEAST, -(-players // PER_TABLE) * PER_TABLE)
    if possible:
        count = players // PER_TABLE
        summary = (
            f"{players} players fill {count} tables of four: the head table, "
            f"{count - 2} middle table{'' if count == 3 else 's'} and the bottom "
            "table."
            if count > 2
            else f"{players} players fill 2 tables of four: the head and the bottom."
        )
    else:
        count = 0
        summary = (
            f"{players} players cannot play a bunko night: it takes {NIGHT_LEAST} "
            f"or more, in fours. {fits - players} more make {fits} "
            f"({fits // PER_TABLE} tables)."
        )
    return {
        "players": players,
        "possible": possible,
        "tables": count,
        "more_needed": 0 if possible else fits - players,
        "summary": summary,
        "rules": [R_NIGHT_PLAYERS, R_NIGHT_TABLES],
    }


TOOL = Tool(
    "tables",
    "Bunko night tables",
    "How many tables of four a number of players fills, or why they cannot play a "
    "night (it takes eight or more, in fours).",
    (
        Field(
            "players",
            "integer",
            "How many want to play, e.g. 12.",
            minimum=1,
            maximum=NIGHT_MOST,
        ),
    ),
    tables,
    {"players": 12},
    record(
        {
            "players": {"type": "integer", "minimum": 1, "maximum": NIGHT_MOST},
            "possible": {"type": "boolean"},
            "tables": {"type": "integer", "minimum": 0},
            "more_needed": {"type": "integer", "minimum": 0},
            "summary": {"type": "string"},
            "rules": RULES,
        }
    ),
)

# --- a request breaking each rule ----------------------------------------------------

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
# Ann rolls the high die for the start: she holds the dice, Ann and Cy are one team.
START = (
    {"type": "first_roll", "player": "Ann", "die": 6},
    {"type": "first_roll", "player": "Bob", "die": 2},
    {"type": "first_roll", "player": "Cy", "die": 3},
    {"type": "first_roll", "player": "Dee", "die": 1},
)
_MIDDLE = {"head_table": False}


def _at_table(
    event: JSON, setup: tuple[JSON, ...] = START, middle: bool = False
) -> Example:
    return Example(
        event, setup=setup, players=PLAYERS, options=_MIDDLE if middle else {}
    )


BREACHES = (
    Breach(
        R_TURN,
        "Bob rolls while Ann holds the dice",
        _at_table({"type": "roll", "player": "Bob", "dice": [6, 2, 1]}),
    ),
    Breach(
        R_FIRST,
        "Ann rolls for the start a second time",
        _at_table({"type": "first_roll", "player": "Ann", "die": 3}, setup=START[:1]),
    ),
    Breach(
        R_THREE_DICE,
        "Ann rolls two dice",
        _at_table({"type": "roll", "player": "Ann", "dice": [6, 6]}),
    ),
    Breach(
        R_WIPEOUT,
        "Ann rolls three 1s",
        _at_table({"type": "roll", "player": "Ann", "dice": [1, 1, 1]}),
        recorded=True,
    ),
    Breach(
        R_SCRAMBLE,
        "Ann rolls again before the scramble for her bunko is entered",
        _at_table(
            {"type": "roll", "player": "Ann", "dice": [6, 2, 1]},
            setup=(*START, {"type": "roll", "dice": [6, 6, 6]}),
        ),
    ),
    Breach(
        R_HEAD,
        "Stop is sent to the head table before anyone has 21",
        _at_table({"type": "stop"}),
    ),
    Breach(
        R_STOP,
        "Ann calls stop at a middle table",
        _at_table({"type": "stop", "player": "Ann"}, middle=True),
    ),
    Breach(
        R_TIE,
        "Stop again at a middle table that is tied",
        _at_table({"type": "stop"}, setup=(*START, {"type": "stop"}), middle=True),
    ),
    Breach(
        R_OVER,
        "A roll after the table's game is over",
        _at_table(
            {"type": "roll", "dice": [6, 6, 1]},
            setup=(*START, {"type": "roll", "dice": [6, 2, 1]}, {"type": "stop"}),
            middle=True,
        ),
    ),
    Breach(
        R_NIGHT_PLAYERS,
        "Nine players want a bunko night",
        tool="tables",
        request={"players": 9},
    ),
)
