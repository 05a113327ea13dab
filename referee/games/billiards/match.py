"""A billiards match: lag, breaks, shots, racks and the score (start and apply).

State (a plain JSON dict; sides are seats 0 and 1, players or teams)::

    players, teams, options
    phase        "lag" (lag or lot), "choose" (lag winner picks the breaker),
                 "play", "over"
    lag_winner   seat or None
    score        racks won (rack games) or points (14.1), per side
    fouls, successive, conduct, innings      per side
    warned       per side, the rules already warned for ("8", "28")
    foul_log     [{"inning", "side", "rule"}] every foul assessed
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

import copy
import dataclasses
from typing import Any

from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import Penalty
from referee.games.base import Refused
from referee.games.base import Ruling
from referee.games.base import Setup
from referee.games.base import Step
from referee.games.base import Verdict
from referee.games.base import side_names
from referee.games.billiards import games
from referee.games.billiards.facts import Shot
from referee.games.billiards.facts import parse_ball
from referee.games.billiards.facts import shot_from_event
from referee.games.billiards.fouls import as_called
from referee.games.billiards.fouls import blocked_positions
from referee.games.billiards.fouls import describe_foul
from referee.games.billiards.fouls import describe_option
from referee.games.billiards.fouls import replay_text
from referee.games.billiards.fouls import spots_sentence
from referee.games.billiards.lag import judge_lag
from referee.games.billiards.lag import parse_faults
from referee.games.billiards.shots import FOUL
from referee.games.billiards.shots import STANDARD
from referee.games.billiards.shots import Call
from referee.games.billiards.shots import Context
from referee.games.billiards.shots import Finding
from referee.games.billiards.shots import ball_list
from referee.games.billiards.shots import referee_shot
from referee.games.billiards.shots import with_see_also
from referee.games.billiards.spotting import spot_balls

G = "billiards"
# What the incoming player may choose, by the rule that offers the choice.
CHOICE_LABELS = {
    "38": {
        "foul": "Call the foul",  # the offer itself says what it costs (fouls.py)
        "replay": "Put the balls back and have the shot replayed",
    },
    "8": {
        "take": "Take cue ball in hand behind the head string",
        "pass": "Hand cue ball in hand back to the offender",
    },
    "push": {
        "shoot": "Take the table as it lies",
        "pass": "Make the player who pushed shoot again",
    },
}
CHOICE_RULES = {"38": "38", "8": "8", "push": "9-ball/push-out"}


def rule(local: str) -> str:
    """A full rule id: ``rule("19") == "billiards/19"``."""
    return f"{G}/{local}"


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
    """Two players, or two teams."""
    if setup.teams:
        if len(setup.teams) != 2:
            raise BadInput("A billiards match is two teams.", field="teams")
    elif len(setup.players) != 2:
        raise BadInput(
            "A billiards match is two players (or two teams).",
            field="players",
            example='"players": ["Ann", "Bob"]',
        )


# --- apply -------------------------------------------------------------------------


def apply(state: JSON, event: JSON) -> Step:
    """Apply one parsed event; the input state is left untouched."""
    s = copy.deepcopy(state)
    if s["phase"] == "over":
        raise Refused(
            f"The match is over: {_name(s, s['winner'])} won.", [rule("match/race")]
        )
    handler = _HANDLERS.get(event["type"])
    if handler is None:
        raise BadInput(f"'{event['type']}' is not a billiards event.", field="type")
    step = handler(s, event)
    # Every "see rule N" of the rulebook is cited with the rule that says it.
    cited = with_see_also(step.ruling.rules, G)
    return Step(step.state, dataclasses.replace(step.ruling, rules=cited))


def _on_lag(s: JSON, event: JSON) -> Step:
    if s["phase"] != "lag":
        raise Refused(_not_now(s, "The lag is over"), [rule("5")])
    names = _sides(s)
    faults = (
        parse_faults(event.get("first_faults"), "first_faults"),
        parse_faults(event.get("second_faults"), "second_faults"),
    )
    closer = event.get("closer")
    result = judge_lag(closer, faults, names)
    if result.tie:
        return Step(s, Ruling(Verdict.OK, result.reason, (rule("5"),)))
    s["lag_winner"] = result.winner
    s["phase"] = "choose"
    winner = names[result.winner]
    text = f"{result.reason} {winner} chooses who breaks."
    return Step(s, Ruling(Verdict.OK, text, (rule("5"), rule("6"))))


def _on_breaker(s: JSON, event: JSON) -> Step:
    if s["phase"] not in {"lag", "choose"}:
        raise Refused(_not_now(s, "The break is already decided"), [rule("6")])
    side = event["side"]
    names = _sides(s)
    how = (
        f"{names[s['lag_winner']]} won the lag and chose"
        if s["phase"] == "choose"
        else "Decided by lot or agreement"
    )
    _new_rack(s, side)
    text = f"{how}: {names[side]} breaks, cue ball in hand behind the head string."
    return Step(s, Ruling(Verdict.OK, text, (rule("6"), rule("7"))))


def _on_shot(s: JSON, event: JSON) -> Step:
    _require_play(s)
    s["spots"] = []
    game = s["options"]["game"]
    shot = shot_from_event(event, highest=games.highest_ball(game))
    _check_table(s, shot)
    side = s["at_table"]
    if shot.shooter is not None and shot.shooter != side:
        return _out_of_turn(s, shot.shooter)
    if shot.push_out and not (game == "9-ball" and s["push_out_ok"]):
        raise Refused(
            "A push out is allowed only in 9-ball, on the shot right after the break.",
            [rule("9-ball/push-out")],
        )
    ctx = _context(s, shot)
    call = referee_shot(shot, ctx)
    if call.outcome in {"legal", "foul"}:
        # Only the stroke right after a 9-ball break may be a push out.
        s["push_out_ok"] = game == "9-ball" and s["opening"]
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


def _on_choose(s: JSON, event: JSON) -> Step:
    pending = s["pending"]
    if s["phase"] != "play" or not pending:
        raise Refused("There is nothing to choose now.", [rule("16")])
    option = event["option"]
    chooser = pending["side"]
    if option not in pending["choices"]:
        allowed = " or ".join(pending["choices"])
        raise Refused(
            f"{_name(s, chooser)} chooses {allowed} now.",
            [rule(CHOICE_RULES[pending["kind"]])],
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
        return Step(s, Ruling(Verdict.OK, text, (rule("9-ball/push-out"),)))
    if pending["kind"] == "38":
        names = _sides(s)
        if option == "replay":
            text = replay_text(names[chooser], names[offender])
            return Step(s, Ruling(Verdict.OK, text, (rule("38"),)))
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
    return Step(s, Ruling(Verdict.OK, text, (rule("8"),)))


def _on_settle(s: JSON, event: JSON) -> Step:
    _require_play(s)
    game = s["options"]["game"]
    ball = parse_ball(event["ball"], "ball", cue=True, highest=games.highest_ball(game))
    if s["balls"] is not None and ball != "cue" and ball not in s["balls"]:
        raise BadInput(f"The {ball} is not on the table.", field="ball")
    what = "the cue ball" if ball == "cue" else f"the {ball}"
    if not event.get("fell"):
        text = f"{what.capitalize()} moved by itself: it stays where it stopped."
        return Step(s, Ruling(Verdict.OK, text, (rule("30"),)))
    if not event.get("still", True):
        raise Refused(
            f"{what.capitalize()} fell before it had been still for 5 seconds: the "
            "stroke was not over, so it counts in that shot. Undo the shot and add "
            "it there.",
            [rule("14"), rule("30")],
        )
    text = (
        f"{what.capitalize()} hung still for 5 seconds or more, then fell by "
        "itself: put it back as near its old place as possible; play goes on."
    )
    return Step(s, Ruling(Verdict.OK, text, (rule("30"),)))


def _on_interference(s: JSON, event: JSON) -> Step:
    _require_play(s)
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
        raise Refused(_not_now(s, "No rack is being played"), [rule("35")])
    game = s["options"]["game"]
    if game == "14-1":
        raise Refused(
            "14.1 is scored by points, not racks: record a forfeit to "
            "concede the match.",
            [rule("14-1/points")],
        )
    winner = event["winner"]
    if game == "plain":
        how = "reported by the players"
        local = "plain/rack"
    else:
        how = f"{_name(s, 1 - winner)} conceded"
        local = "match/concede"
    s["pending"] = None
    text, score = _end_rack(s, winner, how)
    return Step(
        s,
        Ruling(
            Verdict.WIN,
            text,
            (rule(local), rule("35")),
            score=score,
            options=("rotation", "race"),
        ),
    )


def _on_forfeit(s: JSON, event: JSON) -> Step:
    loser = event["side"]
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
            (rule("match/forfeit"),),
            penalties=(Penalty(_name(s, loser), "forfeit", 0, rule("match/forfeit")),),
        ),
    )


_HANDLERS = {
    "lag": _on_lag,
    "breaker": _on_breaker,
    "shot": _on_shot,
    "choose": _on_choose,
    "settle": _on_settle,
    "interference": _on_interference,
    "rack": _on_rack,
    "forfeit": _on_forfeit,
}


# --- fouls and legal shots ---------------------------------------------------------


def _offer_choice(s: JSON, side: int, shot: Shot, call: Call, opts: list[str]) -> Step:
    """Rule 38: the incoming player calls the foul or has the shot replayed.

    Each option is put in words with what it leads to (a third foul in a row
    loses the rack or re-racks, not cue ball in hand), as the shot tool says it.
    """
    other = 1 - side
    names = _sides(s)
    called = as_called(call)
    terms = games.foul_terms(
        s["options"]["game"],
        shot,
        called,
        opening_break=s["opening"],
        successive_before=s["successive"][side],
        plain_penalty=s["options"]["plain_penalty"],
        eight_on_break=s["options"]["eight_on_break"],
    )
    offer = describe_option(
        s["options"]["game"],
        shot,
        call,
        terms,
        offender=names[side],
        incoming=names[other],
        referee=s["options"]["referee"],
        opening_break=s["opening"],
        successive=s["successive"][side] + 1,
        table=s["options"]["table"],
    )
    s["pending"] = {
        "side": other,
        "kind": "38",
        "offender": side,
        "shot": shot.to_json(),
        "choices": list(offer.labels),
        "labels": dict(offer.labels),
    }
    opts += [o for o in (*terms.options, "game") if o not in opts]
    return Step(s, Ruling(Verdict.OK, offer.summary, _cite(call), options=tuple(opts)))


def _foul(
    s: JSON,
    fouler: int,
    shot: Shot,
    call: Call,
    *,
    own_stroke: bool = True,
    options: list[str] | None = None,
    chosen: bool = False,
) -> Step:
    """Charge a foul (rule 16) priced by the game layer; ``own_stroke`` is False for
    a foul by the side not at the table (rule 40), which moves no ball."""
    opts = list(options or [])
    game = s["options"]["game"]
    names = _sides(s)
    incoming = 1 - fouler
    assessed = call.assessed
    assert assessed is not None
    rules = _dedupe(
        sorted([rule(r) for r in call.rules()] + [rule("16")], key=_rule_order)
    )
    # Rule 29: a second foul by the same side in one inning is not charged.
    if fouler in s["inning_fouls"]:
        text = (
            f"{names[fouler]}: {assessed.text}, but a foul was already charged "
            "this inning: only one foul per inning."
        )
        return Step(s, Ruling(Verdict.OK, text, (*rules, rule("29"))))
    terms = games.foul_terms(
        game,
        shot,
        call,
        opening_break=s["opening"],
        successive_before=s["successive"][fouler],
        plain_penalty=s["options"]["plain_penalty"],
        eight_on_break=s["options"]["eight_on_break"],
        own_stroke=own_stroke,
    )
    rules += [rule(r) for r in terms.rules]
    opts += [o for o in (*terms.options, "game") if o not in opts]
    s["fouls"][fouler] += 1
    if own_stroke:
        s["successive"][fouler] += 1
    s["inning_fouls"].append(fouler)
    s["foul_log"].append({"inning": s["inning"], "side": fouler, "rule": assessed.rule})
    if call.conduct:
        s["conduct"][fouler] += 1
    if call.warning:
        s["warned"][fouler].append(call.warning)
    report = describe_foul(
        game,
        shot,
        call,
        terms,
        offender=names[fouler],
        incoming=names[incoming],
        own_stroke=own_stroke,
        referee=s["options"]["referee"],
        opening_break=s["opening"],
        successive=s["successive"][fouler],
        table=s["options"]["table"],
        chosen=chosen,
    )
    terms = report.terms
    if report.spots:
        rules.append(rule("31"))  # where the spotted balls go
    penalties = [
        Penalty(
            names[fouler], f"foul: {assessed.text}", terms.points, rule(assessed.rule)
        )
    ]
    score = {names[fouler]: terms.points} if terms.points else {}
    s["score"][fouler] += terms.points
    if call.forfeit:
        _end_match_by_forfeit(s, fouler, f"second violation of rule {assessed.rule}")
        penalties.append(Penalty(names[fouler], "forfeit", 0, rule(assessed.rule)))
        return Step(
            s,
            Ruling(
                report.verdict,
                report.summary,
                tuple(rules),
                tuple(penalties),
                score,
                tuple(opts),
            ),
        )
    if terms.rack_lost:
        text, rack_score = _end_rack(s, incoming, f"{names[fouler]}: {terms.rack_lost}")
        for k, v in rack_score.items():
            score[k] = score.get(k, 0) + v
        return Step(
            s,
            Ruling(
                Verdict.WIN,
                f"{report.summary} {text}",
                tuple(rules),
                tuple(penalties),
                score,
                tuple(opts + ["race", "rotation"]),
            ),
        )
    ruling = Ruling(
        report.verdict,
        report.summary,
        tuple(rules),
        tuple(penalties),
        score,
        tuple(opts),
    )
    if terms.rerack:
        s["successive"][fouler] = 0
        s["balls"] = games.rack_balls(game)
        s["after_foul"] = None
        s["restore"] = None
        _start_break(s, fouler)
        return Step(s, ruling)
    s["after_foul"] = report.rights
    s["restore"] = report.restore or None
    if not own_stroke:
        if not s["opening"]:
            s["in_hand"] = report.ball_in_hand
        return Step(s, ruling)
    s["balls"] = _remove(s["balls"], (*shot.down, *shot.off_table))
    if report.spots:
        s["spots"] = [p.to_json() for p in report.spots]
        if s["balls"] is not None:
            s["balls"] = sorted(set(s["balls"]) | set(terms.spot))
    s["in_hand"] = report.ball_in_hand
    s["opening"] = False
    _pass_table(s, incoming)
    if report.choices:
        s["pending"] = {
            "side": incoming,
            "kind": "8",
            "offender": fouler,
            "choices": list(report.choices),
        }
    return Step(s, ruling)


def _legal(s: JSON, side: int, shot: Shot, call: Call) -> Step:
    game = s["options"]["game"]
    names = _sides(s)
    rules = sorted({rule("18"), *(rule(r) for r in call.rules())}, key=_rule_order)
    s["successive"][side] = 0
    s["after_foul"] = None
    s["restore"] = None
    opening = s["opening"]
    s["opening"] = False
    s["in_hand"] = "none"
    down = shot.down
    score: dict[str, int] = {}
    opts: list[str] = ["game"] if game != "plain" else []
    keep = bool(down)
    note = ""
    extra_rules: list[str] = []
    if game == "9-ball" and shot.push_out:
        return _push_out(s, side, shot, rules)
    if game == "9-ball":
        s["balls"] = _remove(s["balls"], down)
        if games.NINE in down:
            text, score = _end_rack(
                s, side, f"{names[side]} pocketed the 9 on a legal shot"
            )
            return Step(
                s,
                Ruling(
                    Verdict.WIN,
                    f"{names[side]}: legal shot. {text}",
                    tuple(rules + [rule("9-ball/nine-wins")]),
                    score=score,
                    options=tuple(opts + ["race"]),
                ),
            )
        extra_rules.append("9-ball/lowest-first")
    elif game == "8-ball":
        result = _eight_ball_legal(s, side, shot, opening)
        if isinstance(result, Step):
            return result
        keep, note, extra_rules = result
    elif game == "14-1":
        keep, note, extra_rules, points = _straight_pool_legal(s, side, shot)
        if points:
            s["score"][side] += points
            score = {names[side]: points}
            target = s["options"]["points"]
            if s["score"][side] >= target:
                s["winner"] = side
                s["phase"] = "over"
                s["pending"] = None
                text = (
                    f"{names[side]}: legal shot, {points} point"
                    f"{'s' if points != 1 else ''}. {names[side]} reaches "
                    f"{s['score'][side]} and wins the match."
                )
                return Step(
                    s,
                    Ruling(
                        Verdict.WIN,
                        text,
                        tuple(rules + [rule("14-1/points")]),
                        score=score,
                        options=("points",),
                    ),
                )
    rules += [rule(r) for r in extra_rules]
    pocketed = f"{ball_list(down)} pocketed" if down else "no ball pocketed"
    if keep:
        if len(down) > 1:
            rules.append(rule("33"))
        text = (
            f"{names[side]}: legal shot, {pocketed}{note}. {names[side]} shoots again."
        )
    else:
        rules += [rule("4"), rule("36")]
        other = 1 - side
        _pass_table(s, other)
        text = (
            f"{names[side]}: legal shot, {pocketed}{note}. {names[other]} takes "
            "the table as it lies."
        )
    if call.findings and any(f.kind == "note" for f in call.findings):
        text += (
            " (" + "; ".join(f.text for f in call.findings if f.kind == "note") + ")"
        )
    return Step(
        s,
        Ruling(
            Verdict.OK, text, tuple(_dedupe(rules)), score=score, options=tuple(opts)
        ),
    )


def _push_out(s: JSON, side: int, shot: Shot, rules: list[str]) -> Step:
    """9-ball push out: nothing counts, the 9 comes back, the opponent chooses."""
    names = _sides(s)
    other = 1 - side
    down = shot.down
    s["balls"] = _remove(s["balls"], down)
    note = ""
    if games.NINE in down:
        note = " " + _spot(s, (games.NINE,), shot).strip()
    elif down:
        note = f" {ball_list(down).capitalize()} stay{'s' if len(down) == 1 else ''} "
        note += "down, not credited."
    s["pending"] = {
        "side": other,
        "kind": "push",
        "offender": side,
        "choices": ["shoot", "pass"],
    }
    text = (
        f"{names[side]} pushes out.{note} {names[other]} takes the table as it "
        f"lies or makes {names[side]} shoot again."
    )
    cited = [r for r in rules if r != rule("18")] + [rule("9-ball/push-out")]
    if games.NINE in down:
        cited.append(rule("31"))
    return Step(s, Ruling(Verdict.OK, text, tuple(cited), options=("game",)))


def _eight_ball_legal(
    s: JSON, side: int, shot: Shot, opening: bool
) -> Step | tuple[bool, str, list[str]]:
    """8-ball after a legal stroke: a Step when the rack ends, else what follows.

    Otherwise returns (shooter keeps the table, a note, layer rule ids).
    """
    names = _sides(s)
    down = shot.down
    group = s["groups"][side]
    before = set(s["balls"])
    s["balls"] = _remove(s["balls"], down)
    rules: list[str] = []
    if games.EIGHT in down:
        if opening:
            if s["options"]["eight_on_break"] == "win":
                text, score = _end_rack(
                    s, side, f"{names[side]} pocketed the 8 on the break"
                )
                return Step(
                    s,
                    Ruling(
                        Verdict.WIN,
                        f"{names[side]}: {text}",
                        (rule("8-ball/break"),),
                        score=score,
                        options=("eight_on_break", "race"),
                    ),
                )
            spotted = _spot(s, (games.EIGHT,), shot).strip().rstrip(".")
            return (
                True,
                f"; the 8 dropped on the break: {spotted[0].lower()}{spotted[1:]}",
                ["8-ball/break", "31"],
            )
        own_left = group is not None and any(
            b in games.group_balls(group) for b in before
        )
        if group is None or own_left or not shot.call_made:
            why = (
                "the 8 went in an uncalled pocket"
                if group is not None and not own_left
                else "the 8 went in before the group was cleared"
            )
            text, score = _end_rack(s, 1 - side, f"{names[side]}: {why}")
            return Step(
                s,
                Ruling(
                    Verdict.WIN,
                    f"{names[side]}: {why}. {text}",
                    (rule("8-ball/eight-ball"),),
                    score=score,
                    options=("game", "race"),
                ),
            )
        text, score = _end_rack(s, side, f"{names[side]} pocketed the called 8")
        return Step(
            s,
            Ruling(
                Verdict.WIN,
                f"{names[side]}: legal shot. {text}",
                (rule("18"), rule("8-ball/eight-ball")),
                score=score,
                options=("game", "race"),
            ),
        )
    note = ""
    if opening:
        keep = bool(down)
        rules.append("8-ball/break")
    elif group is None:
        rules.append("8-ball/groups")
        if shot.first_contact == games.EIGHT:
            keep = False
            note = "; the 8 was hit first on an open table, so nothing counts"
        elif down and shot.call_made:
            chosen = _chosen_group(shot)
            s["groups"][side] = chosen
            s["groups"][1 - side] = games.other_group(chosen)
            keep = True
            note = f"; {names[side]} has the {chosen}"
        else:
            keep = False
    else:
        rules.append("8-ball/call")
        own = games.group_balls(group)
        keep = shot.call_made and any(b in own for b in down)
        if down and not shot.call_made:
            note = "; the called ball missed its pocket"
    return keep, note, rules


def _chosen_group(shot: Shot) -> str:
    groups = {games.group_of(b) for b in shot.down} - {None}
    if shot.called is not None and games.group_of(shot.called) in groups:
        return str(games.group_of(shot.called))
    if len(groups) == 1:
        return str(groups.pop())
    raise BadInput(
        "Balls of both groups dropped on an open table: say which ball "
        "was called ('called').",
        field="called",
        example="3",
    )


def _straight_pool_legal(
    s: JSON, side: int, shot: Shot
) -> tuple[bool, str, list[str], int]:
    down = shot.down
    rules = ["14-1/points"]
    if not down:
        return False, "", rules, 0
    if not shot.call_made:
        rules += ["14-1/call", "31"]
        spotted = _spot(s, down, shot).strip().rstrip(".")
        note = (
            f"; the called ball missed, so no point: {spotted[0].lower()}{spotted[1:]}"
        )
        return False, note, rules, 0
    s["balls"] = _remove(s["balls"], down)
    note = ""
    if len(s["balls"]) <= 1:
        # Racks continue: the pocketed balls are racked again around the last one.
        s["balls"] = games.rack_balls("14-1")
        s["rack"] += 1
        rules.append("14-1/rerack")
        note = "; rerack the pocketed balls and play on"
    return True, note, rules, len(down)


# --- racks, breaks and the match ---------------------------------------------------


def _new_rack(s: JSON, breaker: int) -> None:
    game = s["options"]["game"]
    s["phase"] = "play"
    s["rack"] += 1
    s["balls"] = games.rack_balls(game)
    s["groups"] = [None, None]
    if game in {"9-ball", "8-ball"}:
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
    race = s["options"]["race"]
    score = {names[winner]: 1}
    tally = f"{names[0]} {s['score'][0]}, {names[1]} {s['score'][1]}"
    if s["score"][winner] >= race:
        s["winner"] = winner
        s["phase"] = "over"
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


def _non_player(s: JSON, restorable: bool, call: Call) -> Step:
    names = _sides(s)
    if restorable:
        text = (
            "Interference by a non-player: put the balls back where they were; "
            f"{names[s['at_table']]} plays on with no penalty."
        )
        return Step(s, Ruling(Verdict.OK, text, (rule("34"),)))
    if s["options"]["game"] == "14-1":
        s["balls"] = games.rack_balls("14-1")
        s["phase"] = "lag"
        s["lag_winner"] = None
        s["at_table"] = None
        s["pending"] = None
        text = (
            "Interference by a non-player and the balls cannot be put back: "
            "this rack stops, a fresh rack is racked and the players lag for "
            "the break; the score stands."
        )
        return Step(s, Ruling(Verdict.VOID, text, (rule("34"),)))
    breaker = s["breaker"]
    s["rack"] -= 1  # the same rack is played again
    _new_rack(s, breaker)
    text = (
        "Interference by a non-player and the balls cannot be put back: the "
        f"rack is replayed and {names[breaker]} breaks again."
    )
    return Step(s, Ruling(Verdict.VOID, text, (rule("34"),)))


def _out_of_turn(s: JSON, shooter: int) -> Step:
    found = Finding("40", FOUL, "shot out of turn", STANDARD)
    call = Call("interference", (found,), found)
    return _foul(s, shooter, Shot(), call, own_stroke=False)


# --- helpers -----------------------------------------------------------------------


def _context(s: JSON, shot: Shot) -> Context:
    game = s["options"]["game"]
    side = s["at_table"]
    if game == "plain":
        on = shot.on
    else:
        on = games.legal_first(game, s["balls"], s["groups"][side], s["opening"])
    return Context(
        in_hand=s["in_hand"],
        on=on,
        opening_break=s["opening"],
        referee=s["options"]["referee"],
        warned=tuple(s["warned"][side]),
        intentional_scope=s["options"]["intentional_scope"],
        push_out=shot.push_out,
    )


def _check_table(s: JSON, shot: Shot) -> None:
    balls = s["balls"]
    if balls is None:
        return
    if shot.on is not None:
        raise BadInput(
            f"{_game_title(s)} knows which ball is on: leave 'on' out.", field="on"
        )
    on_table = set(balls)
    for name in ("pocketed", "off_table", "touched", "jawed_in", "jawed_out"):
        for ball in getattr(shot, name):
            if isinstance(ball, int) and ball not in on_table:
                raise BadInput(
                    f"The {ball} is not on the table.",
                    field=name,
                    example=str(min(on_table)) if on_table else "",
                )
    if shot.first_contact is not None and shot.first_contact not in on_table:
        raise BadInput(
            f"The {shot.first_contact} is not on the table.", field="first_contact"
        )


def _spot(s: JSON, balls: tuple[int, ...] | list[int], shot: Shot) -> str:
    """Put ``balls`` back on the long string (rule 31); returns a sentence."""
    placed = spot_balls(balls, blocked_positions(shot), s["options"]["table"])
    s["spots"] = [p.to_json() for p in placed]
    if s["balls"] is not None:
        s["balls"] = sorted(set(s["balls"]) | set(balls))
    return spots_sentence(placed) + " "


def _remove(balls: list[int] | None, gone: Any) -> list[int] | None:
    if balls is None:
        return None
    out = set(gone)
    return [b for b in balls if b not in out]


def _pass_table(s: JSON, side: int) -> None:
    s["at_table"] = side
    _count_inning(s, side)


def _count_inning(s: JSON, side: int) -> None:
    s["inning"] += 1
    s["innings"][side] += 1
    s["inning_fouls"] = []


def _referee_mattered(call: Call, shot: Shot) -> bool:
    """Rules 20 and 24, and rule 38's cushion first; its accidental hit on a ball
    behind the string is the incoming player's choice either way."""
    if shot.before_leaving == "cushion" and any(f.rule == "38" for f in call.findings):
        return True
    return any(f.rule in {"20", "24"} for f in call.findings)


