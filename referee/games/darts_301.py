"""Darts 301 (or 501, 701): double out, busts, legs and sets, and match statistics.

Rules: the "301" section under Darts in ../shared/seeds/004, restated with the readings
chosen in ``referee/rulebook/darts_301.toml``.

State (plain JSON):
    players, teams ([]), start (int), legs_to_win, sets_to_win;
    scores: remaining per seat (the round in progress already taken off);
    legs: legs won per seat in the current set; sets: sets won per seat;
    leg: the leg's number in the match (1-based); set: the set's number; starter: seat;
    turn: the seat to throw (None once the match is won); winner: seat or None;
    round: the round in progress ``{"darts": [codes], "points", "start", "at_double"}``;
    leg_rounds: rounds each seat has finished in this leg (for the first-nine average);
    sheet: this leg's latest finished rounds, at most ``SHEET_ROUNDS``
    ``{"player", "darts" (None when entered as a
    total), "points" (0 for a bust), "bust", "left"}``;
    stats: per seat aggregates (see ``_new_stats``), never a list of every round;
    leg_base: ``stats`` as they were when this leg began (a leg's own figures are the
    difference); leg_list: the latest finished legs, at most ``LEGS_LISTED``, each
    one string "number set seat darts finish" (the winner's seat and darts, "-" when
    the darts are unknown);
    last_leg: the leg just won, with its ``sheet`` and ``stats``, kept until the next
    leg's first event (None otherwise).

view(state)["detail"]: ``start``, ``round`` (``player``, ``darts``, ``points``,
``darts_left``, ``start_score``), ``checkouts`` (routes for the darts left),
``leg`` (``number``, ``set``, ``starter``), ``legs_to_win``, ``sets_to_win``,
``stats`` (by player name, see ``_stats_view``), ``sheet``, ``last_leg`` (the leg
just won: ``number``, ``set``, ``winner``, ``darts`` (the winner's), ``finish``,
``sheet`` and ``stats`` by player name for that leg alone; None once the next leg has
begun) and ``summary`` (None until the match is over, then ``legs_played`` (how many),
``legs``: the latest ``LEGS_LISTED`` of them as in ``last_leg`` without sheet and stats,
and ``players``: each player's match statistics).
Each side is ``{"name", "score", "legs", "sets"}``, ``score`` being the points still
needed.
"""

from __future__ import annotations

import copy
import math
from typing import Any

from referee.games import checkouts
from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Field
from referee.games.base import Game
from referee.games.base import Option
from referee.games.base import Penalty
from referee.games.base import Refused
from referee.games.base import Ruling
from referee.games.base import Setup
from referee.games.base import Step
from referee.games.base import Verdict
from referee.games.base import board
from referee.games.darts import Dart
from referee.games.darts import parse_dart
from referee.games.darts import parse_darts

GAME_ID = "darts-301"
DARTS_PER_ROUND = 3
MAX_ROUND = 180
TON = 100  # "100+" rounds: any counted round of 100 or more, 140s and 180s included
FIRST_NINE_ROUNDS = 3
# The score sheet keeps the leg's latest rounds only, so the state (copied on every
# event) stays small even in a leg of misses that never ends; the log keeps them all.
SHEET_ROUNDS = 48
# Likewise the match summary lists the latest legs only: enough for any match as
# played, while a match that never ends cannot make every append slower. Each leg is
# kept as one string because the state is deep-copied twice per event, and every
# element costs a copy: five numbers in a list made a long match's replay 5x slower.
LEGS_LISTED = 64
ALL_EVENTS = ["dart", "round", "score", "end_round"]


def rule(local_id: str) -> str:
    """The full rulebook id of one of this game's rules."""
    return f"{GAME_ID}/{local_id}"


# --- start -------------------------------------------------------------------------


