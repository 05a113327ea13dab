"""The OpenAPI parts of player profiles, seat links and confirmation mode."""

from __future__ import annotations

from typing import Any

from referee.web.openapi.common import IDEMPOTENCY_KEY
from referee.web.openapi.common import NAME
from referee.web.openapi.common import _json_ref
from referee.web.openapi.common import _path
from referee.web.openapi.common import _problem_ref
from referee.web.openapi.common import _write_responses
from referee.web.openapi.common import array
from referee.web.openapi.common import edit_key_problems
from referee.web.openapi.common import json_body
from referee.web.openapi.common import json_content
from referee.web.openapi.common import keyed
from referee.web.openapi.common import obj
from referee.web.openapi.common import read_one
from referee.web.openapi.common import ref
from referee.web.openapi.common import typed

JSONSchema = dict[str, Any]

_NULLABLE_NAME: JSONSchema = {"anyOf": [NAME, {"type": "null"}]}
_PLAYER: JSONSchema = obj(
    typed(id="string", name="string", links="object"), ["id", "name", "links"]
)


def player_schemas() -> dict[str, JSONSchema]:
    return {**_profile_schemas(), **_link_schemas(), **_trust_schemas()}


def _profile_schemas() -> dict[str, JSONSchema]:
    """A profile, and the list of them."""
    return {
        "Player": _PLAYER,
        "PlayerList": obj({"players": array(ref("Player"))}, ["players"]),
        "Profile": {
            "allOf": [
                ref("Player"),
                obj(
                    {
                        "games": {
                            "type": "object",
                            "description": "Per game id: matches, won, lost, drawn, "
                            "totals (figures summed; darts-301: three_dart_average, "
                            "first_nine_average, checkout_percent, highest_finish...; "
                            "billiards: racks, racks_won, fouls_per_rack, "
                            "break_and_runs; bunko: bunkos, wipeouts; gin-rummy: "
                            "hands, gins, undercuts), series (one row per match, "
                            "oldest first) and, for darts, doubles (darts, hits and "
                            "percent per double).",
                        },
                        "matches": {"type": "array"},
                        "pending": {
                            "type": "array",
                            "description": "Matches in confirmation mode with entries "
                            "not yet confirmed: they do not count yet.",
                        },
                        **typed(head_to_head="array", bunko_nights="array"),
                        "ratings": {
                            "type": "object",
                            "additionalProperties": ref("Rating"),
                            "description": "Per game id the profile is rated at: its "
                            "current rating (the history is at /ratings).",
                        },
                    },
                    [
                        *("games", "matches", "pending", "head_to_head"),
                        *("bunko_nights", "ratings"),
                    ],
                ),
            ]
        },
        **_rating_schemas(),
    }


def _rating_schemas() -> dict[str, JSONSchema]:
    """A rating, one rated match of its history, and a profile's ratings."""
    number = {"type": "number"}
    rating = {
        "mu": {**number, "description": "The estimate of skill (a new profile: 25)."},
        "sigma": {
            **number,
            "minimum": 0,
            "description": "How unsure the estimate is (new: 25/3); shrinks with play.",
        },
        "rating": {
            **number,
            "description": "The rating shown and compared: mu - 3 sigma (new: 0).",
        },
    }
    return {
        "Rating": obj(
            {**rating, "matches": {"type": "integer", "minimum": 0}},
            ["mu", "sigma", "rating", "matches"],
        ),
        "RatedMatch": obj(
            {
                "match": {"type": "string"},
                "title": {"type": "string"},
                "date": {"type": "string", "format": "date"},
                "place": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "The profile's side's finishing place (1 first; "
                    "tied sides share a place).",
                },
                "sides": {"type": "integer", "minimum": 2},
                **rating,
                "change": {**number, "description": "The rating's change."},
            },
            ["match", "date", "place", "sides", "mu", "sigma", "rating", "change"],
        ),
        "PlayerRatings": obj(
            {
                **typed(id="string", name="string"),
                "model": {
                    "type": "object",
                    "description": "The rating model and its parameters.",
                },
                "games": {
                    "type": "object",
                    "additionalProperties": {
                        "allOf": [
                            ref("Rating"),
                            obj(
                                {
                                    "history": {
                                        **array(ref("RatedMatch")),
                                        "maxItems": 500,
                                        "description": "The rating after each rated "
                                        "match, oldest first (the latest 500).",
                                    }
                                },
                                ["history"],
                            ),
                        ]
                    },
                },
            },
            ["id", "name", "model", "games"],
        ),
    }


RATINGS_EXAMPLE = {
    "id": "p4x7k2m9qa",
    "name": "Ann Smith",
    "model": {
        "name": "openskill PlackettLuce",
        "mu": 25.0,
        "sigma": 8.333333,
        "beta": 4.166667,
        "tau": 0.083333,
        "limit_sigma": True,
        "rating": "mu - 3 * sigma",
    },
    "games": {
        "darts-301": {
            "mu": 27.6354,
            "sigma": 8.0659,
            "rating": 3.44,
            "matches": 1,
            "history": [
                {
                    "match": "k3m9x2q7ab",
                    "title": "",
                    "date": "2026-11-27",
                    "place": 1,
                    "sides": 2,
                    "mu": 27.6354,
                    "sigma": 8.0659,
                    "rating": 3.44,
                    "change": 3.44,
                }
            ],
        }
    },
}


def _players_request(players: JSONSchema) -> JSONSchema:
    return obj({"players": players}, ["players"], closed=True)


def _links(players: str, claim_codes: JSONSchema) -> JSONSchema:
    """The links made: each seat's or entrant's player, the new claim codes."""
    return obj(
        {**typed(id="string", players=players), "claim_codes": claim_codes},
        ["id", "players", "claim_codes"],
    )


