"""Issue 14 in headless Chromium: the outbox with no signal, and a board kept live.

RELIABILITY.md R8: with the context offline, 20 darts are entered on the scorer's
phone; the page is reloaded (the copy the service worker kept) and still says they
wait; back online the outbox is replayed, then replayed again as if every answer had
been lost. Exactly 20 events are stored, in the order they were tapped. A queued dart
that the match no longer takes (another phone moved it on) is shown with the reason.
"""

from __future__ import annotations

import json
import re
import urllib.request
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext
from playwright.sync_api import Page
from playwright.sync_api import Route
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

Phone = Callable[..., Page]
EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
DARTS = list(range(1, 21))  # S1..S20: 210 points over two players, no bust

# ``page.evaluate`` waits for a promise with no time limit, so each of these gives up
# after 15 s with the step that stalled (under load a full run once hung here).
READ_OUTBOX = """() => new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error("reading the outbox stalled")), 15000);
  const open = indexedDB.open("referee-outbox", 1);
  open.onerror = () => reject(open.error);
  open.onblocked = () => reject(new Error("the outbox was blocked"));
  open.onsuccess = () => {
    const got = open.result.transaction("items").objectStore("items").getAll();
    got.onerror = () => reject(got.error);
    got.onsuccess = () => { open.result.close(); resolve(got.result); };
  };
})"""
PUT_BACK = """(items) => new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error("putting the outbox back stalled")), 15000);
  const open = indexedDB.open("referee-outbox", 1);
  open.onerror = () => reject(open.error);
  open.onblocked = () => reject(new Error("the outbox was blocked"));
  open.onsuccess = () => {
    const tx = open.result.transaction("items", "readwrite");
    items.forEach((i) => tx.objectStore("items").put(i));
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("aborted"));
    tx.oncomplete = () => { open.result.close(); resolve(items.length); };
  };
})"""


def api(base: str, method: str, path: str, body: Any = None, key: str = "") -> Any:
    headers = {"Content-Type": "application/json"}
    if key:
        headers |= {
            "Authorization": f"Bearer {key}",
            "Idempotency-Key": uuid.uuid4().hex,
        }
    request = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        headers=headers,
        method=method,
    )
    with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 (local)
        return json.loads(response.read())


def no_signal(context: BrowserContext, offline: bool) -> None:
    """Offline for the page and for its service worker's own requests too."""

    def cut(route: Route) -> None:
        if route.request.service_worker is not None:
            route.abort("internetdisconnected")
        else:
            route.fallback()

    if offline:
        context.set_offline(True)
        context.route("**/*", cut)
    else:
        context.unroute("**/*")
        context.set_offline(False)


def controlled(page: Page) -> None:
    """Wait for the service worker to take the page (polled from here: the page's CSP
    forbids the eval that ``wait_for_function`` would use)."""
    for _ in range(100):
        if page.evaluate("() => !!navigator.serviceWorker.controller"):
            return
        page.wait_for_timeout(50)
    raise AssertionError("the service worker never took the page")


def tap(page: Page, segment: int) -> None:
    page.get_by_role("form", name="Enter one dart").get_by_role(
        "button", name=str(segment), exact=True
    ).tap()


def status(page: Page) -> Any:
    return page.locator(".outbox-status")


def test_twenty_darts_with_no_signal_are_stored_once_each_in_order(
    phone: Phone, live_server: str
):
    made = api(
        live_server,
        "POST",
        "/api/v1/matches",
        {"game": "darts-301", "players": ["Ann", "Bob"]},
    )
    page = phone(service_workers="allow")
    context = page.context
    page.goto(f"/m/{made['id']}/join/{made['edit_key']}")
    controlled(page)
    page.reload()  # the page as the worker keeps it for later
    expect(status(page)).to_have_text("✓ Saved")

    no_signal(context, True)
    for n, segment in enumerate(DARTS, start=1):
        tap(page, segment)
        expect(status(page)).to_have_text(f"Waiting for signal ({n})")
    page.reload()  # no signal: the kept copy, and the outbox still holds all 20
    expect(status(page)).to_have_text("Waiting for signal (20)")
    queued = page.evaluate(READ_OUTBOX)
    assert [item["what"] for item in queued] == [f"dart S {n}" for n in DARTS]

    no_signal(context, False)
    page.evaluate("window.refereeOutbox.replay()")
    expect(status(page)).to_have_text("✓ Saved")
    # Again, as if every answer had been lost on the way: same keys, nothing new.
    assert page.evaluate(PUT_BACK, queued) == 20
    page.evaluate("window.refereeOutbox.replay()")
    expect(status(page)).to_have_text("✓ Saved")

    log = api(live_server, "GET", f"/api/v1/matches/{made['id']}/events")["events"]
    assert [e["seq"] for e in log] == list(range(1, 21))
    assert [e["event"]["dart"] for e in log] == [f"S{n}" for n in DARTS]
    # Once all went through, the page shows the board as it is now.
    expect(page.get_by_role("status", name="Ruling")).to_contain_text("Ann: S20")

    # A dart queued while another phone moves the match on is refused, and said so.
    no_signal(context, True)
    tap(page, 5)
    api(
        live_server,
        "POST",
        f"/api/v1/matches/{made['id']}/events",
        {"event": {"type": "dart", "dart": "M"}},
        key=made["edit_key"],
    )
    no_signal(context, False)  # the page hears "online", and may reload: no evaluate
    refused = page.get_by_role("alert").filter(has_text="Not recorded")
    expect(refused).to_contain_text(re.compile(r"dart S 5\. The match has moved on"))
    refused.get_by_role("button", name="OK").tap()
    expect(status(page)).to_have_text("✓ Saved")
    log = api(live_server, "GET", f"/api/v1/matches/{made['id']}/events")["events"]
    assert len(log) == 21


