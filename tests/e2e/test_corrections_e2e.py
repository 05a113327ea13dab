"""Corrections in Chromium on a phone: a removal that moves later darts asks first and
says what moved; a fix of a dart is made with the darts pad."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.screens import State
from tests.e2e.screens import open_as_scorer
from tests.e2e.test_darts_e2e import play
from tests.e2e.test_darts_e2e import start_match
from tests.e2e.test_darts_e2e import submit

pytestmark = pytest.mark.e2e


def _log_row(page: Page, seq: int):
    return page.locator("ol.log li").filter(
        has=page.locator("span.seq", has_text=re.compile(rf"^#{seq}$"))
    )


def test_removing_an_early_dart_warns_that_later_darts_change_thrower(
    page: Page, shots: Path
) -> None:
    url = start_match(page)
    play(page, "T20", "T20", "T20", "S1", "S1", "S1", "T20")
    page.goto(f"{url}/log")
    submit(page, _log_row(page, 2).get_by_role("button", name="Remove"))
    expect(
        page.get_by_role("heading", name="Remove #2 (One dart: T20)?")
    ).to_be_visible()
    changes = page.locator("[data-changes]")
    expect(changes).to_contain_text("#4: Bob's dart becomes Ann's")
    expect(changes).to_contain_text("#7: Ann's dart becomes Bob's")
    page.screenshot(path=str(shots / "remove-check.png"))
    confirm = page.get_by_role("button", name="Remove it")
    box = confirm.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= 844  # no scrolling to it
    submit(page, confirm)
    expect(page).to_have_url(re.compile(r"/log$"))
    notice = page.get_by_role("status").first
    expect(notice).to_contain_text("Event #2 removed (One dart: T20).")
    expect(notice).to_contain_text("#4: Bob's dart becomes Ann's")
    expect(_log_row(page, 2)).to_have_class(re.compile("voided"))


def test_cancelling_a_removal_leaves_every_dart_in_place(page: Page) -> None:
    url = start_match(page)
    play(page, "T20", "S5", "S5", "S1")
    page.goto(f"{url}/log")
    submit(page, _log_row(page, 1).get_by_role("button", name="Remove"))
    with page.expect_navigation():
        page.get_by_role("link", name="Cancel: change nothing").tap()
    expect(page.locator("ol.log li.voided")).to_have_count(0)
    page.goto(url)
    expect(page.locator("body")).to_contain_text("231")  # Ann: 301 - 70


def test_a_dart_is_fixed_with_the_darts_pad(page: Page, shots: Path) -> None:
    url = start_match(page)
    play(page, "T20", "S5")
    page.goto(f"{url}/log")
    with page.expect_navigation():
        _log_row(page, 2).get_by_role("link", name="Fix").tap()
    field = page.locator("fieldset.dart-field")
    expect(field.get_by_role("radio", name="5", exact=True)).to_be_checked()
    page.screenshot(path=str(shots / "fix-pad.png"), full_page=True)
    field.get_by_text("Double", exact=True).tap()
    field.get_by_text("16", exact=True).tap()
    expect(field.get_by_role("radio", name="16", exact=True)).to_be_checked()
    # the newest dart: nothing else moves, so one tap saves it
    submit(page, page.get_by_role("button", name="Save the correction"))
    expect(page).to_have_url(re.compile(r"/log$"))
    expect(page.get_by_role("status").first).to_contain_text(
        "Event #2 corrected (One dart: S5 → One dart: D16)."
    )
    page.goto(url)
    expect(page.locator("body")).to_contain_text("209")  # Ann: 301 - 60 - 32


def test_a_round_is_fixed_with_the_pad_that_adds_darts(page: Page) -> None:
    state = State(
        "darts-301",
        "round",
        ("Ann", "Bob"),
        {},
        ({"type": "round", "darts": "T20 T20 T20"},),
    )
    match_url = open_as_scorer(page, state)
    with page.expect_navigation():
        page.goto(f"{match_url}/log/1/edit")
    darts = page.get_by_label("Darts", exact=True)
    expect(darts).to_have_value("T20 T20 T20")
    adder = page.locator("[data-darts-adder]")
    expect(adder).to_be_visible()  # the script shows the pad
    adder.get_by_role("button", name="Take back the last dart").tap()
    expect(darts).to_have_value("T20 T20")
    adder.get_by_role("button", name="Treble").tap()
    adder.get_by_role("button", name="19", exact=True).tap()
    expect(darts).to_have_value("T20 T20 T19")
    submit(page, page.get_by_role("button", name="Save the correction"))
    expect(page.get_by_role("status").first).to_contain_text(
        "Event #1 corrected (A whole round: T20 T20 T20 → A whole round: T20 T20 T19)."
    )
