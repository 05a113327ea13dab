"""Rounds, legs and sets: closing a round, winning a leg, the statistics kept."""

from __future__ import annotations

import math
from typing import Any

from referee.games import checkouts
from referee.games.darts_301.common import FIRST_NINE_ROUNDS
from referee.games.darts_301.common import LEGS_LISTED
from referee.games.darts_301.common import MAX_ROUND
from referee.games.darts_301.common import SHEET_ROUNDS
from referee.games.darts_301.common import TON
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput

# --- rounds, legs and sets ---------------------------------------------------------


def _close_round(
    s: JSON,
    *,
    bust: bool,
    by_total: int | None = None,
    checkout: bool = False,
) -> None:
    """End the round in progress: sheet, statistics, then the next thrower.

    ``by_total`` is the number of darts of a round entered as a total (its darts
    are not known, so the sheet shows None).
    """
    seat = s["turn"]
    rnd = s["round"]
    codes = None if by_total else list(rnd["darts"])
    thrown = by_total or len(rnd["darts"])
    counted = 0 if bust else rnd["points"]
    if bust:
        s["scores"][seat] = rnd["start"]
    st = s["stats"][seat]
    st["darts"] += thrown
    st["points"] += counted
    st["at_double"] += rnd["at_double"]
    if s["leg_rounds"][seat] < FIRST_NINE_ROUNDS:
        st["first_nine_darts"] += thrown
        st["first_nine_points"] += counted
    if counted == MAX_ROUND:
        st["one_eighties"] += 1
    if counted >= TON:
        st["tons"] += 1
    if checkout:
        st["checkouts"] += 1
        st["highest_finish"] = max(st["highest_finish"], rnd["start"])
    s["leg_rounds"][seat] += 1
    s["sheet"].append(
        {
            "player": s["players"][seat],
            "darts": codes,
            "points": counted,
            "bust": bust,
            "left": s["scores"][seat],
        }
    )
    del s["sheet"][:-SHEET_ROUNDS]
    if not checkout:
        s["turn"] = (seat + 1) % len(s["players"])
        s["round"] = _new_round(s["scores"][s["turn"]])


def _win_leg(s: JSON, seat: int) -> str:
    """Credit the leg (and maybe set and match) to ``seat``; say what was won."""
    n = len(s["players"])
    leg_number = s["leg"]
    s["legs"][seat] += 1
    s["stats"][seat]["legs_won"] += 1
    _keep_leg(s, seat)
    legs_line = _tally(s["legs"], seat)
    multi_leg = s["legs_to_win"] > 1
    if s["legs"][seat] < s["legs_to_win"]:
        won = f"wins leg {leg_number} ({legs_line})"
    else:
        s["sets"][seat] += 1
        s["stats"][seat]["sets_won"] += 1
        if s["sets"][seat] >= s["sets_to_win"]:
            s["winner"] = seat
            s["turn"] = None
            s["round"] = _new_round(0)
            if s["sets_to_win"] > 1:
                return f"wins the match ({_tally(s['sets'], seat)} in sets)"
            return f"wins the match ({legs_line})" if multi_leg else "wins the match"
        sets_line = _tally(s["sets"], seat)
        won = f"wins leg {leg_number} and set {s['set']} ({sets_line} in sets)"
        s["legs"] = head_starts(s)
        s["set"] += 1
    # The throw rotates one seat per leg, across sets too.
    s["leg"] += 1
    s["starter"] = (s["starter"] + 1) % n
    s["scores"] = starts(s)
    s["leg_rounds"] = [0] * n
    s["sheet"] = []
    s["leg_base"] = [dict(st) for st in s["stats"]]  # flat numbers: no deep copy
    s["turn"] = s["starter"]
    s["round"] = _new_round(s["scores"][s["turn"]])
    return won


def starts(s: JSON) -> list[int]:
    """Each seat's score at the start of a leg: ``start``, or the handicap's own
    starts (``starts``, only in a state whose options set one: rule handicap)."""
    own = s.get("starts")
    return list(own) if own else [s["start"]] * len(s["players"])


def head_starts(s: JSON) -> list[int]:
    """Each seat's legs at the start of a set: 0, or the handicap's head start."""
    own = s.get("head_start")
    return list(own) if own else [0] * len(s["players"])


def _keep_leg(s: JSON, seat: int) -> None:
    """Record the leg ``seat`` just won, and keep its sheet and figures on the board."""
    base = s["leg_base"]
    figures = None
    if base is not None:
        finish = s["round"]["start"]
        figures = [
            _leg_figures(st, b, finish) for st, b in zip(s["stats"], base, strict=True)
        ]
    darts = None if figures is None else figures[seat]["darts"]
    if darts is not None:
        best = s["stats"][seat].get("best_leg", 0)
        s["stats"][seat]["best_leg"] = min(best, darts) if best else darts
    finish = s["round"]["start"]
    played = f"{s['leg']} {s['set']} {seat} {'-' if darts is None else darts} {finish}"
    s["leg_list"].append(played)
    del s["leg_list"][:-LEGS_LISTED]
    s["last_leg"] = {
        **_leg_view(s["players"], played),
        # the leg's rounds are never changed again (the next leg starts a new list)
        "sheet": list(s["sheet"]),
        "stats": figures,
    }


def _leg_figures(now: JSON, base: JSON, finish: int) -> JSON:
    """One seat's figures for one leg: the match totals less those at its start."""
    leg = {key: now[key] - base[key] for key in now if key in _ADDED_UP}
    leg["highest_finish"] = finish if leg["checkouts"] else 0  # only its winner's
    leg["best_leg"] = leg["darts"] if leg["checkouts"] else 0
    return leg


def _tally(counts: list[int], seat: int) -> str:
    # Spoken darts order: the winner's count first, then the others in seat order.
    others = [c for i, c in enumerate(counts) if i != seat]
    return "-".join(str(c) for c in [counts[seat], *others])


def _next_up(s: JSON) -> str:
    return str(s["players"][s["turn"]])


def _new_round(start_score: int) -> JSON:
    return {"darts": [], "points": 0, "start": start_score, "at_double": 0}


def _new_stats() -> JSON:
    return {
        "darts": 0,
        "points": 0,
        "first_nine_darts": 0,
        "first_nine_points": 0,
        "at_double": 0,
        "checkouts": 0,
        "highest_finish": 0,
        "one_eighties": 0,
        "tons": 0,
        "legs_won": 0,
        "sets_won": 0,
        "best_leg": 0,  # the fewest darts in a leg won (0: none yet)
    }


# The statistics that add up round by round; a leg's own are the difference.
_ADDED_UP = frozenset(_new_stats()) - {"highest_finish", "best_leg"}


def _max_at_double(before: int, count: int, points: int, *, bust: bool) -> int:
    """The most darts of a round entered as a total that can have been at a double."""
    if not bust and before - points > checkouts.MAX_ONE_DART:
        return 0  # the score only fell, and it never came within one dart of a finish
    # Each earlier dart takes at most 60, so the first that can be at a double is:
    first = max(0, math.ceil((before - checkouts.MAX_ONE_DART) / 60))
    return max(0, count - first)


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"'{name}' is a whole number.", field=name, example="3")
    return value


def _leg_view(players: list[str], leg: str) -> JSON:
    number, set_number, seat, darts, finish = leg.split()
    return {
        "number": int(number),
        "set": int(set_number),
        "winner": players[int(seat)],
        "darts": None if darts == "-" else int(darts),
        "finish": int(finish),
    }
