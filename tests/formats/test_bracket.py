"""Single and double elimination: seeding, byes, advancement, the losers' bracket."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.formats.bracket import BYE
from referee.formats.bracket import MIN_PLAYERS
from referee.formats.bracket import Bracket
from referee.formats.bracket import bracket_size
from referee.formats.bracket import drop_order
from referee.formats.bracket import seed_order
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused


def names(n: int) -> tuple[str, ...]:
    return tuple(f"S{i}" for i in range(1, n + 1))


def seed(player: str) -> int:
    return int(player[1:])


def play_out(bracket: Bracket, pick) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Results of playing every ready match until none is left; ``pick`` the winner."""
    results: dict[str, str] = {}
    while ready := bracket.ready(results):
        match = ready[0]
        winner = pick(match)
        bracket.check_result(results, match.id, winner)
        results[match.id] = winner
    return results


def favourite(match) -> str:  # type: ignore[no-untyped-def]
    return min(match.sides, key=seed)


def underdog(match) -> str:  # type: ignore[no-untyped-def]
    return max(match.sides, key=seed)


# --- seeding ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "order"),
    [
        (2, [1, 2]),
        (4, [1, 4, 2, 3]),
        (8, [1, 8, 4, 5, 2, 7, 3, 6]),
        (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
    ],
)
def test_seeding_standard_placement(size: int, order: list[int]) -> None:
    assert seed_order(size) == order


@pytest.mark.parametrize("size", [4, 8, 16, 32, 64])
def test_seeding_top_seeds_meet_only_late(size: int) -> None:
    """Seeds 1 and 2 in opposite halves, 1-4 in different quarters, 1-8 eighths."""
    order = seed_order(size)
    part = size
    top = 2
    while part >= 4 and top <= size // 2:
        part //= 2
        blocks = [set(order[i : i + part]) for i in range(0, size, part)]
        for block in blocks:
            assert len(block & set(range(1, top + 1))) <= 1
        top *= 2


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_seeding_each_first_match_sums_to_size_plus_one(size: int) -> None:
    order = seed_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert {order[i] + order[i + 1] for i in range(0, size, 2)} == {size + 1}


def test_seeding_favourites_reach_the_final_as_one_and_two() -> None:
    bracket = Bracket("single", names(16))
    results = play_out(bracket, favourite)
    final = {r.id: r for r in bracket.resolve(results)}["R4-1"]
    assert final.sides == ("S1", "S2")
    assert bracket.champion(results) == "S1"
    semis = [r.sides for r in bracket.resolve(results) if r.slot.round == 3]
    assert semis == [("S1", "S4"), ("S2", "S3")]


@pytest.mark.parametrize(
    ("players", "size"), [(2, 2), (3, 4), (5, 8), (16, 16), (33, 64)]
)
def test_seeding_bracket_is_next_power_of_two(players: int, size: int) -> None:
    assert bracket_size(players) == size


# --- byes -----------------------------------------------------------------------


@pytest.mark.parametrize("n", range(3, 34))
@pytest.mark.parametrize("kind", ["single", "double"])
def test_byes_go_to_the_top_seeds(kind: str, n: int) -> None:
    bracket = Bracket(kind, names(n))
    first = [
        r for r in bracket.resolve({}) if r.slot.part == "winners" and r.slot.round == 1
    ]
    byes = sorted(seed(r.winner) for r in first if r.status == "bye")
    assert byes == list(range(1, bracket.size - n + 1))
    assert all(r.status in ("bye", "ready") for r in first)  # no empty first match
    assert (
        sum(r.status == "ready" for r in first) == n - len(byes) - (n - len(byes)) // 2
    )


@pytest.mark.parametrize("n", range(3, 34))
def test_byes_are_not_losses_and_everyone_plays(n: int) -> None:
    bracket = Bracket("single", names(n))
    results = play_out(bracket, underdog)
    losses = bracket.losses(results)
    assert sum(losses.values()) == n - 1  # one loss per match, n - 1 matches
    assert [p for p, count in losses.items() if count == 0] == [
        bracket.champion(results)
    ]


def test_byes_three_players_seed_one_waits_for_the_final() -> None:
    bracket = Bracket("single", names(3))
    start = {r.id: r for r in bracket.resolve({})}
    assert start["R1-1"].status == "bye"
    assert start["R1-1"].winner == "S1"
    assert start["R1-2"].sides == ("S2", "S3")
    assert start["R2-1"].sides == ("S1", None)
    assert [r.id for r in bracket.ready({})] == ["R1-2"]


# --- advancement ------------------------------------------------------------------


