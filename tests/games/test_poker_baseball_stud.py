"""Seven-card stud dealing for baseball: streets, order, the stock."""

from __future__ import annotations

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games.poker_baseball import stud


def test_streets_third_street_two_down_each_then_up_cards_from_the_dealers_left():
    deal = stud.new_deal(4, dealer=2, seats_in=[0, 1, 2, 3])
    assert deal["to_deal"] == [3, 0, 1, 2]
    assert deal["down"] == [2, 2, 2, 2]
    assert stud.stock(deal) == 44


def test_streets_folded_players_get_no_cards():
    deal = stud.new_deal(4, dealer=0, seats_in=[0, 2, 3])
    assert deal["to_deal"] == [2, 3, 0]
    deal = stud.fold(deal, 3)
    assert deal["to_deal"] == [2, 0]


def test_streets_fourth_to_sixth_are_face_up_seventh_face_down():
    deal = stud.new_deal(3, dealer=0, seats_in=[0, 1, 2])
    for card, seat in zip(["KD", "7C", "5S"], [1, 2, 0], strict=True):
        deal = stud.give_up(deal, seat, card)
    for _ in range(3):
        deal = stud.next_street(deal, 3, 0, [0, 1, 2])
        assert deal["to_deal"] == [1, 2, 0]
        deal = {**deal, "to_deal": [], "dealt": deal["dealt"] + 3}
    deal = stud.next_street(deal, 3, 0, [0, 1, 2])
    assert deal["street"] == 7
    assert deal["down"] == [3, 3, 3]
    assert not stud.needs_common(deal)


def test_four_extra_card_only_while_the_pack_lasts():
    deal = {**stud.new_deal(3, 0, [0, 1, 2]), "dealt": 52}
    same, given = stud.give_extra(deal, 1)
    assert not given
    assert same == deal
    deal = {**deal, "dealt": 51}
    more, given = stud.give_extra(deal, 1)
    assert given
    assert more["down"][1] == 3


def test_short_deck_seventh_street_owes_a_shared_card():
    deal = {**stud.new_deal(7, 0, range(7)), "street": 6, "to_deal": [], "dealt": 46}
    deal = stud.next_street(deal, 7, 0, list(range(7)))
    assert stud.needs_common(deal)
    assert deal["down"] == [2] * 7


def test_turn_up_four_moves_a_down_card_up():
    deal = stud.turn_up(stud.new_deal(3, 0, [0, 1, 2]), 0, "4C")
    assert deal["up"][0] == ["4C"]
    assert deal["down"][0] == 1
    assert stud.seen(deal) == ["4C"]


@settings(max_examples=30, deadline=None)
@given(count=st.integers(3, 7), dealer=st.integers(0, 6), data=st.data())
def test_property_every_street_goes_round_once_from_the_dealers_left(
    count, dealer, data
):
    dealer %= count
    seats = data.draw(st.lists(st.integers(0, count - 1), min_size=1, unique=True))
    deal = stud.new_deal(count, dealer, seats)
    order = deal["to_deal"]
    assert sorted(order) == sorted(seats)
    assert order[0] == min(seats, key=lambda s: (s - dealer - 1) % count)
    assert stud.stock(deal) + deal["dealt"] == stud.DECK_SIZE
