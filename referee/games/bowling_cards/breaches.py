"""Bowling cards: a documented request breaking each rule the referee checks."""

from __future__ import annotations

from referee.games.base import Breach
from referee.games.base import Example
from referee.games.bowling_cards.examples import BOB_DRAWS
from referee.games.bowling_cards.examples import DEALT
from referee.games.bowling_cards.examples import EXAMPLE_PLAYERS
from referee.games.bowling_cards.examples import FRAME_END
from referee.games.bowling_cards.examples import LAST_DRAWS
from referee.games.bowling_cards.examples import ROWS
from referee.games.bowling_cards.scoring import R_BEFORE_PLAY
from referee.games.bowling_cards.scoring import R_DEAL
from referee.games.bowling_cards.scoring import R_DISCARD_ORDER
from referee.games.bowling_cards.scoring import R_DRAW
from referee.games.bowling_cards.scoring import R_EXCHANGE
from referee.games.bowling_cards.scoring import R_FRAME_END
from referee.games.bowling_cards.scoring import R_HAND_CARDS
from referee.games.bowling_cards.scoring import R_HELD_CARDS
from referee.games.bowling_cards.scoring import R_IMPROVING
from referee.games.bowling_cards.scoring import R_LEFT_TO_RIGHT
from referee.games.bowling_cards.scoring import R_NO_SWAPPING
from referee.games.bowling_cards.scoring import R_OVER_TEN
from referee.games.bowling_cards.scoring import R_TEN_COVERS
from referee.games.bowling_cards.scoring import R_TURN_ORDER
from referee.games.bowling_cards.scoring import R_UPCARD
from referee.games.bowling_cards.scoring import R_WINNER
from referee.games.outcomes import JSON


def _at(event: JSON, *setup: JSON, **options: object) -> Example:
    return Example(event, setup=setup, players=EXAMPLE_PLAYERS, options=options)


AFTER_BOB_DRAWS = (*DEALT, BOB_DRAWS)
# Bob's first pair is a spare (7H 3S); Cy and Ann throw their draws away.
BOB_SPARE = (
    *AFTER_BOB_DRAWS,
    {"type": "place", "player": 1},
    {"type": "draw", "player": 2, "source": "stock", "card": "9C"},
    {"type": "discard", "player": 2},
    {"type": "draw", "player": 0, "source": "stock", "card": "QC"},
    {"type": "discard", "player": 0},
)
BOB_SHOWS = {"type": "show", "player": 1, "cards": "AC 4D 8S"}
# A one-frame game played to its end: every hand card shown.
GAME_OVER = (
    *LAST_DRAWS,
    BOB_SHOWS,
    {"type": "show", "player": 2, "cards": "AD 4S 8H"},
    {"type": "show", "player": 0, "cards": "5C 6S 7C"},
)
HAND_COVER = {"type": "place", "player": "Bob", "card": "KH", "source": "hand"}

BREACHES = (
    Breach(
        R_HAND_CARDS,
        "Bob covers his 7H with a hand card instead of the card he drew",
        _at(HAND_COVER, *AFTER_BOB_DRAWS),
    ),
    Breach(
        R_HAND_CARDS,
        "Bob lays KH as the cover, but the card he drew was 3S",
        _at({"type": "place", "player": "Bob", "card": "KH"}, *AFTER_BOB_DRAWS),
    ),
    Breach(
        R_TURN_ORDER,
        "Cy draws while it is Bob's turn",
        _at({"type": "draw", "player": "Cy", "source": "stock", "card": "3S"}, *DEALT),
    ),
    Breach(
        R_TURN_ORDER,
        "Bob turns up the first pile card, but Ann deals",
        _at({"type": "upcard", "card": "8C", "player": "Bob"}, *ROWS),
    ),
    Breach(
        R_DEAL,
        "Bob is dealt a second row",
        _at({**ROWS[0], "cards": "4S 5H 6D 7C 8S 9D"}, ROWS[0]),
    ),
    Breach(
        R_EXCHANGE,
        "Bob gives back a seven from his hand",
        _at({"type": "exchange", "player": "Bob", "card": "7S"}, *ROWS),
    ),
    Breach(
        R_EXCHANGE,
        "Bob gives back a queen after the pile is started",
        _at({"type": "exchange", "player": "Bob", "card": "QS"}, *DEALT),
    ),
    Breach(
        R_UPCARD,
        "A second card is turned up once play has begun",
        _at({"type": "upcard", "card": "5C"}, *DEALT),
    ),
    Breach(
        R_DRAW,
        "Bob lays a cover without having drawn",
        _at({"type": "place", "player": "Bob"}, *DEALT),
    ),
    Breach(
        R_LEFT_TO_RIGHT,
        "Bob lays his draw on his third row card, skipping the first",
        _at({"type": "place", "player": "Bob", "position": 3}, *AFTER_BOB_DRAWS),
    ),
    Breach(
        R_OVER_TEN,
        "Bob lays a 6H on his 7H: thirteen",
        _at(
            {"type": "place", "player": "Bob"},
            *DEALT,
            {"type": "draw", "player": 1, "source": "stock", "card": "6H"},
        ),
    ),
    Breach(
        R_TEN_COVERS,
        "Bob plays a hand card on his spare",
        _at(
            {"type": "replace", "player": "Bob", "position": 1, "card": "KH"},
            *BOB_SPARE,
        ),
    ),
    Breach(
        R_DISCARD_ORDER,
        "During play Bob puts a hand card in place of a row card already paired to ten",
        _at(
            {"type": "replace", "player": "Bob", "position": 1, "card": "KH"},
            *BOB_SPARE,
        ),
    ),
    Breach(
        R_NO_SWAPPING,
        "Bob moves a cover from one row card to another",
        _at(
            {"type": "place", "player": "Bob", "card": "3S", "source": "cover"},
            *AFTER_BOB_DRAWS,
        ),
    ),
    Breach(
        R_NO_SWAPPING,
        "Bob moves a row card into another row card's place",
        _at(
            {
                "type": "replace",
                "player": "Bob",
                "position": 1,
                "card": "QD",
                "source": "row",
            },
            *DEALT,
        ),
    ),
    Breach(
        R_BEFORE_PLAY,
        "Bob plays a hand card before the hands are dealt",
        _at({"type": "replace", "player": "Bob", "position": 2, "card": "KH"}, ROWS[0]),
    ),
    Breach(
        R_IMPROVING,
        "Bob puts the card he drew in place of a row card",
        _at(
            {
                "type": "replace",
                "player": "Bob",
                "position": 2,
                "card": "3S",
                "source": "drawn",
            },
            *AFTER_BOB_DRAWS,
        ),
    ),
    Breach(
        R_FRAME_END,
        "After the frame ends Cy throws away a hand card",
        _at(
            {"type": "discard", "player": "Cy", "card": "KD", "source": "hand"},
            *FRAME_END,
            {"type": "draw", "player": 2, "source": "stock", "card": "5H"},
        ),
    ),
    Breach(
        R_HELD_CARDS,
        "Bob shows his hand cards a second time",
        _at(BOB_SHOWS, *LAST_DRAWS, BOB_SHOWS),
    ),
    Breach(
        R_WINNER,
        "A new frame is dealt after the last one was scored",
        _at(ROWS[0], *GAME_OVER, frames=1),
    ),
)
