"""The shot referee: the facts of one stroke in, every general rule that applies out.

``referee_shot(shot, context)`` knows only the general rules (1-41). The game
layers (``games.py``) decide which balls may be hit first (``Context.on``) and what
a foul costs in their game; the match (``match.py``) applies it to the score.

Rule 29 (one foul per inning, the most severe) is applied here: every foul found
is listed, and the one with the heaviest penalty is the one assessed. Severity,
heaviest first: a second warning (forfeit), a first warning (rules 8 and 28),
unsportsmanlike conduct (rules 38 and 41), a foul that takes the cue ball out of
play (rules 19 and 27), any other foul, and a kitchen foul the opponent may choose
to call or not (rule 38 without a referee). Ties go to the lowest rule number.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import dataclass

from referee.games.billiards.cited import NUMBERED
from referee.games.billiards.cited import local
from referee.games.billiards.facts import CUE
from referee.games.billiards.facts import Shot
from referee.games.outcomes import BadInput

FORFEIT, WARNING, CONDUCT, CUE_BALL, STANDARD, OPTION = 100, 80, 70, 50, 40, 10

FOUL = "foul"  # a foul found on the stroke
OPTION_FOUL = "option"  # a foul only if the incoming player calls it (rule 38)
NOTE = "note"  # a rule that applies and rules the stroke legal or explains it
CITE = "cite"  # a rule that backs another finding

IN_HAND = ("none", "kitchen", "table")
# The rulebook's "see rule N": a ruling that cites the key cites these rules too
# (billiards.toml says so in the key's text; a test reads the TOML and checks this).
SEE_ALSO: dict[str, tuple[str, ...]] = {
    "3": ("20",),  # a stroke with anything but the tip is a touching foul too
    "8": ("28",),  # the break deflection warns and forfeits as rule 28 does
    "17": ("18",),  # no legal first contact: the shot cannot be legal either
    "37": ("18",),  # the frozen-ball test replaces or falls back to rule 18's
    "38": ("9",),  # playing out of the kitchen: cue ball in hand behind the string
}
WARNED_RULES = ("8", "28")
SCOPES = ("cue-ball", "any")


@dataclass(frozen=True)
class Context:
    """What the table looked like before the stroke (not a fact of the stroke)."""

    in_hand: str = "none"  # cue ball in hand: "none", "kitchen" or "table"
    on: tuple[int, ...] | None = None  # balls allowed first; None: any object ball
    opening_break: bool = False
    referee: bool = False  # a referee presides (rules 20, 24, 38)
    warned: tuple[str, ...] = ()  # rules already warned for this match ("8", "28")
    intentional_scope: str = "cue-ball"  # rule 28: "cue-ball" or "any" foul
    push_out: bool = False  # 9-ball push out: no first-ball or cushion requirement


@dataclass(frozen=True)
class Finding:
    """One rule applied to the stroke, with a short phrase a player can read."""

    rule: str  # local id in billiards.toml: "19"
    kind: str  # FOUL, OPTION_FOUL, NOTE or CITE
    text: str
    severity: int = 0


@dataclass(frozen=True)
class Call:
    """The referee's call on one stroke, before the game layer prices it."""

    outcome: str  # legal, foul, option, replay, void, restore, interference
    findings: tuple[Finding, ...] = ()
    assessed: Finding | None = None
    warning: str | None = None  # "8" or "28": this foul carries a warning
    forfeit: bool = False  # a second warning: the match is lost
    conduct: bool = False  # unsportsmanlike conduct was found
    choices: tuple[str, ...] = ()  # what the incoming player chooses between
    restore_choice: bool = False  # rule 20 with no referee: restore moved balls?

    @property
    def fouls(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.kind == FOUL)

    @property
    def is_foul(self) -> bool:
        return self.outcome in {"foul", "interference"}

    def rules(self) -> list[str]:
        """Every rule that applies, in rulebook order (local ids)."""
        ids = {f.rule for f in self.findings}
        if self.outcome == "foul":
            ids.add("16")
            if len(self.fouls) > 1:
                ids.add("29")
        return sorted(_see_also(ids), key=int)


