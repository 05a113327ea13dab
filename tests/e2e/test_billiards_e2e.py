"""Pool on a 390x844 phone in headless Chromium: look up a foul, then score a rack."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator
from playwright.sync_api import Page
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

MIN_TAP_PX = 44
PHONE_VIEW = {"width": 390, "height": 844}
# Everything a thumb taps: buttons, links, fold-outs, chips and checkbox rows.
TAP_TARGETS = "button, a, summary, label.chip, label.bl-pick, label.check"

Phone = Callable[..., Page]  # the conftest's ``phone`` fixture


# --- what a player does -----------------------------------------------------------


def submit(page: Page, target: Locator) -> None:
    """Tap something that sends a form, and wait for the page that comes back."""
    with page.expect_navigation():
        target.tap()
    page.wait_for_load_state()


def tap_ball(area: Locator, ball: str) -> None:
    """Tap a ball chip (its label: the input itself is hidden under the ball)."""
    chip = area.page.get_by_label(f"{ball} ball", exact=True)
    area.locator("label.bl-pick").filter(has=chip).tap()
    expect(area.get_by_label(f"{ball} ball", exact=True)).to_be_checked()


def quick(page: Page) -> Locator:
    return page.get_by_role("region", name="Enter a shot")


def pocket(page: Page, *balls: int) -> None:
    """A legal shot that made ``balls``: one ball is its own button (one tap);
    several are ticked under "Several balls went in", then sent."""
    area = quick(page)
    if len(balls) == 1:
        submit(page, area.get_by_role("button", name=re.compile(f" the {balls[0]}$")))
        return
    area.get_by_text("Several balls went in").tap()
    several = area.get_by_role("form", name="Balls pocketed on a legal shot")
    for ball in balls:
        tap_ball(several, str(ball))
    submit(page, several.get_by_role("button", name=re.compile(r", these went in$")))


def score(page: Page, player: str) -> Locator:
    return page.locator(f".bl-side[data-side='{player}'] .score")


def ruling(page: Page) -> Locator:
    return page.locator(".ruling")


def small_targets(page: Page) -> list[str]:
    """Visible tap targets in ``main`` under 44 px tall, described for the message."""
    small = []
    for control in page.locator("main").locator(TAP_TARGETS).all():
        if not control.is_visible():
            continue
        box = control.bounding_box()
        assert box is not None
        if box["height"] < MIN_TAP_PX:
            html = control.evaluate("e => e.outerHTML.slice(0, 90)")
            small.append(f"{html} is {box['height']:.0f} px tall")
    return small


def open_all(page: Page) -> None:
    """Unfold every <details> so the rare questions are measured too."""
    page.locator("main details").evaluate_all(
        "all => all.forEach(d => d.setAttribute('open', ''))"
    )


# --- the tests --------------------------------------------------------------------


def test_look_up_scratch_then_ask_what_happened(phone: Phone, shots: Path) -> None:
    page = phone(java_script_enabled=False)  # the lookup and the page need no script
    page.goto("/")
    lookup = page.get_by_role("region", name="Look up a pool foul")
    lookup.get_by_label("Search the pool fouls and rules").fill("scratch")
    submit(page, lookup.get_by_role("button", name="Search"))
    first = page.get_by_role("list").get_by_role("link").first
    expect(first).to_contain_text("Cue ball scratch")
    expect(first).to_contain_text("billiards/19")
    page.screenshot(path=shots / "lookup.png", full_page=True)
    assert not small_targets(page), small_targets(page)
    submit(page, first)
    expect(
        page.get_by_role("heading", name=re.compile("Cue ball scratch"))
    ).to_be_visible()
    expect(page.locator(".penalty")).to_contain_text("Foul (rule 16)")
    page.screenshot(path=shots / "rule-19.png", full_page=True)

    page.goto("/tools/billiards/shot")
    common = page.get_by_role("form", name="The common calls")
    common.get_by_role("radio", name="9-ball").tap()
    page.screenshot(path=shots / "what-happened-form.png")
    # A scratch is one tap, within the first two screens of a 360 px phone.
    scratch = common.get_by_role("button", name="Scratch: cue ball went in")
    page.set_viewport_size({"width": 360, "height": 640})
    box = scratch.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= 2 * 640, box
    page.set_viewport_size(PHONE_VIEW)
    submit(page, scratch)
    call = page.get_by_role("region", name="The call")
    expect(call).to_contain_text("FOUL")
    expect(call).to_contain_text("The cue ball went into a pocket (scratch)")
    expect(call).to_contain_text("cue ball in hand anywhere on the table")
    expect(call.get_by_role("link", name="billiards/19").first).to_be_visible()
    page.screenshot(path=shots / "what-happened-first-screen.png")
    # The answer keeps what was tapped, so one more fact is one more tap.
    page.get_by_text("Something else happened…").tap()
    facts = page.get_by_role("form", name="What happened")
    expect(facts.get_by_role("radio", name="Went in a pocket")).to_be_checked()
    expect(facts.get_by_role("radio", name="9-ball")).to_be_checked()
    page.screenshot(path=shots / "what-happened.png", full_page=True)
    open_all(page)
    assert not small_targets(page), small_targets(page)

    submit(page, call.get_by_role("link", name="billiards/19").first)
    expect(page).to_have_url(re.compile(r"/rules/billiards/19$"))


def test_a_rack_of_9_ball_scored_by_tapping(page: Page, shots: Path) -> None:
    page.goto("/")
    submit(page, page.get_by_role("link", name=re.compile("^Billiards")))
    page.get_by_label("Players").fill("Ann\nBob")
    page.get_by_role("radio", name="9-ball").tap()
    page.get_by_label("Race to", exact=True).fill("3")
    submit(page, page.get_by_role("button", name="Start", exact=True))
    expect(page.locator(".prompt")).to_have_text(
        "Lag for the break (or say who breaks)."
    )

    page.screenshot(path=shots / "match-lag.png", full_page=True)
    open_all(page)  # the lag faults, forfeit and share panels count too
    assert not small_targets(page), small_targets(page)
    lag = page.get_by_role("region", name="Lag for the break")
    lag.get_by_role("radio", name="Ann").tap()
    submit(page, lag.get_by_role("button", name="Record the lag"))
    expect(ruling(page)).to_contain_text("Ann wins the lag")
    submit(page, page.get_by_role("button", name="Ann breaks"))
    expect(page.locator(".prompt")).to_contain_text("Ann to break")

    pocket(page, 1, 2)  # the break
    expect(ruling(page)).to_contain_text("Ann: legal shot, the 1 and the 2 pocketed")
    submit(page, page.get_by_role("button", name="Missed: nothing went in"))
    expect(page.locator(".prompt")).to_have_text("Bob at the table, on the 3.")

    # Bob's shot makes nothing and the cue ball drops: the facts, not the verdict.
    page.get_by_text("Something else happened…").tap()
    facts = page.get_by_role("form", name="Describe the shot")
    facts.get_by_role("radio", name="Went in a pocket").tap()
    page.screenshot(path=shots / "match-foul-form.png", full_page=True)
    # The button that rules is within the first two screens of a 360 px phone.
    page.set_viewport_size({"width": 360, "height": 640})
    page.evaluate("window.scrollTo(0, 0)")
    go = facts.get_by_role("button", name="Rule on this shot")
    top = go.evaluate("b => b.getBoundingClientRect().top + window.scrollY")
    assert top + go.bounding_box()["height"] <= 2 * 640, top
    page.set_viewport_size(PHONE_VIEW)
    open_all(page)
    assert not small_targets(page), small_targets(page)
    submit(page, go)
    expect(ruling(page)).to_contain_text("FOUL")
    expect(ruling(page)).to_contain_text("Bob: foul, the cue ball went into a pocket")
    ruling(page).locator("summary").tap()  # one line, opened to its rule links
    expect(ruling(page).get_by_role("link", name="billiards/19")).to_be_visible()
    expect(page.locator(".bl-hand")).to_have_text("cue in hand anywhere")
    expect(page.locator(".bl-sides")).to_contain_text("1 in a row")
    page.screenshot(path=shots / "match-after-foul.png", full_page=True)
    page.screenshot(path=shots / "match-after-foul-first-screen.png")

    pocket(page, 3, 4)
    pocket(page, 5)
    pocket(page, 6, 7, 8)
    expect(page.locator(".bl-rack")).to_have_attribute("aria-label", "On the table: 9")
    pocket(page, 9)
    expect(ruling(page)).to_contain_text("Ann wins the rack (Ann 1, Bob 0)")
    expect(score(page, "Ann")).to_have_text("1")
    expect(score(page, "Bob")).to_have_text("0")
    expect(page.locator(".prompt")).to_contain_text("Ann to break")
    nine = quick(page).get_by_role("button", name="Broke and made the 9")
    expect(nine).to_be_visible()
    page.screenshot(path=shots / "match-rack-won.png", full_page=True)
    assert not small_targets(page), small_targets(page)


def test_where_do_spotted_balls_go_from_the_home_page(
    phone: Phone, shots: Path
) -> None:
    page = phone(java_script_enabled=False)  # a GET form: no script needed
    page.goto("/")
    lookup = page.get_by_role("region", name="Look up a pool foul")
    submit(page, lookup.get_by_role("link", name="Spotting"))
    expect(page.get_by_role("heading", name="Where do the balls go?")).to_be_visible()
    form = page.get_by_role("form", name="Balls to spot")
    tap_ball(form, "9")
    tap_ball(form, "3")
    form.get_by_role("checkbox", name="Foot spot").tap()
    form.get_by_role("radio", name="2 behind").tap()
    page.screenshot(path=shots / "spot-form.png")
    open_all(page)
    assert not small_targets(page), small_targets(page)
    submit(page, form.get_by_role("button", name="Where do they go?"))

    answer = page.get_by_role("region", name="Where the balls go")
    expect(answer).to_contain_text("SPOT 2 BALLS")
    steps = answer.get_by_role("listitem")
    expect(steps).to_have_count(2)
    expect(steps.nth(0)).to_contain_text("One ball-width behind the foot spot")
    expect(steps.nth(0).locator(".bl-ball")).to_have_text("3")
    expect(steps.nth(1)).to_contain_text("Three ball-widths behind the foot spot")
    expect(steps.nth(1)).to_contain_text("close to the cue ball but not touching it")
    expect(answer.get_by_role("link", name="billiards/31")).to_be_visible()
    # The long string drawn in order: the ball already there, the 3, the cue, the 9.
    cells = answer.locator(".bl-string .bl-cell").all_inner_texts()
    assert [c.strip() for c in cells if c.strip()] == ["?", "3", "cue", "9"]
    # What was tapped stays tapped, so a changed fact is one more tap.
    expect(form.get_by_role("checkbox", name="Foot spot")).to_be_checked()
    page.screenshot(path=shots / "spot-answer.png", full_page=True)
    page.screenshot(path=shots / "spot-answer-first-screen.png")
    assert not small_targets(page), small_targets(page)


def test_who_won_the_lag_on_a_phone(phone: Phone, shots: Path) -> None:
    page = phone(java_script_enabled=False)
    page.goto("/tools/billiards/lag")
    page.get_by_role("radio", name="Player 1").tap()
    faults = page.get_by_role("group", name="Player 1's ball…")
    faults.get_by_role("checkbox", name="touched a long cushion").tap()
    open_all(page)
    assert not small_targets(page), small_targets(page)
    submit(page, page.get_by_role("button", name="Who won?"))
    call = page.get_by_role("region", name="The call")
    expect(call).to_contain_text("PLAYER 2 WINS")
    expect(call).to_contain_text("Player 1's ball touched a long cushion")
    expect(call.get_by_role("link", name="billiards/5")).to_be_visible()
    page.screenshot(path=shots / "lag-answer.png", full_page=True)
