"""The "shot" tool: the facts of one stroke in, the ruling out, with no match."""

from __future__ import annotations

from referee.games.base import JSON
from referee.games.base import RULING_SCHEMA
from referee.games.base import BadInput
from referee.games.base import Field
from referee.games.base import Penalty
from referee.games.base import Ruling
from referee.games.base import Verdict
from referee.games.billiards import games
from referee.games.billiards.facts import SHOT_FIELDS
from referee.games.billiards.facts import shot_from_event
from referee.games.billiards.fouls import describe_foul
from referee.games.billiards.shots import IN_HAND
from referee.games.billiards.shots import NOTE
from referee.games.billiards.shots import SCOPES
from referee.games.billiards.shots import WARNED_RULES
from referee.games.billiards.shots import Context
from referee.games.billiards.shots import ball_list
from referee.games.billiards.shots import referee_shot
from referee.games.billiards.spotting import LENGTHS

TOOL_GAMES = (games.GENERAL, "9-ball", "8-ball", "14-1")
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
        default=games.GENERAL,
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
                    "rule": {"type": "string", "examples": ["billiards/19"]},
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
            "items": {
                "type": "object",
                "required": ["ball", "position", "against", "where"],
                "properties": {
                    "ball": {"type": "integer"},
                    "position": {"type": "integer"},
                    "against": _TEXT_OR_NULL,
                    "where": {"type": "string"},
                },
                "additionalProperties": False,
            },
        },
        "penalty": _TEXT_OR_NULL,
        "conduct": _TEXT_OR_NULL,
        "ruling": RULING_SCHEMA,
    },
    "additionalProperties": False,
}


def run_shot_tool(request: JSON) -> JSON:
    """Rule on one stroke described by its facts, outside any match.

    The answer: ``outcome``, ``findings``, ``assessed``, ``choices``,
    ``ball_in_hand`` (what the incoming player gets; None when nobody gets the
    table as after a foul: a forfeit, a lost rack, a 14.1 rerack, or the general
    rules), ``spots``, ``penalty`` and ``conduct`` (sentences from
    ``fouls.describe_foul``, None unless a foul was charged) and ``ruling``.
    """
    game = request.get("game") or games.GENERAL
    shot = shot_from_event(request, highest=games.highest_ball(game))
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
    if shot.push_out and game != "9-ball":
        raise BadInput("A push out is a 9-ball shot.", field="push_out")
    call = referee_shot(shot, ctx)
    rules = [f"billiards/{r}" for r in call.rules()]
    out: JSON = {
        "outcome": call.outcome,
        "findings": [
            {
                "rule": f"billiards/{f.rule}",
                "kind": f.kind,
                "text": f.text,
                "assessed": f is call.assessed,
            }
            for f in call.findings
        ],
        "assessed": f"billiards/{call.assessed.rule}" if call.assessed else None,
        "choices": [],
        "ball_in_hand": None,
        "spots": [],
        "penalty": None,
        "conduct": None,
    }
    if call.outcome in {"foul", "interference"}:
        own = call.outcome == "foul"
        prior = int(request.get("prior_fouls") or 0)
        terms = games.foul_terms(
            game,
            shot,
            call,
            opening_break=ctx.opening_break,
            successive_before=prior,
            own_stroke=own,
        )
        rules += [f"billiards/{r}" for r in terms.rules]
        offender, incoming = (SHOOTER, INCOMING) if own else (OPPONENT, "the shooter")
        report = describe_foul(
            game,
            shot,
            call,
            terms,
            offender=offender,
            incoming=incoming,
            own_stroke=own,
            referee=ctx.referee,
            opening_break=ctx.opening_break,
            successive=prior + 1 if own else prior,
            table=request.get("table") or "9ft",
        )
        out["penalty"] = report.penalty
        out["conduct"] = report.conduct or None
        out["spots"] = [p.to_json() for p in report.spots]
        out["choices"] = list(report.choices)
        out["ball_in_hand"] = report.ball_in_hand
        assessed = call.assessed
        assert assessed is not None
        penalty = Penalty(
            "shooter" if own else "opponent",
            f"foul: {assessed.text}",
            report.terms.points,
            f"billiards/{assessed.rule}",
        )
        ruling = Ruling(
            report.verdict, report.summary, tuple(_dedupe(rules)), (penalty,)
        )
    elif call.outcome == "option":
        assessed = call.assessed
        assert assessed is not None
        summary = (
            f"{assessed.text[0].upper()}{assessed.text[1:]}: the incoming "
            "player may call a foul (cue ball in hand) or have the balls put "
            "back and the shot replayed."
        )
        out["choices"] = list(call.choices)
        ruling = Ruling(Verdict.OK, summary, tuple(rules))
    elif call.outcome in {"replay", "restore", "void"}:
        text = call.findings[0].text
        verdict = Verdict.VOID if call.outcome == "void" else Verdict.OK
        ruling = Ruling(verdict, text[0].upper() + text[1:] + ".", tuple(rules))
    else:
        down = shot.down
        if down:
            what = f"Legal shot: {ball_list(down)} pocketed; the shooter continues."
            rules += ["billiards/18"]  # a pocketed ball makes the shot legal
        else:
            what = "Legal shot, nothing pocketed: the inning ends."
            rules += ["billiards/4"]
        notes = [f.text for f in call.findings if f.kind == NOTE]
        if notes:
            what += " (" + "; ".join(notes) + ")"
        ruling = Ruling(Verdict.OK, what, tuple(_dedupe(rules)))
    out["ruling"] = ruling.to_json()
    return out


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
        rule = str(item).strip().lower().removeprefix("billiards/")
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


def _dedupe(items: list[str]) -> list[str]:
    out: list[str] = []
    for item in items:
        if item not in out:
            out.append(item)
    return out
