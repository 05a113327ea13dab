"""Canasta: melds, the pile, red threes, going out, hand scores and the game to 5000,
rule by rule (seed 004, section Canasta)."""

from __future__ import annotations

import pytest

from referee import rulebook
from referee.games import get
from referee.games.canasta import meld_tool
from referee.games.canasta import melds as ml
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict
from tests.canasta_table import ROUND
from tests.canasta_table import fill

GAME = get("canasta")
FOUR = ["Ann", "Bob", "Cy", "Di"]
A, B = "Ann & Cy", "Bob & Di"


def new(**options: object) -> dict:
    return GAME.start(GAME.new_setup(FOUR, options))


def play(events, state=None, **options):
    """Each event at its player's turn: the turns in between are filled in (see
    ``fill``); ``ROUND`` ends the current turn with a discard."""
    state = state or new(**options)
    step = None
    for e in events:
        if e == ROUND:
            turn = state["hand"]["turn"]
            e = {"type": "discard", "player": turn["seat"], "card": "10D"}
        state, _ = fill(GAME, state, e)
        step = GAME.step(state, e)
        state = step.state
    return state, step


def step_at_turn(state, event):
    """``event`` at its player's turn (the turns in between filled in)."""
    state, _ = fill(GAME, state, event)
    return GAME.step(state, event)


def refused(events, event, state=None, **options) -> Refused:
    state, _ = play(events, state, **options)
    state, _ = fill(GAME, state, event)
    with pytest.raises(Refused) as err:
        GAME.step(state, event)
    return err.value


def meld(seat, laid, **more):
    return {"type": "meld", "player": seat, "cards": laid, **more}


def take(seat, top, laid="", **more):
    return {"type": "take_pile", "player": seat, "top": top, "cards": laid, **more}


def out(seat, laid, **more):
    return {"type": "go_out", "player": seat, "cards": laid, **more}


def counts(side, natural=0, mixed=0, melded=0, held=0, **more):
    return {
        "type": "hand_counts",
        "side": side,
        "natural_canastas": natural,
        "mixed_canastas": mixed,
        "meld_points": melded,
        "hand_points": held,
        **more,
    }


def melds_of(state, side):
    return {m["rank"]: m for m in GAME.view(state)["detail"]["melds"][side]}


# --- partnerships and the pack -------------------------------------------------------


def test_partnerships_partners_sit_opposite_and_seat_zero_deals():
    view = GAME.view(new())
    assert [s["players"] for s in view["sides"]] == [["Ann", "Cy"], ["Bob", "Di"]]
    assert view["detail"]["dealer"] == "Ann"
    teams = [
        {"name": "Reds", "players": ["Ann", "Cy"]},
        {"name": "Blues", "players": ["Bob", "Di"]},
    ]
    state = GAME.start(GAME.new_setup(None, {}, teams))
    assert state["players"] == ["Ann", "Bob", "Cy", "Di"]


def test_partnerships_need_two_teams_of_two():
    with pytest.raises(BadInput, match="4 players"):
        GAME.new_setup(["Ann", "Bob", "Cy"])
    three = [{"name": f"T{i}", "players": ["x" + str(i), "y" + str(i)]} for i in (1, 2)]
    three.append({"name": "T3", "players": ["z", "w"]})
    with pytest.raises(BadInput):
        GAME.new_setup(None, {}, three)


def test_deck_holds_two_of_each_card_and_four_jokers():
    with pytest.raises(BadInput, match="7H appears 3 times.*only 2 copies of 7H"):
        GAME.step(new(), meld(0, "7H 7H 7H"))
    with pytest.raises(BadInput, match="JK appears 5 times"):
        GAME.step(new(), meld(0, "AS AH JK JK JK JK JK"))


def test_deck_counts_the_cards_already_on_the_table():
    state, _ = play([meld(0, "7H 7D 7S 7C 7H JK")])
    with pytest.raises(BadInput, match="already on the table"):
        step_at_turn(state, meld(1, "7H 7D 7C"))


