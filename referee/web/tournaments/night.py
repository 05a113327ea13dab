"""The night family's pages (a bunko night): organiser, tables, players, TV board,
and the form writes of its own (a table's result and seating, the next round,
corrections, the end, the roll-offs)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import abort
from flask import render_template
from flask import request
from flask import url_for
from werkzeug.wrappers import Response as WerkzeugResponse
from wtforms import StringField
from wtforms.validators import Length
from wtforms.validators import Optional

from referee import ledger
from referee import tournaments
from referee.formats import Format
from referee.models import Tournament
from referee.tournaments import ORGANISER
from referee.web.forms import players_from_text
from referee.web.tournaments.access import bp
from referee.web.tournaments.access import is_organiser
from referee.web.tournaments.access import table_actor
from referee.web.tournaments.common import Family
from referee.web.tournaments.common import NewForm
from referee.web.tournaments.common import Page
from referee.web.tournaments.common import admin_page
from referee.web.tournaments.common import context
from referee.web.tournaments.common import create_from_form
from referee.web.tournaments.common import created_or_errors
from referee.web.tournaments.common import event_write
from referee.web.tournaments.common import night_or_404
from referee.web.tournaments.common import organised
from referee.web.tournaments.common import page_status
from referee.web.tournaments.common import page_write
from referee.web.tournaments.common import players_field
from referee.web.tournaments.common import register
from referee.web.tournaments.common import render_admin
from referee.web.tournaments.common import render_station
from referee.web.tournaments.common import station_page
from referee.web.tournaments.common import table_number
from referee.web.tournaments.common import title_field

# --- creating -----------------------------------------------------------------------


class NewNightForm(NewForm):
    title = title_field("Name of the night")
    players = players_field("One name per line: 8 or more, in fours (8, 12, 16 …).")
    # Radio buttons rendered from CHOICES in the template; the engine checks values.
    seating = StringField(validators=[Optional(), Length(max=20)], default="drawn")
    variant = StringField(validators=[Optional(), Length(max=20)], default="text")
    loser_roll = StringField(validators=[Optional(), Length(max=20)], default="highest")


CHOICES = {
    "seating": (
        "Round 1 seats",
        [
            ("drawn", "Draw them at random"),
            ("given", "As listed: the first four at the head table, and so on"),
        ],
    ),
    "variant": (
        "Rules at the tables",
        [
            ("text", "The rules text: 6s score, bunko 3 + scramble, wipeouts"),
            ("bunco", "Bunco: the round number scores, three of it is 21"),
        ],
    ),
    "loser_roll": (
        "Overall loser's roll-off",
        [
            ("highest", "The highest die takes the title"),
            ("lowest", "The lowest die takes the title"),
        ],
    ),
}


def new(fmt: Format) -> str | WerkzeugResponse | Page:
    form = NewNightForm()
    done = created_or_errors(
        form,
        lambda: create_from_form(
            form,
            fmt,
            players_from_text(form.players.data or ""),
            {
                "variant": form.variant.data or "text",
                "loser_roll": form.loser_roll.data or "highest",
            },
            seating=form.seating.data or "drawn",
            noun="a night",
            ready="Your bunko night is ready. Give each table its QR code or PIN.",
        ),
    )
    if not isinstance(done, dict):
        return done
    return render_template(
        "nights/new.html", form=form, fmt=fmt, errors=done, choices=CHOICES
    ), page_status()


# --- pages --------------------------------------------------------------------------


def show(night: Tournament) -> str:
    return render_template("nights/night.html", **context(night))


def admin(tournament: Tournament, status: int = 200, error: str | None = None) -> Page:
    return admin_page("nights/admin.html", context(tournament), status, error)


def tv(night: Tournament) -> str:
    return render_template("nights/tv.html", **context(night))


def station(
    night: Tournament, number: int, status: int = 200, error: str | None = None
) -> Page:
    """A table's page: its phone scores this round's match there."""
    ctx = context(night)
    view = ctx["view"]
    here = next((t for t in view["tables"] if t["number"] == number), None)
    upcoming = None
    if view["rotation"]:
        upcoming = view["rotation"]["tables"][number - 1]
    match = here["match"] if here else None
    page = station_page("nights/table.html", ctx, number, match, status, error)
    return page(here=here, upcoming=upcoming)


def player(night: Tournament, index: int) -> str:
    ctx = context(night)
    name = night.players[index]
    view = ctx["view"]
    now = next((s for s in view["seats"] if s["player"] == name), None)
    upcoming = None
    if view["rotation"]:
        upcoming = next(
            (s for s in view["rotation"]["seats"] if s["player"] == name), None
        )
    rank = next((s for s in view["standings"] if s["player"] == name), None)
    return render_template(
        "nights/player.html", **ctx, name=name, now=now, upcoming=upcoming, rank=rank
    )


# --- page writes --------------------------------------------------------------------


@bp.post("/<tournament_id>/t/<int:number>/result")
def report(tournament_id: str, number: int) -> WerkzeugResponse | Page:
    night = night_or_404(tournament_id)
    number = table_number(night, number)
    from_admin = request.form.get("back") == "admin"
    actor = table_actor(night, number)
    if actor is None:
        abort(403, "This phone is not this table's. Scan its QR code or type its PIN.")
    event: dict[str, Any] = {
        "type": "result",
        "table": number,
        "scores": [request.form.get("score_a", ""), request.form.get("score_b", "")],
    }
    if request.form.get("round"):
        event["round"] = request.form.get("round")

    def back(**kw: Any) -> Page:
        if from_admin and is_organiser(night):
            return render_admin(night, **kw)
        return render_station(night, number, **kw)

    done = (
        url_for("tournaments.admin", tournament_id=night.id)
        if from_admin
        else url_for("tournaments.table", tournament_id=night.id, number=number)
    )
    return page_write(event_write(night, event, actor), back, done)


@bp.post("/<tournament_id>/t/<int:number>/seating")
def seating(tournament_id: str, number: int) -> WerkzeugResponse | Page:
    night = night_or_404(tournament_id)
    number = table_number(night, number)
    actor = table_actor(night, number)
    if actor is None:
        abort(403, "This phone is not this table's. Scan its QR code or type its PIN.")
    event = {
        "type": "seating",
        "table": number,
        "seats": request.form.get("seats", "").split("|"),
    }
    return page_write(
        event_write(night, event, actor),
        lambda **kw: render_station(night, number, **kw),
        url_for("tournaments.table", tournament_id=night.id, number=number),
    )


def _admin_write(
    tournament_id: str, make: Callable[[Tournament], Callable[[], ledger.Written]]
) -> WerkzeugResponse | Page:
    night = organised(tournament_id)
    return page_write(
        make(night),
        lambda **kw: render_admin(night, **kw),
        url_for("tournaments.admin", tournament_id=night.id),
    )


@bp.post("/<tournament_id>/rounds")
def next_round(tournament_id: str) -> WerkzeugResponse | Page:
    choices = {
        key.removeprefix("seats_"): value.split("|")
        for key, value in request.form.items()
        if key.startswith("seats_") and value
    }
    return _admin_write(
        tournament_id,
        lambda night: (
            lambda: tournaments.start_round(
                night.id,
                ORGANISER,
                seating=choices or None,
                expected_seq=request.form.get("seq", type=int),
                idem_key=request.form.get("idem"),
            )
        ),
    )


@bp.post("/<tournament_id>/corrections")
def correct(tournament_id: str) -> WerkzeugResponse | Page:
    event = {
        "type": "correction",
        "round": request.form.get("round", ""),
        "table": request.form.get("table", ""),
        "scores": [request.form.get("score_a", ""), request.form.get("score_b", "")],
        "note": request.form.get("note", ""),
    }
    return _admin_write(tournament_id, lambda night: event_write(night, event))


@bp.post("/<tournament_id>/end")
def end(tournament_id: str) -> WerkzeugResponse | Page:
    return _admin_write(
        tournament_id, lambda night: event_write(night, {"type": "end"})
    )


@bp.post("/<tournament_id>/tie-break")
def tie_break(tournament_id: str) -> WerkzeugResponse | Page:
    rolls = {
        key.removeprefix("die_"): value
        for key, value in request.form.items()
        if key.startswith("die_")
    }
    event = {"type": "tie_break", "title": request.form.get("title"), "rolls": rolls}
    return _admin_write(tournament_id, lambda night: event_write(night, event))


# The pages above show every format of this family.
FAMILY = register(Family("night", new, show, admin, tv, player, station))
