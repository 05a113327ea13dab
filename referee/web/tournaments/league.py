"""The league family's pages: a season of team matches (format ``league``).

A season is a tournament whose stations are its teams' captains (station ``n`` is
team ``n``) and then its fixtures' venue phones (station ``T + f`` is fixture
``f``). The public page shows the standings, this week's fixtures and the whole
fixture list by week; the organiser's page the captains' and fixtures' PINs and QR
links and the reschedule and forfeit forms; a captain's page their team's fixtures,
the line-up form of the next one and the links to score (home) or confirm (away)
its games; a fixture phone's page that fixture's games, one tap to each.

Every game is an ordinary match page in confirmation mode: the home side scores
with the fixture's key (the fixture phone, the home captain, the organiser), the
away captain confirms with the away side's key, which is the away captain's own
(``league_access.grant_games`` puts each in the session when the page is shown).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from flask import abort
from flask import render_template
from flask import request
from flask import url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from referee import tournaments
from referee.formats.league import MAX_REASON
from referee.formats.league import own_lineup
from referee.formats.league import team_formats
from referee.models import Tournament
from referee.tournaments import ORGANISER
from referee.tournaments import Actor
from referee.web.tournaments.access import actors
from referee.web.tournaments.access import bp
from referee.web.tournaments.common import Family
from referee.web.tournaments.common import Page
from referee.web.tournaments.common import context as common_context
from referee.web.tournaments.common import event_write
from referee.web.tournaments.common import night_or_404
from referee.web.tournaments.common import page_write
from referee.web.tournaments.common import register
from referee.web.tournaments.common import station_page
from referee.web.tournaments.league_access import grant_games
from referee.web.tournaments.league_access import is_season_organiser
from referee.web.tournaments.league_access import station_actor
from referee.web.tournaments.league_new import new
from referee.web.tournaments.league_tv import league_tv


def is_league(night: Tournament) -> bool:
    """Whether the tournament is a league season (these pages)."""
    return tournaments.format_of(night).family == "league"


def team_count(night: Tournament) -> int:
    return len(night.players)


def role_of(night: Tournament, number: int) -> tuple[str, int]:
    """What station ``number`` is: ``("captain", team)`` for ``1..T`` (team index
    from 1), ``("fixture", f)`` after (the contract in docs/leagues-design.md), or
    ``("unused", 0)``: a season keeps keys for a double round robin, and a single
    one leaves the last of them to no fixture."""
    teams = team_count(night)
    if number <= teams:
        return ("captain", number)
    if number - teams <= len(night.state["fixtures"]):
        return ("fixture", number - teams)
    return ("unused", 0)


# --- the view, read for the pages ---------------------------------------------------


def context(night: Tournament) -> dict[str, Any]:
    """What every season page shows: the view, who looks, this week."""
    ctx = common_context(night)
    view = ctx["view"]
    fixtures = view["fixtures"]
    ctx["organiser"] = is_season_organiser(night)
    ctx["fixtures"] = fixtures
    ctx["teams"] = view["teams"]
    ctx["this_week"] = this_week(view)
    ctx["mine"] = my_stations(night)
    return ctx


def decided(fixture: dict[str, Any]) -> bool:
    """A fixture with its result in (played through, or forfeited)."""
    return fixture.get("result") is not None


def this_week(view: dict[str, Any]) -> dict[str, Any] | None:
    """The first week that still has a fixture to play (``None``: the season is
    over, or has no weeks)."""
    fixtures = view["fixtures"]
    for week in view["weeks"]:
        if any(not decided(fixtures[f - 1]) for f in week["fixtures"]):
            return week
    return None


def my_stations(night: Tournament) -> dict[str, Any]:
    """The captain's team and the fixture phones this browser holds."""
    captain = None
    fixture_phones = []
    for actor in actors(night):
        if actor.role != "table" or actor.table is None:
            continue
        role, n = role_of(night, actor.table)
        if role == "captain":
            captain = n
        elif role == "fixture":
            fixture_phones.append(n)
    return {"captain": captain, "fixtures": sorted(fixture_phones)}


