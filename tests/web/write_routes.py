"""Every state-changing route in the app's url_map, and what to send to each.

Shared by the CSRF test and the access matrix. Both iterate over ``app.url_map``:
a new POST/PUT/PATCH/DELETE route that is not described here fails them until it
is (``body_for`` and ``url_of`` raise on what they do not know).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func
from sqlalchemy import select
from werkzeug.routing import Rule

from referee.db import db
from referee.models import Match
from referee.models import MatchEvent
from referee.models import PinGuard
from referee.models import Tournament
from referee.models import TournamentEvent

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# Bearer-token blueprints: no cookie authenticates them, so no CSRF token either.
API_BLUEPRINTS = frozenset({"api", "tournament_api", "players_api", "league_api"})
EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
FOUR, FOUR2 = EIGHT[:4], EIGHT[4:]

# Form fields of each page write: valid apart from whatever is being tested.
PAGE_FORMS: dict[str, dict[str, Any]] = {
    "pages.new_match": {"players": "Ann\nBob"},
    "pages.join": {},  # + the PIN, from the world
    "matches.join_pin": {},  # + the PIN, from the world
    "matches.new_pin": {},
    "matches.add_event": {"seq": 0, "type": "dart", "dart": "T20"},
    "matches.undo": {"seq": 1},
    "matches.amend": {"seq": 1, "type": "dart", "dart": "T19"},
    "matches.rematch": {},
    "tournaments.new": {"players": "\n".join(EIGHT)},
    "tournaments.join": {},  # + the organiser's PIN
    "tournaments.report": {"score_a": "21", "score_b": "3"},
    "tournaments.seating": {"seats": "Ann|Bob|Cy|Dee"},
    "tournaments.next_round": {},
    "tournaments.correct": {"round": "1", "table": "1", "score_a": "2", "score_b": "1"},
    "tournaments.end": {},
    "tournaments.tie_break": {"title": "winner", "die_Ann": "6"},
    "players.link": {"seat_0": "Ann Smith", "seat_1": ""},
    "players.link_entrants": {"entrant_0": "Ann Smith"},
    "players.confirm": {"seq": 1},
    "players.challenge": {"target": "1", "note": "not a treble"},
    "players.display": {"big": "on", "next": "/"},
    "players.claim": {"code": "ABCD2345"},  # + a profile's id in the URL
    "players.approve": {"required": "on"},
    "tournaments.new_event": {"game": "darts-301", "players": "\n".join(EIGHT)},
    "tournaments.pairing_result": {"winner": "Ann", "score_a": "1", "score_b": "0"},
}
# JSON bodies of each API write.
API_BODIES: dict[str, dict[str, Any]] = {
    "api.create_match": {"game": "darts-301", "players": ["Ann", "Bob"]},
    "api.add_event": {"event": {"type": "dart", "dart": "T20"}},
    "api.undo": {},
    "api.amend": {"event": {"type": "dart", "dart": "T19"}},
    "api.rematch": {},
    "api.new_pin": {},
    "api.join": {"pin": "000000"},  # a PIN join: the PIN is the credential
    "api.tool": {},
    "tournament_api.create": {"kind": "bunko-night", "players": EIGHT},
    "tournament_api.post_result": {"table": 1, "scores": [21, 3]},
    "tournament_api.post_correction": {"round": 1, "table": 1, "scores": [2, 1]},
    "tournament_api.post_seating": {"table": 1, "seats": ["Ann", "Bob", "Cy", "Dee"]},
    "tournament_api.post_end": {},
    "tournament_api.post_tie_break": {"title": "winner", "rolls": {"Ann": 6}},
    "tournament_api.rounds": {},
    "players_api.put_links": {"players": ["Ann Smith", None]},
    "players_api.put_entrants": {"players": {"Ann": "Ann Smith"}},
    "players_api.api_confirm": {},
    "players_api.api_challenge": {"target": 1},
    "tournament_api.add_event": {"event": {"type": "end"}},
    "league_api.create": {"name": "Tuesday Pool", "game": "billiards"},
    "league_api.add_season": {
        "teams": [
            {"name": "Reds", "venue": "The Anchor", "captain": "Ann", "players": FOUR},
            {"name": "Blues", "venue": "The Crown", "captain": "Eve", "players": FOUR2},
        ],
        "schedule": {"start": "2026-09-07"},
    },
}


def write_rules(app: Flask) -> list[Rule]:
    return sorted(
        (r for r in app.url_map.iter_rules() if r.methods & WRITE_METHODS),
        key=lambda r: r.endpoint,
    )


def method_of(rule: Rule) -> str:
    (method,) = rule.methods & WRITE_METHODS
    return method


def is_api(rule: Rule) -> bool:
    return rule.endpoint.split(".")[0] in API_BLUEPRINTS


def body_for(rule: Rule) -> dict[str, Any]:
    table = API_BODIES if is_api(rule) else PAGE_FORMS
    if rule.endpoint not in table:
        raise LookupError(
            f"{rule.rule} ({rule.endpoint}) is a new write route: describe what to "
            "send it in tests/web/write_routes.py"
        )
    body = dict(table[rule.endpoint])
    if not is_api(rule):
        body["idem"] = uuid.uuid4().hex
    return body


@dataclass
class World:
    """Two lone matches and two bunko nights, made through the API."""

    lone: dict[str, Any]
    other: dict[str, Any]
    night: dict[str, Any]
    other_night: dict[str, Any]

    @property
    def table_match(self) -> str:
        return str(self.night["tables"][0]["match"])

    def table_key(self, number: int) -> str:
        return str(self.night["keys"]["tables"][number - 1]["key"])


def build_world(client: FlaskClient) -> World:
    def made(path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = client.post(path, json=body)
        assert response.status_code == 201, response.get_json()
        return dict(response.get_json())

    def match() -> dict[str, Any]:
        return made("/api/v1/matches", API_BODIES["api.create_match"])

    def night() -> dict[str, Any]:
        return made("/api/v1/tournaments", API_BODIES["tournament_api.create"])

    world = World(match(), match(), night(), night())
    # One dart in the lone match, so that undo and corrections have an event.
    reply = client.post(
        f"/api/v1/matches/{world.lone['id']}/events",
        json=API_BODIES["api.add_event"],
        headers={
            "Authorization": f"Bearer {world.lone['edit_key']}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )
    assert reply.status_code == 201, reply.get_json()
    return world


def url_of(rule: Rule, match_id: str | None, tournament_id: str | None) -> str:
    values: dict[str, Any] = {}
    for arg in rule.arguments:
        if arg == "match_id" and match_id:
            values[arg] = match_id
        elif arg in ("tournament_id", "league_id") and tournament_id:
            values[arg] = tournament_id  # a league's id is sent as the target's
        elif arg in ("seq", "number"):
            values[arg] = 1
        elif arg == "game_id":
            values[arg] = "darts-301"
        elif arg == "name":
            values[arg] = "checkout"
        elif arg == "player_id":
            values[arg] = "nobody"  # claiming needs the profile's claim code anyway
        elif arg == "kind":
            values[arg] = "round-robin"
        else:
            raise LookupError(f"no value for <{arg}> of {rule.rule}: add one here")
    path = rule.rule
    for arg, value in values.items():
        for conv in (f"<int:{arg}>", f"<{arg}>"):
            path = path.replace(conv, str(value))
    return path


def counts(app: Flask) -> dict[str, int]:
    """Rows in every table a write could touch."""
    with app.app_context():
        out = {
            model.__name__: db.session.execute(
                select(func.count()).select_from(model)
            ).scalar_one()
            for model in (Match, MatchEvent, Tournament, TournamentEvent, PinGuard)
        }
        db.session.remove()
        return out
