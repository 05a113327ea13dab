"""A stroke's outcome: fouls and their penalties, legal shots per game, choices."""

from __future__ import annotations

from typing import NamedTuple

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
from referee.games.billiards.common import _pass_table
from referee.games.billiards.common import _priced
from referee.games.billiards.common import _remove
from referee.games.billiards.common import _rule_order
from referee.games.billiards.common import _sides
from referee.games.billiards.common import _spot
from referee.games.billiards.facts import Shot
from referee.games.billiards.fouls import FoulReport
from referee.games.billiards.fouls import Told
from referee.games.billiards.fouls import as_called
from referee.games.billiards.fouls import describe_foul
from referee.games.billiards.fouls import describe_option
from referee.games.billiards.games import EIGHT
from referee.games.billiards.games import NINE
from referee.games.billiards.games import group_balls
from referee.games.billiards.games import group_of
from referee.games.billiards.games import other_group
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
from referee.games.boards import recent
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Penalty
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

# --- fouls and legal shots ---------------------------------------------------------


def _offer_choice(s: JSON, side: int, shot: Shot, call: Call, opts: list[str]) -> Step:
    """Rule 38: the incoming player calls the foul or has the shot replayed.

    Each option is put in words with what it leads to (a third foul in a row
    loses the rack or re-racks, not cue ball in hand), as the shot tool says it.
    """
    other = 1 - side
    called = as_called(call)
    terms = _priced(s, side, shot, called)
    told = _told(s, side, s["successive"][side] + 1)
    offer = describe_option(rack_of(s), shot, call, terms, told)
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


def _told(s: JSON, offender: int, successive: int) -> Told:
    names = _sides(s)
    return Told(
        names[offender],
        names[1 - offender],
        referee=s["options"]["referee"],
        opening_break=s["opening"],
        successive=successive,
        table=s["options"]["table"],
    )


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
    rules = list(
        dict.fromkeys(
            sorted([NUMBERED[r] for r in call.rules()] + [R16], key=_rule_order)
        )
    )
    if own_stroke and "17" in call.rules():
        rules += _first_ball_rule(s, fouler)
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
    _charge(s, fouler, call, own_stroke)
    told = _told(s, fouler, s["successive"][fouler])
    report = describe_foul(
        rack_of(s), shot, call, terms, told, own_stroke=own_stroke, chosen=chosen
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
    verdict, summary = report.verdict, report.summary
    if call.forfeit:
        _end_match_by_forfeit(s, fouler, f"second violation of rule {assessed.rule}")
        penalties.append(Penalty(names[fouler], "forfeit", 0, NUMBERED[assessed.rule]))
    elif terms.rack_lost:
        text, rack_score = _end_rack(s, incoming, f"{names[fouler]}: {terms.rack_lost}")
        for k, v in rack_score.items():
            score[k] = score.get(k, 0) + v
        opts += ["race", "rotation"]
        verdict, summary = Verdict.WIN, f"{summary} {text}"
    else:
        _table_after_foul(s, fouler, shot, report, own_stroke)
    return Step(
        s, Ruling(verdict, summary, tuple(rules), tuple(penalties), score, tuple(opts))
    )


def _first_ball_rule(s: JSON, fouler: int) -> list[str]:
    """The game's own rule on which ball to hit first, broken with rule 17: the
    lowest ball in 9-ball, the shooter's group once 8-ball's groups are set."""
    rack = rack_of(s)
    if rack.lowest_first:
        return [NINE_LOWEST_FIRST]
    if rack.groups and s["groups"][fouler] is not None:
        return [EIGHT_CALL]
    return []


def _charge(s: JSON, fouler: int, call: Call, own_stroke: bool) -> None:
    """Count a charged foul: fouls (in a row, for the side's own stroke), the
    inning's, the log, conduct and warnings."""
    assessed = call.assessed
    assert assessed is not None
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


def _table_after_foul(
    s: JSON, fouler: int, shot: Shot, report: FoulReport, own_stroke: bool
) -> None:
    """The table after a foul that neither ends the match nor the rack: a 14.1
    rerack, the shooter playing on (rule 40), or the incoming player's turn."""
    terms = report.terms
    if terms.rerack:
        s["successive"][fouler] = 0
        s["balls"] = rack_of(s).fresh()
        s["after_foul"] = None
        s["restore"] = None
        _start_break(s, fouler)
        return
    s["after_foul"] = report.rights
    s["restore"] = report.restore or None
    if not own_stroke:
        if not s["opening"]:
            s["in_hand"] = report.ball_in_hand
        return
    s["balls"] = _remove(s["balls"], (*shot.down, *shot.off_table))
    if report.spots:
        s["spots"] = [p.to_json() for p in report.spots]
        if s["balls"] is not None:
            s["balls"] = sorted(set(s["balls"]) | set(terms.spot))
    s["in_hand"] = report.ball_in_hand
    s["opening"] = False
    incoming = 1 - fouler
    _pass_table(s, incoming)
    if report.choices:
        s["pending"] = {
            "side": incoming,
            "kind": "8",
            "offender": fouler,
            "choices": list(report.choices),
        }


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
    opts: list[str] = [] if rack.reported else ["game"]
    if rack.push_out and shot.push_out:
        return _push_out(s, side, shot, rules)
    result: Step | Follow = Follow(bool(down))
    if rack.lowest_first:
        result = _nine_ball_legal(s, side, shot, rules, opts)
    elif rack.groups:
        result = _eight_ball_legal(s, side, shot, opening)
    elif rack.by_points:
        result = _straight_pool_legal(s, side, shot, rules)
    if isinstance(result, Step):
        return result
    keep, note, extra_rules, made = result
    score = made or {}
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
            Verdict.OK,
            text,
            tuple(dict.fromkeys(rules)),
            score=score,
            options=tuple(opts),
        ),
    )


