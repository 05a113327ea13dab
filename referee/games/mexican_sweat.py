"""Mexican Sweat: midnight baseball without special cards; the table's rank folds.

Rules source: the Mexican Sweat section of the poker texts (seed 004); readings in
referee/rulebook/mexican_sweat.toml. The engine is the rolling core shared with
Midnight Baseball (``referee.games.poker_baseball.roll``). Events and ``view`` detail:
see that module.
"""

from __future__ import annotations

from referee.games.base import Option
from referee.games.poker_baseball import roll
from referee.games.poker_baseball import table

VARIANT = roll.Variant(
    game_id="mexican-sweat",
    title="Mexican Sweat",
    specials=False,
    fold_on_match=True,
)

OPTIONS = (
    roll.bet_after_out_option(),
    Option(
        "bet_after_match",
        "Bet after a match fold",
        "A betting round after a roller folds on the table card's rank (off: the next "
        "player rolls at once).",
        "boolean",
        True,
    ),
    table.HANDS_OPTION,
)

GAME = roll.make_game(
    VARIANT,
    summary="Seven face-down cards each, nobody looks, no wild cards; roll until your "
    "shown hand beats the table, and fold at once on the table card's rank. The "
    "referee says who rolls, who is out and who bets first.",
    source="The Mexican Sweat text (seed 004). Readings: to beat is to be strictly "
    "better; the match fold comes before any comparison; the high hand is passed "
    "over; the last player in wins.",
    options=OPTIONS,
)
