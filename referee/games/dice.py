"""Dice notation (NOTATION.md): plain dice 1-6 and poker dice 9 10 J Q K A."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from referee.games import cards
from referee.games.outcomes import BadInput

POKER_FACES = ("9", "10", "J", "Q", "K", "A")
_FACE = re.compile(r"[1-6]", re.ASCII)


def parse_die(value: Any) -> int:
    """One plain die: an integer 1-6 (``"4"`` is fine; ``"04"`` or ``"٤"`` is not)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise BadInput("A die shows a number from 1 to 6.", example="4")
    text = str(value).strip()
    if not _FACE.fullmatch(text):
        raise BadInput(
            f"'{value}' is not a die face: plain dice show 1 to 6.", example="4"
        )
    return int(text)


def parse_roll(value: Any, *, count: int, least: int | None = None) -> list[int]:
    """A roll of ``count`` dice (or ``least`` to ``count``): ``6 6 1``, ``[6,6,1]``."""
    least = count if least is None else least
    faces = _tokens(value)
    example = " ".join(["6", "6", "1", "4", "2"][:count])
    if not least <= len(faces) <= count:
        want = str(count) if least == count else f"{least} to {count}"
        raise BadInput(
            f"A roll here is {want} dice; {len(faces)} given.", example=example
        )
    return [parse_die(f) for f in faces]


def parse_poker_die(value: Any) -> str:
    """One poker die: ``9 10 J Q K A`` (read as card ranks are: ``t`` for ten)."""
    message = f"'{value}' is not a poker die face: faces are 9 10 J Q K A."
    try:
        face = cards.parse_rank(value, example="A")
    except BadInput:
        raise BadInput(message, example="A") from None
    if face not in POKER_FACES:
        raise BadInput(message, example="A")
    return face


def _tokens(value: Any) -> list[Any]:
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("[") and text.endswith("]"):
            # "[6, 6, 1]": one flat list; a bracket left inside is a bad face. (Not
            # json.loads: "[" * 5000 made it raise RecursionError, a 500: issue 25.)
            text = text[1:-1]
        return [t for t in re.split(r"[\s,;]+", text) if t]
    if isinstance(value, Sequence):
        return list(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    raise BadInput("A roll is written like 6 6 1 or [6, 6, 1].", example="6 6 1")
