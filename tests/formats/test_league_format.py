"""A league season's rules (referee/formats/league): the setup, line-ups, calls,
results and withdrawals, forfeits and reschedules, and who may send what.

Pure: the format's functions over JSON, driven as the service drives them
(``tests/formats/league_season.py``).
"""

from __future__ import annotations

import copy

import pytest

from referee import games
from referee.formats import TableMatch
from referee.formats.league import FORMAT as LEAGUE
from referee.formats.league import game_key
from referee.formats.league import own_lineup
from referee.formats.league import rules
from referee.formats.league import team_formats as tf
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from tests.formats.league_season import NAMES
from tests.formats.league_season import SCHEDULE
from tests.formats.league_season import board
from tests.formats.league_season import both_lineups
from tests.formats.league_season import call
from tests.formats.league_season import fold
from tests.formats.league_season import lineup_of
from tests.formats.league_season import play
from tests.formats.league_season import season
from tests.formats.league_season import send
from tests.formats.league_season import teams_setup

# --- the setup ------------------------------------------------------------------------


def _setup(**changes):
    names = NAMES[:4]
    raw = {
        "game": "billiards",
        "teams": teams_setup(names),
        "schedule": dict(SCHEDULE),
        "seeding": "given",
    }
    raw.update(changes)
    return LEAGUE.parse_setup(raw, names)


def _team(i=0, **changes):
    teams = teams_setup(NAMES[:4])
    teams[i] = {**teams[i], **changes}
    return teams


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"game": "bunko"}, "game"),
        ({"game": None}, "game"),
        ({"teams": None}, "teams"),
        ({"teams": "Sharks, Jets"}, "teams"),
        ({"teams": teams_setup(NAMES[:3])}, "teams"),
        ({"teams": [*teams_setup(NAMES[:3]), "Hawks"]}, "teams[3]"),
        ({"teams": _team(1, name="Rockets")}, "teams[1].name"),
        ({"teams": _team(0, colour="red")}, "teams[0].colour"),
        ({"teams": _team(0, venue="")}, "teams[0].venue"),
        ({"teams": _team(0, venue="x" * 81)}, "teams[0].venue"),
        ({"teams": _team(0, players=[])}, "teams[0].players"),
        ({"teams": _team(0, players="Ann")}, "teams[0].players"),
        ({"teams": _team(0, players=[f"P{i}" for i in range(21)])}, "teams[0].players"),
        (
            {"teams": _team(0, players=["Ann", "ann"], captain="Ann")},
            "teams[0].players",
        ),
        (
            {"teams": _team(0, players=["Ann", "x" * 41], captain="Ann")},
            "teams[0].players",
        ),
        ({"teams": _team(2, captain="Nobody")}, "teams[2].captain"),
        ({"schedule": None}, "schedule"),
        ({"seeding": "drawn"}, "seating"),
        ({"stations": ["Table 1"]}, "stations"),
    ],
)
def test_a_wrong_setup_is_bad_input_naming_the_field(changes, field):
    with pytest.raises(BadInput) as err:
        _setup(**changes)
    assert err.value.field == field
    assert err.value.example


def test_a_player_on_two_rosters_is_refused():
    teams = teams_setup(NAMES[:4])
    teams[1]["players"].append(teams[0]["players"][2])
    with pytest.raises(BadInput, match="on both Sharks's and Jets's rosters") as err:
        _setup(teams=teams)
    assert err.value.field == "teams[1].players"


@pytest.mark.parametrize("count", [0, 1, 33])
def test_a_season_has_2_to_32_teams(count):
    with pytest.raises(BadInput, match="2 to 32 teams") as err:
        LEAGUE.check_players([f"T{i}" for i in range(count)])
    assert err.value.example


def test_the_team_format_must_suit_the_leagues_game():
    setup = _setup(game="darts-301")
    options = LEAGUE.parse_options({"team_format": "pool-8-ball-5"})
    with pytest.raises(BadInput, match="not a team match of Darts") as err:
        LEAGUE.create(NAMES[:4], options, None, setup)
    assert err.value.field == "options.team_format"
    assert "darts-501-singles" in err.value.example


