"""A bunko night with the organiser's approval of results, through the API and pages.

With approval on, a table's paper score waits (status "approval"): the tallies do not
move and round 2 cannot start; a table's key cannot approve; the organiser approves
from the API or the admin page's button, and then it counts. The log keeps each step
with who sent it. The night's documented approval examples are accepted as written.
"""

from __future__ import annotations

from typing import Any

from referee import formats
from tests.web.test_bunko_night import BUNKO
from tests.web.test_bunko_night import EIGHT
from tests.web.test_bunko_night import Night

ON = {"type": "approval", "required": True}


def _night(client: Any) -> Night:
    return Night(client, {"players": EIGHT, "seating": "given"})


def _send(night: Night, event: dict[str, Any], key: str | None = None) -> Any:
    return night.post("events", {"event": event}, key=key)


def test_a_table_result_waits_for_the_organisers_approval_then_counts(client):
    night = _night(client)
    head = night.tables[1]
    wrong = _send(night, {"type": "result", "table": 1, "scores": [21, 12]})
    assert wrong.status_code == 422
    assert "own paths" in wrong.get_json()["errors"]["type"]
    assert _send(night, ON).status_code == 201
    assert _send(night, ON, key=head).status_code == 403  # a table cannot turn it off
    reply = night.post("results", {"table": 1, "scores": [21, 12]}, key=head)
    assert reply.status_code == 201, reply.get_json()
    assert "waits for the organiser's approval" in reply.get_json()["ruling"]["summary"]
    now = night.get()
    table = now["tables"][0]
    assert table["status"] == "approval"
    assert table["pending"]["winners"] == ["Ann", "Cy"]
    assert table["result"] is None
    assert now["tallies"]["Ann"]["wins"] == 0
    assert now["stop"] == {"tables": [2]}  # the head table's finish still calls stop
    assert night.post("results", {"table": 2, "scores": [4, 9]}).status_code == 201
    assert night.post("rounds").status_code == 409  # nothing waiting decides seats
    refused = _send(night, {"type": "approve", "round": 1, "table": 1}, key=head)
    assert refused.status_code == 403
    approved = _send(night, {"type": "approve", "round": 1, "table": 1})
    assert approved.status_code == 201, approved.get_json()
    assert approved.get_json()["ruling"]["summary"].startswith("Approved")
    now = night.get()
    assert now["tables"][0]["status"] == "finished"
    assert now["tallies"]["Ann"]["wins"] == 1
    assert _send(night, {"type": "approve", "table": 1}).status_code == 409
    # the organiser's correction counts at once
    fix = night.post("corrections", {"round": 1, "table": 2, "scores": [9, 4]})
    assert fix.status_code == 201
    now = night.get()
    assert now["tables"][1]["status"] == "finished"
    assert now["tables"][1]["pending"] is None
    assert night.post("rounds").status_code == 201
    log = client.get(f"/api/v1/tournaments/{night.id}/events").get_json()["events"]
    steps = [(e["kind"], e["actor"]) for e in reversed(log)]
    assert ("approval", "organiser") in steps
    assert ("result", "table 1") in steps
    assert ("approve", "organiser") in steps


def test_the_organiser_approves_from_the_night_admin_page(app, client):
    night = _night(client)
    organiser = app.test_client()
    joined = organiser.get(f"/n/{night.id}/t/1/join/{night.organiser}")
    assert joined.status_code == 302
    on = organiser.post(f"/n/{night.id}/approve", data={"idem": "a", "required": "on"})
    assert on.status_code == 303
    night.post("results", {"table": 1, "scores": [21, 12]}, key=night.tables[1])
    page = organiser.get(f"/n/{night.id}/admin").get_data(as_text=True)
    assert "results wait for your approval" in page
    assert 'name="round" value="1"><input type="hidden" name="table" value="1"' in page
    table_page = client.get(f"/n/{night.id}/t/1").get_data(as_text=True)
    assert "waits for the organiser's approval" in table_page
    stranger = app.test_client().post(
        f"/n/{night.id}/approve", data={"idem": "x", "round": "1", "table": "1"}
    )
    assert stranger.status_code == 403
    done = organiser.post(
        f"/n/{night.id}/approve",
        data={"idem": "b", "round": "1", "table": "1"},
        follow_redirects=True,
    )
    assert "Approved, round 1: Head table" in done.get_data(as_text=True)
    assert night.get()["tallies"]["Cy"]["wins"] == 1


def test_every_documented_night_approval_example_is_accepted(client):
    spec = client.get("/api/v1/openapi.json").get_json()
    post = spec["paths"]["/api/v1/tournaments/{id}/events"]["post"]
    examples = post["requestBody"]["content"]["application/json"]["examples"]
    mine = {k: v for k, v in examples.items() if k.startswith("bunko-night-")}
    declared = {k.type: k for k in formats.get("bunko-night").events}
    assert {v["value"]["event"]["type"] for v in mine.values()} == set(declared)
    for example in mine.values():
        night = _night(client)
        event = example["value"]["event"]
        setup = next(
            e.setup for e in declared[event["type"]].examples if e.event == event
        )
        for before in setup:
            path = "results" if before["type"] == "result" else "events"
            body = (
                {k: v for k, v in before.items() if k != "type"}
                if path == "results"
                else {"event": before}
            )
            assert night.post(path, body).status_code == 201
        reply = _send(night, event)
        assert reply.status_code == 201, reply.get_json()


def test_a_scorepad_that_ends_waits_and_its_undo_withdraws_what_waited(client):
    night = Night(client, {"players": EIGHT})
    assert _send(night, ON).status_code == 201
    night.start(1)
    night.roll(1, *BUNKO, *BUNKO, *BUNKO, {"dice": [6, 6, 2]}, {"dice": [6, 1, 1]})
    table = night.table(1)
    assert table["status"] == "approval"
    assert table["pending"]["source"] == "match"
    assert table["pending"]["scores"] == [21, 0]
    assert night.get()["stop"] == {"tables": [2]}
    undo = client.post(
        f"/api/v1/matches/{table['match']}/undo", headers=night.headers(night.tables[1])
    )
    assert undo.status_code == 201
    assert night.table(1)["pending"] is None
    night.roll(1, {"dice": [6, 6, 5]})
    assert night.table(1)["pending"]["scores"] == [22, 0]
    assert _send(night, {"type": "approve", "table": 1}).status_code == 201
    assert night.table(1)["result"]["scores"] == [22, 0]
    kinds = [
        e["kind"]
        for e in client.get(f"/api/v1/tournaments/{night.id}/events").get_json()[
            "events"
        ]
    ]
    assert kinds == [
        "create", "round", "approval", "result", "stop", "withdraw", "result",
        "approve",
    ]  # fmt: skip
