"""The contract every rule engine keeps: games, events, rulings and the two errors.

An engine is pure: ``start(setup) -> state``, ``apply(state, event) -> Step`` and
``view(state) -> board``. State, events and boards are plain JSON values, so the
ledger can store them, replay them and send them over the API unchanged.

Three outcomes for any input, kept apart all the way to the HTTP status:

* ``BadInput``: the input cannot describe anything real (``T25``, a die showing 7).
  Rejected, nothing stored (422).
* ``Refused``: well formed, but against the rules in this state, and the player can
  do something else instead (a roll out of turn). Nothing stored (409).
* a ``Ruling`` in a ``Step``: it happened; fouls and busts are recorded with their
  penalty (201).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from enum import StrEnum
from typing import Any

from referee.games import text

JSON = dict[str, Any]


class Verdict(StrEnum):
    """What the referee says about an event that happened."""

    OK = "ok"
    WIN = "win"  # the event ended a leg, game or match
    FOUL = "foul"
    BUST = "bust"
    WIPEOUT = "wipeout"
    WARNING = "warning"
    FORFEIT = "forfeit"
    ILLEGAL = "illegal"  # only inside a Refused: nothing was recorded
    VOID = "void"  # a hand or rack cancelled without score


class BadInput(ValueError):
    """Input that cannot describe anything real; names the field, shows an example."""

    def __init__(
        self, message: str, *, field: str = "event", example: str = ""
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.example = example

    @property
    def errors(self) -> dict[str, str]:
        text = self.message
        if self.example and "e.g." not in text and "example" not in text.lower():
            text = f"{text} Example: {self.example}"
        return {self.field: text}

    def __str__(self) -> str:
        return self.errors[self.field]


class Refused(ValueError):
    """A well-formed action the rules do not allow now; carries the ruling."""

    def __init__(self, summary: str, rules: Sequence[str] = (), **extra: Any) -> None:
        super().__init__(summary)
        self.ruling = Ruling(Verdict.ILLEGAL, summary, tuple(rules), **extra)


@dataclass(frozen=True)
class Penalty:
    """A penalty applied to a side: who, why, how many points (negative = lost)."""

    side: str
    reason: str
    points: int = 0
    rule: str = ""

    def to_json(self) -> JSON:
        return {
            "side": self.side,
            "reason": self.reason,
            "points": self.points,
            "rule": self.rule,
        }


@dataclass(frozen=True)
class Ruling:
    """What the referee says: a verdict, one sentence, the rules it rests on.

    ``score`` maps a side's name to the change this event made to its score;
    ``options`` names the match options that changed this ruling.
    """

    verdict: Verdict | str
    summary: str
    rules: tuple[str, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    score: Mapping[str, int] = field(default_factory=dict)
    options: tuple[str, ...] = ()

    def to_json(self) -> JSON:
        return {
            "verdict": str(self.verdict),
            "summary": self.summary,
            "rules": list(self.rules),
            "penalties": [p.to_json() for p in self.penalties],
            "score": dict(self.score),
            "options": list(self.options),
        }


STRINGS: JSON = {"type": "array", "items": {"type": "string"}}

# JSON Schemas of Penalty.to_json() and Ruling.to_json(), for tools that answer with
# a ruling (the OpenAPI document uses the same ones).
PENALTY_SCHEMA: JSON = {
    "type": "object",
    "required": ["side", "reason", "points", "rule"],
    "properties": {
        "side": {"type": "string"},
        "reason": {"type": "string"},
        "points": {"type": "integer"},
        "rule": {"type": "string"},
    },
    "additionalProperties": False,
}
RULING_SCHEMA: JSON = {
    "type": "object",
    "required": ["verdict", "summary", "rules", "penalties", "score", "options"],
    "properties": {
        "verdict": {"enum": [str(v) for v in Verdict]},
        "summary": {"type": "string"},
        "rules": STRINGS,
        "penalties": {"type": "array", "items": PENALTY_SCHEMA},
        "score": {"type": "object", "additionalProperties": {"type": "integer"}},
        "options": STRINGS,
    },
    "additionalProperties": False,
}


# A hand-by-hand history in the state keeps its latest entries only: the rules never
# read further back, and a match of 1,000 hands would otherwise carry (and copy into
# every answer) all 1,000. The whole history is ``Game.history``, folded from the log
# when a page asks for it. Longer than any real game: a gin game to 100 takes about
# ten hands, golf and basketball at most 18 deals, bowling cards 12 frames.
HISTORY_WINDOW = 32


def recent(history: Sequence[JSON], record: JSON) -> list[JSON]:
    """``history`` with ``record`` added, keeping the latest ``HISTORY_WINDOW``.

    A state stored before the window existed (a longer list) loads as it is and is
    cut here, at its next entry.
    """
    return [*history[max(0, len(history) - HISTORY_WINDOW + 1) :], record]


@dataclass(frozen=True)
class Step:
    """The result of applying one event: the new state and the ruling on it."""

    state: JSON
    ruling: Ruling


# --- describing events and options -------------------------------------------------

FIELD_KINDS = (
    "integer",  # a whole number, bounded by minimum/maximum
    "boolean",
    "string",  # free text, bounded by maximum (length)
    "choice",  # one of ``choices``
    "seat",  # a player: 0-based index or exact name; stored as the index
    "side",  # a side (player or team): index or name; stored as the index
    "dart",  # one dart in NOTATION.md form, stored canonical ("T20")
    "darts",  # 1..maximum darts, stored as a list of canonical darts
    "die",  # one plain die 1..6
    "roll",  # exactly ``maximum`` plain dice (or minimum..maximum), stored as ints
    "cards",  # a list of cards from the game's deck, stored canonical
    "card",  # one card
    "list",  # a list of raw values, checked by the engine
)


@dataclass(frozen=True)
class Field:
    """One field of an event or tool request."""

    name: str
    kind: str
    help: str
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    default: Any = None

    def __post_init__(self) -> None:
        if self.kind not in FIELD_KINDS:
            raise ValueError(f"unknown field kind {self.kind!r}")


@dataclass(frozen=True)
class Example:
    """An event that is legal after ``setup`` (earlier events) in a fresh match.

    Used by the OpenAPI document and by a test that replays every example.
    """

    event: JSON
    setup: tuple[JSON, ...] = ()
    players: tuple[str, ...] = ("Ann", "Bob")
    options: Mapping[str, Any] = field(default_factory=dict)
    title: str = ""


@dataclass(frozen=True)
class EventKind:
    """A kind of event a game accepts (``{"type": "dart", "dart": "T20"}``)."""

    type: str
    title: str
    help: str
    fields: tuple[Field, ...]
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class Option:
    """A match option: a variant rule or a match length, with its default."""

    name: str
    label: str
    help: str
    kind: str  # "integer", "boolean" or "choice"
    default: Any
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True)
class Setup:
    """Who plays and under which options; what ``start`` receives."""

    players: tuple[str, ...]
    options: Mapping[str, Any]
    teams: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (team name, its players)


@dataclass(frozen=True)
class Tool:
    """A stateless calculator (``POST /api/v1/tools/{game}/{name}``).

    ``result`` is the JSON Schema of what ``run`` answers: the OpenAPI document
    publishes it, and a test checks the example's answer against it.
    """

    name: str
    title: str
    help: str
    fields: tuple[Field, ...]
    run: Callable[[JSON], JSON]
    example: JSON
    result: JSON = field(default_factory=dict)


Parser = Callable[[Field, Any, JSON | None], Any]


@dataclass(frozen=True)
class Handler:
    """How an engine takes one event type: ``run(state, event)`` on a state it owns.

    ``run`` may change ``state`` in place (``Game.apply`` copied it once already) and
    returns the Step. ``when(state)`` says whether the event is offered now (None:
    whenever the game is not over); ``Game.expects`` is made from it, so what a page
    offers and what the engine takes cannot drift apart.
    """

    run: Callable[[JSON, JSON], Step]
    when: Callable[[JSON], bool] | None = None


@dataclass(frozen=True)
class Game:
    """A game's static description and its pure functions; one per engine module."""

    id: str
    title: str
    summary: str
    source: str  # where the rules come from, and the reading chosen
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    events: tuple[EventKind, ...]
    start: Callable[[Setup], JSON]
    view: Callable[[JSON], JSON]
    # The one entry point: ``handlers`` by event type (in the order a board lists
    # what it expects), ``finished(state)`` the refusal once the game is over,
    # ``before(state, event)`` what every event does first (on the owned state), and
    # ``order_rule`` the rule an event breaks when it is not one the state expects.
    # ``apply`` and ``apply_owned`` are made from them (see ``__post_init__``).
    handlers: Mapping[str, Handler] = field(default_factory=dict)
    finished: Callable[[JSON], Refused | None] | None = None
    before: Callable[[JSON, JSON], None] | None = None
    order_rule: str = ""
    # Game facts the service reads instead of switching on game ids:
    # ``lower_wins`` the lower score wins (a tournament turns differences round);
    # ``result_units`` what a tournament result's score counts, or a function of the
    # match options giving it; ``result_score(board)`` a finished board's score as a
    # result counts it (None: each side's ``score``); ``station`` what a tournament
    # calls the place a match is played; ``stylesheet`` the game's own stylesheet
    # under static/; ``caller(view, ruling, event)`` the voice caller's words after
    # an event (None: no caller); ``tally`` the profile figures (a ``facts.Tally``).
    lower_wins: bool = False
    result_units: str | Callable[[Mapping[str, Any]], str] = "points"
    result_score: Callable[[JSON], list[int]] | None = None
    station: str = "Table"
    stylesheet: str | None = None
    caller: Callable[[JSON, JSON, JSON], str] | None = None
    tally: Any = None
    # Engines not yet moved to ``handlers`` pass ``apply`` (a copy, then their own
    # dispatch) and may pass ``apply_owned`` (the same on a state the caller owns).
    apply: Callable[[JSON, JSON], Step] = field(default=None, repr=False, compare=False)  # type: ignore[assignment]
    teams: bool = False  # accepts teams instead of single players
    team_size: int | None = None
    tools: tuple[Tool, ...] = ()
    deck: str | None = None  # the deck card fields are checked against (cards.DECKS)
    check_setup: Callable[[Setup], None] | None = None
    # ``apply`` on a state the caller owns, changed in place: the ledger's fold of a
    # long log copies the state once instead of once per event. None: ``apply``.
    apply_owned: Callable[[JSON, JSON], Step] | None = field(
        default=None, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if self.handlers:
            declared = [k.type for k in self.events]
            if sorted(self.handlers) != sorted(declared):
                raise ValueError(
                    f"{self.id}: handlers {sorted(self.handlers)} do not match "
                    f"the event kinds {sorted(declared)}"
                )
            # Bound methods stored on the instance, so every caller keeps calling
            # ``game.apply(state, event)`` (dataclasses.replace makes new ones).
            object.__setattr__(self, "apply", self._apply_copy)
            object.__setattr__(self, "apply_owned", self._apply_in_place)
        elif self.apply is None:
            raise ValueError(f"{self.id}: a game needs handlers (or apply)")

    # -- the entry point ----------------------------------------------------------

    def _apply_copy(self, state: JSON, event: JSON) -> Step:
        """Apply a parsed event to a copy of ``state`` (which is never changed)."""
        self._refuse_if_over(state)
        return self._apply_in_place(copy.deepcopy(state), event)

    def _refuse_if_over(self, state: JSON) -> None:
        if self.finished is not None and (refusal := self.finished(state)):
            raise refusal

    def _apply_in_place(self, state: JSON, event: JSON) -> Step:
        """Apply a parsed event to a state the caller owns (a fold of the log)."""
        self._refuse_if_over(state)
        type_ = event["type"]
        handler = self.handlers[type_]  # parse_event admits only declared types
        if handler.when is None or handler.when(state):
            if self.before is not None:
                self.before(state, event)
            return handler.run(state, event)
        # Not offered now: the handler's own refusal names the rule it breaks; if it
        # has none, refuse here rather than let the board and the engine disagree.
        expected = ", ".join(self.expects(state)) or "nothing"
        if self.before is not None:
            self.before(state, event)
        handler.run(state, event)
        raise Refused(
            f"{self.event_kind(type_).title} is not what comes next "
            f"(expected: {expected}).",
            [self.order_rule] if self.order_rule else [],
        )

    def expects(self, state: JSON) -> list[str]:
        """The event types this state offers, in the order the handlers list them."""
        if self.finished is not None and self.finished(state):
            return []
        return [t for t, h in self.handlers.items() if h.when is None or h.when(state)]

    # -- options and seats --------------------------------------------------------

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        """Options with defaults filled in; unknown or out-of-range ones: BadInput."""
        if raw is not None and not isinstance(raw, Mapping):
            raise BadInput(
                "'options' is an object of option names and values.",
                field="options",
                example=f'"options": {{"{self.options[0].name}": '
                f"{json.dumps(self.options[0].default)}}}"
                if self.options
                else '"options": {}',
            )
        raw = dict(raw or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise BadInput(
                f"'{unknown[0]}' is not an option of {self.title} (options: {names}).",
                field=f"options.{unknown[0]}",
            )
        out: JSON = {}
        for opt in self.options:
            value = raw.get(opt.name, opt.default)
            out[opt.name] = _parse_option(opt, value)
        return out

    def new_setup(
        self,
        players: Sequence[str] | None,
        options: Mapping[str, Any] | None = None,
        teams: Sequence[Mapping[str, Any]] | None = None,
    ) -> Setup:
        """Check the seats and options a match is created with."""
        team_list: tuple[tuple[str, tuple[str, ...]], ...] = ()
        if teams:
            if not self.teams:
                raise BadInput(
                    f"{self.title} is played by single players, not teams.",
                    field="teams",
                    example='"players": ["Ann", "Bob"]',
                )
            team_list = tuple(_parse_team(t, i) for i, t in enumerate(teams))
            players = [p for _, members in team_list for p in members]
        names = tuple(_parse_names(players or []))
        if not self.min_players <= len(names) <= self.max_players:
            span = (
                f"{self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            sample = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
            sample += [f"Player {n}" for n in range(9, self.min_players + 1)]
            shown = 1 if self.max_players == 1 else max(2, self.min_players)
            listed = ", ".join(f'"{n}"' for n in sample[:shown])
            raise BadInput(
                f"{self.title} takes {span} player{'s' if self.max_players > 1 else ''}"
                f"; {len(names)} given.",
                field="players",
                example=f'"players": [{listed}]',
            )
        if team_list:
            team_names = [t for t, _ in team_list]
            if len(set(n.casefold() for n in team_names)) != len(team_names):
                raise BadInput("Two teams have the same name.", field="teams")
            if self.team_size and any(len(m) != self.team_size for _, m in team_list):
                raise BadInput(
                    f"Each team in {self.title} has {self.team_size} players.",
                    field="teams",
                )
        setup = Setup(names, self.parse_options(options), team_list)
        if self.check_setup:
            self.check_setup(setup)
        return setup

    # -- events -------------------------------------------------------------------

    def event_kind(self, type_: str) -> EventKind:
        for kind in self.events:
            if kind.type == type_:
                return kind
        raise KeyError(type_)

    def parse_event(self, raw: Any, state: JSON | None = None) -> JSON:
        """Check an event's shape and put its values in canonical form."""
        if not isinstance(raw, Mapping):
            raise BadInput(
                "An event is an object with a 'type'.",
                example=_example_text(self.events[0]),
            )
        type_ = raw.get("type")
        kinds = ", ".join(k.type for k in self.events)
        if not isinstance(type_, str) or not type_:
            raise BadInput(
                f"The event has no 'type' (one of: {kinds}).",
                field="type",
                example=_example_text(self.events[0]),
            )
        try:
            kind = self.event_kind(type_.strip().lower())
        except KeyError:
            raise BadInput(
                f"'{type_}' is not an event of {self.title} (one of: {kinds}).",
                field="type",
                example=_example_text(self.events[0]),
            ) from None
        return {"type": kind.type, **parse_fields(kind.fields, raw, state, self, kind)}

    def step(self, state: JSON, raw_event: Any) -> Step:
        """Parse and apply one raw event; the input state is never touched."""
        event = self.parse_event(raw_event, state)
        if self.handlers:
            return self.apply(state, event)  # copies once
        return self.apply(copy.deepcopy(state), event)

    def history(self, setup: Setup, events: Iterable[JSON]) -> list[JSON]:
        """Every entry of the state's ``history`` (one per hand, deal or frame).

        The state keeps only the latest ``HISTORY_WINDOW``; this folds the events
        in force (``ledger.events_in_force``) from the start and collects each entry
        as it is made. Empty for a game that keeps no history.
        """
        state = self.start(setup)
        out: list[JSON] = []
        last: JSON | None = None
        for event in events:
            state = self.apply(state, event).state
            entries = state.get("history") or ()
            # entries are numbered (hand, deal, frame), so a new one never equals
            # the one before it
            if entries and entries[-1] != last:
                last = entries[-1]
                out.append(last)
        return out


def parse_fields(
    fields: Sequence[Field],
    raw: Mapping[str, Any],
    state: JSON | None,
    game: Game | None = None,
    kind: EventKind | None = None,
) -> JSON:
    """Check and canonicalise a request's fields; an unknown field is bad input."""
    allowed = {f.name for f in fields} | {"type"}
    extra = sorted(set(raw) - allowed)
    example = _example_text(kind) if kind else ""
    if extra:
        what = f"'{kind.type}'" if kind else "this request"
        names = ", ".join(sorted(allowed - {"type"})) or "none"
        raise BadInput(
            f"'{extra[0]}' is not a field of {what} (fields: {names}).",
            field=extra[0],
            example=example,
        )
    out: JSON = {}
    for f in fields:
        if f.name not in raw or raw[f.name] is None or raw[f.name] == "":
            if f.required:
                raise BadInput(
                    f"'{f.name}' is missing: {f.help}", field=f.name, example=example
                )
            if f.default is not None:
                out[f.name] = f.default
            continue
        # Late import: the notation modules import this one.
        from referee.games import notation

        value = raw[f.name]
        if f.kind in text.LIST_KINDS and isinstance(value, list):
            _check_list(f, value, example)
        try:
            out[f.name] = notation.parse_field(f, raw[f.name], state, game)
        except BadInput as err:
            raise BadInput(
                err.message, field=f.name, example=err.example or example
            ) from None
    return out


def _check_list(f: Field, value: list[Any], example: str) -> None:
    """The bounds of a list field: its items (or ``text.MAX_LIST``), each a word."""
    if f.maximum is None and len(value) > text.MAX_LIST:
        raise BadInput(
            f"'{f.name}' holds at most {text.MAX_LIST} items; {len(value)} given. "
            f"{f.help}",
            field=f.name,
            example=example,
        )
    word = text.LIMITS["word"]
    long = next((v for v in value if isinstance(v, str) and len(v) > word), None)
    if long is not None:
        raise BadInput(
            f"'{f.name}' has an item of {len(long)} characters; an item (a card, a "
            f"ball, a dart) has at most {word}. {f.help}",
            field=f.name,
            example=example,
        )


# --- board helpers shared by engines ------------------------------------------------


TEAMS_EXAMPLE = (
    '"teams": [{"name": "Reds", "players": ["Ann", "Cy"]}, '
    '{"name": "Blues", "players": ["Bob", "Di"]}]'
)


def two_partnerships(
    refusal: str, example: str = TEAMS_EXAMPLE
) -> Callable[[Setup], None]:
    """A ``check_setup`` for four players in two teams of two, seated opposite."""

    def check(setup: Setup) -> None:
        if setup.teams and len(setup.teams) != 2:
            raise BadInput(refusal, field="teams", example=example)

    return check


def partners_opposite(setup: Setup) -> tuple[list[str], list[JSON]]:
    """Four seats clockwise with partners opposite (0 and 2 against 1 and 3).

    Two teams of two sit alternately; four players as listed make the teams
    "Ann & Cy" and "Bob & Di". Returns the seats and the two teams.
    """
    if setup.teams:
        (a_name, (a1, a2)), (b_name, (b1, b2)) = setup.teams
        seats = [a1, b1, a2, b2]
    else:
        seats = list(setup.players)
        a_name = f"{seats[0]} & {seats[2]}"
        b_name = f"{seats[1]} & {seats[3]}"
    return seats, [
        {"name": a_name, "players": [seats[0], seats[2]]},
        {"name": b_name, "players": [seats[1], seats[3]]},
    ]


def side_names(state: JSON) -> list[str]:
    """Names of the sides that score (teams when there are teams, else players)."""
    teams = state.get("teams") or []
    return [t["name"] for t in teams] if teams else list(state["players"])


def board(
    *,
    sides: list[JSON],
    turn: str | None,
    expects: list[str],
    prompt: str,
    phase: str = "play",
    winner: str | None = None,
    detail: JSON | None = None,
) -> JSON:
    """The common shape of ``view(state)``: the scoreboard every page and client reads.

    ``sides`` is a list of ``{"name", "score", ...}``; ``expects`` the event types the
    game accepts now (empty when it is over); ``prompt`` one line for the player.
    """
    return {
        "sides": sides,
        "turn": turn,
        "expects": expects,
        "prompt": prompt,
        "phase": phase,
        "over": winner is not None or phase == "over",
        "winner": winner,
        "detail": detail or {},
    }


# --- private helpers ---------------------------------------------------------------


def _example_text(kind: EventKind | None) -> str:
    if kind is None or not kind.examples:
        return ""
    import json

    return json.dumps(kind.examples[0].event)


def _parse_option(opt: Option, value: Any) -> Any:
    where = f"options.{opt.name}"
    if opt.kind == "boolean":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in {
            "true",
            "on",
            "yes",
            "1",
        }:
            return True
        if isinstance(value, str) and value.strip().lower() in {
            "false",
            "off",
            "no",
            "0",
        }:
            return False
        raise BadInput(
            f"Option '{opt.name}' is true or false.",
            field=where,
            example=f'"{opt.name}": true',
        )
    if opt.kind == "integer":
        try:
            number = int(value)
            if isinstance(value, bool) or (
                isinstance(value, float) and value != number
            ):
                raise ValueError
        except (TypeError, ValueError, OverflowError):
            raise BadInput(
                f"Option '{opt.name}' is a whole number.",
                field=where,
                example=f'"{opt.name}": {opt.default}',
            ) from None
        if (opt.minimum is not None and number < opt.minimum) or (
            opt.maximum is not None and number > opt.maximum
        ):
            raise BadInput(
                f"Option '{opt.name}' goes from {opt.minimum} to {opt.maximum}; "
                f"{number} given.",
                field=where,
                example=f'"{opt.name}": {opt.default}',
            )
        return number
    if opt.kind == "choice":
        text = str(value).strip().lower()
        if text not in opt.choices:
            raise BadInput(
                f"Option '{opt.name}' is one of {', '.join(opt.choices)}; "
                f"'{value}' given.",
                field=where,
                example=f'"{opt.name}": "{opt.default}"',
            )
        return text
    raise ValueError(f"unknown option kind {opt.kind!r}")


MAX_NAME = text.LIMITS["name"]


def _parse_names(players: Sequence[Any]) -> list[str]:
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise BadInput(
            "'players' is a list of names.",
            field="players",
            example='"players": ["Ann", "Bob"]',
        )
    names = []
    for p in players:
        ok = isinstance(p, str | int) and not isinstance(p, bool)
        name = text.check(p, "players", "name") if ok else ""
        if not name:
            raise BadInput(
                "A player's name is empty.",
                field="players",
                example='"players": ["Ann", "Bob"]',
            )
        names.append(name)
    folded = [n.casefold() for n in names]
    dupes = sorted({n for n in names if folded.count(n.casefold()) > 1})
    if dupes:
        raise BadInput(
            f"Two players are called '{dupes[0]}': give each a different name "
            "(e.g. 'Ann B.').",
            field="players",
        )
    return names


def _parse_team(team: Any, index: int) -> tuple[str, tuple[str, ...]]:
    if not isinstance(team, Mapping) or "players" not in team:
        raise BadInput(
            "A team is an object with a 'name' and 'players'.",
            field="teams",
            example='"teams": [{"name": "Reds", "players": ["Ann", "Cy"]}]',
        )
    name = text.check(team.get("name") or "", "teams", "name") or f"Team {index + 1}"
    members = tuple(_parse_names(team["players"]))
    if not members:  # so there are never more teams than the game has players
        raise BadInput(
            f"{name} has no players: a team has at least one.",
            field="teams",
            example='"teams": [{"name": "Reds", "players": ["Ann", "Cy"]}]',
        )
    return name, members
