"""A billiards match: lag, breaks, shots, racks and the score (start, handlers).

The events are here; ``strokes`` rules a stroke (fouls, legal shots per game, the
incoming player's choices), ``racks`` ends racks and the match, ``common`` holds
what they share.

State (a plain JSON dict; sides are seats 0 and 1, players or teams)::

    players, teams, options
    phase        "lag" (lag or lot), "choose" (lag winner picks the breaker),
                 "play", "over"
    lag_winner   seat or None
    score        racks won (rack games) or points (14.1), per side
    fouls, successive, conduct, innings      per side
    warned       per side, the rules already warned for ("8", "28")
    foul_log     [{"inning", "side", "rule"}] the latest fouls assessed (HISTORY_WINDOW)
    inning       number of the inning in progress, counted over the match
    inning_fouls sides already charged with a foul this inning (rule 29)
    at_table     seat shooting now; breaker: who broke this rack; rack: its number
    opening      the next stroke is the opening break of a rack
    in_hand      "none", "kitchen" or "table"
    balls        object balls on the table (tracked games) or None
    groups       8-ball: "solids"/"stripes"/None per side
    pending      a choice the incoming player owes: {"side", "kind", "choices", ...}
    push_out_ok  9-ball: the next stroke is the one right after the break
    after_foul   what the incoming player got after the last foul, or None
    restore      who puts balls moved by that foul back (rules 20, 24), or None
    spots        where the last spotted balls went (rule 31)
    racks        [{"rack", "winner", "how"}]
    winner, forfeit
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.billiards.cited import MATCH_CONCEDE
from referee.games.billiards.cited import MATCH_FORFEIT
from referee.games.billiards.cited import MATCH_HANDICAP
from referee.games.billiards.cited import MATCH_RACE
from referee.games.billiards.cited import NINE_PUSH_OUT
from referee.games.billiards.cited import PLAIN_RACK
from referee.games.billiards.cited import R5
from referee.games.billiards.cited import R6
from referee.games.billiards.cited import R7
from referee.games.billiards.cited import R8
from referee.games.billiards.cited import R14
from referee.games.billiards.cited import R16
from referee.games.billiards.cited import R30
from referee.games.billiards.cited import R34
from referee.games.billiards.cited import R35
from referee.games.billiards.cited import R36
from referee.games.billiards.cited import R38
from referee.games.billiards.cited import STRAIGHT_POINTS
from referee.games.billiards.common import CHOICE_LABELS
from referee.games.billiards.common import CHOICE_RULES
from referee.games.billiards.common import _check_table
from referee.games.billiards.common import _cite
from referee.games.billiards.common import _context
from referee.games.billiards.common import _count_inning
from referee.games.billiards.common import _name
from referee.games.billiards.common import _not_now
from referee.games.billiards.common import _pass_table
from referee.games.billiards.common import _referee_mattered
from referee.games.billiards.common import _require_play
from referee.games.billiards.common import _shot_kwargs
from referee.games.billiards.common import _sides
from referee.games.billiards.facts import Shot
from referee.games.billiards.facts import parse_ball
from referee.games.billiards.facts import shot_from_event
from referee.games.billiards.fouls import as_called
from referee.games.billiards.fouls import replay_text
from referee.games.billiards.games import rack_of
from referee.games.billiards.lag import judge_lag
from referee.games.billiards.lag import parse_faults
from referee.games.billiards.racks import _end_match_by_forfeit
from referee.games.billiards.racks import _end_rack
from referee.games.billiards.racks import _new_rack
from referee.games.billiards.racks import handicapped
from referee.games.billiards.shots import Context
from referee.games.billiards.shots import referee_shot
from referee.games.billiards.shots import with_see_also
from referee.games.billiards.strokes import _foul
from referee.games.billiards.strokes import _legal
from referee.games.billiards.strokes import _non_player
from referee.games.billiards.strokes import _offer_choice
from referee.games.billiards.strokes import _out_of_turn
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Penalty
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

# --- start -------------------------------------------------------------------------


def start(setup: Setup) -> JSON:
    """A new match, waiting for the lag (or for the breaker, decided by lot)."""
    options = dict(setup.options)
    return {
        "players": list(setup.players),
        "teams": [{"name": n, "players": list(m)} for n, m in setup.teams],
        "options": options,
        "phase": "lag",
        "lag_winner": None,
        "score": [0, 0],
        "fouls": [0, 0],
        "successive": [0, 0],
        "conduct": [0, 0],
        "innings": [0, 0],
        "warned": [[], []],
        "foul_log": [],
        "inning": 0,
        "inning_fouls": [],
        "at_table": None,
        "breaker": None,
        "rack": 0,
        "opening": False,
        "in_hand": "none",
        "balls": None,
        "groups": [None, None],
        "pending": None,
        "push_out_ok": False,
        "after_foul": None,
        "restore": None,
        "spots": [],
        "racks": [],
        "winner": None,
        "forfeit": None,
    }


def check_setup(setup: Setup) -> None:
    """Two players, or two teams; handicap races only in a race of racks."""
    if setup.teams:
        if len(setup.teams) != 2:
            raise BadInput("A billiards match is two teams.", field="teams")
    elif len(setup.players) != 2:
        raise BadInput(
            "A billiards match is two players (or two teams).",
            field="players",
            example='"players": ["Ann", "Bob"]',
        )
    options = setup.options
    for side in (1, 2):
        by_points = rack_of({"options": options}).by_points
        if options.get(f"race_{side}") is not None and by_points:
            raise BadInput(
                f"Option 'race_{side}' is a handicap race of racks; 14.1 is played "
                "to points, so leave it out.",
                field=f"options.race_{side}",
                example='"options": {"game": "9-ball", "race": 5, "race_2": 3}',
            )


# --- the handlers ------------------------------------------------------------------


def finished(state: JSON) -> Refused | None:
    """The refusal of any event once the match is over."""
    if state["phase"] != "over":
        return None
    return Refused(
        f"The match is over: {_name(state, state['winner'])} won.",
        [MATCH_RACE],
    )


def _cited(run: Callable[[JSON, JSON], Step]) -> Callable[[JSON, JSON], Step]:
    """``run`` with the match's own rules added to its ruling, and every "see rule
    N" of the rulebook cited with the rule that says it."""

    def handler(s: JSON, event: JSON) -> Step:
        before = {"phase": s["phase"], "racks": len(s["racks"])}
        step = run(s, event)
        rules = [*step.ruling.rules, *_match_rules(before, step.state)]
        cited = with_see_also(tuple(dict.fromkeys(rules)))
        return Step(step.state, dataclasses.replace(step.ruling, rules=cited))

    return handler