# --- the deal ------------------------------------------------------------------------


def test_deal_turns_again_over_a_wild_card_or_a_three():
    state, step = play([{"type": "deal", "upcard": "2C 3S 9S"}])
    assert "starts with 9S" in step.ruling.summary
    assert GAME.view(state)["detail"]["pile"]["frozen"] is True
    err = refused([], {"type": "deal", "upcard": "JK"})
    assert "turn up another" in err.ruling.summary
    err = refused([], {"type": "deal", "upcard": "9S 8S"})
    assert "stops there" in err.ruling.summary


def test_deal_black_three_underneath_does_not_freeze_the_pile():
    state, _ = play([{"type": "deal", "upcard": "3C 9S"}])
    assert GAME.view(state)["detail"]["pile"]["frozen"] is False


def test_deal_red_three_in_the_pile_goes_to_whoever_takes_it_with_no_replacement():
    events = [{"type": "deal", "upcard": "3H KS"}, take(1, "KS", "KH KD JK")]
    state, step = play(events)
    assert "3H from the pile is laid out, with no replacement" in step.ruling.summary
    assert GAME.view(state)["detail"]["red_threes"][B] == ["3H"]
    assert "canasta/red-threes" in step.ruling.rules
    assert "canasta/frozen-pile" in step.ruling.rules


# --- wild cards, melds, canastas ------------------------------------------------------


@pytest.mark.parametrize(
    ("laid", "why"),
    [
        ("2C 2D JK", "never meld on their own"),
        ("7H JK 2C", "two of them natural"),
        ("7H 7D", "at least three cards"),
    ],
)
def test_melds_need_three_cards_two_of_them_natural(laid, why):
    err = refused([], meld(0, laid, to="7"))
    assert why in err.ruling.summary
    assert (
        "canasta/melds" in err.ruling.rules or "canasta/wild-cards" in err.ruling.rules
    )


def test_wild_cards_join_the_rank_written_before_them():
    state, _ = play([meld(0, "7H 7D JK KS KC KD 2C")])
    table = melds_of(state, A)
    assert table["7"]["cards"] == ["7H", "7D", "JK"]
    assert table["K"]["cards"] == ["KS", "KC", "KD", "2C"]


def test_wild_cards_alone_are_added_to_a_meld_named_by_to():
    state, step = play([meld(0, "AS AH AD"), meld(2, "JK", to="A")])
    assert melds_of(state, A)["A"]["wilds"] == 1
    with pytest.raises(Refused, match="say the rank of the meld they join") as err:
        GAME.step(state, meld(2, "2C"))
    assert "canasta/wild-cards" in err.value.ruling.rules


def test_one_meld_per_rank_more_cards_go_onto_the_meld():
    state, step = play([meld(0, "9S 9H 9D AS AH AD"), meld(2, "9C 9S")])
    assert melds_of(state, A)["9"]["cards"] == ["9S", "9H", "9D", "9C", "9S"]
    assert "canasta/one-meld-per-rank" in step.ruling.rules
    # the other side keeps its own nines
    state, _ = play([meld(1, "9H 9D 9C JK")], state)
    assert melds_of(state, B)["9"]["naturals"] == 3


def test_canasta_seven_cards_with_four_natural_natural_or_mixed():
    state, step = play([meld(0, "QS QH QD QC QS QH QD")])
    assert melds_of(state, A)["Q"]["canasta"] == "natural"
    assert "a natural canasta" in step.ruling.summary
    assert "canasta/canasta" in step.ruling.rules
    state, step = play([meld(2, "JK", to="Q")], state)
    assert melds_of(state, A)["Q"]["canasta"] == "mixed"
    assert "natural canasta turns mixed" in step.ruling.summary


def test_canasta_needs_four_natural_cards_without_a_wild_cap():
    state, _ = play([meld(0, "5S 5H 5D JK JK 2C 2D")])
    five = melds_of(state, A)["5"]
    assert (len(five["cards"]), five["naturals"], five["canasta"]) == (7, 3, None)


