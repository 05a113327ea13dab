"""Card-layout games (six card golf, ten-card basketball): the shared turn referee.

Each player has a grid of cards dealt face down (``rows`` x ``cols``). A turn draws the
stock's top card or the top discard, then the drawn card replaces a layout card (the
card taken out goes face up on the discard pile) or, drawn from the stock, is
discarded. What differs between the games is a ``Layout`` record: which positions a
drawn card may take, whether a discard turns a card up, when play ends, how a layout
scores, whether the lowest or the highest total wins, and the rule ids it cites.

Positions are numbered from 1 as the owner sees the layout: the far row left to
right, then the near row (golf: 1 2 3 / 4 5 6, columns 1-4, 2-5, 3-6).

State (a plain JSON dict): ``players``, ``teams`` ([]), ``options``, ``decks`` (packs
in play for this many players), ``deal`` (1-based), ``dealer`` (seat), ``phase``
(``deal`` -> ``reveal`` (golf) -> ``play`` -> ``show`` (golf) -> ``deal`` ... ``over``),
``layouts`` (per seat, a list of ``{"card": "7H" or None, "up": bool}``), ``pile``
(the discard pile, top last), ``stock`` (cards left in it), ``turn`` (seat or None),
``drawn`` (``{"card", "source"}`` or None), ``turns`` (turns taken this deal, per seat),
``ender`` (golf: who turned up a sixth card), ``last_turns`` (seats still owed a last
turn), ``totals``, ``history`` (one entry per scored deal, the latest
``HISTORY_WINDOW``: more than a game has), ``last_deal`` and
``winners`` (seats, when over).

Modules: ``spec`` (what a game declares), ``turns`` (the handlers), ``board`` (the
view); a game module makes its ``Game`` with ``LAYOUT.game(EVENTS, ...)``, which adds
the start, the handlers, the end, the view and the turn-order rule to its header.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.base import Tool
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.layout.board import score_result
from referee.games.layout.board import view as board_view
from referee.games.layout.breaches import turn_breaches
from referee.games.layout.spec import Rules
from referee.games.layout.spec import Score
from referee.games.layout.spec import Spec
from referee.games.layout.turns import finished as turns_finished
from referee.games.layout.turns import handlers as turns_handlers
from referee.games.layout.turns import start as turns_start
from referee.games.outcomes import JSON
from referee.games.outcomes import Refused

__all__ = ["Layout", "Rules", "Score", "score_result", "turn_breaches"]


@dataclass(frozen=True)
class Layout(Spec):
    """A layout game's ``Spec`` with the engine contract made from it."""

    def start(self, setup: Setup) -> JSON:
        return turns_start(self, setup)

    def handlers(self, events: Iterable[EventKind]) -> dict[str, Handler]:
        return turns_handlers(self, [k.type for k in events])

    def finished(self, state: JSON) -> Refused | None:
        return turns_finished(self, state)

    def view(self, state: JSON, expects: list[str]) -> JSON:
        return board_view(self, state, expects)

    def game(self, events: tuple[EventKind, ...], **header: Any) -> Game:
        """The game's ``Game``: its ``header`` (id, texts, players, options, tools,
        deck...) with the engine contract made from this layout; its view is the
        table (``board.view``) expecting what the game offers, and the lower total
        wins a tournament result where it wins the series (unless ``header`` says
        otherwise)."""

        def view(state: JSON) -> JSON:
            return self.view(state, game.expects(state))

        game = Game(
            events=events,
            start=self.start,
            view=view,
            handlers=self.handlers(events),
            finished=self.finished,
            order_rule=self.rules.turn_order,
            turn_rule=self.rules.turn_order,
            **{"lower_wins": self.lowest_wins, **header},
        )
        return game


# --- what the two games' event kinds and options share ------------------------------

MOST_DEALS = 18
PLAYER = Field("player", "seat", "Who plays: seat number from 0, or the name.")


# The worked examples' deal: 5D starts the discard pile.
DEAL = ({"type": "deal", "upcard": "5D"},)


def deal_event(help: str) -> EventKind:
    """The deal: the card turned up to start the discard pile."""
    return EventKind(
        type="deal",
        title="Deal: the card turned up",
        help=help,
        fields=(Field("upcard", "card", "The card that starts the discard pile."),),
        examples=(
            Example(DEAL[0], title="Ann deals; 5D starts the discards"),
            Example(
                {**DEAL[0], "player": "Ann"},
                title="Ann, the dealer, says she deals; 5D starts the discards",
            ),
        ),
    )


def deals_option(help: str, default: int) -> Option:
    """How many deals make the series (the shared referee reads ``deals``)."""
    return Option(
        "deals", "Deals", help, "integer", default, minimum=1, maximum=MOST_DEALS
    )


