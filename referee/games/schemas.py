"""JSON Schema pieces the tool results repeat: a closed record, a list of them.

A record lists its properties in order, requires them all unless told which, and
admits no others (``additionalProperties: false``), as every tool result here does.
"""

from __future__ import annotations

from referee.games.outcomes import JSON


def record(properties: JSON, required: list[str] | None = None) -> JSON:
    """An object of exactly ``properties`` (``required``: all of them by default)."""
    return {
        "type": "object",
        "required": list(properties) if required is None else required,
        "properties": properties,
        "additionalProperties": False,
    }


def records(properties: JSON, description: str | None = None) -> JSON:
    """A list of ``record(properties)``, with its ``description`` if given."""
    described = {} if description is None else {"description": description}
    return {"type": "array", **described, "items": record(properties)}
