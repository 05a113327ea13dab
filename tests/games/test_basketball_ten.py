"""Ten-card basketball: the turn referee and the scoring, rule by rule (seed 001)."""

from __future__ import annotations

import jsonschema
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import basketball_ten
from referee.games import cards
from referee.games import get
from referee.games.fields import parse_fields
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from tests.layout_table import play_series

GAME = get("basketball-ten")
DEAL = {"type": "deal", "upcard": "5D"}


def run(events, players=("Ann", "Bob"), **options):
    state = GAME.start(GAME.new_setup(list(players), options))
    step = None
    for event in events:
        step = GAME.step(state, event)
        state = step.state
    return state, step


def points(layout: str) -> int:
    return basketball_ten.score(layout.split()).points


# --- scoring ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"),
    [("2H", 2), ("9C", 9), ("10D", 10), ("JS", 10), ("QH", 10), ("AS", 15), ("KC", 25)],
)
def test_single_values_face_value_jack_queen_ten_ace_fifteen_king_twenty_five(
    card, value
):
    assert basketball_ten.card_value(card) == value


def test_three_nines_are_40():
    assert points("9H 9D 9C") == 40


def test_a_pair_of_aces_is_30():
    assert points("AH AD") == 30


def test_a_pair_is_25_and_four_of_a_rank_50_replacing_the_single_values():
    assert points("2H 2D") == 25
    assert points("10H 10D") == 25
    assert points("JH JD") == 25
    assert points("4H 4D 4C 4S") == 50


def test_kings_never_form_sets():
    assert points("KH KD") == 50
    assert points("KH KD KS") == 75


def test_a_whole_layout_adds_sets_and_singles():
    # 9s triple 40, two aces 30, king 25, 2 + 5, jacks pair 25
    assert points("9H 9D 9C AS AD KH 2C 5S JH JD") == 40 + 30 + 25 + 2 + 5 + 25


def test_with_two_packs_five_of_a_rank_are_a_four_and_a_single():
    got = basketball_ten.score(["7H", "7D", "7C", "7S", "7H"])
    assert got.points == 50 + 7
    assert "basketball-ten/big-sets" in got.rules


def test_the_calculator_says_why():
    answer = basketball_ten.score_tool(
        {"layout": ["9H", "9D", "9C", "AS", "AD", "KH", "2C", "5S", "JH", "JD"]}
    )
    assert answer["points"] == 127
    whys = [g["why"] for g in answer["groups"]]
    assert "2 aces count singly: 2 x 15 = 30" in whys
    assert "triple of 9s = 40 (instead of 27)" in whys
    assert "basketball-ten/no-ace-king-sets" in answer["rules"]


# --- packs and turns ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "packs"), [(2, 1), (4, 1), (5, 2), (8, 2)])
def test_two_packs_above_four_players(players, packs):
    state = GAME.start(GAME.new_setup([f"P{i}" for i in range(players)], {}))
    assert state["decks"] == packs


def test_a_drawn_card_replaces_only_a_face_down_card():
    state, _ = run([DEAL])
    state = GAME.step(
        state, {"type": "draw", "player": 1, "source": "stock", "card": "9H"}
    ).state
    state = GAME.step(
        state, {"type": "replace", "player": 1, "position": 7, "replaced": "2C"}
    ).state
    state = GAME.step(state, {"type": "draw", "player": 0, "source": "discard"}).state
    state = GAME.step(
        state, {"type": "replace", "player": 0, "position": 1, "replaced": "3C"}
    ).state
    state = GAME.step(state, {"type": "draw", "player": 1, "source": "discard"}).state
    with pytest.raises(Refused, match="face up") as err:
        GAME.step(state, {"type": "replace", "player": 1, "position": 7})
    assert "basketball-ten/replace" in err.value.ruling.rules


def test_a_taken_discard_must_replace_a_face_down_card():
    state, _ = run([DEAL, {"type": "draw", "player": 1, "source": "discard"}])
    with pytest.raises(Refused, match="must replace") as err:
        GAME.step(state, {"type": "discard", "player": 1, "position": 1, "card": "4S"})
    assert "basketball-ten/taken-discard" in err.value.ruling.rules


