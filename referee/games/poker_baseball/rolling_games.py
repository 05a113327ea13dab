"""The rolling games: Midnight Baseball and Mexican Sweat, declared on one core.

Rules sources: the Midnight Baseball and Mexican Sweat sections of the poker texts
(seed 004); readings in referee/rulebook/poker_midnight_baseball.toml and
mexican_sweat.toml. The engine is the rolling core (``roll.py``): midnight baseball
keeps baseball's special cards (threes and nines wild with their payment settings, a
four's extra card, rainouts); Mexican sweat has none, and the table card's rank folds
the roller. Events and ``view`` detail: see ``roll.py``.
"""

from __future__ import annotations

from referee.games.fields import Option
from referee.games.poker_baseball import roll
from referee.games.poker_baseball import specials
from referee.games.poker_baseball import table
from referee.games.poker_baseball.specials import FREE
from referee.games.poker_baseball.specials import PAY_OR_FOLD
from referee.rulebook import cite

SHARED_RULES = (
    "ante",
    "deal",
    "no-looking",
    "lead",
    "roll",
    "betting",
    "out",
    "no-bet-after-out",
    "end",
    "fold-high",
)
MIDNIGHT_CITE = cite("poker-midnight-baseball")
MIDNIGHT_RULES = (
    "table-card",
    "wild",
    "four",
    "payments",
    *roll.WILD_RULES.values(),
    "pay-four",
    "rainout",
    "look",
)
MIDNIGHT_VARIANT = roll.Variant(
    "poker-midnight-baseball",
    "Midnight Baseball",
    specials=True,
    fold_on_match=False,
    rules=table.Rules(
        {n: MIDNIGHT_CITE(n) for n in (*SHARED_RULES, *MIDNIGHT_RULES)},
        payment="payments",
        wild_rules=roll.WILD_RULES,
        wild_options=roll.WILD_OPTIONS,
        over="end",
    ),
)
MEXICAN_CITE = cite("mexican-sweat")
MEXICAN_RULES = ("match", "no-specials", "no-bet-after-match")
# no payments in Mexican sweat: nothing is special
MEXICAN_VARIANT = roll.Variant(
    "mexican-sweat",
    "Mexican Sweat",
    specials=False,
    fold_on_match=True,
    rules=table.Rules({n: MEXICAN_CITE(n) for n in (*SHARED_RULES, *MEXICAN_RULES)}),
)

MIDNIGHT_OPTIONS = (
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

MIDNIGHT = roll.make_game(
    MIDNIGHT_VARIANT,
    summary="Seven face-down cards each, nobody looks; roll cards one by one until "
    "your shown hand beats the table, paying for wild threes as baseball does. The "
    "referee says who rolls, what each payment costs, who is out and who bets first.",
    source="The Midnight Baseball text (seed 004). Readings: baseball's payment "
    "options that make sense for rolled cards; the table card is a one-card hand (a "
    "wild one an ace); to beat is to be strictly better; the high hand is passed "
    "over; the last player in wins.",
    options=MIDNIGHT_OPTIONS,
)

MEXICAN_OPTIONS = (
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

MEXICAN_SWEAT = roll.make_game(
    MEXICAN_VARIANT,
    summary="Seven face-down cards each, nobody looks, no wild cards; roll until your "
    "shown hand beats the table, and fold at once on the table card's rank. The "
    "referee says who rolls, who is out and who bets first.",
    source="The Mexican Sweat text (seed 004). Readings: to beat is to be strictly "
    "better; the match fold comes before any comparison; the high hand is passed "
    "over; the last player in wins.",
    options=MEXICAN_OPTIONS,
)
