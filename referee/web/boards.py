"""A tournament as this process last read it: one cheap look per change, shared.

A tournament's stream wakes on every dart at any of its boards. Reading the whole
tournament to learn what moved (its row, every match row, every board's view, once
per viewer) cost 42 % of a worker on a busy night. Here one indexed query reads the
tournament's version and its matches' ``(id, version)`` pairs; only what moved is read
again (the tournament row when its version moved: a result, a round, an approval; a
match row when that match's version did), and the view is computed once per change.
Every viewer, page and stream of this process shares the same ``Snapshot``.

A snapshot's ``ident`` is the tournament's fingerprint (``tournaments.fingerprint``):
its version and the sum of its live matches' versions. Within one tournament version
the live matches are fixed and their versions only grow, so the sum names the state;
``changed`` says which boards moved between two idents this process has seen, which
is what a page that shows the older one needs redrawn.

Every write goes through the ledger, which moves a version; a row edited behind the
app's back (by hand, a repair script) is seen once a version moves or the process
restarts (``Boards.clear`` in tests that do so).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from sqlalchemy import bindparam
from sqlalchemy import inspect as sa_inspect
from sqlalchemy import select

from referee import ledger
from referee import tournaments
from referee.db import db
from referee.formats import TableMatch
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.inflight import InFlight
from referee.models import Match
from referee.models import Tournament

logger = logging.getLogger(__name__)
HISTORY = 256  # idents remembered per tournament (within its current version)
# Built once (a statement's construction costs more than its run here): the look at
# the versions, and the match rows that moved.
_VERSIONS = (
    select(Tournament.version, Match.id, Match.version)
    .select_from(Tournament)
    .outerjoin(Match, Match.tournament_id == Tournament.id)
    .where(Tournament.id == bindparam("tid"))
)
_MATCHES = (
    select(Match)
    .where(Match.id.in_(bindparam("ids", expanding=True)))
    .execution_options(populate_existing=True)
)


_COLUMNS = sa_inspect(Tournament).column_attrs


def _entry_of(view: JSON, number: int) -> JSON | None:
    if view.get("pairings"):
        pairings = view["pairings"]
        return pairings[number - 1] if 1 <= number <= len(pairings) else None
    return next((t for t in view.get("tables", []) if t["number"] == number), None)


@dataclass
class Snapshot:
    """One state of a tournament: read-only, shared by every reader in the process."""

    night: Tournament  # detached from any session: never written through
    tables: list[TableMatch]
    ident: str
    _view: JSON | None = None
    # Messages and renders built for this state, by whoever asked first.
    built: dict[Any, Any] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return int(self.night.version)

    @property
    def view(self) -> JSON:
        """The format's view of this state (computed once; callers must not mutate)."""
        if self._view is None:
            self._view = tournaments.view(self.night, self.tables)
        return self._view

    def board(self, number: int) -> JSON | None:
        """One board's entry of the view (a pairing, a bunko table), computed alone.

        After a dart only that board changed: its line is drawn from this, without
        the whole view (a 64-player Swiss's standings alone cost milliseconds).
        """
        if self._view is not None:
            return _entry_of(self._view, number)
        tm = next((tm for tm in self.tables if tm.number == number), None)
        fmt = tournaments.format_of(self.night)
        return fmt.board_entry(self.night.state, number, tm)


@dataclass
class _Entry:
    snapshot: Snapshot | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    # ident -> {match id: version} of the live matches then (current version only)
    history: OrderedDict[str, dict[str, int]] = field(default_factory=OrderedDict)
    # A board's line as a page draws it, by (view, match id, match version): a dart
    # that changes nothing a page shows (a Swiss TV shows legs) sends that page nothing.
    lines: dict[tuple[str, str, int], str | None] = field(default_factory=dict)


