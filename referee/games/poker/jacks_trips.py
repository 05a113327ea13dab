"""Jacks to open, trips to win: draw poker where jacks or better open and trips take it.

The engine is the shared draw-poker table (``referee.games.poker.draw``, with the
variant's own steps in ``referee.games.poker.jacks``). Events as in ``poker-draw``,
plus:

* ``bet`` with ``"openers": "JH JD"`` on the bet that opens: the cards that make a
  pair of jacks or better (queens, kings, aces after redeals in the progressive
  jackpot), shown to the referee; a ``check`` or ``fold`` in the opening round may
  show ``openers`` too, and is refused when they would open (openers must open);
* ``reveal`` ``{"player": 0, "cards": "9S 9H 9D 4C 2S"}``: at the showdown, three of
  a kind or better; without ``cards``: the player has none. Nobody reveals: everyone
  still in exchanges again;
* ``show`` in the ``low`` phase (high/low split): a player who did not reveal shows
  five cards for the low half, or passes without cards.

``detail`` adds ``opener``, ``openers_needed``, ``wild_rank`` (progressive jackpot),
``hand_wins`` (toward the jackpot) and ``hands_won`` (every hand won). The openers
calculator (``openers.OPENERS_TOOL``) answers whether a hand may, and so must, open.
"""

from __future__ import annotations

from typing import Any

from referee.games.base import Breach
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.poker import draw
from referee.games.poker import drawing
from referee.games.poker import hands as hl
from referee.games.poker.five_card_draw import BET_FIELDS
from referee.games.poker.five_card_draw import COMMON_OPTIONS
from referee.games.poker.five_card_draw import COMMON_RULES
from referee.games.poker.five_card_draw import DEAL_FIELDS
from referee.games.poker.five_card_draw import checks
from referee.games.poker.five_card_draw import draw_event
from referee.games.poker.five_card_draw import draws
from referee.games.poker.five_card_draw import end_event
from referee.games.poker.five_card_draw import hand_field
from referee.games.poker.five_card_draw import show_event
from referee.games.poker.openers import OPENERS_TOOL
from referee.rulebook import cite

CITE = cite("poker-jacks-trips")
JACKS_RULES = (
    "openers",
    "must-open",
    "nobody-opens",
    "trips-to-win",
    "nobody-reveals",
    "winner",
    "progressive-jackpot",
    "rising-openers",
)
VARIANT = drawing.DrawVariant(
    game_id="poker-jacks-trips",
    rules={n: CITE(n) for n in (*COMMON_RULES, *JACKS_RULES)},
    wild_option=False,
    double_draw=False,
    jacks_to_open=True,
    trips_to_win=True,
    progressive=True,
    winner_modes={"high-low": "high-low", "high": "high"},
    cited_when=(("progressive", False),),
)


def view(state: JSON) -> JSON:
    board = draw.view(VARIANT, state, GAME.expects(state))
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
DRAWN = (*OPENED, *draws((1, 3), (2, 2), (0, 1)), *checks(1, 2, 0))
THREE = ("Ann", "Bob", "Cy")

