"""The lag for the opening break (general rules 5 and 6): who wins, or a replay.

``judge_lag`` serves the match's ``lag`` event and the stateless "lag" tool
(``run_lag_tool``), so both give the same answer in the same words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.games.billiards.cited import R5
from referee.games.billiards.cited import R6
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import RULING_SCHEMA
from referee.games.outcomes import BadInput
from referee.games.outcomes import Ruling
from referee.games.outcomes import Verdict

# Each automatic-loss condition of rule 5, in the rule's order, with what a player
# at the table would say about it.
LAG_FAULTS: dict[str, str] = {
    "crossed": "crossed into the opponent's half of the table",
    "no-foot-cushion": "never touched the foot cushion",
    "pocketed": "dropped into a pocket",
    "off-table": "jumped off the table",
    "long-cushion": "touched a long cushion",
    "corner-pocket": "stopped in the corner pocket past the head cushion's nose",
    "foot-rail-twice": "touched the foot rail more than once",
}
FAULT_HELP = "Lag faults, any of: " + ", ".join(LAG_FAULTS) + "."
TOOL_NAMES = ("Player 1", "Player 2")
CLOSER = ("first", "second", "too-close")

LAG_FIELDS: tuple[Field, ...] = (
    Field(
        "closer",
        "choice",
        "Whose ball stopped nearer the head cushion: the first player's, the "
        "second's, or too close to call.",
        required=False,
        choices=CLOSER,
        default="too-close",
    ),
    Field(
        "first_faults",
        "list",
        f"The first player's automatic-loss faults. {FAULT_HELP}",
        required=False,
        choices=tuple(LAG_FAULTS),
    ),
    Field(
        "second_faults",
        "list",
        f"The second player's automatic-loss faults. {FAULT_HELP}",
        required=False,
        choices=tuple(LAG_FAULTS),
    ),
)
LAG_EXAMPLE: JSON = {"closer": "first", "second_faults": ["long-cushion"]}
_FAULTS: JSON = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["code", "text"],
        "properties": {"code": {"type": "string"}, "text": {"type": "string"}},
        "additionalProperties": False,
    },
}
LAG_RESULT: JSON = {
    "type": "object",
    "required": ["winner", "replay", "faults", "ruling"],
    "properties": {
        "winner": {
            "enum": ["first", "second", None],
            "description": "Who won the lag; null when it is lagged again.",
        },
        "replay": {"type": "boolean"},
        "faults": {
            "type": "object",
            "required": ["first", "second"],
            "properties": {"first": _FAULTS, "second": _FAULTS},
            "additionalProperties": False,
        },
        "ruling": RULING_SCHEMA,
    },
    "additionalProperties": False,
}


@dataclass(frozen=True)
class LagResult:
    """The outcome of one lag: a winner (seat) or a tie to replay."""

    winner: int | None
    reason: str
    faults: tuple[tuple[str, ...], tuple[str, ...]]

    @property
    def tie(self) -> bool:
        return self.winner is None


def parse_faults(raw: Any, field: str) -> tuple[str, ...]:
    """Canonical lag fault codes from a list of codes; unknown ones are bad input."""
    if raw is None or raw == "":
        return ()
    items = [p for p in raw.split(",") if p.strip()] if isinstance(raw, str) else raw
    if not isinstance(items, Sequence):
        raise BadInput(
            f"'{field}' is a list of lag faults.",
            field=field,
            example='["long-cushion"]',
        )
    out: list[str] = []
    for item in items:
        code = str(item).strip().lower().replace("_", "-").replace(" ", "-")
        if code not in LAG_FAULTS:
            raise BadInput(
                f"'{item}' is not a lag fault. {FAULT_HELP}",
                field=field,
                example='["long-cushion"]',
            )
        if code not in out:
            out.append(code)
    return tuple(sorted(out, key=list(LAG_FAULTS).index))


def judge_lag(
    closer: int | None,
    faults: tuple[Sequence[str], Sequence[str]],
    names: Sequence[str] = ("Player 1", "Player 2"),
) -> LagResult:
    """Rule 5: a fault loses the lag outright; two faults, or no decision, is a tie.

    ``closer`` is the seat whose ball came to rest nearer the head cushion, or None
    when nobody can tell.
    """
    first, second = tuple(faults[0]), tuple(faults[1])
    pair = (first, second)
    if first and second:
        return LagResult(
            None, "Both lags broke a rule: the lag is a tie, lag again.", pair
        )
    for seat, own in ((0, first), (1, second)):
        if own:
            other = 1 - seat
            what = " and ".join(LAG_FAULTS[f] for f in own)
            return LagResult(
                other,
                f"{names[seat]}'s ball {what}: {names[other]} wins the lag.",
                pair,
            )
    if closer is None:
        return LagResult(None, "Nobody can tell which ball is closer: lag again.", pair)
    return LagResult(
        closer,
        f"{names[closer]}'s ball stopped nearer the head cushion: "
        f"{names[closer]} wins the lag.",
        pair,
    )


def run_lag_tool(request: JSON) -> JSON:
    """Rule 5 with no match: who wins the lag, or that it is replayed.

    The answer: ``winner`` ("first", "second" or None), ``replay`` (True when the
    lag is played again), ``faults`` (per player, ``[{"code", "text"}]``) and
    ``ruling``.
    """
    faults = (
        parse_faults(request.get("first_faults"), "first_faults"),
        parse_faults(request.get("second_faults"), "second_faults"),
    )
    closer = {"first": 0, "second": 1}.get(request.get("closer") or "too-close")
    result = judge_lag(closer, faults, TOOL_NAMES)
    rules: tuple[str, ...] = (R5,)
    summary = result.reason
    if not result.tie:
        summary += f" {TOOL_NAMES[result.winner]} chooses who breaks."
        rules += (R6,)
    return {
        "winner": None if result.tie else ("first", "second")[result.winner],
        "replay": result.tie,
        "faults": {
            side: [{"code": code, "text": LAG_FAULTS[code]} for code in own]
            for side, own in zip(("first", "second"), result.faults, strict=True)
        },
        "ruling": Ruling(Verdict.OK, summary, rules).to_json(),
    }
