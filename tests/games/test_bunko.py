"""The bunko table engine, rule by rule (rulebook/bunko.toml)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import rulebook
from referee.games import bunko
from referee.games.bunko import GAME
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]  # clockwise; Ann & Cy against Bob & Dee
ANN_STARTS = [
    {"type": "first_roll", "player": "Ann", "die": 6},
    {"type": "first_roll", "player": "Bob", "die": 2},
    {"type": "first_roll", "player": "Cy", "die": 3},
    {"type": "first_roll", "player": "Dee", "die": 1},
]
A, B = "Ann & Cy", "Bob & Dee"


def new(options: dict | None = None, teams: list | None = None) -> dict:
    setup = GAME.new_setup(None if teams else PLAYERS, options, teams)
    return GAME.start(setup)


def play(state: dict, *events: dict) -> dict:
    for event in events:
        state = GAME.step(state, event).state
    return state


def started(options: dict | None = None) -> dict:
    return play(new(options), *ANN_STARTS)


def roll(player: str, dice: object) -> dict:
    return {"type": "roll", "player": player, "dice": dice}


def scramble(a: int, b: int) -> dict:
    return {"type": "scramble", "team_a": a, "team_b": b}


STOP = {"type": "stop"}


def scores(state: dict) -> list[int]:
    return [side["score"] for side in GAME.view(state)["sides"]]


# --- seating ------------------------------------------------------------------------


def test_seating_partners_sit_opposite_team_a_first_clockwise():
    state = new(
        teams=[
            {"name": "Reds", "players": ["Ann", "Cy"]},
            {"name": "Blues", "players": ["Bob", "Dee"]},
        ]
    )
    board = GAME.view(state)
    assert state["players"] == ["Ann", "Bob", "Cy", "Dee"]
    assert board["detail"]["seats"] == ["Ann", "Bob", "Cy", "Dee"]
    assert board["sides"] == [
        {"name": "Reds", "score": 0, "players": ["Ann", "Cy"]},
        {"name": "Blues", "score": 0, "players": ["Bob", "Dee"]},
    ]


def test_seating_from_four_players_pairs_the_opposite_seats():
    board = GAME.view(new())
    assert [(s["name"], s["players"]) for s in board["sides"]] == [
        (A, ["Ann", "Cy"]),
        (B, ["Bob", "Dee"]),
    ]


@pytest.mark.parametrize("players", [["Ann", "Bob", "Cy"], PLAYERS + ["Eve"]])
def test_seating_needs_exactly_four_players(players):
    with pytest.raises(BadInput, match="takes 4 players") as caught:
        GAME.new_setup(players)
    # the example it shows is itself a correct setup
    example = json.loads(
        "{" + caught.value.errors["players"].split("Example: ")[1] + "}"
    )
    assert GAME.new_setup(example["players"]).players == tuple(example["players"])


def test_seating_teams_are_two_of_two():
    with pytest.raises(BadInput, match="2 players"):
        GAME.new_setup(
            None,
            teams=[
                {"name": "X", "players": ["Ann", "Bob", "Cy"]},
                {"name": "Y", "players": ["Dee"]},
            ],
        )


# --- who rolls first ----------------------------------------------------------------


def test_first_roll_highest_die_starts():
    state = play(new(), *ANN_STARTS)
    board = GAME.view(state)
    assert board["phase"] == "play"
    assert board["turn"] == "Ann"
    assert board["detail"]["first_roll"] == {"Ann": 6, "Bob": 2, "Cy": 3, "Dee": 1}


def test_first_roll_ties_for_highest_roll_again_only_the_tied_players():
    state = play(
        new(),
        {"type": "first_roll", "player": "Ann", "die": 5},
        {"type": "first_roll", "player": "Bob", "die": 5},
        {"type": "first_roll", "player": "Cy", "die": 2},
    )
    step = GAME.step(state, {"type": "first_roll", "player": "Dee", "die": 4})
    assert "Ann and Bob tie on 5" in step.ruling.summary
    board = GAME.view(step.state)
    assert board["phase"] == "first-roll"
    assert board["detail"]["first_roll_waiting"] == ["Ann", "Bob"]
    assert board["detail"]["first_roll_history"] == [
        {"Ann": 5, "Bob": 5, "Cy": 2, "Dee": 4}
    ]
    with pytest.raises(Refused, match="Only Ann and Bob roll again") as err:
        GAME.step(step.state, {"type": "first_roll", "player": "Cy", "die": 6})
    assert err.value.ruling.rules == ("bunko/first-roll",)
    state = play(
        step.state,
        {"type": "first_roll", "player": "Bob", "die": 3},
        {"type": "first_roll", "player": "Ann", "die": 1},
    )
    assert GAME.view(state)["turn"] == "Bob"


def test_first_roll_lower_ties_do_not_roll_again():
    state = play(
        new(),
        {"type": "first_roll", "player": "Ann", "die": 2},
        {"type": "first_roll", "player": "Bob", "die": 2},
        {"type": "first_roll", "player": "Cy", "die": 6},
        {"type": "first_roll", "player": "Dee", "die": 1},
    )
    assert GAME.view(state)["turn"] == "Cy"


def test_first_roll_each_player_rolls_once_per_roll_off():
    state = play(new(), {"type": "first_roll", "player": "Bob", "die": 4})
    with pytest.raises(Refused, match="Bob has already rolled a 4"):
        GAME.step(state, {"type": "first_roll", "player": "Bob", "die": 6})


def test_first_roll_comes_before_any_roll():
    with pytest.raises(Refused, match="rolls one die to decide who starts") as err:
        GAME.step(new(), roll("Ann", "6 6 1"))
    assert err.value.ruling.rules == ("bunko/first-roll",)


def test_first_roll_refused_once_the_start_is_decided():
    with pytest.raises(Refused, match="Ann rolled first"):
        GAME.step(started(), {"type": "first_roll", "player": "Bob", "die": 6})


@pytest.mark.parametrize("die", [0, 7, "x"])
def test_first_roll_die_shows_one_to_six(die):
    with pytest.raises(BadInput, match="1 to 6"):
        GAME.step(new(), {"type": "first_roll", "player": "Ann", "die": die})


# --- three dice ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ("6 6 7", "'7' is not a die face"),
        ([0, 1, 2], "'0' is not a die face"),
        ([6] * 7, "1 to 6 dice; 7 given"),
    ],
)
def test_three_dice_a_face_that_cannot_be_is_bad_input(dice, message):
    with pytest.raises(BadInput, match=message):
        GAME.step(started(), roll("Ann", dice))


@pytest.mark.parametrize(
    ("dice", "thrown"),
    [("6", "1 die was"), ("6 6", "2 dice"), ([6, 6, 1, 2], "4 dice")],
)
def test_three_dice_a_throw_of_more_or_fewer_is_refused_and_scores_nothing(
    dice, thrown
):
    with pytest.raises(Refused, match=thrown) as refused:
        GAME.step(started(), roll("Ann", dice))
    assert refused.value.ruling.rules == ("bunko/three-dice",)


@pytest.mark.parametrize("dice", ["6 6 1", [6, 6, 1], "[6, 6, 1]", "6,6,1"])
def test_three_dice_written_as_text_or_a_list(dice):
    step = GAME.step(started(), roll("Ann", dice))
    assert GAME.view(step.state)["detail"]["last_roll"]["dice"] == [6, 6, 1]


# --- sixes and turns ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "points"),
    [
        ([6, 2, 3], 1),
        ([6, 6, 1], 2),
        ([1, 6, 6], 2),
        ([2, 3, 4], 0),
        ([5, 5, 5], 0),
        ([1, 1, 2], 0),
    ],
)
def test_sixes_each_six_is_a_point_for_the_rollers_team(dice, points):
    step = GAME.step(started(), roll("Ann", dice))
    assert scores(step.state) == [points, 0]
    assert step.ruling.score == ({A: points} if points else {})
    assert "bunko/sixes" in step.ruling.rules


def test_turn_roller_keeps_rolling_while_the_roll_scores():
    step = GAME.step(started(), roll("Ann", "6 3 2"))
    assert GAME.view(step.state)["turn"] == "Ann"
    assert "Ann rolls again" in step.ruling.summary


def test_turn_dice_pass_clockwise_when_the_roll_does_not_score():
    state = started()
    expected = ["Bob", "Cy", "Dee", "Ann"]
    for player, nxt in zip(["Ann", "Bob", "Cy", "Dee"], expected, strict=True):
        step = GAME.step(state, roll(player, "2 3 4"))
        state = step.state
        assert GAME.view(state)["turn"] == nxt
        assert f"the dice pass to {nxt}" in step.ruling.summary


def test_turn_a_roll_by_anyone_but_the_roller_is_refused_with_the_rule():
    state = started()
    with pytest.raises(Refused, match="It is Ann's turn to roll, not Bob's") as err:
        GAME.step(state, roll("Bob", "6 6 6"))
    assert err.value.ruling.rules == ("bunko/turn",)
    assert err.value.ruling.verdict == Verdict.ILLEGAL


def test_turn_unknown_player_is_bad_input():
    with pytest.raises(BadInput, match="'Zed' is not a player"):
        GAME.step(started(), roll("Zed", "6 6 1"))


# --- wipeout ------------------------------------------------------------------------


def test_wipeout_loses_all_the_teams_points_in_this_game():
    state = play(
        started(),
        roll("Ann", "6 6 2"),
        roll("Ann", "6 2 3"),
        roll("Ann", "2 3 4"),
        roll("Bob", "6 2 3"),
        roll("Bob", "2 3 4"),
    )
    assert scores(state) == [3, 1]
    step = GAME.step(state, roll("Cy", "1 1 1"))
    assert scores(step.state) == [0, 1]
    assert step.ruling.verdict == Verdict.WIPEOUT
    assert step.ruling.score == {A: -3}
    assert step.ruling.rules[0] == "bunko/wipeout"
    assert (
        step.ruling.summary
        == "Wipeout! Cy rolls 1 1 1: Ann & Cy lose 3 points; the dice pass to Dee."
    )
    assert GAME.view(step.state)["turn"] == "Dee"
    assert GAME.view(step.state)["detail"]["tallies"]["Cy"]["wipeouts"] == 1
    (penalty,) = step.ruling.penalties  # the penalty the rule names, charged
    assert (penalty.side, penalty.points, penalty.rule) == (A, -3, "bunko/wipeout")


def test_wipeout_at_zero_stays_at_zero():
    step = GAME.step(started(), roll("Ann", [1, 1, 1]))
    assert scores(step.state) == [0, 0]
    assert step.ruling.score == {A: 0}


# --- bunko and the scramble ---------------------------------------------------------


def test_bunko_scores_three_then_waits_for_the_scramble():
    step = GAME.step(started(), roll("Ann", "6 6 6"))
    board = GAME.view(step.state)
    assert scores(step.state) == [3, 0]
    assert board["phase"] == "scramble"
    assert board["expects"] == ["scramble"]  # the head table is never stopped
    assert step.ruling.rules[:2] == ("bunko/bunko", "bunko/scramble")
    assert board["detail"]["tallies"]["Ann"]["bunkos"] == 1
    assert board["detail"]["last_roll"]["call"] == "bunko"


@pytest.mark.parametrize(
    ("own", "other", "totals"),
    [(3, 0, "6/0"), (2, 1, "5/1"), (1, 2, "4/2"), (0, 3, "3/3")],
)
def test_scramble_outcomes_are_six_five_four_or_three_to_the_rolling_team(
    own, other, totals
):
    # Bob (team B) rolls the bunko, so team B's grab is 'own'.
    state = play(started(), roll("Ann", "2 3 4"), roll("Bob", "6 6 6"))
    step = GAME.step(state, scramble(other, own))
    assert scores(step.state) == [other, 3 + own]
    assert f"the bunko is {totals}" in step.ruling.summary
    assert sum(step.ruling.score.values()) == 3


@pytest.mark.parametrize(("a", "b"), [(2, 2), (0, 0), (3, 1), (1, 1)])
def test_scramble_split_must_add_up_to_three(a, b):
    state = play(started(), roll("Ann", "6 6 6"))
    with pytest.raises(BadInput, match="all 3 dice"):
        GAME.step(state, scramble(a, b))


def test_scramble_count_over_three_is_bad_input():
    state = play(started(), roll("Ann", "6 6 6"))
    with pytest.raises(BadInput, match="from 0 to 3"):
        GAME.step(state, scramble(4, -1))


def test_scramble_refused_without_a_bunko():
    with pytest.raises(Refused, match="no scramble now") as err:
        GAME.step(started(), scramble(2, 1))
    assert err.value.ruling.rules == ("bunko/scramble",)


def test_scramble_comes_before_the_next_roll():
    state = play(started(), roll("Ann", "6 6 6"))
    with pytest.raises(Refused, match="scramble for Ann's bunko first"):
        GAME.step(state, roll("Ann", "6 2 1"))


def test_bunko_roller_rolls_again_after_the_scramble():
    state = play(started(), roll("Ann", "6 6 6"))
    step = GAME.step(state, scramble(1, 2))
    assert GAME.view(step.state)["turn"] == "Ann"
    assert "Ann rolls again" in step.ruling.summary


# --- the end: 21, stop, ties --------------------------------------------------------


def test_head_table_game_ends_when_a_team_reaches_21():
    state = play(started(), *[roll("Ann", "6 6 2")] * 10)
    assert scores(state) == [20, 0]
    step = GAME.step(state, roll("Ann", "6 6 2"))
    board = GAME.view(step.state)
    assert board["over"]
    assert board["winner"] == A
    assert step.ruling.verdict == Verdict.WIN
    assert "bunko/head-table" in step.ruling.rules
    assert step.ruling.options == ("head_table",)
    assert board["expects"] == []
    assert scores(step.state) == [22, 0]


def test_head_table_off_plays_past_21_until_stop():
    state = play(started({"head_table": False}), *[roll("Ann", "6 6 2")] * 15)
    board = GAME.view(state)
    assert scores(state) == [30, 0]
    assert not board["over"]
    assert board["detail"]["target"] is None
    step = GAME.step(state, STOP)
    assert GAME.view(step.state)["winner"] == A
    assert step.ruling.rules == ("bunko/stop",)
    assert step.ruling.summary == "Stop. Ann & Cy win 30-0."


def test_stop_ends_the_game_and_the_higher_score_wins():
    state = play(
        started({"head_table": False}),
        roll("Ann", "2 3 4"),
        roll("Bob", "6 1 2"),
        roll("Bob", "3 3 3"),
    )
    step = GAME.step(state, STOP)
    assert GAME.view(step.state)["winner"] == B
    assert step.ruling.verdict == Verdict.WIN


def test_tie_when_stopped_plays_on_until_the_tie_is_broken():
    state = play(
        started({"head_table": False}),
        roll("Ann", "6 1 2"),
        roll("Ann", "2 3 4"),
        roll("Bob", "6 1 2"),
        roll("Bob", "2 3 4"),
    )
    step = GAME.step(state, STOP)
    assert "Tied 1-1 after stop: play on" in step.ruling.summary
    assert step.ruling.rules == ("bunko/stop", "bunko/tie")
    board = GAME.view(step.state)
    assert not board["over"]
    assert board["expects"] == ["roll"]
    step = GAME.step(step.state, roll("Cy", "2 3 4"))
    assert not GAME.view(step.state)["over"]
    assert "bunko/tie" in step.ruling.rules
    step = GAME.step(step.state, roll("Dee", "6 6 1"))
    assert GAME.view(step.state)["winner"] == B
    assert "Bob & Dee win 3-1" in step.ruling.summary
    # the tie rule is what ended it, beside the stop
    assert step.ruling.rules[-2:] == ("bunko/stop", "bunko/tie")


def test_tie_when_stopped_before_the_first_roll_plays_on():
    state = play(new({"head_table": False}), STOP, *ANN_STARTS)
    assert GAME.view(state)["phase"] == "play"
    step = GAME.step(state, roll("Ann", "6 1 2"))
    assert GAME.view(step.state)["winner"] == A
    assert "bunko/tie" in step.ruling.rules


def test_tie_when_stopped_a_wipeout_can_break_it():
    state = play(
        started({"head_table": False}),
        roll("Ann", "6 1 2"),
        roll("Ann", "2 3 4"),
        roll("Bob", "6 1 2"),
        roll("Bob", "2 3 4"),
        STOP,
    )
    step = GAME.step(state, roll("Cy", "1 1 1"))
    assert GAME.view(step.state)["winner"] == B


@pytest.mark.parametrize(
    ("grab", "final", "winner"), [((2, 1), [5, 1], A), ((0, 3), [3, 3], None)]
)
def test_stop_during_a_scramble_waits_for_the_scramble(grab, final, winner):
    state = play(started({"head_table": False}), roll("Ann", "6 6 6"))
    step = GAME.step(state, STOP)
    assert GAME.view(step.state)["phase"] == "scramble"
    assert step.ruling.summary.startswith("Stop: enter the scramble")
    step = GAME.step(step.state, scramble(*grab))
    assert scores(step.state) == final
    assert GAME.view(step.state)["winner"] == winner


def test_stop_twice_is_refused():
    state = play(started({"head_table": False}), STOP)
    with pytest.raises(Refused, match="already been called"):
        GAME.step(state, STOP)


def test_head_table_bunko_to_21_counts_the_scramble_before_the_end():
    # Ann & Cy on 20, Bob & Dee on 18: a bunko by Bob and a 1/2 scramble ties at 22.
    state = play(
        started(),
        *[roll("Ann", "6 6 2")] * 10,
        roll("Ann", "2 3 4"),
        *[roll("Bob", "6 6 2")] * 9,
    )
    assert scores(state) == [20, 18]
    step = GAME.step(state, roll("Bob", "6 6 6"))
    assert not GAME.view(step.state)["over"]
    step = GAME.step(step.state, scramble(2, 1))
    assert scores(step.state) == [22, 22]
    assert not GAME.view(step.state)["over"]
    assert "bunko/tie" in step.ruling.rules
    with pytest.raises(Refused, match="head table is not stopped"):
        GAME.step(step.state, STOP)
    step = GAME.step(step.state, roll("Bob", "6 1 2"))
    assert GAME.view(step.state)["winner"] == B
    assert "bunko/head-table" in step.ruling.rules


def test_game_over_refuses_every_event():
    state = play(started(), *[roll("Ann", "6 6 6"), scramble(3, 0)] * 4)
    assert GAME.view(state)["winner"] == A
    for event in (
        roll("Ann", "6 6 1"),
        STOP,
        scramble(3, 0),
        {"type": "first_roll", "player": "Ann", "die": 3},
    ):
        with pytest.raises(Refused, match="The game is over: Ann & Cy won 24-0") as err:
            GAME.step(state, event)
        assert err.value.ruling.rules == ("bunko/game-over",)


# --- the bunco variant --------------------------------------------------------------


@pytest.mark.parametrize(
    ("round_", "dice", "points", "call"),
    [
        (1, [1, 2, 1], 2, "score"),
        (1, [6, 6, 2], 0, "miss"),
        (3, [3, 4, 5], 1, "score"),
        (4, [4, 4, 4], 21, "bunco"),
        (4, [2, 2, 2], 5, "three of a kind"),
        (2, [1, 1, 1], 5, "three of a kind"),
        (6, [6, 6, 6], 21, "bunco"),
        (1, [1, 1, 1], 21, "bunco"),
    ],
)
def test_bunco_variant_scores_the_round_number(round_, dice, points, call):
    state = started({"variant": "bunco", "round": round_, "head_table": False})
    step = GAME.step(state, roll("Ann", dice))
    assert scores(step.state) == [points, 0]
    assert GAME.view(step.state)["detail"]["last_roll"]["call"] == call
    assert step.ruling.options == ("variant", "round")
    assert GAME.view(step.state)["phase"] == "play"  # no scramble in the variant
    assert GAME.view(step.state)["turn"] == ("Ann" if points else "Bob")


def test_bunco_variant_three_of_the_target_at_the_head_table_wins():
    state = started({"variant": "bunco", "round": 5})
    step = GAME.step(state, roll("Ann", "5 5 5"))
    assert GAME.view(step.state)["winner"] == A
    assert "bunko/bunco-three-of-target" in step.ruling.rules
    assert GAME.view(step.state)["detail"]["tallies"]["Ann"]["bunkos"] == 1


def test_bunco_variant_has_no_wipeout():
    state = play(started({"variant": "bunco", "round": 3}), roll("Ann", "3 2 1"))
    step = GAME.step(state, roll("Ann", "1 1 1"))
    assert scores(step.state) == [6, 0]
    assert step.ruling.verdict == Verdict.OK


def test_bunco_variant_option_checked():
    with pytest.raises(BadInput, match="text, bunco"):
        GAME.new_setup(PLAYERS, {"variant": "yahtzee"})
    with pytest.raises(BadInput, match="from 1 to 6"):
        GAME.new_setup(PLAYERS, {"variant": "bunco", "round": 7})


# --- tallies, view, purity ----------------------------------------------------------


def test_tallies_count_rolls_points_bunkos_and_wipeouts_per_player():
    state = play(
        started(),
        roll("Ann", "6 6 6"),
        scramble(1, 2),
        roll("Ann", "6 1 2"),
        roll("Ann", "1 1 1"),
        roll("Bob", "2 3 4"),
    )
    tallies = GAME.view(state)["detail"]["tallies"]
    assert tallies["Ann"] == {"rolls": 3, "points": 4, "bunkos": 1, "wipeouts": 1}
    assert tallies["Bob"] == {"rolls": 1, "points": 0, "bunkos": 0, "wipeouts": 0}
    assert list(tallies) == PLAYERS


def test_view_has_the_documented_keys():
    board = GAME.view(started())
    assert set(board["detail"]) == {
        "roller",
        "phase",
        "last_roll",
        "tallies",
        "first_roll",
        "first_roll_waiting",
        "first_roll_history",
        "seats",
        "variant",
        "round",
        "target_number",
        "head_table",
        "target",
        "stopped",
    }
    assert all(set(side) == {"name", "score", "players"} for side in board["sides"])
    assert board["detail"]["roller"] == "Ann"
    assert board["prompt"] == "Ann to roll: Ann & Cy 0, Bob & Dee 0."


def test_view_prompts_for_the_first_roll_and_the_scramble():
    assert GAME.view(new())["prompt"] == (
        "Roll one die each for the start: Ann, Bob, Cy and Dee to roll."
    )
    assert GAME.view(new())["expects"] == ["first_roll"]
    assert GAME.view(new({"head_table": False}))["expects"] == ["first_roll", "stop"]
    state = play(started(), roll("Ann", "6 6 6"))
    assert GAME.view(state)["prompt"] == (
        "Bunko by Ann! How many dice did each team grab?"
    )


def test_every_example_is_legal_after_its_setup():
    for kind in GAME.events:
        assert kind.examples, kind.type
        for example in kind.examples:
            setup = GAME.new_setup(list(example.players), dict(example.options))
            state = play(GAME.start(setup), *example.setup)
            step = GAME.step(state, example.event)
            assert step.ruling.verdict != Verdict.ILLEGAL


def test_every_cited_rule_is_in_the_rulebook():
    # the engine takes its ids from its rulebook handle, which checks them at import
    assert {bunko.R_OVER, bunko.R_TURN, bunko.R_BUNKO} <= bunko.CITE.cited
    assert bunko.CITE.cited <= {r.id for r in rulebook.books()["bunko"].rules}
    with pytest.raises(LookupError, match="no rule 'not-a-rule'"):
        bunko.CITE("not-a-rule")
    for rule in rulebook.books()["bunko"].rules:
        assert rule.title
        assert rule.summary
        assert rule.text
        assert all(rulebook.rule(see) for see in rule.see), rule.id


def test_variant_rules_name_their_option():
    variant_rules = {
        r.id: r.option
        for r in rulebook.books()["bunko"].rules
        if r.id.startswith("bunko/bunco")
    }
    assert variant_rules
    assert set(variant_rules.values()) == {"variant"}
    assert rulebook.rule("bunko/head-table").option == "head_table"


# --- properties ---------------------------------------------------------------------

die = st.integers(1, 6)
dice3 = st.lists(die, min_size=3, max_size=3)
splits = st.integers(0, 3)


def _drive(state: dict, rolls: list[list[int]], grabs: list[int]) -> list:
    """Feed rolls to whoever's turn it is: (event, state, ruling) after each event."""
    out = []
    grabs = list(grabs)
    for dice in rolls:
        board = GAME.view(state)
        if board["over"]:
            break
        if board["phase"] == "scramble":
            g = grabs.pop() if grabs else 0
            event = scramble(g, 3 - g)
        else:
            event = roll(board["turn"], dice)
        step = GAME.step(state, event)
        state = step.state
        out.append((event, state, step.ruling))
    return out


