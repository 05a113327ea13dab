"""The elimination and Swiss formats folded through the pairing layer (no database).

A small driver plays a whole event the way the service does: fold the create,
then the follow-ups (pairings, byes), call ready pairings to stations, enter each
called pairing's result, and again until the format says it is over.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from referee import formats
from referee.formats.bracket import Bracket
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused

Pick = Callable[[dict], int]  # a called pairing -> the winning side (0 or 1)


def names(n: int) -> list[str]:
    return [f"S{i}" for i in range(1, n + 1)]


def fold(fmt, state, event):  # type: ignore[no-untyped-def]
    """The state after ``event`` and its follow-ups (the old state is not kept)."""
    state = fmt.apply(state, event).state
    while follow := fmt.follow_ups(state):
        for e in follow:
            state = fmt.apply(state, e).state
    return state


def start(kind: str, n: int, stations: int = 2, **options):  # type: ignore[no-untyped-def]
    fmt = formats.get(kind)
    players = names(n)
    setup = fmt.parse_setup(
        {"game": "darts-301", "stations": stations, "seeding": "given"}, players
    )
    event = fmt.create(players, fmt.parse_options(options), None, setup)
    return fmt, fold(fmt, None, event)


def run(fmt, state, pick: Pick, steps: int = 0):  # type: ignore[no-untyped-def]
    """Play to the end (or ``steps`` calls and results): call, then enter results."""
    serial = sum(1 for p in state["pairings"] if p["match"])
    for _ in range(steps or 2000):
        if state["over"]:
            return state
        plans = fmt.calls(state)
        if plans:
            matches = {}
            for plan in plans:
                serial += 1
                matches[plan.number] = f"m{serial}"
            state = fold(fmt, state, fmt.call_event(state, matches))
            continue
        playing = [p for p in state["pairings"] if p["match"] and not p["result"]]
        assert playing, "nothing to call and nothing playing, yet not over"
        p = playing[0]
        raw = {"type": "result", "pairing": p["number"], "winner": pick(p)}
        state = fold(fmt, state, fmt.parse_event(raw, state))
    assert steps, "the event did not end"
    return state


def favourite(p: dict) -> int:
    a, b = p["entrants"]
    return 0 if int(a[1:]) < int(b[1:]) else 1


def underdog(p: dict) -> int:
    return 1 - favourite(p)


# --- elimination ---------------------------------------------------------------------


def test_advance_single_elimination_of_six_with_byes() -> None:
    fmt, state = start("single-elimination", 6)
    byes = [p for p in state["pairings"] if p["result"] and p["result"]["how"] == "bye"]
    assert sorted(p["entrants"][0] for p in byes) == ["S1", "S2"]
    state = run(fmt, state, favourite)
    table = fmt.standings(state)
    assert [(r["rank"], r["entrant"], r["status"]) for r in table[:2]] == [
        (1, "S1", "champion"),
        (2, "S2", "runner-up"),
    ]
    third = [(r["entrant"], r["status"]) for r in table if r["rank"] == 3]
    assert third == [("S3", "out: semi-finals"), ("S4", "out: semi-finals")]
    assert fmt.layout(state)["champion"] == "S1"
    played = [p for p in state["pairings"] if p["result"]["how"] != "bye"]
    assert len(played) == 5  # n - 1 matches decide n players


def test_drop_double_elimination_of_eight_with_the_reset() -> None:
    fmt, state = start("double-elimination", 8, stations=4)
    assert all(p["id"] != "GF2" for p in state["pairings"])

    def pick(p: dict) -> int:
        if p["id"] == "GF1":
            return 1  # the losers' champion wins the first grand final
        return favourite(p)

    state = run(fmt, state, pick)
    ids = [p["id"] for p in state["pairings"]]
    assert ids[-1] == "GF2"  # declared only when due
    gf1, gf2 = state["pairings"][-2:]
    assert gf2["entrants"] == gf1["entrants"] == ["S1", "S2"]
    table = fmt.standings(state)
    assert table[0]["entrant"] == "S1"  # favourite wins the reset
    assert {r["entrant"]: r["lost"] for r in table} == {
        "S1": 1,
        **{f"S{i}": 2 for i in range(2, 9)},
    }


def test_grand_final_without_reset_ends_at_once() -> None:
    fmt, state = start("double-elimination", 5, reset=False)

    def pick(p: dict) -> int:
        return 1 if p["id"] == "GF1" else favourite(p)

    state = run(fmt, state, pick)
    assert state["over"]
    assert [p["id"] for p in state["pairings"]][-1] == "GF1"
    assert fmt.standings(state)[0]["entrant"] == "S2"


def test_advance_correction_refused_after_the_next_match_is_called() -> None:
    fmt, state = start("single-elimination", 4, stations=1)
    state = run(fmt, state, favourite, steps=3)  # S1 beats S4; S2 v S3 called
    assert state["pairings"][0]["result"]["winner"] == 0
    fix = {"type": "correction", "pairing": 1, "winner": "S4", "note": "swapped"}
    fixed = fold(fmt, copy.deepcopy(state), fmt.parse_event(fix, state))
    assert fixed["pairings"][0]["result"]["source"] == "correction"
    state = run(fmt, state, favourite, steps=2)  # S2 wins; the final is called
    final = next(q for q in state["pairings"] if q["id"] == "R2-1")
    assert final["match"] is not None
    with pytest.raises(Refused, match="already called"):
        fmt.apply(copy.deepcopy(state), fmt.parse_event(fix, state))


@pytest.mark.parametrize("n", [3, 5, 9, 17])
def test_drop_whole_brackets_agree_with_the_bracket_rules(n: int) -> None:
    fmt, state = start("double-elimination", n, stations=3)
    state = run(fmt, state, underdog)
    results = fmt.results(state)
    b = Bracket("double", tuple(names(n)))
    assert b.champion(results) == fmt.standings(state)[0]["entrant"]
    losses = b.losses(results)
    assert sorted(losses.values()).count(2) == n - 1


def test_walkover_is_a_result_of_the_bracket() -> None:
    fmt, state = start("single-elimination", 4, stations=2)
    state = run(fmt, state, favourite, steps=1)  # the two semi-finals called
    p = state["pairings"][0]
    raw = {"type": "result", "pairing": 1, "winner": p["entrants"][1], "how": "no-show"}
    state = fold(fmt, state, fmt.parse_event(raw, state))
    final = next(q for q in state["pairings"] if q["id"] == "R2-1")
    assert final["entrants"][0] == p["entrants"][1]


# --- Swiss ---------------------------------------------------------------------------


def test_pairing_ten_player_swiss_whole_event() -> None:
    fmt, state = start("swiss", 10, stations=5)
    state = run(fmt, state, favourite)
    rounds = {p["round"] for p in state["pairings"]}
    assert rounds == {1, 2, 3, 4}  # log2(10) rounded up
    pairs = [frozenset(p["entrants"]) for p in state["pairings"]]
    assert len(set(pairs)) == len(pairs) == 20
    table = fmt.standings(state)
    assert table[0]["entrant"] == "S1"
    assert table[0]["points"] == 4
    assert sum(r["points"] for r in table) == 20
    layout = fmt.layout(state)
    assert layout["rounds_to_play"] == 4
    assert layout["tie_breaks"] == ["buchholz", "median-buchholz"]


def test_bye_swiss_of_seven_gives_each_bye_to_a_new_player() -> None:
    fmt, state = start("swiss", 7, stations=3, rounds=5, tie_break="median-buchholz")
    state = run(fmt, state, favourite)
    byes = [r["bye"] for r in fmt.layout(state)["rounds"]]
    assert len(byes) == 5
    assert len(set(byes)) == 5
    assert byes[0] == "S7"  # the lowest seed first
    table = fmt.standings(state)
    assert all(r["byes"] <= 1 for r in table)
    assert [r["rank"] for r in table] == sorted(r["rank"] for r in table)


def test_pairing_swiss_draws_count_half() -> None:
    fmt, state = start("swiss", 4, stations=2, rounds=1)
    state = run(fmt, state, favourite, steps=1)
    for p in [p for p in state["pairings"] if p["match"]]:
        raw = {"type": "result", "pairing": p["number"], "winner": "draw"}
        state = fold(fmt, state, fmt.parse_event(raw, state))
    assert state["over"]
    assert {r["points"] for r in fmt.standings(state)} == {0.5}


def test_pairing_swiss_rounds_bounded_by_players() -> None:
    fmt = formats.get("swiss")
    players = names(4)
    setup = fmt.parse_setup({"game": "darts-301"}, players)
    with pytest.raises(BadInput, match="at most 3 rounds"):
        fmt.create(players, fmt.parse_options({"rounds": 4}), None, setup)


def test_grand_final_corrected_after_the_reset_was_declared() -> None:
    """The first final's winner corrected to the winners' champion: no reset is due."""
    fmt, state = start("double-elimination", 4, stations=1)

    def pick(p: dict) -> int:
        return 1 if p["id"] == "GF1" else favourite(p)

    state = run(fmt, state, pick, steps=13)  # up to GF2 declared and called
    gf1 = next(p for p in state["pairings"] if p["id"] == "GF1")
    assert any(p["id"] == "GF2" for p in state["pairings"])
    assert not state["over"]
    fix = {"type": "correction", "pairing": gf1["number"], "winner": "S1"}
    state = fold(fmt, state, fmt.parse_event(fix, state))
    assert state["over"]
    assert fmt.standings(state)[0]["entrant"] == "S1"
    slots = [
        s
        for part in fmt.layout(state)["parts"]
        for r in part["rounds"]
        for s in r["slots"]
    ]
    assert next(s for s in slots if s["id"] == "GF2")["pairing"] is None
