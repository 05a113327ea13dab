"""Gin rummy's events (with the examples the API documents) and match options."""

from __future__ import annotations

from referee.games.base import Breach
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.gin_rummy import scoring
from referee.games.gin_rummy.scoring import PRESETS

MAX_COUNT = 98  # the most deadwood ten cards can hold (no three of a rank, no run)

KNOCKER = Field("knocker", "seat", "Who knocked.")

KNOCK_EXAMPLE = {
    "type": "knock",
    "knocker": 1,
    "knocker_hand": "AS 2S 3S 7H 7D 7C 9D 10D JD 4C",
    "opponent_hand": "KS QH 5H 5D 8D 2H 3H 4H 8S JC",
}

EVENTS = (
    EventKind(
        type="upcard",
        title="First turn: the up-card",
        help="On each hand's first turn the non-dealer takes the turned-up card or "
        "passes; after a pass the dealer may take it; if both pass the non-dealer "
        "draws from the stock. Reporting these is optional.",
        fields=(
            Field(
                "player",
                "seat",
                "Who chooses: the non-dealer, then the dealer; anyone else is refused "
                "as out of turn.",
            ),
            Field("take", "boolean", "true to take the up-card, false to pass."),
        ),
        examples=(
            Example(
                {"type": "upcard", "player": 1, "take": True},
                title="Bob (non-dealer) takes the up-card",
            ),
            Example(
                {"type": "upcard", "player": 0, "take": False},
                setup=({"type": "upcard", "player": 1, "take": False},),
                title="Both pass: Bob draws from the stock",
            ),
        ),
    ),
    EventKind(
        type="knock",
        title="Knock (with the cards)",
        help="The knocker's cards after the discard and the opponent's cards: the "
        "referee finds both arrangements and the lay-offs, and scores the hand.",
        fields=(
            KNOCKER,
            Field(
                "knocker_hand",
                "cards",
                "The knocker's 10 cards after the discard "
                "(all 11 for big gin with the common preset).",
                minimum=10,
                maximum=11,
                label="Knocker's hand",
            ),
            Field(
                "opponent_hand",
                "cards",
                "The opponent's 10 cards.",
                minimum=10,
                maximum=10,
                label="Opponent's hand",
            ),
            Field(
                "laid_off",
                "cards",
                "Optional: the cards the opponent laid off onto the knocker's sets, "
                "each checked (none onto gin; each must extend a set). The score "
                "uses the lay-offs that leave the opponent the least deadwood.",
                required=False,
                minimum=1,
                maximum=10,
                label="Laid off",
            ),
        ),
        examples=(
            Example(KNOCK_EXAMPLE, title="Bob knocks with 4; Ann lays off 8D"),
            Example(
                {**KNOCK_EXAMPLE, "player": 1, "laid_off": "8D"},
                title="Bob, named as the player, knocks; Ann says she lays off 8D",
            ),
            Example(
                {
                    "type": "knock",
                    "knocker": 1,
                    "knocker_hand": "AS 2S 3S 7H 7D 7C 9D 10D JD QD",
                    "opponent_hand": "KS QH 5H 5D 8D 2H 3H 4H 8S JC",
                },
                title="Bob goes gin",
            ),
            Example(
                {
                    "type": "knock",
                    "knocker": 1,
                    "knocker_hand": "AS 2S 3S 7H 7D 7C 9D 10D JD QD KD",
                    "opponent_hand": "KS QH 5H 5D 8D 2H 3H 4H 8S JC",
                },
                options={"preset": "common"},
                title="Big gin (common preset)",
            ),
        ),
    ),
    EventKind(
        type="knock_counts",
        title="Knock (counts only)",
        help="For players who count their own deadwood: the knocker's count and the "
        "opponent's count after laying off.",
        fields=(
            KNOCKER,
            Field(
                "knocker_count",
                "integer",
                "The knocker's deadwood (10 or less).",
                minimum=0,
                maximum=MAX_COUNT,
                label="Knocker's deadwood",
            ),
            Field(
                "opponent_count",
                "integer",
                "The opponent's deadwood after laying off.",
                minimum=0,
                maximum=MAX_COUNT,
                label="Opponent's deadwood after laying off",
            ),
            Field("gin", "boolean", "The knocker went gin (count 0).", required=False),
            Field(
                "big_gin",
                "boolean",
                "All 11 cards in sets (common preset only).",
                required=False,
            ),
        ),
        examples=(
            Example(
                {
                    "type": "knock_counts",
                    "knocker": 0,
                    "knocker_count": 6,
                    "opponent_count": 31,
                },
                title="Ann knocks with 6",
            ),
            Example(
                {
                    "type": "knock_counts",
                    "knocker": 0,
                    "knocker_count": 0,
                    "opponent_count": 25,
                    "gin": True,
                },
                title="Ann goes gin",
            ),
        ),
    ),
    EventKind(
        type="cancel",
        title="Hand cancelled",
        help="Only two stock cards remain and the player who drew the one before them "
        "discarded without a knock: no score, the same dealer deals again.",
        fields=(),
        examples=(Example({"type": "cancel"}, title="The stock ran down"),),
    ),
)

