"""A bunko night: seating, the head table's stop, rotation and tallies."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import rulebook
from referee.formats.bunko_night import rules as night
from referee.formats.bunko_night.rules import GameResult
from referee.formats.bunko_night.rules import Round
from referee.formats.bunko_night.rules import Table
from referee.formats.bunko_night.rules import Tally
from referee.games.bunko import GAME
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused

TWELVE = [
    "Ann",
    "Bob",
    "Cy",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kim",
    "Lu",
]


def win(round_: Round, table: int, team: int, score: tuple[int, int] = (21, 10)):
    """The result of ``table`` won by its team ``team`` (0: seats 0 and 2)."""
    t = round_.table(table)
    return GameResult(table, t.teams[team], t.teams[1 - team], score)


def results(round_: Round, winners: list[int]) -> list[GameResult]:
    return [win(round_, i + 1, w) for i, w in enumerate(winners)]


# --- players and tables -------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 4, 7, 9, 10, 11, 13])
def test_night_players_eight_or_more_in_multiples_of_four(count):
    names = [f"P{i}" for i in range(count)]
    with pytest.raises(BadInput, match="8 or more players in fours"):
        night.first_round(names)


@pytest.mark.parametrize(("count", "fix"), [(7, "make it 8"), (10, "make it 8 or 12")])
def test_night_players_message_says_how_to_fix_the_count(count, fix):
    with pytest.raises(BadInput, match=fix):
        night.check_players([f"P{i}" for i in range(count)])


@pytest.mark.parametrize("count", [8, 12, 16, 24])
def test_night_players_one_table_per_four(count):
    round_ = night.first_round([f"P{i}" for i in range(count)])
    assert len(round_.tables) == count // 4
    assert [t.number for t in round_.tables] == list(range(1, count // 4 + 1))


def test_night_players_names_are_unique():
    with pytest.raises(BadInput, match="Two players are called 'Ann'"):
        night.first_round([*TWELVE[:11], "ann"])


def test_night_tables_seats_given_fill_the_head_table_first():
    round_ = night.first_round(TWELVE)
    assert round_.number == 1
    assert round_.tables[0].seats == ("Ann", "Bob", "Cy", "Dee")
    assert round_.tables[2].seats == ("Ivy", "Jo", "Kim", "Lu")
    assert round_.table(1).teams == (("Ann", "Cy"), ("Bob", "Dee"))
    assert round_.table(1).partner("Bob") == "Dee"


def test_night_tables_drawn_by_the_organiser_as_a_permutation():
    draw = list(range(12))[::-1]
    round_ = night.first_round(TWELVE, draw)
    assert round_.tables[0].seats == ("Lu", "Kim", "Jo", "Ivy")
    assert round_.tables[2].seats == ("Dee", "Cy", "Bob", "Ann")


@pytest.mark.parametrize(
    "draw", [[0] * 12, list(range(11)), list(range(1, 13)), ["a"] * 12]
)
def test_night_tables_draw_must_use_every_place_once(draw):
    with pytest.raises(BadInput, match="each once"):
        night.first_round(TWELVE, draw)


def test_night_tables_match_teams_seat_a_bunko_table_the_same_way():
    table = night.first_round(TWELVE).table(2)
    setup = GAME.new_setup(None, night.table_options(1, 2), table.match_teams())
    state = GAME.start(setup)
    assert tuple(state["players"]) == table.seats
    assert [t["name"] for t in state["teams"]] == ["Eve & Gus", "Fay & Hal"]


def test_head_table_options_only_the_head_table_plays_to_21():
    assert night.table_options(1, 1) == {
        "variant": "text",
        "round": 1,
        "head_table": True,
    }
    assert night.table_options(1, 3)["head_table"] is False


@pytest.mark.parametrize(("round_no", "target"), [(1, 1), (6, 6), (7, 1), (14, 2)])
def test_bunco_variant_round_number_cycles_one_to_six(round_no, target):
    assert night.table_options(round_no, 2, "bunco")["round"] == target


def test_stop_when_the_head_table_finishes_every_unfinished_table_stops():
    round_ = night.first_round(TWELVE)
    assert night.tables_to_stop(round_, []) == ()
    assert night.tables_to_stop(round_, [3]) == ()
    assert night.tables_to_stop(round_, [1]) == (2, 3)
    assert night.tables_to_stop(round_, [1, 3]) == (2,)


# --- results ------------------------------------------------------------------------


def test_win_loss_from_a_final_score_quick_mode():
    table = night.first_round(TWELVE).table(2)
    result = night.result_from_scores(table, [9, 14], bunkos={"Fay": 1})
    assert result.winners == ("Fay", "Hal")
    assert result.losers == ("Eve", "Gus")
    assert result.score == (14, 9)
    assert result.bunkos == {"Fay": 1}


def test_win_loss_a_tied_score_is_not_a_result():
    table = night.first_round(TWELVE).table(2)
    with pytest.raises(BadInput, match="tied 12-12: a tied table plays on"):
        night.result_from_scores(table, [12, 12])


def test_head_table_result_needs_a_team_on_21():
    table = night.first_round(TWELVE).table(1)
    with pytest.raises(BadInput, match="until a team reaches 21"):
        night.result_from_scores(table, [20, 3])
    assert night.result_from_scores(table, [23, 20]).winners == ("Ann", "Cy")


@pytest.mark.parametrize(
    ("scores", "counts", "message"),
    [
        ([21, -1], {}, "never below 0"),
        ([21], {}, "two whole numbers"),
        ([21, 4], {"Zed": 1}, "'Zed' is not at table 1"),
        ([21, 4], {"Ann": -1}, "whole numbers from 0"),
    ],
)
def test_win_loss_bad_quick_scores_are_bad_input(scores, counts, message):
    table = night.first_round(TWELVE).table(1)
    with pytest.raises(BadInput, match=message):
        night.result_from_scores(table, scores, wipeouts=counts)


def test_win_loss_from_a_finished_table_game():
    table = night.first_round(TWELVE).table(1)
    state = _game(table, 1)
    state = _roll_until(state, lambda s: GAME.view(s)["over"], "6 6 2")
    result = night.result_from_state(table, state)
    assert result.winners == ("Ann", "Cy")
    assert result.score[0] >= 21


def test_win_loss_refused_before_the_game_is_over():
    table = night.first_round(TWELVE).table(1)
    with pytest.raises(Refused, match="Table 1's game is not over yet"):
        night.result_from_state(table, _game(table, 1))


def test_win_loss_state_from_another_table_is_bad_input():
    round_ = night.first_round(TWELVE)
    with pytest.raises(BadInput, match="not played by table 2"):
        night.result_from_state(round_.table(2), _game(round_.table(1), 1))


def test_rotation_waits_for_every_table():
    round_ = night.first_round(TWELVE)
    with pytest.raises(Refused, match="Table 2 and 3 have not finished") as err:
        night.next_round(round_, [win(round_, 1, 0)])
    assert err.value.ruling.rules == ("bunko/win-loss",)


def test_rotation_result_must_name_the_tables_teams():
    round_ = night.first_round(TWELVE)
    bad = GameResult(2, ("Eve", "Fay"), ("Gus", "Hal"), (15, 3))
    with pytest.raises(BadInput, match="Eve & Gus and Fay & Hal"):
        night.next_round(round_, [win(round_, 1, 0), bad, win(round_, 3, 0)])
    with pytest.raises(BadInput, match="two results"):
        night.next_round(round_, [*results(round_, [0, 0, 0]), win(round_, 3, 1)])


# --- rotation -----------------------------------------------------------------------


def test_rotation_winners_move_up_one_table_and_losers_stay():
    r1 = night.first_round(TWELVE)
    r2 = night.next_round(r1, results(r1, [0, 1, 0]))
    assert r2.number == 2
    assert set(r2.table(1).seats) == {"Ann", "Cy", "Fay", "Hal"}  # Fay, Hal up
    assert set(r2.table(2).seats) == {"Eve", "Gus", "Ivy", "Kim"}  # Ivy, Kim up
    assert set(r2.table(3).seats) == {"Jo", "Lu", "Bob", "Dee"}


def test_rotation_head_table_winners_stay_and_losers_go_to_the_bottom():
    r1 = night.first_round(TWELVE)
    r2 = night.next_round(r1, results(r1, [1, 0, 0]))
    assert {"Bob", "Dee"} <= set(r2.table(1).seats)
    assert {"Ann", "Cy"} <= set(r2.table(3).seats)
    moves = {s.player: s.move for s in night.assignments(r2, r1)}
    assert moves["Bob"] == "stay"
    assert moves["Ann"] == "down"
    assert moves["Eve"] == "up"
    assert moves["Jo"] == "stay"


def test_rotation_eight_players_head_and_bottom_swap():
    names = TWELVE[:8]
    r1 = night.first_round(names)
    r2 = night.next_round(r1, results(r1, [0, 1]))
    assert r2.table(1).seats == ("Ann", "Fay", "Cy", "Hal")
    assert set(r2.table(2).seats) == {"Eve", "Gus", "Bob", "Dee"}


def test_partners_head_table_winning_pair_stays_together_in_their_seats():
    r1 = night.first_round(TWELVE)
    r2 = night.next_round(r1, results(r1, [0, 1, 0]))
    assert r2.table(1).seats == ("Ann", "Fay", "Cy", "Hal")
    assert r2.table(1).partner("Ann") == "Cy"


def test_partners_staying_losers_split_and_arriving_winners_split():
    r1 = night.first_round(TWELVE)
    r2 = night.next_round(r1, results(r1, [0, 1, 0]))
    # Table 2: Eve & Gus lost and stay; Ivy & Kim arrive from table 3.
    assert r2.table(2).seats == ("Eve", "Ivy", "Kim", "Gus")
    assert r2.table(2).teams == (("Eve", "Kim"), ("Ivy", "Gus"))
    # Bottom: Jo & Lu stay (seats 1 and 3); Bob & Dee come down from the head table.
    assert r2.table(3).seats == ("Lu", "Jo", "Bob", "Dee")
    assert r2.table(3).teams == (("Lu", "Bob"), ("Jo", "Dee"))


def test_partners_default_moves_one_staying_loser_one_seat_clockwise():
    r1 = night.first_round(TWELVE)
    r2 = night.next_round(r1, results(r1, [0, 1, 0]))
    before, after = r1.table(3).seats, r2.table(3).seats
    assert after.index("Jo") == before.index("Jo")
    assert after.index("Lu") == (before.index("Lu") + 1) % 4


def test_partners_the_table_may_choose_its_own_seats():
    r1 = night.first_round(TWELVE)
    chosen = {2: ["Gus", "Ivy", "Kim", "Eve"]}  # Gus keeps his seat, Eve moves
    r2 = night.next_round(r1, results(r1, [0, 1, 0]), seating=chosen)
    assert r2.table(2).seats == ("Gus", "Ivy", "Kim", "Eve")
    assert r2.table(2).teams == (("Gus", "Kim"), ("Ivy", "Eve"))


@pytest.mark.parametrize(
    ("table", "seats", "message"),
    [
        (2, ["Eve", "Ivy", "Gus", "Kim"], "partners change"),  # stayers together
        (2, ["Eve", "Ivy", "Kim", "Ann"], "seats Eve, Gus, Ivy and Kim"),
        (1, ["Ann", "Cy", "Fay", "Hal"], "winners Ann and Cy stay partners"),
        (3, ["Jo", "Lu", "Bob"], "clockwise"),
        (4, ["Jo", "Lu", "Bob", "Dee"], "no table 4"),
    ],
)
def test_partners_a_chosen_seating_must_keep_the_rules(table, seats, message):
    r1 = night.first_round(TWELVE)
    with pytest.raises(BadInput, match=message):
        night.next_round(r1, results(r1, [0, 1, 0]), seating={table: seats})


def test_assignments_tell_every_player_table_seat_and_partner():
    r1 = night.first_round(TWELVE)
    r2 = night.next_round(r1, results(r1, [0, 1, 0]))
    seats = {s.player: s for s in night.assignments(r2, r1)}
    assert len(seats) == 12
    ivy = seats["Ivy"]
    assert ivy.to_json() == {
        "player": "Ivy",
        "table": 2,
        "seat": 1,
        "partner": "Gus",
        "opponents": ["Eve", "Kim"],
        "came_from": 3,
        "move": "up",
    }
    first = night.assignments(r1)
    assert {s.move for s in first} == {"start"}
    assert {s.came_from for s in first} == {None}


# --- tallies and the overall result -------------------------------------------------


def test_tally_wins_losses_bunkos_and_wipeouts():
    r1 = night.first_round(TWELVE[:8])
    res = [
        GameResult(
            1, ("Ann", "Cy"), ("Bob", "Dee"), (21, 8), {"Ann": 2, "Bob": 1}, {"Dee": 1}
        ),
        GameResult(2, ("Fay", "Hal"), ("Eve", "Gus"), (12, 5)),
    ]
    tallies = night.tally(res, r1.players)
    assert tallies["Ann"] == Tally(wins=1, losses=0, bunkos=2, wipeouts=0)
    assert tallies["Dee"] == Tally(wins=0, losses=1, bunkos=0, wipeouts=1)
    assert tallies["Eve"].to_json() == {
        "wins": 0,
        "losses": 1,
        "bunkos": 0,
        "wipeouts": 0,
    }


def test_overall_winner_by_wins_and_loser_by_losses():
    tallies = {
        "Ann": Tally(3, 0),
        "Bob": Tally(2, 1),
        "Cy": Tally(0, 3),
        "Dee": Tally(1, 2),
    }
    result = night.overall(tallies)
    assert result.winner == "Ann"
    assert result.loser == "Cy"
    assert [p for p, _ in night.standings(tallies)] == ["Ann", "Bob", "Dee", "Cy"]


def test_overall_ties_wait_for_a_roll():
    tallies = {
        "Ann": Tally(2, 1),
        "Bob": Tally(2, 1),
        "Cy": Tally(1, 2),
        "Dee": Tally(1, 2),
    }
    result = night.overall(tallies)
    assert result.winner is None
    assert result.winners == ("Ann", "Bob")
    assert result.to_json() == {
        "winners": ["Ann", "Bob"],
        "losers": ["Cy", "Dee"],
        "winner": None,
        "loser": None,
    }


def test_tie_break_highest_roll_takes_the_title():
    assert night.break_tie(["Ann", "Bob"], [{"Ann": 3, "Bob": 5}]).decided == "Bob"


def test_tie_break_tied_on_the_best_die_roll_again():
    outcome = night.break_tie(["Ann", "Bob", "Cy"], [{"Ann": 5, "Bob": 5, "Cy": 2}])
    assert outcome.decided is None
    assert outcome.roll_again == ("Ann", "Bob")
    outcome = night.break_tie(
        ["Ann", "Bob", "Cy"], [{"Ann": 5, "Bob": 5, "Cy": 2}, {"Ann": 1, "Bob": 4}]
    )
    assert outcome.to_json() == {"decided": "Bob", "roll_again": []}


def test_tie_break_no_rolls_yet_says_who_rolls():
    assert night.break_tie(["Ann", "Bob"], []).roll_again == ("Ann", "Bob")
    assert night.break_tie(["Ann"], []).decided == "Ann"


def test_tie_break_lowest_die_when_the_organiser_says_so():
    outcome = night.break_tie(["Cy", "Dee"], [{"Cy": 2, "Dee": 6}], highest_takes=False)
    assert outcome.decided == "Cy"


@pytest.mark.parametrize(
    ("rolls", "message"),
    [
        ([{"Ann": 3}], "exactly Ann and Bob"),
        ([{"Ann": 3, "Bob": 4, "Cy": 1}], "exactly Ann and Bob"),
        ([{"Ann": 3, "Bob": 7}], "1 to 6"),
        ([{"Ann": 3, "Bob": 4}, {"Bob": 2}], "already settled"),
    ],
)
def test_tie_break_rolls_must_come_from_the_tied_players(rolls, message):
    with pytest.raises(BadInput, match=message):
        night.break_tie(["Ann", "Bob"], rolls)


# --- JSON and rules -----------------------------------------------------------------


def test_round_and_result_round_trip_through_json():
    r1 = night.first_round(TWELVE)
    assert Round.from_json(r1.to_json()) == r1
    assert r1.to_json()["tables"][0]["team_names"] == ["Ann & Cy", "Bob & Dee"]
    result = GameResult(1, ("Ann", "Cy"), ("Bob", "Dee"), (21, 3), {"Ann": 1}, {})
    assert GameResult.from_json(result.to_json()) == result


@pytest.mark.parametrize(
    "data",
    [
        {"number": 1},
        {"number": 1, "tables": [{"number": 1, "seats": ["A", "B"]}]},
        {
            "number": 1,
            "tables": [
                {"number": 2, "seats": TWELVE[:4]},
                {"number": 1, "seats": TWELVE[4:8]},
            ],
        },
    ],
)
def test_round_from_bad_json_is_bad_input(data):
    with pytest.raises(BadInput):
        Round.from_json(data)


def test_night_rules_are_in_the_rulebook():
    assert all(rulebook.rule(r) for r in night.RULES.values())


# --- properties ---------------------------------------------------------------------


@st.composite
def nights(draw):
    tables = draw(st.integers(2, 6))
    names = [f"P{i}" for i in range(tables * 4)]
    order = draw(st.permutations(range(len(names))))
    rounds = draw(
        st.lists(
            st.lists(st.integers(0, 1), min_size=tables, max_size=tables),
            min_size=1,
            max_size=5,
        )
    )
    return names, list(order), rounds


@settings(max_examples=60, deadline=None)
@given(nights())
def test_property_rotation_seats_everyone_once_and_changes_partners(data):
    names, order, winners_by_round = data
    current = night.first_round(names, order)
    for winners in winners_by_round:
        res = results(current, winners)
        nxt = night.next_round(current, res)
        seated = nxt.players
        assert sorted(seated) == sorted(names)
        assert all(len(set(t.seats)) == 4 for t in nxt.tables)
        old_pairs = {frozenset(t) for table in current.tables for t in table.teams}
        by = {r.table: r for r in res}
        head = nxt.table(1)
        assert set(by[1].winners) in [set(t) for t in head.teams]
        assert set(by[2].winners) in [set(t) for t in head.teams]
        assert set(by[1].losers) <= set(nxt.table(nxt.bottom).seats)
        for table in nxt.tables[1:]:
            assert set(by[table.number].losers) <= set(table.seats)
            for team in table.teams:
                assert frozenset(team) not in old_pairs
        for r in res[1:]:
            assert set(r.winners) <= set(nxt.table(r.table - 1).seats)
        current = nxt


@settings(max_examples=40, deadline=None)
@given(nights())
def test_property_tallies_add_up_wins_equal_losses(data):
    names, order, winners_by_round = data
    current = night.first_round(names, order)
    every = []
    for winners in winners_by_round:
        res = results(current, winners)
        every.extend(res)
        current = night.next_round(current, res)
    tallies = night.tally(every, names)
    wins = sum(t.wins for t in tallies.values())
    assert wins == sum(t.losses for t in tallies.values())
    assert wins == 2 * len(names) // 4 * len(winners_by_round)
    assert all(t.wins + t.losses == len(winners_by_round) for t in tallies.values())


# --- a whole night ------------------------------------------------------------------


def _game(table: Table, round_no: int) -> dict:
    """A fresh bunko match for a table, with its seat 0 winning the roll for start."""
    setup = GAME.new_setup(
        None, night.table_options(round_no, table.number), table.match_teams()
    )
    state = GAME.start(setup)
    for seat, die in zip(table.seats, (6, 1, 2, 3), strict=True):
        state = GAME.step(
            state, {"type": "first_roll", "player": seat, "die": die}
        ).state
    return state


def _roll(state: dict, dice: str) -> dict:
    turn = GAME.view(state)["turn"]
    return GAME.step(state, {"type": "roll", "player": turn, "dice": dice}).state


def _roll_until(state: dict, done, dice: str) -> dict:
    for _ in range(200):
        if done(state):
            return state
        state = _roll(state, dice)
    raise AssertionError("the game never ended")


def test_twelve_player_night_of_two_rounds():
    r1 = night.first_round(TWELVE)
    games = {t.number: _game(t, 1) for t in r1.tables}
    # Table 2: Eve & Gus take 3 points, Fay & Hal 1. Table 3: 2-2.
    games[2] = _roll(_roll(_roll(games[2], "6 2 3"), "6 6 1"), "2 3 4")  # Eve: 3
    games[2] = _roll(_roll(games[2], "6 2 3"), "2 3 4")  # Fay: 1
    games[3] = _roll(_roll(games[3], "6 6 2"), "2 3 4")  # Ivy: 2
    games[3] = _roll(_roll(games[3], "6 6 4"), "1 1 2")  # Jo: 2
    # The head table: Ann rolls a bunko, the scramble, then 6s to 21.
    head = _roll(games[1], "6 6 6")
    head = GAME.step(head, {"type": "scramble", "team_a": 2, "team_b": 1}).state
    head = _roll_until(head, lambda s: GAME.view(s)["over"], "6 6 2")
    games[1] = head
    assert GAME.view(head)["winner"] == "Ann & Cy"
    assert night.tables_to_stop(r1, [1]) == (2, 3)
    for number in night.tables_to_stop(r1, [1]):
        games[number] = GAME.step(games[number], {"type": "stop"}).state
    assert GAME.view(games[2])["winner"] == "Eve & Gus"
    assert not GAME.view(games[3])["over"]  # tied 2-2: plays on
    games[3] = _roll(games[3], "6 4 4")  # Kim breaks the tie
    assert GAME.view(games[3])["winner"] == "Ivy & Kim"
    res1 = [night.result_from_state(t, games[t.number]) for t in r1.tables]
    assert res1[0].bunkos["Ann"] == 1

    r2 = night.next_round(r1, res1)
    assert [t.seats for t in r2.tables] == [
        ("Ann", "Eve", "Cy", "Gus"),  # head winners stay; Eve & Gus up from table 2
        ("Hal", "Fay", "Ivy", "Kim"),  # Fay & Hal stay and split; Ivy & Kim arrive
        ("Lu", "Jo", "Bob", "Dee"),  # Jo & Lu stay and split; Bob & Dee come down
    ]
    where = {s.player: (s.table, s.partner) for s in night.assignments(r2, r1)}
    assert where["Bob"] == (3, "Lu")
    assert where["Ivy"] == (2, "Hal")

    # Round 2 in quick mode: each table reports its final score.
    res2 = [
        night.result_from_scores(r2.table(1), [18, 21], wipeouts={"Cy": 1}),
        night.result_from_scores(r2.table(2), [30, 12], bunkos={"Kim": 2}),
        night.result_from_scores(r2.table(3), [4, 9]),
    ]
    assert [(r.winners, r.losers) for r in res2] == [
        (("Eve", "Gus"), ("Ann", "Cy")),
        (("Hal", "Ivy"), ("Fay", "Kim")),
        (("Jo", "Dee"), ("Lu", "Bob")),
    ]
    r3 = night.next_round(r2, res2)
    assert set(r3.table(1).seats) == {"Eve", "Gus", "Hal", "Ivy"}
    assert set(r3.table(3).seats) == {"Lu", "Bob", "Ann", "Cy"}
    tallies = night.tally([*res1, *res2], TWELVE)
    assert tallies["Eve"] == Tally(wins=2, losses=0, bunkos=0, wipeouts=0)
    assert tallies["Ann"] == Tally(wins=1, losses=1, bunkos=1, wipeouts=0)
    assert tallies["Kim"] == Tally(wins=1, losses=1, bunkos=2, wipeouts=0)
    assert tallies["Cy"] == Tally(wins=1, losses=1, bunkos=0, wipeouts=1)
    assert sum(t.wins for t in tallies.values()) == 12
    assert sum(t.losses for t in tallies.values()) == 12
    outcome = night.overall(tallies)
    assert outcome.winners == ("Eve", "Gus", "Ivy")
    assert outcome.losers == ("Bob", "Fay", "Lu")
    decided = night.break_tie(
        outcome.winners, [{"Eve": 4, "Gus": 6, "Ivy": 6}, {"Gus": 2, "Ivy": 5}]
    )
    assert decided.decided == "Ivy"
