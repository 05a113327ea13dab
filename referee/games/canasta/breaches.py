"""Canasta: a documented request breaking each rule the referee checks."""

from __future__ import annotations

from referee.games.base import Breach
from referee.games.base import Example
from referee.games.canasta.events import BOB_DRAWS
from referee.games.canasta.events import DEAL
from referee.games.canasta.events import FOUR
from referee.games.canasta.events import MELD_EXAMPLE
from referee.games.canasta.melds import R_ASK_OUT_TIMING
from referee.games.canasta.melds import R_BLACK_THREES
from referee.games.canasta.melds import R_CANASTA
from referee.games.canasta.melds import R_CONCEALED
from referee.games.canasta.melds import R_CONCEALED_AFTER_PILE
from referee.games.canasta.melds import R_DEAL
from referee.games.canasta.melds import R_FROZEN_PILE
from referee.games.canasta.melds import R_GOING_OUT
from referee.games.canasta.melds import R_INITIAL_MELD
from referee.games.canasta.melds import R_MAY_I_GO_OUT
from referee.games.canasta.melds import R_MELDS
from referee.games.canasta.melds import R_ONE_MELD_PER_RANK
from referee.games.canasta.melds import R_RED_THREES
from referee.games.canasta.melds import R_STOCK_OUT
from referee.games.canasta.melds import R_TAKING_THE_PILE
from referee.games.canasta.melds import R_THREES
from referee.games.canasta.melds import R_TURN
from referee.games.canasta.melds import R_WILD_CAP
from referee.games.canasta.melds import R_WILD_CARDS
from referee.games.outcomes import JSON


def _at(event: JSON, *setup: JSON, **options: object) -> Example:
    return Example(event, setup=setup, players=FOUR, options=options)


BOB_DRAWN = (DEAL, BOB_DRAWS)
# Bob (with Di) melds aces on the first turn; Cy then throws an ace on the pile.
BOB_MELDS_CY_THROWS_ACE = (
    *BOB_DRAWN,
    MELD_EXAMPLE,
    {"type": "discard", "player": 1, "card": "9C"},
    {"type": "draw", "player": 2},
    {"type": "discard", "player": 2, "card": "AC"},
)
# Round the table after Bob's first meld, back to Bob having drawn again.
BOB_AGAIN = (
    *BOB_DRAWN,
    MELD_EXAMPLE,
    {"type": "discard", "player": 1, "card": "9C"},
    *(
        e
        for seat, card in ((2, "8D"), (3, "7D"), (0, "6D"))
        for e in (
            {"type": "draw", "player": seat},
            {"type": "discard", "player": seat, "card": card},
        )
    ),
    {"type": "draw", "player": 1},
)
EIGHTS_OUT = {
    "type": "go_out",
    "player": "Bob",
    "cards": "8S 8H 8D 8C 8S 8H JK 5S 5H 5D",
    "discard": "9C",
}

