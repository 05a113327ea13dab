"""The season's log as readers see it agrees with the season's view: a blind line-up
row shows its names exactly when the view shows the fixture's line-ups (both in), and
``public_event`` changes nothing else (``league/blind``)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.formats.league import FORMAT as LEAGUE
from referee.games.outcomes import Refused
from tests.formats.league_season import lineup_of
from tests.formats.league_season import season

HIDDEN = {"submitted": True}

# One captain's send: (fixture 1..6 of a 4-team single season, side, order seed).
sends = st.lists(
    st.tuples(
        st.integers(min_value=1, max_value=6),
        st.sampled_from(["home", "away"]),
        st.permutations(range(5)),
    ),
    max_size=14,
)


def _fold(blind: bool, plan: list[Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The season after the sends the fold takes, and the log rows they made."""
    state = season(4, {"meetings": "single", "lineup": "blind" if blind else "open"})
    log = []
    for fixture, side, order in plan:
        f = state["fixtures"][fixture - 1]
        names = lineup_of(state, fixture, side)
        raw = {
            "type": "lineup",
            "fixture": fixture,
            "team": f[side],
            "players": [names[i] for i in order],
        }
        event = LEAGUE.parse_event(raw, state)
        try:
            state = LEAGUE.apply(state, event).state
        except Refused:
            continue  # both already in: the row is never written
        log.append(event)
    return state, log


@settings(max_examples=60, deadline=None)
@given(sends, st.booleans())
def test_a_lineup_row_shows_its_names_exactly_when_the_view_shows_the_lineups(
    plan: list[Any], blind: bool
) -> None:
    state, log = _fold(blind, plan)
    fixtures = {f["number"]: f for f in LEAGUE.view(state, [])["fixtures"]}
    for event in log:
        shown = LEAGUE.public_event(state, event)
        lineups = fixtures[event["fixture"]]["lineups"]
        visible = all(isinstance(lineups[s], list) for s in ("home", "away"))
        if blind and not visible:
            assert shown["players"] == HIDDEN
        else:
            assert shown["players"] == event["players"]
        # Only the names are ever held back: the rest of the row stands.
        assert {k: v for k, v in shown.items() if k != "players"} == {
            k: v for k, v in event.items() if k != "players"
        }
        assert event["players"] != HIDDEN  # the row itself keeps them