def draw_event(setup: tuple[JSON, ...], card: str) -> EventKind:
    """A draw from the stock (the card named) or of the top discard; its examples,
    after ``setup``, are Bob drawing ``card`` from the stock or taking the 5D."""
    examples = (
        Example(
            {"type": "draw", "player": 1, "source": "stock", "card": card},
            setup=setup,
            title=f"Bob draws {card} from the stock",
        ),
        Example(
            {"type": "draw", "player": 1, "source": "discard"},
            setup=setup,
            title="Bob takes the discard 5D",
        ),
    )
    return EventKind(
        type="draw",
        title="Draw",
        help="The player on turn draws the stock's top card (say which) or takes the "
        "top discard.",
        fields=(
            PLAYER,
            Field(
                "source",
                "choice",
                "Where the card came from: the stock or the discard pile.",
                choices=("stock", "discard"),
            ),
            Field(
                "card",
                "card",
                "The card drawn: needed from the stock; from the discard pile it is "
                "the known top card.",
                required=False,
            ),
        ),
        examples=examples,
    )


def replace_event(
    texts: tuple[str, str], position: Field, replaced_help: str, *examples: Example
) -> EventKind:
    """The drawn card put at ``position``; ``replaced`` names the card taken out
    (``texts``: the kind's title and help)."""
    title, help_ = texts
    return EventKind(
        type="replace",
        title=title,
        help=help_,
        fields=(
            PLAYER,
            position,
            Field(
                "replaced",
                "card",
                replaced_help,
                required=False,
                label="Card that comes out",
            ),
        ),
        examples=examples,
    )


SO_FAR = Field(
    "so_far",
    "boolean",
    "Score the cards given so far even if the layout is not complete (a partial "
    "count, said to be one). Left out: an incomplete layout is only said to be "
    "incomplete, with no total.",
    required=False,
    default=False,
)


def score_answer(
    layout: Layout,
    request: JSON,
    parts: str,
    summary: Callable[[Score], str],
) -> JSON:
    """A layout score calculator's answer (``parts``: golf's ``columns``,
    basketball's ``groups``; ``summary`` says what a score is, without the full
    stop); see ``score_result`` for its schema.

    A layout is complete with exactly ``layout.size`` cards (the positions rule).
    Fewer, the answer says it is incomplete and gives no total, unless the request
    asks ``so_far``: then the cards given are scored in position order and the
    answer says that is a partial count. More cannot be sent (the field's maximum).
    """
    given = list(request["layout"])
    size = layout.size
    complete = len(given) == size
    so_far = not complete and bool(request.get("so_far"))
    grid = [given[r : r + layout.cols] for r in range(0, len(given), layout.cols)]
    answer: JSON = {"complete": complete, "so_far": so_far, "cards": len(given)}
    answer["size"] = size
    positions = layout.rules.positions
    if not complete and not so_far:
        return {
            **answer,
            "points": None,
            "grid": grid,
            parts: [],
            "rules": [positions],
            "summary": f"Incomplete layout: {len(given)} of {size} cards, and a "
            f"layout has {size} ({positions}). Nothing is scored; ask for "
            "so_far to count the cards so far.",
        }
    # positions past the cards given are not counted yet, like face-down cards
    padded = [*given, *([None] * (size - len(given)))]
    got = layout.score(padded, {"absent": "not given yet"})
    said = summary(got)
    rules = list(got.rules)
    if so_far:
        said = (
            f"So far, a partial count: {said} from {len(given)} of {size} cards "
            "(the layout is incomplete)"
        )
        rules = [positions, *rules]
    return {
        **answer,
        "points": got.points,
        "grid": grid,
        parts: [dict(p) for p in got.parts],
        "rules": rules,
        "summary": said + ".",
    }


def score_tool(
    layout: Layout,
    summary: Callable[[Score], str],
    example: JSON,
    texts: tuple[str, str, str],
    parts: tuple[str, str],
) -> Tool:
    """The ``score`` calculator of a layout game: ``texts`` its title, help and the
    ``layout`` field's help; ``parts`` the answer's key for the scored pieces and
    their help; ``summary`` what a score says (``score_answer``)."""
    title, help_, field_help = texts

    def run(request: JSON) -> JSON:
        return score_answer(layout, request, parts[0], summary)

    field = Field("layout", "cards", field_help, minimum=1, maximum=layout.size)
    return Tool(
        name="score",
        title=title,
        help=help_,
        fields=(field, SO_FAR),
        run=run,
        example=example,
        result=score_result(*parts),
    )
