"""The tournament paths and schemas of the OpenAPI document, from the format registry.

Every format declares its family (``nights`` or ``pairings`` here: the create
examples, the players' bounds, the view schemas), its create fields, its events (at
``/events``) and its writes at paths of their own with a documented walk through
them (``Format.paths`` and ``Format.walk``): the paths, request schemas and examples
below are made from those declarations.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from referee import formats
from referee.formats import Format
from referee.formats import PathWrite
from referee.web.openapi import leagues
from referee.web.openapi import nights
from referee.web.openapi import pairings
from referee.web.openapi.common import EXPECTED_SEQ
from referee.web.openapi.common import NAME
from referee.web.openapi.common import TITLE
from referee.web.openapi.common import TOURNAMENT_ID
from referee.web.openapi.common import _json_ref
from referee.web.openapi.common import _path
from referee.web.openapi.common import _problem_ref
from referee.web.openapi.common import array
from referee.web.openapi.common import json_body
from referee.web.openapi.common import obj
from referee.web.openapi.common import read_one
from referee.web.openapi.common import ref
from referee.web.openapi.common import tournament_write
from referee.web.openapi.common import typed
from referee.web.openapi.fields import option_schema

JSONSchema = dict[str, Any]
REF = "#/components/schemas/"
# Each family's part of the document (what it adds to the create, its view).
FAMILIES: dict[str, ModuleType] = {
    "night": nights,
    "pairing": pairings,
    "league": leagues,
}
SHARED = {"name": NAME}  # what a format's field schema names as {"shared": ...}


def _families() -> dict[str, list[Format]]:
    """The registry's formats by family, in the registry's order."""
    out: dict[str, list[Format]] = {}
    for fmt in formats.registry().values():
        out.setdefault(fmt.family, []).append(fmt)
    return out


def _writes() -> dict[str, PathWrite]:
    """Every format's writes at paths of their own, by path."""
    return {w.path: w for fmt in formats.registry().values() for w in fmt.paths}


def _walk_examples() -> dict[str, dict[str, JSONSchema]]:
    """The formats' documented walks, as examples by path (``x-order``: the walk's)."""
    by_path: dict[str, dict[str, JSONSchema]] = {}
    walks = [step for fmt in formats.registry().values() for step in fmt.walk]
    for order, step in enumerate(walks, start=1):
        by_path.setdefault(step.path, {})[step.name] = {
            "summary": step.summary,
            "value": step.body,
            "x-order": order,
            "x-path": f"/api/v1/tournaments/{{id}}/{step.path}",
        }
    return by_path


def tournament_paths() -> dict[str, JSONSchema]:
    """The /api/v1/tournaments paths: create, read, events and the formats' writes."""
    writes = _writes()
    by_path = _walk_examples()
    paths: dict[str, JSONSchema] = {
        "/api/v1/tournaments": {"post": _create_path([*_operations(writes)])},
        "/api/v1/tournaments/{id}": _read(
            "getTournament",
            "Tables with live scores, rounds, rotation, tallies, standings (with the "
            "organiser's key: the keys too)",
            "Tournament",
        ),
        "/api/v1/tournaments/{id}/fingerprint": _read(
            "getTournamentFingerprint",
            "What a live board polls: the seq and the fingerprint, which changes "
            "whenever the tournament or one of its matches does",
            "TournamentFingerprint",
        ),
        "/api/v1/tournaments/{id}/events": {
            **pairings.event_path(),
            **_read(
                "listTournamentEvents",
                "The tournament's log, corrections included",
                "TournamentLog",
            ),
        },
    }
    for path, write in writes.items():
        paths[f"/api/v1/tournaments/{{id}}/{path}"] = {
            "post": _write_path(write, by_path.get(path, {}))
        }
    return paths


def _operations(writes: dict[str, PathWrite]) -> list[str]:
    return [w.operation for w in writes.values()]


def _read(op: str, summary: str, schema: str) -> JSONSchema:
    return read_one(op, summary, schema, _path("id", TOURNAMENT_ID))


def _create_path(operations: list[str]) -> JSONSchema:
    examples: JSONSchema = {}
    for family, fmts in _families().items():
        examples.update(FAMILIES[family].create_examples(fmts))
    # A create without a kind makes the default kind's (documented) tournament.
    default = formats.get(formats.DEFAULT_KIND).family
    examples["drawn"] = FAMILIES[default].default_example()
    return {
        "operationId": "createTournament",
        "summary": "Start a tournament (a bunko night) and seat round 1",
        "requestBody": json_body("NewTournament", examples=examples),
        "responses": {
            "201": {
                **_json_ref(
                    "CreatedTournament",
                    "Created, round 1 seated with one match per table; keep the keys "
                    "(the organiser's, and one per table for its phone).",
                ),
                "links": _tournament_links([*operations, "addTournamentEvent"]),
            },
            "422": _problem_ref(
                "Bad input: a bunko night's players not 8+ in fours, a pairing "
                "format's game or stations, options"
            ),
        },
    }


def _write_path(write: PathWrite, examples: JSONSchema) -> JSONSchema:
    """A format's write at its own path, as the API takes it."""
    return tournament_write(
        write.operation,
        write.summary,
        json_body(write.schema, required=bool(write.required), examples=examples),
        "Not a key of this tournament, or a table acting for another table "
        "or doing the organiser's job",
    )


