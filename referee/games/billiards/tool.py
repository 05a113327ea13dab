"""The "shot" tool: the facts of one stroke in, the ruling out, with no match."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import replace
from typing import Any

from referee.games.billiards.cited import EIGHT_BREAK
from referee.games.billiards.cited import EIGHT_EIGHT_BALL
from referee.games.billiards.cited import NINE_LOWEST_FIRST
from referee.games.billiards.cited import NINE_PUSH_OUT
from referee.games.billiards.cited import NINE_WINS
from referee.games.billiards.cited import NUMBERED
from referee.games.billiards.cited import PREFIX
from referee.games.billiards.cited import R4
from referee.games.billiards.cited import R16
from referee.games.billiards.cited import R18
from referee.games.billiards.cited import R31
from referee.games.billiards.cited import R33
from referee.games.billiards.cited import R36
from referee.games.billiards.cited import R38
from referee.games.billiards.cited import STRAIGHT_POINTS
from referee.games.billiards.facts import SHOT_FIELDS
from referee.games.billiards.facts import Shot
from referee.games.billiards.facts import shot_from_event
from referee.games.billiards.fouls import FoulReport
from referee.games.billiards.fouls import Told
from referee.games.billiards.fouls import as_called
from referee.games.billiards.fouls import blocked_positions
from referee.games.billiards.fouls import describe_foul
from referee.games.billiards.fouls import describe_option
from referee.games.billiards.fouls import replay_text
from referee.games.billiards.fouls import spots_sentence
from referee.games.billiards.games import EIGHT
from referee.games.billiards.games import GENERAL
from referee.games.billiards.games import NINE
from referee.games.billiards.games import TOOL_RACKS
from referee.games.billiards.games import Foul
from referee.games.billiards.games import Rack
from referee.games.billiards.shots import IN_HAND
from referee.games.billiards.shots import NOTE
from referee.games.billiards.shots import SCOPES
from referee.games.billiards.shots import WARNED_RULES
from referee.games.billiards.shots import Call
from referee.games.billiards.shots import Context
from referee.games.billiards.shots import ball_list
from referee.games.billiards.shots import referee_shot
from referee.games.billiards.shots import with_see_also
from referee.games.billiards.spotting import LENGTHS
from referee.games.billiards.spotting import SPOT_SCHEMA
from referee.games.billiards.spotting import spot_balls
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import RULING_SCHEMA
from referee.games.outcomes import BadInput
from referee.games.outcomes import Penalty
from referee.games.outcomes import Ruling
from referee.games.outcomes import Verdict

TOOL_GAMES = tuple(TOOL_RACKS)
SHOOTER, INCOMING, OPPONENT = "the shooter", "the incoming player", "the opponent"

# The table before the stroke: context, not facts of the stroke.
CONTEXT_FIELDS: tuple[Field, ...] = (
    Field(
        "game",
        "choice",
        "Which game's penalties to apply: the general rules "
        "alone, 9-ball, 8-ball or 14.1.",
        required=False,
        choices=TOOL_GAMES,
        default=GENERAL.name,
    ),
    Field(
        "in_hand",
        "choice",
        "Was the cue ball in hand before the stroke: no, "
        "behind the head string (kitchen), or anywhere (table). "
        "The opening break is always from the kitchen (rule 7).",
        required=False,
        choices=IN_HAND,
        default="none",
    ),
    Field(
        "opening_break",
        "boolean",
        "The stroke was the opening break.",
        required=False,
        default=False,
    ),
    Field(
        "referee",
        "boolean",
        "A referee presides over the match.",
        required=False,
        default=False,
    ),
    Field(
        "warned",
        "list",
        "Rules the shooter was already warned for this match: '8' and/or '28'.",
        required=False,
    ),
    Field(
        "prior_fouls",
        "integer",
        "Fouls in a row the shooter had before this stroke (9-ball and 14.1).",
        required=False,
        minimum=0,
        maximum=2,
        default=0,
    ),
    Field(
        "intentional_scope",
        "choice",
        "Rule 28 covers intentional contact with "
        "the cue ball only, or any intentional foul.",
        required=False,
        choices=SCOPES,
        default=SCOPES[0],
    ),
    Field(
        "table",
        "choice",
        "Table size, for where spotted balls go.",
        required=False,
        choices=tuple(LENGTHS),
        default="9ft",
    ),
)
TOOL_FIELDS: tuple[Field, ...] = CONTEXT_FIELDS + tuple(
    f for f in SHOT_FIELDS if f.name not in {"shooter", "called", "call_made"}
)
EXAMPLE: JSON = {"cue_ball": "pocket", "pocketed": [5]}
_TEXT_OR_NULL: JSON = {"type": ["string", "null"]}
RESULT: JSON = {
    "type": "object",
    "required": [
        "outcome",
        "findings",
        "assessed",
        "choices",
        "ball_in_hand",
        "spots",
        "penalty",
        "conduct",
        "offers",
        "ruling",
    ],
    "properties": {
        "outcome": {
            "enum": [
                "legal",
                "foul",
                "option",
                "replay",
                "void",
                "restore",
                "interference",
            ]
        },
        "findings": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["rule", "kind", "text", "assessed"],
                "properties": {
                    "rule": {"type": "string", "examples": [NUMBERED["19"]]},
                    "kind": {"type": "string"},
                    "text": {"type": "string"},
                    "assessed": {"type": "boolean"},
                },
                "additionalProperties": False,
            },
        },
        "assessed": {**_TEXT_OR_NULL, "description": "The rule charged, if any."},
        "choices": {"type": "array", "items": {"type": "string"}},
        "ball_in_hand": {
            **_TEXT_OR_NULL,
            "description": "What the incoming player gets: table, kitchen or none; "
            "null when nobody gets the table as after a foul.",
        },
        "spots": {
            "type": "array",
            "items": SPOT_SCHEMA,
        },
        "penalty": _TEXT_OR_NULL,
        "conduct": _TEXT_OR_NULL,
        "offers": {
            "type": "array",
            "description": "Rule 38's choice: each option with the ruling the match "
            "gives when the incoming player takes it (empty otherwise).",
            "items": {
                "type": "object",
                "required": ["option", "label", "ruling"],
                "properties": {
                    "option": {"enum": ["foul", "replay"]},
                    "label": {"type": "string"},
                    "ruling": RULING_SCHEMA,
                },
                "additionalProperties": False,
            },
        },
        "ruling": RULING_SCHEMA,
    },
    "additionalProperties": False,
}


def run_shot_tool(request: JSON) -> JSON:
    """Rule on one stroke described by its facts, outside any match.

    The answer: ``outcome``, ``findings``, ``assessed``, ``choices`` (and for rule
    38's choice, ``offers``: each option's label and the ruling it leads to),
    ``ball_in_hand`` (what the incoming player gets; None when nobody gets the
    table as after a foul: a forfeit, a lost rack, a 14.1 rerack, or the general
    rules), ``spots``, ``penalty`` and ``conduct`` (sentences from
    ``fouls.describe_foul``, None unless a foul was charged) and ``ruling``.
    """
    rack = TOOL_RACKS[request.get("game") or GENERAL.name]
    shot = shot_from_event(request, highest=rack.highest)
    warned = _warned(request.get("warned"))
    opening_break = bool(request.get("opening_break"))
    ctx = Context(
        in_hand=_in_hand(request.get("in_hand") or "none", opening_break),
        on=shot.on,
        opening_break=opening_break,
        referee=bool(request.get("referee")),
        warned=warned,
        intentional_scope=request.get("intentional_scope") or SCOPES[0],
        push_out=shot.push_out,
    )
    if shot.push_out and not rack.push_out:
        raise BadInput("A push out is a 9-ball shot.", field="push_out")
    call = referee_shot(shot, ctx)
    asked = Asked(rack, shot, call, ctx, request)
    rules = [NUMBERED[r] for r in call.rules()]
    out: JSON = {
        "outcome": call.outcome,
        "findings": [
            {
                "rule": NUMBERED[f.rule],
                "kind": f.kind,
                "text": f.text,
                "assessed": f is call.assessed,
            }
            for f in call.findings
        ],
        "assessed": NUMBERED[call.assessed.rule] if call.assessed else None,
        "choices": [],
        "ball_in_hand": None,
        "spots": [],
        "penalty": None,
        "conduct": None,
        "offers": [],
    }
    if call.outcome in {"foul", "interference"}:
        report, ruling = _foul_answer(asked, rules)
        out["penalty"] = report.penalty
        out["conduct"] = report.conduct or None
        out["spots"] = [p.to_json() for p in report.spots]
        out["choices"] = list(report.choices)
        out["ball_in_hand"] = report.ball_in_hand
    elif call.outcome == "option":
        ruling = _option_answer(asked, rules, out)
    elif call.outcome in {"replay", "restore", "void"}:
        text = call.findings[0].text
        verdict = Verdict.VOID if call.outcome == "void" else Verdict.OK
        ruling = Ruling(verdict, text[0].upper() + text[1:] + ".", tuple(rules))
    else:
        ruling = _legal_answer(asked, rules, out)
    if call.outcome == "interference":  # charged like any foul (rule 16)
        ruling = replace(ruling, rules=tuple(dict.fromkeys([*ruling.rules, R16])))
    # Every "see rule N" of the rulebook is cited with the rule that says it.
    out["ruling"] = replace(ruling, rules=with_see_also(ruling.rules)).to_json()
    return out


def _legal_answer(asked: Asked, rules: list[str], out: JSON) -> Ruling:
    """A legal stroke, as the match rules it for ``rack`` (what the tool can know:
    it has no table, so an 8 after the break is left to the 8-ball rule's text)."""
    rack, shot, call, ctx, request = asked
    down = shot.down
    rules = [*rules, R18]  # a legal stroke meets rule 18
    verdict = Verdict.OK
    keep = bool(down)
    what = f"Legal shot: {ball_list(down)} pocketed" if down else "Legal shot"
    if rack.push_out and shot.push_out:
        out["choices"] = ["shoot", "pass"]
        rules = [r for r in rules if r != R18]
        rules.append(NINE_PUSH_OUT)
        what = "Push out: nothing counts"
        if NINE in down:
            what += f"; {_spot(NINE, shot, request, out)}"
            rules.append(R31)
        what += (
            ". The opponent takes the table as it lies or makes the shooter shoot "
            "again."
        )
        return Ruling(verdict, what, tuple(dict.fromkeys(rules)), options=("game",))
    if rack.lowest_first and NINE in down:
        return Ruling(
            Verdict.WIN,
            f"{what}: a 9 pocketed on a legal shot wins the rack.",
            tuple(dict.fromkeys([*rules, NINE_WINS])),
            options=("game",),
        )
    if rack.lowest_first:
        rules.append(NINE_LOWEST_FIRST)
    elif rack.groups and EIGHT in down and ctx.opening_break:
        what += (
            f"; the 8 dropped on the break: {_spot(EIGHT, shot, request, out)} "
            "(unless the match plays an 8 on the break as a win)"
        )
        rules += [EIGHT_BREAK, R31]
    elif rack.groups and EIGHT in down:  # the rack ends either way
        return Ruling(
            verdict,
            f"{what}: the 8 wins the rack if it was called and the shooter's group "
            "was cleared, and loses it otherwise.",
            tuple(dict.fromkeys([*rules, EIGHT_EIGHT_BALL])),
            options=("game",),
        )
    elif rack.by_points and down:
        rules.append(STRAIGHT_POINTS)
        what += f"; {len(down)} point{'s' if len(down) > 1 else ''} if called"
    if keep:
        if len(down) > 1:
            rules.append(R33)  # every ball of a legal stroke counts
        what += "; the shooter continues."
    else:
        what += ", nothing pocketed: the inning ends."
        rules += [R4, R36]
    notes = [f.text for f in call.findings if f.kind == NOTE]
    if notes:
        what += " (" + "; ".join(notes) + ")"
    return Ruling(verdict, what, tuple(dict.fromkeys(rules)))


def _spot(ball: int, shot: Shot, request: JSON, out: JSON) -> str:
    """Spot ``ball`` (rule 31) into the answer's ``spots``; say where, as a clause."""
    table = str(request.get("table") or "9ft")
    placed = spot_balls((ball,), blocked_positions(shot), table)
    out["spots"] = [p.to_json() for p in placed]
    sentence = spots_sentence(placed)
    return sentence[:1].lower() + sentence[1:].rstrip().rstrip(".")


@dataclass(frozen=True)
class Asked:
    """A shot tool request, read: the game's rack, the stroke, the call on it, the
    table before it, and the request itself (table size, prior fouls)."""

    rack: Rack
    shot: Shot
    call: Call
    ctx: Context
    request: JSON

    def __iter__(self) -> Iterator[Any]:
        return iter((self.rack, self.shot, self.call, self.ctx, self.request))


def _told(
    ctx: Context, request: JSON, offender: str, incoming: str, successive: int
) -> Told:
    return Told(
        offender,
        incoming,
        referee=ctx.referee,
        opening_break=ctx.opening_break,
        successive=successive,
        table=request.get("table") or "9ft",
    )


def _foul_answer(
    asked: Asked,
    rules: list[str],
    *,
    chosen: bool = False,
) -> tuple[FoulReport, Ruling]:
    """A charged foul: its description and ruling, as the match gives them."""
    rack, shot, call, ctx, request = asked
    own = call.outcome == "foul"
    prior = int(request.get("prior_fouls") or 0)
    foul = Foul(shot, call, ctx.opening_break, prior, own_stroke=own)
    terms = rack.foul_terms(foul)
    rules = rules + list(terms.rules)
    offender, incoming = (SHOOTER, INCOMING) if own else (OPPONENT, "the shooter")
    told = _told(ctx, request, offender, incoming, prior + 1 if own else prior)
    report = describe_foul(rack, shot, call, terms, told, own_stroke=own, chosen=chosen)
    if report.spots:
        rules.append(R31)  # where the spotted balls go
    assessed = call.assessed
    assert assessed is not None
    penalty = Penalty(
        "shooter" if own else "opponent",
        f"foul: {assessed.text}",
        report.terms.points,
        NUMBERED[assessed.rule],
    )
    ruling = Ruling(
        report.verdict,
        report.summary,
        with_see_also(rules),
        (penalty,),
    )
    return report, ruling


def _option_answer(asked: Asked, rules: list[str], out: JSON) -> Ruling:
    """Rule 38's choice, each option with the ruling it leads to (``offers``)."""
    rack, shot, call, ctx, request = asked
    called = as_called(call)
    prior = int(request.get("prior_fouls") or 0)
    terms = rack.foul_terms(Foul(shot, called, ctx.opening_break, prior))
    told = _told(ctx, request, SHOOTER, INCOMING, prior + 1)
    offer = describe_option(rack, shot, call, terms, told)
    foul_rules = [NUMBERED[r] for r in called.rules()]
    _, foul = _foul_answer(replace(asked, call=called), foul_rules, chosen=True)
    replay = Ruling(Verdict.OK, replay_text(INCOMING, SHOOTER), with_see_also([R38]))
    out["choices"] = list(offer.labels)
    out["offers"] = [
        {"option": "foul", "label": offer.labels["foul"], "ruling": foul.to_json()},
        {
            "option": "replay",
            "label": offer.labels["replay"],
            "ruling": replay.to_json(),
        },
    ]
    return Ruling(Verdict.OK, offer.summary, tuple(rules), options=terms.options)


def _warned(raw: object) -> tuple[str, ...]:
    if raw in (None, "", []):
        return ()
    items = raw.replace(",", " ").split() if isinstance(raw, str) else raw
    if not isinstance(items, list | tuple):
        raise BadInput(
            "'warned' is a list of rules: '8', '28'.", field="warned", example='["28"]'
        )
    out = []
    for item in items:
        rule = str(item).strip().lower().removeprefix(PREFIX)
        if rule not in WARNED_RULES:
            raise BadInput(
                f"'{item}' is not a rule that warns: '8' or '28'.",
                field="warned",
                example='["28"]',
            )
        out.append(rule)
    return tuple(out)


def _in_hand(in_hand: str, opening_break: bool) -> str:
    """Rule 7: the opening break is always shot from behind the head string."""
    if not opening_break:
        return in_hand
    if in_hand == "table":
        raise BadInput(
            "The opening break is shot with cue ball in hand behind the head "
            "string, not anywhere: leave 'in_hand' at 'kitchen'.",
            field="in_hand",
            example="kitchen",
        )
    return "kitchen"
