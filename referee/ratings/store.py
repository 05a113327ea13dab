"""Ratings in the database: the finished matches read as results, the tables kept.

Both tables (``PlayerRating``, ``RatingChange``) are derived from the match logs.
A game's matches are rated in finishing order: by ``Match.updated_at``, the time of
the match's last write (the one that finished it, or the last correction of it),
then by id. A match counts once it is over and, in confirmation mode, once every
entry in force is confirmed (as a profile's figures count it: ``trust.settled``).

Writes happen inside the caller's transaction with the writer's lock: on SQLite
the write transaction is ``BEGIN IMMEDIATE`` (one writer at a time); on PostgreSQL a
transaction-scoped advisory lock per game serialises the rating writers of that
game, so two matches finishing at once are rated one after the other.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Iterable
from datetime import UTC
from datetime import datetime
from typing import NamedTuple

from sqlalchemy import delete
from sqlalchemy import exists
from sqlalchemy import func
from sqlalchemy import insert
from sqlalchemy import select
from sqlalchemy import text

from referee import games
from referee import trust
from referee.db import db
from referee.games.outcomes import JSON
from referee.ledger.folding import events_in_force
from referee.ledger.matches import rows as log_rows
from referee.ledger.matches import setup_of
from referee.models import Match
from referee.models import MatchEvent
from referee.models import PlayerLink
from referee.models import PlayerRating
from referee.models import RatingChange
from referee.ratings.model import Change
from referee.ratings.model import Rating
from referee.ratings.model import Replayed
from referee.ratings.model import Result
from referee.ratings.model import apply
from referee.ratings.model import replay
from referee.ratings.results import Finish
from referee.ratings.results import Unrated
from referee.ratings.results import finish

# --- results from the matches --------------------------------------------------------

# What each finished match's final state says (its sides and places, or why it is
# not rated) and whether it counts, per (match, version, last write): a rebuild
# after one correction decodes no state but that match's.
_finishes: OrderedDict[tuple[str, int, str], tuple[Finish | Unrated, bool]] = (
    OrderedDict()
)
_CACHE_SIZE = 50_000


class Head(NamedTuple):
    """The columns of a match the ratings read (no state, options or keys)."""

    id: str
    game: str
    version: int
    players: list[str]
    tournament_id: str | None
    confirm: bool
    updated_at: datetime


_HEAD = (
    Match.id,
    Match.game,
    Match.version,
    Match.players,
    Match.tournament_id,
    Match.confirm,
    Match.updated_at,
)


def order_of(match: Head | Match) -> tuple[str, str]:
    """The match's place in its game's finishing order: (its last write, its id)."""
    return (_utc(match.updated_at).isoformat(), match.id)


def _utc(when: datetime) -> datetime:
    # SQLite hands back naive datetimes (stored as UTC); PostgreSQL aware ones.
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def lock_game(game: str) -> None:
    """Serialise rating writers of ``game`` until the transaction ends (PostgreSQL).

    SQLite needs nothing more: its writer already holds the database's write lock.
    """
    connection = db.session.connection()
    if connection.dialect.name == "postgresql":
        key = zlib.crc32(f"ratings:{game}".encode()) - 2**31  # a signed 32-bit key
        connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": key})


def _folded(match: Match) -> JSON:
    """The match's final state folded afresh from its raw log."""
    game = games.get(match.game)
    state = game.start(setup_of(match))
    for event in events_in_force(log_rows(match)):
        state = game.apply(state, event).state
    return state


def _counts(match_id: str, confirm: bool) -> bool:
    """Whether a finished match counts: not in confirmation mode, or all confirmed."""
    if not confirm:
        return True
    log = db.session.execute(
        select(MatchEvent)
        .where(MatchEvent.match_id == match_id)
        .order_by(MatchEvent.seq)
    ).scalars()
    return trust.settled(log)


def _key(head: Head) -> tuple[str, int, str]:
    # the write's time too: a version rolled back and written again is another key
    return (head.id, head.version, order_of(head)[0])


def _finishes_of(heads: list[Head]) -> dict[str, tuple[Finish | Unrated, bool]]:
    """Each match's finish and whether it counts, from the cache or its snapshot.

    The snapshot (``Match.state``) is the ledger's fold of the log at ``version``
    (kept so by every write); ``recompute`` folds the raw logs instead.
    """
    out: dict[str, tuple[Finish | Unrated, bool]] = {}
    missing: dict[str, Head] = {}
    for head in heads:
        got = _finishes.get(_key(head))
        if got is None:
            missing[head.id] = head
        else:
            out[head.id] = got
    for chunk in _chunks(list(missing)):
        for match_id, state in db.session.execute(
            select(Match.id, Match.state).where(Match.id.in_(chunk))
        ):
            head = missing[match_id]
            got = (finish(games.get(head.game), state), _counts(head.id, head.confirm))
            out[match_id] = got
            _finishes[_key(head)] = got
    while len(_finishes) > _CACHE_SIZE:
        _finishes.popitem(last=False)
    return out


