"""Draw poker (``GAMES``: five card draw, jacks to open) and the shared poker core.

The family registers its two games, declared in ``five_card_draw`` and ``jacks_trips``
on the draw table (``draw``, ``drawing``, ``jacks``). The core, shared with the
baseball family:

* ``referee.games.poker.hands``: ``best_high(cards, wilds)``, ``best_low(cards, low,
  wilds)``, ``Wilds``, ``LowRule`` (``ACE_TO_FIVE``, ``DEUCE_TO_SEVEN``,
  ``ACE_TO_SIX``), ``Hand``; the fast ``high_key(codes, wild, five_of_a_kind)``.
* ``referee.games.poker.pot``: the pot account (antes, bets, payments, folds, side
  pots, shares).
* ``referee.games.poker.betting``: one betting round (whose turn, check, bet, call,
  raise, fold, complete).
* ``referee.games.poker.showdown``: ``Judge`` (high, low or high/low with wilds),
  ``best``, ``winners``, ``judge_table``.
"""

from referee.games.poker.five_card_draw import GAME as FIVE_CARD_DRAW  # noqa: I001
from referee.games.poker.hands import ACE_TO_FIVE
from referee.games.poker.hands import ACE_TO_SIX
from referee.games.poker.hands import DEUCE_TO_SEVEN
from referee.games.poker.hands import LOW_RULES
from referee.games.poker.hands import NO_WILDS
from referee.games.poker.hands import Hand
from referee.games.poker.hands import LowRule
from referee.games.poker.hands import Wilds
from referee.games.poker.hands import best_high
from referee.games.poker.hands import best_low
from referee.games.poker.jacks_trips import GAME as JACKS_TRIPS
from referee.games.poker.showdown import Judge

GAMES = (FIVE_CARD_DRAW, JACKS_TRIPS)

__all__ = [
    "ACE_TO_FIVE",
    "GAMES",
    "ACE_TO_SIX",
    "DEUCE_TO_SEVEN",
    "LOW_RULES",
    "NO_WILDS",
    "Hand",
    "Judge",
    "LowRule",
    "Wilds",
    "best_high",
    "best_low",
]
