"""Pinochle in headless Chromium at 390x844: a bidding round by the buttons, the
pass and trump, a meld entered with the card picker and counted by the optimiser."""

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


def start_match(page: Page) -> str:
    page.goto("/")
    with page.expect_navigation():
        page.get_by_role("link", name=re.compile("^Pinochle")).tap()
    # Two partnerships, partners opposite: Ann & Cy against Bob & Di.
    for field, name in (("team1-player1", "Ann"), ("team1-player2", "Cy")):
        page.locator(f"#{field}").fill(name)
    for field, name in (("team2-player1", "Bob"), ("team2-player2", "Di")):
        page.locator(f"#{field}").fill(name)
    with page.expect_navigation():
        page.get_by_role("button", name="Start", exact=True).tap()
    expect(page).to_have_url(re.compile(r"/m/[^/]+$"))
    return page.url


def submit(page: Page, target: Locator) -> None:
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def ruling(page: Page) -> Locator:
    return page.get_by_role("status", name="Ruling")


def tap_cards(box: Locator, cards: str) -> None:
    """The suit (when it changes), then the rank, as a thumb does."""
    suit = None
    grid = box.locator(".picker-cards").count() > 0  # the pinochle pack, whole
    for card in cards.split():
        if not grid and card[-1] != suit:
            suit = card[-1]
            box.get_by_role("button", name=SUITS[suit], exact=True).tap()
        rank = RANKS.get(card[:-1], card[:-1])
        box.get_by_role("button", name=f"{rank} of {SUITS[card[-1]]}", exact=True).tap()


def small_targets(area: Locator) -> list[str]:
    out = []
    for b in area.locator("button, summary, label.chip").all():
        box = b.bounding_box()
        if b.is_visible() and box and box["height"] < MIN_TAP_PX:
            out.append(b.inner_text())
    return out


def test_a_bidding_round_and_a_meld_entered_with_the_picker(
    page: Page, shots: Path
) -> None:
    start_match(page)
    auction = page.get_by_role("region", name="Auction")
    expect(auction).to_contain_text("Bob to call")
    assert small_targets(auction) == []
    page.screenshot(path=shots / "pinochle-bidding.png")

    submit(page, auction.get_by_role("button", name="25", exact=True))
    expect(ruling(page)).to_contain_text("Bob bids 25")
    submit(page, page.get_by_role("button", name="Cy passes"))
    expect(ruling(page)).to_contain_text("Cy passes. Di to call (at least 26)")
    # Di raises by one; Ann and Bob pass: three passes end the auction.
    submit(page, page.get_by_role("button", name="26", exact=True))
    submit(page, page.get_by_role("button", name="Ann passes"))
    submit(page, page.get_by_role("button", name="Bob passes"))
    expect(ruling(page)).to_contain_text("Three have passed: Di wins the bid at 26")
    ruling(page).locator("summary").tap()  # one line, opened to its rule links
    expect(
        ruling(page).get_by_role("link", name=re.compile("auction-end"))
    ).to_be_visible()

    # The pass: Di asks for hearts, Bob passes three, Di passes three back, trump.
    submit(page, page.get_by_role("button", name="♥ Hearts"))
    box = page.locator(".card-picker").filter(has_text="Cards passed")
    tap_cards(box, "AH 10H KH")
    expect(box.get_by_role("textbox")).to_have_value("AH 10H KH")
    submit(page, page.get_by_role("button", name="Pass these three"))
    box = page.locator(".card-picker").filter(has_text="Cards passed")
    tap_cards(box, "JC JC QD")
    submit(page, page.get_by_role("button", name="Pass these three"))
    submit(page, page.get_by_role("button", name="♥ Hearts"))
    expect(ruling(page)).to_contain_text("Di calls hearts trump")

    # Di lays down her cards; the optimiser counts them, not greedily.
    page.get_by_text("Or lay down the cards").tap()
    form = page.get_by_role("form", name="Meld by cards")
    form.get_by_role("radio", name="Di").tap()
    picker = form.locator(".card-picker")
    tap_cards(picker, "AH 10H KH KH QH QH JH")
    # a fifth ace of hearts is refused in the server's words
    picker.get_by_role("textbox").fill("AH AH AH AH AH")
    picker.get_by_role("textbox").dispatch_event("input")
    expect(picker.locator("[data-msg]")).to_contain_text(
        "AH appears 5 times, but a pinochle deck (A 10 K Q J, four of each card) "
        "has only 4 copies of AH."
    )
    picker.get_by_role("textbox").fill("AH 10H KH KH QH QH JH")
    picker.get_by_role("textbox").dispatch_event("input")
    submit(page, form.get_by_role("button", name="Count this meld"))
    expect(ruling(page)).to_contain_text("Di melds 30: double marriage in trumps 30")
    melds = page.get_by_role("region", name="Meld this hand")
    expect(melds).to_contain_text("Double marriage in trumps 30")
    assert small_targets(page.get_by_role("form", name="Meld by number")) == []
    page.screenshot(path=shots / "pinochle-meld.png", full_page=True)

    # The rest by number; then the counters form and the legal-plays check.
    for _ in range(3):
        form = page.get_by_role("form", name="Meld by number")
        form.get_by_label("Points of meld").fill("10")
        submit(page, form.get_by_role("button", name="Enter this meld"))
    expect(page.get_by_role("form", name="Counters")).to_be_visible()
    expect(page.get_by_role("form", name="Legal plays")).to_be_visible()
