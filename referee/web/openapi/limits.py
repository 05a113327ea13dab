"""The request edge's bounds (``referee.games.text``) written into the document.

A field with a bound of its own (a name's 40 characters, a game's seats, a tool's
card count) states it where it is declared. Every other string, array and object a
request can hold gets the edge's generic bound here, so that the document states
what the service enforces with 422 for every part of every request body.
"""

from __future__ import annotations

from typing import Any

from referee.games.text import LIMITS
from referee.games.text import MAX_DEPTH
from referee.games.text import MAX_ITEMS

JSONSchema = dict[str, Any]
SCHEMAS = "#/components/schemas/"
# Keys whose values are data, not schemas: left as they are.
DATA_KEYS = frozenset({"example", "examples", "default", "enum", "const"})

SUMMARY = (
    f"Every request body nests at most {MAX_DEPTH} levels; no list or object in it "
    f"holds more than {MAX_ITEMS} items, and most have a lower bound of their own "
    "(maxItems); every string in it is text (no NUL, lone surrogate or control "
    "character but tab and newline; stored in NFC) of at most "
    f"{LIMITS['text']} characters unless its maxLength says less. Beyond a bound: "
    "422, naming the field."
)


def bound_requests(doc: JSONSchema) -> None:
    """Give every schema a request body reaches the edge's bounds it lacks."""
    schemas = doc["components"]["schemas"]
    seen: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item)
            return
        if not isinstance(node, dict):
            return
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(SCHEMAS):
            name = ref.removeprefix(SCHEMAS)
            if name not in seen:
                seen.add(name)
                walk(schemas[name])
            return
        _bound(node)
        for key, value in node.items():
            if key not in DATA_KEYS and not key.startswith("x-"):
                walk(value)

    for path in doc["paths"].values():
        for operation in path.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                walk(operation["requestBody"]["content"])


def _bound(schema: JSONSchema) -> None:
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    if "string" in kinds and "maxLength" not in schema:
        schema["maxLength"] = LIMITS["text"]
    if "array" in kinds and "maxItems" not in schema:
        schema["maxItems"] = MAX_ITEMS
    if "object" in kinds and "maxProperties" not in schema:
        schema["maxProperties"] = MAX_ITEMS