def start(setup: Setup) -> JSON:
    """A fresh match: everyone on the starting score, the first player to throw."""
    players = list(setup.players)
    begin = int(setup.options.get("start", "301"))
    return {
        "players": players,
        "teams": [],
        "start": begin,
        "legs_to_win": int(setup.options.get("legs", 1)),
        "sets_to_win": int(setup.options.get("sets", 1)),
        "scores": [begin] * len(players),
        "legs": [0] * len(players),
        "sets": [0] * len(players),
        "leg": 1,
        "set": 1,
        "starter": 0,
        "turn": 0,
        "winner": None,
        "round": _new_round(begin),
        "leg_rounds": [0] * len(players),
        "sheet": [],
        "stats": [_new_stats() for _ in players],
        "leg_base": [_new_stats() for _ in players],
        "leg_list": [],
        "last_leg": None,
    }


# --- apply -------------------------------------------------------------------------


def apply(state: JSON, event: JSON) -> Step:
    """Rule on one event; works on a copy, so ``state`` is never changed."""
    if state.get("winner") is not None:
        raise Refused("The match is over.", [rule("win")])
    s = copy.deepcopy(state)
    if "leg_base" not in s:  # stored before per-leg figures: leg 1's base is zero
        s["leg_list"] = []
        s["leg_base"] = [_new_stats() for _ in s["players"]] if s["leg"] == 1 else None
    # The last leg's sheet stays on the board until the next leg's first dart.
    s["last_leg"] = None
    match event.get("type"):
        case "dart":
            return _on_dart(s, event)
        case "round":
            return _on_round(s, event)
        case "score":
            return _on_score(s, event)
        case "end_round":
            return _on_end_round(s)
    raise BadInput(f"'{event.get('type')}' is not an event of darts 301.", field="type")


def _on_dart(s: JSON, event: JSON) -> Step:
    seat = s["turn"]
    name = s["players"][seat]
    dart = parse_dart(event.get("dart"))
    before = s["scores"][seat]
    outcome = _throw(s, dart)
    if outcome == "bust":
        lost = s["round"]["points"]
        return _bust_step(s, name, dart, before, lost=lost, change=lost)
    if outcome == "checkout":
        return _checkout_step(s, seat, dart, change=-dart.points)
    rules = [rule("bounce-out")] if dart.points == 0 else [rule("scoring")]
    what = (
        "miss (scores 0)" if dart.points == 0 else f"{dart.code} scores {dart.points}"
    )
    number = len(s["round"]["darts"])
    if number == DARTS_PER_ROUND:
        total = s["round"]["points"]
        _close_round(s, bust=False)
        summary = (
            f"{name}: {what}; round of {total}, {s['scores'][seat]} left. "
            f"{_next_up(s)} to throw."
        )
        rules += [rule("round"), rule("order")]
    else:
        summary = f"{name}: {what}, {s['scores'][seat]} left (dart {number} of 3)."
    return Step(
        s, Ruling(Verdict.OK, summary, tuple(rules), score={name: -dart.points})
    )


def _on_round(s: JSON, event: JSON) -> Step:
    seat = s["turn"]
    name = s["players"][seat]
    if s["round"]["darts"]:
        raise Refused(
            f"{name} has already entered darts this round: enter the rest one by one.",
            [rule("round")],
        )
    thrown = parse_darts(event.get("darts"), most=DARTS_PER_ROUND)
    for i, dart in enumerate(thrown, start=1):
        before = s["scores"][seat]
        outcome = _throw(s, dart)
        if outcome in ("bust", "checkout") and i < len(thrown):
            ended = "busted" if outcome == "bust" else "checked out"
            raise BadInput(
                f"{name} {ended} on dart {i} ({dart.code}): dart {i + 1} "
                f"({thrown[i].code}) was never thrown. Enter the round up to "
                f"dart {i}.",
                field="darts",
            )
        if outcome == "bust":
            return _bust_step(
                s,
                name,
                dart,
                before,
                lost=s["round"]["points"],
                change=0,
                dart_number=i,
            )
        if outcome == "checkout":
            return _checkout_step(s, seat, dart, change=-s["round"]["points"])
    total = s["round"]["points"]
    _close_round(s, bust=False)
    left = s["scores"][seat]
    listed = " ".join(d.code for d in thrown)
    summary = f"{name} throws {listed}: {total}, {left} left. {_next_up(s)} to throw."
    rules = [rule("round"), rule("scoring"), rule("order")]
    if any(d.points == 0 for d in thrown):
        rules.append(rule("bounce-out"))
    return Step(s, Ruling(Verdict.OK, summary, tuple(rules), score={name: -total}))


