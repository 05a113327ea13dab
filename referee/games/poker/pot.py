"""The pot keeper: chips stay on the table, the referee keeps the account.

A pot is a plain JSON dict (it lives inside a game's state)::

    {"put": [5, 5, 2], "round": [4, 4, 0], "folded": [false, false, true],
     "all_in": [false, false, false], "carried": 0, "log": [...]}

``put`` is what each seat has put in this deal (antes, bets, payments); ``round``
what it has bet in the current betting round (antes and payments do not count
there); ``carried`` chips already in the pot from before this deal (a redeal after
nobody opened, a progressive jackpot), which belong to the main pot; ``log`` one
entry per movement: ``{"seat", "what", "amount", "note"}`` with ``what`` one of
``ante``, ``bet``, ``call``, ``raise``, ``pay``, ``fold``.

Every function returns a new dict and leaves its input alone.

The share rules (rulebook ``poker-draw/split-pot``): equal hands split a pot exactly;
chips that do not divide go one at a time to the tied winners in seat order starting
left of the dealer. In high/low the pot is halved first and an odd chip goes to the
high half. A player who is all in can win only the chips every other player matched
(the main pot); the rest forms side pots among the players who put it in.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

JSON = dict[str, Any]
KINDS = ("ante", "bet", "call", "raise", "pay", "fold")


def new_pot(seats: int, carried: int = 0) -> JSON:
    """An empty pot for ``seats`` players, holding ``carried`` chips from before."""
    return {
        "put": [0] * seats,
        "round": [0] * seats,
        "folded": [False] * seats,
        "all_in": [False] * seats,
        "carried": carried,
        "log": [],
    }


def total(pot: JSON) -> int:
    """Every chip in the pot now: what "match the pot" costs."""
    return int(pot["carried"]) + sum(pot["put"])


def match_the_pot(pot: JSON) -> int:
    """The price of a payment that matches the pot (the pot as it stands)."""
    return total(pot)


def owed(pot: JSON, seat: int) -> int:
    """What ``seat`` must add to stay in this betting round."""
    return max(pot["round"]) - pot["round"][seat]


def live(pot: JSON) -> list[int]:
    """Seats still in the hand (not folded), in seat order."""
    return [s for s, out in enumerate(pot["folded"]) if not out]


def add(
    pot: JSON,
    seat: int,
    amount: int,
    what: str,
    note: str = "",
    *,
    all_in: bool = False,
) -> JSON:
    """Record ``amount`` chips put in by ``seat``.

    ``what`` is ``ante`` or ``pay`` (outside the betting: they do not count toward
    calling) or ``bet``, ``call``, ``raise`` (they do).
    """
    if what not in KINDS or what == "fold":
        raise ValueError(f"unknown pot entry {what!r}")
    if amount < 0:
        raise ValueError("a negative amount")
    out = _copy(pot)
    out["put"][seat] += amount
    if what in ("bet", "call", "raise"):
        out["round"][seat] += amount
    if all_in:
        out["all_in"][seat] = True
    out["log"].append({"seat": seat, "what": what, "amount": amount, "note": note})
    return out


def ante_all(pot: JSON, amount: int, seats: Sequence[int] | None = None) -> JSON:
    """Everyone (or ``seats``) antes ``amount``."""
    out = pot
    for seat in range(len(pot["put"])) if seats is None else seats:
        out = add(out, seat, amount, "ante")
    return out


def fold(pot: JSON, seat: int, note: str = "") -> JSON:
    """``seat`` is out of the hand; its chips stay in the pot."""
    out = _copy(pot)
    out["folded"][seat] = True
    out["log"].append({"seat": seat, "what": "fold", "amount": 0, "note": note})
    return out


def new_round(pot: JSON) -> JSON:
    """A new betting round: nobody has bet in it yet."""
    out = _copy(pot)
    out["round"] = [0] * len(out["round"])
    return out


def carry(pot: JSON, seats: int | None = None) -> JSON:
    """A fresh deal that keeps every chip already in (redeal, progressive jackpot)."""
    return new_pot(len(pot["put"]) if seats is None else seats, total(pot))


def pots(pot: JSON) -> list[JSON]:
    """The main pot and any side pots: ``[{"amount", "eligible": [seats]}]``.

    Side pots only arise when someone is all in for less than the others put in.
    Antes and payments are not bets: a player still in who is not all in may win
    every pot, whatever each one paid (Cy paying for a face-up three does not make
    the pot Cy's alone).
    """
    put = pot["put"]
    alive = live(pot)
    capped = [s for s in alive if pot["all_in"][s]]
    levels = sorted({put[s] for s in capped} | {max(put, default=0)})
    out: list[JSON] = []
    below = 0
    for level in levels:
        amount = sum(min(p, level) - min(p, below) for p in put)
        eligible = [s for s in alive if s not in capped or put[s] >= level]
        if not out:
            amount += int(pot["carried"])
        if eligible:
            out.append({"amount": amount, "eligible": eligible})
        elif out:  # chips nobody still in can claim go to the pot below
            out[-1]["amount"] += amount
        below = level
    if not out:
        out.append({"amount": total(pot), "eligible": alive})
    return out


def split(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """``amount`` shared equally by ``winners``; odd chips go in ``order``.

    ``order`` lists the seats starting left of the dealer.
    """
    if not winners:
        return {}
    ranked = sorted(winners, key=lambda s: order.index(s) if s in order else len(order))
    each, odd = divmod(amount, len(ranked))
    return {s: each + (1 if i < odd else 0) for i, s in enumerate(ranked)}


def award(
    pot: JSON,
    order: Sequence[int],
    winners: Callable[[list[int]], list[list[int]]],
) -> list[JSON]:
    """Who takes which share of each pot.

    ``winners(eligible)`` returns the winning seats of each part of a pot: one list for
    a high-only game, two (high, low) for a high/low split. A pot is cut into equal
    parts first (an odd chip to the first part, the high), then each part is split
    among its winners. Answer: one entry per pot ``{"amount", "eligible", "parts":
    [{"winners", "amount", "shares": [{"seat", "chips"}]}]}``.
    """
    out = []
    for entry in pots(pot):
        groups = [g for g in winners(list(entry["eligible"])) if g] or [
            list(entry["eligible"])
        ]
        sizes = split(
            entry["amount"], list(range(len(groups))), list(range(len(groups)))
        )
        parts = []
        for i, group in enumerate(groups):
            share = split(sizes[i], group, order)
            parts.append(
                {
                    "winners": list(group),
                    "amount": sizes[i],
                    "shares": [{"seat": s, "chips": c} for s, c in share.items()],
                }
            )
        out.append(
            {"amount": entry["amount"], "eligible": entry["eligible"], "parts": parts}
        )
    return out


def payouts(awarded: Sequence[JSON]) -> dict[int, int]:
    """Total chips each seat takes from ``award``'s answer."""
    got: dict[int, int] = {}
    for entry in awarded:
        for part in entry["parts"]:
            for share in part["shares"]:
                seat = int(share["seat"])
                got[seat] = got.get(seat, 0) + int(share["chips"])
    return got


def seats_from(first: int, seats: int) -> list[int]:
    """Every seat in order starting with ``first`` (clockwise)."""
    return [(first + i) % seats for i in range(seats)]


def _copy(pot: JSON) -> JSON:
    return {
        "put": list(pot["put"]),
        "round": list(pot["round"]),
        "folded": list(pot["folded"]),
        "all_in": list(pot["all_in"]),
        "carried": pot["carried"],
        "log": list(pot["log"]),
    }
