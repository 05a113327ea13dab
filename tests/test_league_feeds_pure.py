"""The league season's TV board, exports and calendar feeds as pure functions of the
season's view (``referee.league_feeds``), on views made by hand in the contract's
shape (docs/leagues-design.md). The web tests (tests/web/test_league_feeds.py) run
the same on a season played through the API."""

from __future__ import annotations

import datetime as dt
from typing import Any

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from icalendar import Calendar

from referee import league_feeds as lf
from referee.formats.round_robin import schedule

STAMP = dt.datetime(2026, 9, 1, 12, 0, tzinfo=dt.UTC)


def make_view(
    names: list[str],
    rosters: list[list[str]] | None = None,
    start: dt.date = dt.date(2026, 9, 7),
) -> dict[str, Any]:
    """A season's view as the format shows it: a single round robin, one week a
    week at 19:30, each fixture at the home team's venue, nothing played yet."""
    rosters = rosters or [[f"{n} {i}" for i in range(1, 4)] for n in names]
    teams = [
        {"name": n, "venue": f"The {n} Arms", "captain": r[0], "players": r}
        for n, r in zip(names, rosters, strict=True)
    ]
    weeks: list[dict[str, Any]] = []
    fixtures: list[dict[str, Any]] = []
    numbers = list(range(1, len(names) + 1))
    for w, couples in enumerate(schedule(numbers), start=1):
        date = (start + dt.timedelta(days=7 * (w - 1))).isoformat()
        week = {"number": w, "date": date, "fixtures": [], "bye": None}
        for a, b in couples:
            if a is None or b is None:
                week["bye"] = a or b
                continue
            f = len(fixtures) + 1
            week["fixtures"].append(f)
            fixtures.append(
                {
                    "number": f,
                    "week": w,
                    "date": date,
                    "time": "19:30",
                    "venue": teams[a - 1]["venue"],
                    "home": a,
                    "away": b,
                    "status": "scheduled",
                    "lineups": {"home": None, "away": None},
                    "games": [],  # made when both line-ups are in
                    "result": None,
                    "notes": [],
                }
            )
        weeks.append(week)
    standings = [
        {
            "rank": 1,
            "team": n,
            "name": name,
            "played": 0,
            "won": 0,
            "drawn": 0,
            "lost": 0,
            "games_for": 0,
            "games_against": 0,
            "points": 0,
        }
        for n, name in enumerate(names, start=1)
    ]
    return {
        "teams": teams,
        "weeks": weeks,
        "fixtures": fixtures,
        "standings": standings,
    }


def play(fixture: dict[str, Any], winners: list[str | None], live: int = 0) -> None:
    """Give ``fixture`` its games: the first ones won as ``winners`` says, then
    ``live`` games in play (2-1 each); decided when every game is won."""
    games = []
    for g, winner in enumerate(winners, start=1):
        games.append(
            {
                "number": g,
                "home": [f"H{g}"],
                "away": [f"A{g}"],
                "match": f"m{g}",
                "score": [5, 3] if winner == "home" else [2, 5],
                "winner": winner,
            }
        )
    for g in range(len(winners) + 1, len(winners) + live + 1):
        games.append(
            {
                "number": g,
                "home": [f"H{g}"],
                "away": [f"A{g}"],
                "match": f"m{g}",
                "score": None,
                "winner": None,
                "live": {"score": [2, 1], "legs": [None, None], "prompt": "", "seq": 3},
            }
        )
    fixture["games"] = games
    if not live:
        h = winners.count("home")
        a = winners.count("away")
        winner = "home" if h > a else "away" if a > h else None
        fixture["result"] = {"score": [h, a], "winner": winner, "how": "played"}
        fixture["status"] = "done"


def events(cal_bytes: bytes) -> list[Any]:
    return list(Calendar.from_ical(cal_bytes).walk("VEVENT"))


# --- calendar feeds -------------------------------------------------------------------


