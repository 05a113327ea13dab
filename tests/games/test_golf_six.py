"""Six card golf: the turn referee and the scoring, rule by rule (seed 002)."""

from __future__ import annotations

import jsonschema
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import cards
from referee.games import get
from referee.games import golf_six
from referee.games.fields import parse_fields
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict
from tests.layout_table import play_series

GAME = get("golf-six")
DEAL = {"type": "deal", "upcard": "5D"}
FLIPS = [
    {"type": "flip", "player": 0, "position": 1, "card": "7H"},
    {"type": "flip", "player": 0, "position": 4, "card": "7C"},
    {"type": "flip", "player": 1, "position": 2, "card": "KS"},
    {"type": "flip", "player": 1, "position": 6, "card": "9D"},
]
# One whole deal (Ann deals, Bob plays first); Ann turns up her sixth card on turn 8.
TURNS = [
    {"type": "draw", "player": 1, "source": "discard"},
    {"type": "replace", "player": 1, "position": 6},
    {"type": "draw", "player": 0, "source": "stock", "card": "2H"},
    {"type": "replace", "player": 0, "position": 2, "replaced": "8S"},
    {"type": "draw", "player": 1, "source": "stock", "card": "3S"},
    {"type": "replace", "player": 1, "position": 1, "replaced": "QC"},
    {"type": "draw", "player": 0, "source": "stock", "card": "2D"},
    {"type": "replace", "player": 0, "position": 5, "replaced": "JH"},
    {"type": "draw", "player": 1, "source": "stock", "card": "4C"},
    {"type": "discard", "player": 1},
    {"type": "draw", "player": 0, "source": "stock", "card": "AS"},
    {"type": "replace", "player": 0, "position": 3, "replaced": "10H"},
    {"type": "draw", "player": 1, "source": "discard"},
    {"type": "replace", "player": 1, "position": 4, "replaced": "6H"},
    {"type": "draw", "player": 0, "source": "stock", "card": "4D"},
    {"type": "replace", "player": 0, "position": 6, "replaced": "9C"},
]
SHOW = [
    {"type": "flip", "player": 1, "position": 3, "card": "8H"},
    {"type": "flip", "player": 1, "position": 5, "card": "KD"},
]


def run(events, players=("Ann", "Bob"), **options):
    state = GAME.start(GAME.new_setup(list(players), options))
    step = None
    for event in events:
        step = GAME.step(state, event)
        state = step.state
    return state, step


def playing(**options):
    state, _ = run([DEAL, *FLIPS], **options)
    return state


# --- card values and columns ------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("AS", 1),
        ("JK", -2),
        ("2H", 2),
        ("9C", 9),
        ("10D", 10),
        ("JS", 10),
        ("QH", 10),
        ("KC", 0),
    ],
)
def test_card_values_ace_one_joker_minus_two_face_value_jack_queen_ten_king_zero(
    card, points
):
    assert golf_six.card_value(card) == points


@pytest.mark.parametrize(
    ("layout", "points"),
    [
        ("7H 2S KD 7C 9H QS", 0 + 11 + 10),
        ("2H 2S 9D 2C 2D 8S", 0 + 0 + 17),  # twos pair too
        ("QH JS 5D QS JD 5C", 0),
        ("JK 3S 4D JK 3C 4C", 0),  # two jokers are equal cards: the column scores 0
        ("JK AS KD 5C AH KS", 3 + 0 + 0),
        ("7H 7D 3C 9S 9C 4D", 16 + 16 + 7),  # pairs in a row do not count
    ],
)
def test_a_column_pair_of_one_rank_counts_nothing(layout, points):
    assert golf_six.score(layout.split()).points == points


def test_the_calculator_explains_each_column():
    answer = golf_six.score_tool({"layout": ["7H", "2S", "KD", "7C", "9H", "QS"]})
    assert answer["points"] == 21
    assert answer["columns"][0]["why"] == "column 1 (left): a pair of 7s scores 0"
    assert "golf-six/column-pair" in answer["rules"]
    assert answer["summary"] == "21 points (1 column pair cancelled)."


# --- packs --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "packs"), [(2, 1), (4, 1), (5, 2), (8, 2), (9, 3), (12, 3)]
)
def test_one_pack_to_four_players_a_second_above_four_a_third_above_eight(
    players, packs
):
    names = [f"P{i}" for i in range(players)]
    state = GAME.start(GAME.new_setup(names, {}))
    assert state["decks"] == packs
    assert f"{players} players" in GAME.view(state)["detail"]["packs_text"]


