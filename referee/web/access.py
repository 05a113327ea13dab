"""Who may write to a match: the edit key in a header, or its hash in the session."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any

from flask import g
from flask import session
from sqlalchemy import case
from sqlalchemy import delete
from sqlalchemy import select
from sqlalchemy import update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from referee import keys
from referee import ledger
from referee.db import db
from referee.db import write_lock
from referee.models import Match
from referee.models import PinGuard
from referee.models import utcnow

MAX_REMEMBERED = 40
# The session's fields: match id -> the keyed hash of the key this browser scores
# with, and night id -> the hashes of the organiser's or tables' keys it holds. Never
# a plain key: the cookie is signed, not encrypted (see docs/security.md).
GRANTS = "grants"
NIGHT_GRANTS = "night_grants"
# What cookies from before hashed grants called them (they held plain keys).
OLD_GRANTS = "keys"
OLD_NIGHT_GRANTS = "nights"


def grant(match: Match) -> None:
    """Let this browser score the match: its edit key's hash goes in the session."""
    _remember_match(match.id, str(match.edit_key))


def grant_side(match: Match, digest: str) -> None:
    """Let this browser write as a side (confirmation mode): the hash of the key
    that ``ledger.claim_side`` made for this phone alone."""
    _remember_match(match.id, digest)


def _remember_match(match_id: str, digest: str) -> None:
    held = dict(session.get(GRANTS, {}))
    held.pop(match_id, None)
    held[match_id] = keys.grant(digest)
    # Keep the cookie small: the most recent matches win.
    session[GRANTS] = dict(list(held.items())[-MAX_REMEMBERED:])
    session.permanent = True


def can_edit(match: Match) -> bool:
    """Whether this browser may enter events: it holds the match's edit key, or a
    side's key (confirmation mode)."""
    return ledger.actor_of(match, key_for(match.id)) is not None


def is_scorer(match: Match) -> bool:
    """Whether this browser holds the match's edit key itself (not a side's key): it
    alone is shown the PIN, the QR link and the sides' links, and may rematch."""
    return ledger.check_key(match, key_for(match.id))


def key_for(match_id: str) -> str:
    """The credential this browser holds for a match ("" if none), as the hash the
    write path checks (``keys.Digest``): the session never holds the key itself."""
    digest = session.get(GRANTS, {}).get(match_id)
    return keys.Digest(digest) if isinstance(digest, str) and digest else ""


def remembered() -> list[str]:
    """Match ids this browser can score, most recent first."""
    return list(reversed(list(session.get(GRANTS, {}))))


def no_store() -> str:
    """Mark this answer as showing a secret (a PIN, a key, a claim code): it is sent
    ``Cache-Control: no-store``, which the service worker honours, so no phone keeps
    a copy. Returns "" so that a template can call it where it shows the secret."""
    g.no_store = True
    return ""


def stored_nowhere() -> bool:
    """Whether this answer was marked by ``no_store``."""
    return bool(g.get("no_store"))


def upgrade_session() -> None:
    """A cookie from before hashed grants held plain keys: hash them on first use.

    Each plain key becomes its keyed hash (what the database keeps), so the browser
    keeps scoring what it scored, and the next cookie sent back holds no key.
    """
    if OLD_GRANTS not in session and OLD_NIGHT_GRANTS not in session:
        return
    old = session.pop(OLD_GRANTS, None)
    if isinstance(old, dict):
        held = {
            str(m): keys.grant(keys.hash_key(k))
            for m, k in old.items()
            if isinstance(k, str) and k
        }
        session[GRANTS] = dict(
            list({**held, **session.get(GRANTS, {})}.items())[-MAX_REMEMBERED:]
        )
    nights = session.pop(OLD_NIGHT_GRANTS, None)
    if isinstance(nights, dict):
        merged = dict(session.get(NIGHT_GRANTS, {}))
        for night, held_keys in nights.items():
            if isinstance(held_keys, list):
                hashed = [
                    keys.grant(keys.hash_key(k))
                    for k in held_keys
                    if isinstance(k, str)
                ]
                merged[str(night)] = [*merged.get(str(night), []), *hashed]
        session[NIGHT_GRANTS] = merged


# A six-digit PIN is easy to type and easy to guess. Each place a PIN (or a claim
# code) is checked against is a *target* with its own budget: at most ten wrong
# guesses per ten-minute window, counted in one database row per target so that every
# worker sees the same count. The count is taken *before* the check, in one upsert,
# so a burst of any size gets at most ten checks; a right PIN gives its slot back.
# A lockout closes that target's PIN for the rest of its window, for everybody: never
# a network (a guesser on a venue's Wi-Fi does not lock out its other players), and
# never the QR link, which carries the key. See docs/security.md.
WRONG_PINS = 10
WINDOW = timedelta(minutes=10)
# A PIN typed on the home page names no match: it is compared with every match in
# play, so a wrong one is a wrong guess at each of them and counts against one
# shared target.
ANY_MATCH = "any"


