"""JSON Schemas made from the engines' declared fields, event kinds and options.

Each field's schema is its kind's (``referee.games.fields.KINDS``).
"""

from __future__ import annotations

from typing import Any

from referee.games import cards
from referee.games.base import EventKind
from referee.games.base import Game
from referee.games.fields import KINDS
from referee.games.fields import Field
from referee.games.fields import option_schema as option_schema

JSONSchema = dict[str, Any]


def field_schema(f: Field) -> JSONSchema:
    """The JSON Schema of one event field: every accepted form, not only canonical."""
    return KINDS[f.kind].json_schema(f)


def event_schema(kind: EventKind) -> JSONSchema:
    return {
        "type": "object",
        "title": kind.title,
        "description": kind.help,
        "properties": {
            "type": {"const": kind.type},
            **{f.name: field_schema(f) for f in kind.fields},
        },
        "required": ["type", *(f.name for f in kind.fields if f.required)],
        "additionalProperties": False,
    }


def tool_field_schema(f: Field, game: Game) -> JSONSchema:
    """A tool field as the JSON API takes it: JSON types only, no text forms.

    The API checks the same (``referee.web.api.check_json_types``) before the
    tool's own parsing, so what this schema refuses, the server refuses too.
    """
    return KINDS[f.kind].tool_json_schema(f, cards.DECKS[game.deck or "standard"])