def _match_rules(before: JSON, after: JSON) -> list[str]:
    """What the match's own rules decided on top of the stroke: how it was won (the
    race, or a forfeit), or that a rack ended and who breaks the next (rule 35).
    ``before`` is the phase and the number of racks played before the event."""
    if after["phase"] == "over" and before["phase"] != "over":
        if after["forfeit"] is not None:
            return [MATCH_FORFEIT]
        if len(after["racks"]) > before["racks"]:
            return [MATCH_RACE, MATCH_HANDICAP] if handicapped(after) else [MATCH_RACE]
        return []
    if len(after["racks"]) > before["racks"]:
        return [R35]
    return []


def _on_lag(s: JSON, event: JSON) -> Step:
    if s["phase"] != "lag":
        raise Refused(_not_now(s, "The lag is over"), [R5])
    names = _sides(s)
    faults = (
        parse_faults(event.get("first_faults"), "first_faults"),
        parse_faults(event.get("second_faults"), "second_faults"),
    )
    closer = event.get("closer")
    result = judge_lag(closer, faults, names)
    if result.tie:
        return Step(s, Ruling(Verdict.OK, result.reason, (R5,)))
    s["lag_winner"] = result.winner
    s["phase"] = "choose"
    winner = names[result.winner]
    text = f"{result.reason} {winner} chooses who breaks."
    return Step(s, Ruling(Verdict.OK, text, (R5, R6)))


def _on_breaker(s: JSON, event: JSON) -> Step:
    if s["phase"] not in {"lag", "choose"}:
        raise Refused(_not_now(s, "The break is already decided"), [R6])
    side = event["side"]
    names = _sides(s)
    how = (
        f"{names[s['lag_winner']]} won the lag and chose"
        if s["phase"] == "choose"
        else "Decided by lot or agreement"
    )
    _new_rack(s, side)
    text = f"{how}: {names[side]} breaks, cue ball in hand behind the head string."
    return Step(s, Ruling(Verdict.OK, text, (R6, R7)))


