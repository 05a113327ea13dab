"""How fast and how well the rule lookup answers: the search, the JSON API, the pages.

Run from the repository root: ``.venv/bin/python bench/search.py [rounds]``. Each
round asks every phrase once: the twelve pool phrases of issue 4 and phrases typed
with thumbs (issue 17). The search of issue 17 (Snowball, typo correction, BM25F) is
timed beside the search it replaced (a light hand-written stemmer and fixed field
weights), which is kept below for this comparison only. The web figures go through the
Flask test client (routing, the search, JSON or the template), so they are the
server's share of a lookup from a phone, without the network. First, issue 24's
everyday phrasings of every billiards rule (tests/games/billiards_phrasings.toml):
the share found first and in the top three, in the pool rules and across every game,
and the time of each query asked as new (every one listed in a full run).
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee import create_app  # noqa: E402
from referee import rulebook  # noqa: E402
from referee.rulebook import lookup  # noqa: E402

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))

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
# Typed with thumbs, and the rule each means (a sample of the test table).
THUMBS = {
    "scrach": "billiards/19",
    "cue bal went in": "billiards/19",
    "cueball went in": "billiards/19",
    "dubble hit": "billiards/22",
    "doublehit": "billiards/22",
    "frozn": "billiards/37",
    "kitchn": "billiards/38",
    "chaulk fell": "billiards/24",
    "bustd": "darts-301/bust",
    "wentunder": "darts-301/bust",
    "chekout": "darts-301/double-out",
    "newfoundlnd": "darts-baseball/newfoundland",
    "extra inings": "darts-baseball/extra-innings",
    "wipout": "bunko/wipeout",
    "wipe out": "bunko/wipeout",
    "scrambel": "bunko/scramble",
    "undercutt": "gin-rummy/undercut",
    "knocked with 11": "gin-rummy/knock",
    "dead wood": "gin-rummy/deadwood",
    "layof": "gin-rummy/lay-off",
}


# --- the search before issue 17, kept here only to compare against ------------------

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    (  # noqa: SIM905
        "a an and are as at be by for from i if in is it its of on or the to was were "
        "with my his her their they he she you your what when who how did does do"
    ).split()
)


def old_stem(word: str) -> str:
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("sses"):
        word = word[:-2]
    elif word.endswith(("ies", "ied")) and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ingly", "edly", "ing", "ed", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def old_terms(text: str) -> list[str]:
    return [old_stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP]


@cache
def old_index() -> list[tuple[rulebook.Rule, dict[str, float]]]:
    weighted = []
    for r in rulebook.all_rules():
        weights: dict[str, float] = {}
        for text, w in (
            (r.title, 5.0),
            (" ".join(r.keywords), 4.0),
            (r.summary, 2.0),
            (r.penalty, 1.0),
            (r.text, 1.0),
        ):
            for t in old_terms(text):
                weights[t] = weights.get(t, 0.0) + w
        weighted.append((r, weights))
    return weighted


@cache
def old_synonyms(game: str) -> dict[str, tuple[str, ...]]:
    merged: dict[str, list[str]] = {}
    pairs = list(lookup.BASE_SYNONYMS.items()) + list(rulebook.books()[game].synonyms)
    for word, targets in pairs:
        key = " ".join(old_terms(word)) or word
        merged.setdefault(key, []).extend(targets)
    return {k: tuple(v) for k, v in merged.items()}


def old_expand(words: list[str], game: str) -> list[tuple[str, float]]:
    expanded: list[tuple[str, float]] = [(w, 1.0) for w in words]
    joined = f" {' '.join(words)} "
    for key, targets in old_synonyms(game).items():
        if (" " in key and f" {key} " in joined) or key in words:
            for target in targets:
                expanded.extend((t, 0.8) for t in old_terms(target))
    return expanded


def old_search(query: str, game: str | None = None, limit: int = 20) -> list:
    words = old_terms(query)
    if not words:
        return []
    per_game: dict[str, list[tuple[str, float]]] = {}
    scored = []
    for r, weights in old_index():
        if game and r.game != game:
            continue
        if r.game not in per_game:
            per_game[r.game] = old_expand(words, r.game)
        expanded = per_game[r.game]
        score = sum(weights.get(t, 0.0) * f for t, f in expanded)
        hits = sum(1 for t, _ in expanded if t in weights)
        if score:
            scored.append((score * (1 + hits), r.id, r))
    scored.sort(key=lambda s: (-s[0], s[1]))
    return [r for _, _, r in scored[:limit]]


# --- measuring ----------------------------------------------------------------------


def report(label: str, took: list[float]) -> float:
    """Print queries per second and latencies of ``took`` (seconds a query)."""
    total = sum(took)
    rate = len(took) / total
    p95 = statistics.quantiles(took, n=20)[-1]
    print(
        f"{label}: {len(took)} queries in {total:.2f} s, {rate:,.0f} "
        f"queries per second, mean {total / len(took) * 1000:.3f} ms, "
        f"p95 {p95 * 1000:.3f} ms, worst {max(took) * 1000:.2f} ms"
    )
    return rate


def race(
    contenders: dict[str, Callable[[str], object]],
    phrases: tuple[str, ...],
    rounds: int,
) -> dict[str, float]:
    """Ask every phrase ``rounds`` times of each contender, taking turns round by
    round (so a busy moment of the machine hits all of them); queries per second."""
    for ask in contenders.values():  # warm up: the indexes are built once a process
        for phrase in phrases:
            ask(phrase)
    took: dict[str, list[float]] = {name: [] for name in contenders}
    order = list(contenders.items())
    for n in range(rounds):
        for name, ask in order if n % 2 else reversed(order):
            for phrase in phrases:
                begin = time.perf_counter()
                ask(phrase)
                took[name].append(time.perf_counter() - begin)
    return {name: report(name, times) for name, times in took.items()}


def timed(
    label: str, ask: Callable[[str], object], phrases: tuple[str, ...], rounds: int
) -> float:
    return race({label: ask}, phrases, rounds)[label]


def build_once(label: str, build: Callable[[], object]) -> None:
    begin = time.perf_counter()
    build()
    print(f"{label}: index built in {(time.perf_counter() - begin) * 1000:.0f} ms")


def found(search: Callable[..., list], phrase: str, wanted: str, every: bool) -> bool:
    game = None if every else wanted.split("/", 1)[0]
    return wanted in [r.id for r in search(phrase, game=game)[:3]]


def uncached(query: str, game: str | None) -> object:
    """The new search as a query it has not read before (typos not yet looked up)."""
    lookup._read_cut.cache_clear()
    lookup._nearest.cache_clear()
    return rulebook.search(query, game=game)


PHRASINGS = Path(__file__).resolve().parents[1] / "tests/games/billiards_phrasings.toml"


def phrasings() -> dict[str, str]:
    """Issue 24's everyday phrasings of every billiards rule: phrase -> rule id."""
    with PHRASINGS.open("rb") as f:
        table = tomllib.load(f)["phrasings"]
    return {p: f"billiards/{rule}" for rule, ps in table.items() for p in ps}


