"""Organiser approval of results: what every tournament format shares.

The organiser turns approval on (or off) with ``{"type": "approval", "required":
true}``. While it is on, a reported result waits as ``pending`` and counts only once
the organiser sends ``approve`` for it; how an ``approve`` names its result is the
format's own (a pairing's number; a night's round and table). Turning approval off
lets every waiting result count at once. The organiser's correction always counts
at once: it is the organiser's own word.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

KINDS = ("approval", "approve")
APPROVAL_EXAMPLE = '{"type": "approval", "required": true}'

APPROVAL = EventKind(
    "approval",
    "Require the organiser's approval",
    "On: every result waits for the organiser's approval before it counts "
    "(a correction counts at once). Off: results count as they come, and those "
    "waiting count now.",
    (Field("required", "boolean", "Whether results wait for approval."),),
    (Example({"type": "approval", "required": True}),),
)


def event_kind(raw: Any) -> Any:
    """The ``type`` of a client's event; ``BadInput`` if it is not an object."""
    if not isinstance(raw, Mapping):
        raise BadInput("An event is an object with a 'type'.", field="event")
    return raw.get("type")


def required(state: JSON) -> bool:
    """Whether results wait for the organiser's approval now."""
    return bool(state.get("approval"))


def check_fields(raw: Mapping[str, Any], allowed: set[str], example: str) -> None:
    """``BadInput`` naming the first field of ``raw`` that is not in ``allowed``."""
    extra = sorted(set(raw) - allowed - {"type"})
    if extra:
        raise BadInput(
            f"'{extra[0]}' is not a field of '{raw.get('type')}'.",
            field=extra[0],
            example=example,
        )


def parse_approval(raw: Mapping[str, Any]) -> JSON:
    """An ``approval`` event as sent; ``BadInput`` if malformed."""
    check_fields(raw, {"required"}, APPROVAL_EXAMPLE)
    value = raw.get("required")
    if not isinstance(value, bool):
        raise BadInput(
            "'required' is true or false.", field="required", example=APPROVAL_EXAMPLE
        )
    return {"type": "approval", "required": value}


def switch(state: JSON, event: JSON, release: Callable[[JSON], int]) -> Step:
    """Fold an ``approval`` event; ``release(state)`` lets the waiting results count
    when it is turned off and says how many there were."""
    state["approval"] = bool(event["required"])
    if state["approval"]:
        return Step(
            state, Ruling(Verdict.OK, "Results now wait for the organiser's approval.")
        )
    count = release(state)
    more = f" {count} waiting result(s) count now." if count else ""
    return Step(state, Ruling(Verdict.OK, "Results count as they come." + more))


def approved(text: str, rules: tuple[str, ...] = ()) -> Ruling:
    """The ruling on an ``approve``: the result, worded by the format, counts now."""
    return Ruling(Verdict.WIN, f"Approved, {text}", rules)
