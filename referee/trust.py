"""Confirmation mode: which entries another side has confirmed, challenged, or not yet.

Pure: it reads the rows of a match's log (``kind``, ``seq``, ``data``, ``actor``)
and says, for every event that still counts, who entered it (or its correction in
force), who confirmed it and whether it is challenged. The ledger writes the
``confirm`` and ``challenge`` rows; this module only reads them.

Readings chosen: an entry is the event in force at a seq (the original event, or the
correction that replaced it); a correction must be confirmed again. An undo needs no
confirmation (it takes an entry out; the other side can challenge what follows).
A side never confirms its own entry; a scorer's entry (no side, outside
confirmation mode) may be confirmed by any side. A side removes or corrects only its
own entries (``same_side``): another side's entry, confirmed or not, is challenged.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

# Rows that change nothing in the game: a stale page may still write after them.
QUIET_KINDS = frozenset({"confirm", "challenge"})


@dataclass
class Mark:
    """The trust of one entry in force: the row that says it now and who said it."""

    seq: int  # the event's own seq (what the log calls the entry)
    row: int  # the row in force: the event, or the correction that replaced it
    actor: str  # who wrote that row ("" the scorer, "side 1"...)
    confirmed_by: str | None = None
    challenges: list[dict[str, Any]] = field(default_factory=list)

    @property
    def confirmed(self) -> bool:
        return self.confirmed_by is not None

    @property
    def challenged(self) -> bool:
        return bool(self.challenges) and not self.confirmed

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "row": self.row,
            "entered_by": self.actor or "scorer",
            "confirmed_by": self.confirmed_by,
            "challenges": self.challenges,
        }


def side_of(actor: str) -> int | None:
    """The side index an actor writes for ("side 2" -> 2), None for the scorer."""
    if actor.startswith("side "):
        return int(actor.split()[1])
    return None


def same_side(one: str, other: str) -> bool:
    """Whether two actors write for the same side (the scorer counts as side 0)."""
    return (side_of(one) or 0) == (side_of(other) or 0)


def may_confirm(confirmer: str, writer: str) -> bool:
    """A side confirms another side's entries (or a scorer's), never its own."""
    mine = side_of(confirmer)
    return mine is not None and mine != side_of(writer)


def marks(log: Iterable[Any]) -> dict[int, Mark]:
    """Every entry in force, by its seq, with who confirmed or challenged it."""
    current: dict[int, Mark] = {}
    confirmed: dict[int, str] = {}  # row seq -> who confirmed it
    challenged: dict[int, list[dict[str, Any]]] = {}
    for row in log:
        if row.kind == "event":
            current[row.seq] = Mark(row.seq, row.seq, row.actor or "")
        elif row.kind == "undo":
            current.pop(int(row.data["target"]), None)
        elif row.kind == "amend":
            target = int(row.data["target"])
            if target in current:
                current[target] = Mark(target, row.seq, row.actor or "")
        elif row.kind == "confirm":
            for target in row.data.get("rows", []):
                confirmed.setdefault(int(target), row.actor or "")
        elif row.kind == "challenge":
            challenged.setdefault(int(row.data["row"]), []).append(
                {"by": row.actor or "", "note": row.data.get("note", ""), "at": row.seq}
            )
    for mark in current.values():
        mark.confirmed_by = confirmed.get(mark.row)
        mark.challenges = challenged.get(mark.row, [])
    return dict(sorted(current.items()))


def pending_for(log: Iterable[Any], confirmer: str, through: int) -> list[int]:
    """The rows in force, up to ``through``, that ``confirmer`` may confirm now."""
    return [
        m.row
        for m in marks(log).values()
        if not m.confirmed and m.row <= through and may_confirm(confirmer, m.actor)
    ]


def settled(log: Iterable[Any]) -> bool:
    """Every entry in force is confirmed (a match in confirmation mode counts then)."""
    return all(m.confirmed for m in marks(log).values())
