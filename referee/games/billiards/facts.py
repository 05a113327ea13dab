"""The facts of one stroke, as a referee sees them (NOTATION.md "Billiards").

A ``shot`` event never carries a verdict: only what happened (which ball the cue
ball hit first, what dropped, where the cue ball ended, what touched what). Every
fact has a default that describes an ordinary clean stroke, so the common case is
``{"type": "shot", "pocketed": [3]}``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import fields as dc_fields
from typing import Any

from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput

CUE = "cue"
_BALL_NUMBER = re.compile(r"[1-9][0-9]?", re.ASCII)
MAX_BALL = 15
BALLS_EXAMPLE = "[3, 5]"

FROZEN = ("no", "cushion", "cushion-unannounced", "cue-ball")
CUE_BALL_ENDS = ("table", "pocket", "off")
STRUCK_WITH = ("tip", "ferrule", "shaft", "other")
TOUCHED_BY = ("shooter", "item")
PLACED = ("behind", "on-string", "outside")
BEFORE_LEAVING = ("nothing", "cushion", "ball-outside", "ball-inside")
JUMPS = ("none", "elevated", "scooped", "accidental")
MEASURED_WITH = ("nothing", "cue-in-hand", "cue-laid-down", "ball", "triangle", "other")
INTERFERENCE = ("none", "opponent", "non-player")


def _flag(name: str, help_: str, default: bool = False) -> Field:
    return Field(name, "boolean", help_, required=False, default=default)


def _choice(name: str, help_: str, choices: tuple[str, ...]) -> Field:
    return Field(
        name, "choice", help_, required=False, choices=choices, default=choices[0]
    )


def _balls(name: str, help_: str) -> Field:
    return Field(name, "list", help_, required=False)


# The facts of a stroke, in the order a referee looks at them.
SHOT_FIELDS: tuple[Field, ...] = (
    _balls("pocketed", "Object balls that dropped into a pocket and stayed, e.g. 3 5."),
    Field(
        "first_contact",
        "string",
        "The first ball the cue ball hit (a number), or 'none'. Leave it out when "
        "the cue ball first hit a ball it was allowed to hit. Playing away from a "
        "ball it was touching is not hitting that ball.",
        required=False,
        maximum=6,
    ),
    _flag(
        "cushion",
        "After the first contact, the cue ball or a numbered ball touched a cushion.",
        default=True,
    ),
    _choice(
        "frozen",
        "The first ball hit was frozen to a cushion (announced before "
        "the shot, or not announced) or to the cue ball.",
        FROZEN,
    ),
    _flag(
        "rebound_only",
        "The only cushion touched after the first contact was one "
        "a ball was already touching (it just pushed off it).",
    ),
    _choice(
        "cue_ball",
        "Where the cue ball ended: on the table, in a pocket, or off "
        "the table (floor, rail top, light...).",
        CUE_BALL_ENDS,
    ),
    _balls(
        "off_table",
        "Object balls that left the table: floor, rail top, or "
        "anything not part of the table.",
    ),
    _flag(
        "touched_pocketed",
        "The cue ball touched a ball that was already in a pocket (a full pocket).",
    ),
    _choice(
        "struck_with",
        "What struck the cue ball: the tip, or the ferrule, shaft or something else.",
        STRUCK_WITH,
    ),
    _flag(
        "foot_on_floor", "The shooter had at least one foot on the floor.", default=True
    ),
    _flag("moving", "A ball was still rolling or spinning when the shooter struck."),
    _flag(
        "double_hit",
        "The cue touched the cue ball twice, or was still on it when "
        "it reached the object ball.",
    ),
    _flag("push", "The tip stayed on the cue ball longer than a normal stroke."),
    _balls(
        "touched",
        "Balls in play touched by anything but the tip in a stroke: 'cue' or numbers.",
    ),
    _choice(
        "touched_by",
        "Who touched them: the shooter (body, clothes, cue, bridge "
        "in hand) or an item the shooter dropped or knocked (chalk, bridge head).",
        TOUCHED_BY,
    ),
    _flag(
        "placement_touch",
        "While being placed in hand, the cue ball touched an object ball.",
    ),
    _flag(
        "placement_stroke",
        "While placing the cue ball in hand, a forward stroke "
        "of the cue hit it without it being the shot.",
    ),
    _choice(
        "placed",
        "With cue ball in hand behind the head string: it was placed "
        "behind the string, on or just over it, or clearly outside the kitchen.",
        PLACED,
    ),
    _flag(
        "objected",
        "The opponent or referee pointed out where the cue ball was placed (before "
        "the stroke for a ball on the string; any time for one clearly outside).",
    ),
    _choice(
        "before_leaving",
        "From the kitchen: what the cue ball touched before "
        "crossing the head string (nothing, a cushion, a ball lying on or past "
        "the string, a ball lying behind it).",
        BEFORE_LEAVING,
    ),
    _flag(
        "crossed",
        "From the kitchen: the cue ball crossed the head string during the stroke.",
        default=True,
    ),
    _choice(
        "jump",
        "Did the cue ball leave the bed: no; an elevated-cue jump shot; "
        "scooped by hitting it below center; by accident.",
        JUMPS,
    ),
    _flag("miscue", "The tip slipped off the cue ball (a miscue)."),
    _choice(
        "measured_with",
        "What the shooter used to judge a gap: nothing, the cue "
        "held in the hand, the cue laid down, a ball, the triangle, another "
        "object.",
        MEASURED_WITH,
    ),
    _flag(
        "deflected",
        "On the opening break, the cue ball was stopped or deflected "
        "after crossing the head string, before reaching the rack.",
    ),
    _flag("intentional", "The referee (or the players) judged the act intentional."),
    _flag(
        "fell_as_shot",
        "The object ball dropped by itself as it was shot at, and "
        "the cue ball passed over its spot.",
    ),
    _balls(
        "jawed_in",
        "Balls locked in a pocket's jaws that would fall in if dropped "
        "straight down: they count as pocketed ('cue' for the cue ball).",
    ),
    _balls(
        "jawed_out",
        "Balls locked in the jaws that would land on the bed: they "
        "go back on the table.",
    ),
    _choice(
        "interference",
        "Someone else affected the stroke: nobody, the opponent "
        "(distracting or touching), or a non-player or act of God.",
        INTERFERENCE,
    ),
    _flag(
        "restorable",
        "After a non-player's interference, the balls can be put back where they were.",
        default=True,
    ),
    Field(
        "shooter",
        "side",
        "Who struck, when it was not the player at the table (a shot out of turn).",
        required=False,
    ),
    _flag(
        "push_out",
        "9-ball: the shooter announced a push out (only on the shot right after the "
        "break).",
    ),
    _flag(
        "call_made",
        "8-ball and 14.1: the called ball went into the called pocket.",
        default=True,
    ),
    Field(
        "called",
        "string",
        "8-ball on an open table: the ball called, when balls of both groups dropped.",
        required=False,
        maximum=6,
    ),
    _balls(
        "on",
        "Plain games and the shot tool: balls the shooter was allowed to hit "
        "first (leave out for any ball).",
    ),
    _balls(
        "blocked",
        "Long-string positions taken by other balls when balls must be "
        "spotted: 0 is the foot spot, 1 behind it, -1 in front of it.",
    ),
    Field(
        "cue_at",
        "integer",
        "Long-string position of the cue ball, when it is in the way of spotting.",
        required=False,
        minimum=-11,
        maximum=10,
    ),
)
SHOT_FIELD_NAMES = frozenset(f.name for f in SHOT_FIELDS)


@dataclass(frozen=True)
class Shot:
    """The parsed facts of one stroke; defaults describe a clean legal stroke."""

    pocketed: tuple[int, ...] = ()
    first_contact: int | None = None  # None: a ball it was allowed to hit
    hit_nothing: bool = False
    cushion: bool = True
    frozen: str = "no"
    rebound_only: bool = False
    cue_ball: str = "table"
    off_table: tuple[int, ...] = ()
    touched_pocketed: bool = False
    struck_with: str = "tip"
    foot_on_floor: bool = True
    moving: bool = False
    double_hit: bool = False
    push: bool = False
    touched: tuple[int | str, ...] = ()
    touched_by: str = "shooter"
    placement_touch: bool = False
    placement_stroke: bool = False
    placed: str = "behind"
    objected: bool = False
    before_leaving: str = "nothing"
    crossed: bool = True
    jump: str = "none"
    miscue: bool = False
    measured_with: str = "nothing"
    deflected: bool = False
    intentional: bool = False
    fell_as_shot: bool = False
    jawed_in: tuple[int | str, ...] = ()
    jawed_out: tuple[int | str, ...] = ()
    interference: str = "none"
    restorable: bool = True
    shooter: int | None = None
    push_out: bool = False
    call_made: bool = True
    called: int | None = None
    on: tuple[int, ...] | None = None
    blocked: tuple[int, ...] = ()
    cue_at: int | None = None

    # -- derived facts ------------------------------------------------------------

    @property
    def down(self) -> tuple[int, ...]:
        """Object balls pocketed, counting jawed balls that would fall (rule 32)."""
        extra = tuple(b for b in self.jawed_in if isinstance(b, int))
        return tuple(sorted(self.pocketed + extra))

    @property
    def scratched(self) -> bool:
        """The cue ball ended in a pocket, or jawed so it would fall."""
        return self.cue_ball == "pocket" or CUE in self.jawed_in

    @property
    def cue_ball_gone(self) -> bool:
        """The cue ball left play (pocketed or off the table): it comes back in hand."""
        return self.scratched or self.cue_ball == "off"

    def to_json(self) -> JSON:
        return {f.name: _jsonable(getattr(self, f.name)) for f in dc_fields(self)}


def parse_ball(
    value: Any, field: str, *, cue: bool = False, highest: int = MAX_BALL
) -> int | str:
    """One ball: ``cue`` (when allowed) or an object ball 1..highest."""
    # NOTATION.md's balls only: `cue` and `1`...`15` (no "c", "0" or "07": issue 25)
    text = str(value).strip() if isinstance(value, str | int) else ""
    if isinstance(value, bool):
        text = ""
    if cue and text.isascii() and text.lower() == CUE:
        return CUE
    if _BALL_NUMBER.fullmatch(text) and 1 <= int(text) <= highest:
        return int(text)
    what = "'cue' or " if cue else ""
    raise BadInput(
        f"'{value}' is not a ball: write {what}a number from 1 to {highest}.",
        field=field,
        example=BALLS_EXAMPLE,
    )


def parse_balls(
    raw: Any, field: str, *, cue: bool = False, highest: int = MAX_BALL
) -> tuple[Any, ...]:
    """A list of distinct balls; a string '3 5' or '3,5' is accepted too."""
    if raw is None or raw == "" or raw == []:
        return ()
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    elif isinstance(raw, int) and not isinstance(raw, bool):
        raw = [raw]
    if not isinstance(raw, list | tuple):
        raise BadInput(
            f"'{field}' is a list of balls.", field=field, example=BALLS_EXAMPLE
        )
    balls = [parse_ball(v, field, cue=cue, highest=highest) for v in raw]
    seen: set[Any] = set()
    for ball in balls:
        if ball in seen:
            raise BadInput(
                f"Ball {ball} is listed twice in '{field}'.",
                field=field,
                example=BALLS_EXAMPLE,
            )
        seen.add(ball)
    return tuple(balls)


def shot_from_event(event: JSON, highest: int = MAX_BALL) -> Shot:
    """Build and check a ``Shot`` from a parsed event (or tool request).

    Only checks that the facts fit together; what the table allows (which balls
    are still on it, whether the cue ball was in hand) is checked by the caller.
    """
    values: dict[str, Any] = {}
    for f in SHOT_FIELDS:
        if f.name not in event or event[f.name] is None:
            continue
        value = event[f.name]
        if f.kind == "list":
            allow_cue = f.name in {"touched", "jawed_in", "jawed_out"}
            if f.name == "blocked":
                value = parse_positions(value, "blocked")
            else:
                value = parse_balls(value, f.name, cue=allow_cue, highest=highest)
        values[f.name] = value
    first = values.pop("first_contact", "")
    hit_nothing = False
    first_ball: int | None = None
    if first not in ("", None):
        if str(first).strip().lower() in {"none", "nothing", "no", "miss"}:
            hit_nothing = True
        else:
            first_ball = int(parse_ball(first, "first_contact", highest=highest))
    called = values.pop("called", None)
    called_ball = None
    if called not in ("", None):
        called_ball = int(parse_ball(called, "called", highest=highest))
    if "on" in values:
        values["on"] = tuple(values["on"]) or None
    shot = Shot(
        first_contact=first_ball,
        hit_nothing=hit_nothing,
        called=called_ball,
        **values,
    )
    _check_consistent(shot)
    return shot


def parse_positions(raw: Any, field: str) -> tuple[int, ...]:
    """Long-string positions (-11..10), sorted and without repeats."""
    if raw is None or raw == "" or raw == []:
        return ()
    items = raw.replace(",", " ").split() if isinstance(raw, str) else raw
    if isinstance(items, int) and not isinstance(items, bool):
        items = [items]
    if not isinstance(items, list | tuple):
        raise BadInput(
            f"'{field}' is a list of long-string positions.",
            field=field,
            example="[0, 1]",
        )
    out = []
    for item in items:
        try:
            if isinstance(item, bool):
                raise ValueError
            out.append(int(str(item).strip()))
        except ValueError:
            raise BadInput(
                f"'{item}' is not a long-string position (e.g. 0, 1, -1).",
                field=field,
                example="[0, 1]",
            ) from None
        if not -11 <= out[-1] <= 10:
            raise BadInput(
                "Long-string positions go from -11 to 10.",
                field=field,
                example="[0, 1]",
            )
    return tuple(sorted(set(out)))


def _overlap(a: Iterable[Any], b: Iterable[Any]) -> list[Any]:
    other = set(b)
    return [x for x in a if x in other]


def _check_consistent(shot: Shot) -> None:
    pairs = (
        (
            "pocketed",
            "off_table",
            "a ball cannot be both in a pocket and off the table",
        ),
        ("pocketed", "jawed_in", "list a jawed ball only under 'jawed_in'"),
        ("pocketed", "jawed_out", "a ball cannot be both pocketed and back on the bed"),
        ("jawed_in", "jawed_out", "a jawed ball either falls or it does not"),
        ("off_table", "jawed_in", "a ball cannot be both jawed and off the table"),
        ("off_table", "jawed_out", "a ball cannot be both jawed and off the table"),
    )
    for a, b, why in pairs:
        both = _overlap(getattr(shot, a), getattr(shot, b))
        if both:
            raise BadInput(f"Ball {both[0]} is in '{a}' and '{b}': {why}.", field=b)
    if CUE in shot.jawed_in + shot.jawed_out and shot.cue_ball != "table":
        raise BadInput(
            "The cue ball is either jawed or gone, not both.", field="cue_ball"
        )
    if (
        shot.hit_nothing
        and not shot.fell_as_shot
        and (shot.pocketed or shot.frozen != "no")
    ):
        what = "nothing can drop" if shot.pocketed else "there is no frozen first ball"
        raise BadInput(
            f"If the cue ball hit no ball, {what}.", field="first_contact", example="3"
        )
    if shot.rebound_only and not shot.cushion:
        raise BadInput(
            "'rebound_only' says a ball pushed off a cushion; 'cushion' is then true.",
            field="rebound_only",
        )
    if shot.touched_by != "shooter" and not shot.touched:
        raise BadInput(
            "Say which balls were touched.", field="touched", example='["cue"]'
        )


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    return value
