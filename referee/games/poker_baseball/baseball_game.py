"""Baseball's declaration: its events, options and worked examples, and the Game.

The engine is ``referee.games.poker_baseball.baseball`` (the rules, the board);
this module declares what the API and the pages publish about it.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from referee.games.base import Breach
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.base import Setup
from referee.games.fields import PLAYER
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.poker_baseball import baseball
from referee.games.poker_baseball import specials
from referee.games.poker_baseball import table
from referee.games.poker_baseball.specials import FREE
from referee.games.poker_baseball.specials import MODES
from referee.games.poker_baseball.specials import PAY_OR_FOLD


def view(state: JSON) -> JSON:
    return baseball.view(state, GAME.expects(state))


RANK_FIELD = Field(
    "rank",
    "choice",
    "Which face-down wild is paid for: 3 or 9.",
    choices=specials.WILD_RANKS,
)
SHOWN = Field(
    "cards",
    "cards",
    "Every card the player holds, face up and face down: 5D 9C KH KS 4C 2H 7D 8S.",
    minimum=5,
    maximum=12,
)
PLAYER_OPT = Field(
    "player",
    "seat",
    "Who gets the card (may be left out: the next player in turn).",
    required=False,
)
SETUP3 = ("Ann", "Bob", "Cy")
ANTE = {"type": "ante", "amount": 1}


def _after_ante(event: JSON, **more: Any) -> Example:
    """A worked example right after the ante at the three-player table."""
    return Example(event, setup=(ANTE,), players=SETUP3, **more)


THREE_UP = (ANTE, {"type": "up", "card": "3H"})  # a face-up three: a payment due
DEAL3 = (ANTE, {"type": "up", "card": "KD"}, {"type": "up", "card": "7C"})


def script(players: Sequence[str], dealt: Sequence[str], ante: int = 1) -> list[JSON]:
    """The events of a deal where ``dealt`` face-up cards go round and everyone checks.

    Builds worked examples (and test transcripts): each card goes to the player owed
    it; whenever a betting round is open, the player to act checks.
    """

    def play(state: JSON, event: JSON) -> JSON:
        # the script's events are canonical already, and never meet a payment
        return baseball.HANDLERS[event["type"]].run(copy.deepcopy(state), event).state

    state = baseball.start(Setup(tuple(players), {**baseball.USUAL, "hands": 1}))
    events: list[JSON] = [{"type": "ante", "amount": ante}]
    state = play(state, events[0])
    queue = list(dealt)
    while queue or state["phase"] == "bet":
        if state["phase"] == "bet":
            event: JSON = {
                "type": "bet",
                "player": state["round"]["turn"],
                "action": "check",
            }
        elif state["phase"] == "common":
            event = {"type": "common", "card": queue.pop(0)}
        elif state["phase"] == "deal":
            event = {"type": "up", "card": queue.pop(0)}
        else:
            break
        events.append(event)
        state = play(state, event)
    return events


# Bob: kings and deuces showing; Cy sevens and eights; Ann spades and hearts.
SHOWDOWN = tuple(
    script(
        SETUP3,
        ["KD", "7C", "5S", "KH", "7D", "6S", "2C", "8C", "10H", "2D", "8D", "JH"],
    )
)
SEVEN = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus")
# Four fours face up on third street: four extra cards, so seventh street is short.
SHORT = tuple(
    script(
        SEVEN,
        ["4S", "4H", "4D", "4C", "KD", "KH", "KC"]
        + ["2S", "2H", "2D", "2C", "5S", "5H", "5D"]
        + ["6S", "6H", "6D", "6C", "7S", "7H", "7D"]
        + ["8S", "8H", "8D", "8C", "10S", "10H", "10D"],
    )
)

EVENTS = (
    EventKind(
        "ante",
        "Ante",
        "Everyone antes this many chips; the deal starts.",
        (table.AMOUNT,),
        (Example(ANTE, players=SETUP3),),
    ),
    EventKind(
        "up",
        "Card face up",
        "A card dealt face up, to the player owed the next one.",
        (PLAYER_OPT, table.CARD),
        (
            _after_ante({"type": "up", "player": 1, "card": "KD"}),
            _after_ante(
                {"type": "up", "card": "3H"},
                title="A face-up three: match the pot or fold",
            ),
        ),
    ),
    table.answer_event(
        "pay",
        "The player owing a payment pays it (the referee says how much).",
        THREE_UP,
    ),
    table.answer_event(
        "decline",
        "The player declines an optional payment: the card stays at face value, or "
        "no extra card.",
        THREE_UP,
        up_threes="pay",
    ),
    table.answer_event(
        "fold",
        "The player folds: rather than pay, or in turn in the betting.",
        THREE_UP,
    ),
    EventKind(
        "pay_down",
        "Pay for a face-down wild",
        "A player pays for a face-down three or nine (option: pay for face-down "
        "wilds).",
        (PLAYER, RANK_FIELD, table.PAID),
        (
            _after_ante(
                {"type": "pay_down", "player": 0, "rank": "3"},
                options={"pay_down_wilds": True},
            ),
        ),
    ),
    EventKind(
        "turn_up",
        "Turn a four up",
        "A player turns a face-down four face up and gets the extra card.",
        (PLAYER, table.CARD),
        (_after_ante({"type": "turn_up", "player": 2, "card": "4S"}),),
    ),
    table.bet_event((*DEAL3, {"type": "up", "card": "5S"})),
    EventKind(
        "common",
        "Shared card",
        "Seventh street with too few cards: the one card turned up in the middle.",
        (table.CARD,),
        (Example({"type": "common", "card": "JS"}, setup=SHORT, players=SEVEN),),
    ),
    EventKind(
        "show",
        "Show",
        "At the showdown, all of a player's cards.",
        (PLAYER, SHOWN),
        (
            Example(
                {"type": "show", "player": 1, "cards": "KD KH 2C 2D AS AH QC"},
                setup=SHOWDOWN,
                players=SETUP3,
            ),
        ),
    ),
)


def _mode_option(name: str, label: str, rank: str, default: str) -> Option:
    return Option(
        name,
        label,
        f"A {rank} dealt face up: free (wild at no cost), pay (wild only if paid "
        f"for), or pay-or-fold (pay at once or fold).",
        "choice",
        default,
        choices=MODES,
    )


OPTIONS = (
    _mode_option("up_threes", "Face-up threes", "three", PAY_OR_FOLD),
    _mode_option("up_nines", "Face-up nines", "nine", FREE),
    Option(
        "pay_down_wilds",
        "Pay for face-down wilds",
        "Face-down threes and nines are paid for like face-up ones; unpaid, they play "
        "at face value.",
        "boolean",
        False,
    ),
    Option(
        "pay_four",
        "Pay for the four's card",
        "The extra card a face-up four brings costs the price; decline to go without.",
        "boolean",
        False,
    ),
    Option(
        "turn_up_fours",
        "Turn down fours up",
        "A player may turn a face-down four up to get the extra card.",
        "boolean",
        True,
    ),
    Option(
        "rainouts",
        "Rainouts",
        "off; on (a queen of spades face up redeals the hand to the players still in); "
        "dome (rainouts stop after three in one hand).",
        "choice",
        "off",
        choices=specials.RAINOUT_CHOICES,
    ),
    table.PRICE_OPTION,
    table.HANDS_OPTION,
)


R = baseball.rule
OPEN = (*DEAL3, {"type": "up", "card": "5S"})  # Bob's king opens the betting
BOB_FOLDS = (*THREE_UP, {"type": "fold", "player": "Bob"})
BREACHES = (
    Breach(R("ante"), "The antes go in twice in one deal", _after_ante(ANTE)),
    Breach(
        R("deal"),
        "Cy is named for the first face-up card, which is Bob's (Ann deals)",
        _after_ante({"type": "up", "player": "Cy", "card": "KD"}),
    ),
    Breach(
        R("streets"),
        "A face-up card while the third-street betting is still open",
        Example({"type": "up", "card": "QH"}, setup=OPEN, players=SETUP3),
    ),
    Breach(
        R("betting"),
        "Ann bets first though Bob's king is the best hand showing",
        Example(
            {"type": "bet", "player": "Ann", "action": "bet", "amount": 2},
            setup=OPEN,
            players=SETUP3,
        ),
    ),
    Breach(
        R("payment"),
        "Bob pays when no payment is owed",
        _after_ante({"type": "pay", "player": "Bob"}),
    ),
    Breach(
        R("payment"),
        "Bob pays 1 for his three when the pot holds 3",
        Example(
            {"type": "pay", "player": "Bob", "amount": 1},
            setup=THREE_UP,
            players=SETUP3,
        ),
    ),
    Breach(
        R("pay-up-threes"),
        "Bob declines the face-up three he must pay for or fold",
        Example({"type": "decline", "player": "Bob"}, setup=THREE_UP, players=SETUP3),
    ),
    Breach(
        R("pay-up-threes"),
        "Cy is dealt the next card before Bob answers for his three",
        Example({"type": "up", "card": "7C"}, setup=THREE_UP, players=SETUP3),
    ),
    Breach(
        R("pay-up-nines"),
        "Bob declines a face-up nine under pay or fold for nines",
        Example(
            {"type": "decline", "player": "Bob"},
            setup=(ANTE, {"type": "up", "card": "9H"}),
            players=SETUP3,
            options={"up_nines": PAY_OR_FOLD},
        ),
    ),
    Breach(
        R("pay-down-wilds"),
        "Bob pays for a face-down three when face-down wilds cost nothing",
        _after_ante({"type": "pay_down", "player": "Bob", "rank": "3"}),
    ),
    Breach(
        R("pay-four"),
        "The next card is dealt before Bob answers for his four's extra card",
        Example(
            {"type": "up", "card": "7C"},
            setup=(ANTE, {"type": "up", "card": "4H"}),
            players=SETUP3,
            options={"pay_four": True},
        ),
    ),
    Breach(
        R("turn-up-four"),
        "Cy turns a face-down four up in a match that does not allow it",
        _after_ante(
            {"type": "turn_up", "player": "Cy", "card": "4S"},
            options={"turn_up_fours": False},
        ),
    ),
    Breach(
        R("short-deck"),
        "A shared card while the pack can still go round",
        Example({"type": "common", "card": "JS"}, setup=DEAL3, players=SETUP3),
    ),
    Breach(
        R("showdown"),
        "Bob shows his cards before the last betting round",
        Example(
            {"type": "show", "player": "Bob", "cards": "KD 5D 6H 2C 10S JD QC"},
            setup=OPEN,
            players=SETUP3,
        ),
    ),
    Breach(
        R("fold"),
        "Bob, who folded rather than pay for his three, is named for a card",
        Example(
            {"type": "up", "player": "Bob", "card": "KD"},
            setup=BOB_FOLDS,
            players=SETUP3,
        ),
    ),
    Breach(
        R("fold"),
        "Cy folds while it is Bob's turn to bet",
        Example({"type": "fold", "player": "Cy"}, setup=OPEN, players=SETUP3),
    ),
)


GAME = Game(
    id=baseball.GAME_ID,
    title=baseball.TITLE,
    summary="Seven-card stud with threes and nines wild and an extra card for a "
    "face-up four: the referee follows every face-up card, says what each payment "
    "costs and who must pay or fold, keeps the pot and judges the showdown. Default: "
    "the way the text usually plays it.",
    source="The Baseball text (seed 004). Readings: stud streets and betting order, "
    "five of a kind tops, a payment costs the pot, unpaid face-down wilds play at "
    "face value, the dome counts per hand, a short seventh street gives a shared card.",
    min_players=3,
    max_players=7,
    options=OPTIONS,
    events=EVENTS,
    stylesheet="games/poker.css",
    start=baseball.start,
    view=view,
    deck="standard",
    handlers=baseball.HANDLERS,
    finished=baseball.FINISHED,
    before=baseball.BEFORE,
    order_rule=baseball.rule("streets"),
    turn_rule=baseball.rule("betting"),
    breaches=BREACHES,
)
