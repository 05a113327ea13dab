"""Schemathesis hooks for tests/web/test_schemathesis.py (``SCHEMATHESIS_HOOKS``).

* Keys: every match and night the run creates answers with its write key; the auth
  provider sends that key on writes to it, so the fuzzer reaches past 401/403 and the
  ``ignored_auth`` check still probes every write without it and with a wrong one.
* Games: an event is sent to a match of a game that has that event (the test starts
  one match of every game), so a well-formed pinochle bid reaches a pinochle match's
  rules and may be recorded (201), where a darts match could only answer 422.
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
# match id -> its game, and game -> the match of that game the test started
GAME_OF: dict[str, str] = json.loads(os.environ.get("REFEREE_FUZZ_GAMES", "{}"))
MATCH_OF = {game: match for match, game in GAME_OF.items()}
# event type -> the games that have it
GAMES_WITH: dict[str, list[str]] = {}
for _game in games.registry().values():
    for _kind in _game.events:
        GAMES_WITH.setdefault(_kind.type, []).append(_game.id)
EVENT_WRITES = {"addEvent", "amendEvent"}


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    if case.method.upper() != "POST" or response.status_code != 201:
        return
    try:
        body = response.json()
    except ValueError:
        return
    if case.operation.path in ("/api/v1/matches", "/api/v1/matches/{id}/rematch"):
        KEYS[body["id"]] = body["edit_key"]
        GAME_OF[body["id"]] = body.get("game", "")
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
    to_its_game(case, headers)
    value = headers.get("Idempotency-Key")
    if isinstance(value, str) and value.strip() and len(value) <= MAX_KEY:
        headers["Idempotency-Key"] = uuid.uuid4().hex


def to_its_game(case: Any, headers: MutableMapping[str, Any]) -> None:
    """Send an event to a match of a game that has it, with that match's key.

    Only a case that carries the right key for its match is moved (with the new
    match's key): a case sent without a key, or with a wrong one, stays as it is.
    """
    if case.operation.definition.raw.get("operationId") not in EVENT_WRITES:
        return
    params = case.path_parameters or {}
    target = params.get("id")
    event = case.body.get("event") if isinstance(case.body, dict) else None
    kind = event.get("type") if isinstance(event, dict) else None
    if not isinstance(target, str) or not isinstance(kind, str):
        return
    homes = GAMES_WITH.get(kind, [])
    if not homes or GAME_OF.get(target) in homes:
        return
    home = MATCH_OF.get(homes[len(kind) % len(homes)])
    if home is None or headers.get("Authorization") != f"Bearer {KEYS.get(target)}":
        return
    params["id"] = home
    headers["Authorization"] = f"Bearer {KEYS[home]}"
