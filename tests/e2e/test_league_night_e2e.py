"""Issue 23 in headless Chromium at 390x844: a team match night at pool.

Two teams of five, one fixture tonight. The organiser makes the league and the
season (the API), each captain sends the line-up from their own phone, the venue's
phone (the fixture PIN) scores the five races on the games' match pages, and the
away captain's phone confirms every entry (confirmation mode). A TV board and the
season's page left open follow the night by themselves: the TV swaps its live block
in place (never reloaded), the season's page shows the new standings.
"""

from __future__ import annotations

import datetime as dt
import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

Phone = Callable[..., Page]
# A loaded machine (two cores, other suites) may take a while to move a page on.
SLOW_MS = 30_000
HOME = {"name": "Sharks", "players": ["Ann", "Bob", "Cy", "Dee", "Eve"]}
AWAY = {"name": "Jets", "players": ["Fay", "Gus", "Hal", "Ivy", "Jo"]}
# The line-ups, in playing order (home i plays away i): not the roster order.
HOME_LINEUP = ["Bob", "Ann", "Cy", "Dee", "Eve"]
AWAY_LINEUP = ["Jo", "Fay", "Gus", "Hal", "Ivy"]
# Who wins each race to 2: the home side the first three, the away side the rest.
HOME_WINS = [True, True, True, False, False]


def _api(page: Page, path: str, body: dict[str, Any], key: str = "") -> Any:
    headers = {"Idempotency-Key": uuid.uuid4().hex}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    reply = page.request.post(path, data=body, headers=headers)
    assert reply.status == 201, reply.text()
    return reply.json()


def _season(page: Page) -> dict[str, Any]:
    """The organiser's setup: a 9-ball league, and a season of two teams whose one
    fixture is tonight (the TV board shows tonight's)."""
    league = _api(
        page,
        "/api/v1/leagues",
        {
            "name": "Tuesday Pool",
            "game": "billiards",
            "options": {"team_format": "pool-9-ball-5", "race": 2},
        },
    )
    key = league["keys"]["organiser"]["key"]
    today = dt.date.today().isoformat()
    return _api(
        page,
        f"/api/v1/leagues/{league['id']}/seasons",
        {
            "title": "Autumn",
            "teams": [
                {**HOME, "venue": "The Anchor", "captain": "Ann"},
                {**AWAY, "venue": "The Crown", "captain": "Fay"},
            ],
            "schedule": {"start": today, "every_days": 7, "time": "19:30"},
        },
        key,
    )


def _submit(page: Page, target: Locator) -> None:
    """Tap something that sends a form, and wait for the page that comes back."""
    with page.expect_navigation(timeout=SLOW_MS):
        target.tap()
    page.wait_for_load_state()


def _captain(phone: Phone, season: dict[str, Any], team: int) -> Page:
    """A captain's phone, opened from the captain's link the organiser sent."""
    captain = next(c for c in season["keys"]["captains"] if c["team"] == team)
    page = phone()
    page.goto(
        f"/n/{season['id']}/t/{captain['station']}/join/{captain['key']}",
        timeout=SLOW_MS,
    )
    expect(page.get_by_text("This phone is now the captain's phone")).to_be_visible()
    return page


def _send_lineup(page: Page, names: list[str]) -> None:
    for i, name in enumerate(names, start=1):
        page.locator(f"#player_{i}").select_option(name)
    _submit(page, page.get_by_role("button", name="Send the line-up"))


def _race(venue: Page, breaker: str) -> None:
    """One race to 2 at 9-ball: ``breaker`` breaks and makes the 9, twice (the
    winner of a rack breaks the next)."""
    _submit(venue, venue.get_by_role("button", name=f"{breaker} breaks"))
    for _ in range(2):
        _submit(venue, venue.get_by_role("button", name="Broke and made the 9"))
    expect(venue.locator(".ruling")).to_contain_text(f"{breaker} wins", timeout=SLOW_MS)


