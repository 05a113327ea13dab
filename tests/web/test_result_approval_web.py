"""Organiser approval of tournament results: a round robin whose results wait.

With approval on, a match that ends on a board leaves its result waiting on the
pairing (status "approval"): the standings do not move and the board is free for
the next call; the organiser's approve makes it count. The log keeps each step with
who sent it. Pages: the organiser's approve buttons, and no one else's.
"""

from __future__ import annotations

from typing import Any

from tests.web.test_round_robin_web import Event


def _row(standings: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return next(r for r in standings if r["entrant"] == name)


def test_a_results_waits_for_the_organisers_approval_then_counts(client: Any) -> None:
    rr = Event(client, seating="given")
    assert rr.send({"type": "approval", "required": True}).status_code == 201
    first = rr.data["calls"][0]
    rr.play(first, winner=0)
    now = rr.get()
    pairing = now["pairings"][first["number"] - 1]
    assert pairing["status"] == "approval"
    assert pairing["pending"]["source"] == "match"
    assert pairing["result"] is None
    winner = pairing["entrants"][0]
    assert _row(now["standings"], winner)["won"] == 0
    # the board is free again and took the next ready pairing
    assert now["stations"][0]["pairing"] not in (None, first["number"])
    # a board's key cannot approve
    board = rr.boards[first["station"]]
    refused = rr.send({"type": "approve", "pairing": first["number"]}, key=board)
    assert refused.status_code == 403
    approved = rr.send({"type": "approve", "pairing": first["number"]})
    assert approved.status_code == 201, approved.get_json()
    assert approved.get_json()["ruling"]["summary"].startswith("Approved")
    now = rr.get()
    assert now["pairings"][first["number"] - 1]["status"] == "done"
    assert _row(now["standings"], winner)["won"] == 1
    again = rr.send({"type": "approve", "pairing": first["number"]})
    assert again.status_code == 409
    log = client.get(f"/api/v1/tournaments/{rr.id}/events").get_json()
    kinds = [(e["kind"], e.get("actor")) for e in log["events"]]
    assert ("approval", "organiser") in kinds
    assert ("approve", "organiser") in kinds


def test_turning_approval_off_lets_waiting_results_count(client: Any) -> None:
    rr = Event(client, seating="given")
    rr.send({"type": "approval", "required": True})
    first = rr.data["calls"][0]
    reply = rr.send(
        {"type": "result", "pairing": first["number"], "winner": first["entrants"][1]}
    )
    assert "waits for the organiser's approval" in reply.get_json()["ruling"]["summary"]
    off = rr.send({"type": "approval", "required": False})
    assert "1 waiting result(s) count now" in off.get_json()["ruling"]["summary"]
    assert rr.get()["pairings"][first["number"] - 1]["status"] == "done"


def test_the_organiser_approves_from_the_admin_page(app: Any, client: Any) -> None:
    rr = Event(client, seating="given")
    organiser = app.test_client()
    joined = organiser.get(f"/n/{rr.id}/t/1/join/{rr.organiser}")
    assert joined.status_code == 302
    on = organiser.post(f"/n/{rr.id}/approve", data={"idem": "a", "required": "on"})
    assert on.status_code == 303
    first = rr.data["calls"][0]
    rr.play(first, winner=1)
    page = organiser.get(f"/n/{rr.id}/admin").get_data(as_text=True)
    assert "Results wait for your approval." in page
    assert f'name="pairing" value="{first["number"]}"' in page
    done = organiser.post(
        f"/n/{rr.id}/approve",
        data={"idem": "b", "pairing": str(first["number"])},
        follow_redirects=True,
    )
    assert "Approved" in done.get_data(as_text=True)
    stranger = app.test_client()
    assert (
        stranger.post(
            f"/n/{rr.id}/approve", data={"idem": "c", "pairing": "1"}
        ).status_code
        == 403
    )


def test_entrants_linked_once_bring_every_tournament_match_to_the_profile(
    client: Any,
) -> None:
    rr = Event(client, seating="given")
    first = rr.data["calls"][0]
    a, b = first["entrants"]
    linked = client.put(
        f"/api/v1/tournaments/{rr.id}/players",
        json={"players": {a: f"{a} Tour", b: f"{b} Tour"}},
        headers={"Authorization": f"Bearer {rr.organiser}"},
    )
    assert linked.status_code == 200, linked.get_json()
    assert set(linked.get_json()["claim_codes"]) == {f"{a} Tour", f"{b} Tour"}
    board = client.put(
        f"/api/v1/tournaments/{rr.id}/players",
        json={"players": {a: "Someone"}},
        headers={"Authorization": f"Bearer {rr.boards[1]}"},
    )
    assert board.status_code == 403
    rr.play(first, winner=0)
    players = client.get("/api/v1/players").get_json()["players"]
    pid = next(p["id"] for p in players if p["name"] == f"{a} Tour")
    profile = client.get(f"/api/v1/players/{pid}").get_json()
    darts = profile["games"]["darts-301"]
    # the first match won; the next, called at once, is linked too (still live)
    assert darts["won"] == 1
    assert darts["matches"] == len([m for m in profile["matches"] if m["game"]])
    assert darts["totals"]["highest_finish"] == 121
    assert profile["head_to_head"][0]["opponent"] == b