def test_auto_picks_the_games_first_team_format():
    for game in tf.league_games():
        state = season(4, game=game)
        assert state["options"]["team_format"] == tf.for_game(game)[0].id


def test_every_roster_must_hold_a_full_lineup():
    teams = teams_setup(NAMES[:4])
    teams[3]["players"] = teams[3]["players"][:4]
    setup = _setup(teams=teams)
    options = LEAGUE.parse_options({"team_format": "pool-9-ball-10"})
    with pytest.raises(BadInput, match="Hawks has 4 players") as err:
        LEAGUE.create(NAMES[:4], options, None, setup)
    assert err.value.field == "teams"


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"legs": 4}, "options.legs"),
        ({"race": 0}, "options.race"),
        ({"match_win": 1, "match_draw": 2}, "options.match_draw"),
        ({"tie_breaks": ["games-won", "games-won"]}, "options.tie_breaks"),
        ({"tie_breaks": "games-won"}, "options.tie_breaks"),
        (
            {"tie_breaks": ["games-won", "head-to-head", "games-difference", "none"]},
            "options.tie_breaks",
        ),
        ({"tie_breaks": ["coin-toss"]}, "options.tie_break_1"),
        ({"team_format": "pool-7-ball"}, "options.team_format"),
        ({"lineup": "secret"}, "options.lineup"),
        ({"handicap": "elo"}, "options.handicap"),
    ],
)
def test_wrong_options_are_bad_input(options, field):
    with pytest.raises(BadInput) as err:
        LEAGUE.parse_options(options)
    assert err.value.field == field


def test_tie_breaks_may_be_sent_as_an_ordered_list():
    parsed = LEAGUE.parse_options({"tie_breaks": ["head-to-head", "games-won"]})
    assert [parsed[f"tie_break_{i}"] for i in (1, 2, 3)] == [
        "head-to-head",
        "games-won",
        "none",
    ]


# --- stations -------------------------------------------------------------------------


def test_stations_are_captains_then_fixture_phones():
    state = season(5)
    teams, fixtures = 5, len(state["fixtures"])
    assert [LEAGUE.station_role(state, n) for n in (1, 5, 6, teams + fixtures)] == [
        ("captain", 1),
        ("captain", 5),
        ("fixture", 1),
        ("fixture", fixtures),
    ]
    with pytest.raises(BadInput):
        LEAGUE.station_role(state, teams + fixtures + 1)


def test_a_captain_may_send_only_its_own_teams_lineup():
    state = season(4)
    f = state["fixtures"][0]
    event = LEAGUE.parse_event(
        {
            "type": "lineup",
            "fixture": 1,
            "team": f["home"],
            "players": lineup_of(state, 1, "home"),
        },
        state,
    )
    assert LEAGUE.allows(state, f["home"], event)
    assert not LEAGUE.allows(state, f["away"], event)
    assert not LEAGUE.allows(state, 4 + 1, event)  # fixture 1's phone
    forfeit = LEAGUE.parse_event(
        {"type": "forfeit", "fixture": 1, "team": f["home"], "reason": "x"}, state
    )
    assert not LEAGUE.allows(state, f["home"], forfeit)
    assert LEAGUE.table_writes == {"lineup"}


# --- line-ups -------------------------------------------------------------------------


def _lineup(state, fixture, side, players=None):
    f = state["fixtures"][fixture - 1]
    return send(
        state,
        {
            "type": "lineup",
            "fixture": fixture,
            "team": f[side],
            "players": players
            if players is not None
            else lineup_of(state, fixture, side),
        },
    )


