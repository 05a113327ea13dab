"""What the billiards referee checks: a request that breaks each rule (``BREACHES``).

Fouls happen: a shot described by its facts is recorded, and its ruling cites the
foul's rule with its penalty (``recorded=True``). What cannot happen at all (a second
lag, a push out late in the rack, a shot by the player not at the table) is refused
and nothing is stored. ``Game.breaches`` of ``GAME``; ``games.coverage`` runs them.
"""

from __future__ import annotations

from referee.games.base import Breach
from referee.games.base import Example
from referee.games.billiards import cited as r
from referee.games.outcomes import JSON

_ANN_BREAKS: tuple[JSON, ...] = ({"type": "breaker", "side": "Ann"},)
# Ann broke and missed: Bob is at the table, the 1 still the lowest ball.
_BOB_AT_TABLE: tuple[JSON, ...] = (*_ANN_BREAKS, {"type": "shot"})
_EIGHT = {"game": "8-ball"}
_STRAIGHT = {"game": "14-1"}
_PLAIN = {"game": "plain"}
_MISS: JSON = {"type": "shot"}
_FOUL: JSON = {"type": "shot", "cue_ball": "pocket"}


def _foul(
    rule: str,
    title: str,
    facts: JSON,
    setup: tuple[JSON, ...] = _BOB_AT_TABLE,
    options: JSON | None = None,
) -> Breach:
    """A shot (Bob's, after Ann's dry break, unless ``setup`` says otherwise) whose
    facts break ``rule``: a foul, recorded with its penalty."""
    event = {"type": "shot", **facts}
    example = Example(event, setup=setup, options=options or {})
    return Breach(rule, title, example, recorded=True)


def _refused(
    rule: str,
    title: str,
    event: JSON,
    setup: tuple[JSON, ...] = _ANN_BREAKS,
    options: JSON | None = None,
) -> Breach:
    """An event the rules do not allow now: refused, nothing stored."""
    return Breach(rule, title, Example(event, setup=setup, options=options or {}))


# Ann breaks dry; Bob scratches and Ann misses, twice: Bob is on two fouls in a row.
_TWO_FOULS: tuple[JSON, ...] = (*_ANN_BREAKS, _MISS, _FOUL, _MISS, _FOUL, _MISS)


GENERAL = (
    _foul(
        r.NUMBERED["3"],
        "Bob strikes the cue ball with the ferrule",
        {"struck_with": "ferrule"},
    ),
    _refused(
        r.R5,
        "A second lag once Ann has won the lag",
        {"type": "lag", "closer": "Bob"},
        setup=({"type": "lag", "closer": "Ann"},),
    ),
    Breach(
        r.R5,
        "Ann's lagged ball touched a long cushion, though it stopped closer",
        tool="lag",
        request={"closer": "first", "first_faults": ["long-cushion"]},
    ),
    _refused(
        r.R6,
        "Choosing the breaker again once the rack is under way",
        {"type": "breaker", "side": "Bob"},
    ),
    Breach(
        r.R7,
        "Ann's opening break never crosses the head string",
        Example({"type": "shot", "crossed": False}, setup=_ANN_BREAKS),
        recorded=True,
    ),
    _foul(
        r.R8,
        "Bob stops the cue ball on Ann's break",
        {"deflected": True},
        setup=_ANN_BREAKS,
        options=_PLAIN,
    ),
    _foul(
        r.NUMBERED["9"],
        "Bob shoots from clearly outside the kitchen, and Ann calls it",
        {"placed": "outside", "objected": True},
        setup=(*_ANN_BREAKS, {"type": "shot", "cue_ball": "pocket"}),
        options=_STRAIGHT,
    ),
    _foul(
        r.NUMBERED["15"],
        "Bob sets the cue ball in hand on the head string, and Ann objects",
        {"placed": "on-string", "objected": True},
        setup=(*_ANN_BREAKS, _FOUL),
        options=_STRAIGHT,
    ),
    _foul(
        r.NUMBERED["12"],
        "Bob shoots with both feet off the floor",
        {"foot_on_floor": False},
    ),
    _foul(
        r.NUMBERED["13"], "Bob shoots while a ball is still rolling", {"moving": True}
    ),
    _foul(r.R16, "Any foul ends Bob's inning", {"cue_ball": "pocket"}),
    _foul(r.NUMBERED["17"], "Bob's cue ball hits nothing", {"first_contact": "none"}),
    _foul(
        r.R18, "No ball reaches a cushion after the first contact", {"cushion": False}
    ),
    _foul(
        r.NUMBERED["19"],
        "Bob scratches: the cue ball goes in a pocket",
        {"cue_ball": "pocket"},
    ),
    _foul(r.NUMBERED["20"], "Bob's sleeve moves the 5", {"touched": [5]}),
    _foul(
        r.NUMBERED["21"],
        "Placing the cue ball in hand, Bob lets it touch the 3",
        {"placement_touch": True},
        setup=(*_ANN_BREAKS, _FOUL),
    ),
    _foul(r.NUMBERED["22"], "Bob's cue hits the cue ball twice", {"double_hit": True}),
    _foul(r.NUMBERED["23"], "Bob pushes the cue ball", {"push": True}),
    _foul(
        r.NUMBERED["24"],
        "Bob's chalk falls on the cue ball",
        {"touched": ["cue"], "touched_by": "item"},
    ),
    _foul(r.NUMBERED["25"], "Bob scoops the cue ball over a ball", {"jump": "scooped"}),
    _foul(
        r.NUMBERED["26"],
        "Bob miscues on a jump shot",
        {"jump": "elevated", "miscue": True},
    ),
    _foul(r.NUMBERED["27"], "Bob knocks the 4 off the table", {"off_table": [4]}),
    _foul(
        r.NUMBERED["28"],
        "Bob strikes the cue ball with the shaft on purpose",
        {"struck_with": "shaft", "intentional": True},
    ),
    _refused(
        r.R35,
        "Bob breaks the next rack, though Ann won the last one",
        {"type": "shot", "player": "Bob"},
        setup=(*_ANN_BREAKS, {"type": "shot", "pocketed": [9]}),
    ),
    _refused(
        r.R36,
        "Bob shoots while Ann is at the table",
        {"type": "shot", "player": "Bob", "pocketed": [3]},
        setup=(*_ANN_BREAKS, {"type": "shot", "pocketed": [2]}),
    ),
    _foul(
        r.NUMBERED["37"],
        "Bob hits an announced frozen ball and nothing reaches a new cushion",
        {"frozen": "cushion", "rebound_only": True},
    ),
    _foul(
        r.R38,
        "From the kitchen, Bob hits a ball behind the head string first",
        {"before_leaving": "ball-inside"},
        options={"game": "14-1", "referee": True},
        setup=(*_ANN_BREAKS, _FOUL),
    ),
    _foul(
        r.NUMBERED["39"],
        "Adjusting the cue ball in hand, Bob's forward stroke hits it",
        {"placement_stroke": True},
        setup=(*_ANN_BREAKS, _FOUL),
    ),
    Breach(
        r.NUMBERED["40"],
        "Ann, not shooting, distracts Bob",
        Example({"type": "interference", "by": "opponent"}, setup=_BOB_AT_TABLE),
        recorded=True,
    ),
    _foul(
        r.NUMBERED["40"],
        "Ann shoots during Bob's inning (recorded as hers)",
        {"shooter": "Ann"},
    ),
    _foul(
        r.NUMBERED["41"],
        "Bob measures the gap with the triangle",
        {"measured_with": "triangle"},
    ),
)

