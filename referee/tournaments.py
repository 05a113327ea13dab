"""Where tournament formats meet the database: a tournament's log and its table matches.

The tournament counterpart of ``ledger``. A tournament is an append-only log of its
format's events (``TournamentEvent`` rows, never updated or deleted) with a snapshot
of the folded state on the ``Tournament`` row. Each round's tables are ordinary
matches made with ``ledger.create_match`` and linked back to the tournament.

Writes take the tournament's lock (SQLite ``BEGIN IMMEDIATE``, PostgreSQL ``SELECT
... FOR UPDATE``), check the idempotency key and expected seq, fold the events through
the format, add the events the new state calls for (``follow_ups``: a bunko night's
stop), insert the rows and commit. ``settle`` brings the tournament and its table
matches in line: it records each table's result when its match ends (``sync``) and
calls ready pairings to free stations with their new matches (``calls``), all in one
transaction that reads the tournament row once, locked; then it sends the format's
orders to the matches (the stop, as an ordinary match event with a fixed
idempotency key). Every step is idempotent, so settling again, from any request,
converges on the same log.

Who settles: a board's dart, undo or correction touches its tournament only when
the match's result may have changed (``ledger.Written.tournament_id`` is set only
when the match was or is over: it finished, or a finished match was undone or
corrected); a dart in play reads and locks nothing of the tournament. A client's
write to the tournament (an organiser's result) settles in its own transaction.
Pages and API reads look first without a lock (``settled``) and settle only if
something is due: a catch-up, never the usual path.

The version (what a live view's fingerprint can rest on): ``Tournament.version`` is
the seq of the last row of the tournament's log, moved on by the write that appends
rows, in that write's own transaction (the conditional ``UPDATE ... WHERE version =
v`` of ``ledger.write``), by one per row. Everything a tournament viewer sees apart
from the live scores of matches in play is a row of that log, so it bumps the
version: a result (from a board or entered), a withdrawal (a finished match undone
or changed), a correction, the standings and bracket slots that follow from them,
board assignments (``call``, with the match made for it; ``round``, with the
round's matches), new pairings or a new round (``pairings``, ``round``), the
approval switch and each approval, a bunko night's stop, its end and tie-breaks.
Nothing else bumps it: not a dart, undo or correction that leaves a match's result
as it was (the match's own version moves instead, and its NOTIFY names the
tournament); not a match write whose new result the night does not take (a bunko
table that stopped itself before the head table: it waits) or that equals the one
recorded; not a settle that finds nothing to do; not a replayed or refused write;
not a stop sent to a table's match (a match write: the ``stop`` row that called it
already bumped it); not a read.

The randomness of a draw lives here (``secrets.SystemRandom``); the permutation drawn
is stored in the ``create`` event, so replaying the log seats everyone the same way.
"""

from __future__ import annotations

import contextlib
import copy
import logging
import secrets
import time
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError

from referee import formats
from referee import games
from referee import handicaps
from referee import inflight
from referee import keys
from referee import ledger
from referee.db import db
from referee.db import get_or_raise
from referee.db import write_lock
from referee.formats import Format
from referee.formats import TableMatch
from referee.games import text
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.ledger import Written
from referee.ledger import request_hash
from referee.models import Match
from referee.models import Tournament
from referee.models import TournamentEvent
from referee.tournament_keys import MATCHES as MATCHES
from referee.tournament_keys import ORGANISER as ORGANISER
from referee.tournament_keys import Actor as Actor
from referee.tournament_keys import NotFound as NotFound
from referee.tournament_keys import actor_for as actor_for
from referee.tournament_keys import give_keys
from referee.tournament_keys import key_for_pin as key_for_pin
from referee.tournament_keys import organiser_credentials as organiser_credentials
from referee.tournament_keys import table_key as table_key
from referee.tournament_reads import Entry as Entry
from referee.tournament_reads import audit as audit
from referee.tournament_reads import board_of as board_of
from referee.tournament_reads import fingerprint as fingerprint
from referee.tournament_reads import format_of as format_of
from referee.tournament_reads import history as history
from referee.tournament_reads import rows as rows
from referee.tournament_reads import table_matches as table_matches
from referee.tournament_reads import view as view

FIRST_ROUND_TRIES = 10  # a twin create seating round 1 meanwhile: wait for it
SETTLE_PASSES = 4  # stop -> matches end -> results: two passes do it; spare ones


class Forbidden(ledger.Forbidden):
    """This key may not do that: another table's result, an organiser's job (403)."""


