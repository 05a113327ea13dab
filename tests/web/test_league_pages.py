"""The league pages (issue 23): a league and a season made through the forms, the
captains' line-ups (blind until both are in), a fixture phone joined by its PIN, the
organiser's reschedule and forfeit with the reason shown, and the refusals (a captain
on another team's fixture, a write without the organiser's key, bad input in words
that name the field with an example). On SQLite and PostgreSQL (``client``)."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from referee import keys
from referee import ledger
from referee import tournaments
from referee.db import db
from referee.games.outcomes import BadInput
from referee.models import Match
from referee.web import access
from referee.web.tournaments.league import role_of
from referee.web.tournaments.league_new import season_words

TEAMS = [
    ("Cue Tips", "The Anchor", "Ann", ["Ann", "Bo", "Cy", "Di", "Ed"]),
    ("Rack Pack", "The Crown", "Fay", ["Fay", "Gus", "Hal", "Ivy", "Jo"]),
    ("Break Even", "The Bell", "Kim", ["Kim", "Lu", "Max", "Ned", "Oz"]),
]


def _location(response: Any) -> str:
    assert response.status_code in (302, 303), response.get_data(as_text=True)[:600]
    return str(response.headers["Location"]).replace("http://referee.test", "")


def _league(client: FlaskClient) -> str:
    made = client.post(
        "/l/new",
        data={"name": "Thursday Pool", "game": "billiards", "idem": "l1"},
    )
    return _location(made).rsplit("/", 1)[1]


def _season_form(teams: list[Any] = TEAMS, **extra: str) -> dict[str, str]:
    form = {
        "title": "Autumn",
        "count": str(len(teams)),
        "start": "2026-09-03",
        "every_days": "7",
        "time": "19:30",
        "skip": "",
        "fmt_lineup": "blind",
        "idem": "s1",
    }
    for i, (name, venue, captain, roster) in enumerate(teams, start=1):
        form |= {
            f"team_{i}_name": name,
            f"team_{i}_venue": venue,
            f"team_{i}_captain": captain,
            f"team_{i}_players": "\n".join(roster),
        }
    return form | extra


def _season(client: FlaskClient) -> tuple[str, str]:
    """A league and a three-team season through the pages: (league, season) ids."""
    league = _league(client)
    form = client.get(f"/n/new/league?league={league}").get_data(as_text=True)
    assert 'value="pool-8-ball-5"' in form  # the team matches of the league's game
    assert 'value="darts-501-singles"' not in form
    made = client.post(f"/n/new/league?league={league}", data=_season_form())
    season = _location(made).split("/")[2]
    return league, season


def _phone(app: Any, season: str, number: int) -> FlaskClient:
    """A phone that joined station ``number`` with its PIN on the season's page."""
    with app.app_context():
        pin = tournaments.table_key(tournaments.get(season), number)["pin"]
    phone = app.test_client()
    joined = phone.post(f"/n/{season}/join", data={"pin": pin, "idem": "j"})
    assert _location(joined) == f"/n/{season}/t/{number}"
    return phone


def _fixture_between(app: Any, season: str, home: int, away: int) -> dict[str, Any]:
    with app.app_context():
        view = tournaments.view(tournaments.get(season))
    return next(
        f for f in view["fixtures"] if (f["home"], f["away"]) in ((home, away),)
    )


def _first_fixture(app: Any, season: str) -> dict[str, Any]:
    with app.app_context():
        return dict(tournaments.view(tournaments.get(season))["fixtures"][0])


def _names(roster: list[str]) -> dict[str, str]:
    return {f"player_{i}": name for i, name in enumerate(roster, start=1)}


def _lineup(phone: FlaskClient, season: str, fixture: int, team: int) -> Any:
    roster = TEAMS[team - 1][3]
    form = {f"player_{i}": name for i, name in enumerate(roster, start=1)}
    return phone.post(
        f"/n/{season}/f/{fixture}/lineup",
        data={"team": str(team), "idem": f"lu{fixture}-{team}", **form},
    )


