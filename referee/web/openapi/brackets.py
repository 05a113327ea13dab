"""The OpenAPI schemas of the bracket and Swiss layouts (a tournament's ``layout``)."""

from __future__ import annotations

from referee.web.openapi.common import JSONSchema

_FEED: JSONSchema = {
    "type": "object",
    "required": ["kind"],
    "properties": {
        "kind": {"enum": ["seed", "winner", "loser"]},
        "from": {
            "type": ["string", "null"],
            "description": "The slot whose winner or loser comes here.",
        },
        "seed": {"type": "integer", "description": "For 'seed': the seed number."},
    },
}


def schemas() -> dict[str, JSONSchema]:
    """``BracketLayout`` (single and double elimination) and ``SwissLayout``."""
    ref = "#/components/schemas/"
    return {
        "BracketLayout": {
            "type": "object",
            "description": "An elimination bracket's tree: each part's rounds in "
            "columns, each slot with its pairing's number and where its sides come "
            "from.",
            "required": ["kind", "elimination", "size", "champion", "parts"],
            "properties": {
                "kind": {"const": "bracket"},
                "elimination": {"enum": ["single", "double"]},
                "size": {"type": "integer", "description": "A power of two."},
                "reset": {"type": ["boolean", "null"]},
                "champion": {"type": ["string", "null"]},
                "parts": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["part", "title", "rounds"],
                        "properties": {
                            "part": {"enum": ["winners", "losers", "final"]},
                            "title": {"type": "string"},
                            "rounds": {
                                "type": "array",
                                "items": {"$ref": f"{ref}BracketRound"},
                            },
                        },
                    },
                },
            },
        },
        "BracketRound": {
            "type": "object",
            "required": ["number", "title", "slots"],
            "properties": {
                "number": {"type": "integer"},
                "title": {"type": "string"},
                "slots": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["id", "pairing", "feeds"],
                        "properties": {
                            "id": {"type": "string", "examples": ["W1-1", "GF1"]},
                            "pairing": {"type": ["integer", "null"]},
                            "feeds": {"type": "array", "items": _FEED},
                        },
                    },
                },
            },
        },
        "SwissLayout": {
            "type": "object",
            "description": "A Swiss's rounds so far, its length and its tie-breaks.",
            "required": ["kind", "rounds_to_play", "tie_breaks", "rounds"],
            "properties": {
                "kind": {"const": "swiss"},
                "rounds_to_play": {"type": "integer"},
                "tie_breaks": {
                    "type": "array",
                    "items": {"enum": ["buchholz", "median-buchholz"]},
                },
                "rounds": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["number", "pairings", "bye"],
                        "properties": {
                            "number": {"type": "integer"},
                            "pairings": {"type": "array", "items": {"type": "integer"}},
                            "bye": {"type": ["string", "null"]},
                        },
                    },
                },
            },
        },
    }
