"""What the referee checks in bowling solitaire: a documented play that breaks each
rule the rulebook says forbids or requires something (``Game.breaches``).

All of them are played on the rules' sample frame (``DEAL``): pins A-J show
2 7 1 7 2 9 5 1 8 6 and the ball piles show 0, 0 and 4.
"""

from __future__ import annotations

from referee.games.base import Breach
from referee.games.base import Example
from referee.games.bowling_solitaire.table import R_ADJACENT_PINS
from referee.games.bowling_solitaire.table import R_BOWL
from referee.games.bowling_solitaire.table import R_CARDS_OUT
from referee.games.bowling_solitaire.table import R_END_OF_FRAME
from referee.games.bowling_solitaire.table import R_FIRST_CARD_BACK_ROW
from referee.games.bowling_solitaire.table import R_FIRST_CARD_CENTRE
from referee.games.bowling_solitaire.table import R_FRAMES
from referee.games.bowling_solitaire.table import R_LAST_DIGIT
from referee.games.bowling_solitaire.table import R_NEXT_TO_FALLEN
from referee.games.bowling_solitaire.table import R_ONE_PIN
from referee.games.bowling_solitaire.table import R_PILES
from referee.games.bowling_solitaire.table import R_SECOND_BALL
from referee.games.bowling_solitaire.table import R_SETUP
from referee.games.bowling_solitaire.table import R_SEVERAL_PINS
from referee.games.outcomes import JSON

DEAL: JSON = {
    "type": "deal",
    "pins": ["2", "7", "1", "7", "2", "9", "5", "1", "8", "6"],
    "balls": ["0", "0", "4"],
}
# The sample frame's opening: the left 0 takes H (1) and F (9); a 5 turns up.
FIRST: JSON = {"type": "bowl", "pile": 1, "pins": ["H", "F"], "next": "5"}
# A first ball stopped at once: the tops 0 0 4 go out, 8 3 4 turn up.
STOP: JSON = {"type": "end_ball", "next": ["8", "3", "4"]}
# Ten frames of two balls that knock nothing down: the game is over.
GUTTER_GAME = (DEAL, STOP, {"type": "end_ball"}) * 10


def _on_the_sample(event: JSON, *setup: JSON) -> Example:
    return Example(event, setup=(DEAL, *setup), players=("Ann",))


def _bowl(pile: int, pins: str, **more: str) -> JSON:
    return {"type": "bowl", "pile": pile, "pins": pins, **more}


NOT_THE_TOP = _on_the_sample(_bowl(1, "J", card="4"))

BREACHES = (
    Breach(
        R_SETUP,
        "Ann bowls before laying out the pins",
        Example(_bowl(1, "J"), players=("Ann",)),
    ),
    Breach(R_PILES, "Ann bowls a 4 from the left pile, which shows a 0", NOT_THE_TOP),
    Breach(R_BOWL, "Ann bowls a card that is not a pile's face-up top", NOT_THE_TOP),
    Breach(
        R_FRAMES,
        "Ann lays out an eleventh frame after a game of gutter balls",
        Example(DEAL, setup=GUTTER_GAME, players=("Ann",)),
    ),
    Breach(R_ONE_PIN, "The 4 takes the 6 on J alone", _on_the_sample(_bowl(3, "J"))),
    Breach(
        R_SEVERAL_PINS,
        "The 0 takes four pins (2 + 9 + 1 + 8 = 20)",
        _on_the_sample(_bowl(1, "E F H I")),
    ),
    Breach(
        R_ADJACENT_PINS,
        "The 0 takes E and I (2 + 8 = 10), which do not touch",
        _on_the_sample(_bowl(1, "E I")),
    ),
    Breach(
        R_LAST_DIGIT,
        "The 4 takes H and I (1 + 8 = 9)",
        _on_the_sample(_bowl(3, "H I")),
    ),
    Breach(
        R_CARDS_OUT,
        "The centre 0 takes H again after it fell",
        _on_the_sample(_bowl(2, "H"), FIRST),
    ),
    Breach(
        R_FIRST_CARD_BACK_ROW,
        "The first card takes C and F (1 + 9 = 10), C in the back row",
        _on_the_sample(_bowl(1, "C F")),
    ),
    Breach(
        R_FIRST_CARD_CENTRE,
        "The first card takes the centre pin F alone",
        _on_the_sample(_bowl(3, "F")),
    ),
    Breach(
        R_NEXT_TO_FALLEN,
        "After H and F fall, the centre 0 takes D, touching neither",
        _on_the_sample(_bowl(2, "D"), FIRST),
    ),
    Breach(
        R_SECOND_BALL,
        "In the second ball Ann bowls the 0 thrown away when the first ended",
        _on_the_sample(_bowl(1, "J", card="0"), STOP),
    ),
    Breach(
        R_END_OF_FRAME,
        "Ann lays out new pins while the frame is still being bowled",
        _on_the_sample(DEAL),
    ),
)
