"""Bowling cards scoring: card values, pairs, a frame's score and the frame calculator.

Pure functions the engine (``play.py``) and the calculator share, and the rule ids the
game cites (``R_STRIKE``), from its rulebook handle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.games import cards
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.schemas import records
from referee.rulebook import cite

GAME_ID = "bowling-cards"
DECK = "double-jokers"
DECK_SIZE = 108
ROW = 6
HAND = 3
FRAMES = 6
STRIKE = 20
SPARE = 15
STRIKE_BONUS = 15
ALL_STRIKES_BONUS = 120
MAX_FRAME = ROW * STRIKE + ALL_STRIKES_BONUS  # 240
TEN_COUNT = ("10", "J", "Q")
HELD_TEN = ("2", "K")  # a held deuce or king costs ten
HELD_JOKER = 15


CITE = cite(GAME_ID)
R_AVERAGE = CITE("average")
R_BEFORE_PLAY = CITE("before-play")
R_CARD_VALUES = CITE("card-values")
R_DEAL = CITE("deal")
R_DEALER = CITE("dealer")
R_DECK = CITE("deck")
R_DISCARD_ORDER = CITE("discard-order")
R_DRAW = CITE("draw")
R_ERROR = CITE("error")
R_EXCHANGE = CITE("exchange")
R_FRAME_END = CITE("frame-end")
R_HAND_CARDS = CITE("hand-cards")
R_HELD_CARDS = CITE("held-cards")
R_IMPROVING = CITE("improving")
R_LEFT_TO_RIGHT = CITE("left-to-right")
R_NO_SWAPPING = CITE("no-swapping")
R_OVER_TEN = CITE("over-ten")
R_SPARE = CITE("spare")
R_STRIKE = CITE("strike")
R_STRIKE_BONUS = CITE("strike-bonus")
R_TEN_COVERS = CITE("ten-covers")
R_TURN_ORDER = CITE("turn-order")
R_UNCOVERED = CITE("uncovered")
R_UPCARD = CITE("upcard")
R_WINNER = CITE("winner")


# --- card values and pairs ---------------------------------------------------------


def values(card: str) -> tuple[int, ...]:
    """The values a card may take in a pair (a joker's is open: see ``pair``)."""
    r = cards.rank(card)
    if r == "K":
        return (0,)
    if r == "2":
        return (2, 0)  # the player's choice
    if r == "A":
        return (1,)
    if r in TEN_COUNT:
        return (10,)
    return (int(r),)


def ten_count(card: str) -> bool:
    return cards.rank(card) in TEN_COUNT


def held_value(card: str) -> int:
    """What a hand card still held costs at the frame's end."""
    if card == cards.JOKER:
        return HELD_JOKER
    if cards.rank(card) in HELD_TEN:
        return 10
    return values(card)[0]


@dataclass(frozen=True)
class Pair:
    """How a row card and its cover score: ``kind`` strike, spare, error or over."""

    kind: str
    total: int  # the pair's count (over ten: the smallest it can be)
    points: int
    why: str
    rules: tuple[str, ...]


def pair(row: str, cover: str) -> Pair:
    """Score a row card with its cover, taking the best values the player may choose."""
    shown = f"{row} + {cover}"
    if cards.JOKER in (row, cover):
        return Pair(
            "strike",
            10,
            STRIKE,
            f"{shown}: a joker makes any pair a strike, {STRIKE}",
            (R_CARD_VALUES, R_STRIKE),
        )
    if (ten_count(row) and cards.rank(cover) in HELD_TEN) or (
        ten_count(cover) and cards.rank(row) in HELD_TEN
    ):
        return Pair(
            "strike",
            10,
            STRIKE,
            f"{shown}: a ten-count card with a king or a deuce is a strike, {STRIKE}",
            (R_CARD_VALUES, R_STRIKE),
        )
    totals = sorted({a + b for a in values(row) for b in values(cover)})
    fits = [t for t in totals if t <= 10]
    deuce = "2" in (cards.rank(row), cards.rank(cover))
    values_rule = (R_CARD_VALUES,)
    if not fits:
        return Pair(
            "over",
            totals[0],
            0,
            f"{shown} makes {totals[0]}: more than ten",
            (*values_rule, R_OVER_TEN),
        )
    best = fits[-1]
    note = " (the deuce counts 0)" if deuce and best not in totals[-1:] else ""
    if best == 10:
        return Pair(
            "spare",
            10,
            SPARE,
            f"{shown} = 10{note}: a spare, {SPARE}",
            (*values_rule, R_SPARE),
        )
    return Pair(
        "error",
        best,
        best,
        f"{shown} = {best}{note}: an error, {best}",
        (*values_rule, R_ERROR),
    )


def mark(kind: str, total: int) -> str:
    """The scorecard's mark: X strike, / spare, the count of an error, - open."""
    return {"strike": "X", "spare": "/", "open": "-"}.get(kind, str(total))


@dataclass(frozen=True)
class Frame:
    """A frame's score and why: ``parts`` per position, the bonus, the deduction."""

    points: int
    parts: tuple[JSON, ...]
    bonus: int
    deduction: int
    rules: tuple[str, ...]
    why: tuple[str, ...]


def score_frame(
    cells: Sequence[tuple[str, str | None]], held: Sequence[str] = ()
) -> Frame:
    """Six (row card, cover or None) in row order, and the hand cards still held."""
    parts: list[JSON] = []
    rules: list[str] = []
    why: list[str] = []
    for i, (row, cover) in enumerate(cells, start=1):
        if cover is None:
            parts.append(
                {
                    "position": i,
                    "cards": [row],
                    "kind": "open",
                    "mark": "-",
                    "points": 0,
                    "why": f"{i}: {row} uncovered, 0",
                }
            )
            rules.append(R_UNCOVERED)
            continue
        got = pair(row, cover)
        if got.kind == "over":
            raise BadInput(
                f"Position {i}: {got.why}, and a pair over ten cannot stand.",
                field="pairs",
                example=TOOL_EXAMPLE_TEXT,
            )
        parts.append(
            {
                "position": i,
                "cards": [row, cover],
                "kind": got.kind,
                "mark": mark(got.kind, got.total),
                "points": got.points,
                "why": f"{i}: {got.why}",
            }
        )
        rules.extend(got.rules)
    bonus, runs = strike_bonus([p["kind"] for p in parts])
    if bonus:
        rules.append(R_STRIKE_BONUS)
        if runs == [ROW]:
            why.append(f"six strikes: bonus {ALL_STRIKES_BONUS}")
        else:
            for run in runs:
                if run > 1:
                    why.append(
                        f"{run} strikes in a row: bonus {STRIKE_BONUS * (run - 1)}"
                    )
    deduction = sum(held_value(c) for c in held)
    if held:
        rules.append(R_HELD_CARDS)
        listed = ", ".join(f"{c} {held_value(c)}" for c in held)
        why.append(f"hand cards still held: {listed}, minus {deduction}")
    points = sum(p["points"] for p in parts) + bonus - deduction
    return Frame(
        points,
        tuple(parts),
        bonus,
        deduction,
        tuple(dict.fromkeys(rules)),
        tuple(why),
    )


def strike_bonus(kinds: Sequence[str]) -> tuple[int, list[int]]:
    """15 per strike after the first in each run of strikes; six strikes give 120."""
    runs: list[int] = []
    run = 0
    for kind in [*kinds, ""]:
        if kind == "strike":
            run += 1
        elif run:
            runs.append(run)
            run = 0
    if runs == [ROW]:
        return ALL_STRIKES_BONUS, runs
    return sum(STRIKE_BONUS * (r - 1) for r in runs), runs


# --- the frame calculator ---------------------------------------------------------


TOOL_EXAMPLE_TEXT = '{"pairs": ["QH/KS", "10D/2C", "7S/3H", "9C/AD", "JK/5D", "4C"]}'


def parse_pairs(raw: Any) -> list[tuple[str, str | None]]:
    """Six positions: ``"QH/KS"`` (row card, cover), or ``"4C"`` uncovered."""
    items = raw if isinstance(raw, list) else [raw]
    out: list[tuple[str, str | None]] = []
    for item in items:
        if isinstance(item, list):
            tokens = item
        else:
            tokens = [t for t in str(item).replace("/", " ").replace("+", " ").split()]
        if not 1 <= len(tokens) <= 2:
            raise BadInput(
                f"'{item}' is not a position: write the row card, then '/' and its "
                "cover, like QH/KS, or the row card alone when uncovered.",
                field="pairs",
                example=TOOL_EXAMPLE_TEXT,
            )
        try:
            got = [cards.parse_card(t, DECK) for t in tokens]
        except BadInput as err:
            raise BadInput(
                err.message, field="pairs", example=TOOL_EXAMPLE_TEXT
            ) from None
        out.append((got[0], got[1] if len(got) == 2 else None))
    if len(out) != ROW:
        raise BadInput(
            f"A frame has six positions; {len(out)} given.",
            field="pairs",
            example=TOOL_EXAMPLE_TEXT,
        )
    return out


def frame_tool(request: JSON) -> JSON:
    """A frame as it lies (six positions) and the hand cards held: its score and why."""
    cells = parse_pairs(request["pairs"])
    held = list(request.get("held") or [])
    laid = [c for cell in cells for c in cell if c is not None]
    try:
        cards.parse_cards(held, DECK, held=laid)
        cards.parse_cards(laid, DECK)
    except BadInput as err:
        raise BadInput(err.message, field="pairs", example=TOOL_EXAMPLE_TEXT) from None
    got = score_frame(cells, held)
    marks = [p["mark"] for p in got.parts]
    summary = f"{got.points} points: {' '.join(marks)}"
    extras = []
    if got.bonus:
        extras.append(f"strike bonus {got.bonus}")
    if got.deduction:
        extras.append(f"minus {got.deduction} for hand cards held")
    if extras:
        summary += f" ({', '.join(extras)})"
    return {
        "points": got.points,
        "marks": marks,
        "pairs": [dict(p) for p in got.parts],
        "bonus": got.bonus,
        "deduction": got.deduction,
        "why": list(got.why),
        "rules": list(got.rules),
        "summary": summary + ".",
    }


FRAME_RESULT: JSON = {
    "type": "object",
    "required": [
        "points",
        "marks",
        "pairs",
        "bonus",
        "deduction",
        "why",
        "rules",
        "summary",
    ],
    "properties": {
        "points": {"type": "integer", "description": "The frame's score."},
        "marks": {
            "type": "array",
            "description": "The scorecard marks: X strike, / spare, an error's count, "
            "- uncovered.",
            "items": {"type": "string"},
        },
        "pairs": records(
            {
                "position": {"type": "integer", "minimum": 1, "maximum": 6},
                "cards": {"type": "array", "items": {"type": "string"}},
                "kind": {"enum": ["strike", "spare", "error", "open"]},
                "mark": {"type": "string"},
                "points": {"type": "integer"},
                "why": {"type": "string"},
            }
        ),
        "bonus": {"type": "integer", "description": "The consecutive-strike bonus."},
        "deduction": {"type": "integer", "description": "Hand cards held, deducted."},
        "why": {"type": "array", "items": {"type": "string"}},
        "rules": {"type": "array", "items": {"type": "string"}},
        "summary": {"type": "string"},
    },
    "additionalProperties": False,
}


def frame_json(f: Frame) -> JSON:
    return {
        "points": f.points,
        "parts": [dict(p) for p in f.parts],
        "bonus": f.bonus,
        "deduction": f.deduction,
        "why": list(f.why),
    }
