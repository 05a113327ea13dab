"""A finished match's places, for every game, read from the game's own final board."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import games
from referee.ratings.results import ALONE
from referee.ratings.results import NOT_OVER
from referee.ratings.results import Finish
from referee.ratings.results import finish
from referee.ratings.results import places
from tests import long_matches


def competition(ps: tuple[int, ...]) -> bool:
    """Standard competition ranking: each place is 1 + the number of better places."""
    return all(p == 1 + sum(1 for q in ps if q < p) for p in ps)


# Random events never end these within 1500 (a pinochle bid must make the target; the
# draw pokers end by an "end" event random play seldom sends): their finished boards
# name the winning side as every other game's do.
RANDOM_PLAY_NEVER_ENDS = frozenset({"pinochle", "poker-draw", "poker-jacks-trips"})


@pytest.mark.parametrize("game_id", sorted(games.registry()))
def test_every_game_gives_places_once_over_or_a_reason_not_to_rate(
    game_id, monkeypatch
):
    game = games.get(game_id)
    longest = dict(long_matches.LONGEST)
    # each game's own options (shorter matches) first, then the longest ones
    dealt = ("golf-six", "basketball-ten", "bowling-cards")  # long_matches needs these
    own = {k: v for k, v in longest.items() if k in dealt}
    tries = [(seed, o) for seed in range(3) for o in (longest, own)]
    if game_id in RANDOM_PLAY_NEVER_ENDS:
        tries = tries[:1]  # what they give unfinished is checked, then skipped
    for seed, options in tries:
        monkeypatch.setattr(long_matches, "LONGEST", options)
        state = None
        # a bowling cards game is dealt whole: all of it (its 12 frames are long)
        events = 5000 if game_id == "bowling-cards" else 1500
        for played in long_matches.play(game_id, events, seed=seed):
            state = played.state
        if state is None:
            continue
        got = finish(game, state)
        view = game.view(state)
        if not view["over"]:
            assert got == NOT_OVER
            continue
        if game.max_players == 1:
            assert got == ALONE
            return
        assert isinstance(got, Finish), game_id
        assert len(got.sides) == len(got.places) >= 2
        assert competition(got.places)
        seated = [n for side in got.sides for n in side]
        assert sorted(seated) == sorted(state["players"])
        if view["winner"] in got.names:  # the named winner's side is first
            assert got.places[got.names.index(view["winner"])] == 1
        return
    pytest.skip(f"{game_id}: no random match of it ended within 1500 events")


def test_ties_share_a_place_and_the_next_place_skips():
    assert places(["A", "B", "C", "D"], {"A"}, [9, 5, 5, 1]) == (1, 2, 2, 4)


def test_two_winners_share_first():
    assert places(["A", "B", "C"], {"A", "C"}, [7, 3, 7]) == (1, 3, 1)


def test_lowest_wins_ranks_the_rest_by_fewest_points():
    assert places(["A", "B", "C"], {"B"}, [40, 10, 25], lowest=True) == (3, 1, 2)


def test_scores_that_disagree_with_the_winner_rank_only_the_winner():
    # a forfeit: the winner has fewer points than the others
    assert places(["A", "B", "C"], {"A"}, [1, 9, 5]) == (1, 2, 2)


def test_a_draw_without_scores_is_one_shared_place():
    assert places(["A", "B"], set(), None) == (1, 1)


@settings(deadline=None)
@given(
    st.lists(st.integers(-50, 50), min_size=2, max_size=8),
    st.data(),
    st.booleans(),
)
def test_places_are_a_competition_ranking_with_the_winners_first(scores, data, low):
    names = [f"s{i}" for i in range(len(scores))]
    winners = set(data.draw(st.lists(st.sampled_from(names), max_size=2)))
    got = places(names, winners, [float(s) for s in scores], low)
    assert competition(got)
    for name, place in zip(names, got, strict=True):
        if name in winners:
            assert place == 1
        elif winners:
            assert place > 1
