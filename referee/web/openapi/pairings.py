"""The OpenAPI of the pairing tournaments: their create fields, view and events.

Made from the format registry: a format built on ``PairingFormat`` appears here
(its kind, options, example create and every event it declares, with examples) as
soon as it is registered.
"""

from __future__ import annotations

from typing import Any

from referee import games
from referee.formats.pairing import PairingFormat
from referee.formats.pairing import pairable
from referee.formats.pairing import results
from referee.formats.pairing import seeding
from referee.web.openapi import brackets
from referee.web.openapi.common import EXPECTED_SEQ
from referee.web.openapi.common import NAME
from referee.web.openapi.common import array
from referee.web.openapi.common import json_body
from referee.web.openapi.common import ref
from referee.web.openapi.common import tournament_write
from referee.web.openapi.common import typed
from referee.web.openapi.fields import event_schema

JSONSchema = dict[str, Any]
PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]

VIEW = "PairingTournament"  # the family's view schema, one of ``Tournament``'s


def pairing_formats() -> list[PairingFormat]:
    from referee import formats

    return [f for f in formats.registry().values() if isinstance(f, PairingFormat)]


def max_players() -> int:
    return max(f.max_entrants for f in pairing_formats())


def players_text() -> str:
    """The bounds on a pairing format's players, for ``NewTournament``."""
    by_id = {f.id: f.max_entrants for f in pairing_formats()}
    return (
        "A pairing format: 2 or more, up to its own maximum (round robin "
        f"{by_id['round-robin']}, Swiss {by_id['swiss']}, elimination "
        f"{by_id['single-elimination']})."
    )


def event_formats() -> list[Any]:
    """Every format that takes events at ``/events``: the pairing formats' every
    event, a bunko night's approval of results."""
    from referee import formats

    return [f for f in formats.registry().values() if f.events]


def one_on_one_games() -> list[str]:
    """Games a pairing tournament can play: one against one, or team against team."""
    return [g for g in games.GAME_IDS if pairable(g)]


def create_properties() -> JSONSchema:
    """The fields a pairing tournament's create adds to ``NewTournament``."""
    return {
        "game": {
            "enum": one_on_one_games(),
            "description": "Pairing formats: the game every match is played at.",
        },
        "game_options": {
            "type": ["object", "null"],
            "description": "That game's options (GET /api/v1/games/{game}).",
        },
        "stations": {
            "oneOf": [
                {
                    "type": "array",
                    "items": {
                        "type": "string",
                        "minLength": 1,
                        "maxLength": seeding.MAX_STATION_NAME,
                    },
                    "minItems": 1,
                    "maxItems": seeding.MAX_STATIONS,
                    "uniqueItems": True,
                },
                {"type": "integer", "minimum": 1, "maximum": seeding.MAX_STATIONS},
                {"type": "null"},
            ],
            "description": "Pairing formats: the boards or tables, by name or how "
            "many (default: one per two players). Each gets a key and PIN.",
        },
        "teams": {
            "oneOf": [
                {
                    "type": "object",
                    "additionalProperties": {"type": "array", "items": NAME},
                },
                {"type": "null"},
            ],
            "description": "A team game (pinochle, bunko): each entrant's players, "
            "by the entrant's name in 'players'.",
        },
        "ratings": {
            "oneOf": [
                {"type": "object", "additionalProperties": {"type": "number"}},
                {"type": "array", "items": {"type": "number"}},
                {"type": "null"},
            ],
            "description": "With seating 'rating': one number per player, by name "
            "or in the list's order; the highest is seed 1.",
        },
    }


def create_examples(fmts: list[Any]) -> JSONSchema:
    """One example create per pairing format."""
    out = {}
    for fmt in fmts:
        out[fmt.id] = {
            "summary": f"{fmt.title} of darts 501 on two boards, seeded by rating",
            "value": {
                "kind": fmt.id,
                "title": f"Tuesday {fmt.title.lower()}",
                "game": "darts-301",
                "game_options": {"start": "501", "legs": 2},
                "players": PLAYERS,
                "stations": ["Board 1", "Board 2"],
                "seating": "rating",
                "ratings": dict(zip(PLAYERS, [61, 58, 55, 52, 49, 46], strict=True)),
            },
        }
    return out


def event_path() -> JSONSchema:
    """``POST /api/v1/tournaments/{id}/events``: any event a pairing format takes."""
    examples: JSONSchema = {}
    for fmt in event_formats():
        for kind in fmt.events:
            for i, example in enumerate(kind.examples, start=1):
                examples[f"{fmt.id}-{kind.type}-{i}"] = {
                    "summary": f"{fmt.title}: {kind.title}"
                    + (
                        f" (after {len(example.setup)} earlier)"
                        if example.setup
                        else ""
                    ),
                    "value": {"event": example.event},
                }
    return {
        "post": tournament_write(
            "addTournamentEvent",
            "Send a tournament one of its format's events (a pairing's "
            "result, a walkover, a no-show, a retirement, a correction...; a "
            "night's approval of results)",
            json_body("TournamentEventRequest", examples=examples),
            "Not a key of this tournament, or a station's "
            "key for another station's pairing or the organiser's job",
        )
    }