def _on_shot(s: JSON, event: JSON) -> Step:
    _require_play(s)
    s["spots"] = []
    rack = rack_of(s)
    shot = shot_from_event(event, highest=rack.highest)
    _check_table(s, shot)
    side = s["at_table"]
    _check_breaker(s, event)
    if shot.shooter is not None and shot.shooter != side:
        return _out_of_turn(s, shot.shooter)
    if shot.push_out and not (rack.push_out and s["push_out_ok"]):
        raise Refused(
            "A push out is allowed only in 9-ball, on the shot right after the break.",
            [NINE_PUSH_OUT],
        )
    ctx = _context(s, shot)
    call = referee_shot(shot, ctx)
    if call.outcome in {"legal", "foul"}:
        # Only the stroke right after a 9-ball break may be a push out.
        s["push_out_ok"] = rack.push_out and s["opening"]
    opts = ["referee"] if _referee_mattered(call, shot) else []
    if call.assessed is not None and call.assessed.rule == "28":
        opts.append("intentional_scope")
    if call.outcome == "restore":
        return _non_player(s, shot.restorable, call)
    if call.outcome == "interference":
        return _foul(s, 1 - s["at_table"], shot, call, own_stroke=False)
    if call.outcome == "replay":
        text = f"{_name(s, side)}: {call.findings[0].text}."
        return Step(s, Ruling(Verdict.OK, text, _cite(call)))
    if call.outcome == "void":
        text = f"{_name(s, side)}: {call.findings[0].text}."
        return Step(s, Ruling(Verdict.VOID, text, _cite(call)))
    if call.outcome == "option":
        return _offer_choice(s, side, shot, call, opts)
    if call.outcome == "foul":
        return _foul(s, side, shot, call, options=opts)
    return _legal(s, side, shot, call)


def _check_breaker(s: JSON, event: JSON) -> None:
    """An opening break named for anyone but the breaker: refused citing who breaks
    (the lag or lot for the first rack, rule 35's rotation after it) and the turn."""
    named = event.get("player")
    if not s["opening"] or named is None or named == s["at_table"]:
        return
    why = R35 if s["racks"] else R6
    raise Refused(
        f"{_name(s, named)} does not break this rack: {_name(s, s['at_table'])} does.",
        [R36, why],
    )


def _on_choose(s: JSON, event: JSON) -> Step:
    pending = s["pending"]
    if s["phase"] != "play" or not pending:
        raise Refused("There is nothing to choose now.", [R16])
    option = event["option"]
    chooser = pending["side"]
    if option not in pending["choices"]:
        allowed = " or ".join(pending["choices"])
        raise Refused(
            f"{_name(s, chooser)} chooses {allowed} now.",
            [(CHOICE_RULES[pending["kind"]])],
        )
    s["pending"] = None
    offender = pending["offender"]
    if pending["kind"] == "push":
        if option == "shoot":
            _pass_table(s, chooser)
            text = f"{_name(s, chooser)} takes the table as it lies after the push out."
        else:
            text = (
                f"{_name(s, chooser)} passes: {_name(s, offender)} shoots again from "
                "where the push out left the balls."
            )
        return Step(s, Ruling(Verdict.OK, text, (NINE_PUSH_OUT,)))
    if pending["kind"] == "38":
        names = _sides(s)
        if option == "replay":
            text = replay_text(names[chooser], names[offender])
            return Step(s, Ruling(Verdict.OK, text, (R38,)))
        shot = Shot(**_shot_kwargs(pending["shot"]))
        call = as_called(referee_shot(shot, _context(s, shot)))
        return _foul(s, offender, shot, call, chosen=True)
    # Rule 8: cue ball in hand behind the head string, kept or handed back.
    if option == "pass":
        s["at_table"] = offender
        _count_inning(s, offender)
        text = (
            f"{_name(s, chooser)} hands cue ball in hand back: "
            f"{_name(s, offender)} shoots from behind the head string."
        )
    else:
        text = f"{_name(s, chooser)} takes cue ball in hand behind the head string."
    return Step(s, Ruling(Verdict.OK, text, (R8,)))


def _on_settle(s: JSON, event: JSON) -> Step:
    _require_play(s)
    ball = parse_ball(event["ball"], "ball", cue=True, highest=rack_of(s).highest)
    if s["balls"] is not None and ball != "cue" and ball not in s["balls"]:
        raise BadInput(f"The {ball} is not on the table.", field="ball")
    what = "the cue ball" if ball == "cue" else f"the {ball}"
    if not event.get("fell"):
        text = f"{what.capitalize()} moved by itself: it stays where it stopped."
        return Step(s, Ruling(Verdict.OK, text, (R30,)))
    if not event.get("still", True):
        raise Refused(
            f"{what.capitalize()} fell before it had been still for 5 seconds: the "
            "stroke was not over, so it counts in that shot. Undo the shot and add "
            "it there.",
            [R14, R30],
        )
    text = (
        f"{what.capitalize()} hung still for 5 seconds or more, then fell by "
        "itself: put it back as near its old place as possible; play goes on."
    )
    return Step(s, Ruling(Verdict.OK, text, (R30,)))


