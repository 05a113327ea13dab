"""Home, starting a match, and joining one with a PIN."""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from flask import abort
from flask import flash
from flask import g
from flask import make_response
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from sqlalchemy import select
from werkzeug.wrappers import Response

from referee import games
from referee import ledger
from referee.db import db
from referee.games.base import Game
from referee.games.outcomes import BadInput
from referee.models import Match
from referee.web import access
from referee.web.errors import page_error
from referee.web.forms import JoinForm
from referee.web.forms import NewMatchForm
from referee.web.forms import options_from_form
from referee.web.forms import players_from_text
from referee.web.forms import team_count
from referee.web.forms import teams_from_form
from referee.web.forms import usual_players
from referee.web.handicaps import FORM_ACTIONS
from referee.web.handicaps import form_section
from referee.web.handicaps import form_values

bp = Blueprint("pages", __name__)


@bp.get("/")
def home() -> str:
    ids = access.remembered()[:10]
    mine = []
    if ids:
        found = {
            m.id: m
            for m in db.session.execute(
                select(Match).where(Match.id.in_(ids))
            ).scalars()
        }
        mine = [found[i] for i in ids if i in found]
    return render_template(
        "home.html", games=list(games.registry().values()), join=JoinForm(), mine=mine
    )


@bp.route("/new/<game_id>", methods=["GET", "POST"])
def new_match(game_id: str) -> str | Response | tuple[str, int]:
    """The new-match form as the game is played: its usual number of players (its
    partnerships, team by team), its options at their defaults; started unchanged,
    it makes a match."""
    game = games.registry().get(game_id) or abort(404, f"There is no game '{game_id}'.")
    form = NewMatchForm()
    teams = team_count(game)
    size = game.team_size or 0
    errors: dict[str, str] = {}
    if request.method == "GET" and not teams and not form.players.data:
        form.players.data = "\n".join(
            f"Player {i + 1}" for i in range(usual_players(game))
        )
    values = request.form
    action = request.form.get("handicap_action")
    if form.validate_on_submit() and action in FORM_ACTIONS:
        # a Handicap button: the form again, with the handicap filled in or cleared
        names = players_from_text(form.players.data or "")
        values = form_values(game, names, request.form, action)
    elif form.validate_on_submit():
        players = players_from_text(form.players.data or "")
        named = teams_from_form(game, request.form)
        if not any(t["players"] for t in named):
            named = []  # four names in the one list: partners sit opposite
        if not players and not named:
            errors = {"players": "Name the players, one per line (e.g. Ann, Bob)."}
        else:
            errors = _start(game, form, players, named)
            if not errors:
                return redirect(url_for("matches.show", match_id=g.started))
    elif request.method == "POST":
        errors = {name: " ".join(msgs) for name, msgs in form.errors.items()}
    status = 422 if request.method == "POST" and values is request.form else 200
    typed = players_from_text(form.players.data or "") if not teams else []
    return render_template(
        "new.html",
        game=game,
        form=form,
        errors=errors,
        values=values,
        handicap=form_section(game, typed, values),
        teams=[
            {
                "name": "",
                "players": [f"Player {t * size + i + 1}" for i in range(size)],
            }
            for t in range(teams)
        ]
        if request.method == "GET"
        else teams_from_form(game, request.form),
    ), status


def _start(
    game: Game, form: NewMatchForm, players: list[str], teams: list[dict[str, Any]]
) -> dict[str, str]:
    """Start the match the form describes (``g.started``: its id), or say why not,
    in the form's words."""
    try:
        match = ledger.create_match(
            game.id,
            None if teams else players,
            options_from_form(game, request.form),
            teams=teams or None,
            title=form.title.data or "",
            idem_key=form.idem.data or None,
            fingerprint=ledger.request_hash(
                {"game": game.id, **request.form.to_dict(flat=False)}
            ),
            confirm="confirm_mode" in request.form,
        )
    except BadInput as err:
        return {err.field: page_error(err)}
    except ledger.KeyReused:
        # The same page sent two different starts: keep the first match.
        return {
            "players": "This page already started a match; reload it to start another."
        }
    access.grant(match)
    g.started = match.id
    return {}


@bp.post("/join")
def join() -> str | Response | tuple[str, int]:
    """Join a match by its PIN: alone (checked against every match in play) or with
    the match's code (checked against that match only)."""
    form = JoinForm()
    status = 422
    wait = 0
    if form.validate_on_submit():
        code = (form.match.data or "").strip().lower()
        if code and (not code.isalnum() or db.session.get(Match, code) is None):
            form.match.errors = [
                f"There is no match '{code}'. The match code is on the scorer's "
                "phone, under the PIN (e.g. k3m9x2q7ab)."
            ]
        else:
            joined = access.join_by_pin(form.pin.data or "", code or None)
            if joined.match is not None:
                access.grant(joined.match)
                flash("You can now score this match from this phone.")
                return redirect(url_for("matches.show", match_id=joined.match.id))
            wait = joined.wait
            if wait and not code:
                form.pin.errors = [
                    "Too many wrong PINs were typed here: a PIN alone is not checked "
                    f"for {access.wait_words(wait)}. Type the match code shown under "
                    "the PIN on the scorer's phone as well, or scan the QR code."
                ]
            elif wait:
                form.pin.errors = [access.too_many_pins_message(wait)]
            else:
                form.pin.errors = [
                    f"No match in play takes the PIN '{form.pin.data}' now. Check "
                    "the 6 digits on the scorer's phone (e.g. 482913), or scan the "
                    "QR code."
                ]
            status = 429 if wait else 422
    response = make_response(
        render_template(
            "home.html",
            games=list(games.registry().values()),
            join=form,
            mine=[],
            ask_code=bool(wait) or bool(form.match.data),
        ),
        status,
    )
    return access.retry_after(response, wait) if wait else response
