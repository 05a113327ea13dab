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

from referee.games.base import EventKind
from referee.games.base import Game
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Step


@dataclass(frozen=True)
class TablePlan:
    """One table of a round about to start: the match to create for it."""

    number: int
    teams: list[JSON]  # as ``ledger.create_match`` takes them
    options: JSON
    title: str
    players: list[str] | None = None  # a one-against-one match: its two players
    station: int | None = None  # the station (table key) that scores it
    round: int | None = None  # recorded on the match (``Match.round``)
    # Made in confirmation mode: side 0's scorer enters, side 1 confirms or
    # challenges each entry (a league's games); ``confirmer`` is the station whose
    # key stands for side 1 (the away captain's).
    confirm: bool = False
    confirmer: int | None = None


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


@dataclass(frozen=True)
class PathWrite:
    """A write a format takes at a path of its own, ``POST .../{id}/<path>`` (a bunko
    night's results, seating, corrections...), besides its ``events``.

    The API reads the body's ``fields`` (plus ``expected_seq``) into the event
    ``event`` (None: the next round, ``plan``); the OpenAPI document shows the
    request as the schema ``schema`` made of ``fields`` (name, JSON Schema).
    """

    path: str
    event: str | None
    operation: str
    summary: str
    schema: str
    fields: tuple[tuple[str, JSON], ...] = ()
    required: tuple[str, ...] = ()

    @property
    def names(self) -> set[str]:
        return {name for name, _ in self.fields}


@dataclass(frozen=True)
class Walk:
    """One step of a format's documented walk through its path writes: the OpenAPI
    examples, replayed in order on one live tournament by the tests."""

    path: str
    name: str
    summary: str
    body: JSON


