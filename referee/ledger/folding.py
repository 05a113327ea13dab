"""The fold: the events in force, replayed from the start or from a checkpoint."""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import NamedTuple

from sqlalchemy import Text
from sqlalchemy import cast
from sqlalchemy import or_
from sqlalchemy import select

from referee.db import db
from referee.db import stored_json
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.ledger import matches
from referee.ledger.describe import describe_event
from referee.ledger.logpages import CORRECTIONS
from referee.ledger.matches import game_of
from referee.ledger.matches import setup_of
from referee.models import CHECKPOINT_EVERY
from referee.models import Match
from referee.models import MatchCheckpoint
from referee.models import MatchEvent


@dataclass
class Replay:
    state: JSON
    rulings: dict[int, Ruling] = field(default_factory=dict)  # seq -> current ruling


def effective(log: Iterable[MatchEvent]) -> list[tuple[int, JSON]]:
    """The events that count, in order, after undos and corrections."""
    events: dict[int, JSON] = {}
    for row in log:
        if row.kind == "event":
            events[row.seq] = row.data
        elif row.kind == "undo":
            events.pop(int(row.data["target"]), None)
        elif row.kind == "amend":
            target = int(row.data["target"])
            if target in events:
                events[target] = row.data["event"]
    return sorted(events.items())


def events_in_force(log: Iterable[MatchEvent]) -> list[JSON]:
    """The events that count, in order (what a replay folds), without their seqs."""
    return [event for _, event in effective(log)]


def fold_from_start(
    match: Match, events: list[tuple[int, JSON]], refuse_at: int | None = None
) -> Replay:
    """Replay events from the start; an event that no longer fits is refused."""
    game = game_of(match)
    state = game.start(setup_of(match))
    rulings: dict[int, Ruling] = {}
    for seq, event in events:
        try:
            step = game.apply(state, event)
        except (BadInput, Refused) as err:
            raise no_longer_fits(err, seq, event, refuse_at) from None
        state = step.state
        rulings[seq] = step.ruling
    return Replay(state, rulings)


def no_longer_fits(
    err: BadInput | Refused, seq: int, event: JSON, refuse_at: int | None
) -> Refused:
    """The refusal of a correction that makes event ``seq`` impossible."""
    why = err.ruling.summary if isinstance(err, Refused) else str(err)
    where = f" (the change at #{refuse_at})" if refuse_at is not None else ""
    return Refused(
        f"That would make event #{seq} ({describe_event(event)}) impossible"
        f"{where}: {why} Undo back to it instead."
    )


def replay(match: Match) -> Replay:
    """The state and current rulings, rebuilt from the log alone, from event 1.

    The audit's way and the tests' yardstick: no read or write path calls it (they
    fold from a checkpoint: ``rulings_from``, ``state_at``, ``undo``, ``amend``).
    """
    return fold_from_start(match, effective(matches.rows(match)))


# --- checkpoints --------------------------------------------------------------------


class LogRow(NamedTuple):
    """A log row as a fold reads it."""

    seq: int
    kind: str
    data: JSON


@dataclass
class Tail:
    """The log from a checkpoint on: the state at ``position``, the rows after it."""

    position: int
    state: JSON  # the checkpoint's (or the start's): never changed by a fold
    rows: list[Any]  # (seq, kind, data) of the rows in (position, version], in order


@dataclass
class Folded:
    state: JSON
    rulings: dict[int, Ruling] = field(default_factory=dict)
    checkpoints: list[tuple[int, JSON]] = field(default_factory=list)


def target_seq(target: Any, version: int) -> int:
    """An event's seq from a caller; Refused when it cannot be an event of the log."""
    try:
        seq = int(target)
    except (TypeError, ValueError):
        raise Refused(f"Event #{target} is not in play.") from None
    if not 0 < seq <= version:
        raise Refused(f"Event #{seq} is not in play (already undone or replaced).")
    return seq


def undo_target(match: Any, target: int | None) -> tuple[int, Tail, list[Any]]:
    """The event an undo voids (``target``, or the newest in force), the tail from
    the checkpoint before it and the events in force in that tail."""
    version = match.version
    if target is None:  # the newest event in force, from the newest checkpoint
        tail = read_tail(match, version + 1, version)
        while not effective(tail.rows) and tail.position > 0:
            tail = read_tail(match, tail.position, version)  # all undone: look back
        events = effective(tail.rows)
        if not events:
            raise Refused("There is nothing to undo.")
        seq = events[-1][0]
    else:
        seq = target_seq(target, version)
        tail = read_tail(match, seq, version)
        events = effective(tail.rows)
    if seq not in dict(events):
        raise Refused(f"Event #{seq} is not in play (already undone or replaced).")
    return seq, tail, events


def amend_target(match: Any, target: Any) -> tuple[int, Tail, list[Any], int]:
    """The event an amend replaces, the tail from the checkpoint before it, the
    events in force in that tail and the event's index among them."""
    version = match.version
    seq = target_seq(target, version)
    tail = read_tail(match, seq, version)  # the checkpoint before it, the rows after
    events = effective(tail.rows)
    positions = [s for s, _ in events]
    if seq not in positions:
        raise Refused(f"Event #{seq} is not in play (already undone or replaced).")
    return seq, tail, events, positions.index(seq)


