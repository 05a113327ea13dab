"""Every engine under a hypothesis state machine: random legal and illegal events.

For each game a machine starts a match with a drawn setup and sends events drawn
from the game's own declared event kinds and fields (values in range, values out
of range, fields missing or unknown), its documented examples, and garbage. The
rules of the engine contract (referee/games/base.py) must hold after every step:

* an event is either applied or rejected with ``BadInput`` / ``Refused``; any other
  exception fails the test, and a rejected event leaves the state untouched;
* replaying the accepted events from ``start`` gives exactly the incremental state;
* state and board are plain JSON, the ruling matches ``RULING_SCHEMA``.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine
from hypothesis.stateful import initialize
from hypothesis.stateful import invariant
from hypothesis.stateful import rule
from hypothesis.stateful import run_state_machine_as_test
from jsonschema import Draft202012Validator

from referee import games
from referee.games.base import Game
from referee.games.outcomes import RULING_SCHEMA
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from tests import strategies
from tests.strategies import GARBAGE
from tests.strategies import NAMES
from tests.strategies import option_value

RULING = Draft202012Validator(RULING_SCHEMA)
# Few examples, short runs: every engine's file runs in a few seconds.
SETTINGS = settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def machine_for(game: Game) -> type[RuleBasedStateMachine]:
    """A state machine class for one engine."""

    class Engine(RuleBasedStateMachine):
        @initialize(data=st.data())
        def start(self, data: st.DataObject) -> None:
            count = data.draw(st.integers(game.min_players, game.max_players))
            # the documented examples' names, so that examples can apply
            self.players = list(NAMES[:count])
            options = {o.name: data.draw(option_value(o)) for o in game.options}
            # Per-side options (a handicap: billiards' race_1, darts' start_2 and
            # head_start_1) may not fit the others drawn (14.1 has no race; one
            # player has no handicap): without them, the rest still must.
            plain = {
                o.name: options[o.name]
                for o in game.options
                if o.default is not None and not o.name.endswith(("_1", "_2"))
            }
            tries = [
                (self.players, options),
                (self.players[: game.min_players], options),
            ]
            tries += [(self.players, plain), (self.players[: game.min_players], plain)]
            for number, (players, chosen) in enumerate(tries):
                try:
                    self.setup = game.new_setup(players, chosen)
                except BadInput:
                    if number == len(tries) - 1:
                        raise
                    continue
                self.players = list(players)
                break
            self.state = game.start(self.setup)
            self.accepted: list[Any] = []

        def send(self, raw: Any) -> None:
            before = copy.deepcopy(self.state)
            try:
                step = game.step(self.state, raw)
            except (BadInput, Refused):
                assert self.state == before, "a rejected event changed the state"
                return
            assert self.state == before, "step() changed its input state"
            if game.handlers:
                # the entry point takes only what the state offered
                taken = raw["type"].strip().lower()
                assert taken in game.expects(before), f"{taken} taken, not offered"
            errors = list(RULING.iter_errors(step.ruling.to_json()))
            assert not errors, errors[0].message
            self.state = step.state
            self.accepted.append(copy.deepcopy(raw))

        @rule(data=st.data())
        def declared_event(self, data: st.DataObject) -> None:
            self.send(strategies.event(data, game, game.view(self.state), self.players))

        @rule(data=st.data())
        def documented_example(self, data: st.DataObject) -> None:
            examples = [e for k in game.events for e in k.examples]
            self.send(data.draw(st.sampled_from(examples)).event)

        @rule(
            raw=GARBAGE
            | st.fixed_dictionaries(
                {"type": st.sampled_from([k.type for k in game.events])},
                optional={"x": GARBAGE},
            )
        )
        def garbage(self, raw: Any) -> None:
            self.send(raw)

        @invariant()
        def replay_equals_the_incremental_state(self) -> None:
            state = game.start(self.setup)
            for raw in self.accepted:
                state = game.step(state, raw).state
            assert state == self.state

        @invariant()
        def state_and_board_are_plain_json(self) -> None:
            assert json.loads(json.dumps(self.state)) == self.state
            board = game.view(self.state)
            assert json.loads(json.dumps(board)) == board
            if not board["over"]:
                assert board["expects"], "a live match expects some event"
            if game.handlers:
                assert board["expects"] == game.expects(self.state)

    Engine.__name__ = f"Engine_{game.id.replace('-', '_')}"
    return Engine


@pytest.mark.parametrize("game_id", list(games.GAME_IDS))
def test_an_engine_only_rejects_with_badinput_or_refused_and_replays_exactly(
    game_id: str,
) -> None:
    run_state_machine_as_test(machine_for(games.get(game_id)), settings=SETTINGS)
