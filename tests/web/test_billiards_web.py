"""Pool on the web: a 9-ball match by API and by page, the lookup, "what happened?"."""

from __future__ import annotations

import re
import uuid
from html.parser import HTMLParser
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from tests.web.redirects import refusal_page

# Each phrase players use, and the rule it must find in the top three (issue 4).
PHRASES = {
    "scratch": "19",
    "scratched": "19",
    "cue ball went in": "19",
    "jumped off": "27",
    "push": "23",
    "double hit": "22",
    "frozen": "37",
    "kitchen": "38",
    "moving ball": "13",
    "chalk fell": "24",
    "measuring the gap": "41",
    "lag": "5",
}


# --- helpers -------------------------------------------------------------------------


class _Forms(HTMLParser):
    """The forms of a page, with what each would send if submitted untouched."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._open: dict[str, Any] | None = None
        self._button: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._open = {"label": a.get("aria-label", ""), "fields": [], "buttons": []}
            self.forms.append(self._open)
        elif tag == "input" and self._open is not None and "name" in a:
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox") and "checked" not in a:
                return
            self._open["fields"].append((a["name"], a.get("value", "")))
        elif (
            tag == "button"
            and self._open is not None
            and a.get("type", "submit") == "submit"
        ):
            self._button = {"name": a.get("name"), "value": a.get("value", "")}
            self._button["text"] = a.get("aria-label", "")
            self._button["labelled"] = bool(a.get("aria-label"))
            self._open["buttons"].append(self._button)

    def handle_data(self, data: str) -> None:
        if self._button is not None and not self._button.get("labelled"):
            self._button["text"] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._open = None
        elif tag == "button" and self._button is not None:
            self._button["text"] = " ".join(self._button["text"].split())
            self._button = None


def form_fields(page: str, label: str) -> list[tuple[str, str]]:
    """What the form named ``label`` sends as rendered (checked radios, hidden)."""
    parser = _Forms()
    parser.feed(page)
    found = [f for f in parser.forms if f["label"] == label]
    assert found, f"no form labelled {label!r}"
    return list(found[0]["fields"])


def button_sends(page: str, text: str) -> list[tuple[str, str]]:
    """What one tap on the submit button named ``text`` sends, as rendered."""
    parser = _Forms()
    parser.feed(page)
    for form in parser.forms:
        for button in form["buttons"]:
            if button["text"] == text:
                pressed = [(button["name"], button["value"])] if button["name"] else []
                return list(form["fields"]) + pressed
    raise AssertionError(f"no button {text!r}")


def with_changes(
    fields: list[tuple[str, str]], **changes: str
) -> list[tuple[str, str]]:
    """The rendered form's fields with some answers changed (a radio re-tapped)."""
    kept = [(k, v) for k, v in fields if k not in changes]
    return kept + list(changes.items())


def start_page_match(client, game: str = "9-ball", race: int = 3) -> str:
    response = client.post(
        "/new/billiards",
        data={"players": "Ann\nBob", "opt_game": game, "opt_race": str(race)},
    )
    assert response.status_code == 302, response.text
    return response.headers["Location"].rsplit("/", 1)[-1]


def tap(client, match_id: str, data: Any) -> Any:
    """Post one form of the match page, as a browser does (CSRF is off in tests)."""
    if isinstance(data, dict):
        data = list(data.items())
    data = [(k, v) for k, v in data if k not in ("idem", "seq", "csrf_token")]
    data.append(("idem", uuid.uuid4().hex))
    return client.post(f"/m/{match_id}/events", data=MultiDict(data))


def ok(api, match_id: str, event: dict[str, Any]) -> Any:
    response = api.event(match_id, event)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def top_three_on_the_page(client, phrase: str) -> list[str]:
    """The first three hits of the search box as the home page sends it (all games)."""
    page = client.get("/rules/", query_string={"q": phrase}).text
    hits = page.split('<ol class="hits">', 1)[1].split("</ol>", 1)[0]
    return re.findall(r'href="/rules/([^"]+)"', hits)[:3]


# --- a race-to-3 9-ball match through the API ---------------------------------------


