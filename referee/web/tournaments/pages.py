"""The tournament pages' routes: each looks up the tournament's family (the format's
declared ``family``: ``night``, ``pairings``) and shows that family's page."""

from __future__ import annotations

from collections.abc import Callable

from flask import Response
from flask import abort
from flask import flash
from flask import make_response
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from referee import formats
from referee import tournaments
from referee.models import Tournament
from referee.tournaments import ORGANISER
from referee.web import access
from referee.web.forms import WriteForm
from referee.web.qr import qr_svg
from referee.web.tournaments import league as league_pages  # noqa: F401 (its family)
from referee.web.tournaments import night as night_pages  # noqa: F401 (its family)
from referee.web.tournaments import pairings as pairing_pages  # noqa: F401 (its family)
from referee.web.tournaments.access import _remember
from referee.web.tournaments.access import bp
from referee.web.tournaments.access import is_organiser
from referee.web.tournaments.common import FAMILIES
from referee.web.tournaments.common import Family
from referee.web.tournaments.common import Page
from referee.web.tournaments.common import context
from referee.web.tournaments.common import family_of
from referee.web.tournaments.common import night_or_404
from referee.web.tournaments.common import organised
from referee.web.tournaments.common import render_admin
from referee.web.tournaments.common import render_station
from referee.web.tournaments.common import table_number

Shown = Callable[[Tournament], str]

# --- creating -----------------------------------------------------------------------


@bp.route("/new", methods=["GET", "POST"])
def new() -> str | WerkzeugResponse | Page:
    """The create page of the default kind (``formats.DEFAULT_KIND``)."""
    fmt = formats.get(formats.DEFAULT_KIND)
    return FAMILIES[fmt.family].new(fmt)


@bp.route("/new/<kind>", methods=["GET", "POST"])
def new_event(kind: str) -> str | WerkzeugResponse | Page:
    """A format's create page, as its family shows it."""
    fmt = formats.registry().get(kind)
    if fmt is None:
        abort(404, f"There is no tournament format '{kind}' here.")
    return FAMILIES[fmt.family].new(fmt)


# --- pages --------------------------------------------------------------------------


def _family_page(tournament_id: str, pick: Callable[[Family], Shown]) -> str:
    """The page ``pick`` names among the tournament's family's pages."""
    night = night_or_404(tournament_id)
    return pick(family_of(night))(night)


@bp.get("/<tournament_id>")
def show(tournament_id: str) -> str:
    return _family_page(tournament_id, lambda family: family.show)


@bp.get("/<tournament_id>/admin")
def admin(tournament_id: str) -> Page:
    return render_admin(organised(tournament_id))


@bp.get("/<tournament_id>/tv")
def tv(tournament_id: str) -> str:
    return _family_page(tournament_id, lambda family: family.tv)


@bp.get("/<tournament_id>/log")
def log(tournament_id: str) -> str:
    night = night_or_404(tournament_id)
    return render_template(
        "nights/log.html",
        night=night,
        entries=tournaments.history(night),
        organiser=is_organiser(night),
    )


@bp.get("/<tournament_id>/p/<int:index>")
def player(tournament_id: str, index: int) -> str:
    night = night_or_404(tournament_id)
    if not 0 <= index < len(night.players):
        abort(404, "There is no such player tonight.")
    return family_of(night).player(night, index)


@bp.get("/<tournament_id>/t/<int:number>")
def table(tournament_id: str, number: int) -> Page:
    night = night_or_404(tournament_id)
    return render_station(night, table_number(night, number))


@bp.get("/<tournament_id>/t/<int:number>/join/<key>")
def join_table(tournament_id: str, number: int, key: str) -> WerkzeugResponse:
    night = night_or_404(tournament_id)
    actor = tournaments.actor_for(night, key)
    if actor is None or (actor.role == "table" and actor.table != number):
        abort(
            403, "This table link is not valid tonight. Ask the organiser for the PIN."
        )
    _remember(night, key)
    flash(_joined(night, number))
    return redirect(url_for("tournaments.table", tournament_id=night.id, number=number))


@bp.post("/<tournament_id>/join")
def join(tournament_id: str) -> WerkzeugResponse | tuple[str, int]:
    night = night_or_404(tournament_id)
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
        if turn.wait:
            message = access.too_many_pins_message(
                turn.wait,
                "tonight's PINs",
                "Scan the table's QR code on the organiser's page instead.",
            )
            response = make_response(_pin_page(night, message), 429)
            return access.retry_after(response, turn.wait)
        message = (
            "That PIN is not a table's or the organiser's tonight. Check the 6 digits "
            "(e.g. 482913)."
        )
        return _pin_page(night, message), 422
    access.pin_right(turn)
    _remember(night, key)
    actor = tournaments.actor_for(night, key)
    if actor == ORGANISER:
        flash("You are the organiser on this phone too.")
        return redirect(url_for("tournaments.admin", tournament_id=night.id))
    assert actor is not None
    flash(_joined(night, actor.table))
    return redirect(
        url_for("tournaments.table", tournament_id=night.id, number=actor.table)
    )


def _joined(night: Tournament, number: int | None) -> str:
    """What a phone that joined station ``number`` is told it now does."""
    says = family_of(night).joined
    if says is not None and number is not None:
        return says(night, number)
    return f"This phone now scores table {number}."


def _pin_page(night: Tournament, message: str) -> str:
    """The page a wrong PIN is answered with: the family's, or the night's."""
    shown = family_of(night).pin_page
    if shown is not None:
        return shown(night, message)
    ctx = context(night)
    ctx["pin_error"] = message
    return render_template("nights/night.html", **ctx)


@bp.get("/<tournament_id>/t/<int:number>/qr.svg")
def qr(tournament_id: str, number: int) -> Response:
    night = organised(tournament_id)
    key = tournaments.table_key(night, table_number(night, number))["key"]
    link = url_for(
        "tournaments.join_table",
        tournament_id=night.id,
        number=number,
        key=key,
        _external=True,
    )
    return qr_svg(link, scale=5)
