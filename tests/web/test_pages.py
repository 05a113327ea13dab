"""The HTML pages: start, score, refuse, undo, correct, share, export, protect."""

from __future__ import annotations

import csv
import io
import re
import uuid

import pytest
from markupsafe import escape

from referee import create_app
from referee import games
from referee import ledger
from referee.db import db
from referee.models import Match
from tests.web.redirects import refusal_page


def start(client, game="darts-301", players="Ann\nBob", **options):
    form = {"players": players, **{f"opt_{k}": v for k, v in options.items()}}
    response = client.post(f"/new/{game}", data=form)
    assert response.status_code == 302, response.text
    return response.headers["Location"].rsplit("/", 1)[-1]


def post_event(client, match_id, seq, idem="tap", **fields):
    return client.post(
        f"/m/{match_id}/events", data={"idem": idem, "seq": seq, **fields}
    )


def version(app, match_id) -> int:
    with app.app_context():
        return db.session.get(Match, match_id).version


def test_home_lists_the_games_and_the_pin_form(client):
    page = client.get("/").text
    assert "Darts: 301" in page
    for game in games.registry().values():
        assert f'href="/new/{game.id}"' in page
        assert str(escape(game.title)) in page  # "Liar's dice" is Liar&#39;s
    assert 'name="pin"' in page


def test_new_match_form_shows_the_games_options(client):
    page = client.get("/new/darts-baseball").text
    assert 'name="opt_newfoundland"' in page
    assert 'name="opt_yogi_berra"' in page
    assert client.get("/new/nope").status_code == 404


def test_starting_a_match_makes_this_browser_its_scorer(client):
    match_id = start(client)
    page = client.get(f"/m/{match_id}").text
    assert "Ann to throw" in page
    assert 'name="seg"' in page  # the dart pad
    assert f"/m/{match_id}/share" in page  # the PIN and QR, on a page of their own
    assert "Scorer PIN" in client.get(f"/m/{match_id}/share").text


def test_a_bad_setup_re_renders_with_the_message_and_what_was_typed(client):
    response = client.post("/new/darts-301", data={"players": "Ann\nann"})
    assert response.status_code == 422
    assert "Two players are called" in response.text
    assert "ann" in response.text
    response = client.post("/new/darts-301", data={"players": "Ann", "opt_legs": "99"})
    assert response.status_code == 422
    assert "legs" in response.text


def test_a_dart_from_the_pad_is_recorded_and_redirects_to_the_board(client, app):
    match_id = start(client)
    response = post_event(client, match_id, 0, type="dart", mult="T", seg="20")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/m/{match_id}")
    page = client.get(f"/m/{match_id}").text
    assert "T20 scores 60" in page
    assert 'href="/rules/darts-301/scoring"' in page


def test_a_double_tap_records_one_dart(client, app):
    match_id = start(client)
    for _ in range(2):
        post_event(client, match_id, 0, idem="same", type="dart", dart="T20")
    assert version(app, match_id) == 1


def test_bad_input_from_a_page_comes_back_to_the_match_with_the_message(client, app):
    match_id = start(client)
    sent = post_event(client, match_id, 0, type="round", darts="T20 T25")
    assert sent.headers["Location"] == f"/m/{match_id}"
    response = refusal_page(client, sent)
    assert "NOT RECORDED" in response.text
    assert "no treble bull" in response.text
    assert "T20 T25" in response.text  # what was typed is kept
    assert version(app, match_id) == 0
    # Once: the page seen again is the match as it is.
    again = client.get(f"/m/{match_id}").text
    assert "no treble bull" not in again
    assert "T20 T25" not in again


def test_a_refused_action_from_a_page_comes_back_to_the_match_with_the_rule(
    client, app
):
    match_id = start(client)
    post_event(client, match_id, 0, idem="a", type="dart", dart="S1")
    sent = post_event(client, match_id, 1, idem="b", type="round", darts="T20")
    assert sent.headers["Location"] == f"/m/{match_id}"
    response = refusal_page(client, sent)
    assert "NOT ALLOWED" in response.text
    assert "/rules/darts-301/" in response.text
    assert version(app, match_id) == 1


def test_a_second_phone_with_an_old_page_is_told_not_a_double_entry(client, app):
    match_id = start(client)
    post_event(client, match_id, 0, idem="a", type="dart", dart="S1")
    sent = post_event(client, match_id, 0, idem="b", type="dart", dart="S5")
    response = refusal_page(client, sent)
    assert "moved on" in response.text
    assert version(app, match_id) == 1


