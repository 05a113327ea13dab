"""Liar's dice: a claim is five taps on the face pad and one to pass the box (six, the
issue's budget); a raise over the last claim is the same six."""

from __future__ import annotations

from collections.abc import Callable

from bench.taps import Tapper
from bench.taps import Turn
from tests.e2e.screens import State

PLAYERS = ("Ann", "Bob", "Cy")
FRESH = State("liars-dice", "start", PLAYERS, {}, ())
# Ann claimed K K J J 10 and Bob accepted: Bob holds the box and must claim higher.
ACCEPTED = State(
    "liars-dice",
    "accepted",
    PLAYERS,
    {},
    (
        {"type": "claim", "player": "Ann", "claim": "K K J J 10"},
        {"type": "accept", "player": "Bob"},
    ),
)


def _claim(*faces: str) -> Callable[[Tapper], None]:
    def play(thumb: Tapper) -> None:
        form = thumb.page.get_by_role("form", name="Pass the box with a claim")
        pad = form.locator("[data-ld-pad='ld-claim']")
        for face in faces:
            thumb.tap(pad.get_by_role("button", name=face, exact=True))
        thumb.submit(form.get_by_role("button", name="Pass the box"))

    return play


TURNS = [
    Turn("liars-dice", "an opening claim", 6, FRESH, _claim("K", "K", "J", "J", "10")),
    Turn(
        "liars-dice",
        "a claim above the last",
        6,
        ACCEPTED,
        _claim("K", "K", "K", "J", "J"),
    ),
]
