"""What the billiards match's modules share: choice labels, the rules behind each
choice, helpers."""

from __future__ import annotations

from typing import Any

from referee.games.billiards.cited import NINE_PUSH_OUT
from referee.games.billiards.cited import NUMBERED
from referee.games.billiards.cited import R5
from referee.games.billiards.cited import R8
from referee.games.billiards.cited import R38
from referee.games.billiards.cited import local
from referee.games.billiards.facts import Shot
from referee.games.billiards.fouls import blocked_positions
from referee.games.billiards.fouls import spots_sentence
from referee.games.billiards.games import Foul
from referee.games.billiards.games import Terms
from referee.games.billiards.games import rack_of
from referee.games.billiards.shots import Call
from referee.games.billiards.shots import Context
from referee.games.billiards.spotting import spot_balls
from referee.games.boards import side_names
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused

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
CHOICE_RULES = {"38": R38, "8": R8, "push": NINE_PUSH_OUT}


# --- helpers -----------------------------------------------------------------------


def _context(s: JSON, shot: Shot) -> Context:
    side = s["at_table"]
    if s["balls"] is None:
        on = shot.on  # untracked balls (the plain mode): the player says
    else:
        on = rack_of(s).legal_first(s["balls"], s["groups"][side], s["opening"])
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
            f"{rack_of(s).title} knows which ball is on: leave 'on' out.", field="on"
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
        raise Refused(_not_now(s, "No rack is being played"), [R5])
    if s["pending"]:
        p = s["pending"]
        raise Refused(
            f"{_name(s, p['side'])} chooses first: " + " or ".join(p["choices"]) + ".",
            [CHOICE_RULES[p["kind"]]],
        )


def _not_now(s: JSON, what: str) -> str:
    phase = s["phase"]
    if phase == "lag":
        return "Lag for the break first (or say who breaks)."
    if phase == "choose":
        return f"{_name(s, s['lag_winner'])} won the lag and chooses who breaks first."
    return f"{what}."


def _priced(
    s: JSON, side: int, shot: Shot, call: Call, own_stroke: bool = True
) -> Terms:
    """What ``side``'s foul costs in the match's game."""
    foul = Foul(
        shot,
        call,
        opening_break=s["opening"],
        successive_before=s["successive"][side],
        plain_penalty=s["options"]["plain_penalty"],
        eight_on_break=s["options"]["eight_on_break"],
        own_stroke=own_stroke,
    )
    return rack_of(s).foul_terms(foul)


def _shot_kwargs(data: JSON) -> dict[str, Any]:
    out = {}
    for key, value in data.items():
        out[key] = tuple(value) if isinstance(value, list) else value
    return out


def _cite(call: Call) -> tuple[str, ...]:
    return tuple(NUMBERED[r] for r in call.rules())


def _rule_order(rule_id: str) -> tuple[int, str]:
    number = local(rule_id)
    return (int(number), "") if number.isdigit() else (1000, number)


def _sides(s: JSON) -> list[str]:
    return side_names(s)


def _name(s: JSON, side: int) -> str:
    return _sides(s)[side]
