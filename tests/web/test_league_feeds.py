"""A league season's calendar feeds, exports and TV board, on a season made and
played through the JSON API (tests/web/league_api.py), on SQLite and PostgreSQL.

The feeds are read back with the ``icalendar`` library (what a phone's calendar
would make of them), the CSVs with ``csv`` and the exports compared with the
season's own view (``GET /api/v1/tournaments/<id>``).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
import uuid
from typing import Any

from icalendar import Calendar

from referee import profiles
from referee.db import db
from referee.web.csvsafe import FORMULA_STARTS
from tests.web.league_api import headers
from tests.web.league_api import roster
from tests.web.league_api import teams_body

EVIL = '=HYPERLINK("http://x","y")'


class Season:
    """A league and a season of ``teams`` pool teams made through the API, with
    the captains' and fixtures' keys by station (1..T captains, T+f fixture f)."""

    def __init__(self, client: Any, teams: int = 4, race: int = 1) -> None:
        self.client = client
        league = client.post(
            "/api/v1/leagues",
            json={
                "name": "Tuesday Pool",
                "game": "billiards",
                "options": {"team_format": "pool-8-ball-10", "race": race},
            },
            headers={"Idempotency-Key": uuid.uuid4().hex},
        )
        assert league.status_code == 201, league.get_json()
        self.league_key = league.get_json()["keys"]["organiser"]["key"]
        reply = client.post(
            f"/api/v1/leagues/{league.get_json()['id']}/seasons",
            json={
                "title": "Autumn",
                "teams": teams_body(teams),
                "schedule": {"start": "2026-09-07", "every_days": 7, "time": "19:30"},
            },
            headers=headers(self.league_key),
        )
        assert reply.status_code == 201, reply.get_json()
        data = reply.get_json()
        self.id = data["id"]
        self.names = [t["name"] for t in data["teams"]]
        stations = {t["table"]: t["key"] for t in data["keys"].get("tables", [])}
        for c in data["keys"].get("captains", []):
            stations[c["team"]] = c["key"]
        for f in data["keys"].get("fixtures", []):
            stations[teams + f["fixture"]] = f["key"]
        self.captains = {n: stations[n] for n in range(1, teams + 1)}
        self.fixture_keys = {
            f["number"]: stations[teams + f["number"]] for f in data["fixtures"]
        }

    def get(self) -> dict[str, Any]:
        reply = self.client.get(f"/api/v1/tournaments/{self.id}")
        assert reply.status_code == 200, reply.get_json()
        return dict(reply.get_json())

    def fixture(self, number: int) -> dict[str, Any]:
        return dict(self.get()["fixtures"][number - 1])

    def team_number(self, ref: int) -> int:
        return ref

    def send(self, event: dict[str, Any], key: str) -> Any:
        return self.client.post(
            f"/api/v1/tournaments/{self.id}/events",
            json={"event": event},
            headers=headers(key),
        )

    def lineup(self, fixture: dict[str, Any], side: str) -> Any:
        team = fixture[side]
        return self.send(
            {
                "type": "lineup",
                "fixture": fixture["number"],
                "team": team,
                "players": roster(self.names[team - 1]),
            },
            self.captains[team],
        )

    def match_write(self, match: str, path: str, body: Any, key: str) -> Any:
        return self.client.post(
            f"/api/v1/matches/{match}/{path}", json=body, headers=headers(key)
        )

    def play_game(
        self,
        fixture: dict[str, Any],
        game: dict[str, Any],
        home_wins: bool,
        racks: int = 1,
        confirm: bool = True,
    ) -> None:
        """The fixture's key scores the game (the home side); the away captain
        confirms with its own key."""
        home, away = " & ".join(game["home"]), " & ".join(game["away"])
        winner = home if home_wins else away
        events = [{"type": "breaker", "side": home}]
        events += [{"type": "rack", "winner": winner}] * racks
        scorer = self.fixture_keys[fixture["number"]]
        for event in events:
            reply = self.match_write(game["match"], "events", {"event": event}, scorer)
            assert reply.status_code == 201, (event, reply.get_json())
        if confirm:
            away_captain = self.captains[fixture["away"]]
            reply = self.match_write(game["match"], "confirm", {}, away_captain)
            assert reply.status_code == 201, reply.get_json()


def feed(client: Any, path: str) -> list[Any]:
    reply = client.get(path)
    assert reply.status_code == 200, reply.get_data(as_text=True)
    assert reply.headers["Content-Type"] == "text/calendar; charset=utf-8"
    cal = Calendar.from_ical(reply.data)
    assert str(cal["VERSION"]) == "2.0"
    return list(cal.walk("VEVENT"))


def by_uid(events: list[Any]) -> dict[str, Any]:
    return {str(e["UID"]): e for e in events}


def team_of(season: Season, fixture: dict[str, Any], side: str) -> int:
    return season.team_number(fixture[side])


def play_fixture(season: Season, number: int, home_wins: int) -> dict[str, Any]:
    """Both line-ups, then every game (the first ``home_wins`` to the home side),
    each confirmed by the away captain."""
    fixture = season.fixture(number)
    for side in ("home", "away"):
        assert season.lineup(fixture, side).status_code == 201
    fixture = season.fixture(number)
    for i, game in enumerate(fixture["games"]):
        season.play_game(fixture, game, home_wins=i < home_wins)
    return dict(season.fixture(number))


# --- calendars ----------------------------------------------------------------------


def test_a_team_feed_holds_one_event_per_fixture_of_the_team_from_its_side(client):
    season = Season(client)
    view = season.get()
    events = feed(client, f"/n/{season.id}/calendar/team/1.ics")
    mine = [f for f in view["fixtures"] if 1 in (f["home"], f["away"])]
    assert len(events) == len(mine) == 3
    for f in mine:
        event = by_uid(events)[f"{season.id}-fixture-{f['number']}@referee"]
        home, away = season.names[f["home"] - 1], season.names[f["away"] - 1]
        side = "home" if f["home"] == 1 else "away"
        assert str(event["SUMMARY"]) == f"{home} v {away} ({side})"
        assert str(event["LOCATION"]) == f["venue"] == f"{home} Hall"
        start = event.decoded("DTSTART")
        assert start.date().isoformat() == f["date"]
        assert start.tzinfo is None  # floating: the venue's own time
        assert event.decoded("DURATION") == dt.timedelta(hours=3)
        assert str(event["STATUS"]) == "CONFIRMED"
        assert f"/n/{season.id}/t/{4 + f['number']}" in str(event["URL"])


def test_a_calendars_poll_of_an_unchanged_season_is_a_304(client):
    season = Season(client)
    path = f"/n/{season.id}/calendar/team/1.ics"
    first = client.get(path)
    etag = first.headers["ETag"]
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert client.get(path).data == first.data  # the same bytes, DTSTAMP too
    reply = season.send(
        {"type": "reschedule", "fixture": 1, "date": "2026-12-01", "reason": "Snow"},
        season.league_key,
    )
    assert reply.status_code == 201, reply.get_json()
    moved = client.get(path, headers={"If-None-Match": etag})
    assert moved.status_code == 200
    assert b"Snow" in moved.data


def test_a_reschedule_moves_the_same_event_and_a_forfeit_cancels_it(client):
    season = Season(client)
    before = by_uid(feed(client, f"/n/{season.id}/calendar/team/1.ics"))
    view = season.get()
    moved, lost = [f for f in view["fixtures"] if 1 in (f["home"], f["away"])][:2]
    reason = "The hall is booked; a wedding, with a band"
    reply = season.send(
        {
            "type": "reschedule",
            "fixture": moved["number"],
            "date": "2026-10-28",
            "venue": "Café Ørsted, Upstairs",
            "reason": reason,
        },
        season.league_key,
    )
    assert reply.status_code == 201, reply.get_json()
    reply = season.send(
        {"type": "forfeit", "fixture": lost["number"], "team": 1, "reason": "No side"},
        season.league_key,
    )
    assert reply.status_code == 201, reply.get_json()
    after = by_uid(feed(client, f"/n/{season.id}/calendar/team/1.ics"))
    assert after.keys() == before.keys()  # the same events, moved: none added
    uid = f"{season.id}-fixture-{moved['number']}@referee"
    assert after[uid].decoded("DTSTART").date() == dt.date(2026, 10, 28)
    assert str(after[uid]["LOCATION"]) == "Café Ørsted, Upstairs"
    assert int(after[uid]["SEQUENCE"]) == int(before[uid]["SEQUENCE"]) + 1
    assert reason in str(after[uid]["DESCRIPTION"])
    gone = after[f"{season.id}-fixture-{lost['number']}@referee"]
    assert str(gone["STATUS"]) == "CANCELLED"
    assert "forfeit: No side" in str(gone["DESCRIPTION"])


def test_a_players_feed_is_their_teams_fixtures_by_name_or_by_profile(client, app):
    season = Season(client)
    name = roster(season.names[1])[2]  # a player of team 2
    team = feed(client, f"/n/{season.id}/calendar/team/2.ics")
    mine = feed(client, f"/n/{season.id}/calendar/player/{name.upper()}.ics")
    assert by_uid(mine).keys() == by_uid(team).keys()
    with app.app_context():
        player, _ = profiles.find_or_create(name, by="test")
        db.session.commit()
        pid = player.id
    linked = feed(client, f"/n/{season.id}/calendar/profile/{pid}.ics")
    assert by_uid(linked).keys() == by_uid(team).keys()


def test_a_player_named_with_a_slash_has_a_feed_at_the_address_the_page_links(
    client, app
):
    league = client.post(
        "/api/v1/leagues",
        json={"name": "Slash", "game": "billiards", "options": {"race": 1}},
        headers={"Idempotency-Key": uuid.uuid4().hex},
    ).get_json()
    players = ["Ann/Bo", "Cy", "Di", "Ed", "Fi"]
    teams = [
        {"name": "Reds", "venue": "A", "captain": "Cy", "players": players},
        {
            "name": "Blues",
            "venue": "B",
            "captain": "Gus",
            "players": ["Gus", "Hal", "Ivy", "Jo", "Kay"],
        },
    ]
    reply = client.post(
        f"/api/v1/leagues/{league['id']}/seasons",
        json={"teams": teams, "schedule": {"start": "2026-09-07"}},
        headers=headers(league["keys"]["organiser"]["key"]),
    )
    assert reply.status_code == 201, reply.get_json()
    sid = reply.get_json()["id"]
    with app.test_request_context():
        from flask import url_for

        path = url_for("tournaments.player_calendar", tournament_id=sid, name="Ann/Bo")
    assert len(feed(client, path)) == 1


def test_an_unknown_team_player_or_profile_is_a_404_that_says_how_to_ask(client):
    season = Season(client)
    for path, words in (
        ("calendar/team/5.ics", "numbered 1 to 4"),
        ("calendar/team/0.ics", "numbered 1 to 4"),
        ("calendar/player/Nobody.ics", "on its roster"),
        (f"calendar/player/{'x' * 41}.ics", "1 to 40 characters"),
        ("calendar/profile/zzzzzzzz.ics", "no player profile"),
    ):
        reply = client.get(f"/n/{season.id}/{path}")
        assert reply.status_code == 404, path
        assert words in reply.get_data(as_text=True), path


def test_a_tournament_that_is_not_a_league_has_no_calendars(client):
    made = client.post(
        "/api/v1/tournaments",
        json={"kind": "round-robin", "game": "darts-301", "players": ["A", "B"]},
    ).get_json()
    assert client.get(f"/n/{made['id']}/calendar/team/1.ics").status_code == 404
    assert client.get(f"/n/{made['id']}/games.csv").status_code == 404
    # the pairing exports at the same addresses are still the pairing ones
    rows = list(
        csv.reader(io.StringIO(client.get(f"/n/{made['id']}/standings.csv").text))
    )
    assert rows[0][:2] == ["rank", "entrant"]


def test_awkward_team_names_fold_and_escape_and_come_back_exactly(client):
    names = ["Smith, Jones; & Sons", "Ünïcödé 🎱 Club — a very long name here"]
    league = client.post(
        "/api/v1/leagues",
        json={
            "name": "Awkward",
            "game": "billiards",
            "options": {"team_format": "pool-8-ball-10", "race": 1},
        },
        headers={"Idempotency-Key": uuid.uuid4().hex},
    ).get_json()
    teams = [
        {
            "name": n,
            "venue": f"{n} Hall; upstairs, at the back",
            "captain": f"P{i}a",
            "players": [f"P{i}{c}" for c in "abcde"],
        }
        for i, n in enumerate(names)
    ]
    reply = client.post(
        f"/api/v1/leagues/{league['id']}/seasons",
        json={"teams": teams, "schedule": {"start": "2026-09-07", "time": "20:00"}},
        headers=headers(league["keys"]["organiser"]["key"]),
    )
    assert reply.status_code == 201, reply.get_json()
    sid = reply.get_json()["id"]
    raw = client.get(f"/n/{sid}/calendar/team/1.ics").data
    assert all(len(line) <= 75 for line in raw.split(b"\r\n"))
    [event] = Calendar.from_ical(raw).walk("VEVENT")
    assert str(event["SUMMARY"]) in (
        f"{names[0]} v {names[1]} (home)",
        f"{names[1]} v {names[0]} (away)",
    )
    assert str(event["LOCATION"]).endswith(" Hall; upstairs, at the back")
    assert event.decoded("DTSTART") == dt.datetime(2026, 9, 7, 20, 0)


# --- exports ------------------------------------------------------------------------


def test_the_standings_and_results_exports_say_what_the_season_says(client):
    season = Season(client)
    played = play_fixture(season, 1, home_wins=7)
    view = season.get()
    table = list(
        csv.DictReader(io.StringIO(client.get(f"/n/{season.id}/standings.csv").text))
    )
    assert [r["name"] for r in table] == [r["name"] for r in view["standings"]]
    assert [int(r["points"]) for r in table] == [r["points"] for r in view["standings"]]
    results = client.get(f"/n/{season.id}/results.csv")
    assert results.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(results.text)))
    assert len(rows) == len(view["fixtures"])
    first = rows[0]
    assert (first["home_games"], first["away_games"]) == ("7", "3")
    assert first["winner"] == season.names[played["home"] - 1]
    games = list(
        csv.DictReader(io.StringIO(client.get(f"/n/{season.id}/games.csv").text))
    )
    assert len(games) == len(played["games"]) == 10
    body = client.get(f"/n/{season.id}/standings.json")
    assert body.mimetype == "application/json"
    data = json.loads(body.data)
    assert data["standings"] == [
        {k: r[k] for k in data["standings"][0]} for r in view["standings"]
    ]
    [decided] = [r for r in data["results"] if r["decided"]]
    assert decided["games_won"] == {"home": 7, "away": 3}
    assert [g["winner"] for g in decided["games"]] == ["home"] * 7 + ["away"] * 3


def test_a_team_named_like_a_formula_comes_out_of_the_csvs_as_text(client):
    league = client.post(
        "/api/v1/leagues",
        json={"name": "Evil", "game": "billiards", "options": {"race": 1}},
        headers={"Idempotency-Key": uuid.uuid4().hex},
    ).get_json()
    teams = [
        {
            "name": n,
            "venue": "@venue",
            "captain": f"{n}1",
            "players": [f"{n}{i}" for i in range(1, 6)],
        }
        for n in (EVIL, "-cmd|calc")
    ]
    reply = client.post(
        f"/api/v1/leagues/{league['id']}/seasons",
        json={"teams": teams, "schedule": {"start": "2026-09-07"}},
        headers=headers(league["keys"]["organiser"]["key"]),
    )
    assert reply.status_code == 201, reply.get_json()
    sid = reply.get_json()["id"]
    for export in ("standings.csv", "results.csv"):
        text = client.get(f"/n/{sid}/{export}").text
        assert "'" + EVIL.replace('"', '""') in text, export
        for row in csv.reader(io.StringIO(text)):
            for cell in row:
                assert not cell.startswith(FORMULA_STARTS), (export, cell)


# --- the TV board -------------------------------------------------------------------


def stream(client: Any, season: Season, last: str = "") -> dict[str, Any]:
    reply = client.get(f"/n/{season.id}/live?view=ltv&last={last}")
    assert reply.status_code == 200
    blocks = [b for b in reply.get_data(as_text=True).split("\n\n") if "data: " in b]
    assert blocks, "the stream sent the board"
    fields = dict(
        line.split(": ", 1) for line in blocks[-1].splitlines() if ": " in line
    )
    return {"id": fields["id"], **json.loads(fields["data"])}


def test_the_tv_board_follows_a_games_entry_and_its_confirmation(client, app):
    app.config.update(LIVE_STREAM_SECONDS=0, LIVE_HEARTBEAT_SECONDS=0)
    season = Season(client, race=2)
    fixture = season.fixture(1)
    for side in ("home", "away"):
        assert season.lineup(fixture, side).status_code == 201
    fixture = season.fixture(1)
    first = stream(client, season)
    html = first["html"]["live"]
    home = season.names[fixture["home"] - 1]
    assert home in html
    assert "0 in play</b> · 0 of 10 done · 10 to start" in html
    game = fixture["games"][0]
    season.play_game(fixture, game, home_wins=True, racks=2, confirm=False)
    entered = stream(client, season, first["id"])
    assert entered["id"] != first["id"]
    board = entered["html"]["live"]
    assert (
        'aria-label="games won 0 to 0"' in board
    )  # over on the table, not confirmed yet
    assert "1 in play</b> · 0 of 10 done · 9 to start" in board
    assert "<b>2–0</b>" in board  # the race's racks, live
    away_captain = season.captains[season.team_number(fixture["away"])]
    reply = season.match_write(game["match"], "confirm", {}, away_captain)
    assert reply.status_code == 201, reply.get_json()
    confirmed = stream(client, season, entered["id"])
    assert 'aria-label="games won 1 to 0"' in confirmed["html"]["live"]
    assert "0 in play</b> · 1 of 10 done · 9 to start" in confirmed["html"]["live"]


def test_the_season_and_team_pages_link_the_feeds_and_the_tv_is_the_board(client):
    season = Season(client)
    page = client.get(f"/n/{season.id}").get_data(as_text=True)
    for export in ("standings.csv", "results.csv", "games.csv", "standings.json"):
        assert f"/n/{season.id}/{export}" in page
    team = client.get(f"/n/{season.id}/p/0").get_data(as_text=True)  # team 1
    feed_at = f"/n/{season.id}/calendar/team/1.ics"
    assert re.search(f'href="https?://[^/"]+{feed_at}"', team)
    assert re.search(f'href="webcal://[^/"]+{feed_at}"', team)
    tv = client.get(f"/n/{season.id}/tv")
    assert tv.status_code == 200
    html = tv.get_data(as_text=True)
    assert "view=ltv" in html
    assert "Week 1" in html
    assert season.names[0] in html
