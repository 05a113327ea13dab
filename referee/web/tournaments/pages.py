"""A night's pages (organiser, tables, players, TV board) and their form writes."""

from __future__ import annotations

import io
import uuid
from collections.abc import Callable
from typing import Any

import segno
from flask import Response
from flask import abort
from flask import flash
from flask import make_response
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as WerkzeugResponse
from wtforms import HiddenField
from wtforms import StringField
from wtforms import TextAreaField
from wtforms.validators import InputRequired
from wtforms.validators import Length
from wtforms.validators import Optional

from referee import formats
from referee import ledger
from referee import tournaments
from referee.games.base import BadInput
from referee.models import Tournament
from referee.tournaments import ORGANISER
from referee.tournaments import Actor
from referee.web import access
from referee.web import errors as outcomes
from referee.web.boards import BOARDS
from referee.web.forms import Text
from referee.web.forms import WriteForm
from referee.web.forms import players_from_text
from referee.web.tournaments import pairings
from referee.web.tournaments.access import KIND
from referee.web.tournaments.access import _remember
from referee.web.tournaments.access import bp
from referee.web.tournaments.access import is_organiser
from referee.web.tournaments.access import table_actor

# --- forms --------------------------------------------------------------------------


class NewNightForm(FlaskForm):
    # A fresh key per page load: a double tap on the start button makes one night.
    idem = HiddenField(
        validators=[Optional(), Length(max=255)], default=lambda: uuid.uuid4().hex
    )
    title = StringField("Name of the night", validators=[Optional(), Text("title")])
    players = TextAreaField(
        "Players",
        validators=[
            InputRequired(message="Name the players, one per line."),
            Text("lines", multiline=True),
        ],
        description="One name per line: 8 or more, in fours (8, 12, 16 …).",
    )
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


# --- pages --------------------------------------------------------------------------


def _night(tournament_id: str) -> Tournament:
    try:
        return tournaments.get(tournament_id)
    except tournaments.NotFound:
        abort(404, f"There is no tournament '{tournament_id}'. Check the link.")


def _organised(tournament_id: str) -> Tournament:
    tournament = _night(tournament_id)
    if not is_organiser(tournament):
        abort(403, "Only the organiser can do that. Type the organiser PIN first.")
    return tournament


def _table_number(tournament: Tournament, number: int) -> int:
    if not 1 <= number <= len(tournament.table_keys):
        abort(404, f"There is no table or board {number} here.")
    return number


def _context(tournament: Tournament) -> dict[str, Any]:
    """What every night page shows: the view (after settling) and who is looking.

    The view is this process's snapshot of the night (``boards``), shared with the
    live streams and the other pages: read only.
    """
    snap = BOARDS.settled(tournament.id)
    if snap is None:
        abort(404, f"There is no tournament '{tournament.id}'. Check the link.")
    night = snap.night
    return {
        "night": night,
        "view": snap.view,
        "organiser": is_organiser(night),
        "fingerprint": snap.ident,
        "write": WriteForm.fresh(night.version),
        "player_index": {p: i for i, p in enumerate(night.players)},
    }


@bp.route("/new", methods=["GET", "POST"])
def new() -> str | WerkzeugResponse | tuple[str, int]:
    form = NewNightForm()
    fmt = formats.get(KIND)
    errors: dict[str, str] = {}
    if form.validate_on_submit():
        try:
            night = tournaments.create(
                KIND,
                players_from_text(form.players.data or ""),
                {
                    "variant": form.variant.data or "text",
                    "loser_roll": form.loser_roll.data or "highest",
                },
                title=form.title.data or "",
                seating=form.seating.data or "drawn",
                idem_key=form.idem.data or None,
                fingerprint=ledger.request_hash(dict(request.form)),
            )
        except BadInput as err:
            errors = err.errors
        except ledger.KeyReused:
            errors = {
                "players": "This page already started a night; reload it to start "
                "another."
            }
        else:
            _remember(night, tournaments.organiser_credentials(night).key)
            flash("Your bunko night is ready. Give each table its QR code or PIN.")
            return redirect(url_for("tournaments.admin", tournament_id=night.id))
    elif request.method == "POST":
        errors = {name: " ".join(msgs) for name, msgs in form.errors.items()}
    status = 422 if request.method == "POST" else 200
    return render_template(
        "nights/new.html", form=form, fmt=fmt, errors=errors, choices=CHOICES
    ), status


@bp.get("/<tournament_id>")
def show(tournament_id: str) -> str:
    night = _night(tournament_id)
    if pairings.is_pairing(night):
        return pairings.show(night)
    return render_template("nights/night.html", **_context(night))


@bp.get("/<tournament_id>/admin")
def admin(tournament_id: str) -> tuple[str, int]:
    return _render_admin(_organised(tournament_id))