@settings(max_examples=60, deadline=None)
@given(
    st.lists(dice3, max_size=80),
    st.lists(splits, max_size=20),
    st.booleans(),
    st.sampled_from(["text", "bunco"]),
    st.integers(1, 6),
)
def test_property_a_teams_score_is_never_negative(rolls, grabs, head, variant, rnd):
    state = started({"head_table": head, "variant": variant, "round": rnd})
    for _, after, _ruling in _drive(state, rolls, grabs):
        assert all(s >= 0 for s in scores(after))
        if GAME.view(after)["over"]:
            a, b = scores(after)
            assert a != b
            assert not head or max(a, b) >= 21


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from([[6, 6, 6], [6, 6, 1], [2, 3, 4], [1, 1, 1]]), max_size=40
    ),
    st.lists(splits, max_size=40),
)
def test_property_the_scramble_hands_out_exactly_three_points(rolls, grabs):
    state = started({"head_table": False})
    previous = scores(state)
    scrambles = 0
    for event, after, ruling in _drive(state, rolls, grabs):
        now = scores(after)
        if event["type"] == "scramble":
            scrambles += 1
            assert sum(now) - sum(previous) == 3
            assert sum(ruling.score.values()) == 3
        previous = now
    assert scrambles <= rolls.count([6, 6, 6])


