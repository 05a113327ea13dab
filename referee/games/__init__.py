"""The registry of rule engines: game id -> Game."""

from __future__ import annotations

import importlib
from functools import cache

from referee.games.base import Game

# Module names derive from game ids: "darts-301" -> referee.games.darts_301.
GAME_IDS: tuple[str, ...] = (
    "darts-301",
    "darts-baseball",
    "bunko",
    "gin-rummy",
    "billiards",
    "bowling-cards",
    "golf-six",
    "basketball-ten",
    "pinochle",
    "bowling-solitaire",
    "liars-dice",
    "poker-draw",
    "poker-jacks-trips",
    "poker-baseball",
    "poker-midnight-baseball",
    "mexican-sweat",
    "canasta",
)


@cache
def registry() -> dict[str, Game]:
    """Every game, in menu order (loaded on first use)."""
    games: dict[str, Game] = {}
    for game_id in GAME_IDS:
        module = importlib.import_module(f"referee.games.{module_name(game_id)}")
        game: Game = module.GAME
        if game.id != game_id:
            raise RuntimeError(
                f"{module.__name__} registers {game.id!r}, not {game_id!r}"
            )
        games[game_id] = game
    return games


def module_name(game_id: str) -> str:
    return game_id.replace("-", "_")


def get(game_id: str) -> Game:
    """The game with this id; ``KeyError`` for an unknown one."""
    return registry()[game_id]
