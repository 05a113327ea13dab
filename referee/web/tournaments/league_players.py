"""A league season's player table: the page and its exports (read only).

* ``/n/<id>/player-table``: the season's players, one row each (games played, won,
  win %, and the game's own figures: darts averages and checkout %, pool racks and
  break-and-runs), worked out from the games' raw logs
  (``referee.leagues.players``); a plain table, phone first, no script.
* ``/n/<id>/player-table.csv`` and ``/n/<id>/player-table.json``: the same rows to
  download; CSV cells a spreadsheet would run as a formula are defused (``csvsafe``).

Anyone with the season's link may read them, like the season's page.
"""

from __future__ import annotations

import json

from flask import Response
from flask import abort
from flask import render_template

from referee import tournaments
from referee.games.outcomes import JSON
from referee.leagues import players
from referee.models import Tournament
from referee.web import csvsafe
from referee.web.boards import BOARDS
from referee.web.tournaments.access import bp
from referee.web.tournaments.common import night_or_404


def _table(tournament_id: str) -> tuple[Tournament, JSON]:
    """The season, settled so that games just finished count, and its player table
    (404 for any other tournament)."""
    night = night_or_404(tournament_id)
    if tournaments.format_of(night).family != players.KIND:
        abort(404, "Only a league season has a player table.")
    snap = BOARDS.settled(night.id)
    if snap is None:
        abort(404, f"There is no tournament '{tournament_id}'. Check the link.")
    return snap.night, players.season(snap.night, snap.view)


def _attachment(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/<tournament_id>/player-table")
def players_page(tournament_id: str) -> str:
    """The season's player table."""
    night, table = _table(tournament_id)
    return render_template("tournaments/league/players.html", night=night, table=table)


def csv_rows(table: JSON) -> list[list[object]]:
    """The table as CSV rows: a heading row of the column keys, then one per player."""
    keys = [c["key"] for c in table["columns"]]
    return [keys, *([row.get(k) for k in keys] for row in table["players"])]


@bp.get("/<tournament_id>/player-table.csv")
def players_csv(tournament_id: str) -> Response:
    night, table = _table(tournament_id)
    body = csvsafe.to_csv(csv_rows(table))
    return _attachment(body, "text/csv", f"league-{night.id}-player-table.csv")


@bp.get("/<tournament_id>/player-table.json")
def players_json(tournament_id: str) -> Response:
    night, table = _table(tournament_id)
    body = json.dumps(table, indent=2)
    return _attachment(body, "application/json", f"league-{night.id}-player-table.json")