def _on_score(s: JSON, event: JSON) -> Step:
    seat = s["turn"]
    name = s["players"][seat]
    if s["round"]["darts"]:
        raise Refused(
            f"{name} has already entered darts this round: enter the rest one by one.",
            [rule("round")],
        )
    points = _int(event.get("points"), "points")
    count = _int(event.get("darts", DARTS_PER_ROUND), "darts")
    if not 1 <= count <= DARTS_PER_ROUND:
        raise BadInput(
            f"'darts' goes from 1 to 3; {count} given.", field="darts", example="3"
        )
    if points not in checkouts.reachable(count):
        what = ("one dart", "two darts", "three darts")[count - 1]
        raise BadInput(f"No {what} can score {points}.", field="points", example="140")
    before = s["scores"][seat]
    left = before - points
    double_out = event.get("double_out")
    if left == 0 and double_out is None:
        raise BadInput(
            f"{points} takes {name} to zero: was the last dart a double? "
            "Send 'double_out': true or false.",
            field="double_out",
            example="true",
        )
    checkout = left == 0 and bool(double_out)
    if checkout and not checkouts.can_finish(before, count):
        raise BadInput(
            f"{before} cannot be checked out on a double with {count} "
            f"dart{'s' if count > 1 else ''}.",
            field="points",
        )
    at_double = event.get("at_double")
    at_double = (
        (1 if checkout else 0) if at_double is None else _int(at_double, "at_double")
    )
    most = _max_at_double(before, count, points, bust=left < 2 and not checkout)
    if at_double > most:
        raise BadInput(
            f"From {before}, at most {most} of these {count} darts could be at a "
            f"double (a double had to be able to finish).",
            field="at_double",
            example=str(most),
        )
    if checkout and at_double < 1:
        raise BadInput(
            "A checkout's last dart is at a double: 'at_double' is at least 1.",
            field="at_double",
            example="1",
        )
    s["round"]["at_double"] = at_double
    if left < 0 or left == 1 or (left == 0 and not checkout):
        if left < 0:
            why = f"{points} is more than the {before} left"
        elif left == 1:
            why = f"{points} leaves 1"
        else:
            why = f"{points} reaches zero but the last dart was not a double"
        _close_round(s, bust=True, by_total=count)
        summary = f"{name} busts: {why}. Back to {before}; {_next_up(s)} to throw."
        return Step(s, _bust_ruling(name, summary, lost=0, change=0))
    s["round"]["points"] = points
    s["scores"][seat] = left
    if checkout:
        return _checkout_step(s, seat, None, change=-points, by_total=count)
    _close_round(s, bust=False, by_total=count)
    summary = f"{name} scores {points}, {left} left. {_next_up(s)} to throw."
    return Step(
        s,
        Ruling(
            Verdict.OK,
            summary,
            (rule("round"), rule("scoring"), rule("order")),
            score={name: -points},
        ),
    )


def _on_end_round(s: JSON) -> Step:
    seat = s["turn"]
    name = s["players"][seat]
    thrown = len(s["round"]["darts"])
    if not thrown:
        raise Refused(
            f"{name} has not thrown this round: enter the darts (M for a miss).",
            [rule("round")],
        )
    total = s["round"]["points"]
    _close_round(s, bust=False)
    summary = (
        f"{name} stops after {thrown} dart{'s' if thrown > 1 else ''}: round of "
        f"{total}, {s['scores'][seat]} left. {_next_up(s)} to throw."
    )
    rules = (rule("round"), rule("order"))
    return Step(s, Ruling(Verdict.OK, summary, rules, score={name: 0}))


# --- the rules of one dart ---------------------------------------------------------


def _throw(s: JSON, dart: Dart) -> str:
    """Score one dart for the player to throw: "ok", "bust" or "checkout".

    Only records it; a bust or a third dart does not close the round here.
    """
    seat = s["turn"]
    rnd = s["round"]
    before = s["scores"][seat]
    if checkouts.one_dart_finish(before):
        rnd["at_double"] += 1
    rnd["darts"].append(dart.code)
    left = before - dart.points
    if left < 0 or left == 1 or (left == 0 and not dart.is_double):
        return "bust"
    rnd["points"] += dart.points
    s["scores"][seat] = left
    return "checkout" if left == 0 else "ok"


