"""The bowling pairing card game: six row cards paired to ten, six frames averaged.

Rules source: the bowling card game text in ../shared/seeds (000, contributed by James
Thomas); readings in referee/rulebook/bowling_cards.toml. Two decks with two jokers
each (108 cards), three or four players. ``scoring.py`` holds the card values, pairs,
frame scores, the frame calculator and the rule ids; ``play.py`` the turn referee;
``board.py`` the view.

Events, frame by frame: ``row`` ``{"player", "cards"}`` (six row cards, left to
right); ``exchange`` ``{"player", "card"}`` (a ten-count hand card given back for a
new one); ``replace`` ``{"player", "position", "card"}`` (a hand card takes a row
card's place; ``source`` says where it came from, only ``hand`` allowed); ``upcard``
``{"card"}`` (the dealer starts the pile; play begins); ``draw`` ``{"player",
"source": "stock" | "pile", "card"}``; ``place`` ``{"player", "position", "card",
"source"}`` (the drawn card as a cover; a hand card is refused); ``discard``
``{"player", "card", "source"}`` (a hand card is never thrown away); ``pass``
``{"player"}`` (no last draw); ``show`` ``{"player", "cards"}`` (hand cards still
held when the frame is scored). Where a card came from is checked in ``sources.py``;
the documented breaches are in ``breaches.py``.

Hand cards stay secret until played or shown: the referee counts them.

``view(state)["detail"]``: ``frame``, ``frames``, ``dealer``, ``stock``, ``pile_top``,
``drawn``, ``ender``, ``last`` (who still has a last draw), ``tables`` (per player:
``cells`` with ``row``, ``cover``, ``kind``, ``mark`` (``X``, ``/``, a number or ``-``)
and ``points``; ``held``, ``target``, ``errors``, ``replaceable``, ``live``),
``history`` (each scored frame, its breakdown left to ``last_frame``), ``last_frame``
and ``winners``. Each side is ``{"name", "score" (the game score: the average of the
frames played), "total", "frames", "held"}``.
"""

from __future__ import annotations

from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.base import Tool
from referee.games.bowling_cards.board import view as board_view
from referee.games.bowling_cards.breaches import BREACHES
from referee.games.bowling_cards.examples import BOB_DRAWS
from referee.games.bowling_cards.examples import DEALT
from referee.games.bowling_cards.examples import EXAMPLE_PLAYERS
from referee.games.bowling_cards.examples import FRAME_END
from referee.games.bowling_cards.examples import LAST_DRAWS
from referee.games.bowling_cards.examples import ROWS
from referee.games.bowling_cards.examples import UPCARD
from referee.games.bowling_cards.play import HANDLERS
from referee.games.bowling_cards.play import finished
from referee.games.bowling_cards.play import start
from referee.games.bowling_cards.scoring import DECK
from referee.games.bowling_cards.scoring import FRAME_RESULT
from referee.games.bowling_cards.scoring import FRAMES
from referee.games.bowling_cards.scoring import GAME_ID
from referee.games.bowling_cards.scoring import HAND
from referee.games.bowling_cards.scoring import MAX_FRAME
from referee.games.bowling_cards.scoring import R_TURN_ORDER
from referee.games.bowling_cards.scoring import ROW
from referee.games.bowling_cards.scoring import frame_tool
from referee.games.bowling_cards.scoring import held_value
from referee.games.bowling_cards.scoring import pair
from referee.games.bowling_cards.scoring import score_frame
from referee.games.bowling_cards.scoring import strike_bonus
from referee.games.bowling_cards.scoring import ten_count
from referee.games.bowling_cards.scoring import values
from referee.games.bowling_cards.sources import DISCARD_CARD
from referee.games.bowling_cards.sources import DISCARD_SOURCE
from referee.games.bowling_cards.sources import PLACE_CARD
from referee.games.bowling_cards.sources import PLACE_SOURCE
from referee.games.bowling_cards.sources import REPLACE_SOURCE
from referee.games.fields import PLAYER
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON

