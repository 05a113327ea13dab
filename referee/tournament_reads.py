"""Reading a tournament: its live table matches, its view, its log and its audit.

What pages, the API and the live streams read; nothing here writes (the writes are
``referee.tournaments``, which re-exports these names).
"""

from __future__ import annotations

import copy
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_
from sqlalchemy import case
from sqlalchemy import null
from sqlalchemy import select
from sqlalchemy import type_coerce

from referee import formats
from referee import games
from referee import ledger
from referee import trust
from referee.db import db
from referee.db import log_rows
from referee.formats import Format
from referee.formats import TableMatch
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.models import Match
from referee.models import MatchEvent
from referee.models import Tournament
from referee.models import TournamentEvent


@dataclass
class Entry:
    """One row of a tournament's log as a reader sees it."""

    seq: int
    kind: str
    event: JSON
    ruling: JSON
    actor: str
    created_at: Any


def format_of(tournament: Tournament) -> Format:
    return formats.get(tournament.kind)


def table_matches(
    tournament: Tournament, written: str | None = None
) -> list[TableMatch]:
    """The matches the format follows now (a round's tables), read fresh.

    ``written``: a match whose result just changed, read too if the format still
    knows it (one SELECT all the same).
    """
    fmt = format_of(tournament)
    ids = fmt.live_matches(tournament.state)
    if written and written not in ids:
        number = fmt.match_number(tournament.state, written)
        if number is not None:
            ids = {**ids, written: number}
    if not ids:
        return []
    # One SELECT: each match's head, and its state only when this (match, version)
    # is not known already (a fixture's games are read at every settle, but only
    # the one just written has moved on: the others' states are not decoded again).
    known = _known_versions(list(ids))
    fresh_state = (
        type_coerce(
            case(
                *[(and_(Match.id == i, Match.version == v), null()) for i, v in known],
                else_=Match.state,
            ),
            Match.state.type,
        )
        if known
        else Match.state
    )
    found = db.session.execute(
        select(
            Match.id,
            Match.game,
            Match.version,
            Match.updated_at,
            Match.confirm,
            fresh_state,
        ).where(Match.id.in_(list(ids)))
    ).all()
    out = []
    missing: list[str] = []
    for match_id, game, version, updated_at, confirm, state in found:
        key = (match_id, int(version), str(updated_at))
        if state is None:
            got = _TABLES.get(key)
            if got is None:  # the same version written again after a rollback
                missing.append(match_id)
                continue
        else:
            got = (state, _board(match_id, game, int(version), confirm, state))
            _TABLES[key] = got
        _TABLES.move_to_end(key)
        out.append(TableMatch(ids[match_id], match_id, int(version), *got))
    if missing:
        for match in db.session.execute(
            select(Match)
            .where(Match.id.in_(missing))
            .execution_options(populate_existing=True)
        ).scalars():
            got = (match.state, board_of(match))
            _TABLES[(match.id, int(match.version), str(match.updated_at))] = got
            out.append(TableMatch(ids[match.id], match.id, match.version, *got))
    while len(_TABLES) > MAX_TABLES:
        _TABLES.popitem(last=False)
    return sorted(out, key=lambda tm: tm.number)


# A table match's (state, board) by (match, version, last write): a version's state
# and log never change once committed (the write's time tells a version rolled back
# and written again), so a settle decodes only the matches that moved on. Callers
# read them, never change them.
_TABLES: OrderedDict[tuple[str, int, str], tuple[JSON, JSON]] = OrderedDict()
MAX_TABLES = 4096


def _known_versions(ids: list[str]) -> list[tuple[str, int]]:
    wanted = set(ids)
    return sorted({(i, v) for (i, v, _) in _TABLES if i in wanted})


