"""The rolling games: Midnight Baseball and Mexican Sweat, declared on one core.

Rules sources: the Midnight Baseball and Mexican Sweat sections of the poker texts
(seed 004); readings in referee/rulebook/poker_midnight_baseball.toml and
mexican_sweat.toml. The engine is the rolling core (``roll.py``): midnight baseball
keeps baseball's special cards (threes and nines wild with their payment settings, a
four's extra card, rainouts); Mexican sweat has none, and the table card's rank folds
the roller. Events and ``view`` detail: see ``roll.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games.base import Breach
from referee.games.base import Example
from referee.games.fields import Option
from referee.games.outcomes import JSON
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

ANTE = {"type": "ante", "amount": 1}
TABLE = (ANTE, {"type": "table", "card": "8D"})  # Ann deals: Bob rolls first
# Bob rolls all seven without beating the ace on the table (no pair, wild or four).
ACE = (ANTE, {"type": "table", "card": "AD"})
MISSES = tuple(
    {"type": "roll", "card": c} for c in ("2C", "5D", "6H", "7S", "10C", "JD", "KH")
)


def _in(event: JSON, setup: tuple[JSON, ...] = TABLE, **options: object) -> Example:
    """A breaking event at the three-player table (Ann deals) after ``setup``."""
    return Example(event, setup=setup, players=("Ann", "Bob", "Cy"), options=options)


def shared_breaches(cite: Callable[[str], str]) -> tuple[Breach, ...]:
    """The breaches both rolling games share: antes, the deal, turns and betting."""
    beat = (*TABLE, {"type": "roll", "card": "KS"})  # Bob beats the 8: he bets first
    return (
        Breach(cite("ante"), "The antes go in twice in one deal", _in(ANTE, (ANTE,))),
        Breach(
            cite("deal"),
            "Bob turns up the table card while Ann deals",
            _in({"type": "table", "card": "8D", "player": "Bob"}, (ANTE,)),
        ),
        Breach(
            cite("lead"),
            "Cy rolls while Bob, at the dealer's left, leads",
            _in({"type": "roll", "player": "Cy", "card": "KS"}),
        ),
        Breach(
            cite("roll"),
            "Bob rolls on after his king has beaten the table",
            _in({"type": "roll", "card": "2C"}, beat),
        ),
        Breach(
            cite("betting"),
            "Cy bets first though Bob has just taken the high hand",
            _in({"type": "bet", "player": "Cy", "action": "bet", "amount": 1}, beat),
        ),
        Breach(
            cite("out"),
            "Bob, out of cards, still checks in the betting",
            _in({"type": "bet", "player": "Bob", "action": "check"}, ACE + MISSES),
        ),
        Breach(
            cite("no-bet-after-out"),
            "A bet after Bob goes out, in a match with no betting then",
            _in(
                {"type": "bet", "player": "Cy", "action": "check"},
                ACE + MISSES,
                bet_after_out=False,
            ),
        ),
    )


def midnight_breaches() -> tuple[Breach, ...]:
    """Midnight baseball's own: the payments as cards are rolled."""
    three = (*TABLE, {"type": "roll", "card": "3H"})
    return (
        *shared_breaches(MIDNIGHT_CITE),
        Breach(
            MIDNIGHT_CITE("payments"),
            "Bob rolls his next card before answering for his three",
            _in({"type": "roll", "card": "5C"}, three),
        ),
        Breach(
            MIDNIGHT_CITE("payments"),
            "Bob pays 1 for his three when the pot holds 3",
            _in({"type": "pay", "player": "Bob", "amount": 1}, three),
        ),
        Breach(
            MIDNIGHT_CITE("pay-threes"),
            "Bob declines a three he must pay for or fold",
            _in({"type": "decline", "player": "Bob"}, three),
        ),
        Breach(
            MIDNIGHT_CITE("pay-nines"),
            "Bob declines a nine under pay or fold for nines",
            _in(
                {"type": "decline", "player": "Bob"},
                (*TABLE, {"type": "roll", "card": "9H"}),
                nines=PAY_OR_FOLD,
            ),
        ),
        Breach(
            MIDNIGHT_CITE("pay-four"),
            "Bob rolls on before answering for his four's extra card",
            _in(
                {"type": "roll", "card": "5C"},
                (*TABLE, {"type": "roll", "card": "4H"}),
                pay_four=True,
            ),
        ),
    )


def mexican_breaches() -> tuple[Breach, ...]:
    """Mexican sweat's own: the fold on the table card's rank."""
    match = (*TABLE, {"type": "roll", "card": "8S"})  # Bob turns up an 8: he folds
    return (
        *shared_breaches(MEXICAN_CITE),
        Breach(
            MEXICAN_CITE("match"),
            "Bob rolls again after turning up the table card's rank",
            _in(
                {"type": "roll", "player": "Bob", "card": "KS"},
                match,
                bet_after_match=False,
            ),
        ),
        Breach(
            MEXICAN_CITE("no-bet-after-match"),
            "A bet after Bob's match fold, in a match with no betting then",
            _in(
                {"type": "bet", "player": "Cy", "action": "check"},
                match,
                bet_after_match=False,
            ),
        ),
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
    breaches=midnight_breaches(),
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
    breaches=mexican_breaches(),
)