class Stale(ledger.Stale):
    """The writer saw an older seq than the tournament has now (409)."""

    def __init__(self, expected: int, current: int) -> None:
        Exception.__init__(
            self,
            f"The night has moved on: you saw entry #{expected}, it is now at "
            f"#{current}. Look at the board and send it again if it still applies.",
        )
        self.expected = expected
        self.current = current


class KeyReused(ledger.KeyReused):
    """An idempotency key came back with a different request (422)."""


# A tournament is a stream of the one log, beside its table matches' streams.
STREAM = ledger.Stream(
    head=Tournament,
    row=TournamentEvent,
    owner="tournament_id",
    noun="tournament",
    not_found=NotFound,
    stale=Stale,
    key_reused=KeyReused,
    replay_status=200,
    optimistic=False,  # starting a round links its new matches in the same write
)


# --- creating and reading -----------------------------------------------------------

logger = logging.getLogger(__name__)


def create(
    kind: str,
    players: Any,
    options: Mapping[str, Any] | None = None,
    *,
    title: str = "",
    seating: str = "given",
    draw: Sequence[int] | None = None,
    setup: Mapping[str, Any] | None = None,
    idem_key: str | None = None,
    fingerprint: str | None = None,
    league_id: str | None = None,
    organiser: keys.Credentials | None = None,
) -> Tournament:
    """Store a new tournament and start its first round; ``BadInput`` if wrong.

    With ``idem_key``, a second call with the same request returns the first night.

    ``seating`` "given" seats the players as listed, "drawn" shuffles them here;
    ``draw`` (a permutation of the players' indexes) is a draw made elsewhere.
    ``setup`` is what else the format takes (``Format.parse_setup``: a pairing
    format's game, game options, stations and ratings).
    ``league_id`` makes it a league's season; ``organiser`` is then the league's key
    and PIN, which the season takes as its own (a league key writes for every
    season) instead of fresh ones.
    """
    if idem_key:
        prior = created_before(idem_key, fingerprint or "")
        if prior is not None:
            return _first_round(prior.id)
    fmt = _format_for(kind, seating)
    _league_season_only(fmt, league_id)
    title = text.check(title or "", "title", "title")
    names = fmt.check_players(players)
    parsed = fmt.parse_options(options)
    extra = fmt.parse_setup(_rated(setup, seating, names), names)
    if draw is None and seating == "drawn":
        order = list(range(len(names)))
        secrets.SystemRandom().shuffle(order)
        draw = order
    steps, state = _opening(fmt, fmt.create(names, parsed, draw, extra))
    tables = fmt.stations_for(names, extra)
    for _attempt in range(5):
        write_lock()  # the key's lookup and the insert in one writer's transaction
        if idem_key:
            prior = created_before(idem_key, fingerprint or "")
            if prior is not None:
                prior_id = prior.id
                db.session.rollback()
                return _first_round(prior_id)
        tournament_id = ledger.new_id()
        tournament = Tournament(
            id=tournament_id,
            kind=fmt.id,
            game=fmt.game_for(extra),
            title=title or fmt.title,
            players=list(names),
            options=parsed,
            status="over" if state.get("over") else "live",
            version=len(steps),
            state=state,
            create_key=idem_key or None,
            create_hash=fingerprint if idem_key else None,
            league_id=league_id,
        )
        give_keys(tournament, tables, organiser)
        _add_rows(tournament, steps)
        try:
            db.session.commit()
        except IntegrityError:  # an id collision (draw again), or a racing twin
            db.session.rollback()
            continue  # the next attempt finds the twin by its key, if it was one
        return _first_round(tournament_id)
    raise RuntimeError("could not draw a free tournament id")


def _league_season_only(fmt: Format, league_id: str | None) -> None:
    """``BadInput`` for a league format made outside a league."""
    if fmt.family == "league" and league_id is None:
        # A season belongs to a league: its organiser key is the league's.
        raise BadInput(
            "A league season is made under its league: POST "
            "/api/v1/leagues/<id>/seasons with the league's organiser key.",
            field="kind",
            example='"kind": "round-robin"',
        )


def _add_rows(tournament: Tournament, steps: list[tuple[JSON, Ruling]]) -> None:
    """Add the new tournament and its opening log rows to the session."""
    db.session.add(tournament)
    for seq, (data, ruling) in enumerate(steps, start=1):
        db.session.add(
            TournamentEvent(
                tournament_id=tournament.id,
                seq=seq,
                kind=str(data["type"]),
                data=data,
                ruling=ruling.to_json(),
                actor=ORGANISER.name if seq == 1 else MATCHES.name,
            )
        )