OPTIONS = (
    Option(
        "preset",
        "Scoring values",
        "standard: gin 20, undercut 10 (the rules text). common: gin 25, "
        "undercut 25, big gin 31.",
        "choice",
        "standard",
        choices=tuple(PRESETS),
    ),
    Option(
        "target",
        "Game to",
        "A game ends when a player's hand points reach this.",
        "integer",
        scoring.TARGET,
        minimum=10,
        maximum=1000,
    ),
)

_ILLEGAL_KNOCK = {
    **KNOCK_EXAMPLE,
    "knocker_hand": "AS 2S 3S 7H 7D 7C 9D 10D KC QH",
    "opponent_hand": "KS JH 5H 5D 8D 2H 3H 4H 8S JC",
}
_GIN_HAND = "AS 2S 3S 7H 7D 7C 9D 10D JD QD"

BREACHES = (
    Breach(
        scoring.TURN,
        "Ann answers the up-card first, though she dealt",
        Example({"type": "upcard", "player": 0, "take": True}),
    ),
    Breach(
        scoring.TURN,
        "Bob knocks, but the knock is entered as Ann's move",
        Example({**KNOCK_EXAMPLE, "player": 0}),
    ),
    Breach(
        scoring.FIRST_TURN,
        "Ann asks for the up-card after Bob has taken it",
        Example(
            {"type": "upcard", "player": 0, "take": True},
            setup=({"type": "upcard", "player": 1, "take": True},),
        ),
    ),
    Breach(
        scoring.KNOCK,
        "Bob knocks with 39 deadwood",
        Example(_ILLEGAL_KNOCK),
    ),
    Breach(
        scoring.KNOCK,
        "Ann knocks counting 12 deadwood",
        Example(
            {
                "type": "knock_counts",
                "knocker": 0,
                "knocker_count": 12,
                "opponent_count": 30,
            }
        ),
    ),
    Breach(
        scoring.GIN,
        "Bob goes gin and Ann lays off 8D on his diamonds",
        Example({**KNOCK_EXAMPLE, "knocker_hand": _GIN_HAND, "laid_off": "8D"}),
    ),
    Breach(
        scoring.LAY_OFF,
        "Ann lays off KS, which fits none of Bob's sets",
        Example({**KNOCK_EXAMPLE, "laid_off": "8D KS"}),
    ),
    Breach(
        scoring.BIG_GIN,
        "Bob knocks with all 11 cards under the standard values",
        Example({**KNOCK_EXAMPLE, "knocker_hand": _GIN_HAND + " KD"}),
    ),
    Breach(
        scoring.CANCELLED,
        "The hand is called cancelled while the dealer answers the up-card",
        Example(
            {"type": "cancel"},
            setup=({"type": "upcard", "player": 1, "take": False},),
        ),
    ),
)