def test_wild_cap_option_three_refuses_a_fourth_wild_card():
    err = refused([], meld(0, "KS KH KD JK JK 2C 2D"), wild_cap="three")
    assert "At most 3 wild cards" in err.ruling.summary
    assert err.ruling.options == ("wild_cap",)
    _, step = play([meld(0, "KS KH KD JK JK 2C")], wild_cap="three")
    assert "canasta/wild-cap" in step.ruling.rules
    assert step.ruling.options == ("wild_cap",)
    # without the cap, a fourth wild card stands, and the ruling says which applied
    _, step = play([meld(0, "KS KH KD JK JK 2C 2D")])
    assert "with 4 wild cards (no cap in this match)" in step.ruling.summary
    assert "canasta/wild-cap" in step.ruling.rules
    assert step.ruling.options == ("wild_cap",)
    _, step = play([meld(0, "KS KH KD JK JK 2C")])
    assert "canasta/wild-cap" not in step.ruling.rules
    assert step.ruling.options == ()


# --- threes --------------------------------------------------------------------------


def test_threes_red_three_never_melds():
    err = refused([], meld(0, "3H 3D 3H"))
    assert "canasta/red-threes" in err.ruling.rules


def test_black_threes_meld_only_when_going_out_and_never_with_wilds():
    err = refused([], meld(0, "3S 3C 3S"))
    assert "only when the player goes out" in err.ruling.summary
    assert "canasta/black-threes" in err.ruling.rules
    canasta = "8S 8H 8D 8C 8S 8H 8D"
    _, step = play([out(0, f"{canasta} 3S 3C 3S")])
    assert "black threes" in step.ruling.summary
    err = refused([], out(0, f"{canasta} 3S 3C JK"))
    assert "no wild card" in err.ruling.summary


def discarded(card):
    """The deal, then Bob draws and discards ``card``: Cy's turn to draw."""
    return [
        {"type": "deal", "upcard": "9S"},
        {"type": "draw", "player": 1},
        {"type": "discard", "player": 1, "card": card},
    ]


def test_black_three_on_top_stops_the_pile():
    err = refused(discarded("3S"), take(2, "3S", "9H 9D"))
    assert err.ruling.rules == ("canasta/taking-the-pile", "canasta/black-threes")


def test_red_threes_laid_out_with_a_replacement_drawn():
    state, step = play([{"type": "red_three", "player": 1, "cards": "3H 3D"}])
    assert step.ruling.summary == (
        "Bob lays out 3H 3D and draws 2 replacements from the stock."
    )
    assert GAME.view(state)["sides"][1]["red_threes"] == 2
    with pytest.raises(BadInput, match="not a red three"):
        GAME.step(state, {"type": "red_three", "player": 0, "cards": "3S"})
    state, _ = play([{"type": "red_three", "player": 3, "cards": "3H 3D"}], state)
    with pytest.raises(BadInput, match="3H appears 3 times"):
        GAME.step(state, {"type": "red_three", "player": 0, "cards": "3H"})


# --- the first meld ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "need"),
    [
        (-5, 15),
        (-500, 15),
        (0, 50),
        (1495, 50),
        (1500, 90),
        (2995, 90),
        (3000, 120),
        (9000, 120),
    ],
)
def test_initial_meld_minimum_follows_the_score(score, need):
    assert ml.minimum(score) == need


@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("JK", 50),
        ("AS", 20),
        ("2H", 20),
        ("KD", 10),
        ("8C", 10),
        ("7S", 5),
        ("4H", 5),
        ("3S", 5),
        ("3C", 5),
    ],
)
def test_card_values_from_the_table(card, points):
    assert ml.value(card) == points


