"""The JSON API under a hypothesis state machine: never a 5xx, the log replays.

One match per run, of a drawn game, written to through the Flask test client with
events drawn from the game's declarations (tests/strategies.py), garbage bodies,
undos, retries of earlier writes with their Idempotency-Key, and writes with no key
or another match's key. After every step:

* GET /api/v1/matches/<id> shows the state the engine gives when the effective
  events of GET .../events are replayed from the start, and ``ledger.audit`` finds
  no row whose stored ruling or snapshot disagrees;
* a retried write answers exactly as the first time, with Idempotent-Replayed.
"""

from __future__ import annotations

import uuid
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine
from hypothesis.stateful import initialize
from hypothesis.stateful import invariant
from hypothesis.stateful import precondition
from hypothesis.stateful import rule
from hypothesis.stateful import run_state_machine_as_test

from referee import games
from referee import ledger
from referee.games.base import Setup
from tests import strategies
from tests.strategies import GARBAGE
from tests.strategies import NAMES

WRITE_STATUSES = {201, 409, 422}
SETTINGS = settings(
    max_examples=15,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def machine_for(app: Flask, client: FlaskClient) -> type[RuleBasedStateMachine]:
    class Api(RuleBasedStateMachine):
        @initialize(game_id=st.sampled_from(list(games.GAME_IDS)))
        def create(self, game_id: str) -> None:
            self.game = games.get(game_id)
            count = min(max(2, self.game.min_players), self.game.max_players)
            self.players = list(NAMES[:count])
            response = client.post(
                "/api/v1/matches", json={"game": game_id, "players": self.players}
            )
            assert response.status_code == 201, response.get_json()
            body = response.get_json()
            self.id, self.key = body["id"], body["edit_key"]
            self.board = body["state"]
            self.done: list[tuple[str, str, Any, Any]] = []  # path, key, body, answer

        def write(self, path: str, body: Any, key: str | None = None) -> Any:
            idem = key or uuid.uuid4().hex
            response = client.post(
                f"/api/v1/matches/{self.id}/{path}",
                json=body,
                headers={
                    "Authorization": f"Bearer {self.key}",
                    "Idempotency-Key": idem,
                },
            )
            assert response.status_code in WRITE_STATUSES, response.get_data(True)
            if response.status_code == 201:
                self.board = response.get_json()["state"]
                if key is None:
                    self.done.append((path, idem, body, response.get_json()))
            else:
                assert response.mimetype == "application/problem+json"
            return response

        @rule(data=st.data(), what=st.sampled_from(["event"] * 6 + ["garbage", "undo"]))
        def write_something(self, data: st.DataObject, what: str) -> None:
            """Mostly events, as at a table; now and then garbage or an undo."""
            if what == "event":
                raw = strategies.event(data, self.game, self.board, self.players)
                self.write("events", {"event": raw})
            elif what == "garbage":
                self.write("events", data.draw(GARBAGE))
            else:
                self.write("undo", {})

        @precondition(lambda self: self.done)
        @rule(data=st.data())
        def retry(self, data: st.DataObject) -> None:
            path, idem, body, answer = data.draw(st.sampled_from(self.done))
            response = client.post(
                f"/api/v1/matches/{self.id}/{path}",
                json=body,
                headers={
                    "Authorization": f"Bearer {self.key}",
                    "Idempotency-Key": idem,
                },
            )
            assert response.status_code == 201
            assert response.headers.get("Idempotent-Replayed") == "true"
            assert response.get_json() == answer

        @rule(auth=st.sampled_from(["", "Bearer not-the-key", "Basic abc"]))
        def wrong_key(self, auth: str) -> None:
            headers = {"Idempotency-Key": uuid.uuid4().hex}
            if auth:
                headers["Authorization"] = auth
            response = client.post(
                f"/api/v1/matches/{self.id}/undo", json={}, headers=headers
            )
            assert response.status_code == (403 if auth else 401)

        @invariant()
        def the_match_is_the_replay_of_its_log(self) -> None:
            match = client.get(f"/api/v1/matches/{self.id}")
            # the whole log on one page (at most 500 rows; 20 steps write fewer)
            log = client.get(f"/api/v1/matches/{self.id}/events?limit=500")
            assert match.status_code == log.status_code == 200
            assert log.get_json()["next"] is None
            shown, rows = match.get_json(), log.get_json()["events"]
            assert shown["seq"] == log.get_json()["seq"] == len(rows)
            setup = Setup(tuple(shown["players"]), shown["options"])
            state = self.game.start(setup)
            for row in sorted(rows, key=lambda r: r["seq"]):
                if row["kind"] == "event" and not row["voided"]:
                    state = self.game.step(state, row["event"]).state
            assert shown["state"] == self.game.view(state)
            with app.app_context():
                assert ledger.audit(ledger.get(self.id)) == []

    return Api


def test_the_api_never_answers_5xx_and_every_match_replays_from_its_log(app, client):
    run_state_machine_as_test(machine_for(app, client), settings=SETTINGS)
