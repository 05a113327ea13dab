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
from referee.web.openapi.common import _problem_ref

JSONSchema = dict[str, Any]
SCHEMAS = "#/components/schemas/"
# Text as the edge takes it: no control character but tab, newline and carriage
# return (a lone surrogate cannot travel in a JSON Schema pattern; it is refused too).
TEXT_PATTERN = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$"
# A header kept as data: printable, not blank, no control character at all.
HEADER_PATTERN = (
    r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
)
# The same where a header is optional: blank (no key) or text.
OPTIONAL_HEADER_PATTERN = r"^[^\x00-\x1f\x7f-\x9f]*$"
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


def _kinds(schema: JSONSchema) -> list[Any]:
    kind = schema.get("type")
    return kind if isinstance(kind, list) else [kind]


def _bound(schema: JSONSchema) -> None:
    kinds = _kinds(schema)
    if "string" in kinds and "maxLength" not in schema:
        schema["maxLength"] = LIMITS["text"]
    if "string" in kinds and "enum" not in schema and "const" not in schema:
        if "pattern" not in schema:
            schema["pattern"] = TEXT_PATTERN
        elif schema["pattern"] != TEXT_PATTERN:  # one pattern a schema: both hold
            rules = schema.setdefault("allOf", [])
            if {"pattern": TEXT_PATTERN} not in rules:
                rules.append({"pattern": TEXT_PATTERN})
    if "array" in kinds and "maxItems" not in schema:
        schema["maxItems"] = MAX_ITEMS
    items = schema.get("items")
    if (
        "array" in kinds
        and isinstance(items, dict)
        and "string" in _kinds(items)
        and not {"maxLength", "enum", "const"} & set(items)
    ):
        # an item of a list is a word: a card, a dart, a ball, a name; anything
        # longer is none of them, and the field's parser refuses it (422)
        items["maxLength"] = LIMITS["word"]
    if "object" in kinds and "maxProperties" not in schema:
        schema["maxProperties"] = MAX_ITEMS


# gunicorn's limit_request_line: a longer request line is refused before the app
REQUEST_LINE = 4094


def bound_request_lines(doc: JSONSchema) -> None:
    """An operation whose URL carries parameters may be refused 414 (URI Too Long)
    by the server before the app reads it (``referee.serving``: problem+json)."""
    answer = _problem_ref(
        f"The request line (method, path and query) is over {REQUEST_LINE} bytes"
    )
    for path in doc["paths"].values():
        shared = bool(path.get("parameters"))
        for operation in path.values():
            if isinstance(operation, dict) and (shared or operation.get("parameters")):
                operation["responses"].setdefault("414", answer)
