"""What goes over the wire: a match page's first view per game; compression's cost.

Run from the repository root: ``.venv/bin/python bench/wire.py [requests]`` (or
``make bench``). Everything runs in this process through the Flask test client, on
SQLite in a temporary directory, in about 20 seconds:

(a) for every game, a fresh match's page as a watcher and as its scorer sees it, and
    every stylesheet and script it loads (once each): bytes as they are, with gzip
    only, and with ``Accept-Encoding: gzip, deflate, br`` as a browser asks; against
    the 14 KB budget of issue 8;
(b) server time per request with and without compression, taking turns request
    by request in the same run (the median of 400 each): the darts scorer's page,
    the OpenAPI document (the largest JSON answer) and a static file (compressed at
    startup, so its cost should not move), then the compressors alone on the same
    bodies;
(c) reading, minifying, hashing and compressing the static folder at startup.

"raw" in (a) is what goes out without compression: the page, and the static files
minified (as they are served); (c) gives the static files' size as written.
"""

from __future__ import annotations

import gzip
import logging
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import brotli

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import create_app  # noqa: E402
from referee.db import db  # noqa: E402
from referee.games import GAME_IDS  # noqa: E402
from referee.games import get as get_game  # noqa: E402
from referee.web import assets  # noqa: E402
from referee.web.compression import SETTINGS  # noqa: E402
from tests.serve import database  # noqa: E402

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))

BROWSER = "gzip, deflate, br"
BUDGET = 14 * 1024
NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]
ENCODINGS = {"none": "", "gzip": "gzip", "browser": BROWSER}


def first_view(client, url: str) -> dict[str, int]:
    """Bytes on the wire for a page and what it loads, per Accept-Encoding."""
    html = client.get(url).get_data(as_text=True)
    loads = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    loads += re.findall(r'<script src="([^"]+)"', html)
    sizes = {}
    for name, accept in ENCODINGS.items():
        headers = {"Accept-Encoding": accept}
        sizes[name] = sum(
            len(client.get(u, headers=headers).get_data())
            for u in [url, *dict.fromkeys(loads)]
        )
    sizes["files"] = 1 + len(dict.fromkeys(loads))
    return sizes


def per_request(client, url: str, rounds: int) -> dict[str, float]:
    """Median ms per GET; the encodings take turns request by request, so a busy
    machine slows them alike."""
    times: dict[str, list[float]] = {name: [] for name in ENCODINGS}
    for _ in range(rounds):
        for name, accept in ENCODINGS.items():
            headers = {"Accept-Encoding": accept}
            begin = time.perf_counter()
            client.get(url, headers=headers).get_data()
            times[name].append((time.perf_counter() - begin) * 1000)
    return {name: statistics.median(taken) for name, taken in times.items()}


def compressor_cost(body: bytes, repeat: int = 200) -> tuple[float, float]:
    """ms to compress ``body`` once, with the settings used for dynamic responses."""
    costs = []
    for squeeze in (
        lambda: brotli.compress(body, quality=SETTINGS["COMPRESS_BR_LEVEL"]),
        lambda: gzip.compress(body, compresslevel=SETTINGS["COMPRESS_LEVEL"]),
    ):
        begin = time.perf_counter()
        for _ in range(repeat):
            squeeze()
        costs.append((time.perf_counter() - begin) / repeat * 1000)
    return costs[0], costs[1]


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3 if QUICK else 400
    logging.disable(logging.INFO)  # the migrations' progress lines
    with (
        tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp_name,
        database("sqlite", Path(tmp_name)) as url,
    ):
        app = create_app(
            {"SECRET_KEY": "bench-secret-key-of-32-bytes-or-more", "TESTING": True}
            | {"SQLALCHEMY_DATABASE_URI": url, "WTF_CSRF_ENABLED": False}
        )
        run(app, rounds)
        with app.app_context():
            db.engine.dispose()


def players(game_id: str) -> list[str]:
    """Two players, or as many as the game needs (four for bunko, pinochle...)."""
    game = get_game(game_id)
    return NAMES[: min(max(2, game.min_players), game.max_players)]


def run(app, rounds: int) -> None:
    print(
        f"(a) first view of a fresh match: the page, its CSS and JS (budget {BUDGET})"
    )
    print(
        f"  {'game':<24}{'view':<9}{'files':>6}{'raw':>8}{'gzip':>8}"
        f"{'browser':>9}{'ratio':>7}{'of budget':>11}"
    )
    scorer = darts = None
    for game in GAME_IDS:
        api = app.test_client()
        made = api.post(
            "/api/v1/matches",
            json={"game": game, "players": players(game)},
        ).get_json()
        for view in ("watcher", "scorer"):
            client = app.test_client()
            if view == "scorer":
                client.get(f"/m/{made['id']}/join/{made['edit_key']}")
            size = first_view(client, f"/m/{made['id']}")
            print(
                f"  {game:<24}{view:<9}{size['files']:>6}{size['none']:>8}"
                f"{size['gzip']:>8}{size['browser']:>9}"
                f"{size['browser'] / size['none']:>7.2f}"
                f"{size['browser'] / BUDGET:>10.0%}"
            )
            if game == "darts-301" and view == "scorer":
                scorer, darts = client, made["id"]

    print(
        f"\n(b) server time per GET, ms, median of {rounds} requests each, taking "
        "turns ('none' is the baseline; x = browser / none)"
    )
    style = re.search(
        r'href="(/static/style\.[0-9a-f]+\.css)"', scorer.get(f"/m/{darts}").text
    )[1]
    print(f"  {'response':<28}{'bytes':>8}{'none':>8}{'gzip':>8}{'browser':>9}{'x':>7}")
    for label, url in (
        ("darts scorer page", f"/m/{darts}"),
        ("OpenAPI document (JSON)", "/api/v1/openapi.json"),
        ("style.css (compressed once)", style),
    ):
        body = scorer.get(url, headers={"Accept-Encoding": ""}).get_data()
        cost = per_request(scorer, url, rounds)
        print(
            f"  {label:<28}{len(body):>8}{cost['none']:>8.2f}{cost['gzip']:>8.2f}"
            f"{cost['browser']:>9.2f}{cost['browser'] / cost['none']:>7.2f}"
        )
    print("  the compressors alone, ms per body (brotli 4 / gzip 6):")
    for label, url in (
        ("darts scorer page", f"/m/{darts}"),
        ("OpenAPI document", "/api/v1/openapi.json"),
    ):
        body = scorer.get(url, headers={"Accept-Encoding": ""}).get_data()
        br, gz = compressor_cost(body)
        print(f"    {label:<26}{len(body):>8} bytes  br {br:.3f}  gzip {gz:.3f}")

    assets._load.cache_clear()
    begin = time.perf_counter()
    folder = assets.Assets(
        Path(app.config["STATIC_FOLDER"]), min_size=app.config["COMPRESS_MIN_SIZE"]
    )
    took = (time.perf_counter() - begin) * 1000
    written = sum(p.stat().st_size for p in folder.folder.rglob("*") if p.is_file())
    served = sum(len(a.bodies["identity"]) for a in folder.files.values())
    br = sum(
        len(a.bodies.get("br", a.bodies["identity"])) for a in folder.files.values()
    )
    print(
        f"\n(c) startup: {len(folder.files)} static files, {written} bytes as written, "
        f"{served} minified, {br} with brotli 11: read, minified, hashed and "
        f"compressed in {took:.0f} ms"
    )


if __name__ == "__main__":
    main()
