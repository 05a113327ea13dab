"""Poker hand evaluator speed: hands per second beside treys, measured in the same run.

Run from the repository root: ``.venv/bin/python bench/poker_hands.py [hands]``.
The same random hands (default 20,000 per case) go through

* ``referee.games.poker.hands.high_key`` (the fast path the games use: the hand's
  comparable key from pre-encoded cards) and ``best_high`` (the full answer: key,
  the five cards played, what each wild stands for, the name in words);
* treys' ``Evaluator.evaluate`` on the same hands, pre-encoded (treys has no wild
  cards, so the wild rows have no treys figure);

for 5- and 7-card hands, without wilds and with deuces and a joker wild (every hand
in the wild rows holds one to three wild cards). Each evaluator runs three times on
a case and its best run counts, which damps the noise of other processes on the
machine. Figures are printed; nothing is asserted. The non-wild rows also check that
every hand timed is ordered and tied exactly as treys orders it.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from treys import Card  # noqa: E402
from treys import Evaluator  # noqa: E402

from referee.games.poker import hands as hl  # noqa: E402

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))

DECK = [r + s for s in "SHDC" for r in hl.RANK_VALUE]
WILDS = hl.Wilds(ranks=frozenset({"2"}))


def _hands(size: int, count: int, wild: bool, rng: random.Random) -> list[list[str]]:
    out: list[list[str]] = []
    pack = [*DECK, "JK"]
    while len(out) < count:
        hand = rng.sample(pack, size)
        n = sum(WILDS.is_wild(c) for c in hand)
        if (1 <= n <= 3) if wild else n == 0 and "JK" not in hand:
            out.append(hand)
    return out


def _rate(run: Callable[[], None], count: int, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def _agree(
    coded: list[tuple[list[int], int]],
    split: list[tuple[list[int], list[int]]],
    evaluator: Evaluator,
) -> str:
    """Same order and the same ties as treys on every hand timed (else a count)."""
    pairs = sorted(
        (hl.high_key(codes, n), evaluator.evaluate(hole, board))
        for (codes, n), (hole, board) in zip(coded, split, strict=True)
    )
    bad = sum(
        1
        for (k1, t1), (k2, t2) in zip(pairs, pairs[1:], strict=False)
        if (k1 == k2) != (t1 == t2) or (k1 < k2 and t1 <= t2)
    )
    return f"all {len(pairs):,} hands" if not bad else f"{bad} disagreements"


def _treys(card: str) -> int:
    return Card.new(("T" if card[:-1] == "10" else card[:-1]) + card[-1].lower())


def main(count: int) -> None:
    rng = random.Random(11)
    evaluator = Evaluator()
    print(f"Poker hand evaluator, {count:,} random hands per case (hands per second)")
    agreement: list[str] = []
    print(f"{'case':<22}{'high_key':>12}{'best_high':>12}{'treys':>12}{'ratio':>9}")
    for size in (5, 7):
        for wild in (False, True):
            hands = _hands(size, count, wild, rng)
            coded = []
            for h in hands:
                naturals, wilds = hl.split_wilds(h, WILDS)
                coded.append(([hl.encode(c) for c in naturals], len(wilds)))

            def fast(coded: list[tuple[list[int], int]] = coded) -> None:
                for codes, n in coded:
                    hl.high_key(codes, n)

            def full(hands: list[list[str]] = hands) -> None:
                for h in hands:
                    hl.best_high(h, WILDS)

            ours = _rate(fast, count)
            named = _rate(full, count)
            label = f"{size} cards, {'wilds' if wild else 'no wilds'}"
            if wild:
                print(f"{label:<22}{ours:>12,.0f}{named:>12,.0f}{'-':>12}{'-':>9}")
                continue
            split = [
                ([_treys(c) for c in h[:2]], [_treys(c) for c in h[2:]]) for h in hands
            ]

            def theirs(split: list[tuple[list[int], list[int]]] = split) -> None:
                for hole, board in split:
                    evaluator.evaluate(hole, board)

            base = _rate(theirs, count)
            checked = _agree(coded, split, evaluator)
            agreement.append(f"{size} cards: {checked}")
            print(
                f"{label:<22}{ours:>12,.0f}{named:>12,.0f}{base:>12,.0f}"
                f"{ours / base:>8.2f}x"
            )
    print("ratio: high_key against treys on the same hands (above 1: faster).")
    print("agreement with treys, order and ties: " + "; ".join(agreement))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000 if QUICK else 20_000)
