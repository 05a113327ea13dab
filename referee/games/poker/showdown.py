"""The showdown: each player's best hand under the game's rules, winners, split.

``Judge`` carries what a game decides (high, low or high/low; wild cards; the low
ranking). ``best`` names a player's hands; ``winners`` picks the best of several;
``split_winners`` feeds ``pot.award`` (one list of winners per part of the pot).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass

from referee.games.poker import hands as hl
from referee.games.poker import pot as potlib

MODES = ("high", "low", "high-low")


@dataclass(frozen=True)
class Judge:
    """How a game ranks hands at its showdown."""

    mode: str = "high"  # "high", "low" or "high-low"
    wilds: hl.Wilds = hl.NO_WILDS
    low: hl.LowRule = hl.ACE_TO_FIVE

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown showdown mode {self.mode!r}")

    @property
    def parts(self) -> tuple[str, ...]:
        """The parts the pot is cut into: ("high",), ("low",) or ("high", "low")."""
        return ("high", "low") if self.mode == "high-low" else (self.mode,)

    def describe(self) -> str:
        what = {
            "high": "high hand wins",
            "low": f"low hand wins, {self.low.title}",
            "high-low": f"high and low split, low {self.low.title}",
        }[self.mode]
        return f"{what}; {self.wilds.describe()}"


def best(
    cards: Sequence[str], judge: Judge, wilds: hl.Wilds | None = None
) -> dict[str, hl.Hand]:
    """A player's best hand for each part (``wilds`` overrides the game's for them)."""
    w = judge.wilds if wilds is None else wilds
    out: dict[str, hl.Hand] = {}
    for part in judge.parts:
        out[part] = (
            hl.best_high(cards, w)
            if part == "high"
            else hl.best_low(cards, judge.low, w)
        )
    return out


def winners(hands: Mapping[int, hl.Hand]) -> list[int]:
    """The seats holding the best hand (several on an exact tie), in seat order."""
    if not hands:
        return []
    top = max(h.key for h in hands.values())
    return sorted(s for s, h in hands.items() if h.key == top)


def split_winners(
    best_hands: Mapping[int, Mapping[str, hl.Hand]], judge: Judge
) -> Callable[[list[int]], list[list[int]]]:
    """The ``winners`` callback ``pot.award`` wants: one winners list per part."""

    def pick(eligible: list[int]) -> list[list[int]]:
        return [
            winners({s: best_hands[s][part] for s in eligible if s in best_hands})
            for part in judge.parts
        ]

    return pick


def judge_table(
    hands: Mapping[int, Sequence[str]],
    judge: Judge,
    *,
    pot_size: int = 0,
    order: Sequence[int] | None = None,
) -> dict[str, object]:
    """A whole showdown: each seat's best hands, the winners of each part, the split.

    ``pot_size`` chips are shared out (odd chips to the high part, then in ``order``,
    seat order from the dealer's left; default seat order).
    """
    best_hands = {s: best(cards, judge) for s, cards in hands.items()}
    seats = sorted(hands)
    order = list(order) if order is not None else seats
    parts = {
        part: winners({s: best_hands[s][part] for s in seats}) for part in judge.parts
    }
    pot = potlib.new_pot(max(seats) + 1 if seats else 0, carried=pot_size)
    pot["folded"] = [s not in hands for s in range(len(pot["put"]))]
    awarded = potlib.award(pot, order, split_winners(best_hands, judge))
    return {"best": best_hands, "winners": parts, "award": awarded}