def team_fixtures(view: dict[str, Any], team: int) -> list[dict[str, Any]]:
    """A team's fixtures (``team`` from 1), in the order of the weeks."""
    return [f for f in view["fixtures"] if team in (f["home"], f["away"])]


def next_fixture(view: dict[str, Any], team: int) -> dict[str, Any] | None:
    """The team's first fixture still to play: the one its line-up is for."""
    return next((f for f in team_fixtures(view, team) if not decided(f)), None)


def side_of(fixture: dict[str, Any], team: int) -> str:
    return "home" if fixture["home"] == team else "away"


def lineup_slots(view: dict[str, Any]) -> int:
    """How many names a line-up holds (the season's team match says)."""
    return int(view["team_format"]["lineup"])


def roster(view: dict[str, Any], team: int) -> list[str]:
    return list(view["teams"][team - 1].get("players", []))


# --- pages --------------------------------------------------------------------------


def show(night: Tournament) -> str:
    return render_template("tournaments/league/season.html", **context(night))


def pin_page(night: Tournament, message: str) -> str:
    """The season's page, its join form saying why the PIN was not taken."""
    return render_template(
        "tournaments/league/season.html", **context(night), pin_error=message
    )


def admin(night: Tournament, status: int = 200, error: str | None = None) -> Page:
    """The organiser's page: every captain's and fixture's PIN and link, and the
    reschedule and forfeit forms (each needs a reason)."""
    ctx = context(night)
    stations = [
        {
            "number": number,
            "role": role_of(night, number),
            **tournaments.table_key(night, number),
        }
        for number in range(1, len(night.table_keys) + 1)
    ]
    return render_template(
        "tournaments/league/admin.html",
        **ctx,
        stations=stations,
        organiser_pin=tournaments.organiser_credentials(night).pin,
        error=error,
        today=dt.date.today().isoformat(),
        reason_limit=MAX_REASON,
    ), status


def player(night: Tournament, index: int) -> str:
    """A team's page (the season's entrants are its teams): roster and fixtures."""
    ctx = context(night)
    team = index + 1
    return render_template(
        "tournaments/league/team.html",
        **ctx,
        team=team,
        info=ctx["teams"][index],
        mine_fixtures=team_fixtures(ctx["view"], team),
        row=next((r for r in ctx["view"]["standings"] if r["team"] == team), None),
    )


def station(
    night: Tournament, number: int, status: int = 200, error: str | None = None
) -> Page:
    """Station ``number``: a captain's page, or a fixture phone's."""
    role, n = role_of(night, number)
    if role == "unused":
        abort(404, f"Station {number} is no team's and no fixture's this season.")
    ctx = context(night)
    view = ctx["view"]
    if role == "captain":
        upcoming = next_fixture(view, n)
        page = station_page(
            "tournaments/league/captain.html", ctx, number, None, status, error
        )
        if page_writer(night, number) is not None:
            grant_games(night, number, team_fixtures(view, n))
        return page(
            team=n,
            info=ctx["teams"][n - 1],
            upcoming=upcoming,
            slots=lineup_slots(view),
            own=own_lineup(night.state, upcoming["number"], n) if upcoming else None,
            roster=roster(view, n),
            mine_fixtures=team_fixtures(view, n),
            side_of=side_of,
        )
    fixture = view["fixtures"][n - 1]
    page = station_page(
        "tournaments/league/fixture.html", ctx, number, None, status, error
    )
    if page_writer(night, number) is not None:
        grant_games(night, number, [fixture])
    return page(fixture=fixture)


def page_writer(night: Tournament, number: int) -> Actor | None:
    """Who writes for station ``number`` from this browser: the station, or the
    organiser (the league's key), or nobody."""
    return station_actor(night, number)


# --- writes -------------------------------------------------------------------------


def _fixture_or_404(night: Tournament, number: int) -> dict[str, Any]:
    if not is_league(night):
        abort(404, "This tournament is not a league season: it has no fixtures.")
    fixtures = night.state["fixtures"]  # its home and away teams, from the log
    if not 1 <= number <= len(fixtures):
        abort(404, f"There is no fixture {number} in this season.")
    return dict(fixtures[number - 1])