def _bust_reason(dart: Dart, before: int) -> str:
    left = before - dart.points
    if left < 0:
        return f"{dart.code} goes {-left} below zero"
    if left == 1:
        return f"{dart.code} leaves 1"
    return f"{dart.code} reaches zero but is not a double"


def _bust_step(
    s: JSON,
    name: str,
    dart: Dart,
    before: int,
    *,
    lost: int,
    change: int,
    dart_number: int | None = None,
) -> Step:
    start_score = s["round"]["start"]
    why = _bust_reason(dart, before)
    where = f" on dart {dart_number}" if dart_number else ""
    _close_round(s, bust=True)
    summary = (
        f"{name} busts{where}: {why}. Back to {start_score}; {_next_up(s)} to throw."
    )
    return Step(s, _bust_ruling(name, summary, lost=lost, change=change))


def _bust_ruling(name: str, summary: str, *, lost: int, change: int) -> Ruling:
    return Ruling(
        Verdict.BUST,
        summary,
        (rule("bust"), rule("double-out"), rule("order")),
        penalties=(
            Penalty(
                name, "Bust: the round's points do not count.", -lost, rule("bust")
            ),
        ),
        score={name: change},
    )


def _checkout_step(
    s: JSON,
    seat: int,
    dart: Dart | None,
    *,
    change: int,
    by_total: int | None = None,
) -> Step:
    name = s["players"][seat]
    finish = s["round"]["start"]
    _close_round(s, bust=False, by_total=by_total, checkout=True)
    won = _win_leg(s, seat)
    on = f" on {dart.code}" if dart else ""
    rules = [rule("double-out"), rule("win")]
    if dart is not None and dart.segment == 25:
        rules.append(rule("scoring"))  # the bullseye counts as a double
    options: tuple[str, ...] = ()
    if s["legs_to_win"] > 1 or s["sets_to_win"] > 1:
        rules.append(rule("legs-and-sets"))
        if s["winner"] is None:  # a new leg starts: scores reset, the throw moves on
            rules += [rule("start"), rule("order")]
        options = tuple(
            o
            for o, n in (("legs", s["legs_to_win"]), ("sets", s["sets_to_win"]))
            if n > 1
        )
    summary = f"{name} checks out {finish}{on} and {won}."
    return Step(
        s,
        Ruling(
            Verdict.WIN, summary, tuple(rules), score={name: change}, options=options
        ),
    )


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
        s["legs"] = [0] * n
        s["set"] += 1
    # The throw rotates one seat per leg, across sets too.
    s["leg"] += 1
    s["starter"] = (s["starter"] + 1) % n
    s["scores"] = [s["start"]] * n
    s["leg_rounds"] = [0] * n
    s["sheet"] = []
    s["leg_base"] = copy.deepcopy(s["stats"])
    s["turn"] = s["starter"]
    s["round"] = _new_round(s["start"])
    return won


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
        "sheet": copy.deepcopy(s["sheet"]),
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


# --- view --------------------------------------------------------------------------


