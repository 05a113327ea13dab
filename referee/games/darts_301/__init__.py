"""Darts 301 (or 501, 701): double out, busts, legs and sets, and match statistics.

The events and the game are here; ``throws`` rules one dart (busts, checkouts),
``legs`` closes rounds, legs and sets and keeps the statistics, ``board`` is the
view, ``common`` holds the constants and the rule ids.

Rules: the "301" section under Darts in ../shared/seeds/004, restated with the readings
chosen in ``referee/rulebook/darts_301.toml``.

State (plain JSON):
    players, teams ([]), start (int), legs_to_win, sets_to_win;
    starts, head_start: per seat, only when the handicap options set them;
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

view(state)["detail"]: ``start``, ``starts`` and ``head_start`` (each player's start
and legs in hand: unequal only under a handicap), ``round`` (``player``, ``darts``,
``points``, ``darts_left``, ``start_score``), ``checkouts`` (routes for the darts left),
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

import dataclasses
from collections.abc import Mapping
from typing import Any

from referee.games import checkouts
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.darts import parse_dart
from referee.games.darts import parse_darts
from referee.games.darts_301 import board
from referee.games.darts_301 import service
from referee.games.darts_301 import tool
from referee.games.darts_301.breaches import BREACHES
from referee.games.darts_301.common import CITE
from referee.games.darts_301.common import DARTS_PER_ROUND
from referee.games.darts_301.common import GAME_ID
from referee.games.darts_301.common import HANDICAP_STARTS
from referee.games.darts_301.common import LEGS_LISTED
from referee.games.darts_301.common import LISTED_MOST
from referee.games.darts_301.common import MAX_ROUND
from referee.games.darts_301.common import MOST_HEAD_START
from referee.games.darts_301.common import R_BOUNCE_OUT
from referee.games.darts_301.common import R_ORDER
from referee.games.darts_301.common import R_ROUND
from referee.games.darts_301.common import R_SCORING
from referee.games.darts_301.common import R_WIN
from referee.games.darts_301.common import SHEET_ROUNDS
from referee.games.darts_301.legs import _close_round
from referee.games.darts_301.legs import _int
from referee.games.darts_301.legs import _max_at_double
from referee.games.darts_301.legs import _new_round
from referee.games.darts_301.legs import _new_stats
from referee.games.darts_301.legs import _next_up
from referee.games.darts_301.throws import _bust_ruling
from referee.games.darts_301.throws import _bust_step
from referee.games.darts_301.throws import _checkout_step
from referee.games.darts_301.throws import _throw
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

# --- start -------------------------------------------------------------------------


def start(setup: Setup) -> JSON:
    """A fresh match: everyone on the starting score, the first player to throw."""
    players = list(setup.players)
    begin = int(setup.options.get("start", "301"))
    state: JSON = {
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
    _handicap(state, setup.options)
    return state


def _handicap(state: JSON, options: Mapping[str, Any]) -> None:
    """A handicap's own starts and head starts (rule handicap), kept in the state
    only when the options set one, so a match without stays as it always was."""
    seats = range(len(state["players"]))
    own = [options.get(f"start_{i + 1}") for i in seats if i < 2]
    if any(v is not None for v in own):
        state["starts"] = [state["start"] if v is None else int(v) for v in own]
        state["scores"] = list(state["starts"])
        state["round"] = _new_round(state["scores"][0])
    ahead = [int(options.get(f"head_start_{i + 1}") or 0) for i in seats if i < 2]
    if any(ahead):
        state["head_start"] = ahead
        state["legs"] = list(ahead)


_WHICH = {"1": "first", "2": "second"}


def check_setup(setup: Setup) -> None:
    """A handicap (rule handicap) is between two players: starts from the allowed
    set, and a head start below the legs a set needs."""
    options = setup.options
    used = [
        name
        for name in ("start_1", "start_2", "head_start_1", "head_start_2")
        if options.get(name) not in (None, 0)
    ]
    if used and len(setup.players) != 2:
        raise BadInput(
            f"Option '{used[0]}' is a handicap between two players; this match has "
            f"{len(setup.players)}.",
            field=f"options.{used[0]}",
            example='"players": ["Ann", "Bob"], "options": {"start_2": 401}',
        )
    for name in ("start_1", "start_2"):
        value = options.get(name)
        if value is not None and value not in HANDICAP_STARTS:
            near = min(HANDICAP_STARTS, key=lambda s: (abs(s - value), s))
            raise BadInput(
                f"Option '{name}' is a start from 101 to 701 in steps of 25 "
                f"(..., 401, 426, 451, 476, 501, ...); {value} given.",
                field=f"options.{name}",
                example=f'"{name}": {near}',
                label=f"Start, {_WHICH[name[-1]]} player (handicap)",
                sample=str(near),
            )
    legs = int(options.get("legs", 1))
    for name in ("head_start_1", "head_start_2"):
        value = int(options.get(name) or 0)
        if value >= legs:
            raise BadInput(
                f"Option '{name}' gives {value} leg{'s' if value != 1 else ''} of "
                f"the {legs} a set needs: a head start is less than the legs needed "
                f"(at most {legs - 1}).",
                field=f"options.{name}",
                example=f'"legs": 3, "{name}": 1',
                label=f"Head start, {_WHICH[name[-1]]} player (handicap)",
                sample=str(max(0, legs - 1)),
            )


# --- the entry point: what every event does first, and when each is offered ---------


def _finished(s: JSON) -> Refused | None:
    if s.get("winner") is None:
        return None
    return Refused("The match is over.", [R_WIN])


def _before(s: JSON, event: JSON) -> None:
    """Every event first: upgrade a stored state, clear the last leg's sheet."""
    if "leg_base" not in s:  # stored before per-leg figures: leg 1's base is zero
        s["leg_list"] = []
        s["leg_base"] = [_new_stats() for _ in s["players"]] if s["leg"] == 1 else None
    # The last leg's sheet stays on the board until the next leg's first dart.
    s["last_leg"] = None


