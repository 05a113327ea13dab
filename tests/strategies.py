"""Hypothesis strategies drawn from a game's own declarations, for the fuzz tests.

``event`` builds one event the way a player (careful or not) or a broken client
might send it: a kind the match expects or any kind, fields in range, just out of
range, missing or unknown, and garbage.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from referee.games import cards
from referee.games.base import JSON
from referee.games.base import Field
from referee.games.base import Game
from referee.games.base import Option
from referee.games.darts import all_darts

DARTS = sorted({d.code for d in all_darts()})
SOMETIMES = (True, True, False, False, False)  # an optional field, or a careless one
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
DIE = st.integers(1, 6) | st.sampled_from([0, 7, "6", "x"])
GARBAGE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def option_value(o: Option) -> st.SearchStrategy[Any]:
    if o.kind == "boolean":
        return st.booleans()
    if o.kind == "integer":
        low = o.minimum if o.minimum is not None else 0
        return st.integers(
            low, min(o.maximum if o.maximum is not None else low + 9, low + 9)
        )
    return st.sampled_from(o.choices)


def in_range(
    f: Field, players: list[str], turn: str | None
) -> st.SearchStrategy[Any] | None:
    """Values a careful player would send for the field (None: use field_value)."""
    match f.kind:
        case "integer" if f.minimum is not None and f.maximum is not None:
            return st.integers(f.minimum, f.maximum)
        case "choice":
            return st.sampled_from(f.choices)
        case "seat" | "side":
            return st.just(turn) if turn else st.sampled_from(players)
        case "dart":
            return st.sampled_from(DARTS)
        case "darts":
            return st.lists(st.sampled_from(DARTS), min_size=1, max_size=f.maximum or 3)
        case "die":
            return st.integers(1, 6)
        case "roll":
            size = f.maximum or 3
            return st.lists(st.integers(1, 6), min_size=size, max_size=size)
    return None


def field_value(
    f: Field, game: Game, players: list[str], turn: str | None = None
) -> st.SearchStrategy[Any]:
    """Mostly values the field can take, sometimes ones just outside it."""
    low = f.minimum if f.minimum is not None else 0
    high = f.maximum if f.maximum is not None else low + 200
    deck = list(cards.DECKS[game.deck or "standard"].copies)
    seat = st.integers(-1, len(players)) | st.sampled_from(players)
    if turn:  # the player whose turn it is: most events are theirs
        seat = st.just(turn) | seat
    dart = st.sampled_from(DARTS) | st.sampled_from(["T25", "D0", "X", ""])
    match f.kind:
        case "integer":
            return st.integers(low - 1, high + 1)
        case "boolean":
            return st.booleans()
        case "string":
            return st.text(max_size=(f.maximum or 8) + 1) | st.integers(0, 16).map(str)
        case "choice":
            return st.sampled_from(f.choices) | st.text(max_size=4)
        case "seat" | "side":
            return seat
        case "dart":
            return dart
        case "darts":
            return st.lists(dart, min_size=0, max_size=(f.maximum or 3) + 1)
        case "die":
            return DIE
        case "roll":
            size = f.maximum or 3
            exact = st.lists(st.integers(1, 6), min_size=size, max_size=size)
            return exact | st.lists(DIE, min_size=size - 1, max_size=size + 1)
        case "card":
            return st.sampled_from(deck)
        case "cards":
            most = f.maximum or 11
            return st.lists(
                st.sampled_from(deck),
                min_size=max((f.minimum or 0) - 1, 0),
                max_size=most + 1,
            )
        case "list":
            return st.lists(st.integers(-2, 16) | st.just("cue"), max_size=4)
    return GARBAGE


def event(data: st.DataObject, game: Game, board: JSON, players: list[str]) -> JSON:
    """One event for ``game`` in the position ``board`` shows."""
    expects = board["expects"]
    kinds = [k for k in game.events if k.type in expects] or list(game.events)
    # half the time a careful player (the kind the match expects, every required
    # field, values in range), else anyone
    careful = data.draw(st.booleans())
    pick = st.sampled_from(kinds)
    kind = data.draw(pick if careful else pick | st.sampled_from(game.events))
    out: JSON = {"type": kind.type}
    for f in kind.fields:
        if careful and f.required or data.draw(st.sampled_from(SOMETIMES)):
            value = in_range(f, players, board["turn"]) if careful else None
            if value is None:
                value = field_value(f, game, players, board["turn"])
            out[f.name] = data.draw(value)
    if data.draw(st.sampled_from([True] + [False] * 19)):
        out[data.draw(st.sampled_from(["score", "seq", "x"]))] = 1
    return out