def _tournament_links(writes: list[str]) -> JSONSchema:
    """The new night's id and organiser key lead to its reads and every write."""
    by_id = {"path.id": "$response.body#/id"}
    key = "Writes send 'Authorization: Bearer <keys.organiser.key>' (or a table's)."
    links: JSONSchema = {
        "GetTournament": {"operationId": "getTournament", "parameters": by_id},
        "ListTournamentEvents": {
            "operationId": "listTournamentEvents",
            "parameters": by_id,
        },
        "GetTournamentFingerprint": {
            "operationId": "getTournamentFingerprint",
            "parameters": by_id,
        },
    }
    for op in writes:
        links[op[0].upper() + op[1:]] = {
            "operationId": op,
            "parameters": by_id,
            "description": key,
        }
    return links


def tournament_schemas() -> dict[str, JSONSchema]:
    """Every tournament schema: the create, each family's view, the writes."""
    families = [FAMILIES[f] for f in _families()]
    out: dict[str, JSONSchema] = {"NewTournament": _new_tournament(families)}
    for family in families:
        out.update(family.schemas())
    out["Tournament"] = {"anyOf": [{"$ref": f"{REF}{f.VIEW}"} for f in families]}
    out.update(_answers())
    for write in _writes().values():
        out[write.schema] = _request(write)
    out.update(_log())
    return out


def _shared(schema: Any) -> Any:
    """A format's field schema with its ``{"shared": name}`` parts filled in."""
    if isinstance(schema, dict):
        if set(schema) == {"shared"}:
            return SHARED[schema["shared"]]
        return {k: _shared(v) for k, v in schema.items()}
    if isinstance(schema, list):
        return [_shared(v) for v in schema]
    return schema


def _request(write: PathWrite) -> JSONSchema:
    """The request schema of a format's write at its own path."""
    out: JSONSchema = {"type": "object"}
    if write.required:
        out["required"] = list(write.required)
    props = {name: _shared(schema) for name, schema in write.fields}
    out["properties"] = {**props, "expected_seq": EXPECTED_SEQ}
    out["additionalProperties"] = False
    return out


def _new_tournament(families: list[ModuleType]) -> JSONSchema:
    registry = formats.registry()
    option_props: dict[str, JSONSchema] = {}
    for fmt in registry.values():
        for o in fmt.options:
            option_props[o.name] = option_schema(o)
    create = pairings.create_properties()
    return {
        "type": "object",
        "required": ["players"],
        "properties": {
            "kind": {"enum": list(registry), "default": formats.DEFAULT_KIND},
            "title": TITLE,
            "players": {
                "type": "array",
                "items": NAME,
                "minItems": 2,
                "maxItems": max(f.max_players() for f in families),
                "uniqueItems": True,
                "description": " ".join(f.players_text() for f in families),
            },
            "seating": {
                "enum": sorted({s for f in registry.values() for s in f.seatings}),
                "default": "given",
                "description": "given (as listed), drawn (at random, kept in "
                "the log), rating (pairing formats: by 'ratings').",
            },
            # A league's own setup (teams, schedule) is its season create's
            # (POST /api/v1/leagues/{id}/seasons), not this one's.
            **{
                name: create[name] for name in formats.create_fields() if name in create
            },
            "options": {
                "type": ["object", "null"],
                "properties": option_props,
                "additionalProperties": False,
                "description": "null or left out: the defaults.",
            },
        },
        "additionalProperties": False,
    }


def _answers() -> dict[str, JSONSchema]:
    """What a create and a write answer: the keys, the tournament, the ruling."""
    pin = {"type": "string", "pattern": "^[0-9]{6}$"}
    table = obj(
        {
            "table": {"type": "integer", "minimum": 1},
            "key": {"type": "string"},
            "pin": pin,
            "join": {"type": "string"},
        },
        ["table", "key", "pin", "join"],
    )
    return {
        "TournamentKeys": obj(
            {
                "organiser": obj(
                    {"key": {"type": "string"}, "pin": pin}, ["key", "pin"]
                ),
                "tables": array(table),
            },
            ["organiser", "tables"],
        ),
        "CreatedTournament": {
            "allOf": [{"$ref": f"{REF}Tournament"}, {"required": ["keys"]}]
        },
        "TournamentRecorded": obj(
            {
                "seq": {"type": "integer"},
                "ruling": {"oneOf": [ref("Ruling"), {"type": "null"}]},
                "tournament": ref("Tournament"),
            },
            ["seq", "ruling", "tournament"],
        ),
    }


def _log() -> dict[str, JSONSchema]:
    """The fingerprint a board polls, and the log."""
    entry = obj(
        {
            **typed(seq="integer", kind="string", event="object"),
            "ruling": ref("Ruling"),
            **typed(actor="string", created_at=["string", "null"]),
        },
        ["seq", "kind", "event", "ruling", "actor"],
    )
    return {
        "TournamentFingerprint": obj(
            typed(id="string", seq="integer", fingerprint="string"),
            ["id", "seq", "fingerprint"],
            closed=True,
        ),
        "TournamentLog": obj(
            {**typed(id="string", seq="integer"), "events": array(entry)},
            ["id", "seq", "events"],
        ),
    }
