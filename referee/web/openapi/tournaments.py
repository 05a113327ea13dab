"""The tournament (bunko night) paths and schemas of the OpenAPI document."""

from __future__ import annotations

from typing import Any

from referee.web.openapi import pairings
from referee.web.openapi.common import EXPECTED_SEQ
from referee.web.openapi.common import NAME
from referee.web.openapi.common import TITLE
from referee.web.openapi.common import _json_ref
from referee.web.openapi.common import _path
from referee.web.openapi.common import _problem_ref
from referee.web.openapi.common import _write_responses
from referee.web.openapi.fields import option_schema

JSONSchema = dict[str, Any]

NIGHT_PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
NIGHT_WRITES: list[tuple[str, str, str, JSONSchema]] = [
    (
        "results",
        "head-table",
        "The head table reaches 21: stop is called at table 2",
        {"table": 1, "scores": [21, 12]},
    ),
    (
        "results",
        "after-stop",
        "Table 2 reports its paper score after the stop",
        {"round": 1, "table": 2, "scores": [7, 9]},
    ),
    (
        "seating",
        "choice",
        "The two who stay at table 2 pick their partners for round 2",
        {"table": 2, "seats": ["Eve", "Dee", "Bob", "Gus"]},
    ),
    ("rounds", "next", "Start round 2 (winners up, losers stay)", {}),
    (
        "corrections",
        "swapped",
        "The organiser corrects round 1 at table 2",
        {
            "round": 1,
            "table": 2,
            "scores": [9, 7],
            "note": "Table 2 swapped the columns",
        },
    ),
    (
        "results",
        "round-2-head",
        "Round 2, head table",
        {"round": 2, "table": 1, "scores": [21, 14]},
    ),
    (
        "results",
        "round-2-bottom",
        "Round 2, bottom table, with a bunko and a wipeout for the tally",
        {
            "round": 2,
            "table": 2,
            "scores": [4, 10],
            "bunkos": {"Gus": 1},
            "wipeouts": {"Eve": 1},
        },
    ),
    ("end", "end", "End the night: Ann, Cy and Gus tie on 2 wins", {}),
    (
        "tie-breaks",
        "winner",
        "The winners' roll-off: the high die takes it",
        {"title": "winner", "rolls": {"Ann": 6, "Cy": 3, "Gus": 5}},
    ),
    (
        "tie-breaks",
        "loser",
        "The losers' roll-off: Bob and Fay tie again",
        {"title": "loser", "rolls": {"Bob": 4, "Fay": 4, "Hal": 1}},
    ),
]


TOURNAMENT_ID = "q7m2x9k4pa"


