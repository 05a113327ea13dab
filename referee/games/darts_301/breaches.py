"""What the referee checks in darts 301: a documented request breaking each rule.

The rule-coverage matrix (``games.coverage``) runs each one; a rule of the rulebook
that forbids or requires something and is not here says why it cannot be checked.
"""

from __future__ import annotations

from referee.games.base import Breach
from referee.games.base import Example
from referee.games.darts_301.common import R_BUST
from referee.games.darts_301.common import R_DOUBLE_OUT
from referee.games.darts_301.common import R_ORDER
from referee.games.darts_301.common import R_ROUND
from referee.games.darts_301.common import R_WIN

# One player down to 20, then to 21: a finish and a bust are a dart away.
_TO_20 = ({"type": "score", "points": 180}, {"type": "score", "points": 101})
_TO_21 = ({"type": "score", "points": 180}, {"type": "score", "points": 100})
_SOLO = ("Ann",)

BREACHES = (
    Breach(
        R_ORDER,
        "Bob throws while it is Ann's turn",
        Example({"type": "dart", "dart": "T20", "player": "Bob"}),
    ),
    Breach(
        R_ORDER,
        "Ann's round is entered as a total under Bob's name",
        Example({"type": "score", "points": 60, "player": "Bob"}),
    ),
    Breach(
        R_ROUND,
        "Ann throws a fourth dart after her three",
        Example(
            {"type": "dart", "dart": "T20", "player": "Ann"},
            setup=({"type": "round", "darts": ["S1", "S1", "S1"]},),
        ),
    ),
    Breach(
        R_ROUND,
        "A round of four darts",
        Example({"type": "round", "darts": ["T20", "T20", "T20", "S1"]}),
    ),
    Breach(
        R_ROUND,
        "A total for four darts",
        Example({"type": "score", "points": 100, "darts": 4}),
    ),
    Breach(
        R_ROUND,
        "A whole round listed after its first dart was entered on its own",
        Example(
            {"type": "round", "darts": ["T20", "T20"]},
            setup=({"type": "dart", "dart": "T20"},),
        ),
    ),
    Breach(
        R_DOUBLE_OUT,
        "Ann reaches zero from 20 with a single 20",
        Example({"type": "dart", "dart": "S20"}, setup=_TO_20, players=_SOLO),
        recorded=True,
    ),
    Breach(
        R_BUST,
        "Ann leaves 1 from 21 with a single 20",
        Example({"type": "dart", "dart": "S20"}, setup=_TO_21, players=_SOLO),
        recorded=True,
    ),
    Breach(
        R_WIN,
        "A dart after the match is won",
        Example(
            {"type": "dart", "dart": "T20"},
            setup=(*_TO_20, {"type": "dart", "dart": "D10"}),
            players=_SOLO,
        ),
    ),
)
