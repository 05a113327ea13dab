"""Gin rummy knocks entered with the card picker in headless Chromium at 390x844."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
MIN_TAP_PX = 44

Phone = Callable[..., Page]  # the conftest's ``phone`` fixture

# The engine's own example: Bob knocks with 4 (4C), Ann lays 8D off on 9D 10D JD.
KNOCKER = "AS 2S 3S 7H 7D 7C 9D 10D JD 4C"
OPPONENT = "KS 8S QH 2H 3H 4H 5H 5D 8D JC"


# --- what a player does -----------------------------------------------------------


def start_match(page: Page) -> str:
    page.goto("/")
    with page.expect_navigation():
        page.get_by_role("link", name=re.compile("^Gin rummy")).tap()
    page.get_by_label("Players").fill("Ann\nBob")
    with page.expect_navigation():
        page.get_by_role("button", name="Start", exact=True).tap()
    expect(page).to_have_url(re.compile(r"/m/[^/]+$"))
    return page.url


def picker(page: Page, label: str) -> Locator:
    return page.locator(".card-picker").filter(has_text=label)


def name(card: str) -> str:
    return f"{RANKS.get(card[:-1], card[:-1])} of {SUITS[card[-1]]}"


def tap_cards(box: Locator, cards: str) -> None:
    """Pick cards the way a thumb does: the suit (when it changes, on a picker that
    shows one suit at a time), then the rank; on the knock's grid a card is a tap."""
    suit = None
    grid = box.locator(".picker-cards").count() > 0
    for card in cards.split():
        if not grid and card[-1] != suit:
            suit = card[-1]
            button = box.get_by_role("button", name=SUITS[suit], exact=True)
            button.tap()
            expect(button).to_have_attribute("aria-pressed", "true")
        box.get_by_role("button", name=name(card), exact=True).tap()


def submit(page: Page, target: Locator) -> None:
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def row(page: Page, player: str) -> Locator:
    return page.get_by_role("row").filter(
        has=page.get_by_role("rowheader", name=player)
    )


# --- the tests --------------------------------------------------------------------


def test_a_knock_entered_by_tapping_both_hands(page: Page, shots: Path) -> None:
    start_match(page)
    page.get_by_role("group", name="Who knocked?").get_by_label("Bob").tap()
    mine, theirs = picker(page, "Knocker's hand"), picker(page, "Opponent's hand")

    tap_cards(mine, KNOCKER)
    # The text field the form posts holds the hand sorted, in NOTATION.md form.
    expect(mine.get_by_role("textbox")).to_have_value("AS 2S 3S 7H 7D 9D 10D JD 4C 7C")
    expect(mine.locator("[data-count]")).to_have_text("10 of 10")

    # A card already in the knocker's hand is greyed out in the opponent's, saying why.
    taken = theirs.get_by_role(
        "button", name="ace of spades: already in Knocker's hand"
    )
    expect(taken).to_be_disabled()
    tap_cards(theirs, OPPONENT)
    expect(theirs.locator("[data-count]")).to_have_text("10 of 10")
    # A wrong card is taken out of the hand by tapping it there, then put back.
    wrong = theirs.get_by_role("button", name="Take out the jack of clubs")
    wrong.tap()
    expect(theirs.locator("[data-count]")).to_have_text("9 of 10")
    tap_cards(theirs, "JC")
    expect(theirs.get_by_role("textbox")).to_have_value("8S KS 2H 3H 4H 5H QH 5D 8D JC")
    page.screenshot(path=shots / "gin-picker.png", full_page=True)
    theirs.screenshot(path=shots / "gin-picker-panel.png")

    small = [
        b.evaluate("e => e.outerHTML.slice(0, 60)")
        for b in page.locator(".card-picker button").all()
        if b.is_visible() and b.bounding_box()["height"] < MIN_TAP_PX
    ]
    assert not small, small
    # The cards in the hands are tap targets too: 44 px each way, wrapping in rows.
    held = page.locator(".picker-hand button").all()
    assert len(held) == 20
    narrow = [
        (b.get_attribute("aria-label"), box["width"], box["height"])
        for b in held
        if (box := b.bounding_box()) and min(box["width"], box["height"]) < MIN_TAP_PX
    ]
    assert not narrow, narrow
    rows = {
        round(b.bounding_box()["y"]) for b in mine.locator(".picker-hand button").all()
    }
    assert len(rows) == 2, rows

    submit(page, page.get_by_role("button", name="Rule on this knock"))
    ruling = page.locator(".ruling")
    expect(ruling).to_contain_text(
        "Bob knocks with 4; Ann has 43 after laying off 8D: Bob scores 43 - 4 = 39."
    )
    expect(row(page, "Bob").locator(".score")).to_have_text("39")
    expect(row(page, "Ann").locator(".score")).to_have_text("0")
    hand = page.get_by_role("region", name="Hand 1")
    expect(hand).to_contain_text("Lays off 8♦ on 9♦10♦J♦")
    expect(hand).to_contain_text("Deadwood 4♣ = 4")
    expect(hand).to_contain_text("(51 before laying off)")
    page.screenshot(path=shots / "gin-match.png", full_page=True)
    page.screenshot(path=shots / "gin-match-first-screen.png")


