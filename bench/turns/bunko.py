"""Bunko: a roll is three taps, one a die (the third sends the roll)."""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from tests.e2e.screens import State

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
# The start decided: Ann rolled the high die, so Ann holds the dice.
STARTED = State(
    "bunko",
    "Ann to roll",
    PLAYERS,
    {},
    tuple(
        {"type": "first_roll", "player": p, "die": d}
        for p, d in zip(PLAYERS, (6, 2, 3, 1), strict=True)
    ),
)


def _roll(thumb: Tapper) -> None:
    pad = thumb.page.get_by_role("form", name="Enter a roll")
    for face in ("6", "6"):
        thumb.tap(pad.get_by_role("button", name=face, exact=True))
    thumb.submit(pad.get_by_role("button", name="1", exact=True))


TURNS = [Turn("bunko", "a roll of three dice", 3, STARTED, _roll)]
