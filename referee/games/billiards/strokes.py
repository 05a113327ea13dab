"""A stroke's outcome: fouls and their penalties, legal shots per game, choices."""

from __future__ import annotations

from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import Penalty
from referee.games.base import Ruling
from referee.games.base import Step
from referee.games.base import Verdict
from referee.games.base import recent
from referee.games.billiards import games
from referee.games.billiards.cited import EIGHT_BREAK
from referee.games.billiards.cited import EIGHT_CALL
from referee.games.billiards.cited import EIGHT_EIGHT_BALL
from referee.games.billiards.cited import EIGHT_GROUPS
from referee.games.billiards.cited import NINE_LOWEST_FIRST
from referee.games.billiards.cited import NINE_PUSH_OUT
from referee.games.billiards.cited import NINE_WINS
from referee.games.billiards.cited import NUMBERED
from referee.games.billiards.cited import R4
from referee.games.billiards.cited import R16
from referee.games.billiards.cited import R18
from referee.games.billiards.cited import R29
from referee.games.billiards.cited import R31
from referee.games.billiards.cited import R33
from referee.games.billiards.cited import R34
from referee.games.billiards.cited import R36
from referee.games.billiards.cited import STRAIGHT_CALL
from referee.games.billiards.cited import STRAIGHT_POINTS
from referee.games.billiards.cited import STRAIGHT_RERACK
from referee.games.billiards.common import _cite
from referee.games.billiards.common import _dedupe
from referee.games.billiards.common import _pass_table
from referee.games.billiards.common import _priced
from referee.games.billiards.common import _remove
from referee.games.billiards.common import _rule_order
from referee.games.billiards.common import _sides
from referee.games.billiards.common import _spot
from referee.games.billiards.facts import Shot
from referee.games.billiards.fouls import as_called
from referee.games.billiards.fouls import describe_foul
from referee.games.billiards.fouls import describe_option
from referee.games.billiards.games import rack_of
from referee.games.billiards.racks import _end_match_by_forfeit
from referee.games.billiards.racks import _end_rack
from referee.games.billiards.racks import _new_rack
from referee.games.billiards.racks import _start_break
from referee.games.billiards.shots import FOUL
from referee.games.billiards.shots import STANDARD
from referee.games.billiards.shots import Call
from referee.games.billiards.shots import Finding
from referee.games.billiards.shots import ball_list

# --- fouls and legal shots ---------------------------------------------------------