def schemas() -> dict[str, JSONSchema]:
    """The pairing tournaments' schemas: the view, its pairings, the event request."""
    kinds = {}
    for fmt in event_formats():
        for kind in fmt.events:
            kinds.setdefault(kind.type + repr(kind.fields), event_schema(kind))
    result = {
        "type": "object",
        "required": ["winner", "score", "how", "source"],
        "properties": {
            "winner": {"enum": [0, 1, None]},
            "score": {"type": "array", "items": {"type": "integer"}},
            "how": {"enum": list(results.HOWS)},
            "source": {"enum": ["match", "organiser", "correction", "auto"]},
            "match_seq": {"type": ["integer", "null"]},
            "note": {"type": "string"},
        },
    }
    return {
        **brackets.schemas(),
        "TournamentEventRequest": {
            "type": "object",
            "required": ["event"],
            "properties": {
                "event": {"anyOf": list(kinds.values())},
                "expected_seq": EXPECTED_SEQ,
            },
            "additionalProperties": False,
        },
        "PairingResult": result,
        "Pairing": _pairing(),
        "PairingStanding": {
            "type": "object",
            "required": ["rank", "entrant"],
            "properties": {"rank": {"type": "integer"}, "entrant": NAME},
            "description": "Plus the format's columns (``columns`` names them).",
        },
        "PairingTournament": _view(),
    }


def _pairing() -> JSONSchema:
    """One pairing as the view shows it."""
    nullable_str = {"type": ["string", "null"]}
    return {
        "type": "object",
        "required": ["number", "id", "round", "label", "entrants", "status"],
        "properties": {
            "number": {"type": "integer", "minimum": 1},
            "id": {"type": "string"},
            "round": {"type": "integer"},
            "label": {"type": "string"},
            "group": nullable_str,
            "entrants": {"type": "array", "items": nullable_str},
            "known": {"type": "array", "items": {"type": "boolean"}},
            "sides": {"type": "array"},
            "status": {
                "enum": ["waiting", "ready", "playing", "approval", "done"],
                "description": "approval: a result waits for the organiser.",
            },
            "station": {"type": ["integer", "null"]},
            "station_name": nullable_str,
            "match": nullable_str,
            "result": {"oneOf": [ref("PairingResult"), {"type": "null"}]},
            "result_text": nullable_str,
            "pending": {
                "oneOf": [ref("PairingResult"), {"type": "null"}],
                "description": "A result waiting for the organiser's approval.",
            },
            "pending_text": nullable_str,
            "live": {"type": ["object", "null"]},
            "links": {"type": "object"},
        },
    }


def _view() -> JSONSchema:
    """A pairing tournament as the API shows it."""
    return {
        "type": "object",
        "required": [
            "id",
            "kind",
            "title",
            "status",
            "seq",
            "fingerprint",
            "format",
            "game",
            "players",
            "seeds",
            "phase",
            "stations",
            "calls",
            "pairings",
            "columns",
            "standings",
            "over",
            "links",
        ],
        "properties": {
            **typed(id="string", kind="string", format="string", title="string"),
            "status": {"enum": ["live", "over"]},
            **typed(seq="integer", fingerprint="string", game="string"),
            "game_options": {"type": "object"},
            "units": {"enum": ["legs", "racks", "points"]},
            "players": array({"type": "string"}),
            "seeds": array({"type": "string"}),
            "seeding": {"enum": list(seeding.SEEDINGS)},
            "ratings": {"type": ["object", "null"]},
            "options": {"type": "object"},
            "phase": {"enum": ["playing", "over"]},
            "prompt": {"type": "string"},
            "progress": {"type": "object"},
            "stations": {"type": "array", "items": {"type": "object"}},
            "calls": array(ref("Pairing")),
            "next_up": array(ref("Pairing")),
            "pairings": array(ref("Pairing")),
            "rounds": array({"type": "object"}),
            "columns": array({"type": "object"}),
            "standings": array(ref("PairingStanding")),
            "layout": {
                "anyOf": [
                    ref("BracketLayout"),
                    ref("SwissLayout"),
                    {  # another format's own (a round robin's cross table)
                        "type": "object",
                        "not": {
                            "required": ["kind"],
                            "properties": {"kind": {"enum": ["bracket", "swiss"]}},
                        },
                    },
                ]
            },
            "over": {"type": "boolean"},
            "tables": {"type": "array", "maxItems": 0},
            "links": {"type": "object"},
            "keys": ref("TournamentKeys"),
        },
    }
