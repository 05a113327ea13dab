"""Canasta at 390x844 in headless Chromium: the deal, a turn (draw, meld, discard), the
stock used up and a hand result, one-handed."""

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
PHONE_HEIGHT = 844


def name(card: str) -> str:
    if card == "JK":
        return "joker"
    return f"{RANKS.get(card[:-1], card[:-1])} of {SUITS[card[-1]]}"


def tap_cards(box: Locator, laid: str) -> None:
    """The rank when it changes, then the suit; the joker has its own key (the meld's
    pad is rank first: a meld is one rank)."""
    rank = None
    for card in laid.split():
        if card != "JK" and card[:-1] != rank:
            rank = card[:-1]
            spoken = RANKS.get(rank, rank)
            box.get_by_role("button", name=f"rank {spoken}", exact=True).tap()
        box.get_by_role("button", name=name(card), exact=True).tap()


def submit(page: Page, target: Locator) -> None:
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def small_targets(scope: Locator) -> list[str]:
    return [
        b.evaluate("e => e.outerHTML.slice(0, 60)")
        for b in scope.locator("button, label.chip, summary, a.button").all()
        if b.is_visible() and b.bounding_box()["height"] < MIN_TAP_PX
    ]


def test_a_turn_and_a_hand_result_entered_one_handed(page: Page, shots: Path) -> None:
    page.goto("/")
    with page.expect_navigation():
        page.get_by_role("link", name=re.compile("^Canasta")).tap()
    # Two partnerships, partners opposite: Ann & Cy against Bob & Di.
    for field, name in (("team1-player1", "Ann"), ("team1-player2", "Cy")):
        page.locator(f"#{field}").fill(name)
    for field, name in (("team2-player1", "Bob"), ("team2-player2", "Di")):
        page.locator(f"#{field}").fill(name)
    with page.expect_navigation():
        page.get_by_role("button", name="Start", exact=True).tap()
    expect(page.locator(".prompt")).to_contain_text(
        "First melds: Ann & Cy 50, Bob & Di 50."
    )
    # Nothing is laid before the deal: the page offers the deal first.
    expect(page.get_by_role("form", name="Lay cards")).to_have_count(0)
    deal = page.get_by_role("form", name="Up-card")
    deal.get_by_label("Turned up to start the pile, bottom first").fill("9S")
    submit(page, deal.get_by_role("button", name="Record the deal"))
    expect(page.locator(".prompt")).to_contain_text(
        "Hand 1: Bob draws from the stock or takes the pile."
    )
    turn = page.get_by_role("form", name="Draw")
    assert not small_targets(turn), small_targets(turn)
    submit(page, turn.get_by_role("button", name="Bob drew from the stock"))
    expect(page.locator(".prompt")).to_contain_text("Bob melds and discards")

    form = page.get_by_role("form", name="Lay cards")
    box = form.locator(".card-picker")
    # the turn's player is filled in: no seat to pick
    expect(form.get_by_role("radio")).to_have_count(0)
    # A third seven of hearts is refused at once, in the server's words.
    tap_cards(box, "7H 7H 7H")
    expect(box.locator("[data-msg]")).to_have_text(
        "7H appears 3 times, but a canasta pack (two decks and four jokers) has "
        "only 2 copies of 7H."
    )
    form.get_by_role("button", name="Clear Cards laid").tap()
    # The cards stay in the order tapped: the joker goes with the aces.
    tap_cards(box, "AS AH JK")
    expect(box.get_by_role("textbox")).to_have_value("AS AH JK")
    meld = form.get_by_role("button", name="Rule on this meld")
    # the meld form fits the first screen and a half, within a thumb's reach
    assert meld.bounding_box()["y"] + MIN_TAP_PX <= PHONE_HEIGHT * 1.5
    assert not small_targets(form), small_targets(form)
    page.screenshot(path=shots / "canasta-meld.png", full_page=True)
    submit(page, meld)
    expect(page.locator(".ruling")).to_contain_text(
        "Bob melds AS AH JK: new meld of aces (3)."
    )
    expect(page.get_by_role("region", name="Table")).to_contain_text("Bob & Di")

    # Bob discards; Cy finds the stock used up and play ends.
    discard = page.get_by_role("form", name="Discard")
    discard.get_by_label("Bob discards").fill("9C")
    submit(page, discard.get_by_role("button", name="Discard: the turn passes"))
    expect(page.locator(".ruling")).to_contain_text("Bob discards 9C. Cy's turn.")
    page.locator(".cn-stock summary").tap()
    submit(page, page.get_by_role("button", name="Play ends here"))

    # The hand is over; each side's result by counts.
    result = page.get_by_role("form", name="Result by counts")
    assert not small_targets(result), small_targets(result)
    result.get_by_label("Points melded").fill("90")
    result.get_by_label("Points in hand").fill("35")
    page.screenshot(path=shots / "canasta-result.png", full_page=True)
    submit(page, result.get_by_role("button", name="Score this side"))
    expect(page.locator(".ruling")).to_contain_text(
        "Ann & Cy: melds 90, in hand -35 = 55 this hand."
    )
    result = page.get_by_role("form", name="Result by counts")
    expect(result.get_by_role("radio", name="Bob & Di")).to_be_checked()
    result.get_by_label("Natural canastas").fill("1")
    result.get_by_label("Points melded").fill("110")
    submit(page, result.get_by_role("button", name="Score this side"))
    expect(page.locator(".ruling")).to_contain_text(
        "Hand 1: Ann & Cy +55, Bob & Di +610. Score 55 to 610."
    )
    expect(page.locator(".prompt")).to_contain_text(
        "Hand 2, Bob deals, Cy plays first. First melds: Ann & Cy 50, Bob & Di 50."
    )
    hand = page.get_by_role("region", name="Hand 1")
    canastas = hand.get_by_role("row").filter(has_text="Canastas")
    expect(canastas).to_have_text(re.compile(r"Canastas\s*0\s*500"))
    page.screenshot(path=shots / "canasta-after-hand.png", full_page=True)
