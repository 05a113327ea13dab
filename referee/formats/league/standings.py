"""A league's table: points from the decided fixtures, then the tie-breaks (pure).

A decided fixture's result is ``{"score": [home games, away games], "winner":
"home" | "away" | None, "how": "played" | "forfeit", "sweep": "home" | "away" |
None}`` (``results_of`` reads them from a state). Each team of a fixture scores

* ``match_win`` for winning the team match (more games won), ``match_draw`` for a
  draw (as many games each), nothing for a loss;
* ``game_win`` for every game it won;
* ``sweep_bonus`` for winning every game of a played team match (a forfeit is no
  sweep: nothing was played).

A forfeit counts as the team that forfeited losing every game of the format.

Teams level on points are split by the tie-breaks in the order chosen, each applied
inside the group still level: ``games-difference`` (games won minus lost),
``games-won``, ``head-to-head`` (points, as above, in the fixtures between the
teams of the group only). Teams still level share a rank and are listed in team
order. The table depends on the set of results only, not on the order they came.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee.games.outcomes import JSON

TIE_BREAKS = ("games-difference", "games-won", "head-to-head")
SIDES = ("home", "away")


def results_of(state: JSON) -> list[JSON]:
    """The decided fixtures as ``{"home": team, "away": team, **result}``."""
    return [
        {"home": f["home"], "away": f["away"], **f["result"]}
        for f in state["fixtures"]
        if f["result"] is not None
    ]


def fixture_points(result: Mapping[str, Any], side: str, points: Mapping[str, int]):
    """The points ``side`` ("home"/"away") takes from one decided fixture."""
    i = SIDES.index(side)
    total = int(points["game_win"]) * int(result["score"][i])
    if result["winner"] is None:
        total += int(points["match_draw"])
    elif result["winner"] == side:
        total += int(points["match_win"])
    if result.get("sweep") == side:
        total += int(points["sweep_bonus"])
    return total


def table(
    names: Sequence[str],
    results: Iterable[Mapping[str, Any]],
    points: Mapping[str, int],
    tie_breaks: Sequence[str],
) -> list[JSON]:
    """Ranked rows ``{"rank", "team", "name", "played", "won", "drawn", "lost",
    "games_for", "games_against", "points", "tied"}``; teams numbered from 1."""
    decided = list(results)
    rows = {
        n: {
            "team": n,
            "name": name,
            "played": 0,
            "won": 0,
            "drawn": 0,
            "lost": 0,
            "games_for": 0,
            "games_against": 0,
            "points": 0,
        }
        for n, name in enumerate(names, start=1)
    }
    for res in decided:
        for i, side in enumerate(SIDES):
            row = rows[res[side]]
            row["played"] += 1
            row["games_for"] += int(res["score"][i])
            row["games_against"] += int(res["score"][1 - i])
            row["points"] += fixture_points(res, side, points)
            if res["winner"] is None:
                row["drawn"] += 1
            elif res["winner"] == side:
                row["won"] += 1
            else:
                row["lost"] += 1

    def head_to_head(group: Sequence[int]) -> Callable[[int], int]:
        inside = set(group)
        got = dict.fromkeys(group, 0)
        for res in decided:
            if res["home"] in inside and res["away"] in inside:
                for side in SIDES:
                    got[res[side]] += fixture_points(res, side, points)
        return lambda n: got[n]

    criteria: dict[str, Callable[[Sequence[int]], Callable[[int], int]]] = {
        "games-difference": lambda _g: (
            lambda n: rows[n]["games_for"] - rows[n]["games_against"]
        ),
        "games-won": lambda _g: lambda n: rows[n]["games_for"],
        "head-to-head": head_to_head,
    }
    groups = split(list(rows), lambda n: rows[n]["points"])
    for crit in tie_breaks:
        groups = [
            part
            for group in groups
            for part in (
                split(group, criteria[crit](group)) if len(group) > 1 else [group]
            )
        ]
    out = []
    for group in groups:
        rank = len(out) + 1
        for n in group:
            out.append({"rank": rank, **rows[n], "tied": len(group) > 1})
    return out


def split(group: Sequence[int], key: Callable[[int], int]) -> list[list[int]]:
    """``group`` cut into runs of equal ``key``, highest first; stable."""
    values = sorted({key(n) for n in group}, reverse=True)
    return [[n for n in group if key(n) == v] for v in values]


def standings(state: JSON) -> list[JSON]:
    """The table of a league state (see the module's doc)."""
    options = state["options"]
    return table(
        state["players"],
        results_of(state),
        {k: options[k] for k in ("match_win", "match_draw", "game_win", "sweep_bonus")},
        tie_breaks_of(options),
    )


def tie_breaks_of(options: Mapping[str, Any]) -> list[str]:
    """The tie-breaks chosen, in order (``none`` left out)."""
    chosen = [options.get(f"tie_break_{i}", "none") for i in (1, 2, 3)]
    return [c for c in chosen if c != "none"]