def test_initial_meld_must_reach_the_minimum_counting_card_values_only():
    err = refused([], meld(0, "KS KH KD"))
    assert err.ruling.summary == (
        "Ann & Cy's first meld counts 30, short of the 50 their score requires "
        "(card values only, no bonuses)."
    )
    assert err.ruling.rules == ("canasta/initial-meld", "canasta/card-values")
    # red threes are no meld and never count
    err = refused(
        [{"type": "red_three", "player": 0, "cards": "3H 3D"}], meld(0, "KS KH KD")
    )
    assert "counts 30" in err.ruling.summary
    # two melds at once may add up to it
    _, step = play([meld(0, "KS KH KD QS QH QD")])
    assert "canasta/initial-meld" in step.ruling.rules


def test_initial_meld_only_once_per_side_each_hand():
    state, _ = play([meld(0, "AS AH AD")])
    _, step = play([meld(2, "5S 5H 5D")], state)
    assert "canasta/initial-meld" not in step.ruling.rules


# --- taking the pile -----------------------------------------------------------------


def test_taking_the_pile_never_with_a_wild_card_on_top():
    state, step = play(discarded("JK"))
    assert "freezes the pile" in step.ruling.summary
    assert GAME.view(state)["detail"]["pile"]["frozen"] is True
    assert "take_pile" not in GAME.view(state)["expects"]
    err = refused([], take(2, "JK", "9H 9D"), state)
    assert "wild card" in err.ruling.summary


def test_taking_the_pile_first_meld_needs_two_naturals_and_the_minimum():
    err = refused([], take(1, "KS", "KH JK"))
    assert "two natural kings" in err.ruling.summary
    assert "canasta/initial-meld" in err.ruling.rules
    err = refused([], take(1, "KS", "KH KD"))
    assert "counts 30, short of the 50" in err.ruling.summary
    # the pick-up is what is refused: its rule is cited beside the minimum's
    assert err.ruling.rules[0] == "canasta/taking-the-pile"
    assert {"canasta/initial-meld", "canasta/card-values"} <= set(err.ruling.rules)
    state, step = play([take(1, "KS", "KH KD AS AH AD")])
    assert melds_of(state, B)["K"]["cards"] == ["KH", "KD", "KS"]


def test_taking_the_pile_a_meld_over_the_wild_cap_is_refused_naming_the_option():
    err = refused(
        [meld(1, "AS AH AD")], take(1, "KS", "KH KD JK JK JK JK"), wild_cap="three"
    )
    assert err.ruling.rules[:2] == ("canasta/taking-the-pile", "canasta/wild-cap")
    assert err.ruling.options == ("wild_cap",)  # the option that refused it


def test_taking_the_pile_unfrozen_one_natural_and_a_wild_or_the_existing_meld():
    base = [meld(1, "AS AH AD")]
    _, step = play([*base, take(3, "9C", "9H 2C")])
    assert "new meld of nines" in step.ruling.summary
    _, step = play([*base, take(3, "AC")])
    assert "aces now 4" in step.ruling.summary
    err = refused(base, take(3, "9C", "2C JK"))
    assert "one of them natural" in err.ruling.summary


def test_frozen_pile_needs_two_naturals_even_for_an_existing_meld():
    base = [meld(1, "AS AH AD")]
    err = refused(base, take(3, "AC", frozen=True))
    assert "the pile is frozen" in err.ruling.summary
    assert "canasta/frozen-pile" in err.ruling.rules
    state, step = play([*base, take(3, "AC", "AD AS", frozen=True)])
    assert melds_of(state, B)["A"]["naturals"] == 6


def test_frozen_pile_by_the_deal_is_known_and_thawed_by_taking_it():
    base = [{"type": "deal", "upcard": "2C 9S"}, meld(1, "AS AH AD")]
    err = refused(base, take(3, "9S", "9H JK"))
    assert "frozen" in err.ruling.summary
    state, _ = play([*base, take(3, "9S", "9H 9D")])
    assert GAME.view(state)["detail"]["pile"]["frozen"] is False