BREACHES = (
    Breach(
        R_TURN,
        "Cy draws while it is Bob's turn",
        _at({"type": "draw", "player": "Cy"}, DEAL),
    ),
    Breach(
        R_TURN,
        "Bob melds before drawing",
        _at({"type": "meld", "player": "Bob", "cards": "AS AH JK"}, DEAL),
    ),
    Breach(
        R_TURN,
        "Bob records the deal, but Ann deals this hand",
        _at({**DEAL, "player": "Bob"}),
    ),
    Breach(
        R_DEAL,
        "The turned-up joker is left on top of the pile",
        _at({"type": "deal", "upcard": "JK"}),
    ),
    Breach(
        R_WILD_CARDS,
        "Bob melds three wild cards on their own",
        _at(
            {"type": "meld", "player": "Bob", "cards": "2C 2D JK", "to": "9"},
            *BOB_DRAWN,
        ),
    ),
    Breach(
        R_MELDS,
        "Bob melds one ace with two jokers",
        _at({"type": "meld", "player": "Bob", "cards": "AS JK JK"}, *BOB_DRAWN),
    ),
    Breach(
        R_ONE_MELD_PER_RANK,
        "Two separate melds of sevens for one side",
        tool="melds",
        request={"cards": "7H 7D 7S 9C 9D 9H 7C 7H 7D"},
    ),
    Breach(
        R_CANASTA,
        "Bob goes out with no canasta on his side",
        _at(
            {"type": "go_out", "player": "Bob", "cards": "KS KH KD", "discard": "9C"},
            *BOB_DRAWN,
        ),
    ),
    Breach(
        R_GOING_OUT,
        "Bob melds his whole hand without a canasta on his side",
        _at(
            {"type": "go_out", "player": "Bob", "cards": "KS KH KD", "discard": "9C"},
            *BOB_DRAWN,
        ),
    ),
    Breach(
        R_WILD_CAP,
        "Bob melds a fourth wild card when the match allows three",
        _at(
            {"type": "meld", "player": "Bob", "cards": "AS AH 2C 2D JK JK"},
            *BOB_DRAWN,
            wild_cap="three",
        ),
    ),
    Breach(
        R_THREES,
        "Bob melds black threes without going out",
        _at({"type": "meld", "player": "Bob", "cards": "3S 3C 3S"}, *BOB_DRAWN),
    ),
    Breach(
        R_RED_THREES,
        "Bob melds red threes",
        _at({"type": "meld", "player": "Bob", "cards": "3H 3D 3H"}, *BOB_DRAWN),
    ),
    Breach(
        R_BLACK_THREES,
        "Cy takes the pile with a black three on top",
        _at(
            {"type": "take_pile", "player": "Cy", "top": "3S", "cards": "3C 3S"},
            *BOB_DRAWN,
            {"type": "discard", "player": 1, "card": "3S"},
        ),
    ),
    Breach(
        R_INITIAL_MELD,
        "Bob's side opens with three fives (15, under the 50 needed)",
        _at({"type": "meld", "player": "Bob", "cards": "5S 5H 5D"}, *BOB_DRAWN),
    ),
    Breach(
        R_TAKING_THE_PILE,
        "Bob takes the pile for a first meld with one natural nine and a joker",
        _at(
            {"type": "take_pile", "player": "Bob", "top": "9S", "cards": "9H JK"},
            DEAL,
        ),
    ),
    Breach(
        R_FROZEN_PILE,
        "Di takes a frozen pile onto her side's aces with one natural ace",
        _at(
            {"type": "take_pile", "player": "Di", "top": "AC", "cards": "AD JK"},
            *BOB_DRAWN,
            MELD_EXAMPLE,
            {"type": "discard", "player": 1, "card": "2S"},
            {"type": "draw", "player": 2},
            {"type": "discard", "player": 2, "card": "AC"},
        ),
    ),
    Breach(
        R_CONCEALED,
        "Bob claims a concealed going out after melding aces two turns ago",
        _at({**EIGHTS_OUT, "concealed": True}, *BOB_AGAIN),
    ),
    Breach(
        R_CONCEALED_AFTER_PILE,
        "Bob takes the pile and claims a concealed going out when the match bars it",
        _at(
            {**EIGHTS_OUT, "concealed": True},
            {"type": "deal", "upcard": "AS"},
            {"type": "take_pile", "player": 1, "top": "AS", "cards": "AH AD"},
            concealed_pile="barred",
        ),
    ),
    Breach(
        R_MAY_I_GO_OUT,
        "Told yes to going out, Bob discards instead",
        _at(
            {"type": "discard", "player": "Bob", "card": "9C"},
            DEAL,
            {"type": "ask_out", "player": 1, "answer": True},
            BOB_DRAWS,
        ),
    ),
    Breach(
        R_ASK_OUT_TIMING,
        "Bob asks to go out after drawing",
        _at({"type": "ask_out", "player": "Bob", "answer": True}, *BOB_DRAWN),
    ),
    Breach(
        R_STOCK_OUT,
        "With the stock gone, Di leaves an ace that fits her side's aces",
        _at(
            {"type": "stock_out", "player": "Di", "top": "AC"},
            *BOB_MELDS_CY_THROWS_ACE,
        ),
    ),
)
