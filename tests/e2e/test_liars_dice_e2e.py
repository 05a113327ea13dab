"""A liar's dice call on a 390x844 phone: a claim, a refused low claim, the call."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

MIN_TAP_PX = 44


def submit(page: Page, target: Locator) -> None:
    """Tap something that posts a form, and wait for the page it leads to."""
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def tap_faces(form: Locator, *faces: str) -> None:
    pad = form.locator("[data-ld-pad='ld-claim']")
    for face in faces:
        pad.get_by_role("button", name=face, exact=True).tap()


def test_a_claim_is_accepted_raised_and_called_the_box_opened(
    page: Page, shots: Path
) -> None:
    page.goto("/new/liars-dice")
    page.get_by_label("Players").fill("Ann\nBob\nCy")
    page.get_by_label("Bets before dropping out").fill("2")
    submit(page, page.get_by_role("button", name="Start", exact=True))
    expect(page).to_have_url(re.compile(r"/m/[^/]+$"))
    expect(page.locator(".prompt")).to_have_text("Box 1: Ann claims first.")

    # Ann's opening claim, tapped on the face pad (every face a thumb-sized key).
    form = page.get_by_role("form", name="Pass the box with a claim")
    for face in ("9", "10", "J", "Q", "K", "A"):
        box = form.get_by_role("button", name=face, exact=True).first.bounding_box()
        assert box is not None
        assert box["width"] >= MIN_TAP_PX
        assert box["height"] >= MIN_TAP_PX
    tap_faces(form, "K", "K", "J", "J", "10")
    expect(form.get_by_label("Claim: five dice")).to_have_value("K K J J 10")
    submit(page, form.get_by_role("button", name="Pass the box"))
    expect(page.locator(".ruling")).to_contain_text("Ann passes the box left to Bob")

    # Bob accepts, then tries a claim that does not beat it: refused, nothing stored.
    answer = page.get_by_role("region", name="Call or accept")
    expect(page.locator(".prompt")).to_contain_text("Bob: Ann claims")
    submit(page, answer.get_by_role("button", name="Accept"))
    form = page.get_by_role("form", name="Pass the box with a claim")
    expect(form).to_contain_text("At least K K J J Q")
    form.get_by_label("Claim: five dice").fill("two kings two jacks nine")
    submit(page, form.get_by_role("button", name="Pass the box"))
    refused = page.locator(".ruling")
    expect(refused).to_contain_text("NOT ALLOWED")
    expect(refused).to_contain_text("the lowest claim that beats it is K K J J Q")

    # A full house in words, two kings left face up; Cy calls.
    form = page.get_by_role("form", name="Pass the box with a claim")
    form.get_by_text("Dice left face up on the tray").tap()
    form.get_by_label("Left face up on the tray").fill("K K")
    form.get_by_label("Claim: five dice").fill("kings full of jacks")
    submit(page, form.get_by_role("button", name="Pass the box"))
    claims = page.get_by_role("region", name="Claims this box")
    expect(claims.locator("li")).to_have_count(2)
    expect(claims).to_contain_text("full house, kings over jacks")
    answer = page.get_by_role("region", name="Call or accept")
    submit(page, answer.get_by_role("button", name="Call: open the box"))

    # The box is opened: the face-up kings are already filled in.
    opened = page.get_by_role("form", name="The box opened")
    field = opened.get_by_label(re.compile("The five dice in the box"))
    expect(field).to_have_value("K K")
    pad = opened.locator("[data-ld-pad='ld-box']")
    for face in ("J", "J", "10"):
        pad.get_by_role("button", name=face, exact=True).tap()
    page.screenshot(path=shots / "liars-dice-open.png", full_page=True)
    submit(page, opened.get_by_role("button", name="Open the box"))

    ruling = page.locator(".ruling")
    expect(ruling).to_contain_text("Bob's claim K K K J J was false")
    expect(ruling).to_contain_text("Bob, who passed it, loses a bet (1 left)")
    result = page.get_by_role("region", name="The box opened")
    expect(result).to_contain_text("False: Bob lost a bet")
    row = page.get_by_role("list", name="Bets left").get_by_role("listitem").nth(1)
    expect(row).to_have_text(re.compile(r"Bob\s*1"))
    expect(page.locator(".prompt")).to_have_text("Box 2: Bob claims first.")
    page.screenshot(path=shots / "liars-dice-called.png", full_page=True)
