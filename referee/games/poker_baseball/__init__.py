"""The baseball family of stud poker games: Baseball, Midnight Baseball, Mexican Sweat.

``poker-baseball`` is registered from here; ``poker_midnight_baseball`` and
``mexican_sweat`` are thin modules over the rolling core in ``roll.py``. Shared:
``specials`` (wild threes and nines, fours, the rainout queen), ``table`` (antes,
payments, betting rounds and the pot, through ``referee.games.poker``) and ``stud``
(the streets of seven-card stud).
"""

from referee.games.poker_baseball.baseball import GAME

__all__ = ["GAME"]
