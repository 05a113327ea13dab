"""The game layers: 9-ball, 8-ball, 14.1 continuous and a plain "rack won by" mode.

The general rules leave each game to say which ball is on, what a foul costs and
when a rack is won. Each layer's source and reading is in its rulebook entries
(``billiards/9-ball/...``, ``billiards/8-ball/...``, ``billiards/14-1/...``,
``billiards/plain/...``). This module is pure arithmetic on balls; ``match.py``
moves the turn and the score.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.games.billiards.cited import EIGHT_BALL
from referee.games.billiards.cited import EIGHT_BREAK
from referee.games.billiards.cited import EIGHT_FOULS
from referee.games.billiards.cited import NINE_FOULS
from referee.games.billiards.cited import NINE_THREE_FOULS
from referee.games.billiards.cited import PLAIN_FOULS
from referee.games.billiards.cited import STRAIGHT_FOULS
from referee.games.billiards.cited import STRAIGHT_THREE_FOULS
from referee.games.billiards.facts import Shot
from referee.games.billiards.shots import Call

GAMES = ("9-ball", "8-ball", "14-1", "plain")
GENERAL = "general"  # the shot tool's name for "no particular game"
SOLIDS = frozenset(range(1, 8))
STRIPES = frozenset(range(9, 16))
EIGHT = 8
NINE = 9
RACK_14_1 = 15
FOULS_TO_LOSE = 3  # 9-ball: three fouls in a row lose the rack
FOULS_14_1_EXTRA = 15  # 14.1: the third foul in a row costs fifteen more points


def rack_balls(game: str) -> list[int] | None:
    """The object balls a fresh rack puts on the table; None when not tracked."""
    if game == "9-ball":
        return list(range(1, 10))
    if game in {"8-ball", "14-1"}:
        return list(range(1, 16))
    return None


def highest_ball(game: str) -> int:
    return 9 if game == "9-ball" else 15


def group_of(ball: int) -> str | None:
    if ball in SOLIDS:
        return "solids"
    if ball in STRIPES:
        return "stripes"
    return None


def group_balls(group: str) -> frozenset[int]:
    return SOLIDS if group == "solids" else STRIPES


def other_group(group: str) -> str:
    return "stripes" if group == "solids" else "solids"


def legal_first(
    game: str, balls: Iterable[int] | None, group: str | None, opening_break: bool
) -> tuple[int, ...] | None:
    """The balls the cue ball may hit first; None means any object ball."""
    if balls is None:
        return None
    on_table = sorted(balls)
    if game == "9-ball":
        return (on_table[0],) if on_table else ()
    if game == "8-ball" and not opening_break:
        if group is None:
            # Open table: any ball; hitting the 8 first only costs the turn.
            return tuple(on_table)
        own = tuple(b for b in on_table if b in group_balls(group))
        return own or ((EIGHT,) if EIGHT in on_table else ())
    return None


@dataclass(frozen=True)
class Terms:
    """What a foul costs in a game, and what the incoming player gets."""

    ball_in_hand: str  # "table", "kitchen" or "none" (the table as it lies)
    choices: tuple[str, ...] = ()  # the incoming player's choice, if any
    points: int = 0  # change to the fouler's score (14.1)
    spot: tuple[int, ...] = ()  # object balls that go back on the long string
    rack_lost: str = ""  # why the fouler loses the rack, if so
    rerack: bool = False  # 14.1 third foul: all fifteen racked, offender breaks
    rules: tuple[str, ...] = ()  # layer rule ids (NINE_FOULS)
    options: tuple[str, ...] = ()  # match options that shaped these terms


def foul_terms(
    game: str,
    shot: Shot,
    call: Call,
    *,
    opening_break: bool,
    successive_before: int,
    plain_penalty: str = "anywhere",
    eight_on_break: str = "spot",
    own_stroke: bool = True,
) -> Terms:
    """The price of a foul in ``game`` (``general`` or ``plain``: general rules only).

    ``successive_before`` counts the fouler's fouls in a row before this one;
    ``own_stroke`` is False for a foul by the player not at the table (rule 40),
    which does not count toward fouls in a row and moves no ball.
    """
    cue_gone = shot.cue_ball_gone
    down = shot.down if own_stroke else ()
    off = shot.off_table if own_stroke else ()
    deflected = call.assessed is not None and call.assessed.rule == "8"
    if game == "9-ball":
        spot = tuple(b for b in (*down, *off) if b == NINE)
        third = own_stroke and successive_before + 1 >= FOULS_TO_LOSE
        return Terms(
            "table",
            spot=spot,
            rack_lost="three fouls in a row" if third else "",
            rules=(NINE_FOULS,) + ((NINE_THREE_FOULS,) if third else ()),
        )
    if game == "8-ball":
        eight_gone = EIGHT in down or EIGHT in off
        rules: tuple[str, ...] = (EIGHT_FOULS,)
        spot = tuple(b for b in off if b != EIGHT)
        lost = ""
        options: tuple[str, ...] = ()
        if eight_gone and opening_break and EIGHT in down and eight_on_break == "spot":
            spot = tuple(sorted((*spot, EIGHT)))
            rules += (EIGHT_BREAK,)
            options = ("eight_on_break",)
        elif eight_gone:
            lost = "the 8 left play on a foul"
            rules += (EIGHT_BALL,)
        if deflected:
            return Terms(
                "kitchen",
                ("take", "pass"),
                spot=spot,
                rack_lost=lost,
                rules=rules,
                options=options,
            )
        in_hand = "kitchen" if opening_break and cue_gone else "table"
        if in_hand == "kitchen":
            rules += (EIGHT_BREAK,)
        return Terms(in_hand, spot=spot, rack_lost=lost, rules=rules, options=options)
    if game == "14-1":
        third = own_stroke and successive_before + 1 >= FOULS_TO_LOSE
        points = -1 - (FOULS_14_1_EXTRA if third else 0)
        rules = (STRAIGHT_FOULS,) + ((STRAIGHT_THREE_FOULS,) if third else ())
        spot = tuple(sorted((*down, *off)))
        if third:
            return Terms("kitchen", points=points, rerack=True, rules=rules)
        if deflected:
            return Terms("kitchen", ("take", "pass"), points, spot, rules=rules)
        return Terms(
            "kitchen" if cue_gone else "none", points=points, spot=spot, rules=rules
        )
    # The general rules alone (the plain mode and the tool's "general").
    spot = tuple(sorted(off))  # rule 27: jumped object balls are spotted
    rules = (PLAIN_FOULS,) if game == "plain" else ()
    if deflected:
        return Terms("kitchen", ("take", "pass"), spot=spot, rules=rules)
    if plain_penalty == "kitchen-after-scratch":
        return Terms(
            "kitchen" if cue_gone else "none",
            spot=spot,
            rules=rules,
            options=("plain_penalty",),
        )
    return Terms(
        "table",
        spot=spot,
        rules=rules,
        options=("plain_penalty",) if game == "plain" else (),
    )


def rights_text(terms: Terms, incoming: str, offender: str) -> str:
    """What the incoming player may do, in one phrase for the phone."""
    if terms.choices == ("take", "pass"):
        return (
            f"{incoming} takes cue ball in hand behind the head string, or hands "
            f"it back to {offender}"
        )
    if terms.ball_in_hand == "table":
        return f"{incoming} has cue ball in hand anywhere on the table"
    if terms.ball_in_hand == "kitchen":
        return f"{incoming} has cue ball in hand behind the head string"
    return f"{incoming} plays the cue ball where it lies"
