"""What pool tells the service: what a result counts, the profile figures (racks,
fouls, breaks, break and runs)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games import facts
from referee.games.billiards.games import RACKS
from referee.games.boards import side_names
from referee.games.outcomes import JSON


def result_units(options: Mapping[str, Any]) -> str:
    """A tournament counts racks, or points in straight pool (14.1)."""
    rack = RACKS.get(str(options.get("game")))
    return "points" if rack is not None and rack.by_points else "racks"


def _new() -> JSON:
    return {"racks": 0, "racks_won": 0, "fouls": 0, "breaks": 0, "break_and_runs": 0}


def _watch(
    before: JSON, after: JSON, event: JSON, per: dict[str, JSON], rack: JSON
) -> None:
    sides = side_names(after)
    members = facts.members(after)
    for i, side in enumerate(sides):
        fouls = after["fouls"][i] - before["fouls"][i]
        for name in members[side]:
            per[name]["fouls"] += max(0, fouls)
    # A break and run: the breaker wins the rack by shots without leaving the table.
    if event.get("type") == "shot":
        rack["shots"] = rack.get("shots", 0) + 1
    at, breaker = after.get("at_table"), before.get("breaker")
    if at is not None and breaker is not None and at != breaker:
        rack["left_table"] = True
    for done in after["racks"][len(before["racks"]) :]:
        broke = sides[breaker] if breaker is not None else None
        ran = (
            done["winner"] == broke and rack.get("shots") and not rack.get("left_table")
        )
        for side in sides:
            for name in members[side]:
                per[name]["racks"] += 1
                per[name]["racks_won"] += side == done["winner"]
                per[name]["breaks"] += side == broke
                per[name]["break_and_runs"] += bool(ran and side == broke)
        rack.clear()


def _shown(mine: JSON) -> JSON:
    return {
        "fouls_per_rack": round(mine["fouls"] / mine["racks"], 2)
        if mine["racks"]
        else None
    }


TALLY = facts.Tally(title="Pool", new=_new, watch=_watch, shown=_shown)
