"""Darts 301 played by thumb in headless Chromium on a 390x844 phone."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

RINGS = {"S": "Single", "D": "Double", "T": "Treble"}
ONE_TAP = {"SB": "Outer 25", "DB": "Bull 50", "M": "Miss"}
MIN_TAP_PX = 44

Phone = Callable[..., Page]  # the conftest's ``phone`` fixture


# --- what a player does -----------------------------------------------------------


def start_match(
    page: Page, players: tuple[str, ...] = ("Ann", "Bob"), legs: int = 1
) -> str:
    """From the home page: pick Darts: 301, name the players, start. The match URL."""
    page.goto("/")
    with page.expect_navigation():
        page.get_by_role("link", name="Darts: 301").tap()
    expect(page.get_by_role("heading", name="New match: Darts: 301")).to_be_visible()
    page.get_by_label("Players").fill("\n".join(players))
    if legs > 1:
        page.get_by_label("Legs per set").fill(str(legs))
    with page.expect_navigation():
        page.get_by_role("button", name="Start", exact=True).tap()
    expect(page).to_have_url(re.compile(r"/m/[^/]+$"))
    return page.url


def submit(page: Page, target: Locator) -> None:
    """Tap something that posts a form, and wait for the page it redirects to."""
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def pad(page: Page) -> Locator:
    return page.get_by_role("form", name="Enter one dart")


def throw(page: Page, code: str) -> None:
    """Enter one dart the way a thumb does: the ring, then the number (or one tap)."""
    keys = pad(page)
    if code in ONE_TAP:
        submit(page, keys.get_by_role("button", name=ONE_TAP[code], exact=True))
        return
    ring = keys.get_by_role("radio", name=RINGS[code[0]])
    ring.tap()
    expect(ring).to_be_checked()
    submit(page, keys.get_by_role("button", name=code[1:], exact=True))


def play(page: Page, *codes: str) -> None:
    """Throw darts in turn; while the leg is on, the whole pad stays on screen.

    Every dart reloads the page at its top, so a pad that runs past the first
    screen would make the scorer scroll before every dart.
    """
    screen = page.viewport_size
    assert screen is not None
    for code in codes:
        throw(page, code)
        if pad(page).count():
            box = pad(page).bounding_box()  # the rings, 1-20, bulls, Miss and Undo
            assert box is not None
            bottom = box["y"] + box["height"]
            assert bottom <= screen["height"], (
                f"after {code} the pad ends at {bottom} px"
            )


def pad_undo(page: Page) -> Locator:
    """The pad's own Undo key (the shared "Undo last" button is further down)."""
    return pad(page).get_by_role("button", name=re.compile(r"^Undo the last"))


def left(page: Page, player: str) -> Locator:
    """The "Left" cell of a player's row on the scoreboard."""
    row = page.get_by_role("row").filter(has=page.get_by_role("rowheader", name=player))
    return row.get_by_role("cell").last


def ruling(page: Page) -> Locator:
    """The box that says what the last thing entered was ruled."""
    return page.locator(".ruling")


# --- the tests --------------------------------------------------------------------


def test_a_whole_leg_by_thumb_with_a_bust_and_a_double_checkout(
    page: Page, shots: Path
) -> None:
    start_match(page)
    expect(page.get_by_role("heading", name="Darts: 301")).to_be_visible()
    expect(left(page, "Ann")).to_have_text("301")
    expect(left(page, "Bob")).to_have_text("301")
    expect(page.get_by_text("Ann to throw: dart 1 of 3, 301 left")).to_be_visible()

    play(page, "T20", "T20", "T20")
    expect(left(page, "Ann")).to_have_text("121")
    expect(ruling(page)).to_contain_text("round of 180, 121 left")

    play(page, "SB", "DB", "S1")
    expect(left(page, "Bob")).to_have_text("225")

    # Ann: 121 - 60 - 57 = 4, then a single 3 would leave 1: bust, back to 121.
    play(page, "T20")
    expect(left(page, "Ann")).to_have_text("61")
    play(page, "T19")
    expect(left(page, "Ann")).to_have_text("4")
    expect(page.get_by_text("Ann to throw: dart 3 of 3, 4 left (D2)")).to_be_visible()
    page.screenshot(path=shots / "mid-leg.png", full_page=True)
    page.screenshot(path=shots / "mid-leg-first-screen.png")
    play(page, "S3")
    expect(ruling(page)).to_contain_text("BUST")
    expect(ruling(page)).to_contain_text("Ann busts: S3 leaves 1. Back to 121")
    expect(left(page, "Ann")).to_have_text("121")
    expect(page.get_by_text("Bob to throw: dart 1 of 3, 225 left")).to_be_visible()
    page.screenshot(path=shots / "bust.png", full_page=True)

    play(page, "M", "M", "M")
    expect(left(page, "Bob")).to_have_text("225")

    # 121 out: T20, T15, D8.
    play(page, "T20")
    play(page, "T15")
    expect(left(page, "Ann")).to_have_text("16")
    expect(page.get_by_text("Ann to throw: dart 3 of 3, 16 left (D8)")).to_be_visible()
    play(page, "D8")

    expect(page.get_by_role("status").filter(has_text="Ann wins")).to_be_visible()
    expect(ruling(page)).to_contain_text("Ann checks out 121 on D8")
    expect(page.get_by_text("Over", exact=True)).to_be_visible()
    expect(left(page, "Ann")).to_have_text("0")
    expect(left(page, "Bob")).to_have_text("225")
    expect(pad(page)).to_have_count(0)
    expect(page.get_by_role("button", name="Miss")).to_have_count(0)
    page.screenshot(path=shots / "end.png", full_page=True)