def test_advance_winner_moves_on_loser_is_out() -> None:
    bracket = Bracket("single", names(4))
    results = {"R1-1": "S4"}
    after = {r.id: r for r in bracket.resolve(results)}
    assert after["R1-1"].loser == "S1"
    assert after["R2-1"].sides == ("S4", None)
    assert bracket.placings(results) == [(4, ["S1"])]  # three still in
    results |= {"R1-2": "S2", "R2-1": "S2"}
    assert bracket.placings(results) == [(1, ["S2"]), (2, ["S4"]), (3, ["S1", "S3"])]


def test_advance_result_refused_when_not_ready_or_done() -> None:
    bracket = Bracket("single", names(4))
    with pytest.raises(Refused, match="not known yet"):
        bracket.check_result({}, "R2-1", "S1")
    with pytest.raises(Refused, match="already has a result"):
        bracket.check_result({"R1-1": "S1"}, "R1-1", "S4")
    with pytest.raises(BadInput, match="does not play"):
        bracket.check_result({}, "R1-1", "S2")
    with pytest.raises(BadInput, match="not a match"):
        bracket.check_result({}, "Z9", "S1")


def test_advance_byes_cannot_be_played() -> None:
    bracket = Bracket("single", names(3))
    with pytest.raises(Refused, match="it is a bye"):
        bracket.check_result({}, "R1-1", "S1")


def test_advance_correction_refused_once_later_matches_are_played() -> None:
    bracket = Bracket("single", names(4))
    results = {"R1-1": "S1", "R1-2": "S2", "R2-1": "S1"}
    with pytest.raises(Refused, match="R2-1"):
        bracket.check_correction(results, "R1-1", "S4")
    bracket.check_correction({"R1-1": "S1"}, "R1-1", "S4")  # nothing played after it
    assert bracket.after("R1-1") == ["R2-1"]


