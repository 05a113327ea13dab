"""Billiards: the shot referee, the lag, spotting and match scorekeeping (``GAME``).

Modules: ``facts`` (what a shot event says), ``shots`` (the referee on the general
rules 1-41), ``lag``, ``spotting`` (rule 31), ``games`` (9-ball, 8-ball, 14.1 and a
plain "rack won by" mode), ``match`` (start and the handlers), ``scoreboard`` (view) and
``tool`` (the "shot" tool: one stroke ruled with no match).

``view(state)["sides"]`` items: ``name``, ``score`` (racks won, or points in 14.1),
``fouls``, ``successive`` (fouls in a row), ``warnings`` (count), ``warned_for``
(rule ids), ``conduct`` (unsportsmanlike acts), ``innings``, ``group`` (8-ball:
"solids"/"stripes"/None), ``forfeited``.

``view(state)["detail"]``: ``game``, ``race`` (None in 14.1), ``races`` (each side's
race, unequal under a handicap; None in 14.1), ``points_to_win`` (14.1 only),
``rotation``, ``referee``, ``rack`` (number), ``innings`` (innings played in the
match, the current one included), ``at_table``, ``breaker``, ``opening_break``,
``ball_in_hand`` (None, "table" or "kitchen"), ``balls`` (object
balls on the table, or None in the plain mode), ``on`` (balls the shooter may hit
first; None for any), ``open_table`` (8-ball), ``chooser`` and ``choices`` (a choice
the incoming player owes: ``[{"option", "label"}]``), ``after_foul`` (what the
incoming player got after the last foul), ``restore`` (after that foul, who puts
balls it moved back, rules 20 and 24, or None), ``spots`` (where the last spotted balls
went), ``lag_winner``, ``racks`` (``[{"rack", "winner", "how"}]``), ``forfeit``
(``{"side", "reason"}`` or None).

Events: ``lag`` (closer, first_faults, second_faults), ``breaker`` (side), ``shot``
(the facts in ``facts.SHOT_FIELDS``, all optional: ``{"type": "shot", "pocketed":
[3]}`` is a legal shot that made the 3), ``choose`` (option), ``settle`` (ball, fell,
still), ``interference`` (by, restorable), ``rack`` (winner), ``forfeit`` (side,
reason). The tool ``shot`` takes the same facts plus the table's context
(``tool.CONTEXT_FIELDS``) and returns the ruling with its findings; the tools
``lag`` (rule 5, ``lag.run_lag_tool``) and ``spot`` (rule 31,
``spotting.run_spot_tool``) answer the lag and where spotted balls go.
"""

from __future__ import annotations

from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.base import Tool
from referee.games.billiards import match
from referee.games.billiards import service
from referee.games.billiards.breaches import BREACHES
from referee.games.billiards.cited import R5
from referee.games.billiards.cited import R36
from referee.games.billiards.facts import SHOT_FIELDS
from referee.games.billiards.games import GAMES
from referee.games.billiards.games import NINE_BALL
from referee.games.billiards.games import PLAIN
from referee.games.billiards.lag import FAULT_HELP
from referee.games.billiards.lag import LAG_EXAMPLE
from referee.games.billiards.lag import LAG_FIELDS
from referee.games.billiards.lag import LAG_RESULT
from referee.games.billiards.lag import run_lag_tool
from referee.games.billiards.scoreboard import view as scoreboard_view
from referee.games.billiards.shots import SCOPES
from referee.games.billiards.spotting import LENGTHS
from referee.games.billiards.spotting import SPOT_EXAMPLE
from referee.games.billiards.spotting import SPOT_FIELDS
from referee.games.billiards.spotting import SPOT_RESULT
from referee.games.billiards.spotting import run_spot_tool
from referee.games.billiards.tool import EXAMPLE
from referee.games.billiards.tool import RESULT as SHOT_RESULT
from referee.games.billiards.tool import TOOL_FIELDS
from referee.games.billiards.tool import run_shot_tool
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON

SOURCE = (
    "General rules 1-41 of the billiards section of Foxy's Game Room (a BCA-style "
    "rule set), in our own words. The games' own rules come from the World "
    "Standardized Rules (9-ball, 8-ball) and the BCA rules (14.1), as far as each "
    "rulebook entry says; readings chosen where the text is unclear are written "
    "in the rule they belong to."
)

