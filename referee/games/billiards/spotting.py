"""Where spotted balls go (general rule 31), on a discrete model of the long string.

The model: the long string is cut into positions one ball-width (2 1/4 in) apart.
Position 0 is the foot spot; 1, 2, ... run toward the foot rail; -1, -2, ... run
in front of the foot spot toward the center spot. A ball at the foot spot takes one
position and the next ball sits frozen behind it, so a position is "free" when no
interfering ball occupies it. The number of positions comes from the playing
length: the foot spot is a quarter of the length from the foot cushion, and a ball
fits at position k while its far edge stays inside that distance.

=====  ==============  ========================  ==========================
table  playing length  positions behind (0..k)   positions in front (-1..)
=====  ==============  ========================  ==========================
9ft    100 in          0..10 (11 balls)          -1..-11
8ft    88 in           0..9 (10 balls)           -1..-9
7ft    78 in           0..8 (9 balls)            -1..-8
=====  ==============  ========================  ==========================

Interfering balls (object balls or the cue ball near the string) are given by the
position they block. A ball spotted next to an object ball may be frozen to it or
set just off it (the referee's choice); next to the cue ball it is set as close as
possible without touching.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import asdict
from dataclasses import dataclass

from referee.games.billiards.cited import R31
from referee.games.billiards.facts import parse_balls
from referee.games.billiards.facts import parse_positions
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import RULING_SCHEMA
from referee.games.outcomes import BadInput
from referee.games.outcomes import Ruling
from referee.games.outcomes import Verdict
from referee.games.schemas import records

BALL_INCHES = 2.25
NUMBER_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)
LENGTHS = {"9ft": 100.0, "8ft": 88.0, "7ft": 78.0}

SPOT_FIELDS: tuple[Field, ...] = (
    Field(
        "balls",
        "list",
        "The object balls to spot, e.g. 3 9; the game says which (rule 31 says where).",
    ),
    Field(
        "blocked",
        "list",
        "Long-string positions taken by object balls that stay where they are: 0 "
        "is the foot spot, 1 one ball-width behind it (toward the foot rail), -1 "
        "one in front (toward the center spot).",
        required=False,
    ),
    Field(
        "cue_at",
        "integer",
        "Long-string position of the cue ball, when it is in the way.",
        required=False,
        minimum=-11,
        maximum=10,
    ),
    Field(
        "table",
        "choice",
        "Table size: how much long string there is behind the foot spot.",
        required=False,
        choices=tuple(LENGTHS),
        default="9ft",
    ),
)
SPOT_EXAMPLE: JSON = {"balls": [3, 9], "blocked": [0]}
# One spotted ball (``Spot.to_json()``), in the spot tool's and the shot tool's answers.
_SPOT_FIELDS: JSON = {
    "ball": {"type": "integer"},
    "position": {"type": "integer"},
    "against": {"type": ["string", "null"]},
    "where": {"type": "string"},
}
SPOT_SCHEMA: JSON = {
    "type": "object",
    "required": list(_SPOT_FIELDS),
    "properties": _SPOT_FIELDS,
    "additionalProperties": False,
}
SPOT_RESULT: JSON = {
    "type": "object",
    "required": ["spots", "string", "ruling"],
    "properties": {
        "spots": {
            "type": "array",
            "description": "Where each ball goes, lowest first (the order to place).",
            "items": SPOT_SCHEMA,
        },
        "string": records(
            {"position": {"type": "integer"}, "what": {"type": ["string", "null"]}},
            "The long string from the center spot end to the foot rail.",
        ),
        "ruling": RULING_SCHEMA,
    },
    "additionalProperties": False,
}


def capacity(table: str = "9ft") -> tuple[int, int]:
    """How many positions lie behind (foot spot included) and in front of the spot."""
    quarter = LENGTHS[table] / 4
    behind = int((quarter - BALL_INCHES / 2) // BALL_INCHES) + 1
    front = int(quarter // BALL_INCHES)
    return behind, front


@dataclass(frozen=True)
class Spot:
    """One spotted ball and its position on the long string."""

    ball: int
    position: int  # 0 foot spot; >0 toward the foot rail; <0 toward the center spot
    against: str | None = None  # the interfering ball it is set next to, if any

    @property
    def where(self) -> str:
        if self.position == 0:
            place = "on the foot spot"
        else:
            n = abs(self.position)
            # In words, so the count never sits next to the ball's number.
            widths = "one ball-width" if n == 1 else f"{_count(n)} ball-widths"
            toward = "the foot rail" if self.position > 0 else "the center spot"
            side = "behind" if self.position > 0 else "in front of"
            place = f"{widths} {side} the foot spot, toward {toward}"
        if self.against == "cue":
            place += ", close to the cue ball but not touching it"
        elif self.against:
            what = f"the {self.against}" if self.against.isdigit() else "the ball there"
            place += f", frozen to or just off {what} (referee's choice)"
        return place

    def to_json(self) -> dict[str, object]:
        return {**asdict(self), "where": self.where}


def spot_balls(
    balls: Iterable[int],
    blocked: Mapping[int, str] | None = None,
    table: str = "9ft",
) -> tuple[Spot, ...]:
    """Place ``balls`` on the long string: ascending, from the foot spot backwards.

    ``blocked`` maps a position to what stands there: ``"cue"``, a ball number as
    text, or ``"ball"`` for an object ball whose number is not known. Balls that
    find no free position behind the spot go in front of it, lowest nearest the
    spot.
    """
    blocked = dict(blocked or {})
    behind, front = capacity(table)
    wanted = list(balls)
    order = sorted(set(wanted))
    if len(order) != len(wanted):
        raise BadInput("A ball can be spotted only once.", field="pocketed")
    free_behind = [p for p in range(behind) if p not in blocked]
    free_front = [p for p in range(-1, -front - 1, -1) if p not in blocked]
    if len(order) > len(free_behind) + len(free_front):
        raise BadInput(
            "There is no room on the long string for all those balls.", field="blocked"
        )
    spots = []
    for ball, position in zip(order, free_behind + free_front, strict=False):
        spots.append(Spot(ball, position, _against(position, blocked)))
    return tuple(spots)


def run_spot_tool(request: JSON) -> JSON:
    """Rule 31 with no match: where each ball goes, in the order it is placed.

    The answer: ``spots`` (``[{"ball", "position", "against", "where"}]``, lowest
    ball first, which is also the order to place them), ``string`` (the long
    string's positions, each with what stands there: ``{"position", "what"}``,
    from the center spot end to the foot rail) and ``ruling``.
    """
    table = request.get("table") or "9ft"
    balls = parse_balls(request.get("balls"), "balls")
    if not balls:
        raise BadInput(
            "Say which balls to spot: 'balls' is e.g. [3, 9].",
            field="balls",
            example="[3, 9]",
        )
    behind, front = capacity(table)
    blocked: dict[int, str] = {}
    for position in parse_positions(request.get("blocked"), "blocked"):
        blocked[_on_string(position, behind, front, table, "blocked")] = "ball"
    cue_at = request.get("cue_at")
    if cue_at is not None:
        if cue_at in blocked:
            raise BadInput(
                f"Position {cue_at} is listed as taken by a ball: the cue ball "
                "cannot be there too.",
                field="cue_at",
                example="2",
            )
        blocked[_on_string(cue_at, behind, front, table, "cue_at")] = "cue"
    spots = spot_balls(balls, blocked, table)
    placed = {p.position: str(p.ball) for p in spots}
    string = [
        {"position": p, "what": placed.get(p) or blocked.get(p)}
        for p in range(-front, behind)
    ]
    summary = "Spot " + "; ".join(f"the {p.ball} {p.where}" for p in spots) + "."
    if len(spots) > 1:
        summary += " Place them lowest first."
    return {
        "spots": [p.to_json() for p in spots],
        "string": string,
        "ruling": Ruling(Verdict.OK, summary, (R31,)).to_json(),
    }


def _on_string(position: int, behind: int, front: int, table: str, field: str) -> int:
    if -front <= position < behind:
        return position
    raise BadInput(
        f"Position {position} is off the long string of a {table} table: it runs "
        f"from {-front} (toward the center spot) to {behind - 1} (by the foot rail).",
        field=field,
        example="[0, 1]",
    )


def _against(position: int, blocked: Mapping[int, str]) -> str | None:
    # The neighbour on the foot-spot side is the one the ball was pushed up against;
    # the cue ball wins a tie because it changes how the ball is set (not frozen).
    if position > 0:
        near = [position - 1, position + 1]
    elif position < 0:
        near = [position + 1, position - 1]
    else:
        near = [1, -1]
    found = [blocked[p] for p in near if p in blocked]
    if "cue" in found:
        return "cue"
    return found[0] if found else None


def _count(n: int) -> str:
    return NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)
