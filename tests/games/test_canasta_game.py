"""Canasta: a whole game replayed to 5000, and properties of the 108-card pack."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import cards
from referee.games import get
from referee.games.canasta import meld_tool
from referee.games.canasta import melds as ml
from referee.games.canasta import scoring
from referee.games.outcomes import BadInput
from referee.games.outcomes import Verdict
from tests.canasta_table import GAME_TO_5000

GAME = get("canasta")
FOUR = ["Ann", "Bob", "Cy", "Di"]
A, B = "Ann & Cy", "Bob & Di"
PACK = [c for c, n in cards.DECKS["canasta"].copies.items() for _ in range(n)]


def test_a_whole_game_to_5000_replays_to_its_scores():
    state = GAME.start(GAME.new_setup(FOUR, {}))
    step = None
    for event, scores in GAME_TO_5000:
        step = GAME.step(state, event)
        state = step.state
        if scores is not None:
            view = GAME.view(state)
            assert {s["name"]: s["score"] for s in view["sides"]} == scores
    assert step.ruling.verdict == Verdict.WIN
    assert step.ruling.summary.endswith("Ann & Cy reach 5000 and win the game.")
    view = GAME.view(state)
    assert view["winner"] == A
    assert [h["dealer"] for h in view["detail"]["history"]] == FOUR
    assert [h["minimums"] for h in view["detail"]["history"]] == [
        [50, 50],
        [50, 15],
        [90, 50],
        [120, 50],
    ]
    last = view["detail"]["last_hand"]["results"]
    assert last[A]["went_out"] == "out"
    assert last[A]["mixed_canastas"] == 1
    assert last[A]["meld_points"] == 255
    assert last[B]["total"] == -10


# --- properties of the pack ------------------------------------------------------


@st.composite
def tables(draw):
    """A real end of hand: the pack shuffled, two sides' melds and hands from it."""
    pack = draw(st.permutations(PACK))
    sides = []
    start = 0
    for _ in (0, 1):
        taken: dict[str, list[str]] = {}
        # Only the wild cards among this side's own 40: a wild from anywhere in the
        # pack could be one the other side, or this side's hand, also holds.
        wilds = [c for c in pack[start : start + 40] if ml.is_wild(c)]
        for card in pack[start : start + 40]:
            if ml.is_wild(card) or card in ml.RED_THREES or card in ml.BLACK_THREES:
                continue
            taken.setdefault(cards.rank(card), []).append(card)
        melds = []
        for r, got in taken.items():
            if len(got) >= 3:
                extra = [wilds.pop()] if wilds and draw(st.booleans()) else []
                melds.append(ml.Meld(r, tuple(got), tuple(extra)))
        held = [c for c in pack[start + 40 : start + 50] if c not in ml.RED_THREES]
        reds = [c for c in pack[start : start + 50] if c in ml.RED_THREES]
        sides.append((melds, held, reds))
        start += 50
    return sides


def score_of(melds, held, reds):
    return scoring.SideScore(
        "none",
        sum(1 for m in melds if m.canasta == "natural"),
        sum(1 for m in melds if m.canasta == "mixed"),
        len(reds),
        bool(melds),
        sum(m.points for m in melds),
        ml.points(held),
    )


@settings(max_examples=40, deadline=None)
@given(tables())
def test_every_real_table_passes_the_pack_limits(sides):
    a, b = (score_of(*side) for side in sides)
    scoring.check_counts(a, None)
    scoring.check_counts(b, a)


@settings(max_examples=40, deadline=None)
@given(tables())
def test_a_score_is_the_sum_of_its_parts_and_red_threes_follow_the_melding(sides):
    for side in sides:
        s = score_of(*side)
        assert s.total == (
            s.out_bonus + s.canasta_bonus + s.red_bonus + s.meld_points - s.hand_points
        )
        assert (s.red_bonus >= 0) == (s.melded or not s.red_threes)
        assert abs(s.red_bonus) == (800 if s.red_threes == 4 else 100 * s.red_threes)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(PACK), min_size=1, max_size=30))
def test_the_calculator_counts_every_card_and_classes_canastas(laid):
    if any(c in ml.RED_THREES for c in laid) or all(ml.is_wild(c) for c in laid):
        return
    over = [c for c, n in Counter(laid).items() if n > 2 and c != ml.JOKER]
    if over or laid.count(ml.JOKER) > 4:
        with pytest.raises(BadInput, match="appears"):
            cards.parse_cards(laid, "canasta")
        return
    got = meld_tool({"cards": laid})
    assert got["count"] == sum(ml.value(c) for c in laid)
    assert sum(m["points"] for m in got["melds"]) == got["count"]
    assert len({m["rank"] for m in got["melds"]}) == len(got["melds"])
    for m in got["melds"]:
        if m["canasta"]:
            assert len(m["cards"]) >= 7
            assert m["naturals"] >= 4
            assert (m["canasta"] == "natural") == (m["wilds"] == 0)
        if m["legal"]:
            assert m["naturals"] >= 2
            assert len(m["cards"]) >= 3
    assert got["legal"] == all(m["legal"] for m in got["melds"])


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(set(PACK))), st.integers(1, 3))
def test_the_pack_refuses_one_copy_more_than_it_holds(card, extra):
    have = cards.DECKS["canasta"].copies[card]
    cards.parse_cards([card] * have, "canasta")
    with pytest.raises(BadInput, match=f"only {have} copies of {card}"):
        cards.parse_cards([card] * (have + extra), "canasta")
