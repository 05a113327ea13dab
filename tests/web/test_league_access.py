"""Who may do what in a league season (docs/security.md): the league's key is the
organiser of every season; a captain's key sends its own team's line-up, reads its
fixtures and the keys of its home ones, and confirms its away games; a fixture's
key (its PIN) scores that fixture's games and nothing else. Refusals are 403 with
a message that says why, and store nothing.
"""

from __future__ import annotations

from typing import Any

from tests.web.league_api import Season
from tests.web.league_api import headers
from tests.web.league_api import roster
from tests.web.league_api import teams_body


def _count(season: Season) -> int:
    return len(season.log())


def test_a_captain_sends_its_own_teams_line_up_only(client: Any) -> None:
    season = Season(client)
    fixture = season.fixture(1)
    home = season.team_number(fixture["home"])
    away = season.team_number(fixture["away"])
    before = _count(season)
    # The home captain for the away team: 403, and nothing stored.
    reply = season.lineup(fixture, "away", key=season.captains[home])
    assert reply.status_code == 403
    assert "captain" in reply.get_json()["detail"]
    # A captain whose team is not in this fixture, for its own team: the rules
    # refuse it (409: its key may send its line-up, but not to this fixture).
    outsider = next(t for t in season.captains if t not in (home, away))
    reply = season.send(
        {
            "type": "lineup",
            "fixture": 1,
            "team": outsider,
            "players": roster(season.names[outsider - 1]),
        },
        season.captains[outsider],
    )
    assert reply.status_code == 409
    assert "does not play in fixture 1" in reply.get_json()["detail"]
    # A fixture's key sends no line-up.
    reply = season.lineup(fixture, "home", key=season.fixture_keys[1])
    assert reply.status_code == 403
    assert "fixture" in reply.get_json()["detail"]
    assert _count(season) == before
    assert season.lineup(fixture, "home").status_code == 201


def test_a_captain_may_not_reschedule_or_forfeit(client: Any) -> None:
    season = Season(client)
    before = _count(season)
    for event in (
        {"type": "reschedule", "fixture": 1, "date": "2026-10-01", "reason": "rain"},
        {"type": "forfeit", "fixture": 1, "team": 2, "reason": "no side"},
    ):
        reply = season.send(event, season.captains[1])
        assert reply.status_code == 403, reply.get_json()
        assert "organiser" in reply.get_json()["detail"]
    assert _count(season) == before


def _called(season: Season, number: int) -> dict[str, Any]:
    fixture = season.fixture(number)
    for side in ("home", "away"):
        assert season.lineup(fixture, side).status_code == 201
    return dict(season.fixture(number))


def test_a_fixture_key_scores_its_own_fixtures_games_only(client: Any) -> None:
    season = Season(client)
    one, two = _called(season, 1), _called(season, 2)
    game_one, game_two = one["games"][0], two["games"][0]
    breaker = {"event": {"type": "breaker", "side": game_two["home"][0]}}
    reply = season.match_write(
        game_two["match"], "events", breaker, season.fixture_keys[1]
    )
    assert reply.status_code == 403
    breaker = {"event": {"type": "breaker", "side": game_one["home"][0]}}
    reply = season.match_write(
        game_one["match"], "events", breaker, season.fixture_keys[1]
    )
    assert reply.status_code == 201, reply.get_json()


def test_only_the_away_captain_confirms_an_away_game(client: Any) -> None:
    season = Season(client)
    fixture = _called(season, 1)
    game = fixture["games"][0]
    season.play_game(fixture, game, home_wins=False, confirm=False)
    home = season.team_number(fixture["home"])
    away = season.team_number(fixture["away"])
    outsider = next(t for t in season.captains if t not in (home, away))
    for key in (season.captains[home], season.captains[outsider]):
        reply = season.match_write(game["match"], "confirm", {}, key)
        assert reply.status_code == 403, reply.get_json()
    reply = season.match_write(game["match"], "confirm", {}, season.captains[away])
    assert reply.status_code == 201
    assert season.fixture(1)["games"][0]["winner"] == "away"


def test_mine_shows_a_captain_its_home_fixture_keys_and_nothing_of_others(
    client: Any,
) -> None:
    season = Season(client)
    view = season.get()
    reply = client.get(
        f"/api/v1/tournaments/{season.id}/mine", headers=headers(season.captains[1])
    )
    assert reply.status_code == 200
    assert reply.headers["Cache-Control"] == "no-store"
    mine = reply.get_json()
    assert mine["role"] == "captain"
    assert mine["team"] == 1
    theirs = [
        f
        for f in view["fixtures"]
        if 1 in (season.team_number(f["home"]), season.team_number(f["away"]))
    ]
    assert [f["number"] for f in mine["fixtures"]] == [f["number"] for f in theirs]
    for fixture in mine["fixtures"]:
        if fixture["side"] == "home":
            assert (
                fixture["fixture_key"]["key"] == season.fixture_keys[fixture["number"]]
            )
        else:
            assert "fixture_key" not in fixture
    shown = reply.get_data(as_text=True)
    away_fixtures = {f["number"] for f in mine["fixtures"] if f["side"] == "away"}
    for number in away_fixtures:
        assert season.fixture_keys[number] not in shown
    assert season.league_key not in shown
    fixture = client.get(
        f"/api/v1/tournaments/{season.id}/mine", headers=headers(season.fixture_keys[2])
    ).get_json()
    assert fixture["role"] == "fixture"
    assert [f["number"] for f in fixture["fixtures"]] == [2]
    stranger = client.get(
        f"/api/v1/tournaments/{season.id}/mine", headers=headers("not-a-key")
    )
    assert stranger.status_code == 403


def test_a_fixture_pin_on_the_join_page_opens_that_fixtures_key(
    client: Any, app: Any
) -> None:
    from referee import tournaments

    season = Season(client)
    with app.app_context():
        night = tournaments.get(season.id)
        key = tournaments.key_for_pin(night, season.fixture_pins[3])
    assert key == season.fixture_keys[3]


def test_another_leagues_key_adds_no_season(client: Any) -> None:
    season, other = Season(client), Season(client)
    reply = client.post(
        f"/api/v1/leagues/{season.league['id']}/seasons",
        json={"teams": teams_body(2), "schedule": {"start": "2026-09-07"}},
        headers=headers(other.league_key),
    )
    assert reply.status_code == 403
    assert "organiser" in reply.get_json()["detail"]
    reply = client.post(
        f"/api/v1/leagues/{season.league['id']}/seasons",
        json={"teams": teams_body(2), "schedule": {"start": "2026-09-07"}},
        headers={"Idempotency-Key": "x"},
    )
    assert reply.status_code == 401


def test_mine_of_a_tournament_that_is_not_a_season_names_the_keys_role(
    client: Any,
) -> None:
    made = client.post(
        "/api/v1/tournaments",
        json={
            "kind": "round-robin",
            "game": "darts-301",
            "players": ["Ann", "Bob", "Cy", "Dee"],
        },
    ).get_json()
    url = f"/api/v1/tournaments/{made['id']}/mine"
    organiser = made["keys"]["organiser"]["key"]
    reply = client.get(url, headers=headers(organiser))
    assert reply.status_code == 200
    assert reply.headers["Cache-Control"] == "no-store"
    assert reply.get_json() == {"role": "organiser", "keys": made["keys"]}
    table = made["keys"]["tables"][1]
    reply = client.get(url, headers=headers(table["key"]))
    assert reply.get_json() == {"role": "table", "table": table["table"]}
    assert table["table"] == 2
    assert client.get(url, headers=headers("not-a-key")).status_code == 403
    assert client.get(url).status_code == 401
