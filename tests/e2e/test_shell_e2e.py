"""The match page's shell in Chromium: history, refusals that keep the address,
the back/forward cache, and Share and TV at the top of a small phone (issue 26)."""

from __future__ import annotations

import re
import shutil
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import Page
from playwright.sync_api import Request
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.e2e.serving import CHROMIUM_ARGS
from tests.e2e.serving import Phone
from tests.e2e.serving import phones

pytestmark = pytest.mark.e2e

SMALL = {"viewport": {"width": 360, "height": 640}}
# Recorded on every page before its own scripts: whether it was shown from the
# back/forward cache.
PAGESHOW = """
window.addEventListener("pageshow", function (ev) {
  window.__restored = (window.__restored || 0) + (ev.persisted ? 1 : 0);
});
"""


def new_match(page: Page, game: str = "darts-301") -> tuple[str, str]:
    """A match made through the API: (its id, its edit key)."""
    made = page.context.request.post(
        "/api/v1/matches", data={"game": game, "players": ["Ann", "Bob"]}
    )
    assert made.ok, made.text()
    body = made.json()
    return body["id"], body["edit_key"]


def score(page: Page, match_id: str, key: str) -> None:
    """Open the match as its scorer (the join link, as the QR code's)."""
    page.goto(f"/m/{match_id}/join/{key}")
    expect(page).to_have_url(re.compile(rf"/m/{match_id}$"))


def scoring(page: Page) -> tuple[str, str]:
    """A new match of darts, opened on ``page`` as its scorer: (id, edit key)."""
    match_id, key = new_match(page)
    score(page, match_id, key)
    return match_id, key


def dart(page: Page, number: str) -> None:
    """One single, as a thumb taps it on the pad."""
    pad = page.get_by_role("form", name="Enter one dart")
    # A machine loaded by the whole suite may answer slowly: wait for the pad itself,
    # and if it never comes, say what the page showed instead.
    try:
        pad.wait_for(timeout=20_000)
    except PlaywrightTimeoutError:
        shown = page.locator("body").inner_text(timeout=5_000)[:800]
        raise AssertionError(
            f"no dart pad at {page.url}; the page said: {shown!r}"
        ) from None
    with page.expect_navigation(timeout=20_000):
        pad.get_by_role("button", name=number, exact=True).tap()
    page.wait_for_load_state()


def refuse(page: Page) -> None:
    """Send "no more darts this round" before any dart: refused by the rules.

    The page offers that button only after a dart, so the form is made here with the
    page's own envelope (its token, a fresh key, its seq), as the button would send.
    """
    page.evaluate(
        """() => {
          const envelope = document.querySelector("#entry form");
          const form = document.createElement("form");
          form.method = "post";
          form.action = envelope.action;
          for (const name of ["csrf_token", "seq"]) {
            const field = envelope.querySelector(`input[name=${name}]`);
            form.append(Object.assign(document.createElement("input"),
              {type: "hidden", name, value: field.value}));
          }
          form.append(Object.assign(document.createElement("input"),
            {type: "hidden", name: "idem", value: crypto.randomUUID()}));
          form.append(Object.assign(document.createElement("input"),
            {type: "hidden", name: "type", value: "end_round"}));
          document.querySelector("#entry").append(form);
          form.requestSubmit();
        }"""
    )
    page.wait_for_load_state()


def posts_during(page: Page, action: Any) -> list[str]:
    """The POST requests the page sends while ``action`` runs."""
    sent: list[str] = []

    def seen(request: Request) -> None:
        if request.method == "POST":
            sent.append(request.url)

    page.on("request", seen)
    try:
        action()
    finally:
        page.remove_listener("request", seen)
    return sent


# --- history ------------------------------------------------------------------------


def test_three_darts_then_back_leaves_the_match(phone: Phone) -> None:
    page = phone()
    page.goto("/rules")
    match_id, key = scoring(page)
    before = page.evaluate("history.length")
    for number in ("20", "19", "18"):
        dart(page, number)
    expect(page.locator(".ruling")).to_contain_text("S18")
    assert page.evaluate("history.length") == before, "an entry pushed a history entry"
    page.go_back()
    expect(page).to_have_url(re.compile(r"/rules/?$"))


