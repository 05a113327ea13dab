"""Pages of the pairing tournaments (round robin and the formats built like it).

A tournament of any game: the public page (now playing, next up, standings, the
schedule), the organiser's page (station keys, results, corrections), a station's
page (its phone scores whatever match is called to it), each player's "where and
when do I play", the TV board, the "call to board 3" screen, and the exports. The
bunko night keeps its own pages (``pages``); these are chosen by the format.
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Response
from flask import abort
from flask import render_template
from flask import request
from flask import url_for
from werkzeug.wrappers import Response as WerkzeugResponse
from wtforms import StringField
from wtforms import TextAreaField
from wtforms.validators import Length
from wtforms.validators import Optional

from referee import formats
from referee import games
from referee import tournaments
from referee.formats import Format
from referee.formats.pairing import PairingFormat
from referee.formats.pairing import pairable
from referee.models import Tournament
from referee.tournaments import ORGANISER
from referee.web import csvsafe
from referee.web.boards import Snapshot
from referee.web.forms import Text
from referee.web.forms import options_from_form
from referee.web.templating import macro
from referee.web.tournaments.access import bp
from referee.web.tournaments.access import is_organiser
from referee.web.tournaments.access import table_actor
from referee.web.tournaments.api import log_json
from referee.web.tournaments.api import tournament_json
from referee.web.tournaments.common import Family
from referee.web.tournaments.common import NewForm
from referee.web.tournaments.common import Page
from referee.web.tournaments.common import admin_page
from referee.web.tournaments.common import context as common_context
from referee.web.tournaments.common import create_from_form
from referee.web.tournaments.common import created_or_errors
from referee.web.tournaments.common import event_write
from referee.web.tournaments.common import night_or_404
from referee.web.tournaments.common import page_status
from referee.web.tournaments.common import page_write
from referee.web.tournaments.common import players_field
from referee.web.tournaments.common import register
from referee.web.tournaments.common import station_page
from referee.web.tournaments.common import title_field

SEEDING_CHOICES = [
    ("given", "As listed: the first line is seed 1"),
    ("drawn", "Drawn at random (the draw is kept in the log)"),
    (
        "rating",
        "By rating: write it after the name, e.g. 'Ann, 1520'; a name without one "
        "takes its profile's stored rating at the game",
    ),
]
_RATED = re.compile(r"^(?P<name>.*?)\s*[,;\t]\s*(?P<rating>[+-]?\d+(?:\.\d+)?)\s*$")


def pairing_formats() -> list[PairingFormat]:
    """Every format built on the pairing layer, for the home page and the API."""
    return [f for f in formats.registry().values() if isinstance(f, PairingFormat)]


def is_pairing(night: Tournament) -> bool:
    """Whether the tournament's format is of this family (the pages below)."""
    return tournaments.format_of(night).family == "pairing"


@bp.app_context_processor
def _formats_for_templates() -> dict[str, Any]:
    return {
        "pairing_formats": pairing_formats,
        "game_title": lambda game_id: (
            games.get(game_id).title if game_id in games.GAME_IDS else game_id
        ),
        "pairable": pairable,
    }


# --- creating -----------------------------------------------------------------------


class NewTournamentForm(NewForm):
    title = title_field("Name of the event")
    players = players_field("One name per line, seed 1 first.")
    stations = TextAreaField(
        "Boards or tables",
        validators=[Optional(), Text("lines", multiline=True)],
        description="One name per line (or how many). Empty: one per two players.",
    )
    seating = StringField(validators=[Optional(), Length(max=20)], default="given")


def _players_and_ratings(
    text: str,
) -> tuple[list[str], dict[str, float], dict[str, list[str]]]:
    """Names one per line; a rating column after a comma, a semicolon or a tab.

    A team game's line is the team then its players: ``Reds: Ann, Cy``.
    """
    names, ratings, teams = [], {}, {}
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if ":" in line:
            team, _, members = line.partition(":")
            team = " ".join(team.split())
            names.append(team)
            teams[team] = [m.strip() for m in re.split(r"[,&]", members) if m.strip()]
            continue
        found = _RATED.match(line)
        if found and found["name"]:
            names.append(found["name"])
            ratings[" ".join(found["name"].split())] = float(found["rating"])
        else:
            names.append(line)
    return names, ratings, teams