def test_a_won_legs_sheet_stays_until_the_next_dart_then_summary_and_rematch(
    page: Page, shots: Path
) -> None:
    first = start_match(page, legs=2)
    play(page, "T20", "T20", "T20", "M", "M", "M", "T20", "S11", "DB")
    expect(ruling(page)).to_contain_text("Ann checks out 121 on DB and wins leg 1")
    kept = page.locator("details.last-leg")
    expect(kept).to_have_attribute("open", "")
    expect(kept.locator("summary")).to_have_text("Leg 1: Ann won in 6 darts, 121 out")
    expect(kept.get_by_role("listitem").first).to_contain_text("T20 S11 DB")
    expect(kept.get_by_role("row", name="3-dart average")).to_contain_text("150.50")
    page.screenshot(path=shots / "leg-kept.png", full_page=True)

    # Bob starts leg 2; his first dart clears the old sheet away.
    play(page, "S20")
    expect(page.locator("details.last-leg")).to_have_count(0)
    play(page, "M", "M", "T20", "T20", "T20", "M", "M", "M", "T20", "S11", "DB")

    expect(page.get_by_role("status").filter(has_text="Ann wins")).to_be_visible()
    summary = page.get_by_role("region", name="Match summary")
    expect(summary.get_by_role("row", name="Legs won")).to_contain_text("2")
    expect(summary.get_by_role("listitem")).to_have_text(
        ["Leg 1 Ann in 6 darts 121 out", "Leg 2 Ann in 6 darts 121 out"]
    )
    rematch = page.get_by_role("button", name="Rematch", exact=True)
    box = rematch.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= 844, "the rematch button is off the first screen"
    page.screenshot(path=shots / "match-over.png", full_page=True)

    submit(page, rematch)
    expect(page).not_to_have_url(first)
    expect(page.get_by_text("Ann to throw: dart 1 of 3, 301 left")).to_be_visible()
    expect(left(page, "Bob")).to_have_text("301")
    options = page.get_by_role("listitem").filter(has_text="Legs per set")
    expect(options).to_contain_text("2")
    expect(pad(page)).to_be_visible()


def test_undo_restores_the_score_and_stop_passes_the_turn(page: Page) -> None:
    start_match(page)
    throw(page, "T20")
    expect(left(page, "Ann")).to_have_text("241")

    submit(page, page.get_by_role("button", name="Undo last"))
    expect(ruling(page)).to_contain_text("UNDONE")
    expect(left(page, "Ann")).to_have_text("301")
    expect(page.get_by_text("Ann to throw: dart 1 of 3, 301 left")).to_be_visible()

    throw(page, "S5")
    expect(left(page, "Ann")).to_have_text("296")
    submit(page, page.get_by_role("button", name="Stop: no more darts this round"))
    expect(ruling(page)).to_contain_text("Ann stops after 1 dart")
    expect(left(page, "Ann")).to_have_text("296")
    expect(page.get_by_text("Bob to throw: dart 1 of 3, 301 left")).to_be_visible()
    # The Stop button is only offered once the player has thrown.
    expect(
        page.get_by_role("button", name="Stop: no more darts this round")
    ).to_have_count(0)


def test_a_second_phone_watches_then_scores_with_the_pin(
    page: Page, phone: Phone
) -> None:
    url = start_match(page)
    throw(page, "T20")

    other = phone()
    other.goto(url)
    expect(left(other, "Ann")).to_have_text("241")
    expect(other.get_by_text("You are watching.")).to_be_visible()
    expect(pad(other)).to_have_count(0)
    expect(other.get_by_role("button", name="Undo last")).to_have_count(0)

    # Share is one tap from the top of the page.
    page.locator("header").get_by_role("link", name="Share", exact=True).tap()
    pin = page.get_by_label("Scorer PIN")
    expect(pin).to_be_visible()
    expect(pin).to_have_text(re.compile(r"^\d{6}$"))
    typed = pin.inner_text()
    page.goto(url)  # back to the board (the share page is kept nowhere)

    other.get_by_label("PIN").fill(typed)
    submit(other, other.get_by_role("button", name="Join"))
    expect(other.get_by_text("You can now score this match")).to_be_visible()
    expect(pad(other)).to_be_visible()
    throw(other, "S20")
    expect(left(other, "Ann")).to_have_text("221")
    # The first phone's page notices the new dart by itself (it polls every 3 s).
    expect(left(page, "Ann")).to_have_text("221", timeout=8_000)