def _rated(
    setup: Mapping[str, Any] | None, seating: str, names: Sequence[str]
) -> dict[str, Any]:
    """The setup with its seeding; seeding by rating at a game reads the stored
    ratings of the names not given one (typed ratings win; docs/handicaps.md)."""
    out = {**(setup or {}), "seeding": seating}
    typed = out.get("ratings")
    game = out.get("game")
    if seating != "rating" or game not in games.GAME_IDS:
        return out
    if typed is None or isinstance(typed, Mapping):  # a list is the whole order
        out["ratings"] = handicaps.seeding_ratings(str(game), names, typed)
    return out


def _format_for(kind: str, seating: str) -> Format:
    """The format a create names, if it takes that seating; ``BadInput`` if not."""
    try:
        fmt = formats.get(kind)
    except KeyError:
        kinds = ", ".join(formats.registry())
        raise BadInput(
            f"'{kind}' is not a kind of tournament here (one of: {kinds}).",
            field="kind",
        ) from None
    if seating not in fmt.seatings:
        raise BadInput(
            f"'seating' is one of {', '.join(fmt.seatings)} ('given': as listed, "
            f"'drawn': shuffled); '{seating}' given.",
            field="seating",
            example='"seating": "drawn"',
        )
    return fmt


def _opening(fmt: Format, event: JSON) -> tuple[list[tuple[JSON, Ruling]], JSON]:
    """The ``create`` event and what the new tournament calls for at once (a pairing
    format's first pairings), which goes in the log straight after it."""
    step = fmt.apply(None, event)  # checks the draw too
    steps = [(event, step.ruling)]
    state = step.state
    for _ in range(10_000):
        follow = fmt.follow_ups(state)
        if not follow:
            break
        nxt = fmt.apply(copy.deepcopy(state), follow[0])
        steps.append((follow[0], nxt.ruling))
        state = nxt.state
    return steps, state


def _first_round(tournament_id: str) -> Tournament:
    """Seat round 1 (idempotent: a retried create, or one cut short, converges)."""
    if format_of(get(tournament_id)).organiser_rounds:
        for attempt in range(FIRST_ROUND_TRIES):
            try:
                start_round(tournament_id, ORGANISER, idem_key="round-1")
                break
            except inflight.InFlight:
                # A twin create (the same key, sent twice at once) is seating round
                # 1 right now: its answer is this one's, in a few milliseconds.
                if attempt == FIRST_ROUND_TRIES - 1:
                    raise
                time.sleep(0.02 * (attempt + 1))
    else:
        db.session.rollback()
        settle(tournament_id)  # the first calls to the stations
    return get(tournament_id)


def created_before(idem_key: str, fingerprint: str) -> Tournament | None:
    """The night an earlier create with this key made; ``KeyReused`` if it differed."""
    found: Tournament | None = ledger.created_before(
        idem_key, fingerprint, Tournament, "night"
    )
    return found


def get(tournament_id: str) -> Tournament:
    return get_or_raise(
        Tournament, tournament_id, NotFound, "tournament", populate_existing=True
    )


# --- writing ------------------------------------------------------------------------


def write(
    tournament_id: str,
    raw_event: Any,
    actor: Actor,
    *,
    expected_seq: int | None = None,
    idem_key: str | None = None,
) -> Written:
    """Record one event from a client (a result, a correction, a seating choice...)."""
    fp = request_hash({"op": "event", "event": raw_event})

    def build(tournament: Tournament) -> list[tuple[JSON, Actor]]:
        fmt = format_of(tournament)
        _allow_kind(fmt, actor, raw_event)
        event = fmt.parse_event(raw_event, tournament.state)
        _allow(fmt, actor, event, tournament.state)
        return [(event, actor)]

    orders: list[formats.Order] = []

    def fold(tournament: Tournament) -> ledger.Step | None:
        folding = _Folding(format_of(tournament), tournament.state)
        folding.add(build(tournament))
        # What the new state calls for (a result freeing a station: its next call,
        # with its match) in the same transaction; if the night refuses that, the
        # client's event still stands and a later settle tries again.
        mine = (folding.state, list(folding.steps))  # apply never mutates a state
        try:
            orders[:] = _settle_into(folding, tournament)
        except (BadInput, Refused):
            logger.warning("settling %s after a write refused", tournament_id)
            folding.state, folding.steps = mine
            orders[:] = []
        return folding.step()

    written = _write_with(tournament_id, fold, expected_seq, idem_key, fp)
    _send(tournament_id, orders)
    return written