def test_taking_the_pile_top_card_is_melded_from_the_hand_only():
    # the top card's meld must stand on the hand's cards: one king is not enough
    err = refused([meld(1, "AS AH AD")], take(3, "KS", "KH"))
    assert "two cards matching KS" in err.ruling.summary


# --- going out -----------------------------------------------------------------------

CANASTA = "8S 8H 8D 8C 8S 8H JK"


def test_going_out_needs_a_canasta():
    err = refused([], out(0, "8S 8H 8D 5S 5H 5D", discard="9C"))
    assert "have no canasta" in err.ruling.summary
    assert err.ruling.rules == (
        "canasta/going-out",
        "canasta/canasta",
    )


def test_going_out_with_the_partners_canasta_ends_play():
    state, _ = play([meld(2, CANASTA)])
    state, step = play([out(0, "5S 5H 5D", discard="9C")], state)
    assert GAME.view(state)["phase"] == "result"
    assert GAME.view(state)["expects"] == ["hand_counts", "hand_cards"]
    assert "Ann & Cy score 100" in step.ruling.summary
    with pytest.raises(Refused, match="has ended"):
        GAME.step(state, meld(1, "9S 9H 9D 9C"))


def test_going_out_by_discarding_the_last_card_alone():
    state, _ = play([meld(2, CANASTA)])
    state, step = play([{"type": "go_out", "player": 0, "discard": "9C"}], state)
    assert GAME.view(state)["phase"] == "result"
    assert step.ruling.summary.startswith("Ann goes out, discarding 9C.")
    with pytest.raises(BadInput, match="discards the last one"):
        step_at_turn(play([meld(2, CANASTA)])[0], {"type": "go_out", "player": 0})


def test_concealed_going_out_scores_200_only_with_nothing_laid_before():
    _, step = play([out(0, f"{CANASTA} 5S 5H 5D", concealed=True)])
    assert "Ann & Cy score 200" in step.ruling.summary
    assert "canasta/concealed" in step.ruling.rules
    err = refused([meld(0, "AS AH AD"), ROUND], out(0, CANASTA, concealed=True))
    assert "laid cards in an earlier turn" in err.ruling.summary
    # a partner's earlier melds do not spoil it, but the canasta must be one's own
    state, _ = play([meld(2, "AS AH AD")])
    err = refused([], out(0, "AC AS 5S 5H 5D", concealed=True), state)
    assert "canasta among Ann's own cards" in err.ruling.summary


def test_concealed_going_out_is_ruled_from_the_facts_when_unsaid():
    # nothing laid before this hand and a canasta of Ann's own: the whole hand melded
    # in one turn, which is what concealed means
    _, step = play([out(0, f"{CANASTA} 5S 5H 5D", discard="9C")])
    assert "Ann & Cy score 200" in step.ruling.summary
    assert "canasta/concealed" in step.ruling.rules
    _, step = play([out(0, f"{CANASTA} 5S 5H 5D", discard="9C", concealed=False)])
    assert "Ann & Cy score 100" in step.ruling.summary  # the scorer's word stands


def test_going_out_a_refused_last_meld_cites_the_going_out_rule_too():
    err = refused([], out(2, f"{CANASTA} 3S 3C 2C", discard="9C"))
    assert "canasta/going-out" in err.ruling.rules
    assert "canasta/black-threes" in err.ruling.rules


def test_may_i_go_out_no_binds_for_the_turn():
    state, step = play(
        [meld(2, CANASTA), {"type": "ask_out", "player": 0, "answer": False}]
    )
    assert step.ruling.summary == (
        "Cy says no: Ann may not go out this turn (the answer holds until Ann's next "
        "turn)."
    )
    err = refused([], out(0, "5S 5H 5D"), state)
    assert "told no" in err.ruling.summary
    # once the turn has passed round the table, Ann may go out
    state, _ = play([ROUND, meld(1, "AS AH AD")], state)
    play([out(0, "5S 5H 5D")], state)