def test_undo_from_the_page_voids_the_last_event(client, app):
    match_id = start(client)
    post_event(client, match_id, 0, idem="a", type="dart", dart="T20")
    response = client.post(f"/m/{match_id}/undo", data={"idem": "u", "seq": 1})
    assert response.status_code == 303
    page = client.get(f"/m/{match_id}").text
    assert "UNDONE" in page
    with app.app_context():
        assert ledger.board(ledger.get(match_id))["sides"][0]["score"] == 301


def test_the_log_page_corrects_an_earlier_event(client, app):
    match_id = start(client)
    post_event(client, match_id, 0, idem="a", type="dart", dart="T20")
    post_event(client, match_id, 1, idem="b", type="dart", dart="S1")
    log = client.get(f"/m/{match_id}/log").text
    assert f"/m/{match_id}/log/1/edit" in log
    form = client.get(f"/m/{match_id}/log/1/edit").text
    # the recorded dart, chosen on the darts pad
    assert 'name="mult" value="T" checked' in form
    assert 'name="seg" value="20" checked' in form
    response = client.post(
        f"/m/{match_id}/log/1/edit",
        data={"idem": "c", "seq": 2, "type": "dart", "dart": "T19", "confirmed": "1"},
    )
    assert response.status_code == 302
    with app.app_context():
        assert ledger.board(ledger.get(match_id))["sides"][0]["score"] == 301 - 57 - 1
    log = client.get(f"/m/{match_id}/log").text
    assert "Replaced by #3" in log


def test_a_correction_that_breaks_later_events_is_refused_on_the_page(client, app):
    match_id = start(client, players="Ann")
    for i, dart in enumerate(["T20", "T20", "T20"]):
        post_event(client, match_id, i, idem=f"d{i}", type="dart", dart=dart)
    post_event(client, match_id, 3, idem="r", type="round", darts="S1 S1 S1")
    sent = client.post(f"/m/{match_id}/undo", data={"idem": "x", "seq": 4, "target": 1})
    response = refusal_page(client, sent)
    assert "#4" in response.text
    assert version(app, match_id) == 4


def test_a_watcher_sees_the_board_but_cannot_score(client, app):
    match_id = start(client)
    watcher = app.test_client()
    page = watcher.get(f"/m/{match_id}").text
    assert "You are watching" in page
    assert 'name="seg"' not in page
    assert "Scorer PIN" not in page
    assert f"/m/{match_id}/share" not in page
    assert watcher.get(f"/m/{match_id}/share").status_code == 403
    response = post_event(watcher, match_id, 0, type="dart", dart="T20")
    assert response.status_code == 403
    assert watcher.post(f"/m/{match_id}/undo", data={"idem": "u"}).status_code == 403
    assert watcher.get(f"/m/{match_id}/qr.svg").status_code == 403
    assert version(app, match_id) == 0


def test_joining_with_the_pin_makes_a_second_phone_a_scorer(client, app):
    match_id = start(client)
    with app.app_context():
        pin = ledger.credentials(ledger.get(match_id)).pin
    phone = app.test_client()
    response = phone.post("/join", data={"pin": f" {pin[:3]} {pin[3:]} "})
    assert response.status_code == 302
    assert 'name="seg"' in phone.get(f"/m/{match_id}").text


def test_a_wrong_pin_is_422_with_an_example(client):
    response = client.post("/join", data={"pin": "000000x"})
    assert response.status_code == 422
    assert "No match in play takes the PIN" in response.text


def test_the_scorer_link_and_its_qr_code(client, app):
    match_id = start(client)
    svg = client.get(f"/m/{match_id}/qr.svg")
    assert svg.mimetype == "image/svg+xml"
    assert b"<svg" in svg.data
    with app.app_context():
        key = ledger.credentials(ledger.get(match_id)).key
    phone = app.test_client()
    assert phone.get(f"/m/{match_id}/join/{key}").status_code == 302
    assert 'name="seg"' in phone.get(f"/m/{match_id}").text
    assert app.test_client().get(f"/m/{match_id}/join/wrong").status_code == 403


def test_exports_hold_the_whole_log(client):
    match_id = start(client)
    post_event(client, match_id, 0, idem="a", type="dart", dart="T20")
    client.post(f"/m/{match_id}/undo", data={"idem": "u", "seq": 1})
    data = client.get(f"/m/{match_id}/export.json").get_json()
    assert [e["kind"] for e in data["events"]] == ["event", "undo"]
    assert data["events"][0]["voided"] is True
    rows = list(csv.reader(io.StringIO(client.get(f"/m/{match_id}/export.csv").text)))
    assert rows[0][:3] == ["seq", "time", "kind"]
    assert [r[0] for r in rows[1:]] == ["1", "2"]
    assert rows[1][-1] == "no"  # the undone dart no longer counts


