"""Baseball in headless Chromium at 390x844: a hand with a four and a paid three, by
the card picker and the payment and betting buttons, to the last player in."""

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


def ruling(page: Page) -> Locator:
    return page.get_by_role("status", name="Ruling")


def deal_up(page: Page, card: str, to: str) -> None:
    """Pick one card with the picker (suit, then rank): the card sends it face up."""
    form = page.get_by_role("form", name=re.compile(f"{to}'s face-up card"))
    form.get_by_role("button", name=SUITS[card[-1]], exact=True).tap()
    rank = RANKS.get(card[:-1], card[:-1])
    name = f"{rank} of {SUITS[card[-1]]}"
    submit(page, form.get_by_role("button", name=name, exact=True))


def small_targets(area: Locator) -> list[str]:
    out = []
    for b in area.locator("button").all():
        box = b.bounding_box()
        if b.is_visible() and box and box["height"] < MIN_TAP_PX:
            out.append(b.inner_text())
    return out


def test_a_baseball_hand_with_a_four_and_a_paid_three(page: Page, shots: Path) -> None:
    page.goto("/new/poker-baseball")
    page.get_by_label("Players").fill("Ann\nBob\nCy")
    with page.expect_navigation():
        page.get_by_role("button", name="Start", exact=True).tap()
    expect(page).to_have_url(re.compile(r"/m/[^/]+$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Baseball (the way we usually play)"
    )

    submit(page, page.get_by_role("button", name="Everyone antes 1", exact=True))
    expect(ruling(page)).to_contain_text("everyone antes 1; the pot is 3")

    deal_up(page, "4D", "Bob")
    expect(ruling(page)).to_contain_text("A four: one extra card face down, free.")
    expect(page.get_by_title("3 face down")).to_be_visible()

    deal_up(page, "3H", "Cy")
    expect(ruling(page)).to_contain_text("Cy must pay 3 (matching the pot)")
    payment = page.get_by_role("region", name="Payment")
    assert small_targets(payment) == []
    page.screenshot(path=shots / "baseball-payment.png")
    submit(page, payment.get_by_role("button", name="Cy pays 3"))
    expect(ruling(page)).to_contain_text("The 3 of hearts is wild.")

    deal_up(page, "KS", "Ann")
    # the paid three shows as an ace: Cy opens the betting
    expect(ruling(page)).to_contain_text("Betting: Cy first.")
    bets = page.get_by_role("region", name="Betting")
    assert small_targets(bets) == []
    # a usual size is one tap; any other is typed
    expect(bets.get_by_label("Bet: another amount (chips)")).to_be_visible()
    submit(page, bets.get_by_role("button", name="Bet 2", exact=True))
    expect(ruling(page)).to_contain_text("Cy bets 2.")
    submit(page, page.get_by_role("button", name="Fold"))
    submit(page, page.get_by_role("button", name="Fold"))
    expect(ruling(page)).to_contain_text("Cy wins without showing")
    expect(page.get_by_text("🏆 Cy wins")).to_be_visible()
    page.screenshot(path=shots / "baseball-won.png")
