"""Schemathesis hooks for tests/web/test_schemathesis.py (``SCHEMATHESIS_HOOKS``).

* Keys: every match and night the run creates answers with its write key; the auth
  provider sends that key on writes to it, so the fuzzer reaches past 401/403 and the
  ``ignored_auth`` check still probes every write without it and with a wrong one.
* The one rule of a new match JSON Schema cannot state: names differ ignoring case
  and spacing, across all teams, and teams together seat at most the game's maximum.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import MutableMapping
from typing import Any

import schemathesis

from referee import games
from referee.ledger import MAX_KEY

# match or night id -> its write key; the test passes those it made beforehand
KEYS: dict[str, str] = json.loads(os.environ.get("REFEREE_FUZZ_KEYS", "{}"))


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    if case.method.upper() != "POST" or response.status_code != 201:
        return
    try:
        body = response.json()
    except ValueError:
        return
    if case.operation.path == "/api/v1/matches":
        KEYS[body["id"]] = body["edit_key"]
    elif case.operation.path == "/api/v1/tournaments":
        KEYS[body["id"]] = body["keys"]["organiser"]["key"]


@schemathesis.auth()
class WriteKey:
    """The key of the match or night in the path (a wrong one when unknown)."""

    def get(self, case: Any, context: Any) -> dict[str, str]:
        return KEYS

    def set(self, case: Any, data: dict[str, str], context: Any) -> None:
        if not case.operation.definition.raw.get("security"):
            return
        target = (case.path_parameters or {}).get("id")
        key = data.get(target, "not-a-key") if isinstance(target, str) else "not-a-key"
        case.headers["Authorization"] = f"Bearer {key}"


def _names(body: dict[str, Any]) -> list[str]:
    names = body.get("players") if isinstance(body.get("players"), list) else []
    teams = body.get("teams") if isinstance(body.get("teams"), list) else []
    for team in teams:
        if isinstance(team, dict) and isinstance(team.get("players"), list):
            names = [*names, *team["players"]]
    return [n for n in names if isinstance(n, str)]


@schemathesis.hook("filter_case")
def distinct_names(context: Any, case: Any) -> bool:
    """Positive new matches only: names folded (``"Ann"`` = ``"ann "``) differ."""
    if case.method.upper() != "POST" or case.operation.path != "/api/v1/matches":
        return True
    meta = getattr(case, "meta", None)
    if meta is None or not meta.generation.mode.is_positive:
        return True
    if not isinstance(case.body, dict):
        return True
    names = _names(case.body)
    folded = [" ".join(n.split()).casefold() for n in names]
    game = games.registry().get(case.body.get("game"))
    seats = game.max_players if game else len(names)
    return len(set(folded)) == len(folded) and len(names) <= seats


@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    """A fresh Idempotency-Key per write sent, as a client makes one per action.

    The schema can say what a key looks like, not that each write needs a new one
    (the same key with another body is 422 by design). Keys the schema refuses
    (blank, too long) are sent as generated.
    """
    headers = case.headers
    if not isinstance(headers, MutableMapping):
        return
    value = headers.get("Idempotency-Key")
    if isinstance(value, str) and value.strip() and len(value) <= MAX_KEY:
        headers["Idempotency-Key"] = uuid.uuid4().hex