def _board(match_id: str, game: str, version: int, confirm: bool, state: JSON) -> JSON:
    """``board_of`` from a match's columns (no ORM object)."""
    board = games.get(game).view(state)
    if confirm and board.get("over"):
        key = (match_id, version)
        found = _CONFIRMED.get(key)
        if found is None:
            found = trust.settled(log_rows(MatchEvent, "match_id", match_id))
            _CONFIRMED[key] = found
            while len(_CONFIRMED) > MAX_CONFIRMED:
                _CONFIRMED.popitem(last=False)
        if not found:
            return {**board, "over": False, "awaiting_confirmation": True}
    return board


def board_of(match: Match) -> JSON:
    """A table match's board as its tournament reads it.

    A match in confirmation mode (a league's game: the home side scores, the away
    side confirms) that is over but not yet confirmed by the other side is still in
    play for its tournament: its result counts once every entry is confirmed. Only
    such a match has its log read (``ledger.counts``), and a settle reads only the
    matches in play, so that stays proportional to what is being played.
    """
    board = ledger.board(match)
    if match.confirm and board.get("over") and not _confirmed(match):
        return {**board, "over": False, "awaiting_confirmation": True}
    return board


# Whether a match's log is all confirmed, by (match, version): a version's log never
# changes, so a finished game's log is read once, not at every settle of its night.
_CONFIRMED: OrderedDict[tuple[str, int], bool] = OrderedDict()
MAX_CONFIRMED = 8192


def _confirmed(match: Match) -> bool:
    key = (match.id, int(match.version))
    found = _CONFIRMED.get(key)
    if found is None:
        found = ledger.counts(match)
        _CONFIRMED[key] = found
        while len(_CONFIRMED) > MAX_CONFIRMED:
            _CONFIRMED.popitem(last=False)
    return found


def view(tournament: Tournament, tables: list[TableMatch] | None = None) -> JSON:
    """The tournament as the format shows it, over its live table matches."""
    if tables is None:
        tables = table_matches(tournament)
    return format_of(tournament).view(tournament.state, tables)


def fingerprint(tournament: Tournament, tables: list[TableMatch] | None = None) -> str:
    """Changes whenever the tournament or one of its current matches does."""
    if tables is None:
        tables = table_matches(tournament)
    return f"{tournament.version}.{sum(tm.version for tm in tables)}"


def rows(tournament: Tournament) -> list[TournamentEvent]:
    return log_rows(TournamentEvent, "tournament_id", tournament.id)


def history(tournament: Tournament) -> list[Entry]:
    """Every row of the log, newest first, each event as anyone may read it now
    (``Format.public_event``: a blind league line-up shows no names until the other
    team's is in). Every reader, the organiser too, gets this form: the log page,
    the API's events and the JSON export. The stored rows keep all of it
    (``rows``, which ``audit`` replays)."""
    fmt = format_of(tournament)
    state = tournament.state
    return [
        Entry(
            r.seq,
            r.kind,
            public_event(fmt, state, r.data),
            r.ruling,
            r.actor,
            r.created_at,
        )
        for r in reversed(rows(tournament))
    ]


def public_event(fmt: Format, state: JSON | None, event: JSON) -> JSON:
    """``event`` as the log shows it to readers (before ``create`` is folded there
    is no state: the row is shown as it is)."""
    return event if state is None else fmt.public_event(state, event)


def audit(tournament: Tournament) -> list[str]:
    """Problems found by replaying the log (empty when the rows and snapshot agree)."""
    fmt = format_of(tournament)
    problems = []
    state: JSON | None = None
    log = rows(tournament)
    for row in log:
        try:
            step = fmt.apply(copy.deepcopy(state), row.data)
        except (BadInput, Refused) as err:
            problems.append(f"#{row.seq}: no longer applies: {err}")
            continue
        state = step.state
        if step.ruling.to_json() != row.ruling:
            problems.append(f"#{row.seq}: stored ruling differs from the replay")
    if not log or log[-1].seq != tournament.version or len(log) != tournament.version:
        problems.append(f"version {tournament.version} but the log has {len(log)} rows")
    if _canonical(state) != _canonical(tournament.state):
        problems.append("the snapshot differs from the replayed state")
    return problems


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)