def test_a_9_ball_match_with_a_foul_a_warning_and_a_forfeit_through_the_api(api):
    match = api.create("billiards", options={"game": "9-ball", "race": 3})
    mid = match["id"]
    lag = ok(api, mid, {"type": "lag", "closer": "Ann", "second_faults": []})
    assert lag["ruling"]["rules"] == ["billiards/5", "billiards/6"]
    assert lag["state"]["prompt"] == "Ann won the lag: who breaks?"
    ok(api, mid, {"type": "breaker", "side": "Ann"})
    ok(api, mid, {"type": "shot", "pocketed": [1, 2]})

    foul = ok(api, mid, {"type": "shot", "cue_ball": "pocket"})
    assert foul["ruling"]["verdict"] == "foul"
    assert "billiards/19" in foul["ruling"]["rules"]
    assert foul["ruling"]["penalties"][0]["side"] == "Ann"
    state = foul["state"]
    assert state["turn"] == "Bob"
    assert state["detail"]["ball_in_hand"] == "table"
    assert state["sides"][0]["fouls"] == 1
    assert state["sides"][0]["successive"] == 1

    warning = ok(
        api, mid, {"type": "shot", "struck_with": "shaft", "intentional": True}
    )
    assert warning["ruling"]["verdict"] == "warning"
    assert "billiards/28" in warning["ruling"]["rules"]
    assert "Warning for Bob" in warning["ruling"]["summary"]
    bob = warning["state"]["sides"][1]
    assert (bob["warnings"], bob["warned_for"]) == (1, ["billiards/28"])

    # A ball already pocketed cannot drop again: bad input, nothing stored.
    bad = api.event(mid, {"type": "shot", "pocketed": [2]})
    assert bad.status_code == 422
    assert bad.get_json()["errors"]["pocketed"].startswith("The 2 is not on the table.")

    ok(api, mid, {"type": "shot", "pocketed": [3, 4, 5, 6, 7, 8]})
    rack = ok(api, mid, {"type": "shot", "pocketed": [9]})
    assert rack["ruling"]["verdict"] == "win"
    assert rack["state"]["sides"][0]["score"] == 1
    assert rack["state"]["detail"]["racks"][0]["winner"] == "Ann"

    gone = ok(api, mid, {"type": "forfeit", "side": "Bob", "reason": "left the hall"})
    assert gone["ruling"]["verdict"] == "forfeit"
    assert gone["ruling"]["rules"] == ["billiards/match/forfeit"]
    final = gone["state"]
    assert (final["over"], final["winner"]) == (True, "Ann")
    assert final["detail"]["forfeit"] == {"side": "Bob", "reason": "left the hall"}
    assert final["sides"][1]["forfeited"] is True

    after = api.event(mid, {"type": "shot"})
    assert after.status_code == 409
    assert after.get_json()["ruling"]["rules"] == ["billiards/match/race"]


def test_a_second_intentional_foul_forfeits_the_match(api):
    mid = api.create("billiards", options={"game": "9-ball", "race": 3})["id"]
    ok(api, mid, {"type": "breaker", "side": 0})
    shaft = {"type": "shot", "struck_with": "shaft", "intentional": True}
    ok(api, mid, shaft)  # Ann is warned; Bob has the table
    ok(api, mid, {"type": "shot"})  # Bob misses: Ann is back
    second = ok(api, mid, shaft)
    assert second["ruling"]["verdict"] == "forfeit"
    assert second["state"]["winner"] == "Bob"
    assert (
        "second violation of rule 28" in second["state"]["detail"]["forfeit"]["reason"]
    )


# --- the foul lookup -----------------------------------------------------------------


def test_every_phrase_finds_its_rule_in_the_top_three_on_the_page_and_the_api(client):
    missed = []
    for phrase, number in PHRASES.items():
        wanted = f"billiards/{number}"
        on_page = top_three_on_the_page(client, phrase)
        answer = client.get(
            "/api/v1/rules", query_string={"q": phrase, "game": "billiards"}
        )
        assert answer.status_code == 200
        by_api = [r["id"] for r in answer.get_json()["rules"][:3]]
        if wanted not in on_page or wanted not in by_api:
            missed.append(f"{phrase!r}: page {on_page}, api {by_api}")
    assert not missed, missed


def test_the_lookup_links_to_the_rule_and_to_what_happened(client):
    page = client.get("/rules/", query_string={"q": "scratched"}).text
    assert 'href="/rules/billiards/19"' in page
    assert 'href="/tools/billiards/shot"' in page
    rule = client.get("/rules/billiards/9-ball/fouls")
    assert rule.status_code == 200
    assert "9-ball: fouls" in rule.text


# --- "what happened?" ----------------------------------------------------------------


