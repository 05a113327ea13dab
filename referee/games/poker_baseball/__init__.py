"""The baseball family of stud poker games: Baseball, Midnight Baseball, Mexican Sweat.

The family registers its three games (``GAMES``, in menu order): baseball, declared in
``baseball_game`` on the stud engine ``baseball``; midnight baseball and Mexican sweat,
declared in ``rolling_games`` on the rolling core ``roll``. Shared: ``specials`` (wild
threes and nines, fours, the rainout queen), ``table`` (antes, payments, betting
rounds and the pot, through ``referee.games.poker``, and the steps every game of the
family takes alike) and ``stud`` (the streets of seven-card stud).
"""

from referee.games.poker_baseball.baseball_game import GAME as BASEBALL
from referee.games.poker_baseball.rolling_games import MEXICAN_SWEAT
from referee.games.poker_baseball.rolling_games import MIDNIGHT

GAMES = (BASEBALL, MIDNIGHT, MEXICAN_SWEAT)

__all__ = ["GAMES"]
