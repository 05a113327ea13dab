"""The log as readers see it: windows and chunks of entries, with what counts now."""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.games.outcomes import JSON
from referee.games.outcomes import Ruling
from referee.ledger import folding
from referee.ledger import logpages
from referee.ledger.matches import get
from referee.models import Match


@dataclass
class Entry:
    """One row of the log as a reader sees it now."""

    seq: int
    kind: str
    event: JSON | None
    ruling: JSON
    created_at: Any
    target: int | None = None
    voided: bool = False  # this event no longer counts (undone or replaced)
    replaced_by: int | None = None
    current_ruling: JSON | None = None  # the ruling after later corrections, if changed
    actor: str = ""  # who wrote the row: "" the scorer, "side 1" a side's phone


def history(
    match: Match,
    limit: int | None = None,
    *,
    after: int | None = None,
    before: int | None = None,
) -> list[Entry]:
    """The log newest first, with what still counts: every row, or a window of it
    (the ``limit`` newest, before seq ``before`` if given, or with ``after`` the
    ``limit`` oldest after that seq).

    Rulings are the stored ones unless an earlier event was undone or corrected, in
    which case later events may rule differently now: only then are the window's
    rulings folded again, from the checkpoint before its first row. A window reads
    its rows and the corrections from its first row on, by index (``logpages``), so
    showing the recent log costs the same in a long match as in a short one.
    """
    # Rows past the snapshot's version (a write racing this read) wait.
    log = logpages.window(match.id, match.version, limit, after=after, before=before)
    if not log:
        return []
    corrections = logpages.corrections(match.id, match.version, log[0].seq, log)
    # Rulings now from the window's first row on, folded from the checkpoint before it
    marks = _marks(match, corrections, log[0].seq, log[-1].seq)
    return [_entry(row, marks) for row in reversed(log)]


def history_chunks(match: Match, size: int | None = None) -> Iterator[list[Entry]]:
    """The whole log oldest first, as ``history`` says it, ``size`` rows a read
    (``logpages.CHUNK``): an export streams it without holding the log in memory.

    Rows past the version now are left out: the rows up to it never change, so the
    chunks add up to one snapshot of the log even when each is read in a session of
    its own (a slow download then holds no connection between reads).
    """
    return _chunks(match.id, match.version, size or logpages.CHUNK)


def _chunks(match_id: str, upto: int, size: int) -> Iterator[list[Entry]]:
    match = get(match_id)  # in the reading session; its setup never changes
    marks = _marks(match, logpages.corrections(match_id, upto, 1))
    for rows in logpages.chunks(match_id, upto, size):
        yield [_entry(row, marks) for row in rows]


@dataclass
class _Marks:
    """What the corrections say about the rows they follow."""

    voided: set[int]
    replaced_by: dict[int, int]  # target -> the latest correction of it
    by_row: dict[int, int]  # a correction in force -> its target
    current: dict[int, Ruling] | None  # seq -> ruling now, if any may have changed


def _marks(
    match: Match,
    corrections: Sequence[Any],
    first_seq: int = 1,
    last_seq: int | None = None,
) -> _Marks:
    replaced_by: dict[int, int] = {}
    in_force: dict[int, int] = {}  # target -> the correction that counts now
    voided: set[int] = set()
    for row in corrections:
        target = int(row.data["target"])
        voided.add(target)
        if target in in_force:
            voided.add(in_force.pop(target))  # corrected again, or undone
        if row.kind == "amend":
            in_force[target] = replaced_by[target] = row.seq
    by_row = {amend: target for target, amend in in_force.items()}
    current = _rerulings(match, corrections, first_seq, last_seq)
    return _Marks(voided, replaced_by, by_row, current)


def _rerulings(
    match: Match, corrections: Sequence[Any], first_seq: int, last_seq: int | None
) -> dict[int, Ruling] | None:
    """The rulings now, when a correction of an event before the last (at or after
    the rows shown) may have changed those of the events after it; else None."""
    if not any(not row.data.get("last") for row in corrections):
        return None
    current = folding.rulings_from(match, first_seq, last_seq)
    # An amend shown whose target is older than the rows shown: that one event's
    # ruling now, folded from the checkpoint before it (a few dozen events at most).
    shown = range(first_seq, (last_seq or match.version) + 1)
    older = {
        int(row.data["target"])
        for row in corrections
        if row.kind == "amend" and row.seq in shown
    }
    for target in sorted(t for t in older if t < first_seq):
        current.update(folding.rulings_from(match, target, target))
    return current


def _entry(row: Any, marks: _Marks) -> Entry:
    entry = Entry(
        seq=row.seq,
        kind=row.kind,
        event=row.data if row.kind == "event" else row.data.get("event"),
        ruling=row.ruling,
        created_at=row.created_at,
        target=row.data.get("target") if row.kind != "event" else None,
        actor=row.actor or "",
    )
    entry.voided = row.seq in marks.voided
    entry.replaced_by = marks.replaced_by.get(row.seq)
    if (
        marks.current is not None
        and not entry.voided
        and row.kind in ("event", "amend")
    ):
        seq = row.seq if row.kind == "event" else marks.by_row.get(row.seq)
        now = marks.current.get(seq) if seq is not None else None
        if now is not None and now.to_json() != entry.ruling:
            entry.current_ruling = now.to_json()
    return entry