def test_an_answer_that_is_not_a_redirect_is_shown_at_the_match_address(
    phone: Phone,
) -> None:
    page = phone()
    page.goto("/rules")
    match_id, key = scoring(page)
    busy = "<!doctype html><title>Busy</title><main><h1>Database restarting</h1></main>"
    page.route(
        re.compile(r".*/events$"),
        lambda route: route.fulfill(
            status=503, body=busy, headers={"Content-Type": "text/html"}
        ),
    )
    pad = page.get_by_role("form", name="Enter one dart")
    pad.get_by_role("button", name="20", exact=True).tap()
    expect(page.get_by_role("heading", name="Database restarting")).to_be_visible()
    expect(page).to_have_url(re.compile(rf"/m/{match_id}$"))
    page.unroute(re.compile(r".*/events$"))
    page.go_back()
    expect(page).to_have_url(re.compile(r"/rules/?$"))


# --- refusals answer with the match's own address -----------------------------------


@pytest.mark.parametrize("javascript", [True, False], ids=["with-js", "without-js"])
def test_a_refusal_keeps_the_match_address_and_a_reload_sends_nothing(
    phone: Phone, javascript: bool
) -> None:
    page = phone(java_script_enabled=javascript)
    match_id, key = scoring(page)
    refuse(page)
    expect(page).to_have_url(re.compile(rf"/m/{match_id}$"))
    box = page.locator(".ruling")
    expect(box).to_contain_text("NOT ALLOWED")
    expect(box).to_contain_text("has not thrown this round")
    expect(box).to_have_attribute("role", "status")

    sent = posts_during(page, lambda: page.reload(wait_until="load"))
    assert sent == [], f"the reload sent {sent}"
    expect(page).to_have_url(re.compile(rf"/m/{match_id}$"))
    # Shown once: the reloaded page is the match as it is.
    expect(page.locator(".ruling")).to_have_count(0)
    expect(page.locator(".prompt")).to_contain_text("Ann to throw")


def test_a_refused_entry_keeps_what_was_typed_for_the_retry(phone: Phone) -> None:
    page = phone()
    match_id, key = scoring(page)
    # The whole round's total, typed: 181 cannot be scored with three darts.
    page.evaluate(
        """() => {
          const form = [...document.querySelectorAll("#entry form")]
            .find(f => f.querySelector("input[name=points]"));
          form.closest("details").open = true;
          form.querySelector("input[name=points]").value = "181";
          form.querySelector("input[name=darts]").value = "3";
          form.requestSubmit();
        }"""
    )
    page.wait_for_load_state()
    # The same address before and after: wait for the answer itself (a loaded
    # machine may take more than expect's default five seconds).
    expect(page.locator(".error-box")).to_contain_text("181", timeout=15_000)
    expect(page).to_have_url(re.compile(rf"/m/{match_id}$"))
    expect(page.locator("input[name=points]")).to_have_value("181")


# --- the back/forward cache -----------------------------------------------------------


@pytest.fixture(scope="module")
def caching(browser: Browser, live_server: str) -> Iterator[Phone]:
    """Phones of a Chromium with its back/forward cache on (Playwright turns it off)."""
    own = browser.browser_type.launch(
        executable_path=shutil.which("chromium"),
        args=CHROMIUM_ARGS,
        headless=True,
        ignore_default_args=["--disable-back-forward-cache"],
    )
    try:
        with phones(own, live_server) as open_phone:

            def open_caching_phone() -> Page:
                page = open_phone()
                page.context.add_init_script(PAGESHOW)
                return page

            yield open_caching_phone
    finally:
        own.close()


