"""What gin rummy tells the service: the profile figures (hands, gins, undercuts)."""

from __future__ import annotations

from referee.games import facts
from referee.games.outcomes import JSON


def _new() -> JSON:
    return {"hands": 0, "hands_won": 0, "gins": 0, "undercuts": 0, "undercut": 0}


def _watch(
    before: JSON, after: JSON, event: JSON, per: dict[str, JSON], _: JSON
) -> None:
    if event.get("type") not in ("knock", "knock_counts", "cancel"):
        return  # an up-card choice: no hand ended
    hand = after["last_hand"]
    for seat, name in enumerate(after["players"]):
        per[name]["hands"] += 1
        per[name]["hands_won"] += after["hands_won"][seat] - before["hands_won"][seat]
    result, knocker, opponent = hand["result"], hand["knocker"], hand["opponent"]
    if result in ("gin", "big-gin") and knocker in per:
        per[knocker]["gins"] += 1
    if result == "undercut" and opponent in per:
        per[opponent]["undercuts"] += 1
        per[knocker]["undercut"] += 1


TALLY = facts.Tally(title="Gin rummy", new=_new, watch=_watch)