def test_a_league_and_its_season_are_made_through_the_forms(client, app):
    assert "/l/new" in client.get("/").get_data(as_text=True)
    league, season = _season(client)
    page = client.get(f"/l/{league}").get_data(as_text=True)
    assert "Thursday Pool" in page
    assert "Autumn" in page
    assert "New season" in page
    admin = client.get(f"/n/{season}/admin")
    assert admin.status_code == 200
    assert admin.headers["Cache-Control"] == "no-store"
    text = admin.get_data(as_text=True)
    for name, _venue, captain, _roster in TEAMS:
        assert name in text
        assert captain in text
    shown = client.get(f"/n/{season}").get_data(as_text=True)
    assert "Standings" in shown
    assert "Week 1" in shown
    assert "2026-09-03" in shown
    assert "bye:" in shown  # three teams: one rests each week
    # Another phone without the league's key sees no PIN and may not start a season.
    stranger = app.test_client()
    with app.app_context():
        pin = tournaments.organiser_credentials(tournaments.get(season)).pin
    assert pin in page
    assert pin not in stranger.get(f"/l/{league}").get_data(as_text=True)
    assert stranger.get(f"/n/new/league?league={league}").status_code == 403
    assert stranger.get(f"/n/{season}/admin").status_code == 403


def test_the_league_pin_typed_once_makes_a_phone_its_organiser(client, app):
    league, season = _season(client)
    with app.app_context():
        pin = tournaments.organiser_credentials(tournaments.get(season)).pin
    phone = app.test_client()
    wrong = phone.post(f"/l/{league}/join", data={"pin": "000000", "idem": "x"})
    assert wrong.status_code == 422
    assert "e.g. 482913" in wrong.get_data(as_text=True)
    right = phone.post(f"/l/{league}/join", data={"pin": pin, "idem": "y"})
    assert _location(right) == f"/l/{league}"
    assert phone.get(f"/n/{season}/admin").status_code == 200


def test_blind_lineups_stay_hidden_until_both_are_in(client, app):
    _league_id, season = _season(client)
    fixture = _first_fixture(app, season)
    home, away = fixture["home"], fixture["away"]
    home_phone, away_phone = _phone(app, season, home), _phone(app, season, away)
    page = home_phone.get(f"/n/{season}/t/{home}").get_data(as_text=True)
    assert 'name="player_5"' in page  # a five-a-side pool line-up
    sent = _lineup(home_phone, season, fixture["number"], home)
    assert _location(sent) == f"/n/{season}/t/{home}"
    hidden = away_phone.get(f"/n/{season}/t/{away}").get_data(as_text=True)
    home_names = TEAMS[home - 1][3]
    assert "hidden until both are" in hidden
    assert not any(re.search(rf"\b{n}\b", hidden) for n in home_names[1:])
    assert _location(_lineup(away_phone, season, fixture["number"], away))
    both = away_phone.get(f"/n/{season}/t/{away}").get_data(as_text=True)
    assert all(n in both for n in home_names)
    assert "Confirm" in both  # the away captain confirms each game
    home_page = home_phone.get(f"/n/{season}/t/{home}").get_data(as_text=True)
    assert "Score" in home_page


def test_the_away_captain_confirms_and_the_home_side_scores(client, app):
    _league_id, season = _season(client)
    fixture = _first_fixture(app, season)
    home, away = fixture["home"], fixture["away"]
    home_phone, away_phone = _phone(app, season, home), _phone(app, season, away)
    _lineup(home_phone, season, fixture["number"], home)
    _lineup(away_phone, season, fixture["number"], away)
    away_phone.get(f"/n/{season}/t/{away}")  # the page grants the away side
    home_phone.get(f"/n/{season}/t/{home}")
    games = _first_fixture(app, season)["games"]
    assert len(games) == 5
    assert all(g["match"] for g in games)
    with app.app_context():
        match = db.session.get(Match, games[0]["match"])
        with away_phone.session_transaction() as sess:
            held = sess[access.GRANTS][match.id]
        assert ledger.actor_of(match, keys.Digest(held)) == "side 1"
        with home_phone.session_transaction() as sess:
            held = sess[access.GRANTS][match.id]
        assert ledger.actor_of(match, keys.Digest(held)) == "side 0"