def test_thirteen_players_is_more_than_three_packs_serve():
    with pytest.raises(BadInput, match="2 to 12 players"):
        GAME.new_setup([f"P{i}" for i in range(13)], {})


def test_a_second_copy_of_a_card_is_bad_input_with_one_pack():
    state = playing()
    with pytest.raises(BadInput, match="7H is already on the table"):
        GAME.step(state, {"type": "draw", "player": 1, "source": "stock", "card": "7H"})


def test_with_two_packs_a_card_may_show_twice():
    names = ["A", "B", "C", "D", "E"]
    state, _ = run([{"type": "deal", "upcard": "7H"}], players=names)
    step = GAME.step(state, {"type": "flip", "player": 0, "position": 1, "card": "7H"})
    assert step.state["layouts"][0][0] == {"card": "7H", "up": True}


def test_jokers_are_bad_input_unless_the_option_adds_them():
    state = playing()
    event = {"type": "draw", "player": 1, "source": "stock", "card": "JK"}
    with pytest.raises(BadInput, match="no jokers"):
        GAME.step(state, event)
    state = playing(jokers=True)
    assert GAME.step(state, event).state["drawn"] == {"card": "JK", "source": "stock"}


# --- before play -------------------------------------------------------------------


def test_each_player_turns_two_cards_up_before_play():
    state, _ = run([DEAL])
    assert GAME.view(state)["expects"] == ["flip"]
    state, step = run([DEAL, *FLIPS])
    assert state["phase"] == "play"
    assert "Bob plays first" in step.ruling.summary


def test_a_third_card_may_not_be_turned_up_before_play():
    state, _ = run([DEAL, *FLIPS[:2]])
    with pytest.raises(Refused) as err:
        GAME.step(state, {"type": "flip", "player": 0, "position": 2, "card": "3C"})
    assert "golf-six/turn-two-up" in err.value.ruling.rules


def test_the_player_left_of_the_dealer_plays_first():
    state = playing()
    with pytest.raises(Refused, match="out of turn: it is Bob's") as err:
        GAME.step(state, {"type": "draw", "player": 0, "source": "discard"})
    assert err.value.ruling.rules == ("golf-six/turn-order",)


# --- the turn ---------------------------------------------------------------------


def test_taking_the_discard_and_discarding_it_again_is_refused_with_the_rule():
    state = playing()
    state = GAME.step(state, {"type": "draw", "player": 1, "source": "discard"}).state
    assert GAME.view(state)["expects"] == ["replace"]
    with pytest.raises(Refused, match="must replace") as err:
        GAME.step(state, {"type": "discard", "player": 1})
    assert "golf-six/taken-discard" in err.value.ruling.rules


def test_a_stock_card_may_be_discarded_and_the_layout_stays():
    state = playing()
    state = GAME.step(
        state, {"type": "draw", "player": 1, "source": "stock", "card": "3H"}
    ).state
    step = GAME.step(state, {"type": "discard", "player": 1})
    assert step.state["pile"][-1] == "3H"
    assert step.state["layouts"] == state["layouts"]
    assert step.ruling.rules == ("golf-six/discard",)
    assert step.state["turn"] == 0


def test_golf_turns_nothing_up_after_a_discard():
    state = playing()
    state = GAME.step(
        state, {"type": "draw", "player": 1, "source": "stock", "card": "3H"}
    ).state
    with pytest.raises(BadInput, match="not a field of .discard."):
        GAME.step(state, {"type": "discard", "player": 1, "position": 1, "card": "4S"})


def test_a_face_down_card_is_replaced_unseen_and_goes_face_up_on_the_pile():
    state = playing()
    state = GAME.step(
        state, {"type": "draw", "player": 1, "source": "stock", "card": "3H"}
    ).state
    with pytest.raises(BadInput, match="'replaced' is missing"):
        GAME.step(state, {"type": "replace", "player": 1, "position": 1})
    step = GAME.step(
        state, {"type": "replace", "player": 1, "position": 1, "replaced": "QC"}
    )
    assert step.state["layouts"][1][0] == {"card": "3H", "up": True}
    assert step.state["pile"][-1] == "QC"
    assert "golf-six/face-down-unseen" in step.ruling.rules


