"""Racks, breaks and the match's end: new racks, who breaks next, forfeits."""

from __future__ import annotations

from referee.games.billiards.common import _name
from referee.games.billiards.common import _pass_table
from referee.games.billiards.common import _sides
from referee.games.billiards.games import rack_of
from referee.games.outcomes import JSON

# --- racks, breaks and the match ---------------------------------------------------


def _new_rack(s: JSON, breaker: int) -> None:
    rack = rack_of(s)
    s["phase"] = "play"
    s["rack"] += 1
    s["balls"] = rack.fresh()
    s["groups"] = [None, None]
    if rack.fouls_per_rack:
        s["successive"] = [0, 0]  # fouls in a row count within one rack
    s["pending"] = None
    s["after_foul"] = None
    s["restore"] = None
    _start_break(s, breaker)


def _start_break(s: JSON, breaker: int) -> None:
    s["breaker"] = breaker
    s["opening"] = True
    s["push_out_ok"] = False
    s["in_hand"] = "kitchen"
    _pass_table(s, breaker)


def _end_rack(s: JSON, winner: int, how: str) -> tuple[str, dict[str, int]]:
    names = _sides(s)
    s["score"][winner] += 1
    s["racks"].append({"rack": s["rack"], "winner": names[winner], "how": how})
    s["pending"] = None
    s["after_foul"] = None
    s["restore"] = None
    race = race_of(s, winner)
    score = {names[winner]: 1}
    tally = f"{names[0]} {s['score'][0]}, {names[1]} {s['score'][1]}"
    if s["score"][winner] >= race:
        s["winner"] = winner
        s["phase"] = "over"
        if handicapped(s):
            races = f"races to {race_of(s, 0)} and {race_of(s, 1)}, a handicap"
            said = f"{names[winner]} wins the rack and the match ({tally}; {races})."
            return said, score
        return (
            f"{names[winner]} wins the rack and the match ({tally}, race to {race}).",
            score,
        )
    nxt = _next_breaker(s, winner)
    _new_rack(s, nxt)
    return (
        f"{names[winner]} wins the rack ({tally}). {names[nxt]} breaks next.",
        score,
    )


def race_of(s: JSON, side: int) -> int:
    """The racks ``side`` needs: its own race (a handicap), else the match's race.

    A state stored before the handicap options has neither key: the match's race.
    """
    own = s["options"].get(f"race_{side + 1}")
    return int(own) if own is not None else int(s["options"]["race"])


def handicapped(s: JSON) -> bool:
    """The two sides race to different lengths (rule match/handicap)."""
    return race_of(s, 0) != race_of(s, 1)


def _next_breaker(s: JSON, winner: int) -> int:
    rotation = s["options"]["rotation"]
    last = s["breaker"]
    if rotation == "alternate":
        return 1 - last
    if rotation == "loser":
        return 1 - winner
    if rotation == "trailing":
        a, b = s["score"]
        if a == b:
            return 1 - last  # level: alternate
        return 0 if a < b else 1
    return winner


def _end_match_by_forfeit(s: JSON, loser: int, reason: str) -> None:
    s["winner"] = 1 - loser
    s["phase"] = "over"
    s["pending"] = None
    s["forfeit"] = {"side": _name(s, loser), "reason": reason}
