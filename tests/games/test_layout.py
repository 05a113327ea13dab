"""The shared layout referee: replay equals incremental; rule ids from the handles."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import rulebook
from referee.games import basketball_ten
from referee.games import get
from referee.games import golf_six
from referee.games.outcomes import Refused
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
        step = game.apply(state, game.parse_event(event, state))
        state = step.state
        rulings.append(step.ruling)
    assert state == table.state
    assert game.view(state) == game.view(table.state)
    assert all(r.rules for r in rulings)


@pytest.mark.parametrize("module", [golf_six, basketball_ten])
def test_every_cited_rule_comes_from_the_games_rulebook_handle(module):
    # the engine and the shared referee take their ids from the game's handle
    rules = module.RULES
    assert {rules.deal, rules.winner, rules.turn_order, module.R_CARD_VALUES} <= (
        module.CITE.cited
    )
    assert module.CITE.cited <= {r.id for r in rulebook.books()[module.GAME_ID].rules}
    with pytest.raises(LookupError, match="no rule 'not-a-rule'"):
        module.CITE("not-a-rule")
    # a rule of the other game is not in this one's book
    other = "peek" if module is golf_six else "turn-two-up"
    with pytest.raises(LookupError):
        module.CITE(other)


@pytest.mark.parametrize("game_id", ["golf-six", "basketball-ten"])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 5))
def test_turn_order_naming_who_acts_changes_nothing_and_anyone_else_is_refused(
    game_id, seed, n
):
    game = get(game_id)
    names = [f"P{i}" for i in range(n)]
    table = play_series(game, names, {"deals": 2}, seed)
    turn_rule = f"{game_id}/turn-order"
    state = game.start(game.new_setup(names, {"deals": 2}))
    for event in table.events:
        step = game.step(state, event)
        if event["type"] == "deal":
            # the deal names nobody in the series; naming the dealer is the same
            assert game.step(state, {**event, "player": state["dealer"]}) == step
            other = (state["dealer"] + 1) % n
        elif event["type"] != "flip":
            other = (state["turn"] + 1) % n
        else:
            other = None  # turning up is everyone's, each on their own layout
        if other is not None:
            with pytest.raises(Refused, match="out of turn") as err:
                game.step(state, {**event, "player": other})
            assert err.value.ruling.rules == (turn_rule,)
        state = step.state