class Follow(NamedTuple):
    """What follows a legal stroke that leaves the rack on: the shooter keeps the
    table or not, a note for the ruling, the game's rules, the score it made."""

    keep: bool
    note: str = ""
    rules: tuple[str, ...] = ()
    score: dict[str, int] | None = None


def _nine_ball_legal(
    s: JSON, side: int, shot: Shot, rules: list[str], opts: list[str]
) -> Step | Follow:
    """9-ball: the 9 on a legal stroke wins the rack; otherwise the lowest is on."""
    names = _sides(s)
    down = shot.down
    s["balls"] = _remove(s["balls"], down)
    if NINE in down:
        how = f"{names[side]} pocketed the 9 on a legal shot"
        said = f"{names[side]}: legal shot. "
        return _rack_ends(s, side, how, said, [*rules, NINE_WINS], [*opts, "race"])
    return Follow(bool(down), "", (NINE_LOWEST_FIRST,))


def _push_out(s: JSON, side: int, shot: Shot, rules: list[str]) -> Step:
    """9-ball push out: nothing counts, the 9 comes back, the opponent chooses."""
    names = _sides(s)
    other = 1 - side
    down = shot.down
    s["balls"] = _remove(s["balls"], down)
    note = ""
    if NINE in down:
        note = " " + _spot(s, (NINE,), shot).strip()
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
    if NINE in down:
        cited.append(R31)
    return Step(s, Ruling(Verdict.OK, text, tuple(cited), options=("game",)))


def _eight_ball_legal(s: JSON, side: int, shot: Shot, opening: bool) -> Step | Follow:
    """8-ball after a legal stroke: a Step when the rack ends, else what follows."""
    names = _sides(s)
    down = shot.down
    group = s["groups"][side]
    before = set(s["balls"])
    s["balls"] = _remove(s["balls"], down)
    if EIGHT in down:
        return _eight_down(s, side, shot, opening, before)
    note = ""
    if opening:
        return Follow(bool(down), "", (EIGHT_BREAK,))
    if group is None:
        if shot.first_contact == EIGHT:
            note = "; the 8 was hit first on an open table, so nothing counts"
            return Follow(False, note, (EIGHT_GROUPS,))
        if down and shot.call_made:
            chosen = _chosen_group(shot)
            s["groups"][side] = chosen
            s["groups"][1 - side] = other_group(chosen)
            return Follow(True, f"; {names[side]} has the {chosen}", (EIGHT_GROUPS,))
        return Follow(False, "", (EIGHT_GROUPS,))
    own = group_balls(group)
    keep = shot.call_made and any(b in own for b in down)
    if down and not shot.call_made:
        note = "; the called ball missed its pocket"
    return Follow(keep, note, (EIGHT_CALL,))