def _render_admin(
    tournament: Tournament, status: int = 200, error: str | None = None
) -> tuple[str, int]:
    if pairings.is_pairing(tournament):
        return pairings.admin(tournament, status, error)
    context = _context(tournament)
    night = context["night"]
    return render_template(
        "nights/admin.html",
        **context,
        keys=[
            tournaments.table_key(night, number)
            for number in range(1, len(night.table_keys) + 1)
        ],
        organiser_pin=tournaments.organiser_credentials(night).pin,
        error=error,
    ), status


@bp.get("/<tournament_id>/tv")
def tv(tournament_id: str) -> str:
    night = _night(tournament_id)
    if pairings.is_pairing(night):
        return pairings.tv(night)
    return render_template("nights/tv.html", **_context(night))


@bp.get("/<tournament_id>/log")
def log(tournament_id: str) -> str:
    night = _night(tournament_id)
    return render_template(
        "nights/log.html",
        night=night,
        entries=tournaments.history(night),
        organiser=is_organiser(night),
    )


@bp.get("/<tournament_id>/p/<int:index>")
def player(tournament_id: str, index: int) -> str:
    night = _night(tournament_id)
    if not 0 <= index < len(night.players):
        abort(404, "There is no such player tonight.")
    if pairings.is_pairing(night):
        return pairings.player(night, index)
    context = _context(night)
    name = night.players[index]
    view = context["view"]
    now = next((s for s in view["seats"] if s["player"] == name), None)
    upcoming = None
    if view["rotation"]:
        upcoming = next(
            (s for s in view["rotation"]["seats"] if s["player"] == name), None
        )
    rank = next((s for s in view["standings"] if s["player"] == name), None)
    return render_template(
        "nights/player.html",
        **context,
        name=name,
        now=now,
        upcoming=upcoming,
        rank=rank,
    )


@bp.get("/<tournament_id>/t/<int:number>")
def table(tournament_id: str, number: int) -> tuple[str, int]:
    night = _night(tournament_id)
    return _render_table(night, _table_number(night, number))


def _render_table(
    night: Tournament, number: int, status: int = 200, error: str | None = None
) -> tuple[str, int]:
    if pairings.is_pairing(night):
        return pairings.station(night, number, status, error)
    context = _context(night)
    view = context["view"]
    here = next((t for t in view["tables"] if t["number"] == number), None)
    writer = table_actor(context["night"], number)
    if writer is not None and here and here["match"]:
        # The table's phone scores this round's match with the table's key.
        match = ledger.get(here["match"])
        access.grant(match)
    upcoming = None
    if view["rotation"]:
        upcoming = view["rotation"]["tables"][number - 1]
    return render_template(
        "nights/table.html",
        **context,
        number=number,
        here=here,
        writer=writer,
        upcoming=upcoming,
        error=error,
    ), status


@bp.get("/<tournament_id>/t/<int:number>/join/<key>")
def join_table(tournament_id: str, number: int, key: str) -> WerkzeugResponse:
    night = _night(tournament_id)
    actor = tournaments.actor_for(night, key)
    if actor is None or (actor.role == "table" and actor.table != number):
        abort(
            403, "This table link is not valid tonight. Ask the organiser for the PIN."
        )
    _remember(night, key)
    flash(f"This phone now scores table {number}.")
    return redirect(url_for("tournaments.table", tournament_id=night.id, number=number))


@bp.post("/<tournament_id>/join")
def join(tournament_id: str) -> WerkzeugResponse | tuple[str, int]:
    night = _night(tournament_id)
    form = WriteForm()  # only its CSRF check matters here
    form.validate_on_submit()
    if form.errors.get("csrf_token"):
        abort(400, "This form has expired: reload the page and try again.")
    # Every PIN of the night (the organiser's and each table's) counts against the
    # night: a guess is compared with all of them.
    turn = access.pin_turn(access.night_target(night.id))
    key = None
    if not turn.wait:
        key = tournaments.key_for_pin(night, request.form.get("pin", ""))
    if key is None:
        context = _context(night)
        if turn.wait:
            context["pin_error"] = access.too_many_pins_message(
                turn.wait,
                "tonight's PINs",
                "Scan the table's QR code on the organiser's page instead.",
            )
            response = make_response(
                render_template("nights/night.html", **context), 429
            )
            return access.retry_after(response, turn.wait)
        context["pin_error"] = (
            "That PIN is not a table's or the organiser's tonight. Check the 6 digits "
            "(e.g. 482913)."
        )
        return render_template("nights/night.html", **context), 422
    access.pin_right(turn)
    _remember(night, key)
    actor = tournaments.actor_for(night, key)
    if actor == ORGANISER:
        flash("You are the organiser on this phone too.")
        return redirect(url_for("tournaments.admin", tournament_id=night.id))
    assert actor is not None
    flash(f"This phone now scores table {actor.table}.")
    return redirect(
        url_for("tournaments.table", tournament_id=night.id, number=actor.table)
    )


