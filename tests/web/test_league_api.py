"""Leagues through the JSON API: a league and its seasons made once, a season whose
organiser is the league, games made in confirmation mode that count once the away
captain confirms, and the organiser's reschedules and forfeits with their reasons.
"""

from __future__ import annotations

import uuid
from typing import Any

from referee import leagues
from referee import tournaments
from tests.web.league_api import Season
from tests.web.league_api import headers
from tests.web.league_api import teams_body


def _league(client: Any, key: str | None = None, **body: Any) -> Any:
    return client.post(
        "/api/v1/leagues",
        json={"name": "Tuesday Pool", "game": "billiards", **body},
        headers={"Idempotency-Key": key} if key else {},
    )


def test_a_double_tap_on_create_makes_one_league(client: Any) -> None:
    key = uuid.uuid4().hex
    first, again = _league(client, key), _league(client, key)
    assert first.status_code == again.status_code == 201
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert first.get_json()["id"] == again.get_json()["id"]
    assert first.get_json()["keys"] == again.get_json()["keys"]
    assert first.headers["Cache-Control"] == "no-store"  # it shows the key
    other = _league(client, key, name="Wednesday Pool")
    assert other.status_code == 409  # the same key for another league


def test_a_league_names_what_is_wrong_with_an_example(client: Any) -> None:
    for body, field in (
        ({"game": "chess"}, "game"),
        ({"game": "bunko"}, "game"),  # no team match is declared for it
        ({"game": "darts-301", "options": {"team_format": "pool-8-ball-5"}}, "options"),
        ({"name": 5}, "name"),
        ({"name": ""}, "name"),
        ({"options": {"meetings": "thrice"}}, "options.meetings"),
        ({"colour": "red"}, "colour"),
    ):
        reply = _league(client, **body)
        assert reply.status_code == 422, body
        assert reply.mimetype == "application/problem+json"
        errors = reply.get_json()["errors"]
        assert any(k == field or k.startswith(field) for k in errors), errors


def test_a_double_tap_on_add_season_makes_one_season(client: Any) -> None:
    league = _league(client).get_json()
    path = f"/api/v1/leagues/{league['id']}/seasons"
    body = {"teams": teams_body(4), "schedule": {"start": "2026-09-07"}}
    key = league["keys"]["organiser"]["key"]
    idem = uuid.uuid4().hex
    first = client.post(path, json=body, headers=headers(key, idem))
    again = client.post(path, json=body, headers=headers(key, idem))
    assert first.status_code == again.status_code == 201, first.get_json()
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert first.get_json()["id"] == again.get_json()["id"]
    listed = client.get(f"/api/v1/leagues/{league['id']}").get_json()
    assert [s["id"] for s in listed["seasons"]] == [first.get_json()["id"]]
    assert "keys" not in listed  # without the league's key: no key shown


def test_a_season_takes_the_leagues_organiser_key_and_pin(
    client: Any, app: Any
) -> None:
    season = Season(client)
    organiser = season.data["keys"]["organiser"]
    assert organiser == season.league["keys"]["organiser"]
    assert season.data["kind"] == "league"
    # Four teams: four captains, then one key and PIN per fixture, all different.
    assert sorted(season.captains) == [1, 2, 3, 4]
    assert len(season.fixture_keys) == len(season.get()["fixtures"]) == 6
    pins = [organiser["pin"], *season.fixture_pins.values()]
    pins += [c["pin"] for c in season.data["keys"]["captains"]]
    assert len(set(pins)) == len(pins)
    with app.app_context():
        night = tournaments.get(season.id)
        assert night.league_id == season.league["id"]
        assert tournaments.actor_for(night, season.league_key) == tournaments.ORGANISER
        role = leagues.role(night, season.captains[2])
        assert role is not None
        assert (role.kind, role.team) == ("captain", 1)
        role = leagues.role(night, season.fixture_keys[3])
        assert role is not None
        assert (role.kind, role.fixture) == ("fixture", 3)


def test_a_season_is_made_under_its_league_only(client: Any) -> None:
    reply = client.post(
        "/api/v1/tournaments",
        json={"kind": "league", "players": ["Reds", "Blues"]},
    )
    assert reply.status_code == 422
    assert "/api/v1/leagues" in reply.get_json()["detail"]


