"""Darts notation (NOTATION.md): S/D/T 1-20, SB, DB and M, with precise errors."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.games.outcomes import BadInput

BULL = 25
EXAMPLE = "T20, D16, S5, SB, DB or M"
_PREFIX = {"S": 1, "D": 2, "T": 3}
# Exactly the words NOTATION.md lists (issue 25: nothing else is read as a dart).
_WORDS = {
    "M": "M",
    "MISS": "M",
    "0": "M",
    "SB": "SB",
    "25": "SB",
    "BULL": "SB",
    "DB": "DB",
    "50": "DB",
    "BULLSEYE": "DB",
}
# ASCII digits without a leading zero: "T٢٠" and "020" are not darts.
_SHAPE = re.compile(r"([SDT]?)(0|[1-9][0-9]{0,2})", re.ASCII)


@dataclass(frozen=True, order=True)
class Dart:
    """One dart: ``segment`` 0 (miss), 1-20 or 25 (bull); ``multiplier`` 0-3."""

    segment: int
    multiplier: int

    @property
    def points(self) -> int:
        return self.segment * self.multiplier

    @property
    def is_double(self) -> bool:
        """Doubles ring or the bullseye: the darts that may finish an x01 leg."""
        return self.multiplier == 2

    @property
    def is_treble(self) -> bool:
        return self.multiplier == 3

    @property
    def code(self) -> str:
        if self.multiplier == 0:
            return "M"
        if self.segment == BULL:
            return "DB" if self.multiplier == 2 else "SB"
        return "SDT"[self.multiplier - 1] + str(self.segment)

    def __str__(self) -> str:
        return self.code


MISS = Dart(0, 0)


def parse_dart(value: Any) -> Dart:
    """Read one dart; anything a board cannot show is ``BadInput`` naming the token."""
    if isinstance(value, str):  # a stored event's canonical code: no parsing
        known = _CODES.get(value)
        if known is not None:
            return known
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise BadInput(f"A dart is written like {EXAMPLE}.", example="T20")
    token = "".join(str(value).split())
    token = token.upper() if token.isascii() else token
    if token in _WORDS:
        return _from_code(_WORDS[token])
    match = _SHAPE.fullmatch(token)
    if not match:
        raise BadInput(
            f"'{value}' is not a dart: write it like {EXAMPLE}.", example="T20"
        )
    prefix, number = match.group(1) or "S", int(match.group(2))
    if number == BULL:
        raise BadInput(
            f"'{value}' is not a dart: the bull is written SB (25) or DB (50); "
            "there is no treble bull.",
            example="DB",
        )
    if not 1 <= number <= 20:
        ring = {"S": "singles", "D": "doubles", "T": "trebles"}[prefix]
        raise BadInput(
            f"'{value}' is not a dart: {ring} go from {prefix}1 to {prefix}20; "
            "the bull is SB or DB.",
            example="T20",
        )
    return Dart(number, _PREFIX[prefix])


def parse_darts(value: Any, *, most: int = 3, least: int = 1) -> list[Dart]:
    """Read a list of darts: ``["T20", "S5"]`` or ``"T20 S5"`` / ``"T20, S5"``."""
    if isinstance(value, str):
        tokens: Sequence[Any] = [t for t in re.split(r"[\s,;]+", value.strip()) if t]
    elif isinstance(value, Sequence):
        tokens = value
    else:
        raise BadInput(
            'Darts are a list like ["T20", "T20", "S20"].',
            example='["T20", "T20", "S20"]',
        )
    if not least <= len(tokens) <= most:
        span = f"{least} to {most}" if least != most else str(most)
        raise BadInput(
            f"The list holds {span} darts; {len(tokens)} given.",
            example='["T20", "T20", "S20"]',
        )
    return [parse_dart(t) for t in tokens]


def all_darts() -> list[Dart]:
    """Every distinct dart a board can show, misses included."""
    darts = [Dart(n, m) for m in (1, 2, 3) for n in range(1, 21)]
    return [*darts, Dart(BULL, 1), Dart(BULL, 2), MISS]


# Every dart by its canonical code (darts are frozen, so one of each is shared): a
# replay of a long log reads thousands of them.
_CODES = {dart.code: dart for dart in all_darts()}


def _from_code(code: str) -> Dart:
    return {"M": MISS, "SB": Dart(BULL, 1), "DB": Dart(BULL, 2)}[code]