@dataclass(frozen=True)
class PinTurn:
    """One reserved check of a PIN against ``target``; ``wait`` > 0: refused."""

    target: str
    started: datetime
    wait: int  # seconds until the target's window ends (0: go ahead and check)


def match_target(match_id: str) -> str:
    return ledger.pin_target(match_id)


def night_target(tournament_id: str) -> str:
    return f"night:{tournament_id}"


def player_target(player_id: str) -> str:
    return f"player:{player_id}"


def pin_turn(target: str) -> PinTurn:
    """Reserve a check of a PIN against ``target``, or say how long to wait.

    One statement counts the try and reads the count back (``INSERT ... ON CONFLICT
    DO UPDATE ... RETURNING``, the same on SQLite and PostgreSQL): there is no
    moment between a check of the count and its increment for another request to
    slip through. Committed at once, so the count holds whatever the check does.
    """
    write_lock()  # SQLite: BEGIN IMMEDIATE, so the upsert never meets a reader's lock
    now = utcnow()  # after the lock: a request that waited counts from when it ran
    table = PinGuard.__table__
    insert = pg_insert if db.engine.dialect.name == "postgresql" else sqlite_insert
    fresh = insert(table).values(target=target, window_start=now, tries=1)
    over = table.c.window_start <= now - WINDOW
    statement = fresh.on_conflict_do_update(
        index_elements=[table.c.target],
        set_={
            "tries": case((over, 1), else_=table.c.tries + 1),
            "window_start": case(
                (over, fresh.excluded.window_start), else_=table.c.window_start
            ),
        },
    ).returning(table.c.tries, table.c.window_start)
    tries, started = db.session.execute(statement).one()
    db.session.commit()
    if started.tzinfo is None:  # SQLite gives naive UTC back
        started = started.replace(tzinfo=UTC)
    wait = 0 if tries <= WRONG_PINS else _seconds_left(started, now)
    return PinTurn(target, started, wait)


def pin_right(turn: PinTurn) -> None:
    """The PIN was right: give its slot back (in the window it was taken from)."""
    table = PinGuard.__table__
    write_lock()
    db.session.execute(
        update(table)
        .where(
            table.c.target == turn.target,
            table.c.window_start == turn.started,
            table.c.tries > 0,
        )
        .values(tries=table.c.tries - 1)
    )
    db.session.commit()


def pin_locked(target: str) -> int:
    """Seconds until ``target``'s PIN takes guesses again (0: it is open); no count."""
    row = db.session.execute(
        select(PinGuard.tries, PinGuard.window_start).where(PinGuard.target == target)
    ).one_or_none()
    if row is None or row.tries <= WRONG_PINS:
        return 0
    started = row.window_start
    if started.tzinfo is None:
        started = started.replace(tzinfo=UTC)
    now = utcnow()
    return 0 if started <= now - WINDOW else _seconds_left(started, now)


def pin_reset(target: str) -> None:
    """Forget ``target``'s count (its PIN was replaced: old guesses say nothing of it).

    Part of the caller's transaction."""
    db.session.execute(delete(PinGuard).where(PinGuard.target == target))


def _seconds_left(started: datetime, now: datetime) -> int:
    left = math.ceil((started + WINDOW - now).total_seconds())
    return min(max(1, left), int(WINDOW.total_seconds()))


def wait_words(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return f"{minutes} minute{'' if minutes == 1 else 's'}"


def too_many_pins_message(
    seconds: int,
    what: str = "this match's PIN",
    instead: str = "Scan the scorer's QR code, or ask the scorer for a new PIN.",
) -> str:
    return (
        f"Too many wrong guesses at {what}: it is not checked for "
        f"{wait_words(seconds)}. {instead}"
    )


def retry_after(response: Any, seconds: int) -> Any:
    """Say on a 429 when to try again (RFC 9110 10.2.3, in seconds)."""
    response.headers["Retry-After"] = str(seconds)
    return response


@dataclass(frozen=True)
class PinJoin:
    """What a typed match PIN opened: the match, or how long to wait (429)."""

    match: Match | None
    wait: int = 0
    target: str = ANY_MATCH


def join_by_pin(pin: str, match_id: str | None = None) -> PinJoin:
    """Check a typed PIN against the match ``match_id`` names, or against every match
    in play when it names none (the home page); counted against that target.

    A match whose own PIN is locked out does not take it from the home page either,
    and answers there as a wrong PIN does (saying "locked" would confirm the guess).
    """
    target = match_target(match_id) if match_id else ANY_MATCH
    turn = pin_turn(target)
    if turn.wait:
        return PinJoin(None, turn.wait, target)
    if match_id:
        match = ledger.by_pin(pin)
        found = match if match is not None and match.id == match_id else None
    else:
        found = ledger.by_pin(pin)
        if found is not None and pin_locked(match_target(found.id)):
            found = None
    if found is not None:
        pin_right(turn)
    return PinJoin(found, 0, target)
