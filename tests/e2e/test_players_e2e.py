"""Players and trust in headless Chromium on a 390x844 phone: a profile with its
charts, a confirmation between two phones, and the voice caller's toggle."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

Phone = Callable[..., Page]

# A stand-in for the browser's speech: what would be spoken is kept in the tab's
# sessionStorage, so it survives the page loads between darts.
SPEECH_STUB = """
(() => {
  const spoken = () => JSON.parse(sessionStorage.getItem("spoken") || "[]");
  Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
    speak(u) {
      sessionStorage.setItem("spoken", JSON.stringify([...spoken(), u.text]));
    },
    cancel() {},
  }});
  window.SpeechSynthesisUtterance = function (text) { this.text = text; };
})();
"""


def _submit(page: Page, target) -> None:
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def _throw(page: Page, code: str) -> None:
    pad = page.get_by_role("form", name="Enter one dart")
    ring = pad.get_by_role(
        "radio", name={"S": "Single", "D": "Double", "T": "Treble"}[code[0]]
    )
    ring.tap()
    _submit(page, pad.get_by_role("button", name=code[1:], exact=True))


def _start(page: Page, *, confirm: bool = False) -> str:
    page.goto("/new/darts-301")
    page.get_by_label("Players").fill("Ann\nBob")
    if confirm:
        page.get_by_text("Confirmation mode", exact=True).tap()
    _submit(page, page.get_by_role("button", name="Start", exact=True))
    expect(page).to_have_url(re.compile(r"/m/[^/]+$"))
    return page.url


def test_a_profile_page_shows_its_charts_on_a_phone(page: Page):
    api = page.request
    ann = f"Ann {uuid.uuid4().hex[:6]}"
    for rounds in (
        [["T20", "T20", "T20"], ["S20", "S20", "S20"], ["T20", "S1", "S20"]]
        + [["S20", "S20", "S20"], ["D20"]],
        [["T20", "T19", "S20"], ["M", "M", "M"]],
    ):
        made = api.post(
            "/api/v1/matches",
            data={
                "game": "darts-301",
                "players": ["Ann", "Bob"],
                "options": {"start": "301"},
            },
        ).json()
        auth = {"Authorization": f"Bearer {made['edit_key']}"}
        linked = api.put(
            f"/api/v1/matches/{made['id']}/players",
            data={"players": [ann, None]},
            headers=auth,
        )
        assert linked.ok
        for darts in rounds:
            sent = api.post(
                f"/api/v1/matches/{made['id']}/events",
                data={"event": {"type": "round", "darts": darts}},
                headers={**auth, "Idempotency-Key": uuid.uuid4().hex},
            )
            assert sent.status == 201, sent.text()
    page.goto("/players")
    _submit(page, page.get_by_role("link", name=ann))
    expect(page.get_by_role("heading", name=ann)).to_be_visible()
    expect(
        page.get_by_role("img", name="Three-dart average, match by match")
    ).to_be_visible()
    expect(
        page.get_by_role("img", name="Checkout percentage by double")
    ).to_be_visible()
    # the average, the checkout heat map, the scores, and her darts rating's history
    assert page.locator("svg.chart").count() == 4
    assert page.locator("svg.rating-chart").count() == 1
    assert page.locator("svg.heat path.h4").count() == 1  # D20: 1 of 1
    assert page.locator("svg.chart polyline").count() >= 2
    # nothing runs off a phone's width
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    with page.expect_download() as got:
        page.get_by_role("link", name="Export CSV").tap()
    assert got.value.suggested_filename.endswith(".csv")


def test_an_entry_counts_once_the_other_phone_confirms_it(phone: Phone):
    ann = phone()
    url = _start(ann, confirm=True)
    _throw(ann, "T20")
    expect(ann.get_by_text("1 entry not yet confirmed")).to_be_visible()
    ann.get_by_role("link", name="Links for the other sides' phones").tap()
    link = ann.locator("[data-side-link]").first.get_attribute("href")
    assert link
    ann.goto(url)
    bob = phone()
    bob.goto(link)
    expect(bob).to_have_url(url)
    expect(bob.get_by_text("This phone: Bob.")).to_be_visible()
    _submit(bob, bob.get_by_role("button", name=re.compile(r"Confirm 1 entry \(#1\)")))
    expect(bob.get_by_role("status", name="Ruling")).to_contain_text(
        "Bob confirmed #1."
    )
    # Ann's page follows Bob's confirmation by itself (the live stream)
    expect(ann.get_by_text("Every entry is confirmed.")).to_be_visible()
    # Ann's own phone has nothing to confirm; Bob challenges her next dart instead
    expect(ann.get_by_role("button", name=re.compile("^Confirm"))).to_have_count(0)
    _throw(ann, "S5")
    # Bob's page follows Ann's dart by itself (the live stream reloads it); going
    # to the log before that reload lands would be cut short by it.
    expect(bob.get_by_text("1 entry not yet confirmed")).to_be_visible()
    bob.goto(url + "/log")
    bob.get_by_label("What was wrong with #3?").fill("it was S1")
    _submit(bob, bob.get_by_role("button", name="Challenge"))
    expect(ann.get_by_text(re.compile(r"1 challenged"))).to_be_visible()
    ann.goto(url + "/log")
    expect(ann.get_by_text("Challenged by Bob's phone: it was S1")).to_be_visible()


def test_the_voice_caller_is_off_until_toggled_and_then_calls_the_score(page: Page):
    page.add_init_script(SPEECH_STUB)
    _start(page)
    toggle = page.get_by_role("button", name=re.compile("Caller"))
    expect(toggle).to_have_attribute("aria-pressed", "false")
    for code in ("T20", "T20", "T20"):
        _throw(page, code)
    assert page.evaluate("sessionStorage.getItem('spoken')") is None  # still off
    page.get_by_role("button", name=re.compile("Caller")).tap()
    expect(page.get_by_role("button", name="🔊 Caller on")).to_have_attribute(
        "aria-pressed", "true"
    )
    for code in ("S20", "S20", "S20"):
        _throw(page, code)
    spoken = json.loads(page.evaluate("sessionStorage.getItem('spoken')"))
    assert spoken == ["Caller on.", "60. Ann, you require 121."]
    page.reload()  # the same call is not spoken twice
    spoken = json.loads(page.evaluate("sessionStorage.getItem('spoken')"))
    assert spoken == ["Caller on.", "60. Ann, you require 121."]
