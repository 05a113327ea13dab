"""A match's state holds what the rules need next, not its history (issue 27).

Every engine's state (stored on the match row) and every answer to an event (the
ruling and the board) stay about the same size from event 100 to event 1,000 of a
long random match: sizes in bytes, never times. A hand-by-hand history keeps its
latest ``HISTORY_WINDOW`` entries; ``Game.history`` folds the whole of it from the
log, and equals what the state used to accumulate.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import games
from referee.games import boards
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from tests import long_matches

SHORT, LONG = 100, 1000
WINDOW = boards.HISTORY_WINDOW  # read before a test widens it
WINDOW_RUN = 1000  # events: enough to fill the window in each game
FLAT = 4  # the long match's bytes over the short one's, at most
# Bowling cards' scoresheet (every frame's marks, the page shows them all) grows to
# 12 frames and stops: at event 100 the first frame is not over yet, so its state is
# measured against a cap (three players, the longest game) rather than that.
BOUNDED_BY_THE_GAME = {"bowling-cards": 10_000}
# Games that keep a history in the window: a long match fills it.
WINDOWED = ("gin-rummy", "pinochle", "canasta", "poker-draw", "poker-jacks-trips")


def size(value: JSON) -> int:
    return len(json.dumps(value, separators=(",", ":")))


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_state_and_answer_bytes_stay_flat_from_event_100_to_event_1000(game_id):
    short: long_matches.Played | None = None
    last: long_matches.Played | None = None
    for played in long_matches.play(game_id, LONG):
        if played.n == SHORT:
            short = played
        last = played
    assert last is not None, f"{game_id}: no event was accepted"
    short = short or last  # a match over before event 100 is short and long at once
    state, answer = size(last.state), size(last.answer)
    if game_id in BOUNDED_BY_THE_GAME:
        cap = BOUNDED_BY_THE_GAME[game_id]
        assert state <= cap, (game_id, last.n, state)
        assert answer <= cap, (game_id, last.n, answer)
        return
    assert state <= FLAT * size(short.state), (game_id, last.n, state)
    assert answer <= FLAT * size(short.answer), (game_id, last.n, answer)


def test_a_thousand_cancelled_hands_of_gin_store_a_few_kilobytes():
    # the match: 1,000 hands, all cancelled, stored 206 KB of state
    game = games.get("gin-rummy")
    state = game.start(long_matches.setup_for(game))
    for _ in range(1000):
        state = game.apply(state, {"type": "cancel"}).state
    assert state["hand"] == 1001
    assert len(state["history"]) == boards.HISTORY_WINDOW
    assert size(state) < 8_000
    assert size(game.view(state)) < 8_000


def unbounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engines as they were: every entry kept in the state."""
    monkeypatch.setattr(boards, "HISTORY_WINDOW", 10**9)


@pytest.mark.parametrize("game_id", WINDOWED)
def test_the_window_changes_no_ruling_and_the_log_gives_back_every_entry(
    game_id, monkeypatch
):
    game = games.get(game_id)
    setup = long_matches.setup_for(game)
    played = list(long_matches.play(game_id, WINDOW_RUN))
    events, state = [], game.start(setup)  # the events in force, parsed as stored
    for p in played:
        events.append(game.parse_event(p.event, state))
        state = p.state
    with monkeypatch.context() as m:
        unbounded(m)
        state = game.start(setup)
        for event, p in zip(events, played, strict=True):
            step = game.apply(state, event)
            assert step.ruling.to_json() == p.answer["ruling"]
            state = step.state
            assert p.state["history"] == state["history"][-WINDOW:]
            rest = {k: v for k, v in p.state.items() if k != "history"}
            assert rest == {k: v for k, v in state.items() if k != "history"}
    whole = state["history"]
    assert len(whole) > WINDOW, "the match never filled the window"
    assert game.history(setup, events) == whole


GIN = games.get("gin-rummy")
gin_event = st.one_of(
    st.just({"type": "cancel"}),
    st.builds(
        lambda knocker, mine, theirs: {
            "type": "knock_counts",
            "knocker": knocker,
            "knocker_count": mine,
            "opponent_count": theirs,
        },
        st.integers(0, 1),
        st.integers(1, 10),
        st.integers(0, 60),
    ),
    st.builds(
        lambda player, take: {"type": "upcard", "player": player, "take": take},
        st.integers(0, 1),
        st.booleans(),
    ),
)


@settings(max_examples=40, deadline=None)
@given(
    raws=st.lists(gin_event, min_size=1, max_size=120),
    target=st.sampled_from([100, 400, 1000]),
)
def test_gin_history_from_the_log_equals_the_history_the_state_accumulated(
    raws, target
):
    setup = GIN.new_setup(["Ann", "Bob"], {"target": target})
    events: list[JSON] = []
    old_history: list[JSON] = []  # what the state held before the window
    state = GIN.start(setup)
    for raw in raws:
        try:
            step = GIN.step(state, raw)
        except (BadInput, Refused):
            continue
        events.append(GIN.parse_event(raw, state))
        if step.state["history"] and step.state["history"] != state["history"]:
            old_history.append(step.state["history"][-1])
        state = step.state
        # the state keeps the latest hands, the newest last
        assert state["history"] == old_history[-boards.HISTORY_WINDOW :]
    assert GIN.history(setup, events) == old_history
    assert [h["hand"] for h in old_history] == list(range(1, len(old_history) + 1))


def test_a_state_stored_with_a_longer_history_loads_and_is_cut_at_its_next_hand():
    # a match row written before the window: 40 hands in its state
    game = GIN
    state = game.start(long_matches.setup_for(game))
    with pytest.MonkeyPatch.context() as m:
        unbounded(m)
        for _ in range(40):
            state = game.apply(state, {"type": "cancel"}).state
    assert len(state["history"]) == 40
    assert len(game.view(state)["detail"]["history"]) == 40  # it loads as it is
    state = game.apply(state, {"type": "cancel"}).state
    assert len(state["history"]) == boards.HISTORY_WINDOW
    assert state["history"][-1]["hand"] == 41


@pytest.mark.parametrize(
    ("game_id", "last"),
    [
        ("golf-six", "last_deal"),
        ("basketball-ten", "last_deal"),
        ("bowling-cards", "last_frame"),
    ],
)
def test_a_scored_deal_keeps_its_breakdown_in_the_last_one_and_its_row_without(
    game_id, last
):
    rows = 0
    before: list[JSON] = []
    for played in long_matches.play(game_id, LONG * 3):
        history = played.state["history"]
        if history != before:
            rows += 1
            record = played.state[last]
            assert record["breakdown"]
            assert history[-1] == {k: v for k, v in record.items() if k != "breakdown"}
        before = history
    assert rows >= 12  # every deal or frame of the longest game