def hit_rate(phrases: dict[str, str], game: str | None, rounds: int) -> None:
    """Top-1 and top-3 hits of ``phrases`` and the time of each query (the median of
    ``rounds`` asks, the cache of readings cleared before each: a query as new)."""
    top1 = top3 = 0
    times: dict[str, float] = {}
    for phrase, wanted in phrases.items():
        found = [r.id for r in rulebook.search(phrase, game=game)[:3]]
        top1 += bool(found) and found[0] == wanted
        top3 += wanted in found
        took = []
        for _ in range(rounds):
            begin = time.perf_counter()
            uncached(phrase, game)
            took.append(time.perf_counter() - begin)
        times[phrase] = statistics.median(took)
    n = len(phrases)
    where = game or "every game"
    print(
        f"  {where}: top-1 {top1}/{n} ({top1 / n:.0%}), top-3 {top3}/{n} "
        f"({top3 / n:.0%}); per query (unseen) median "
        f"{statistics.median(times.values()) * 1000:.3f} ms, "
        f"worst {max(times.values()) * 1000:.3f} ms"
    )
    for phrase, took in sorted(times.items(), key=lambda item: -item[1])[:3]:
        print(f"    slowest: {took * 1000:.3f} ms  {phrase!r}")


def per_query(phrases: dict[str, str]) -> None:
    """Each phrasing, its rule, where the search put it and how long it took."""
    for phrase, wanted in phrases.items():
        lookup._read_cut.cache_clear()
        lookup._nearest.cache_clear()
        begin = time.perf_counter()
        found = [r.id for r in rulebook.search(phrase, game="billiards")]
        took = time.perf_counter() - begin
        rank = found.index(wanted) + 1 if wanted in found else 0
        print(f"    {took * 1000:7.3f} ms  rank {rank or '-':>2}  {wanted:28} {phrase}")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5 if QUICK else 200
    build_once("new search (Snowball, BM25F)", lookup._index)
    build_once("old search (hand stemmer)  ", old_index)

    every = phrasings()
    print(f"\nIssue 24: {len(every)} everyday phrasings of the billiards rules:")
    for game in ("billiards", None):
        hit_rate(every, game, max(1, rounds // 20))
    if not QUICK:
        print("  each phrasing (time unseen, rank in the pool rules, rule, phrase):")
        per_query(every)

    print("\nRight rule in the top three, typed with thumbs:")
    for every in (False, True):
        where = "across every game" if every else "in its own game  "
        new = sum(found(rulebook.search, p, w, every) for p, w in THUMBS.items())
        old = sum(found(old_search, p, w, every) for p, w in THUMBS.items())
        print(f"  {where}: new {new}/{len(THUMBS)}, old {old}/{len(THUMBS)}")

    typed = tuple(THUMBS)
    for name, phrases in (("issue 4's phrases", PHRASES), ("thumbs phrases", typed)):
        for where, game in (("pool only", "billiards"), ("every game", None)):
            print(f"\nIn-process, {name}, {where}:")
            rates = race(
                {
                    "  new": lambda q, g=game: rulebook.search(q, game=g),
                    "  new, every query unseen": lambda q, g=game: uncached(q, g),
                    "  old": lambda q, g=game: old_search(q, game=g),
                },
                phrases,
                rounds,
            )
            old = rates["  old"]
            print(
                f"  queries per second, new/old: {rates['  new'] / old:.2f}, new "
                f"unseen/old: {rates['  new, every query unseen'] / old:.2f}"
            )

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
        print("\nThrough the Flask test client, issue 4's phrases:")
        timed("  GET /api/v1/rules?q=…&game=billiards", api, PHRASES, web_rounds)
        timed("  GET /rules/?q=… (the HTML page)", page, PHRASES, web_rounds)
        timed("  GET /rules/?q=… typed with thumbs", page, typed, web_rounds)
        timed("  GET /tools/billiards/shot?cue_ball=pocket", shot, PHRASES, web_rounds)
        size = len(shot("").get_data())  # type: ignore[attr-defined]
        print(f"the what-happened page with its answer: {size / 1024:.1f} KiB of HTML")


if __name__ == "__main__":
    main()