def test_every_tap_target_on_the_match_page_is_at_least_44_px_tall(
    page: Page,
) -> None:
    start_match(page)
    throw(page, "T20")
    small = []
    # A <summary> and a ring label are tapped like buttons, so they count too.
    targets = page.locator("main").locator("button, a, summary, .mult label")
    assert targets.count() > 30  # the pad, undo, stop, rule links, page links
    for control in targets.all():
        if not control.is_visible():
            continue
        box = control.bounding_box()
        assert box is not None
        if box["height"] < MIN_TAP_PX:
            small.append(
                f"{control.evaluate('e => e.outerHTML.slice(0, 80)')} "
                f"is {box['height']:.0f} px tall"
            )
    assert not small, "tap targets under 44 px:\n" + "\n".join(small)


def test_the_pad_works_with_javascript_disabled(phone: Phone) -> None:
    no_js = phone(java_script_enabled=False)
    start_match(no_js)
    throw(no_js, "T20")
    expect(left(no_js, "Ann")).to_have_text("241")
    throw(no_js, "DB")
    expect(left(no_js, "Ann")).to_have_text("191")
    submit(no_js, pad_undo(no_js))
    expect(left(no_js, "Ann")).to_have_text("241")
    expect(no_js.get_by_text("Ann to throw: dart 2 of 3, 241 left")).to_be_visible()


def test_the_pads_undo_takes_back_the_last_dart_and_says_so(page: Page) -> None:
    start_match(page)
    expect(pad_undo(page)).to_be_disabled()  # nothing to take back yet
    throw(page, "T20")
    throw(page, "T19")
    expect(pad_undo(page)).to_have_accessible_name("Undo the last dart")
    expect(page.get_by_role("row").filter(has_text="Ann")).to_contain_text("T20T19")

    submit(page, pad_undo(page))
    expect(ruling(page)).to_contain_text("UNDONE")
    expect(left(page, "Ann")).to_have_text("241")
    expect(page.get_by_text("Ann to throw: dart 2 of 3, 241 left")).to_be_visible()
    throw(page, "T17")
    expect(left(page, "Ann")).to_have_text("190")


def test_the_thrower_row_shows_the_round_and_the_route_is_in_the_prompt(
    page: Page,
) -> None:
    start_match(page)
    play(page, "T20", "T20", "T20", "M", "M", "M")  # Ann 121
    expect(
        page.get_by_text("Ann to throw: dart 1 of 3, 121 left (T20 T15 D8)")
    ).to_be_visible()
    throw(page, "T20")
    row = page.get_by_role("row").filter(has_text="Ann")
    expect(row).to_contain_text("T20")
    expect(row).to_contain_text("=60")
    expect(
        page.get_by_text("Ann to throw: dart 2 of 3, 61 left (T15 D8)")
    ).to_be_visible()


def test_baseball_short_set_asks_for_the_missing_darts_before_sending(
    page: Page,
) -> None:
    page.goto("/new/darts-baseball")
    page.get_by_label("Players").fill("Ann\nBob")
    submit(page, page.get_by_role("button", name="Start", exact=True))
    page.get_by_text("Enter the three darts at once").tap()
    darts = page.get_by_label("Darts, in order")
    darts.fill("S1 D1")
    page.get_by_role("button", name="Enter", exact=True).tap()
    alert = page.get_by_role("alert")
    expect(alert).to_have_text(
        "2 of 3 darts listed: add the 3rd dart (M for a miss), or tick "
        "\u201cthe rest missed the board\u201d."
    )
    expect(darts).to_be_focused()
    expect(page.get_by_text("Nothing yet.")).to_be_visible()  # nothing was sent

    page.get_by_label("Fewer than 3 listed: the rest missed the board").check()
    submit(page, page.get_by_role("button", name="Enter", exact=True))
    expect(ruling(page)).to_contain_text("Ann: S1 D1 M in the 1st: 3 runs.")


def test_baseball_pad_scores_the_target_and_its_undo_takes_a_dart_back(
    page: Page,
) -> None:
    page.goto("/new/darts-baseball")
    page.get_by_label("Players").fill("Ann\nBob")
    submit(page, page.get_by_role("button", name="Start", exact=True))
    keys = pad(page)
    expect(keys.get_by_role("button", name=re.compile(r"^Undo"))).to_be_disabled()
    submit(page, keys.get_by_role("button", name="T1 · 3"))
    expect(ruling(page)).to_contain_text("Ann: T1 in the 1st: 3 runs.")
    submit(page, pad(page).get_by_role("button", name=re.compile(r"^No score")))
    submit(page, pad_undo(page))
    expect(ruling(page)).to_contain_text("UNDONE")
    expect(page.get_by_text("Ann: inning 1, throw at 1 (dart 2 of 3)")).to_be_visible()
    box = pad(page).bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= 844, "the baseball pad is off the first screen"
