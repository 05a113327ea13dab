"""Is a strike or a spare still reachable? A depth-first search over the plays.

Ball cards still face down are written ``?``: a hidden card's number only matters when
it is bowled, so the search lets it be, at that moment, any number the pack still has
unseen. "Reachable" then means "possible if the hidden cards fall right"
(``depends_on_hidden``). With every card known it is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from operator import or_

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
# the pins next to a group (a bitwise union: neighbours shared by two pins count once)
_GROUP_TOUCH = tuple(reduce(or_, (_ADJ_MASK[p] for p in g)) for g in GROUPS)

Piles = tuple[tuple[str, ...], ...]


Move = tuple[int, str, tuple[str, ...], bool] | str  # pile, card, pins, was face down


@dataclass(frozen=True)
class Line:
    """One way through: plays ``(pile, card, pins, hidden)`` and "end first ball"."""

    moves: tuple[Move, ...]

    @property
    def hidden(self) -> bool:
        """Some card in it was face down when asked."""
        return any(not isinstance(m, str) and m[3] for m in self.moves)


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
    start = tuple(tuple(p) for p in piles)
    left = tuple(unseen)
    strike: Line | None = None
    spare: Line | None = None
    if ball == 1:
        strike = search.run(mask, start, left, ending=False)
        if second_ball:
            spare = search.run(mask, start, left, ending=True)
    else:
        spare = search.run(mask, start, left, ending=False)
    return Reach(strike, spare)


class _Search:
    def __init__(self, values: tuple[int, ...]) -> None:
        self.values = values
        self.failed: set[tuple[object, ...]] = set()
        self.sums = tuple(
            sum(values[_index(p)] for p in group) % 10 for _, group, _ in _GROUP_MASKS
        )

    def run(
        self, mask: int, piles: Piles, unseen: tuple[int, ...], *, ending: bool
    ) -> Line | None:
        path = self._go(mask, piles, unseen, ending)
        return None if path is None else Line(tuple(path))

    def _go(
        self, mask: int, piles: Piles, unseen: tuple[int, ...], ending: bool
    ) -> list[Move] | None:
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
            hidden = pile[0] == HIDDEN
            card = -1 if hidden else int(pile[0])
            rest = piles[:i] + (pile[1:],) + piles[i + 1 :]
            for n, ((gmask, group, barred), touch) in enumerate(
                zip(_GROUP_MASKS, _GROUP_TOUCH, strict=True)
            ):
                if gmask & mask != gmask:
                    continue
                if first_card and barred:
                    continue
                if not first_card and not touch & down:
                    continue
                digit = self.sums[n]
                left = unseen
                if hidden:
                    # the face-down card is bowled as the number it turns out to be
                    if not unseen[digit]:
                        continue
                    left = unseen[:digit] + (unseen[digit] - 1,) + unseen[digit + 1 :]
                elif digit != card:
                    continue
                path = self._go(mask & ~gmask, rest, left, ending)
                if path is not None:
                    return [(i + 1, str(digit), group, hidden), *path]
        if ending:
            # the thrown-away tops' numbers never matter
            path = self._go(mask, tuple(p[1:] for p in piles), unseen, False)
            if path is not None:
                return ["end first ball", *path]
        self.failed.add(key)
        return None


def _index(letter: str) -> int:
    return ord(letter) - 65
