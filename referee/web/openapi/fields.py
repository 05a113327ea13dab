"""JSON Schemas made from the engines' declared fields, event kinds and options."""

from __future__ import annotations

from typing import Any

from referee.games import cards
from referee.games import text
from referee.games.base import EventKind
from referee.games.base import Field
from referee.games.base import Game
from referee.games.base import Option

JSONSchema = dict[str, Any]


def field_schema(f: Field) -> JSONSchema:
    """The JSON Schema of one event field: every accepted form, not only canonical."""
    text_or = {"type": "string", "description": "space- or comma-separated"}
    match f.kind:
        case "integer":
            schema: JSONSchema = {"type": "integer"}
            if f.minimum is not None:
                schema["minimum"] = f.minimum
            if f.maximum is not None:
                schema["maximum"] = f.maximum
        case "boolean":
            schema = {"type": "boolean"}
        case "string":
            schema = {"type": "string"}
            if f.maximum is not None:
                schema["maxLength"] = f.maximum
        case "choice":
            schema = {"type": "string", "enum": list(f.choices)}
        case "seat" | "side":
            schema = {
                "oneOf": [
                    {"type": "integer", "minimum": 0},
                    {"type": "string", "description": "a name"},
                ]
            }
        case "dart" | "card":
            schema = {"type": "string"}
        case "darts" | "cards":
            items: JSONSchema = {"type": "array", "items": {"type": "string"}}
            items["maxItems"] = count_bound(f)
            schema = {"oneOf": [items, text_or]}
        case "die":
            schema = {
                "oneOf": [
                    {"type": "integer", "minimum": 1, "maximum": 6},
                    {"type": "string"},
                ]
            }
        case "roll":
            schema = {
                "oneOf": [
                    {
                        "type": "array",
                        "items": {"type": "integer", "minimum": 1, "maximum": 6},
                    },
                    text_or,
                ]
            }
        case _:
            schema = {"type": "array"}
    schema["description"] = f.help
    return schema


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
    schema: JSONSchema
    match f.kind:
        case "integer" | "boolean":
            schema = field_schema(f)
        case "choice":
            # Words are read in any case (NOTATION.md): "S" for spades as well as "s".
            spelt = [v for c in f.choices for v in (c, c.upper(), c.capitalize())]
            schema = {"enum": list(dict.fromkeys(spelt))}
        case "string":
            schema = {"type": "string"}
            if f.maximum is not None:
                schema["maxLength"] = f.maximum
        case "card" | "cards":
            deck = cards.DECKS[game.deck or "standard"]
            # every spelling NOTATION.md lists, in any case (the API reads them all)
            card = {
                "type": "string",
                "pattern": cards.card_pattern(deck),
                "examples": list(deck.copies)[:3],
            }
            if f.kind == "card":
                schema = card
            else:
                schema = {"type": "array", "items": card}
                if f.minimum is not None:
                    schema["minItems"] = f.minimum
                schema["maxItems"] = count_bound(f)
                if all(n == 1 for n in deck.copies.values()):
                    schema["uniqueItems"] = True
        case "list":
            items: JSONSchema = (
                {"enum": list(f.choices)}
                if f.choices
                else {"type": ["integer", "string"]}
            )
            schema = {"type": "array", "items": items}
            if f.minimum is not None:
                schema["minItems"] = f.minimum
            schema["maxItems"] = count_bound(f)
        case _:
            schema = {k: v for k, v in field_schema(f).items() if k != "description"}
    schema["description"] = f.help
    if f.default is not None:
        schema["default"] = f.default
    return schema


def option_schema(o: Option) -> JSONSchema:
    schema: JSONSchema
    if o.kind == "integer":
        schema = {"type": "integer"}
        if o.minimum is not None:
            schema["minimum"] = o.minimum
        if o.maximum is not None:
            schema["maximum"] = o.maximum
    elif o.kind == "boolean":
        schema = {"type": "boolean"}
    else:
        schema = {"enum": list(o.choices)}
    return {**schema, "default": o.default, "description": f"{o.label}: {o.help}"}


def count_bound(f: Field) -> int:
    """The most items a list field takes: its own maximum, else the edge's."""
    return f.maximum if f.maximum is not None else text.MAX_LIST
