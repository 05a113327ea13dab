"""Bowling cards in headless Chromium at 390x844: deal, pick, tap the row."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
MIN_TAP_PX = 44
ROWS = {
    "Bob": "7H QD 5S KC 3D 9H",
    "Cy": "4C 10S 8D 2H AS 6C",
    "Ann": "JH 5D 3C 9S 7D 4H",
}


def tap(page: Page, target: Locator) -> None:
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def pick(box: Locator, card: str) -> None:
    """One tap on the picker's grid of the pack, the way a thumb does."""
    rank = card[:-1]
    box.get_by_role(
        "button", name=f"{RANKS.get(rank, rank)} of {SUITS[card[-1]]}"
    ).tap()
    expect(box.get_by_role("textbox")).to_have_value(card)


def send(page: Page, box: Locator, card: str) -> None:
    """A one-card picker sends its form with the card: one tap on the grid."""
    rank = card[:-1]
    name = f"{RANKS.get(rank, rank)} of {SUITS[card[-1]]}"
    tap(page, box.get_by_role("button", name=name, exact=True))


def picker(page: Page, label: str) -> Locator:
    return page.locator(".card-picker").filter(has_text=label)


def test_a_frame_dealt_and_paired_on_a_phone(page: Page, shots: Path) -> None:
    page.goto("/")
    with page.expect_navigation():
        page.get_by_role("link", name=re.compile("^Bowling cards")).tap()
    page.get_by_label("Players").fill("Ann\nBob\nCy")
    with page.expect_navigation():
        page.get_by_role("button", name="Start", exact=True).tap()

    # The rows: typed into the picker's text field, which is what it posts.
    for name in ("Bob", "Cy", "Ann"):
        box = picker(page, f"{name}'s six row cards")
        box.get_by_role("textbox").fill(ROWS[name])
        tap(page, page.get_by_role("button", name=f"Deal {name}'s row"))
    expect(page.locator(".ruling")).to_contain_text("Every row is out")

    # A third seven of hearts is refused by the picker at once, in the server's words.
    back = picker(page, "Hand card given back")
    back.get_by_role("textbox").fill("7H 7H 7H")
    expect(back.locator("[data-msg]")).to_contain_text(
        "7H appears 3 times, but a 108-card pack (two decks, two jokers each) has "
        "only 2 copies of 7H."
    )
    back.get_by_role("button", name="Clear hand card given back").tap()
    # A king is kept: the referee says so, with the rule.
    pick(back, "KS")
    tap(page, page.get_by_role("button", name="Ann gives it back"))
    expect(page.locator(".ruling")).to_contain_text("Ann must keep KS")
    expect(page.locator(".ruling a.rule").first).to_have_text("§exchange")

    send(page, picker(page, "Card that starts the pile"), "8C")
    expect(page.locator(".prompt")).to_contain_text("Bob draws for position 1")

    send(page, picker(page, "drew from the stock"), "3S")
    form = page.locator("form").filter(has_text="Bob places")
    cells = form.locator(".bc-row > *").all()
    assert len(cells) == 6
    boxes = [c.bounding_box() for c in cells]
    assert len({round(b["y"]) for b in boxes}) == 1  # one row of six, left to right
    assert max(b["x"] + b["width"] for b in boxes) <= 390
    button = form.get_by_role("button", name=re.compile("^Position 1: "))
    assert button.bounding_box()["height"] >= MIN_TAP_PX
    assert button.bounding_box()["width"] >= MIN_TAP_PX
    expect(form.get_by_role("button", name=re.compile("^Position 2: "))).to_have_count(
        0
    )
    page.screenshot(path=shots / "bowling-place.png", full_page=True)
    tap(page, button)
    expect(page.locator(".ruling")).to_contain_text("7H + 3S = 10: a spare, 15")
    expect(page.locator(".bc-sheet tr").filter(has_text="Bob")).to_contain_text("/")

    # Cy draws a queen for his 4C: too big, refused; he discards it.
    send(page, picker(page, "drew from the stock"), "QS")
    tap(page, page.get_by_role("button", name=re.compile("^Position 1: ")))
    expect(page.locator(".ruling")).to_contain_text("must be discarded")
    expect(page.locator(".ruling")).to_contain_text("NOT ALLOWED")
    tap(page, page.get_by_role("button", name=re.compile("^Discard")))
    expect(page.locator(".ruling")).to_contain_text("Cy discards QS")
    expect(page.locator(".prompt")).to_contain_text("Ann draws for position 1")
