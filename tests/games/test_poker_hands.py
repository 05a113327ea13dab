"""The shared poker hand evaluator: exact against treys and against brute force."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from treys import Card
from treys import Evaluator

from referee.games.poker import hands as hl
from referee.games.poker.hands import ACE_TO_FIVE
from referee.games.poker.hands import ACE_TO_SIX
from referee.games.poker.hands import DEUCE_TO_SEVEN
from referee.games.poker.hands import Wilds
from referee.games.poker.hands import best_high
from referee.games.poker.hands import best_low

DECK = [r + s for s in "SHDC" for r in hl.RANK_VALUE]
EVERY_CARD = [(hl.RANK_VALUE[c[:-1]], hl.SUIT_INDEX[c[-1]]) for c in DECK]
DEUCES = Wilds(ranks=frozenset({"2"}))


def _treys(card: str) -> int:
    rank = "T" if card[:-1] == "10" else card[:-1]
    return Card.new(rank + card[-1].lower())


def _brute_high(cards: list[str], wilds: Wilds) -> int:
    """Every five of the cards, every wild replaced by every card of the deck."""
    best = -1
    for five in itertools.combinations(cards, 5):
        nat = [EVERY_CARD[DECK.index(c)] for c in five if not wilds.is_wild(c)]
        n_wild = 5 - len(nat)
        for sub in itertools.product(EVERY_CARD, repeat=n_wild):
            played = nat + list(sub)
            ranks = [r for r, _ in played]
            if not wilds.five_of_a_kind and len(set(ranks)) == 1:
                continue
            best = max(best, hl.key5(ranks, [s for _, s in played]))
    return best


def _brute_low(cards: list[str], wilds: Wilds, low: hl.LowRule) -> int:
    best = None
    for five in itertools.combinations(cards, 5):
        nat = [EVERY_CARD[DECK.index(c)] for c in five if not wilds.is_wild(c)]
        for sub in itertools.product(EVERY_CARD, repeat=5 - len(nat)):
            played = nat + list(sub)
            raw = hl.low_raw([r for r, _ in played], [s for _, s in played], low)
            best = raw if best is None or raw < best else best
    assert best is not None
    return hl._MAX_KEY - best


@pytest.mark.parametrize("size", [5, 6, 7])
def test_hand_ranking_agrees_with_treys_on_every_hand_of_a_random_set(size):
    """Same order and the same ties as treys on 6,000 random hands of each size."""
    rng = random.Random(size)
    evaluator = Evaluator()
    seen: dict[int, int] = {}
    for _ in range(6000):
        hand = rng.sample(DECK, size)
        ours = best_high(hand).key
        theirs = evaluator.evaluate(
            [_treys(c) for c in hand[:2]], [_treys(c) for c in hand[2:]]
        )
        assert seen.setdefault(ours, theirs) == theirs, hand  # ties are exact
        if size == 5:
            ranks = [hl.RANK_VALUE[c[:-1]] for c in hand]
            assert ours == hl.key5(ranks, [hl.SUIT_INDEX[c[-1]] for c in hand])
    ordered = [seen[k] for k in sorted(seen)]
    # treys counts 1 for a royal flush: a better key must have a smaller treys rank
    assert all(a > b for a, b in itertools.pairwise(ordered))


@pytest.mark.parametrize(
    ("size", "trials", "five"),
    [(5, 80, True), (5, 60, False), (6, 30, True), (7, 15, True), (7, 15, False)],
)
def test_wild_cards_agree_with_every_substitution(size, trials, five):
    """Deuces and jokers wild: the fast evaluator equals trying every card for them."""
    rng = random.Random(size * 10 + five)
    wilds = Wilds(ranks=frozenset({"2"}), five_of_a_kind=five)
    checked = 0
    while checked < trials:
        hand = rng.sample([*DECK, "JK"], size)
        if not 1 <= sum(wilds.is_wild(c) for c in hand) <= 2:
            continue
        assert best_high(hand, wilds).key == _brute_high(hand, wilds), hand
        checked += 1


@pytest.mark.parametrize("low", [ACE_TO_FIVE, DEUCE_TO_SEVEN, ACE_TO_SIX])
def test_low_hands_agree_with_every_substitution(low):
    rng = random.Random(low.name)
    for _ in range(60):
        hand = rng.sample([*DECK, "JK"], 5)
        if sum(DEUCES.is_wild(c) for c in hand) > 2:
            continue
        assert best_low(hand, low, DEUCES).key == _brute_low(hand, DEUCES, low), hand


@pytest.mark.parametrize(
    ("cards", "wild", "name"),
    [
        ("9S 9H 9D QC 4S", "", "three nines, queen kicker"),
        ("AS KS QS JS 10S", "", "royal flush"),
        ("5S 4H 3D 2C AS", "", "straight, five high"),
        ("KS KH 4D 4C AH", "", "two pair, kings and fours, ace kicker"),
        ("9S 9H 9D 4C 4S", "", "full house, nines full of fours"),
        ("2S 9H 9D 9C 9S", "2", "five nines"),
        ("2S 9H 9D 4C 4S", "2", "full house, nines full of fours"),
        ("JK 7H 7D", "", "three sevens"),
        ("AS 2S 5S 9S KS", "2", "flush, ace high (A A K 9 5)"),
        ("QS", "", "queen high"),
        ("JS JH 8C 4D 3S", "", "pair of jacks, eight kicker"),
    ],
)
def test_hand_ranking_names_the_hand_in_words(cards, wild, name):
    wilds = Wilds(ranks=frozenset(wild.split()))
    assert best_high(cards.split(), wilds).name == name


def test_five_of_a_kind_is_the_top_hand_only_where_allowed():
    hand = ["2S", "AH", "AD", "AC", "AS"]
    assert best_high(hand, DEUCES).category == "five of a kind"
    assert best_high(hand, DEUCES).key > best_high(["AS", "KS", "QS", "JS", "10S"]).key
    plain = best_high(hand, Wilds(ranks=frozenset({"2"}), five_of_a_kind=False))
    assert plain.name == "four aces, king kicker"


def test_wild_cards_say_what_they_stand_for():
    hand = best_high(["2S", "9H", "9D", "4C", "4S"], DEUCES)
    assert dict(hand.stands_for) == {"2S": "9S"}
    baseball = Wilds(ranks=frozenset({"3", "9"})).with_tame(["3H"])
    assert not baseball.is_wild("3H")
    assert baseball.is_wild("3S")


@pytest.mark.parametrize(
    ("cards", "low", "name"),
    [
        ("AS 2H 3D 4C 5S", ACE_TO_FIVE, "five-four low (5 4 3 2 A) (the best low)"),
        ("7S 5H 4D 3C 2S", DEUCE_TO_SEVEN, "seven-five low (7 5 4 3 2) (the best low)"),
        ("AS 2H 3D 4C 5S", DEUCE_TO_SEVEN, "ace-five low (A 5 4 3 2)"),
        ("AS 2H 3D 4C 6S", ACE_TO_SIX, "six-four low (6 4 3 2 A)"),
        ("AS 2H 3D 4C 5S", ACE_TO_SIX, "straight, five high (a poor low)"),
        ("AS 2S 3S 4S 6S", ACE_TO_SIX, "flush, six high (6 4 3 2 A) (a poor low)"),
    ],
)
def test_lowball_rankings_state_how_straights_and_flushes_count(cards, low, name):
    assert best_low(cards.split(), low).name == name


@pytest.mark.parametrize(
    ("better", "worse", "low"),
    [
        ("AS 2H 3D 4C 5S", "2S 3H 4D 5C 6S", ACE_TO_FIVE),
        ("8S 6H 4D 3C 2S", "8D 7H 4S 3H 2D", ACE_TO_FIVE),
        ("KS QH JD 9C 8S", "2S 2H 3D 4C 5S", ACE_TO_FIVE),
        ("8S 5H 4D 3C 2S", "7S 6H 5D 4C 3S", DEUCE_TO_SEVEN),
        ("7S 5H 4D 3C 2S", "7H 5H 4H 3H 2H", DEUCE_TO_SEVEN),
    ],
)
def test_lowball_the_lower_hand_wins(better, worse, low):
    assert best_low(better.split(), low) > best_low(worse.split(), low)


def test_hand_ranking_ties_are_exact_whatever_the_suits():
    a = best_high(["AS", "KD", "9C", "5H", "3S"])
    b = best_high(["AH", "KC", "9D", "5S", "3H"])
    assert a.key == b.key


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=7, unique=True))
def test_adding_a_card_never_makes_the_best_high_hand_worse(hand):
    wilds = DEUCES
    assert best_high(hand[:-1] + hand[-1:], wilds) >= best_high(hand[:5], wilds)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
    st.integers(0, 4),
)
def test_a_wild_card_is_never_worse_than_the_card_it_replaces(hand, i):
    natural = best_high(hand)
    with_joker = best_high(hand[:i] + ["JK"] + hand[i + 1 :])
    assert with_joker >= natural
    assert with_joker.cards
    assert len(with_joker.cards) == 5


def test_the_best_hand_with_wilds_finds_the_suit_of_an_ace_low_straight_flush():
    """Issue 25: three wilds and a wheel of hearts beside a lone four of spades.

    The suit was guessed by the ranks' values (spades and hearts tied), the spade pool
    ran out of wilds, and the showdown tool answered 500.
    """
    hand = best_high(["AH", "4S", "2D", "JK", "2H", "9S", "5H"], DEUCES)
    assert hand.name == "straight flush, five high"
    assert sorted(dict(hand.stands_for).values()) == ["2H", "3H", "4H"]
    assert {c[-1] for c in _as_played(hand)} == {"H"}


def _as_played(hand: hl.Hand) -> list[str]:
    """The five cards a hand plays, each wild replaced by the card it stands for."""
    stands = list(hand.stands_for)  # two jokers are two entries, in play order
    played = []
    for card in hand.cards:
        i = next((i for i, (w, _) in enumerate(stands) if w == card), None)
        played.append(card if i is None else stands.pop(i)[1])
    return played


WILD_RANKS = st.frozensets(st.sampled_from(list(hl.RANK_VALUE)), max_size=3)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from([*DECK, "JK", "JK"]), min_size=5, max_size=10, unique=False
    ).filter(lambda h: all(h.count(c) == 1 for c in h if c != "JK")),
    WILD_RANKS,
    st.frozensets(st.sampled_from(DECK), max_size=2),
    st.booleans(),
)
def test_the_best_hand_with_wilds_is_never_worse_than_any_reading_without_them(
    hand, ranks, singles, five
):
    """5-10 cards, jokers, wild ranks and single wild cards: never an exception; the
    cards the answer plays (wilds as what they stand for) make exactly its key; and no
    reading that plays every wild at face value (jokers left out) beats it."""
    wilds = Wilds(ranks=ranks, cards=singles, five_of_a_kind=five)
    best = best_high(hand, wilds)
    played = _as_played(best)
    assert len(played) == 5
    assert all(c != "JK" and c[-1] in "SHDC" for c in played)
    assert best.key == hl.key5(
        [hl.RANK_VALUE[c[:-1]] for c in played], [hl.SUIT_INDEX[c[-1]] for c in played]
    )
    assert all(best.cards.count(c) <= hand.count(c) for c in best.cards)
    face_value = [c for c in hand if c != "JK"]
    if face_value:
        assert best >= best_high(face_value)
    if len(hand) == 5 and sum(wilds.is_wild(c) for c in hand) <= 2:
        assert best.key == _brute_high(hand, wilds)
