"""One betting round, shared by the poker games: whose turn, what each action costs.

A round is a plain JSON dict kept in the game's state beside its pot::

    {"first": 1, "turn": 2, "acted": [1], "high": 5, "raises": 0, "done": false,
     "limit": 0, "max_raises": 0, "rules": ["poker-draw/betting"]}

``open_round`` starts one (the pot's per-round bets reset); ``act`` applies
``check``, ``bet``, ``call``, ``raise`` or ``fold`` for the seat whose turn it is and
says whether the round is complete. The round is complete when every player still
in who is not all in has acted since the last bet or raise and owes nothing, or when
one player is left. ``raise`` amounts are *by* how much ("raise 5" on a bet of 5
makes it 10). A call for less than is owed is an all-in call.

Refusals carry the rule ids the game passed in ``rules``: the game cites its own
rulebook.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.poker import pot as potlib

JSON = dict[str, Any]
ACTIONS = ("check", "bet", "call", "raise", "fold")


def open_round(
    pot: JSON,
    first: int,
    *,
    rules: Sequence[str],
    limit: int = 0,
    max_raises: int = 0,
) -> tuple[JSON, JSON]:
    """A new betting round starting with ``first`` (or the next player still in).

    ``limit``: the most a bet or raise may be (0: no limit); ``max_raises``: how many
    raises a round allows (0: no cap). Returns ``(round, pot)``.
    """
    pot = potlib.new_round(pot)
    rnd: JSON = {
        "first": first,
        "turn": None,
        "acted": [],
        "high": 0,
        "raises": 0,
        "done": False,
        "limit": limit,
        "max_raises": max_raises,
        "rules": list(rules),
    }
    return _advance(rnd, pot, first - 1), pot


def act(
    rnd: JSON,
    pot: JSON,
    seat: int,
    action: str,
    amount: int | None = None,
    *,
    names: Sequence[str],
    all_in: bool = False,
) -> tuple[JSON, JSON, str]:
    """Apply one action; returns ``(round, pot, what happened in words)``.

    Refused: out of turn, a check facing a bet, a bet when there is one already, a
    raise over the limit or the cap. BadInput: an unknown action, a missing or
    non-positive amount.
    """
    rules = tuple(rnd["rules"])
    who = names[seat]
    if action not in ACTIONS:
        raise BadInput(
            f"'{action}' is not a betting action (one of: {', '.join(ACTIONS)}).",
            field="action",
            example='{"type": "bet", "player": 0, "action": "bet", "amount": 5}',
        )
    if rnd["done"]:
        raise Refused("This betting round is over.", rules)
    if seat != rnd["turn"]:
        raise Refused(f"It is {names[rnd['turn']]}'s turn to bet, not {who}'s.", rules)
    due = potlib.owed(pot, seat)
    if action == "check":
        if due:
            raise Refused(
                f"{who} cannot check: {due} to call. Call, raise or fold.", rules
            )
        words = f"{who} checks."
    elif action == "fold":
        pot = potlib.fold(pot, seat)
        words = f"{who} folds."
    elif action == "call":
        if not due:
            raise Refused(f"{who} owes nothing: check or bet instead.", rules)
        pay = due if amount is None else amount
        if pay <= 0 or pay > due:
            raise Refused(f"A call costs {due}; to put in more, raise.", rules)
        short = pay < due
        pot = potlib.add(pot, seat, pay, "call", all_in=short or all_in)
        words = f"{who} calls {pay}" + (" and is all in." if short or all_in else ".")
    else:
        size = _amount(amount, action, seat)
        if rnd["limit"] and size > rnd["limit"]:
            raise Refused(
                f"The most a bet or raise may be is {rnd['limit']}; {size} asked.",
                rules,
            )
        if action == "bet":
            if rnd["high"]:
                raise Refused(
                    f"There is already a bet of {rnd['high']}: call, raise or fold.",
                    rules,
                )
            pot = potlib.add(pot, seat, size, "bet", all_in=all_in)
            rnd = {**rnd, "high": size, "acted": []}
            words = f"{who} bets {size}."
        else:
            if not rnd["high"]:
                raise Refused(
                    f"Nobody has bet yet: {who} may check or bet {size}.", rules
                )
            if rnd["max_raises"] and rnd["raises"] >= rnd["max_raises"]:
                raise Refused(
                    f"The betting is capped at {rnd['max_raises']} raises: "
                    "call or fold.",
                    rules,
                )
            pot = potlib.add(pot, seat, due + size, "raise", all_in=all_in)
            high = rnd["high"] + size
            rnd = {**rnd, "high": high, "acted": [], "raises": rnd["raises"] + 1}
            words = f"{who} raises {size} to {high}."
    rnd = {**rnd, "acted": [*rnd["acted"], seat]}
    return _advance(rnd, pot, seat), pot, words


def folded_outside(rnd: JSON, pot: JSON, seat: int) -> JSON:
    """``seat`` folded other than by acting (it would not pay for a card): the round
    goes on without it, its turn passed on, or closes if one player is left."""
    if rnd["done"]:
        return rnd
    if rnd["turn"] == seat or len(potlib.live(pot)) <= 1:
        return _advance(rnd, pot, seat)
    return rnd


def to_act(rnd: JSON, pot: JSON) -> list[int]:
    """Seats that still have to act in this round, in turn order."""
    n = len(pot["put"])
    start = rnd["turn"] if rnd["turn"] is not None else rnd["first"]
    return [s for s in potlib.seats_from(start, n) if _needs(rnd, pot, s)]


def options_for(rnd: JSON, pot: JSON, seat: int) -> list[str]:
    """The actions open to ``seat`` now (for the page's buttons)."""
    if rnd["done"] or seat != rnd["turn"]:
        return []
    if potlib.owed(pot, seat):
        capped = rnd["max_raises"] and rnd["raises"] >= rnd["max_raises"]
        return ["call", "fold"] if capped else ["call", "raise", "fold"]
    return ["check", "raise", "fold"] if rnd["high"] else ["check", "bet", "fold"]


# --- private helpers -----------------------------------------------------------------


def _amount(amount: int | None, action: str, seat: int) -> int:
    if amount is None or amount <= 0:
        raise BadInput(
            f"A {action} needs a positive 'amount' (chips).",
            field="amount",
            example=f'{{"type": "bet", "player": {seat}, "action": "{action}", '
            '"amount": 5}',
        )
    return amount


def _active(pot: JSON) -> list[int]:
    return [s for s in potlib.live(pot) if not pot["all_in"][s]]


def _needs(rnd: JSON, pot: JSON, seat: int) -> bool:
    if pot["folded"][seat] or pot["all_in"][seat]:
        return False
    return seat not in rnd["acted"] or potlib.owed(pot, seat) > 0


def _advance(rnd: JSON, pot: JSON, after: int) -> JSON:
    """Pass the turn to the next seat that must act, or close the round."""
    n = len(pot["put"])
    active = _active(pot)
    everyone_matched = all(potlib.owed(pot, s) == 0 for s in active)
    if len(potlib.live(pot)) <= 1 or (len(active) <= 1 and everyone_matched):
        return {**rnd, "turn": None, "done": True}
    for seat in potlib.seats_from((after + 1) % n, n):
        if _needs(rnd, pot, seat):
            return {**rnd, "turn": seat, "done": False}
    return {**rnd, "turn": None, "done": True}