def new(fmt: Format) -> str | WerkzeugResponse | Page:
    """The create page: the game first, then the players, stations and options."""
    game_id = request.values.get("game") or ""
    game = games.get(game_id) if game_id in games.GAME_IDS else None
    form = NewTournamentForm()
    if game is None:
        errors = {"game": "Choose the game first."} if request.method == "POST" else {}
    else:
        done = created_or_errors(form, lambda: _create(fmt, form, game))
        if not isinstance(done, dict):
            return done
        errors = done
    return render_template(
        "tournaments/new.html",
        form=form,
        fmt=fmt,
        game=game,
        games=[games.get(g) for g in games.GAME_IDS],
        errors=errors,
        seeding=SEEDING_CHOICES,
        values=request.form if request.method == "POST" else None,
    ), page_status()


def _create(
    fmt: Format, form: NewTournamentForm, game: Any
) -> WerkzeugResponse | dict[str, str]:
    names, ratings, teams = _players_and_ratings(form.players.data or "")
    seating = form.seating.data or "given"
    return create_from_form(
        form,
        fmt,
        names,
        options_from_form(fmt, request.form, prefix="fmt_"),  # type: ignore[arg-type]
        seating=seating,
        setup=_setup(game, form, seating, ratings, teams),
        noun="an event",
        ready=f"Your {fmt.title.lower()} is ready: the first matches are called. "
        "Give each board its QR code or PIN.",
    )


def _setup(
    game: Any,
    form: NewTournamentForm,
    seating: str,
    ratings: dict[str, float],
    teams: dict[str, list[str]],
) -> dict[str, Any]:
    """What the create page sends besides the players: the game and its options,
    the stations, the ratings (seeding by rating) and the teams."""
    stations_text = (form.stations.data or "").strip()
    setup: dict[str, Any] = {
        "game": game.id,
        "game_options": options_from_form(game, request.form),
        "stations": int(stations_text)
        if stations_text.isdigit()
        else stations_text or None,
    }
    if seating == "rating":
        setup["ratings"] = ratings
    if teams:
        setup["teams"] = teams
    return setup


# --- pages --------------------------------------------------------------------------


def context(night: Tournament) -> dict[str, Any]:
    """What every page shows: the view after settling, and who is looking."""
    ctx = common_context(night)
    view = ctx["view"]
    ctx["by_number"] = {p["number"]: p for p in view["pairings"]}
    ctx["queue"] = queue(view)
    return ctx


