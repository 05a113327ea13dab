"""PIN joins: at most ten wrong guesses per PIN per window, however many arrive at
once; a lockout closes that PIN, never a network; 429 with Retry-After; a new PIN;
the QR link still joins. See docs/security.md."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest

from referee import ledger
from referee.web import access

BURST = 40


def _pin_of(app, match_id: str) -> str:
    with app.app_context():
        return ledger.credentials(ledger.get(match_id)).pin


def _wrong(pin: str) -> str:
    return "000000" if pin != "000000" else "111111"


@pytest.fixture
def checks(monkeypatch):
    """Count the PIN checks that reach the database, each one slowed a little so
    that a check-then-count race (the old limiter) would let the whole burst in."""
    seen = []
    lock = threading.Lock()
    real = ledger.by_pin

    def counted(pin):
        with lock:
            seen.append(pin)
        time.sleep(0.05)
        return real(pin)

    monkeypatch.setattr(ledger, "by_pin", counted)
    return seen


def _burst(app, path: str, form: dict) -> list:
    """``BURST`` posts at once, each from a browser session of its own."""
    clients = [app.test_client() for _ in range(BURST)]
    start = threading.Barrier(BURST)
    answers: list = [None] * BURST

    def one(i: int) -> None:
        start.wait()
        answers[i] = clients[i].post(path, data=form)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(BURST)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return answers


def _limited(answers: list) -> None:
    statuses = sorted(a.status_code for a in answers)
    assert set(statuses) <= {422, 429}, statuses  # never a 500
    assert statuses.count(422) <= access.WRONG_PINS
    for a in answers:
        if a.status_code == 429:
            assert 1 <= int(a.headers["Retry-After"]) <= 600


@pytest.mark.slow
def test_forty_wrong_pins_at_once_on_the_home_page_check_at_most_ten(
    client, api, app, checks
):
    match = api.create("darts-301")
    answers = _burst(app, "/join", {"pin": _wrong(match["pin"])})
    assert len(checks) <= access.WRONG_PINS
    _limited(answers)
    # The same address, the right PIN with its match code: it joins.
    phone = app.test_client()
    joined = phone.post("/join", data={"pin": match["pin"], "match": match["id"]})
    assert joined.status_code == 302


@pytest.mark.slow
def test_forty_wrong_pins_at_once_at_one_match_check_at_most_ten(
    client, api, app, checks
):
    target, other = api.create("darts-301"), api.create("darts-301")
    answers = _burst(app, f"/m/{target['id']}/join", {"pin": _wrong(target["pin"])})
    assert len(checks) <= access.WRONG_PINS
    _limited(answers)
    assert sum(a.status_code == 429 for a in answers) >= BURST - access.WRONG_PINS
    # Another match's PIN from the same address joins, on its page and at home.
    assert (
        app.test_client()
        .post(f"/m/{other['id']}/join", data={"pin": other["pin"]})
        .status_code
        == 303
    )
    home = app.test_client().post("/join", data={"pin": other["pin"]})
    assert home.status_code == 302


def test_a_locked_pin_refuses_even_the_right_pin_with_retry_after(client, api, app):
    match = api.create("darts-301")
    path = f"/m/{match['id']}/join"
    guesser = app.test_client()
    for _ in range(access.WRONG_PINS):
        wrong = guesser.post(path, data={"pin": _wrong(match["pin"])})
        assert wrong.status_code == 422
        assert "not this match&#39;s PIN" in wrong.text
    phone = app.test_client()
    locked = phone.post(path, data={"pin": match["pin"]})
    assert locked.status_code == 429
    assert 540 <= int(locked.headers["Retry-After"]) <= 600
    assert "Too many wrong guesses at this match&#39;s PIN" in locked.text
    # Nor on the home page, where it answers as a wrong PIN does (no oracle).
    home = phone.post("/join", data={"pin": match["pin"]})
    assert home.status_code == 422
    assert 'name="seg"' not in phone.get(f"/m/{match['id']}").text


def test_the_qr_link_joins_while_the_pin_is_locked(client, api, app):
    match = api.create("darts-301")
    guesser = app.test_client()
    for _ in range(access.WRONG_PINS + 1):
        guesser.post(f"/m/{match['id']}/join", data={"pin": _wrong(match["pin"])})
    phone = app.test_client()
    assert phone.get(f"/m/{match['id']}/join/{match['edit_key']}").status_code == 302
    assert 'name="seg"' in phone.get(f"/m/{match['id']}").text


def test_a_right_pin_gives_its_slot_back(client, api, app):
    match = api.create("darts-301")
    for _ in range(access.WRONG_PINS * 2):
        phone = app.test_client()
        assert phone.post("/join", data={"pin": match["pin"]}).status_code == 302
    wrong = app.test_client().post("/join", data={"pin": _wrong(match["pin"])})
    assert wrong.status_code == 422


def test_the_window_ends_and_the_pin_takes_guesses_again(client, api, app, monkeypatch):
    match = api.create("darts-301")
    path = f"/m/{match['id']}/join"
    for _ in range(access.WRONG_PINS + 1):
        app.test_client().post(path, data={"pin": _wrong(match["pin"])})
    later = access.utcnow() + access.WINDOW + timedelta(seconds=1)
    monkeypatch.setattr(access, "utcnow", lambda: later)
    assert app.test_client().post(path, data={"pin": match["pin"]}).status_code == 303


def test_the_scorer_issues_a_new_pin_on_the_page(client, app):
    made = client.post("/new/darts-301", data={"players": "Ann\nBob"})
    match_id = made.headers["Location"].rsplit("/", 1)[-1]
    old = _pin_of(app, match_id)
    guesser = app.test_client()
    for _ in range(access.WRONG_PINS + 1):
        guesser.post(f"/m/{match_id}/join", data={"pin": _wrong(old)})
    page = client.get(f"/m/{match_id}/share").text
    assert "New PIN" in page
    assert match_id in page  # the match code
    issued = client.post(f"/m/{match_id}/pin", data={"idem": "n1", "seq": 0})
    assert issued.status_code == 303
    assert issued.headers["Location"].endswith(f"/m/{match_id}/share")
    new = _pin_of(app, match_id)
    assert new != old
    assert new in client.get(f"/m/{match_id}/share").text
    phone = app.test_client()
    assert phone.post(f"/m/{match_id}/join", data={"pin": old}).status_code == 422
    assert phone.post(f"/m/{match_id}/join", data={"pin": new}).status_code == 303
    # A watcher cannot replace the PIN.
    watcher = app.test_client()
    refused = watcher.post(f"/m/{match_id}/pin", data={"idem": "n2", "seq": 0})
    assert refused.status_code == 403
    assert _pin_of(app, match_id) == new


def test_the_scorer_issues_a_new_pin_over_the_api(client, api, app):
    match = api.create("darts-301", confirm=True)
    path = f"/api/v1/matches/{match['id']}/pin"
    side = match["side_keys"][0]["key"]
    for bearer, status in [(None, 401), ("nope", 403), (side, 403)]:
        headers = {"Authorization": f"Bearer {bearer}"} if bearer else {}
        refused = client.post(path, headers=headers)
        assert refused.status_code == status
        assert refused.mimetype == "application/problem+json"
    assert _pin_of(app, match["id"]) == match["pin"]
    answer = client.post(path, headers={"Authorization": f"Bearer {match['edit_key']}"})
    assert answer.status_code == 200
    new = answer.get_json()["pin"]
    assert new != match["pin"]
    assert len(new) == 6
    assert new.isdigit()
    assert _pin_of(app, match["id"]) == new
    old = app.test_client().post("/join", data={"pin": match["pin"]})
    assert old.status_code == 422
    assert app.test_client().post("/join", data={"pin": new}).status_code == 302


def test_a_nights_pins_share_one_budget_and_answer_429_with_retry_after(client, app):
    eight = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    made = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": eight}
    ).get_json()
    other = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": eight}
    ).get_json()
    pins = {made["keys"]["organiser"]["pin"]} | {
        t["pin"] for t in made["keys"]["tables"]
    }
    wrong = next(f"{n:06d}" for n in range(10**6) if f"{n:06d}" not in pins)
    guesser = app.test_client()
    for _ in range(access.WRONG_PINS):
        answer = guesser.post(f"/n/{made['id']}/join", data={"pin": wrong})
        assert answer.status_code == 422
    table_pin = made["keys"]["tables"][0]["pin"]
    locked = app.test_client().post(f"/n/{made['id']}/join", data={"pin": table_pin})
    assert locked.status_code == 429
    assert int(locked.headers["Retry-After"]) > 0
    # Another night's PIN, from the same address, still joins.
    other_pin = other["keys"]["tables"][0]["pin"]
    joined = app.test_client().post(f"/n/{other['id']}/join", data={"pin": other_pin})
    assert joined.status_code == 302


def test_claim_codes_are_limited_per_profile_with_retry_after(client, api, app):
    match = api.create("darts-301")
    linked = client.put(
        f"/api/v1/matches/{match['id']}/players",
        json={"players": ["Ann Smith", "Bob Jones"]},
        headers={"Authorization": f"Bearer {match['edit_key']}"},
    )
    assert linked.status_code == 200, linked.get_json()
    ann, bob = (s["player"]["id"] for s in linked.get_json()["players"])
    guesser = app.test_client()
    nope = {"idem": "x", "code": "NOPE"}
    for _ in range(access.WRONG_PINS):
        wrong = guesser.post(f"/players/{ann}/claim", data=nope)
        assert wrong.status_code == 422
    locked = guesser.post(f"/players/{ann}/claim", data=nope)
    assert locked.status_code == 429
    assert int(locked.headers["Retry-After"]) > 0
    # Bob's profile keeps its own budget.
    other = guesser.post(f"/players/{bob}/claim", data=nope)
    assert other.status_code == 422


def test_the_api_join_is_limited_per_match_with_a_429_problem_and_retry_after(
    client, api, app
):
    match, other = api.create("darts-301"), api.create("darts-301")
    path = f"/api/v1/matches/{match['id']}/join"
    for _ in range(access.WRONG_PINS):
        wrong = client.post(path, json={"pin": _wrong(match["pin"])})
        assert wrong.status_code == 403
        assert wrong.mimetype == "application/problem+json"
    locked = client.post(path, json={"pin": match["pin"]})
    assert locked.status_code == 429
    assert locked.mimetype == "application/problem+json"
    assert locked.get_json()["type"] == "/api/v1/problems/too-many-pins"
    assert 540 <= int(locked.headers["Retry-After"]) <= 600
    joined = client.post(
        f"/api/v1/matches/{other['id']}/join", json={"pin": other["pin"]}
    )
    assert joined.status_code == 200
    assert joined.get_json()["edit_key"] == other["edit_key"]
    assert client.post(path, json={"pin": 482913}).status_code == 422
    assert client.post(path, json={"pin": "1", "x": 1}).status_code == 422


def test_the_api_join_gives_no_table_key_of_a_night(client):
    eight = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    night = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": eight}
    ).get_json()
    table_match = night["tables"][0]["match"]
    refused = client.post(f"/api/v1/matches/{table_match}/join", json={"pin": "123456"})
    assert refused.status_code == 409
