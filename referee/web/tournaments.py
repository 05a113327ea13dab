"""Tournament pages and API: a bunko night's organiser, tables, players and TV board.

Who may do what: the organiser's key (kept in the session of the browser that
created the night, or typed as the organiser PIN) does everything; a table's key
(its QR link or PIN, on the table's phone) scores that table's match every round,
reports its paper score and picks its seating; anyone with the link watches.
The JSON API takes the same keys as ``Authorization: Bearer``.
"""

from __future__ import annotations

import io
import uuid
from collections.abc import Callable
from typing import Any

import segno
from flask import Blueprint
from flask import Response
from flask import abort
from flask import current_app
from flask import flash
from flask import jsonify
from flask import redirect
from flask import render_template
from flask import request
from flask import session
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
from referee.db import db
from referee.games.base import BadInput
from referee.games.base import Refused
from referee.models import Match
from referee.models import Tournament
from referee.tournaments import ORGANISER
from referee.tournaments import Actor
from referee.web import access
from referee.web.api import _bad
from referee.web.api import _body
from referee.web.api import _expected_seq
from referee.web.api import _Halt
from referee.web.api import _halt
from referee.web.api import _write
from referee.web.api import key_reused
from referee.web.errors import problem
from referee.web.forms import WriteForm
from referee.web.forms import players_from_text

bp = Blueprint("tournaments", __name__, url_prefix="/n")
api_bp = Blueprint("tournament_api", __name__, url_prefix="/api/v1/tournaments")
api_bp.register_error_handler(_Halt, _halt)

KIND = "bunko-night"  # the one format so far; the pages name it where it matters
MAX_REMEMBERED = 20
# Writes to a match that may end a table's game: after them the night is settled.
MATCH_WRITES = {
    "matches.add_event",
    "matches.undo",
    "matches.amend",
    "api.add_event",
    "api.undo",
    "api.amend",
}


# --- access -------------------------------------------------------------------------


def _remember(tournament: Tournament, key: str) -> None:
    """Keep an organiser or table key for this night in the signed session cookie."""
    keys = dict(session.get("nights", {}))
    mine = [k for k in keys.pop(tournament.id, []) if k != key]
    keys[tournament.id] = [*mine, key]
    session["nights"] = dict(list(keys.items())[-MAX_REMEMBERED:])
    session.permanent = True


def actors(tournament: Tournament) -> set[Actor]:
    """Who this browser is for this night: the organiser, some tables, or nobody."""
    found = set()
    for key in session.get("nights", {}).get(tournament.id, []):
        actor = tournaments.actor_for(tournament, key)
        if actor is not None:
            found.add(actor)
    return found


def is_organiser(tournament: Tournament) -> bool:
    return ORGANISER in actors(tournament)


def table_actor(tournament: Tournament, table: int) -> Actor | None:
    """The actor that writes for this table from this browser, if any."""
    mine = actors(tournament)
    if Actor("table", table) in mine:
        return Actor("table", table)
    return ORGANISER if ORGANISER in mine else None


@bp.before_app_request
def _tables_score_their_matches() -> None:
    """Let a table's phone (or the organiser's) score that table's match.

    However the browser reached the scorepad (a link, the TV, the back button), the
    table's key it holds is that match's edit key.
    """
    nights = session.get("nights")
    if not nights or request.blueprint != "matches":
        return
    match_id = (request.view_args or {}).get("match_id")
    match = db.session.get(Match, match_id) if match_id else None
    if match is None or match.tournament_id not in nights or access.can_edit(match):
        return
    keys = nights[match.tournament_id]
    night = db.session.get(Tournament, match.tournament_id)
    if match.edit_key in keys or (night is not None and night.edit_key in keys):
        access.grant(match)


@bp.after_app_request
def _settle_after_match_write(response: Response) -> Response:
    """A table's match may just have ended: record it and call stop where due."""
    if (
        request.method in ("POST", "PUT")
        and request.endpoint in MATCH_WRITES
        and response.status_code < 400
    ):
        try:
            tournaments.settle_match(str((request.view_args or {}).get("match_id")))
        except Exception:  # the match's event is stored; the next settle catches up
            current_app.logger.exception("settling a tournament after a match write")
    return response


