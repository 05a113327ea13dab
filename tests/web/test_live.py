"""Issue 14 in one process: the live streams, the write path's notices, the outbox's
JSON answers, and what makes the app installable.

The cross-process paths (LISTEN/NOTIFY between servers, SQLite's data_version) are
in test_live_workers.py; the browser's side in tests/e2e/test_live_offline_e2e.py.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from sqlalchemy import make_url

from referee import ledger
from referee import live
from referee.games.outcomes import BadInput
from referee.live import HUB
from referee.web.live import streams as live_streams

EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def quick(app):
    """Streams that end at once, after what they have to say."""
    app.config.update(LIVE_STREAM_SECONDS=0, LIVE_HEARTBEAT_SECONDS=0)
    return app


def events(response) -> list[dict[str, Any]]:
    """The messages of an ended stream: ``{"id", "event", "data"}`` each."""
    out = []
    for block in response.get_data(as_text=True).split("\n\n"):
        fields = dict(
            line.split(": ", 1) for line in block.splitlines() if ": " in line
        )
        if "data" in fields:
            out.append({**fields, "data": json.loads(fields["data"])})
    return out


def darts(api, match_id: str, *codes: str) -> None:
    for code in codes:
        response = api.event(match_id, {"type": "dart", "dart": code})
        assert response.status_code == 201, response.get_json()


def test_a_viewer_catches_up_from_its_last_event_id_out_of_the_log(quick, client, api):
    match = api.create("darts-301")
    darts(api, match["id"], "T20", "T19", "S5")
    (message,) = events(
        client.get(f"/m/{match['id']}/live", headers={"Last-Event-ID": "1"})
    )
    assert message["id"] == "3"
    assert message["event"] == "update"
    entries = message["data"]["entries"]
    assert [(e["seq"], e["event"]["dart"]) for e in entries] == [(2, "T19"), (3, "S5")]
    assert message["data"]["match"]["state"]["sides"][0]["score"] == 301 - 60 - 57 - 5
    # The page's first connection says where it is with ?last=: up to date, silence.
    quiet = client.get(f"/m/{match['id']}/live?last=3")
    assert quiet.mimetype == "text/event-stream"
    assert events(quiet) == []
    assert quiet.get_data(as_text=True).startswith("retry: ")


@pytest.mark.parametrize(
    ("page", "view", "who"),
    [("/watch", "watch", "anyone"), ("", "match", "watcher")],
)
def test_a_pushed_region_is_exactly_what_the_page_shows(
    quick, client, api, page, view, who
):
    match = api.create("darts-301")
    darts(api, match["id"], "T20", "D1")
    html = client.get(f"/m/{match['id']}{page}").get_data(as_text=True)
    (message,) = events(client.get(f"/m/{match['id']}/live?view={view}&last=0"))
    regions = message["data"]["html"]
    assert regions, "a page with live blocks"
    for name, fragment in regions.items():
        assert f'data-live="{name}"' in fragment
        assert fragment in html, name
    assert f'view={view}&amp;last=2"' in html  # the page opens its own stream


def test_a_scorers_page_is_told_to_reload_not_sent_a_watchers_board(quick, client, api):
    match = api.create("darts-301")
    client.get(f"/m/{match['id']}/join/{match['edit_key']}")
    html = client.get(f"/m/{match['id']}").get_data(as_text=True)
    stream = re.search(r'data-live="([^"]+)"', html)
    assert stream is not None
    assert "view=" not in stream.group(1)  # its forms change with the state: reload


def test_a_nights_boards_stream_their_live_regions(quick, client):
    night = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": EIGHT}
    ).get_json()
    for page, view in (("", "night"), ("/tv", "tv")):
        html = client.get(f"/n/{night['id']}{page}").get_data(as_text=True)
        (message,) = events(client.get(f"/n/{night['id']}/live?view={view}"))
        assert message["id"] == night["fingerprint"]
        assert message["data"]["html"]["live"] in html, view
        assert f"view={view}&amp;last={night['fingerprint']}" in html
    (message,) = events(
        client.get(f"/n/{night['id']}/live", headers={"Last-Event-ID": "1.0"})
    )
    assert [e["kind"] for e in message["data"]["entries"]] == ["round"]


def test_unknown_streams_and_views_are_404(quick, client, api):
    match = api.create("darts-301")
    assert client.get("/m/nosuchmatch/live").status_code == 404
    assert client.get("/n/nosuchnight/live").status_code == 404
    assert client.get(f"/m/{match['id']}/live?view=tv").status_code == 404


def test_a_commit_wakes_the_watchers_and_a_refusal_does_not(app, api):
    match = api.create("darts-301")
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    with app.app_context(), HUB.watching(("match", match["id"]), url) as topic:
        before = topic.generation
        with pytest.raises(BadInput):
            ledger.append(match["id"], {"type": "dart", "dart": "Q99"}, idem_key="a")
        ledger.append(match["id"], {"type": "dart", "dart": "T20"}, idem_key="b")
        # On SQLite the bump follows the commit in this process; on PostgreSQL the
        # NOTIFY comes back through this process's listening connection.
        assert HUB.wait(topic, before, 5.0) != before


def test_postgres_notifies_at_commit_only(app, api, backend):
    if backend != "postgresql":
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's")
    import psycopg

    match = api.create("darts-301")
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"]).set(drivername="postgresql")
    with psycopg.connect(
        url.render_as_string(hide_password=False), autocommit=True
    ) as conn:
        conn.execute(f"LISTEN {live.CHANNEL}")
        with app.app_context():
            with pytest.raises(BadInput):
                ledger.append(
                    match["id"], {"type": "dart", "dart": "Q99"}, idem_key="a"
                )
            ledger.append(match["id"], {"type": "dart", "dart": "T20"}, idem_key="b")
        heard = [n.payload for n in conn.notifies(timeout=2.0, stop_after=1)]
    assert heard == [f"match {match['id']} 1"]


def test_an_outbox_replay_gets_json_answers(client, app):
    made = client.post(
        "/api/v1/matches", json={"game": "darts-301", "players": ["Ann", "Bob"]}
    ).get_json()
    client.get(f"/m/{made['id']}/join/{made['edit_key']}")
    url = f"/m/{made['id']}/events"
    as_outbox = {"Accept": "application/json"}
    form = {"seq": "0", "idem": "k1", "type": "dart", "mult": "S", "seg": "20"}
    first = client.post(url, data=form, headers=as_outbox)
    assert (first.status_code, first.get_json()) == (201, {"seq": 1, "replayed": False})
    again = client.post(url, data={**form, "seq": "7"}, headers=as_outbox)
    assert (again.status_code, again.get_json()) == (201, {"seq": 1, "replayed": True})
    stale = client.post(url, data={**form, "idem": "k2"}, headers=as_outbox)
    assert stale.status_code == 409
    assert "The match has moved on" in stale.get_json()["detail"]
    bad = client.post(
        url, data={**form, "idem": "k3", "seq": "1", "seg": "99"}, headers=as_outbox
    )
    assert bad.status_code == 422
    assert bad.get_json()["detail"]
    # A page, as ever, without that header.
    page = client.post(url, data={**form, "idem": "k4", "seq": "1"})
    assert page.status_code == 303


def test_the_app_is_installable_and_works_offline(client):
    home = client.get("/").get_data(as_text=True)
    assert re.search(r'<link rel="manifest" href="/manifest.webmanifest">', home)
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.get_json(force=True)
    assert body["display"] == "standalone"
    assert body["start_url"] == "/"
    sizes = {i["sizes"] for i in body["icons"] if i["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in body["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200
        if icon["type"] == "image/png":
            assert got.get_data().startswith(b"\x89PNG")
            width, height = (
                int.from_bytes(got.get_data()[16:20]),
                int.from_bytes(got.get_data()[20:24]),
            )
            assert f"{width}x{height}" == icon["sizes"]
    worker = client.get("/sw.js")
    assert worker.mimetype == "text/javascript"
    assert worker.headers["Cache-Control"] == "no-cache"
    shell = json.loads(
        re.match(r"var ASSETS = (\[.*?\]);", worker.get_data(as_text=True)).group(1)
    )
    for url in shell:
        assert client.get(url).status_code == 200, url
    # The outbox's keys come with the forms it queues; a replay is told apart by them.
    assert "idem" in worker.get_data(as_text=True)


def test_a_stream_holds_no_database_connection_while_it_waits(app, client, api):
    app.config.update(LIVE_STREAM_SECONDS=5, LIVE_HEARTBEAT_SECONDS=0.05)
    match = api.create("darts-301")
    darts(api, match["id"], "T20")
    response = client.get(f"/m/{match['id']}/live?last=0", buffered=False)
    chunks = iter(response.response)
    said = b""
    while b"id: 1" not in said:
        said += next(chunks)
    assert next(chunks) == b": keep-alive\n\n"  # it waits now, for the next event
    with app.app_context():
        from referee.db import db

        assert db.engine.pool.checkedout() == 0
    response.close()


def test_a_tables_event_wakes_its_nights_boards(app, client):
    night = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": EIGHT}
    ).get_json()
    table = next(t for t in night["tables"] if t.get("match"))
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    with app.app_context(), HUB.watching(("tournament", night["id"]), url) as topic:
        before = topic.generation
        first = ledger.get(table["match"]).players[0]
        roll = {"type": "first_roll", "player": first, "die": 5}
        ledger.append(table["match"], roll, idem_key="first roll")
        assert HUB.wait(topic, before, 5.0) != before


def test_a_round_robins_pages_follow_its_stream_with_their_views(quick, client):
    league = client.post(
        "/api/v1/tournaments",
        json={"kind": "round-robin", "game": "darts-301", "players": EIGHT[:4]},
    ).get_json()
    for page, view in (("", "event"), ("/tv", "ptv"), ("/calls", "calls")):
        html = client.get(f"/n/{league['id']}{page}").get_data(as_text=True)
        assert f"view={view}&amp;last={league['fingerprint']}" in html, page
    (message,) = events(client.get(f"/n/{league['id']}/live?view=id&last=0.0"))
    # A page without live blocks reloads on it: the id alone goes to its viewers.
    assert message["id"] == league["fingerprint"]
    assert set(message["data"]) == {"seq", "fingerprint"}


def test_a_worker_full_of_streams_refuses_one_more_so_writes_keep_a_connection(
    app, client, api
):
    app.config.update(
        LIVE_STREAM_SECONDS=5, LIVE_HEARTBEAT_SECONDS=0.05, LIVE_MAX_STREAMS=1
    )
    match = api.create("darts-301")
    # A stream of another app in this process (a test server, say) is not this app's.
    with HUB.watching(("match", "elsewhere"), app.config["SQLALCHEMY_DATABASE_URI"]):
        first = client.get(f"/m/{match['id']}/live?last=0", buffered=False)
        chunks = iter(first.response)
        assert next(chunks).startswith(b"retry:")  # it holds the app's one stream
    refused = client.get(f"/m/{match['id']}/live?last=0")
    assert refused.status_code == 503
    assert refused.headers["Retry-After"] == "30"
    assert "refresh itself" in refused.get_data(as_text=True)
    darts(api, match["id"], "T20")  # a write still goes through
    first.close()
    with app.app_context():
        assert live_streams().open == 0
    again = client.get(f"/m/{match['id']}/live?last=0", buffered=False)
    assert again.status_code == 200
    again.close()