def test_may_i_go_out_yes_binds_the_player_to_go_out():
    state, step = play(
        [meld(2, CANASTA), {"type": "ask_out", "player": 0, "answer": True}]
    )
    assert "must now go out" in step.ruling.summary
    err = refused([], {"type": "discard", "player": 0, "card": "9C"}, state)
    assert "told yes" in err.ruling.summary
    assert err.ruling.rules[0] == "canasta/may-i-go-out"
    play([out(0, "5S 5H 5D")], state)


def test_stock_out_must_take_a_discard_that_fits_a_meld():
    base = [meld(1, "AS AH AD")]
    err = refused(base, {"type": "stock_out", "player": 3, "top": "AC"})
    assert "must take the discard" in err.ruling.summary
    assert err.ruling.rules == ("canasta/stock-out", "canasta/taking-the-pile")
    state, step = play([*base, {"type": "stock_out", "player": 3, "top": "9C"}])
    assert GAME.view(state)["phase"] == "result"
    assert "play ends" in step.ruling.summary


def test_stock_out_a_frozen_pile_that_fits_a_meld_need_not_be_taken():
    # Fitting a meld does not open a frozen pile (two naturals from the hand do), so
    # the player who cannot take it is not made to: play ends.
    frozen_by_deal = [{"type": "deal", "upcard": "JK 9S"}, meld(1, "7S 7H 7D AS AH AD")]
    state, step = play(
        [*frozen_by_deal, {"type": "stock_out", "player": 1, "top": "7C"}]
    )
    assert GAME.view(state)["phase"] == "result"
    assert step.ruling.rules == ("canasta/stock-out", "canasta/frozen-pile")
    said_frozen = {"type": "stock_out", "player": 3, "top": "AC", "frozen": True}
    state, _ = play([meld(1, "AS AH AD"), said_frozen])
    assert GAME.view(state)["phase"] == "result"


# --- scoring -------------------------------------------------------------------------


def finish(state, *results):
    for r in results:
        state, step = play([r], state)
    return state, step


def test_hand_score_bonuses_cards_melded_minus_cards_held():
    state, _ = play([meld(2, "QS QH QD QC QS QH QD"), out(0, "5S 5H 5D 2C")])
    state, step = finish(
        state,
        counts(0, natural=1, melded=105),
        counts(1, mixed=1, melded=140, held=35),
    )
    # Ann & Cy: out 100 + natural 500 + 105; Bob & Di: mixed 300 + 140 - 35
    assert step.ruling.score == {A: 705, B: 405}
    assert GAME.view(state)["sides"][0]["score"] == 705
    assert set(step.ruling.rules) >= {
        "canasta/hand-score",
        "canasta/going-out",
        "canasta/canasta",
        "canasta/card-values",
    }


def test_hand_score_concealed_going_out_doubles_the_bonus():
    state, _ = play([out(0, f"{CANASTA} 5S 5H 5D", concealed=True)])
    _, step = finish(state, counts(0, mixed=1, melded=145), counts(1, held=60))
    assert step.ruling.score == {A: 200 + 300 + 145, B: -60}
    assert "canasta/concealed" in step.ruling.rules


@pytest.mark.parametrize(
    ("reds", "melded", "bonus"),
    [(1, 50, 100), (3, 50, 300), (4, 50, 800), (1, 0, -100), (4, 0, -800), (0, 0, 0)],
)
def test_red_three_score_plus_if_melded_minus_if_not(reds, melded, bonus):
    state, _ = play([counts(0, melded=melded, red_threes=reds)])
    entry = GAME.view(state)["detail"]["results"][A]
    assert entry["red_three_bonus"] == bonus


def test_red_three_score_uses_the_red_threes_laid_out():
    state, _ = play(
        [
            {"type": "red_three", "player": 2, "cards": "3H"},
            {"type": "stock_out", "player": 1},
            counts(0, melded=60),
        ]
    )
    assert GAME.view(state)["detail"]["results"][A]["red_three_bonus"] == 100


