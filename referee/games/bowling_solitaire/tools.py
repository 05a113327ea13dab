"""The two calculators: every legal play from a table, and the strike/spare solver."""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.games.bowling_solitaire import solver
from referee.games.bowling_solitaire.table import COPIES
from referee.games.bowling_solitaire.table import DIGITS
from referee.games.bowling_solitaire.table import LETTERS
from referee.games.bowling_solitaire.table import PILE_NAMES
from referee.games.bowling_solitaire.table import PILE_SIZES
from referee.games.bowling_solitaire.table import R_BOWL
from referee.games.bowling_solitaire.table import R_FIRST_CARD_BACK_ROW
from referee.games.bowling_solitaire.table import R_FIRST_CARD_CENTRE
from referee.games.bowling_solitaire.table import R_NEXT_TO_FALLEN
from referee.games.bowling_solitaire.table import R_ONE_PIN
from referee.games.bowling_solitaire.table import R_SECOND_BALL
from referee.games.bowling_solitaire.table import R_SEVERAL_PINS
from referee.games.bowling_solitaire.table import R_SPARE
from referee.games.bowling_solitaire.table import R_STRIKE
from referee.games.bowling_solitaire.table import Table
from referee.games.bowling_solitaire.table import legal_plays
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import STRINGS
from referee.games.outcomes import BadInput

DOWN = "-"
PILE_HELP = (
    "Cards on the {} pile, top first; ? for one still face down; empty if spent."
)
PILE_CARDS = (*DIGITS, solver.HIDDEN)
TABLE_FIELDS = (
    Field(
        "pins",
        "list",
        "Pins A to J in order: the card's number, or - for a pin already down, "
        "like 2 7 1 7 2 - 5 - 8 6.",
        choices=(*DIGITS, DOWN),
        minimum=10,
        maximum=10,
    ),
    *(
        Field(
            name,
            "list",
            PILE_HELP.format(f"{name} ({size}-card)"),
            required=False,
            choices=PILE_CARDS,
            maximum=size,
        )
        for name, size in zip(PILE_NAMES, PILE_SIZES, strict=True)
    ),
    Field(
        "ball",
        "integer",
        "Which ball of the frame: 1 or 2.",
        required=False,
        minimum=1,
        maximum=2,
        default=1,
    ),
)
OUT_FIELD = Field(
    "out",
    "list",
    "Cards already out of play this frame (fallen pins, ball cards used or thrown "
    "away), so the solver knows what the face-down cards cannot be.",
    required=False,
    choices=DIGITS,
    maximum=20,
)
EXAMPLE: JSON = {
    "pins": ["2", "7", "1", "7", "2", "9", "5", "1", "8", "6"],
    "left": ["0"],
    "centre": ["0"],
    "right": ["4"],
}
SOLVE_EXAMPLE: JSON = {
    **EXAMPLE,
    "left": ["0", "5", "8", "3", "6"],
    "centre": ["0", "3", "9"],
    "right": ["4", "4"],
}
PINS_TEXT = "2 7 1 7 2 9 5 1 8 6"

_PLAY = {
    "type": "object",
    "required": ["pile", "pile_name", "card", "pins", "values", "rules", "why"],
    "properties": {
        "pile": {"type": "integer", "minimum": 1, "maximum": 3},
        "pile_name": {"enum": list(PILE_NAMES)},
        "card": {"type": "string"},
        "pins": STRINGS,
        "values": {"type": "array", "items": {"type": "integer"}},
        "rules": STRINGS,
        "why": {"type": "string"},
    },
    "additionalProperties": False,
}
PLAYS_RESULT: JSON = {
    "type": "object",
    "required": ["plays", "count", "first_card", "rules", "summary"],
    "properties": {
        "plays": {"type": "array", "items": _PLAY},
        "count": {"type": "integer", "minimum": 0},
        "first_card": {"type": "boolean"},
        "rules": STRINGS,
        "summary": {"type": "string"},
    },
    "additionalProperties": False,
}
_LINE = {
    "type": "object",
    "required": ["reachable", "moves", "depends_on_hidden"],
    "properties": {
        "reachable": {"type": "boolean"},
        "moves": STRINGS,
        "depends_on_hidden": {"type": "boolean"},
    },
    "additionalProperties": False,
}
SOLVE_RESULT: JSON = {
    "type": "object",
    "required": ["strike", "spare", "rules", "summary"],
    "properties": {
        "strike": _LINE,
        "spare": _LINE,
        "rules": STRINGS,
        "summary": {"type": "string"},
    },
    "additionalProperties": False,
}


def plays_tool(request: JSON) -> JSON:
    """Every play the rules allow from the pins and the face-up ball cards."""
    pins, piles, _ = read_table(request)
    table = Table(pins, tuple(_top(p) for p in piles))
    plays = [p.to_json(table) for p in legal_plays(table)]
    if plays:
        summary = f"{len(plays)} legal play{'s' if len(plays) != 1 else ''}."
    else:
        summary = "No ball card can take a pin: the ball ends."
    rules = [R_BOWL, R_ONE_PIN, R_SEVERAL_PINS]
    rules += (
        [R_FIRST_CARD_BACK_ROW, R_FIRST_CARD_CENTRE]
        if table.first_card
        else [R_NEXT_TO_FALLEN]
    )
    return {
        "plays": plays,
        "count": len(plays),
        "first_card": table.first_card,
        "rules": rules,
        "summary": summary,
    }