def _see_also(ids: Iterable[str]) -> set[str]:
    """``ids`` and, repeatedly, every rule they say to see (``SEE_ALSO``)."""
    out = set(ids)
    todo = list(out)
    while todo:
        for other in SEE_ALSO.get(todo.pop(), ()):
            if other not in out:
                out.add(other)
                todo.append(other)
    return out


def with_see_also(rule_ids: Iterable[str]) -> tuple[str, ...]:
    """Full rule ids plus the rules they say to see, general rules in number order.

    Game entries ("9-ball/fouls") keep their order after the general rules.
    """
    given = list(dict.fromkeys(rule_ids))
    numbers = {local(r) for r in given if local(r).isdigit()}
    added = [NUMBERED[r] for r in sorted(_see_also(numbers) - numbers, key=int)]

    def order(rule_id: str) -> int:
        rest = local(rule_id)
        return int(rest) if rest.isdigit() else 1000

    return tuple(sorted(given + added, key=order))


def check_context(shot: Shot, ctx: Context) -> None:
    """Facts that cannot go with the table as it was (bad input, nothing stored)."""
    if ctx.in_hand not in IN_HAND:
        raise BadInput(f"'in_hand' is one of {', '.join(IN_HAND)}.", field="in_hand")
    if ctx.in_hand == "none":
        for name in ("placement_touch", "placement_stroke"):
            if getattr(shot, name):
                raise BadInput(f"'{name}': the cue ball was not in hand.", field=name)
    if ctx.in_hand != "kitchen":
        if shot.placed != "behind" or shot.objected:
            raise BadInput(
                "'placed' and 'objected' are for cue ball in hand behind "
                "the head string.",
                field="placed",
            )
        if shot.before_leaving != "nothing" or not shot.crossed:
            raise BadInput(
                "'before_leaving' and 'crossed' are for cue ball in hand "
                "behind the head string.",
                field="before_leaving",
            )
    if shot.deflected and not ctx.opening_break:
        raise BadInput(
            "'deflected' is about the opening break only.", field="deflected"
        )
    if ctx.on is not None and shot.first_contact is None and not ctx.on:
        raise BadInput(
            "No ball is on: say what the cue ball hit.", field="first_contact"
        )


def referee_shot(shot: Shot, ctx: Context) -> Call:
    """Rule on one stroke under the general rules; see the module docstring."""
    check_context(shot, ctx)
    if shot.interference == "non-player":
        text = (
            "a non-player disturbed the stroke: the balls go back and play "
            "resumes with no penalty"
            if shot.restorable
            else "a non-player disturbed the balls and they cannot be put back: "
            "the rack is replayed"
        )
        return Call("restore", (Finding("34", NOTE, text),))
    if shot.interference == "opponent":
        found = Finding("40", FOUL, "interfered with the shooter's stroke", STANDARD)
        return Call("interference", (found,), assessed=found)
    if shot.fell_as_shot:
        return Call(
            "replay",
            (
                Finding(
                    "30",
                    NOTE,
                    "the object ball fell by itself as it was shot at: both "
                    "balls go back and the shot is replayed",
                ),
            ),
        )
    if ctx.opening_break and not shot.crossed:
        return Call(
            "void",
            (
                Finding(
                    "7",
                    NOTE,
                    "the cue ball never crossed the head string, so the game has "
                    "not started: break again",
                ),
            ),
        )

    found: list[Finding] = []
    found += _stroke(shot)
    if not ctx.push_out:
        found += _contact(shot, ctx)
    found += _cue_ball_and_balls(shot)
    found += _touching(shot, ctx)
    found += _jumps(shot)
    found += _kitchen(shot, ctx)
    found += _conduct(shot)
    if shot.deflected:
        found.append(
            _warned("8", "the cue ball was stopped or deflected on the break", ctx)
        )
    if shot.jawed_in or shot.jawed_out:
        found.append(Finding("32", NOTE, _jawed_text(shot)))
    found = _intentional(shot, ctx, found)
    return _decide(found, shot, ctx)


# --- the checks, one group of rules each --------------------------------------------


def _stroke(shot: Shot) -> list[Finding]:
    out = []
    if shot.struck_with != "tip":
        what = {"ferrule": "the ferrule", "shaft": "the shaft"}.get(
            shot.struck_with, "something other than the tip"
        )
        out.append(Finding("3", FOUL, f"the cue ball was struck with {what}", STANDARD))
        out.append(Finding("20", CITE, "only the tip may touch the cue ball in play"))
    return out + [found for applies, found in _STROKE_FACTS if applies(shot)]


