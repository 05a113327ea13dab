"""The tournament write path: a board's result settles once, in one transaction.

Issue 27: a result ran 30 statements in 10 transactions, and every dart on a board
re-read (and locked) its tournament. Now a board's dart, undo or correction touches
the tournament only when its match's result changes (it finishes, or a finished
match changes or un-finishes), and then the tournament row is read once, locked,
and everything the result calls for (the result, the next pairings, the next
calls to the boards with their new matches) is written in that one transaction.

Counted with ``before_cursor_execute`` (so SQLite's BEGIN counts too), and the
transactions with the engine's ``commit`` and ``rollback`` events. Before (main at
bd8501a, SQLite): a dart in play 7 statements (the tournament read each time), a
round robin's finishing dart 32 with 6 reads of the tournament row in 4 write
transactions and 7 rollbacks, a bunko night's head table finishing 37. After: 4,
10 (the dart's 4 and one settle of 6), 18.
"""

from __future__ import annotations

import re
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from sqlalchemy import event as sa_event

from referee import tournaments
from referee.db import db
from referee.models import Tournament
from tests.web.test_bunko_night import BUNKO
from tests.web.test_bunko_night import Night

# A round robin result with boards: the match's own write (at most 4, issue 8) and
# the result's settle (at most 8: BEGIN, the locked tournament, its live matches,
# the tournament's UPDATE, its log rows, the next call's new match).
MATCH_WRITE_MAX = 4
RESULT_MAX = 8
# A Swiss or elimination result settles the same way as a round robin's.
PAIRING_RESULT_MAX = 8
# The bunko night's head table finishing: its result and the stop (one settle),
# then the stop to each other table (a match write each), then their results (one
# settle). Per other table 4; the two settles 8 each.
BUNKO_STOP_PER_TABLE = 4
FOUR = ["Ann", "Bob", "Cy", "Dee"]
EIGHT = [*FOUR, "Eve", "Fay", "Gus", "Hal"]


@dataclass
class Seen:
    statements: list[str] = field(default_factory=list)
    commits: int = 0  # transactions committed (a PostgreSQL read's COMMIT aside)
    rollbacks: int = 0  # transactions rolled back after writing something
    wrote: bool = False

    def on(self, table: str) -> list[str]:
        """The statements naming ``table`` (as a table, not a column prefix)."""
        named = re.compile(rf'\b(?:FROM|UPDATE|INTO|JOIN)\s+"?{table}"?(?:\s|$)')
        return [s for s in self.statements if named.search(s)]


@contextmanager
def counted(app: Flask) -> Iterator[Seen]:
    seen = Seen()

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        said = " ".join(statement.split())
        seen.statements.append(said)
        seen.wrote = seen.wrote or not said.startswith(("SELECT", "BEGIN"))

    def begin(_conn: Any) -> None:
        seen.wrote = False

    def commit(_conn: Any) -> None:
        seen.commits += 1

    def rollback(_conn: Any) -> None:
        seen.rollbacks += seen.wrote

    with app.app_context():
        engine = db.engine
    hooks = [
        ("before_cursor_execute", note),
        ("begin", begin),
        ("commit", commit),
        ("rollback", rollback),
    ]
    for name, fn in hooks:
        sa_event.listen(engine, name, fn)
    try:
        yield seen
    finally:
        for name, fn in hooks:
            sa_event.remove(engine, name, fn)