@pytest.mark.parametrize(
    ("kind", "n", "message"),
    [
        ("single", 1, "2 to 128"),
        ("double", 2, "3 to 128"),
        ("single", 129, "129 given"),
    ],
)
def test_advance_player_counts(kind: str, n: int, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        Bracket(kind, names(n))


def test_advance_names_unique() -> None:
    with pytest.raises(BadInput, match="named once"):
        Bracket("single", ("Ann", "Bob", "Ann"))


# --- double elimination -------------------------------------------------------------


def test_drop_order_reverses_even_rounds_swaps_halves_of_odd() -> None:
    assert drop_order(2, 4) == [4, 3, 2, 1]
    assert drop_order(3, 4) == [3, 4, 1, 2]
    assert drop_order(3, 1) == [1]
    assert drop_order(4, 2) == [2, 1]


def test_drop_eight_player_losers_bracket_shape() -> None:
    bracket = Bracket("double", names(8))
    feeds = {s.id: [(f.kind, f.slot) for f in s.feeds] for s in bracket.slots}
    assert feeds["L1-1"] == [("loser", "W1-1"), ("loser", "W1-2")]
    assert feeds["L2-1"] == [("winner", "L1-1"), ("loser", "W2-2")]
    assert feeds["L2-2"] == [("winner", "L1-2"), ("loser", "W2-1")]
    assert feeds["L4-1"] == [("winner", "L3-1"), ("loser", "W3-1")]
    assert feeds["GF1"] == [("winner", "W3-1"), ("winner", "L4-1")]
    assert [s.id for s in bracket.slots if s.part == "losers"] == [
        "L1-1",
        "L1-2",
        "L2-1",
        "L2-2",
        "L3-1",
        "L4-1",
    ]


def test_drop_no_early_rematch_for_winners_round_two() -> None:
    """The favourites of 8: the W2 losers drop to the side they did not come from."""
    bracket = Bracket("double", names(8))
    results = play_out(bracket, favourite)
    done = {r.id: r for r in bracket.resolve(results)}
    # S4 lost W2-1 to S1 (top half); it meets the survivor of the bottom half's L1
    assert done["L2-2"].sides == (done["L1-2"].winner, "S4")
    assert done["L1-2"].winner in {"S6", "S7"}


@pytest.mark.parametrize(
    ("gf1", "reset", "champion", "gf2_status"),
    [
        ("winners", True, "S1", "void"),
        ("losers", True, None, "ready"),
        ("losers", False, "S2", None),
        ("winners", False, "S1", None),
    ],
)
def test_grand_final_reset(gf1: str, reset: bool, champion, gf2_status) -> None:  # type: ignore[no-untyped-def]
    bracket = Bracket("double", names(4), reset=reset)
    # S1 wins the winners' bracket; S2 comes back through the losers'
    results = {"W1-1": "S1", "W1-2": "S2", "W2-1": "S1", "L1-1": "S3", "L2-1": "S2"}
    results["GF1"] = "S1" if gf1 == "winners" else "S2"
    assert bracket.champion(results) == champion
    slots = {r.id: r for r in bracket.resolve(results)}
    assert slots.get("GF2") is None if gf2_status is None else True
    if gf2_status is not None:
        assert slots["GF2"].status == gf2_status
    if gf2_status == "ready":
        assert bracket.champion(results | {"GF2": "S1"}) == "S1"
        assert bracket.losses(results | {"GF2": "S1"}) == {
            "S1": 1,
            "S2": 2,
            "S3": 2,
            "S4": 2,
        }
    if gf2_status == "void":
        with pytest.raises(Refused, match="grand final"):
            bracket.check_result(results, "GF2", "S1")


def test_grand_final_placings_double_eight() -> None:
    bracket = Bracket("double", names(8))
    results = play_out(bracket, favourite)
    assert bracket.placings(results) == [
        (1, ["S1"]),
        (2, ["S2"]),
        (3, ["S3"]),
        (4, ["S4"]),
        (5, ["S5", "S6"]),
        (7, ["S7", "S8"]),
    ]


# --- properties --------------------------------------------------------------------


@st.composite
def played(draw, kind: str):  # type: ignore[no-untyped-def]
    n = draw(st.integers(MIN_PLAYERS[kind], 24))
    reset = draw(st.booleans())
    bracket = Bracket(kind, names(n), reset=reset)
    # a double elimination plays at most 2n - 1 matches (2n with the reset)
    coins = draw(st.lists(st.booleans(), min_size=2 * n, max_size=2 * n))
    flips = iter(coins)
    results = play_out(bracket, lambda m: m.sides[0] if next(flips) else m.sides[1])
    return bracket, results


@settings(max_examples=30, deadline=None)
@given(played("single"))
def test_advance_property_every_player_plays_until_eliminated(case) -> None:  # type: ignore[no-untyped-def]
    bracket, results = case
    losses = bracket.losses(results)
    champion = bracket.champion(results)
    assert champion is not None
    assert all(losses[p] == (p != champion) for p in bracket.players)
    assert not bracket.ready(results)
    # a player's last match is the one they lost (or the final)
    for p in bracket.players:
        theirs = [
            r for r in bracket.resolve(results) if r.status == "done" and p in r.sides
        ]
        assert all(r.winner == p for r in theirs[:-1])


@settings(max_examples=30, deadline=None)
@given(played("double"))
def test_drop_property_two_losses_out_except_the_champion(case) -> None:  # type: ignore[no-untyped-def]
    bracket, results = case
    losses = bracket.losses(results)
    champion = bracket.champion(results)
    assert champion is not None
    assert losses[champion] <= 1
    gf = {r.id: r for r in bracket.resolve(results)}["GF1"]
    for p in bracket.players:
        if p == champion:
            continue
        if not bracket.reset and p == gf.loser and losses[p] == 1:
            continue  # without the reset, the winners' champion goes out at once
        assert losses[p] == 2, (p, losses)
    # nobody plays after going out
    count = dict.fromkeys(bracket.players, 0)
    for r in bracket.resolve(results):
        if r.status != "done":
            continue
        assert all(count[p] < 2 for p in r.sides)
        count[r.loser] += 1
    places = [p for _, group in bracket.placings(results) for p in group]
    assert sorted(places) == sorted(bracket.players)


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 33), st.sampled_from(["single", "double"]))
def test_byes_property_no_match_is_ever_against_nobody(n: int, kind: str) -> None:
    bracket = Bracket(kind, names(n))
    results = play_out(bracket, favourite)
    for r in bracket.resolve(results):
        if r.status == "done":
            assert BYE not in r.sides
            assert None not in r.sides
        assert r.status in ("done", "bye", "empty", "void")


def test_advance_rounds_numbered_in_the_order_of_play() -> None:
    order = Bracket("double", names(8)).play_order()
    assert sorted(order, key=order.__getitem__) == [
        ("winners", 1),
        ("winners", 2),
        ("losers", 1),
        ("winners", 3),
        ("losers", 2),
        ("losers", 3),
        ("losers", 4),
        ("final", 1),
        ("reset", 1),
    ]
    single = Bracket("single", names(5)).play_order()
    assert single == {("winners", 1): 1, ("winners", 2): 2, ("winners", 3): 3}