# The stroke's own facts, in the order a call lists them: when each applies, and
# the finding it makes.
_STROKE_FACTS: tuple[tuple[Callable[[Shot], bool], Finding], ...] = (
    (
        lambda shot: not shot.foot_on_floor,
        Finding("12", FOUL, "no foot was on the floor", STANDARD),
    ),
    (
        lambda shot: shot.moving,
        Finding(
            "13", FOUL, "a ball was still moving when the cue ball was struck", STANDARD
        ),
    ),
    (
        lambda shot: shot.double_hit,
        Finding("22", FOUL, "the cue hit the cue ball twice (double hit)", STANDARD),
    ),
    (
        lambda shot: (
            not shot.double_hit and shot.frozen == "cue-ball" and not shot.push
        ),
        Finding(
            "22",
            NOTE,
            "shooting toward a ball touching the cue ball with a normal stroke is "
            "allowed",
        ),
    ),
    (
        lambda shot: shot.push,
        Finding("23", FOUL, "the tip stayed on the cue ball (push shot)", STANDARD),
    ),
    (
        lambda shot: shot.placement_stroke,
        Finding(
            "39",
            FOUL,
            "a forward stroke hit the cue ball while it was being placed",
            STANDARD,
        ),
    ),
    (
        lambda shot: shot.placement_touch,
        Finding("21", FOUL, "the cue ball in hand touched an object ball", STANDARD),
    ),
)


def _contact(shot: Shot, ctx: Context) -> list[Finding]:
    if shot.hit_nothing:
        return [
            Finding("17", FOUL, "the cue ball hit no ball", STANDARD),
            Finding(
                "18",
                CITE,
                "with no ball hit, no ball went in or reached a cushion after contact",
            ),
        ]
    if (
        ctx.on is not None
        and shot.first_contact is not None
        and shot.first_contact not in ctx.on
    ):
        legal = (
            ball_list(ctx.on, "or")
            if len(ctx.on) <= 3
            else "a ball it was allowed to hit"
        )
        return [
            Finding(
                "17",
                FOUL,
                f"the cue ball hit the {shot.first_contact} first, not {legal}",
                STANDARD,
            ),
            Finding("18", CITE, "a legal shot starts with a legal ball hit first"),
        ]
    if shot.down:
        if shot.frozen in {"cushion", "cue-ball"}:
            return [
                Finding("37", NOTE, "a ball was pocketed after the frozen ball was hit")
            ]
        return []
    frozen = shot.frozen in {"cushion", "cue-ball"}
    if frozen and (not shot.cushion or shot.rebound_only):
        return [
            Finding(
                "37",
                FOUL,
                "after the frozen ball was hit, nothing dropped and "
                "no ball reached a new cushion",
                STANDARD,
            ),
            Finding(
                "18",
                CITE,
                "a legal shot needs a ball pocketed or a cushion hit after contact",
            ),
        ]
    if not shot.cushion:
        return [
            Finding(
                "18",
                FOUL,
                "nothing dropped and no ball touched a cushion "
                "after the cue ball hit a ball",
                STANDARD,
            )
        ]
    if frozen:
        return [
            Finding(
                "37",
                NOTE,
                "after the frozen ball was hit, a ball reached a new cushion",
            )
        ]
    if shot.frozen == "cushion-unannounced":
        return [
            Finding(
                "37",
                NOTE,
                "the ball was not announced as frozen before the "
                "shot, so the frozen-ball rule does not apply",
            )
        ]
    return []


def _cue_ball_and_balls(shot: Shot) -> list[Finding]:
    out = []
    if shot.scratched:
        out.append(
            Finding("19", FOUL, "the cue ball went into a pocket (scratch)", CUE_BALL)
        )
    if shot.touched_pocketed:
        out.append(
            Finding(
                "19", FOUL, "the cue ball touched a ball already in a pocket", STANDARD
            )
        )
    if shot.cue_ball == "off":
        out.append(Finding("27", FOUL, "the cue ball left the table", CUE_BALL))
    if shot.off_table:
        balls = ball_list(shot.off_table)
        verb = "was" if len(shot.off_table) == 1 else "were"
        out.append(
            Finding("27", FOUL, f"{balls} {verb} jumped off the table", STANDARD)
        )
    return out