def test_a_scratch_is_a_foul_under_rule_19_with_ball_in_hand(client):
    page = client.get(
        "/tools/billiards/shot", query_string={"game": "9-ball", "cue_ball": "pocket"}
    )
    assert page.status_code == 200
    call = page.text.split('aria-label="The call"', 1)[1].split("</section>", 1)[0]
    assert "FOUL" in call
    assert 'href="/rules/billiards/19"' in call
    assert "The cue ball went into a pocket (scratch)" in call
    assert "cue ball in hand anywhere on the table" in call
    assert (
        '<p class="bl-penalty"><strong>Penalty:</strong> The incoming player has cue '
        "ball in hand anywhere on the table.</p>"
    ) in call


def test_the_page_as_rendered_sends_a_clean_stroke_then_a_scratch(client):
    blank = client.get("/tools/billiards/shot")
    assert blank.status_code == 200
    assert 'aria-label="The call"' not in blank.text
    fields = form_fields(blank.text, "What happened")
    assert ("cue_ball", "table") in fields  # the defaults are ticked
    legal = client.get("/tools/billiards/shot", query_string=MultiDict(fields))
    assert legal.status_code == 200
    assert "NO FOUL" in legal.text
    assert "Legal shot, nothing pocketed" in legal.text
    scratch = client.get(
        "/tools/billiards/shot",
        query_string=MultiDict(with_changes(fields, cue_ball="pocket")),
    )
    assert "FOUL" in scratch.text
    assert 'href="/rules/billiards/19"' in scratch.text
    # What was tapped stays tapped on the answer.
    assert re.search(r'name="cue_ball" value="pocket" checked', scratch.text)


@pytest.mark.parametrize(
    ("button", "call", "finding"),
    [
        ("A clean stroke", "NO FOUL", "Legal shot"),
        ("Scratch: cue ball went in", "FOUL", "went into a pocket (scratch)"),
        ("Cue ball off the table", "FOUL", "left the table"),
        ("No rail after contact", "FOUL", "cushion"),
        ("Hit no ball at all", "FOUL", "hit no ball"),
    ],
)
def test_the_what_happened_page_gives_each_common_call_in_one_tap(
    client, button, call, finding
):
    blank = client.get("/tools/billiards/shot").text
    assert '<details class="panel bl-something">' in blank  # the rest, folded
    sent = button_sends(blank, button)
    assert ("game", "general") in sent  # with the table before the shot
    answer = client.get("/tools/billiards/shot", query_string=MultiDict(sent))
    assert answer.status_code == 200
    the_call = answer.text.split('aria-label="The call"', 1)[1].split("</section>")[0]
    assert f'<strong class="verdict">{call}</strong>' in the_call
    assert finding in the_call


def test_a_kitchen_cushion_gives_the_incoming_player_a_choice(client):
    page = client.get(
        "/tools/billiards/shot",
        query_string={"in_hand": "kitchen", "before_leaving": "cushion"},
    ).text
    assert "OPPONENT&#39;S CHOICE" in page  # the apostrophe, HTML-escaped
    assert "Call the foul: the incoming player has cue ball in hand" in page
    assert "Replay: the balls go back and the shooter shoots again, no foul." in page
    assert 'href="/rules/billiards/38"' in page
    assert 'href="/rules/billiards/9"' in page  # rule 38 says to see rule 9


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"first_contact": "none", "pocketed": "3"}, "nothing can drop"),
        ({"game": "9-ball", "pocketed": "12"}, "a number from 1 to 9"),
        ({"deflected": "on"}, "Deflected is about the opening break only."),
    ],
)
def test_facts_that_cannot_go_together_are_422_with_the_message(client, query, message):
    page = client.get("/tools/billiards/shot", query_string=query)
    assert page.status_code == 422
    alert = page.text.split('role="alert">', 1)[1].split("</div>", 1)[0]
    assert message.replace("'", "&#39;") in alert  # as Jinja escapes it
    assert 'aria-label="The call"' not in page.text


def test_the_answer_shows_the_engine_penalty_and_conduct(client):
    page = client.get(
        "/tools/billiards/shot",
        query_string={"game": "9-ball", "measured_with": "triangle"},
    ).text
    call = page.split('aria-label="The call"', 1)[1].split("</section>", 1)[0]
    assert (
        '<p class="bl-penalty"><strong>Penalty:</strong> The incoming player has cue '
        "ball in hand anywhere on the table.</p>"
    ) in call
    assert (
        '<p class="bl-conduct"><strong>Conduct:</strong> Recorded as unsportsmanlike '
        "conduct by the shooter (rule 41).</p>"
    ) in call


