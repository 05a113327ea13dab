"""Billiards: once the shooter is known, a shot whose outcome is one of the common
ones is one tap (the issue's budget): a ball that went in is its ball, a miss, a
scratch and a foul on the break each their own button."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import expect

from bench.taps import Tapper
from bench.taps import Turn
from tests.e2e.screens import State

PLAYERS = ("Ann", "Bob")
BROKE = ({"type": "breaker", "side": "Ann"},)
# Ann has broken and made the 1: Ann is at the table, on the 2.
AT_THE_TABLE = State(
    "billiards",
    "after the break",
    PLAYERS,
    {},
    (*BROKE, {"type": "shot", "pocketed": [1]}),
)
TO_BREAK = State("billiards", "who breaks is known", PLAYERS, {}, BROKE)


def _tap(name: str, ruled: str) -> Callable[[Tapper], None]:
    """One tap on the outcome ``name``; the referee's ruling then says ``ruled``."""

    def play(thumb: Tapper) -> None:
        shot = thumb.page.get_by_role("region", name="Enter a shot")
        thumb.submit(shot.get_by_role("button", name=name, exact=True))
        expect(thumb.page.locator(".ruling")).to_contain_text(ruled)

    return play


TURNS = [
    Turn(
        "billiards",
        "a shot that pocketed the ball on",
        1,
        AT_THE_TABLE,
        _tap("Made the 2", "Ann: legal shot, the 2 pocketed"),
    ),
    Turn(
        "billiards",
        "a miss",
        1,
        AT_THE_TABLE,
        _tap("Missed: nothing went in", "Ann: legal shot, no ball pocketed"),
    ),
    Turn(
        "billiards",
        "a scratch",
        1,
        AT_THE_TABLE,
        _tap("Scratch: cue ball went in", "Ann: foul, the cue ball went into a pocket"),
    ),
    Turn(
        "billiards",
        "a foul on the break (a scratch)",
        1,
        TO_BREAK,
        _tap("Scratch on the break", "Ann: foul, the cue ball went into a pocket"),
    ),
]
