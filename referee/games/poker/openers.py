"""May or must this hand open? The jacks-to-open dispute calculator.

Served as ``POST /api/v1/tools/poker-jacks-trips/openers`` (and its page). Request:
``cards`` (the hand, or the cards shown as openers: 2 to 5), ``needed`` (the pair
that opens now: ``jacks``, or ``queens``, ``kings``, ``aces`` after hands nobody
opened in the progressive jackpot) and ``wild`` (the progressive jackpot's wild rank
this hand, ``twos`` in the first; ``off`` without the jackpot).

Answer (``OPENERS_RESULT`` is its JSON Schema)::

    {"summary": "Pair of jacks, nine kicker opens (a pair of jacks or better): this
                 hand must open.",
     "verdict": "must open", "may_open": true, "must_open": true,
     "hand": {"name", "ranking", "category", "cards", "wilds", "key"},
     "openers": ["JH", "JD"], "needed": "jacks", "wild": "no wild cards",
     "rules": ["poker-jacks-trips/openers", "poker-jacks-trips/must-open", ...]}

A hand that can open must open, so ``may_open`` and ``must_open`` are equal: the
rules give a player holding openers no choice. ``openers`` are the cards to show
with the opening bet (empty when the hand cannot open).
"""

from __future__ import annotations

from referee.games.base import Tool
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import STRINGS
from referee.games.poker import hands as hl
from referee.games.poker.drawing import WILD_CYCLE
from referee.games.poker.jacks import OPENING_RANKS
from referee.games.poker.jacks import combination
from referee.games.poker.jacks import opens
from referee.games.poker.tool import HAND
from referee.games.schemas import RULES
from referee.games.schemas import record
from referee.rulebook import cite

CITE = cite("poker-jacks-trips")
R_OPENERS = CITE("openers")
R_MUST_OPEN = CITE("must-open")
R_RISING = CITE("rising-openers")
R_WILD = CITE("wild-cards")
R_JACKPOT = CITE("progressive-jackpot")
R_RANKING = CITE("hand-ranking")

# The words a table uses, each for its rank: "queens" is a pair of queens to open.
NEEDED = {hl.PLURAL[hl.RANK_VALUE[r]]: r for r in OPENING_RANKS}
WILD = {"off": None} | {hl.PLURAL[hl.RANK_VALUE[r]]: r for r in WILD_CYCLE}
VERDICTS = ("must open", "cannot open")
EXAMPLE = {"cards": "JH JD 9C 5S 3H", "needed": "jacks", "wild": "off"}

OPENERS_RESULT: JSON = record(
    {
        "summary": {"type": "string"},
        "verdict": {"enum": list(VERDICTS)},
        "may_open": {"type": "boolean"},
        "must_open": {
            "type": "boolean",
            "description": "A hand that can open must: always equal to may_open.",
        },
        "hand": HAND,
        "openers": {
            **STRINGS,
            "description": "The cards to show with the opening bet (the pair, two "
            "pair, trips or the whole hand); empty when the hand cannot open.",
        },
        "needed": {"enum": list(NEEDED)},
        "wild": {"type": "string"},
        "rules": RULES,
    }
)


def openers_tool(request: JSON) -> JSON:
    """Whether ``cards`` open against the ``needed`` pair with the ``wild`` rank."""
    cards = list(request["cards"])  # the game's 52-card deck: no jokers, no repeats
    needed = request.get("needed") or "jacks"
    wild_rank = WILD[request.get("wild") or "off"]
    wilds = hl.Wilds(ranks=frozenset({wild_rank}) if wild_rank else frozenset())
    hand = hl.best_high(cards, wilds)
    can = opens(hand, NEEDED[needed])
    floor = f"a pair of {needed} or better"
    rules = [R_OPENERS]
    if can:
        rules.append(R_MUST_OPEN)
    if NEEDED[needed] != OPENING_RANKS[0]:
        rules.append(R_RISING)
    if wild_rank:
        rules += [R_WILD, R_JACKPOT]
    rules.append(R_RANKING)
    name = hand.name[0].upper() + hand.name[1:]
    summary = (
        f"{name} opens ({floor}): this hand must open, showing "
        f"{' '.join(combination(hand))}."
        if can
        else f"{name} does not open ({floor}): pass (check) or fold."
    )
    return {
        "summary": summary,
        "verdict": VERDICTS[0] if can else VERDICTS[1],
        "may_open": can,
        "must_open": can,
        "hand": hand.to_json(),
        "openers": combination(hand) if can else [],
        "needed": needed,
        "wild": wilds.describe(),
        "rules": rules,
    }


OPENERS_TOOL = Tool(
    name="openers",
    title="May or must this hand open?",
    help="Jacks to open: a hand (or the cards shown as openers), the pair that opens "
    "now and the wild rank: whether it opens, the cards to show, and the rule that "
    "a hand that can open must open.",
    fields=(
        Field(
            "cards",
            "cards",
            "The hand, or the cards shown as openers (2 to 5).",
            minimum=2,
            maximum=5,
        ),
        Field(
            "needed",
            "choice",
            "The pair that opens now: jacks, or queens, kings, aces after hands "
            "nobody opened (progressive jackpot).",
            required=False,
            choices=tuple(NEEDED),
            default="jacks",
        ),
        Field(
            "wild",
            "choice",
            "The wild rank this hand in the progressive jackpot (twos in the "
            "first hand, then threes...); off without the jackpot.",
            required=False,
            choices=tuple(WILD),
            default="off",
        ),
    ),
    run=openers_tool,
    example=EXAMPLE,
    result=OPENERS_RESULT,
)
