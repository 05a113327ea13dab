"""The leagues' JSON API (``/api/v1/leagues``): a league, its seasons, and what a
key may read of a tournament (``/api/v1/tournaments/<id>/mine``).

A season is a tournament: its events (line-ups, reschedules, forfeits), its view
and its log are the tournament API's (``referee.web.tournaments.api``); a captain's
or a fixture's key writes there as a station's key, and the format says which of
its events each may send. The web layer is thin: the service is
``referee.leagues``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from flask import Response
from flask import jsonify
from flask import request
from flask import url_for

from referee import leagues
from referee import tournaments
from referee.models import League
from referee.models import Tournament
from referee.web import access
from referee.web.api import _bad
from referee.web.api import _body
from referee.web.api import _Halt
from referee.web.api import _halt
from referee.web.api import bearer_or_none
from referee.web.api import create_once
from referee.web.errors import problem
from referee.web.tournaments.access import api_bp as tournament_api
from referee.web.tournaments.api import keys_json
from referee.web.tournaments.api import tournament_json

bp = Blueprint("league_api", __name__, url_prefix="/api/v1/leagues")
bp.register_error_handler(_Halt, _halt)


def _forbidden(detail: str) -> Response:
    return problem(403, "forbidden", "Forbidden", detail)


def _league(league_id: str) -> League:
    try:
        return leagues.get(league_id)
    except leagues.NotFound as err:
        raise _Halt(problem(404, "not-found", "Not found", str(err))) from None


def league_json(league: League, creds: Any = None) -> dict[str, Any]:
    """A league, its seasons (newest first) and links; ``creds``: the organiser's
    key and PIN (only in the answer to the create or to the organiser's key)."""
    body: dict[str, Any] = {
        "id": league.id,
        "name": league.name,
        "game": league.game,
        "options": league.options,
        "seasons": [
            {
                "id": s.id,
                "title": s.title,
                "status": s.status,
                "teams": list(s.players),
                "links": {
                    "self": url_for("tournament_api.one", tournament_id=s.id),
                    "page": url_for("tournaments.show", tournament_id=s.id),
                },
            }
            for s in leagues.seasons(league)
        ],
        "links": {
            "self": url_for("league_api.one", league_id=league.id),
            "seasons": url_for("league_api.add_season", league_id=league.id),
        },
    }
    if creds is not None:
        access.no_store()  # a key and PIN: no copy kept anywhere
        body["keys"] = {"organiser": {"key": creds.key, "pin": creds.pin}}
    return body


def _fields(body: dict[str, Any], allowed: tuple[str, ...], what: str) -> None:
    extra = sorted(set(body) - set(allowed))
    if extra:
        raise _Halt(
            _bad(
                {
                    extra[0]: f"'{extra[0]}' is not a field of {what} "
                    f"({', '.join(allowed)})."
                }
            )
        )


@bp.post("")
def create() -> Response | tuple[Response, int]:
    """A new league: 201 with its organiser key and PIN (shown once)."""
    body = _body()
    _fields(body, leagues.CREATE_FIELDS, "a new league")

    def make(key: str | None, fingerprint: str) -> tuple[Any, str]:
        league, creds = leagues.create(
            body.get("name"),
            body.get("game"),
            body.get("options"),
            idem_key=key,
            fingerprint=fingerprint,
        )
        where = url_for("league_api.one", league_id=league.id)
        return league_json(league, creds), where

    return create_once({"op": "league", **body}, leagues.created_before, make)


@bp.get("/<league_id>")
def one(league_id: str) -> Response:
    league = _league(league_id)
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    mine = scheme.lower() == "bearer" and leagues.is_organiser(league, token.strip())
    creds = leagues.organiser_credentials(league) if mine else None
    return jsonify(league_json(league, creds))


@bp.post("/<league_id>/seasons")
def add_season(league_id: str) -> Response | tuple[Response, int]:
    """A new season (the league's organiser key): 201 with the season, and the
    captains' keys and the fixture PINs for the organiser to hand out."""
    league = _league(league_id)
    token = bearer_or_none(
        "Adding a season needs 'Authorization: Bearer <key>': the league's "
        "organiser key."
    )
    if not leagues.is_organiser(league, token):
        return _forbidden("Only the league's organiser key adds a season.")
    body = _body()
    _fields(body, leagues.SEASON_FIELDS, "a new season")

    def make(key: str | None, fingerprint: str) -> tuple[Any, str]:
        season = leagues.add_season(
            league,
            token,
            title=body.get("title") or "",
            teams=body.get("teams"),
            schedule=body.get("schedule"),
            options=body.get("options"),
            idem_key=key,
            fingerprint=fingerprint,
        )
        where = url_for("tournament_api.one", tournament_id=season.id)
        return season_json(season), where

    op = {"op": "season", "league": league.id, **body}
    return create_once(op, tournaments.created_before, make)


def season_json(season: Tournament) -> dict[str, Any]:
    """The season as the organiser sees it: the tournament with every key, and the
    keys split by who holds them (a captain per team, a PIN per fixture)."""
    access.no_store()
    body = tournament_json(season, keys=True)
    tables = body["keys"]["tables"]
    teams = len(season.players)
    body["keys"]["captains"] = [
        {"team": t["table"], "name": season.players[t["table"] - 1], **_creds(t)}
        for t in tables[:teams]
    ]
    # Stations are made for a double round robin; a single one leaves the last
    # ones unused, and they are not handed out.
    fixtures = len(body.get("fixtures", []))
    body["keys"]["fixtures"] = [
        {"fixture": t["table"] - teams, **_creds(t)}
        for t in tables[teams : teams + fixtures]
    ]
    return body


def _creds(table: dict[str, Any]) -> dict[str, Any]:
    return {"key": table["key"], "pin": table["pin"], "station": table["table"]}


@tournament_api.get("/<tournament_id>/mine")
def mine(tournament_id: str) -> Response:
    """What this key may read of a tournament: its role, and for a season's
    captain its fixtures with their games' links, the keys of its home fixtures
    and the note that its own key confirms its away games; for a fixture's key,
    that fixture; for another tournament's table key, its table number."""
    try:
        season = tournaments.get(tournament_id)
    except tournaments.NotFound as err:
        return problem(404, "not-found", "Not found", str(err))
    token = bearer_or_none(
        "Send 'Authorization: Bearer <key>': the organiser's or a table's key of "
        "this tournament (in a league season: a captain's or a fixture's)."
    )
    if season.league_id is None:
        return _tournament_mine(season, token)
    role = leagues.role(season, token)
    if role is None:
        return _forbidden("That key is not a key of this season.")
    access.no_store()  # a home captain reads its fixtures' keys
    if role.kind == "organiser":
        return jsonify({"role": "organiser", "keys": keys_json(season)})
    if role.kind == "captain":
        assert role.team is not None
        view = leagues.captain_view(season, role.team)
        return jsonify({"role": "captain", **_linked(view)})
    view = leagues.fixture_view(season, int(role.fixture or 0))
    return jsonify({"role": "fixture", **_linked(view)})


def _tournament_mine(tournament: Tournament, token: str | None) -> Response:
    """A tournament that is not a season: the organiser reads every key, a table's
    key its table's number."""
    actor = tournaments.actor_for(tournament, token)
    if actor is None:
        return _forbidden("That key is not a key of this tournament.")
    access.no_store()
    if actor.role == "organiser":
        return jsonify({"role": "organiser", "keys": keys_json(tournament)})
    return jsonify({"role": "table", "table": actor.table})


def _linked(view: dict[str, Any]) -> dict[str, Any]:
    """Each game's match with its API and scorepad links."""
    for fixture in view.get("fixtures", []):
        for game in fixture["games"]:
            match = game.get("match")
            game["links"] = {
                "match": url_for("api.one_match", match_id=match) if match else None,
                "scorepad": url_for("matches.show", match_id=match) if match else None,
            }
    return view
