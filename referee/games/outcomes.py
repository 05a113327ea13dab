"""What the referee says: the three outcomes of any input, and their JSON shapes.

Three outcomes for any input, kept apart all the way to the HTTP status:

* ``BadInput``: the input cannot describe anything real (``T25``, a die showing 7).
  Rejected, nothing stored (422).
* ``Refused``: well formed, but against the rules in this state, and the player can
  do something else instead (a roll out of turn). Nothing stored (409).
* a ``Ruling`` in a ``Step``: it happened; fouls and busts are recorded with their
  penalty (201).

Pure and at the bottom of the engine layer: it imports nothing of the referee, so
every helper (notation, cards, darts, dice, text) can import it.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import asdict
from dataclasses import dataclass
from dataclasses import field
from enum import StrEnum
from typing import Any

JSON = dict[str, Any]


class Verdict(StrEnum):
    """What the referee says about an event that happened."""

    OK = "ok"
    WIN = "win"  # the event ended a leg, game or match
    FOUL = "foul"
    BUST = "bust"
    WIPEOUT = "wipeout"
    WARNING = "warning"
    FORFEIT = "forfeit"
    ILLEGAL = "illegal"  # only inside a Refused: nothing was recorded
    VOID = "void"  # a hand or rack cancelled without score


class BadInput(ValueError):
    """Input that cannot describe anything real; names the field, shows an example.

    ``message`` and ``example`` are the API's words (a field in quotes, JSON); a page
    says it with ``label`` (the field as its form labels it) and ``sample`` (a value
    as the form takes it): see ``referee.web.errors.page_error``.
    """

    def __init__(
        self,
        message: str,
        *,
        field: str = "event",
        example: str = "",
        label: str = "",
        sample: str = "",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.example = example
        self.label = label
        self.sample = sample

    @property
    def errors(self) -> dict[str, str]:
        text = self.message
        if self.example and "e.g." not in text and "example" not in text.lower():
            text = f"{text} Example: {self.example}"
        return {self.field: text}

    def __str__(self) -> str:
        return self.errors[self.field]


def only_fields(
    raw: Mapping[str, Any],
    fields: Sequence[str],
    what: str,
    *,
    ignore: Sequence[str] = (),
    where: str = "",
    example: str = "",
) -> None:
    """``BadInput`` naming the first key of ``raw`` (sorted) that is not one of
    ``fields`` (nor ``ignore``): "'x' is not a field of <what> (fields: ...)".

    The error's field is ``where.x`` (``x`` alone without ``where``).
    """
    extra = sorted(set(raw) - set(fields) - set(ignore))
    if extra:
        raise BadInput(
            f"'{extra[0]}' is not a field of {what} "
            f"(fields: {', '.join(fields) or 'none'}).",
            field=f"{where}.{extra[0]}" if where else extra[0],
            example=example,
        )


class Refused(ValueError):
    """A well-formed action the rules do not allow now; carries the ruling."""

    def __init__(self, summary: str, rules: Sequence[str] = (), **extra: Any) -> None:
        super().__init__(summary)
        self.ruling = Ruling(Verdict.ILLEGAL, summary, tuple(rules), **extra)


@dataclass(frozen=True)
class Penalty:
    """A penalty applied to a side: who, why, how many points (negative = lost)."""

    side: str
    reason: str
    points: int = 0
    rule: str = ""

    def to_json(self) -> JSON:
        return asdict(self)


@dataclass(frozen=True)
class Ruling:
    """What the referee says: a verdict, one sentence, the rules it rests on.

    ``score`` maps a side's name to the change this event made to its score;
    ``options`` names the match options that changed this ruling.
    """

    verdict: Verdict | str
    summary: str
    rules: tuple[str, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    score: Mapping[str, int] = field(default_factory=dict)
    options: tuple[str, ...] = ()

    def to_json(self) -> JSON:
        return {
            "verdict": str(self.verdict),
            "summary": self.summary,
            "rules": list(self.rules),
            "penalties": [p.to_json() for p in self.penalties],
            "score": dict(self.score),
            "options": list(self.options),
        }


STRINGS: JSON = {"type": "array", "items": {"type": "string"}}

# JSON Schemas of Penalty.to_json() and Ruling.to_json(), for tools that answer with
# a ruling (the OpenAPI document uses the same ones).
PENALTY_SCHEMA: JSON = {
    "type": "object",
    "required": ["side", "reason", "points", "rule"],
    "properties": {
        "side": {"type": "string"},
        "reason": {"type": "string"},
        "points": {"type": "integer"},
        "rule": {"type": "string"},
    },
    "additionalProperties": False,
}
RULING_SCHEMA: JSON = {
    "type": "object",
    "required": ["verdict", "summary", "rules", "penalties", "score", "options"],
    "properties": {
        "verdict": {"enum": [str(v) for v in Verdict]},
        "summary": {"type": "string"},
        "rules": STRINGS,
        "penalties": {"type": "array", "items": PENALTY_SCHEMA},
        "score": {"type": "object", "additionalProperties": {"type": "integer"}},
        "options": STRINGS,
    },
    "additionalProperties": False,
}


@dataclass(frozen=True)
class Step:
    """The result of applying one event: the new state and the ruling on it."""

    state: JSON
    ruling: Ruling