def test_a_second_deflection_on_the_break_is_a_forfeit_with_no_choice(client):
    page = client.get(
        "/tools/billiards/shot",
        query_string=MultiDict(
            [("opening_break", "on"), ("deflected", "on"), ("warned", "8")]
        ),
    ).text
    call = page.split('aria-label="The call"', 1)[1].split("</section>", 1)[0]
    assert "FORFEIT" in call
    assert "the incoming player wins the match by forfeit." in call
    assert "hands it back" not in call


def test_an_opening_break_that_never_crossed_needs_no_in_hand_answer(client):
    page = client.get(
        "/tools/billiards/shot", query_string={"opening_break": "on", "crossed": "no"}
    )
    assert page.status_code == 200
    assert "NO SHOT" in page.text
    assert "break again" in page.text


def test_the_shot_tool_through_the_api(client):
    answer = client.post("/api/v1/tools/billiards/shot", json={"cue_ball": "pocket"})
    assert answer.status_code == 200
    body = answer.get_json()
    assert (body["outcome"], body["assessed"]) == ("foul", "billiards/19")
    bad = client.post("/api/v1/tools/billiards/shot", json={"pocketed": [16]})
    assert bad.status_code == 422
    assert "pocketed" in bad.get_json()["errors"]


# --- the match page ------------------------------------------------------------------


def test_the_match_page_lag_break_one_tap_shots_and_a_foul(client):
    mid = start_page_match(client)
    page = client.get(f"/m/{mid}").text
    assert "Record the lag" in page
    assert "Or decide the break by lot" in page

    lag = form_fields(page, "The lag")
    assert ("closer", "") in lag  # "can't tell" until a name is tapped
    response = tap(client, mid, with_changes(lag, closer="1"))
    assert response.status_code == 303
    page = client.get(f"/m/{mid}").text
    assert "Bob won the lag: who breaks?" in page
    assert tap(client, mid, {"type": "breaker", "side": "1"}).status_code == 303

    # On the break, each common outcome is one button sending the whole shot.
    page = client.get(f"/m/{mid}").text
    assert button_sends(page, "Dry break: nothing went in")[-1] == ("type", "shot")
    assert ("cue_ball", "pocket") in button_sends(page, "Scratch on the break")
    assert ("cue_ball", "off") in button_sends(page, "Cue ball off the table")
    assert 'aria-label="1 ball"' in page  # "several balls went in", folded
    several = form_fields(page, "Balls pocketed on a legal shot")
    response = tap(client, mid, [*several, ("pocketed", "1"), ("pocketed", "2")])
    assert response.status_code == 303
    page = client.get(f"/m/{mid}").text
    assert "Bob: legal shot, the 1 and the 2 pocketed. Bob shoots again." in page
    assert 'aria-label="On the table: 3, 4, 5, 6, 7, 8, 9; on: 3"' in page
    assert 'aria-label="1 ball"' not in page  # pocketed balls are off the chips
    assert "Made the 1" not in page
    assert ("pocketed", "3") in button_sends(page, "Made the 3")

    # The one tap: a ball that went in is its ball.
    assert tap(client, mid, button_sends(page, "Made the 3")).status_code == 303
    page = client.get(f"/m/{mid}").text
    assert "Bob: legal shot, the 3 pocketed. Bob shoots again." in page

    # The one tap: a miss.
    miss = button_sends(page, "Missed: nothing went in")
    assert [k for k, _ in miss if k not in ("csrf_token", "idem", "seq")] == ["type"]
    assert tap(client, mid, miss).status_code == 303
    page = client.get(f"/m/{mid}").text
    assert "Bob: legal shot, no ball pocketed. Ann takes the table as it lies." in page
    assert "Ann at the table, on the 4." in page
    assert ("cushion", "no") in button_sends(page, "No rail after contact")
    assert ("first_contact", "none") in button_sends(page, "Hit no ball at all")
    assert ("cue_ball", "pocket") in button_sends(page, "Scratch: cue ball went in")

    # A foul from the facts form exactly as rendered, with one answer changed.
    facts = form_fields(page, "Describe the shot")
    response = tap(client, mid, with_changes(facts, cue_ball="pocket"))
    assert response.status_code == 303
    page = client.get(f"/m/{mid}").text
    assert "FOUL" in page
    assert "Ann: foul, the cue ball went into a pocket (scratch)." in page
    assert 'href="/rules/billiards/19"' in page
    assert re.search(r'class="bl-hand">.*?</span> in hand anywhere</span>', page, re.S)
    assert "1 in a row" in page
    # the log says what was entered, briefly, in the form's words
    assert re.search(r"A shot: [^<]*cue ball pocket", page)


