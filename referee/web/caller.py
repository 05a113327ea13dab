"""What the voice caller says after the last entry: the game's own words.

A game with a caller names it (``Game.caller``: darts scores and finishes, bunko's
calls); the words are made on the server, from the scoreboard, and the browser only
speaks them (``static/caller.js``, speech synthesis, when the player turned the
caller on).
"""

from __future__ import annotations

from typing import Any

from referee import games
from referee.games.outcomes import JSON


def calls(game_id: str) -> bool:
    """Whether the game has a caller (its match page offers the toggle)."""
    return game_id in games.registry() and games.get(game_id).caller is not None


def call(game_id: str, view: JSON, last: Any) -> str:
    """The caller's words for the newest log row ("" when there is nothing to call)."""
    # An undo, a confirmation or a challenge says nothing new about the game.
    if last is None or last.kind not in ("event", "amend") or not calls(game_id):
        return ""
    ruling = last.current_ruling or last.ruling or {}
    caller = games.get(game_id).caller
    assert caller is not None  # calls() said so
    return caller(view, ruling, last.event or {})
