"""Ratings: every rating recomputed from 10,000 finished matches, and one more match.

Run from the repository root: ``.venv/bin/python bench/ratings.py [matches]``.
``BENCH_QUICK=1`` (``make bench-quick``): 1,000 matches. Seeded, so every run rates
the same results. Prints:

1. The pure recomputation (``ratings.model.replay``) of ``matches`` results among
   400 profiles: 60% one against one, 20% pairs against pairs, 20% free-for-all of
   3 to 6 sides with shared places, some seats without a profile; against the
   baseline measured in the same run, the library's own reference computation
   (``openskill``'s ``PlackettLuce.rate`` called directly on the same results), the
   ratio, and the largest difference between the two (agreement).
2. The stored recomputation on SQLite: the same number of finished darts matches
   (rows written straight in), ``store.rebuild`` reading them, rating them and
   rewriting both tables, committed: cold (every match's final state decoded and
   its board read) and warm (each match's finish cached by its version, as in a
   server that rebuilds after a correction); and that the stored ratings equal the
   pure replay of the same results.
3. Incremental: a real darts match finishing through ``ledger.append`` on top of
   that database (its rating step included) against an ordinary dart's append in
   the same run, in milliseconds, and the rating step's share.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from flask_migrate import upgrade
from openskill.models import PlackettLuce
from sqlalchemy import insert

from referee import create_app
from referee import games
from referee import ledger
from referee import profiles
from referee import ratings
from referee.db import MIGRATIONS
from referee.db import db
from referee.models import Match
from referee.models import Player
from referee.models import PlayerLink
from referee.ratings import store
from referee.ratings.model import Result
from referee.ratings.model import replay

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))
PROFILES = 400
GOAL_S = 1.0  # issue 23: every rating from 10,000 matches in under a second


def synthetic(count: int, seed: int = 23) -> list[Result]:
    """``count`` finished matches among ``PROFILES`` profiles, in finishing order."""
    rng = random.Random(seed)
    people = [f"p{i:04d}" for i in range(PROFILES)]
    out = []
    for n in range(count):
        kind = rng.random()
        if kind < 0.6:
            shape = [1, 1]
        elif kind < 0.8:
            shape = [2, 2]
        else:
            shape = [1] * rng.randint(3, 6)
        seated = rng.sample(people, sum(shape))
        sides, at = [], 0
        for size in shape:
            side = [p if rng.random() > 0.1 else None for p in seated[at : at + size]]
            sides.append(tuple(side))
            at += size
        if not any(p for side in sides for p in side):
            sides[0] = (seated[0], *sides[0][1:])
        places = sorted(rng.randint(1, len(shape)) for _ in shape)
        places = [1 + sum(1 for q in places if q < p) for p in places]  # 1, 2, 2, 4
        rng.shuffle(places)
        out.append(
            Result(f"m{n:06d}", "g", (f"{n:08d}", ""), tuple(sides), tuple(places))
        )
    return out


def reference(results: list[Result]) -> dict[tuple[str, str], tuple[float, float]]:
    """The library alone: ``PlackettLuce.rate`` on the same results, in order."""
    model = PlackettLuce(limit_sigma=True)
    kept: dict[str, object] = {}
    for r in results:
        teams = [[kept.get(p) or model.rating() for p in side] for side in r.sides]
        after = model.rate(teams, ranks=[float(p) for p in r.places])
        for side, team in zip(r.sides, after, strict=True):
            for p, rating in zip(side, team, strict=True):
                if p is not None:
                    kept[p] = rating
    return {(p, "g"): (r.mu, r.sigma) for p, r in kept.items()}  # type: ignore[attr-defined]


def timed(fn, repeats: int) -> tuple[float, object]:
    times, got = [], None
    for _ in range(repeats):
        began = time.perf_counter()
        got = fn()
        times.append(time.perf_counter() - began)
    return statistics.median(times), got


def pure(count: int) -> None:
    results = synthetic(count)
    ours_s, ours = timed(lambda: replay(results), 3)
    ref_s, ref = timed(lambda: reference(results), 3)
    worst = max(
        max(abs(r.mu - ref[k][0]), abs(r.sigma - ref[k][1]))
        for k, r in ours.ratings.items()  # type: ignore[attr-defined]
    )
    assert ours.ratings.keys() == ref.keys()  # type: ignore[attr-defined]
    print(f"1. every rating from {count:,} results ({PROFILES} profiles), pure")
    print(f"   referee.ratings replay      {ours_s * 1000:8.1f} ms", end="")
    if count >= 10_000:
        met = "MET" if ours_s < GOAL_S else "MISSED"
        print(f"   goal < {GOAL_S * 1000:.0f} ms: {met}")
    else:
        print()
    print(
        f"   openskill reference         {ref_s * 1000:8.1f} ms   "
        f"ratio {ours_s / ref_s:5.2f}x"
    )
    print(f"   agreement: largest |difference| of mu or sigma {worst:.2e}")


def _finished_states() -> list[dict]:
    """Darts 301 final states, seat 0 winning and seat 1 winning."""
    game = games.get("darts-301")
    out = []
    for first in (True, False):
        state = game.start(game.new_setup(["Ann", "Bob"], {"start": "301"}))
        rounds = [["T20"] * 3, ["S1", "S1", "S1"], ["T20", "S1", "S20"], ["S1"] * 3]
        rounds += [["D20"]]
        if not first:
            rounds = [["S1"] * 3, *rounds]
        for darts in rounds:
            state = game.apply(state, {"type": "round", "darts": darts}).state
        assert game.view(state)["over"]
        out.append(state)
    return out


def stored(count: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(tmp) / 'bench.sqlite'}",
                "SECRET_KEY": "bench-secret-key-of-at-least-32-bytes!!",
            }
        )
        with app.app_context():
            upgrade(directory=str(MIGRATIONS))
            _fill(count)
            spent = []
            for _ in range(2):  # cold (every state decoded), then warm (cached)
                began = time.perf_counter()
                store.rebuild("darts-301")
                db.session.commit()
                spent.append(time.perf_counter() - began)
            kept = ratings.stored("darts-301")
            fresh = replay(store.results("darts-301")).ratings
            db.session.rollback()
            worst = max(
                max(abs(kept[k].mu - r.mu), abs(kept[k].sigma - r.sigma))
                for k, r in fresh.items()
            )
            assert kept.keys() == fresh.keys()
            print(f"2. every rating from {count:,} finished matches, stored (SQLite)")
            print(
                f"   store.rebuild + commit, cold {spent[0] * 1000:8.1f} ms "
                "(every match's state decoded and its board read)"
            )
            print(
                f"   store.rebuild + commit, warm {spent[1] * 1000:8.1f} ms "
                "(finishes cached per match version: a correction's rebuild)"
            )
            print(f"   stored = replay of the same results: largest diff {worst:.1e}")
            _incremental()
            db.session.remove()
            db.engine.dispose()


def _fill(count: int) -> None:
    """``count`` finished darts matches between 400 profiles, written straight in."""
    rng = random.Random(7)
    states = _finished_states()
    people = [f"p{i:04d}" for i in range(PROFILES)]
    # made first: a match's create starts its own transaction
    base = ledger.create_match("darts-301", ["Ann", "Bob"], {"start": "301"})
    db.session.execute(
        insert(Player),
        [
            {"id": p, "name": p, "handle": p, "claim": "x", "created_by": "bench"}
            for p in people
        ],
    )
    matches, links = [], []
    for n in range(count):
        mid = f"b{n:07d}"
        matches.append(
            {
                "id": mid,
                "game": "darts-301",
                "title": "",
                "players": ["Ann", "Bob"],
                "teams": [],
                "options": base.options,
                "status": "over",
                "version": 5,
                "state": states[rng.random() < 0.5],
                "edit_key": "x",
                "pin": f"bench{n}",
                "confirm": False,
            }
        )
        for seat, p in enumerate(rng.sample(people, 2)):
            links.append({"player_id": p, "match_id": mid, "seat": seat})
    db.session.execute(insert(Match), matches)
    db.session.execute(insert(PlayerLink), links)
    db.session.commit()


def _incremental() -> None:
    """A finishing dart (rated on top) against an ordinary dart, same run."""
    finishing, ordinary = [], []
    rounds = [["T20"] * 3, ["S1"] * 3, ["T20", "S1", "S20"], ["S1"] * 3, ["D20"]]
    for n in range(5 if QUICK else 20):
        match = ledger.create_match("darts-301", ["Ann", "Bob"], {"start": "301"})
        profiles.link_match(ledger.get(match.id), [f"p{n:04d}", f"p{n + 1:04d}"], "b")
        for i, darts in enumerate(rounds):
            began = time.perf_counter()
            ledger.append(match.id, {"type": "round", "darts": darts})
            spent = time.perf_counter() - began
            (finishing if i == len(rounds) - 1 else ordinary).append(spent)
    f, o = statistics.median(finishing), statistics.median(ordinary)
    print("3. one more match, incremental (SQLite, on the database above)")
    print(f"   finishing append, rated     {f * 1000:8.2f} ms")
    print(f"   ordinary append (baseline)  {o * 1000:8.2f} ms   ratio {f / o:5.2f}x")
    print(f"   the rating step             {(f - o) * 1000:8.2f} ms per match")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000 if QUICK else 10_000
    load = os.getloadavg()[0]
    print(f"(load average {load:.1f} on {os.cpu_count()} CPUs: figures scale with it)")
    pure(count)
    stored(count)


if __name__ == "__main__":
    main()
