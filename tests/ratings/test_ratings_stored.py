"""Ratings kept as matches finish, are undone, corrected and linked late: always what
a recomputation from the raw logs gives, on both databases."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from openskill.models import PlackettLuce

from referee import ratings
from referee.db import db

ROUNDS_3 = [  # 301 for Ann, Bob, Cy: Ann 180, 81, D20 out; Bob 60 a round, Cy 30
    {"type": "round", "darts": ["T20", "T20", "T20"]},
    {"type": "round", "darts": ["S20", "S20", "S20"]},
    {"type": "round", "darts": ["S10", "S10", "S10"]},
    {"type": "round", "darts": ["T20", "S1", "S20"]},
    {"type": "round", "darts": ["S20", "S20", "S20"]},
    {"type": "round", "darts": ["S10", "S10", "S10"]},
    {"type": "round", "darts": ["D20"]},
]
ROUNDS_2 = [  # 301 for two: the first player checks out on the fifth round
    {"type": "round", "darts": ["T20", "T20", "T20"]},
    {"type": "round", "darts": ["S20", "S20", "S20"]},
    {"type": "round", "darts": ["T20", "S1", "S20"]},
    {"type": "round", "darts": ["S20", "S20", "S20"]},
    {"type": "round", "darts": ["D20"]},
]


def _headers(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Idempotency-Key": uuid.uuid4().hex}


def link(api: Any, match_id: str, names: list[str | None]) -> None:
    done = api.client.put(
        f"/api/v1/matches/{match_id}/players",
        json={"players": names},
        headers=_headers(api.keys[match_id]),
    )
    assert done.status_code == 200, done.get_json()


def darts(api: Any, seats: list[str], names: list[str | None] | None, rounds) -> str:
    made = api.create("darts-301", seats, options={"start": "301"})
    if names is not None:
        link(api, made["id"], names)
    for event in rounds:
        assert api.event(made["id"], event).status_code == 201
    return made["id"]


def player_id(client: Any, name: str) -> str:
    found = client.get("/api/v1/players").get_json()["players"]
    return next(p["id"] for p in found if p["name"] == name)


def assert_stored_is_recomputed(app: Any) -> dict[tuple[str, str], ratings.Rating]:
    with app.app_context():
        stored, fresh = ratings.stored(), ratings.recompute()
        db.session.rollback()
    assert stored.keys() == fresh.keys()
    for key, rating in fresh.items():
        assert stored[key].matches == rating.matches
        assert stored[key].mu == pytest.approx(rating.mu, abs=1e-9)
        assert stored[key].sigma == pytest.approx(rating.sigma, abs=1e-9)
    return stored


def test_a_finished_one_against_one_match_rates_both_linked_players(api, app, client):
    darts(api, ["Ann", "Bob"], ["Ann Smith", "Bob Jones"], ROUNDS_2)
    ann, bob = player_id(client, "Ann Smith"), player_id(client, "Bob Jones")
    with app.app_context():
        got = ratings.current([ann, bob, "nobody"], "darts-301")
    model = PlackettLuce(limit_sigma=True)
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert got[ann].mu == pytest.approx(a.mu)
    assert got[ann].sigma == pytest.approx(a.sigma)
    assert got[bob].mu == pytest.approx(b.mu)
    assert got[ann].matches == got[bob].matches == 1
    assert got["nobody"] == ratings.NEW
    assert_stored_is_recomputed(app)


def test_a_match_in_play_rates_nobody(api, app, client):
    darts(api, ["Ann", "Bob"], ["Ann Smith", "Bob Jones"], ROUNDS_2[:4])
    with app.app_context():
        assert ratings.stored() == {}


def test_free_for_all_others_level_on_legs_share_second_and_unlinked_play_unrated(
    api, app, client
):
    darts(api, ["Ann", "Bob", "Cy"], ["Ann Smith", None, "Cy Long"], ROUNDS_3)
    ann, cy = player_id(client, "Ann Smith"), player_id(client, "Cy Long")
    model = PlackettLuce(limit_sigma=True)
    new = [[model.rating()] for _ in range(3)]
    # one leg: Ann won it; Bob (unlinked) and Cy won none, so they share second
    [[a], _, [c]] = model.rate(new, ranks=[1, 2, 2])
    with app.app_context():
        got = ratings.current([ann, cy], "darts-301")
        assert len(ratings.stored()) == 2  # Bob's seat has no profile: not kept
    assert got[ann].mu == pytest.approx(a.mu)
    assert got[cy].mu == pytest.approx(c.mu)
    assert_stored_is_recomputed(app)


def test_undoing_the_finishing_dart_takes_the_match_out_of_the_ratings(
    api, app, client
):
    first = darts(api, ["Ann", "Bob"], ["Ann Smith", "Bob Jones"], ROUNDS_2)
    darts(api, ["Ann", "Bob"], ["Ann Smith", "Bob Jones"], ROUNDS_2)
    assert api.undo(first).status_code == 201
    ann = player_id(client, "Ann Smith")
    with app.app_context():
        assert ratings.current([ann], "darts-301")[ann].matches == 1
    assert_stored_is_recomputed(app)
    assert api.event(first, ROUNDS_2[-1]).status_code == 201  # finished again
    with app.app_context():
        assert ratings.current([ann], "darts-301")[ann].matches == 2
    assert_stored_is_recomputed(app)


def test_a_profile_linked_after_its_matches_is_rated_for_them(api, app, client):
    old = darts(api, ["Ann", "Bob"], None, ROUNDS_2)
    darts(api, ["Ann", "Bob"], ["Ann Smith", "Bob Jones"], ROUNDS_2)
    ann = player_id(client, "Ann Smith")
    with app.app_context():
        assert ratings.current([ann], "darts-301")[ann].matches == 1
    link(api, old, ["Ann Smith", "Bob Jones"])
    with app.app_context():
        assert ratings.current([ann], "darts-301")[ann].matches == 2
    stored = assert_stored_is_recomputed(app)
    # the late link is rated in finishing order: the old match first
    with app.app_context():
        rows = ratings.history(ann)["darts-301"]
    assert [r["match"] for r in rows][0] == old
    link(api, old, [None, "Bob Jones"])  # unlinked again: Ann's back to one
    with app.app_context():
        assert ratings.current([ann], "darts-301")[ann].matches == 1
    assert stored != assert_stored_is_recomputed(app)


TEAMS = [
    {"name": "Reds", "players": ["Ann", "Cy"]},
    {"name": "Blues", "players": ["Bob", "Dee"]},
]


def test_partners_are_rated_as_a_team_against_the_other_team(api, app, client):
    made = api.create(
        "billiards", None, teams=TEAMS, options={"game": "plain", "race": 1}
    )
    seats = api.get(made["id"])["players"]
    names = {"Ann": "Ann Smith", "Bob": "Bob Jones", "Cy": "Cy Long", "Dee": None}
    link(api, made["id"], [names[n] for n in seats])
    assert api.event(made["id"], {"type": "breaker", "side": "0"}).status_code == 201
    rack = api.event(made["id"], {"type": "rack", "winner": "Blues"})
    assert rack.status_code == 201
    model = PlackettLuce(limit_sigma=True)
    new = model.rating
    [[ann, cy], [bob, _]] = model.rate([[new(), new()], [new(), new()]], ranks=[2, 1])
    ids = {n: player_id(client, n) for n in ("Ann Smith", "Bob Jones", "Cy Long")}
    with app.app_context():
        got = ratings.current(list(ids.values()), "billiards")
    assert got[ids["Ann Smith"]].mu == pytest.approx(ann.mu)
    assert got[ids["Cy Long"]].mu == pytest.approx(cy.mu)
    assert got[ids["Bob Jones"]].mu == pytest.approx(bob.mu)
    assert got[ids["Bob Jones"]].mu > 25 > got[ids["Ann Smith"]].mu
    assert_stored_is_recomputed(app)


def test_a_correction_of_a_finished_match_rates_the_game_again(api, app, client):
    darts(api, ["Ann", "Bob"], ["Ann Smith", "Bob Jones"], ROUNDS_2)
    second = darts(api, ["Ann", "Bob"], ["Ann Smith", "Bob Jones"], ROUNDS_2)
    ann = player_id(client, "Ann Smith")
    with app.app_context():
        before = ratings.current([ann], "darts-301")[ann]
    # Ann's checkout becomes a miss; Bob's next round then does not finish it
    fixed = api.client.put(
        f"/api/v1/matches/{second}/events/5",
        json={"event": {"type": "round", "darts": ["S1"]}},
        headers=_headers(api.keys[second]),
    )
    assert fixed.status_code in (200, 201), fixed.get_json()
    with app.app_context():
        after = ratings.current([ann], "darts-301")[ann]
    assert after.matches == before.matches - 1  # the second match is live again
    assert_stored_is_recomputed(app)


def test_a_match_in_confirmation_mode_rates_once_every_entry_is_confirmed(
    api, app, client
):
    made = api.create(
        "darts-301", ["Ann", "Bob"], options={"start": "301"}, confirm=True
    )
    link(api, made["id"], ["Ann Smith", "Bob Jones"])
    bob_key = made["side_keys"][0]["key"]
    for i, event in enumerate(ROUNDS_2):
        key = api.keys[made["id"]] if i % 2 == 0 else bob_key
        sent = api.client.post(
            f"/api/v1/matches/{made['id']}/events",
            json={"event": event},
            headers=_headers(key),
        )
        assert sent.status_code == 201, sent.get_json()
    ann = player_id(client, "Ann Smith")
    with app.app_context():
        assert ratings.current([ann], "darts-301")[ann].matches == 0  # unconfirmed
    assert_stored_is_recomputed(app)
    for key in (bob_key, api.keys[made["id"]]):  # each side confirms the other's
        done = api.client.post(
            f"/api/v1/matches/{made['id']}/confirm", json={}, headers=_headers(key)
        )
        assert done.status_code in (200, 201), done.get_json()
    with app.app_context():
        assert ratings.current([ann], "darts-301")[ann].matches == 1
    assert_stored_is_recomputed(app)


def test_linking_the_same_profiles_again_changes_nothing(api, app, client):
    match = darts(api, ["Ann", "Bob"], ["Ann Smith", "Bob Jones"], ROUNDS_2)
    before = assert_stored_is_recomputed(app)
    link(api, match, ["Ann Smith", "Bob Jones"])
    with app.app_context():
        rebuilt = ratings.stored()
        ratings.rebuild()  # a full rebuild from the logs: the same again
        again = ratings.stored()
    assert before == rebuilt == again


# A finishing write to a match no profile can reach: the ratings' one gate SELECT
# (the match's head, whether a link or a stored rating change names it), no more.
RATINGS_UNLINKED_MAX = 1


def test_a_finishing_write_with_no_profile_linked_costs_the_ratings_one_statement(
    api, app, client
):
    from tests.web.test_tournament_writes import counted

    made = api.create("darts-301", ["Ann", "Bob"], options={"start": "301"})
    for event in ROUNDS_2[:-1]:
        assert api.event(made["id"], event).status_code == 201
    with counted(app) as seen:
        assert api.event(made["id"], ROUNDS_2[-1]).status_code == 201
    rating_tables = ("player_link", "rating_change", "player_rating")
    touched = [s for s in seen.statements if any(t in s for t in rating_tables)]
    assert len(touched) <= RATINGS_UNLINKED_MAX, touched
    assert not any(s.startswith(("INSERT", "DELETE", "UPDATE")) for s in touched)
    with app.app_context():
        assert ratings.stored() == {}
