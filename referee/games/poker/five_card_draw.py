"""Five card draw: antes, betting, one exchange (or two), betting, the showdown.

The engine is the shared draw-poker table (``referee.games.poker.draw``); this module
declares the game: its variant record, its options (the text's standard variations),
its events and its showdown calculator. Events:

* ``deal`` ``{}``: the hand is dealt; everyone antes the ``ante`` option.
  ``"missing_ante": "Cy"`` says someone has not anted: refused, the cards wait.
* ``bet`` ``{"player": 1, "action": "raise", "amount": 5}``: check, bet, call, raise
  (by ``amount``) or fold, in turn from the dealer's left.
* ``draw`` ``{"player": 1, "count": 3}``: cards exchanged (0 stands pat); a four-card
  draw names the ace kept: ``{"count": 4, "shows": "AS"}``.
* ``show`` ``{"player": 1, "cards": "AS AD 9C 5H 3S"}``: a hand at the showdown;
  without ``cards`` the player concedes.
* ``end`` ``{}``: the session ends between hands.

Who acts (``draw.ACTORS``): the dealer deals, bets and exchanges go in turn, players
still in show; an event naming anyone else is refused citing its own rule and the
order of a hand (``order-of-play``, the game's turn rule). ``BREACHES`` documents a
refused request for every rule that forbids or requires something.

``view(state)["detail"]`` is described in ``referee.games.poker.draw``; each side is
``{"name", "score", "in", "put"}`` where ``score`` is the player's net chips over the
session (chips stay on the table; the referee keeps the account).
"""

from __future__ import annotations

from typing import Any

from referee.games.base import Breach
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.poker import draw
from referee.games.poker import drawing
from referee.games.poker import hands as hl
from referee.games.poker.tool import SHOWDOWN_TOOL
from referee.rulebook import cite

CITE = cite("poker-draw")
COMMON_RULES = (
    "deal",
    "ante",
    "betting",
    "order-of-play",
    "draw",
    "four-card-draw",
    "showdown",
    "hand-ranking",
    "wild-cards",
    "high-low",
    "split-pot",
    "session",
)
VARIANT = drawing.DrawVariant(
    game_id="poker-draw",
    rules={n: CITE(n) for n in (*COMMON_RULES, "double-draw", "lowball")},
    wild_option=True,
    double_draw=True,
    jacks_to_open=False,
    trips_to_win=False,
    progressive=False,
    winner_modes=drawing.WINNER_MODES,
    cited_when=(("wilds", "off"), ("winner", "high")),
)
ACTIONS = ("check", "bet", "call", "raise", "fold")


def view(state: JSON) -> JSON:
    board = draw.view(VARIANT, state, GAME.expects(state))
    opts = state["options"]
    names = {"high": "", "high-low": " (high/low)", "lowball": " (lowball)"}
    wild = "" if opts["wilds"] == "off" else f", {opts['wilds'].replace('-', ' ')} wild"
    board["detail"]["title"] = f"Five card draw{names[opts['winner']]}{wild}"
    return board


DEAL = {"type": "deal"}
DEAL_FIELDS = (
    Field(
        "missing_ante",
        "seat",
        "A player who has not put in the ante: the cards wait for every ante, so "
        "such a deal is refused. Left out: everyone has anted.",
        required=False,
        on_pages=False,  # a page's deal posts every ante
    ),
)
BET_FIELDS = (
    Field("player", "seat", "Who acts: the player whose turn it is."),
    Field("action", "choice", "check, bet, call, raise or fold.", choices=ACTIONS),
    Field(
        "amount",
        "integer",
        "Chips: the bet, or how much a raise adds; a call needs none (a smaller "
        "call is all in).",
        required=False,
        minimum=1,
        maximum=1_000_000,
    ),
)
DRAW_FIELDS = (
    Field("player", "seat", "Who exchanges: in turn from the dealer's left."),
    Field(
        "count",
        "integer",
        "Cards exchanged: 0 (stand pat) to 3, or 4 with an ace shown.",
        minimum=0,
        maximum=4,
    ),
    Field(
        "shows",
        "card",
        "For a four-card draw: the ace kept, shown to the table.",
        required=False,
    ),
)


def hand_field(help: str) -> Field:
    """A hand of five cards shown, optional (left out: none shown)."""
    return Field("cards", "cards", help, required=False, minimum=5, maximum=5)


SHOW_FIELDS = (
    Field("player", "seat", "Who shows."),
    hand_field("The five cards; leave out to concede without showing."),
)


