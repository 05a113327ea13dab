"""Six card golf: two rows of three, pairs in a column cancel, lowest after nine deals.

Rules source: the Six Card Golf text in ../shared/seeds (002); readings in
referee/rulebook/golf_six.toml. The turn referee is shared with ten-card basketball
(``referee.games.layout``).

Events: ``deal`` ``{"upcard": "5D"}``; ``flip`` ``{"player", "position", "card"}``
(the two cards each player turns up before play, and the face-down cards turned up
when play ends); ``draw`` ``{"player", "source": "stock" | "discard", "card"}``;
``replace`` ``{"player", "position", "replaced"}``; ``discard`` ``{"player"}``.

``view(state)["detail"]`` holds the table (see ``layout.board.view``): ``layouts``
(each ``{"name", "cells", "live"}``), ``discard_top``, ``drawn``, ``stock``,
``packs_text``, ``history`` and ``last_deal``. Each side is ``{"name", "score" (the
total over the deals), "deal_score" (the face-up cards now), "face_down", "turns"}``.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.games import cards
from referee.games import layout as table
from referee.games.base import Breach
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.rulebook import cite

GAME_ID = "golf-six"
DEALS = 9
JOKER_VALUE = -2
FACE_TEN = ("J", "Q")
COLUMN_NAMES = ("left", "middle", "right")

CITE = cite(GAME_ID)
RULES = table.Rules.cite(
    CITE, "turn_two_up", "show", "end_of_play", "last_turns", "jokers"
)
R_CARD_VALUES = CITE("card-values")
R_COLUMN_PAIR = CITE("column-pair")


def card_value(card: str) -> int:
    """Ace 1, joker -2, two to ten as printed, jack and queen 10, king 0."""
    if card == cards.JOKER:
        return JOKER_VALUE
    rank = cards.rank(card)
    if rank == "A":
        return 1
    if rank == "K":
        return 0
    if rank in FACE_TEN:
        return 10
    return int(rank)


def score(layout: Sequence[str | None], options: JSON | None = None) -> table.Score:
    """Six cards in position order (None: face down, not counted yet), by column.

    ``options["absent"]`` names what a None is (the calculator's "not given yet").
    """
    absent = (options or {}).get("absent", "face down")
    parts: list[JSON] = []
    rules = [R_CARD_VALUES]
    total = 0
    for col in range(3):
        top, bottom = layout[col], layout[col + 3]
        shown = [c for c in (top, bottom) if c is not None]
        where = f"column {col + 1} ({COLUMN_NAMES[col]})"
        if len(shown) == 2 and cards.rank(top) == cards.rank(bottom):  # type: ignore[arg-type]
            points = 0
            why = f"{where}: a pair of {_plural(top)} scores 0"  # type: ignore[arg-type]
            rules.append(R_COLUMN_PAIR)
        else:
            points = sum(card_value(c) for c in shown)
            if not shown:
                why = f"{where}: both {absent}"
            else:
                why = (
                    f"{where}: "
                    + " + ".join(f"{c} {card_value(c)}" for c in shown)
                    + f" = {points}"
                )
                if len(shown) == 1:
                    why += f" (one {absent})"
        if cards.JOKER in shown:
            rules.append(RULES.jokers)
        total += points
        parts.append({"cards": list(shown), "points": points, "why": why})
    return table.Score(total, tuple(parts), tuple(dict.fromkeys(rules)))


LAYOUT = table.Layout(
    RULES,
    rows=2,
    cols=3,
    score=score,
    jokers=2,
    turn_up_before_play=2,
    replace_face_up=True,
    lowest_wins=True,
)


# --- the scoring calculator --------------------------------------------------------


def summary(got: table.Score) -> str:
    """What a golf layout's score says: its points and the column pairs."""
    pairs = sum(1 for p in got.parts if p["points"] == 0 and "pair" in p["why"])
    said = f"{got.points} points"
    if pairs:
        said += f" ({pairs} column pair{'s' if pairs > 1 else ''} cancelled)"
    return said


def score_tool(request: JSON) -> JSON:
    """A layout (six cards, positions 1-6) in; the score and why out; fewer cards
    are said to be incomplete unless ``so_far`` asks for the count so far."""
    return table.score_answer(LAYOUT, request, "columns", summary)


def _plural(card: str) -> str:
    if card == cards.JOKER:
        return "jokers"
    r = cards.rank(card)
    return {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings"}.get(r, f"{r}s")


# --- the game ------------------------------------------------------------------------

PLAYER = table.PLAYER
POSITION = Field(
    "position",
    "integer",
    "Layout position 1-6: far row 1 2 3, near row 4 5 6 (columns 1-4, 2-5, 3-6).",
    minimum=1,
    maximum=6,
)
REVEAL = (
    *table.DEAL,
    {"type": "flip", "player": 0, "position": 1, "card": "7H"},
    {"type": "flip", "player": 0, "position": 4, "card": "7C"},
    {"type": "flip", "player": 1, "position": 2, "card": "KS"},
    {"type": "flip", "player": 1, "position": 6, "card": "9D"},
)

EVENTS = (
    table.deal_event(
        "The dealer deals six cards each face down and turns the stock's top card up "
        "to start the discard pile: enter that card."
    ),
    EventKind(
        type="flip",
        title="Turn a card face up",
        help="Before play each player turns any two of their cards face up; when play "
        "ends, the cards still face down are turned up for the scoring.",
        fields=(
            PLAYER,
            POSITION,
            Field("card", "card", "The card that was face down there."),
        ),
        examples=(
            Example(REVEAL[1], setup=table.DEAL, title="Ann turns up 7H at position 1"),
        ),
    ),
    table.draw_event(REVEAL, "3H"),
    table.replace_event(
        (
            "Replace a layout card",
            "The drawn card goes face up at a position; the card that was there goes "
            "face up on the discard pile (a face-down one unseen until then: say "
            "which it was).",
        ),
        POSITION,
        "The card taken out of that position; needed when it was face down.",
        Example(
            {"type": "replace", "player": 1, "position": 3, "replaced": "QC"},
            setup=(
                *REVEAL,
                {"type": "draw", "player": 1, "source": "stock", "card": "3H"},
            ),
            title="Bob puts 3H at position 3; QC was there",
        ),
        Example(
            {"type": "replace", "player": 1, "position": 6},
            setup=(*REVEAL, {"type": "draw", "player": 1, "source": "discard"}),
            title="Bob puts the discard 5D over his face-up 9D",
        ),
    ),
    EventKind(
        type="discard",
        title="Discard the drawn card",
        help="A card drawn from the stock may be discarded instead; the turn ends. A "
        "card taken from the discard pile may not.",
        fields=(PLAYER,),
        examples=(
            Example(
                {"type": "discard", "player": 1},
                setup=(
                    *REVEAL,
                    {"type": "draw", "player": 1, "source": "stock", "card": "3H"},
                ),
                title="Bob discards the 3H he drew",
            ),
        ),
    ),
)

OPTIONS = (
    table.deals_option(
        "How many deals make the series; the lowest total after the last wins.", DEALS
    ),
    Option(
        "jokers",
        "Jokers",
        "Add two jokers to each pack; a joker scores minus two.",
        "boolean",
        False,
    ),
    Option(
        "last_turns",
        "Last turns",
        "When a player's sixth card is turned up, every other player has one more "
        "turn (off: play ends at once, as the rules text says).",
        "boolean",
        False,
    ),
)

TOOL_EXAMPLE = {"layout": "7H 2S KD 7C 9H QS"}
SCORE_TOOL = table.score_tool(
    LAYOUT,
    summary,
    TOOL_EXAMPLE,
    (
        "Golf layout score",
        "Six cards in position order (far row 1 2 3, then near row 4 5 6): the score "
        "column by column, pairs cancelled. Fewer cards are an incomplete layout: "
        "said so with no total, or counted so far when asked (so_far).",
        "Six cards: far row left to right, then near row, like 7H 2S KD 7C 9H QS.",
    ),
    (
        "columns",
        "Each column with its points and why (a pair of equal ranks scores 0).",
    ),
)


# --- what the referee checks ----------------------------------------------------------


def _stock_turn(seat: int, card: str, *then: JSON) -> tuple[JSON, ...]:
    return ({"type": "draw", "player": seat, "source": "stock", "card": card}, *then)


def _replace(position: int, replaced: str) -> JSON:
    return {"type": "replace", "player": 1, "position": position, "replaced": replaced}


# Bob (first to play) turns up his four hidden cards in four turns while Ann draws
# and discards; his fourth replacement shows all six.
ANN_PASSES = [
    _stock_turn(0, c, {"type": "discard", "player": 0}) for c in ["6H", "6D", "6C"]
]
BOB_GOES_OUT = (
    *REVEAL,
    *_stock_turn(1, "2H", _replace(1, "3C")),
    *ANN_PASSES[0],
    *_stock_turn(1, "2D", _replace(3, "3D")),
    *ANN_PASSES[1],
    *_stock_turn(1, "4H", _replace(4, "4C")),
    *ANN_PASSES[2],
    *_stock_turn(1, "4D", _replace(5, "4S")),
)
ANN_DRAWS = {"type": "draw", "player": 0, "source": "stock", "card": "8H"}

BREACHES = (
    *table.turn_breaches(
        RULES, REVEAL, {"type": "discard", "player": 1}, "7H 2S KD 7C 9H"
    ),
    Breach(
        RULES.turn_two_up,
        "Ann turns up a third card before play",
        Example(
            {"type": "flip", "player": 0, "position": 2, "card": "3S"},
            setup=REVEAL[:3],
        ),
    ),
    Breach(
        RULES.end_of_play,
        "Ann draws after Bob's sixth card is face up",
        Example(ANN_DRAWS, setup=BOB_GOES_OUT),
    ),
    Breach(
        RULES.last_turns,
        "Bob, who went out, draws again after Ann's last turn",
        Example(
            {**ANN_DRAWS, "player": 1, "card": "8D"},
            setup=(
                *BOB_GOES_OUT,
                *_stock_turn(0, "8H", {"type": "discard", "player": 0}),
            ),
            options={"last_turns": True},
        ),
    ),
    Breach(
        RULES.show,
        "Bob turns a card up during play instead of drawing",
        Example(
            {"type": "flip", "player": 1, "position": 1, "card": "3C"}, setup=REVEAL
        ),
    ),
)


GAME = LAYOUT.game(
    EVENTS,
    id=GAME_ID,
    title="Six card golf",
    summary="Turn referee for six card golf: draws, replacements, column pairs, the "
    "lowest total over nine deals. One pack for 2-4 players, two for 5-8, three for "
    "9-12.",
    source="The Six Card Golf text (seed 002). Readings: the lost diagram is two rows "
    "of three, positions 1-3 far, 4-6 near; play ends at once when a sixth card is "
    "up (option: last turns); up to twelve players on three packs.",
    min_players=2,
    max_players=12,
    options=OPTIONS,
    tools=(SCORE_TOOL,),
    deck="golf-six",
    breaches=BREACHES,
)
