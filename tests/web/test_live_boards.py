"""Issue 27: a tournament's boards follow its stream without reloading the world.

A dart at one board sends that board's line alone, built once per change in the
process and shared by every viewer; a result sends the page's live blocks. The
fingerprint is read with one query of the tournament's version and its matches'
(id, version) pairs: a message that finds nothing moved reads no match row at all.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from sqlalchemy import event as sa_event

from referee.db import db
from referee.web.boards import BOARDS

SIX = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


@pytest.fixture
def quick(app: Any) -> Any:
    app.config.update(LIVE_STREAM_SECONDS=0, LIVE_HEARTBEAT_SECONDS=0)
    return app


def events(response: Any) -> list[dict[str, Any]]:
    out = []
    for block in response.get_data(as_text=True).split("\n\n"):
        fields = dict(
            line.split(": ", 1) for line in block.splitlines() if ": " in line
        )
        if "data" in fields:
            out.append({**fields, "data": json.loads(fields["data"])})
    return out


def swiss(client: Any, **body: Any) -> dict[str, Any]:
    body = {
        "kind": "swiss",
        "game": "darts-301",
        "players": SIX,
        "stations": 3,
        **body,
    }
    reply = client.post("/api/v1/tournaments", json=body)
    assert reply.status_code == 201, reply.get_json()
    return dict(reply.get_json())


def dart(client: Any, data: dict[str, Any], match_id: str, code: str) -> None:
    reply = client.post(
        f"/api/v1/matches/{match_id}/events",
        json={"event": {"type": "dart", "dart": code}},
        headers={
            "Authorization": f"Bearer {_match_key(client, data, match_id)}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )
    assert reply.status_code == 201, reply.get_json()


def _match_key(client: Any, data: dict[str, Any], match_id: str) -> str:
    call = next(p for p in data["calls"] if p["match"] == match_id)
    station = call["station"]
    return str(data["keys"]["tables"][station - 1]["key"])


def result(client: Any, data: dict[str, Any], pairing: int, winner: str) -> None:
    reply = client.post(
        f"/api/v1/tournaments/{data['id']}/events",
        json={"event": {"type": "result", "pairing": pairing, "winner": winner}},
        headers={
            "Authorization": f"Bearer {data['keys']['organiser']['key']}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )
    assert reply.status_code == 201, reply.get_json()


def fingerprint(client: Any, data: dict[str, Any]) -> str:
    body = client.get(f"/api/v1/tournaments/{data['id']}/fingerprint").get_json()
    return str(body["fingerprint"])


@pytest.mark.parametrize(
    ("page", "view", "line", "score"),
    [
        ("/bracket/tv", "btv", "<tr", "0–0"),  # legs, on the Swiss boards
        ("/bracket", "bracket", '<li class="bx-card', "0"),
        ("/tv", "ptv", '<article class="tt-tv-call"', "241"),  # 301 - 60
        ("", "event", "<li", "241"),
    ],
)
def test_a_dart_sends_its_boards_line_alone_and_a_result_the_live_blocks(
    quick: Any, client: Any, page: str, view: str, line: str, score: str
) -> None:
    data = swiss(client)
    shown = client.get(f"/n/{data['id']}{page}").get_data(as_text=True)
    seen = fingerprint(client, data)
    assert f"view={view}&amp;last={seen}" in shown  # the page follows its own view
    first, second = data["calls"][0], data["calls"][1]
    dart(client, data, first["match"], "T20")
    (message,) = events(client.get(f"/n/{data['id']}/live?view={view}&last={seen}"))
    html = message["data"]["html"]
    assert list(html) == [f"board-{first['number']}"]  # that board, nothing else
    assert html[f"board-{first['number']}"].startswith(line)
    assert score in html[f"board-{first['number']}"]
    # What the page shows after a reload is what the line said.
    again = client.get(f"/n/{data['id']}{page}").get_data(as_text=True)
    assert html[f"board-{first['number']}"] in again
    # A result moves the tournament itself: the live blocks, whole.
    now = message["id"]
    result(client, data, second["number"], second["entrants"][0])
    (message,) = events(client.get(f"/n/{data['id']}/live?view={view}&last={now}"))
    assert list(message["data"]["html"]) == ["live"]
    after = client.get(f"/n/{data['id']}{page}").get_data(as_text=True)
    assert message["data"]["html"]["live"] in after


def test_a_message_is_built_once_per_change_for_every_viewer(
    quick: Any, client: Any, app: Any
) -> None:
    data = swiss(client)
    seen = fingerprint(client, data)
    dart(client, data, data["calls"][0]["match"], "S5")
    url = f"/n/{data['id']}/live?view=btv&last={seen}"
    first = events(client.get(url))
    reads = (BOARDS.reads, BOARDS.match_reads)
    for _ in range(5):  # five more viewers that saw the same page
        assert events(client.get(url)) == first
    assert (BOARDS.reads, BOARDS.match_reads) == reads  # nothing read again


def test_a_look_that_finds_nothing_moved_reads_no_match_row(
    quick: Any, client: Any, app: Any
) -> None:
    data = swiss(client)
    client.get(f"/n/{data['id']}/bracket/tv")  # this process has read it once
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

        def note(*args: Any) -> None:
            statements.append(str(args[2]))

        sa_event.listen(engine, "before_cursor_execute", note)
        try:
            seen = fingerprint(client, data)
            statements.clear()
            quiet = client.get(f"/n/{data['id']}/live?view=btv&last={seen}")
            assert quiet.status_code == 200, quiet.get_data(as_text=True)
            assert events(quiet) == []
        finally:
            sa_event.remove(engine, "before_cursor_execute", note)
    reads = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    # The route's existence check, then the one look at the versions: no match rows.
    assert len(reads) == 2, statements
    assert "match.state" not in " ".join(reads)


EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.mark.parametrize(("page", "view"), [("", "night"), ("/tv", "tv")])
def test_a_roll_at_a_bunko_table_sends_that_tables_card_alone(
    quick: Any, client: Any, app: Any, page: str, view: str
) -> None:
    night = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": EIGHT}
    ).get_json()
    client.get(f"/n/{night['id']}{page}")  # the page, as a TV loads it first
    seen = night["fingerprint"]
    table = next(t for t in night["tables"] if t.get("match"))
    first = client.get(f"/api/v1/matches/{table['match']}").get_json()["players"][0]
    reply = client.post(
        f"/api/v1/matches/{table['match']}/events",
        json={"event": {"type": "first_roll", "player": first, "die": 5}},
        headers={
            "Authorization": f"Bearer {night['keys']['tables'][0]['key']}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )
    assert reply.status_code == 201, reply.get_json()
    (message,) = events(client.get(f"/n/{night['id']}/live?view={view}&last={seen}"))
    html = message["data"]["html"]
    assert list(html) == [f"board-{table['number']}"]
    shown = client.get(f"/n/{night['id']}{page}").get_data(as_text=True)
    assert html[f"board-{table['number']}"] in shown


def test_the_call_screen_hears_nothing_of_a_dart_and_its_block_of_a_result(
    quick: Any, client: Any
) -> None:
    data = swiss(client)
    client.get(f"/n/{data['id']}/calls")
    seen = fingerprint(client, data)
    first, second = data["calls"][0], data["calls"][1]
    dart(client, data, first["match"], "T20")
    assert events(client.get(f"/n/{data['id']}/live?view=calls&last={seen}")) == []
    result(client, data, second["number"], second["entrants"][0])
    (message,) = events(client.get(f"/n/{data['id']}/live?view=calls&last={seen}"))
    assert list(message["data"]["html"]) == ["live"]
    page = client.get(f"/n/{data['id']}/calls").get_data(as_text=True)
    assert message["data"]["html"]["live"] in page


def test_a_dart_that_changes_nothing_a_page_shows_sends_it_nothing(
    quick: Any, client: Any
) -> None:
    data = swiss(client)
    client.get(f"/n/{data['id']}/bracket/tv")
    seen = fingerprint(client, data)
    board = data["calls"][0]
    dart(client, data, board["match"], "T20")
    (message,) = events(client.get(f"/n/{data['id']}/live?view=btv&last={seen}"))
    assert list(message["data"]["html"]) == [f"board-{board['number']}"]
    # The Swiss TV shows legs: the next dart leaves the row as it was.
    dart(client, data, board["match"], "T20")
    url = f"/n/{data['id']}/live?view=btv&last={message['id']}"
    assert events(client.get(url)) == []
    # The pairing TV shows the score: it gets the line.
    (line,) = events(client.get(f"/n/{data['id']}/live?view=ptv&last={message['id']}"))
    assert "181" in line["data"]["html"][f"board-{board['number']}"]


def test_a_watch_board_is_drawn_once_per_version_whatever_each_viewer_saw(
    quick: Any, client: Any, app: Any, api: Any
) -> None:
    match = api.create("darts-301")
    for code in ("T20", "T19", "S5"):
        assert api.event(match["id"], {"type": "dart", "dart": code}).status_code == 201
    url = f"/m/{match['id']}/live?view=watch"
    (first,) = events(client.get(f"{url}&last=1"))
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

        def note(*args: Any) -> None:
            statements.append(str(args[2]))

        sa_event.listen(engine, "before_cursor_execute", note)
        try:
            # Two more phones, each behind in its own way (or new): the same bytes.
            assert events(client.get(f"{url}&last=2")) == [first]
            assert events(client.get(f"{url}&last=0")) == [first]
        finally:
            sa_event.remove(engine, "before_cursor_execute", note)
    reads = " ".join(statements)
    assert "match.state" not in reads  # the version only, not the match again
    assert "match_event" not in reads


def test_the_tournament_json_is_built_once_per_change_for_every_poller(
    client: Any,
) -> None:
    data = swiss(client)
    url = f"/api/v1/tournaments/{data['id']}"
    first = client.get(url)
    reads = (BOARDS.reads, BOARDS.match_reads)
    again = client.get(url)
    assert again.get_data() == first.get_data()
    assert (BOARDS.reads, BOARDS.match_reads) == reads
    assert "keys" not in again.get_json()
    # The organiser's poll is its own, with the keys.
    key = data["keys"]["organiser"]["key"]
    mine = client.get(url, headers={"Authorization": f"Bearer {key}"}).get_json()
    assert mine["keys"]["organiser"]["key"] == key
    # A dart: the next poll shows it (one match row read again, no tournament row).
    dart(client, data, data["calls"][0]["match"], "T20")
    moved = client.get(url).get_json()
    assert moved["fingerprint"] != first.get_json()["fingerprint"]
    assert BOARDS.reads == reads[0]
    assert BOARDS.match_reads == reads[1] + 1


def test_a_poll_whose_settle_meets_another_settling_shows_the_tournament(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee import tournaments
    from referee.formats.pairing import PairingFormat
    from referee.inflight import InFlight

    data = swiss(client)

    def busy(tournament_id: str) -> None:
        raise InFlight("another request is settling it")

    # Something is due (a call to make), and another request is making it.
    monkeypatch.setattr(PairingFormat, "calls", lambda self, state: ["due"])
    monkeypatch.setattr(tournaments, "settle", busy)
    reply = client.get(f"/api/v1/tournaments/{data['id']}")
    assert reply.status_code == 200
    assert reply.get_json()["id"] == data["id"]
    assert client.get(f"/n/{data['id']}/bracket/tv").status_code == 200