def _eight_down(
    s: JSON, side: int, shot: Shot, opening: bool, before: set[int]
) -> Step | Follow:
    """The 8 went down on a legal stroke: spotted or a win on the break, else the
    rack is won with the group cleared and the 8 called, and lost otherwise."""
    names = _sides(s)
    group = s["groups"][side]
    if opening:
        if s["options"]["eight_on_break"] == "win":
            how = f"{names[side]} pocketed the 8 on the break"
            options = ["eight_on_break", "race"]
            return _rack_ends(s, side, how, f"{names[side]}: ", [EIGHT_BREAK], options)
        spotted = _spot(s, (EIGHT,), shot).strip().rstrip(".")
        note = f"; the 8 dropped on the break: {spotted[0].lower()}{spotted[1:]}"
        return Follow(True, note, (EIGHT_BREAK, R31))
    own_left = group is not None and any(b in group_balls(group) for b in before)
    if group is None or own_left or not shot.call_made:
        why = (
            "the 8 went in an uncalled pocket"
            if group is not None and not own_left
            else "the 8 went in before the group was cleared"
        )
        lost = Penalty(names[side], f"loss of the rack: {why}", 0, EIGHT_EIGHT_BALL)
        said = f"{names[side]}: {why}. "
        return _rack_ends(
            s,
            1 - side,
            f"{names[side]}: {why}",
            said,
            [EIGHT_EIGHT_BALL],
            ["game", "race"],
            (lost,),
        )
    how = f"{names[side]} pocketed the called 8"
    said = f"{names[side]}: legal shot. "
    return _rack_ends(s, side, how, said, [R18, EIGHT_EIGHT_BALL], ["game", "race"])


def _rack_ends(
    s: JSON,
    winner: int,
    how: str,
    said: str,
    rules: list[str],
    options: list[str],
    penalties: tuple[Penalty, ...] = (),
) -> Step:
    """The stroke ends the rack: ``winner`` takes it (``how``, for the list of
    racks) and the ruling says ``said``, then the rack's or the match's result."""
    text, score = _end_rack(s, winner, how)
    ruling = Ruling(
        Verdict.WIN, said + text, tuple(rules), penalties, score, tuple(options)
    )
    return Step(s, ruling)


def _chosen_group(shot: Shot) -> str:
    groups = {group_of(b) for b in shot.down} - {None}
    if shot.called is not None and group_of(shot.called) in groups:
        return str(group_of(shot.called))
    if len(groups) == 1:
        return str(groups.pop())
    raise BadInput(
        "Balls of both groups dropped on an open table: say which ball "
        "was called ('called').",
        field="called",
        example="3",
    )


def _straight_pool_legal(
    s: JSON, side: int, shot: Shot, rules: list[str]
) -> Step | Follow:
    """14.1: a point a called ball; reaching the target wins the match; the last
    ball but one re-racks the others."""
    down = shot.down
    own = [STRAIGHT_POINTS]
    if not down:
        return Follow(False, "", tuple(own))
    if not shot.call_made:
        spotted = _spot(s, down, shot).strip().rstrip(".")
        note = (
            f"; the called ball missed, so no point: {spotted[0].lower()}{spotted[1:]}"
        )
        return Follow(False, note, (*own, STRAIGHT_CALL, R31))
    s["balls"] = _remove(s["balls"], down)
    note = ""
    if len(s["balls"]) <= 1:
        # Racks continue: the pocketed balls are racked again around the last one.
        s["balls"] = rack_of(s).fresh()
        s["rack"] += 1
        own.append(STRAIGHT_RERACK)
        note = "; rerack the pocketed balls and play on"
    names = _sides(s)
    points = len(down)
    s["score"][side] += points
    score = {names[side]: points}
    if s["score"][side] >= s["options"]["points"]:
        s["winner"] = side
        s["phase"] = "over"
        s["pending"] = None
        text = (
            f"{names[side]}: legal shot, {points} point"
            f"{'s' if points != 1 else ''}. {names[side]} reaches "
            f"{s['score'][side]} and wins the match."
        )
        ruling = Ruling(
            Verdict.WIN,
            text,
            tuple(rules + [STRAIGHT_POINTS]),
            score=score,
            options=("points",),
        )
        return Step(s, ruling)
    return Follow(True, note, tuple(own), score)


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