def test_a_face_up_card_may_be_replaced_too():
    state = playing()
    state = GAME.step(state, {"type": "draw", "player": 1, "source": "discard"}).state
    step = GAME.step(state, {"type": "replace", "player": 1, "position": 6})
    assert step.state["layouts"][1][5] == {"card": "5D", "up": True}
    assert step.state["pile"] == ["9D"]
    with pytest.raises(BadInput, match="holds 9D, not 8D"):
        GAME.step(
            state, {"type": "replace", "player": 1, "position": 6, "replaced": "8D"}
        )


def test_the_top_discard_is_known_so_a_different_card_is_bad_input():
    state = playing()
    with pytest.raises(BadInput, match="top discard is 5D"):
        GAME.step(
            state, {"type": "draw", "player": 1, "source": "discard", "card": "6D"}
        )


def test_a_turn_starts_with_a_draw():
    state = playing()
    with pytest.raises(Refused, match="not drawn yet"):
        GAME.step(
            state, {"type": "replace", "player": 1, "position": 1, "replaced": "4H"}
        )


# --- the end of play and the scoring -----------------------------------------------


def test_play_ends_as_soon_as_a_sixth_card_is_face_up_then_the_rest_are_shown():
    state, step = run([DEAL, *FLIPS, *TURNS], deals=1)
    assert state["phase"] == "show"
    assert "play ends" in step.ruling.summary
    assert "golf-six/end-of-play" in step.ruling.rules
    assert step.ruling.options == ("last_turns",)
    assert GAME.view(state)["detail"]["to_turn_up"] == ["Bob"]


def test_a_whole_deal_scores_pairs_as_zero_and_the_lowest_total_wins():
    state, step = run([DEAL, *FLIPS, *TURNS, *SHOW], deals=1)
    assert step.ruling.verdict == Verdict.WIN
    assert step.ruling.score == {"Ann": 5, "Bob": 26}
    assert state["totals"] == [5, 26]
    assert GAME.view(state)["winner"] == "Ann"
    for rule in (
        "golf-six/show",
        "golf-six/card-values",
        "golf-six/column-pair",
        "golf-six/deals",
        "golf-six/winner",
    ):
        assert rule in step.ruling.rules
    assert state["last_deal"]["layouts"]["Ann"] == ["7H", "2H", "AS", "7C", "2D", "4D"]


def test_with_the_last_turns_option_each_other_player_has_one_more_turn():
    state, step = run([DEAL, *FLIPS, *TURNS], deals=1, last_turns=True)
    assert state["phase"] == "play"
    assert state["turn"] == 1
    assert "one last turn" in step.ruling.summary
    state = GAME.step(
        state, {"type": "draw", "player": 1, "source": "stock", "card": "5S"}
    ).state
    step = GAME.step(
        state, {"type": "replace", "player": 1, "position": 3, "replaced": "8H"}
    )
    assert step.state["phase"] == "show"
    assert "last turn" in step.ruling.summary


def test_after_a_deal_the_next_player_deals_and_totals_carry_over():
    state, step = run([DEAL, *FLIPS, *TURNS, *SHOW], deals=2)
    assert state["phase"] == "deal"
    assert state["deal"] == 2
    assert GAME.view(state)["detail"]["dealer"] == "Bob"
    assert "golf-six/deals" in step.ruling.rules
    assert [s["score"] for s in GAME.view(state)["sides"]] == [5, 26]


def test_the_live_score_counts_face_up_cards_only():
    state = playing()
    sides = GAME.view(state)["sides"]
    assert sides[0]["deal_score"] == 0  # 7H over 7C
    assert sides[1]["deal_score"] == 9  # KS and 9D
    assert sides[1]["face_down"] == 4


def test_the_series_is_over_after_nine_deals():
    table = play_series(GAME, ["Ann", "Bob", "Cy"], seed=3)
    state = table.state
    assert len(state["history"]) == 9
    with pytest.raises(Refused, match="over"):
        GAME.step(state, DEAL)


# --- properties -----------------------------------------------------------------------

ANY_CARD = st.sampled_from([r + s for s in cards.SUITS for r in cards.RANKS] + ["JK"])


