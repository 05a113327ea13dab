"""How fast the rule lookup answers: the search, the JSON API, the pages.

Run from the repository root: ``.venv/bin/python bench/search.py [rounds]``. Each
round asks every phrase of issue 4 once. The web figures go through the Flask test
client (routing, the search, JSON or the template), so they are the server's share of
a lookup from a phone, without the network.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee import create_app  # noqa: E402
from referee import rulebook  # noqa: E402

PHRASES = (
    "scratch",
    "scratched",
    "cue ball went in",
    "jumped off",
    "push",
    "double hit",
    "frozen",
    "kitchen",
    "moving ball",
    "chalk fell",
    "measuring the gap",
    "lag",
)


def timed(label: str, ask: Callable[[str], object], rounds: int) -> None:
    """Ask every phrase ``rounds`` times; print queries per second and latencies."""
    for phrase in PHRASES:  # warm the caches (the index is built once per process)
        ask(phrase)
    took: list[float] = []
    for _ in range(rounds):
        for phrase in PHRASES:
            begin = time.perf_counter()
            ask(phrase)
            took.append(time.perf_counter() - begin)
    total = sum(took)
    p95 = statistics.quantiles(took, n=20)[-1]
    print(
        f"{label}: {len(took)} queries in {total:.2f} s, {len(took) / total:,.0f} "
        f"queries per second, mean {total / len(took) * 1000:.2f} ms, "
        f"p95 {p95 * 1000:.2f} ms, worst {max(took) * 1000:.2f} ms"
    )


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    timed(
        "rulebook.search, pool only",
        lambda q: rulebook.search(q, game="billiards"),
        rounds,
    )
    timed("rulebook.search, every game", rulebook.search, rounds)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {
                "SECRET_KEY": "bench-secret-key-of-at-least-32-bytes!!",
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite",
            }
        )
        client = app.test_client()

        def api(q: str) -> object:
            response = client.get(
                "/api/v1/rules", query_string={"q": q, "game": "billiards"}
            )
            assert response.status_code == 200
            return response

        def page(q: str) -> object:
            response = client.get("/rules/", query_string={"q": q})
            assert response.status_code == 200
            return response

        def shot(q: str) -> object:
            # The "what happened?" page answering a scratch (the phrase is ignored).
            response = client.get(
                "/tools/billiards/shot", query_string={"cue_ball": "pocket"}
            )
            assert response.status_code == 200
            return response

        web_rounds = max(1, rounds // 4)
        timed("GET /api/v1/rules?q=…&game=billiards", api, web_rounds)
        timed("GET /rules/?q=… (the HTML page)", page, web_rounds)
        timed("GET /tools/billiards/shot?cue_ball=pocket", shot, web_rounds)
        size = len(shot("").get_data())  # type: ignore[attr-defined]
        print(f"the what-happened page with its answer: {size / 1024:.1f} KiB of HTML")


if __name__ == "__main__":
    main()
