"""A match's figures per player, worked out from its raw log by replaying the engine.

Pure: no database. ``figures(game, setup, events)`` folds the events that count
through the game's own engine and watches what each one changed, so the figures are
the referee's, never a second set of rules. A game with figures declares how they
are kept (``Game.tally``, a ``games.facts.Tally``: darts 301, pool, bunko, gin
rummy); any other game gets its result only.

Figures are keyed by player name (names are unique within a match): a team game
credits each player with the team's result, and, in pool, the team's racks.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.games.base import Game
from referee.games.base import Setup
from referee.games.boards import side_names
from referee.games.outcomes import JSON


def figures(game: Game, setup: Setup, events: Iterable[JSON]) -> JSON:
    """``{"result": {name: "won"|"lost"|"drawn"|None}, "players": {name: {...}}}``."""
    state = game.start(setup)
    names = list(state.get("players") or setup.players)
    tally = game.tally
    per: dict[str, JSON] = {n: tally.new() for n in names} if tally else {}
    context: JSON = {}  # what a game tracks across events (a pool rack so far)
    for event in events:
        after = game.apply(state, event).state
        if tally:
            tally.watch(state, after, event, per, context)
        state = after
    if tally:
        tally.finish(state, per)
    view = game.view(state)
    return {"result": _result(state, view, names), "players": per}


def _result(state: JSON, view: JSON, names: list[str]) -> dict[str, str | None]:
    """Each player's result: their side's, once the game is over."""
    if not view["over"]:
        return {n: None for n in names}
    winner = view["winner"]
    sides = side_names({**state, "players": names})
    teams = state.get("teams") or []
    out: dict[str, str | None] = {}
    for name in names:
        side = next(
            (t["name"] for t in teams if name in t["players"]),
            name if not teams else None,
        )
        if winner is None or winner not in sides:
            out[name] = "drawn"
        else:
            out[name] = "won" if side == winner else "lost"
    return out


def add(total: JSON, more: JSON) -> JSON:
    """Sum two figure dicts (maxima for highest finish, pairwise for doubles)."""
    out = dict(total)
    for key, value in more.items():
        if key == "highest_finish":
            out[key] = max(out.get(key, 0), value)
        elif key == "doubles":
            was = out.get(key) or {d: [0, 0] for d in value}
            out[key] = {
                d: [was[d][0] + value[d][0], was[d][1] + value[d][1]] for d in was
            }
        else:
            out[key] = out.get(key, 0) + value
    return out