def test_a_bad_shot_from_the_page_is_422_and_keeps_the_taps(client):
    mid = start_page_match(client)
    tap(client, mid, {"type": "breaker", "side": "0"})
    page = client.get(f"/m/{mid}").text
    facts = form_fields(page, "Describe the shot")
    sent = with_changes(facts, first_contact="none", cue_ball="pocket")
    response = tap(client, mid, [*sent, ("pocketed", "4")])
    response = refusal_page(client, response)
    assert "If the cue ball hit no ball, nothing can drop." in response.text
    assert re.search(r'<details class="panel" id="bl-foul" open>', response.text)
    assert re.search(r'name="cue_ball" value="pocket" checked', response.text)


def test_warnings_fouls_in_a_row_and_a_forfeit_show_on_the_board(client):
    mid = start_page_match(client)
    tap(client, mid, {"type": "breaker", "side": "0"})
    tap(client, mid, {"type": "shot", "struck_with": "shaft", "intentional": "on"})
    tap(client, mid, {"type": "shot", "cue_ball": "pocket"})  # Bob
    tap(client, mid, {"type": "shot", "cue_ball": "pocket"})  # Ann, second in a row
    page = client.get(f"/m/{mid}").text
    assert "⚠ Warned" in page
    assert "warned: rule 28" in page
    assert '<span class="bl-fouls bl-two">2 in a row</span>' in page
    response = tap(client, mid, {"type": "forfeit", "side": "0", "reason": "no show"})
    assert response.status_code == 303
    page = client.get(f"/m/{mid}").text
    assert "Bob wins" in page
    assert '<span class="bl-badge bad">Forfeit</span>' in page
    assert "Ann: no show." in page
    assert "Legal shot, nothing pocketed" not in page  # no more input


def test_plain_mode_rack_buttons_and_the_break_choice(client):
    mid = start_page_match(client, game="plain", race=2)
    tap(client, mid, {"type": "breaker", "side": "0"})
    page = client.get(f"/m/{mid}").text
    assert "Rack won by" in page
    assert 'aria-label="15 ball"' in page  # the plain mode offers every ball
    tap(client, mid, {"type": "shot", "deflected": "on"})
    page = client.get(f"/m/{mid}").text
    assert "Bob chooses" in page
    assert "Hand cue ball in hand back to the offender" in page
    assert tap(client, mid, {"type": "choose", "option": "pass"}).status_code == 303
    page = client.get(f"/m/{mid}").text
    assert "Bob hands cue ball in hand back" in page
    assert tap(client, mid, {"type": "rack", "winner": "1"}).status_code == 303
    assert tap(client, mid, {"type": "rack", "winner": "1"}).status_code == 303
    page = client.get(f"/m/{mid}").text
    assert "Bob wins" in page
    assert "Racks (2)" in page
    assert "reported by the players" in page


def test_a_9_ball_push_out_offers_the_choice_as_buttons(client):
    mid = start_page_match(client)
    tap(client, mid, {"type": "breaker", "side": "0"})
    tap(client, mid, {"type": "shot"})  # the break: nothing down, Bob comes in
    assert tap(client, mid, {"type": "shot", "push_out": "on"}).status_code == 303
    page = client.get(f"/m/{mid}").text
    assert "Ann chooses" in page
    assert 'name="option" value="shoot"' in page
    assert "Make the player who pushed shoot again" in page
    assert 'href="/rules/billiards/9-ball/push-out"' in page
    assert tap(client, mid, {"type": "choose", "option": "shoot"}).status_code == 303
    assert "Ann takes the table as it lies" in client.get(f"/m/{mid}").text


def test_the_board_shows_the_restore_right_from_its_own_field(client):
    mid = start_page_match(client)
    tap(client, mid, {"type": "breaker", "side": "0"})
    assert tap(client, mid, {"type": "shot", "touched": "4"}).status_code == 303
    page = client.get(f"/m/{mid}").text
    assert (
        '<p class="bl-after">After the foul: the moved balls go back or stay, as Bob '
        "chooses.</p>"
    ) in page
    tap(client, mid, {"type": "shot"})  # Bob's legal shot: nothing left to restore
    assert "After the foul" not in client.get(f"/m/{mid}").text


