"""Events in words: ``One dart: T20``, ``Knock (with the cards): knocker Ann, ...``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.base import Game
from referee.games.fields import KINDS
from referee.games.fields import Field
from referee.ledger.matches import game_of
from referee.ledger.matches import seat_names
from referee.models import Match


def describe_event(
    event: Mapping[str, Any] | None,
    game: Game | None = None,
    names: Mapping[str, list[str]] | None = None,
) -> str:
    """A short human form of an event, in the form's words: its kind's title, then
    each field as the form labels it (``Knock (with the cards): knocker Ann,
    knocker's hand AS 2S ...``); who did it and darts bare (``One dart: T20``).

    With the game and the match's ``names`` (``{"seat": [...], "side": [...]}``), seat
    and side indices are shown as names.
    """
    if not event:
        return "nothing"
    type_ = str(event.get("type", "?"))
    fields: dict[str, Field] = {}
    head = type_.replace("_", " ")
    if game is not None:
        try:
            kind = game.event_kind(type_)
        except KeyError:
            pass
        else:
            fields = {f.name: f for f in kind.fields}
            head = kind.title
    parts = []
    for key, value in event.items():
        if key == "type" or _at_default(game, type_, key, value):
            continue
        f = fields.get(key)
        label = f.label if f else key.replace("_", " ")
        label = label[:1].lower() + label[1:]
        seats = f is not None and KINDS[f.kind].seats  # an index into names[kind]
        listed = (names or {}).get(f.kind) if f is not None and seats else None
        dart = f.kind in ("dart", "darts") if f else key.endswith(("dart", "darts"))
        bare = key in ("player", "side") or dart
        if isinstance(value, bool):
            if value:
                parts.append(label)
            continue
        if listed and isinstance(value, int) and 0 <= value < len(listed):
            value = listed[value]
        elif isinstance(value, list):
            value = " ".join(str(v) for v in value)
        # who did it and darts read well bare ("Roll: Ann, dice 6 6 1"; "A whole
        # round: T20 T20 S20"); anything else needs its name
        parts.append(str(value) if bare else f"{label} {value}")
    # a title that has its own colon or question mark takes a dash instead
    sep = " — " if ":" in head or head.endswith("?") else ": "
    return f"{head}{sep}{', '.join(parts)}" if parts else head


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
