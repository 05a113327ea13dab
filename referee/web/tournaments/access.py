"""The night's blueprints, and who may write: the organiser, a table, a watcher."""

from __future__ import annotations

from flask import Blueprint
from flask import Response
from flask import current_app
from flask import g
from flask import request
from flask import session

from referee import keys
from referee import ledger
from referee import tournaments
from referee.db import db
from referee.models import Match
from referee.models import Tournament
from referee.tournaments import ORGANISER
from referee.tournaments import Actor
from referee.web import access
from referee.web.api import _Halt
from referee.web.api import _halt

bp = Blueprint("tournaments", __name__, url_prefix="/n")
api_bp = Blueprint("tournament_api", __name__, url_prefix="/api/v1/tournaments")
api_bp.register_error_handler(_Halt, _halt)

MAX_REMEMBERED = 20
# Writes to a match that may end a table's game: after them the night is settled.
MATCH_WRITES = {
    "matches.add_event",
    "matches.undo",
    "matches.amend",
    "api.add_event",
    "api.undo",
    "api.amend",
    # A confirmation can make a finished game in confirmation mode count (a
    # league's away side confirming the home side's entries).
    "players.confirm",
    "players_api.api_confirm",
}


# --- access -------------------------------------------------------------------------


def _remember(tournament: Tournament, key: str) -> None:
    """Keep an organiser or table key for this night in the session, as its hash."""
    digest = keys.grant(keys.hash_key(key))
    held = dict(session.get(access.NIGHT_GRANTS, {}))
    mine = [k for k in held.pop(tournament.id, []) if k != digest]
    held[tournament.id] = [*mine, digest]
    session[access.NIGHT_GRANTS] = dict(list(held.items())[-MAX_REMEMBERED:])
    session.permanent = True


def _held(tournament_id: str | None) -> list[keys.Digest]:
    """The hashes of the night's keys this browser holds."""
    held = session.get(access.NIGHT_GRANTS, {}).get(tournament_id, [])
    return [keys.Digest(d) for d in held if isinstance(d, str) and d]


def actors(tournament: Tournament) -> set[Actor]:
    """Who this browser is for this night: the organiser, some tables, or nobody."""
    found = set()
    for key in _held(tournament.id):
        actor = tournaments.actor_for(tournament, key)
        if actor is not None:
            found.add(actor)
    return found


def is_organiser(tournament: Tournament) -> bool:
    return ORGANISER in actors(tournament)


def table_actor(tournament: Tournament, table: int) -> Actor | None:
    """The actor that writes for this table from this browser, if any."""
    mine = actors(tournament)
    if Actor("table", table) in mine:
        return Actor("table", table)
    return ORGANISER if ORGANISER in mine else None


@bp.before_app_request
def _tables_score_their_matches() -> None:
    """Let a table's phone (or the organiser's) score that table's match.

    However the browser reached the scorepad (a link, the TV, the back button), the
    table's key it holds is that match's edit key.
    """
    nights = session.get(access.NIGHT_GRANTS)
    if not nights or request.blueprint != "matches":
        return
    match_id = (request.view_args or {}).get("match_id")
    match = db.session.get(Match, match_id) if match_id else None
    if match is None or match.tournament_id not in nights or access.can_edit(match):
        return
    held = _held(match.tournament_id)
    night = db.session.get(Tournament, match.tournament_id)
    if any(ledger.check_key(match, key) for key in held) or (
        night is not None
        and any(tournaments.actor_for(night, key) == ORGANISER for key in held)
    ):
        access.grant(match)


@bp.after_app_request
def _settle_after_match_write(response: Response) -> Response:
    """A table's match may just have ended: record it and call stop where due."""
    if (
        request.method in ("POST", "PUT")
        and request.endpoint in MATCH_WRITES
        and response.status_code < 400
    ):
        try:
            if "tournament_written" not in g:
                tournaments.settle_match(str((request.view_args or {}).get("match_id")))
            elif g.tournament_written:  # the write changed a result: settle it
                tournaments.settle(
                    g.tournament_written,
                    due=True,
                    written=str((request.view_args or {}).get("match_id")),
                )
            # else a dart in play: its tournament is neither read nor locked
        except Exception:  # the match's event is stored; the next settle catches up
            current_app.logger.exception("settling a tournament after a match write")
    return response
