"""What the partnership card games (pinochle, canasta) share: two teams of two
sitting opposite, hands dealt in turn, a running score to a target and its end."""

from __future__ import annotations

from typing import Any

from referee.games.base import Setup
from referee.games.boards import partners_opposite
from referee.games.outcomes import JSON
from referee.games.outcomes import Refused


def start(setup: Setup, hand: JSON) -> JSON:
    """Seat the four clockwise with partners opposite; ``hand`` is the first one."""
    seats, teams = partners_opposite(setup)
    return {
        "players": seats,
        "teams": teams,
        "options": dict(setup.options),
        "scores": [0, 0],
        "hand": hand,
        "history": [],
        "last_hand": None,
        "winner": None,
    }


def result(state: JSON) -> str:
    """'Ann & Cy win, 520 to 310.'"""
    a, b = state["scores"]
    return f"{state['teams'][state['winner']]['name']} win, {max(a, b)} to {min(a, b)}."


def game_over(state: JSON, rule: str) -> Refused | None:
    """The refusal of any event once a side has won (None while the game is on)."""
    if state["winner"] is None:
        return None
    a, b = state["scores"]
    return Refused(
        f"The game is over: {state['teams'][state['winner']]['name']} won, "
        f"{max(a, b)} to {min(a, b)}.",
        [rule],
    )


def game_parts(game_end: str) -> dict[str, Any]:
    """The ``Game`` keywords of a game for two partnerships of two: four players in
    teams, and every event refused once a side has won (``game_end``: the rule)."""
    return {
        "min_players": 4,
        "max_players": 4,
        "teams": True,
        "team_size": 2,
        "finished": lambda state: game_over(state, game_end),
    }
