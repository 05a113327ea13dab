"""Bowling solitaire in headless Chromium at 390x844: tap the pins, tap a ball card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

MIN_TAP_PX = 44


def tap(page: Page, target: Locator) -> None:
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def pin(page: Page, letter: str) -> Locator:
    return page.locator(f"label.bpin:has(input[value='{letter}'])")


def lay_out_the_sample_frame(page: Page) -> None:
    """A new match for Ann, the rulebook's sample frame laid out on the page."""
    page.goto("/")
    with page.expect_navigation():
        page.get_by_role("link", name=re.compile("^Bowling solitaire")).tap()
    page.get_by_label("Players").fill("Ann")
    with page.expect_navigation():
        page.get_by_role("button", name="Start", exact=True).tap()
    page.get_by_label("Pins A to J").fill("2 7 1 7 2 9 5 1 8 6")
    page.get_by_label("Ball tops").fill("0 0 4")
    tap(page, page.get_by_role("button", name="Set up the pins"))


def test_the_sample_frames_first_plays_tapped_on_the_triangle(
    page: Page, shots: Path
) -> None:
    lay_out_the_sample_frame(page)
    expect(page.locator(".ruling")).to_contain_text("Frame 1 laid out")

    # the triangle: back row on top, head pin J alone at the front, all on screen
    boxes = {L: pin(page, L).bounding_box() for L in "ABCDEFGHIJ"}
    assert len({round(boxes[L]["y"]) for L in "ABCD"}) == 1
    assert boxes["A"]["y"] < boxes["E"]["y"] < boxes["H"]["y"] < boxes["J"]["y"]
    assert boxes["H"]["x"] < boxes["J"]["x"] < boxes["I"]["x"]
    assert min(b["height"] for b in boxes.values()) >= MIN_TAP_PX
    assert min(b["width"] for b in boxes.values()) >= MIN_TAP_PX
    assert max(b["x"] + b["width"] for b in boxes.values()) <= 390
    piles = page.locator("label.pile")
    assert min(piles.nth(i).bounding_box()["height"] for i in range(3)) >= MIN_TAP_PX
    expect(page.get_by_label("Legal plays")).to_contain_text("Legal now (5)")

    # the first card may not take the back row: the teacher says why
    pin(page, "A").tap()
    pin(page, "B").tap()
    pin(page, "C").tap()
    page.locator("label.pile:has(input[value='1'])").tap()
    page.get_by_role("radio", name="5", exact=True).check()
    tap(page, page.get_by_role("button", name="Bowl", exact=True))
    expect(page.locator(".ruling")).to_contain_text("first card of a frame")
    # the pins tapped stay ticked, so the player fixes the play rather than redo it
    expect(page.locator("input[value='A']")).to_be_checked()
    for letter in "ABC":
        pin(page, letter).tap()

    pin(page, "H").tap()
    pin(page, "F").tap()
    page.locator("label.pile:has(input[value='1'])").tap()
    page.get_by_role("radio", name="5", exact=True).check()
    tap(page, page.get_by_role("button", name="Bowl", exact=True))
    expect(page.locator(".ruling")).to_contain_text("takes F(9) H(1)")
    expect(page.locator(".tenpin-sheet")).to_contain_text("2")
    page.screenshot(path=shots / "bowling-solitaire.png", full_page=True)


def test_a_legal_play_is_one_tap_and_the_card_under_it_one_more(page: Page) -> None:
    lay_out_the_sample_frame(page)

    plays = page.get_by_role("group", name="Play it: one tap")
    # the left pile has four cards under its 0: the play waits for the one turned up
    plays.get_by_role("button", name="Left 0 takes F H").tap()
    expect(plays.get_by_role("button", name="Left 0 takes F H")).to_have_attribute(
        "aria-pressed", "true"
    )
    tap(page, page.get_by_role("radio", name="5", exact=True))
    expect(page.locator(".ruling")).to_contain_text("takes F(9) H(1). 5 turns up")
    expect(page.locator(".bowl-frame")).to_contain_text("Ann 2")