def view(state: JSON) -> JSON:
    """The scoreboard: remaining scores, legs and sets, the round, routes and stats."""
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
        expects: list[str] = []
    else:
        number = len(rnd["darts"]) + 1
        prompt = f"{turn} to throw: dart {number} of 3, {left} left"
        if routes:
            prompt += f" ({' '.join(routes[0])})"
        expects = ALL_EVENTS[:3] if number == 1 else ["dart", "end_round"]
    detail = {
        "start": state["start"],
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


def _leg_view(players: list[str], leg: str) -> JSON:
    number, set_number, seat, darts, finish = leg.split()
    return {
        "number": int(number),
        "set": int(set_number),
        "winner": players[int(seat)],
        "darts": None if darts == "-" else int(darts),
        "finish": int(finish),
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


# --- the game ----------------------------------------------------------------------

_RULES_SOURCE = (
    "The 301 section under Darts in the rules collection (seed 004): the board's "
    "values, up to three darts a round, double out, busts. Legs, sets, the 501/701 "
    "starts, the rotation of the throw and the statistics follow common tournament "
    "practice; see the rulebook for each reading."
)

GAME = Game(
    id=GAME_ID,
    title="Darts: 301",
    summary="Race from 301 (or 501, 701) to exactly zero, finishing on a double.",
    source=_RULES_SOURCE,
    min_players=1,
    max_players=8,
    options=(
        Option(
            "start",
            "Starting score",
            "Each leg starts from this score.",
            "choice",
            "301",
            choices=("301", "501", "701"),
        ),
        Option(
            "legs",
            "Legs per set",
            "First to this many legs wins the set (the match when there is one set).",
            "integer",
            1,
            minimum=1,
            maximum=21,
        ),
        Option(
            "sets",
            "Sets",
            "First to this many sets wins the match.",
            "integer",
            1,
            minimum=1,
            maximum=13,
        ),
    ),
    events=(
        EventKind(
            "dart",
            "One dart",
            "One dart by the player to throw, e.g. T20, D16, SB, DB, or M for a miss "
            "or a bounce-out.",
            (Field("dart", "dart", "The dart: T20, D16, S5, SB, DB or M."),),
            (
                Example({"type": "dart", "dart": "T20"}, title="Treble 20"),
                Example(
                    {"type": "dart", "dart": "M"},
                    setup=({"type": "dart", "dart": "T20"},),
                    title="A bounce-out",
                ),
            ),
        ),
        EventKind(
            "round",
            "A whole round",
            "The round's 1-3 darts in order, at the start of a round. Fewer than three "
            "when the player stopped, e.g. after checking out.",
            (
                Field(
                    "darts",
                    "darts",
                    "1-3 darts, e.g. T20 T20 S20.",
                    minimum=1,
                    maximum=3,
                ),
            ),
            (
                Example(
                    {"type": "round", "darts": ["T20", "T20", "S20"]},
                    title="A round of 140",
                ),
                Example(
                    {"type": "round", "darts": ["T20", "D20"]},
                    options={"start": "301"},
                    setup=(
                        {"type": "round", "darts": ["T20", "T20", "T20"]},
                        {"type": "round", "darts": ["S1"]},
                        {"type": "round", "darts": ["S1", "S20"]},
                        {"type": "round", "darts": ["S1"]},
                    ),
                    title="A 100 checkout",
                ),
            ),
        ),
        EventKind(
            "score",
            "A round by its total",
            "The round's total, as a pub scorer calls it. 'darts' (default 3) is how "
            "many were thrown, 'at_double' how many were at a double; 'double_out' is "
            "needed when the total reaches zero.",
            (
                Field(
                    "points",
                    "integer",
                    "The round's total, 0-180.",
                    minimum=0,
                    maximum=MAX_ROUND,
                ),
                Field(
                    "darts",
                    "integer",
                    "Darts thrown (1-3).",
                    required=False,
                    minimum=1,
                    maximum=3,
                    default=3,
                ),
                Field(
                    "at_double",
                    "integer",
                    "Darts thrown at a double (0-3).",
                    required=False,
                    minimum=0,
                    maximum=3,
                ),
                Field(
                    "double_out",
                    "boolean",
                    "Was the last dart a double?",
                    required=False,
                ),
            ),
            (
                Example({"type": "score", "points": 140}, title="Ton forty"),
                Example(
                    {
                        "type": "score",
                        "points": 41,
                        "darts": 2,
                        "at_double": 1,
                        "double_out": True,
                    },
                    setup=(
                        {"type": "score", "points": 180},
                        {"type": "score", "points": 60},
                        {"type": "score", "points": 80},
                        {"type": "score", "points": 60},
                    ),
                    title="A 41 checkout",
                ),
            ),
        ),
        EventKind(
            "end_round",
            "Stop the round",
            "The player stops before throwing all three darts; the turn passes.",
            (),
            (
                Example(
                    {"type": "end_round"},
                    setup=({"type": "dart", "dart": "T20"},),
                    title="Stop after one dart",
                ),
            ),
        ),
    ),
    start=start,
    apply=apply,
    view=view,
    tools=(checkouts.TOOL,),
)