def test_a_discarded_stock_card_turns_one_card_up():
    state, _ = run(
        [DEAL, {"type": "draw", "player": 1, "source": "stock", "card": "9H"}]
    )
    with pytest.raises(BadInput, match="'position' is missing"):
        GAME.step(state, {"type": "discard", "player": 1, "card": "4S"})
    step = GAME.step(
        state, {"type": "discard", "player": 1, "position": 2, "card": "JD"}
    )
    assert step.state["layouts"][1][1] == {"card": "JD", "up": True}
    assert step.state["pile"] == ["5D", "9H"]
    assert step.ruling.rules == ("basketball-ten/discard", "basketball-ten/positions")


def test_there_is_no_turning_up_before_play():
    state, _ = run([DEAL])
    with pytest.raises(BadInput, match="not an event"):
        GAME.step(state, {"type": "flip", "player": 0, "position": 1, "card": "4S"})
    assert GAME.view(state)["expects"] == ["draw"]


def test_afterten_turns_each_all_is_face_up_and_the_highest_total_wins():
    table = play_series(GAME, ["Ann", "Bob", "Cy"], seed=5)
    state = table.state
    assert state["turns"] == [10, 10, 10]
    assert all(c["up"] for cells in state["layouts"] for c in cells)
    best = max(state["totals"])
    view = GAME.view(state)
    assert view["detail"]["winners"] == [
        n for n, t in zip(state["players"], state["totals"], strict=True) if t == best
    ]


def test_the_deal_ruling_cites_the_look_at_the_near_row():
    _, step = run([DEAL])
    assert "basketball-ten/peek" in step.ruling.rules
    assert "Bob plays first" in step.ruling.summary


# --- properties -----------------------------------------------------------------------

ANY_CARD = st.sampled_from([r + s for s in cards.SUITS for r in cards.RANKS])


@given(st.lists(ANY_CARD, min_size=10, max_size=10))
def test_sets_never_include_aces_or_kings(layout):
    got = basketball_ten.score(layout)
    for part in got.parts:
        ranks = {cards.rank(c) for c in part["cards"]}
        if ranks & {"A", "K"}:
            singles = sum(basketball_ten.card_value(c) for c in part["cards"])
            assert part["points"] == singles
    assert sorted(c for p in got.parts for c in p["cards"]) == sorted(layout)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 8))
def test_each_player_has_exactly_ten_turns_and_totals_match_the_layouts(seed, n):
    names = [f"P{i}" for i in range(n)]
    table = play_series(GAME, names, {"deals": 2}, seed)
    state = table.state
    for i, name in enumerate(names):
        deals = [
            basketball_ten.score(d["layouts"][name]).points for d in state["history"]
        ]
        assert state["totals"][i] == sum(deals)
    assert sum(e["type"] in ("replace", "discard") for e in table.events) == 20 * n


# --- one whole deal, turn by turn ----------------------------------------------------

BOB_FINAL = cards.split_cards(
    "9H 9D 9C AS AD KH 2C 5S JH JD"
)  # 40 + 30 + 25 + 2 + 5 + 25
ANN_FINAL = cards.split_cards(
    "3H 3D 4C 4D 4H 6S 7S 8S 10C QC"
)  # 25 + 40 + 6 + 7 + 8 + 10 + 10
JUNK = "2S 2H 2D 3S 3C 4S 5H 5C 6H 6D 6C 7H 7D 7C 8H 8D 8C 9S 10S 10H"  # replaced


def whole_deal() -> list[dict]:
    """Bob (left of the dealer) and Ann take ten turns each and build those layouts.

    Bob's second turn discards a stock card and turns up 9D; his last replacement puts
    QC on the pile, and Ann takes it from there for her tenth place.
    """
    junk = iter(cards.split_cards(JUNK))
    events = [DEAL]
    for k in range(10):
        pos = k + 1
        if k == 1:
            events += [
                {"type": "draw", "player": 1, "source": "stock", "card": next(junk)},
                {"type": "discard", "player": 1, "position": pos, "card": "9D"},
            ]
        else:
            out = "QC" if k == 9 else next(junk)
            events += [
                {"type": "draw", "player": 1, "source": "stock", "card": BOB_FINAL[k]},
                {"type": "replace", "player": 1, "position": pos, "replaced": out},
            ]
        if k == 9:
            events += [
                {"type": "draw", "player": 0, "source": "discard"},
                {
                    "type": "replace",
                    "player": 0,
                    "position": pos,
                    "replaced": next(junk),
                },
            ]
        else:
            events += [
                {"type": "draw", "player": 0, "source": "stock", "card": ANN_FINAL[k]},
                {
                    "type": "replace",
                    "player": 0,
                    "position": pos,
                    "replaced": next(junk),
                },
            ]
    return events