# --- rule 38's choice on the pages ---------------------------------------------------


@pytest.mark.parametrize("referee", ["", "on"])
def test_rule_38_the_shot_page_offers_the_choice_for_an_accidental_hit_referee_or_not(
    client, referee
):
    query = {
        "game": "14-1",
        "in_hand": "kitchen",
        "before_leaving": "ball-inside",
        "crossed": "no",
        "prior_fouls": "2",
    }
    if referee:
        query["referee"] = referee
    page = client.get("/tools/billiards/shot", query_string=query)
    assert page.status_code == 200
    call = page.text.split('aria-label="The call"', 1)[1].split("</section>", 1)[0]
    assert "OPPONENT&#39;S CHOICE" in call
    assert ("even with a referee" in call) == bool(referee)
    # 14.1, the shooter on two fouls: calling it re-racks, it is not ball in hand.
    assert (
        '<li class="bl-offer-foul">Call the foul: the shooter&#39;s third foul in a '
        "row: 16 points off, all fifteen balls racked and the shooter breaks again."
        "</li>"
    ) in call
    assert '<li class="bl-offer-replay">Replay: the balls go back' in call


def test_rule_38_the_match_page_offers_both_options_as_buttons(client):
    mid = start_page_match(client, game="14-1")
    tap(client, mid, {"type": "breaker", "side": "0"})
    tap(client, mid, {"type": "shot", "cue_ball": "pocket"})  # Bob: in the kitchen
    response = tap(
        client,
        mid,
        {"type": "shot", "before_leaving": "ball-inside", "crossed": "no"},
    )
    assert response.status_code == 303
    page = client.get(f"/m/{mid}").text
    assert "Ann chooses" in page
    assert (
        '<button type="submit" name="option" value="foul" class="primary">Call the '
        "foul: Ann has cue ball in hand behind the head string, one point off for "
        "Bob</button>"
    ) in page
    assert 'name="option" value="replay"' in page
    assert tap(client, mid, {"type": "choose", "option": "replay"}).status_code == 303
    page = client.get(f"/m/{mid}").text
    assert "Ann chose a replay: the balls go back and Bob shoots again" in page


# --- the lag and spotting tools -------------------------------------------------------


def test_rule_5_the_lag_page_as_rendered_asks_again_when_too_close_to_call(client):
    blank = client.get("/tools/billiards/lag")
    assert blank.status_code == 200
    assert 'aria-label="The call"' not in blank.text
    fields = form_fields(blank.text, "The lag")
    assert fields == [("closer", "too-close")]
    # Every automatic loss of rule 5 can be tapped, for each player.
    from referee.games.billiards.lag import LAG_FAULTS

    for code in LAG_FAULTS:
        for field in ("first_faults", "second_faults"):
            assert f'name="{field}" value="{code}"' in blank.text
    again = client.get("/tools/billiards/lag", query_string=MultiDict(fields))
    assert again.status_code == 200
    assert "LAG AGAIN" in again.text
    assert "Nobody can tell which ball is closer: lag again." in again.text
    assert 'href="/rules/billiards/5"' in again.text


def test_rule_5_an_automatic_loss_beats_the_closer_ball_on_the_page(client):
    query = MultiDict([("closer", "first"), ("first_faults", "long-cushion")])
    page = client.get("/tools/billiards/lag", query_string=query).text
    assert "PLAYER 2 WINS" in page
    assert "Player 1&#39;s ball touched a long cushion: Player 2 wins the lag." in page
    assert 'href="/rules/billiards/6"' in page
    # What was tapped stays tapped.
    assert 'name="first_faults" value="long-cushion" checked' in page


def test_rule_5_both_players_faulting_is_a_replay(client):
    query = MultiDict(
        [
            ("closer", "second"),
            ("first_faults", "pocketed"),
            ("second_faults", "crossed"),
        ]
    )
    page = client.get("/tools/billiards/lag", query_string=query).text
    assert "LAG AGAIN" in page
    assert "Both lags broke a rule" in page