# --- a whole game -------------------------------------------------------------------


def test_transcript_head_table_game_to_21():
    """A head-table game as a table would call it, roll by roll."""
    transcript = [
        ({"type": "first_roll", "player": "Ann", "die": 4}, None),
        ({"type": "first_roll", "player": "Bob", "die": 6}, None),
        ({"type": "first_roll", "player": "Cy", "die": 6}, None),
        ({"type": "first_roll", "player": "Dee", "die": 3}, None),
        ({"type": "first_roll", "player": "Cy", "die": 5}, None),
        ({"type": "first_roll", "player": "Bob", "die": 2}, (0, 0)),  # Cy starts
        (roll("Cy", "6 4 2"), (1, 0)),
        (roll("Cy", "6 6 3"), (3, 0)),
        (roll("Cy", "5 4 1"), (3, 0)),
        (roll("Dee", "6 6 6"), (3, 3)),
        (scramble(1, 2), (4, 5)),
        (roll("Dee", "6 2 2"), (4, 6)),
        (roll("Dee", "3 3 1"), (4, 6)),
        (roll("Ann", "1 1 1"), (0, 6)),  # wipeout
        (roll("Bob", "6 5 6"), (0, 8)),
        (roll("Bob", "2 2 5"), (0, 8)),
        (roll("Cy", "6 6 6"), (3, 8)),
        (scramble(3, 0), (6, 8)),
        (roll("Cy", "6 6 5"), (8, 8)),
        (roll("Cy", "6 1 3"), (9, 8)),
        (roll("Cy", "4 4 4"), (9, 8)),
        (roll("Dee", "6 6 3"), (9, 10)),
        (roll("Dee", "2 2 3"), (9, 10)),
        (roll("Ann", "6 6 6"), (12, 10)),
        (scramble(2, 1), (14, 11)),
        (roll("Ann", "6 6 2"), (16, 11)),
        (roll("Ann", "6 3 2"), (17, 11)),
        (roll("Ann", "1 2 3"), (17, 11)),
        (roll("Bob", "6 6 6"), (17, 14)),
        (scramble(0, 3), (17, 17)),
        (roll("Bob", "6 6 4"), (17, 19)),
        (roll("Bob", "5 5 2"), (17, 19)),
        (roll("Cy", "6 6 1"), (19, 19)),
        (roll("Cy", "6 6 3"), (21, 19)),
    ]
    state = new()
    for event, expected in transcript:
        state = GAME.step(state, event).state
        if expected is not None:
            assert tuple(scores(state)) == expected, event
    board = GAME.view(state)
    assert board["over"]
    assert board["winner"] == A
    assert board["prompt"] == "Ann & Cy win 21-19."
    tallies = board["detail"]["tallies"]
    assert {p: (t["bunkos"], t["wipeouts"]) for p, t in tallies.items()} == {
        "Ann": (1, 1),
        "Bob": (1, 0),
        "Cy": (1, 0),
        "Dee": (1, 0),
    }
    assert tallies["Cy"]["points"] == 1 + 2 + 3 + 2 + 1 + 2 + 2