@given(st.lists(ANY_CARD, min_size=6, max_size=6), st.integers(0, 2), ANY_CARD)
def test_a_column_pair_always_scores_zero(layout, column, card):
    twin = card if card == "JK" else cards.rank(card) + "H"
    layout[column], layout[column + 3] = card, twin
    got = golf_six.score(layout)
    assert got.parts[column]["points"] == 0
    others = sum(p["points"] for i, p in enumerate(got.parts) if i != column)
    assert got.points == others


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 6), st.booleans())
def test_totals_are_the_sums_of_the_deal_scores_of_the_layouts(seed, n, last_turns):
    names = [f"P{i}" for i in range(n)]
    table = play_series(GAME, names, {"deals": 2, "last_turns": last_turns}, seed)
    state = table.state
    for i, name in enumerate(names):
        deals = [golf_six.score(d["layouts"][name]).points for d in state["history"]]
        assert state["totals"][i] == sum(deals)


def test_a_draw_before_the_two_cards_are_up_cites_that_rule():
    state, _ = run([DEAL, *FLIPS[:3]])
    with pytest.raises(Refused) as err:
        GAME.step(state, {"type": "draw", "player": 1, "source": "discard"})
    assert err.value.ruling.rules == ("golf-six/turn-two-up",)


def test_no_draw_once_play_has_ended():
    state, _ = run([DEAL, *FLIPS, *TURNS], deals=1)
    with pytest.raises(Refused) as err:
        GAME.step(state, {"type": "draw", "player": 1, "source": "discard"})
    assert err.value.ruling.rules == ("golf-six/end-of-play", "golf-six/show")


def test_a_joker_scores_minus_two_and_the_ruling_names_the_option():
    jokers = [
        {"type": "deal", "upcard": "5D"},
        {"type": "flip", "player": 0, "position": 1, "card": "JK"},
        {"type": "flip", "player": 0, "position": 2, "card": "KC"},
        {"type": "flip", "player": 1, "position": 1, "card": "2S"},
        {"type": "flip", "player": 1, "position": 2, "card": "3S"},
    ]
    for pos, (drawn, out) in enumerate([("4S", "6S"), ("5S", "7S"), ("6H", "8S")]):
        pos_b = pos + 4
        jokers += [
            {"type": "draw", "player": 1, "source": "stock", "card": drawn},
            {"type": "replace", "player": 1, "position": pos_b, "replaced": out},
            {"type": "draw", "player": 0, "source": "stock", "card": f"{pos + 2}C"},
            {"type": "discard", "player": 0},
        ]
    jokers += [
        {"type": "draw", "player": 1, "source": "stock", "card": "9H"},
        {"type": "replace", "player": 1, "position": 3, "replaced": "10S"},
    ]
    state, step = run(jokers, deals=1, jokers=True)
    assert state["phase"] == "show"
    for pos, card in ((3, "AH"), (4, "JK"), (5, "QD"), (6, "4H")):
        step = GAME.step(
            state, {"type": "flip", "player": 0, "position": pos, "card": card}
        )
        state = step.state
    assert "jokers" in step.ruling.options
    assert "golf-six/jokers" in step.ruling.rules
    last = state["last_deal"]
    # Ann: JK over JK is a pair (0), KC + QD = 10, AH + 4H = 5.
    assert last["scores"]["Ann"] == 15
    # Bob: 2S + 4S, 3S + 5S, 9H + 6H.
    assert last["scores"]["Bob"] == 6 + 8 + 15
    table = golf_six.score(["JK", "AS", "KD", "5C", "AH", "KS"])
    assert table.points == -2 + 5  # the aces and the kings are column pairs
    assert "golf-six/jokers" in table.rules


# --- the score calculator: a layout is all six places (positions) -------------------


def test_positions_a_layout_of_five_cards_is_incomplete_and_gets_no_total():
    answer = golf_six.score_tool({"layout": ["7H", "2S", "KD", "7C", "9H"]})
    assert answer["complete"] is False
    assert answer["so_far"] is False
    assert answer["points"] is None
    assert answer["columns"] == []
    assert answer["rules"] == ["golf-six/positions"]
    assert answer["summary"].startswith("Incomplete layout: 5 of 6 cards")
    assert answer["grid"] == [["7H", "2S", "KD"], ["7C", "9H"]]


