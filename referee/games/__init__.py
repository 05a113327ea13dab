"""The registry of rule engines: every Game, in menu order.

A game module declares ``GAME``; a family of variants on one engine (draw poker,
the baseball family) declares ``GAMES`` in its package. ``registry()`` lists them:
adding a game is one line in ``_games``. The engines are imported on first use (in
the function, not at module level), so importing this package stays cheap and the
engines, which import ``referee.games.*`` themselves, make no import cycle with it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from referee.games.base import Game


def _games() -> tuple[Game, ...]:
    """Every game, in menu order."""
    from referee.games import basketball_ten
    from referee.games import billiards
    from referee.games import bowling_cards
    from referee.games import bowling_solitaire
    from referee.games import bunko
    from referee.games import canasta
    from referee.games import darts_301
    from referee.games import darts_baseball
    from referee.games import gin_rummy
    from referee.games import golf_six
    from referee.games import liars_dice
    from referee.games import pinochle
    from referee.games import poker
    from referee.games import poker_baseball

    return (
        darts_301.GAME,
        darts_baseball.GAME,
        bunko.GAME,
        gin_rummy.GAME,
        billiards.GAME,
        bowling_cards.GAME,
        golf_six.GAME,
        basketball_ten.GAME,
        pinochle.GAME,
        bowling_solitaire.GAME,
        liars_dice.GAME,
        *poker.GAMES,  # poker-draw, poker-jacks-trips
        *poker_baseball.GAMES,  # poker-baseball, -midnight-baseball, mexican-sweat
        canasta.GAME,
    )


@cache
def registry() -> dict[str, Game]:
    """Every game by id, in menu order (loaded on first use)."""
    games: dict[str, Game] = {}
    for game in _games():
        if game.id in games:
            raise RuntimeError(f"two games register {game.id!r}")
        games[game.id] = game
    return games


def __getattr__(name: str) -> Any:
    # ``GAME_IDS`` is read from the registry when first asked for (PEP 562).
    if name == "GAME_IDS":
        return tuple(registry())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def module_name(game_id: str) -> str:
    """The folder name a game's templates use: "poker-draw" -> "poker_draw"."""
    return game_id.replace("-", "_")


def get(game_id: str) -> Game:
    """The game with this id; ``KeyError`` for an unknown one."""
    return registry()[game_id]