def test_rule_5_an_unknown_lag_fault_is_422_with_the_list(client):
    page = client.get(
        "/tools/billiards/lag", query_string={"first_faults": "scratched"}
    )
    assert page.status_code == 422
    assert "&#39;scratched&#39; is not a lag fault" in page.text
    assert "long-cushion" in page.text


def test_rule_31_the_spot_page_places_balls_lowest_first_around_what_is_there(client):
    blank = client.get("/tools/billiards/spot")
    assert blank.status_code == 200
    query = MultiDict(
        [("balls", "9"), ("balls", "3"), ("blocked", "0"), ("cue_at", "2")]
    )
    page = client.get("/tools/billiards/spot", query_string=query)
    assert page.status_code == 200
    answer = page.text.split('aria-label="Where the balls go"', 1)[1]
    answer = answer.split("</section>", 1)[0]
    assert "SPOT 2 BALLS" in answer
    spots = re.findall(r"<li>.*?<b>(\d+)</b>.*?<span>([^<]+)</span></li>", answer)
    assert spots == [
        (
            "3",
            "One ball-width behind the foot spot, toward the foot rail, close to "
            "the cue ball but not touching it",
        ),
        (
            "9",
            "Three ball-widths behind the foot spot, toward the foot rail, close to "
            "the cue ball but not touching it",
        ),
    ]
    assert 'href="/rules/billiards/31"' in answer
    assert 'name="blocked" value="0" checked' in page.text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"table": "9ft"}, "Balls is missing"),
        ({"balls": "3", "blocked": "10", "table": "7ft"}, "off the long string"),
        ({"balls": "3", "blocked": "0", "cue_at": "0"}, "cannot be there too"),
        ({"balls": "16"}, "a number from 1 to 15"),
    ],
)
def test_rule_31_spotting_input_that_cannot_be_is_422_with_the_message(
    client, query, message
):
    page = client.get("/tools/billiards/spot", query_string=query)
    assert page.status_code == 422
    assert message in page.text


def test_the_lag_and_spot_tools_through_the_api_and_the_openapi_document(client):
    lag = client.post(
        "/api/v1/tools/billiards/lag",
        json={"closer": "first", "second_faults": ["long-cushion"]},
    )
    assert lag.status_code == 200
    assert lag.get_json()["winner"] == "first"
    assert lag.get_json()["ruling"]["rules"] == ["billiards/5", "billiards/6"]
    spot = client.post("/api/v1/tools/billiards/spot", json={"balls": [9, 3]})
    assert spot.status_code == 200
    assert [s["ball"] for s in spot.get_json()["spots"]] == [3, 9]
    assert [s["position"] for s in spot.get_json()["spots"]] == [0, 1]
    bad = client.post("/api/v1/tools/billiards/spot", json={"balls": [3, 3]})
    assert bad.status_code == 422
    assert bad.headers["Content-Type"].startswith("application/problem+json")
    doc = client.get("/api/v1/openapi.json").get_json()
    for name in ("shot", "lag", "spot"):
        post = doc["paths"][f"/api/v1/tools/billiards/{name}"]["post"]
        assert post["requestBody"]["content"]["application/json"]["example"]
    games = client.get("/api/v1/games").get_json()
    billiards = next(g for g in games["games"] if g["id"] == "billiards")
    assert {"shot", "lag", "spot"} <= {
        t if isinstance(t, str) else t["name"] for t in billiards["tools"]
    }


# --- the home page: the foul lookup, one of the three main uses --------------------


def test_the_home_page_searches_pool_fouls_in_one_tap_without_javascript(client):
    page = client.get("/").text
    lookup = page.split('aria-label="Look up a pool foul"', 1)[1]
    lookup = lookup.split("</section>", 1)[0]
    assert '<form method="get" action="/rules/"' in lookup
    assert '<input type="hidden" name="game" value="billiards">' in lookup
    assert 'type="search" name="q"' in lookup
    # Common fouls are one tap away, straight to the pool rules that answer them.
    assert 'href="/rules/?game=billiards&amp;q=scratch"' in lookup
    for tool in ("shot", "lag", "spot"):
        assert f'href="/tools/billiards/{tool}"' in lookup
    # It comes before the list of games, so it is on the first screen.
    assert page.index("Look up a pool foul") < page.index("Start a match")
    hits = client.get("/rules/", query_string={"game": "billiards", "q": "scratch"})
    assert 'href="/rules/billiards/19"' in hits.text
    assert 'href="/rules/darts-301/' not in hits.text.split('<ol class="hits">')[1]
