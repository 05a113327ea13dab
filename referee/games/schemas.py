"""JSON Schema pieces the tool results repeat: a record, a list of them, the rules.

A record lists its properties in order, requires them all unless told which, and
admits no others (``additionalProperties: false``) unless it is left open.
"""

from __future__ import annotations

from referee.games.outcomes import JSON

# The ``rules`` of a tool's answer.
RULES: JSON = {
    "type": "array",
    "items": {"type": "string"},
    "description": "The rulebook ids the answer rests on.",
}


def record(
    properties: JSON,
    required: list[str] | None = None,
    *,
    closed: bool = True,
    nullable: bool = False,
) -> JSON:
    """An object of ``properties`` (``required``: all of them by default), and of
    no others unless not ``closed``; or null too if ``nullable``."""
    schema = {
        "type": ["object", "null"] if nullable else "object",
        "required": list(properties) if required is None else required,
        "properties": properties,
    }
    return {**schema, "additionalProperties": False} if closed else schema


def records(
    properties: JSON, description: str | None = None, *, closed: bool = True
) -> JSON:
    """A list of ``record(properties)``, with its ``description`` if given."""
    described = {} if description is None else {"description": description}
    return {"type": "array", **described, "items": record(properties, closed=closed)}
