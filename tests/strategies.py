"""Hypothesis strategies drawn from a game's own declarations, for the fuzz tests.

``event`` builds one event the way a player (careful or not) or a broken client
might send it: a kind the match expects or any kind, fields in range, just out of
range, missing or unknown, and garbage.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import NamedTuple

from hypothesis import strategies as st

from referee.games import cards
from referee.games.base import Game
from referee.games.darts import all_darts
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON

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


def _integer_option(o: Option) -> st.SearchStrategy[Any]:
    low = o.minimum if o.minimum is not None else 0
    return st.integers(
        low, min(o.maximum if o.maximum is not None else low + 9, low + 9)
    )


# Values of an option, by its kind: the keys are the option kinds of the table
# (referee.games.fields.KINDS), which a test checks.
OPTION_VALUES: dict[str, Callable[[Option], st.SearchStrategy[Any]]] = {
    "integer": _integer_option,
    "boolean": lambda o: st.booleans(),
    "choice": lambda o: st.sampled_from(o.choices),
}


def option_value(o: Option) -> st.SearchStrategy[Any]:
    return OPTION_VALUES[o.kind](o)


Careful = Callable[[Field, list[str], str | None], st.SearchStrategy[Any] | None]


def _seat_in_range(
    f: Field, players: list[str], turn: str | None
) -> st.SearchStrategy[Any]:
    return st.just(turn) if turn else st.sampled_from(players)


def _roll_in_range(f: Field, *_: Any) -> st.SearchStrategy[Any]:
    size = f.maximum or 3
    return st.lists(st.integers(1, 6), min_size=size, max_size=size)


# Values a careful player would send for a field, by its kind (None: use VALUES).
IN_RANGE: dict[str, Careful] = {
    "integer": lambda f, *_: (
        st.integers(f.minimum, f.maximum)
        if f.minimum is not None and f.maximum is not None
        else None
    ),
    "boolean": lambda f, *_: None,
    "string": lambda f, *_: None,
    "choice": lambda f, *_: st.sampled_from(f.choices),
    "seat": _seat_in_range,
    "side": _seat_in_range,
    "dart": lambda f, *_: st.sampled_from(DARTS),
    "darts": lambda f, *_: st.lists(
        st.sampled_from(DARTS), min_size=1, max_size=f.maximum or 3
    ),
    "die": lambda f, *_: st.integers(1, 6),
    "roll": _roll_in_range,
    "cards": lambda f, *_: None,
    "card": lambda f, *_: None,
    "list": lambda f, *_: None,
}


def in_range(
    f: Field, players: list[str], turn: str | None
) -> st.SearchStrategy[Any] | None:
    """Values a careful player would send for the field (None: use field_value)."""
    return IN_RANGE[f.kind](f, players, turn)


class Drawn(NamedTuple):
    """What a field's values are drawn from: the field, the game's deck, the seats."""

    f: Field
    deck: list[str]
    seat: st.SearchStrategy[Any]
    low: int
    high: int


def _dart(d: Drawn) -> st.SearchStrategy[Any]:
    return st.sampled_from(DARTS) | st.sampled_from(["T25", "D0", "X", ""])


def _roll(d: Drawn) -> st.SearchStrategy[Any]:
    size = d.f.maximum or 3
    exact = st.lists(st.integers(1, 6), min_size=size, max_size=size)
    return exact | st.lists(DIE, min_size=size - 1, max_size=size + 1)


def _cards(d: Drawn) -> st.SearchStrategy[Any]:
    return st.lists(
        st.sampled_from(d.deck),
        min_size=max((d.f.minimum or 0) - 1, 0),
        max_size=(d.f.maximum or 11) + 1,
    )


# Mostly values a field can take, sometimes ones just outside it, by its kind.
VALUES: dict[str, Callable[[Drawn], st.SearchStrategy[Any]]] = {
    "integer": lambda d: st.integers(d.low - 1, d.high + 1),
    "boolean": lambda d: st.booleans(),
    "string": lambda d: (
        st.text(max_size=(d.f.maximum or 8) + 1) | st.integers(0, 16).map(str)
    ),
    "choice": lambda d: st.sampled_from(d.f.choices) | st.text(max_size=4),
    "seat": lambda d: d.seat,
    "side": lambda d: d.seat,
    "dart": _dart,
    "darts": lambda d: st.lists(_dart(d), min_size=0, max_size=(d.f.maximum or 3) + 1),
    "die": lambda d: DIE,
    "roll": _roll,
    "cards": _cards,
    "card": lambda d: st.sampled_from(d.deck),
    "list": lambda d: st.lists(st.integers(-2, 16) | st.just("cue"), max_size=4),
}


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
    return VALUES[f.kind](Drawn(f, deck, seat, low, high))


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