OPTIONS = (
    Option(
        "game",
        "Game",
        "Which game is played: 9-ball, 8-ball, 14.1 continuous, "
        "or plain (any other game: you say who won each rack).",
        "choice",
        NINE_BALL.name,
        choices=GAMES,
    ),
    Option(
        "race",
        "Race to",
        "Racks needed to win the match (not 14.1).",
        "integer",
        5,
        minimum=1,
        maximum=99,
    ),
    *(
        Option(
            f"race_{n}",
            f"Race to, {which} side (handicap)",
            f"A handicap: the racks the {which} side needs, when not the race "
            "above (blank: the race above).",
            "integer",
            None,
            minimum=1,
            maximum=99,
        )
        for n, which in ((1, "first"), (2, "second"))
    ),
    Option(
        "points",
        "Points (14.1)",
        "Points needed to win a 14.1 match.",
        "integer",
        100,
        minimum=1,
        maximum=1000,
    ),
    Option(
        "rotation",
        "Next break",
        "Who breaks the next rack (rule 35): the "
        "winner, alternate, the loser, or the player trailing.",
        "choice",
        "winner",
        choices=("winner", "alternate", "loser", "trailing"),
    ),
    Option(
        "referee",
        "Referee",
        "A referee presides (changes rules 20, 24 and 38).",
        "boolean",
        False,
    ),
    Option(
        "intentional_scope",
        "Intentional fouls",
        "Rule 28 (warning, then "
        "forfeit) covers intentionally striking the cue ball with anything but "
        "the tip, or any foul judged intentional.",
        "choice",
        SCOPES[0],
        choices=SCOPES,
    ),
    Option(
        "plain_penalty",
        "Plain mode fouls",
        "In the plain mode, a foul gives "
        "cue ball in hand anywhere, or behind the head string after a scratch "
        "and the table as it lies otherwise.",
        "choice",
        "anywhere",
        choices=("anywhere", "kitchen-after-scratch"),
    ),
    Option(
        "eight_on_break",
        "8 on the break",
        "8-ball: the 8 pocketed on the "
        "break is spotted and the breaker plays on, or wins the rack.",
        "choice",
        "spot",
        choices=("spot", "win"),
    ),
    Option(
        "table",
        "Table",
        "Table size, for spotting balls on the long string.",
        "choice",
        "9ft",
        choices=tuple(LENGTHS),
    ),
)

_AFTER_BREAKER = ({"type": "breaker", "side": "Ann"},)

# Who did it, as a side (a player, or a team in a team match): checked against
# whoever the rules let act now (``match.HANDLERS``' actors).
ACTOR = Field(
    "player",
    "side",
    "Who did it: the player or team (index from 0, or the name). Left out: "
    "whoever the rules expect now; naming anyone else is refused.",
    required=False,
    on_pages=False,
)

