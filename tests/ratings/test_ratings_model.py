"""The rating step is OpenSkill's Plackett-Luce, bit for bit, and keeps its promises:
winners gain, sigma never grows, ties and unrelated matches behave."""

from __future__ import annotations

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from referee.ratings.model import MODEL
from referee.ratings.model import NEW
from referee.ratings.model import Rating
from referee.ratings.model import Result
from referee.ratings.model import rate
from referee.ratings.model import replay

PEOPLE = [f"p{i}" for i in range(8)]


def reference(results: list[Result]) -> dict[tuple[str, str], tuple[float, float]]:
    """The library alone, called as its documentation shows, on the same results."""
    model = PlackettLuce(limit_sigma=True)
    kept: dict[tuple[str, str], object] = {}
    for r in sorted(results, key=lambda r: (r.game, r.order)):
        teams = [
            [kept.get((p, r.game)) or model.rating() for p in side] for side in r.sides
        ]
        after = model.rate(teams, ranks=[float(p) for p in r.places])
        for side, team in zip(r.sides, after, strict=True):
            for p, rating in zip(side, team, strict=True):
                if p is not None:
                    kept[(p, r.game)] = rating
    return {k: (v.mu, v.sigma) for k, v in kept.items()}  # type: ignore[attr-defined]


@st.composite
def results(draw: st.DrawFn, max_matches: int = 12) -> list[Result]:
    out = []
    for n in range(draw(st.integers(1, max_matches))):
        shape = draw(st.lists(st.integers(1, 3), min_size=2, max_size=5))
        seated = draw(st.permutations(PEOPLE))[: sum(shape)]
        if len(seated) < sum(shape):
            shape = [1] * len(seated)
        sides, at = [], 0
        for size in shape:
            side = [
                p if draw(st.booleans()) or i == 0 else None
                for i, p in enumerate(seated[at : at + size])
            ]
            sides.append(tuple(side))
            at += size
        places = tuple(draw(st.integers(1, len(shape))) for _ in shape)
        game = draw(st.sampled_from(["darts-301", "liars-dice"]))
        out.append(Result(f"m{n}", game, (f"{n:04d}", ""), tuple(sides), places))
    return out


@settings(max_examples=60, deadline=None)
@given(results())
def test_a_replay_equals_the_librarys_own_computation_on_the_same_results(rs):
    ours = replay(rs).ratings
    theirs = reference(rs)
    assert ours.keys() == theirs.keys()
    for key, rating in ours.items():
        assert (rating.mu, rating.sigma) == theirs[key]  # bit for bit


def test_one_against_one_equals_openskill_directly():
    model = PlackettLuce(limit_sigma=True)
    a, b = model.rating(mu=30, sigma=5), model.rating(mu=20, sigma=7)
    [[a2], [b2]] = model.rate([[a], [b]], ranks=[2, 1])  # the underdog wins
    [[x], [y]] = rate([[Rating(30, 5)], [Rating(20, 7)]], [2, 1])
    assert (x.mu, x.sigma, y.mu, y.sigma) == (a2.mu, a2.sigma, b2.mu, b2.sigma)
    assert x.matches == y.matches == 1


def test_partners_of_a_winning_team_both_gain_and_both_losers_drop():
    [[a, b], [c, d]] = rate([[NEW, NEW], [NEW, NEW]], [1, 2])
    assert a.mu > NEW.mu
    assert b.mu > NEW.mu
    assert c.mu < NEW.mu
    assert d.mu < NEW.mu
    assert a == b
    assert c == d


def test_free_for_all_sides_tied_for_a_place_get_the_same_rating():
    [[first], [second], [also], [last]] = rate(
        [[NEW], [NEW], [NEW], [NEW]], [1, 2, 2, 4]
    )
    assert second == also
    assert first.mu > second.mu > last.mu


def test_a_match_with_no_profile_rates_nobody_and_takes_no_position():
    done = replay([Result("m", "g", ("1", ""), ((None,), (None,)), (1, 2))])
    assert done.ratings == {}
    assert done.positions == {}


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(5, 45), st.floats(0.5, MODEL.sigma)), min_size=2, max_size=6
    ),
    st.data(),
)
def test_the_winner_gains_a_lone_loser_drops_and_no_sigma_grows(priors, data):
    # (A loser tied with stronger players may gain: the model reads the tie as
    # doing better than expected, so only a two-sided match promises a drop.)
    sides = [[Rating(mu, sigma)] for mu, sigma in priors]
    winner = data.draw(st.integers(0, len(sides) - 1))
    places = [1 if i == winner else 2 for i in range(len(sides))]
    after = rate(sides, places)
    assert after[winner][0].mu > sides[winner][0].mu
    for before, now in zip(sides, after, strict=True):
        assert now[0].sigma <= before[0].sigma
        if len(sides) == 2 and now is not after[winner]:
            assert now[0].mu < before[0].mu


@settings(max_examples=60, deadline=None)
@given(results(max_matches=6), results(max_matches=6), st.randoms())
def test_the_order_of_matches_of_unrelated_players_changes_nothing(a, b, rnd):
    # a's players and b's are told apart; interleave b's matches among a's at random
    b = [
        Result(
            f"x{r.match}",
            r.game,
            r.order,
            tuple(tuple(p and f"x{p}" for p in side) for side in r.sides),
            r.places,
        )
        for r in b
    ]
    merged = [*a, *b]
    rnd.shuffle(merged)
    renumbered = [
        Result(r.match, r.game, (f"{i:04d}", ""), r.sides, r.places)
        for i, r in enumerate(
            sorted(merged, key=lambda r: (r.match.startswith("x"), r.order))
        )
    ]
    # keep each group's own order, interleave the groups differently
    alone = replay(renumbered).ratings
    mixed_order = []
    groups = {False: [], True: []}
    for r in renumbered:
        groups[r.match.startswith("x")].append(r)
    picks = [rnd.random() < 0.5 for _ in renumbered]
    for pick in picks:
        group = groups[pick] or groups[not pick]
        mixed_order.append(group.pop(0))
    mixed = replay(
        [
            Result(r.match, r.game, (f"{i:04d}", ""), r.sides, r.places)
            for i, r in enumerate(mixed_order)
        ]
    ).ratings
    assert mixed == alone
