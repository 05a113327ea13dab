"""Tournament formats: how a multi-table event seats, scores and ranks (pure).

A format is to a tournament what an engine is to a match: plain functions over plain
JSON, no I/O, clock or randomness (a draw is an input). ``referee.tournaments`` stores
a tournament as an append-only log of format events and keeps one ``Match`` per table
per round; the format says what those events mean.

The state every format keeps, so the service can find the table matches:

* ``rounds``: a list, the current round last, each
  ``{"number", "tables": [{"number", "match", ...}], "results": {"<table>": {...}}}``;
* ``over``: the event is finished (no more rounds).

A format's events all have a ``type``. ``create`` opens the log; ``round`` seats a
round and names its matches; the others are the format's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.games.base import JSON
from referee.games.base import Game
from referee.games.base import Option
from referee.games.base import Step


@dataclass(frozen=True)
class TablePlan:
    """One table of a round about to start: the match to create for it."""

    number: int
    teams: list[JSON]  # as ``ledger.create_match`` takes them
    options: JSON
    title: str


@dataclass(frozen=True)
class TableMatch:
    """A table's match as the service read it: what ``sync``/``orders``/``view`` see."""

    number: int
    match: str
    version: int
    state: JSON  # the engine state
    board: JSON  # the engine's view of it


@dataclass(frozen=True)
class Order:
    """An event the tournament sends to one table's match (a bunko night's stop).

    ``key`` is the idempotency key of that append: the same order sent twice is
    recorded once.
    """

    table: int
    match: str
    event: JSON
    key: str


class Format:
    """The interface of a tournament format; ``bunko_night.BunkoNight`` is one."""

    id: str = ""
    title: str = ""
    game: str = ""  # the game each table plays
    summary: str = ""
    options: tuple[Option, ...] = ()
    # Who may send each write besides the organiser: "table" means the table named
    # in the event, from its own phone.
    table_writes: frozenset[str] = frozenset()

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        """Options with defaults filled in; unknown or bad ones are ``BadInput``."""
        # The same checks as a game's options: Game.parse_options reads only
        # ``options`` and ``title``, which a format has too.
        return Game.parse_options(self, raw)  # type: ignore[arg-type]

    def check_players(self, players: Sequence[Any]) -> tuple[str, ...]:
        raise NotImplementedError

    def tables_for(self, players: Sequence[str]) -> int:
        """How many tables these players fill."""
        raise NotImplementedError

    def create(
        self, players: Sequence[str], options: JSON, draw: Sequence[int] | None
    ) -> JSON:
        """The ``create`` event: players, options, and the draw if seats were drawn."""
        raise NotImplementedError

    def apply(self, state: JSON | None, event: JSON) -> Step:
        """Fold one event into a copy of the state (``None`` before ``create``)."""
        raise NotImplementedError

    def parse_event(self, raw: Any, state: JSON) -> JSON:
        """A write from a client, checked for shape and put in canonical form."""
        raise NotImplementedError

    def plan(
        self, state: JSON, seating: Mapping[str, Sequence[str]] | None = None
    ) -> tuple[int, list[TablePlan]]:
        """The next round's number and tables; ``Refused`` if it cannot start yet."""
        raise NotImplementedError

    def round_event(
        self,
        state: JSON,
        number: int,
        matches: Mapping[int, str],
        seating: Mapping[str, Sequence[str]] | None = None,
    ) -> JSON:
        """The ``round`` event seating ``number`` with the matches created for it."""
        raise NotImplementedError

    def sync(self, state: JSON, tables: Sequence[TableMatch]) -> list[JSON]:
        """Events that bring the log in line with the table matches (results)."""
        return []

    def follow_ups(self, state: JSON) -> list[JSON]:
        """Events a new state calls for at once (a bunko night's stop)."""
        return []

    def orders(self, state: JSON, tables: Sequence[TableMatch]) -> list[Order]:
        """Events still to send to table matches."""
        return []

    def view(self, state: JSON, tables: Sequence[TableMatch]) -> JSON:
        """The tournament as clients see it: tables, rounds, standings."""
        raise NotImplementedError


def current_round(state: JSON) -> JSON | None:
    """The round being played (or just finished), or None before the first."""
    rounds = state.get("rounds") or []
    return rounds[-1] if rounds else None


def registry() -> dict[str, Format]:
    """Every format by id (loaded on first use)."""
    from referee.formats.bunko_night import FORMAT as BUNKO_NIGHT

    return {BUNKO_NIGHT.id: BUNKO_NIGHT}


def get(kind: str) -> Format:
    """The format with this id; ``KeyError`` for an unknown one."""
    return registry()[kind]