def _offer_choice(s: JSON, side: int, shot: Shot, call: Call, opts: list[str]) -> Step:
    """Rule 38: the incoming player calls the foul or has the shot replayed.

    Each option is put in words with what it leads to (a third foul in a row
    loses the rack or re-racks, not cue ball in hand), as the shot tool says it.
    """
    other = 1 - side
    names = _sides(s)
    called = as_called(call)
    terms = _priced(s, side, shot, called)
    offer = describe_option(
        rack_of(s),
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
    names = _sides(s)
    incoming = 1 - fouler
    assessed = call.assessed
    assert assessed is not None
    rules = _dedupe(
        sorted([NUMBERED[r] for r in call.rules()] + [R16], key=_rule_order)
    )
    # Rule 29: a second foul by the same side in one inning is not charged.
    if fouler in s["inning_fouls"]:
        text = (
            f"{names[fouler]}: {assessed.text}, but a foul was already charged "
            "this inning: only one foul per inning."
        )
        return Step(s, Ruling(Verdict.OK, text, (*rules, R29)))
    terms = _priced(s, fouler, shot, call, own_stroke)
    rules += list(terms.rules)
    opts += [o for o in (*terms.options, "game") if o not in opts]
    s["fouls"][fouler] += 1
    if own_stroke:
        s["successive"][fouler] += 1
    s["inning_fouls"].append(fouler)
    # the latest fouls only: no rule reads further back than the inning's
    foul = {"inning": s["inning"], "side": fouler, "rule": assessed.rule}
    s["foul_log"] = recent(s["foul_log"], foul)
    if call.conduct:
        s["conduct"][fouler] += 1
    if call.warning:
        s["warned"][fouler].append(call.warning)
    report = describe_foul(
        rack_of(s),
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
        rules.append(R31)  # where the spotted balls go
    penalties = [
        Penalty(
            names[fouler],
            f"foul: {assessed.text}",
            terms.points,
            NUMBERED[assessed.rule],
        )
    ]
    score = {names[fouler]: terms.points} if terms.points else {}
    s["score"][fouler] += terms.points
    if call.forfeit:
        _end_match_by_forfeit(s, fouler, f"second violation of rule {assessed.rule}")
        penalties.append(Penalty(names[fouler], "forfeit", 0, NUMBERED[assessed.rule]))
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
        s["balls"] = rack_of(s).fresh()
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
    rack = rack_of(s)
    names = _sides(s)
    rules = sorted({R18, *(NUMBERED[r] for r in call.rules())}, key=_rule_order)
    s["successive"][side] = 0
    s["after_foul"] = None
    s["restore"] = None
    opening = s["opening"]
    s["opening"] = False
    s["in_hand"] = "none"
    down = shot.down
    score: dict[str, int] = {}
    opts: list[str] = [] if rack.reported else ["game"]
    keep = bool(down)
    note = ""
    extra_rules: list[str] = []
    if rack.push_out and shot.push_out:
        return _push_out(s, side, shot, rules)
    if rack.lowest_first:
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
                    tuple(rules + [NINE_WINS]),
                    score=score,
                    options=tuple(opts + ["race"]),
                ),
            )
        extra_rules.append(NINE_LOWEST_FIRST)
    elif rack.groups:
        result = _eight_ball_legal(s, side, shot, opening)
        if isinstance(result, Step):
            return result
        keep, note, extra_rules = result
    elif rack.by_points:
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
                        tuple(rules + [STRAIGHT_POINTS]),
                        score=score,
                        options=("points",),
                    ),
                )
    rules += extra_rules
    pocketed = f"{ball_list(down)} pocketed" if down else "no ball pocketed"
    if keep:
        if len(down) > 1:
            rules.append(R33)
        text = (
            f"{names[side]}: legal shot, {pocketed}{note}. {names[side]} shoots again."
        )
    else:
        rules += [R4, R36]
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
    cited = [r for r in rules if r != R18] + [NINE_PUSH_OUT]
    if games.NINE in down:
        cited.append(R31)
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
                        (EIGHT_BREAK,),
                        score=score,
                        options=("eight_on_break", "race"),
                    ),
                )
            spotted = _spot(s, (games.EIGHT,), shot).strip().rstrip(".")
            return (
                True,
                f"; the 8 dropped on the break: {spotted[0].lower()}{spotted[1:]}",
                [EIGHT_BREAK, R31],
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
            lost = Penalty(names[side], f"loss of the rack: {why}", 0, EIGHT_EIGHT_BALL)
            return Step(
                s,
                Ruling(
                    Verdict.WIN,
                    f"{names[side]}: {why}. {text}",
                    (EIGHT_EIGHT_BALL,),
                    penalties=(lost,),
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
                (R18, EIGHT_EIGHT_BALL),
                score=score,
                options=("game", "race"),
            ),
        )
    note = ""
    if opening:
        keep = bool(down)
        rules.append(EIGHT_BREAK)
    elif group is None:
        rules.append(EIGHT_GROUPS)
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
        rules.append(EIGHT_CALL)
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
    rules = [STRAIGHT_POINTS]
    if not down:
        return False, "", rules, 0
    if not shot.call_made:
        rules += [STRAIGHT_CALL, R31]
        spotted = _spot(s, down, shot).strip().rstrip(".")
        note = (
            f"; the called ball missed, so no point: {spotted[0].lower()}{spotted[1:]}"
        )
        return False, note, rules, 0
    s["balls"] = _remove(s["balls"], down)
    note = ""
    if len(s["balls"]) <= 1:
        # Racks continue: the pocketed balls are racked again around the last one.
        s["balls"] = rack_of(s).fresh()
        s["rack"] += 1
        rules.append(STRAIGHT_RERACK)
        note = "; rerack the pocketed balls and play on"
    return True, note, rules, len(down)


def _non_player(s: JSON, restorable: bool, call: Call) -> Step:
    names = _sides(s)
    if restorable:
        text = (
            "Interference by a non-player: put the balls back where they were; "
            f"{names[s['at_table']]} plays on with no penalty."
        )
        return Step(s, Ruling(Verdict.OK, text, (R34,)))
    if rack_of(s).by_points:
        s["balls"] = rack_of(s).fresh()
        s["phase"] = "lag"
        s["lag_winner"] = None
        s["at_table"] = None
        s["pending"] = None
        text = (
            "Interference by a non-player and the balls cannot be put back: "
            "this rack stops, a fresh rack is racked and the players lag for "
            "the break; the score stands."
        )
        return Step(s, Ruling(Verdict.VOID, text, (R34,)))
    breaker = s["breaker"]
    s["rack"] -= 1  # the same rack is played again
    _new_rack(s, breaker)
    text = (
        "Interference by a non-player and the balls cannot be put back: the "
        f"rack is replayed and {names[breaker]} breaks again."
    )
    return Step(s, Ruling(Verdict.VOID, text, (R34,)))


def _out_of_turn(s: JSON, shooter: int) -> Step:
    found = Finding("40", FOUL, "shot out of turn", STANDARD)
    call = Call("interference", (found,), found)
    return _foul(s, shooter, Shot(), call, own_stroke=False)