def read_tail(match: Any, before: int, version: int, upto: int | None = None) -> Tail:
    """The newest checkpoint at a position < ``before`` that a reader at ``version``
    may use, and the log rows after it up to ``version`` (only those are loaded;
    past ``upto``, only the corrections, which may reach back before it).

    Every checkpoint row is valid at the match's current version (a correction
    replaces the ones it makes stale); one made after ``version`` (a write that
    raced this read) is not this reader's, so it is passed over.
    """
    table = MatchCheckpoint.__table__
    found = db.session.execute(
        select(table.c.position, table.c.state)
        .where(
            table.c.match_id == match.id,
            table.c.position < before,
            table.c.made_at <= version,
        )
        .order_by(table.c.position.desc())
        .limit(1)
    ).first()
    if found is None:
        position, state = 0, game_of(match).start(setup_of(match))
    else:
        position, state = found.position, found.state
    log = MatchEvent.__table__
    # The data as text, decoded in one go: a long tail's rows cost a third as much
    # as one JSON decode each (the same repair of stored text applies).
    query = select(log.c.seq, log.c.kind, cast(log.c.data, Text)).where(
        log.c.match_id == match.id, log.c.seq > position, log.c.seq <= version
    )
    if upto is not None and upto < version:
        query = query.where(or_(log.c.seq <= upto, log.c.kind.in_(CORRECTIONS)))
    found = db.session.execute(query.order_by(log.c.seq)).all()
    data = stored_json("[" + ",".join(row[2] for row in found) + "]")
    tail = [LogRow(row[0], row[1], d) for row, d in zip(found, data, strict=True)]
    return Tail(position, state, tail)


def fold_on(
    match: Any,
    state: JSON,
    events: list[tuple[int, JSON]],
    *,
    refuse_at: int | None = None,
    since: int | None = None,
    marks: tuple[int, int] | None = None,
) -> Folded:
    """Fold ``events`` onto ``state`` (which is left as it is), copying it once.

    Keeps the rulings of seqs >= ``since``; with ``marks`` (first, last), the state
    at each checkpoint position (a multiple of ``CHECKPOINT_EVERY``) in that range.
    An event that no longer fits is refused, naming the change at ``refuse_at``.
    """
    apply = game_of(match).apply_owned
    if events:
        state = copy.deepcopy(state)  # once per fold: ``apply_owned`` changes it
    rulings: dict[int, Ruling] = {}
    saved: list[tuple[int, JSON]] = []
    mark, last_mark = _first_mark(marks)
    for seq, event in events:
        while mark <= last_mark and mark < seq:  # every event up to ``mark`` is in
            saved.append((mark, copy.deepcopy(state)))
            mark += CHECKPOINT_EVERY
        try:
            step = apply(state, event)
        except (BadInput, Refused) as err:
            raise no_longer_fits(err, seq, event, refuse_at) from None
        state = step.state
        if since is not None and seq >= since:
            # a ruling may share lists with the state the next events change
            rulings[seq] = copy.deepcopy(step.ruling)
    while mark <= last_mark:
        saved.append((mark, copy.deepcopy(state)))
        mark += CHECKPOINT_EVERY
    return Folded(state, rulings, saved)


def _first_mark(marks: tuple[int, int] | None) -> tuple[int, int]:
    if marks is None:
        return 1, 0  # none
    first, last = marks
    return -(-first // CHECKPOINT_EVERY) * CHECKPOINT_EVERY, last


def rulings_from(
    match: Match, first_seq: int, last_seq: int | None = None
) -> dict[int, Ruling]:
    """The current ruling of every event in force with seq >= ``first_seq`` (and
    <= ``last_seq``, if given: a page of older rows).

    Folded from the checkpoint before ``first_seq`` over the rows after it, so the
    recent page of a long match costs a few dozen events however early a
    correction was.
    """
    first_seq = max(int(first_seq), 1)
    upto = match.version if last_seq is None else min(int(last_seq), match.version)
    # The rows up to a version never change, so neither do these rulings: every
    # viewer of the page after a correction shares one fold per version.
    key = (str(db.engine.url), match.id, match.version, first_seq, upto)
    with _RULINGS_LOCK:
        found = _RULINGS.get(key)
        if found is not None:
            _RULINGS.move_to_end(key)
            return dict(found)
    tail = read_tail(match, first_seq, match.version, upto)
    events = [(s, e) for s, e in effective(tail.rows) if s <= upto]
    rulings = fold_on(match, tail.state, events, since=first_seq).rulings
    with _RULINGS_LOCK:
        _RULINGS[key] = rulings
        while len(_RULINGS) > RULINGS_KEPT:
            _RULINGS.popitem(last=False)
    return dict(rulings)


RULINGS_KEPT = 256  # folds of rulings kept per process (a few KB each)
_RULINGS: OrderedDict[tuple[Any, ...], dict[int, Ruling]] = OrderedDict()
_RULINGS_LOCK = threading.Lock()


def state_at(match: Match, version: int) -> JSON:
    """The state after the log's rows up to ``version`` (a write's own answer).

    Folded from the newest checkpoint a reader at ``version`` may use.
    """
    if version == match.version:
        return dict(match.state)
    tail = read_tail(match, version + 1, version)
    return fold_on(match, tail.state, effective(tail.rows)).state