__all__ = [
    "GAME",
    "HAND",
    "MAX_FRAME",
    "ROW",
    "TOOL_EXAMPLE",
    "held_value",
    "pair",
    "score_frame",
    "strike_bonus",
    "ten_count",
    "values",
]

# --- the game ------------------------------------------------------------------------

POSITION = Field(
    "position",
    "integer",
    "Row position 1-6, counted from the player's left.",
    minimum=1,
    maximum=6,
)


def _example(event: JSON, setup: tuple[JSON, ...], title: str) -> Example:
    return Example(event, setup=setup, players=EXAMPLE_PLAYERS, title=title)


def _player_only(type_: str, title: str, help: str, example: Example) -> EventKind:
    """An event whose one field is the player."""
    return EventKind(type_, title, help, (PLAYER,), (example,))


EVENTS = (
    EventKind(
        type="row",
        title="Deal a player's row",
        help="The six row cards dealt face up to one player, from the player's left "
        "to right. Every player's row comes before the hand cards.",
        fields=(
            PLAYER,
            Field(
                "cards",
                "cards",
                "Six cards, left to right, like 7H QD 5S KC 3D 9H.",
                minimum=ROW,
                maximum=ROW,
            ),
        ),
        examples=(_example(ROWS[0], (), "Bob's row: 7H QD 5S KC 3D 9H"),),
    ),
    EventKind(
        type="exchange",
        title="Give back a ten-count hand card",
        help="While the deal is finished, a hand card worth ten (10, J, Q) may be "
        "given back face up for a new one dealt face down. Lower cards are kept.",
        fields=(PLAYER, Field("card", "card", "The hand card given back.")),
        examples=(
            _example(
                {"type": "exchange", "player": 0, "card": "QS"},
                ROWS,
                "Ann gives back QS",
            ),
        ),
    ),
    EventKind(
        type="replace",
        title="Play a hand card on a row card",
        help="A hand card takes the place of a row card (uncovered, or an error with "
        "its cover): before play by anyone, later on the owner's turn. The cover "
        "and the row card are discarded, in that order.",
        fields=(
            PLAYER,
            POSITION,
            Field("card", "card", "The hand card played."),
            REPLACE_SOURCE,
        ),
        examples=(
            _example(
                {"type": "replace", "player": 1, "position": 2, "card": "KH"},
                ROWS,
                "Before play, Bob puts KH in place of his QD",
            ),
        ),
    ),
    EventKind(
        type="upcard",
        title="Start the pile",
        help="Once the rows and hand cards are dealt, one card is turned up from the "
        "stock to start the pile; the player left of the dealer plays first.",
        fields=(Field("card", "card", "The card turned up."),),
        examples=(
            _example(UPCARD, ROWS, "8C starts the pile"),
            _example({**UPCARD, "player": "Ann"}, ROWS, "Ann, the dealer, turns up 8C"),
        ),
    ),
    EventKind(
        type="draw",
        title="Draw",
        help="The player on turn draws the stock's top card (say which) or takes "
        "the pile's top card.",
        fields=(
            PLAYER,
            Field(
                "source",
                "choice",
                "Where the card came from: the stock or the pile.",
                choices=("stock", "pile"),
            ),
            Field(
                "card",
                "card",
                "The card drawn: needed from the stock; from the pile it is the "
                "known top card.",
                required=False,
            ),
        ),
        examples=(
            _example(BOB_DRAWS, DEALT, "Bob draws 3S from the stock"),
            _example(
                {"type": "draw", "player": 1, "source": "pile"},
                DEALT,
                "Bob takes 8C from the pile",
            ),
        ),
    ),
    EventKind(
        type="place",
        title="Place the drawn card as a cover",
        help="The drawn card covers the left-most row card still uncovered (a pair "
        "of ten or less), or, once all six are paired, replaces an error's cover "
        "to make ten.",
        fields=(
            PLAYER,
            Field(
                "position",
                "integer",
                "Row position 1-6: needed only to say which error is improved; "
                "otherwise the left-most uncovered one.",
                required=False,
                minimum=1,
                maximum=6,
            ),
            PLACE_CARD,
            PLACE_SOURCE,
        ),
        examples=(
            _example(
                {"type": "place", "player": 1, "position": 1},
                (*DEALT, BOB_DRAWS),
                "Bob puts 3S on his 7H: a spare",
            ),
            _example(
                {"type": "place", "player": "Bob", "card": "3S", "source": "drawn"},
                (*DEALT, BOB_DRAWS),
                "Bob says he lays the 3S he drew",
            ),
        ),
    ),
    EventKind(
        "discard",
        "Discard the drawn card",
        "The drawn card goes on the pile; the turn ends and the next draw goes "
        "to the same row card. Hand cards are never thrown away.",
        (PLAYER, DISCARD_CARD, DISCARD_SOURCE),
        (
            _example(
                {"type": "discard", "player": 1},
                (*DEALT, BOB_DRAWS),
                "Bob discards 3S",
            ),
        ),
    ),
    _player_only(
        "pass",
        "Let the last draw go",
        "After a frame ends, each other player may draw once; one who does not "
        "want to passes.",
        _example(
            {"type": "pass", "player": 2},
            FRAME_END,
            "Bob has six tens; Cy lets his last draw go",
        ),
    ),
    EventKind(
        type="show",
        title="Show the hand cards held",
        help="When the frame is scored, each player still holding hand cards shows "
        "them: they are deducted.",
        fields=(
            PLAYER,
            Field(
                "cards",
                "cards",
                "The hand cards still held, like 2D KS.",
                minimum=1,
                maximum=HAND,
            ),
        ),
        examples=(
            _example(
                {"type": "show", "player": 1, "cards": "AC 4D 8S"},
                LAST_DRAWS,
                "Bob still holds AC 4D 8S",
            ),
        ),
    ),
)

