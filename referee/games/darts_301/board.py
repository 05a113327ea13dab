"""The board: what a darts 301 match shows (``view``) and its figures."""

from __future__ import annotations

from referee.games import checkouts
from referee.games.boards import board
from referee.games.darts_301.common import DARTS_PER_ROUND
from referee.games.darts_301.legs import _leg_view
from referee.games.darts_301.legs import head_starts
from referee.games.darts_301.legs import starts
from referee.games.outcomes import JSON

# --- view --------------------------------------------------------------------------


def view(state: JSON, expects: list[str]) -> JSON:
    """The scoreboard: remaining scores, legs and sets, the round, routes and stats.

    ``expects`` is what the entry point takes now (``GAME.expects``).
    """
    players = state["players"]
    sides = [
        {
            "name": p,
            "score": state["scores"][i],
            "legs": state["legs"][i],
            "sets": state["sets"][i],
        }
        for i, p in enumerate(players)
    ]
    rnd = state["round"]
    over = state["winner"] is not None
    winner = players[state["winner"]] if over else None
    turn = None if over else players[state["turn"]]
    darts_left = 0 if over else DARTS_PER_ROUND - len(rnd["darts"])
    left = 0 if over else state["scores"][state["turn"]]
    routes = checkouts.routes(left, darts_left) if not over else []
    if over:
        prompt = f"{winner} wins the match."
    else:
        number = len(rnd["darts"]) + 1
        prompt = f"{turn} to throw: dart {number} of 3, {left} left"
        if routes:
            prompt += f" ({' '.join(routes[0])})"
    detail = {
        "start": state["start"],
        # each player's start and head start in legs (unequal under a handicap)
        "starts": starts(state),
        "head_start": head_starts(state),
        "round": {
            "player": turn,
            "darts": list(rnd["darts"]),
            "points": rnd["points"],
            "darts_left": darts_left,
            "start_score": rnd["start"],
        },
        "checkouts": routes,
        "leg": {
            "number": state["leg"],
            "set": state["set"],
            "starter": players[state["starter"]],
        },
        "title": f"Darts: {state['start']}",
        "legs_to_win": state["legs_to_win"],
        "sets_to_win": state["sets_to_win"],
        "stats": {p: _stats_view(state["stats"][i]) for i, p in enumerate(players)},
        "sheet": _sheet_view(state["sheet"]),
        "last_leg": _last_leg_view(state),
        "summary": _summary_view(state) if over else None,
    }
    return board(
        sides=sides,
        turn=turn,
        expects=expects,
        prompt=prompt,
        phase="over" if over else "play",
        winner=winner,
        detail=detail,
    )


def _sheet_view(sheet: list[JSON]) -> list[JSON]:
    return [
        dict(r, darts=None if r["darts"] is None else list(r["darts"])) for r in sheet
    ]


def _last_leg_view(state: JSON) -> JSON | None:
    last = state.get("last_leg")
    if last is None:
        return None
    figures = last["stats"]
    return {
        **{k: v for k, v in last.items() if k not in ("sheet", "stats")},
        "sheet": _sheet_view(last["sheet"]),
        "stats": None
        if figures is None
        else {p: _stats_view(figures[i]) for i, p in enumerate(state["players"])},
    }


def _summary_view(state: JSON) -> JSON:
    """The match at its end: its legs, and each player's statistics."""
    players = state["players"]
    return {
        "legs_played": sum(st["legs_won"] for st in state["stats"]),
        "legs": [_leg_view(players, leg) for leg in state.get("leg_list", [])],
        "players": {
            p: _stats_view(state["stats"][i]) for i, p in enumerate(state["players"])
        },
    }


def _stats_view(st: JSON) -> JSON:
    """One player's statistics as shown (see the rule darts-301/stats)."""
    return {
        "three_dart_average": _average(st["points"], st["darts"]),
        "first_nine_average": _average(st["first_nine_points"], st["first_nine_darts"]),
        "checkout_percent": (
            round(100 * st["checkouts"] / st["at_double"], 2)
            if st["at_double"]
            else None
        ),
        "checkouts": st["checkouts"],
        "darts_at_double": st["at_double"],
        "highest_finish": st["highest_finish"] or None,
        "one_eighties": st["one_eighties"],
        "tons": st["tons"],
        "darts_thrown": st["darts"],
        "points_scored": st["points"],
        "legs_won": st["legs_won"],
        "sets_won": st["sets_won"],
        "best_leg": st.get("best_leg") or None,
    }


def _average(points: int, darts: int) -> float | None:
    return round(3 * points / darts, 2) if darts else None
