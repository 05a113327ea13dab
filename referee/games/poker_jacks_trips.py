"""Jacks to open, trips to win: draw poker where jacks or better open and trips take it.

The engine is the shared draw-poker table (``referee.games.poker.draw``). Events as in
``poker-draw``, plus:

* ``bet`` with ``"openers": "JH JD"`` on the bet that opens: the cards that make a
  pair of jacks or better (queens, kings, aces after redeals in the progressive
  jackpot), shown to the referee;
* ``reveal`` ``{"player": 0, "cards": "9S 9H 9D 4C 2S"}``: at the showdown, three of
  a kind or better; without ``cards``: the player has none. Nobody reveals: everyone
  still in exchanges again;
* ``show`` in the ``low`` phase (high/low split): a player who did not reveal shows
  five cards for the low half, or passes without cards.

``detail`` adds ``opener``, ``openers_needed``, ``wild_rank`` (progressive jackpot)
and ``hand_wins``.
"""

from __future__ import annotations

from referee.games.base import JSON
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Field
from referee.games.base import Game
from referee.games.base import Option
from referee.games.base import Setup
from referee.games.base import Step
from referee.games.poker import draw
from referee.games.poker import hands as hl
from referee.games.poker_draw import BET_FIELDS
from referee.games.poker_draw import COMMON_OPTIONS
from referee.games.poker_draw import DRAW_FIELDS
from referee.games.poker_draw import SHOW_FIELDS

GAME_ID = draw.JACKS


def start(setup: Setup) -> JSON:
    return draw.start(setup, GAME_ID)


def apply(state: JSON, event: JSON) -> Step:
    return draw.apply(state, event)


def view(state: JSON) -> JSON:
    board = draw.view(state)
    if state["options"]["progressive"]:
        board["detail"]["title"] = "Jacks to open, trips to win: progressive jackpot"
    return board


DEAL = {"type": "deal"}
OPEN = {"type": "bet", "player": 1, "action": "bet", "amount": 2, "openers": "JH JD"}
OPENED = (
    DEAL,
    OPEN,
    {"type": "bet", "player": 2, "action": "call"},
    {"type": "bet", "player": 0, "action": "call"},
)
DRAWN = (
    *OPENED,
    {"type": "draw", "player": 1, "count": 3},
    {"type": "draw", "player": 2, "count": 2},
    {"type": "draw", "player": 0, "count": 1},
    {"type": "bet", "player": 1, "action": "check"},
    {"type": "bet", "player": 2, "action": "check"},
    {"type": "bet", "player": 0, "action": "check"},
)
THREE = ("Ann", "Bob", "Cy")

EVENTS = (
    EventKind(
        type="deal",
        title="Deal",
        help="Five cards down each; everyone antes (again after nobody opened).",
        fields=(),
        examples=(Example(DEAL, players=THREE, title="Ann deals"),),
    ),
    EventKind(
        type="bet",
        title="Bet",
        help="Check (pass), bet, call, raise or fold in turn from the dealer's left. "
        "Nobody may bet until someone opens, and opening takes jacks or better "
        "shown to the referee as 'openers'.",
        fields=(
            *BET_FIELDS,
            Field(
                "openers",
                "cards",
                "Only with the bet that opens: the cards that make jacks or better.",
                required=False,
                minimum=2,
                maximum=5,
            ),
        ),
        examples=(
            Example(OPEN, setup=(DEAL,), players=THREE, title="Bob opens with jacks"),
            Example(
                {"type": "bet", "player": 1, "action": "check"},
                setup=(DEAL,),
                players=THREE,
                title="Bob passes",
            ),
        ),
    ),
    EventKind(
        type="draw",
        title="Exchange",
        help="Cards exchanged, in turn: up to three, four with an ace shown (fewer "
        "than six players).",
        fields=DRAW_FIELDS,
        examples=(
            Example(
                {"type": "draw", "player": 1, "count": 3},
                setup=OPENED,
                players=THREE,
                title="Bob draws three",
            ),
        ),
    ),
    EventKind(
        type="reveal",
        title="Reveal trips",
        help="At the showdown anyone with three of a kind or better must reveal it; "
        "the others send no cards. Nobody reveals: exchange again.",
        fields=(
            Field("player", "seat", "Who answers."),
            Field(
                "cards",
                "cards",
                "Five cards with three of a kind or better; leave out for none.",
                required=False,
                minimum=5,
                maximum=5,
            ),
        ),
        examples=(
            Example(
                {"type": "reveal", "player": 1, "cards": "9S 9H 9D 4C 2S"},
                setup=DRAWN,
                players=THREE,
                title="Bob reveals three nines",
            ),
            Example(
                {"type": "reveal", "player": 1},
                setup=DRAWN,
                players=THREE,
                title="Bob has no trips",
            ),
        ),
    ),
    EventKind(
        type="show",
        title="Show for low",
        help="High/low split: after the reveals, a player who did not reveal shows "
        "five cards for the low half, or passes without cards.",
        fields=SHOW_FIELDS,
        examples=(
            Example(
                {"type": "show", "player": 2, "cards": "7C 5D 4H 3S AC"},
                setup=(
                    *DRAWN,
                    {"type": "reveal", "player": 1, "cards": "9S 9H 9D 4C 2S"},
                    {"type": "reveal", "player": 2},
                    {"type": "reveal", "player": 0},
                ),
                players=THREE,
                title="Cy shows a seven-five for low",
            ),
        ),
    ),
    EventKind(
        type="end",
        title="End the session",
        help="Stop playing between hands (not while chips wait in the pot).",
        fields=(),
        examples=(Example({"type": "end"}, players=THREE, title="Stop"),),
    ),
)

OPTIONS = (
    *COMMON_OPTIONS,
    Option(
        "winner",
        "Who wins",
        "high-low (the text's winner line: high and low split) or high (the best "
        "revealed hand takes it all).",
        "choice",
        "high-low",
        choices=("high-low", "high"),
    ),
    Option(
        "low",
        "Low ranking",
        "For the low half: ace-to-five, deuce-to-seven or ace-to-six.",
        "choice",
        "ace-to-five",
        choices=tuple(hl.LOW_RULES),
    ),
    Option(
        "progressive",
        "Progressive jackpot",
        "Three hand wins take the pot; deuces wild in the first hand, then threes, "
        "fours...; openers rise to queens, kings, aces when nobody opens.",
        "boolean",
        False,
    ),
)

GAME = Game(
    id=GAME_ID,
    title="Jacks to open, trips to win",
    summary="Draw poker where only jacks or better open and only trips or better "
    "win: openers checked, redeals, exchanges until someone reveals, the high/low "
    "split and the progressive jackpot.",
    source="The Jacks to Open, Trips to Win section of the poker rules (seed 004). "
    "Readings: the same dealer redeals when nobody opens; the progressive jackpot "
    "is won on high hands only.",
    min_players=3,
    max_players=7,
    options=OPTIONS,
    events=EVENTS,
    stylesheet="games/poker.css",
    start=start,
    apply=apply,
    view=view,
    deck="standard-jokers",
)