def start_round(
    tournament_id: str,
    actor: Actor,
    *,
    seating: Mapping[str, Sequence[str]] | None = None,
    expected_seq: int | None = None,
    idem_key: str | None = None,
) -> Written:
    """Seat the next round and create one match per table (organiser only)."""
    if actor != ORGANISER:
        raise Forbidden("Only the organiser starts a round.")
    fp = request_hash({"op": "round", "seating": seating})
    idem_key = ledger.clean_key(idem_key)
    # First a look without creating anything: a replay, a stale page or a round that
    # cannot start yet must not leave stray matches behind.
    tournament = get(tournament_id)
    fmt = format_of(tournament)
    version, game, name = tournament.version, tournament.game, tournament.title
    state = tournament.state
    prior = _prior(tournament, idem_key, fp)
    db.session.rollback()
    if prior is not None:
        return prior
    if expected_seq is not None and int(expected_seq) != version:
        raise Stale(int(expected_seq), version)
    number, plans = fmt.plan(state, seating)
    created: dict[int, str] = {}
    try:
        for plan in plans:
            match = ledger.create_match(
                game,
                None,
                plan.options,
                plan.teams,
                title=text.fit(f"{name} · {plan.title}", "title"),
            )
            created[plan.number] = match.id

        def build(t: Tournament) -> list[tuple[JSON, Actor]]:
            event = format_of(t).round_event(t.state, number, created, seating)
            for table, match_id in created.items():
                match = db.session.get(Match, match_id)
                assert match is not None
                match.tournament_id = t.id
                match.round = number
                match.table = table
                # The table's phone keeps one key all night: each round's match at
                # that table takes it.
                ledger.give_key(match, table_key(t, table)["key"])
            return [(event, actor)]

        written = _write(tournament_id, build, expected_seq, idem_key, fp)
    except BaseException:
        _discard(list(created.values()))
        raise
    if written.replayed:
        _discard(list(created.values()))
    settle(tournament_id)
    return written


def settle(
    tournament_id: str,
    *,
    due: bool = False,
    written: str | None = None,
    depth: int = 0,
) -> None:
    """Bring the tournament in line with its table matches (idempotent).

    Records the results of the matches that ended (or withdraws those undone), the
    events they call for, and the next calls to free stations with their new
    matches, all in ONE transaction that reads the tournament row once, locked
    (``settle_locked``). Then sends the format's orders to the table matches (a
    bunko night's stop, each an ordinary match write); if one of those ends its
    match, its result is settled the same way.

    ``due``: the caller knows a result may have changed (a board's write that
    finished its match, or changed a finished one: ``written``, read even if its
    station has moved on), so the tournament is locked straight away. Otherwise (a
    page's or an API read's catch-up) it is first read without a lock, and locked
    only if there is something to record: a page never takes the lock for nothing.
    """
    if not due and not _due(tournament_id):
        return
    try:
        orders = settle_locked(tournament_id, written)
    except (BadInput, Refused):
        # sync offers only what the night takes; if a race makes one refuse, the
        # pages must still work: the next settle tries again.
        logger.warning("settling %s refused", tournament_id, exc_info=True)
        return
    _send(tournament_id, orders, depth)


def _look(tournament_id: str) -> tuple[Tournament, list[TableMatch], bool]:
    """The tournament, its live matches, and whether a settle would do anything."""
    tournament = get(tournament_id)
    fmt = format_of(tournament)
    tables = table_matches(tournament)
    state = tournament.state
    due = fmt.sync(state, tables) or fmt.orders(state, tables) or fmt.calls(state)
    return tournament, tables, bool(due)


def _due(tournament_id: str) -> bool:
    """Whether a settle would record or send anything (read without a lock)."""
    due = _look(tournament_id)[2]
    db.session.rollback()  # a read: PostgreSQL ends it with COMMIT (db.py)
    return due