def _round_fresh(s: JSON) -> bool:
    """No dart of the round is in yet: a whole round or its total may be entered."""
    return not s["round"]["darts"]


def view(state: JSON) -> JSON:
    """The scoreboard (see ``board.view``), offering what the entry point takes now."""
    return board.view(state, GAME.expects(state))


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
    rules = [R_BOUNCE_OUT] if dart.points == 0 else [R_SCORING]
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
        rules += [R_ROUND, R_ORDER]
    else:
        summary = f"{name}: {what}, {s['scores'][seat]} left (dart {number} of 3)."
    return Step(
        s, Ruling(Verdict.OK, summary, tuple(rules), score={name: -dart.points})
    )


def _on_round(s: JSON, event: JSON) -> Step:
    seat = s["turn"]
    name = s["players"][seat]
    _refuse_mid_round(s, name)
    thrown = parse_darts(event.get("darts"), most=LISTED_MOST)
    _refuse_over_three(name, len(thrown))
    for i, dart in enumerate(thrown, start=1):
        before = s["scores"][seat]
        outcome = _throw(s, dart)
        if outcome == "checkout" and i < len(thrown):
            raise BadInput(
                f"{name} checked out on dart {i} ({dart.code}): the leg was over, so "
                f"dart {i + 1} ({thrown[i].code}) was never thrown. Enter the round "
                f"up to dart {i}.",
                field="darts",
            )
        if outcome == "bust":
            # The round is void from the dart that bust it: whatever followed (often
            # thrown anyway) cannot change that.
            step = _bust_step(
                s,
                name,
                dart,
                before,
                lost=s["round"]["points"],
                change=0,
                dart_number=i,
            )
            if i < len(thrown):
                after = " ".join(d.code for d in thrown[i:])
                verb = "does" if len(thrown) - i == 1 else "do"
                step = Step(
                    step.state,
                    dataclasses.replace(
                        step.ruling,
                        summary=f"{step.ruling.summary} ({after} after the bust "
                        f"{verb} not count.)",
                    ),
                )
            return step
        if outcome == "checkout":
            return _checkout_step(s, seat, dart, change=-s["round"]["points"])
    total = s["round"]["points"]
    _close_round(s, bust=False)
    left = s["scores"][seat]
    listed = " ".join(d.code for d in thrown)
    summary = f"{name} throws {listed}: {total}, {left} left. {_next_up(s)} to throw."
    rules = [R_ROUND, R_SCORING, R_ORDER]
    if any(d.points == 0 for d in thrown):
        rules.append(R_BOUNCE_OUT)
    return Step(s, Ruling(Verdict.OK, summary, tuple(rules), score={name: -total}))


def _on_score(s: JSON, event: JSON) -> Step:
    seat = s["turn"]
    name = s["players"][seat]
    _refuse_mid_round(s, name)
    points = _int(event.get("points"), "points")
    count = _int(event.get("darts", DARTS_PER_ROUND), "darts")
    if count < 1:
        raise BadInput(
            f"'darts' goes from 1 to 3; {count} given.", field="darts", example="3"
        )
    _refuse_over_three(name, count)
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
            (R_ROUND, R_SCORING, R_ORDER),
            score={name: -points},
        ),
    )


def _refuse_over_three(name: str, count: int) -> None:
    # Four darts can be thrown (a spare in the hand), but never in one round.
    if count > DARTS_PER_ROUND:
        raise Refused(
            f"{name} cannot throw {count} darts in a round: a round is at most "
            f"{DARTS_PER_ROUND} darts.",
            [R_ROUND],
        )