def _touching(shot: Shot, ctx: Context) -> list[Finding]:
    if not shot.touched:
        return []
    balls = shot.touched
    if shot.touched_by == "item":
        if ctx.referee or CUE in balls:
            return [
                Finding(
                    "24",
                    FOUL,
                    f"dropped or knocked gear touched {ball_list(balls)}",
                    STANDARD,
                )
            ]
        return [
            Finding(
                "24",
                NOTE,
                "with no referee, dropped gear is a foul only if "
                "it touches the cue ball",
            )
        ]
    if ctx.in_hand != "none" and set(balls) == {CUE}:
        rule = "9" if ctx.in_hand == "kitchen" else "39"
        return [
            Finding(
                rule,
                NOTE,
                "the cue ball in hand may be moved by hand or cue while it is placed",
            )
        ]
    return [Finding("20", FOUL, f"the shooter touched {ball_list(balls)}", STANDARD)]


def _jumps(shot: Shot) -> list[Finding]:
    out = []
    if shot.jump == "scooped":
        out.append(
            Finding(
                "25",
                FOUL,
                "the cue ball was dug under to jump it (illegal jump)",
                STANDARD,
            )
        )
    elif shot.jump == "accidental":
        kind = CITE if shot.struck_with != "tip" else NOTE
        text = (
            "an accidental jump is a foul only through what struck the ball"
            if kind == CITE
            else "an accidental jump is not a foul by itself"
        )
        out.append(Finding("25", kind, text))
    elif shot.jump == "elevated" and not shot.miscue:
        out.append(Finding("26", NOTE, "a jump shot with an elevated cue is legal"))
    if shot.miscue and shot.jump in {"elevated", "scooped"}:
        out.append(Finding("26", FOUL, "miscue on a jump shot", STANDARD))
    return out


def _kitchen(shot: Shot, ctx: Context) -> list[Finding]:
    """Cue ball in hand behind the head string: where it was placed (rule 9) and
    what it did before it left the kitchen (rule 38)."""
    if ctx.in_hand != "kitchen":
        return []
    found = _PLACED.get((shot.placed, bool(shot.objected)))
    out = [found] if found else []
    if shot.placed == "on-string":
        out.append(Finding("15", CITE, "the head string is not behind the string"))
    return out + _leaving_the_kitchen(shot, ctx)


# Rule 9: the cue ball in hand placed on the head string or outside the kitchen,
# by whether the opponent objected before the stroke.
_PLACED = {
    ("on-string", True): Finding(
        "9",
        FOUL,
        "the cue ball was shot from on or over the head string after an objection",
        STANDARD,
    ),
    ("on-string", False): Finding(
        "9",
        NOTE,
        "the cue ball sat on or over the head string, but nobody objected before "
        "the stroke",
    ),
    ("outside", True): Finding(
        "9", FOUL, "the cue ball was shot from clearly outside the kitchen", STANDARD
    ),
    ("outside", False): Finding(
        "9",
        NOTE,
        "the cue ball was shot from outside the kitchen, but nobody called it",
    ),
}


def _leaving_the_kitchen(shot: Shot, ctx: Context) -> list[Finding]:
    out = []
    match shot.before_leaving:
        case "cushion":
            text = "the cue ball touched a cushion before leaving the kitchen"
            kind, sev = (FOUL, STANDARD) if ctx.referee else (OPTION_FOUL, OPTION)
            out.append(Finding("38", kind, text, sev))
        case "ball-outside":
            out.append(
                Finding(
                    "38",
                    NOTE,
                    "the ball hit lay on or past the head "
                    "string, so it could be hit before the cue ball left "
                    "the kitchen",
                )
            )
        case "ball-inside":
            if shot.intentional:
                out.append(
                    Finding(
                        "38",
                        FOUL,
                        "the cue ball was played at a ball "
                        "behind the head string on purpose",
                        CONDUCT,
                    )
                )
            elif shot.crossed:
                out.append(
                    Finding(
                        "38",
                        FOUL,
                        "the cue ball hit a ball behind the "
                        "head string, then crossed the string",
                        STANDARD,
                    )
                )
            else:
                out.append(
                    Finding(
                        "38",
                        OPTION_FOUL,
                        "the cue ball hit a ball behind "
                        "the head string and stayed in the kitchen",
                        OPTION,
                    )
                )
    return out