EVENTS = (
    EventKind(
        "lag",
        "Lag for the break",
        "Both players lag; say whose ball stopped nearer the head cushion and any "
        "automatic-loss faults (rule 5).",
        (
            Field(
                "closer",
                "side",
                "Whose ball stopped nearer the head cushion; "
                "leave out when nobody can tell.",
                required=False,
            ),
            Field(
                "first_faults",
                "list",
                f"The first side's lag faults. {FAULT_HELP}",
                required=False,
            ),
            Field(
                "second_faults",
                "list",
                f"The second side's lag faults. {FAULT_HELP}",
                required=False,
            ),
            ACTOR,
        ),
        (
            Example({"type": "lag", "closer": "Ann"}, title="Ann's ball is closer"),
            Example(
                {"type": "lag", "closer": "Ann", "first_faults": ["long-cushion"]},
                title="Ann's ball touched a long cushion: Bob wins",
            ),
        ),
    ),
    EventKind(
        "breaker",
        "Who breaks",
        "The lag winner chooses who breaks (rule 6); before a lag, the result of a "
        "lot or an agreement.",
        (Field("side", "side", "Who breaks."), ACTOR),
        (
            Example({"type": "breaker", "side": "Ann"}, title="By lot"),
            Example(
                {"type": "breaker", "side": "Bob"},
                setup=({"type": "lag", "closer": "Ann"},),
                title="Ann won the lag and gives Bob the break",
            ),
        ),
    ),
    EventKind(
        "shot",
        "A shot",
        "The facts of one stroke; every fact has a default for a clean stroke.",
        (*SHOT_FIELDS, ACTOR),
        (
            Example(
                {"type": "shot", "pocketed": [3]},
                setup=_AFTER_BREAKER,
                title="Legal shot, the 3 pocketed",
            ),
            Example(
                {"type": "shot", "cue_ball": "pocket"},
                setup=_AFTER_BREAKER,
                title="Scratch on the break",
            ),
            Example(
                {"type": "shot", "player": "Ann", "pocketed": [1]},
                setup=_AFTER_BREAKER,
                title="Ann, named, breaks and pockets the 1",
            ),
            Example(
                {"type": "shot", "first_contact": "none"},
                setup=(*_AFTER_BREAKER, {"type": "shot", "pocketed": [2]}),
                title="The cue ball hit nothing",
            ),
        ),
    ),
    EventKind(
        "choose",
        "The incoming player's choice",
        "When the incoming player owes a choice: take cue ball in hand or hand it "
        "back (rule 8); call the foul or have the shot replayed (rule 38); after a "
        "9-ball push out, shoot or pass.",
        (
            Field(
                "option",
                "choice",
                "The choice.",
                choices=("take", "pass", "foul", "replay", "shoot"),
            ),
            ACTOR,
        ),
        (
            Example(
                {"type": "choose", "option": "pass"},
                setup=(*_AFTER_BREAKER, {"type": "shot", "deflected": True}),
                options={"game": PLAIN.name},
                title="Bob hands cue ball in hand back to Ann",
            ),
        ),
    ),
    EventKind(
        "settle",
        "A ball moved by itself",
        "A ball shifted or settled with nobody touching it, or a hanging ball fell "
        "into a pocket (rule 30).",
        (
            Field("ball", "string", "The ball: 'cue' or a number.", maximum=4),
            Field(
                "fell",
                "boolean",
                "It dropped into a pocket.",
                required=False,
                default=False,
            ),
            Field(
                "still",
                "boolean",
                "It had been still for 5 seconds or more before it fell.",
                required=False,
                default=True,
            ),
        ),
        (
            Example(
                {"type": "settle", "ball": "9", "fell": True},
                setup=_AFTER_BREAKER,
                title="The 9 hung, then fell",
            ),
        ),
    ),
    EventKind(
        "interference",
        "Interference",
        "Between strokes: the opponent distracted the shooter or moved a ball "
        "(rule 40), or a non-player or an act of God disturbed the balls (34).",
        (
            Field(
                "by", "choice", "Who interfered.", choices=("opponent", "non-player")
            ),
            Field(
                "restorable",
                "boolean",
                "The balls can be put back where they were.",
                required=False,
                default=True,
            ),
            ACTOR,
        ),
        (
            Example(
                {"type": "interference", "by": "non-player"},
                setup=_AFTER_BREAKER,
                title="A spectator bumped the table",
            ),
        ),
    ),
    EventKind(
        "rack",
        "Rack won",
        "Plain mode: who won the rack. In 9-ball and 8-ball: a rack conceded to "
        "the winner.",
        (Field("winner", "side", "Who won the rack."), ACTOR),
        (
            Example(
                {"type": "rack", "winner": "Ann"},
                setup=_AFTER_BREAKER,
                options={"game": PLAIN.name},
                title="Ann won the rack",
            ),
        ),
    ),
    EventKind(
        "forfeit",
        "Forfeit",
        "A side forfeits the match (no-show, conduct, conceding).",
        (
            Field("side", "side", "Who forfeits."),
            Field(
                "reason", "string", "Why, in a few words.", required=False, maximum=80
            ),
            ACTOR,
        ),
        (
            Example(
                {"type": "forfeit", "side": "Bob", "reason": "did not show"},
                title="Bob did not show",
            ),
        ),
    ),
)

SHOT_TOOL = Tool(
    "shot",
    "What happened?",
    "Describe one stroke by its facts: the answer says foul or not, which rules "
    "apply, the penalty and what the incoming player may choose.",
    TOOL_FIELDS,
    run_shot_tool,
    EXAMPLE,
    SHOT_RESULT,
)

LAG_TOOL = Tool(
    "lag",
    "Who won the lag?",
    "Rule 5 without a match: say whose ball stopped nearer the head cushion and "
    "any automatic-loss faults; the answer names the winner, or says to lag again "
    "when both players faulted or it is too close to call.",
    LAG_FIELDS,
    run_lag_tool,
    LAG_EXAMPLE,
    LAG_RESULT,
)

SPOT_TOOL = Tool(
    "spot",
    "Where do the balls go?",
    "Rule 31 without a match: the balls to spot and what is in the way on the long "
    "string; the answer says where each ball goes, lowest first.",
    SPOT_FIELDS,
    run_spot_tool,
    SPOT_EXAMPLE,
    SPOT_RESULT,
)


def view(state: JSON) -> JSON:
    """The scoreboard (``scoreboard.view``), expecting what ``GAME`` offers."""
    return scoreboard_view(state, GAME.expects(state))


GAME = Game(
    id="billiards",
    title="Billiards",
    summary="Pool referee: shot rulings with rule citations, the lag, spotting, and "
    "match scoring for 9-ball, 8-ball, 14.1 or any rack game.",
    source=SOURCE,
    min_players=2,
    max_players=8,
    options=OPTIONS,
    events=EVENTS,
    result_units=service.result_units,
    tally=service.TALLY,
    start=match.start,
    view=view,
    teams=True,
    tools=(SHOT_TOOL, LAG_TOOL, SPOT_TOOL),
    stylesheet="games/billiards.css",
    check_setup=match.check_setup,
    handlers=match.HANDLERS,
    finished=match.finished,
    order_rule=R5,
    turn_rule=R36,
    breaches=BREACHES,
)

__all__ = ["GAME"]
