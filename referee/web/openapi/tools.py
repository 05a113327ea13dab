"""One path per stateless tool, with request and result schemas from its fields."""

from __future__ import annotations

from typing import Any

from referee import games
from referee.games.base import Game
from referee.games.base import Tool
from referee.games.fields import KINDS
from referee.games.fields import parse_fields
from referee.web.openapi.common import _name
from referee.web.openapi.common import _problem_ref
from referee.web.openapi.fields import tool_field_schema

JSONSchema = dict[str, Any]


def tool_request_schema(game: Game, tool: Tool) -> JSONSchema:
    return {
        "type": "object",
        "title": tool.title,
        "description": tool.help,
        "properties": {f.name: tool_field_schema(f, game) for f in tool.fields},
        "required": [f.name for f in tool.fields if f.required],
        "additionalProperties": False,
    }


def tool_example(tool: Tool) -> JSONSchema:
    """The tool's example as the JSON API documents it (cards as a list)."""
    out = dict(tool.example)
    for f in tool.fields:
        if f.name in out:
            out[f.name] = KINDS[f.kind].to_json(out[f.name])
    return out


def _json(schema: str, example: Any) -> JSONSchema:
    """A JSON body: a reference to a component schema, with an example."""
    ref = {"$ref": f"#/components/schemas/{schema}"}
    return {"application/json": {"schema": ref, "example": example}}


def tool_paths() -> dict[str, JSONSchema]:
    """One path per tool, so a client (and a fuzzer) learns each tool's fields."""
    paths: dict[str, JSONSchema] = {}
    for game in games.registry().values():
        for tool in game.tools:
            name = f"{_name(game)}{tool.name.title()}"
            answer = tool.run(parse_fields(tool.fields, tool.example, None, game))
            paths[f"/api/v1/tools/{game.id}/{tool.name}"] = {
                "post": {
                    "operationId": f"tool{name}",
                    "summary": f"{game.title}: {tool.title}",
                    "description": tool.help,
                    "tags": ["tools"],
                    "requestBody": {
                        "required": True,
                        "content": _json(f"{name}Request", tool_example(tool)),
                    },
                    "responses": {
                        "200": {
                            "description": "The answer",
                            "content": _json(f"{name}Result", answer),
                        },
                        "422": _problem_ref(
                            "Bad input: an unknown field, a value of the wrong "
                            "type or out of range, facts that do not fit together"
                        ),
                    },
                }
            }
    return paths


def tool_schemas() -> dict[str, JSONSchema]:
    out: dict[str, JSONSchema] = {}
    for game in games.registry().values():
        for tool in game.tools:
            name = f"{_name(game)}{tool.name.title()}"
            out[f"{name}Request"] = tool_request_schema(game, tool)
            out[f"{name}Result"] = tool.result
    return out