def seat_players(matches: list[Head]) -> dict[str, list[str | None]]:
    """The profile id at each seat of each match (as ``profiles.match_links``: the
    seat's own link, else its tournament entrant's)."""
    if not matches:
        return {}
    ids = [m.id for m in matches]
    tournaments = sorted({m.tournament_id for m in matches if m.tournament_id})
    own: dict[tuple[str, int], str] = {}
    entrants: dict[tuple[str, str], str] = {}
    for chunk in _chunks(ids):
        for match_id, seat, player in db.session.execute(
            select(PlayerLink.match_id, PlayerLink.seat, PlayerLink.player_id).where(
                PlayerLink.match_id.in_(chunk)
            )
        ):
            if seat is not None:
                own[(match_id, seat)] = player
    for chunk in _chunks(tournaments):
        for tournament, entrant, player in db.session.execute(
            select(
                PlayerLink.tournament_id, PlayerLink.entrant, PlayerLink.player_id
            ).where(PlayerLink.tournament_id.in_(chunk))
        ):
            entrants[(tournament, entrant)] = player
    out: dict[str, list[str | None]] = {}
    for m in matches:
        seats: list[str | None] = []
        for seat, name in enumerate(m.players):
            player = own.get((m.id, seat))
            if player is None and m.tournament_id:
                player = entrants.get((m.tournament_id, name))
            seats.append(player)
        out[m.id] = seats
    return out