def checks(*seats: int) -> tuple[JSON, ...]:
    """A check by each of ``seats`` in turn (worked examples)."""
    return tuple({"type": "bet", "player": p, "action": "check"} for p in seats)


def draws(*pairs: tuple[int, int]) -> tuple[JSON, ...]:
    """``(seat, count)`` exchanges in turn (worked examples)."""
    return tuple({"type": "draw", "player": p, "count": n} for p, n in pairs)


def draw_event(
    help: str, setup: tuple[JSON, ...], *more: Example, **example: Any
) -> EventKind:
    """The ``draw`` event of a draw poker game (``help``: its exchange limits),
    documented by Bob drawing three after ``setup`` (``example``: the rest of that
    example, such as its players), then by ``more`` examples."""
    (three,) = draws((1, 3))
    first = Example(three, setup=setup, title="Bob draws three", **example)
    return EventKind("draw", "Exchange", help, DRAW_FIELDS, (first, *more))


def show_event(title: str, help: str, *examples: Example) -> EventKind:
    """The ``show`` event: five cards shown at the showdown, or none."""
    return EventKind("show", title, help, SHOW_FIELDS, examples)


def end_event(help: str, example: Example) -> EventKind:
    """The ``end`` event: the session stops between hands."""
    return EventKind("end", "End the session", help, (), (example,))


BET_ROUND = (DEAL, *checks(1, 0))
DRAWN = (*BET_ROUND, *draws((1, 3), (0, 1)), *checks(1, 0))

EVENTS = (
    EventKind(
        type="deal",
        title="Deal",
        help="The dealer deals five cards down to each player; everyone antes.",
        fields=DEAL_FIELDS,
        examples=(
            Example(DEAL, title="Ann deals hand 1"),
            Example({**DEAL, "player": "Ann"}, title="Ann, the dealer, deals"),
        ),
    ),
    EventKind(
        type="bet",
        title="Bet",
        help="One betting action, in turn from the dealer's left: check, bet, call, "
        "raise (by the amount) or fold.",
        fields=BET_FIELDS,
        examples=(
            Example(
                {"type": "bet", "player": 1, "action": "bet", "amount": 5},
                setup=(DEAL,),
                title="Bob opens the betting for 5",
            ),
            Example(
                {"type": "bet", "player": 0, "action": "raise", "amount": 5},
                setup=(
                    DEAL,
                    {"type": "bet", "player": 1, "action": "bet", "amount": 5},
                ),
                title="Ann raises 5 to 10",
            ),
        ),
    ),
    draw_event(
        "How many cards a player exchanges, in turn from the dealer's left: up "
        "to three, or four by showing the ace kept (fewer than six players).",
        BET_ROUND,
        Example(
            {"type": "draw", "player": 1, "count": 4, "shows": "AS"},
            setup=BET_ROUND,
            title="Bob keeps an ace and draws four",
        ),
    ),
    show_event(
        "Show",
        "At the showdown each player still in shows five cards, or concedes by "
        "sending none. The referee names every hand, the winner and the split.",
        Example(
            {"type": "show", "player": 1, "cards": "KS KD 7C 4H 2S"},
            setup=DRAWN,
            title="Bob shows a pair of kings",
        ),
        Example(
            {"type": "show", "player": 1, "cards": "KS KD 7C 4H 2S"},
            setup=DRAWN,
            options={"wilds": "deuces"},
            title="Deuces wild: three kings",
        ),
    ),
    end_event(
        "Stop playing between hands; the referee gives each player's net chips.",
        Example({"type": "end"}, title="Stop before dealing"),
    ),
)