def test_hand_score_by_cards_uses_the_recorded_melds():
    state, _ = play(
        [
            meld(0, "KS KH KD KC KS KH 2C"),
            meld(1, "9S 9H 9D 9C JK"),
            {"type": "stock_out", "player": 1},
        ]
    )
    state, _ = play([{"type": "hand_cards", "side": 0, "hand": "4S 5H"}], state)
    entry = GAME.view(state)["detail"]["results"][A]
    assert (entry["mixed_canastas"], entry["meld_points"], entry["hand_points"]) == (
        1,
        80,
        10,
    )
    assert entry["went_out"] == "none"
    _, step = play(
        [{"type": "hand_cards", "side": 1, "melds": "9S 9H 9D JK", "hand": "AS"}], state
    )
    assert step.ruling.score == {A: 300 + 80 - 10, B: 80 - 20}


def test_hand_score_meld_points_hold_at_least_the_first_meld_minimum():
    # The first meld reached the minimum and melded cards never leave the table.
    with pytest.raises(BadInput, match="below the 50") as err:
        GAME.step(new(), counts(0, melded=15))
    assert err.value.field == "meld_points"
    state, _ = play([counts(0, melded=0, held=40)])  # a side that never melded
    with pytest.raises(BadInput, match="below the 50"):
        GAME.step(state, {"type": "hand_cards", "side": 1, "melds": "4S 4H 4D"})
    low = new()
    low["hand"]["minimums"] = [15, 50]  # a side below zero needs only 15
    play([counts(0, melded=15)], low)


def test_hand_score_by_cards_counts_both_sides_against_one_pack():
    state, _ = play(
        [{"type": "hand_cards", "side": 0, "melds": "KS KH KD KC KS", "hand": "7H 7H"}]
    )
    with pytest.raises(BadInput, match="7H appears 3 times"):
        GAME.step(
            state, {"type": "hand_cards", "side": 1, "melds": "9S 9H 9D", "hand": "7H"}
        )


@pytest.mark.parametrize(
    ("first", "second", "message"),
    [
        (counts(0, natural=6, mixed=6, melded=600), None, "only 11 ranks"),
        (counts(0, melded=52), None, "multiples of 5"),
        (counts(0, natural=2, melded=60), None, "at least 70 points"),
        (
            counts(0, melded=50, red_threes=3),
            counts(1, melded=50, red_threes=2),
            "5 red threes between the two sides",
        ),
        (
            counts(0, mixed=7, melded=700),
            counts(1, mixed=6, melded=700),
            "13 mixed canastas",
        ),
        (
            counts(0, natural=8, mixed=3, melded=800),
            counts(1, natural=2, mixed=2, melded=300),
            "more natural cards",
        ),
        (counts(0, melded=900), counts(1, melded=200, held=100), "worth only 1180"),
        (counts(0, melded=50, went_out="out"), None, "at least one canasta"),
    ],
)
def test_hand_counts_are_checked_against_what_a_108_card_pack_holds(
    first, second, message
):
    state, last = (new(), first) if second is None else (play([first])[0], second)
    with pytest.raises(BadInput, match=message):
        GAME.step(state, last)


def test_hand_result_went_out_follows_the_log():
    state, _ = play([meld(2, CANASTA), out(0, "5S 5H 5D")])
    with pytest.raises(BadInput, match="The log says Bob & Di did not go out"):
        GAME.step(state, counts(1, melded=50, went_out="out"))
    with pytest.raises(Refused, match="already in"):
        play([counts(0, mixed=1, melded=145), counts(0, mixed=1, melded=145)], state)


def test_hand_result_only_one_side_goes_out():
    state, _ = play([counts(0, mixed=1, melded=145, went_out="out")])
    with pytest.raises(BadInput, match="only one player goes out"):
        GAME.step(state, counts(1, mixed=1, melded=145, went_out="out"))


# --- the game ------------------------------------------------------------------------