def _link_schemas() -> dict[str, JSONSchema]:
    """Seats' and entrants' links to profiles."""
    return {
        "SeatLinksRequest": _players_request(
            {
                **array(_NULLABLE_NAME),
                "description": "A profile name (made if new) or null per seat, "
                "in the match's order of players.",
            }
        ),
        "SeatLinks": _links(
            "array",
            {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "description": "The claim code of each profile made now, by name "
                "(shown once: give it to its player).",
            },
        ),
        "EntrantLinksRequest": _players_request(
            {
                "type": "object",
                "additionalProperties": _NULLABLE_NAME,
                "description": "Entrant name -> profile name (or null).",
            }
        ),
        "EntrantLinks": _links("object", {"type": "object"}),
    }


def _trust_schemas() -> dict[str, JSONSchema]:
    """Confirmation mode: what waits, what a side confirms or challenges."""
    return {
        "Confirmations": obj(
            {
                **typed(id="string", confirm="boolean"),
                "sides": array({"type": "string"}),
                "counts": {
                    "type": "boolean",
                    "description": "Whether the match counts for profiles now.",
                },
                "entries": array(
                    {
                        "type": "object",
                        "required": [
                            *("seq", "row", "entered_by", "confirmed_by"),
                            "challenges",
                        ],
                    }
                ),
            },
            ["id", "confirm", "sides", "counts", "entries"],
        ),
        "ConfirmRequest": obj(
            {
                "through": {
                    "type": ["integer", "null"],
                    "minimum": 0,
                    "description": "Confirm every other side's entry up to this seq "
                    "(the last you checked); left out: all.",
                }
            },
            closed=True,
        ),
        "ChallengeRequest": obj(
            {
                "target": {"type": "integer", "minimum": 1},
                "note": {"type": "string", "maxLength": 200},
            },
            ["target"],
            closed=True,
        ),
    }


def player_paths() -> dict[str, JSONSchema]:
    match_id = _path("id", "k3m9x2q7ab")
    return {
        **_profile_paths(),
        **_link_paths(match_id),
        **_trust_paths(match_id),
    }


def _profile_paths() -> dict[str, JSONSchema]:
    """Every profile, and one."""
    return {
        "/api/v1/players": {
            "get": {
                "operationId": "listPlayers",
                "summary": "Every player profile",
                "responses": {"200": _json_ref("PlayerList")},
            }
        },
        "/api/v1/players/{id}": read_one(
            "getPlayer",
            "A profile: figures per game, series over time, doubles, "
            "head to head, matches awaiting confirmation",
            "Profile",
            _path("id", "p4x7k2m9qa"),
        ),
        "/api/v1/players/{id}/ratings": {
            "get": {
                "operationId": "getPlayerRatings",
                "summary": "A profile's rating at each game, with its history",
                "parameters": [_path("id", "p4x7k2m9qa")],
                "responses": {
                    "200": {
                        "description": "OK",
                        "content": json_content(
                            "PlayerRatings", example=RATINGS_EXAMPLE
                        ),
                    },
                    "404": _problem_ref(),
                },
            }
        },
    }


def _link_paths(match_id: JSONSchema) -> dict[str, JSONSchema]:
    """Link a match's seats or a tournament's entrants to profiles."""
    return {
        "/api/v1/matches/{id}/players": {
            **read_one(
                "getSeatLinks", "The profile linked to each seat", "SeatLinks", match_id
            ),
            "put": keyed(
                "putSeatLinks",
                "Link each seat to a profile by name (made if new)",
                "editKey",
                [match_id],
                json_body("SeatLinksRequest", example={"players": ["Ann Smith", None]}),
                {
                    "200": _json_ref("SeatLinks"),
                    **edit_key_problems("Not one name or null per seat"),
                },
            ),
        },
        "/api/v1/tournaments/{id}/players": {
            "put": keyed(
                "putEntrantLinks",
                "Link entrants to profiles for every match they play",
                "tournamentKey",
                [_path("id", "n4x7k2m9qa")],
                json_body(
                    "EntrantLinksRequest", example={"players": {"Ann": "Ann Smith"}}
                ),
                {
                    "200": _json_ref("EntrantLinks"),
                    "401": _problem_ref("No key"),
                    "403": _problem_ref("Not the organiser's key"),
                    "404": _problem_ref("No such tournament"),
                    "422": _problem_ref("Not an entrant, or a bad name"),
                },
            )
        },
    }


def _trust_paths(match_id: JSONSchema) -> dict[str, JSONSchema]:
    """Confirmation mode: what waits, confirm, challenge."""
    trust_answers = {
        **_write_responses(),
        "409": _problem_ref(
            "Not in confirmation mode, nothing to confirm, the entry is your own, "
            "confirmed or not in play, or an Idempotency-Key reused with another body"
        ),
    }

    def write(op: str, summary: str, body: JSONSchema) -> JSONSchema:
        params = [match_id, IDEMPOTENCY_KEY]
        return {"post": keyed(op, summary, "editKey", params, body, trust_answers)}

    return {
        "/api/v1/matches/{id}/confirmations": read_one(
            "getConfirmations",
            "Who entered, confirmed and challenged each entry",
            "Confirmations",
            match_id,
        ),
        "/api/v1/matches/{id}/confirm": write(
            "confirmEntries",
            "Confirm the other sides' entries (a side's key)",
            json_body("ConfirmRequest", required=False, example={"through": 4}),
        ),
        "/api/v1/matches/{id}/challenge": write(
            "challengeEntry",
            "Challenge another side's unconfirmed entry",
            json_body(
                "ChallengeRequest", example={"target": 3, "note": "That was S20"}
            ),
        ),
    }