def test_a_team_feed_has_one_event_per_fixture_of_the_team_and_none_for_its_bye():
    view = make_view(["Sharks", "Jets", "Owls"])  # odd: every team has a bye week
    cal = lf.calendar(view, "s1", "League: Sharks", [1], STAMP)
    found = events(cal.to_ical())
    mine = [f for f in view["fixtures"] if 1 in (f["home"], f["away"])]
    assert len(found) == len(mine) == 2
    assert sorted(str(e["UID"]) for e in found) == sorted(
        lf.uid("s1", f["number"]) for f in mine
    )


def test_an_event_starts_at_the_fixtures_floating_local_time_for_three_hours():
    view = make_view(["Sharks", "Jets"])
    [event] = events(lf.calendar(view, "s1", "x", [1], STAMP).to_ical())
    start = event.decoded("DTSTART")
    assert start == dt.datetime(2026, 9, 7, 19, 30)
    assert start.tzinfo is None  # floating: "19:30 at the venue"
    assert event.decoded("DURATION") == dt.timedelta(hours=3)
    assert (
        "DTSTART:20260907T193000"
        in lf.calendar(view, "s1", "x", [1], STAMP).to_ical().decode()
    )


def test_the_summary_names_home_first_and_says_which_side_the_team_is():
    view = make_view(["Sharks", "Jets"])
    f = view["fixtures"][0]
    home, away = lf.team_name(view, f["home"]), lf.team_name(view, f["away"])
    [at_home] = events(lf.calendar(view, "s", "x", [f["home"]], STAMP).to_ical())
    [away_ev] = events(lf.calendar(view, "s", "x", [f["away"]], STAMP).to_ical())
    assert str(at_home["SUMMARY"]) == f"{home} v {away} (home)"
    assert str(away_ev["SUMMARY"]) == f"{home} v {away} (away)"
    assert str(at_home["LOCATION"]) == f["venue"]


def test_a_reschedule_keeps_the_uid_bumps_the_sequence_and_says_why():
    view = make_view(["Sharks", "Jets"])
    [before] = events(lf.calendar(view, "s1", "x", [1], STAMP).to_ical())
    f = view["fixtures"][0]
    why = "The Arms is shut for a wedding; the room, too."
    f["notes"] = [
        {
            "kind": "reschedule",
            "reason": why,
            "from": f["date"],
            "to": "2026-09-09",
            "venue": "The Crown",
        }
    ]
    f["date"] = "2026-09-09"
    f["venue"] = "The Crown"
    [after] = events(lf.calendar(view, "s1", "x", [1], STAMP).to_ical())
    assert after["UID"] == before["UID"]
    assert int(after["SEQUENCE"]) == int(before["SEQUENCE"]) + 1
    assert after.decoded("DTSTART") == dt.datetime(2026, 9, 9, 19, 30)
    assert str(after["LOCATION"]) == "The Crown"
    said = str(after["DESCRIPTION"])
    assert f"Moved from 2026-09-07 to 2026-09-09 at The Crown: {why}" in said


def test_a_forfeited_fixture_is_cancelled_in_the_calendar():
    view = make_view(["Sharks", "Jets"])
    f = view["fixtures"][0]
    f["result"] = {"score": [5, 0], "winner": "home", "how": "forfeit"}
    f["status"] = "forfeited"
    f["notes"] = [{"kind": "forfeit", "reason": "No team raised.", "team": 2}]
    [event] = events(lf.calendar(view, "s1", "x", [2], STAMP).to_ical())
    assert str(event["STATUS"]) == "CANCELLED"
    assert f"{lf.team_name(view, 2)} forfeit: No team raised." in str(
        event["DESCRIPTION"]
    )
    assert int(event["SEQUENCE"]) == 1


def test_a_played_fixture_stays_confirmed_with_its_result_in_the_description():
    view = make_view(["Sharks", "Jets"])
    f = view["fixtures"][0]
    play(f, ["home", "home", "away", "home", "away"])
    [event] = events(lf.calendar(view, "s1", "x", [1], STAMP).to_ical())
    assert str(event["STATUS"]) == "CONFIRMED"
    home, away = lf.team_name(view, f["home"]), lf.team_name(view, f["away"])
    assert f"Result: {home} 3-2 {away}." in str(event["DESCRIPTION"])


