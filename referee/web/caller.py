"""What the voice caller says after the last entry: darts scores and finishes, bunko.

The words are made here, on the server, from the scoreboard; the browser only speaks
them (``static/caller.js``, speech synthesis, when the player turned the caller on).
"""

from __future__ import annotations

from typing import Any

from referee.games.base import JSON

CALLED = ("darts-301", "bunko")


def call(game_id: str, view: JSON, last: Any) -> str:
    """The caller's words for the newest log row ("" when there is nothing to call)."""
    # An undo, a confirmation or a challenge says nothing new about the game.
    if last is None or last.kind not in ("event", "amend") or game_id not in CALLED:
        return ""
    ruling = last.current_ruling or last.ruling or {}
    if game_id == "darts-301":
        return _darts(view, ruling)
    if (last.event or {}).get("type") != "roll":
        return ""  # a scramble or a stop: the last roll was called already
    return _bunko(view)


def _darts(view: JSON, ruling: JSON) -> str:
    detail = view["detail"]
    verdict = ruling.get("verdict")
    if verdict == "win":
        return (
            "Game shot, and the match!" if view["over"] else "Game shot, and the leg!"
        )
    said = []
    if verdict == "bust":
        said.append("No score.")
    elif not detail["round"]["darts"] and detail.get("sheet"):
        points = detail["sheet"][-1]["points"]
        said.append(
            "One hundred and eighty!"
            if points == 180
            else f"{points}."
            if points
            else "No score."
        )
    else:
        return ""  # a dart in the middle of a round: a caller waits for the third
    turn = view.get("turn")
    left = detail["round"]["start_score"]
    if turn and detail.get("checkouts") and not detail["round"]["darts"]:
        said.append(f"{turn}, you require {left}.")
    return " ".join(said)


def _bunko(view: JSON) -> str:
    roll = view["detail"].get("last_roll") or {}
    return {"bunko": "Bunko!", "bunco": "Bunco!", "wipeout": "Wipeout!"}.get(
        str(roll.get("call")), ""
    )
