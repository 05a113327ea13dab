"""``copies_state``: the league's ``apply`` never writes to the state it is given.

The service folds a league season's events without a defensive deep copy first
(``tournaments._Folding``), and a write keeps its state before settling to fall back
on; both rest on this. Every kind of event the season folds (line-ups, calls,
results, withdrawals, reschedules, forfeits, and refusals) is applied to a state
and the state is compared with a deep copy taken before.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.formats import TableMatch
from referee.formats.league import FORMAT as LEAGUE
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from tests.formats import league_season as ls


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _apply_checked(state: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    before = copy.deepcopy(state)
    try:
        after = LEAGUE.apply(state, event).state
    except (BadInput, Refused):
        after = state
    assert _same(state, before), event["type"]
    return after


def test_the_league_format_says_it_copies_what_it_changes() -> None:
    assert LEAGUE.copies_state is True


@settings(max_examples=40, deadline=None)
@given(
    teams=st.integers(min_value=3, max_value=6),
    steps=st.lists(
        st.tuples(
            st.sampled_from(["play", "reopen", "reschedule", "forfeit", "bad"]),
            st.integers(min_value=1, max_value=15),
            st.integers(min_value=0, max_value=2),
        ),
        max_size=8,
    ),
)
def test_apply_never_writes_to_the_state_it_is_given(
    teams: int, steps: list[tuple[str, int, int]]
) -> None:
    state = ls.season(teams, {"team_format": "pool-8-ball-5", "lineup": "open"})
    count = len(state["fixtures"])
    for kind, raw_fixture, pick in steps:
        number = (raw_fixture - 1) % count + 1
        f = state["fixtures"][number - 1]
        if kind == "play" and f["result"] is None and not f["games"]:
            for side in ("home", "away"):
                state = _apply_checked(
                    state,
                    LEAGUE.parse_event(
                        {
                            "type": "lineup",
                            "fixture": number,
                            "team": f[side],
                            "players": ls.lineup_of(state, number, side),
                        },
                        state,
                    ),
                )
            plans = LEAGUE.calls(state)
            event = LEAGUE.call_event(state, {p.number: f"m{p.number}" for p in plans})
            assert event is not None
            state = _apply_checked(state, event)
            tables = [
                TableMatch(
                    p.number,
                    f"m{p.number}",
                    3,
                    {},
                    ls.board(
                        p, (pick + i) % 2, [2, 0] if (pick + i) % 2 == 0 else [0, 2]
                    ),
                )
                for i, p in enumerate(plans)
            ]
            for event in LEAGUE.sync(state, tables):
                state = _apply_checked(state, event)
        elif kind == "reopen" and f["games"] and f["forfeit"] is None:
            game = f["games"][pick % len(f["games"])]
            plan_names = [" & ".join(game["home"]), " & ".join(game["away"])]
            key = number * 100 + game["number"]
            reopened = TableMatch(
                key,
                game["match"],
                9,
                {},
                ls.board(plan_names, None, [0, 0], over=False),
            )
            for event in LEAGUE.sync(state, [reopened]):
                state = _apply_checked(state, event)
        elif kind == "reschedule":
            state = _apply_checked(
                state,
                {
                    "type": "reschedule",
                    "fixture": number,
                    "date": "2027-01-05",
                    "venue": None,
                    "reason": "moved",
                },
            )
        elif kind == "forfeit":
            state = _apply_checked(
                state,
                {
                    "type": "forfeit",
                    "fixture": number,
                    "team": f["home"],
                    "reason": "x",
                },
            )
        else:  # a refused event leaves the state as it was too
            state = _apply_checked(state, {"type": "result", "fixture": number + 99})