def test_a_fixture_without_a_time_is_an_all_day_event_and_without_a_date_none():
    view = make_view(["Sharks", "Jets", "Owls", "Cats"])
    view["fixtures"][0]["time"] = None
    view["fixtures"][1]["date"] = None
    team = view["fixtures"][0]["home"]
    found = {
        str(e["UID"]): e
        for e in events(lf.calendar(view, "s", "x", [1, 2, 3, 4], STAMP).to_ical())
    }
    assert lf.uid("s", 2) not in found
    day = found[lf.uid("s", 1)]
    assert day.decoded("DTSTART") == dt.date(2026, 9, 7)
    assert day.decoded("DTEND") == dt.date(2026, 9, 8)
    assert team


def test_a_players_feed_is_every_team_whose_roster_names_them_once_each_fixture():
    rosters = [["Ann", "Bo"], ["Cy", "ann "], ["Di"], ["Ed"]]  # Ann plays for two
    view = make_view(["Sharks", "Jets", "Owls", "Cats"], rosters)
    teams = lf.teams_of_player(view, ["ANN"])
    assert teams == [1, 2]
    found = events(lf.calendar(view, "s", "x", teams, STAMP).to_ical())
    mine = lf.team_fixtures(view, [1, 2])
    assert len(found) == len(mine) == 5  # 3 each, less the one between them
    assert len({str(e["UID"]) for e in found}) == len(found)
    assert lf.teams_of_player(view, ["Zed"]) == []


def test_the_same_season_and_stamp_give_the_same_bytes():
    view = make_view(["Sharks", "Jets", "Owls"])
    one = lf.calendar(view, "s", "x", [1], STAMP).to_ical()
    assert one == lf.calendar(view, "s", "x", [1], STAMP).to_ical()
    assert b"DTSTAMP:20260901T120000Z" in one


AWKWARD = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40
).filter(lambda s: s.strip() == s and s)


@settings(max_examples=60, deadline=None)
@given(AWKWARD, AWKWARD, AWKWARD, AWKWARD)
def test_awkward_names_and_venues_come_back_exactly_and_lines_stay_folded(
    home: str, away: str, venue: str, reason: str
):
    view = make_view([home, away])
    f = view["fixtures"][0]
    f["venue"] = venue
    f["notes"] = [{"kind": "reschedule", "reason": reason, "from": "a", "to": "b"}]
    raw = lf.calendar(view, "s1", f"{home}; {away}", [1], STAMP).to_ical()
    for line in raw.split(b"\r\n"):
        assert len(line) <= 75, line
    [event] = events(raw)
    names = [home, away] if f["home"] == 1 else [away, home]
    assert str(event["SUMMARY"]) == f"{names[0]} v {names[1]} (home)"
    assert str(event["LOCATION"]) == venue
    assert reason in str(event["DESCRIPTION"])


def test_commas_semicolons_and_backslashes_are_escaped_in_the_text():
    view = make_view(["Smith, Jones & Co; Ltd", "Café Ørsted \\ Ünited"])
    raw = lf.calendar(view, "s1", "x", [1], STAMP).to_ical().decode()
    assert "Smith\\, Jones & Co\\; Ltd" in raw.replace("\r\n ", "")
    assert "Café Ørsted \\\\ Ünited" in raw.replace("\r\n ", "")


# --- the TV board --------------------------------------------------------------------


def test_the_tv_shows_the_week_played_today_else_the_first_with_a_fixture_to_play():
    view = make_view(["Sharks", "Jets", "Owls", "Cats"])
    week2 = dt.date(2026, 9, 14)
    assert lf.tv_board(view, week2)["week"]["number"] == 2
    assert lf.tv_board(view, dt.date(2026, 8, 1))["week"]["number"] == 1
    for n in view["weeks"][0]["fixtures"]:
        play(view["fixtures"][n - 1], ["home"] * 3)
    assert lf.tv_board(view, dt.date(2026, 9, 10))["week"]["number"] == 2
    # tonight's fixtures stay on the board when their results are in
    board = lf.tv_board(view, dt.date(2026, 9, 7))
    assert board["week"]["number"] == 1
    assert {c["state"] for c in board["fixtures"]} == {"final"}


