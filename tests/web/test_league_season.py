"""Issue 23's target: a 16-team double round robin (30 weeks, 240 team matches,
2,400 games at the 10-game pool format) created, played and settled through the
JSON API only, on SQLite and PostgreSQL.

The captains send their line-ups; each game is played on its fixture's key with
short events (the breaker and one ``rack`` for a race to one, or, one game in three,
a ``forfeit``) and
confirmed by the away captain's key. Then: no team plays twice in a week, home and
away differ by at most one per team, every fixture is settled, and the standings the
API shows equal a recomputation straight from the games' matches (read through the
API). It takes minutes, not seconds: ``make season`` (pytest -m season), a CI step
of its own after ``make schemathesis``.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pytest

from tests.web.league_api import Season

# Minutes, not seconds: its own budget instead of the suite's ten minutes a test.
pytestmark = [pytest.mark.season, pytest.mark.timeout(1800)]

TEAMS = 16
POINTS = {"match_win": 3, "match_draw": 1, "game_win": 1, "sweep_bonus": 2}


def _home_wins(fixture: int, game: int) -> bool:
    """A fixed spread of results: some sweeps, some draws (5-5), mostly mixed."""
    if fixture % 11 == 0:
        return True  # a home sweep
    if fixture % 13 == 0:
        return game % 2 == 0  # five each: a drawn fixture
    return (fixture * 7 + game * 3) % 5 < 3


def test_a_sixteen_team_double_round_robin_is_played_and_settled_through_the_api(
    client: Any, backend: str
) -> None:
    started, cpu = time.perf_counter(), time.process_time()
    season = Season(client, TEAMS, meetings="double", race=1, options=POINTS)
    view = season.get()
    weeks, fixtures = view["weeks"], view["fixtures"]
    assert len(weeks) == 30
    assert len(fixtures) == 240

    # The fixture list: nobody twice in a week, home and away balanced.
    for week in weeks:
        playing = [
            team
            for f in fixtures
            if f["week"] == week["number"]
            for team in (f["home"], f["away"])
        ]
        assert len(playing) == len(set(playing)) == TEAMS, week["number"]
    homes = Counter(f["home"] for f in fixtures)
    aways = Counter(f["away"] for f in fixtures)
    for team in range(1, TEAMS + 1):
        assert abs(homes[team] - aways[team]) <= 1, team
        assert homes[team] + aways[team] == 2 * (TEAMS - 1)

    # Week by week: the line-ups, then every game played and confirmed.
    played = 0
    for week in weeks:
        for number in week["fixtures"]:
            fixture = season.fixture(number, view)
            assert season.lineup(fixture, "home").status_code == 201
            reply = season.lineup(fixture, "away")
            assert reply.status_code == 201, reply.get_json()
            called = season.fixture(number, reply.get_json()["tournament"])
            assert called["status"] == "playing"
            for game in called["games"]:
                season.play_game(
                    called,
                    game,
                    _home_wins(number, game["number"]),
                    forfeit=(number + game["number"]) % 3 == 0,
                )
                played += 1
    assert played == 2400
    finished = season.get()
    assert finished["over"] is True
    assert all(f["status"] == "done" for f in finished["fixtures"])

    # The standings the API shows equal a recomputation from the matches alone.
    rows = {
        t: {"played": 0, "won": 0, "drawn": 0, "lost": 0, "for": 0, "against": 0}
        for t in range(1, TEAMS + 1)
    }
    points = dict.fromkeys(range(1, TEAMS + 1), 0)
    for fixture in finished["fixtures"]:
        won = {"home": 0, "away": 0}
        for game in fixture["games"]:
            match = client.get(f"/api/v1/matches/{game['match']}").get_json()
            board = match["state"]
            assert board["over"] is True
            home_side = " & ".join(game["home"])
            won["home" if board["winner"] == home_side else "away"] += 1
        for side, other in (("home", "away"), ("away", "home")):
            team = fixture[side]
            row = rows[team]
            row["played"] += 1
            row["for"] += won[side]
            row["against"] += won[other]
            points[team] += won[side] * POINTS["game_win"]
            if won[side] > won[other]:
                row["won"] += 1
                points[team] += POINTS["match_win"]
                if won[other] == 0:
                    points[team] += POINTS["sweep_bonus"]
            elif won[side] == won[other]:
                row["drawn"] += 1
                points[team] += POINTS["match_draw"]
            else:
                row["lost"] += 1
    standings = finished["standings"]
    assert len(standings) == TEAMS
    for shown in standings:
        team = shown["team"]
        mine = rows[team]
        assert (
            shown["played"],
            shown["won"],
            shown["drawn"],
            shown["lost"],
            shown["games_for"],
            shown["games_against"],
            shown["points"],
        ) == (
            mine["played"],
            mine["won"],
            mine["drawn"],
            mine["lost"],
            mine["for"],
            mine["against"],
            points[team],
        ), shown["name"]
    ranked = [s["points"] for s in standings]
    assert ranked == sorted(ranked, reverse=True)
    assert sum(r["drawn"] for r in rows.values()) > 0  # the spread has draws
    elapsed = time.perf_counter() - started
    used = time.process_time() - cpu
    print(f"\n16-team season on {backend}: {elapsed:.1f} s ({used:.1f} s of CPU here)")