def test_positions_so_far_counts_the_cards_given_and_says_it_is_a_partial_count():
    answer = golf_six.score_tool(
        {"layout": ["7H", "2S", "KD", "7C", "9H"], "so_far": True}
    )
    assert answer["complete"] is False
    assert answer["so_far"] is True
    assert answer["points"] == 0 + 11 + 0  # the pair of 7s; 2 + 9; KD, 6th unknown
    assert answer["rules"][0] == "golf-six/positions"
    assert "golf-six/column-pair" in answer["rules"]
    assert "partial count" in answer["summary"]
    assert "5 of 6 cards" in answer["summary"]
    assert answer["columns"][2]["why"].endswith("(one not given yet)")


def test_positions_a_complete_layout_is_scored_whether_or_not_so_far_is_asked():
    six = ["7H", "2S", "KD", "7C", "9H", "QS"]
    plain = golf_six.score_tool({"layout": six})
    assert plain == golf_six.score_tool({"layout": six, "so_far": True})
    assert plain["complete"] is True
    assert plain["so_far"] is False
    assert "golf-six/positions" not in plain["rules"]


def test_positions_seven_cards_are_not_a_layout():
    tool = GAME.tools[0]
    with pytest.raises(BadInput) as err:
        parse_fields(tool.fields, {"layout": "7H 2S KD 7C 9H QS 3C"}, None, GAME)
    assert err.value.field == "layout"


def test_the_score_answers_match_their_documented_schema():
    tool = GAME.tools[0]
    for request in ({"layout": "7H 2S"}, {"layout": "7H 2S", "so_far": True}):
        answer = tool.run(parse_fields(tool.fields, request, None, GAME))
        jsonschema.validate(answer, tool.result)


# --- who acted (turn order) ---------------------------------------------------------


def test_turn_order_only_the_dealer_deals():
    state = GAME.start(GAME.new_setup(["Ann", "Bob"], {}))
    with pytest.raises(Refused, match="out of turn: it is Ann's") as err:
        GAME.step(state, {**DEAL, "player": "Bob"})
    assert err.value.ruling.rules == ("golf-six/turn-order",)
    named = GAME.step(state, {**DEAL, "player": "Ann"})
    assert named == GAME.step(state, DEAL)


def test_turn_order_everyone_turns_up_their_own_cards_before_play():
    state, _ = run([DEAL, FLIPS[2]])  # Bob before Ann: the reveal is all at once
    assert state["layouts"][1][1]["up"]


def test_turn_order_a_replacement_or_discard_for_someone_else_is_refused():
    state, _ = run([DEAL, *FLIPS, TURNS[0]])
    for event in ({**TURNS[1], "player": 0}, {"type": "discard", "player": 0}):
        with pytest.raises(Refused, match="out of turn") as err:
            GAME.step(state, event)
        assert err.value.ruling.rules == ("golf-six/turn-order",)


# --- a turn: only a drawn card is placed or discarded -------------------------------


def test_replace_only_a_drawn_card_goes_into_the_layout():
    with pytest.raises(Refused, match="has not drawn yet") as err:
        GAME.step(playing(), {"type": "replace", "player": 1, "position": 3})
    assert err.value.ruling.rules == ("golf-six/draw", "golf-six/replace")


def test_discard_only_a_drawn_card_is_discarded():
    with pytest.raises(Refused, match="has not drawn yet") as err:
        GAME.step(playing(), {"type": "discard", "player": 1})
    assert err.value.ruling.rules == ("golf-six/draw", "golf-six/discard")


def test_end_of_play_nobody_draws_once_a_sixth_card_is_up():
    state, _ = run(golf_six.BOB_GOES_OUT)
    assert state["phase"] == "show"
    with pytest.raises(Refused) as err:
        GAME.step(state, golf_six.ANN_DRAWS)
    assert err.value.ruling.rules == ("golf-six/end-of-play", "golf-six/show")


def test_last_turns_the_player_who_went_out_does_not_play_again():
    events = [*golf_six.BOB_GOES_OUT, *golf_six.ANN_PASSES[0]]
    events[-2] = {**events[-2], "card": "8H"}
    state, _ = run(events, last_turns=True)
    assert state["phase"] == "show"
    with pytest.raises(Refused) as err:
        GAME.step(state, {**golf_six.ANN_DRAWS, "player": 1, "card": "8D"})
    assert "golf-six/last-turns" in err.value.ruling.rules


def test_show_no_card_is_turned_up_on_its_own_during_play():
    with pytest.raises(Refused) as err:
        GAME.step(playing(), {"type": "flip", "player": 1, "position": 1, "card": "3C"})
    assert "golf-six/show" in err.value.ruling.rules