def test_the_match_page_shows_the_options_in_force_and_rulings_name_them(client):
    match_id = start(client, game="darts-baseball", players="Ann", newfoundland="on")
    page = client.get(f"/m/{match_id}").text
    assert re.search(r"Newfoundland.*?<strong>on</strong>", page, re.S)
    for inning in range(1, 7):
        post_event(
            client,
            match_id,
            inning - 1,
            idem=f"r{inning}",
            type="round",
            darts=f"S{inning} M M",
        )
    post_event(client, match_id, 6, idem="r7", type="round", darts="M M M")
    page = client.get(f"/m/{match_id}").text
    assert "option: Newfoundland" in page  # the option's label, as the form has it
    assert "option: newfoundland" not in page


def test_the_watch_page_refreshes_itself_without_javascript(client):
    match_id = start(client)
    page = client.get(f"/m/{match_id}/watch").text
    assert 'http-equiv="refresh"' in page
    assert "Ann" in page


def test_rulebook_pages_and_search(client):
    assert "Bust" in client.get("/rules/darts-301").text
    rule = client.get("/rules/darts-301/bust")
    assert rule.status_code == 200
    hits = client.get("/rules/?q=went+under").text
    assert "/rules/darts-301/bust" in hits
    assert client.get("/rules/darts-301/nope").status_code == 404


def test_missing_pages_are_friendly_html_not_traces(client):
    response = client.get("/m/nosuchmatch")
    assert response.status_code == 404
    assert "There is no match" in response.text
    assert "Traceback" not in response.text


def test_an_unexpected_error_is_a_friendly_500_page(app, monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(ledger, "board", boom)
    client = app.test_client()
    match_id = start(client)
    response = client.get(f"/m/{match_id}")
    assert response.status_code == 500
    assert "kaboom" not in response.text
    assert "may or may not have been recorded" in response.text


def test_security_headers_on_every_page(client):
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp
    assert "object-src 'none'" in csp
    assert "unsafe-inline" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "max-age=31536000" in response.headers["Strict-Transport-Security"]


@pytest.fixture
def csrf_app(database_url, tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "x" * 40,
            "SQLALCHEMY_DATABASE_URI": database_url,
        }
    )
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_every_form_post_without_a_csrf_token_is_rejected(csrf_app):
    client = csrf_app.test_client()
    posts = [
        rule.rule
        for rule in csrf_app.url_map.iter_rules()
        if "POST" in (rule.methods or set()) and not rule.rule.startswith("/api/")
    ]
    assert len(posts) >= 5
    for path in posts:
        url = re.sub(r"<[^>]+>", "1", path)
        response = client.post(url, data={"players": "Ann", "pin": "123456"})
        assert response.status_code == 400, path
    page = client.get("/new/darts-301").text
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    ok = client.post(
        "/new/darts-301", data={"players": "Ann", "csrf_token": token.group(1)}
    )
    assert ok.status_code == 302


def test_the_log_names_players_not_seat_numbers(client, api):
    match = api.create("gin-rummy", ["Ann", "Bob"])
    event = {
        "type": "knock_counts",
        "knocker": 1,
        "knocker_count": 5,
        "opponent_count": 30,
    }
    assert api.event(match["id"], event).status_code == 201
    page = client.get(f"/m/{match['id']}/log").text
    assert "knocker Bob" in page
    assert "knocker 1" not in page


def test_an_unticked_default_option_stays_unticked_on_a_re_render(client):
    response = client.post("/new/bunko", data={"players": "Ann\nBob"})  # 4 needed
    assert response.status_code == 422
    assert not re.search(r'name="opt_head_table"\s+checked', response.text)
    fresh = client.get("/new/bunko").text
    assert re.search(r'name="opt_head_table"\s+checked', fresh)


def test_a_non_numeric_undo_target_is_refused_not_an_undo_of_the_last(client, app):
    match_id = start(client)
    post_event(client, match_id, 0, idem="a", type="dart", dart="T20")
    sent = client.post(
        f"/m/{match_id}/undo", data={"idem": "u", "seq": 1, "target": "x"}
    )
    assert "is not an event number" in refusal_page(client, sent).text
    assert version(app, match_id) == 1


