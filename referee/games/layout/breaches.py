"""What the referee checks in every card-layout game: a documented request that
breaks each turn rule the two games share (``Game.breaches``), built from the
game's ``Rules`` and a table where it is Bob's turn to draw (``ready``: Ann deals,
so Bob, on her left, plays first)."""

from __future__ import annotations

from referee.games.base import Breach
from referee.games.base import Example
from referee.games.layout.spec import Rules
from referee.games.outcomes import JSON

BOB = 1


def turn_breaches(
    rules: Rules, ready: tuple[JSON, ...], discard: JSON, short: str
) -> tuple[Breach, ...]:
    """The shared turn rules broken at ``ready``: ``discard`` is the game's discard
    event for Bob, ``short`` a layout one card short for the score calculator."""
    deal = ready[0]
    draw = {"type": "draw", "player": BOB, "source": "stock", "card": "3H"}
    taken = {"type": "draw", "player": BOB, "source": "discard"}
    return (
        Breach(
            rules.deal,
            "A second upcard while the deal is already under way",
            Example({"type": "deal", "upcard": "3C"}, setup=(deal,)),
        ),
        Breach(
            rules.positions,
            "A layout one card short is scored as if it were complete",
            tool="score",
            request={"layout": short},
        ),
        Breach(
            rules.turn_order,
            "Bob deals although it is Ann's deal",
            Example({**deal, "player": "Bob"}),
        ),
        Breach(
            rules.turn_order,
            "Ann draws while it is Bob's turn",
            Example({**draw, "player": 0}, setup=ready),
        ),
        Breach(
            rules.draw,
            "Bob draws a second card in one turn",
            Example({**draw, "card": "4H"}, setup=(*ready, draw)),
        ),
        Breach(
            rules.replace,
            "Bob puts a card into his layout without drawing one",
            Example(
                {"type": "replace", "player": BOB, "position": 3, "replaced": "QC"},
                setup=ready,
            ),
        ),
        Breach(
            rules.discard,
            "Bob discards without drawing a card",
            Example(discard, setup=ready),
        ),
        Breach(
            rules.taken_discard,
            "Bob takes the top discard and throws it straight back",
            Example(discard, setup=(*ready, taken)),
        ),
    )
