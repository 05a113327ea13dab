"""A round robin darts night through the JSON API: calls, results, standings, log.

Five players on two boards play 301, one leg: every match is called to a free
board, scored on the board's own key, and its result flows back; a no-show and a
correction are entered by the organiser. Then the exports and the log.
"""

from __future__ import annotations

import uuid
from typing import Any

from referee import formats
from referee import tournaments

FIVE = ["Ann", "Bob", "Cy", "Dee", "Eve"]


class Event:
    """The API as an organiser and the boards' phones use it."""

    def __init__(self, client: Any, **body: Any) -> None:
        self.client = client
        body = {
            "kind": "round-robin",
            "game": "darts-301",
            "game_options": {"start": "301"},
            "players": FIVE,
            "stations": ["Board 1", "Board 2"],
            **body,
        }
        response = client.post("/api/v1/tournaments", json=body)
        assert response.status_code == 201, response.get_json()
        self.data = response.get_json()
        self.id = self.data["id"]
        self.organiser = self.data["keys"]["organiser"]["key"]
        self.boards = {t["table"]: t["key"] for t in self.data["keys"]["tables"]}

    def send(self, event: dict[str, Any], key: str | None = None, **kw: Any) -> Any:
        return self.client.post(
            f"/api/v1/tournaments/{self.id}/events",
            json={"event": event, **kw},
            headers={
                "Authorization": f"Bearer {key or self.organiser}",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        )

    def get(self) -> dict[str, Any]:
        response = self.client.get(f"/api/v1/tournaments/{self.id}")
        assert response.status_code == 200
        return dict(response.get_json())

    def play(self, pairing: dict[str, Any], winner: int) -> None:
        """Score a 301 leg on the board's key: the winner 180 then 121 out."""
        key = self.boards[pairing["station"]]
        rounds = [{"type": "score", "points": 180}, {"type": "score", "points": 0}]
        if winner == 1:
            rounds = [{"type": "score", "points": 0}, *rounds]
        rounds.append({"type": "score", "points": 121, "double_out": True, "darts": 3})
        for event in rounds:
            reply = self.client.post(
                f"/api/v1/matches/{pairing['match']}/events",
                json={"event": event},
                headers={
                    "Authorization": f"Bearer {key}",
                    "Idempotency-Key": uuid.uuid4().hex,
                },
            )
            assert reply.status_code == 201, reply.get_json()


def test_a_five_player_round_robin_calls_plays_and_ranks(client: Any) -> None:
    rr = Event(client, seating="given")
    data = rr.data
    assert data["kind"] == "round-robin"
    assert data["game"] == "darts-301"
    assert len(data["pairings"]) == 10  # everyone meets everyone once
    # Odd: five rounds, each player sits out one of them.
    assert sorted(r["bye"] for r in data["layout"]["rounds"]) == sorted(FIVE)
    calls = data["calls"]
    assert [c["station_name"] for c in calls] == ["Board 1", "Board 2"]
    assert all(c["match"] for c in calls)
    # The first call's match: the board's key scores it; its result comes back.
    first = calls[0]
    rr.play(first, winner=0)
    now = rr.get()
    done = now["pairings"][first["number"] - 1]
    assert done["status"] == "done"
    assert done["result"]["source"] == "match"
    assert done["result"]["score"] == [1, 0]
    # Board 1 was called to the next ready pairing at once.
    assert now["stations"][0]["pairing"] not in (None, first["number"])
    # A no-show entered by the organiser; a board's key may not enter another's.
    other = now["stations"][1]
    board1 = rr.boards[1]
    reply = rr.send(
        {
            "type": "result",
            "pairing": other["pairing"],
            "winner": other["entrants"][0],
            "how": "no-show",
        },
        key=board1,
    )
    assert reply.status_code == 403
    reply = rr.send(
        {
            "type": "result",
            "pairing": other["pairing"],
            "winner": other["entrants"][0],
            "how": "no-show",
        }
    )
    assert reply.status_code == 201, reply.get_json()
    assert "no-show" in reply.get_json()["ruling"]["summary"]
    # Play everything else on the boards, the first side winning.
    for _ in range(20):
        now = rr.get()
        if now["over"]:
            break
        for c in now["calls"]:
            rr.play(c, winner=0)
    now = rr.get()
    assert now["over"]
    assert now["status"] == "over"
    table = now["standings"]
    assert sum(r["played"] for r in table) == 20
    assert table[0]["rank"] == 1
    # A correction keeps the old result in the log and re-ranks.
    reply = rr.send(
        {
            "type": "correction",
            "pairing": 1,
            "winner": now["pairings"][0]["entrants"][1],
            "score": [0, 1],
            "note": "scores swapped",
        }
    )
    assert reply.status_code == 201, reply.get_json()
    assert "Before:" in reply.get_json()["ruling"]["summary"]
    log = client.get(f"/api/v1/tournaments/{rr.id}/events").get_json()["events"]
    assert [e["kind"] for e in log][:3] == ["create", "pairings", "call"]
    assert log[-1]["kind"] == "correction"
    assert log[-1]["actor"] == "organiser"


def test_seeding_by_rating_and_bad_setups(client: Any, app: Any) -> None:
    rr = Event(
        client,
        seating="rating",
        ratings={"Ann": 10, "Bob": 50, "Cy": 30, "Dee": 40, "Eve": 20},
    )
    assert rr.data["seeds"] == ["Bob", "Dee", "Cy", "Eve", "Ann"]
    bad = {
        "kind": "round-robin",
        "game": "bowling-solitaire",
        "players": FIVE,
    }
    reply = client.post("/api/v1/tournaments", json=bad)
    assert reply.status_code == 422
    assert "one against one" in reply.get_json()["detail"]
    reply = client.post(
        "/api/v1/tournaments",
        json={**bad, "game": "darts-301", "seating": "rating"},
    )
    assert reply.status_code == 422
    assert reply.get_json()["errors"].get("ratings")
    with app.app_context():
        assert tournaments.audit(tournaments.get(rr.id)) == []


EXAMPLE_PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def test_every_documented_pairing_event_example_is_accepted(client: Any) -> None:
    """Each format's examples, after their setup, on four players and two boards."""
    from jsonschema import Draft202012Validator

    spec = client.get("/api/v1/openapi.json").get_json()
    path = spec["paths"]["/api/v1/tournaments/{id}/events"]["post"]
    examples = path["requestBody"]["content"]["application/json"]["examples"]
    schema = {**spec["components"]["schemas"]["TournamentRecorded"]}
    validator = Draft202012Validator({**schema, "components": spec["components"]})
    sent = 0
    for name, example in examples.items():
        kind = name.rsplit("-", 2)[0]
        rr = Event(client, kind=kind, players=EXAMPLE_PLAYERS, seating="given")
        fmt_events = {k.type: k for k in formats.get(kind).events}
        event = example["value"]["event"]
        setup = next(
            ex.setup for ex in fmt_events[event["type"]].examples if ex.event == event
        )
        for before in setup:
            assert rr.send(before).status_code == 201
        reply = rr.send(event)
        assert reply.status_code == 201, (name, reply.get_json())
        validator.validate(reply.get_json())
        sent += 1
    assert sent >= 3
