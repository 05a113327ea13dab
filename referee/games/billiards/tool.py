"""The "shot" tool: the facts of one stroke in, the ruling out, with no match."""

from __future__ import annotations

from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import Field
from referee.games.base import Penalty
from referee.games.base import Ruling
from referee.games.base import Verdict
from referee.games.billiards import games
from referee.games.billiards.facts import SHOT_FIELDS
from referee.games.billiards.facts import shot_from_event
from referee.games.billiards.shots import IN_HAND
from referee.games.billiards.shots import NOTE
from referee.games.billiards.shots import SCOPES
from referee.games.billiards.shots import WARNED_RULES
from referee.games.billiards.shots import Context
from referee.games.billiards.shots import ball_list
from referee.games.billiards.shots import referee_shot
from referee.games.billiards.spotting import LENGTHS
from referee.games.billiards.spotting import spot_balls

TOOL_GAMES = (games.GENERAL, "9-ball", "8-ball", "14-1")
SHOOTER, INCOMING = "The shooter", "the incoming player"

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
        "behind the head string (kitchen), or anywhere (table).",
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


def run_shot_tool(request: JSON) -> JSON:
    """Rule on one stroke described by its facts, outside any match."""
    game = request.get("game") or games.GENERAL
    shot = shot_from_event(request, highest=games.highest_ball(game))
    warned = _warned(request.get("warned"))
    ctx = Context(
        in_hand=request.get("in_hand") or "none",
        on=shot.on,
        opening_break=bool(request.get("opening_break")),
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
    }
    if call.outcome in {"foul", "interference"}:
        own = call.outcome == "foul"
        terms = games.foul_terms(
            game if game != games.GENERAL else games.GENERAL,
            shot,
            call,
            opening_break=ctx.opening_break,
            successive_before=int(request.get("prior_fouls") or 0),
            own_stroke=own,
        )
        rules += [f"billiards/{r}" for r in terms.rules]
        who, other = (SHOOTER, INCOMING) if own else ("The opponent", "the shooter")
        rights = games.rights_text(terms, other, who.lower())
        if game == games.GENERAL and not terms.choices:
            # The general rules leave the cue ball's placement to each game.
            rights = (
                f"{other} gets the cue ball as the game played says (in hand "
                "anywhere in 9-ball and 8-ball)"
            )
        assessed = call.assessed
        assert assessed is not None
        lead = f"Foul: {assessed.text}."
        if call.forfeit:
            summary = f"{lead} {who} loses the match by forfeit."
            verdict = Verdict.FORFEIT
        elif terms.rack_lost:
            summary = f"{lead} {who} loses the rack: {terms.rack_lost}."
            verdict = Verdict.FOUL
        else:
            pieces = [
                lead,
                "The inning ends and nothing pocketed on the stroke counts.",
            ]
            if terms.points:
                pieces.append(
                    f"{terms.points} points."
                    if terms.rerack
                    else f"{terms.points} point."
                )
            if terms.spot:
                placed = spot_balls(
                    terms.spot, _blocked(shot), request.get("table") or "9ft"
                )
                out["spots"] = [p.to_json() for p in placed]
                pieces.append(
                    "Spot " + "; ".join(f"the {p.ball} {p.where}" for p in placed) + "."
                )
            pieces.append(rights[0].upper() + rights[1:] + ".")
            if call.warning:
                pieces.append(
                    f"Warning: a second violation of rule {call.warning} "
                    "in the match forfeits it."
                )
            summary = " ".join(pieces)
            verdict = Verdict.WARNING if call.warning else Verdict.FOUL
        out["choices"] = list(terms.choices)
        out["ball_in_hand"] = (
            None if game == games.GENERAL and not terms.choices else terms.ball_in_hand
        )
        penalty = Penalty(
            "shooter" if own else "opponent",
            f"foul: {assessed.text}",
            terms.points,
            f"billiards/{assessed.rule}",
        )
        ruling = Ruling(verdict, summary, tuple(_dedupe(rules)), (penalty,))
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


def _blocked(shot: object) -> dict[int, str]:
    blocked = {p: "ball" for p in getattr(shot, "blocked", ())}
    cue_at = getattr(shot, "cue_at", None)
    if cue_at is not None:
        blocked[cue_at] = "cue"
    return blocked


def _dedupe(items: list[str]) -> list[str]:
    out: list[str] = []
    for item in items:
        if item not in out:
            out.append(item)
    return out