def test_the_head_table_is_never_stopped_it_calls_stop():
    state = play(started(), roll("Ann", "6 2 3"))
    with pytest.raises(Refused, match="head table is not stopped") as refused:
        GAME.step(state, STOP)
    assert "bunko/head-table" in refused.value.ruling.rules
    assert "stop" not in GAME.view(state)["expects"]


# --- who acted (issue 24) -----------------------------------------------------------


def refusal(state: dict, event: dict):
    with pytest.raises(Refused) as refused:
        GAME.step(state, event)
    return refused.value.ruling


def test_turn_a_roll_naming_nobody_is_the_roll_of_the_player_holding_the_dice():
    step = GAME.step(started(), {"type": "roll", "dice": [6, 2, 1]})
    assert GAME.view(step.state)["detail"]["last_roll"]["player"] == "Ann"
    assert step.ruling.score == {A: 1}


def test_turn_a_roll_naming_another_player_is_refused_and_changes_nothing():
    state = started()
    ruling = refusal(state, roll("Cy", [6, 6, 1]))
    assert ruling.rules == ("bunko/turn",)
    assert ruling.summary == "It is Ann's turn to roll, not Cy's."


def test_first_roll_is_for_those_still_to_roll_only():
    state = play(new(), {"type": "first_roll", "player": "Bob", "die": 4})
    ruling = refusal(state, {"type": "first_roll", "player": "Bob", "die": 6})
    assert ruling.rules == ("bunko/first-roll",)
    assert "already rolled a 4" in ruling.summary
    GAME.step(state, {"type": "first_roll", "player": "Dee", "die": 6})