def test_a_blind_lineup_is_hidden_until_both_are_in():
    state = _lineup(season(4), 1, "home")
    shown = LEAGUE.view(state, [])["fixtures"][0]
    assert shown["lineups"] == {"home": {"submitted": True}, "away": None}
    assert shown["status"] == "lineups"
    f = state["fixtures"][0]
    assert own_lineup(state, 1, f["home"]) == lineup_of(state, 1, "home")
    assert own_lineup(state, 1, f["away"]) is None
    state = _lineup(state, 1, "away")
    shown = LEAGUE.view(state, [])["fixtures"][0]
    assert shown["lineups"] == {
        "home": lineup_of(state, 1, "home"),
        "away": lineup_of(state, 1, "away"),
    }


def test_an_open_lineup_is_shown_at_once():
    state = _lineup(season(4, {"lineup": "open"}), 1, "away")
    assert LEAGUE.view(state, [])["fixtures"][0]["lineups"] == {
        "home": None,
        "away": lineup_of(state, 1, "away"),
    }


def test_a_lineup_names_players_of_the_roster_only():
    state = season(4)
    away_player = lineup_of(state, 1, "away")[0]
    names = [*lineup_of(state, 1, "home")[:4], away_player]
    with pytest.raises(Refused, match="not on .* roster") as err:
        _lineup(state, 1, "home", names)
    assert "league/lineup" in err.value.ruling.rules


def test_a_lineup_names_nobody_twice():
    state = season(4)
    names = lineup_of(state, 1, "home")
    with pytest.raises(Refused, match="twice") as err:
        _lineup(state, 1, "home", [*names[:4], names[0].upper()])
    assert err.value.ruling.rules == ("league/lineup",)


@pytest.mark.parametrize("count", [4, 6])
def test_a_lineup_has_exactly_the_formats_count(count):
    state = season(4)  # pool-8-ball-5: five a side
    roster = state["teams"][state["fixtures"][0]["home"] - 1]["players"]
    with pytest.raises(Refused, match="5 players here"):
        _lineup(state, 1, "home", roster[:count])


def test_a_lineup_is_for_a_team_of_the_fixture():
    state = season(4)
    f = state["fixtures"][0]
    other = next(t for t in range(1, 5) if t not in (f["home"], f["away"]))
    with pytest.raises(Refused, match="does not play in fixture 1"):
        send(
            state,
            {
                "type": "lineup",
                "fixture": 1,
                "team": other,
                "players": state["teams"][other - 1]["players"][:5],
            },
        )


def test_a_lineup_may_change_until_both_are_in_then_stands():
    state = season(4)
    roster = state["teams"][state["fixtures"][0]["home"] - 1]["players"]
    state = _lineup(state, 1, "home", roster[:5])
    state = _lineup(state, 1, "home", roster[1:6])
    assert state["fixtures"][0]["lineups"]["home"] == roster[1:6]
    state = _lineup(state, 1, "away")
    with pytest.raises(Refused, match="they stand"):
        _lineup(state, 1, "home", roster[:5])
    state, _ = call(state)
    with pytest.raises(Refused, match="they stand"):
        _lineup(state, 1, "away")


def test_a_lineup_takes_the_team_by_name_and_the_rosters_spelling():
    state = season(4, {"lineup": "open"})
    f = state["fixtures"][0]
    names = [n.upper() for n in lineup_of(state, 1, "home")]
    state = send(
        state,
        {
            "type": "lineup",
            "fixture": 1,
            "team": NAMES[f["home"] - 1].lower(),
            "players": names,
        },
    )
    assert state["fixtures"][0]["lineups"]["home"] == lineup_of(state, 1, "home")


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"type": "lineup", "fixture": 99, "team": 1, "players": []}, "fixture"),
        ({"type": "lineup", "fixture": 1, "team": 9, "players": []}, "team"),
        ({"type": "lineup", "fixture": 1, "team": 1, "players": "Ann"}, "players"),
        ({"type": "lineup", "fixture": 1, "team": 1, "players": ["x"] * 21}, "players"),
        (
            {"type": "lineup", "fixture": 1, "team": 1, "players": ["Ann", " "]},
            "players",
        ),
        (
            {"type": "lineup", "fixture": 1, "team": 1, "players": ["Ann", None]},
            "players",
        ),
        (
            {"type": "lineup", "fixture": 1, "team": 1, "players": [], "note": "x"},
            "note",
        ),
        ({"type": "result", "fixture": 1}, "type"),
        ({"type": "forfeit", "fixture": 1, "team": 1}, "reason"),
        ({"type": "forfeit", "fixture": 1, "team": 1, "reason": "  "}, "reason"),
        ({"type": "forfeit", "fixture": 1, "team": 1, "reason": "x" * 201}, "reason"),
        ({"type": "reschedule", "fixture": 1, "date": "soon", "reason": "x"}, "date"),
        (
            {
                "type": "reschedule",
                "fixture": 1,
                "date": "2026-09-09",
                "venue": "",
                "reason": "x",
            },
            "venue",
        ),
    ],
)
def test_a_wrong_event_is_bad_input_naming_the_field(raw, field):
    with pytest.raises(BadInput) as err:
        LEAGUE.parse_event(raw, season(4))
    assert err.value.field == field
    assert err.value.example


