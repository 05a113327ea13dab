"""What bunko tells the service: the caller's words, the profile figures (rolls,
points, bunkos, wipeouts)."""

from __future__ import annotations

from referee.games import facts
from referee.games.outcomes import JSON

TALLIED = ("rolls", "points", "bunkos", "wipeouts")


def caller(view: JSON, ruling: JSON, event: JSON) -> str:
    """A bunko, a bunco or a wipeout, called after the roll that made it."""
    if (event or {}).get("type") != "roll":
        return ""  # a scramble or a stop: the last roll was called already
    roll = view["detail"].get("last_roll") or {}
    return {"bunko": "Bunko!", "bunco": "Bunco!", "wipeout": "Wipeout!"}.get(
        str(roll.get("call")), ""
    )


def _new() -> JSON:
    return dict.fromkeys(TALLIED, 0)


def _watch(
    before: JSON, after: JSON, event: JSON, per: dict[str, JSON], _: JSON
) -> None:
    for seat, name in enumerate(after["players"]):
        was, now = before["tallies"][seat], after["tallies"][seat]
        for key in TALLIED:
            per[name][key] += now[key] - was[key]


TALLY = facts.Tally(title="Bunko", new=_new, watch=_watch, by_night=True)