OPTIONS = (
    Option(
        "frames",
        "Frames",
        "How many frames make the game; the frames are averaged.",
        "integer",
        FRAMES,
        minimum=1,
        maximum=12,
    ),
    Option(
        "partial_improvement",
        "Partial improvement",
        "Once all six are paired, an error's cover may be replaced by one that "
        "raises it without reaching ten (off: only to make a spare or a strike).",
        "boolean",
        False,
    ),
)


def view(state: JSON) -> JSON:
    """The scoreboard (``board.view``), expecting what ``GAME`` offers."""
    return board_view(state, GAME.expects(state))


TOOL_EXAMPLE = {
    "pairs": ["QH/KS", "10D/2C", "7S/3H", "9C/AD", "JK/5D", "4C"],
    "held": ["2D"],
}

GAME = Game(
    id=GAME_ID,
    title="Bowling cards",
    summary="The bowling pairing card game: pair six row cards to ten, left to "
    "right; strikes, spares and errors; six frames averaged. Three or four players, "
    "two decks with two jokers each.",
    source="The bowling card game text contributed by James Thomas (seed 000). "
    "Readings: only tens, jacks and queens may be exchanged (a king counts zero); "
    "improving an error must make ten (option: any rise); the deal passes left.",
    min_players=3,
    max_players=4,
    options=OPTIONS,
    events=EVENTS,
    start=start,
    view=view,
    tools=(
        Tool(
            name="frame",
            title="Bowling cards frame score",
            help="Six positions left to right, each the row card and its cover "
            "(QH/KS) or the row card alone if uncovered, and any hand cards still "
            "held: the frame's score and why.",
            fields=(
                Field(
                    "pairs",
                    "list",
                    "Six positions: row card/cover, like QH/KS 7S/3H 4C.",
                ),
                Field(
                    "held",
                    "cards",
                    "Hand cards still held at the frame's end, like 2D.",
                    required=False,
                    minimum=0,
                    maximum=HAND,
                ),
            ),
            run=frame_tool,
            example=TOOL_EXAMPLE,
            result=FRAME_RESULT,
        ),
    ),
    deck=DECK,
    handlers=HANDLERS,
    finished=finished,
    order_rule=R_TURN_ORDER,
    turn_rule=R_TURN_ORDER,
    breaches=BREACHES,
)