# --- calls ----------------------------------------------------------------------------


def test_nothing_is_called_until_both_lineups_are_in():
    state = _lineup(season(4), 1, "home")
    assert LEAGUE.calls(state) == []
    assert LEAGUE.call_event(state, {}) is None


def test_the_ten_game_pool_format_plays_two_rotations():
    state = both_lineups(season(4, {"team_format": "pool-9-ball-10", "race": 4}), 1)
    state, plans = call(state)
    home, away = lineup_of(state, 1, "home"), lineup_of(state, 1, "away")
    expected = [[home[i], away[i]] for i in range(5)] + [
        [home[i], away[(i + 1) % 5]] for i in range(5)
    ]
    assert [p.players for p in plans] == expected
    f = state["fixtures"][0]
    names = NAMES[f["home"] - 1], NAMES[f["away"] - 1]
    for g, p in enumerate(plans, start=1):
        assert p.number == game_key(1, g)
        assert p.options == {"game": "9-ball", "race": 4}
        assert p.title == f"Week 1 · {names[0]} v {names[1]} · Game {g}"
        assert p.station == 4 + 1
        assert p.round == 1
        assert p.confirm is True
        assert p.confirmer == f["away"]
        assert p.teams == []
    assert [g["home"] + g["away"] for g in state["fixtures"][0]["games"]] == expected
    assert LEAGUE.live_matches(state) == {f"m{p.number}": p.number for p in plans}


def test_darts_singles_and_doubles_pairs_play_as_one_named_side():
    state = season(
        4, {"team_format": "darts-501-singles-doubles", "legs": 5}, game="darts-301"
    )
    state, plans = call(both_lineups(state, 1))
    home, away = lineup_of(state, 1, "home"), lineup_of(state, 1, "away")
    assert [p.players for p in plans] == [
        *([home[i], away[i]] for i in range(4)),
        [f"{home[0]} & {home[1]}", f"{away[0]} & {away[1]}"],
        [f"{home[2]} & {home[3]}", f"{away[2]} & {away[3]}"],
    ]
    assert {tuple(sorted(p.options.items())) for p in plans} == {
        (("legs", 3), ("sets", 1), ("start", "501"))
    }
    games_ = state["fixtures"][0]["games"]
    assert games_[4]["home"] == home[:2]
    assert games_[5]["away"] == away[2:4]


def test_cards_partnerships_are_teams_of_two_named_after_the_teams():
    state = season(4, {"team_format": "cards-pairs-2"}, game="pinochle")
    state, plans = call(both_lineups(state, 1))
    home, away = lineup_of(state, 1, "home"), lineup_of(state, 1, "away")
    f = state["fixtures"][0]
    assert [p.teams for p in plans] == [
        [
            {"name": NAMES[f["home"] - 1], "players": home[:2]},
            {"name": NAMES[f["away"] - 1], "players": away[:2]},
        ],
        [
            {"name": NAMES[f["home"] - 1], "players": home[2:]},
            {"name": NAMES[f["away"] - 1], "players": away[2:]},
        ],
    ]
    assert all(p.players is None for p in plans)


