"""A bunko night's head table scored to 21 by tapping dice, on a 390x844 phone."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e import screens
from tests.e2e.serving import PHONE

pytestmark = pytest.mark.e2e

PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
MIN_TAP_PX = 44

Phone = Callable[..., Page]  # the conftest's ``phone`` fixture


def submit(page: Page, target: Locator) -> None:
    """Tap something that posts a form, and wait for the page it leads to."""
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def start_night(page: Page) -> str:
    """The organiser creates a night of 8 seated as listed; the table 1 PIN."""
    page.goto("/n/new")
    page.get_by_label("Players").fill("\n".join(PLAYERS))
    page.get_by_label("As listed", exact=False).check()
    submit(page, page.get_by_role("button", name="Seat round 1"))
    expect(page).to_have_url(re.compile(r"/n/[^/]+/admin$"))
    head = page.locator(".bk-admin-table").first
    return head.locator(".pin").inner_text().strip()


def score(page: Page, team: int) -> Locator:
    return page.locator(f".bk-score[data-team='{team}']")


def roll(page: Page, *faces: int) -> None:
    """Three taps on the roll pad: the third sends the roll."""
    pad = page.get_by_role("form", name="Enter a roll")
    for face in faces[:-1]:
        pad.get_by_role("button", name=str(face), exact=True).tap()
    submit(page, pad.get_by_role("button", name=str(faces[-1]), exact=True))


def scramble(page: Page, split: str) -> None:
    box = page.get_by_role("region", name="The scramble")
    submit(page, box.get_by_role("button", name=re.compile(f"^{split}:")))


def test_the_head_table_scores_to_21_by_tapping_dice(
    page: Page, phone: Phone, shots: Path
) -> None:
    pin = start_night(page)
    night = page.url.rsplit("/", 1)[0]
    page.goto(night + "/tv")  # the board stays open, reloading itself
    expect(page.get_by_text("Round 1: the head table plays to 21.")).to_be_visible()

    # The head table's phone joins with its PIN and opens its scorepad.
    table = phone()
    table.goto(night)
    table.get_by_label("Table PIN").fill(pin)
    submit(table, table.get_by_role("button", name="Join"))
    expect(table.get_by_role("heading", name="Head table")).to_be_visible()
    submit(table, table.get_by_role("link", name="Score roll by roll"))
    expect(table.get_by_role("navigation", name="This table's night")).to_contain_text(
        "Round 1 · Head table"
    )

    # Who starts: one tap per player on their die.
    for name, die in (("Ann", 6), ("Bob", 1), ("Cy", 2), ("Dee", 3)):
        row = table.get_by_role("form", name=f"{name}'s die for the start")
        submit(table, row.get_by_role("button", name=str(die), exact=True))
    expect(table.locator(".ruling")).to_contain_text("Ann starts with the high 6")

    # Every die on the pad is a thumb-sized target.
    pad = table.get_by_role("form", name="Enter a roll")
    for face in range(1, 7):
        box = pad.get_by_role("button", name=str(face), exact=True).bounding_box()
        assert box is not None
        assert box["width"] >= MIN_TAP_PX
        assert box["height"] >= MIN_TAP_PX
    table.screenshot(path=shots / "bunko-pad.png")
    # A night's table too: the pad starts on the first screen of the smallest phone.
    for size in screens.SIZES:
        screens.look(table, size, "light")
        assert screens.below_first_screen(table) is None, size
    table.set_viewport_size(PHONE["viewport"])

    # A tap too many is cleared, not sent.
    pad.get_by_role("button", name="6", exact=True).tap()
    pad.get_by_role("button", name="Clear the dice").tap()
    expect(pad.locator("input[name=dice]")).to_have_value("")

    # Three bunkos, each scrambled 3-0 to Ann & Cy: 18. Then 6 6 2 and a last 6.
    for expected in (6, 12, 18):
        roll(table, 6, 6, 6)
        expect(table.locator(".ruling")).to_contain_text("Bunko! Ann rolls 6 6 6")
        scramble(table, "3-0")
        expect(score(table, 0)).to_have_text(str(expected))
    roll(table, 6, 6, 2)
    expect(score(table, 0)).to_have_text("20")
    roll(table, 3, 2, 1)  # no 6: the dice pass to Bob
    expect(table.locator(".bk-roller")).to_have_text("Bob rolls")
    roll(table, 4, 6, 1)
    expect(score(table, 1)).to_have_text("1")
    roll(table, 2, 2, 3)
    roll(table, 5, 6, 5)  # Cy's 6 makes 21
    expect(score(table, 0)).to_have_text("21")
    expect(table.get_by_role("status").filter(has_text="Ann & Cy wins")).to_be_visible()
    expect(table.get_by_role("form", name="Enter a roll")).to_have_count(0)
    table.screenshot(path=shots / "bunko-21.png", full_page=True)

    # The board, never reloaded by hand, shows the result and the stop at table 2.
    head = page.get_by_role("article", name="Head table")
    expect(head).to_contain_text("Ann & Cy win", timeout=10_000)
    expect(head.locator(".bk-tv-score").first).to_have_text("21")
    expect(page.get_by_text("stop called; waiting for table 2")).to_be_visible()