def test_a_fixture_pin_opens_that_fixtures_games_to_score(client, app):
    _league_id, season = _season(client)
    fixture = _first_fixture(app, season)
    teams = len(TEAMS)
    for team in (fixture["home"], fixture["away"]):
        _lineup(client, season, fixture["number"], team)  # the organiser's phone
    venue = _phone(app, season, teams + fixture["number"])
    page = venue.get(f"/n/{season}/t/{teams + fixture['number']}")
    text = page.get_data(as_text=True)
    assert text.count(">Score<") == 5
    first = _first_fixture(app, season)["games"][0]["match"]
    assert f"/m/{first}" in text
    with venue.session_transaction() as sess:
        assert first in sess[access.GRANTS]


def test_a_captain_is_refused_on_another_teams_fixture(client, app):
    _league_id, season = _season(client)
    fixture = _first_fixture(app, season)
    other = ({1, 2, 3} - {fixture["home"], fixture["away"]}).pop()
    outsider = _phone(app, season, other)
    for team in (fixture["home"], fixture["away"]):
        refused = _lineup(outsider, season, fixture["number"], team)
        assert refused.status_code == 403
    for action, data in (
        ("reschedule", {"date": "2026-10-01", "reason": "rain"}),
        ("forfeit", {"team": str(fixture["home"]), "reason": "no team"}),
    ):
        sent = outsider.post(
            f"/n/{season}/f/{fixture['number']}/{action}", data={"idem": "o", **data}
        )
        assert sent.status_code == 403
    assert outsider.get(f"/n/{season}/admin").status_code == 403


def test_the_organiser_reschedules_and_forfeits_with_a_reason_shown(client, app):
    _league_id, season = _season(client)
    fixture = _first_fixture(app, season)
    number = fixture["number"]
    missing = client.post(
        f"/n/{season}/f/{number}/reschedule",
        data={"date": "2026-10-01", "reason": "", "idem": "r0"},
    )
    assert missing.status_code == 422
    assert "reason" in missing.get_data(as_text=True).lower()
    moved = client.post(
        f"/n/{season}/f/{number}/reschedule",
        data={"date": "2026-10-01", "reason": "The Anchor is flooded", "idem": "r1"},
    )
    assert _location(moved).startswith(f"/n/{season}/admin")
    shown = client.get(f"/n/{season}").get_data(as_text=True)
    assert "The Anchor is flooded" in shown
    assert "2026-10-01" in shown
    second = _fixture_between(app, season, *_other_pair(app, season, number))
    forfeited = client.post(
        f"/n/{season}/f/{second['number']}/forfeit",
        data={
            "team": str(second["away"]),
            "reason": "Could not raise five",
            "idem": "f1",
        },
    )
    assert _location(forfeited).startswith(f"/n/{season}/admin")
    shown = client.get(f"/n/{season}").get_data(as_text=True)
    assert "Could not raise five" in shown


def _other_pair(app: Any, season: str, not_this: int) -> tuple[int, int]:
    with app.app_context():
        view = tournaments.view(tournaments.get(season))
    f = next(f for f in view["fixtures"] if f["number"] != not_this)
    return f["home"], f["away"]


def test_bad_input_is_named_with_an_example_never_a_500(client, app):
    nameless = client.post("/l/new", data={"name": "", "game": "billiards"})
    assert nameless.status_code == 422
    assert "Name the league, e.g." in nameless.get_data(as_text=True)
    league = _league(client)
    one_team = _season_form(TEAMS[:1])
    refused = client.post(f"/n/new/league?league={league}", data=one_team)
    assert refused.status_code == 422
    assert "e.g." in refused.get_data(as_text=True)
    no_captain = _season_form([(n, v, "Nobody", r) for n, v, _c, r in TEAMS], idem="s2")
    refused = client.post(f"/n/new/league?league={league}", data=no_captain)
    assert refused.status_code == 422
    assert "Nobody" in refused.get_data(as_text=True)
    bad_date = client.post(
        f"/n/new/league?league={league}", data=_season_form(start="3 Sept", idem="s3")
    )
    assert bad_date.status_code == 422
    assert "2026-" in bad_date.get_data(as_text=True)  # the example date
    assert client.get("/n/new/league").status_code == 404
    assert client.get("/n/new/league?league=nope").status_code == 404


