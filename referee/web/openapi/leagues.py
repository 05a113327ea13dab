"""The leagues' part of the OpenAPI document: ``/api/v1/leagues`` (a league, its
seasons) and ``/api/v1/tournaments/{id}/mine`` (what a key may read of a
tournament), and the ``league`` family of tournaments (a season's view) for
``Tournament``.

A season is a tournament: its events (``lineup``, ``reschedule``, ``forfeit``) go
to ``POST /api/v1/tournaments/{id}/events``, documented there from the format's
declared examples like every format's.
"""

from __future__ import annotations

from typing import Any

from referee.formats.league import team_formats
from referee.formats.league.common import MOST_ROSTER
from referee.formats.league.common import MOST_TEAMS
from referee.games.text import LIMITS
from referee.web.openapi.common import IDEMPOTENCY_KEY
from referee.web.openapi.common import TITLE
from referee.web.openapi.common import TOURNAMENT_ID
from referee.web.openapi.common import _json_ref
from referee.web.openapi.common import _path
from referee.web.openapi.common import _problem_ref
from referee.web.openapi.common import array
from referee.web.openapi.common import json_body
from referee.web.openapi.common import json_content
from referee.web.openapi.common import keyed
from referee.web.openapi.common import obj
from referee.web.openapi.common import read_one
from referee.web.openapi.common import ref
from referee.web.openapi.common import typed

JSONSchema = dict[str, Any]

VIEW = "LeagueTournament"  # the family's view schema, one of ``Tournament``'s
LEAGUE_ID = "h4k8p2m6qa"
PIN: JSONSchema = {"type": "string", "pattern": "^[0-9]{6}$"}

TEAMS_EXAMPLE = [
    {
        "name": "Cue Tips",
        "venue": "The Anchor",
        "captain": "Ann",
        "players": ["Ann", "Bo", "Cy", "Di", "Ed"],
    },
    {
        "name": "Pocket Rockets",
        "venue": "The Crown",
        "captain": "Fay",
        "players": ["Fay", "Gus", "Hal", "Ivy", "Jo"],
    },
]
SCHEDULE_EXAMPLE = {
    "start": "2026-09-07",
    "every_days": 7,
    "time": "19:30",
    "skip": ["2026-12-21"],
}


# --- the league family of tournaments ------------------------------------------------


def max_players() -> int:
    return MOST_TEAMS


def players_text() -> str:
    return (
        f"A league season: its 2 to {MOST_TEAMS} team names (made by POST "
        "/api/v1/leagues/{id}/seasons, not here)."
    )


def create_examples(fmts: list[Any]) -> JSONSchema:
    """None: a season is made under its league (``addSeason``)."""
    return {}


def schemas() -> dict[str, JSONSchema]:
    """A season's view (the league's own schemas are ``league_schemas``)."""
    return {VIEW: _view()}


def _view() -> JSONSchema:
    fixture = obj(
        {
            **typed(number="integer", week="integer", status="string"),
            "date": {"type": ["string", "null"]},
            "time": {"type": ["string", "null"]},
            "venue": {"type": ["string", "null"]},
            "home": {},
            "away": {},
            "lineups": {"type": "object"},
            "games": array({"type": "object"}),
            "result": {"type": ["object", "null"]},
            "notes": array({"type": "string"}),
        },
        ["number", "week", "home", "away", "status", "games"],
    )
    return obj(
        {
            **typed(id="string", kind="string", title="string", status="string"),
            **typed(seq="integer", fingerprint="string"),
            "teams": array({"type": "object"}),
            "weeks": array({"type": "object"}),
            "fixtures": array(fixture),
            "standings": array(ref("LeagueStanding")),
            "links": {"type": "object"},
            "keys": ref("TournamentKeys"),
        },
        ["id", "kind", "title", "status", "seq", "fixtures", "standings", "links"],
        description="A league season (kind 'league'): teams, weeks, fixtures with "
        "their games' matches, and the standings.",
    )


def league_schemas() -> dict[str, JSONSchema]:
    """The leagues' and seasons' schemas, a group a helper, in the document's order."""
    return {**_league_schemas(), **_season_schemas(), **_season_read_schemas()}


def _creds() -> JSONSchema:
    return obj({"key": {"type": "string"}, "pin": PIN}, ["key", "pin"])


