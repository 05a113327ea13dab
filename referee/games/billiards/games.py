"""The game layers: 9-ball, 8-ball, 14.1 continuous and a plain "rack won by" mode.

The general rules leave each game to say which ball is on, what a foul costs and
when a rack is won. Each layer is a ``Rack`` record the referee asks (which balls are
racked, which is on, what a foul costs, how a rack or the match is won), like the
layout games' ``Layout``; its source and reading is in its rulebook entries
(``9-ball/...``, ``8-ball/...``, ``14-1/...``, ``plain/...`` in billiards.toml). This
module is pure arithmetic on balls; ``match.py`` moves the turn and the score.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import dataclass

from referee.games.billiards.cited import EIGHT_BREAK
from referee.games.billiards.cited import EIGHT_EIGHT_BALL
from referee.games.billiards.cited import EIGHT_FOULS
from referee.games.billiards.cited import NINE_FOULS
from referee.games.billiards.cited import NINE_THREE_FOULS
from referee.games.billiards.cited import PLAIN_FOULS
from referee.games.billiards.cited import STRAIGHT_FOULS
from referee.games.billiards.cited import STRAIGHT_THREE_FOULS
from referee.games.billiards.facts import Shot
from referee.games.billiards.shots import Call
from referee.games.outcomes import JSON

SOLIDS = frozenset(range(1, 8))
STRIPES = frozenset(range(9, 16))
EIGHT = 8
NINE = 9
RACK_14_1 = 15
FOULS_TO_LOSE = 3  # 9-ball: three fouls in a row lose the rack
FOULS_14_1_EXTRA = 15  # 14.1: the third foul in a row costs fifteen more points


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


@dataclass(frozen=True)
class Foul:
    """A foul as its game prices it: the stroke, the call and the table around it.

    ``successive_before`` counts the fouler's fouls in a row before this one;
    ``own_stroke`` is False for a foul by the player not at the table (rule 40),
    which does not count toward fouls in a row and moves no ball.
    """

    shot: Shot
    call: Call
    opening_break: bool
    successive_before: int
    plain_penalty: str = "anywhere"
    eight_on_break: str = "spot"
    own_stroke: bool = True

    @property
    def down(self) -> tuple[int, ...]:
        return self.shot.down if self.own_stroke else ()

    @property
    def off(self) -> tuple[int, ...]:
        return self.shot.off_table if self.own_stroke else ()

    @property
    def deflected(self) -> bool:
        return self.call.assessed is not None and self.call.assessed.rule == "8"

    @property
    def third(self) -> bool:
        return self.own_stroke and self.successive_before + 1 >= FOULS_TO_LOSE


def _nine_ball_terms(rack: Rack, foul: Foul) -> Terms:
    spot = tuple(b for b in (*foul.down, *foul.off) if b == NINE)
    return Terms(
        "table",
        spot=spot,
        rack_lost="three fouls in a row" if foul.third else "",
        rules=(NINE_FOULS,) + ((NINE_THREE_FOULS,) if foul.third else ()),
    )


def _eight_ball_terms(rack: Rack, foul: Foul) -> Terms:
    down, off = foul.down, foul.off
    eight_gone = EIGHT in down or EIGHT in off
    rules: tuple[str, ...] = (EIGHT_FOULS,)
    spot = tuple(b for b in off if b != EIGHT)
    lost = ""
    options: tuple[str, ...] = ()
    on_break = foul.opening_break and EIGHT in down
    if eight_gone and on_break and foul.eight_on_break == "spot":
        spot = tuple(sorted((*spot, EIGHT)))
        rules += (EIGHT_BREAK,)
        options = ("eight_on_break",)
    elif eight_gone:
        lost = "the 8 left play on a foul"
        rules += (EIGHT_EIGHT_BALL,)
    if foul.deflected:
        return Terms(
            "kitchen",
            ("take", "pass"),
            spot=spot,
            rack_lost=lost,
            rules=rules,
            options=options,
        )
    in_hand = "kitchen" if foul.opening_break and foul.shot.cue_ball_gone else "table"
    if in_hand == "kitchen":
        rules += (EIGHT_BREAK,)
    return Terms(in_hand, spot=spot, rack_lost=lost, rules=rules, options=options)


def _straight_pool_terms(rack: Rack, foul: Foul) -> Terms:
    points = -1 - (FOULS_14_1_EXTRA if foul.third else 0)
    rules = (STRAIGHT_FOULS,) + ((STRAIGHT_THREE_FOULS,) if foul.third else ())
    spot = tuple(sorted((*foul.down, *foul.off)))
    if foul.third:
        return Terms("kitchen", points=points, rerack=True, rules=rules)
    if foul.deflected:
        return Terms("kitchen", ("take", "pass"), points, spot, rules=rules)
    cue_gone = foul.shot.cue_ball_gone
    return Terms(
        "kitchen" if cue_gone else "none", points=points, spot=spot, rules=rules
    )


def _general_terms(rack: Rack, foul: Foul) -> Terms:
    """The general rules alone (the plain mode and the tool's "general")."""
    spot = tuple(sorted(foul.off))  # rule 27: jumped object balls are spotted
    rules = rack.foul_rules
    if foul.deflected:
        return Terms("kitchen", ("take", "pass"), spot=spot, rules=rules)
    if foul.plain_penalty == "kitchen-after-scratch":
        return Terms(
            "kitchen" if foul.shot.cue_ball_gone else "none",
            spot=spot,
            rules=rules,
            options=("plain_penalty",),
        )
    return Terms("table", spot=spot, rules=rules, options=rack.penalty_option)


@dataclass(frozen=True)
class Rack:
    """What one rack game changes in the shared referee; ``name`` is the value of
    the match's "game" option (the shot tool's "game" too)."""

    name: str
    title: str  # in a sentence: "9-ball", "14.1", "This game"
    pricing: Callable[[Rack, Foul], Terms]  # what a foul costs
    balls: int | None = None  # a fresh rack holds the balls 1..balls; None: untracked
    highest: int = 15  # the highest ball a player may name
    lowest_first: bool = False  # 9-ball: the lowest ball on the table is on
    groups: bool = False  # 8-ball: solids and stripes, then the 8
    push_out: bool = False  # 9-ball: the stroke after the break may be a push out
    by_points: bool = False  # 14.1: a match of points, not racks
    reported: bool = False  # plain: the players say who won each rack
    fouls_per_rack: bool = False  # fouls in a row count within one rack
    third_foul: str = ""  # what a third foul in a row does, if anything
    foul_rules: tuple[str, ...] = ()  # the general rules' foul: the plain mode's rule
    penalty_option: tuple[str, ...] = ()  # plain: the "plain_penalty" option decides
    places_cue_ball: bool = True  # False: the general rules leave it to each game

    def fresh(self) -> list[int] | None:
        """The object balls a fresh rack puts on the table; None when not tracked."""
        return None if self.balls is None else list(range(1, self.balls + 1))

    def legal_first(
        self, balls: Iterable[int] | None, group: str | None, opening_break: bool
    ) -> tuple[int, ...] | None:
        """The balls the cue ball may hit first; None means any object ball."""
        if balls is None:
            return None
        on_table = sorted(balls)
        if self.lowest_first:
            return (on_table[0],) if on_table else ()
        if self.groups and not opening_break:
            if group is None:
                # Open table: any ball; hitting the 8 first only costs the turn.
                return tuple(on_table)
            own = tuple(b for b in on_table if b in group_balls(group))
            return own or ((EIGHT,) if EIGHT in on_table else ())
        return None

    def foul_terms(self, foul: Foul) -> Terms:
        """The price of ``foul`` in this game."""
        return self.pricing(self, foul)


NINE_BALL = Rack(
    "9-ball",
    "9-ball",
    _nine_ball_terms,
    balls=9,
    highest=NINE,
    lowest_first=True,
    push_out=True,
    fouls_per_rack=True,
    third_foul="loses the rack",
)
EIGHT_BALL = Rack(
    "8-ball", "8-ball", _eight_ball_terms, balls=15, groups=True, fouls_per_rack=True
)
STRAIGHT_POOL = Rack(
    "14-1",
    "14.1",
    _straight_pool_terms,
    balls=RACK_14_1,
    by_points=True,
    third_foul="costs 15 more points",
)
PLAIN = Rack(
    "plain",
    "This game",
    _general_terms,
    reported=True,
    foul_rules=(PLAIN_FOULS,),
    penalty_option=("plain_penalty",),
)
# The shot tool's "no particular game": the general rules alone.
GENERAL = Rack("general", "This game", _general_terms, places_cue_ball=False)

RACKS: dict[str, Rack] = {
    r.name: r for r in (NINE_BALL, EIGHT_BALL, STRAIGHT_POOL, PLAIN)
}
GAMES = tuple(RACKS)  # the match's "game" option
TOOL_RACKS: dict[str, Rack] = {
    r.name: r for r in (GENERAL, NINE_BALL, EIGHT_BALL, STRAIGHT_POOL)
}


def rack_of(state: JSON) -> Rack:
    """The rack game a match plays (its "game" option)."""
    return RACKS[state["options"]["game"]]


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
