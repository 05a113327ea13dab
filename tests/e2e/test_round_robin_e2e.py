"""An organiser runs a round robin darts night on a 390x844 phone.

Four players, two boards, 301: the organiser starts the event from the home page,
scores the first match on board 1 by thumb, and sees board 1 called to the next
match; board 2's phone joins with its PIN and enters its paper score; the organiser
enters a no-show and the last results, corrects one, and the standings, the
player's page and the TV show the night as it ends.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
MIN_TAP_PX = 44
RINGS = {"S": "Single", "D": "Double", "T": "Treble"}

Phone = Callable[..., Page]  # the conftest's ``phone`` fixture


def submit(page: Page, target: Locator) -> None:
    """Tap something that posts a form or opens a page, and wait for it."""
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def throw(page: Page, code: str) -> None:
    keys = page.get_by_role("form", name="Enter one dart")
    if code == "M":
        submit(page, keys.get_by_role("button", name="Miss", exact=True))
        return
    keys.get_by_role("radio", name=RINGS[code[0]]).tap()
    submit(page, keys.get_by_role("button", name=code[1:], exact=True))


def result(page: Page, where: Locator, winner: str, how: str = "played") -> None:
    """Open a pairing's result form on the organiser's page and send it."""
    where.locator("summary").first.tap()
    form = where.locator("form")
    form.get_by_role("radio", name=winner, exact=True).tap()
    if how != "played":
        form.get_by_role("radio", name=how).tap()
    submit(page, form.get_by_role("button", name=re.compile("result")))


def test_an_organiser_runs_a_round_robin_darts_night(
    page: Page, phone: Phone, shots: Path
) -> None:
    page.goto("/")
    submit(page, page.get_by_role("link", name=re.compile("^Round robin")))
    page.get_by_label("Game").select_option("darts-301")
    submit(page, page.get_by_role("button", name="Choose"))
    page.get_by_label("Players").fill("\n".join(PLAYERS))
    page.get_by_label("Name of the event").fill("Tuesday darts")
    page.get_by_role("radio", name="301", exact=True).check()
    page.screenshot(path=shots / "new.png", full_page=True)
    submit(page, page.get_by_role("button", name="Start the round robin"))
    expect(page).to_have_url(re.compile(r"/n/[^/]+/admin$"))
    event = page.url.rsplit("/", 1)[0]
    boards = page.get_by_role("region", name="Boards")
    board1, board2 = (
        boards.locator(".tt-station").nth(0),
        boards.locator(".tt-station").nth(1),
    )
    expect(board1).to_contain_text("Ann v Dee")
    expect(board2).to_contain_text("Cy v Bob")
    pin2 = board2.locator(".pin").inner_text().strip()
    for button in page.locator("summary, .button").all():
        box = button.bounding_box()
        if box and box["width"]:
            assert box["height"] >= MIN_TAP_PX, button.inner_text()

    # Board 1, scored by thumb: Ann 180, Dee misses, Ann out on 121 (T20 T11 D14).
    submit(page, board1.get_by_role("link", name="Score it here"))
    for code in ("T20", "T20", "T20", "M", "M", "M", "T20", "T11", "D14"):
        throw(page, code)
    expect(page.locator(".winner")).to_contain_text("Ann wins")
    submit(page, page.get_by_role("link", name=re.compile("back to the board")))
    # Every round 2 match needs a player still on board 2: board 1 waits.
    expect(page.locator(".prompt")).to_contain_text("Nothing is called to Board 1")

    # Board 2's phone joins with its PIN and enters its paper score.
    board = phone()
    board.goto(event)
    board.get_by_label("Board PIN").fill(pin2)
    submit(board, board.get_by_role("button", name="Join"))
    expect(board.get_by_role("heading", name="Board 2")).to_be_visible()
    board.get_by_text("Scored on paper?").tap()
    form = board.locator("form.tt-result-form")
    form.get_by_role("radio", name="Bob", exact=True).tap()
    form.locator("input[name=score_a]").fill("0")
    form.locator("input[name=score_b]").fill("1")
    submit(board, form.get_by_role("button", name="Enter the result"))
    expect(board.locator(".notice").first).to_contain_text("Bob beat Cy 1-0")

    # The organiser: a no-show on board 1, then the rest as they come in.
    page.goto(event + "/admin")
    first = page.get_by_role("region", name="Boards").locator(".tt-station").first
    result(
        page,
        first,
        first.locator("input[name=winner]").first.get_attribute("value") or "",
        "no-show",
    )
    for _ in range(6):
        station = page.locator(".tt-station:has(form.tt-result-form)").first
        if not station.count():
            break
        winner = station.locator("input[name=winner]").first.get_attribute("value")
        result(page, station, winner or "")
    expect(page.locator(".match-head .chip")).to_have_text("Over")

    # A correction, kept in the log.
    fix = page.get_by_role("region", name="Correct a result").locator("details").last
    result(page, fix, "Dee")
    page.goto(event + "/log")
    expect(page.locator(".log")).to_contain_text("Before:")

    # Standings on the phone, a player's page, and the TV.
    page.goto(event)
    expect(page.locator(".tt-standings tbody tr")).to_have_count(4)
    page.screenshot(path=shots / "event.png", full_page=True)
    page.get_by_role("link", name="Dee").first.tap()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name="Dee")).to_be_visible()
    expect(page.locator(".tt-pairings li")).to_have_count(3)
    tv = phone(
        viewport={"width": 1920, "height": 1080}, is_mobile=False, has_touch=False
    )
    tv.goto(event + "/tv")
    expect(tv.locator(".bk-tv-standings tbody tr")).to_have_count(4)
    size = tv.locator(".bk-tv-standings th[scope=row]").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 24  # about 1 cm letters on a 50-inch TV: readable at 3 m
    tv.screenshot(path=shots / "tv.png")