def settle_locked(
    tournament_id: str, written: str | None = None
) -> list[formats.Order]:
    """Record what the table matches call for in one transaction; the orders left.

    The tournament row is read once, locked (SQLite ``BEGIN IMMEDIATE``,
    PostgreSQL ``FOR UPDATE``), with its live matches in one more SELECT; then the
    results and what they call for are folded, the next calls' matches made, and
    the tournament's UPDATE, its log rows and the new matches go in with one
    commit. Statements: BEGIN (SQLite), the tournament, its matches, the UPDATE,
    the log rows, the new matches (when a call is made), NOTIFY (PostgreSQL).
    """
    orders: list[formats.Order] = []

    def build(tournament: Tournament) -> ledger.Step | None:
        folding = _Folding(format_of(tournament), tournament.state)
        orders[:] = _settle_into(folding, tournament, written)
        return folding.step()

    _write_with(tournament_id, build, None, None, request_hash({"op": "settle"}))
    return orders


def _settle_into(
    folding: _Folding, tournament: Tournament, written: str | None = None
) -> list[formats.Order]:
    """Fold what the table matches call for into ``folding``; the orders left.

    The results of the matches that ended (or withdrawals), with what they call
    for, then the calls of ready pairings to free stations, with their matches
    made and added to the session (inserted at the write's commit). One SELECT:
    the live matches (and ``written``, a match whose result just changed).
    """
    fmt = folding.fmt
    tables = table_matches(tournament, written)
    folding.add([(e, MATCHES) for e in fmt.sync(folding.state, tables)])
    made_now: list[Match] = []
    for _ in range(SETTLE_PASSES):
        plans = fmt.calls(folding.state)
        if not plans:
            break
        made = _made_for(tournament, plans)
        event = fmt.call_event(folding.state, {n: m.id for n, m in made.items()})
        if event is None:
            break
        folding.add([(event, MATCHES)])
        made_now += [made[number] for number in fmt.call_numbers(event)]
    db.session.add_all(made_now)  # only once every event folded
    return fmt.orders(folding.state, tables)


def _send(tournament_id: str, orders: list[formats.Order], depth: int = 0) -> None:
    """Send the format's orders to table matches; settle again if one ended."""
    ended = False
    for order in orders:
        # A match that ended or was stopped meanwhile needs nothing more.
        with contextlib.suppress(BadInput, Refused, ledger.Stale, ledger.KeyReused):
            written = ledger.append(order.match, order.event, idem_key=order.key)
            ended = ended or written.tournament_id is not None
    if ended and depth < SETTLE_PASSES:
        settle(tournament_id, due=True, depth=depth + 1)


class _Folding:
    """Events folded one by one through a format, each followed by its follow-ups."""

    def __init__(self, fmt: Format, state: JSON) -> None:
        self.fmt = fmt
        self.state = state
        self.steps: list[tuple[JSON, Actor, Ruling]] = []

    def add(self, events: list[tuple[JSON, Actor]]) -> None:
        pending = list(events)
        while pending:
            event, actor = pending.pop(0)
            given = self.state if self.fmt.copies_state else copy.deepcopy(self.state)
            step = self.fmt.apply(given, event)
            self.state = step.state
            self.steps.append((event, actor, step.ruling))
            # What the new state calls for comes straight after the event.
            pending = [(e, MATCHES) for e in self.fmt.follow_ups(self.state)] + pending

    def step(self) -> ledger.Step | None:
        if not self.steps:
            return None
        return ledger.Step(
            rows=[
                (str(event["type"]), event, ruling.to_json(), {"actor": actor.name})
                for event, actor, ruling in self.steps
            ],
            state=self.state,
            status="over" if self.state.get("over") else "live",
            body={"ruling": self.steps[0][2].to_json()},
        )


def _made_for(
    tournament: Tournament, plans: Sequence[formats.TablePlan]
) -> dict[int, Match]:
    """The matches for ``plans``, made inside the settle's transaction (not added).

    Each is linked to the tournament, its round and station, and takes the
    station's key: the station's phone scores every match called to it. A plan in
    confirmation mode (a league's game) makes the match in that mode with the
    second side's key the ``confirmer`` station's (the away captain's): kept as its
    hash only, like a side a phone has claimed, so that no page or answer ever
    hands it out with the match (the captain holds it already). A league season
    with ``handicap: ratings`` has each game's options set by the ratings gap.
    """
    made = {}
    handicap = (tournament.options or {}).get("handicap") == "ratings"
    for plan in plans:
        station = plan.station if plan.station is not None else plan.number
        options = plan.options
        if handicap:
            options = _handicapped(tournament.game, options, plan.players)
        match = ledger.new_match(
            tournament.game,
            plan.players,
            options,
            plan.teams or None,
            title=text.fit(f"{tournament.title} · {plan.title}", "title"),
            key=table_key(tournament, station)["key"],
            confirm=plan.confirm,
        )
        if plan.confirm and plan.confirmer is not None:
            confirmer = table_key(tournament, plan.confirmer)["key"]
            sides = list(match.side_keys or [])
            sides[1] = {"key": keys.hash_key(confirmer), "claimed": True}
            match.side_keys = sides
        match.tournament_id = tournament.id
        match.round = plan.round
        match.table = station
        made[plan.number] = match
    return made


