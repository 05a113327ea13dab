"""Who may write to a match: the edit key, kept in the browser's session or a header."""

from __future__ import annotations

from flask import session

from referee import ledger
from referee.models import Match

MAX_REMEMBERED = 40


def grant(match: Match) -> None:
    """Remember this match's edit key in the signed session cookie."""
    keys = dict(session.get("keys", {}))
    keys.pop(match.id, None)
    keys[match.id] = match.edit_key
    # Keep the cookie small: the most recent matches win.
    session["keys"] = dict(list(keys.items())[-MAX_REMEMBERED:])
    session.permanent = True


def can_edit(match: Match) -> bool:
    return ledger.check_key(match, session.get("keys", {}).get(match.id))


def remembered() -> list[str]:
    """Match ids this browser can score, most recent first."""
    return list(reversed(list(session.get("keys", {}))))
