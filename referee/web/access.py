"""Who may write to a match: the edit key, kept in the browser's session or a header."""

from __future__ import annotations

from datetime import timedelta

from flask import request
from flask import session
from sqlalchemy import delete
from sqlalchemy import func
from sqlalchemy import select

from referee import ledger
from referee.db import db
from referee.models import JoinAttempt
from referee.models import Match
from referee.models import utcnow

MAX_REMEMBERED = 40


def grant(match: Match) -> None:
    """Remember this match's edit key in the signed session cookie."""
    keys = dict(session.get("keys", {}))
    keys.pop(match.id, None)
    keys[match.id] = ledger.credentials(match).key
    # Keep the cookie small: the most recent matches win.
    session["keys"] = dict(list(keys.items())[-MAX_REMEMBERED:])
    session.permanent = True


def can_edit(match: Match) -> bool:
    """Whether this browser holds the match's edit key, or a side's key (confirmation
    mode), either of which may enter events."""
    return ledger.actor_of(match, key_for(match.id)) is not None


def grant_side(match: Match, key: str) -> None:
    """Remember a side's key (confirmation mode) as this browser's key for the match."""
    keys = dict(session.get("keys", {}))
    keys.pop(match.id, None)
    keys[match.id] = key
    session["keys"] = dict(list(keys.items())[-MAX_REMEMBERED:])
    session.permanent = True


def key_for(match_id: str) -> str:
    """The edit key this browser holds for a match ("" if none): the write checks it."""
    return str(session.get("keys", {}).get(match_id) or "")


def remembered() -> list[str]:
    """Match ids this browser can score, most recent first."""
    return list(reversed(list(session.get("keys", {}))))


# A six-digit PIN is easy to type and easy to guess: ten wrong PINs from one address
# in ten minutes, and that address waits. Stored in the database so that every worker
# sees the same count.
WRONG_PINS = 10
WINDOW = timedelta(minutes=10)


def client_address() -> str:
    return (request.remote_addr or "unknown")[:64]


def pin_wait_minutes() -> int:
    """Minutes this client must wait before trying another PIN (0: go ahead)."""
    since = utcnow() - WINDOW
    rows = db.session.execute(
        select(func.count(), func.min(JoinAttempt.at)).where(
            JoinAttempt.client == client_address(), JoinAttempt.at >= since
        )
    ).one()
    count, oldest = rows
    if count < WRONG_PINS or oldest is None:
        return 0
    if oldest.tzinfo is None:  # SQLite gives naive UTC back
        oldest = oldest.replace(tzinfo=since.tzinfo)
    left = oldest + WINDOW - utcnow()
    return max(1, int(left.total_seconds() // 60) + 1)


def note_wrong_pin() -> None:
    db.session.add(JoinAttempt(client=client_address()))
    db.session.execute(
        delete(JoinAttempt).where(JoinAttempt.at < utcnow() - timedelta(days=1))
    )
    db.session.commit()


def too_many_pins_message(minutes: int) -> str:
    return (
        f"Too many wrong PINs from this network. Wait {minutes} minute"
        f"{'' if minutes == 1 else 's'}, or ask the scorer for the QR code."
    )