def test_the_picker_refuses_a_card_the_deck_lacks(page: Page, shots: Path) -> None:
    page.goto("/tools/gin-rummy/deadwood")
    box = picker(page, "Your hand")
    field = box.get_by_role("textbox")
    field.fill("7H 8H 9H JK")
    message = box.locator("[data-msg]")
    expect(message).to_have_text("'JK' is not in a standard 52-card deck.")
    expect(message).to_be_visible()
    # The browser keeps the form back until the hand is fixed, saying why.
    page.get_by_role("button", name="Work it out").tap()
    assert field.evaluate("e => e.validationMessage") == (
        "'JK' is not in a standard 52-card deck."
    )

    field.fill("7h 8h 9h 7s 7d 7c 2c 3c 4c ks 5s")
    expect(message).not_to_have_class(re.compile("error"))
    expect(message).to_have_text(re.compile("^10 cards, or 11"))
    expect(box.locator("[data-count]")).to_have_text("11 cards (10–11)")
    submit(page, page.get_by_role("button", name="Work it out"))
    answer = page.get_by_role("region", name="Answer")
    expect(answer).to_contain_text("May knock: 5 deadwood after discarding KS.")
    expect(answer).to_contain_text("Deadwood 5♠ = 5")
    page.screenshot(path=shots / "gin-calculator.png", full_page=True)


def test_the_picker_reads_only_what_the_notation_lists(page: Page) -> None:
    """Issue 25: the browser's copy of the card parser read 11H as a jack and 1S as
    an ace, as the server did; both now say what is wrong before the form is sent."""
    page.goto("/tools/gin-rummy/deadwood")
    box = picker(page, "Your hand")
    field = box.get_by_role("textbox")
    message = box.locator("[data-msg]")
    for code in ("11H", "1S", "JKR"):
        field.fill(f"7H 8H {code}")
        expect(message).to_contain_text(f"'{code}' is not a card")
    field.fill("7H 8H ts")
    expect(message).not_to_have_class(re.compile("error"))


def test_the_settlement_reads_well_in_the_dark(phone: Phone, shots: Path) -> None:
    page = phone(color_scheme="dark")
    made = page.request.post(
        "/api/v1/matches", data={"game": "gin-rummy", "players": ["Ann", "Bob"]}
    )
    match = made.json()
    headers = {"Authorization": f"Bearer {match['edit_key']}"}
    gin = {
        "type": "knock",
        "knocker": 0,
        "knocker_hand": "AS 2S 3S 4S 7H 7D 7C 2H 3H 4H",
        "opponent_hand": "KS QH JD 10C 9S 9H 8D 8C 6S 5H",
    }
    for event in (
        {
            "type": "knock",
            "knocker": 1,
            "knocker_hand": KNOCKER,
            "opponent_hand": OPPONENT,
        },
        gin,
    ):
        sent = page.request.post(
            f"/api/v1/matches/{match['id']}/events",
            data={"event": event},
            headers={**headers, "Idempotency-Key": uuid.uuid4().hex},
        )
        assert sent.status == 201, sent.text()
    page.goto(match["links"]["page"])
    settlement = page.get_by_role("region", name="Settlement")
    expect(settlement).to_contain_text("Bob pays Ann 166.")
    expect(row(page, "Ann").locator(".score").first).to_have_text("105")
    hand = page.get_by_role("region", name="Hand 2")
    expect(hand).to_contain_text("Ann +105 (20 gin bonus + 85 = 105)")
    # Red suits stay red and black ones light on the dark card face.
    red = hand.locator(".pc-red").first.evaluate("e => getComputedStyle(e).color")
    black = hand.locator(".pc:not(.pc-red)").first.evaluate(
        "e => getComputedStyle(e).color"
    )
    assert red == "rgb(255, 122, 122)"
    assert black == "rgb(238, 242, 239)"
    page.screenshot(path=shots / "gin-settlement-dark.png", full_page=True)
    settlement.screenshot(path=shots / "gin-settlement-dark-panel.png")
    hand.screenshot(path=shots / "gin-hand-dark-panel.png")


def test_without_javascript_the_picker_is_a_text_field(phone: Phone) -> None:
    page = phone(java_script_enabled=False)
    page.goto("/tools/gin-rummy/deadwood")
    box = picker(page, "Your hand")
    expect(box.get_by_role("button")).to_have_count(0)
    box.get_by_role("textbox").fill("AS 2S 3S 7H 7D 7C 9D 10D JD QD")
    submit(page, page.get_by_role("button", name="Work it out"))
    expect(page.get_by_role("region", name="Answer")).to_contain_text("Gin.")
