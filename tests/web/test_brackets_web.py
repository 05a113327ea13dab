"""Whole brackets and a Swiss through the JSON API, each match a normal match.

An 8-player double elimination of 301 (one leg a match) on four boards and a
10-player Swiss of pool (plain racks, race to 2) on five tables: every pairing is
called to a station, scored on that station's key as an ordinary match, and its
result flows back into the bracket or the Swiss standings.
"""

from __future__ import annotations

import uuid
from typing import Any

from jsonschema import Draft202012Validator

from referee import tournaments

EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
TEN = [*EIGHT, "Ivy", "Jo"]


class Event:
    """A tournament as the organiser and the stations' phones drive it."""

    def __init__(self, client: Any, **body: Any) -> None:
        self.client = client
        response = client.post("/api/v1/tournaments", json=body)
        assert response.status_code == 201, response.get_json()
        self.data = response.get_json()
        self.id = self.data["id"]
        self.organiser = self.data["keys"]["organiser"]["key"]
        self.stations = {t["table"]: t["key"] for t in self.data["keys"]["tables"]}

    def post(self, url: str, event: dict[str, Any], key: str) -> Any:
        return self.client.post(
            url,
            json={"event": event},
            headers={
                "Authorization": f"Bearer {key}",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        )

    def send(self, event: dict[str, Any]) -> Any:
        return self.post(f"/api/v1/tournaments/{self.id}/events", event, self.organiser)

    def get(self) -> dict[str, Any]:
        response = self.client.get(f"/api/v1/tournaments/{self.id}")
        assert response.status_code == 200
        return dict(response.get_json())

    def score(self, pairing: dict[str, Any], events: list[dict[str, Any]]) -> None:
        key = self.stations[pairing["station"]]
        for event in events:
            reply = self.post(f"/api/v1/matches/{pairing['match']}/events", event, key)
            assert reply.status_code == 201, reply.get_json()

    def play_to_the_end(self, winner_of: Any, play: Any) -> dict[str, Any]:
        for _ in range(40):
            now = self.get()
            if now["over"]:
                return now
            assert now["calls"], now["prompt"]
            for call in now["calls"]:
                play(self, call, winner_of(call))
        raise AssertionError("the tournament did not end")


def documented(client: Any, view: dict[str, Any]) -> None:
    """The tournament's JSON, layout included, is what the OpenAPI document says."""
    spec = client.get("/api/v1/openapi.json").get_json()
    root = {
        "$ref": "#/components/schemas/PairingTournament",
        "components": spec["components"],
    }
    errors = sorted(Draft202012Validator(root).iter_errors(view), key=str)
    assert not errors, f"{errors[0].message} at {list(errors[0].path)}"


def darts_leg(event: Event, call: dict[str, Any], winner: int) -> None:
    """One leg of 301: the winner throws 180 then 121 out; the other scores 0."""
    legs = [{"type": "score", "points": 180}, {"type": "score", "points": 0}]
    if winner == 1:
        legs = [{"type": "score", "points": 0}, *legs]
    legs.append({"type": "score", "points": 121, "double_out": True, "darts": 3})
    event.score(call, legs)


def pool_race(event: Event, call: dict[str, Any], winner: int) -> None:
    """A race to 2 of plain racks: the winner breaks and wins two racks."""
    name = call["entrants"][winner]
    racks = [{"type": "rack", "winner": name}] * 2
    event.score(call, [{"type": "breaker", "side": name}, *racks])


def seed_of(players: list[str]) -> Any:
    def favourite(call: dict[str, Any]) -> int:
        a, b = call["entrants"]
        return 0 if players.index(a) < players.index(b) else 1

    return favourite


def test_double_elimination_of_eight_darts_players(client: Any, app: Any) -> None:
    de = Event(
        client,
        kind="double-elimination",
        game="darts-301",
        game_options={"start": "301"},
        players=EIGHT,
        stations=4,
        options={"reset": True},
    )
    data = de.data
    assert data["kind"] == "double-elimination"
    ids = [p["id"] for p in data["pairings"]]
    assert ids[:4] == ["W1-1", "W1-2", "W1-3", "W1-4"]
    assert "GF2" not in ids  # the reset is declared when due
    # seeds 1 v 8, 4 v 5, 2 v 7, 3 v 6 on the four boards
    assert [c["entrants"] for c in data["calls"]] == [
        ["Ann", "Hal"],
        ["Dee", "Eve"],
        ["Bob", "Gus"],
        ["Cy", "Fay"],
    ]
    favourite = seed_of(EIGHT)

    def winner_of(call: dict[str, Any]) -> int:
        return 1 if call["id"] == "GF1" else favourite(call)  # force the reset

    now = de.play_to_the_end(winner_of, darts_leg)
    by_id = {p["id"]: p for p in now["pairings"]}
    assert by_id["W3-1"]["result"]["source"] == "match"
    assert by_id["L4-1"]["entrants"] == ["Cy", "Bob"]  # L3 winner v the W3 loser
    assert by_id["GF1"]["entrants"] == ["Ann", "Bob"]
    assert by_id["GF2"]["result"]["winner"] == 0
    table = now["standings"]
    assert [(r["rank"], r["entrant"]) for r in table[:4]] == [
        (1, "Ann"),
        (2, "Bob"),
        (3, "Cy"),
        (4, "Dee"),
    ]
    assert {r["entrant"]: r["lost"] for r in table}["Ann"] == 1
    assert all(r["lost"] == 2 for r in table[1:])
    assert now["layout"]["champion"] == "Ann"
    assert [p["part"] for p in now["layout"]["parts"]] == ["winners", "losers", "final"]
    documented(client, now)
    with app.app_context():
        assert tournaments.audit(tournaments.get(de.id)) == []


def test_swiss_of_ten_pool_players(client: Any, app: Any) -> None:
    sw = Event(
        client,
        kind="swiss",
        game="billiards",
        game_options={"game": "plain", "race": 2},
        players=TEN,
        stations=["Table 1", "Table 2", "Table 3", "Table 4", "Table 5"],
    )
    first = sw.data["pairings"]
    assert [p["entrants"] for p in first] == [
        ["Ann", "Fay"],
        ["Bob", "Gus"],
        ["Cy", "Hal"],
        ["Dee", "Ivy"],
        ["Eve", "Jo"],
    ]
    # a retirement is a result too: Jo retires against Eve
    call = next(c for c in sw.data["calls"] if c["entrants"] == ["Eve", "Jo"])
    reply = sw.send(
        {"type": "result", "pairing": call["number"], "winner": "Eve", "how": "retired"}
    )
    assert reply.status_code == 201, reply.get_json()
    now = sw.play_to_the_end(seed_of(TEN), pool_race)
    pairs = [frozenset(p["entrants"]) for p in now["pairings"]]
    assert len(pairs) == len(set(pairs)) == 20  # four rounds of five, no repeats
    assert now["layout"]["rounds_to_play"] == 4
    table = now["standings"]
    assert table[0]["entrant"] == "Ann"
    assert table[0]["points"] == 4
    assert sum(r["points"] for r in table) == 20
    assert all(r["won"] + r["lost"] == 4 for r in table)
    assert [c["key"] for c in now["columns"]][:2] == ["points", "won"]
    played = [p for p in now["pairings"] if p["result"]["source"] == "match"]
    assert played
    assert all(p["result"]["score"] in ([2, 0], [0, 2]) for p in played)
    documented(client, now)
    with app.app_context():
        assert tournaments.audit(tournaments.get(sw.id)) == []
