"""The shared layout referee: replay equals incremental, and inputs stay untouched."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import get
from tests.layout_table import play_series


@pytest.mark.parametrize("game_id", ["golf-six", "basketball-ten"])
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 5))
def test_replay_from_the_log_equals_the_state_built_step_by_step(game_id, seed, n):
    game = get(game_id)
    names = [f"P{i}" for i in range(n)]
    table = play_series(game, names, {"deals": 2}, seed)
    state = game.start(game.new_setup(names, {"deals": 2}))
    rulings = []
    for event in table.events:
        before = copy.deepcopy(state)
        step = game.apply(state, game.parse_event(event, state))
        assert state == before  # apply never touches its input
        state = step.state
        rulings.append(step.ruling)
    assert state == table.state
    assert game.view(state) == game.view(table.state)
    assert all(r.rules for r in rulings)
