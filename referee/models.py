"""Tables: a match (setup + snapshot) and its append-only log of events."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from typing import Any

from sqlalchemy import JSON
from sqlalchemy import Boolean
from sqlalchemy import DateTime
from sqlalchemy import Float
from sqlalchemy import ForeignKey
from sqlalchemy import Index
from sqlalchemy import Integer
from sqlalchemy import String
from sqlalchemy import UniqueConstraint
from sqlalchemy import false
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import mapped_column

from referee.db import db


def utcnow() -> datetime:
    return datetime.now(UTC)


class Match(db.Model):
    """A match: who plays what under which options, and its state after the last row.

    ``version`` is the seq of the last log row; ``state`` the engine state after it
    (a snapshot, so that appending stays O(1) in the length of the match).
    """

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    title: Mapped[str] = mapped_column(String(80), default="")
    players: Mapped[list[str]] = mapped_column(JSON)
    teams: Mapped[list[Any]] = mapped_column(JSON, default=list)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(12), default="live")
    version: Mapped[int] = mapped_column(Integer, default=0)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Keyed hashes of the edit key and PIN, and a sealed copy of both: never the
    # plain values (see ``referee.keys``).
    edit_key: Mapped[str] = mapped_column(String(64))
    pin: Mapped[str] = mapped_column(String(64), unique=True)
    sealed: Mapped[str | None] = mapped_column(String(255))
    # The creator's idempotency key and a hash of the request, so that a double tap on
    # "Start" or a retried POST returns the first match instead of making a second.
    create_key: Mapped[str | None] = mapped_column(String(255), index=True, unique=True)
    create_hash: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )
    # A table's game in a tournament (see ``Tournament``); None for a lone match.
    tournament_id: Mapped[str | None] = mapped_column(
        ForeignKey("tournament.id"), index=True, default=None
    )
    round: Mapped[int | None] = mapped_column(Integer, default=None)
    table: Mapped[int | None] = mapped_column(Integer, default=None)
    # Confirmation mode: an entry counts once another side confirms it from its own
    # phone. ``side_keys`` holds one ``{"key", "pin", "sealed"}`` per side (hashed and
    # sealed as the edit key is); the edit key writes for side 0.
    confirm: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false()
    )
    side_keys: Mapped[list[Any] | None] = mapped_column(JSON, default=None)


class MatchEvent(db.Model):
    """One row of a match's log. Rows are only ever inserted (triggers forbid the rest).

    ``kind`` is ``event`` (a reported game event, ``data`` its canonical form),
    ``undo`` (voids the event at ``data["target"]``) or ``amend`` (replaces the event
    at ``data["target"]`` with ``data["event"]``). ``ruling`` is what the referee said
    when the row was written; ``response`` the answer the writer got, replayed to a
    retry with the same idempotency key.
    """

    __tablename__ = "match_event"
    __table_args__ = (
        UniqueConstraint("match_id", "seq"),
        UniqueConstraint("match_id", "idem_key"),
        # A window of the log needs the corrections from its first row on: read by
        # this index, they cost what they number, never the length of the log.
        Index("ix_match_event_corrections", "match_id", "kind", "seq"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("match.id"), index=True)
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(12))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    ruling: Mapped[dict[str, Any]] = mapped_column(JSON)
    idem_key: Mapped[str | None] = mapped_column(String(255))
    request_hash: Mapped[str | None] = mapped_column(String(64))
    response: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )
    # Who wrote the row: "" (the scorer), "side 1" (a side's phone in confirmation
    # mode): the history shows every correction with who made it.
    actor: Mapped[str] = mapped_column(String(40), default="", server_default="")


CHECKPOINT_EVERY = 64  # a checkpoint at every 64th version (see MatchCheckpoint)


class MatchCheckpoint(db.Model):
    """The folded engine state of a match at a position of its log, to fold from.

    ``state`` is the fold of the events in force with seq <= ``position`` as the log
    stood at version ``made_at`` (corrections up to ``made_at`` included). Every row
    present is valid at the match's current version: a correction or undo of event
    k deletes the rows at positions >= k in its own transaction (and writes fresh
    ones from the fold it does anyway). A reader that saw version v uses only rows
    with ``made_at`` <= v, so one racing a correction falls back to an earlier row,
    never to a wrong one. The match's UPDATE to a version that is a multiple of
    ``CHECKPOINT_EVERY`` adds the row by trigger (migration 0009), so an event POST
    keeps its statement count.
    """

    __tablename__ = "match_checkpoint"

    match_id: Mapped[str] = mapped_column(ForeignKey("match.id"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    made_at: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)


def checkpoint_trigger(dialect: str, every: int = CHECKPOINT_EVERY) -> list[str]:
    """SQL that (re)makes the trigger of migration 0009 with checkpoints ``every``
    versions: the tests and bench/corrections.py try other spacings with it."""
    when = f"NEW.version <> OLD.version AND NEW.version % {int(every)} = 0"
    if dialect == "postgresql":  # the function match_checkpoint() is 0009's
        return [
            "DROP TRIGGER IF EXISTS match_checkpoint ON match",
            "CREATE TRIGGER match_checkpoint AFTER UPDATE OF version ON match "
            f"FOR EACH ROW WHEN ({when}) EXECUTE FUNCTION match_checkpoint()",
        ]
    return [
        "DROP TRIGGER IF EXISTS match_checkpoint",
        "CREATE TRIGGER match_checkpoint AFTER UPDATE OF version ON match "
        f"WHEN {when} BEGIN INSERT OR REPLACE INTO match_checkpoint "
        "(match_id, position, made_at, state) "
        "VALUES (NEW.id, NEW.version, NEW.version, NEW.state); END",
    ]


# --- tournaments --------------------------------------------------------------------
# A tournament is a multi-table event (a bunko night, later pool leagues and darts
# nights): its own append-only log, plus one ``Match`` per table per round, linked
# back by ``Match.tournament_id``, ``Match.round`` and ``Match.table``.


class Tournament(db.Model):
    """A tournament: its format, players and options, and its state after the last row.

    ``edit_key`` and ``pin`` belong to the organiser; ``table_keys`` holds one
    ``{"key", "pin", "sealed"}`` per table, kept for the whole event so a table's
    phone joins once and scores every round's match at that table (each table
    match's edit key is its table's key). As on ``Match``, keys and PINs are kept as
    keyed hashes with a sealed copy (``referee.keys``), never in plain text.
    """

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    kind: Mapped[str] = mapped_column(String(40), index=True)
    game: Mapped[str] = mapped_column(String(40))
    title: Mapped[str] = mapped_column(String(80), default="")
    players: Mapped[list[str]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(12), default="live")
    version: Mapped[int] = mapped_column(Integer, default=0)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    edit_key: Mapped[str] = mapped_column(String(64))
    pin: Mapped[str] = mapped_column(String(64))
    sealed: Mapped[str | None] = mapped_column(String(255))
    # As on Match: a double tap on "Start the night" or a retry makes one night.
    create_key: Mapped[str | None] = mapped_column(String(255), index=True, unique=True)
    create_hash: Mapped[str | None] = mapped_column(String(64))
    table_keys: Mapped[list[Any]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )
    # A league's season is a tournament of kind "league" (see ``League``).
    league_id: Mapped[str | None] = mapped_column(
        ForeignKey("league.id"), index=True, default=None
    )


class TournamentEvent(db.Model):
    """One row of a tournament's log; only ever inserted (triggers forbid the rest).

    ``kind`` is the event's type (``create``, ``round``, ``result``, ``stop``,
    ``correction``...), ``data`` the event, ``ruling`` what the referee said,
    ``actor`` who wrote it (``organiser``, ``table 2``, ``match``), ``response`` the
    answer replayed to a retry with the same idempotency key.
    """

    __tablename__ = "tournament_event"
    __table_args__ = (
        UniqueConstraint("tournament_id", "seq"),
        UniqueConstraint("tournament_id", "idem_key"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournament.id"), index=True)
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(20))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    ruling: Mapped[dict[str, Any]] = mapped_column(JSON)
    actor: Mapped[str] = mapped_column(String(20), default="")
    idem_key: Mapped[str | None] = mapped_column(String(255))
    request_hash: Mapped[str | None] = mapped_column(String(64))
    response: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )


# --- leagues ------------------------------------------------------------------------
# A league is a name, a game and an organiser; each of its seasons is a tournament
# of kind "league" (teams, rosters, fixtures by week, standings: the format
# ``referee.formats.league``) linked back by ``Tournament.league_id``.


class League(db.Model):
    """A league: its name, game and default options, and the organiser's key and PIN.

    Keys and PINs are kept as on ``Tournament``: keyed hashes and a sealed copy.
    """

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    edit_key: Mapped[str] = mapped_column(String(64))
    pin: Mapped[str] = mapped_column(String(64))
    sealed: Mapped[str | None] = mapped_column(String(255))
    create_key: Mapped[str | None] = mapped_column(String(255), index=True, unique=True)
    create_hash: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )


class PinGuard(db.Model):
    """Guesses at one PIN target in the current window (see ``referee.web.access``).

    ``target`` is what a typed PIN or code is checked against: ``match:<id>``,
    ``night:<id>``, ``player:<id>``, or ``any`` (a PIN typed alone on the home page,
    compared with every match in play). One row per target, counted up by a single
    upsert, so that every worker sees the same count and no burst gets past it.
    """

    __tablename__ = "pin_guard"

    target: Mapped[str] = mapped_column(String(40), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    tries: Mapped[int] = mapped_column(Integer)


# --- players ------------------------------------------------------------------------
# A player is recognised across matches by a name the scorer or the organiser links to
# a profile; no account. A claim code (kept hashed) ties a phone to the profile.


class Player(db.Model):
    """A profile: a display name, its ``handle`` (the name folded, unique)."""

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    # casefold() may lengthen a name ("ß" -> "ss"): room for three times 40
    handle: Mapped[str] = mapped_column(String(160), unique=True)
    claim: Mapped[str] = mapped_column(String(64))  # keyed hash of the claim code
    created_by: Mapped[str] = mapped_column(String(40), default="")
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )


class PlayerLink(db.Model):
    """A seat of a match (or an entrant of a tournament) that is this player.

    Either ``match_id`` and ``seat`` or ``tournament_id`` and ``entrant`` (every match
    of that tournament where the entrant's name sits).
    """

    __tablename__ = "player_link"
    __table_args__ = (
        UniqueConstraint("match_id", "seat"),
        UniqueConstraint("tournament_id", "entrant"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("player.id"), index=True)
    match_id: Mapped[str | None] = mapped_column(ForeignKey("match.id"), default=None)
    seat: Mapped[int | None] = mapped_column(Integer, default=None)
    tournament_id: Mapped[str | None] = mapped_column(
        ForeignKey("tournament.id"), default=None
    )
    entrant: Mapped[str | None] = mapped_column(String(40), default=None)
    linked_by: Mapped[str] = mapped_column(String(40), default="")
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )


# --- ratings ------------------------------------------------------------------------
# A rating per profile per game (OpenSkill's Plackett-Luce model, ``referee.ratings``),
# worked out from the finished matches' logs. Both tables are derived data: a
# recomputation rewrites them from the logs, in the order the matches finished.


class PlayerRating(db.Model):
    """A profile's current rating at one game: ``mu`` and ``sigma`` after ``matches``
    rated matches, the last at ``updated_at``."""

    __tablename__ = "player_rating"

    player_id: Mapped[str] = mapped_column(ForeignKey("player.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )


class RatingChange(db.Model):
    """One rated match of a profile at a game: the rating before and after it.

    ``position`` is the match's place in the game's finishing order (1, 2, ...:
    every rated match of the game, whoever played it), so a profile's rows in
    ``position`` order are its rating history and a recomputation replays them.
    """

    __tablename__ = "rating_change"
    __table_args__ = (
        UniqueConstraint("player_id", "game", "match_id"),
        Index("ix_rating_change_history", "player_id", "game", "position"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("player.id"))
    game: Mapped[str] = mapped_column(String(40))
    match_id: Mapped[str] = mapped_column(ForeignKey("match.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)  # 1 = first; tied sides share one
    sides: Mapped[int] = mapped_column(Integer)  # how many sides the match had
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