def test_game_end_at_5000_higher_side_wins():
    state = new()
    state["scores"] = [4800, 3000]
    state["hand"]["minimums"] = [120, 120]
    state, step = finish(state, counts(0, natural=1, melded=150), counts(1, melded=120))
    assert step.ruling.verdict == Verdict.WIN
    assert GAME.view(state)["winner"] == A
    assert GAME.view(state)["expects"] == []
    with pytest.raises(Refused, match="game is over"):
        GAME.step(state, meld(0, "AS AH AD"))


def test_game_end_level_past_the_target_plays_another_hand():
    state = new()
    state["scores"] = [4900, 4900]
    state, step = finish(state, counts(0, melded=200), counts(1, melded=200))
    assert step.ruling.verdict == Verdict.OK
    assert "another hand decides" in step.ruling.summary


def test_game_end_target_is_an_option():
    state = new(target=1000)
    state, step = finish(state, counts(0, natural=2, melded=150), counts(1, melded=50))
    assert step.ruling.verdict == Verdict.WIN
    assert step.ruling.options == ("target",)
    assert GAME.view(state)["detail"]["title"] == "Canasta to 1000"


def test_initial_meld_minimum_shown_before_every_hand_and_moves_with_the_score():
    state, step = finish(new(), counts(0, natural=3, melded=500), counts(1, held=50))
    view = GAME.view(state)
    # Ann & Cy 2000 -> 90; Bob & Di -50 -> 15
    assert view["detail"]["minimums"] == {A: 90, B: 15}
    assert [s["minimum"] for s in view["sides"]] == [90, 15]
    assert "First melds: Ann & Cy 90, Bob & Di 15." in view["prompt"]
    assert "Bob deals" in view["prompt"]
    err = refused([], meld(0, "KS KH KD 7S 7H 7D"), state)
    assert "short of the 90" in err.ruling.summary


# --- the calculator ------------------------------------------------------------------


def test_calculator_rules_on_each_meld_and_adds_up():
    got = meld_tool(
        {"cards": ["QS", "QH", "QD", "QC", "QS", "QH", "QD", "5S", "5H", "JK"]}
    )
    assert got["legal"] is True
    assert [m["canasta"] for m in got["melds"]] == ["natural", None]
    assert (got["count"], got["canasta_bonus"], got["total"]) == (130, 500, 630)
    bad = meld_tool(
        {"cards": ["KS", "KH", "KD", "JK", "JK", "2C", "2D"], "wild_cap": "three"}
    )
    assert bad["legal"] is False
    assert bad["melds"][0]["reason"].startswith("At most 3 wild cards")
    first = meld_tool({"cards": ["KS", "KH", "KD"], "score": 1500})
    assert (first["minimum"], first["meets_minimum"]) == (90, False)
    assert "falls short of the minimum of 90" in first["summary"]


# --- the engine contract -------------------------------------------------------------


def test_every_cited_rule_is_in_the_rulebook():
    # every module of the engine takes its ids from the one handle, checked at import
    assert {ml.R_TURN, ml.R_CANASTA, ml.R_GAME_END} <= ml.CITE.cited
    assert ml.CITE.cited <= {r.id for r in rulebook.books()["canasta"].rules}
    with pytest.raises(LookupError, match="no rule 'not-a-rule'"):
        ml.CITE("not-a-rule")


def test_one_meld_per_rank_the_calculator_merges_a_rank_written_apart():
    got = meld_tool({"cards": ["7H", "7D", "7S", "9C", "9D", "9H", "7C", "7H", "7D"]})
    sevens = next(m for m in got["melds"] if m["rank"] == "7")
    assert sevens["cards"] == ["7H", "7D", "7S", "7C", "7H", "7D"]
    assert "canasta/one-meld-per-rank" in sevens["rules"]
    assert got["merged"] == 1
    assert "one meld per rank" in got["summary"]
    apart = meld_tool({"cards": ["7H", "7D", "7S", "9C", "9D", "9H"]})
    assert apart["merged"] == 0
    assert all("canasta/one-meld-per-rank" not in m["rules"] for m in apart["melds"])
