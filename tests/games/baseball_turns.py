"""Who acts, for the baseball family's properties: an event checked against its actor.

``check_turn(game, state, event)`` steps ``event`` (as the property tests play it)
and checks on the way that naming the player the rules expect changes nothing, and
that naming anyone else is refused citing the turn rules, the state untouched.
"""

from __future__ import annotations

import copy

import pytest

from referee.games.base import Game
from referee.games.outcomes import JSON
from referee.games.outcomes import Refused
from referee.games.outcomes import Step


def check_turn(game: Game, state: JSON, event: JSON) -> Step:
    """Step ``event`` after checking it in turn and out of turn; returns its step."""
    handler = game.handlers[event["type"]]
    allowed = handler.actor(state) if handler.actor else None
    unnamed = {k: v for k, v in event.items() if k != "player"}
    step = game.step(state, event)
    if not isinstance(allowed, int):
        return step
    kept = copy.deepcopy(state)
    by_name = game.step(state, {**unnamed, "player": state["players"][allowed]})
    assert (by_name.state, by_name.ruling) == (step.state, step.ruling)
    if "player" not in event:  # left out: the referee credits the player in turn
        by_seat = game.step(state, {**unnamed, "player": allowed})
        assert (by_seat.state, by_seat.ruling) == (step.state, step.ruling)
    for seat in range(len(state["players"])):
        if seat == allowed:
            continue
        with pytest.raises(Refused, match="out of turn") as refused:
            game.step(state, {**unnamed, "player": seat})
        assert handler.out_of_turn is not None
        cited = handler.out_of_turn(state, {**unnamed, "player": seat}, seat)
        assert list(refused.value.ruling.rules) == cited
        assert refused.value.ruling.rules
    assert state == kept
    return step