def _conduct(shot: Shot) -> list[Finding]:
    if shot.measured_with == "cue-in-hand":
        return [
            Finding(
                "41", NOTE, "judging a gap with the cue held in the hand is allowed"
            )
        ]
    if shot.measured_with != "nothing":
        what = {
            "cue-laid-down": "the cue laid on the table",
            "ball": "a ball",
            "triangle": "the triangle",
        }.get(shot.measured_with, "an object")
        return [Finding("41", FOUL, f"{what} was used to measure a gap", CONDUCT)]
    return []


def _intentional(shot: Shot, ctx: Context, found: list[Finding]) -> list[Finding]:
    """Rule 28: the deliberate foul is charged once, as a warning or a forfeit.

    The fouls it is made of stay cited but are not counted again (rule 29).
    """
    if not shot.intentional:
        return found
    on_cue_ball = shot.struck_with != "tip" or (
        shot.touched_by == "shooter" and CUE in shot.touched and ctx.in_hand == "none"
    )
    fouls = [f for f in found if f.kind == FOUL and f.rule != "38"]
    if on_cue_ball:
        base = [f for f in fouls if f.rule in {"3", "20"}]
    elif ctx.intentional_scope == "any":
        base = fouls
    else:
        if not fouls and not any(f.rule == "38" for f in found):
            return [*found, Finding("28", NOTE, "intent alone is not a foul")]
        return found
    if not base:
        return found
    main = max(base, key=lambda f: (f.severity, -int(f.rule)))
    rest = [Finding(f.rule, CITE, f.text) if f in base else f for f in found]
    return [*rest, _warned("28", f"{main.text} on purpose", ctx)]


def _warned(rule: str, text: str, ctx: Context) -> Finding:
    if rule in ctx.warned:
        return Finding(rule, FOUL, f"{text}, again after a warning", FORFEIT)
    return Finding(rule, FOUL, text, WARNING)


def _decide(found: list[Finding], shot: Shot, ctx: Context) -> Call:
    fouls = [f for f in found if f.kind == FOUL]
    options = [f for f in found if f.kind == OPTION_FOUL]
    touched_objects = any(isinstance(b, int) for b in shot.touched) and any(
        f.rule in {"20", "24"} for f in fouls
    )
    conduct = any(f.severity == CONDUCT for f in fouls)
    if fouls:
        # An optional kitchen foul gives way to a real one (rule 29).
        found = [
            f if f.kind != OPTION_FOUL else Finding(f.rule, CITE, f.text) for f in found
        ]
        assessed = max(fouls, key=lambda f: (f.severity, -int(f.rule)))
        warning = assessed.rule if assessed.severity == WARNING else None
        forfeit = assessed.severity == FORFEIT
        choices = ("take", "pass") if assessed.rule == "8" and not forfeit else ()
        return Call(
            "foul",
            tuple(found),
            assessed,
            warning,
            forfeit,
            conduct,
            choices,
            touched_objects and not ctx.referee,
        )
    if options:
        return Call("option", tuple(found), options[0], choices=("foul", "replay"))
    return Call("legal", tuple(found))


def _jawed_text(shot: Shot) -> str:
    parts = []
    if shot.jawed_in:
        parts.append(
            f"{ball_list(shot.jawed_in)} would drop straight down, so "
            "counted as pocketed"
        )
    if shot.jawed_out:
        parts.append(
            f"{ball_list(shot.jawed_out)} would land on the bed, so put "
            "back on the table"
        )
    return "jawed balls: " + "; ".join(parts)


def ball_list(
    balls: tuple[int | str, ...] | list[int | str], joiner: str = "and"
) -> str:
    """'the 3', 'the 3 and the 5', 'the 3 or the 5' for messages."""
    names = [("the cue ball" if b == CUE else f"the {b}") for b in balls]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {joiner} " + names[-1]