def _in_turn(s: JSON) -> int:
    return int(s["turn"])


def _out_of_turn(s: JSON, event: JSON, seat: int) -> Refused | None:
    """A dart or round named for the player whose round just ended: a fourth dart."""
    sheet = s["sheet"]
    name = s["players"][seat]
    if not sheet or sheet[-1]["player"] != name or not _round_fresh(s):
        return None  # someone else's turn, not one who has just thrown: the generic
    last = sheet[-1]
    if last["bust"]:
        how = "it was bust"
    elif last["darts"] is not None and len(last["darts"]) == DARTS_PER_ROUND:
        how = "all three darts are thrown"
    else:
        how = "they stopped"
    return Refused(
        f"{name}'s round is over ({how}): a round is at most {DARTS_PER_ROUND} darts, "
        f"and it is {_next_up(s)}'s turn to throw.",
        [R_ROUND, R_ORDER],
    )


def _refuse_mid_round(s: JSON, name: str) -> None:
    if not _round_fresh(s):
        raise Refused(
            f"{name} has already entered darts this round: enter the rest one by one.",
            [R_ROUND],
        )


def _on_end_round(s: JSON, event: JSON) -> Step:
    seat = s["turn"]
    name = s["players"][seat]
    thrown = len(s["round"]["darts"])
    if not thrown:
        raise Refused(
            f"{name} has not thrown this round: enter the darts (M for a miss).",
            [R_ROUND],
        )
    total = s["round"]["points"]
    _close_round(s, bust=False)
    summary = (
        f"{name} stops after {thrown} dart{'s' if thrown > 1 else ''}: round of "
        f"{total}, {s['scores'][seat]} left. {_next_up(s)} to throw."
    )
    rules = (R_ROUND, R_ORDER)
    return Step(s, Ruling(Verdict.OK, summary, rules, score={name: 0}))


# --- the game ----------------------------------------------------------------------

_RULES_SOURCE = (
    "The 301 section under Darts in the rules collection (seed 004): the board's "
    "values, up to three darts a round, double out, busts. Legs, sets, the 501/701 "
    "starts, the rotation of the throw and the statistics follow common tournament "
    "practice; see the rulebook for each reading."
)

_T20 = {"type": "dart", "dart": "T20"}

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
        *(
            Option(
                f"start_{n}",
                f"Start, {which} player (handicap)",
                f"A handicap: the {which} player's starting score when not the one "
                "above, 101 to 701 in steps of 25 (blank: the start above).",
                "integer",
                None,
                minimum=HANDICAP_STARTS[0],
                maximum=HANDICAP_STARTS[-1],
            )
            for n, which in ((1, "first"), (2, "second"))
        ),
        *(
            Option(
                f"head_start_{n}",
                f"Head start, {which} player (handicap)",
                f"A handicap: legs the {which} player has won when each set begins "
                "(less than the legs per set).",
                "integer",
                0,
                minimum=0,
                maximum=MOST_HEAD_START,
            )
            for n, which in ((1, "first"), (2, "second"))
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
                Example(_T20, title="Treble 20"),
                Example(
                    {"type": "dart", "dart": "M"}, setup=(_T20,), title="A bounce-out"
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
                    "1-3 darts, e.g. T20 T20 S20 (more is refused: a round is at "
                    "most three).",
                    minimum=1,
                    maximum=LISTED_MOST,
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
            "The round's total, as a pub scorer calls it, with how many darts were "
            "thrown (3 unless said) and how many were at a double; say whether the "
            "last was a double when the total reaches zero.",
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
                    "Darts thrown (1-3; more is refused: a round is at most three).",
                    required=False,
                    minimum=1,
                    maximum=LISTED_MOST,
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
    result_units="legs",
    result_score=service.result_score,
    station="Board",
    caller=service.caller,
    tally=service.TALLY,
    start=start,
    view=view,
    tools=(tool.TOOL,),
    handlers={
        "dart": Handler(_on_dart, actor=_in_turn, out_of_turn=_out_of_turn),
        "round": Handler(
            _on_round, when=_round_fresh, actor=_in_turn, out_of_turn=_out_of_turn
        ),
        "score": Handler(
            _on_score, when=_round_fresh, actor=_in_turn, out_of_turn=_out_of_turn
        ),
        "end_round": Handler(
            _on_end_round,
            when=lambda s: not _round_fresh(s),
            actor=_in_turn,
            out_of_turn=_out_of_turn,
        ),
    },
    finished=_finished,
    before=_before,
    check_setup=check_setup,
    order_rule=R_ROUND,
    turn_rule=R_ORDER,
    breaches=BREACHES,
)

__all__ = ["CITE", "GAME", "LEGS_LISTED", "SHEET_ROUNDS", "start", "view"]