def _chunks(items: list[str], size: int = 500) -> Iterable[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def result_of(
    head: Head, seats: list[str | None], got: Finish | Unrated, counts: bool
) -> Result | None:
    """The match as a rating result, or None when it is not rated (not over, not
    counted yet, fewer than two sides, no seat linked to a profile)."""
    if not isinstance(got, Finish) or not counts or not any(seats):
        return None
    by_name = dict(zip(head.players, seats, strict=True))
    seen: set[str] = set()
    sides: list[tuple[str | None, ...]] = []
    for side in got.sides:
        ids: list[str | None] = []
        for name in side:
            player = by_name.get(name)
            # a profile sits once: a second seat of the same profile plays unrated
            ids.append(player if player and player not in seen else None)
            if player:
                seen.add(player)
        sides.append(tuple(ids))
    return Result(head.id, head.game, order_of(head), tuple(sides), got.places)


def heads(game: str | None = None, ids: list[str] | None = None) -> list[Head]:
    """The finished matches (of ``game``, or these ``ids``) of a game Referee has."""
    query = select(*_HEAD).where(Match.status == "over")
    if game is not None:
        query = query.where(Match.game == game)
    if ids is not None:
        query = query.where(Match.id.in_(ids))
    known = games.registry()
    return [Head(*row) for row in db.session.execute(query) if row[1] in known]


def results(game: str | None = None, fold: bool = False) -> list[Result]:
    """Every rated match (of ``game``, or of every game), in finishing order.

    ``fold``: each match's final state folded afresh from its raw log (slow; what
    ``ratings.recompute`` checks the stored ratings against), not its snapshot.
    """
    found = heads(game)
    seats = seat_players(found)
    if fold:
        finishes = {}
        for head in found:
            match = db.session.get(Match, head.id)
            assert match is not None
            got = finish(games.get(head.game), _folded(match))
            finishes[head.id] = (got, _counts(head.id, head.confirm))
    else:
        finishes = _finishes_of(found)
    rated = (result_of(h, seats[h.id], *finishes[h.id]) for h in found)
    return sorted((r for r in rated if r), key=lambda r: (r.game, r.order))


# --- the stored tables ---------------------------------------------------------------


def _finished_at(result: Result) -> datetime:
    return datetime.fromisoformat(result.order[0])


def _change_row(change: Change, when: datetime) -> JSON:
    return {
        "player_id": change.player,
        "game": change.game,
        "match_id": change.match,
        "position": change.position,
        "place": change.place,
        "sides": change.sides,
        "mu_before": change.before.mu,
        "sigma_before": change.before.sigma,
        "mu": change.after.mu,
        "sigma": change.after.sigma,
        "finished_at": when,
    }


def rebuild(game: str) -> Replayed:
    """Rate ``game`` again from its matches and store it (the caller commits)."""
    lock_game(game)
    rated = results(game)
    got = replay(rated)
    when = {r.match: _finished_at(r) for r in rated}
    db.session.execute(delete(RatingChange).where(RatingChange.game == game))
    db.session.execute(delete(PlayerRating).where(PlayerRating.game == game))
    if got.changes:
        db.session.execute(
            insert(RatingChange),
            [_change_row(c, when[c.match]) for c in got.changes],
        )
    last: dict[str, datetime] = {}
    for c in got.changes:
        last[c.player] = when[c.match]
    if got.ratings:
        db.session.execute(
            insert(PlayerRating),
            [
                {
                    "player_id": player,
                    "game": g,
                    "mu": r.mu,
                    "sigma": r.sigma,
                    "matches": r.matches,
                    "updated_at": last[player],
                }
                for (player, g), r in got.ratings.items()
            ],
        )
    return got


def _gate(match_id: str) -> tuple[Head, bool, bool, bool] | None:
    """In one statement: the match's head, whether it is over, whether any profile
    link can reach one of its seats (its own seat links, or any entrant link of its
    tournament) and whether any rating change of it is stored. None: no such match.
    """
    own = exists().where(PlayerLink.match_id == match_id)
    entrants = exists().where(
        PlayerLink.tournament_id.is_not(None),
        PlayerLink.tournament_id == Match.tournament_id,
    )
    rated = exists().where(RatingChange.match_id == match_id)
    row = db.session.execute(
        select(*_HEAD, Match.status == "over", own | entrants, rated).where(
            Match.id == match_id
        )
    ).first()
    if row is None:
        return None
    n = len(_HEAD)
    return Head(*row[:n]), bool(row[n]), bool(row[n + 1]), bool(row[n + 2])


def rate_finished(match_id: str) -> None:
    """After a write that finished ``match_id`` or touched it finished: rate it.

    A match finishing now is the newest of its game, so it is rated on top of the
    stored ratings (a few reads and writes). Anything else (a finished match undone
    or corrected, or a clock that put it before a match already rated) rates the
    game again from its matches. Runs inside the write's transaction.
    """
    gate = _gate(match_id)
    if gate is None:
        return
    head, over, linked, rated = gate
    game = head.game
    if game not in games.registry() or not (linked or rated):
        # no seat can be a profile and nothing of it is stored: nothing to rate
        return
    lock_game(game)
    rated_before = rated or (
        db.session.execute(
            select(RatingChange.id).where(RatingChange.match_id == match_id).limit(1)
        ).first()
        is not None
    )
    if rated_before:
        rebuild(game)
        return
    if not over:  # not over (undone before it was ever rated)
        return
    got = _finishes_of([head])[head.id]
    result = result_of(head, seat_players([head])[head.id], *got)
    if result is None:
        return
    newest = db.session.execute(
        select(RatingChange.finished_at, RatingChange.match_id)
        .where(RatingChange.game == game)
        .order_by(RatingChange.position.desc())
        .limit(1)
    ).first()
    if newest is not None and (_utc(newest[0]).isoformat(), newest[1]) > result.order:
        rebuild(game)
        return
    _rate_on_top(result)


def _rate_on_top(result: Result) -> None:
    """Rate one match after every rated one of its game, from the stored ratings."""
    players = [p for side in result.sides for p in side if p]
    stored = {
        row.player_id: row
        for row in db.session.execute(
            select(PlayerRating).where(
                PlayerRating.game == result.game, PlayerRating.player_id.in_(players)
            )
        ).scalars()
    }
    position = db.session.execute(
        select(func.max(RatingChange.position)).where(RatingChange.game == result.game)
    ).scalar()
    done = Replayed(
        ratings={
            (p, result.game): Rating(row.mu, row.sigma, row.matches)
            for p, row in stored.items()
        },
        positions={result.game: position or 0},
    )
    changes = apply(done, result)
    when = _finished_at(result)
    db.session.execute(insert(RatingChange), [_change_row(c, when) for c in changes])
    for c in changes:
        row = stored.get(c.player)
        if row is None:
            db.session.add(
                PlayerRating(
                    player_id=c.player,
                    game=c.game,
                    mu=c.after.mu,
                    sigma=c.after.sigma,
                    matches=c.after.matches,
                    updated_at=when,
                )
            )
        else:
            row.mu, row.sigma, row.matches = c.after.mu, c.after.sigma, c.after.matches
            row.updated_at = when
    db.session.flush()
