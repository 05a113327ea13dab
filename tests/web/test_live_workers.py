"""Live streams across server processes (issue 14; RELIABILITY.md P4, P5).

Two gunicorn servers (one gevent worker each, as two hosts would be) share one
database: PostgreSQL (LISTEN/NOTIFY) when TEST_DATABASE_URL is set, and SQLite
(the data_version watcher). Writes go through one, a viewer listens on the other: it
hears every committed event, nothing that was refused, and after a reconnection with
``Last-Event-ID`` it catches up from the log.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.serve import Events
from tests.serve import Gunicorn
from tests.serve import call
from tests.serve import database

pytestmark = pytest.mark.slow

PG_URL = os.environ.get("TEST_DATABASE_URL", "")
BACKENDS = ["sqlite"] + (["postgresql"] if PG_URL else [])
ENV = {"REFEREE_LIVE_HEARTBEAT_SECONDS": "0.5", "REFEREE_LIVE_STREAM_SECONDS": "20"}


def dart(port: int, match: dict, code: str) -> int:
    reply = call(
        port,
        "POST",
        f"/api/v1/matches/{match['id']}/events",
        {"event": {"type": "dart", "dart": code}},
        {
            "Authorization": f"Bearer {match['edit_key']}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )
    return reply.status


@contextmanager
def two_servers(url: str, tmp: Path) -> Iterator[tuple[Gunicorn, Gunicorn]]:
    """Two one-worker gevent servers on one database, started and stopped together."""
    servers = [
        Gunicorn(
            "referee:create_app()",
            url,
            tmp / f"{name}.log",
            workers=1,
            env=ENV,
            worker_class="gevent",
        )
        for name in ("a", "b")
    ]
    with ThreadPoolExecutor(2) as pool:
        try:
            list(pool.map(lambda server: server.start(), servers))
            yield servers[0], servers[1]
        finally:
            list(pool.map(lambda server: server.stop(), servers))


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_write_on_one_server_reaches_a_viewer_on_the_other(
    backend: str, tmp_path: Path
):
    with (
        database(backend, tmp_path, PG_URL) as url,
        two_servers(url, tmp_path) as (viewer_side, writer_side),
    ):
        made = call(
            writer_side.port,
            "POST",
            "/api/v1/matches",
            {"game": "darts-301", "players": ["Ann", "Bob"]},
        ).body
        path = f"/m/{made['id']}/live"
        stream = Events(viewer_side.port, f"{path}?last=0")
        board = Events(viewer_side.port, f"{path}?view=watch&last=0")
        try:
            assert stream.status == 200, viewer_side.log_tail()
            assert stream.headers["content-type"].startswith("text/event-stream")
            for seq, code in enumerate(["T20", "T20", "T19"], start=1):
                assert dart(writer_side.port, made, code) == 201
                got = stream.next()
                assert got is not None, viewer_side.log_tail()
                assert got.id == str(seq)
                assert [e["event"]["dart"] for e in got.data["entries"]] == [code]
                assert got.data["match"]["seq"] == seq
                shown = board.next()
                assert shown is not None
                assert shown.id == str(seq)
                assert 'data-live="live"' in shown.data["html"]["live"]
            # A refused write commits nothing, so nobody hears of it: the next
            # message is the next committed event.
            assert dart(writer_side.port, made, "Q99") == 422
            assert dart(writer_side.port, made, "S1") == 201
            got = stream.next()
            assert got is not None
            assert (got.id, got.data["entries"][0]["event"]["dart"]) == ("4", "S1")
        finally:
            stream.close()
            board.close()

        # Away while two more darts land; back with Last-Event-ID: caught up.
        assert dart(writer_side.port, made, "S2") == 201
        assert dart(writer_side.port, made, "S3") == 201
        again = Events(viewer_side.port, path, last_id="4")
        try:
            got = again.next()
            assert got is not None
            assert got.id == "6"
            assert [e["seq"] for e in got.data["entries"]] == [5, 6]
            assert [e["event"]["dart"] for e in got.data["entries"]] == ["S2", "S3"]
        finally:
            again.close()