def test_tonight_is_the_fixtures_dated_today_with_a_moved_one_in_or_out():
    view = make_view(["A", "B", "C", "D"])
    week1, week2 = view["weeks"][0]["fixtures"], view["weeks"][1]["fixtures"]
    moved_in = view["fixtures"][week2[0] - 1]
    moved_in["date"] = "2026-09-07"  # week 2's fixture played on week 1's night
    moved_out = view["fixtures"][week1[0] - 1]
    moved_out["date"] = "2026-09-09"
    board = lf.tv_board(view, dt.date(2026, 9, 7))
    assert {c["number"] for c in board["fixtures"]} == {week1[1], week2[0]}
    later = lf.tv_board(view, dt.date(2026, 9, 9))
    assert [c["number"] for c in later["fixtures"]] == [week1[0]]
    assert later["week"]["when"] == "Wed 9 Sep"


def test_a_fixture_card_counts_games_won_per_side_and_the_games_in_play():
    view = make_view(["Sharks", "Jets"])
    f = view["fixtures"][0]
    play(f, ["home", "away", "home"], live=2)
    [card] = lf.tv_board(view, dt.date(2026, 9, 7))["fixtures"]
    assert card["won"] == [2, 1]
    assert card["state"] == "playing"
    assert card["in_play"] == 2
    assert card["finished"] == 3
    assert card["games"] == 5
    assert [g["score"] for g in card["playing"]] == ["2–1", "2–1"]
    assert card["home"] == lf.team_name(view, f["home"])


def test_a_game_called_but_not_begun_is_waiting_not_in_play():
    view = make_view(["Sharks", "Jets"])
    f = view["fixtures"][0]
    play(f, ["home"], live=2)
    f["games"][2]["live"]["seq"] = 0  # called to its match, no entry yet
    [card] = lf.tv_board(view, dt.date(2026, 9, 7))["fixtures"]
    assert (card["in_play"], card["waiting"], card["finished"]) == (1, 1, 1)
    assert [g["number"] for g in card["playing"]] == [2]


def test_the_board_says_tonights_date_in_words():
    view = make_view(["Sharks", "Jets"])
    assert lf.tv_board(view, dt.date(2026, 9, 7))["week"]["when"] == "Mon 7 Sep"
    assert lf.human_date(None) == ""


def test_a_card_lists_at_most_three_games_in_play_and_counts_the_rest():
    view = make_view(["Sharks", "Jets"])
    play(view["fixtures"][0], [], live=5)
    [card] = lf.tv_board(view, dt.date(2026, 9, 7))["fixtures"]
    assert len(card["playing"]) == lf.TV_GAMES_SHOWN
    assert card["more_playing"] == 5 - lf.TV_GAMES_SHOWN


def test_the_latest_results_are_the_weeks_before_tonight_newest_first():
    view = make_view(["A", "B", "C", "D", "E", "F"])
    for w in (1, 2):
        for n in view["weeks"][w - 1]["fixtures"]:
            play(view["fixtures"][n - 1], ["home", "away", "away"])
    board = lf.tv_board(view, dt.date(2026, 9, 21))  # week 3
    assert board["week"]["number"] == 3
    got = [r["number"] for r in board["results"]]
    expected = view["weeks"][1]["fixtures"][::-1] + view["weeks"][0]["fixtures"][::-1]
    assert got == expected[: lf.TV_RESULTS]
    assert all(r["won"] == [1, 2] and r["winner"] == "away" for r in board["results"])


def test_the_tv_table_shows_sixteen_teams_and_counts_the_others():
    names = [f"T{i}" for i in range(1, 21)]
    view = make_view(names)
    board = lf.tv_board(view, dt.date(2026, 9, 7))
    assert len(board["standings"]) == lf.TV_TABLE_ROWS
    assert board["more_teams"] == 4
    assert board["bye"] is None
    assert len(board["fixtures"]) == 10