class Format:
    """The interface of a tournament format; ``bunko_night.BunkoNight`` is one."""

    id: str = ""
    title: str = ""
    game: str = ""  # the game each table plays
    summary: str = ""
    # Which pages, API views and OpenAPI schemas show it (the web layer's lookup):
    # "night" (tables of four, rounds, rotation) or "pairing" (matches on stations).
    family: str = ""
    # What a create takes besides kind, title, players, seating and options (read
    # by ``parse_setup``): a pairing format's game, stations, ratings, teams.
    create_fields: tuple[str, ...] = ()
    # What ``parse_setup`` gives that the ``create`` event keeps.
    setup_fields: tuple[str, ...] = ()
    # Writes at paths of their own (``PathWrite``), and the documented walk
    # through them (``Walk``).
    paths: tuple[PathWrite, ...] = ()
    walk: tuple[Walk, ...] = ()
    options: tuple[Option, ...] = ()
    # Who may send each write besides the organiser: "table" means the table named
    # in the event, from its own phone.
    table_writes: frozenset[str] = frozenset()
    # True: the organiser starts each round (``plan``/``round_event``, a bunko
    # night); False: the service calls ready matches by itself (``calls``).
    organiser_rounds: bool = True
    seatings: tuple[str, ...] = ("given", "drawn")
    # True: ``apply`` never writes to the state it is given (it copies what it
    # changes), so the service folds without a defensive deep copy first.
    copies_state: bool = False
    # The events a client may send (``parse_event``), for the API and OpenAPI.
    events: tuple[EventKind, ...] = ()

    def parse_setup(self, raw: Mapping[str, Any], players: Sequence[str]) -> JSON:
        """What else a create names (the game, stations, ratings); none by default."""
        extra = sorted(k for k, v in raw.items() if v is not None and k != "seeding")
        if extra:
            raise BadInput(
                f"'{extra[0]}' is not a field of a {self.title.lower()}.",
                field=extra[0],
            )
        return {}

    def game_for(self, setup: JSON) -> str:
        """The game every table plays."""
        return self.game

    def stations_for(
        self, players: Sequence[str], setup: JSON, options: JSON | None = None
    ) -> int:
        """How many tables (each with its own key and PIN) the event has
        (``options``: the parsed options, where the count depends on them)."""
        return self.tables_for(players)

    def live_matches(self, state: JSON) -> dict[str, int]:
        """The matches ``sync``/``view`` read, by id, with their table's number."""
        rnd = current_round(state)
        if rnd is None:
            return {}
        return {t["match"]: t["number"] for t in rnd["tables"] if t.get("match")}

    def board_entry(
        self, state: JSON, number: int, live: TableMatch | None
    ) -> JSON | None:
        """One board's entry of ``view`` (a pairing, a table), computed alone: after
        a dart only that board changed. None if no board has that number now."""
        raise NotImplementedError

    def match_number(self, state: JSON, match_id: str) -> int | None:
        """The number ``sync`` knows a match of this tournament by, if it still
        counts: a board's write that changed its result is read even when the
        match is no longer live (a finished match undone after its station moved on).
        """
        return self.live_matches(state).get(match_id)

    def calls(self, state: JSON) -> list[TablePlan]:
        """Matches to create now, without the organiser (``organiser_rounds`` off)."""
        return []

    def call_numbers(self, event: JSON) -> list[int]:
        """The ``TablePlan.number`` of every match a ``call_event`` recorded (the
        pairing layer lists its calls; a league names a fixture's games)."""
        return [int(call["pairing"]) for call in event["calls"]]

    def allows(self, state: JSON, station: int, event: JSON) -> bool:
        """Whether a station's key may send this (parsed) event, one of
        ``table_writes``: by default, an event about its own table."""
        return bool(event.get("table") == station)

    def public_event(self, state: JSON, event: JSON) -> JSON:
        """A log row's event as anyone reading the log now may see it (``state``:
        the tournament's current state): all of it by default; a blind league
        line-up hides its names until the other team's is in."""
        return event

    def station_role(self, state: JSON, station: int) -> tuple[str, int]:
        """What a station is: ``("table", n)`` by default; a league's are
        ``("captain", team)`` and ``("fixture", f)``."""
        return ("table", station)

    def call_event(self, state: JSON, matches: Mapping[int, str]) -> JSON | None:
        """The event recording the matches made for ``calls`` (None: moot now)."""
        return None

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
        self,
        players: Sequence[str],
        options: JSON,
        draw: Sequence[int] | None,
        setup: JSON | None = None,
    ) -> JSON:
        """The ``create`` event: players, options, the draw, and ``parse_setup``'s
        (its ``setup_fields``), once ``check_create`` found them fit together."""
        self.check_create(players, options)
        return {
            "type": "create",
            "players": list(players),
            "options": dict(options),
            "draw": list(draw) if draw is not None else None,
            **{k: (setup or {}).get(k) for k in self.setup_fields},
        }

    def check_create(self, players: Sequence[str], options: JSON) -> None:
        """``BadInput`` if the options do not suit these players (none by default)."""

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


# Each module ends with ``FORMAT = ...``; a new format appends its module here.
FORMAT_MODULES = (
    "referee.formats.bunko_night",
    "referee.formats.round_robin",
    "referee.formats.single_elimination",
    "referee.formats.double_elimination",
    "referee.formats.swiss",
    "referee.formats.league",
)


# A create that names no kind makes a bunko night: documented (docs/api.md's first
# example, and the OpenAPI document's NewTournament default), so kept, from here.
DEFAULT_KIND = "bunko-night"


def registry() -> dict[str, Format]:
    """Every format by id (loaded on first use)."""
    import importlib

    found = [importlib.import_module(m).FORMAT for m in FORMAT_MODULES]
    return {f.id: f for f in found}


def get(kind: str) -> Format:
    """The format with this id; ``KeyError`` for an unknown one."""
    return registry()[kind]


def create_fields() -> tuple[str, ...]:
    """Every field some format's create takes besides the common ones, in order."""
    names = [f for fmt in registry().values() for f in fmt.create_fields]
    return tuple(dict.fromkeys(names))
