"""What every family of tournament pages shares: the lookups, the page write, the
create form, and the families themselves (which pages show a format).

A format declares its family (``Format.family``); each family's module (``night``,
``pairings``) registers a ``Family`` of page functions here, and the routes
(``pages``) look it up: no route knows a format.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import abort
from flask import flash
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

from referee import ledger
from referee import tournaments
from referee.formats import Format
from referee.games.outcomes import BadInput
from referee.models import Tournament
from referee.tournaments import ORGANISER
from referee.tournaments import Actor
from referee.web import access
from referee.web import errors as outcomes
from referee.web.boards import BOARDS
from referee.web.errors import found
from referee.web.forms import Text
from referee.web.forms import WriteForm
from referee.web.tournaments.access import _remember
from referee.web.tournaments.access import is_organiser
from referee.web.tournaments.access import table_actor

Page = tuple[str, int]


@dataclass(frozen=True)
class Family:
    """The pages of one family of formats (``Format.family``)."""

    name: str
    new: Callable[[Format], str | WerkzeugResponse | Page]  # the create page
    show: Callable[[Tournament], str]  # the public page
    admin: Callable[..., Page]  # (tournament, status, error): the organiser's
    tv: Callable[[Tournament], str]
    player: Callable[[Tournament, int], str]  # (tournament, player's index)
    station: Callable[..., Page]  # (tournament, number, status, error)
    # The page a wrong PIN typed on the tournament's page is answered with (the
    # public page, its join form saying why); None: the bunko night's page.
    pin_page: Callable[[Tournament, str], str] | None = None
    # What a phone that joined a station is told (None: "scores table n").
    joined: Callable[[Tournament, int], str] | None = None


FAMILIES: dict[str, Family] = {}


def register(family: Family) -> Family:
    FAMILIES[family.name] = family
    return family


# A family's own answer at an export address every tournament has (the pairing
# formats' ``standings.csv``, ``results.csv``): by (family, file name).
EXPORTS: dict[tuple[str, str], Callable[[Tournament], WerkzeugResponse]] = {}


def register_export(
    family: str, name: str, export: Callable[[Tournament], WerkzeugResponse]
) -> None:
    EXPORTS[(family, name)] = export


def family_export(tournament: Tournament, name: str) -> WerkzeugResponse | None:
    """The tournament's family's own export ``name``, if it has one."""
    export = EXPORTS.get((tournaments.format_of(tournament).family, name))
    return export(tournament) if export is not None else None


def family_of(tournament: Tournament) -> Family:
    return FAMILIES[tournaments.format_of(tournament).family]


def render_admin(
    tournament: Tournament, status: int = 200, error: str | None = None
) -> Page:
    return family_of(tournament).admin(tournament, status, error)


def render_station(
    tournament: Tournament, number: int, status: int = 200, error: str | None = None
) -> Page:
    return family_of(tournament).station(tournament, number, status, error)


# --- lookups ------------------------------------------------------------------------


def night_or_404(tournament_id: str) -> Tournament:
    missing = f"There is no tournament '{tournament_id}'. Check the link."
    return found(tournaments.get, tournament_id, tournaments.NotFound, missing)


def organised(tournament_id: str) -> Tournament:
    tournament = night_or_404(tournament_id)
    if not is_organiser(tournament):
        abort(403, "Only the organiser can do that. Type the organiser PIN first.")
    return tournament


def table_number(tournament: Tournament, number: int) -> int:
    if not 1 <= number <= len(tournament.table_keys):
        abort(404, f"There is no table or board {number} here.")
    return number


def context(tournament: Tournament) -> dict[str, Any]:
    """What every tournament page shows: the view (after settling) and who looks.

    The view is this process's snapshot of the tournament (``boards``), shared with
    the live streams and the other pages: read only.
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


def admin_page(
    template: str, ctx: dict[str, Any], status: int, error: str | None
) -> Page:
    """The organiser's page: the view, every table's key and PIN, the organiser's."""
    night = ctx["night"]
    return render_template(
        template,
        **ctx,
        keys=[
            tournaments.table_key(night, number)
            for number in range(1, len(night.table_keys) + 1)
        ],
        organiser_pin=tournaments.organiser_credentials(night).pin,
        error=error,
    ), status


def station_page(
    template: str,
    ctx: dict[str, Any],
    number: int,
    match: str | None,
    status: int,
    error: str | None,
) -> Callable[..., Page]:
    """A table's (or board's) page, given what else it shows. The phone that scores
    there (the table's, or the organiser's) scores its match now with the table's
    key."""
    writer = table_actor(ctx["night"], number)
    if writer is not None and match:
        access.grant(ledger.get(match))

    def page(**shown: Any) -> Page:
        return render_template(
            template, **ctx, number=number, writer=writer, error=error, **shown
        ), status

    return page


# --- page writes --------------------------------------------------------------------


def page_write(
    run: Callable[[], ledger.Written],
    back: Callable[..., Page],
    done: str,
) -> WerkzeugResponse | Page:
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


def event_write(
    night: Tournament, event: dict[str, Any], actor: Actor = ORGANISER
) -> Callable[[], ledger.Written]:
    """A page's write of one event, with the form's seq and idempotency key."""
    return lambda: tournaments.write(
        night.id,
        event,
        actor,
        expected_seq=request.form.get("seq", type=int),
        idem_key=request.form.get("idem"),
    )


# --- the create form ----------------------------------------------------------------


class NewForm(FlaskForm):
    """What every create page sends: a fresh key per page load (a double tap on
    the start button makes one tournament), a name and the players."""

    idem = HiddenField(
        validators=[Optional(), Length(max=255)], default=lambda: uuid.uuid4().hex
    )


def title_field(label: str) -> StringField:
    return StringField(label, validators=[Optional(), Text("title")])


def players_field(description: str) -> TextAreaField:
    return TextAreaField(
        "Players",
        validators=[
            InputRequired(message="Name the players, one per line."),
            Text("lines", multiline=True),
        ],
        description=description,
    )


def create_from_form(
    form: Any,
    fmt: Format,
    players: Any,
    options: dict[str, Any],
    *,
    seating: str,
    setup: dict[str, Any] | None = None,
    noun: str,
    ready: str,
) -> WerkzeugResponse | dict[str, str]:
    """Create from a page's form: off to the organiser's page, or the errors."""
    try:
        night = tournaments.create(
            fmt.id,
            players,
            options,
            title=form.title.data or "",
            seating=seating,
            setup=setup,
            idem_key=form.idem.data or None,
            fingerprint=ledger.request_hash(dict(request.form)),
        )
    except BadInput as err:
        return {err.field: outcomes.page_error(err)}
    except ledger.KeyReused:
        return {
            "players": f"This page already started {noun}; reload it to start another."
        }
    _remember(night, tournaments.organiser_credentials(night).key)
    flash(ready)
    return redirect(url_for("tournaments.admin", tournament_id=night.id))


def created_or_errors(
    form: FlaskForm, create: Callable[[], WerkzeugResponse | dict[str, str]]
) -> WerkzeugResponse | dict[str, str]:
    """A create page's answer: ``create()`` (off to the new tournament, or its
    errors) for a valid form; else the form's errors (none on a GET)."""
    if form.validate_on_submit():
        return create()
    return form_errors(form)


def form_errors(form: FlaskForm) -> dict[str, str]:
    """A form that did not validate: its errors by field; none on a GET."""
    if request.method != "POST":
        return {}
    return {name: " ".join(msgs) for name, msgs in form.errors.items()}


def page_status() -> int:
    """A create page shown again after a POST is an answer to bad input."""
    return 422 if request.method == "POST" else 200
