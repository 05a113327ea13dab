"""Baseball (stud poker, threes and nines wild): the referee rule by rule (seed 004)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import get
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict
from referee.games.poker_baseball import baseball
from referee.games.poker_baseball import baseball_game
from tests.games.baseball_turns import check_turn

GAME = get("poker-baseball")
P3 = ("Ann", "Bob", "Cy")  # Ann deals: Bob gets the first card, then Cy, then Ann
ANTE = {"type": "ante", "amount": 1}


def run(events, players=P3, state=None, **options):
    state = state or GAME.start(GAME.new_setup(list(players), options))
    step = None
    for event in events:
        step = GAME.step(state, event)
        state = step.state
    return state, step


def ups(*cards):
    return [{"type": "up", "card": c} for c in cards]


def checks(state, rounds=1):
    """Everyone checks through ``rounds`` betting rounds, from ``state``."""
    events = []
    for _ in range(rounds):
        while state["phase"] == "bet":
            event = {"type": "bet", "player": state["round"]["turn"], "action": "check"}
            events.append(event)
            state = GAME.step(state, event).state
    return state, events


def play(script_cards, players=P3, first=(), **options):
    """Deal ``script_cards`` face up in turn, everyone checking every round."""
    state, _ = run([ANTE, *first], players, **options)
    for card in script_cards:
        state, _ = checks(state)
        state = GAME.step(state, {"type": "up", "card": card}).state
    return checks(state)[0]


# Bob: KD KH 2C 2D showing; Cy 7C 7D 8C 8D; Ann 5S 6S 10H JH.
PLAIN = ["KD", "7C", "5S", "KH", "7D", "6S", "2C", "8C", "10H", "2D", "8D", "JH"]


# --- players, ante, deal --------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 8])
def test_players_three_to_seven(count):
    names = [f"P{i}" for i in range(count)]
    with pytest.raises(BadInput, match="3 to 7 players"):
        GAME.new_setup(names, {})


def test_ante_everyone_puts_in_and_the_deal_starts():
    state, step = run([{"type": "ante", "amount": 2}])
    assert GAME.view(state)["detail"]["pot"] == 6
    assert step.ruling.rules == ("poker-baseball/ante", "poker-baseball/deal")
    with pytest.raises(Refused, match="antes are in"):
        GAME.step(state, ANTE)


def test_deal_two_down_then_the_first_up_card_goes_left_of_the_dealer():
    state, _ = run([ANTE])
    view = GAME.view(state)
    assert view["turn"] == "Bob"
    assert view["detail"]["down"] == {"Ann": 2, "Bob": 2, "Cy": 2}
    assert view["expects"] == ["up", "turn_up"]


def test_streets_refuse_a_card_to_the_wrong_player():
    state, _ = run([ANTE])
    with pytest.raises(Refused, match="out of turn: it is Bob's") as refused:
        GAME.step(state, {"type": "up", "player": 2, "card": "KD"})
    assert refused.value.ruling.rules == (
        "poker-baseball/deal",
        "poker-baseball/streets",
    )


def test_players_deck_holds_one_of_each_card():
    state, _ = run([ANTE, *ups("KD")])
    with pytest.raises(BadInput, match="already face up"):
        GAME.step(state, {"type": "up", "card": "KD"})


# --- streets and betting --------------------------------------------------------------


def test_betting_opens_with_the_best_hand_showing():
    state, step = run([ANTE, *ups("5D", "KC", "7H")])
    assert step.ruling.summary.endswith("Betting: Cy first.")
    assert "poker-baseball/betting" in step.ruling.rules


def test_betting_tie_showing_goes_to_the_nearest_left_of_dealer():
    state, step = run([ANTE, *ups("KD", "KC", "7H")])
    assert step.ruling.summary.endswith("Betting: Bob first.")


def test_betting_a_check_facing_a_bet_is_refused():
    state, _ = run(
        [
            ANTE,
            *ups("KD", "7C", "5S"),
            {"type": "bet", "player": 1, "action": "bet", "amount": 2},
        ]
    )
    with pytest.raises(Refused, match="cannot check"):
        GAME.step(state, {"type": "bet", "player": 2, "action": "check"})


def test_streets_seventh_is_dealt_face_down_and_then_the_showdown():
    state = play(PLAIN[:9])
    state = GAME.step(state, {"type": "up", "card": "2D"}).state
    state = GAME.step(state, {"type": "up", "card": "8D"}).state
    step = GAME.step(state, {"type": "up", "card": "JH"})
    state = step.state
    state, events = checks(state)  # sixth street's round
    view = GAME.view(state)
    assert view["detail"]["street"] == 7
    assert view["detail"]["down"] == {"Ann": 3, "Bob": 3, "Cy": 3}
    state, _ = checks(state)
    assert GAME.view(state)["expects"] == ["show"]


def test_showdown_best_hand_takes_the_pot():
    state = play(PLAIN)
    assert state["phase"] == "show"
    state = GAME.step(
        state, {"type": "show", "player": 0, "cards": "5S 6S 10H JH AC QD 2H"}
    ).state
    state = GAME.step(
        state, {"type": "show", "player": 1, "cards": "KD KH 2C 2D AS AH QC"}
    ).state
    step = GAME.step(
        state, {"type": "show", "player": 2, "cards": "7C 7D 8C 8D 7S KS 4D"}
    )
    assert step.ruling.verdict == Verdict.WIN
    assert "Cy wins with full house" in step.ruling.summary
    assert step.ruling.score == {"Cy": 2, "Ann": -1, "Bob": -1}
    assert GAME.view(step.state)["winner"] == "Cy"


def test_showdown_cards_must_include_the_face_up_ones_and_count_right():
    state = play(PLAIN)
    with pytest.raises(BadInput, match="must be among"):
        GAME.step(state, {"type": "show", "player": 1, "cards": "AD KH 2C 2D AS AH QC"})
    with pytest.raises(BadInput, match="holds 7 cards"):
        GAME.step(state, {"type": "show", "player": 1, "cards": "KD KH 2C 2D AS AH"})


def test_showdown_tie_splits_and_the_odd_chip_goes_left_of_the_dealer():
    state = play(
        ["KD", "KC", "5S", "QD", "QC", "6S", "2C", "2H", "10H", "JD", "JC", "JH"]
    )
    state = GAME.step(
        state, {"type": "show", "player": 0, "cards": "5S 6S 10H JH 7C 8C 2S"}
    ).state
    state = GAME.step(
        state, {"type": "show", "player": 1, "cards": "KD QD 2C JD AS 7H 4D"}
    ).state
    step = GAME.step(
        state, {"type": "show", "player": 2, "cards": "KC QC 2H JC AH 7S 4S"}
    )
    assert "tie" in step.ruling.summary
    assert step.ruling.score == {"Ann": -1, "Bob": 1}  # 3 chips: Bob 2, Cy 1
    assert step.state["last_hand"]["takes"] == {"Bob": 2, "Cy": 1}


def test_fold_last_player_in_wins_without_showing():
    state, _ = run([ANTE, *ups("KD", "7C", "5S")])
    state = GAME.step(
        state, {"type": "bet", "player": 1, "action": "bet", "amount": 2}
    ).state
    state = GAME.step(state, {"type": "bet", "player": 2, "action": "fold"}).state
    step = GAME.step(state, {"type": "fold", "player": 0})
    assert step.ruling.verdict == Verdict.WIN
    assert "Bob wins without showing" in step.ruling.summary
    assert "poker-baseball/fold" in step.ruling.rules


# --- wild cards and payments ----------------------------------------------------------


def test_usual_way_face_up_three_match_the_pot_or_fold():
    state, step = run([{"type": "ante", "amount": 2}, *ups("3H")])
    assert "must pay 6 (matching the pot)" in step.ruling.summary
    assert set(step.ruling.rules) >= {
        "poker-baseball/wild",
        "poker-baseball/pay-up-threes",
        "poker-baseball/payment",
        "poker-baseball/usual-way",
    }
    assert GAME.view(state)["expects"] == ["pay", "fold"]
    with pytest.raises(Refused, match="cannot decline"):
        GAME.step(state, {"type": "decline", "player": 1})
    with pytest.raises(Refused, match="That comes first"):
        GAME.step(state, {"type": "up", "card": "KD"})
    paid = GAME.step(state, {"type": "pay", "player": 1})
    assert GAME.view(paid.state)["detail"]["pot"] == 12
    assert set(paid.ruling.rules) >= {
        "poker-baseball/pay-up-threes",
        "poker-baseball/payment",
        "poker-baseball/wild",
        "poker-baseball/usual-way",
    }
    folded = GAME.step(state, {"type": "fold", "player": 1})
    assert GAME.view(folded.state)["sides"][1]["status"] == "folded"


def test_usual_way_nines_and_down_threes_are_free():
    state, step = run([ANTE, *ups("9H")])
    assert "wild, free" in step.ruling.summary
    assert state["due"] is None
    assert GAME.view(state)["detail"]["title"] == "Baseball (the way we usually play)"


def test_payment_a_fixed_price_replaces_matching_the_pot():
    _, step = run([ANTE, *ups("3H")], price=5)
    assert "must pay 5 (the fixed price)" in step.ruling.summary


def test_pay_up_threes_declined_three_plays_at_face_value():
    events = [ANTE, *ups("3H"), {"type": "decline", "player": 1}]
    state, step = run(events, up_threes="pay")
    assert "stays at face value" in step.ruling.summary
    assert GAME.view(state)["detail"]["title"] == "Baseball (house options)"
    # Bob shows 3H (tame) and a pair of kings; without the wild, two pair is all.
    cards = ["7C", "5S", "KH", "7D", "6S", "KS", "8C", "10H", "2D", "8D", "JH"]
    for card in cards:
        state, _ = checks(state)
        state = GAME.step(state, {"type": "up", "card": card}).state
    state, _ = checks(state)
    state, _ = checks(state)
    step = GAME.step(
        state, {"type": "show", "player": 1, "cards": "3H KH KS 2D 2C 4C 6C"}
    )
    assert "two pair" in step.ruling.summary
    assert "poker-baseball/pay-up-threes" in step.ruling.rules


def test_pay_up_nines_pay_to_make_it_wild():
    state, step = run([ANTE, *ups("9C")], up_nines="pay")
    assert (
        "may pay 3 (matching the pot) to make the 9 of clubs wild"
        in step.ruling.summary
    )
    assert step.ruling.options == ("up_nines",)
    assert GAME.view(state)["expects"] == ["pay", "decline", "fold"]


def test_wild_five_of_a_kind_beats_a_straight_flush():
    # Bob shows a paid 3H and KD KH KC; Cy shows a straight flush draw in spades.
    deal = ["3H", "5S", "7C", "KD", "6S", "8C", "KH", "7S", "10C", "KC", "8S", "JC"]
    state, _ = run([ANTE, *ups(deal[0]), {"type": "pay", "player": 1}])
    for card in deal[1:]:
        state, _ = checks(state)
        state = GAME.step(state, {"type": "up", "card": card}).state
    state, _ = checks(state)
    state, _ = checks(state)
    state = GAME.step(
        state, {"type": "show", "player": 0, "cards": "7C 8C 10C JC 2H 2S 2D"}
    ).state
    state = GAME.step(
        state, {"type": "show", "player": 2, "cards": "5S 6S 7S 8S 4S QD QC"}
    ).state
    step = GAME.step(
        state, {"type": "show", "player": 1, "cards": "3H KD KH KC 9D AS AD"}
    )
    assert "Bob wins with five kings" in step.ruling.summary
    assert "poker-baseball/five-of-a-kind" in step.ruling.rules
    assert "poker-baseball/wild" in step.ruling.rules


def test_pay_down_wilds_unpaid_down_three_plays_at_face_value():
    opts = {"pay_down_wilds": True}
    state = play(PLAIN, **opts)
    # Bob holds 3S face down, unpaid: kings and deuces, not a full house.
    state = GAME.step(
        state, {"type": "show", "player": 0, "cards": "5S 6S 10H JH AC QD 2H"}
    ).state
    state = GAME.step(
        state, {"type": "show", "player": 2, "cards": "7C 7D 8C 8D 4S 5C 6D"}
    ).state
    step = GAME.step(
        state, {"type": "show", "player": 1, "cards": "KD KH 2C 2D 3S AH QC"}
    )
    assert "Cy wins" in step.ruling.summary
    assert "poker-baseball/pay-down-wilds" in step.ruling.rules


def test_pay_down_wilds_a_paid_down_three_is_wild():
    opts = {"pay_down_wilds": True}
    state, step = run([ANTE, {"type": "pay_down", "player": 1, "rank": "3"}], **opts)
    assert GAME.view(state)["detail"]["pot"] == 6
    # the threes' payment setting (match the pot) sets what it costs
    assert "poker-baseball/pay-up-threes" in step.ruling.rules
    state = play(PLAIN, first=[{"type": "pay_down", "player": 1, "rank": "3"}], **opts)
    state = GAME.step(
        state, {"type": "show", "player": 0, "cards": "5S 6S 10H JH AC QD 2H"}
    ).state
    state = GAME.step(
        state, {"type": "show", "player": 2, "cards": "7C 7D 8C 8D 4S 5C 6D"}
    ).state
    step = GAME.step(
        state, {"type": "show", "player": 1, "cards": "KD KH 2C 2D 3S AH QC"}
    )
    assert "Bob wins with full house" in step.ruling.summary


def test_pay_down_wilds_is_refused_when_down_wilds_are_free():
    state, _ = run([ANTE])
    with pytest.raises(Refused, match="cost nothing"):
        GAME.step(state, {"type": "pay_down", "player": 1, "rank": "9"})


# --- fours ----------------------------------------------------------------------------


def test_four_face_up_gives_an_extra_down_card_at_once():
    state, step = run([ANTE, *ups("4D")])
    assert "one extra card face down" in step.ruling.summary
    assert "poker-baseball/four" in step.ruling.rules
    assert GAME.view(state)["detail"]["down"]["Bob"] == 3


def test_pay_four_pay_for_the_card_or_go_without():
    state, step = run([ANTE, *ups("4D")], pay_four=True)
    assert (
        "may pay 3 (matching the pot) for the four's extra card" in step.ruling.summary
    )
    paid = GAME.step(state, {"type": "pay", "player": 1}).state
    assert GAME.view(paid)["detail"]["down"]["Bob"] == 3
    declined = GAME.step(state, {"type": "decline", "player": 1}).state
    assert GAME.view(declined)["detail"]["down"]["Bob"] == 2


def test_fold_rather_than_pay_in_a_betting_round_passes_the_turn_on():
    # pay_four: a four turned up while Bob is to bet costs him the pot or he folds.
    state, step = run([ANTE, *ups("KD", "7C", "5S")], pay_four=True)
    assert state["round"]["turn"] == 1  # Bob bets first
    state, _ = run([{"type": "turn_up", "player": 1, "card": "4H"}], state=state)
    state, step = run([{"type": "fold", "player": 1}], state=state)
    assert "Bob folds rather than pay." in step.ruling.summary
    assert state["round"]["turn"] == 2  # Cy acts next: Bob is out of the hand
    with pytest.raises(Refused):
        GAME.step(state, {"type": "bet", "player": 1, "action": "bet", "amount": 5})
    state, _ = run([{"type": "bet", "player": 2, "action": "check"}], state=state)
    state, _ = run([{"type": "bet", "player": 0, "action": "check"}], state=state)
    assert state["phase"] == "deal"  # the round closed without Bob


def test_turn_up_four_a_down_four_turned_up_earns_the_card():
    state, step = run([ANTE, {"type": "turn_up", "player": 0, "card": "4C"}])
    view = GAME.view(state)
    assert view["detail"]["up"]["Ann"] == ["4C"]
    assert view["detail"]["down"]["Ann"] == 2
    assert step.ruling.rules[:2] == (
        "poker-baseball/turn-up-four",
        "poker-baseball/four",
    )
    with pytest.raises(BadInput, match="not a four"):
        GAME.step(state, {"type": "turn_up", "player": 0, "card": "5C"})


def test_usual_way_the_fours_free_card_and_turning_a_four_up_cite_it():
    _, step = run([ANTE, *ups("4D")])
    assert "poker-baseball/usual-way" in step.ruling.rules
    _, step = run([ANTE, {"type": "turn_up", "player": 0, "card": "4C"}])
    assert "poker-baseball/usual-way" in step.ruling.rules
    # a match that is not played the usual way does not cite it
    _, step = run([ANTE, *ups("4D")], pay_four=True)
    assert "poker-baseball/usual-way" not in step.ruling.rules


def test_turn_up_four_refused_when_the_option_is_off():
    state, _ = run([ANTE], turn_up_fours=False)
    with pytest.raises(Refused, match="does not let"):
        GAME.step(state, {"type": "turn_up", "player": 0, "card": "4C"})


def test_short_deck_one_shared_card_on_seventh_street():
    state = GAME.start(GAME.new_setup(list(baseball_game.SEVEN), {}))
    for event in baseball_game.SHORT:
        state = GAME.step(state, event).state
    view = GAME.view(state)
    assert view["expects"] == ["common", "turn_up"]
    assert view["detail"]["stock"] == 6
    step = GAME.step(state, {"type": "common", "card": "JS"})
    assert step.ruling.rules[0] == "poker-baseball/short-deck"
    assert GAME.view(step.state)["phase"] == "bet"


# --- rainouts -------------------------------------------------------------------------


def test_rainout_queen_of_spades_redeals_to_the_players_still_in():
    state, _ = run([ANTE, *ups("3H"), {"type": "fold", "player": 1}], rainouts="on")
    step = GAME.step(state, {"type": "up", "card": "QS"})
    assert step.ruling.verdict == Verdict.VOID
    assert "rainout (1)" in step.ruling.summary
    view = GAME.view(step.state)
    assert view["detail"]["down"] == {"Ann": 2, "Bob": 0, "Cy": 2}
    assert view["detail"]["pot"] == 3
    assert view["turn"] == "Cy"


def test_rainout_off_the_queen_of_spades_is_just_a_queen():
    state, step = run([ANTE, *ups("QS")])
    assert step.ruling.verdict == Verdict.OK
    assert "poker-baseball/rainout" not in step.ruling.rules


def test_dome_after_three_rainouts_the_queen_is_a_queen():
    state, _ = run([ANTE], rainouts="dome")
    for _n in range(3):
        step = GAME.step(state, {"type": "up", "card": "QS"})
        state = step.state
    assert "dome goes up" in step.ruling.summary
    step = GAME.step(state, {"type": "up", "card": "QS"})
    assert step.ruling.verdict == Verdict.OK
    assert GAME.view(step.state)["detail"]["rainouts"] == 3


# --- the match and properties ---------------------------------------------------------


def test_hands_the_deal_passes_left_and_net_chips_add_up():
    state = play(PLAIN, hands=2)
    for seat, cards in (
        (0, "5S 6S 10H JH AC QD 2H"),
        (1, "KD KH 2C 2D AS AH QC"),
        (2, "7C 7D 8C 8D 7S KS 4D"),
    ):
        state = GAME.step(state, {"type": "show", "player": seat, "cards": cards}).state
    view = GAME.view(state)
    assert view["detail"]["dealer"] == "Bob"
    assert view["expects"] == ["ante", "up"]
    assert [s["score"] for s in view["sides"]] == [-1, -1, 2]


DECK = [
    r + s
    for s in "SHDC"
    for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
]


@settings(max_examples=10, deadline=None)
@given(
    order=st.permutations(DECK),
    answers=st.lists(
        st.sampled_from(["pay", "fold", "decline"]), min_size=40, max_size=40
    ),
    count=st.integers(3, 7),
    up_nines=st.sampled_from(["free", "pay", "pay-or-fold"]),
    pay_four=st.booleans(),
)
def test_property_chips_are_conserved_and_replay_equals_incremental(
    order, answers, count, up_nines, pay_four
):
    players = [f"P{i}" for i in range(count)]
    opts = {"up_nines": up_nines, "pay_four": pay_four, "rainouts": "dome"}
    state = GAME.start(GAME.new_setup(players, opts))
    log = [ANTE]
    state = GAME.step(state, ANTE).state
    answers = list(answers)
    for _ in range(200):
        view = GAME.view(state)
        if view["over"] or view["phase"] == "show":
            break
        expects = view["expects"]
        if "pay" in expects:
            pick = answers.pop() if answers else "pay"
            event = {
                "type": pick if pick in expects else "pay",
                "player": state["due"]["seat"],
            }
        elif "bet" in expects:
            event = {"type": "bet", "player": state["round"]["turn"], "action": "check"}
        else:
            # A hand that ends in folds deals the next from a full pack again: any
            # card not face up in this deal may come, taken in the drawn order.
            seen = set(baseball.stud.seen(state["hand"]["deal"]))
            unseen = [c for c in order if c not in seen]
            event = {"type": expects[0], "card": unseen[len(log) % len(unseen)]}
        state = GAME.step(state, event).state
        log.append(event)
        total = sum(state["pot"]["put"]) if state["pot"] else 0
        assert GAME.view(state)["detail"]["pot"] == total
    replayed = GAME.start(GAME.new_setup(players, opts))
    for event in log:
        replayed = GAME.step(replayed, event).state
    assert replayed == state
    if state["phase"] == "over":
        assert sum(state["net"]) == 0


def test_ante_a_deal_may_start_with_its_first_card_and_no_ante():
    state, step = run(ups("KD"))
    assert step.ruling.summary.startswith("No ante recorded. Bob: KD face up")
    assert GAME.view(state)["detail"]["pot"] == 0
    assert step.ruling.rules[:2] == ("poker-baseball/ante", "poker-baseball/deal")


def test_betting_no_round_when_everyone_else_still_in_is_all_in():
    # Cy and Ann call Bob's 5 short, so both are all in: on fourth street nobody is
    # left to bet against Bob and the deal goes straight on to fifth street.
    events = [
        ANTE,
        *ups("KH", "7C", "5D"),
        {"type": "bet", "player": 1, "action": "bet", "amount": 5},
        {"type": "bet", "player": 2, "action": "call", "amount": 2},
        {"type": "bet", "player": 0, "action": "call", "amount": 1},
        *ups("JH", "8C", "6D"),
    ]
    state, step = run(events)
    assert "No betting: everyone else still in is all in." in step.ruling.summary
    assert "Fifth street: a face-up card each, first to Bob." in step.ruling.summary
    assert state["phase"] == "deal"
    assert state["round"] is None
    assert GAME.view(state)["turn"] == "Bob"


# --- who acts (issue 24) ---------------------------------------------------------

PB = "poker-baseball/"


def _refused(state, event):
    with pytest.raises(Refused, match="out of turn") as refused:
        GAME.step(state, event)
    return refused.value.ruling.rules


def test_ante_everyone_antes_so_anyone_may_be_named():
    state, _ = run([])
    for seat in ("Ann", "Bob", "Cy"):
        assert GAME.step(state, {**ANTE, "player": seat}).state["phase"] == "deal"


def test_streets_a_fourth_street_card_to_the_wrong_player_cites_streets_alone():
    state = play(["KD", "7C", "5S"])
    assert state["hand"]["deal"]["street"] == 4
    event = {"type": "up", "player": "Ann", "card": "QD"}
    assert _refused(state, event) == (PB + "streets",)


def test_betting_out_of_turn_is_refused_citing_betting():
    state, _ = run([ANTE, *ups("KD", "7C", "5S")])  # Bob's king opens
    event = {"type": "bet", "player": "Cy", "action": "check"}
    assert _refused(state, event) == (PB + "betting",)


def test_fold_out_of_turn_is_refused_citing_betting_and_fold():
    state, _ = run([ANTE, *ups("KD", "7C", "5S")])
    assert _refused(state, {"type": "fold", "player": 0}) == (
        PB + "betting",
        PB + "fold",
    )


def test_fold_a_folded_player_is_dealt_no_more_cards():
    state, _ = run([ANTE, *ups("3H"), {"type": "fold", "player": "Bob"}])
    event = {"type": "up", "player": "Bob", "card": "KD"}
    assert _refused(state, event) == (PB + "deal", PB + "streets", PB + "fold")


def test_payment_only_its_owner_answers_it():
    state, _ = run([ANTE, *ups("3H")])
    rules = _refused(state, {"type": "pay", "player": "Cy"})
    assert rules == (PB + "pay-up-threes", PB + "payment")


def test_short_deck_the_shared_card_is_the_dealers_to_turn():
    state, _ = run(baseball_game.SHORT, players=baseball_game.SEVEN)
    assert state["phase"] == "common"
    event = {"type": "common", "player": "Bob", "card": "JS"}
    assert _refused(state, event) == (PB + "short-deck",)
    step = GAME.step(state, {"type": "common", "player": "Ann", "card": "JS"})
    assert step == GAME.step(state, {"type": "common", "card": "JS"})


def test_showdown_each_player_still_in_shows_once():
    state, _ = run(baseball_game.SHOWDOWN)
    shown = {"type": "show", "player": "Bob", "cards": "KD KH 2C 2D AS AH QC"}
    state = GAME.step(state, shown).state
    assert _refused(state, shown) == (PB + "showdown",)


def test_turn_up_four_a_folded_player_turns_nothing_up():
    state, _ = run([ANTE, *ups("3H"), {"type": "fold", "player": "Bob"}])
    event = {"type": "turn_up", "player": "Bob", "card": "4S"}
    assert _refused(state, event) == (PB + "turn-up-four", PB + "four", PB + "fold")


def test_pay_down_wilds_a_folded_player_pays_for_nothing():
    events = [ANTE, *ups("3H"), {"type": "fold", "player": "Bob"}]
    state, _ = run(events, pay_down_wilds=True)
    event = {"type": "pay_down", "player": "Bob", "rank": "3"}
    assert _refused(state, event) == (
        PB + "pay-down-wilds",
        PB + "payment",
        PB + "fold",
    )


@settings(max_examples=10, deadline=None)
@given(
    order=st.permutations(DECK),
    count=st.integers(3, 7),
    up_nines=st.sampled_from(["free", "pay", "pay-or-fold"]),
    pay_four=st.booleans(),
)
def test_property_naming_the_player_in_turn_changes_nothing_naming_another_is_refused(
    order, count, up_nines, pay_four
):
    players = [f"P{i}" for i in range(count)]
    opts = {"up_nines": up_nines, "pay_four": pay_four}
    state = GAME.start(GAME.new_setup(players, opts))
    state = check_turn(GAME, state, ANTE).state
    for turn in range(200):
        view = GAME.view(state)
        if view["over"] or view["phase"] == "show":
            break
        expects = view["expects"]
        if "pay" in expects:
            event = {"type": "pay", "player": state["due"]["seat"]}
        elif "bet" in expects:
            event = {"type": "bet", "player": state["round"]["turn"], "action": "check"}
        else:
            # Any card not face up in this deal may come, in the drawn order (a
            # new deal starts from a full pack).
            seen = set(baseball.stud.seen(state["hand"]["deal"]))
            unseen = [c for c in order if c not in seen]
            event = {"type": expects[0], "card": unseen[turn % len(unseen)]}
        state = check_turn(GAME, state, event).state
    assert GAME.view(state)["phase"] in ("show", "over")


def test_payment_a_stated_amount_must_be_the_price():
    state, _ = run([ANTE, *ups("3H")])  # the pot holds 3: the three costs 3
    with pytest.raises(Refused, match="Bob pays 1, but the price is 3") as short:
        GAME.step(state, {"type": "pay", "player": "Bob", "amount": 1})
    assert short.value.ruling.rules == (PB + "pay-up-threes", PB + "payment")
    stated = GAME.step(state, {"type": "pay", "player": "Bob", "amount": 3})
    assert stated == GAME.step(state, {"type": "pay", "player": "Bob"})


def test_pay_down_wilds_a_stated_amount_must_be_the_price():
    state, _ = run([ANTE], pay_down_wilds=True, price=2)
    event = {"type": "pay_down", "player": "Cy", "rank": "3", "amount": 5}
    with pytest.raises(Refused, match="the price is 2 \\(the fixed price\\)") as over:
        GAME.step(state, event)
    assert PB + "payment" in over.value.ruling.rules
    paid = GAME.step(state, {**event, "amount": 2})
    assert GAME.view(paid.state)["detail"]["pot"] == 5
