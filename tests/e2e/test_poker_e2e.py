"""A draw-poker showdown with deuces wild, played on a 390x844 phone in Chromium."""

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


def submit(page: Page, target: Locator) -> None:
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def show_cards(page: Page, box: Locator, cards: str) -> None:
    """Tap the hand on the picker: its fifth card sends it."""
    suit = None
    tokens = cards.split()
    for i, card in enumerate(tokens):
        if card[-1] != suit:
            suit = card[-1]
            box.get_by_role("button", name=SUITS[suit], exact=True).tap()
        label = f"{RANKS.get(card[:-1], card[:-1])} of {SUITS[card[-1]]}"
        button = box.get_by_role("button", name=label, exact=True)
        if i == len(tokens) - 1:
            submit(page, button)
        else:
            button.tap()


def test_a_draw_showdown_with_deuces_wild(page: Page, shots: Path) -> None:
    page.goto("/new/poker-draw")
    page.get_by_role("textbox", name="Players").fill("Ann\nBob")
    page.get_by_role("group", name="Wild cards").get_by_text("deuces", exact=True).tap()
    submit(page, page.get_by_role("button", name="Start", exact=True))
    expect(page).to_have_url(re.compile(r"/m/[^/]+$"))

    submit(page, page.get_by_role("button", name=re.compile("^Ann deals")))
    expect(page.locator(".prompt")).to_have_text("Bob: check or bet.")
    buttons = page.locator(".pk-actions button").all()
    assert all(b.bounding_box()["height"] >= MIN_TAP_PX for b in buttons)
    for _ in range(2):
        submit(page, page.get_by_role("button", name="Check", exact=True))
    for _ in range(2):
        submit(page, page.get_by_role("button", name="Pat", exact=True))
    for _ in range(2):
        submit(page, page.get_by_role("button", name="Check", exact=True))

    expect(page.locator(".prompt")).to_contain_text("Showdown: Bob shows five cards")
    show_cards(page, page.locator(".card-picker"), "2S 9H 9D 9C 9S")
    expect(page.locator(".ruling")).to_contain_text("Bob shows five nines.")
    page.get_by_role("textbox", name=re.compile("Ann's hand")).fill("AS KS QS JS 10S")
    submit(page, page.get_by_role("button", name="Show", exact=True))

    ruling = page.locator(".ruling")
    expect(ruling).to_contain_text("Best hand: Bob with five nines. Bob takes 2.")
    # The pot line and each player's net stay above the input; the hands shown below.
    expect(page.locator(".score-strip")).to_contain_text("Bob +1")
    hand = page.get_by_role("region", name="Hand 1")
    expect(hand).to_contain_text("royal flush")
    expect(hand).to_contain_text("2S as 9")
    expect(
        page.get_by_role("row").filter(has_text="Bob").locator(".score")
    ).to_have_text("+1")
    expect(page.get_by_role("button", name=re.compile("^Bob deals"))).to_be_visible()
    page.screenshot(path=shots / "poker-showdown.png", full_page=True)