def test_games_are_made_in_confirmation_mode_and_count_once_the_away_captain_confirms(
    client: Any,
) -> None:
    season = Season(client, race=2)
    fixture = season.fixture(1)
    assert all(g["match"] is None for g in fixture["games"])
    for side in ("home", "away"):
        reply = season.lineup(fixture, side)
        assert reply.status_code == 201, reply.get_json()
    fixture = season.fixture(1)
    games = fixture["games"]
    assert len(games) == 10
    assert all(g["match"] for g in games)
    first = client.get(f"/api/v1/matches/{games[0]['match']}").get_json()
    assert first["confirm"] is True
    # The home side's scorer is the fixture's key; the away side's key is not handed
    # out with the match (the away captain holds it already).
    assert "side_keys" not in first or not first["side_keys"]

    season.play_game(fixture, games[0], home_wins=True, racks=2, confirm=False)
    held = season.fixture(1)["games"][0]
    assert held["winner"] is None  # over on the table, but not confirmed yet
    away_captain = season.captains[season.team_number(fixture["away"])]
    reply = season.match_write(games[0]["match"], "confirm", {}, away_captain)
    assert reply.status_code == 201, reply.get_json()
    counted = season.fixture(1)["games"][0]
    assert counted["winner"] == "home"
    results = [e for e in season.log() if e["kind"] == "result"]
    assert [r["event"]["game"] for r in results] == [1]


def test_the_organiser_reschedules_and_forfeits_with_the_reason_in_the_log(
    client: Any,
) -> None:
    season = Season(client)
    reply = season.send(
        {"type": "reschedule", "fixture": 2, "date": "2026-09-30", "reason": ""},
        season.league_key,
    )
    assert reply.status_code == 422  # the reason is required
    moved = season.send(
        {
            "type": "reschedule",
            "fixture": 2,
            "date": "2026-09-30",
            "reason": "The hall is booked",
        },
        season.league_key,
    )
    assert moved.status_code == 201, moved.get_json()
    away = season.team_number(season.fixture(3)["away"])
    lost = season.send(
        {
            "type": "forfeit",
            "fixture": 3,
            "team": away,
            "reason": "Could not raise a side",
        },
        season.league_key,
    )
    assert lost.status_code == 201, lost.get_json()
    log = season.log()
    kinds = {e["kind"]: e for e in log}
    assert kinds["reschedule"]["event"]["reason"] == "The hall is booked"
    assert kinds["reschedule"]["actor"] == "organiser"
    assert kinds["forfeit"]["event"]["reason"] == "Could not raise a side"
    view = season.get()
    assert season.fixture(2, view)["date"] == "2026-09-30"
    notes = season.fixture(2, view)["notes"]
    assert [n["reason"] for n in notes] == ["The hall is booked"]
    lost_fixture = season.fixture(3, view)
    assert lost_fixture["status"] == "forfeited"
    assert lost_fixture["result"]["winner"] == "home"


def test_every_documented_league_event_example_is_accepted(client: Any) -> None:
    """The season events' OpenAPI examples, each on a fresh four-team season whose
    first team's roster is the examples' (Ann, Bob, Cy, Di, Ed)."""
    spec = client.get("/api/v1/openapi.json").get_json()
    post = spec["paths"]["/api/v1/tournaments/{id}/events"]["post"]
    examples = post["requestBody"]["content"]["application/json"]["examples"]
    mine = {k: v for k, v in examples.items() if k.startswith("league-")}
    assert {v["value"]["event"]["type"] for v in mine.values()} == {
        "lineup",
        "reschedule",
        "forfeit",
    }
    for name, example in mine.items():
        event = example["value"]["event"]
        # The smallest season whose fixture has the example's team in it (a
        # line-up or a forfeit names one), the first team's roster the example's.
        for count in range(3, 9):
            teams = teams_body(count)
            teams[0]["players"] = ["Ann", "Bob", "Cy", "Di", "Ed"]
            teams[0]["captain"] = "Ann"
            league = _league(client, options={"team_format": "pool-8-ball-5"})
            key = league.get_json()["keys"]["organiser"]["key"]
            made = client.post(
                f"/api/v1/leagues/{league.get_json()['id']}/seasons",
                json={"teams": teams, "schedule": {"start": "2026-09-02"}},
                headers=headers(key),
            )
            assert made.status_code == 201, made.get_json()
            season = made.get_json()
            fixture = season["fixtures"][event["fixture"] - 1]
            if "team" not in event or event["team"] in (
                fixture["home"],
                fixture["away"],
            ):
                break
        reply = client.post(
            f"/api/v1/tournaments/{season['id']}/events",
            json=example["value"],
            headers=headers(key),
        )
        assert reply.status_code == 201, (name, reply.get_json())


