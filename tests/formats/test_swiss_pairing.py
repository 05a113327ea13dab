"""Swiss: Dutch pairing in score groups, no repeats, byes, Buchholz and median."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.formats.swiss_pairing import Game
from referee.formats.swiss_pairing import default_rounds
from referee.formats.swiss_pairing import max_rounds
from referee.formats.swiss_pairing import met
from referee.formats.swiss_pairing import pair
from referee.formats.swiss_pairing import standings
from referee.games.outcomes import BadInput


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def won(*pairs: tuple[str, str]) -> list[Game]:
    """A round where the first of each pair beat the second."""
    return [Game((a, b), winner=a) for a, b in pairs]


def play(pairing, winners) -> list[Game]:  # type: ignore[no-untyped-def]
    games = [
        Game(g, winner=g[0] if w else g[1])
        for g, w in zip(pairing.games, winners, strict=True)
    ]
    if pairing.bye:
        games.append(Game((pairing.bye,)))
    return games


# --- pairing ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "games", "bye"),
    [
        (8, [("P1", "P5"), ("P2", "P6"), ("P3", "P7"), ("P4", "P8")], None),
        (
            10,
            [("P1", "P6"), ("P2", "P7"), ("P3", "P8"), ("P4", "P9"), ("P5", "P10")],
            None,
        ),
        (9, [("P1", "P5"), ("P2", "P6"), ("P3", "P7"), ("P4", "P8")], "P9"),
        (3, [("P1", "P2")], "P3"),
    ],
)
def test_pairing_round_one_top_half_v_bottom_half(n: int, games, bye) -> None:  # type: ignore[no-untyped-def]
    pairing = pair(names(n), [])
    assert list(pairing.games) == games
    assert pairing.bye == bye
    assert pairing.repeats == 0


def test_pairing_score_groups_and_the_floater() -> None:
    """Five winners: 1 v 3, 2 v 4 by halves; the fifth floats to the top loser."""
    players = names(10)
    first = won(("P1", "P6"), ("P2", "P7"), ("P8", "P3"), ("P4", "P9"), ("P10", "P5"))
    pairing = pair(players, [first])
    # winners in rank order: P1 P2 P4 P8 P10; losers: P3 P5 P6 P7 P9
    assert list(pairing.games) == [
        ("P1", "P4"),
        ("P2", "P8"),
        ("P10", "P3"),  # the floater meets the highest of the group below
        ("P5", "P7"),  # the rest of the group split again: P5 P6 | P7 P9
        ("P6", "P9"),
    ]


def test_pairing_draws_count_half() -> None:
    players = names(4)
    first = [Game(("P1", "P3"), draw=True), Game(("P2", "P4"), winner="P2")]
    table = {s.player: s.points for s in standings(players, [first])}
    assert table == {"P1": 0.5, "P2": 1.0, "P3": 0.5, "P4": 0.0}
    assert list(pair(players, [first]).games) == [("P2", "P1"), ("P3", "P4")]


def test_no_repeat_takes_the_next_of_the_bottom_half() -> None:
    players = names(4)
    rounds = [won(("P1", "P3"), ("P2", "P4")), won(("P1", "P2"), ("P3", "P4"))]
    # P1 2; P2, P3 1; P4 0. P1 has met P2 and P3, so it meets P4.
    assert list(pair(players, rounds).games) == [("P1", "P4"), ("P2", "P3")]


def test_no_repeat_backtracks_when_a_later_player_would_be_stuck() -> None:
    """P3 floats to P1 first, which leaves P6 only P2, whom it has met: back up."""
    players = names(6)
    rounds = [
        won(("P4", "P1"), ("P5", "P2"), ("P3", "P6")),
        won(("P4", "P3"), ("P5", "P1"), ("P6", "P2")),
    ]
    # P4 P5 on 2; P3 P6 on 1 (met); P1 P2 on 0
    pairing = pair(players, rounds)
    assert list(pairing.games) == [("P4", "P5"), ("P3", "P2"), ("P6", "P1")]
    assert pairing.repeats == 0


def test_no_repeat_only_when_unavoidable() -> None:
    """Three rounds of four players is a round robin; the fourth must repeat."""
    players = names(4)
    rounds = [
        won(("P1", "P3"), ("P2", "P4")),
        won(("P1", "P2"), ("P3", "P4")),
        won(("P1", "P4"), ("P2", "P3")),
    ]
    pairing = pair(players, rounds)
    assert pairing.repeats == 2


def test_bye_to_the_lowest_ranked_without_one() -> None:
    players = names(5)
    first = [*won(("P1", "P3"), ("P2", "P4")), Game(("P5",))]
    pairing = pair(players, [first])
    # P5 has 1 point from the bye; the lowest without a bye is P4 (0, seed 4)
    assert pairing.bye == "P4"
    second = [*play(pairing, [True, True])]
    assert pair(players, [first, second]).bye not in ("P4", "P5")


def test_bye_scores_a_point_and_counts_as_a_zero_opponent() -> None:
    players = names(3)
    rounds = [[Game(("P1", "P2"), winner="P1"), Game(("P3",))]]
    table = {s.player: s for s in standings(players, rounds)}
    assert table["P3"].points == 1.0
    assert table["P3"].byes == 1
    assert table["P3"].buchholz == 0.0
    assert table["P3"].opponents == [""]


def test_pairing_refused_mid_round_and_with_too_few() -> None:
    with pytest.raises(BadInput, match="not finished"):
        pair(names(4), [[Game(("P1", "P3")), Game(("P2", "P4"), winner="P2")]])
    with pytest.raises(BadInput, match="Fewer than two"):
        pair(names(3), [], withdrawn=["P1", "P2"])


def test_pairing_withdrawn_players_are_not_paired() -> None:
    pairing = pair(names(5), [], withdrawn=["P2"])
    assert list(pairing.games) == [("P1", "P4"), ("P3", "P5")]
    assert pairing.bye is None


@pytest.mark.parametrize(
    ("n", "rounds", "most"), [(8, 3, 7), (10, 4, 9), (9, 4, 9), (33, 6, 15)]
)
def test_pairing_round_counts(n: int, rounds: int, most: int) -> None:
    assert default_rounds(n) == rounds
    assert max_rounds(n) == most


# --- tie-breaks and standings ---------------------------------------------------------


def test_buchholz_and_median_buchholz_by_hand() -> None:
    players = names(6)
    rounds = [
        won(("P1", "P4"), ("P2", "P5"), ("P3", "P6")),
        won(("P1", "P2"), ("P3", "P4"), ("P5", "P6")),
        won(("P3", "P1"), ("P2", "P6"), ("P4", "P5")),
    ]
    table = {s.player: s for s in standings(players, rounds)}
    points = {p: s.points for p, s in table.items()}
    assert points == {"P1": 2, "P2": 2, "P3": 3, "P4": 1, "P5": 1, "P6": 0}
    # P1 met P4 (1), P2 (2), P3 (3): Buchholz 6, median drops 3 and 1: 2
    assert (table["P1"].buchholz, table["P1"].median) == (6, 2)
    # P2 met P5 (1), P1 (2), P6 (0): 3 and 1
    assert (table["P2"].buchholz, table["P2"].median) == (3, 1)
    order = [s.player for s in standings(players, rounds)]
    assert order == ["P3", "P1", "P2", "P4", "P5", "P6"]
    # P4 (met P1, P3, P5: 6, median 2) over P5 (met P2, P6, P4: 3, median 1)
    assert [s.rank for s in standings(players, rounds)] == [1, 2, 3, 4, 5, 6]


def test_standings_tie_break_order_and_shared_ranks() -> None:
    players = names(4)
    rounds = [won(("P1", "P3"), ("P2", "P4"))]
    table = standings(players, rounds)
    assert [(s.player, s.rank) for s in table] == [
        ("P1", 1),
        ("P2", 1),  # level on points, Buchholz and median: a shared place
        ("P3", 3),
        ("P4", 3),
    ]
    rounds.append(won(("P1", "P2"), ("P4", "P3")))
    median_first = standings(players, rounds, ("median-buchholz", "buchholz"))
    assert [s.player for s in median_first][:2] == ["P1", "P2"]


# --- properties ----------------------------------------------------------------------


def fewest_repeats(
    players: list[str], seen: set[frozenset[str]], byes: dict[str, int]
) -> int:
    """Brute force: the fewest repeats of any pairing (any bye) of these players.

    A second bye counts as a repeat.
    """
    best = len(players)

    def go(left: list[str], count: int) -> None:
        nonlocal best
        if count >= best:
            return
        if len(left) < 2:
            best = count
            return
        p = left[0]
        for q in left[1:]:
            go([x for x in left[1:] if x != q], count + (frozenset((p, q)) in seen))

    if len(players) % 2:
        for bye in players:
            go([p for p in players if p != bye], int(byes[bye] > 0))
    else:
        go(players, 0)
    return best


@settings(max_examples=30, deadline=None)
@given(
    st.integers(3, 9),
    st.data(),
)
def test_no_repeat_property_never_repeats_when_avoidable(n: int, data) -> None:  # type: ignore[no-untyped-def]
    players = names(n)
    rounds: list[list[Game]] = []
    for _ in range(max_rounds(n) + 1):
        pairing = pair(players, rounds)
        byes = {s.player: s.byes for s in standings(players, rounds)}
        again = int(pairing.bye is not None and byes[pairing.bye] > 0)
        assert pairing.repeats + again == fewest_repeats(players, met(rounds), byes)
        everyone = [p for g in pairing.games for p in g] + [pairing.bye] * bool(
            pairing.bye
        )
        assert sorted(everyone) == sorted(players)  # each player exactly once
        outcomes = data.draw(
            st.lists(
                st.sampled_from("abd"),
                min_size=len(pairing.games),
                max_size=len(pairing.games),
            )
        )
        games = [
            Game(g, draw=True)
            if o == "d"
            else Game(g, winner=g[0] if o == "a" else g[1])
            for g, o in zip(pairing.games, outcomes, strict=True)
        ]
        if pairing.bye:
            games.append(Game((pairing.bye,)))
        rounds.append(games)
    check_standings(players, rounds)


def check_standings(players: list[str], rounds: list[list[Game]]) -> None:
    table = standings(players, rounds)
    played = sum(1 for games in rounds for g in games if not g.bye)
    byes = sum(1 for games in rounds for g in games if g.bye)
    assert sum(s.points for s in table) == played + byes  # one point per game or bye
    for s in table:
        assert s.points == s.wins + s.draws / 2 + s.byes
        assert s.wins + s.draws + s.losses + s.byes == len(rounds)
        assert s.median <= s.buchholz
    keys = [(-s.points, -s.buchholz, -s.median) for s in table]
    assert keys == sorted(keys)
    assert [s.rank for s in table] == sorted(s.rank for s in table)


def test_pairing_whole_ten_player_event_has_no_repeats() -> None:
    players = names(10)
    rounds: list[list[Game]] = []
    for r in range(default_rounds(10)):
        pairing = pair(players, rounds)
        assert pairing.repeats == 0
        # the higher-ranked player wins on even rounds, the lower on odd ones
        rounds.append(play(pairing, [r % 2 == 0] * len(pairing.games)))
    check_standings(players, rounds)
    # 5 games a round, every one a new pair
    assert len(met(rounds)) == 5 * default_rounds(10)


def test_no_repeat_search_limit_falls_back_to_the_first_new_opponent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the step limit each player takes the first opponent not met, in order."""
    from referee.formats import swiss_pairing

    monkeypatch.setattr(swiss_pairing, "SEARCH_LIMIT", 0)
    players = names(6)
    rounds = [
        won(("P4", "P1"), ("P5", "P2"), ("P3", "P6")),
        won(("P4", "P3"), ("P5", "P1"), ("P6", "P2")),
    ]
    pairing = pair(players, rounds)
    # the full search backs up (see above); the greedy pairing does not, and P6
    # is left with P2, met before
    assert list(pairing.games) == [("P4", "P5"), ("P3", "P1"), ("P6", "P2")]
    assert pairing.repeats == 1
