"""Is a strike or a spare still reachable? A depth-first search over the plays.

Ball cards still face down are written ``?``: the search may turn each one up as any
number the pack still holds unseen, so "reachable" then means "possible if the hidden
cards fall right" (``depends_on_hidden``). With every card known it is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from referee.games.bowling_solitaire.table import ADJACENT
from referee.games.bowling_solitaire.table import BACK_ROW
from referee.games.bowling_solitaire.table import CENTRE
from referee.games.bowling_solitaire.table import GROUPS
from referee.games.bowling_solitaire.table import LETTERS

HIDDEN = "?"
FULL = (1 << 10) - 1
_BIT = {L: 1 << i for i, L in enumerate(LETTERS)}
_ADJ_MASK = {L: sum(_BIT[n] for n in ADJACENT[L]) for L in LETTERS}
_GROUP_MASKS = tuple(
    (sum(_BIT[p] for p in g), g, g == (CENTRE,) or bool(set(g) & BACK_ROW))
    for g in GROUPS
)
_GROUP_TOUCH = tuple(sum(_ADJ_MASK[p] for p in g) for g in GROUPS)

Piles = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Line:
    """One way through: plays ``(pile, card, pins)`` and where the first ball ends."""

    moves: tuple[tuple[int, str, tuple[str, ...]] | str, ...]
    hidden: bool  # some card in it was face down when asked


@dataclass(frozen=True)
class Reach:
    strike: Line | None
    spare: Line | None


def solve(
    pins: Sequence[str | None],
    piles: Sequence[Sequence[str]],
    unseen: Sequence[int],
    *,
    ball: int = 1,
    second_ball: bool = True,
) -> Reach:
    """``pins`` A..J (None: down); ``piles`` top first; ``unseen[d]`` copies of d not
    on the table. ``second_ball``: a second ball follows the first on this rack."""
    values = tuple(int(v) if v is not None else -1 for v in pins)
    mask = sum(_BIT[L] for L, v in zip(LETTERS, pins, strict=True) if v is not None)
    search = _Search(values)
    start_piles = tuple(tuple(p) for p in piles)
    strike: Line | None = None
    spare: Line | None = None
    if ball == 1:
        strike = search.first(mask, start_piles, tuple(unseen), ending=False)
        if second_ball:
            spare = search.first(mask, start_piles, tuple(unseen), ending=True)
    else:
        spare = search.first(mask, start_piles, tuple(unseen), ending=False)
    return Reach(strike, spare)


class _Search:
    def __init__(self, values: tuple[int, ...]) -> None:
        self.values = values
        self.failed: set[tuple[object, ...]] = set()

    def first(
        self, mask: int, piles: Piles, unseen: tuple[int, ...], *, ending: bool
    ) -> Line | None:
        """Turn up any hidden tops, then search from there."""
        for opened, left, hidden in _reveal_tops(piles, unseen):
            path = self._go(mask, opened, left, ending)
            if path is not None:
                return Line(tuple(path), hidden or _any_hidden(piles))
        return None

    def _go(
        self, mask: int, piles: Piles, unseen: tuple[int, ...], ending: bool
    ) -> list[tuple[int, str, tuple[str, ...]] | str] | None:
        """Moves that clear ``mask`` in this ball (``ending``: first end the first
        ball with pins standing, then clear them in the second)."""
        if mask == 0:
            return None if ending else []
        key = (mask, piles, unseen, ending)
        if key in self.failed:
            return None
        first_card = mask == FULL
        down = FULL & ~mask
        for i, pile in enumerate(piles):
            if not pile:
                continue
            card = int(pile[0])
            for (gmask, group, barred), touch in zip(
                _GROUP_MASKS, _GROUP_TOUCH, strict=True
            ):
                if gmask & mask != gmask:
                    continue
                if first_card and barred:
                    continue
                if not first_card and not touch & down:
                    continue
                if sum(self.values[_index(p)] for p in group) % 10 != card:
                    continue
                rest = piles[:i] + (pile[1:],) + piles[i + 1 :]
                for opened, left, _ in _reveal_tops(rest, unseen):
                    path = self._go(mask & ~gmask, opened, left, ending)
                    if path is not None:
                        return [(i + 1, pile[0], group), *path]
        if ending:
            rest = tuple(p[1:] for p in piles)
            for opened, left, _ in _reveal_tops(rest, unseen):
                path = self._go(mask, opened, left, False)
                if path is not None:
                    return ["end first ball", *path]
        self.failed.add(key)
        return None


def _index(letter: str) -> int:
    return ord(letter) - 65


def _any_hidden(piles: Piles) -> bool:
    return any(HIDDEN in p for p in piles)


def _reveal_tops(
    piles: Piles, unseen: tuple[int, ...]
) -> list[tuple[Piles, tuple[int, ...], bool]]:
    """Every way the face-down tops could turn up, from the numbers unseen."""
    slots = [i for i, p in enumerate(piles) if p and p[0] == HIDDEN]
    if not slots:
        return [(piles, unseen, False)]
    out = []
    digits = [d for d in range(10) if unseen[d]]
    for choice in product(digits, repeat=len(slots)):
        left = list(unseen)
        ok = True
        for d in choice:
            left[d] -= 1
            ok = ok and left[d] >= 0
        if not ok:
            continue
        new = list(piles)
        for slot, d in zip(slots, choice, strict=True):
            new[slot] = (str(d), *piles[slot][1:])
        out.append((tuple(new), tuple(left), True))
    return out