def queue(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Pairings not called yet, in the order they will be called."""
    waiting = [p for p in view["pairings"] if p["status"] in ("ready", "waiting")]
    return sorted(waiting, key=lambda p: (p["round"], p["number"]))


def live_context(snap: Snapshot) -> dict[str, Any]:
    """What the live blocks of the public page and the TV board read (any viewer)."""
    night = snap.night
    view = snap.view
    return {
        "night": night,
        "view": view,
        "organiser": False,
        "fingerprint": snap.ident,
        "player_index": {p: i for i, p in enumerate(night.players)},
        "by_number": {p["number"]: p for p in view["pairings"]},
        "queue": queue(view),
    }


def _playing(snap: Snapshot, number: int) -> dict[str, Any] | None:
    p = snap.board(number)
    return p if p is not None and p["status"] == "playing" else None


def tv_line(snap: Snapshot, number: int) -> str | None:
    """One board's card on the TV board, alone (the stream sends it after a dart)."""
    p = _playing(snap, number)
    if p is None:
        return None
    return macro("tournaments/_lines.html", "tv_call", p, None)


def event_line(snap: Snapshot, number: int) -> str | None:
    """One board's line under "Now playing" on the public page, alone."""
    p = _playing(snap, number)
    if p is None:
        return None
    return macro("tournaments/_lines.html", "now_line", p, None)


def show(night: Tournament) -> str:
    return render_template("tournaments/event.html", **context(night))


def tv(night: Tournament) -> str:
    return render_template("tournaments/tv.html", **context(night))


@bp.get("/<tournament_id>/calls")
def calls(tournament_id: str) -> str:
    night = night_or_404(tournament_id)
    if not is_pairing(night):
        abort(404, "A bunko night has no boards to call to: see its TV board.")
    return render_template("tournaments/calls.html", **context(night))


def admin(night: Tournament, status: int = 200, error: str | None = None) -> Page:
    return admin_page("tournaments/admin.html", context(night), status, error)


def player(night: Tournament, index: int) -> str:
    ctx = context(night)
    view = ctx["view"]
    name = night.players[index]
    mine = [p for p in view["pairings"] if name in p["entrants"]]
    now = next((p for p in mine if p["status"] == "playing"), None)
    waiting = [p for p in ctx["queue"] if name in p["entrants"]]
    upcoming = waiting[0] if waiting else None
    ahead = ctx["queue"].index(upcoming) if upcoming else 0
    rank = next((r for r in view["standings"] if r["entrant"] == name), None)
    return render_template(
        "tournaments/player.html",
        **ctx,
        name=name,
        mine=mine,
        now=now,
        upcoming=upcoming,
        ahead=ahead,
        rank=rank,
    )


def station(
    night: Tournament, number: int, status: int = 200, error: str | None = None
) -> Page:
    ctx = context(night)
    view = ctx["view"]
    here = view["stations"][number - 1]
    pairing = ctx["by_number"].get(here["pairing"]) if here["pairing"] else None
    match = pairing["match"] if pairing else None
    page = station_page("tournaments/station.html", ctx, number, match, status, error)
    return page(here=here, pairing=pairing)


# --- writes -------------------------------------------------------------------------


@bp.post("/<tournament_id>/pairings/<int:number>/result")
def pairing_result(tournament_id: str, number: int) -> WerkzeugResponse | Page:
    """A result or a correction from the organiser, or a result from a station."""
    night = night_or_404(tournament_id)
    if not is_pairing(night) or not 1 <= number <= len(night.state["pairings"]):
        abort(404, "There is no such pairing.")
    kind = "correction" if request.form.get("kind") == "correction" else "result"
    on = night.state["pairings"][number - 1]["station"]
    organiser = is_organiser(night)
    actor = ORGANISER if organiser else (table_actor(night, on) if on else None)
    if actor is None or (kind == "correction" and not organiser):
        abort(403, "Only the organiser (or this board's phone) can enter that.")
    event: dict[str, Any] = {
        "type": kind,
        "pairing": number,
        "winner": request.form.get("winner", ""),
        "how": request.form.get("how") or "played",
        "note": request.form.get("note", ""),
    }
    if request.form.get("score_a", "") or request.form.get("score_b", ""):
        event["score"] = [
            request.form.get("score_a", ""),
            request.form.get("score_b", ""),
        ]
    back_to = request.form.get("back")

    def back(**kw: Any) -> Page:
        if back_to == "station" and on:
            return station(night, on, **kw)
        if organiser:
            return admin(night, **kw)
        return station(night, on, **kw)

    done = (
        url_for("tournaments.table", tournament_id=night.id, number=on)
        if back_to == "station" and on
        else url_for("tournaments.admin", tournament_id=night.id)
    )
    return page_write(event_write(night, event, actor), back, done)


# --- exports ------------------------------------------------------------------------


@bp.get("/<tournament_id>/export.json")
def export_json(tournament_id: str) -> Response:
    night = night_or_404(tournament_id)
    tournaments.settle(night.id)
    night = tournaments.get(night.id)
    body = tournament_json(night)
    body["log"] = log_json(night)
    response = Response(
        json.dumps(body, indent=2, default=str), mimetype="application/json"
    )
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{night.kind}-{night.id}.json"'
    )
    return response


@bp.get("/<tournament_id>/results.csv")
def results_csv(tournament_id: str) -> Response:
    night = _pairing_night(tournament_id)
    view = tournaments.view(night)
    rows: list[list[Any]] = [
        [
            "pairing",
            "round",
            "label",
            "first",
            "second",
            "station",
            "status",
            "winner",
            f"first {view['units']}",
            f"second {view['units']}",
            "how",
            "source",
            "note",
        ]
    ]
    for p in view["pairings"]:
        res = p["result"] or {}
        winner = res.get("winner")
        rows.append(
            [
                p["number"],
                p["round"],
                p["label"],
                p["entrants"][0] or ("bye" if p["known"][0] else ""),
                p["entrants"][1] or ("bye" if p["known"][1] else ""),
                p["station_name"] or "",
                p["status"],
                p["entrants"][winner] if winner is not None and res else "",
                res["score"][0] if res else "",
                res["score"][1] if res else "",
                res.get("how", ""),
                res.get("source", ""),
                res.get("note", ""),
            ]
        )
    return _csv(rows, f"{night.kind}-{night.id}-results.csv")


@bp.get("/<tournament_id>/standings.csv")
def standings_csv(tournament_id: str) -> Response:
    night = _pairing_night(tournament_id)
    view = tournaments.view(night)
    keys = ["rank", "entrant", *(c["key"] for c in view["columns"])]
    rows: list[list[Any]] = [keys]
    rows += [[r.get(k, "") for k in keys] for r in view["standings"]]
    return _csv(rows, f"{night.kind}-{night.id}-standings.csv")


def _csv(rows: list[list[Any]], filename: str) -> Response:
    response = Response(csvsafe.to_csv(rows), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _pairing_night(tournament_id: str) -> Tournament:
    night = night_or_404(tournament_id)
    if not is_pairing(night):
        abort(404, "A bunko night's results are on its page and in export.json.")
    return night


# The pages above show every format of this family.
FAMILY = register(Family("pairing", new, show, admin, tv, player, station))
