"""Organiser approval of results, for any pairing format.

The organiser turns it on (or off) with an ``approval`` event in the tournament's
log. While it is on, a result (from a match that ended, or entered from a station's
or the organiser's result form) waits on its pairing as ``pending``: it does not
count in the standings, does not decide who plays on, and the tournament is not over,
until the organiser sends ``approve`` for that pairing. The organiser's
``correction`` counts at once (it is the organiser's own word) and clears a pending
result. Byes need no approval. The station and its players are free meanwhile.

Pure: the state is JSON; every step is kept in the tournament's log with who sent it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.formats import approval as shared
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Step

KINDS = shared.KINDS

EVENTS = (
    shared.APPROVAL,
    EventKind(
        "approve",
        "Approve a result",
        "The organiser approves the result waiting on a pairing: it counts now.",
        (Field("pairing", "integer", "The pairing's number (as listed).", minimum=1),),
        (
            Example(
                {"type": "approve", "pairing": 1},
                setup=(
                    {"type": "approval", "required": True},
                    {"type": "result", "pairing": 1, "winner": "Ann", "score": [3, 1]},
                ),
            ),
        ),
    ),
)


def parse(raw: Mapping[str, Any], state: JSON) -> JSON:
    """An ``approval`` or ``approve`` event as sent; ``BadInput`` if malformed."""
    if raw.get("type") == "approval":
        return shared.parse_approval(raw)
    shared.check_fields(raw, {"pairing"}, '{"type": "approve", "pairing": 1}')
    number = raw.get("pairing")
    if isinstance(number, bool) or not isinstance(number, int):
        raise BadInput(
            "'pairing' is the pairing's number.",
            field="pairing",
            example='{"type": "approve", "pairing": 1}',
        )
    if not 1 <= number <= len(state["pairings"]):
        raise BadInput(f"There is no pairing {number}.", field="pairing")
    return {"type": "approve", "pairing": number}


def waits(state: JSON, stored: JSON) -> bool:
    """Whether a result must wait for approval (approval on, and not a bye)."""
    return shared.required(state) and stored.get("source") != "auto"


def _release(state: JSON) -> int:
    waiting = [p for p in state["pairings"] if p.get("pending")]
    for p in waiting:
        p["result"], p["pending"] = p["pending"], None
    return len(waiting)


def apply(state: JSON, event: JSON, text: Any) -> Step:
    """Fold ``approval`` or ``approve``; ``text(result, entrants)`` words a result."""
    if event["type"] == "approval":
        return shared.switch(state, event, _release)
    p = state["pairings"][int(event["pairing"]) - 1]
    pending = p.get("pending")
    if not pending:
        raise Refused(f"Pairing {p['number']} has no result waiting for approval.")
    p["result"], p["pending"] = pending, None
    return Step(
        state, shared.approved(f"{p['label']}: {text(p['result'], p['entrants'])}.")
    )