class Boards:
    """The snapshots of the tournaments this process shows (thread/greenlet safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[tuple[str, str], _Entry] = {}
        self.reads = 0  # tournament rows read (tests count them)
        self.match_reads = 0  # match rows read

    def _entry(self, tournament_id: str) -> _Entry:
        # Keyed by database too: two apps in one process (tests) never share.
        key = (str(db.engine.url), tournament_id)
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                if len(self._entries) > 512:  # old nights nobody looks at any more
                    self._entries.clear()
                entry = self._entries[key] = _Entry()
            return entry

    def read(self, tournament_id: str) -> Snapshot | None:
        """The tournament now (None if there is no such tournament).

        No lock is held while the database is read: a reader waiting on another
        would hold its pooled connection meanwhile, and a busy night's readers (TV
        messages, pages, polls) would starve the writers of the pool. Two readers
        that find the same change may both read it; the newer snapshot is kept.
        """
        rows = db.session.connection().execute(_VERSIONS, {"tid": tournament_id}).all()
        if not rows:
            return None
        version = int(rows[0][0])
        versions = {mid: int(v) for _, mid, v in rows if mid is not None}
        entry = self._entry(tournament_id)
        snap = entry.snapshot
        if snap is not None and snap.version == version:
            live = {tm.match: tm for tm in snap.tables}
            if all(versions.get(m) == tm.version for m, tm in live.items()):
                return snap
            night = snap.night
            ids = {tm.match: tm.number for tm in snap.tables}
        else:
            found = db.session.get(Tournament, tournament_id, populate_existing=True)
            if found is None:
                return None
            self.reads += 1
            # A copy in no session: shared by every reader, and the request's own
            # object (a page may hold it) stays its own.
            night = Tournament(**{a.key: getattr(found, a.key) for a in _COLUMNS})
            ids = tournaments.format_of(night).live_matches(night.state)
            live = {}
        keep = [
            tm for m, tm in live.items() if m in ids and versions.get(m) == tm.version
        ]
        kept = {tm.match for tm in keep}
        need = [m for m in ids if m not in kept]
        fresh = []
        if need:
            for match in db.session.execute(_MATCHES, {"ids": need}).scalars():
                self.match_reads += 1
                fresh.append(
                    TableMatch(
                        ids[match.id],
                        match.id,
                        match.version,
                        match.state,
                        tournaments.board_of(match),
                    )
                )
        tables = sorted(keep + fresh, key=lambda tm: tm.number)
        ident = tournaments.fingerprint(night, tables)
        with entry.lock:  # no I/O in here
            current = entry.snapshot
            if current is not None and _order(current) >= _order_of(night, tables):
                if current.ident == ident:
                    return current
                # Another reader installed a newer state meanwhile: this one is
                # still what the database said a moment ago, and a page may show it.
                return Snapshot(night, tables, ident)
            if current is None or current.version != night.version:
                entry.history.clear()
                entry.lines.clear()
            snap = Snapshot(night, tables, ident)
            entry.snapshot = snap
            entry.history[ident] = {tm.match: tm.version for tm in tables}
            while len(entry.history) > HISTORY:
                entry.history.popitem(last=False)
            return snap

    def settled(self, tournament_id: str) -> Snapshot | None:
        """The tournament after settling it, for a page or a poll.

        The snapshot says whether anything is due (a result to record, an order or
        a call to send: the format's own look, over tables already read); only then
        is the tournament settled (``tournaments.settle``) and read again. A page
        with nothing due costs the one look at the versions.
        """
        snap = self.read(tournament_id)
        if snap is None:
            return None
        due = snap.built.get("due")
        if due is None:  # the format's look, once per state (a poll's is the same)
            fmt = tournaments.format_of(snap.night)
            state, tables = snap.night.state, snap.tables
            due = bool(
                fmt.sync(state, tables) or fmt.orders(state, tables) or fmt.calls(state)
            )
            snap.built["due"] = due
        if due:
            db.session.rollback()
            try:
                tournaments.settle(tournament_id)
            except (InFlight, ledger.Stale, ledger.KeyReused, BadInput, Refused):
                # Another request is settling the same thing (a bunko night's stop
                # sent by two at once): a reader shows what is there, never a 409;
                # the next settle catches up.
                logger.info("settling %s from a read: left to another", tournament_id)
                db.session.rollback()
            snap = self.read(tournament_id)
        return snap

    def changed(
        self, tournament_id: str, since: str, snap: Snapshot
    ) -> list[tuple[int, str, int | None]] | None:
        """The boards that moved from ``since`` to ``snap``: (table number, match id,
        its version at ``since``) each.

        None when a page showing ``since`` needs more than its boards redrawn: the
        tournament itself moved, or this process never saw ``since``.
        """
        if since.partition(".")[0] != str(snap.version):
            return None
        entry = self._entry(tournament_id)
        with entry.lock:
            before = entry.history.get(since)
        if before is None:
            return None
        return [
            (tm.number, tm.match, before.get(tm.match))
            for tm in snap.tables
            if before.get(tm.match) != tm.version
        ]

    def line(
        self,
        tournament_id: str,
        key: tuple[str, str, int | None],
        draw: Callable[[], str | None] | None = None,
    ) -> str | None:
        """A board's line drawn for ``key`` (view, match, version), drawn with
        ``draw`` if this process has not drawn it yet (without ``draw``: None)."""
        entry = self._entry(tournament_id)
        view, match, version = key
        if version is None:
            return None
        found = entry.lines.get((view, match, version))
        if found is None and draw is not None:
            found = draw()
            if len(entry.lines) > 4096:
                entry.lines.clear()
            entry.lines[(view, match, version)] = found
        return found

    def clear(self) -> None:
        """Forget everything (tests)."""
        with self._lock:
            self._entries.clear()


def _order_of(night: Tournament, tables: list[TableMatch]) -> tuple[int, int]:
    # Versions only grow: a later state has a higher tournament version, or the same
    # one and a higher total of its live matches' versions.
    return int(night.version), sum(tm.version for tm in tables)


def _order(snap: Snapshot) -> tuple[int, int]:
    return _order_of(snap.night, snap.tables)


BOARDS = Boards()