@pytest.mark.parametrize(
    ("fmt", "game"), [(f.id, g) for f in tf.FORMATS for g in f.games]
)
def test_every_game_of_every_team_format_is_a_real_match_setup(fmt, game):
    state = season(4, {"team_format": fmt}, game=game)
    _, plans = call(both_lineups(state, 1))
    assert len(plans) == len(tf.get(fmt).slots)
    engine = games.get(game)
    for p in plans:
        setup = engine.new_setup(p.players, p.options, p.teams or None)
        engine.start(setup)  # the engine takes it as a match


def test_one_fixture_is_called_at_a_time_in_fixture_order():
    state = both_lineups(both_lineups(season(4), 2), 1)
    plans = LEAGUE.calls(state)
    assert {p.number // 100 for p in plans} == {1}
    state, _ = call(state)
    assert {p.number // 100 for p in LEAGUE.calls(state)} == {2}
    event = LEAGUE.call_event(state, {})
    assert event is None  # no match made for a game: nothing recorded


def test_a_call_records_its_games_and_the_service_reads_their_numbers():
    state = both_lineups(season(4), 1)
    plans = LEAGUE.calls(state)
    event = LEAGUE.call_event(state, {p.number: f"m{p.number}" for p in plans})
    assert event == {
        "type": "call",
        "fixture": 1,
        "games": {str(g): f"m{100 + g}" for g in range(1, 6)},
    }
    assert LEAGUE.call_numbers(event) == [p.number for p in plans]
    state = LEAGUE.apply(state, event).state
    with pytest.raises(Refused, match="has been called"):
        LEAGUE.apply(state, event)


# --- results and withdrawals ----------------------------------------------------------


def _called(options=None, game="billiards"):
    state = both_lineups(season(4, options, game=game), 1)
    return call(state)


def test_a_finished_game_match_records_its_result_from_the_board():
    state, plans = _called()
    tm = TableMatch(plans[0].number, "m101", 9, {}, board(plans[0], 1, [2, 3]))
    events = LEAGUE.sync(state, [tm])
    assert events == [
        {
            "type": "result",
            "fixture": 1,
            "game": 1,
            "match": "m101",
            "winner": "away",
            "score": [2, 3],
            "seq": 9,
        }
    ]
    state = fold(state, events)
    game = LEAGUE.view(state, [])["fixtures"][0]["games"][0]
    assert (game["winner"], game["score"], game["status"]) == ("away", [2, 3], "done")
    assert LEAGUE.sync(state, [tm]) == []  # recorded once


def test_a_game_in_play_shows_its_live_score():
    state, plans = _called()
    tm = TableMatch(101, "m101", 4, {}, board(plans[0], None, [1, 2], over=False))
    assert LEAGUE.sync(state, [tm]) == []
    entry = LEAGUE.board_entry(state, 101, tm)
    assert entry["games"][0]["live"]["score"] == [1, 2]
    assert entry == LEAGUE.view(state, [tm])["fixtures"][0]


def test_a_reopened_game_match_withdraws_its_result():
    state, plans = _called()
    done = TableMatch(101, "m101", 9, {}, board(plans[0], 0, [3, 0]))
    state = fold(state, LEAGUE.sync(state, [done]))
    reopened = TableMatch(
        101, "m101", 10, {}, board(plans[0], None, [2, 0], over=False)
    )
    events = LEAGUE.sync(state, [reopened])
    assert events == [
        {"type": "withdraw", "fixture": 1, "game": 1, "match": "m101", "seq": 10}
    ]
    state = fold(state, events)
    assert state["fixtures"][0]["games"][0]["result"] is None


def test_a_game_ended_differently_is_withdrawn_and_recorded_again():
    state, plans = _called()
    state = fold(
        state,
        LEAGUE.sync(
            state, [TableMatch(101, "m101", 9, {}, board(plans[0], 0, [3, 0]))]
        ),
    )
    changed = TableMatch(101, "m101", 12, {}, board(plans[0], 1, [2, 3]))
    events = LEAGUE.sync(state, [changed])
    assert [e["type"] for e in events] == ["withdraw", "result"]
    state = fold(state, events)
    assert state["fixtures"][0]["games"][0]["result"]["winner"] == "away"


def test_a_fixture_is_decided_when_every_game_has_a_result():
    state = play(season(4), 1, [0, 0, 1, None, 0])
    f = state["fixtures"][0]
    assert f["result"] == {
        "score": [3, 1],
        "winner": "home",
        "how": "played",
        "sweep": None,
    }
    assert state["playing"] == []
    assert LEAGUE.live_matches(state) == {}
    # a decided fixture's game is still found when its match is reopened
    assert LEAGUE.match_number(state, "m103") == 103


def test_withdrawing_a_game_of_a_decided_fixture_reopens_the_fixture():
    state = play(season(4), 1, [0, 0, 0, 0, 0])
    assert state["fixtures"][0]["result"]["sweep"] == "home"
    plan_names = state["fixtures"][0]["games"][2]
    tm = TableMatch(
        103,
        "m103",
        20,
        {},
        board([plan_names["home"][0], plan_names["away"][0]], None, [1, 1], over=False),
    )
    state = fold(state, LEAGUE.sync(state, [tm]))
    assert state["fixtures"][0]["result"] is None
    assert state["playing"] == [1]
    assert LEAGUE.view(state, [])["fixtures"][0]["status"] == "playing"


def test_a_real_darts_match_decides_its_game():
    state, plans = _called(
        {"team_format": "darts-501-singles", "legs": 1}, game="darts-301"
    )
    engine = games.get("darts-301")
    match = engine.start(engine.new_setup(plans[0].players, plans[0].options))
    for raw in (
        {"type": "score", "points": 180},
        {"type": "score", "points": 0},
        {"type": "score", "points": 180},
        {"type": "score", "points": 0},
        {"type": "score", "points": 141, "double_out": True},
    ):
        match = engine.step(match, raw).state
    tm = TableMatch(101, "m101", 5, match, engine.view(match))
    (event,) = LEAGUE.sync(state, [tm])
    assert (event["winner"], event["score"]) == ("home", [1, 0])


def test_a_stray_or_unknown_match_is_not_read():
    state, plans = _called()
    stray = TableMatch(101, "other", 3, {}, board(plans[0], 0, [3, 0]))
    unknown = TableMatch(999, "m999", 3, {}, board(plans[0], 0, [3, 0]))
    assert LEAGUE.sync(state, [stray, unknown]) == []
    assert LEAGUE.match_number(state, "other") is None


def test_the_season_is_over_when_every_fixture_is_decided():
    state = season(2)
    assert not state["over"]
    state = play(state, 1, [0] * 5)
    assert state["over"]


# --- forfeits and reschedules ------------------------------------------------------


def test_a_forfeit_gives_the_other_team_every_game_with_its_reason():
    state, _ = _called()
    f = state["fixtures"][0]
    state = send(
        state,
        {
            "type": "forfeit",
            "fixture": 1,
            "team": f["away"],
            "reason": "Only three came",
        },
    )
    f = state["fixtures"][0]
    assert f["result"] == {
        "score": [5, 0],
        "winner": "home",
        "how": "forfeit",
        "sweep": None,
    }
    assert f["notes"] == [
        {"kind": "forfeit", "reason": "Only three came", "team": f["away"]}
    ]
    assert LEAGUE.live_matches(state) == {}
    assert LEAGUE.view(state, [])["fixtures"][0]["status"] == "forfeited"


def test_a_forfeit_ruling_cites_the_forfeit_rule():
    state = season(4)
    f = state["fixtures"][0]
    step = LEAGUE.apply(
        state,
        LEAGUE.parse_event(
            {"type": "forfeit", "fixture": 1, "team": f["home"], "reason": "No venue"},
            state,
        ),
    )
    assert "league/forfeit" in step.ruling.rules
    assert "No venue" in step.ruling.summary


def test_a_forfeited_fixtures_games_are_no_longer_read():
    state, plans = _called()
    f = state["fixtures"][0]
    state = send(
        state, {"type": "forfeit", "fixture": 1, "team": f["home"], "reason": "x"}
    )
    tm = TableMatch(101, "m101", 9, {}, board(plans[0], 0, [3, 0]))
    assert LEAGUE.sync(state, [tm]) == []
    assert LEAGUE.match_number(state, "m101") is None


def test_a_decided_fixture_cannot_be_forfeited_or_moved():
    state = play(season(4), 1, [0] * 5)
    f = state["fixtures"][0]
    with pytest.raises(Refused, match="cannot be forfeited") as err:
        send(state, {"type": "forfeit", "fixture": 1, "team": f["home"], "reason": "x"})
    assert err.value.ruling.rules == ("league/forfeit",)
    with pytest.raises(Refused, match="cannot be moved"):
        send(
            state,
            {"type": "reschedule", "fixture": 1, "date": "2026-10-01", "reason": "x"},
        )


def test_a_forfeit_names_a_team_of_the_fixture():
    state = season(4)
    f = state["fixtures"][0]
    other = next(t for t in range(1, 5) if t not in (f["home"], f["away"]))
    with pytest.raises(Refused, match="does not play"):
        send(state, {"type": "forfeit", "fixture": 1, "team": other, "reason": "x"})


def test_a_reschedule_moves_date_and_venue_and_keeps_the_reason():
    state = season(4)
    before = copy.deepcopy(state["fixtures"][1])
    state = send(
        state,
        {
            "type": "reschedule",
            "fixture": 2,
            "date": "2026-09-09",
            "venue": "The Jets Social Club",
            "reason": "Pool table being re-clothed",
        },
    )
    f = LEAGUE.view(state, [])["fixtures"][1]
    assert (f["date"], f["venue"], f["week"]) == (
        "2026-09-09",
        "The Jets Social Club",
        before["week"],
    )
    assert f["notes"] == [
        {
            "kind": "reschedule",
            "reason": "Pool table being re-clothed",
            "from": before["date"],
            "to": "2026-09-09",
            "venue": "The Jets Social Club",
        }
    ]
    state = send(
        state,
        {"type": "reschedule", "fixture": 2, "date": "2026-09-10", "reason": "Again"},
    )
    f = state["fixtures"][1]
    assert (f["date"], f["venue"]) == ("2026-09-10", "The Jets Social Club")
    assert [n["reason"] for n in f["notes"]] == ["Pool table being re-clothed", "Again"]


def test_the_view_has_the_contracts_shape():
    state = play(season(5), 1, [0, 1, 0, 1, 0])
    view = LEAGUE.view(state, [])
    assert {"teams", "weeks", "fixtures", "standings"} <= set(view)
    assert set(view["weeks"][0]) == {"number", "date", "fixtures", "bye"}
    assert {
        "number", "week", "date", "time", "venue", "home", "away", "status",
        "lineups", "games", "result", "notes",
    } <= set(view["fixtures"][0])  # fmt: skip
    assert {"number", "home", "away", "match", "score", "winner"} <= set(
        view["fixtures"][0]["games"][0]
    )
    assert {
        "rank", "team", "name", "played", "won", "drawn", "lost", "games_for",
        "games_against", "points",
    } <= set(view["standings"][0])  # fmt: skip
    assert view["progress"] == {"done": 1, "total": 10}


# --- the log: apply copies what it changes; blind rows are hidden -----------------


def test_apply_never_writes_to_the_state_it_is_given():
    """``copies_state``: the service folds without a deep copy first, so every
    event kind must leave the state it was given exactly as it was."""
    state = season(4, {"lineup": "open"})
    f = state["fixtures"][0]
    steps = [
        {
            "type": "lineup",
            "fixture": 1,
            "team": f["home"],
            "players": lineup_of(state, 1, "home"),
        },
        {
            "type": "lineup",
            "fixture": 1,
            "team": f["away"],
            "players": lineup_of(state, 1, "away"),
        },
    ]
    for raw in steps:
        before = copy.deepcopy(state)
        state_after = LEAGUE.apply(state, LEAGUE.parse_event(raw, state)).state
        assert state == before
        state = state_after
    before = copy.deepcopy(state)
    called, plans = call(state)
    assert state == before
    state = called
    done = [
        TableMatch(p.number, f"m{p.number}", 3, {}, board(p, 0, [3, 0])) for p in plans
    ]
    for event in LEAGUE.sync(state, done):
        before = copy.deepcopy(state)
        after = LEAGUE.apply(state, event).state
        assert state == before
        state = after
    reopened = TableMatch(101, "m101", 4, {}, board(plans[0], None, [2, 0], over=False))
    for event in LEAGUE.sync(state, [reopened]):
        before = copy.deepcopy(state)
        after = LEAGUE.apply(state, event).state
        assert state == before
        assert after["fixtures"][0]["result"] is None
        state = after
    for raw in (
        {"type": "reschedule", "fixture": 2, "date": "2026-09-09", "reason": "Flood"},
        {
            "type": "forfeit",
            "fixture": 2,
            "team": state["fixtures"][1]["home"],
            "reason": "x",
        },
    ):
        before = copy.deepcopy(state)
        after = LEAGUE.apply(state, LEAGUE.parse_event(raw, state)).state
        assert state == before
        state = after
    assert LEAGUE.copies_state


def test_a_blind_lineup_row_of_the_log_hides_its_names_until_both_are_in():
    state = season(4)
    f = state["fixtures"][0]
    raw = {
        "type": "lineup",
        "fixture": 1,
        "team": f["home"],
        "players": lineup_of(state, 1, "home"),
    }
    event = LEAGUE.parse_event(raw, state)
    state = LEAGUE.apply(state, event).state
    shown = LEAGUE.public_event(state, event)
    assert shown["players"] == {"submitted": True}
    assert shown["team"] == f["home"]
    state = _lineup(state, 1, "away")
    assert LEAGUE.public_event(state, event) == event


def test_an_open_lineup_row_shows_its_names():
    state = season(4, {"lineup": "open"})
    f = state["fixtures"][0]
    raw = {
        "type": "lineup",
        "fixture": 1,
        "team": f["home"],
        "players": lineup_of(state, 1, "home"),
    }
    event = LEAGUE.parse_event(raw, state)
    state = LEAGUE.apply(state, event).state
    assert LEAGUE.public_event(state, event) == event


def test_every_ruling_of_a_season_cites_the_leagues_own_rules():
    cited = set()
    state = season(4)
    f = state["fixtures"][0]
    rulings = [LEAGUE.apply(None, _create_event()).ruling]
    for side in ("home", "away"):
        raw = {
            "type": "lineup",
            "fixture": 1,
            "team": f[side],
            "players": lineup_of(state, 1, side),
        }
        step = LEAGUE.apply(state, LEAGUE.parse_event(raw, state))
        rulings.append(step.ruling)
        state = step.state
    for raw in (
        {"type": "reschedule", "fixture": 2, "date": "2026-09-09", "reason": "Flood"},
        {
            "type": "forfeit",
            "fixture": 2,
            "team": state["fixtures"][1]["home"],
            "reason": "x",
        },
    ):
        step = LEAGUE.apply(state, LEAGUE.parse_event(raw, state))
        rulings.append(step.ruling)
        state = step.state
    for ruling in rulings:
        assert ruling.rules
        cited |= set(ruling.rules)
    assert cited <= set(rules.RULES)
    declared = {v for k, v in vars(rules).items() if k.isupper() and isinstance(v, str)}
    assert declared == set(rules.RULES)


def _create_event():
    names = NAMES[:4]
    setup = _setup()
    return LEAGUE.create(names, LEAGUE.parse_options({}), None, setup)
