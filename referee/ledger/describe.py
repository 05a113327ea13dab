"""Events in words: ``dart T20``, ``knock Ann AS 2S ...``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.base import Game
from referee.games.fields import KINDS
from referee.ledger.matches import game_of
from referee.ledger.matches import seat_names
from referee.models import Match


def describe_event(
    event: Mapping[str, Any] | None,
    game: Game | None = None,
    names: Mapping[str, list[str]] | None = None,
) -> str:
    """A short human form of an event: ``dart T20``, ``knock Ann AS 2S ...``.

    With the game and the match's ``names`` (``{"seat": [...], "side": [...]}``), seat
    and side indices are shown as names.
    """
    if not event:
        return "nothing"
    type_ = str(event.get("type", "?"))
    kinds: dict[str, str] = {}
    if game is not None:
        try:
            kinds = {f.name: f.kind for f in game.event_kind(type_).fields}
        except KeyError:
            kinds = {}
    parts = [type_.replace("_", " ")]
    for key, value in event.items():
        if key == "type" or _at_default(game, type_, key, value):
            continue
        label = key.replace("_", " ")
        kind = kinds.get(key, "")
        seats = kind in KINDS and KINDS[kind].seats  # an index into names[kind]
        listed = (names or {}).get(kind) if seats else None
        if listed and isinstance(value, int) and 0 <= value < len(listed):
            parts.append(f"{label} {listed[value]}")
        elif isinstance(value, list):
            listed = " ".join(str(v) for v in value)
            # darts read well bare ("round T20 T20 S20"); balls and cards need a name
            parts.append(
                listed if key.endswith(("dart", "darts")) else f"{label} {listed}"
            )
        elif isinstance(value, bool):
            if value:
                parts.append(label)
        elif key.endswith(("dart", "darts")):
            parts.append(str(value))
        else:
            parts.append(f"{label} {value}")
    return " ".join(parts)


def _at_default(game: Game | None, type_: str, key: str, value: Any) -> bool:
    """An optional field left at its default says nothing (a clean pool stroke)."""
    if game is None:
        return False
    try:
        fields = game.event_kind(type_).fields
    except KeyError:
        return False
    for f in fields:
        if f.name == key:
            return not f.required and f.default is not None and value == f.default
    return False


def describe(match: Match, event: Mapping[str, Any] | None) -> str:
    """``describe_event`` with this match's names for seats and sides."""
    return describe_event(event, game_of(match), seat_names(match))