COMMON_OPTIONS = (
    Option(
        "ante",
        "Ante",
        "Chips each player puts in before every deal.",
        "integer",
        1,
        minimum=0,
        maximum=10_000,
    ),
    Option(
        "limit",
        "Most a bet or raise may be",
        "0: no limit (the text sets none).",
        "integer",
        0,
        minimum=0,
        maximum=1_000_000,
    ),
    Option(
        "max_raises",
        "Raises allowed a round",
        "0: no cap (the text sets none).",
        "integer",
        0,
        minimum=0,
        maximum=20,
    ),
    Option(
        "four_with_ace",
        "Four-card draw with an ace",
        "With five players or fewer, a player showing the ace kept may take four.",
        "boolean",
        True,
    ),
)
OPTIONS = (
    *COMMON_OPTIONS,
    Option(
        "double_draw",
        "Double draw",
        "A second exchange and betting round after the first.",
        "boolean",
        False,
    ),
    Option(
        "wilds",
        "Wild cards",
        "off, deuces, jokers (two added to the deck), deuces and jokers, or "
        "one-eyed jacks (JS JH).",
        "choice",
        "off",
        choices=tuple(drawing.WILD_CHOICES),
    ),
    Option(
        "five_of_a_kind",
        "Five of a kind",
        "With wild cards, five of a kind counts as the top hand.",
        "boolean",
        True,
    ),
    Option(
        "winner",
        "Who wins",
        "high (the high hand), high-low (high and low split the pot) or lowball "
        "(the low hand).",
        "choice",
        "high",
        choices=tuple(drawing.WINNER_MODES),
    ),
    Option(
        "low",
        "Low ranking",
        "For lowball and high-low: ace-to-five (straights and flushes do not "
        "count), deuce-to-seven (they count, ace high) or ace-to-six (they count, "
        "ace low).",
        "choice",
        "ace-to-five",
        choices=tuple(hl.LOW_RULES),
    ),
)

R = VARIANT.rule
THREE = ("Ann", "Bob", "Cy")
OPEN_ROUND = (DEAL, *checks(1, 2, 0))  # Ann deals; Bob, Cy, Ann check
# Ann folds to Bob's bet; Bob and Cy exchange and check: the showdown.
ANN_OUT = (
    DEAL,
    {"type": "bet", "player": 1, "action": "bet", "amount": 2},
    {"type": "bet", "player": 2, "action": "call"},
    {"type": "bet", "player": 0, "action": "fold"},
    *draws((1, 1), (2, 1)),
    *checks(1, 2),
)
BREACHES = (
    Breach(
        R("deal"),
        "Bob deals hand 1, which is Ann's to deal",
        Example({"type": "deal", "player": "Bob"}, players=THREE),
    ),
    Breach(
        R("ante"),
        "The cards are dealt before Cy has anted",
        Example({"type": "deal", "missing_ante": "Cy"}, players=THREE),
    ),
    Breach(
        R("betting"),
        "Cy bets before Bob, whose turn it is",
        Example(
            {"type": "bet", "player": 2, "action": "bet", "amount": 5},
            setup=(DEAL,),
            players=THREE,
        ),
    ),
    Breach(
        R("betting"),
        "Cy checks facing Bob's bet",
        Example(
            {"type": "bet", "player": 2, "action": "check"},
            setup=(DEAL, {"type": "bet", "player": 1, "action": "bet", "amount": 5}),
            players=THREE,
        ),
    ),
    Breach(
        R("order-of-play"),
        "Bob exchanges cards during the first betting round",
        Example({"type": "draw", "player": 1, "count": 2}, setup=(DEAL,)),
    ),
    Breach(
        R("draw"),
        "Cy exchanges before Bob, the first to draw",
        Example(*draws((2, 2)), setup=OPEN_ROUND, players=THREE),
    ),
    Breach(
        R("four-card-draw"),
        "Bob draws four without showing an ace",
        Example(*draws((1, 4)), setup=OPEN_ROUND, players=THREE),
    ),
    Breach(
        R("four-card-draw"),
        "With six players, Bob draws four showing an ace",
        Example(
            {"type": "draw", "player": 1, "count": 4, "shows": "AS"},
            setup=(DEAL, *checks(1, 2, 3, 4, 5, 0)),
            players=("Ann", "Bob", "Cy", "Di", "Ed", "Flo"),
        ),
    ),
    Breach(
        R("showdown"),
        "Ann, who folded, shows a hand at the showdown",
        Example(
            {"type": "show", "player": 0, "cards": "AS AD 9C 5H 3S"},
            setup=ANN_OUT,
            players=THREE,
        ),
    ),
    Breach(
        R("session"),
        "The session is ended in the middle of a hand",
        Example({"type": "end"}, setup=(DEAL,)),
    ),
)

GAME = Game(
    id=VARIANT.game_id,
    title="Five card draw",
    summary="Draw poker referee: antes, betting turns, the exchange limits, the "
    "showdown judged with wild cards, high/low or lowball, and the pot account.",
    source="The 5 Card Draw section of the poker rules (seed 004). Readings: the "
    "four-card draw with an ace is in the text's play and is on by default; the "
    "deal passes left after every hand; chips stay on the table.",
    min_players=2,
    max_players=7,
    **draw.game_parts(VARIANT),
    options=OPTIONS,
    events=EVENTS,
    view=view,
    tools=(SHOWDOWN_TOOL,),
    turn_rule=R("order-of-play"),
    breaches=BREACHES,
)
