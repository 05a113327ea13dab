"""A tournament's keys and PINs: who writes (the organiser, a table's phone, the
tables' own matches), the keys and PINs a new tournament is given, and the lookups
from a key or a typed PIN to who it belongs to.

Split out of ``tournaments`` (which re-exports every name here); it reads and
writes no rows itself, only the ``Tournament`` it is handed.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from referee import keys
from referee import ledger
from referee.games.outcomes import JSON
from referee.models import Tournament


class NotFound(ledger.NotFound):
    """No such tournament (404)."""


@dataclass(frozen=True)
class Actor:
    """Who writes: the organiser, a table's phone, or the tables' own matches."""

    role: str  # "organiser", "table" or "match"
    table: int | None = None

    @property
    def name(self) -> str:
        return f"table {self.table}" if self.role == "table" else self.role


ORGANISER = Actor("organiser")
MATCHES = Actor("match")


def give_keys(
    tournament: Tournament, tables: int, given: keys.Credentials | None = None
) -> None:
    """The organiser's key and PIN (``given``: a league's), and one per table, all
    different PINs."""
    pins = _pins(tables + 1, given.pin if given else None)
    creds = given or keys.Credentials(keys.new_key(), pins[0])
    organiser = keys.stored(f"tournament:{tournament.id}", creds)
    tournament.edit_key = organiser["key"]
    tournament.pin = organiser["pin"]
    tournament.sealed = organiser["sealed"]
    tournament.table_keys = [
        keys.stored(
            _table_row(tournament.id, number), keys.Credentials(keys.new_key(), pin)
        )
        for number, pin in enumerate(pins[1:], start=1)
    ]


def actor_for(tournament: Tournament, key: str | None) -> Actor | None:
    """Who this edit key belongs to: the organiser, a table, or nobody."""
    if not key:
        return None
    if keys.key_matches(key, tournament.edit_key):
        return ORGANISER
    for i, table in enumerate(tournament.table_keys, start=1):
        if keys.key_matches(key, table["key"]):
            return Actor("table", i)
    return None


def key_for_pin(tournament: Tournament, pin: str) -> str | None:
    """The edit key a typed PIN stands for (the organiser's or a table's)."""
    pin = "".join(ch for ch in str(pin) if ch.isdigit())
    if len(pin) != 6:
        return None
    typed = keys.hash_pin(pin)
    if ledger.same_secret(typed, tournament.pin):
        return organiser_credentials(tournament).key
    for number, table in enumerate(tournament.table_keys, start=1):
        if ledger.same_secret(typed, table["pin"]):
            return table_key(tournament, number)["key"]
    return None


def organiser_credentials(tournament: Tournament) -> keys.Credentials:
    """The organiser's plain key and PIN (shown to the organiser only)."""
    return keys.unseal(f"tournament:{tournament.id}", tournament.sealed)


def table_key(tournament: Tournament, table: int) -> JSON:
    """``{"key", "pin"}`` of a table (its phone scores every round's match there)."""
    if not 1 <= table <= len(tournament.table_keys):
        raise NotFound(f"There is no table {table} in this tournament.")
    creds = keys.unseal(
        _table_row(tournament.id, table), tournament.table_keys[table - 1]["sealed"]
    )
    return {"key": creds.key, "pin": creds.pin}


def _table_row(tournament_id: str, table: int) -> str:
    return f"tournament:{tournament_id}:table:{table}"


def _pins(count: int, first: str | None = None) -> list[str]:
    """``count`` different six-digit PINs (starting with ``first`` if given)."""
    pins: list[str] = [first] if first else []
    while len(pins) < count:
        pin = f"{secrets.randbelow(10**6):06d}"
        if pin not in pins:
            pins.append(pin)
    return pins
