"""Shared helpers for the draw poker engine tests: play a list of events."""

from __future__ import annotations

from typing import Any

from referee import games


def play(
    game_id: str, players: list[str], events: list[dict[str, Any]], **options: Any
):
    """Start a match and apply every event; returns (game, state, last step)."""
    game = games.get(game_id)
    state = game.start(game.new_setup(players, options))
    step = None
    for event in events:
        step = game.step(state, event)
        state = step.state
    return game, state, step


def bet(player: int, action: str, amount: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "bet", "player": player, "action": action}
    if amount is not None:
        out["amount"] = amount
    return out


def checks(*players: int) -> list[dict[str, Any]]:
    return [bet(p, "check") for p in players]


def draws(*pairs: tuple[int, int]) -> list[dict[str, Any]]:
    return [{"type": "draw", "player": p, "count": n} for p, n in pairs]


def show(player: int, cards: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "show", "player": player}
    if cards:
        out["cards"] = cards
    return out