EVENTS = (
    EventKind(
        type="deal",
        title="Deal",
        help="Five cards down each; everyone antes (again after nobody opened).",
        fields=DEAL_FIELDS,
        examples=(
            Example(DEAL, players=THREE, title="Ann deals"),
            Example(
                {**DEAL, "player": "Ann"},
                setup=(DEAL, *checks(1, 2, 0)),
                players=THREE,
                title="Nobody opened: Ann deals again",
            ),
        ),
    ),
    EventKind(
        type="bet",
        title="Bet",
        help="Check (pass), bet, call, raise or fold in turn from the dealer's left. "
        "Nobody may bet until someone opens, and opening takes jacks or better "
        "shown to the referee as the openers; a hand that can open must open.",
        fields=(
            *BET_FIELDS,
            Field(
                "openers",
                "cards",
                "With the bet that opens: the cards that make jacks or better. A "
                "pass or fold before the opening may show cards too: if they "
                "would open, it is refused (openers must open).",
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
    draw_event(
        "Cards exchanged, in turn: up to three, four with an ace shown (fewer "
        "than six players).",
        OPENED,
        players=THREE,
    ),
    EventKind(
        type="reveal",
        title="Reveal trips",
        help="At the showdown anyone with three of a kind or better must reveal it; "
        "the others send no cards. Nobody reveals: exchange again.",
        fields=(
            Field("player", "seat", "Who answers."),
            hand_field(
                "Five cards with three of a kind or better; leave out for none."
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
    show_event(
        "Show for low",
        "High/low split: after the reveals, a player who did not reveal shows "
        "five cards for the low half, or passes without cards.",
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
    end_event(
        "Stop playing between hands (not while chips wait in the pot).",
        Example({"type": "end"}, players=THREE, title="Stop"),
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
        choices=tuple(VARIANT.winner_modes),
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

R = VARIANT.rule
PASSED_OUT = (DEAL, *checks(1, 2, 0))
TRIPS = {"type": "reveal", "player": 1, "cards": "9S 9H 9D 4C 2S"}
NONE_REVEAL = tuple({"type": "reveal", "player": p} for p in (1, 2, 0))
# Ann folds to Bob's opening; Bob and Cy exchange and check: the reveal.
ANN_OUT = (
    DEAL,
    OPEN,
    {"type": "bet", "player": 2, "action": "call"},
    {"type": "bet", "player": 0, "action": "fold"},
    *draws((1, 3), (2, 2)),
    *checks(1, 2),
)


def _breach(rule: str, title: str, event: JSON, *setup: JSON, **options: Any) -> Breach:
    """A refused event of Ann, Bob and Cy (Ann deals) after ``setup``."""
    return Breach(
        R(rule), title, Example(event, setup=setup, players=THREE, options=options)
    )


BREACHES = (
    _breach(
        "deal",
        "Nobody opened and Bob deals the redeal, which is Ann's",
        {"type": "deal", "player": "Bob"},
        *PASSED_OUT,
    ),
    _breach(
        "ante",
        "The cards are dealt before Cy has anted",
        {"type": "deal", "missing_ante": "Cy"},
    ),
    _breach(
        "openers",
        "Bob opens with a pair of tens",
        {**OPEN, "openers": "10H 10D"},
        DEAL,
    ),
    _breach(
        "must-open",
        "Bob passes showing a pair of jacks",
        {"type": "bet", "player": 1, "action": "check", "openers": "JH JD"},
        DEAL,
    ),
    _breach(
        "must-open",
        "Bob folds showing a pair of kings",
        {"type": "bet", "player": 1, "action": "fold", "openers": "KH KD 7C 4S 2H"},
        DEAL,
    ),
    _breach(
        "must-open",
        "Progressive jackpot, queens to open, twos wild: Bob passes with a queen "
        "and a two",
        {"type": "bet", "player": 1, "action": "check", "openers": "QH 2D"},
        *PASSED_OUT,
        DEAL,
        progressive=True,
    ),
    Breach(
        R("must-open"),
        "Bob asks whether he may pass holding a pair of queens",
        tool="openers",
        request={"cards": "QH QD 8C 5S 3H"},
    ),
    _breach(
        "nobody-opens",
        "Bob and Cy fold before anyone opens; Ann folds too",
        {"type": "bet", "player": 0, "action": "fold"},
        DEAL,
        {"type": "bet", "player": 1, "action": "fold"},
        {"type": "bet", "player": 2, "action": "fold"},
    ),
    _breach(
        "betting",
        "Cy checks facing Bob's opening bet",
        {"type": "bet", "player": 2, "action": "check"},
        DEAL,
        OPEN,
    ),
    _breach(
        "betting",
        "Ann bets before Bob, whose turn it is",
        {"type": "bet", "player": 0, "action": "check"},
        DEAL,
    ),
    _breach(
        "order-of-play",
        "Bob reveals trips during the opening round",
        TRIPS,
        DEAL,
    ),
    _breach(
        "draw",
        "Cy exchanges before Bob, the first to draw",
        *draws((2, 2)),
        *OPENED,
    ),
    _breach(
        "four-card-draw",
        "Bob draws four without showing an ace",
        *draws((1, 4)),
        *OPENED,
    ),
    _breach(
        "showdown",
        "Ann, who folded, answers at the check for a winner",
        {"type": "reveal", "player": 0, "cards": "AS AD AC 5H 3S"},
        *ANN_OUT,
    ),
    _breach(
        "trips-to-win",
        "Bob reveals a pair of jacks as a winning hand",
        {"type": "reveal", "player": 1, "cards": "JS JD 8C 4H 2S"},
        *DRAWN,
    ),
    _breach(
        "nobody-reveals",
        "Nobody revealed, and Bob bets instead of exchanging again",
        {"type": "bet", "player": 1, "action": "check"},
        *DRAWN,
        *NONE_REVEAL,
    ),
    _breach(
        "winner",
        "Bob, who revealed trips, also shows for low",
        {"type": "show", "player": 1, "cards": "7C 5D 4H 3S AC"},
        *DRAWN,
        TRIPS,
        *NONE_REVEAL[1:],
    ),
    _breach(
        "rising-openers",
        "Progressive jackpot, after a hand nobody opened: Bob opens with jacks",
        OPEN,
        *PASSED_OUT,
        DEAL,
        progressive=True,
    ),
    _breach(
        "session",
        "The session is ended while the passed-out pot waits",
        {"type": "end"},
        *PASSED_OUT,
    ),
)

GAME = Game(
    id=VARIANT.game_id,
    title="Jacks to open, trips to win",
    summary="Draw poker where only jacks or better open and only trips or better "
    "win: openers checked, redeals, exchanges until someone reveals, the high/low "
    "split and the progressive jackpot.",
    source="The Jacks to Open, Trips to Win section of the poker rules (seed 004). "
    "Readings: the same dealer redeals when nobody opens; the progressive jackpot "
    "is won on high hands only.",
    min_players=3,
    max_players=7,
    **draw.game_parts(VARIANT),
    options=OPTIONS,
    events=EVENTS,
    view=view,
    tools=(OPENERS_TOOL,),
    turn_rule=R("order-of-play"),
    breaches=BREACHES,
)
