"""A bunko night's organiser approval of table results.

The shared events (``referee.formats.approval``): ``approval`` turns it on or off.
A night's result is named by its round and table, so ``approve`` is ``{round,
table}`` (the round defaults to the one being played). While approval is on, a
table's result (reported on paper, or its scorepad's game over) waits in its round's
``pending``: the table has finished playing (the head table's finish still calls
stop, which is a matter of play), but the result counts in no tally and decides no
seat of the next round until the organiser approves it. A correction counts at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.formats import approval as shared
from referee.formats import current_round
from referee.formats.bunko_night import rules as night
from referee.formats.bunko_night.common import _result_text
from referee.formats.bunko_night.common import _round
from referee.formats.bunko_night.common import _whole
from referee.formats.bunko_night.rules import GameResult
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Step

APPROVE_EXAMPLE = '{"type": "approve", "round": 1, "table": 2}'

EVENTS = (
    shared.APPROVAL,
    EventKind(
        "approve",
        "Approve a table's result",
        "The organiser approves the result waiting at a table in a round: it "
        "counts in the tallies and the rotation now.",
        (
            Field(
                "round",
                "integer",
                "The round (default: the one being played).",
                required=False,
                minimum=1,
            ),
            Field("table", "integer", "The table's number (1: head table).", minimum=1),
        ),
        (
            Example(
                {"type": "approve", "round": 1, "table": 1},
                setup=(
                    {"type": "approval", "required": True},
                    {"type": "result", "table": 1, "scores": [21, 12]},
                ),
            ),
        ),
    ),
)


def parse(raw: Mapping[str, Any], state: JSON) -> JSON:
    """An ``approval`` or ``approve`` event as sent; ``BadInput`` if malformed."""
    if raw.get("type") == "approval":
        return shared.parse_approval(raw)
    shared.check_fields(raw, {"round", "table"}, APPROVE_EXAMPLE)
    rnd = current_round(state)
    return {
        "type": "approve",
        "round": _whole(raw.get("round", rnd["number"] if rnd else 1), "round"),
        "table": _whole(raw.get("table"), "table"),
    }


def release(state: JSON) -> int:
    """Let every waiting result count (approval turned off); how many there were."""
    count = 0
    for rnd in state["rounds"]:
        waiting = rnd.get("pending") or {}
        rnd["results"].update(waiting)
        count += len(waiting)
        rnd["pending"] = {}
    if count:
        state["choices"] = {}
    return count


def approve(state: JSON, event: JSON) -> Step:
    """Fold an ``approve``: the result waiting at that round's table counts now."""
    number = event["round"]
    if not 1 <= number <= len(state["rounds"]):
        raise BadInput(
            f"There is no round {number} yet (rounds so far: {len(state['rounds'])}).",
            field="round",
        )
    rnd = state["rounds"][number - 1]
    table = _round(rnd).table(event["table"])
    key = str(table.number)
    waiting = (rnd.get("pending") or {}).pop(key, None)
    if waiting is None:
        raise Refused(
            f"Round {number}, table {table.number} has no result waiting for approval."
        )
    rnd["results"][key] = waiting
    state["choices"] = {}
    text = _result_text(table, len(rnd["tables"]), GameResult.from_json(waiting))
    return Step(state, shared.approved(f"round {number}: {text}", (night.R_WIN_LOSS,)))
