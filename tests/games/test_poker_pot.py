"""The pot keeper and the betting round shared by the poker games."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.poker import betting
from referee.games.poker import pot as potlib

NAMES = ["Ann", "Bob", "Cy", "Di"]
RULES = ["poker-draw/betting"]


def _round(seats=3, ante=1, first=1):
    pot = potlib.ante_all(potlib.new_pot(seats), ante)
    return betting.open_round(pot, first, rules=RULES)


def _play(rnd, pot, actions):
    for seat, action, amount in actions:
        rnd, pot, _ = betting.act(rnd, pot, seat, action, amount, names=NAMES)
    return rnd, pot


def test_betting_check_bet_raise_fold_call_completes_the_round():
    rnd, pot = _round()
    assert rnd["turn"] == 1
    rnd, pot = _play(
        rnd,
        pot,
        [(1, "check", None), (2, "bet", 5), (0, "raise", 5), (1, "fold", None)],
    )
    assert rnd["turn"] == 2
    assert not rnd["done"]
    rnd, pot, words = betting.act(rnd, pot, 2, "call", None, names=NAMES)
    assert words == "Cy calls 5."
    assert rnd["done"]
    assert potlib.total(pot) == 3 + 10 + 10
    assert potlib.live(pot) == [0, 2]


def test_betting_everyone_checks_closes_the_round():
    rnd, pot = _round()
    rnd, pot = _play(rnd, pot, [(1, "check", None), (2, "check", None)])
    assert not rnd["done"]
    rnd, pot = _play(rnd, pot, [(0, "check", None)])
    assert rnd["done"]


@pytest.mark.parametrize(
    ("actions", "bad", "match"),
    [
        ([], (2, "check", None), "turn"),
        ([(1, "bet", 5)], (2, "check", None), "cannot check: 5 to call"),
        ([(1, "bet", 5)], (2, "bet", 5), "already a bet"),
        ([], (1, "raise", 5), "Nobody has bet"),
        ([], (1, "call", None), "owes nothing"),
        ([(1, "bet", 5)], (2, "call", 9), "A call costs 5"),
    ],
)
def test_betting_refuses_what_the_round_does_not_allow(actions, bad, match):
    rnd, pot = _play(*_round(), actions)
    with pytest.raises(Refused, match=match) as err:
        betting.act(rnd, pot, *bad, names=NAMES)
    assert err.value.ruling.rules == tuple(RULES)


def test_betting_amounts_must_be_positive():
    rnd, pot = _round()
    with pytest.raises(BadInput, match="positive 'amount'"):
        betting.act(rnd, pot, 1, "bet", 0, names=NAMES)


def test_betting_limit_and_raise_cap():
    pot = potlib.new_pot(3)
    rnd, pot = betting.open_round(pot, 0, rules=RULES, limit=10, max_raises=1)
    with pytest.raises(Refused, match="most a bet"):
        betting.act(rnd, pot, 0, "bet", 11, names=NAMES)
    rnd, pot = _play(rnd, pot, [(0, "bet", 10), (1, "raise", 10)])
    assert betting.options_for(rnd, pot, 2) == ["call", "fold"]
    with pytest.raises(Refused, match="capped"):
        betting.act(rnd, pot, 2, "raise", 5, names=NAMES)


def test_betting_a_short_call_is_all_in_and_makes_a_side_pot():
    rnd, pot = _round(seats=3, ante=0, first=0)
    rnd, pot = _play(rnd, pot, [(0, "bet", 10), (1, "call", 4), (2, "call", None)])
    assert rnd["done"]
    assert pot["all_in"] == [False, True, False]
    assert potlib.pots(pot) == [
        {"amount": 12, "eligible": [0, 1, 2]},
        {"amount": 12, "eligible": [0, 2]},
    ]
    awarded = potlib.award(pot, [1, 2, 0], lambda seats: [[1]] if 1 in seats else [[2]])
    assert potlib.payouts(awarded) == {1: 12, 2: 12}


def test_betting_one_player_left_ends_the_round():
    rnd, pot = _round()
    rnd, pot = _play(rnd, pot, [(1, "bet", 2), (2, "fold", None), (0, "fold", None)])
    assert rnd["done"]
    assert potlib.live(pot) == [1]


def test_split_pot_odd_chips_go_left_of_the_dealer_first():
    assert potlib.split(10, [0, 2, 3], order=[2, 3, 0, 1]) == {2: 4, 3: 3, 0: 3}


def test_split_pot_high_low_halves_with_the_odd_chip_to_high():
    pot = potlib.add(potlib.new_pot(3), 0, 11, "pay")
    awarded = potlib.award(pot, [1, 2, 0], lambda seats: [[0], [1, 2]])
    assert awarded[0]["parts"][0] == {
        "winners": [0],
        "amount": 6,
        "shares": [{"seat": 0, "chips": 6}],
    }
    assert potlib.payouts(awarded) == {0: 6, 1: 3, 2: 2}


def test_match_the_pot_costs_what_is_in_the_pot_and_carry_keeps_it():
    pot = potlib.ante_all(potlib.new_pot(4), 2)
    assert potlib.match_the_pot(pot) == 8
    pot = potlib.add(pot, 1, potlib.match_the_pot(pot), "pay", "face-up three")
    assert potlib.total(pot) == 16
    assert potlib.owed(pot, 1) == 0
    again = potlib.carry(pot)
    assert potlib.total(again) == 16
    assert again["put"] == [0, 0, 0, 0]
    assert potlib.pots(again) == [{"amount": 16, "eligible": [0, 1, 2, 3]}]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 30), min_size=2, max_size=6), st.integers(0, 7))
def test_award_pays_out_every_chip_exactly(bets, carried):
    pot = potlib.new_pot(len(bets), carried)
    for seat, amount in enumerate(bets):
        pot = potlib.add(pot, seat, amount, "bet", all_in=seat % 2 == 1)
    order = list(range(len(bets)))
    awarded = potlib.award(pot, order, lambda seats: [seats[:1], seats[-1:]])
    assert sum(potlib.payouts(awarded).values()) == potlib.total(pot)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.lists(st.tuples(st.integers(0, 9), st.integers(1, 5))))
def test_betting_a_round_ends_with_every_player_still_in_level(seats, choices):
    """Whatever legal actions are taken, a closed round leaves no one owing chips."""
    pot = potlib.ante_all(potlib.new_pot(seats), 1)
    rnd, pot = betting.open_round(pot, 1 % seats, rules=RULES, max_raises=3)
    for pick, amount in choices:
        if rnd["done"]:
            break
        seat = rnd["turn"]
        allowed = betting.options_for(rnd, pot, seat)
        action = allowed[pick % len(allowed)]
        size = amount if action in ("bet", "raise") else None
        rnd, pot, _ = betting.act(rnd, pot, seat, action, size, names=NAMES)
    if rnd["done"]:
        assert all(potlib.owed(pot, s) == 0 for s in potlib.live(pot))
    else:
        assert betting.to_act(rnd, pot)[0] == rnd["turn"]
    assert potlib.total(pot) == sum(pot["put"])


def test_payment_does_not_make_a_side_pot_for_the_player_who_paid():
    # Cy pays the pot for a face-up three; Ann and Bob only anted: all three are
    # still in and none is all in, so the best hand takes every chip.
    pot = potlib.ante_all(potlib.new_pot(3), 1)
    pot = potlib.add(pot, 2, potlib.match_the_pot(pot), "pay", "face-up three")
    assert potlib.pots(pot) == [{"amount": 6, "eligible": [0, 1, 2]}]
    awarded = potlib.award(pot, [1, 2, 0], lambda seats: [[0]])
    assert potlib.payouts(awarded) == {0: 6}


def test_all_in_after_a_payment_caps_only_the_all_in_player():
    pot = potlib.ante_all(potlib.new_pot(3), 1)
    pot = potlib.add(pot, 2, 3, "pay", "face-up three")
    pot = potlib.add(pot, 0, 2, "bet", all_in=True)
    pot = potlib.add(pot, 1, 5, "bet")
    pot = potlib.add(pot, 2, 5, "call")
    # Ann (seat 0) put 3 in all: she can win 3 from each; the rest (Bob's 3 more,
    # Cy's 6 more) is Bob's and Cy's.
    assert potlib.pots(pot) == [
        {"amount": 9, "eligible": [0, 1, 2]},
        {"amount": 9, "eligible": [1, 2]},
    ]