def test_a_team_match_night_at_pool_on_four_phones(phone: Phone) -> None:
    organiser = phone()
    season = _season(organiser)
    sid = season["id"]

    tv = phone(viewport={"width": 1280, "height": 720}, is_mobile=False)
    tv.goto(f"/n/{sid}/tv", timeout=SLOW_MS)
    tv.evaluate("window.notReloaded = true")
    expect(tv.get_by_role("region", name="Tonight")).to_contain_text("Sharks")
    organiser.goto(f"/n/{sid}", timeout=SLOW_MS)
    table = organiser.get_by_role("region", name="Standings")
    expect(table.locator("tbody tr").first.locator(".pts")).to_have_text("0")

    # Both captains send their line-ups on their own phones; the home one first,
    # hidden from the away captain until both are in (blind line-ups).
    home = _captain(phone, season, 1)
    away = _captain(phone, season, 2)
    _send_lineup(home, HOME_LINEUP)
    away.reload()
    expect(away.get_by_text("in (hidden until both are)")).to_be_visible()
    _send_lineup(away, AWAY_LINEUP)
    games = away.get_by_role("region", name="Next fixture").locator(".lg-game")
    expect(games).to_have_count(5)

    # The venue's phone joins with the fixture PIN, typed on the season's page.
    venue = phone()
    venue.goto(f"/n/{sid}", timeout=SLOW_MS)
    fixture_pin = season["keys"]["fixtures"][0]["pin"]
    venue.get_by_label("Captain's or fixture's PIN").fill(fixture_pin)
    _submit(venue, venue.get_by_role("button", name="Join"))
    expect(venue.get_by_text("This phone now scores Sharks v Jets")).to_be_visible()
    fixture_url = venue.url
    scored = venue.locator(".lg-game")
    expect(scored).to_have_count(5)

    for number, home_wins in enumerate(HOME_WINS, start=1):
        row = scored.nth(number - 1)
        expect(row).to_contain_text(
            f"{HOME_LINEUP[number - 1]} v {AWAY_LINEUP[number - 1]}"
        )
        _submit(venue, row.get_by_role("link", name="Score"))
        match_url = venue.url
        winner = HOME_LINEUP if home_wins else AWAY_LINEUP
        _race(venue, winner[number - 1])
        expect(venue.get_by_text("3 entries not yet confirmed")).to_be_visible()

        # The away captain confirms the three entries from their own phone.
        away.goto(f"/n/{sid}/t/2", timeout=SLOW_MS)
        game = away.get_by_role("region", name="Next fixture").locator(".lg-game")
        _submit(away, game.nth(number - 1).get_by_role("link", name="Confirm"))
        assert away.url == match_url
        _submit(
            away,
            away.get_by_role("button", name=re.compile(r"^Confirm 3 entries")),
        )
        expect(away.get_by_text("Every entry is confirmed.")).to_be_visible()
        expect(venue.get_by_text("Every entry is confirmed.")).to_be_visible(
            timeout=SLOW_MS
        )
        venue.goto(fixture_url, timeout=SLOW_MS)
        scored = venue.locator(".lg-game")
        score = "2–0" if home_wins else "0–2"
        expect(scored.nth(number - 1)).to_contain_text(score, timeout=SLOW_MS)

    # The team match is 3-2 to the Sharks: 2 points in the standings, on the
    # season's page left open and on the TV board, neither reloaded by hand.
    expect(table.locator("tbody tr").first).to_contain_text("Sharks", timeout=SLOW_MS)
    expect(table.locator("tbody tr").first.locator(".pts")).to_have_text(
        "2", timeout=SLOW_MS
    )
    expect(table.locator("tbody tr").first).to_contain_text("3–2")
    tonight = tv.get_by_role("region", name="Tonight")
    expect(tonight.get_by_label("games won 3 to 2")).to_be_visible(timeout=SLOW_MS)
    first = tv.get_by_role("region", name="Standings").locator("tbody tr").first
    expect(first).to_contain_text("Sharks")
    expect(first.locator(".ltv-pts")).to_have_text("2")
    assert tv.evaluate("window.notReloaded") is True  # swapped in place

    # The player table: every race counted, figures from the games' logs.
    organiser.goto(f"/n/{sid}/player-table", timeout=SLOW_MS)
    rows = organiser.locator(".lp-table tbody tr")
    expect(rows).to_have_count(10)
    bob = rows.filter(has=organiser.get_by_role("rowheader", name="Bob"))
    expect(bob).to_contain_text("100.0")
    # The table scrolls inside its own box: the page itself fits the phone's width.
    assert organiser.evaluate("document.documentElement.scrollWidth") <= 390
