"""A season's player table (``referee.leagues.player_table``), pure.

Every figure is checked against a recomputation that does not go through the
profile figures: the darts engine's own statistics in each match's final state, the
racks each pool state records, and break-and-runs scripted into the racks.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import games
from referee.games import facts
from referee.leagues import player_table
from referee.leagues.player_table import SeasonGame
from referee.leagues.player_table import Side
from referee.profiles import stats

TEAMS = [
    {"name": "Sharks", "players": ["Ann", "Bob", "Cy"]},
    {"name": "Jets", "players": ["Dee", "Eve", "Fay"]},
]
DARTS = ["T20", "T19", "S20", "S5", "S1", "D20", "D16", "D10", "D8", "D4", "D2"]
DARTS += ["D1", "DB", "SB", "M"]


def _towards(left: int) -> str:
    """A dart that brings ``left`` to a finish on a double without busting."""
    if left <= 40:
        return f"D{left // 2}" if left % 2 == 0 else "S1"
    if left <= 60:
        return f"S{left - 40}"
    return "S20" if left == 61 else "T20"


def _darts(home: str, away: str, rounds: list[list[str]], finish: bool):
    """A darts 301 match thrown dart by dart: ``(setup, events, final state)``.

    ``rounds`` alternate home, away; ``finish`` then has the player to throw check
    out (their opponent misses in between), so the match is over.
    """
    game = games.get("darts-301")
    setup = game.new_setup([home, away], {"start": "301", "legs": 1}, None)
    state, done = game.start(setup), []

    def throw(darts: list[str]) -> None:
        nonlocal state
        for dart in darts:
            if game.view(state)["over"]:
                return
            event = game.parse_event({"type": "dart", "dart": dart}, state)
            state = game.apply(state, event).state
            done.append(event)
            if not state["round"]["darts"]:
                return  # the round ended (three darts, a bust or a finish)

    for darts in rounds:
        throw(darts)
    if finish:
        # The side to throw now checks out (greedy, double out); the other misses.
        closer = state["turn"]
        while not game.view(state)["over"]:
            if state["turn"] != closer:
                throw(["M", "M", "M"])
                continue
            throw([_towards(state["scores"][closer])])
    return setup, done, state


def _season_game(
    number: int, home: tuple[int, str], away: tuple[int, str], rounds, finish
) -> tuple[SeasonGame, Any]:
    setup, done, state = _darts(home[1], away[1], rounds, finish)
    figures = stats.figures(games.get("darts-301"), setup, done)
    return (
        SeasonGame(
            match=f"m{number}",
            home=Side(home[0], (home[1],), (home[1],)),
            away=Side(away[0], (away[1],), (away[1],)),
            figures=figures,
            counts=True,
        ),
        state,
    )


_game_spec = st.tuples(
    st.sampled_from(TEAMS[0]["players"]),
    st.sampled_from(TEAMS[1]["players"]),
    st.lists(st.lists(st.sampled_from(DARTS), min_size=1, max_size=3), max_size=12),
    st.booleans(),
)


@settings(max_examples=20, deadline=None)
@given(st.lists(_game_spec, max_size=6))
def test_darts_figures_equal_the_engines_statistics_of_the_finished_games(specs):
    """Property: per player, the sums of the engine's own statistics over the
    finished games; the totals and the order of the games change nothing else."""
    played, states = [], []
    for n, (home, away, rounds, finish) in enumerate(specs):
        g, state = _season_game(n, (1, home), (2, away), rounds, finish)
        played.append(g)
        states.append((g, state))
    rows = {r["name"]: r for r in player_table.table("darts-301", TEAMS, played)}
    assert set(rows) == {p for t in TEAMS for p in t["players"]}
    game = games.get("darts-301")
    for name, row in rows.items():
        mine = [
            (seat, g, state)
            for g, state in states
            for seat, side in enumerate((g.home, g.away))
            if side.names == (name,) and game.view(state)["over"]
        ]
        won = sum(game.view(s)["winner"] == name for _, _, s in mine)
        points = sum(s["stats"][seat]["points"] for seat, _, s in mine)
        darts = sum(s["stats"][seat]["darts"] for seat, _, s in mine)
        at_double = sum(s["stats"][seat]["at_double"] for seat, _, s in mine)
        checkouts = sum(s["stats"][seat]["checkouts"] for seat, _, s in mine)
        assert row["played"] == len(mine)
        assert (row["won"], row["lost"]) == (won, len(mine) - won)
        assert row["win_percent"] == (round(100 * won / len(mine), 1) if mine else None)
        assert row["three_dart_average"] == (
            round(3 * points / darts, 2) if darts else None
        )
        assert row["checkout_percent"] == facts.percent(checkouts, at_double)
        assert row["legs_won"] == sum(
            s["stats"][seat]["legs_won"] for seat, _, s in mine
        )
    # Every finished game is one win and two games played; nothing else counts.
    finished = sum(bool(game.view(s)["over"]) for _, s in states)
    assert sum(r["won"] for r in rows.values()) == finished
    assert sum(r["played"] for r in rows.values()) == 2 * finished
    # The table is a function of the set of games, not of the order they came in.
    assert player_table.table("darts-301", TEAMS, played[::-1]) == list(
        player_table.table("darts-301", TEAMS, played)
    )


def test_a_game_not_over_or_not_yet_confirmed_adds_nothing():
    over, _ = _season_game(1, (1, "Ann"), (2, "Dee"), [], True)
    live, _ = _season_game(2, (1, "Ann"), (2, "Dee"), [["T20", "T20", "T20"]], False)
    unconfirmed = SeasonGame("m3", over.home, over.away, over.figures, counts=False)
    rows = {
        r["name"]: r
        for r in player_table.table("darts-301", TEAMS, [over, live, unconfirmed])
    }
    assert rows["Ann"]["played"] == 1
    assert rows["Ann"]["won"] + rows["Dee"]["won"] == 1
    # the live game's 180 is not in the average of the one finished game
    assert rows["Ann"]["one_eighties"] + rows["Dee"]["one_eighties"] == 1


def test_a_darts_pair_counts_games_for_both_partners_but_not_their_averages():
    setup, done, _ = _darts("Ann & Bob", "Dee & Eve", [], True)
    pair = SeasonGame(
        "m1",
        Side(1, ("Ann", "Bob"), ("Ann & Bob",)),
        Side(2, ("Dee", "Eve"), ("Dee & Eve",)),
        stats.figures(games.get("darts-301"), setup, done),
        counts=True,
    )
    rows = {r["name"]: r for r in player_table.table("darts-301", TEAMS, [pair])}
    assert [rows[n]["played"] for n in ("Ann", "Bob", "Dee", "Eve")] == [1, 1, 1, 1]
    assert rows["Ann"]["won"] == rows["Bob"]["won"] == 1 - rows["Dee"]["won"]
    assert rows["Ann"]["three_dart_average"] is None
    assert rows["Cy"]["played"] == 0
    assert rows["Cy"]["win_percent"] is None


def _pool(home: str, away: str, raw: list[dict]):
    game = games.get("billiards")
    setup = game.new_setup([home, away], {"race": 2, "game": "9-ball"}, None)
    state, done = game.start(setup), []
    for event in raw:
        event = game.parse_event(event, state)
        state = game.apply(state, event).state
        done.append(event)
    return stats.figures(game, setup, done), state


RUN_OUT = [{"type": "shot", "pocketed": [n]} for n in range(1, 10)]


def test_pool_racks_and_break_and_runs_add_up_over_the_season():
    # Ann breaks and runs out twice: 2 racks, 2 break-and-runs, the match.
    first, s1 = _pool(
        "Ann", "Dee", [{"type": "breaker", "side": "Ann"}, *RUN_OUT, *RUN_OUT]
    )
    # Eve breaks, scratches, Ann wins that rack; then Ann breaks and runs out.
    second, s2 = _pool(
        "Ann",
        "Eve",
        [
            {"type": "breaker", "side": "Eve"},
            {"type": "shot", "cue_ball": "pocket"},
            *RUN_OUT,
            *RUN_OUT,
        ],
    )
    played = [
        SeasonGame(
            "m1", Side(1, ("Ann",), ("Ann",)), Side(2, ("Dee",), ("Dee",)), first, True
        ),
        SeasonGame(
            "m2", Side(1, ("Ann",), ("Ann",)), Side(2, ("Eve",), ("Eve",)), second, True
        ),
    ]
    rows = {r["name"]: r for r in player_table.table("billiards", TEAMS, played)}
    for state in (s1, s2):
        assert games.get("billiards").view(state)["over"]
    racks_won = sum(r["winner"] == "Ann" for s in (s1, s2) for r in s["racks"])
    assert (rows["Ann"]["racks_won"], rows["Ann"]["racks_lost"]) == (racks_won, 0)
    assert racks_won == 4
    assert rows["Ann"]["break_and_runs"] == 3  # the scripted run-outs from the break
    assert (rows["Ann"]["won"], rows["Ann"]["win_percent"]) == (2, 100.0)
    assert (rows["Eve"]["racks_lost"], rows["Eve"]["break_and_runs"]) == (2, 0)
    assert [r["name"] for r in player_table.table("billiards", TEAMS, played)][
        0
    ] == "Ann"


def test_the_same_name_on_two_teams_is_two_players():
    teams = [{"name": "A", "players": ["Sam"]}, {"name": "B", "players": ["Sam"]}]
    setup, done, _ = _darts("Sam", "Sam (B)", [], True)
    g = SeasonGame(
        "m1",
        Side(1, ("Sam",), ("Sam",)),
        Side(2, ("Sam",), ("Sam (B)",)),
        stats.figures(games.get("darts-301"), setup, done),
        True,
    )
    rows = player_table.table("darts-301", teams, [g])
    assert sorted((r["team"], r["played"]) for r in rows) == [(1, 1), (2, 1)]
    assert sum(r["won"] for r in rows) == 1


def test_columns_name_each_games_figures():
    keys = [c["key"] for c in player_table.columns("billiards")]
    assert {"racks_won", "racks_lost", "break_and_runs", "win_percent"} <= set(keys)
    assert "three_dart_average" in [c["key"] for c in player_table.columns("darts-301")]
    assert [c["key"] for c in player_table.columns("pinochle")][-1] == "win_percent"


def _canasta_won_by(winners: int) -> Any:
    """A canasta partnership match, Sharks (Ann, Bob) against Jets (Dee, Eve),
    played to its end by whole hands entered as counts: side ``winners`` goes out
    with four natural canastas each hand, the other side melds nothing."""
    game = games.get("canasta")
    teams = [
        {"name": "Sharks", "players": ["Ann", "Bob"]},
        {"name": "Jets", "players": ["Dee", "Eve"]},
    ]
    setup = game.new_setup(["Ann", "Bob", "Dee", "Eve"], {}, teams)
    state, done = game.start(setup), []
    while not game.view(state)["over"]:
        for side in (0, 1):
            mine = side == winners
            raw = {
                "type": "hand_counts",
                "side": side,
                "natural_canastas": 4 if mine else 0,
                "mixed_canastas": 0,
                "meld_points": 1180 if mine else 0,
                "hand_points": 0,
                "went_out": "out" if mine else "none",
            }
            event = game.parse_event(raw, state)
            state = game.apply(state, event).state
            done.append(event)
    return stats.figures(game, setup, done)


def test_cards_partners_each_count_the_partnerships_result():
    sharks, jets = ("Ann", "Bob"), ("Dee", "Eve")
    played = [
        SeasonGame("m1", Side(1, sharks, sharks), Side(2, jets, jets), f, True)
        for f in (_canasta_won_by(0), _canasta_won_by(0), _canasta_won_by(1))
    ]
    rows = {r["name"]: r for r in player_table.table("canasta", TEAMS, played)}
    for name in sharks:
        assert (rows[name]["played"], rows[name]["won"]) == (3, 2)
        assert rows[name]["win_percent"] == 66.7
    for name in jets:
        assert (rows[name]["won"], rows[name]["lost"]) == (1, 2)
        assert rows[name]["win_percent"] == 33.3
    assert set(rows["Ann"]) == {c["key"] for c in player_table.columns("canasta")} | {
        "team"
    }
