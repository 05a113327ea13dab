"""A league season's exports and calendar feeds (read only, anyone with the link).

* ``/n/<id>/standings.csv``, ``/n/<id>/results.csv`` (the pairing formats' addresses:
  ``pairings`` hands a season's to ``common.family_export``), ``/n/<id>/games.csv``
  and ``/n/<id>/standings.json`` (the table and every fixture with its games).
  Cells a spreadsheet would run as a formula are defused (``csvsafe``).
* ``/n/<id>/calendar/team/<n>.ics``, ``/n/<id>/calendar/player/<name>.ics`` and
  ``/n/<id>/calendar/profile/<player id>.ics``: iCalendar feeds of a team's fixtures
  and of a player's (the fixtures of every team whose roster names them; a profile's
  are those of the roster names linked to it, or spelt like it). A phone subscribes
  to the address and follows reschedules (``referee.league_feeds.calendar``).

The pure work (rows, events) is ``referee.league_feeds``; this module reads the
season's view and serves what comes back.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from flask import Response
from flask import abort
from flask import request
from flask import url_for

from referee import league_feeds
from referee import profiles
from referee import tournaments
from referee.games.fields import MAX_NAME
from referee.models import Tournament
from referee.web import csvsafe
from referee.web.boards import BOARDS
from referee.web.tournaments.access import bp
from referee.web.tournaments.common import night_or_404
from referee.web.tournaments.common import register_export

ICS_TYPE = "text/calendar; charset=utf-8"


def is_league(night: Tournament) -> bool:
    """Whether the tournament is a league season."""
    return tournaments.format_of(night).family == "league"


def _season(tournament_id: str) -> tuple[Tournament, dict[str, Any]]:
    """The season and its view after settling (404 for any other tournament)."""
    night = night_or_404(tournament_id)
    if not is_league(night):
        abort(404, "Only a league season has team calendars and league exports.")
    snap = BOARDS.settled(night.id)
    if snap is None:
        abort(404, f"There is no tournament '{tournament_id}'. Check the link.")
    return snap.night, snap.view


def _attachment(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --- exports ------------------------------------------------------------------------


def standings_csv(night: Tournament) -> Response:
    """The table: rank, team number and name, played, won, drawn, lost, games for
    and against, points."""
    _, view = _season(night.id)
    rows = league_feeds.standings_rows(view)
    return _attachment(
        csvsafe.to_csv(rows), "text/csv", f"league-{night.id}-standings.csv"
    )


def results_csv(night: Tournament) -> Response:
    """One row per fixture: when, where, who, the games won per side, the result."""
    _, view = _season(night.id)
    rows = league_feeds.results_rows(view)
    return _attachment(
        csvsafe.to_csv(rows), "text/csv", f"league-{night.id}-results.csv"
    )


@bp.get("/<tournament_id>/games.csv")
def games_csv(tournament_id: str) -> Response:
    """One row per game of every fixture: the players, the score, the winner."""
    night, view = _season(tournament_id)
    rows = league_feeds.games_rows(view)
    return _attachment(csvsafe.to_csv(rows), "text/csv", f"league-{night.id}-games.csv")


@bp.get("/<tournament_id>/standings.json")
def standings_json(tournament_id: str) -> Response:
    """The season's table and results as JSON (``league_feeds.season_json``)."""
    night, view = _season(tournament_id)
    body = {
        "id": night.id,
        "kind": night.kind,
        "title": night.title,
        "game": night.game,
        "seq": night.version,
        **league_feeds.season_json(view),
    }
    return _attachment(
        json.dumps(body, indent=2, ensure_ascii=False),
        "application/json",
        f"league-{night.id}-standings.json",
    )


register_export("league", "standings.csv", standings_csv)
register_export("league", "results.csv", results_csv)


# --- calendars ----------------------------------------------------------------------


def _stamp(night: Tournament) -> dt.datetime:
    """The feed's DTSTAMP: the season's last change, in UTC (the same season gives
    the same bytes, so a calendar's poll of an unchanged feed changes nothing)."""
    when = night.updated_at or night.created_at
    if when.tzinfo is None:  # SQLite gives back naive UTC
        when = when.replace(tzinfo=dt.UTC)
    return when.astimezone(dt.UTC).replace(microsecond=0)


def _feed(
    night: Tournament,
    view: dict[str, Any],
    teams: list[int],
    title: str,
    filename: str,
) -> Response:
    count = len(view.get("teams") or [])
    urls = {
        int(f["number"]): url_for(
            "tournaments.table",
            tournament_id=night.id,
            number=count + int(f["number"]),
            _external=True,
        )
        for f in view.get("fixtures") or []
    }
    cal = league_feeds.calendar(view, night.id, title, teams, _stamp(night), urls=urls)
    response = Response(cal.to_ical(), content_type=ICS_TYPE)
    # inline: a phone opens it in its calendar (a subscription reads it as it is)
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    # A subscribed calendar polls the feed: an unchanged season (the same bytes,
    # DTSTAMP included) answers 304 to its If-None-Match.
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    return response.make_conditional(request)


@bp.get("/<tournament_id>/calendar/team/<int:team>.ics")
def team_calendar(tournament_id: str, team: int) -> Response:
    """A team's fixtures as an iCalendar feed (teams numbered from 1)."""
    night, view = _season(tournament_id)
    count = len(view.get("teams") or [])
    if not 1 <= team <= count:
        abort(
            404,
            f"There is no team {team} in this season: teams are numbered 1 to "
            f"{count} (e.g. /n/{night.id}/calendar/team/1.ics).",
        )
    name = league_feeds.team_name(view, team)
    title = f"{night.title or 'League'}: {name}"
    return _feed(night, view, [team], title, f"league-{night.id}-team-{team}.ics")


def _player_feed(
    night: Tournament, view: dict[str, Any], names: list[str], shown: str, slug: str
) -> Response:
    teams = league_feeds.teams_of_player(view, names)
    if not teams:
        abort(
            404,
            f"No team of this season has {shown} on its roster. Use the name as the "
            f"roster spells it (e.g. /n/{night.id}/calendar/player/Ann%20Smith.ics).",
        )
    title = f"{night.title or 'League'}: {shown}"
    return _feed(night, view, teams, title, f"league-{night.id}-{slug}.ics")


@bp.get("/<tournament_id>/calendar/player/<path:name>.ics")
def player_calendar(tournament_id: str, name: str) -> Response:
    """A player's fixtures: those of every team whose roster holds the name (case
    and spacing aside)."""
    night, view = _season(tournament_id)
    if not name.strip() or len(name) > MAX_NAME:
        abort(
            404,
            f"A player's name is 1 to {MAX_NAME} characters "
            f"(e.g. /n/{night.id}/calendar/player/Ann%20Smith.ics).",
        )
    return _player_feed(night, view, [name], f"'{name}'", "player")


@bp.get("/<tournament_id>/calendar/profile/<player_id>.ics")
def profile_calendar(tournament_id: str, player_id: str) -> Response:
    """A profile's fixtures: the roster names linked to the profile in this season
    (``PUT /api/v1/tournaments/<id>/players``), or spelt as the profile's name."""
    night, view = _season(tournament_id)
    try:
        player = profiles.get(player_id[:16])
    except profiles.NotFound:
        abort(404, f"There is no player profile '{player_id[:16]}'. Check the link.")
    names = [player.name]
    names += [
        entrant
        for entrant, linked in profiles.tournament_links(night).items()
        if linked.id == player.id
    ]
    return _player_feed(night, view, names, player.name, f"profile-{player.id}")
