"""What every part of the ledger shares: its refusals, a write's answer, keys."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from typing import Any

from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput

MAX_KEY = 255
_ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud safely


class NotFound(LookupError):
    """No such match (404)."""


class Stale(Exception):
    """The writer saw an older seq than the match has now (409)."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(
            f"The match has moved on: you saw event #{expected}, it is now at "
            f"#{current}. Look at the board and enter it again if it still applies."
        )
        self.expected = expected
        self.current = current


class KeyReused(Exception):
    """An idempotency key came back with a different request (422)."""


class Forbidden(PermissionError):
    """This key may not write here: another match's key, another table's (403)."""


class NotYours(Forbidden):
    """This match's key, but another side's entry (confirmation mode; 403)."""


@dataclass(frozen=True)
class Written:
    """The answer to a write: HTTP status, body, and whether it was a replay."""

    status: int
    body: JSON
    replayed: bool = False
    # The tournament this write must settle: a match's, and only when the write may
    # have changed its result (it finished the match, or touched a finished one).
    # A dart in play leaves it None, so its tournament is neither read nor locked.
    tournament_id: str | None = None
    # ``body`` as compact JSON text when the write stored it as its answer: the API
    # sends these very bytes rather than serialising the body a second time.
    text: str | None = None

    @property
    def seq(self) -> int:
        return int(self.body["seq"])


def clean_key(idem_key: str | None) -> str | None:
    """The idempotency key without surrounding space; ``BadInput`` if empty or long."""
    if idem_key is None:
        return None
    idem_key = str(idem_key).strip()
    if not idem_key or len(idem_key) > MAX_KEY:
        raise BadInput(
            f"An idempotency key is 1 to {MAX_KEY} characters.",
            field="Idempotency-Key",
            example="3f1c2b9e-7d1a",
        )
    return idem_key


def same_secret(given: str, stored: str) -> bool:
    """Constant-time comparison that also takes non-ASCII input (a wrong key)."""
    return hmac.compare_digest(given.encode(), stored.encode())


def request_hash(payload: Any) -> str:
    """A stable hash of a write's payload, to tell a retry from a reused key."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def new_id() -> str:
    """A fresh id for a row (a profile), from the read-aloud-safe alphabet."""
    return _token(10)


def _token(n: int) -> str:
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(n))
