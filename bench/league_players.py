"""How long a league season's player table takes: every game's figures replayed
from its raw log, kept per season by match version.

Run from the repository root: ``.venv/bin/python bench/league_players.py [teams]``.
On SQLite in a temporary directory: a pool league season of ``teams`` teams (default
8; 4 with ``BENCH_QUICK``), a single round robin at ten singles a team match (race to
1), every game played through the JSON API and confirmed by the away captain.
Prints the median time of the table cold (every log read in batches and replayed),
warm (nothing moved: the versions read, nothing replayed), after one more game (that
game's log replayed), the page, and the cold cost per game.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from flask_migrate import upgrade

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import create_app  # noqa: E402
from referee import profiles  # noqa: E402
from referee import tournaments  # noqa: E402
from referee.db import MIGRATIONS  # noqa: E402
from referee.db import db  # noqa: E402
from referee.leagues import players  # noqa: E402
from tests.web.league_api import Season  # noqa: E402

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))


def _median_ms(run, times: int = 5) -> float:
    took = []
    for _ in range(times):
        began = time.perf_counter()
        run()
        took.append(time.perf_counter() - began)
    return statistics.median(took) * 1000


def main() -> None:
    teams = int(sys.argv[1]) if len(sys.argv) > 1 else 4 if QUICK else 8
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(tmp) / 'bench.sqlite'}",
                "SECRET_KEY": "bench-secret-key-of-at-least-32-bytes!!",
            }
        )
        with app.app_context():
            upgrade(directory=str(MIGRATIONS))
        client = app.test_client()
        season = Season(client, teams, race=1)
        view = season.get()
        games, last = 0, None
        for week in view["weeks"]:
            for number in week["fixtures"]:
                fixture = season.fixture(number, view)
                season.lineup(fixture, "home")
                called = season.fixture(
                    number, season.lineup(fixture, "away").get_json()["tournament"]
                )
                for game in called["games"]:
                    if last is None:
                        last = (called, game)  # kept back: the "one more game"
                        continue
                    season.play_game(called, game, (number + game["number"]) % 3 != 0)
                    games += 1
        with app.app_context():
            night = tournaments.get(season.id)

            def cold() -> None:
                profiles._cache.clear()
                players._KEPT.clear()
                players.season(night)

            cold_ms = _median_ms(cold)
            players.season(night)
            warm_ms = _median_ms(lambda: players.season(night))
        assert last is not None
        season.play_game(*last, home_wins=True)
        with app.app_context():
            night = tournaments.get(season.id)
            began = time.perf_counter()
            table = players.season(night)
            one_ms = (time.perf_counter() - began) * 1000
            db.session.remove()
        page_ms = _median_ms(lambda: client.get(f"/n/{season.id}/player-table"))
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    shown = len(table["players"])
    print(f"player table of {teams} teams, {games + 1} games, {shown} players (SQLite)")
    print(f"  cold (every log read and replayed)   {cold_ms:8.1f} ms")
    print(f"  warm (nothing moved)                 {warm_ms:8.1f} ms")
    print(f"  after one more game (one replayed)   {one_ms:8.1f} ms")
    print(f"  the page /n/<id>/player-table        {page_ms:8.1f} ms")
    print(f"  cold per game                        {cold_ms / (games + 1):8.2f} ms")


if __name__ == "__main__":
    main()
