"""A league season's player table through the web: the figures recomputed from
each game's raw log (the match's events in force, replayed through the engine),
the page and its CSV and JSON exports.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from referee import games
from referee import ledger
from referee import tournaments
from referee import trust
from referee.models import Match
from referee.profiles import stats
from tests.web.league_api import Season
from tests.web.league_api import _side

RUN_OUT = [{"type": "shot", "pocketed": [n]} for n in range(1, 10)]


def _play_night(client: Any) -> tuple[Season, dict[str, Any]]:
    """Fixture 1 of a two-team 9-ball season: game 1 two break-and-runs by home
    player 1, games 2 and 3 won by racks, game 4 scored but not yet confirmed,
    game 5 not started."""
    season = Season(client, teams=2, race=2, options={"team_format": "pool-9-ball-5"})
    fixture = season.fixture(1)
    for side in ("home", "away"):
        assert season.lineup(fixture, side).status_code == 201
    fixture = season.fixture(1)
    first = fixture["games"][0]
    scorer = season.fixture_keys[1]
    events = [{"type": "breaker", "side": _side(first["home"])}, *RUN_OUT, *RUN_OUT]
    for event in events:
        reply = season.match_write(first["match"], "events", {"event": event}, scorer)
        assert reply.status_code == 201, (event, reply.get_json())
    away = season.captains[season.team_number(fixture["away"])]
    assert season.match_write(first["match"], "confirm", {}, away).status_code == 201
    season.play_game(fixture, fixture["games"][1], home_wins=True, racks=2)
    season.play_game(fixture, fixture["games"][2], home_wins=False, racks=2)
    season.play_game(
        fixture, fixture["games"][3], home_wins=True, racks=2, confirm=False
    )
    return season, season.fixture(1)


def _recomputed(app: Any, fixture: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per player, straight from each game's log: the events in force replayed
    through the engine; a game counts when over and every entry confirmed."""
    out: dict[str, dict[str, Any]] = {}
    game = games.get("billiards")
    with app.app_context():
        for g in fixture["games"]:
            if not g["match"]:
                continue
            match = tournaments.db.session.get(Match, g["match"])
            log = ledger.rows(match)
            setup = ledger.setup_of(match)
            events = ledger.events_in_force(log)
            state = game.start(setup)
            for event in events:
                state = game.apply(state, event).state
            view = game.view(state)
            names = {g["home"][0]: 0, g["away"][0]: 1}
            for name, seat in names.items():
                row = out.setdefault(
                    name,
                    {
                        "played": 0,
                        "won": 0,
                        "racks_won": 0,
                        "racks_lost": 0,
                        "break_and_runs": 0,
                    },
                )
                if not (view["over"] and trust.settled(log)):
                    continue
                me = match.players[seat]
                row["played"] += 1
                row["won"] += view["winner"] == me
                row["racks_won"] += sum(r["winner"] == me for r in state["racks"])
                row["racks_lost"] += sum(r["winner"] != me for r in state["racks"])
                row["break_and_runs"] += stats.figures(game, setup, events)["players"][
                    me
                ]["break_and_runs"]
    return out


def test_the_player_table_equals_a_replay_of_each_games_log(app: Any, client: Any):
    season, fixture = _play_night(client)
    reply = client.get(f"/n/{season.id}/player-table.json")
    assert reply.status_code == 200
    table = reply.get_json()
    rows = {r["name"]: r for r in table["players"]}
    expected = _recomputed(app, fixture)
    assert len(expected) == 10  # every player of both line-ups has a game
    for name, want in expected.items():
        got = rows[name]
        assert {k: got[k] for k in want} == want, name
        played = want["played"]
        assert got["win_percent"] == (
            round(100 * want["won"] / played, 1) if played else None
        )
    home_one = fixture["games"][0]["home"][0]
    assert rows[home_one]["break_and_runs"] == 2  # the two scripted run-outs
    assert rows[home_one]["racks_won"] == 2
    # game 4 is over on the table but unconfirmed: its players have played nothing
    for name in (fixture["games"][3]["home"][0], fixture["games"][3]["away"][0]):
        assert rows[name]["played"] == 0
        assert rows[name]["win_percent"] is None
    assert sum(r["played"] for r in table["players"]) == 6  # three games, two sides
    assert [r["team_name"] for r in table["players"]].count(season.names[0]) == 5


