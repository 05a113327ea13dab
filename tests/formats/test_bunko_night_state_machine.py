"""The bunko night format under a hypothesis state machine, like the engines.

A night of 8 or 12 players is created and seated; then the organiser's and the
tables' writes (results, corrections, seating choices, next round, end, roll-offs)
arrive in random order with values in range, out of range, and garbage. Each is
parsed and applied as the service does (``parse_event``, ``apply``, then the
``follow_ups`` the new state calls for). Only ``BadInput`` or ``Refused`` may stop
a write, and replaying the accepted log from nothing gives the incremental state.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine
from hypothesis.stateful import initialize
from hypothesis.stateful import invariant
from hypothesis.stateful import rule
from hypothesis.stateful import run_state_machine_as_test

from referee import formats
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from tests.strategies import GARBAGE
from tests.strategies import NAMES

FORMAT = formats.get("bunko-night")
PLAYERS = (*NAMES, "Ivy", "Jo", "Kim", "Lu")
SCORE = st.integers(0, 21) | st.integers(-1, 40)
SETTINGS = settings(
    max_examples=40,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


class Night(RuleBasedStateMachine):
    @initialize(count=st.sampled_from([8, 12]), data=st.data())
    def create(self, count: int, data: st.DataObject) -> None:
        self.players = list(PLAYERS[:count])
        options = {
            o.name: data.draw(st.sampled_from(o.choices)) for o in FORMAT.options
        }
        self.log: list[JSON] = []
        self.state: JSON | None = None
        self.commit(FORMAT.create(self.players, FORMAT.parse_options(options), None))
        self.next_round()

    def commit(self, event: JSON) -> None:
        """Apply one canonical event and the follow-ups it calls for, as a write."""
        before = copy.deepcopy(self.state)
        state = FORMAT.apply(self.state, event).state
        assert self.state == before, "apply() changed its input state"
        log = [event]
        for follow in FORMAT.follow_ups(state):
            state = FORMAT.apply(state, follow).state
            log.append(follow)
        self.state = state
        self.log += copy.deepcopy(log)

    def write(self, raw: Any) -> None:
        before = copy.deepcopy(self.state)
        try:
            assert self.state is not None
            self.commit(FORMAT.parse_event(raw, self.state))
        except (BadInput, Refused):
            assert self.state == before, "a refused write changed the state"

    @rule(
        data=st.data(),
        what=st.sampled_from(
            ["result"] * 6
            + ["next_round"] * 2
            + ["seating", "end", "tie_break", "garbage"]
        ),
    )
    def act(self, data: st.DataObject, what: str) -> None:
        """Mostly scores, as a night goes; now and then the rest."""
        if what == "result":
            self.result(data, data.draw(st.booleans()), data.draw(st.booleans()))
        elif what == "next_round":
            self.next_round()
        elif what == "end":
            self.write({"type": "end"})
        elif what == "garbage":
            self.write(data.draw(GARBAGE))
        else:
            getattr(self, what)(data)

    def next_round(self) -> None:
        assert self.state is not None
        try:
            number, tables = FORMAT.plan(self.state)
            matches = {t.number: f"m{number}-{t.number}" for t in tables}
            self.commit(FORMAT.round_event(self.state, number, matches))
        except (BadInput, Refused):
            pass

    def result(self, data: st.DataObject, correction: bool, careful: bool) -> None:
        """A table's score: half the time as a scorer sends it, else anyhow."""
        tables = len(self.players) // 4
        if careful:
            table = data.draw(st.integers(1, tables))
            low = data.draw(st.integers(0, 20))
            scores = data.draw(st.sampled_from([[21, low], [low, 21], [low, 20 - low]]))
        else:
            table = data.draw(st.integers(0, tables + 1))
            scores = data.draw(st.lists(SCORE, min_size=1, max_size=3))
        event: JSON = {
            "type": "correction" if correction else "result",
            "table": table,
            "scores": scores,
        }
        if correction or not careful and data.draw(st.booleans()):
            event["round"] = data.draw(st.integers(0 if not careful else 1, 4))
        if data.draw(st.booleans()):
            event["bunkos"] = {data.draw(st.sampled_from(self.players)): 1}
        self.write(event)

    def seating(self, data: st.DataObject) -> None:
        seats = data.draw(st.permutations(self.players))[: data.draw(st.integers(3, 5))]
        table = data.draw(st.integers(1, len(self.players) // 4))
        self.write({"type": "seating", "table": table, "seats": seats})

    def tie_break(self, data: st.DataObject) -> None:
        rolling = data.draw(st.lists(st.sampled_from(self.players), unique=True))
        rolls = {p: data.draw(st.integers(1, 6) | st.just(7)) for p in rolling}
        title = data.draw(st.sampled_from(["winner", "loser", "x"]))
        self.write({"type": "tie_break", "title": title, "rolls": rolls})

    @invariant()
    def replay_equals_the_incremental_state(self) -> None:
        state = None
        for event in self.log:
            state = FORMAT.apply(state, event).state
        assert state == self.state
        assert json.loads(json.dumps(self.state)) == self.state


def test_a_bunko_night_only_refuses_with_badinput_or_refused_and_replays_exactly():
    run_state_machine_as_test(Night, settings=SETTINGS)