def solve_tool(request: JSON) -> JSON:
    pins, piles, ball = read_table(request)
    out_cards = [_digit(c, "out", "0 8 4") for c in _items(request.get("out") or [])]
    count = _check_copies(pins, piles, out_cards)
    unseen = [COPIES - count[d] for d in DIGITS]
    if sum(p.count(solver.HIDDEN) for p in piles) > sum(unseen):
        raise BadInput(
            "More face-down cards than the pack has left unseen.",
            field="left",
            example="0 5 ? ? ?",
        )
    got = solver.solve(pins, piles, unseen, ball=ball)
    out = reach_json(got, ball)
    return {
        "strike": out["strike"],
        "spare": out["spare"],
        "rules": [R_STRIKE, R_SPARE, R_SECOND_BALL],
        "summary": out["summary"],
    }


def reach_json(got: solver.Reach, ball: int) -> JSON:
    def line(found: solver.Line | None) -> JSON:
        return {
            "reachable": found is not None,
            "moves": [_move(m) for m in found.moves] if found else [],
            "depends_on_hidden": bool(found and found.hidden),
        }

    strike, spare = line(got.strike), line(got.spare)
    parts = []
    if ball == 1:
        parts.append("a strike is still on" if strike["reachable"] else "no strike")
    parts.append("a spare is still on" if spare["reachable"] else "no spare")
    summary = "; ".join(parts).capitalize()
    if strike["depends_on_hidden"] or spare["depends_on_hidden"]:
        summary += ", if the face-down cards fall right"
    summary += "."
    return {"strike": strike, "spare": spare, "summary": summary}


def read_table(
    request: JSON,
) -> tuple[tuple[str | None, ...], list[tuple[str, ...]], int]:
    """Pins A-J (None: down) and the three piles (top first), checked."""
    raw = _items(request["pins"])
    if len(raw) != len(LETTERS):
        raise BadInput(
            f"'pins' lists all ten pins A to J ({len(raw)} given); - for a pin down.",
            field="pins",
            example="2 7 1 7 2 9 5 1 8 6",
        )
    pins = tuple(
        None if str(v).strip() == DOWN else _digit(v, "pins", PINS_TEXT) for v in raw
    )
    piles = []
    for name in ("left", "centre", "right"):
        pile = [str(v).strip() for v in _items(request.get(name) or [])]
        pile = [v for v in pile if v != DOWN]
        piles.append(
            tuple(v if v == solver.HIDDEN else _digit(v, name, "0 5 ?") for v in pile)
        )
    for name, pile in zip(("left", "centre", "right"), piles, strict=True):
        if pile and pile[0] == solver.HIDDEN:
            raise BadInput(
                f"The top card of the {name} pile is face up: give its number.",
                field=name,
                example="0 5 ?",
            )
    _check_copies(pins, piles, [])
    return pins, piles, int(request.get("ball") or 1)


def _check_copies(
    pins: tuple[str | None, ...], piles: list[tuple[str, ...]], out: list[str]
) -> Counter[str]:
    """The pack holds two of each number: a third copy is 422, on the field that
    brought it (pins, a pile, or the cards already out)."""
    count: Counter[str] = Counter()
    lists = [("pins", [c for c in pins if c is not None])]
    for name, pile in zip(("left", "centre", "right"), piles, strict=True):
        lists.append((name, list(pile)))
    lists.append(("out", out))
    for field, cards in lists:
        for card in cards:
            if card == solver.HIDDEN:
                continue
            count[card] += 1
            if count[card] > COPIES:
                raise BadInput(
                    f"{card} shows {count[card]} times, but the pack holds two of "
                    "each number 0-9.",
                    field=field,
                    example="2 7 1 7 2 9 5 1 8 6" if field == "pins" else "0 5 ?",
                )
    return count


def _items(value: Any) -> list[Any]:
    """A list field as sent, or as a form's text (``"0 5 ?"``)."""
    if isinstance(value, str):
        return value.replace(",", " ").split()
    return list(value) if isinstance(value, list | tuple) else [value]


def _top(pile: tuple[str, ...]) -> str | None:
    return pile[0] if pile else None


def _digit(value: Any, field: str, example: str) -> str:
    text = str(value).strip()
    if isinstance(value, bool) or text not in DIGITS:
        raise BadInput(
            f"'{value}' is not a bowling solitaire card: the cards are 0 to 9.",
            field=field,
            example=example,
        )
    return text


def _move(move: solver.Move) -> str:
    if isinstance(move, str):
        return move
    pile, card, pins, hidden = move
    shown = f"? (a {card})" if hidden else card
    return f"{PILE_NAMES[pile - 1]} {shown} takes {' '.join(pins)}"