def tournament_paths() -> dict[str, JSONSchema]:
    """The /api/v1/tournaments paths: create, read, and the night's writes."""
    from referee import formats

    kinds = list(formats.registry())
    by_path: dict[str, dict[str, JSONSchema]] = {}
    for order, (path, name, summary, body) in enumerate(NIGHT_WRITES, start=1):
        by_path.setdefault(path, {})[name] = {
            "summary": summary,
            "value": body,
            "x-order": order,
            "x-path": f"/api/v1/tournaments/{{id}}/{path}",
        }
    writes = {
        "results": (
            "reportResult",
            "A table's final score (quick mode, or paper score); the head table's "
            "calls stop at the others",
            "TableResultRequest",
        ),
        "corrections": (
            "correctResult",
            "The organiser sets a table's result in any round (kept in the log)",
            "CorrectionRequest",
        ),
        "seating": (
            "chooseSeating",
            "A table chooses who partners whom next round",
            "SeatingRequest",
        ),
        "rounds": (
            "nextRound",
            "Start the next round: rotate and create the table matches",
            "NextRoundRequest",
        ),
        "end": ("endTournament", "End the night after a whole round", "EndRequest"),
        "tie-breaks": (
            "tieBreak",
            "One roll-off for the overall winner or loser",
            "TieBreakRequest",
        ),
    }
    paths: dict[str, JSONSchema] = {
        "/api/v1/tournaments": {
            "post": {
                "operationId": "createTournament",
                "summary": "Start a tournament (a bunko night) and seat round 1",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": "#/components/schemas/NewTournament"},
                            "examples": {
                                "bunko-night": {
                                    "summary": "Eight players, seated as listed",
                                    "value": {
                                        "kind": kinds[0],
                                        "title": "Friday bunko",
                                        "players": NIGHT_PLAYERS,
                                        "seating": "given",
                                        "options": {"variant": "text"},
                                    },
                                },
                                **pairings.create_examples(),
                                "drawn": {
                                    "summary": "Twelve players, seats drawn at random",
                                    "value": {
                                        "players": [
                                            *NIGHT_PLAYERS,
                                            "Ivy",
                                            "Jo",
                                            "Kim",
                                            "Lu",
                                        ],
                                        "seating": "drawn",
                                    },
                                },
                            },
                        }
                    },
                },
                "responses": {
                    "201": {
                        **_json_ref(
                            "CreatedTournament",
                            "Created, round 1 seated with one match per table; keep "
                            "the keys (the organiser's, and one per table for its "
                            "phone).",
                        ),
                        "links": _tournament_links(
                            [op for op, _, _ in writes.values()]
                            + ["addTournamentEvent"]
                        ),
                    },
                    "422": _problem_ref(
                        "Bad input: a bunko night's players not 8+ in fours, a "
                        "pairing format's game or stations, options"
                    ),
                },
            }
        },
        "/api/v1/tournaments/{id}": {
            "get": {
                "operationId": "getTournament",
                "summary": "Tables with live scores, rounds, rotation, tallies, "
                "standings (with the organiser's key: the keys too)",
                "parameters": [_path("id", TOURNAMENT_ID)],
                "responses": {
                    "200": _json_ref("Tournament"),
                    "404": _problem_ref(),
                },
            }
        },
        "/api/v1/tournaments/{id}/fingerprint": {
            "get": {
                "operationId": "getTournamentFingerprint",
                "summary": "What a live board polls: the seq and the fingerprint, "
                "which changes whenever the tournament or one of its matches does",
                "parameters": [_path("id", TOURNAMENT_ID)],
                "responses": {
                    "200": _json_ref("TournamentFingerprint"),
                    "404": _problem_ref(),
                },
            }
        },
        "/api/v1/tournaments/{id}/events": {
            **pairings.event_path(),
            "get": {
                "operationId": "listTournamentEvents",
                "summary": "The tournament's log, corrections included",
                "parameters": [_path("id", TOURNAMENT_ID)],
                "responses": {
                    "200": _json_ref("TournamentLog"),
                    "404": _problem_ref(),
                },
            },
        },
    }
    for path, (op, summary, schema) in writes.items():
        paths[f"/api/v1/tournaments/{{id}}/{path}"] = {
            "post": {
                "operationId": op,
                "summary": summary,
                "security": [{"tournamentKey": []}],
                "parameters": [
                    _path("id", TOURNAMENT_ID),
                    {"$ref": "#/components/parameters/IdempotencyKey"},
                ],
                "requestBody": {
                    "required": path not in ("rounds", "end"),
                    "content": {
                        "application/json": {
                            "schema": {"$ref": f"#/components/schemas/{schema}"},
                            "examples": by_path[path],
                        }
                    },
                },
                "responses": {
                    **_write_responses(),
                    "201": _json_ref(
                        "TournamentRecorded",
                        "Recorded (a retry with the same Idempotency-Key returns "
                        "the first seq and ruling, with Idempotent-Replayed: true)",
                    ),
                    "403": _problem_ref(
                        "Not a key of this tournament, or a table acting for "
                        "another table or doing the organiser's job"
                    ),
                },
            }
        }
    return paths


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
    from referee import formats
    from referee.formats import bracket
    from referee.formats import round_robin
    from referee.formats import swiss_pairing
    from referee.formats.bunko_night import rules as night

    string_list = {"type": "array", "items": {"type": "string"}}
    counts = {"type": "object", "additionalProperties": {"type": "integer"}}
    nullable_int = {"type": ["integer", "null"]}
    option_props: dict[str, JSONSchema] = {}
    for fmt in formats.registry().values():
        for o in fmt.options:
            option_props[o.name] = option_schema(o)
    seq = {"expected_seq": EXPECTED_SEQ}
    scores = {
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        "minItems": 2,
        "maxItems": 2,
        "description": "[team A (seats 1 and 3), team B (seats 2 and 4)]",
    }
    table_no = {"type": "integer", "minimum": 1}
    result_props = {
        "round": {
            "type": "integer",
            "minimum": 1,
            "description": "Default: the round being played.",
        },
        "table": table_no,
        "scores": scores,
        "bunkos": {**counts, "description": "Bunkos rolled, by player."},
        "wipeouts": {**counts, "description": "Wipeouts rolled, by player."},
    }
    seat = {
        "type": "object",
        "required": ["player", "table", "seat", "partner", "opponents", "move"],
        "properties": {
            "player": {"type": "string"},
            "table": table_no,
            "seat": {"type": "integer", "minimum": 0, "maximum": 3},
            "partner": {"type": "string"},
            "opponents": string_list,
            "came_from": nullable_int,
            "move": {"enum": ["start", "stay", "up", "down"]},
        },
    }
    tally = {
        "wins": {"type": "integer"},
        "losses": {"type": "integer"},
        "bunkos": {"type": "integer"},
        "wipeouts": {"type": "integer"},
    }
    title = {
        "type": "object",
        "required": ["tied", "count", "rolls", "decided", "roll_again"],
        "properties": {
            "tied": string_list,
            "count": {"type": "integer"},
            "rolls": {"type": "array", "items": counts},
            "decided": {"type": ["string", "null"]},
            "roll_again": string_list,
            "highest_takes": {"type": "boolean"},
        },
    }
    ref = "#/components/schemas/"
    return {
        "NewTournament": {
            "type": "object",
            "required": ["players"],
            "properties": {
                "kind": {"enum": list(formats.registry()), "default": "bunko-night"},
                "title": TITLE,
                "players": {
                    "type": "array",
                    "items": NAME,
                    "minItems": 2,
                    "maxItems": max(night.MAX_PLAYERS, bracket.MAX_PLAYERS),
                    "uniqueItems": True,
                    "description": f"A bunko night: 8 to {night.MAX_PLAYERS} in "
                    "fours (one table per four). A pairing format: 2 or more, up to "
                    f"its own maximum (round robin {round_robin.FORMAT.max_entrants}, "
                    f"Swiss {swiss_pairing.MAX_PLAYERS}, elimination "
                    f"{bracket.MAX_PLAYERS}).",
                },
                "seating": {
                    "enum": sorted(
                        {s for f in formats.registry().values() for s in f.seatings}
                    ),
                    "default": "given",
                    "description": "given (as listed), drawn (at random, kept in "
                    "the log), rating (pairing formats: by 'ratings').",
                },
                **pairings.create_properties(),
                "options": {
                    "type": ["object", "null"],
                    "properties": option_props,
                    "additionalProperties": False,
                    "description": "null or left out: the defaults.",
                },
            },
            "additionalProperties": False,
        },
        "TableResult": {
            "type": "object",
            "required": ["table", "winners", "losers", "score", "scores", "source"],
            "properties": {
                "table": table_no,
                "winners": string_list,
                "losers": string_list,
                "score": {**scores, "description": "[winners', losers']"},
                "scores": scores,
                "bunkos": counts,
                "wipeouts": counts,
                "source": {"enum": ["match", "report", "correction"]},
                "match_seq": nullable_int,
                "note": {"type": "string"},
            },
        },
        "TournamentTable": {
            "type": "object",
            "required": [
                "number",
                "name",
                "seats",
                "teams",
                "team_names",
                "match",
                "score",
                "turn",
                "status",
                "result",
            ],
            "properties": {
                "number": table_no,
                "name": {"type": "string"},
                "head": {"type": "boolean"},
                "seats": {**string_list, "description": "clockwise"},
                "teams": {"type": "array", "items": string_list},
                "team_names": string_list,
                "match": {"type": ["string", "null"]},
                "seq": {"type": "integer"},
                "score": {"type": "array", "items": {"type": "integer"}},
                "turn": {"type": ["string", "null"]},
                "phase": {"type": ["string", "null"]},
                "prompt": {"type": "string"},
                "last_roll": {"type": ["object", "null"]},
                "stopped": {"type": "boolean"},
                "status": {
                    "enum": ["waiting", "playing", "tied", "approval", "finished"],
                    "description": "approval: its result waits for the organiser.",
                },
                "result": {"oneOf": [{"$ref": f"{ref}TableResult"}, {"type": "null"}]},
                "pending": {
                    "oneOf": [{"$ref": f"{ref}TableResult"}, {"type": "null"}],
                    "description": "A result waiting for the organiser's approval: "
                    "it counts nowhere yet.",
                },
                "links": {"type": "object"},
            },
        },
        "SeatAssignment": seat,
        "Standing": {
            "type": "object",
            "required": ["rank", "player", *tally],
            "properties": {
                "rank": {"type": "integer"},
                "player": {"type": "string"},
                **tally,
            },
        },
        "Rotation": {
            "type": "object",
            "required": ["round", "tables", "seats"],
            "properties": {
                "round": {"type": "integer"},
                "tables": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["number", "seats", "teams", "choices"],
                        "properties": {
                            "number": table_no,
                            "name": {"type": "string"},
                            "seats": string_list,
                            "teams": {"type": "array", "items": string_list},
                            "team_names": string_list,
                            "chosen": {"type": "boolean"},
                            "choices": {"type": "array", "items": {"type": "object"}},
                        },
                    },
                },
                "seats": {"type": "array", "items": {"$ref": f"{ref}SeatAssignment"}},
            },
        },
        **pairings.schemas(),
        "Tournament": {
            "anyOf": [
                {"$ref": f"{ref}NightTournament"},
                {"$ref": f"{ref}PairingTournament"},
            ]
        },
        "NightTournament": {
            "type": "object",
            "required": [
                "id",
                "kind",
                "title",
                "status",
                "seq",
                "fingerprint",
                "players",
                "phase",
                "round",
                "tables",
                "seats",
                "rotation",
                "rounds",
                "tallies",
                "standings",
                "overall",
                "links",
            ],
            "properties": {
                "id": {"type": "string"},
                "kind": {"type": "string"},
                "game": {"type": "string"},
                "title": {"type": "string"},
                "status": {"enum": ["live", "over"]},
                "seq": {"type": "integer"},
                "fingerprint": {
                    "type": "string",
                    "description": "Changes whenever the night or a table's match "
                    "does: poll it.",
                },
                "players": string_list,
                "options": {"type": "object"},
                "phase": {"enum": ["seating", "playing", "between-rounds", "over"]},
                "round": {"type": "integer"},
                "prompt": {"type": "string"},
                "tables": {
                    "type": "array",
                    "items": {"$ref": f"{ref}TournamentTable"},
                },
                "stop": {"type": ["object", "null"]},
                "seats": {"type": "array", "items": {"$ref": f"{ref}SeatAssignment"}},
                "rotation": {
                    "oneOf": [{"$ref": f"{ref}Rotation"}, {"type": "null"}],
                    "description": "Where everyone sits next, once a round is over.",
                },
                "rounds": {"type": "array", "items": {"type": "object"}},
                "tallies": {
                    "type": "object",
                    "additionalProperties": {
                        "type": "object",
                        "required": list(tally),
                        "properties": tally,
                    },
                },
                "standings": {"type": "array", "items": {"$ref": f"{ref}Standing"}},
                "overall": {
                    "oneOf": [
                        {
                            "type": "object",
                            "required": ["winner", "loser"],
                            "properties": {"winner": title, "loser": title},
                        },
                        {"type": "null"},
                    ]
                },
                "rules": {"type": "object"},
                "links": {"type": "object"},
                "keys": {"$ref": f"{ref}TournamentKeys"},
            },
        },
        "TournamentKeys": {
            "type": "object",
            "required": ["organiser", "tables"],
            "properties": {
                "organiser": {
                    "type": "object",
                    "required": ["key", "pin"],
                    "properties": {
                        "key": {"type": "string"},
                        "pin": {"type": "string", "pattern": "^[0-9]{6}$"},
                    },
                },
                "tables": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["table", "key", "pin", "join"],
                        "properties": {
                            "table": table_no,
                            "key": {"type": "string"},
                            "pin": {"type": "string", "pattern": "^[0-9]{6}$"},
                            "join": {"type": "string"},
                        },
                    },
                },
            },
        },
        "CreatedTournament": {
            "allOf": [{"$ref": f"{ref}Tournament"}, {"required": ["keys"]}]
        },
        "TournamentRecorded": {
            "type": "object",
            "required": ["seq", "ruling", "tournament"],
            "properties": {
                "seq": {"type": "integer"},
                "ruling": {"oneOf": [{"$ref": f"{ref}Ruling"}, {"type": "null"}]},
                "tournament": {"$ref": f"{ref}Tournament"},
            },
        },
        "TableResultRequest": {
            "type": "object",
            "required": ["table", "scores"],
            "properties": {**result_props, **seq},
            "additionalProperties": False,
        },
        "CorrectionRequest": {
            "type": "object",
            "required": ["round", "table", "scores"],
            "properties": {
                **result_props,
                "note": {"type": "string", "maxLength": 200},
                **seq,
            },
            "additionalProperties": False,
        },
        "SeatingRequest": {
            "type": "object",
            "required": ["table", "seats"],
            "properties": {
                "table": table_no,
                "seats": {
                    **string_list,
                    "minItems": 4,
                    "maxItems": 4,
                    "description": "Clockwise; seats 1 and 3 are partners.",
                },
                **seq,
            },
            "additionalProperties": False,
        },
        "NextRoundRequest": {
            "type": "object",
            "properties": {
                "seating": {
                    "type": "object",
                    "additionalProperties": {
                        "type": "array",
                        "items": NAME,
                        "minItems": 4,
                        "maxItems": 4,
                    },
                    "description": "Table number -> four names clockwise, for tables "
                    "that choose (default: the tables' recorded choices, else ours).",
                },
                **seq,
            },
            "additionalProperties": False,
        },
        "EndRequest": {
            "type": "object",
            "properties": seq,
            "additionalProperties": False,
        },
        "TieBreakRequest": {
            "type": "object",
            "required": ["title", "rolls"],
            "properties": {
                "title": {"enum": ["winner", "loser"]},
                "rolls": {
                    "type": "object",
                    "additionalProperties": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": 6,
                    },
                    "description": "One die per player still tied.",
                },
                **seq,
            },
            "additionalProperties": False,
        },
        "TournamentFingerprint": {
            "type": "object",
            "required": ["id", "seq", "fingerprint"],
            "properties": {
                "id": {"type": "string"},
                "seq": {"type": "integer"},
                "fingerprint": {"type": "string"},
            },
            "additionalProperties": False,
        },
        "TournamentLog": {
            "type": "object",
            "required": ["id", "seq", "events"],
            "properties": {
                "id": {"type": "string"},
                "seq": {"type": "integer"},
                "events": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["seq", "kind", "event", "ruling", "actor"],
                        "properties": {
                            "seq": {"type": "integer"},
                            "kind": {"type": "string"},
                            "event": {"type": "object"},
                            "ruling": {"$ref": f"{ref}Ruling"},
                            "actor": {"type": "string"},
                            "created_at": {"type": ["string", "null"]},
                        },
                    },
                },
            },
        },
    }