def _reason() -> str:
    return " ".join(request.form.get("reason", "").split())


@bp.post("/<tournament_id>/f/<int:number>/lineup")
def lineup(tournament_id: str, number: int) -> WerkzeugResponse | Page:
    """A captain's line-up for their team's fixture (or the organiser's for either
    team). A captain of another team is refused (403)."""
    night = night_or_404(tournament_id)
    fixture = _fixture_or_404(night, number)
    team = request.form.get("team", type=int)
    if team not in (fixture["home"], fixture["away"]):
        abort(404, f"Fixture {number} is between two other teams.")
    actor = page_writer(night, team)
    if actor is None:
        abort(403, "Only this team's captain (or the organiser) sends its line-up.")
    players = [
        " ".join(request.form.get(f"player_{i}", "").split())
        for i in range(
            1, team_formats.get(night.state["options"]["team_format"]).lineup + 1
        )
    ]
    empty = next((i for i, name in enumerate(players, start=1) if not name), None)
    if empty is not None:
        first = night.state["teams"][team - 1]["players"][0]
        return station(
            night,
            team,
            status=422,
            error=f"Choose a player for place {empty} of the line-up, e.g. {first}.",
        )
    event = {"type": "lineup", "fixture": number, "team": team, "players": players}
    done = url_for("tournaments.table", tournament_id=night.id, number=team)
    if actor == ORGANISER and request.form.get("back") == "admin":
        done = url_for("tournaments.admin", tournament_id=night.id)

    def back(**kw: Any) -> Page:
        return station(night, team, **kw)

    return page_write(event_write(night, event, actor), back, done)


def _organiser_write(
    tournament_id: str, number: int, event: Callable[[dict[str, Any]], dict[str, Any]]
) -> WerkzeugResponse | Page:
    night = night_or_404(tournament_id)
    if not is_season_organiser(night):
        abort(403, "Only the organiser can do that. Type the league's PIN first.")
    fixture = _fixture_or_404(night, number)

    def back(**kw: Any) -> Page:
        return admin(night, **kw)

    done = url_for("tournaments.admin", tournament_id=night.id) + f"#f{number}"
    return page_write(event_write(night, event(fixture), ORGANISER), back, done)


@bp.post("/<tournament_id>/f/<int:number>/reschedule")
def reschedule(tournament_id: str, number: int) -> WerkzeugResponse | Page:
    """The organiser moves a fixture to another date (and venue), with a reason."""

    def event(fixture: dict[str, Any]) -> dict[str, Any]:
        out = {
            "type": "reschedule",
            "fixture": number,
            "date": request.form.get("date", "").strip(),
            "reason": _reason(),
        }
        venue = " ".join(request.form.get("venue", "").split())
        if venue and venue != fixture["venue"]:  # the form shows the current one
            out["venue"] = venue
        return out

    return _organiser_write(tournament_id, number, event)


@bp.post("/<tournament_id>/f/<int:number>/forfeit")
def forfeit(tournament_id: str, number: int) -> WerkzeugResponse | Page:
    """The organiser records a forfeit (the team that forfeits), with a reason."""

    def event(fixture: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "forfeit",
            "fixture": number,
            "team": request.form.get("team", type=int),
            "reason": _reason(),
        }

    return _organiser_write(tournament_id, number, event)


def joined(night: Tournament, number: int) -> str:
    """What a captain's or a fixture's phone is told when it joins."""
    role, n = role_of(night, number)
    if role == "captain":
        return f"This phone is now the captain's phone of {night.players[n - 1]}."
    if role == "unused":
        return f"Station {number} is no team's and no fixture's this season."
    f = night.state["fixtures"][n - 1]
    home, away = (night.players[f[s] - 1] for s in ("home", "away"))
    return f"This phone now scores {home} v {away} (fixture {n})."


# The pages above show every format of this family.
FAMILY = register(
    Family(
        "league",
        new,
        show,
        admin,
        league_tv,  # the venue's TV board (league_tv.py)
        player,
        station,
        pin_page=pin_page,
        joined=joined,
    )
)