def test_a_whole_deal_replayed_turn_by_turn_scores_127_to_106():
    state, step = run(whole_deal())
    assert state["phase"] == "over"
    assert step.ruling.score == {"Ann": 106, "Bob": 127}
    assert step.ruling.verdict == "win"
    assert "Everyone has had 10 turns: all is face up." in step.ruling.summary
    assert state["last_deal"]["layouts"] == {"Ann": ANN_FINAL, "Bob": BOB_FINAL}
    for rule in ("ten-turns", "sets", "no-ace-king-sets", "card-values", "winner"):
        assert f"basketball-ten/{rule}" in step.ruling.rules
    assert GAME.view(state)["winner"] == "Bob"


# --- the score calculator: a layout is all ten places (positions) -------------------

NINE = ["9H", "9D", "9C", "AS", "AD", "KH", "2C", "5S", "JH"]


def test_positions_nine_cards_are_an_incomplete_layout_with_no_total():
    answer = basketball_ten.score_tool({"layout": NINE})
    assert answer["complete"] is False
    assert answer["points"] is None
    assert answer["groups"] == []
    assert answer["rules"] == ["basketball-ten/positions"]
    assert answer["summary"].startswith("Incomplete layout: 9 of 10 cards")


def test_positions_so_far_counts_nine_cards_and_says_it_is_a_partial_count():
    answer = basketball_ten.score_tool({"layout": NINE, "so_far": True})
    assert answer["so_far"] is True
    assert answer["points"] == 40 + 30 + 25 + 2 + 5 + 10
    assert answer["rules"][0] == "basketball-ten/positions"
    assert "partial count" in answer["summary"]
    assert answer["grid"] == [NINE[:5], NINE[5:]]


def test_positions_eleven_cards_are_not_a_layout():
    tool = GAME.tools[0]
    with pytest.raises(BadInput) as err:
        parse_fields(tool.fields, {"layout": " ".join(NINE + ["JD", "3C"])}, None, GAME)
    assert err.value.field == "layout"


def test_positions_ten_cards_are_scored_and_said_complete():
    answer = basketball_ten.score_tool({"layout": [*NINE, "JD"]})
    assert answer["complete"] is True
    assert answer["points"] == 127
    jsonschema.validate(answer, GAME.tools[0].result)


# --- who acted (turn order) and the turns ---------------------------------------------


def test_turn_order_only_the_dealer_deals_and_naming_the_dealer_changes_nothing():
    state = GAME.start(GAME.new_setup(["Ann", "Bob"], {}))
    with pytest.raises(Refused, match="out of turn") as err:
        GAME.step(state, {**DEAL, "player": 1})
    assert err.value.ruling.rules == ("basketball-ten/turn-order",)
    assert GAME.step(state, {**DEAL, "player": 0}) == GAME.step(state, DEAL)


def test_turn_order_a_draw_for_the_player_not_on_turn_is_refused():
    state, _ = run([DEAL])
    with pytest.raises(Refused, match="Draw by Ann is out of turn") as err:
        GAME.step(state, {"type": "draw", "player": 0, "source": "discard"})
    assert err.value.ruling.rules == ("basketball-ten/turn-order",)


def test_ten_turns_nobody_plays_an_eleventh_turn():
    state, _ = run(basketball_ten.ten_turns_each(), deals=2)
    assert state["phase"] == "deal"
    assert state["deal"] == 2
    with pytest.raises(Refused) as err:
        GAME.step(state, {"type": "draw", "player": 1, "source": "discard"})
    assert "basketball-ten/ten-turns" in err.value.ruling.rules


def test_discard_the_card_turned_up_must_be_face_down():
    setup = basketball_ten.FACE_UP_AT_2
    state, _ = run(
        [*setup, {"type": "draw", "player": 1, "source": "stock", "card": "8C"}]
    )
    with pytest.raises(Refused, match="already face up") as err:
        GAME.step(state, {"type": "discard", "player": 1, "position": 2, "card": "JD"})
    assert err.value.ruling.rules == ("basketball-ten/discard",)