def _league_schemas() -> dict[str, JSONSchema]:
    """A new league and a league (its seasons' links and organiser key)."""
    season_link = obj(
        {
            **typed(id="string", title="string", status="string"),
            "teams": array({"type": "string"}),
            "links": {"type": "object"},
        },
        ["id", "title", "status", "links"],
    )
    return {
        "NewLeague": obj(
            {
                "name": TITLE,
                "game": {
                    "enum": list(team_formats.league_games()),
                    "description": "A game a team match format is declared for "
                    "(GET /api/v1/games for its options).",
                },
                "options": {
                    "type": ["object", "null"],
                    "description": "The season options every new season starts "
                    "from (meetings, team_format, race or legs, lineup, handicap, "
                    "points and tie_breaks); null: the defaults.",
                },
            },
            ["name", "game"],
            closed=True,
        ),
        "League": obj(
            {
                **typed(id="string", name="string", game="string", options="object"),
                "seasons": array(season_link),
                "links": {"type": "object"},
                "keys": obj({"organiser": _creds()}, ["organiser"]),
            },
            ["id", "name", "game", "options", "seasons", "links"],
        ),
    }


def _season_schemas() -> dict[str, JSONSchema]:
    """A new season (its teams and schedule) and a season with its keys."""
    name = {"type": "string", "minLength": 1, "maxLength": LIMITS["name"]}
    team = obj(
        {
            "name": name,
            "venue": {"type": "string", "minLength": 1, "maxLength": LIMITS["title"]},
            "captain": name,
            "players": {
                "type": "array",
                "items": name,
                "minItems": 1,
                "maxItems": MOST_ROSTER,
            },
        },
        ["name", "venue", "captain", "players"],
    )
    return {
        "NewSeason": obj(
            {
                "title": TITLE,
                "teams": {
                    "type": "array",
                    "items": team,
                    "minItems": 2,
                    "maxItems": MOST_TEAMS,
                },
                "schedule": obj(
                    {
                        "start": {"type": "string", "format": "date"},
                        "every_days": {"type": "integer", "minimum": 1},
                        "time": {"type": "string"},
                        "skip": array({"type": "string", "format": "date"}),
                    },
                    ["start"],
                ),
                "options": {
                    "type": ["object", "null"],
                    "description": "Over the league's options for this season.",
                },
            },
            ["teams", "schedule"],
            closed=True,
        ),
        "Season": _season(),
    }


def _season() -> JSONSchema:
    """A season as its organiser sees it: the view and every captain's and
    fixture's key."""
    station = {"station": {"type": "integer", "minimum": 1}}
    return {
        "allOf": [
            ref(VIEW),
            obj(
                {
                    "keys": obj(
                        {
                            "captains": array(
                                obj(
                                    {
                                        **typed(team="integer", name="string"),
                                        "key": {"type": "string"},
                                        "pin": PIN,
                                        **station,
                                    },
                                    ["team", "name", "key", "pin", "station"],
                                )
                            ),
                            "fixtures": array(
                                obj(
                                    {
                                        "fixture": {"type": "integer"},
                                        "key": {"type": "string"},
                                        "pin": PIN,
                                        **station,
                                    },
                                    ["fixture", "key", "pin", "station"],
                                )
                            ),
                        },
                        ["captains", "fixtures"],
                    )
                },
                ["keys"],
            ),
        ]
    }


def _season_read_schemas() -> dict[str, JSONSchema]:
    """A season's standings row and what a key may read of it."""
    return {
        "LeagueStanding": obj(
            {
                **typed(rank="integer", team="integer", name="string"),
                **typed(played="integer", won="integer", drawn="integer"),
                **typed(lost="integer", games_for="integer", points="integer"),
                "games_against": {"type": "integer"},
            },
            ["rank", "name", "played", "won", "drawn", "lost", "points"],
        ),
        "SeasonAccess": obj(
            {
                "role": {"enum": ["organiser", "captain", "fixture", "table"]},
                **typed(team="integer", name="string", fixture="integer"),
                "table": {"type": "integer"},
                "fixtures": array(
                    obj(
                        {
                            **typed(number="integer", side="string"),
                            "games": array({"type": "object"}),
                            "fixture_key": _creds(),
                            "confirm_with": {"type": "string"},
                        },
                        ["number", "games"],
                    )
                ),
                "keys": ref("TournamentKeys"),
            },
            ["role"],
            description="What this key may read: a captain its fixtures (the "
            "fixture key of its home ones), a fixture's key its own fixture, the "
            "organiser every key; in a tournament that is not a league season, a "
            "table's key its table number.",
        ),
    }


