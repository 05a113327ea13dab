"""A bunko night's client writes: what a table or the organiser may send, parsed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.formats import approval as shared
from referee.formats import current_round
from referee.formats.bunko_night import approval
from referee.formats.bunko_night import rules as night
from referee.formats.bunko_night.common import TITLES
from referee.formats.bunko_night.common import NightBase
from referee.formats.bunko_night.common import _counts
from referee.formats.bunko_night.common import _scores
from referee.formats.bunko_night.common import _whole
from referee.formats.bunko_night.paths import PATHS
from referee.games import text
from referee.games.dice import parse_die
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import only_fields


class NightWrites(NightBase):
    """Parse the events clients send (results, seating choices, corrections...)."""

    def parse_event(self, raw: Any, state: JSON) -> JSON:
        kind = shared.event_kind(raw)
        if kind in shared.KINDS:
            return approval.parse(raw, state)
        # The events its own paths send, with their fields (as the API reads them).
        fields = {w.event: w.names for w in PATHS if w.event is not None}
        if kind not in fields:
            raise BadInput(
                f"'{kind}' is not something to send a bunko night (one of: "
                f"{', '.join([*fields, *shared.KINDS])}).",
                field="type",
            )
        only_fields(raw, sorted(fields[kind]), f"'{kind}'", ignore=("type",))
        if kind in ("result", "correction"):
            return _result(kind, raw, state)
        if kind == "seating":
            return _seating(raw)
        if kind == "tie_break":
            return _tie_break(raw)
        return {"type": "end"}


def _result(kind: str, raw: Mapping[str, Any], state: JSON) -> JSON:
    """A ``result`` (a paper score) or a ``correction`` (the organiser's)."""
    rnd = current_round(state)
    number = _whole(raw.get("round", rnd["number"] if rnd else 1), "round")
    event = {
        "type": kind,
        "round": number,
        "table": _whole(raw.get("table"), "table"),
        "scores": _scores(raw.get("scores")),
        "bunkos": _counts(raw.get("bunkos"), "bunkos"),
        "wipeouts": _counts(raw.get("wipeouts"), "wipeouts"),
    }
    if kind == "result":
        event.update(source="report", match_seq=None)
    else:
        event["note"] = text.check(raw.get("note") or "", "note", "note")
    return event


def _seating(raw: Mapping[str, Any]) -> JSON:
    """A table's choice of who sits where next round."""
    seats = raw.get("seats")
    if isinstance(seats, str):
        seats = [s for s in seats.replace(",", " ").split() if s]
    if not isinstance(seats, list) or len(seats) != night.PER_TABLE:
        raise BadInput(
            "The seats are four names, clockwise from the table's first seat.",
            field="seats",
            example='["Kim", "Eve", "Lu", "Fay"]',
        )
    names = [text.check(s, "seats", "name") for s in seats]
    return {
        "type": "seating",
        "table": _whole(raw.get("table"), "table"),
        "seats": names,
    }


def _tie_break(raw: Mapping[str, Any]) -> JSON:
    """One roll-off for the overall winner or loser."""
    title = raw.get("title")
    if title not in TITLES:
        raise BadInput(
            "The title is 'winner' (most wins) or 'loser' (most losses).",
            field="title",
            example='"winner"',
        )
    rolls = raw.get("rolls")
    if not isinstance(rolls, Mapping) or not rolls:
        raise BadInput(
            "The rolls are one die per tied player: {name: die}.",
            field="rolls",
            example='{"Ann": 5, "Bob": 2}',
        )
    try:
        dice = {str(p): parse_die(d) for p, d in rolls.items()}
    except BadInput as err:
        raise BadInput(err.message, field="rolls", example=err.example) from None
    return {"type": "tie_break", "title": title, "rolls": dice}