def test_a_ratings_handicap_season_makes_each_game_with_the_handicaps_options(
    client: Any, monkeypatch: Any
) -> None:
    """With ``handicap: ratings`` every game's options pass through
    ``handicaps.for_match`` with that game's two players when its match is made."""
    from referee import handicaps

    seen: list[tuple[str, list[str]]] = []

    def for_match(game: str, options: Any, players: Any) -> tuple[dict, str]:
        seen.append((game, list(players)))
        return {**options, "race_1": 2, "race_2": 1}, "a test's handicap"

    monkeypatch.setattr(handicaps, "for_match", for_match)
    season = Season(client, race=2, options={"handicap": "ratings"})
    fixture = season.fixture(1)
    for side in ("home", "away"):
        assert season.lineup(fixture, side).status_code == 201
    games = season.fixture(1)["games"]
    assert seen == [("billiards", [*g["home"], *g["away"]]) for g in games]
    match = client.get(f"/api/v1/matches/{games[0]['match']}").get_json()
    assert (match["options"]["race_1"], match["options"]["race_2"]) == (2, 1)


def _season_reply(client: Any, teams: list[dict[str, Any]], **body: Any) -> Any:
    league = _league(client).get_json()
    return client.post(
        f"/api/v1/leagues/{league['id']}/seasons",
        json={"teams": teams, "schedule": {"start": "2026-09-07"}, **body},
        headers=headers(league["keys"]["organiser"]["key"]),
    )


def _full_team(number: int) -> dict[str, Any]:
    """A team at every upper bound: 40-character names, an 80-character venue and
    a roster of 20."""
    players = [f"{number:02d}-{i:02d}".ljust(40, "x") for i in range(20)]
    return {
        "name": f"{number:02d}".ljust(40, "T"),
        "venue": f"{number:02d}".ljust(80, "V"),
        "captain": players[0],
        "players": players,
    }


def test_a_new_season_s_bounds_at_their_limits_are_taken(client: Any) -> None:
    """32 teams of 20 names, every text at its longest: the schema's maxima."""
    reply = _season_reply(client, [_full_team(n) for n in range(32)])
    assert reply.status_code == 201, reply.get_json()
    view = reply.get_json()
    assert len(view["keys"]["captains"]) == 32
    assert view["teams"][0]["name"] == _full_team(0)["name"]


def test_a_new_season_s_bounds_one_past_are_422_naming_the_field(
    client: Any,
) -> None:
    def past(change: Any) -> list[dict[str, Any]]:
        teams = teams_body(4)
        change(teams)
        return teams

    cases = [
        ([_full_team(n) for n in range(33)], "teams"),
        (teams_body(1), "teams"),
        (past(lambda t: t[0].update(name="N" * 41)), "teams[0].name"),
        (past(lambda t: t[1].update(venue="V" * 81)), "teams[1].venue"),
        (past(lambda t: t[1].update(venue="")), "teams[1].venue"),
        (past(lambda t: t[2].pop("venue")), "teams[2].venue"),
        (past(lambda t: t[3].update(players=t[3]["players"] * 4 + ["x"])), "teams"),
        (past(lambda t: t[0].update(captain="Nobody")), "teams[0].captain"),
    ]
    for teams, field in cases:
        reply = _season_reply(client, teams)
        assert reply.status_code == 422, (field, reply.get_json())
        errors = reply.get_json()["errors"]
        assert any(k == field or k.startswith(field) for k in errors), (field, errors)