@bp.get("/<tournament_id>/t/<int:number>/qr.svg")
def qr(tournament_id: str, number: int) -> Response:
    night = _organised(tournament_id)
    key = tournaments.table_key(night, _table_number(night, number))["key"]
    link = url_for(
        "tournaments.join_table",
        tournament_id=night.id,
        number=number,
        key=key,
        _external=True,
    )
    out = io.BytesIO()
    segno.make(link, error="m").save(
        out, kind="svg", scale=5, border=2, xmldecl=False, svgns=True
    )
    response = Response(out.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, no-store"
    return response


# --- page writes --------------------------------------------------------------------


def _page_write(
    night: Tournament,
    run: Callable[[], ledger.Written],
    back: Callable[..., tuple[str, int]],
    done: str,
) -> WerkzeugResponse | tuple[str, int]:
    """Run a write from a form: redirect with the ruling, or show the page again."""
    form = WriteForm()
    if not form.validate_on_submit():
        message = (
            "This page has expired: reload it and try again."
            if form.errors.get("csrf_token")
            else "The form was incomplete: reload the page and try again."
        )
        return back(status=422, error=message)
    try:
        written = run()
    except (*outcomes.REFUSALS, tournaments.Forbidden) as err:
        return back(status=outcomes.status_of(err), error=outcomes.page_error(err))
    ruling = (written.body or {}).get("ruling")
    if ruling:
        flash(ruling["summary"])
    return redirect(done, code=303)


def _form_seq() -> int | None:
    return request.form.get("seq", type=int)


@bp.post("/<tournament_id>/t/<int:number>/result")
def report(tournament_id: str, number: int) -> WerkzeugResponse | tuple[str, int]:
    night = _night(tournament_id)
    number = _table_number(night, number)
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

    def back(**kw: Any) -> tuple[str, int]:
        if from_admin and is_organiser(night):
            return _render_admin(night, **kw)
        return _render_table(night, number, **kw)

    done = (
        url_for("tournaments.admin", tournament_id=night.id)
        if from_admin
        else url_for("tournaments.table", tournament_id=night.id, number=number)
    )
    return _page_write(
        night,
        _event_write(night, event, actor),
        back,
        done,
    )


@bp.post("/<tournament_id>/t/<int:number>/seating")
def seating(tournament_id: str, number: int) -> WerkzeugResponse | tuple[str, int]:
    night = _night(tournament_id)
    number = _table_number(night, number)
    actor = table_actor(night, number)
    if actor is None:
        abort(403, "This phone is not this table's. Scan its QR code or type its PIN.")
    event = {
        "type": "seating",
        "table": number,
        "seats": request.form.get("seats", "").split("|"),
    }
    return _page_write(
        night,
        _event_write(night, event, actor),
        lambda **kw: _render_table(night, number, **kw),
        url_for("tournaments.table", tournament_id=night.id, number=number),
    )


def _admin_write(
    tournament_id: str, make: Callable[[Tournament], Callable[[], ledger.Written]]
) -> WerkzeugResponse | tuple[str, int]:
    night = _organised(tournament_id)
    return _page_write(
        night,
        make(night),
        lambda **kw: _render_admin(night, **kw),
        url_for("tournaments.admin", tournament_id=night.id),
    )


@bp.post("/<tournament_id>/rounds")
def next_round(tournament_id: str) -> WerkzeugResponse | tuple[str, int]:
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
                expected_seq=_form_seq(),
                idem_key=request.form.get("idem"),
            )
        ),
    )


@bp.post("/<tournament_id>/corrections")
def correct(tournament_id: str) -> WerkzeugResponse | tuple[str, int]:
    event = {
        "type": "correction",
        "round": request.form.get("round", ""),
        "table": request.form.get("table", ""),
        "scores": [request.form.get("score_a", ""), request.form.get("score_b", "")],
        "note": request.form.get("note", ""),
    }
    return _admin_write(tournament_id, lambda night: _event_write(night, event))


@bp.post("/<tournament_id>/end")
def end(tournament_id: str) -> WerkzeugResponse | tuple[str, int]:
    return _admin_write(
        tournament_id, lambda night: _event_write(night, {"type": "end"})
    )


@bp.post("/<tournament_id>/tie-break")
def tie_break(tournament_id: str) -> WerkzeugResponse | tuple[str, int]:
    rolls = {
        key.removeprefix("die_"): value
        for key, value in request.form.items()
        if key.startswith("die_")
    }
    event = {"type": "tie_break", "title": request.form.get("title"), "rolls": rolls}
    return _admin_write(tournament_id, lambda night: _event_write(night, event))


def _event_write(
    night: Tournament, event: dict[str, Any], actor: Actor = ORGANISER
) -> Callable[[], Any]:
    """A page's write of one event, with the form's seq and idempotency key."""
    return lambda: tournaments.write(
        night.id,
        event,
        actor,
        expected_seq=_form_seq(),
        idem_key=request.form.get("idem"),
    )