def _handicapped(game: str, options: JSON, players: Sequence[str] | None) -> JSON:
    """A game's options with the handicap its players' ratings give (unchanged
    where the game has no table or a player has no established rating); the
    match's board shows them (races or starts per side)."""
    handicapped, _note = handicaps.for_match(game, options, list(players or []))
    return dict(handicapped)


def settle_match(match_id: str) -> None:
    """After a write to a match: settle its tournament, if it has one."""
    match = db.session.get(Match, match_id, populate_existing=True)
    tournament_id = match.tournament_id if match is not None else None
    db.session.rollback()  # a read: PostgreSQL ends it with COMMIT (db.py)
    if tournament_id:
        settle(tournament_id)


def _write(
    tournament_id: str,
    build: Callable[[Tournament], list[tuple[JSON, Actor]]],
    expected_seq: int | None,
    idem_key: str | None,
    fp: str,
) -> Written:
    """Append the events ``build`` makes, and their follow-ups, through the ledger."""

    def fold(tournament: Tournament) -> ledger.Step | None:
        folding = _Folding(format_of(tournament), tournament.state)
        folding.add(build(tournament))
        return folding.step()

    return _write_with(tournament_id, fold, expected_seq, idem_key, fp)


def _write_with(
    tournament_id: str,
    fold: Callable[[Tournament], ledger.Step | None],
    expected_seq: int | None,
    idem_key: str | None,
    fp: str,
) -> Written:
    """One write to the tournament's log: its row read once, locked; one commit.

    Every write to the log bumps ``Tournament.version`` (the seq of its last row)
    in that same transaction: see "The version" in the module's docstring.
    """
    return ledger.write(
        STREAM,
        tournament_id,
        fold,
        expected_seq=expected_seq,
        idem_key=idem_key,
        fingerprint=fp,
    )


def _prior(tournament: Tournament, idem_key: str | None, fp: str) -> Written | None:
    """The first answer to this idempotency key, or None if it is new."""
    return ledger.prior_answer(STREAM, tournament.id, idem_key, fp)


def _allow_kind(fmt: Format, actor: Actor, raw_event: Any) -> None:
    """A table's key sends only table writes: refused (403) before the event is
    read, so that it is told nothing about an organiser's event it may not send."""
    kind = raw_event.get("type") if isinstance(raw_event, Mapping) else None
    if actor != ORGANISER and kind not in fmt.table_writes:
        raise Forbidden(f"Only the organiser can send '{kind}'.")


def _allow(fmt: Format, actor: Actor, event: JSON, state: JSON) -> None:
    """The format says what a station's key may send (``Format.allows``): a table
    its own result, a league captain its own team's line-up."""
    if actor == ORGANISER:
        return
    if actor.role == "table" and actor.table and event["type"] in fmt.table_writes:
        if fmt.allows(state, actor.table, event):
            return
        raise Forbidden(_not_yours(fmt, state, actor.table, event))
    raise Forbidden(f"Only the organiser can send '{event['type']}'.")


def _not_yours(fmt: Format, state: JSON, station: int, event: JSON) -> str:
    """Why a station's key may not send an event of its kind (a 403's words)."""
    role, number = fmt.station_role(state, station)
    kind = event["type"]
    if role == "captain":
        names = state.get("players") or []
        team = names[number - 1] if 0 < number <= len(names) else f"team {number}"
        return (
            f"This is {team}'s captain's key: it sends '{kind}' for {team} only, "
            "in its own fixtures."
        )
    if role == "fixture":
        return (
            f"This is fixture {number}'s key: it scores that fixture's games; "
            f"'{kind}' is a captain's or the organiser's."
        )
    return (
        f"This is table {station}'s key: it cannot act for table {event.get('table')}."
    )


def _discard(match_ids: list[str]) -> None:
    """Delete matches made for a round that was not recorded (they hold no events)."""
    if not match_ids:
        return
    db.session.rollback()
    write_lock()
    db.session.execute(
        delete(Match).where(
            Match.id.in_(match_ids), Match.version == 0, Match.tournament_id.is_(None)
        )
    )
    db.session.commit()
