"""Midnight Baseball: seven unseen cards each, rolled one by one to beat the table.

Rules source: the Midnight Baseball section of the poker texts (seed 004); readings in
referee/rulebook/poker_midnight_baseball.toml. The engine is the rolling core shared
with Mexican Sweat (``referee.games.poker_baseball.roll``), with baseball's special
cards: threes and nines wild (with their payment settings), a four's extra card,
rainouts. Events and ``view`` detail: see that module.
"""

from __future__ import annotations

from referee.games.base import Option
from referee.games.poker_baseball import roll
from referee.games.poker_baseball import specials
from referee.games.poker_baseball import table
from referee.games.poker_baseball.specials import FREE
from referee.games.poker_baseball.specials import PAY_OR_FOLD

VARIANT = roll.Variant(
    game_id="poker-midnight-baseball",
    title="Midnight Baseball",
    specials=True,
    fold_on_match=False,
)

OPTIONS = (
    roll.wild_option("threes", "three", PAY_OR_FOLD),
    roll.wild_option("nines", "nine", FREE),
    Option(
        "pay_four",
        "Pay for the four's card",
        "The extra card a four brings costs the price; decline to go without.",
        "boolean",
        False,
    ),
    Option(
        "rainouts",
        "Rainouts",
        "off; on (a queen of spades turned up redeals to the players still in); dome "
        "(rainouts stop after three in one hand).",
        "choice",
        "off",
        choices=specials.RAINOUT_CHOICES,
    ),
    roll.bet_after_out_option(),
    Option(
        "look",
        "Players may look",
        "Players look at their own cards and lay down the ones they choose.",
        "boolean",
        False,
    ),
    table.PRICE_OPTION,
    table.HANDS_OPTION,
)

GAME = roll.make_game(
    VARIANT,
    summary="Seven face-down cards each, nobody looks; roll cards one by one until "
    "your shown hand beats the table, paying for wild threes as baseball does. The "
    "referee says who rolls, what each payment costs, who is out and who bets first.",
    source="The Midnight Baseball text (seed 004). Readings: baseball's payment "
    "options that make sense for rolled cards; the table card is a one-card hand (a "
    "wild one an ace); to beat is to be strictly better; the high hand is passed "
    "over; the last player in wins.",
    options=OPTIONS,
)
