"""The rules of one dart: a bust and why, a checkout."""

from __future__ import annotations

from referee.games import checkouts
from referee.games.darts import Dart
from referee.games.darts_301.common import R_BUST
from referee.games.darts_301.common import R_DOUBLE_OUT
from referee.games.darts_301.common import R_HANDICAP
from referee.games.darts_301.common import R_LEGS_AND_SETS
from referee.games.darts_301.common import R_ORDER
from referee.games.darts_301.common import R_SCORING
from referee.games.darts_301.common import R_START
from referee.games.darts_301.common import R_WIN
from referee.games.darts_301.legs import _close_round
from referee.games.darts_301.legs import _next_up
from referee.games.darts_301.legs import _win_leg
from referee.games.outcomes import JSON
from referee.games.outcomes import Penalty
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

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
        (R_BUST, R_DOUBLE_OUT, R_ORDER),
        penalties=(
            Penalty(name, "Bust: the round's points do not count.", -lost, R_BUST),
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
    rules = [R_DOUBLE_OUT, R_WIN]
    if dart is not None and dart.segment == 25:
        rules.append(R_SCORING)  # the bullseye counts as a double
    options: tuple[str, ...] = ()
    if s["winner"] is not None and s["legs_to_win"] == s["sets_to_win"] == 1:
        rules.append(R_LEGS_AND_SETS)  # one leg: that leg is the match
    if s["legs_to_win"] > 1 or s["sets_to_win"] > 1:
        rules.append(R_LEGS_AND_SETS)
        if s["winner"] is None:  # a new leg starts: scores reset, the throw moves on
            rules += [R_START, R_ORDER]
        options = tuple(
            o
            for o, n in (("legs", s["legs_to_win"]), ("sets", s["sets_to_win"]))
            if n > 1
        )
    if s.get("starts") or s.get("head_start"):
        rules.append(R_HANDICAP)  # the leg or match was won under a handicap
    summary = f"{name} checks out {finish}{on} and {won}."
    return Step(
        s,
        Ruling(
            Verdict.WIN, summary, tuple(rules), score={name: change}, options=options
        ),
    )
