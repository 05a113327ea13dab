"""The contract every rule engine keeps: the Game, its events, setups and tools.

An engine is pure: ``start(setup) -> state``, ``apply(state, event) -> Step`` and
``view(state) -> board``. State, events and boards are plain JSON values, so the
ledger can store them, replay them and send them over the API unchanged.

What the referee says (``BadInput``, ``Refused``, a ``Ruling`` in a ``Step``) is in
``outcomes``; fields, options and their kinds in ``fields``; the board's shape and
the helpers engines share to show a game in ``boards``.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from referee.games import wording
from referee.games.boards import side_names
from referee.games.fields import ACTOR
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.fields import example_text
from referee.games.fields import parse_fields
from referee.games.fields import parse_names
from referee.games.fields import parse_option
from referee.games.fields import parse_team
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Step


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


@dataclass(frozen=True)
class Breach:
    """A documented request that breaks ``rule``, and so must be answered citing it.

    Either an event (``example``: after its setup, in a fresh match) or a request to
    one of the game's tools (``tool`` and ``request``). An event is refused (409,
    nothing stored) unless ``recorded``: then it happens with a penalty (a foul, a
    bust, a forfeit), and its ruling cites the rule. A tool's answer cites the rule
    in a ``rules`` list. The rule-coverage matrix is made of these (``coverage``).
    """

    rule: str  # the full id, from the game's ``rulebook.cite`` handle
    title: str  # the situation, in the players' words
    example: Example | None = None
    tool: str = ""
    request: JSON | None = None
    recorded: bool = False

    def __post_init__(self) -> None:
        if (self.example is None) == (not self.tool):
            raise ValueError(f"{self.rule}: a breach is an event or a tool request")


Seats = int | Iterable[int] | None
# A handler's own answer to an event naming a seat out of turn (``Handler``).
OutOfTurn = Callable[[JSON, JSON, int], "Refused | Sequence[str] | None"]


@dataclass(frozen=True)
class Handler:
    """How an engine takes one event type: ``run(state, event)`` on a state it owns.

    ``run`` may change ``state`` in place (``Game.apply`` copied it once already) and
    returns the Step. ``when(state)`` says whether the event is offered now (None:
    whenever the game is not over); ``Game.expects`` is made from it, so what a page
    offers and what the engine takes cannot drift apart.

    ``actor(state)`` is the seat (or seats) the rules let do this event now, for an
    event a person does; None from it: anyone may. With an actor, the event kind takes
    an optional ``player`` field (``fields.ACTOR``, added by ``Game`` when the kind
    does not declare one): naming someone else is refused citing ``Game.turn_rule``
    before the handler runs; naming nobody, the engine infers as it always did.
    ``out_of_turn(state, event, seat)`` is the game's own answer to an event naming
    ``seat`` out of turn: its refusal (a phase with its own turn rule and words:
    pinochle's auction), or the rules the shared refusal cites instead of the turn
    rule alone (liar's dice: the loser of the call restarts), or None for the shared
    refusal citing ``Game.turn_rule``.
    """

    run: Callable[[JSON, JSON], Step]
    when: Callable[[JSON], bool] | None = None
    actor: Callable[[JSON], Seats] | None = None
    out_of_turn: OutOfTurn | None = None


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
    handlers: Mapping[str, Handler]
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
    teams: bool = False  # accepts teams instead of single players
    team_size: int | None = None
    tools: tuple[Tool, ...] = ()
    deck: str | None = None  # the deck card fields are checked against (cards.DECKS)
    # ``pack(options)`` the deck a match with these options plays with, when the
    # options change it (five card draw has jokers only with its wild-card option):
    # card fields, their refusals and the card picker name that pack, not ``deck``.
    pack: Callable[[Mapping[str, Any]], str] | None = None
    check_setup: Callable[[Setup], None] | None = None
    # ``turn_rule`` the rule an event breaks when it names a player the rules do not
    # let act now (default: ``order_rule``); ``breaches`` the documented requests that
    # break each rule the referee checks (the rule-coverage matrix).
    turn_rule: str = ""
    breaches: tuple[Breach, ...] = ()

    def __post_init__(self) -> None:
        declared = [k.type for k in self.events]
        if sorted(self.handlers) != sorted(declared):
            raise ValueError(
                f"{self.id}: handlers {sorted(self.handlers)} do not match "
                f"the event kinds {sorted(declared)}"
            )
        # an event a person does may name who did it: the field is declared once
        events = tuple(
            dataclasses.replace(k, fields=(*k.fields, ACTOR))
            if self.handlers[k.type].actor is not None
            and all(f.name != ACTOR.name for f in k.fields)
            else k
            for k in self.events
        )
        object.__setattr__(self, "events", events)

    def deck_of(self, options: Mapping[str, Any] | None) -> str | None:
        """The deck a match with ``options`` plays with (``deck`` unless ``pack``)."""
        if self.pack is not None and options is not None:
            return self.pack(options)
        return self.deck

    # -- the entry point ----------------------------------------------------------

    def apply(self, state: JSON, event: JSON) -> Step:
        """Apply a parsed event to a copy of ``state`` (which is never changed)."""
        self._refuse_if_over(state)  # before the copy: a finished match costs none
        return self.apply_owned(copy.deepcopy(state), event)

    def _refuse_if_over(self, state: JSON) -> None:
        if self.finished is not None and (refusal := self.finished(state)):
            raise refusal

    def apply_owned(self, state: JSON, event: JSON) -> Step:
        """``apply`` on a state the caller owns, changed in place: the ledger's fold
        of a long log copies the state once instead of once per event."""
        self._refuse_if_over(state)
        type_ = event["type"]
        handler = self.handlers[type_]  # parse_event admits only declared types
        if handler.when is None or handler.when(state):
            self._check_actor(state, event, handler)
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

    def _check_actor(self, state: JSON, event: JSON, handler: Handler) -> None:
        """Refuse an event that names someone the rules do not let do it now."""
        named = event.get(ACTOR.name)
        if handler.actor is None or named is None:
            return
        allowed = handler.actor(state)
        if allowed is None:
            return
        seats = {allowed} if isinstance(allowed, int) else set(allowed)
        if named in seats:
            return
        own = handler.out_of_turn(state, event, named) if handler.out_of_turn else None
        if isinstance(own, Refused):
            raise own
        turn = self.turn_rule or self.order_rule
        rules = list(own) if own is not None else [turn] if turn else []
        # A kind whose ``player`` is a side (a team game) names the sides.
        field = next(
            (f for f in self.event_kind(event["type"]).fields if f.name == ACTOR.name),
            ACTOR,
        )
        players = side_names(state) if field.kind == "side" else state.get("players")
        players = players or []

        def name(seat: int) -> str:
            return players[seat] if 0 <= seat < len(players) else f"seat {seat}"

        kind = self.event_kind(event["type"]).title
        who = wording.and_([name(s) for s in sorted(seats)], "or") or "nobody"
        raise Refused(
            f"{kind} by {name(named)} is out of turn: it is {who}'s to do now.",
            list(dict.fromkeys(rules)),
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
            out[opt.name] = parse_option(opt, value)
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
            team_list = tuple(parse_team(t, i) for i, t in enumerate(teams))
            players = [p for _, members in team_list for p in members]
        names = tuple(parse_names(players or []))
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
                label="Players",
                sample=f"{wording.and_(sample[:shown])}, one name per line",
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
                example=example_text(self.events[0]),
            )
        type_ = raw.get("type")
        kinds = ", ".join(k.type for k in self.events)
        if not isinstance(type_, str) or not type_:
            raise BadInput(
                f"The event has no 'type' (one of: {kinds}).",
                field="type",
                example=example_text(self.events[0]),
            )
        try:
            kind = self.event_kind(type_.strip().lower())
        except KeyError:
            raise BadInput(
                f"'{type_}' is not an event of {self.title} (one of: {kinds}).",
                field="type",
                example=example_text(self.events[0]),
            ) from None
        return {"type": kind.type, **parse_fields(kind.fields, raw, state, self, kind)}

    def step(self, state: JSON, raw_event: Any) -> Step:
        """Parse and apply one raw event; the input state is never touched."""
        return self.apply(state, self.parse_event(raw_event, state))

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
