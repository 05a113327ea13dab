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


def test_a_five_player_round_robin_calls_plays_and_ranks(client: Any, app: Any) -> None:
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
    with app.app_context():  # every stored ruling is what a replay says
        assert tournaments.audit(tournaments.get(rr.id)) == []
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
    assert "one side against another" in reply.get_json()["detail"]
    reply = client.post(
        "/api/v1/tournaments",
        json={**bad, "game": "darts-301", "seating": "rating", "ratings": {"Zed": 5}},
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
        if kind in ("bunko-night", "league"):
            # eight players, not four: test_bunko_night_approval.py; a league
            # season's (made under its league): test_league_api.py
            continue
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


def test_an_organiser_runs_a_round_robin_from_the_pages(client: Any) -> None:
    page = client.get("/n/new/round-robin?game=darts-301")
    assert page.status_code == 200
    assert "Tie-break 1" in page.text
    assert "Legs" in page.text
    reply = client.post(
        "/n/new/round-robin",
        data={
            "game": "darts-301",
            # a rating column after a comma, a tab or a semicolon
            "players": "Ann, 1500\nBob, 1700\n=HYPERLINK(1), 1600\nDee\t1400\n"
            "Eve;1300\nFay, 1200",
            "seating": "rating",
            "stations": "Oche 1\nOche 2",
            "fmt_meetings": "single",
            "fmt_tie_break_1": "difference",
            "fmt_tie_break_2": "head-to-head",
            "fmt_tie_break_3": "none",
            "opt_start": "301",
            "idem": uuid.uuid4().hex,
        },
    )
    assert reply.status_code == 302, reply.text[:500]
    admin_url = reply.headers["Location"]
    tid = admin_url.split("/")[2]
    admin = client.get(admin_url)
    assert admin.status_code == 200
    assert "Oche 1" in admin.text
    assert "Board PIN" in admin.text
    view = client.get(f"/api/v1/tournaments/{tid}").get_json()
    assert view["seeds"] == ["Bob", "=HYPERLINK(1)", "Ann", "Dee", "Eve", "Fay"]
    assert view["options"]["tie_break_1"] == "difference"
    first = view["calls"][0]
    # A no-show from the organiser's page: the board is called to the next match.
    form = {"winner": first["entrants"][0], "how": "no-show", "idem": uuid.uuid4().hex}
    done = client.post(f"/n/{tid}/pairings/{first['number']}/result", data=form)
    assert done.status_code == 303
    after = client.get(f"/api/v1/tournaments/{tid}").get_json()
    assert after["pairings"][first["number"] - 1]["result"]["how"] == "no-show"
    assert after["stations"][first["station"] - 1]["pairing"] not in (
        None,
        first["number"],
    )
    # A winner who is not in the pairing is re-rendered with the message, 422.
    bad = client.post(
        f"/n/{tid}/pairings/{first['number'] + 1}/result",
        data={"winner": "Zed", "idem": uuid.uuid4().hex},
    )
    assert bad.status_code == 422
    assert "The winner is" in bad.text
    # A correction keeps the old result in the log.
    fixed = client.post(
        f"/n/{tid}/pairings/{first['number']}/result",
        data={
            "kind": "correction",
            "winner": first["entrants"][1],
            "score_a": "0",
            "score_b": "1",
            "note": "wrong board",
            "idem": uuid.uuid4().hex,
        },
    )
    assert fixed.status_code == 303
    log = client.get(f"/n/{tid}/log").text
    assert "Correction" in log
    assert "Before:" in log
    # Everyone's pages.
    public = client.get(f"/n/{tid}")
    assert "Now playing" in public.text
    assert "Cross table" in public.text
    playing = after["calls"][0]
    who = playing["entrants"][0]
    index = view["players"].index(who)
    mine = client.get(f"/n/{tid}/p/{index}")
    assert "Now: go to" in mine.text
    assert playing["station_name"] in mine.text
    assert f"Call to {playing['station_name']}" in client.get(f"/n/{tid}/calls").text
    assert client.get(f"/n/{tid}/tv").status_code == 200
    # Exports: CSV cells a spreadsheet would run are defused.
    results = client.get(f"/n/{tid}/results.csv")
    assert results.mimetype == "text/csv"
    assert "'=HYPERLINK(1)" in results.text
    assert ",played,correction,wrong board" in results.text
    standings = client.get(f"/n/{tid}/standings.csv").text.splitlines()
    assert standings[0].startswith("rank,entrant,played,won")
    dump = client.get(f"/n/{tid}/export.json").get_json()
    assert dump["log"][0]["kind"] == "create"


def test_a_boards_phone_scores_its_own_match_and_nothing_else(app: Any) -> None:
    organiser = app.test_client()
    rr = Event(organiser)
    board = app.test_client()
    link = rr.data["keys"]["tables"][0]["join"].split("referee.test", 1)[-1]
    assert board.get(link).status_code == 302
    here = board.get(f"/n/{rr.id}/t/1")
    assert "Score this match" in here.text
    on_one, on_two = rr.data["calls"][0], rr.data["calls"][1]
    assert on_one["station"] == 1
    # Its own pairing's paper result: yes; the other board's: no.
    other = board.post(
        f"/n/{rr.id}/pairings/{on_two['number']}/result",
        data={"winner": on_two["entrants"][0], "idem": uuid.uuid4().hex},
    )
    assert other.status_code == 403
    own = board.post(
        f"/n/{rr.id}/pairings/{on_one['number']}/result",
        data={
            "winner": on_one["entrants"][1],
            "score_a": "0",
            "score_b": "1",
            "back": "station",
            "idem": uuid.uuid4().hex,
        },
    )
    assert own.status_code == 303
    assert own.headers["Location"].endswith(f"/n/{rr.id}/t/1")
    # The board's key scores the next match called to it, on the API too.
    now = rr.get()
    nxt = now["stations"][0]
    assert nxt["match"]
    assert nxt["pairing"] != on_one["number"]
    reply = board.get(f"/m/{nxt['match']}")
    assert reply.status_code == 200


def test_a_bunko_nights_writes_sent_to_a_round_robin_are_refused(client: Any) -> None:
    rr = Event(client)
    headers = {
        "Authorization": f"Bearer {rr.organiser}",
        "Idempotency-Key": uuid.uuid4().hex,
    }
    base = f"/api/v1/tournaments/{rr.id}"
    assert client.post(f"{base}/rounds", json={}, headers=headers).status_code == 409
    reply = client.post(
        f"{base}/results", json={"table": 1, "scores": [21, 3]}, headers=headers
    )
    assert reply.status_code == 422
    reply = rr.send({"type": "end"})
    assert reply.status_code == 422
    assert "result, correction" in reply.get_json()["detail"]


def test_a_live_page_polls_the_light_fingerprint(client: Any) -> None:
    rr = Event(client)
    light = client.get(f"/api/v1/tournaments/{rr.id}/fingerprint").get_json()
    assert light == {
        "id": rr.id,
        "seq": rr.get()["seq"],
        "fingerprint": light["fingerprint"],
    }
    assert light["fingerprint"] == rr.get()["fingerprint"]
    rr.play(rr.data["calls"][0], winner=0)
    moved = client.get(f"/api/v1/tournaments/{rr.id}/fingerprint").get_json()
    assert moved["fingerprint"] != light["fingerprint"]
    page = client.get(f"/n/{rr.id}/tv").text
    assert f'data-poll="/api/v1/tournaments/{rr.id}/fingerprint"' in page


def test_a_team_game_calls_each_team_as_a_side(client: Any) -> None:
    teams = {"Reds": ["Ann", "Cy"], "Blues": ["Bob", "Dee"], "Greens": ["Eve", "Fay"]}
    rr = Event(
        client,
        game="pinochle",
        game_options={},
        players=list(teams),
        teams=teams,
        stations=1,
    )
    call = rr.data["calls"][0]
    assert call["station_name"] == "Table 1"
    match = client.get(f"/api/v1/matches/{call['match']}").get_json()
    sides = [s["name"] for s in match["state"]["sides"]]
    assert sides == call["entrants"]
    reply = rr.send(
        {
            "type": "result",
            "pairing": call["number"],
            "winner": call["entrants"][1],
            "score": [320, 510],
        }
    )
    assert reply.status_code == 201, reply.get_json()
    assert rr.get()["calls"][0]["number"] != call["number"]
