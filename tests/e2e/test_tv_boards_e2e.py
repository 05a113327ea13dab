"""A TV board follows a busy night in place (issue 27): no reload after a dart or a
result, in Debian's Chromium.

The TV loads once. A dart at a board redraws that board's card alone; a result
redraws the standings and the boards; the page is never navigated again (the window
keeps a mark set after the first load, and the frame counts its navigations).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import APIRequestContext
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

Phone = Callable[..., Page]
TV = {"viewport": {"width": 1280, "height": 720}, "is_mobile": False}


def post(api: APIRequestContext, url: str, key: str, body: dict[str, Any]) -> Any:
    reply = api.post(
        url,
        data=body,
        headers={"Authorization": f"Bearer {key}", "Idempotency-Key": uuid.uuid4().hex},
    )
    assert reply.status == 201, reply.text()
    return reply.json()


def create(api: APIRequestContext, kind: str, players: list[str]) -> Any:
    reply = api.post(
        "/api/v1/tournaments",
        data={"kind": kind, "game": "darts-301", "players": players, "stations": 2},
    )
    assert reply.status == 201, reply.text()
    return reply.json()


def watch(tv: Page, url: str) -> list[str]:
    """Open the TV page; returns the list its later navigations are added to."""
    loads: list[str] = []
    tv.goto(url)
    tv.wait_for_load_state()
    tv.evaluate("window.__loadedOnce = true")
    tv.on("framenavigated", lambda frame: loads.append(frame.url))
    # The stream is open once the page's script has connected.
    tv.wait_for_timeout(300)
    return loads


def test_a_round_robin_tv_redraws_a_board_and_a_standings_row_in_place(
    phone: Phone,
) -> None:
    tv = phone(**TV)
    api = tv.request
    event = create(api, "round-robin", ["Ann", "Bob", "Cy", "Dee"])
    first = event["calls"][0]
    board_key = event["keys"]["tables"][first["station"] - 1]["key"]
    loads = watch(tv, f"/n/{event['id']}/tv")
    card = tv.locator(f'[data-live="board-{first["number"]}"]')
    expect(card).to_contain_text(" v ".join(first["entrants"]).replace(" v ", "v"))

    post(
        api,
        f"/api/v1/matches/{first['match']}/events",
        board_key,
        {"event": {"type": "dart", "dart": "T20"}},
    )
    expect(card.locator(".tt-tv-score")).to_contain_text("241")  # 301 - 60

    winner = first["entrants"][0]
    post(
        api,
        f"/api/v1/tournaments/{event['id']}/events",
        event["keys"]["organiser"]["key"],
        {"event": {"type": "result", "pairing": first["number"], "winner": winner}},
    )
    row = tv.locator(".bk-tv-standings tbody tr").filter(has_text=winner)
    expect(tv.locator(".bk-tv-standings tbody tr").first).to_contain_text(winner)
    expect(row.locator("td").nth(1)).to_have_text("1")  # played 1
    assert tv.evaluate("window.__loadedOnce") is True
    assert loads == []


def test_a_swiss_tv_redraws_a_board_row_and_the_standings_in_place(
    phone: Phone,
) -> None:
    tv = phone(**TV)
    api = tv.request
    event = create(api, "swiss", ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"])
    first = event["calls"][0]
    board_key = event["keys"]["tables"][first["station"] - 1]["key"]
    loads = watch(tv, f"/n/{event['id']}/bracket/tv")
    row = tv.locator(f'tr[data-live="board-{first["number"]}"]')
    expect(row.locator(".bx-tv-score")).to_have_text("0–0")
    # A leg: 180, three misses, then 121 out (T20 T15 D8).
    for dart in ("T20", "T20", "T20", "M", "M", "M", "T20", "T15"):
        post(
            api,
            f"/api/v1/matches/{first['match']}/events",
            board_key,
            {"event": {"type": "dart", "dart": dart}},
        )
    before = tv.locator(".bx-tv-standings tbody").inner_text()
    post(
        api,
        f"/api/v1/matches/{first['match']}/events",
        board_key,
        {"event": {"type": "dart", "dart": "D8"}},
    )
    winner = first["entrants"][0]
    # The match is over: its result on the row, its winner on top of the table.
    done = tv.locator(".bx-tv-pairs tr").filter(has_text=winner)
    expect(done.locator(".bx-tv-score")).not_to_have_text("0–0")
    expect(tv.locator(".bx-tv-standings tbody tr").first).to_contain_text(winner)
    assert tv.locator(".bx-tv-standings tbody").inner_text() != before
    assert tv.evaluate("window.__loadedOnce") is True
    assert loads == []