def test_a_watching_phone_follows_the_scorer_without_reloading(
    phone: Phone, live_server: str
):
    made = api(
        live_server,
        "POST",
        "/api/v1/matches",
        {"game": "darts-301", "players": ["Ann", "Bob"]},
    )
    watcher = phone()
    watcher.goto(f"/m/{made['id']}/watch")
    watcher.evaluate("window.notReloaded = true")
    expect(watcher.locator("body")).to_have_attribute("data-seq", "0")
    for dart in ("T20", "T19"):
        api(
            live_server,
            "POST",
            f"/api/v1/matches/{made['id']}/events",
            {"event": {"type": "dart", "dart": dart}},
            key=made["edit_key"],
        )
    expect(watcher.locator("body")).to_have_attribute("data-seq", "2")
    expect(watcher.locator(".tv-side .tv-score").first).to_have_text("184")
    assert watcher.evaluate("window.notReloaded") is True  # swapped in place


KEPT = """() => caches.keys().then((names) => Promise.all(names.map((name) =>
  caches.open(name).then((cache) => cache.keys().then((requests) => Promise.all(
    requests.map((r) => cache.match(r).then((kept) => kept.text()))
  )))
))).then((lists) => lists.flat())"""


def test_no_page_that_shows_a_pin_or_key_is_kept_for_offline_use(
    phone: Phone, live_server: str
):
    """The organiser page (every table's PIN and key) and a match's share page are
    sent no-store: the service worker keeps no copy, so once the cookies are cleared
    a phone with no signal shows neither. The scorer's match page is still kept."""
    night = api(
        live_server,
        "POST",
        "/api/v1/tournaments",
        {"kind": "bunko-night", "players": EIGHT},
    )
    made = api(
        live_server,
        "POST",
        "/api/v1/matches",
        {"game": "darts-301", "players": ["Ann", "Bob"]},
    )
    organiser = night["keys"]["organiser"]
    secrets = [organiser["pin"], made["pin"]] + [
        t["pin"] for t in night["keys"]["tables"]
    ]
    page = phone(service_workers="allow")
    context = page.context
    page.goto(f"/n/{night['id']}/t/1/join/{organiser['key']}")
    controlled(page)
    admin = f"/n/{night['id']}/admin"
    page.goto(admin)
    expect(page.locator(".pin").first).to_have_text(night["keys"]["tables"][0]["pin"])
    page.goto(f"/m/{made['id']}/join/{made['edit_key']}")
    page.goto(f"/m/{made['id']}")  # the scorer's page, kept for the outbox
    expect(page.get_by_role("form", name="Enter one dart")).to_be_visible()
    assert not [s for s in secrets if any(s in t for t in page.evaluate(KEPT))]
    page.goto(f"/m/{made['id']}/share")
    expect(page.get_by_label("Scorer PIN")).to_have_text(made["pin"])
    kept = page.evaluate(KEPT)
    assert kept, "the worker keeps the pages it may"
    assert not [s for s in secrets if any(s in text for text in kept)]

    context.clear_cookies()
    no_signal(context, True)
    for path in (admin, f"/m/{made['id']}/share"):
        page.goto(path)
        expect(page.get_by_role("heading", name="No signal")).to_be_visible()
        body = page.locator("body").inner_text()
        assert not [s for s in secrets if s in body], path
    page.goto(f"/m/{made['id']}")
    expect(page.get_by_role("form", name="Enter one dart")).to_be_visible()
    no_signal(context, False)
