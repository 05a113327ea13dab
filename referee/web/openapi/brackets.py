"""The OpenAPI schemas of the bracket and Swiss layouts (a tournament's ``layout``)."""

from __future__ import annotations

from referee.web.openapi.common import JSONSchema
from referee.web.openapi.common import array
from referee.web.openapi.common import obj
from referee.web.openapi.common import ref
from referee.web.openapi.common import typed

_FEED: JSONSchema = obj(
    {
        "kind": {"enum": ["seed", "winner", "loser"]},
        "from": {
            "type": ["string", "null"],
            "description": "The slot whose winner or loser comes here.",
        },
        "seed": {"type": "integer", "description": "For 'seed': the seed number."},
    },
    ["kind"],
)


def schemas() -> dict[str, JSONSchema]:
    """``BracketLayout`` (single and double elimination) and ``SwissLayout``."""
    return {
        "BracketLayout": obj(
            {
                "kind": {"const": "bracket"},
                "elimination": {"enum": ["single", "double"]},
                "size": {"type": "integer", "description": "A power of two."},
                "reset": {"type": ["boolean", "null"]},
                "champion": {"type": ["string", "null"]},
                "parts": array(
                    obj(
                        {
                            "part": {"enum": ["winners", "losers", "final"]},
                            "title": {"type": "string"},
                            "rounds": array(ref("BracketRound")),
                        },
                        ["part", "title", "rounds"],
                    )
                ),
            },
            ["kind", "elimination", "size", "champion", "parts"],
            description="An elimination bracket's tree: each part's rounds in "
            "columns, each slot with its pairing's number and where its sides come "
            "from.",
        ),
        "BracketRound": obj(
            {
                **typed(number="integer", title="string"),
                "slots": array(
                    obj(
                        {
                            "id": {"type": "string", "examples": ["W1-1", "GF1"]},
                            "pairing": {"type": ["integer", "null"]},
                            "feeds": array(_FEED),
                        },
                        ["id", "pairing", "feeds"],
                    )
                ),
            },
            ["number", "title", "slots"],
        ),
        "SwissLayout": obj(
            {
                "kind": {"const": "swiss"},
                "rounds_to_play": {"type": "integer"},
                "tie_breaks": array({"enum": ["buchholz", "median-buchholz"]}),
                "rounds": array(
                    obj(
                        {
                            "number": {"type": "integer"},
                            "pairings": array({"type": "integer"}),
                            "bye": {"type": ["string", "null"]},
                        },
                        ["number", "pairings", "bye"],
                    )
                ),
            },
            ["kind", "rounds_to_play", "tie_breaks", "rounds"],
            description="A Swiss's rounds so far, its length and its tie-breaks.",
        ),
    }
