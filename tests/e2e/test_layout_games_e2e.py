"""Golf and basketball at the table in headless Chromium at 390x844: tap, pick, tap."""

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


def start_match(page: Page, title: str, players: str) -> None:
    page.goto("/")
    with page.expect_navigation():
        page.get_by_role("link", name=re.compile(f"^{title}")).tap()
    page.get_by_label("Players").fill(players)
    with page.expect_navigation():
        page.get_by_role("button", name="Start", exact=True).tap()
    expect(page).to_have_url(re.compile(r"/m/[^/]+$"))


def send(page: Page, box: Locator, card: str) -> None:
    """One tap on the picker's grid of the pack: the card is the picker's last, so it
    sends the form (with the position tapped before it, if any)."""
    rank = card[:-1]
    name = f"{RANKS.get(rank, rank)} of {SUITS[card[-1]]}"
    tap(page, box.get_by_role("button", name=name, exact=True))


def deal(page: Page, upcard: str) -> None:
    """The card turned up, then the deal's button (a deal is not sent by its card)."""
    box = picker(page, "Card turned up")
    rank = RANKS.get(upcard[:-1], upcard[:-1])
    box.get_by_role("button", name=f"{rank} of {SUITS[upcard[-1]]}", exact=True).tap()
    expect(box.get_by_role("textbox")).to_have_value(upcard)
    tap(page, page.get_by_role("button", name=re.compile("^Start deal")))


def picker(scope: Page | Locator, label: str) -> Locator:
    return scope.locator(".card-picker").filter(has_text=label)


def tap(page: Page, target: Locator) -> None:
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def position(scope: Page | Locator, n: int) -> Locator:
    return scope.get_by_role("button", name=re.compile(f"^Position {n}: "))


def test_a_golf_turn_tapped_on_the_layout(page: Page, shots: Path) -> None:
    start_match(page, "Six card golf", "Ann\nBob")
    expect(page.locator(".lay-form")).to_contain_text("2 players: one 52-card pack")
    deal(page, "5D")
    expect(page.locator(".ruling")).to_contain_text("turns up 5D")

    # Before play: tap where it lies, then the card, which sends both; two each.
    for card, where in (("7H", 1), ("7C", 4), ("KS", 2), ("9D", 6)):
        cell = position(page.locator(".lay-form"), where)
        cell.tap()
        expect(cell).to_have_attribute("aria-pressed", "true")
        send(page, picker(page, "Card turned up"), card)
    expect(page.locator(".ruling")).to_contain_text("Bob plays first")

    # Bob's turn: 3H from the stock (the card is the whole answer).
    send(page, picker(page, "drew from the stock"), "3H")
    expect(page.locator(".prompt")).to_contain_text("Bob drew 3H")
    page.screenshot(path=shots / "golf-turn.png", full_page=True)
    # Every one of Bob's six places is a button; far row above near row.
    cells = page.locator(".lay-form .lay-grid > button").all()
    assert len(cells) == 6
    assert min(c.bounding_box()["height"] for c in cells) >= MIN_TAP_PX
    one, four = cells[0].bounding_box(), cells[3].bounding_box()
    assert one["x"] == four["x"]
    assert one["y"] < four["y"]
    # Where QC lay face down: the position, then the card that comes out.
    position(page.locator(".lay-form").first, 1).tap()
    send(page, picker(page, "Card that comes out"), "QC")
    expect(page.locator(".ruling")).to_contain_text(
        "Bob puts 3H at position 1; QC goes face up on the discard pile."
    )
    expect(page.locator(".lay-table")).to_contain_text("Q♣")
    bob = page.locator(".lay-player").filter(has_text="Bob")
    expect(bob.locator(".lay-grid > *").first).to_contain_text("3♥")

    # Ann takes the discard: it must be placed, so only the grid is offered.
    tap(page, page.get_by_role("button", name=re.compile("took the discard")))
    expect(page.get_by_role("button", name=re.compile("^Discard"))).to_have_count(0)
    # A face-up card needs no picking: tapping it is the whole answer.
    tap(page, position(page.locator(".lay-form").first, 1))
    expect(page.locator(".ruling")).to_contain_text(
        "Ann puts QC at position 1; 7H goes face up on the discard pile."
    )


def test_a_basketball_layout_of_ten(page: Page, shots: Path) -> None:
    start_match(page, "Ten-card basketball", "Ann\nBob")
    deal(page, "5D")
    send(page, picker(page, "drew from the stock"), "9H")

    replace = page.get_by_role("form", name="Replace a card")
    cells = replace.locator(".lay-grid > *").all()
    assert len(cells) == 10
    boxes = [c.bounding_box() for c in cells]
    assert len({round(b["y"]) for b in boxes[:5]}) == 1  # two rows of five
    assert boxes[5]["y"] > boxes[0]["y"]
    assert boxes[5]["x"] == boxes[0]["x"]
    assert min(b["height"] for b in boxes) >= MIN_TAP_PX
    assert max(b["x"] + b["width"] for b in boxes) <= 390

    # Bob discards 9H and turns up the jack at position 2.
    discard = page.get_by_role("form", name="Discard the drawn card")
    position(discard, 2).tap()
    send(page, picker(discard, "Card turned up"), "JD")
    expect(page.locator(".ruling")).to_contain_text(
        "Bob discards 9H and turns up JD at position 2. Ann to play."
    )
    expect(page.get_by_role("row").filter(has_text="Bob")).to_contain_text("10")

    # Ann takes the 9H and replaces position 7, which held the 9C: a pair shows.
    tap(page, page.get_by_role("button", name=re.compile("took the discard")))
    replace = page.get_by_role("form", name="Replace a card")
    expect(position(replace, 2)).to_have_count(1)
    position(replace, 7).tap()
    send(page, picker(page, "comes out"), "9C")
    expect(page.locator(".ruling")).to_contain_text("Ann puts 9H at position 7")
    page.screenshot(path=shots / "basketball-layout.png", full_page=True)
    expect(page.locator(".lay-table")).to_contain_text("9♣")