GAMES = (
    _foul(
        r.NINE_LOWEST_FIRST, "9-ball: Bob hits the 3 before the 1", {"first_contact": 3}
    ),
    _refused(
        r.NINE_PUSH_OUT,
        "9-ball: Ann pushes out later in the rack",
        {"type": "shot", "push_out": True},
        setup=(*_BOB_AT_TABLE, _MISS),
    ),
    _foul(
        r.NINE_FOULS,
        "9-ball: Bob scratches, Ann gets cue ball in hand",
        {"cue_ball": "pocket"},
    ),
    _foul(
        r.NINE_THREE_FOULS,
        "9-ball: Bob fouls a third time in a row",
        {"cue_ball": "pocket"},
        setup=_TWO_FOULS,
    ),
    _foul(
        r.EIGHT_CALL,
        "8-ball: Bob, on the solids, hits the 10 first",
        {"first_contact": 10},
        setup=(*_BOB_AT_TABLE, {"type": "shot", "pocketed": [3]}),
        options=_EIGHT,
    ),
    _foul(
        r.EIGHT_EIGHT_BALL,
        "8-ball: Bob pockets the 8 before his group",
        {"pocketed": [8]},
        options=_EIGHT,
    ),
    _foul(
        r.EIGHT_BREAK,
        "8-ball: Ann scratches on the break",
        {"cue_ball": "pocket"},
        setup=_ANN_BREAKS,
        options=_EIGHT,
    ),
    _foul(
        r.EIGHT_FOULS, "8-ball: Bob scratches", {"cue_ball": "pocket"}, options=_EIGHT
    ),
    _foul(
        r.STRAIGHT_FOULS,
        "14.1: Bob scratches and loses a point",
        {"cue_ball": "pocket"},
        options=_STRAIGHT,
    ),
    _foul(
        r.STRAIGHT_THREE_FOULS,
        "14.1: Bob fouls a third time in a row",
        {"cue_ball": "pocket"},
        setup=_TWO_FOULS,
        options=_STRAIGHT,
    ),
    _foul(
        r.PLAIN_FOULS,
        "Plain mode: Bob scratches",
        {"cue_ball": "pocket"},
        options=_PLAIN,
    ),
    _foul(
        r.MATCH_FORFEIT,
        "Bob strikes with the shaft on purpose again after his warning",
        {"struck_with": "shaft", "intentional": True},
        setup=(
            *_BOB_AT_TABLE,
            {"type": "shot", "struck_with": "shaft", "intentional": True},
            _MISS,
        ),
    ),
)

# Who acted (``match.HANDLERS``' actors): each event named for the wrong side.
WHO = (
    _refused(
        r.R36,
        "Ann, not the lag winner Bob, says who breaks",
        {"type": "breaker", "side": "Ann", "player": "Ann"},
        setup=({"type": "lag", "closer": "Bob"},),
    ),
    _refused(
        r.R36,
        "Ann makes the choice Bob owes after her break foul",
        {"type": "choose", "option": "take", "player": "Ann"},
        setup=(*_ANN_BREAKS, {"type": "shot", "deflected": True}),
        options=_PLAIN,
    ),
    _refused(
        r.R36,
        "Ann, at the table, is recorded interfering with her own shot",
        {"type": "interference", "by": "opponent", "player": "Ann"},
    ),
    _refused(
        r.R34,
        "A spectator's bump recorded as Bob's doing",
        {"type": "interference", "by": "non-player", "player": "Bob"},
    ),
    _refused(
        r.MATCH_CONCEDE,
        "Ann concedes a rack to herself",
        {"type": "rack", "winner": "Ann", "player": "Ann"},
    ),
    _refused(
        r.MATCH_FORFEIT,
        "Ann forfeits the match for Bob",
        {"type": "forfeit", "side": "Bob", "player": "Ann"},
    ),
)

BREACHES = (*GENERAL, *GAMES, *WHO)
