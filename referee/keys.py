"""Edit keys and PINs at rest: keyed hashes to check them, a sealed copy to show them.

A copy of the database must not give write access, so no row holds a plain key or
PIN. Each credential (a match's, a night organiser's, a night table's) is stored as

- ``HMAC-SHA256(server key, key)`` and ``HMAC-SHA256(server key, PIN)``: a bearer
  key or a session's key is checked, and a typed PIN is looked up, by its hash;
- a sealed copy of both (AES-256-GCM, bound to its row by the associated data), so
  the server can still hand them over where the app needs them: a PIN join or a
  retried create gives the key back, the scorer's page shows its PIN and QR link,
  the organiser's page shows every table's.

Both keys are derived from the app's ``SECRET_KEY``, which never lives in the
database: with the database alone, the hashes and seals are useless. Changing
``SECRET_KEY`` therefore invalidates every edit key and PIN (and every session).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from functools import lru_cache

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from flask import current_app

PIN_DIGITS = 6
HASH_LENGTH = 64  # hex SHA-256
_NONCE = 12


@dataclass(frozen=True)
class Credentials:
    """A plain edit key and its PIN, as handed to whoever may hold them."""

    key: str
    pin: str


GRANT_LENGTH = 32  # hex characters of a key's hash kept in a session (128 bits)


class Digest(str):
    """What a session holds for a key: the first ``GRANT_LENGTH`` characters of its
    stored hash (``hash_key``), never the key, so a cookie read in transit or on a
    shared phone gives no key. Shortened so that 40 matches and 20 nights still fit
    a browser's 4 KB cookie; 128 bits of an HMAC cannot be guessed, and a cookie
    cannot be made without ``SECRET_KEY`` anyway.

    Only server code makes one (``grant``); a string from a request is always a
    plain key and is hashed first.
    """


def grant(stored_hash: str) -> str:
    """What a session keeps of a key whose stored hash is ``stored_hash``."""
    return stored_hash[:GRANT_LENGTH]


class Unreadable(ValueError):
    """A sealed copy that this server's secret cannot open (another SECRET_KEY?)."""


def new_key() -> str:
    return secrets.token_urlsafe(24)


def new_pin() -> str:
    return f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"


def hash_key(key: str) -> str:
    """The stored form of an edit key."""
    return _mac(b"key", key)


def hash_pin(pin: str) -> str:
    """The stored form of a PIN (looked up by it)."""
    return _mac(b"pin", pin)


def key_matches(given: object, stored: str | None) -> bool:
    """Whether ``given`` is the key whose hash is ``stored`` (constant time).

    A ``Digest`` (a session's grant) is compared with the start of the stored hash.
    """
    if not given or not stored or not isinstance(given, str):
        return False
    if isinstance(given, Digest):
        if len(given) != GRANT_LENGTH:
            return False
        return hmac.compare_digest(given.encode(), grant(stored).encode())
    return hmac.compare_digest(hash_key(given).encode(), stored.encode())


def join_token(row: str, stored_key: str) -> str:
    """A link token for ``row`` whose key hash is ``stored_key`` (32 URL-safe chars)."""
    mac = hmac.new(
        _material(b"join"), f"{row}\n{stored_key}".encode(), hashlib.sha256
    ).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode()


def seal(row: str, creds: Credentials) -> str:
    """A sealed copy of ``creds`` for the row named ``row`` (e.g. ``match:abc``)."""
    nonce = secrets.token_bytes(_NONCE)
    plain = json.dumps({"key": creds.key, "pin": creds.pin}).encode()
    box = AESGCM(_material(b"seal")).encrypt(nonce, plain, row.encode())
    return base64.urlsafe_b64encode(nonce + box).decode()


def unseal(row: str, sealed: str | None) -> Credentials:
    """The credentials sealed for ``row``; ``Unreadable`` if they cannot be opened."""
    if not sealed:
        raise Unreadable(f"{row} has no sealed credentials")
    try:
        raw = base64.urlsafe_b64decode(sealed.encode())
        plain = AESGCM(_material(b"seal")).decrypt(
            raw[:_NONCE], raw[_NONCE:], row.encode()
        )
    except (InvalidTag, ValueError) as err:
        raise Unreadable(f"the credentials of {row} cannot be opened") from err
    data = json.loads(plain)
    return Credentials(str(data["key"]), str(data["pin"]))


def stored(row: str, creds: Credentials) -> dict[str, str]:
    """What a row keeps of ``creds``: ``{"key", "pin", "sealed"}``."""
    return {
        "key": hash_key(creds.key),
        "pin": hash_pin(creds.pin),
        "sealed": seal(row, creds),
    }


def columns(row: str, creds: Credentials) -> dict[str, str]:
    """``stored`` as a head row's columns: ``edit_key``, ``pin``, ``sealed``."""
    secret = stored(row, creds)
    return {"edit_key": secret["key"], "pin": secret["pin"], "sealed": secret["sealed"]}


def _mac(purpose: bytes, value: str) -> str:
    return hmac.new(_material(purpose), value.encode(), hashlib.sha256).hexdigest()


def _material(purpose: bytes) -> bytes:
    return _derive(_secret(), purpose)


def _secret() -> bytes:
    secret = current_app.config["SECRET_KEY"]
    return secret if isinstance(secret, bytes) else str(secret).encode()


@lru_cache(maxsize=16)
def _derive(secret: bytes, purpose: bytes) -> bytes:
    """A 32-byte key of its own for each purpose, so no two uses share one."""
    return hmac.new(secret, b"referee/v1/" + purpose, hashlib.sha256).digest()