def test_a_forfeit_shows_as_a_forfeit_and_the_odd_team_out_as_the_bye():
    view = make_view(["Sharks", "Jets", "Owls"])
    week = view["weeks"][0]
    f = view["fixtures"][week["fixtures"][0] - 1]
    f["result"] = {"score": [0, 5], "winner": "away", "how": "forfeit"}
    board = lf.tv_board(view, dt.date(2026, 9, 7))
    assert board["fixtures"][0]["state"] == "forfeit"
    assert board["bye"] == lf.team_name(view, week["bye"])
    assert board["over"] is False


# --- exports --------------------------------------------------------------------------


def test_results_rows_are_one_per_fixture_with_games_won_and_a_draw_named():
    view = make_view(["Sharks", "Jets", "Owls", "Cats"])
    play(view["fixtures"][0], ["home", "away"])  # a draw
    play(view["fixtures"][1], ["away", "away", "home"])
    rows = lf.results_rows(view)
    assert rows[0] == list(lf.RESULTS_COLUMNS)
    assert len(rows) == len(view["fixtures"]) + 1
    by = {r[0]: dict(zip(rows[0], r, strict=True)) for r in rows[1:]}
    assert by[1]["winner"] == "draw"
    assert (by[1]["home_games"], by[1]["away_games"]) == (
        1,
        1,
    )
    assert by[2]["winner"] == lf.team_name(view, view["fixtures"][1]["away"])
    assert by[3]["winner"] == ""
    assert by[3]["how"] == ""


def test_the_season_json_has_the_table_and_every_fixture_with_its_games():
    view = make_view(["Sharks", "Jets"])
    play(view["fixtures"][0], ["home", "home", "away"])
    body = lf.season_json(view)
    assert [t["name"] for t in body["teams"]] == ["Sharks", "Jets"]
    assert body["standings"][0].keys() == set(lf.STANDINGS_COLUMNS)
    [res] = body["results"]
    assert res["decided"]
    assert res["games_won"] == {"home": 2, "away": 1}
    assert [g["winner"] for g in res["games"]] == ["home", "home", "away"]
    assert len(lf.games_rows(view)) == 1 + 3


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=2, max_value=9),
    st.lists(st.tuples(st.integers(1, 36), st.integers(1, 60)), max_size=8),
)
def test_every_dated_fixture_is_in_both_its_teams_feeds_once_with_its_moves_counted(
    count: int, moves: list[tuple[int, int]]
):
    view = make_view([f"T{i}" for i in range(1, count + 1)])
    fixtures = view["fixtures"]
    for which, days in moves:
        f = fixtures[(which - 1) % len(fixtures)]
        new = (dt.date.fromisoformat(f["date"]) + dt.timedelta(days=days)).isoformat()
        f["notes"].append(
            {"kind": "reschedule", "reason": "x", "from": f["date"], "to": new}
        )
        f["date"] = new
    seen: dict[str, int] = {}
    for team in range(1, count + 1):
        found = events(lf.calendar(view, "s", "x", [team], STAMP).to_ical())
        uids = [str(e["UID"]) for e in found]
        assert len(uids) == len(set(uids)) == count - 1  # one meeting each
        for e in found:
            seen[str(e["UID"])] = seen.get(str(e["UID"]), 0) + 1
            f = fixtures[int(str(e["UID"]).split("-")[-1].split("@")[0]) - 1]
            assert int(e["SEQUENCE"]) == len(f["notes"])
            assert e.decoded("DTSTART").date().isoformat() == f["date"]
    assert seen == {lf.uid("s", f["number"]): 2 for f in fixtures}


def test_a_finished_season_shows_its_last_week_and_says_so():
    view = make_view(["A", "B", "C", "D"])
    for f in view["fixtures"]:
        play(f, ["home", "away", "home"])
    board = lf.tv_board(view, dt.date(2027, 1, 1))  # no fixture today
    assert board["over"] is True
    assert board["week"]["number"] == view["weeks"][-1]["number"]
    assert {c["state"] for c in board["fixtures"]} == {"final"}
    assert len(board["results"]) == 4  # the two weeks before the last