# --- paths ----------------------------------------------------------------------------


def league_paths() -> dict[str, JSONSchema]:
    league_id = _path("id", LEAGUE_ID)
    return {
        "/api/v1/leagues": {"post": _create()},
        "/api/v1/leagues/{id}": read_one(
            "getLeague",
            "A league and its seasons (with its organiser key: the key and PIN)",
            "League",
            league_id,
        ),
        "/api/v1/leagues/{id}/seasons": {"post": _add_season(league_id)},
        "/api/v1/tournaments/{id}/mine": {
            "get": {
                "operationId": "getSeasonAccess",
                "summary": "What this key may read of a tournament: the organiser "
                "every key, a table its number; in a league season a captain its "
                "fixtures and the keys of its home fixtures, a fixture its games",
                "security": [{"tournamentKey": []}],
                "parameters": [_path("id", TOURNAMENT_ID)],
                "responses": {
                    "200": {
                        "description": "OK",
                        "content": json_content(
                            "SeasonAccess",
                            example={
                                "role": "captain",
                                "team": 1,
                                "name": "Cue Tips",
                                "fixtures": [
                                    {
                                        "number": 1,
                                        "week": 1,
                                        "side": "home",
                                        "games": [{"number": 1, "match": None}],
                                        "fixture_key": {
                                            "key": "k3y-of-fixture-1",
                                            "pin": "402913",
                                        },
                                    }
                                ],
                            },
                        ),
                    },
                    "401": _problem_ref("No key"),
                    "403": _problem_ref("Not a key of this tournament"),
                    "404": _problem_ref("No such tournament"),
                },
            }
        },
    }


def _create() -> JSONSchema:
    return {
        "operationId": "createLeague",
        "summary": "Start a league: its name, game and the options its seasons "
        "start from; the answer holds the organiser's key and PIN",
        "parameters": [
            {
                "name": "Idempotency-Key",
                "in": "header",
                "required": False,
                "description": "Optional: a double tap or retry makes one league.",
                "schema": {"type": "string", "maxLength": 255},
            }
        ],
        "requestBody": json_body(
            "NewLeague",
            examples={
                "pool": {
                    "summary": "A pool league, 8-ball, ten singles a night",
                    "value": {
                        "name": "Tuesday Pool",
                        "game": "billiards",
                        "options": {
                            "meetings": "double",
                            "team_format": "pool-8-ball-10",
                            "race": 3,
                        },
                    },
                }
            },
        ),
        "responses": {
            "201": _json_ref("League", "Created: keep the organiser's key"),
            "400": _problem_ref(
                "Idempotency-Key not printable text of at most 255 characters"
            ),
            "409": _problem_ref("An Idempotency-Key reused with another body"),
            "422": _problem_ref("Bad input: a name, a game or options"),
        },
    }


def _add_season(league_id: JSONSchema) -> JSONSchema:
    return keyed(
        "addSeason",
        "A new season of the league (its organiser key): fixtures by week, a key "
        "and PIN per captain and per fixture",
        "leagueKey",
        [league_id, IDEMPOTENCY_KEY],
        json_body(
            "NewSeason",
            examples={
                "two-teams": {
                    "summary": "Two teams, home and away, weekly from September",
                    "value": {
                        "title": "Autumn 2026",
                        "teams": TEAMS_EXAMPLE,
                        "schedule": SCHEDULE_EXAMPLE,
                        "options": {"meetings": "double"},
                    },
                }
            },
        ),
        {
            "201": _json_ref(
                "Season",
                "Created: hand each captain its key, each venue its fixture PIN",
            ),
            "400": _problem_ref(
                "Idempotency-Key not printable text of at most 255 characters"
            ),
            "401": _problem_ref("No key"),
            "403": _problem_ref("Not the league's organiser key"),
            "404": _problem_ref("No such league"),
            "409": _problem_ref("An Idempotency-Key reused with another body"),
            "422": _problem_ref("Bad input: teams, rosters, schedule or options"),
        },
    )


SECURITY: JSONSchema = {
    "leagueKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "The organiser key returned by POST /api/v1/leagues; it is "
        "also the organiser key of every season of the league.",
    }
}
