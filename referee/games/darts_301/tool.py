"""The checkout tool (``POST /api/v1/tools/darts-301/checkout``): routes that finish
a score on a double with the darts left, best first (see ``referee.games.checkouts``).
"""

from __future__ import annotations

from referee.games import checkouts
from referee.games.base import Tool
from referee.games.darts_301.common import R_CHECKOUT_ROUTES
from referee.games.darts_301.common import R_DOUBLE_OUT
from referee.games.darts_301.common import R_SCORING
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.schemas import RULES


def _up_to(name: str, help: str, most: int) -> Field:
    """An optional whole number from 1 to ``most``, 3 when left out."""
    return Field(
        name, "integer", help, required=False, minimum=1, maximum=most, default=3
    )


CHECKOUT_FIELDS = (
    Field("remaining", "integer", "The score left, e.g. 170.", minimum=0, maximum=1000),
    _up_to("darts", "Darts left in the round (1-3).", checkouts.MAX_DARTS),
    _up_to("limit", "How many routes to list (1-20).", 20),
)


def checkout_tool(got: JSON) -> JSON:
    """Routes that finish ``remaining`` on a double with the darts left.

    ``got`` has been checked against ``CHECKOUT_FIELDS`` (the API and the calculator
    page run ``parse_fields`` before any tool).
    """
    found = checkouts.routes(got["remaining"], got["darts"], got["limit"])
    return {
        "remaining": got["remaining"],
        "darts": got["darts"],
        "possible": bool(found),
        "routes": found,
        # what a finish is (zero on a double, the bull counting as one), the beds,
        # and how the routes are ranked
        "rules": [R_DOUBLE_OUT, R_SCORING, R_CHECKOUT_ROUTES],
    }


CHECKOUT_RESULT: JSON = {
    "type": "object",
    "required": ["remaining", "darts", "possible", "routes", "rules"],
    "properties": {
        "remaining": {"type": "integer", "minimum": 0, "maximum": 1000},
        "darts": {"type": "integer", "minimum": 1, "maximum": checkouts.MAX_DARTS},
        "possible": {"type": "boolean"},
        "routes": {
            "type": "array",
            "maxItems": 20,
            "items": {
                "type": "array",
                "minItems": 1,
                "maxItems": checkouts.MAX_DARTS,
                "items": {"type": "string", "examples": ["T20", "D20", "DB"]},
                "description": "Dart codes; the last is a double.",
            },
        },
        "rules": RULES,
    },
    "additionalProperties": False,
}

TOOL = Tool(
    "checkout",
    "Checkout routes",
    "Ways to finish a score on a double with the darts left, best first.",
    CHECKOUT_FIELDS,
    checkout_tool,
    {"remaining": 170, "darts": 3},
    CHECKOUT_RESULT,
)
