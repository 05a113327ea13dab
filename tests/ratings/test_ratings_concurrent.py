"""Matches of one game finishing at once are rated one after the other: nothing lost,
positions 1..n, and the stored ratings equal a recomputation from the raw logs."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import select

from referee.db import db
from referee.models import RatingChange
from tests.ratings.test_ratings_stored import ROUNDS_2
from tests.ratings.test_ratings_stored import assert_stored_is_recomputed
from tests.ratings.test_ratings_stored import darts

MATCHES = 8


def test_matches_finishing_at_once_are_each_rated_once_in_some_order(api, app):
    people = ["Ann Smith", "Bob Jones", "Cy Long", "Di Moss"]
    ids = []
    for n in range(MATCHES):
        pair = [people[n % 4], people[(n + 1) % 4]]  # overlapping players
        ids.append(darts(api, ["Ann", "Bob"], pair, ROUNDS_2[:-1]))

    def finish(match_id: str) -> int:
        with app.test_client() as client:
            return client.post(
                f"/api/v1/matches/{match_id}/events",
                json={"event": ROUNDS_2[-1]},
                headers={
                    "Authorization": f"Bearer {api.keys[match_id]}",
                    "Idempotency-Key": uuid.uuid4().hex,
                },
            ).status_code

    with ThreadPoolExecutor(max_workers=4) as pool:
        statuses = list(pool.map(finish, ids))
    assert statuses == [201] * MATCHES
    with app.app_context():
        rows = db.session.execute(
            select(RatingChange.match_id, RatingChange.position)
        ).all()
        db.session.rollback()
    assert len(rows) == 2 * MATCHES
    assert {m for m, _ in rows} == set(ids)
    assert sorted({p for _, p in rows}) == list(range(1, MATCHES + 1))
    assert_stored_is_recomputed(app)