def _on_interference(s: JSON, event: JSON) -> Step:
    _require_play(s)
    if event["by"] == "non-player" and event.get("player") is not None:
        raise Refused(
            f"{_name(s, event['player'])} is a player: interference by a player is "
            "the opponent's (rule 40); a non-player's is nobody's (rule 34).",
            [R34],
        )
    if event["by"] == "non-player":
        call = referee_shot(
            Shot(interference="non-player", restorable=event.get("restorable", True)),
            Context(),
        )
        return _non_player(s, event.get("restorable", True), call)
    call = referee_shot(Shot(interference="opponent"), Context())
    return _foul(s, 1 - s["at_table"], Shot(), call, own_stroke=False)


def _on_rack(s: JSON, event: JSON) -> Step:
    if s["phase"] != "play":
        raise Refused(_not_now(s, "No rack is being played"), [R35])
    rack = rack_of(s)
    if rack.by_points:
        raise Refused(
            "14.1 is scored by points, not racks: record a forfeit to "
            "concede the match.",
            [STRAIGHT_POINTS],
        )
    _require_play(s)  # a choice the incoming player owes comes first
    winner = event["winner"]
    if not rack.reported and event.get("player") not in (None, 1 - winner):
        raise Refused(
            f"Only {_name(s, 1 - winner)} can concede this rack to {_name(s, winner)}.",
            [MATCH_CONCEDE],
        )
    if rack.reported:
        how = "reported by the players"
        won_by = PLAIN_RACK
    else:
        how = f"{_name(s, 1 - winner)} conceded"
        won_by = MATCH_CONCEDE
    s["pending"] = None
    text, score = _end_rack(s, winner, how)
    return Step(
        s,
        Ruling(
            Verdict.WIN,
            text,
            (won_by, R35),
            score=score,
            options=("rotation", "race"),
        ),
    )


def _on_forfeit(s: JSON, event: JSON) -> Step:
    loser = event["side"]
    if event.get("player") not in (None, loser):
        raise Refused(
            f"{_name(s, event['player'])} cannot forfeit for {_name(s, loser)}: a "
            "side forfeits its own match.",
            [MATCH_FORFEIT],
        )
    reason = (event.get("reason") or "").strip()
    _end_match_by_forfeit(s, loser, reason or "forfeited")
    winner = 1 - loser
    text = f"{_name(s, loser)} forfeits the match: {_name(s, winner)} wins."
    if reason:
        text = (
            f"{_name(s, loser)} forfeits the match ({reason}): {_name(s, winner)} wins."
        )
    return Step(
        s,
        Ruling(
            Verdict.FORFEIT,
            text,
            (MATCH_FORFEIT,),
            penalties=(Penalty(_name(s, loser), "forfeit", 0, MATCH_FORFEIT),),
        ),
    )


def _playing(state: JSON) -> bool:
    """A rack is on and no choice is owed: a stroke, or what happens between."""
    return state["phase"] == "play" and not state["pending"]


def _rack_offered(state: JSON) -> bool:
    return _playing(state) and not rack_of(state).by_points


# Who may do each event now (``Handler.actor``): a side, both, or None for anyone.
BOTH = (0, 1)


def _chooses_breaker(s: JSON) -> int | tuple[int, int]:
    """The lag winner (rule 6); before any lag, both agree or draw lots."""
    return int(s["lag_winner"]) if s["phase"] == "choose" else BOTH


def _shooter(s: JSON) -> int | None:
    """The side at the table; the opening break's own check cites who breaks."""
    return None if s["opening"] else int(s["at_table"])


def _incoming(s: JSON) -> int:
    return int(s["pending"]["side"])


def _not_shooting(s: JSON) -> int:
    """Only the side not at the table can interfere (rule 40)."""
    return 1 - int(s["at_table"])


# In the order a board lists what it expects. A ball that settles by itself is
# nobody's act, so "settle" names no player.
HANDLERS = {
    "lag": Handler(
        _cited(_on_lag), when=lambda s: s["phase"] == "lag", actor=lambda s: BOTH
    ),
    "breaker": Handler(
        _cited(_on_breaker),
        when=lambda s: s["phase"] in {"lag", "choose"},
        actor=_chooses_breaker,
    ),
    "choose": Handler(
        _cited(_on_choose),
        when=lambda s: s["phase"] == "play" and bool(s["pending"]),
        actor=_incoming,
    ),
    "shot": Handler(_cited(_on_shot), when=_playing, actor=_shooter),
    "settle": Handler(_cited(_on_settle), when=_playing),
    "interference": Handler(
        _cited(_on_interference), when=_playing, actor=_not_shooting
    ),
    "rack": Handler(_cited(_on_rack), when=_rack_offered, actor=lambda s: BOTH),
    "forfeit": Handler(_cited(_on_forfeit), actor=lambda s: BOTH),
}

__all__ = ["CHOICE_LABELS", "HANDLERS", "check_setup", "finished", "start"]