def test_the_player_page_and_csv_show_the_same_rows(client: Any) -> None:
    season, fixture = _play_night(client)
    table = client.get(f"/n/{season.id}/player-table.json").get_json()
    season_page = client.get(f"/n/{season.id}").get_data(as_text=True)
    assert (
        f'href="/n/{season.id}/player-table"' in season_page
    )  # linked from the season
    page = client.get(f"/n/{season.id}/player-table")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Break &amp; runs" in html
    for row in table["players"]:
        assert f'<th scope="row">{row["name"]}</th>' in html
    reply = client.get(f"/n/{season.id}/player-table.csv")
    assert reply.mimetype == "text/csv"
    assert "attachment" in reply.headers["Content-Disposition"]
    parsed = list(csv.reader(io.StringIO(reply.get_data(as_text=True))))
    assert parsed[0] == [c["key"] for c in table["columns"]]
    assert [r[0] for r in parsed[1:]] == [r["name"] for r in table["players"]]
    leader = parsed[1]
    assert leader[parsed[0].index("played")] == str(table["players"][0]["played"])


def test_only_a_league_season_has_a_player_table(client: Any) -> None:
    made = client.post(
        "/api/v1/tournaments",
        json={"kind": "round-robin", "game": "billiards", "players": ["Ann", "Bob"]},
    )
    assert made.status_code == 201, made.get_json()
    for path in ("player-table", "player-table.csv", "player-table.json"):
        reply = client.get(f"/n/{made.get_json()['id']}/{path}")
        assert reply.status_code == 404
    assert client.get("/n/nosuchseason/player-table").status_code == 404


def test_the_table_follows_a_confirmation_after_it_was_read(client: Any) -> None:
    """The per-season figures are kept by match version: a game confirmed after a
    view counts at the next one, and nothing else moves."""
    season, fixture = _play_night(client)
    before = client.get(f"/n/{season.id}/player-table.json").get_json()["players"]
    fourth = fixture["games"][3]
    away = season.captains[season.team_number(fixture["away"])]
    reply = season.match_write(fourth["match"], "confirm", {}, away)
    assert reply.status_code == 201, reply.get_json()
    after = client.get(f"/n/{season.id}/player-table.json").get_json()["players"]
    moved = {fourth["home"][0], fourth["away"][0]}
    was = {r["name"]: r for r in before}
    for row in after:
        if row["name"] in moved:
            assert row["played"] == was[row["name"]]["played"] + 1
        else:
            assert row == was[row["name"]]
    winner = next(r for r in after if r["name"] == fourth["home"][0])
    assert (winner["won"], winner["racks_won"]) == (1, 2)


def test_a_forfeited_fixtures_games_count_for_nobody(client: Any) -> None:
    """As in the standings: a forfeit decides the team match without its games, so
    a race already played in that fixture leaves the player table."""
    season = Season(client, teams=2, race=1, options={"team_format": "pool-9-ball-5"})
    fixture = season.fixture(1)
    for side in ("home", "away"):
        assert season.lineup(fixture, side).status_code == 201
    fixture = season.fixture(1)
    season.play_game(fixture, fixture["games"][0], home_wins=True)
    played = client.get(f"/n/{season.id}/player-table.json").get_json()["players"]
    assert sum(r["played"] for r in played) == 2
    lost = season.send(
        {
            "type": "forfeit",
            "fixture": 1,
            "team": 2,
            "reason": "Could not raise a side",
        },
        season.league_key,
    )
    assert lost.status_code == 201, lost.get_json()
    after = client.get(f"/n/{season.id}/player-table.json").get_json()["players"]
    assert [r["played"] for r in after] == [0] * 10