class Event:
    """A pairing tournament as its organiser and its boards' phones drive it."""

    def __init__(self, client: Any, **body: Any) -> None:
        self.client = client
        response = client.post("/api/v1/tournaments", json=body)
        assert response.status_code == 201, response.get_json()
        data = response.get_json()
        self.id = data["id"]
        self.organiser = data["keys"]["organiser"]["key"]
        self.boards = {t["table"]: t["key"] for t in data["keys"]["tables"]}

    def get(self) -> dict[str, Any]:
        response = self.client.get(f"/api/v1/tournaments/{self.id}")
        assert response.status_code == 200
        return dict(response.get_json())

    def dart(self, call: dict[str, Any], event: dict[str, Any]) -> Any:
        return self.client.post(
            f"/api/v1/matches/{call['match']}/events",
            json={"event": event},
            headers={
                "Authorization": f"Bearer {self.boards[call['station']]}",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        )


# One leg of 301, the first side winning: 180, 0, then 121 out.
LEG = [
    {"type": "score", "points": 180},
    {"type": "score", "points": 0},
    {"type": "score", "points": 121, "double_out": True, "darts": 3},
]


def round_robin(client: Any, players: list[str] = FOUR) -> Event:
    return Event(
        client,
        kind="round-robin",
        game="darts-301",
        game_options={"start": "301"},
        players=players,
        stations=["Board 1", "Board 2"],
    )


def version(app: Flask, tournament_id: str) -> int:
    with app.app_context():
        found = db.session.get(Tournament, tournament_id)
        assert found is not None
        return found.version


def test_a_dart_that_does_not_finish_a_match_leaves_the_tournament_alone(app, client):
    rr = round_robin(client)
    call = rr.get()["calls"][0]
    before = version(app, rr.id)
    with counted(app) as seen:
        reply = rr.dart(call, LEG[0])
    assert reply.status_code == 201, reply.get_json()
    assert seen.on("tournament") == [], seen.statements
    assert len(seen.statements) <= MATCH_WRITE_MAX, seen.statements
    assert seen.rollbacks == 0
    assert version(app, rr.id) == before


def test_an_undo_that_changes_no_result_leaves_the_tournament_alone(app, client):
    rr = round_robin(client)
    call = rr.get()["calls"][0]
    rr.dart(call, LEG[0])
    before = version(app, rr.id)
    with counted(app) as seen:
        reply = client.post(
            f"/api/v1/matches/{call['match']}/undo",
            headers={
                "Authorization": f"Bearer {rr.boards[call['station']]}",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        )
    assert reply.status_code == 201, reply.get_json()
    assert seen.on("tournament") == [], seen.statements
    assert version(app, rr.id) == before


def test_a_round_robin_result_settles_once_in_one_transaction(app, client):
    rr = round_robin(client, FOUR + ["Eve"])  # five: a bye, and a pairing waiting
    now = rr.get()
    call = now["calls"][0]
    for event in LEG[:-1]:
        rr.dart(call, event)
    before = version(app, rr.id)
    with counted(app) as seen:
        reply = rr.dart(call, LEG[-1])
    assert reply.status_code == 201, reply.get_json()
    reads = [s for s in seen.on("tournament") if s.startswith("SELECT")]
    assert len(reads) == 1, seen.statements  # read once, locked
    assert len(seen.statements) <= MATCH_WRITE_MAX + RESULT_MAX, seen.statements
    # the dart's transaction, then the result's: one
    assert seen.commits == 2, seen.statements
    assert seen.rollbacks == 0
    after = rr.get()
    done = next(p for p in after["pairings"] if p["number"] == call["number"])
    assert done["result"]["winner"] == 0  # the first side won
    # the board was called again in the same transaction
    station = after["stations"][call["station"] - 1]
    assert station["pairing"] not in (None, call["number"])
    assert version(app, rr.id) > before
    with app.app_context():
        assert tournaments.audit(tournaments.get(rr.id)) == []


def _finish_counted(app: Any, event: Event, call: dict[str, Any]) -> Seen:
    for dart in LEG[:-1]:
        assert event.dart(call, dart).status_code == 201
    with counted(app) as seen:
        reply = event.dart(call, LEG[-1])
    assert reply.status_code == 201, reply.get_json()
    return seen


def test_a_swiss_result_settles_once_in_one_transaction(app, client):
    sw = Event(
        client,
        kind="swiss",
        game="darts-301",
        game_options={"start": "301"},
        players=EIGHT,
        stations=["Board 1", "Board 2"],
    )
    call = sw.get()["calls"][0]
    seen = _finish_counted(app, sw, call)
    reads = [s for s in seen.on("tournament") if s.startswith("SELECT")]
    assert len(reads) == 1, seen.statements
    assert len(seen.statements) <= MATCH_WRITE_MAX + PAIRING_RESULT_MAX, seen.statements
    assert (seen.commits, seen.rollbacks) == (2, 0), seen.statements
    now = sw.get()
    assert next(p for p in now["pairings"] if p["number"] == call["number"])["result"]


def test_an_elimination_result_settles_once_in_one_transaction(app, client):
    se = Event(
        client,
        kind="single-elimination",
        game="darts-301",
        game_options={"start": "301"},
        players=EIGHT,
        stations=["Board 1", "Board 2"],
    )
    call = se.get()["calls"][0]
    seen = _finish_counted(app, se, call)
    reads = [s for s in seen.on("tournament") if s.startswith("SELECT")]
    assert len(reads) == 1, seen.statements
    assert len(seen.statements) <= MATCH_WRITE_MAX + PAIRING_RESULT_MAX, seen.statements
    assert (seen.commits, seen.rollbacks) == (2, 0), seen.statements
    now = se.get()
    assert next(p for p in now["pairings"] if p["number"] == call["number"])["result"]


def test_a_bunko_nights_round_ends_in_two_settles_and_the_stops(app, client):
    """Head table finishes: its result and the stop (one settle); the stop to table
    2 (a match write), which ends it 1-0; its result (one more settle)."""
    night = Night(client, {"players": EIGHT})
    night.start(2)
    night.roll(2, {"dice": [6, 2, 3]}, {"dice": [1, 2, 3]})
    night.start(1)
    night.roll(1, *BUNKO, *BUNKO, *BUNKO, {"dice": [6, 6, 2]})
    before = version(app, night.id)
    head = night.table(1)["match"]
    roller = client.get(f"/api/v1/matches/{head}").get_json()["state"]["detail"]
    with counted(app) as seen:
        reply = client.post(
            f"/api/v1/matches/{head}/events",
            json={
                "event": {"type": "roll", "player": roller["roller"], "dice": [6, 1, 1]}
            },
            headers=night.headers(night.tables[1]),
        )
    assert reply.status_code == 201, reply.get_json()
    others = 1
    budget = MATCH_WRITE_MAX + 2 * RESULT_MAX + BUNKO_STOP_PER_TABLE * others
    assert len(seen.statements) <= budget, seen.statements
    reads = [s for s in seen.on("tournament") if s.startswith("SELECT")]
    assert len(reads) <= 2, seen.statements  # once per settle
    assert seen.rollbacks == 0, seen.statements
    tables = night.get()["tables"]
    assert tables[0]["result"]["scores"] == [21, 0]
    assert tables[1]["result"]["scores"] == [1, 0]
    # result, stop, then table 2's result
    assert version(app, night.id) == before + 3


def _at_once(app: Flask, event: Event, calls: list[dict[str, Any]]) -> list[Any]:
    """The finishing dart of each call, sent at the same moment from its own client."""
    go = threading.Barrier(len(calls))
    replies: list[Any] = []

    def finish(call: dict[str, Any]) -> None:
        board = Event.__new__(Event)
        board.client, board.boards = app.test_client(), event.boards
        go.wait()
        replies.append(board.dart(call, LEG[-1]))

    threads = [threading.Thread(target=finish, args=(c,)) for c in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return replies


def test_results_on_two_boards_at_once_both_settle(app, client):
    """Two boards finish their matches of the same round at the same moment, each
    from its own client (its own session and connection): both results are in the
    log, the next round is called on both boards, and the log replays clean."""
    rr = round_robin(client)
    for _round in range(2):
        calls = rr.get()["calls"]
        assert len(calls) == 2, calls
        for call in calls:
            for dart in LEG[:-1]:
                assert rr.dart(call, dart).status_code == 201
        replies = _at_once(app, rr, calls)
        assert [r.status_code for r in replies] == [201, 201]
        now = rr.get()
        numbers = {c["number"] for c in calls}
        done = [p for p in now["pairings"] if p["number"] in numbers]
        assert all(p["result"] and p["result"]["winner"] == 0 for p in done), done
        called = {s["pairing"] for s in now["stations"]}
        assert None not in called, now["stations"]
        assert not called & numbers, now["stations"]
    with app.app_context():
        assert tournaments.audit(tournaments.get(rr.id)) == []


def test_an_organisers_result_and_the_call_it_frees_are_one_write(app, client):
    """A walkover entered by the organiser: the result, the next call on the freed
    board and its new match go in the write's own transaction (no settle after)."""
    rr = round_robin(client, FOUR + ["Eve"])
    call = rr.get()["calls"][0]
    with counted(app) as seen:
        reply = client.post(
            f"/api/v1/tournaments/{rr.id}/events",
            json={
                "event": {
                    "type": "result",
                    "pairing": call["number"],
                    "winner": call["entrants"][0],
                    "how": "walkover",
                }
            },
            headers={
                "Authorization": f"Bearer {rr.organiser}",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        )
    assert reply.status_code == 201, reply.get_json()
    assert seen.commits == 1, seen.statements
    assert seen.rollbacks == 0
    # the key's look (BEGIN on SQLite, the night), the write, the answer's view
    # (BEGIN on SQLite, the night, its matches)
    assert len(seen.statements) <= 2 + RESULT_MAX + 3, "\n".join(seen.statements)
    body = reply.get_json()
    assert body["seq"] == body["tournament"]["seq"]  # the answer is not stale at once
    station = body["tournament"]["stations"][call["station"] - 1]
    assert station["pairing"] not in (None, call["number"])


def test_an_undo_that_unfinishes_a_match_withdraws_its_result_once(app, client):
    rr = round_robin(client)
    call = rr.get()["calls"][0]
    for dart in LEG:
        assert rr.dart(call, dart).status_code == 201
    finished = version(app, rr.id)
    mine = rr.get()
    assert next(p for p in mine["pairings"] if p["number"] == call["number"])["result"]
    undo = {
        "Authorization": f"Bearer {rr.boards[call['station']]}",
        "Idempotency-Key": uuid.uuid4().hex,
    }
    with counted(app) as seen:
        reply = client.post(f"/api/v1/matches/{call['match']}/undo", headers=undo)
    assert reply.status_code == 201, reply.get_json()
    reads = [s for s in seen.on("tournament") if s.startswith("SELECT")]
    assert len(reads) == 1, seen.statements
    assert version(app, rr.id) == finished + 1  # the withdrawal
    now = rr.get()
    assert (
        next(p for p in now["pairings"] if p["number"] == call["number"])["result"]
        is None
    )
    # the match is back in play: its next dart leaves the tournament alone again
    with counted(app) as seen:
        assert rr.dart(call, {"type": "score", "points": 0}).status_code == 201
    assert seen.on("tournament") == [], seen.statements
    assert version(app, rr.id) == finished + 1


def test_reads_on_postgresql_end_with_a_commit_not_a_rollback(
    app, client, backend, monkeypatch
):
    """Every ROLLBACK the driver really sends is counted (psycopg sends none when
    no transaction is open): reads, pages, darts and a result send none."""
    if backend != "postgresql":
        pytest.skip("PostgreSQL counts rollbacks; SQLite reads open no transaction")
    import psycopg

    sent: list[str] = []
    rollback = psycopg.Connection.rollback

    def counting(self: Any) -> None:
        if self.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
            sent.append(self.info.transaction_status.name)
        rollback(self)

    monkeypatch.setattr(psycopg.Connection, "rollback", counting)
    app.config.update(LIVE_STREAM_SECONDS=0, LIVE_HEARTBEAT_SECONDS=0)
    rr = round_robin(client)
    call = rr.get()["calls"][0]
    for dart in LEG:
        assert rr.dart(call, dart).status_code == 201
        assert client.get(f"/api/v1/matches/{call['match']}").status_code == 200
        assert client.get(f"/m/{call['match']}").status_code == 200
        assert client.get(f"/n/{rr.id}").status_code == 200
        assert client.get(f"/n/{rr.id}/tv").status_code == 200
        rr.get()
        # a live stream's first message (each read ends with the session's removal)
        assert client.get(f"/n/{rr.id}/live").status_code == 200
        assert client.get(f"/m/{call['match']}/live").status_code == 200
    assert sent == []


def test_a_pairing_called_out_of_order_still_gets_its_result(app, client):
    """Eight players on four boards, the boards playing side by side: some pairings
    are called to a board after a later-numbered one (their players were busy).
    Each one's match is still read (the view shows its live score, a page's
    catch-up sees its end), its result is recorded, and the night ends."""
    rr = Event(
        client,
        kind="round-robin",
        game="darts-301",
        game_options={"start": "301"},
        players=EIGHT,
        stations=["Board 1", "Board 2", "Board 3", "Board 4"],
    )
    now = rr.get()
    for _ in range(20):
        if now["over"]:
            break
        calls = now["calls"]
        for i, dart in enumerate(LEG):
            for call in calls:
                reply = rr.dart(call, dart)
                assert reply.status_code == 201, (call["number"], reply.get_json())
            if i == 0:  # every match in play shows its board's live score
                playing = [p for p in rr.get()["pairings"] if p["status"] == "playing"]
                assert all(p["live"] for p in playing), playing
        now = rr.get()
    assert now["over"], now["prompt"]
    assert all(p["result"] for p in now["pairings"])
    with app.app_context():
        assert tournaments.audit(tournaments.get(rr.id)) == []


# A board's step: the next entry of its leg, or an undo of its last one.
STEPS = st.lists(
    st.tuples(st.integers(0, 1), st.sampled_from(["dart", "dart", "undo"])),
    max_size=14,
)


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=STEPS)
def test_settling_only_on_result_changes_misses_nothing(app, client, steps):
    """Whatever two boards do (darts, finishes, undos of finishes, in any order),
    the tournament that settled only when a result changed has every finished
    match's result and none other: a full settle afterwards finds nothing to do,
    and the log replays clean."""
    rr = round_robin(client)
    calls = rr.get()["calls"]
    played = {0: 0, 1: 0}  # entries in force per board
    for board, action in steps:
        call = calls[board]
        if action == "dart" and played[board] < len(LEG):
            assert rr.dart(call, LEG[played[board]]).status_code == 201
            played[board] += 1
        elif action == "undo" and played[board]:
            reply = client.post(
                f"/api/v1/matches/{call['match']}/undo",
                headers={
                    "Authorization": f"Bearer {rr.boards[call['station']]}",
                    "Idempotency-Key": uuid.uuid4().hex,
                },
            )
            assert reply.status_code == 201, reply.get_json()
            played[board] -= 1
    # the stored state, not a page: a page's read would settle what was missed
    with app.app_context():
        stored = db.session.get(Tournament, rr.id)
        assert stored is not None
        pairings = {p["number"]: p for p in stored.state["pairings"]}
    for board, call in enumerate(calls):
        pairing = pairings[call["number"]]
        assert bool(pairing["result"]) == (played[board] == len(LEG)), pairing
    before = version(app, rr.id)
    with app.app_context():
        tournaments.settle(rr.id, due=True)
        assert tournaments.audit(tournaments.get(rr.id)) == []
    assert version(app, rr.id) == before


def test_a_swiss_rounds_last_result_pairs_and_calls_the_next_in_one_transaction(
    app, client
):
    """The round's last result, the next round's pairings and their calls to all
    four boards, with four new matches: one settle, one INSERT of the matches."""
    sw = Event(
        client,
        kind="swiss",
        game="darts-301",
        game_options={"start": "301"},
        players=EIGHT,
        stations=["Board 1", "Board 2", "Board 3", "Board 4"],
    )
    calls = sw.get()["calls"]
    assert len(calls) == 4
    for call in calls[:-1]:
        for dart in LEG:
            assert sw.dart(call, dart).status_code == 201
    seen = _finish_counted(app, sw, calls[-1])
    reads = [s for s in seen.on("tournament") if s.startswith("SELECT")]
    assert len(reads) == 1, seen.statements
    assert len(seen.statements) <= MATCH_WRITE_MAX + PAIRING_RESULT_MAX, seen.statements
    assert (seen.commits, seen.rollbacks) == (2, 0), seen.statements
    now = sw.get()
    assert {c["round"] for c in now["calls"]} == {2}
    assert len(now["calls"]) == 4