def test_bad_fixture_writes_say_what_is_wrong_on_the_page(client, app):
    _league_id, season = _season(client)
    fixture = _first_fixture(app, season)
    number, home = fixture["number"], fixture["home"]
    cases = [
        ("reschedule", {"date": "next week", "reason": "rain"}, 422, "2026-"),
        ("forfeit", {"team": "", "reason": "no team"}, 422, "e.g."),
        # a name off the roster: the rules refuse the line-up, naming it
        ("lineup", {"team": str(home), "player_1": "Zed"}, 422, "place 2"),
        (
            "lineup",
            {"team": str(home), **_names(["Zed", "Bo", "Cy", "Di", "Ed"])},
            409,
            "Zed",
        ),
    ]
    for action, data, status, words in cases:
        sent = client.post(
            f"/n/{season}/f/{number}/{action}", data={"idem": action, **data}
        )
        assert sent.status_code == status, action
        page = sent.get_data(as_text=True)
        assert words in page, (action, re.findall(r"error-box.*?</div>", page, re.S))


def test_a_teams_page_lists_its_fixtures_roster_and_calendar_feeds(client, app):
    _league_id, season = _season(client)
    page = client.get(f"/n/{season}/p/0")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    name, venue, captain, roster = TEAMS[0]
    assert f"home: {venue}" in text
    assert f"captain: {captain}" in text
    assert f"/n/{season}/calendar/team/1.ics" in text
    assert all(p in text for p in roster)
    with app.app_context():
        view = tournaments.view(tournaments.get(season))
    theirs = [f for f in view["fixtures"] if 1 in (f["home"], f["away"])]
    assert text.count('class="lg-fx"') == len(theirs) + len(roster)
    byes = [w["number"] for w in view["weeks"] if w["bye"] == 1]
    assert byes  # three teams: each rests one week, and its page says which
    assert f"week {byes[0]} (" in text
    assert client.get(f"/n/{season}/calendar/team/1.ics").status_code == 200
    assert client.get(f"/n/{season}/p/{len(TEAMS)}").status_code == 404


API_FIELDS = st.one_of(
    st.sampled_from(["schedule.start", "schedule.every_days", "schedule.time"]),
    st.sampled_from(["schedule.skip", "schedule"]),
    st.builds(
        "teams[{}].{}".format,
        st.integers(0, 31),
        st.sampled_from(["name", "venue", "captain", "players"]),
    ),
)


@given(
    field=API_FIELDS,
    before=st.text(alphabet="abc ,.", max_size=20),
    example=st.sampled_from(['"start": "2026-09-07"', '"captain": "Ann"', ""]),
)
def test_a_season_error_names_the_form_field_never_the_api_path(
    field: str, before: str, example: str
) -> None:
    err = BadInput(
        f"{before}'{field}' is wrong ('{field}').", field=field, example=example
    )
    key, words = season_words(err)
    assert "'schedule" not in words
    assert "'teams[" not in words
    assert "For example:" in words or "e.g." in words
    if field.startswith("teams["):
        number = int(field[6 : field.index("]")]) + 1
        assert key.startswith(f"team_{number}_")
        assert words.startswith(f"Team {number}'s ")


def test_the_pages_roles_of_stations_agree_with_the_format(client, app):
    _league_id, season = _season(client)
    with app.app_context():
        night = tournaments.get(season)
        fmt = tournaments.format_of(night)
        used = len(night.players) + len(night.state["fixtures"])
        for number in range(1, used + 1):
            assert role_of(night, number) == fmt.station_role(night.state, number)
        spare = list(range(used + 1, len(night.table_keys) + 1))
        assert all(role_of(night, n) == ("unused", 0) for n in spare)
    # A single round robin leaves the double's last keys to no fixture: no 500.
    assert spare
    assert client.get(f"/n/{season}/t/{spare[0]}").status_code == 404