def test_a_refusal_too_large_for_the_cookie_is_answered_with_the_page(client, app):
    match_id = start(client)
    # Typed text that does not compress: more than a cookie carries.
    typed = " ".join(uuid.uuid4().hex for _ in range(200))
    response = post_event(client, match_id, 0, type="round", darts=typed)
    assert response.status_code == 422
    assert "200 given" in response.text
    assert version(app, match_id) == 0
    # Nothing was kept for the next view of the page.
    assert "200 given" not in client.get(f"/m/{match_id}").text


def test_an_outbox_replay_of_a_refused_form_still_answers_json(client, app):
    match_id = start(client)
    response = client.post(
        f"/m/{match_id}/events",
        data={"idem": "q", "seq": 0, "type": "end_round"},
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 409
    assert "has not thrown" in response.get_json()["detail"]
    assert "has not thrown" not in client.get(f"/m/{match_id}").text


def test_the_match_page_refreshes_to_its_own_address(client):
    match_id = start(client)
    page = client.get(f"/m/{match_id}").text
    assert f'data-page="/m/{match_id}"' in page


def test_ten_wrong_pins_pause_the_pin_alone_but_not_the_pin_with_its_match_code(
    client, app
):
    match_id = start(client)
    with app.app_context():
        pin = ledger.credentials(ledger.get(match_id)).pin
    wrong = "000000" if pin != "000000" else "111111"
    guesser = app.test_client()
    for _ in range(10):
        assert guesser.post("/join", data={"pin": wrong}).status_code == 422
    response = guesser.post("/join", data={"pin": pin})
    assert response.status_code == 429
    assert "a PIN alone is not checked" in response.text
    assert 'name="match"' in response.text  # the page now asks for the match code
    assert 'name="seg"' not in guesser.get(f"/m/{match_id}").text
    # The same address, with the match code: the PIN is checked against that match.
    joined = guesser.post("/join", data={"pin": pin, "match": match_id.upper()})
    assert joined.status_code == 302
    assert 'name="seg"' in guesser.get(f"/m/{match_id}").text


def test_a_finished_match_takes_no_new_scorer_by_pin(client, app):
    match_id = start(client, players="Ann")
    for i, darts in enumerate(["T20 T20 T20", "T20 T11 D14"]):
        post_event(client, match_id, i, idem=f"r{i}", type="round", darts=darts)
    with app.app_context():
        match = ledger.get(match_id)
        assert match.status == "over"
        pin = ledger.credentials(match).pin
    assert app.test_client().post("/join", data={"pin": pin}).status_code == 422


def test_a_correction_form_names_seats_in_the_games_own_seat_order(client, api):
    teams = [
        {"name": "Reds", "players": ["Ann", "Cy"]},
        {"name": "Blues", "players": ["Bob", "Dee"]},
    ]
    match = api.create("bunko", players=None, teams=teams)
    order = match["state"]["detail"]["seats"]
    assert order != ["Ann", "Cy", "Bob", "Dee"]  # partners sit opposite
    assert (
        api.event(
            match["id"], {"type": "first_roll", "player": "Bob", "die": 6}
        ).status_code
        == 201
    )
    client.post("/join", data={"pin": match["pin"]})
    form = client.get(f"/m/{match['id']}/log/1/edit").text
    selected = re.search(r'<option value="(\d)" selected>([^<]+)</option>', form)
    assert selected
    assert selected.group(2) == "Bob"
    assert order[int(selected.group(1))] == "Bob"


def test_a_double_tap_on_start_makes_one_match(client, app):
    form = {"players": "Ann\nBob", "idem": "page-1"}
    first = client.post("/new/darts-301", data=form)
    again = client.post("/new/darts-301", data=form)
    assert first.status_code == again.status_code == 302
    assert again.headers["Location"] == first.headers["Location"]
    with app.app_context():
        assert db.session.query(Match).count() == 1


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/", "keeps the score"),
        ("/rules/", "Search the rules"),
        ("/rules/darts-301", "The rules of Darts: 301"),
        ("/tools/", "rules on what happened"),  # the default
    ],
)
def test_every_page_describes_itself(client, path, said):
    page = client.get(path).text
    found = re.search(r'<meta name="description" content="([^"]+)">', page)
    assert found, path
    assert said in found.group(1)


def test_a_match_page_is_described_by_its_game_and_players(client):
    match_id = start(client)
    page = client.get(f"/m/{match_id}").text
    found = re.search(r'<meta name="description" content="([^"]+)">', page)
    assert found
    assert "Ann, Bob" in found.group(1)
