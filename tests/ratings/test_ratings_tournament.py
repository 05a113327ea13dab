"""A tournament's table matches are rated as they finish, and entrants linked to
profiles after playing are rated for every match they played."""

from __future__ import annotations

import uuid

from referee import ratings
from tests.ratings.test_ratings_stored import assert_stored_is_recomputed
from tests.web.test_round_robin_web import Event


def test_entrants_linked_after_their_matches_are_rated_for_them(client, app):
    rr = Event(client, seating="given")
    first = rr.data["calls"][0]
    rr.play(first, winner=0)
    winner, loser = first["entrants"]
    with app.app_context():
        assert ratings.stored() == {}  # nobody linked yet: nobody rated
    linked = client.put(
        f"/api/v1/tournaments/{rr.id}/players",
        json={"players": {winner: f"{winner} Smith", loser: f"{loser} Jones"}},
        headers={
            "Authorization": f"Bearer {rr.organiser}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )
    assert linked.status_code == 200, linked.get_json()
    stored = assert_stored_is_recomputed(app)
    assert len(stored) == 2
    found = client.get("/api/v1/players").get_json()["players"]
    ids = {p["name"]: p["id"] for p in found}
    with app.app_context():
        got = ratings.current(list(ids.values()), "darts-301")
    assert got[ids[f"{winner} Smith"]].mu > 25 > got[ids[f"{loser} Jones"]].mu
    # the next match at the tournament, already linked, is rated as it finishes
    nxt = next(
        c for c in rr.get()["calls"] if c["match"] and c["match"] != first["match"]
    )
    rr.play(nxt, winner=0)
    assert_stored_is_recomputed(app)
