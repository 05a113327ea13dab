"""The pairing layer (referee/formats/pairing): refs, byes, calls, results, corrections.

A tiny knockout of four declared here exercises what every format built on the layer
gets: winners' refs resolving, a bye decided at once, stations filled in order
without double-booking anyone, results from a match's board and their withdrawal,
and corrections refused once they would change a called pairing.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from referee.formats import TableMatch
from referee.formats.pairing import PairingFormat
from referee.formats.pairing import results
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused


class Knockout(PairingFormat):
    """Seeds 1 v 4 and 2 v 3, then the winners; a missing fourth is a bye."""

    id = "test-knockout"
    title = "Test knockout"
    columns = (("won", "W"),)

    def next_pairings(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        if state["pairings"]:
            return []
        s = [*state["seeds"], None, None, None][:4]
        return [
            {"id": "sf1", "round": 1, "label": "Semi-final", "sides": [s[0], s[3]]},
            {"id": "sf2", "round": 1, "label": "Semi-final", "sides": [s[1], s[2]]},
            {
                "id": "final",
                "round": 2,
                "label": "Final",
                "sides": [{"winner": "sf1"}, {"winner": "sf2"}],
            },
        ]

    def standings(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        won = dict.fromkeys(state["seeds"], 0)
        for p in state["pairings"]:
            if p["result"] and p["result"]["winner"] is not None:
                winner = p["entrants"][p["result"]["winner"]]
                if winner:
                    won[winner] += 1
        ranked = sorted(won, key=lambda n: -won[n])
        return [
            {"rank": i, "entrant": n, "won": won[n]} for i, n in enumerate(ranked, 1)
        ]


KO = Knockout()


def settle(state):
    while follow := KO.follow_ups(state):
        state = KO.apply(state, follow[0]).state
    return state


def start(players, stations=2):
    setup = KO.parse_setup({"game": "darts-301", "stations": stations}, players)
    return settle(KO.apply(None, KO.create(players, {}, None, setup)).state)


def call_all(state):
    plans = KO.calls(state)
    event = KO.call_event(state, {p.number: f"m{p.number}" for p in plans})
    return (KO.apply(state, event).state if event else state), plans


def send(state, raw):
    return settle(KO.apply(state, KO.parse_event(raw, state)).state)


def board(winner: str | None, legs: list[int]) -> dict[str, Any]:
    sides = [{"name": n, "legs": legs[i]} for i, n in enumerate(("Ann", "Dee"))]
    return {"over": winner is not None, "winner": winner, "sides": sides}


def test_refs_resolve_to_the_winners_as_results_come_in() -> None:
    state, _ = call_all(start(["Ann", "Bob", "Cy", "Dee"]))
    final = state["pairings"][2]
    assert final["known"] == [False, False]
    state = send(state, {"type": "result", "pairing": 1, "winner": "Dee"})
    state = send(state, {"type": "result", "pairing": 2, "winner": "Bob"})
    assert state["pairings"][2]["entrants"] == ["Dee", "Bob"]
    assert not state["over"]
    state, plans = call_all(state)
    assert [p.players for p in plans] == [["Dee", "Bob"]]
    state = send(
        state, {"type": "result", "pairing": 3, "winner": "Bob", "score": [1, 2]}
    )
    assert state["over"]


def test_a_bye_is_decided_at_once_and_its_player_goes_through() -> None:
    state = start(["Ann", "Bob", "Cy"])
    sf1 = state["pairings"][0]
    assert sf1["result"]["how"] == "bye"
    assert sf1["result"]["source"] == "auto"
    assert state["pairings"][2]["entrants"][0] == "Ann"
    with pytest.raises(Refused, match="bye"):
        KO.apply(
            state,
            {
                **KO.parse_event(
                    {"type": "correction", "pairing": 1, "winner": 0}, state
                )
            },
        )


def test_calls_fill_free_stations_in_order_and_never_double_book() -> None:
    state, plans = call_all(start(["Ann", "Bob", "Cy", "Dee"], stations=3))
    assert [(p.number, p.station) for p in plans] == [(1, 1), (2, 2)]
    assert KO.calls(state) == []  # the final waits for its players
    state = send(state, {"type": "result", "pairing": 1, "winner": "Ann"})
    assert KO.calls(state) == []  # Ann is ready, sf2 still playing
    with pytest.raises(Refused, match="not ready"):
        KO.apply(
            state,
            {"type": "call", "calls": [{"pairing": 3, "station": 3, "match": "x"}]},
        )
    fresh = start(["Ann", "Bob", "Cy", "Dee"])
    two_on_one = [
        {"pairing": 1, "station": 1, "match": "x"},
        {"pairing": 2, "station": 1, "match": "y"},
    ]
    with pytest.raises(Refused, match="in use"):
        KO.apply(fresh, {"type": "call", "calls": two_on_one})


def test_a_call_event_for_pairings_called_meanwhile_is_moot() -> None:
    state, plans = call_all(start(["Ann", "Bob", "Cy", "Dee"]))
    assert KO.call_event(state, {p.number: "late" for p in plans}) is None


def test_a_match_result_comes_from_its_board_and_is_withdrawn_on_reopening() -> None:
    state, _ = call_all(start(["Ann", "Bob", "Cy", "Dee"]))
    over = TableMatch(1, "m1", 9, {}, board("Dee", [1, 2]))
    events = KO.sync(state, [over])
    assert events[0]["winner"] == 1
    assert events[0]["score"] == [1, 2]
    for e in events:
        state = KO.apply(state, e).state
    assert KO.live_matches(state) == {"m1": 1, "m2": 2}  # m1 still on its board
    reopened = TableMatch(1, "m1", 10, {}, board(None, [1, 1]))
    events = KO.sync(state, [reopened])
    assert [e["type"] for e in events] == ["withdraw"]
    state = KO.apply(state, events[0]).state
    assert state["pairings"][0]["result"] is None


def test_an_entered_result_wins_over_the_match() -> None:
    state, _ = call_all(start(["Ann", "Bob", "Cy", "Dee"]))
    state = send(
        state, {"type": "result", "pairing": 1, "winner": "Ann", "how": "no-show"}
    )
    assert KO.sync(state, [TableMatch(1, "m1", 3, {}, board("Dee", [0, 1]))]) == []


def test_a_correction_that_changes_a_called_pairing_is_refused() -> None:
    state, _ = call_all(start(["Ann", "Bob", "Cy", "Dee"]))
    state = send(state, {"type": "result", "pairing": 1, "winner": "Ann"})
    state = send(state, {"type": "result", "pairing": 2, "winner": "Bob"})
    # Before the final is called, the semi-final can still change hands.
    state = send(state, {"type": "correction", "pairing": 1, "winner": "Dee"})
    assert state["pairings"][2]["entrants"] == ["Dee", "Bob"]
    state, _ = call_all(state)
    with pytest.raises(Refused, match="correct that one first"):
        send(state, {"type": "correction", "pairing": 1, "winner": "Ann"})
    # The same winner with another score is fine.
    state = send(
        state, {"type": "correction", "pairing": 1, "winner": "Dee", "score": [0, 3]}
    )
    assert state["pairings"][0]["result"]["score"] == [0, 3]


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"type": "result", "pairing": 9, "winner": "Ann"}, "pairing"),
        ({"type": "result", "pairing": 1, "winner": "Zed"}, "winner"),
        ({"type": "result", "pairing": 1, "winner": "Ann", "score": [1]}, "score"),
        ({"type": "result", "pairing": 1, "winner": "Ann", "how": "forfeit"}, "how"),
        ({"type": "result", "pairing": 1, "winner": "Ann", "extra": 1}, "extra"),
        ({"type": "shuffle"}, "type"),
    ],
)
def test_bad_input_names_its_field(raw, field) -> None:
    state = start(["Ann", "Bob", "Cy", "Dee"])
    with pytest.raises(BadInput) as err:
        KO.parse_event(raw, state)
    assert field in err.value.errors


def test_a_knockout_has_no_draws() -> None:
    state = start(["Ann", "Bob", "Cy", "Dee"])
    with pytest.raises(BadInput, match="no draws"):
        send(state, {"type": "result", "pairing": 1, "winner": "draw"})


def test_results_text_and_units() -> None:
    res = {"winner": 1, "score": [1, 3], "how": "played"}
    assert results.text(res, ["Ann", "Dee"]) == "Dee beat Ann 3-1"
    assert results.units("billiards", {"game": "14-1"}) == "points"
    assert results.units("billiards", {"game": "9-ball"}) == "racks"
    assert results.difference("golf-six", {"score": [12, 20]}, 0) == 8


def test_the_layer_never_changes_the_state_it_is_given() -> None:
    state = start(["Ann", "Bob", "Cy", "Dee"])
    before = copy.deepcopy(state)
    call_all(state)
    send(state, {"type": "result", "pairing": 1, "winner": "Ann", "how": "walkover"})
    assert state == before