# --- forms --------------------------------------------------------------------------


class NewNightForm(FlaskForm):
    # A fresh key per page load: a double tap on the start button makes one night.
    idem = HiddenField(
        validators=[Optional(), Length(max=255)], default=lambda: uuid.uuid4().hex
    )
    title = StringField("Name of the night", validators=[Optional(), Length(max=80)])
    players = TextAreaField(
        "Players",
        validators=[InputRequired(message="Name the players, one per line.")],
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
        abort(404, f"There is no bunko night '{tournament_id}'. Check the link.")


def _organised(tournament_id: str) -> Tournament:
    tournament = _night(tournament_id)
    if not is_organiser(tournament):
        abort(403, "Only the organiser can do that. Type the organiser PIN first.")
    return tournament


def _table_number(tournament: Tournament, number: int) -> int:
    if not 1 <= number <= len(tournament.table_keys):
        abort(404, f"There is no table {number} tonight.")
    return number


def _context(tournament: Tournament) -> dict[str, Any]:
    """What every night page shows: the view (after settling) and who is looking."""
    tournaments.settle(tournament.id)
    tournament = tournaments.get(tournament.id)
    tables = tournaments.table_matches(tournament)
    return {
        "night": tournament,
        "view": tournaments.view(tournament, tables),
        "organiser": is_organiser(tournament),
        "fingerprint": tournaments.fingerprint(tournament, tables),
        "write": WriteForm.fresh(tournament.version),
        "player_index": {p: i for i, p in enumerate(tournament.players)},
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
            _remember(night, night.edit_key)
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
    return render_template("nights/night.html", **_context(_night(tournament_id)))


@bp.get("/<tournament_id>/admin")
def admin(tournament_id: str) -> tuple[str, int]:
    return _render_admin(_organised(tournament_id))


def _render_admin(
    tournament: Tournament, status: int = 200, error: str | None = None
) -> tuple[str, int]:
    context = _context(tournament)
    return render_template(
        "nights/admin.html",
        **context,
        keys=context["night"].table_keys,
        error=error,
    ), status


@bp.get("/<tournament_id>/tv")
def tv(tournament_id: str) -> str:
    return render_template("nights/tv.html", **_context(_night(tournament_id)))


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
    wait = access.pin_wait_minutes()
    key = None if wait else tournaments.key_for_pin(night, request.form.get("pin", ""))
    if key is None:
        context = _context(night)
        if wait:
            context["pin_error"] = access.too_many_pins_message(wait)
            return render_template("nights/night.html", **context), 429
        access.note_wrong_pin()
        context["pin_error"] = (
            "That PIN is not a table's or the organiser's tonight. Check the 6 digits "
            "(e.g. 482913)."
        )
        return render_template("nights/night.html", **context), 422
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
    except BadInput as err:
        return back(status=422, error=str(err))
    except Refused as err:
        return back(status=409, error=err.ruling.summary)
    except tournaments.Forbidden as err:
        return back(status=403, error=str(err))
    except ledger.Stale as err:
        return back(status=409, error=str(err))
    except ledger.KeyReused:
        return back(
            status=409,
            error="That came from a page that had already sent something else; it "
            "was not recorded. Check the board and try again.",
        )
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


# --- the JSON API -------------------------------------------------------------------


def tournament_json(night: Tournament, keys: bool = False) -> dict[str, Any]:
    """The whole night: live tables, rounds, rotation, tallies and standings."""
    tables = tournaments.table_matches(night)
    view = tournaments.view(night, tables)
    for t in view["tables"]:
        t["links"] = _table_links(night, t)
    body = {
        "id": night.id,
        "kind": night.kind,
        "title": night.title,
        "status": night.status,
        "seq": night.version,
        "fingerprint": tournaments.fingerprint(night, tables),
        **view,
        "links": {
            "self": url_for("tournament_api.one", tournament_id=night.id),
            "events": url_for("tournament_api.events", tournament_id=night.id),
            "page": url_for("tournaments.show", tournament_id=night.id),
            "tv": url_for("tournaments.tv", tournament_id=night.id),
            "players": {
                p: url_for("tournaments.player", tournament_id=night.id, index=i)
                for i, p in enumerate(night.players)
            },
        },
    }
    if keys:
        body["keys"] = keys_json(night)
    return body


def keys_json(night: Tournament) -> dict[str, Any]:
    """The organiser's and each table's key and PIN (shown to the organiser only)."""
    return {
        "organiser": {"key": night.edit_key, "pin": night.pin},
        "tables": [
            {
                "table": i,
                "key": k["key"],
                "pin": k["pin"],
                "join": url_for(
                    "tournaments.join_table",
                    tournament_id=night.id,
                    number=i,
                    key=k["key"],
                    _external=True,
                ),
            }
            for i, k in enumerate(night.table_keys, start=1)
        ],
    }


def _table_links(night: Tournament, t: dict[str, Any]) -> dict[str, str | None]:
    match = t.get("match")
    return {
        "page": url_for(
            "tournaments.table", tournament_id=night.id, number=t["number"]
        ),
        "match": url_for("api.one_match", match_id=match) if match else None,
        "scorepad": url_for("matches.show", match_id=match) if match else None,
    }


def _api_night(tournament_id: str) -> Tournament:
    try:
        return tournaments.get(tournament_id)
    except tournaments.NotFound as err:
        abort(404, str(err))


def _api_writer(tournament_id: str) -> tuple[Tournament, Actor, str]:
    """The night, who is writing (from the bearer key) and the idempotency key."""
    night = _api_night(tournament_id)
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if not header:
        response = problem(
            401,
            "unauthorized",
            "Unauthorized",
            "Writes need 'Authorization: Bearer <key>': the organiser's key, or a "
            "table's key for that table's result and seating.",
        )
        response.headers["WWW-Authenticate"] = 'Bearer realm="referee"'
        raise _Halt(response)
    actor = (
        tournaments.actor_for(night, token.strip())
        if scheme.lower() == "bearer"
        else None
    )
    if actor is None:
        raise _Halt(
            problem(
                403,
                "forbidden",
                "Forbidden",
                "That key is neither the organiser's nor a table's tonight.",
            )
        )
    key = request.headers.get("Idempotency-Key", "").strip()
    if not key or len(key) > ledger.MAX_KEY:
        raise _Halt(
            problem(
                400,
                "idempotency-key",
                "Idempotency-Key missing" if not key else "Idempotency-Key too long",
                "Send an Idempotency-Key header with a fresh value per write (at "
                f"most {ledger.MAX_KEY} characters), so a retry is recorded once.",
            )
        )
    return night, actor, key


def _api_write(
    night: Tournament, run: Callable[[], ledger.Written]
) -> Response | tuple[Response, int]:
    """Run a write; answer 201 ``{"seq", "ruling", "tournament"}`` or a problem."""

    def with_view() -> ledger.Written:
        written = run()
        fresh = tournaments.get(night.id)
        return ledger.Written(
            written.status,
            {**written.body, "tournament": tournament_json(fresh)},
            written.replayed,
        )

    try:
        return _write(with_view)
    except tournaments.Forbidden as err:
        return problem(403, "forbidden", "Forbidden", str(err))


@api_bp.post("")
def create() -> Response | tuple[Response, int]:
    body = _body()
    allowed = {"kind", "title", "players", "seating", "options"}
    extra = sorted(set(body) - allowed)
    if extra:
        return _bad(
            {
                extra[0]: f"'{extra[0]}' is not a field of a new tournament "
                f"({', '.join(sorted(allowed))})."
            }
        )
    for name in ("kind", "title", "seating"):
        if name in body and not isinstance(body[name], str):
            return _bad({name: f"'{name}' is text, e.g. \"given\" for seating."})
    key = request.headers.get("Idempotency-Key") or None  # optional, as for matches
    fingerprint = ledger.request_hash({"op": "create", **body})
    try:
        replayed = (
            key is not None and tournaments.created_before(key, fingerprint) is not None
        )
        night = tournaments.create(
            str(body.get("kind") or KIND),
            body.get("players"),
            body.get("options"),
            title=str(body.get("title") or ""),
            seating=str(body.get("seating") or "given"),
            idem_key=key,
            fingerprint=fingerprint,
        )
    except BadInput as err:
        return _bad(err.errors)
    except ledger.KeyReused as err:
        return key_reused(err)
    response = jsonify(tournament_json(night, keys=True))
    response.status_code = 201
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    response.headers["Location"] = url_for("tournament_api.one", tournament_id=night.id)
    return response


@api_bp.get("/<tournament_id>")
def one(tournament_id: str) -> Response:
    night = _api_night(tournament_id)
    tournaments.settle(night.id)
    night = tournaments.get(night.id)
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    organiser = (
        scheme.lower() == "bearer"
        and tournaments.actor_for(night, token.strip()) == ORGANISER
    )
    return jsonify(tournament_json(night, keys=organiser))


@api_bp.get("/<tournament_id>/events")
def events(tournament_id: str) -> Response:
    night = _api_night(tournament_id)
    return jsonify(
        {
            "id": night.id,
            "seq": night.version,
            "events": [
                {
                    "seq": e.seq,
                    "kind": e.kind,
                    "event": e.event,
                    "ruling": e.ruling,
                    "actor": e.actor,
                    "created_at": e.created_at.isoformat() if e.created_at else None,
                }
                for e in reversed(tournaments.history(night))
            ],
        }
    )


def _event_route(kind: str, fields: set[str]) -> Callable[[str], Any]:
    def route(tournament_id: str) -> Response | tuple[Response, int]:
        night, actor, key = _api_writer(tournament_id)
        body = _body(allow_empty=not fields)
        extra = sorted(set(body) - fields - {"expected_seq"})
        if extra:
            names = ", ".join(sorted(fields | {"expected_seq"}))
            return _bad({extra[0]: f"'{extra[0]}' is not a field here ({names})."})
        expected = _expected_seq(body)
        event = {"type": kind, **{k: v for k, v in body.items() if k in fields}}
        return _api_write(
            night,
            lambda: tournaments.write(
                night.id, event, actor, expected_seq=expected, idem_key=key
            ),
        )

    route.__name__ = f"post_{kind}"
    return route


api_bp.add_url_rule(
    "/<tournament_id>/results",
    view_func=_event_route(
        "result", {"round", "table", "scores", "bunkos", "wipeouts"}
    ),
    methods=["POST"],
)
api_bp.add_url_rule(
    "/<tournament_id>/corrections",
    view_func=_event_route(
        "correction", {"round", "table", "scores", "bunkos", "wipeouts", "note"}
    ),
    methods=["POST"],
)
api_bp.add_url_rule(
    "/<tournament_id>/seating",
    view_func=_event_route("seating", {"table", "seats"}),
    methods=["POST"],
)
api_bp.add_url_rule(
    "/<tournament_id>/end",
    view_func=_event_route("end", set()),
    methods=["POST"],
)
api_bp.add_url_rule(
    "/<tournament_id>/tie-breaks",
    view_func=_event_route("tie_break", {"title", "rolls"}),
    methods=["POST"],
)


@api_bp.post("/<tournament_id>/rounds")
def rounds(tournament_id: str) -> Response | tuple[Response, int]:
    night, actor, key = _api_writer(tournament_id)
    body = _body(allow_empty=True)
    extra = sorted(set(body) - {"seating", "expected_seq"})
    if extra:
        return _bad(
            {extra[0]: f"'{extra[0]}' is not a field here (seating, expected_seq)."}
        )
    seating = body.get("seating")
    if seating is not None and not isinstance(seating, dict):
        return _bad(
            {
                "seating": "'seating' maps a table to its four players clockwise, "
                'e.g. {"2": ["Kim", "Eve", "Lu", "Fay"]}.'
            }
        )
    expected = _expected_seq(body)
    return _api_write(
        night,
        lambda: tournaments.start_round(
            night.id, actor, seating=seating, expected_seq=expected, idem_key=key
        ),
    )