def _require_play(s: JSON) -> None:
    if s["phase"] != "play":
        raise Refused(_not_now(s, "No rack is being played"), [rule("5")])
    if s["pending"]:
        p = s["pending"]
        raise Refused(
            f"{_name(s, p['side'])} chooses first: " + " or ".join(p["choices"]) + ".",
            [rule(CHOICE_RULES[p["kind"]])],
        )


def _not_now(s: JSON, what: str) -> str:
    phase = s["phase"]
    if phase == "lag":
        return "Lag for the break first (or say who breaks)."
    if phase == "choose":
        return f"{_name(s, s['lag_winner'])} won the lag and chooses who breaks first."
    return f"{what}."


def _shot_kwargs(data: JSON) -> dict[str, Any]:
    out = {}
    for key, value in data.items():
        out[key] = tuple(value) if isinstance(value, list) else value
    return out


def _cite(call: Call) -> tuple[str, ...]:
    return tuple(rule(r) for r in call.rules())


def _rule_order(rule_id: str) -> tuple[int, str]:
    local = rule_id.split("/", 1)[1]
    return (int(local), "") if local.isdigit() else (1000, local)


def _dedupe(items: list[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


def _sides(s: JSON) -> list[str]:
    return side_names(s)


def _name(s: JSON, side: int) -> str:
    return _sides(s)[side]


def _game_title(s: JSON) -> str:
    return {"9-ball": "9-ball", "8-ball": "8-ball", "14-1": "14.1"}.get(
        s["options"]["game"], "This game"
    )


__all__ = ["CHOICE_LABELS", "apply", "check_setup", "rule", "start"]