def test_scramble_may_name_any_player_at_the_table():
    state = play(started(), roll("Ann", [6, 6, 6]))
    for name in PLAYERS:
        step = GAME.step(state, {**scramble(2, 1), "player": name})
        assert scores(step.state) == [5, 1]


def test_stop_naming_a_player_is_refused_citing_stop():
    state = started({"head_table": False})
    ruling = refusal(state, {**STOP, "player": "Ann"})
    assert ruling.rules == ("bunko/stop",)
    assert "not Ann's to call" in ruling.summary


def test_tie_a_second_stop_at_a_tied_table_is_refused_and_play_goes_on():
    state = play(started({"head_table": False}), STOP)
    ruling = refusal(state, STOP)
    assert ruling.rules == ("bunko/stop", "bunko/tie")
    assert not GAME.view(GAME.step(state, roll("Ann", [2, 3, 4])).state)["over"]


@pytest.mark.parametrize(
    ("players", "possible", "tables", "more"),
    [(8, True, 2, 0), (12, True, 3, 0), (200, True, 50, 0), (9, False, 0, 3),
     (4, False, 0, 4), (1, False, 0, 7)],
)  # fmt: skip
def test_night_players_the_tables_tool_fills_tables_of_four_from_eight(
    players, possible, tables, more
):
    answer = bunko.GAME.tools[0].run({"players": players})
    assert (answer["possible"], answer["tables"], answer["more_needed"]) == (
        possible,
        tables,
        more,
    )
    assert answer["rules"] == ["bunko/night-players", "bunko/night-tables"]


def _outcome(state: dict, event: dict):
    try:
        step = GAME.step(state, event)
    except Refused as refused:
        return "refused", refused.ruling
    return "taken", (step.state, step.ruling)


@settings(max_examples=60, deadline=None)
@given(st.lists(dice3, max_size=60), st.lists(splits, max_size=20), dice3)
def test_property_naming_the_roller_is_the_same_as_naming_nobody(rolls, grabs, dice):
    start = started({"head_table": False})
    steps = _drive(start, rolls, grabs)
    state = steps[-1][1] if steps else start
    board = GAME.view(state)
    if board["over"] or board["phase"] != "play":
        return
    nobody = {"type": "roll", "dice": dice}
    assert _outcome(state, {**nobody, "player": board["turn"]}) == _outcome(
        state, nobody
    )