def restored_from_the_cache(page: Page, leave: Any) -> list[str]:
    """Leave the page with ``leave``, come back: why it was not kept (none: kept)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.enable")
    reasons: list[str] = []
    cdp.on(
        "Page.backForwardCacheNotUsed",
        lambda ev: reasons.extend(
            r["reason"] for r in ev.get("notRestoredExplanations", [])
        ),
    )
    leave()
    # A page restored from the cache fires pageshow, never load: wait for either.
    page.go_back(wait_until="commit")
    page.wait_for_function(
        "document.readyState === 'complete' && (window.__restored || 0) + 1 > 0"
    )
    page.wait_for_timeout(200)  # the CDP event comes just after the navigation
    if not reasons and page.evaluate("window.__restored || 0") != 1:
        reasons.append("the page was loaded again, not restored")
    return reasons


def test_a_match_page_is_restored_from_the_back_forward_cache(caching: Phone) -> None:
    page = caching()
    match_id, key = scoring(page)
    dart(page, "20")
    # Its live stream is open before it is left.
    page.wait_for_timeout(300)

    def to_the_rules() -> None:
        with page.expect_navigation():
            page.locator("header").get_by_role("link", name="Rules").tap()
        expect(page).to_have_url(re.compile(r"/rules/darts-301$"))

    assert restored_from_the_cache(page, to_the_rules) == []
    expect(page).to_have_url(re.compile(rf"/m/{match_id}$"))
    # Shown again, it follows the match again: a dart from another phone appears.
    other = page.context.request.post(
        f"/api/v1/matches/{match_id}/events",
        data={"event": {"type": "dart", "dart": "T20"}},
        headers={"Authorization": f"Bearer {key}", "Idempotency-Key": uuid.uuid4().hex},
    )
    assert other.ok, other.text()
    expect(page.locator(".ruling")).to_contain_text("T20", timeout=8_000)


@pytest.mark.parametrize(
    ("kind", "body"),
    [
        (
            "round-robin",
            {
                "kind": "round-robin",
                "game": "darts-301",
                "players": ["Ann", "Bob", "Cy", "Dee"],
                "stations": ["Board 1", "Board 2"],
            },
        ),
        (
            "bunko-night",
            {"kind": "bunko-night", "players": [f"P{i}" for i in range(1, 9)]},
        ),
    ],
)
def test_a_tournament_page_is_restored_from_the_back_forward_cache(
    caching: Phone, kind: str, body: dict[str, Any]
) -> None:
    page = caching()
    made = page.context.request.post("/api/v1/tournaments", data=body)
    assert made.ok, made.text()
    page.goto(f"/n/{made.json()['id']}")
    page.wait_for_timeout(300)

    def to_the_rules() -> None:
        with page.expect_navigation():
            page.locator("header").get_by_role("link", name="Rules").tap()

    assert restored_from_the_cache(page, to_the_rules) == [], kind


# --- share and the TV board at the top ------------------------------------------------


def test_share_and_tv_are_one_tap_from_the_top_of_a_small_phone(phone: Phone) -> None:
    page = phone(**SMALL)
    match_id, key = scoring(page)
    top = page.locator("header")
    for name in ("Share", "TV"):
        link = top.get_by_role("link", name=name, exact=True)
        box = link.bounding_box()
        assert box is not None, name
        assert box["y"] + box["height"] <= 640, name
        assert box["height"] >= 44, name
        assert box["width"] >= 44, name
    with page.expect_navigation():
        top.get_by_role("link", name="Share", exact=True).tap()
    expect(page.get_by_label("Scorer PIN")).to_have_text(re.compile(r"^\d{6}$"))
    page.go_back()
    with page.expect_navigation():
        top.get_by_role("link", name="TV", exact=True).tap()
    expect(page).to_have_url(re.compile(rf"/m/{match_id}/watch$"))

    # A watcher (another phone, no key) has the TV board there, and no Share.
    watcher = phone(**SMALL)
    watcher.goto(f"/m/{match_id}")
    bar = watcher.locator("header")
    expect(bar.get_by_role("link", name="TV", exact=True)).to_be_visible()
    expect(bar.get_by_role("link", name="Share", exact=True)).to_have_count(0)


# --- undone rows are readable ------------------------------------------------------

CONTRAST = """(el) => {
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => {
    v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  }).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  let back = el, bg = "rgba(0, 0, 0, 0)", faded = 1;
  for (let e = el; e; e = e.parentElement) faded *= Number(getComputedStyle(e).opacity);
  while (back && rgb(bg = getComputedStyle(back).backgroundColor)[3] === 0) {
    back = back.parentElement;
  }
  const ink = rgb(getComputedStyle(el).color), paper = rgb(bg);
  // An element drawn at opacity < 1 blends its ink into the paper.
  const seen = ink.slice(0, 3).map((v, i) => v * faded + paper[i] * (1 - faded));
  const [a, b] = [lum(seen), lum(paper)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_undone_log_rows_keep_a_contrast_of_four_and_a_half(
    phone: Phone, theme: str
) -> None:
    page = phone(color_scheme=theme)
    match_id, key = scoring(page)
    dart(page, "20")
    with page.expect_navigation():
        page.get_by_role("button", name="Undo last").tap()
    row = page.locator(".log li.voided").first
    for part in row.locator("span:not(.cites)").all():
        ratio = part.evaluate(CONTRAST)
        assert ratio >= 4.5, f"{part.inner_text()!r}: {ratio:.2f}:1 in {theme}"
