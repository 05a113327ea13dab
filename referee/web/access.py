"""Who may write to a match: the edit key in a header, or its hash in the session."""

from __future__ import annotations

from datetime import timedelta

from flask import g
from flask import request
from flask import session
from sqlalchemy import delete
from sqlalchemy import func
from sqlalchemy import select

from referee import keys
from referee import ledger
from referee.db import db
from referee.models import JoinAttempt
from referee.models import Match
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
