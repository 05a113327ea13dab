"""League pages (``/l``): create a league, its page (the seasons, and for its
organiser the league PIN and the "new season" link), and the organiser's PIN join.

A league's organiser key is kept in the session as its grant (like a night's, see
``tournaments.league_access``); every season of the league takes it as its
organiser key. The seasons' own pages are the tournament pages of family
``league`` (``/n/<id>``).
"""

from __future__ import annotations

import uuid
from typing import Any

from flask import Blueprint
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
from wtforms.validators import InputRequired
from wtforms.validators import Length
from wtforms.validators import Optional

from referee import formats
from referee import games
from referee import keys
from referee import leagues
from referee import ledger
from referee.formats.league import team_formats
from referee.games.outcomes import BadInput
from referee.models import League
from referee.web import access
from referee.web import errors as outcomes
from referee.web.forms import Text
from referee.web.forms import WriteForm
from referee.web.forms import options_from_form
from referee.web.tournaments.league_access import holds_league
from referee.web.tournaments.league_access import remember_league

bp = Blueprint("leagues", __name__, url_prefix="/l")

LEAGUE_KIND = "league"


class NewLeagueForm(FlaskForm):
    """A league: its name and game (the defaults of its seasons come after)."""

    idem = HiddenField(
        validators=[Optional(), Length(max=255)], default=lambda: uuid.uuid4().hex
    )
    name = StringField(
        "Name of the league",
        validators=[
            InputRequired(message="Name the league, e.g. Thursday Pool League."),
            Text("title"),
        ],
    )
    game = StringField(
        validators=[InputRequired(message="Choose the game."), Length(max=40)]
    )


def league_or_404(league_id: str) -> League:
    try:
        return leagues.get(league_id)
    except leagues.NotFound:
        abort(404, f"There is no league '{league_id}'. Check the link.")


def league_format() -> formats.Format:
    return formats.get(LEAGUE_KIND)


@bp.route("/new", methods=["GET", "POST"])
def new() -> str | WerkzeugResponse | tuple[str, int]:
    """Create a league: name, game and the team format its seasons start from."""
    form = NewLeagueForm()
    fmt = league_format()
    errors: dict[str, str] = {}
    if request.method == "POST":
        if form.validate_on_submit():
            done = _create(form, fmt)
            if not isinstance(done, dict):
                return done
            errors = done
        else:
            errors = {k: " ".join(v) for k, v in form.errors.items()}
    return render_template(
        "leagues/new.html",
        form=form,
        fmt=fmt,
        games=[games.get(g) for g in team_formats.league_games()],
        errors=errors,
        values=request.form if request.method == "POST" else None,
    ), (422 if request.method == "POST" else 200)


def _create(
    form: NewLeagueForm, fmt: formats.Format
) -> WerkzeugResponse | dict[str, str]:
    if form.game.data not in team_formats.league_games():
        first = games.get(team_formats.league_games()[0]).title
        return {"game": f"Choose the game from the list, e.g. {first}."}
    try:
        league, creds = leagues.create(
            form.name.data or "",
            form.game.data or "",
            options_from_form(fmt, request.form, prefix="fmt_"),  # type: ignore[arg-type]
            idem_key=form.idem.data or None,
            fingerprint=ledger.request_hash(dict(request.form)),
        )
    except BadInput as err:
        return {err.field or "name": outcomes.page_error(err)}
    except ledger.KeyReused:
        return {"name": "This page already made a league; reload it for another."}
    remember_league(league, creds.key)
    flash("Your league is ready. Start its first season below.")
    return redirect(url_for("leagues.show", league_id=league.id), code=303)


def _page(league: League, **extra: Any) -> str:
    organiser = holds_league(league)
    if organiser:
        access.no_store()
    return render_template(
        "leagues/league.html",
        league=league,
        seasons=leagues.seasons(league),
        organiser=organiser,
        pin=leagues.organiser_credentials(league).pin if organiser else None,
        write=WriteForm.fresh(0),
        game_title=games.get(league.game).title
        if league.game in games.GAME_IDS
        else league.game,
        **extra,
    )


def key_for_pin(league: League, pin: str) -> str | None:
    """The league's organiser key, if ``pin`` is its PIN."""
    pin = "".join(ch for ch in str(pin) if ch.isdigit())
    if len(pin) != 6 or not ledger.same_secret(keys.hash_pin(pin), league.pin):
        return None
    return leagues.organiser_credentials(league).key


@bp.get("/<league_id>")
def show(league_id: str) -> str:
    """The league: its seasons, newest first; its organiser sees the PIN and the
    link to start a season."""
    return _page(league_or_404(league_id))


@bp.post("/<league_id>/join")
def join(league_id: str) -> WerkzeugResponse | tuple[str, int]:
    """The organiser types the league's PIN on another phone."""
    league = league_or_404(league_id)
    form = WriteForm()
    form.validate_on_submit()
    if form.errors.get("csrf_token"):
        abort(400, "This form has expired: reload the page and try again.")
    turn = access.pin_turn(f"league:{league.id}")
    key = None if turn.wait else key_for_pin(league, request.form.get("pin", ""))
    if key is None:
        if turn.wait:
            message = access.too_many_pins_message(
                turn.wait, "this league's PIN", "Ask the organiser for the QR link."
            )
            response = make_response(_page(league, pin_error=message), 429)
            return access.retry_after(response, turn.wait)
        return _page(
            league,
            pin_error="That is not this league's organiser PIN. Check the 6 digits "
            "(e.g. 482913).",
        ), 422
    access.pin_right(turn)
    remember_league(league, key)
    flash("You organise this league on this phone too.")
    return redirect(url_for("leagues.show", league_id=league.id), code=303)
