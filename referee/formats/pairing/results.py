"""A tournament match's result as the pairing formats keep it, read from its board.

A result is ``{"winner": 0 | 1 | None, "score": [a, b], "how", "source", "match_seq",
"note"}``: ``winner`` the side that won (``None``: a draw, or a bye against a bye),
``score`` in the game's units (``units``, the game's ``result_units``): legs in
darts x01, racks in pool, points elsewhere; tie-breaks add and subtract these.
``how`` is ``played`` (the match or a paper score), ``walkover`` (the other side
withdrew before play), ``no-show`` (it did not come when called), ``retired`` (it
gave up during play) or ``bye``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee import games
from referee.games.outcomes import JSON

HOWS = ("played", "walkover", "no-show", "retired", "bye")
# What the organiser may enter (a bye is the bracket's own doing).
ENTERED_HOWS = HOWS[:4]
HOW_TEXT = {
    "played": "played",
    "walkover": "walkover",
    "no-show": "no-show",
    "retired": "retired",
    "bye": "bye",
}


def units(game: str, game_options: Mapping[str, Any] | None = None) -> str:
    """What a result's ``score`` counts for this game: legs, racks or points."""
    declared = games.get(game).result_units
    return declared(game_options or {}) if callable(declared) else declared


def from_board(game: str, board: JSON) -> JSON:
    """The result of a finished match from its scoreboard: winner side and score."""
    sides = board.get("sides") or []
    names = [s.get("name") for s in sides]
    read = games.get(game).result_score
    score = read(board) if read else [_number(s.get("score")) for s in sides]
    winner = board.get("winner")
    side = names.index(winner) if winner in names else None
    return {"winner": side, "score": score[:2] + [0] * (2 - len(score[:2]))}


def taken_in(prior: JSON | None, event: JSON, withdraw: JSON) -> list[JSON]:
    """The events that take a finished match's result ``event`` into the log: the
    event the first time, ``withdraw`` and the event when the winner or score
    changed, nothing when it stands as recorded (``prior``)."""
    if prior is None:
        return [event]
    if (prior["winner"], prior["score"]) != (event["winner"], event["score"]):
        return [withdraw, event]
    return []


def difference(game: str, result: JSON, side: int) -> int:
    """``side``'s score minus the other's (turned round where the lower score wins)."""
    mine, theirs = result["score"][side], result["score"][1 - side]
    return theirs - mine if games.get(game).lower_wins else mine - theirs


def won_units(game: str, result: JSON, side: int) -> int:
    """What ``side`` won in the match's units (legs, racks; points if higher wins)."""
    if games.get(game).lower_wins:
        return max(0, difference(game, result, side))
    return int(result["score"][side])


def text(result: JSON, names: list[str | None]) -> str:
    """One line: "Ann beat Bob 3-1", "Ann v Bob: drawn 2-2", "Cy: walkover"."""
    a, b = (n or "bye" for n in names)
    sa, sb = result["score"]
    how = result["how"]
    if result["winner"] is None:
        return (
            f"{a} v {b}: no winner" if how == "bye" else f"{a} v {b}: drawn {sa}-{sb}"
        )
    w = result["winner"]
    win, lose = (a, b) if w == 0 else (b, a)
    ws, ls = (sa, sb) if w == 0 else (sb, sa)
    if how == "bye":
        return f"{win} goes through on a bye"
    if how in ("walkover", "no-show"):
        return f"{win} beat {lose} ({HOW_TEXT[how]})"
    extra = " (retired)" if how == "retired" else ""
    return f"{win} beat {lose} {ws}-{ls}{extra}"


def _number(value: Any) -> int:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float):
        return int(value)
    return 0
