"""A league season driven through the JSON API only, as an organiser, its captains
and its venues' phones would: shared by the league tests.

Pool (billiards, 8-ball): each game of a fixture is a race; a game is played with
short events (the breaker, then a ``rack`` per rack won, or a ``forfeit``), each
entry confirmed by the away captain's key.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from flask.testing import FlaskClient

TEAM_FORMAT = "pool-8-ball-10"
LINEUP = 5


def team_names(count: int) -> list[str]:
    return [f"Team {chr(ord('A') + i)}" for i in range(count)]


def roster(team: str) -> list[str]:
    """Five players per team, named after it (so no two teams share a name)."""
    letter = team.split()[-1]
    return [f"{letter}{i} Player" for i in range(1, LINEUP + 1)]


def teams_body(count: int) -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "venue": f"{name} Hall",
            "captain": roster(name)[0],
            "players": roster(name),
        }
        for name in team_names(count)
    ]


def headers(key: str | None, idem: str | None = None) -> dict[str, str]:
    out = {"Idempotency-Key": idem or uuid.uuid4().hex}
    if key:
        out["Authorization"] = f"Bearer {key}"
    return out


class Season:
    """A league and one season of ``teams`` teams, made through the API."""

    def __init__(
        self,
        client: FlaskClient,
        teams: int = 4,
        *,
        meetings: str = "single",
        race: int = 1,
        options: dict[str, Any] | None = None,
    ) -> None:
        self.client = client
        made = client.post(
            "/api/v1/leagues",
            json={
                "name": "Tuesday Pool",
                "game": "billiards",
                "options": {
                    "team_format": TEAM_FORMAT,
                    "meetings": meetings,
                    "race": race,
                    **(options or {}),
                },
            },
            headers={"Idempotency-Key": uuid.uuid4().hex},
        )
        assert made.status_code == 201, made.get_json()
        self.league = made.get_json()
        self.league_key = self.league["keys"]["organiser"]["key"]
        reply = client.post(
            f"/api/v1/leagues/{self.league['id']}/seasons",
            json={
                "title": "Autumn",
                "teams": teams_body(teams),
                "schedule": {"start": "2026-09-07", "every_days": 7},
            },
            headers=headers(self.league_key),
        )
        assert reply.status_code == 201, reply.get_json()
        self.data = reply.get_json()
        self.id = self.data["id"]
        self.names = [t["name"] for t in self.data["teams"]]
        self.captains = {c["team"]: c["key"] for c in self.data["keys"]["captains"]}
        self.fixture_keys = {
            f["fixture"]: f["key"] for f in self.data["keys"]["fixtures"]
        }
        self.fixture_pins = {
            f["fixture"]: f["pin"] for f in self.data["keys"]["fixtures"]
        }

    # --- reads ----------------------------------------------------------------------

    def get(self) -> dict[str, Any]:
        reply = self.client.get(f"/api/v1/tournaments/{self.id}")
        assert reply.status_code == 200, reply.get_json()
        return dict(reply.get_json())

    def fixture(self, number: int, view: dict[str, Any] | None = None) -> Any:
        view = view or self.get()
        return next(f for f in view["fixtures"] if f["number"] == number)

    def team_number(self, ref: Any) -> int:
        """A team as the view names it (its number or its name), 1-based."""
        if isinstance(ref, int):
            return ref
        if isinstance(ref, dict):
            return self.team_number(ref.get("team", ref.get("name")))
        return self.names.index(ref) + 1

    def log(self) -> list[dict[str, Any]]:
        reply = self.client.get(f"/api/v1/tournaments/{self.id}/events")
        assert reply.status_code == 200
        return list(reply.get_json()["events"])

    # --- writes ---------------------------------------------------------------------

    def send(self, event: dict[str, Any], key: str, idem: str | None = None) -> Any:
        return self.client.post(
            f"/api/v1/tournaments/{self.id}/events",
            json={"event": event},
            headers=headers(key, idem),
        )

    def lineup(self, fixture: dict[str, Any], side: str, key: str | None = None) -> Any:
        team = self.team_number(fixture[side])
        return self.send(
            {
                "type": "lineup",
                "fixture": fixture["number"],
                "team": team,
                "players": roster(self.names[team - 1]),
            },
            key or self.captains[team],
        )

    def match_write(self, match: str, path: str, body: Any, key: str) -> Any:
        return self.client.post(
            f"/api/v1/matches/{match}/{path}", json=body, headers=headers(key)
        )

    def play_game(
        self,
        fixture: dict[str, Any],
        game: dict[str, Any],
        home_wins: bool,
        *,
        forfeit: bool = False,
        racks: int = 1,
        confirm: bool = True,
    ) -> None:
        """Score one game on the fixture's key (the home side), then the away
        captain confirms every entry with its own key."""
        match = game["match"]
        scorer = self.fixture_keys[fixture["number"]]
        home, away = _side(game["home"]), _side(game["away"])
        winner, loser = (home, away) if home_wins else (away, home)
        if forfeit:
            events = [{"type": "forfeit", "side": loser, "reason": "No show"}]
        else:
            events = [{"type": "breaker", "side": home}]
            events += [{"type": "rack", "winner": winner}] * racks
        for event in events:
            reply = self.match_write(match, "events", {"event": event}, scorer)
            assert reply.status_code == 201, (event, reply.get_json())
        if confirm:
            away_captain = self.captains[self.team_number(fixture["away"])]
            reply = self.match_write(match, "confirm", {}, away_captain)
            assert reply.status_code == 201, reply.get_json()


def _side(names: Sequence[str] | str) -> str:
    """A game side's name as the match knows it (a singles game: the player)."""
    if isinstance(names, str):
        return names
    return " & ".join(names)
