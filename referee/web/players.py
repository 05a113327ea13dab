"""Player profiles and trust: profile pages with charts and exports, linking seats
to profiles, claim codes, confirming and challenging entries, the big-type mode.

Pages (``bp``) and their JSON API (``api_bp``, under ``/api/v1``, bearer keys, no
CSRF) both call ``referee.profiles`` and the ledger; no figure is worked out here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint
from flask import Response
from flask import abort
from flask import flash
from flask import g
from flask import jsonify
from flask import make_response
from flask import redirect
from flask import render_template
from flask import request
from flask import session
from flask import url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from referee import games
from referee import ledger
from referee import profiles
from referee import ratings
from referee import tournaments
from referee import trust
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.models import Match
from referee.models import Player
from referee.models import Tournament
from referee.profiles import charts
from referee.tournaments import ORGANISER
from referee.web import access
from referee.web import caller
from referee.web import csvsafe
from referee.web import targets
from referee.web.api import _bearer as api_bearer
from referee.web.api import _Halt
from referee.web.api import _halt
from referee.web.api import _write
from referee.web.api import _writer
from referee.web.errors import found
from referee.web.errors import page_error
from referee.web.errors import problem
from referee.web.forms import WriteForm
from referee.web.matches import _match

bp = Blueprint("players", __name__)
api_bp = Blueprint("players_api", __name__, url_prefix="/api/v1")
api_bp.register_error_handler(_Halt, _halt)


def game_titles() -> dict[str, str]:
    """The heading of each game's part of a profile (the games with figures)."""
    return {g.id: g.tally.title for g in games.registry().values() if g.tally}


# --- profile pages --------------------------------------------------------------------


def _player(player_id: str) -> Player:
    return found(
        profiles.get, player_id, profiles.NotFound, f"There is no player '{player_id}'."
    )


@bp.get("/players")
def index() -> str:
    return render_template(
        "players/index.html", players=profiles.everyone(), me=session.get("me")
    )


@bp.get("/players/<player_id>")
def show(player_id: str) -> str:
    player = _player(player_id)
    data = profiles.profile(player)
    return render_template(
        "players/profile.html",
        player=player,
        data=data,
        charts=_charts(data),
        titles=game_titles(),
        mine=session.get("me") == player.id,
        write=WriteForm.fresh(0),
        rated=_rated(player),
    )


CHART_MATCHES = 100  # a rating chart draws a profile's last 100 rated matches


def _rated(player: Player) -> list[dict[str, Any]]:
    """Each game the profile is rated at: its rating, last change and history chart."""
    history = ratings.history(player.id)
    out = []
    for game, rating in ratings.of_player(player.id).items():
        rows = history.get(game, [])
        title = games.get(game).title if game in games.registry() else game
        shown = rows[-CHART_MATCHES:]
        out.append(
            {
                "game": game,
                "title": title,
                "rating": rating.to_json(),
                "last": rows[-1] if rows else None,
                "chart": charts.rating_chart(
                    [(r["date"], r["rating"], r["mu"]) for r in shown], game=title
                ),
            }
        )
    return out


def _charts(data: dict[str, Any]) -> dict[str, Any]:
    """The SVG charts of a profile (only those with something to draw)."""
    out: dict[str, Any] = {}
    darts = data["games"].get("darts-301")
    if darts:
        series = darts["series"]
        labels = [s["date"] or s["match"] for s in series]
        out["darts_average"] = charts.line_chart(
            [
                (lab, s["three_dart_average"])
                for lab, s in zip(labels, series, strict=True)
            ],
            label="Three-dart average, match by match",
            extra=[
                (lab, s["first_nine_average"])
                for lab, s in zip(labels, series, strict=True)
            ],
            extra_label="○ first nine",
        )
        out["darts_checkout"] = charts.line_chart(
            [
                (lab, s["checkout_percent"])
                for lab, s in zip(labels, series, strict=True)
            ],
            label="Checkout %, match by match",
            unit="%",
        )
        out["darts_doubles"] = charts.doubles_heat_map(darts["doubles"])
    pool = data["games"].get("billiards")
    if pool:
        out["pool_fouls"] = charts.line_chart(
            [
                (s["date"] or s["match"], s.get("fouls_per_rack"))
                for s in pool["series"]
            ],
            label="Fouls per rack, match by match",
        )
    if data["bunko_nights"]:
        out["bunko"] = charts.line_chart(
            [(n["date"] or n["night"], n["won"]) for n in data["bunko_nights"]],
            label="Bunko wins per night",
            extra=[
                (n["date"] or n["night"], n["bunkos"]) for n in data["bunko_nights"]
            ],
            extra_label="○ bunkos",
        )
    return out


@bp.get("/players/<player_id>/export.json")
def export_json(player_id: str) -> Response:
    player = _player(player_id)
    response = Response(
        json.dumps(profiles.profile(player), indent=2, default=str),
        mimetype="application/json",
    )
    response.headers["Content-Disposition"] = (
        f'attachment; filename="player-{player.id}.json"'
    )
    return response


CSV_COLUMNS = (
    "three_dart_average",
    "first_nine_average",
    "checkout_percent",
    "highest_finish",
    "darts",
    "racks",
    "racks_won",
    "fouls",
    "fouls_per_rack",
    "break_and_runs",
    "bunkos",
    "wipeouts",
    "hands",
    "gins",
    "undercuts",
)


@bp.get("/players/<player_id>/export.csv")
def export_csv(player_id: str) -> Response:
    """One row per match that counts: date, game, opponents, result, its figures."""
    player = _player(player_id)
    data = profiles.profile(player)
    rows: list[list[Any]] = [
        ["date", "match", "game", "as", "opponents", "result", *CSV_COLUMNS]
    ]
    for m in data["matches"]:
        figures = m["figures"] or {}
        rows.append(
            [
                m["date"],
                m["match"],
                m["game"],
                m["as"],
                " / ".join(o["name"] for o in m["opponents"]),
                m["result"] or "",
                *(
                    "" if figures.get(c) is None else figures.get(c)
                    for c in CSV_COLUMNS
                ),
            ]
        )
    response = Response(csvsafe.to_csv(rows), mimetype="text/csv")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="player-{player.id}.csv"'
    )
    return response


@bp.post("/players/<player_id>/claim")
def claim(player_id: str) -> WerkzeugResponse | tuple[str, int]:
    """Tie this phone to the profile with its claim code."""
    player = _player(player_id)
    form = WriteForm()
    code = request.form.get("code", "")
    # Claim codes are guessed as PINs are: the same budget, per profile.
    turn = (
        access.pin_turn(access.player_target(player.id))
        if form.validate_on_submit()
        else None
    )
    wait = turn.wait if turn else 0
    if turn and not wait and profiles.claims(player, code):
        access.pin_right(turn)
        session["me"] = player.id
        session.permanent = True
        flash(f"This phone is now {player.name}'s.")
        return redirect(url_for("players.show", player_id=player.id), code=303)
    data = profiles.profile(player)
    page = render_template(
        "players/profile.html",
        player=player,
        data=data,
        charts=_charts(data),
        titles=game_titles(),
        mine=False,
        write=WriteForm.fresh(0),
        claim_error=access.too_many_pins_message(wait, "this profile's claim code")
        if wait
        else "That is not this profile's claim code (8 letters and digits, "
        "e.g. K7QM2XPD).",
    )
    if wait:
        return access.retry_after(make_response(page, 429), wait)
    return page, 422


# --- linking seats to profiles --------------------------------------------------------


@bp.route("/m/<match_id>/players", methods=["GET", "POST"])
def link(match_id: str) -> str | WerkzeugResponse | tuple[str, int]:
    """The scorer names each seat's profile (made if new: its claim code shown once)."""
    match = _match(match_id)
    editor = ledger.check_key(match, access.key_for(match.id))
    if request.method == "POST" and not editor:
        abort(403, "Only the scorer links players to profiles. Join with the PIN.")
    error, status = None, 200
    links = profiles.match_links(match)
    values = [p.name if p else "" for p in links]
    if request.method == "POST":
        values = [request.form.get(f"seat_{i}", "") for i in range(len(match.players))]
        error = _posted_links(
            lambda: profiles.link_match(match, [v or None for v in values], "scorer"),
            "Players linked.",
        )
        if error is None:
            return redirect(url_for("matches.show", match_id=match.id), code=303)
        status = 422
    return render_template(
        "players/link.html",
        match=match,
        editor=editor,
        linked=links,
        values=values,
        error=error,
        write=WriteForm.fresh(match.version),
        known=[p.name for p in profiles.everyone()],
    ), status


def _posted_links(link: Callable[[], dict[str, str]], linked: str) -> str | None:
    """A link page's POST: flash each new profile's claim code (shown once) and
    ``linked``; or the error to show (422): the page expired, or a name is bad."""
    if not WriteForm().validate_on_submit():
        return "This page has expired: reload it and try again."
    try:
        made = link()
    except BadInput as err:
        return page_error(err)
    for name, code in made.items():
        flash(f"New profile {name}: claim code {code} (give it to {name}).", "secret")
    flash(linked)
    return None


def _organised(tournament_id: str, doing: str) -> Tournament:
    """The tournament, if this browser holds its organiser's key (403: only the
    organiser is ``doing`` that)."""
    from referee.web.tournaments.access import actors

    missing = f"There is no tournament '{tournament_id}'."
    tournament = found(tournaments.get, tournament_id, tournaments.NotFound, missing)
    if ORGANISER not in actors(tournament):
        abort(403, f"Only the organiser {doing}.")
    return tournament


@bp.route("/n/<tournament_id>/players", methods=["GET", "POST"])
def link_entrants(tournament_id: str) -> str | WerkzeugResponse | tuple[str, int]:
    """The organiser links each entrant to a profile, for every match they play."""
    tournament = _organised(tournament_id, "links entrants to profiles")
    links = profiles.tournament_links(tournament)
    values = {
        e: (links.get(e).name if links.get(e) else "") for e in tournament.players
    }
    error, status = None, 200
    if request.method == "POST":
        values = {
            e: request.form.get(f"entrant_{i}", "")
            for i, e in enumerate(tournament.players)
        }
        error = _posted_links(
            lambda: profiles.link_tournament(
                tournament, {e: v or None for e, v in values.items()}, "organiser"
            ),
            "Entrants linked.",
        )
        if error is None:
            return redirect(request.path, code=303)
        status = 422
    return render_template(
        "players/entrants.html",
        tournament=tournament,
        values=values,
        error=error,
        write=WriteForm.fresh(0),
        known=[p.name for p in profiles.everyone()],
    ), status


@bp.post("/n/<tournament_id>/approve")
def approve(tournament_id: str) -> WerkzeugResponse:
    """The organiser approves a waiting result, or turns approval on or off."""
    tournament = _organised(tournament_id, "approves results")
    form = WriteForm()
    back = url_for("tournaments.admin", tournament_id=tournament.id)
    number = request.form.get("pairing", "")
    if not form.validate_on_submit():
        flash("This page has expired: reload it and try again.")
        return redirect(back, code=303)
    table, round_ = request.form.get("table", ""), request.form.get("round", "")
    event: dict[str, Any] = (
        {"type": "approve", "pairing": int(number)}
        if number.isdecimal()
        # A bunko night names its result by round and table.
        else {"type": "approve", "round": int(round_), "table": int(table)}
        if table.isdecimal() and round_.isdecimal()
        else {"type": "approval", "required": request.form.get("required") == "on"}
    )
    try:
        written = tournaments.write(
            tournament.id, event, ORGANISER, idem_key=form.idem.data
        )
    except (BadInput, Refused, ledger.KeyReused, ledger.Stale) as err:
        flash(page_error(err))
    else:
        flash(written.body["ruling"]["summary"])
    return redirect(back, code=303)


# --- confirmation mode: pages ---------------------------------------------------------


@bp.get("/m/<match_id>/side/<int:side>/<key>")
def join_side(match_id: str, side: int, key: str) -> WerkzeugResponse:
    """A side's phone joins with its link: it may enter, confirm and challenge."""
    match = _match(match_id)
    if side > 0 and ledger.actor_of(match, access.key_for(match.id)) == f"side {side}":
        return redirect(url_for("matches.show", match_id=match.id))  # opened again
    # The link works once: the side's key becomes this phone's alone, so neither the
    # scorer (who was shown the link) nor anyone else can write as this side.
    digest = ledger.claim_side(match.id, side, key) if side > 0 else None
    if digest is None:
        abort(
            403,
            "This link is not valid for this match, or another phone has already "
            "opened it (then that phone writes for this side: tell the scorer).",
        )
    access.grant_side(match, digest)
    flash(f"This phone is now {ledger.seat_names(match)['side'][side]}'s side.")
    return redirect(url_for("matches.show", match_id=match.id))


@bp.post("/m/<match_id>/confirm")
def confirm(match_id: str) -> WerkzeugResponse:
    form = WriteForm()
    back = url_for("matches.show", match_id=match_id)
    if not form.validate_on_submit():
        flash("This page has expired: reload it and try again.")
        return redirect(back, code=303)
    _page_trust(
        match_id,
        lambda key: ledger.confirm(
            match_id, through=form.seq.data, key=key, idem_key=form.idem.data
        ),
    )
    return redirect(targets.next_path(back), code=303)


@bp.post("/m/<match_id>/challenge")
def challenge(match_id: str) -> WerkzeugResponse:
    form = WriteForm()
    back = url_for("matches.log", match_id=match_id)
    target = request.form.get("target", "")
    if not form.validate_on_submit() or not target.isdecimal():
        flash("Say which entry you challenge (reload the page and try again).")
        return redirect(back, code=303)
    _page_trust(
        match_id,
        lambda key: ledger.challenge(
            match_id,
            int(target),
            note=request.form.get("note", ""),
            key=key,
            idem_key=form.idem.data,
        ),
    )
    return redirect(back, code=303)


def _page_trust(match_id: str, write: Any) -> None:
    key = access.key_for(match_id)
    if not key:
        abort(403, "This phone is not a side of this match: open your side's link.")
    try:
        write(key)  # the page shows the new row (its ruling) itself
    except ledger.NotFound:
        abort(404, f"There is no match '{match_id}'.")
    except ledger.Forbidden:
        abort(403, "This phone is not a side of this match: open your side's link.")
    except Refused as err:
        flash(err.ruling.summary)
    except (BadInput, ledger.KeyReused) as err:
        flash(page_error(err))


# --- the match page's panel -----------------------------------------------------------


@bp.app_context_processor
def _panel_helper() -> dict[str, Any]:
    return {"players_panel": panel, "log_trust": log_trust}


def log_trust(match: Match) -> dict[str, Any]:
    """For the log page: who wrote each row, and each entry's confirmation."""
    names = ledger.seat_names(match)["side"]

    def who(actor: str) -> str:
        side = trust.side_of(actor or "")
        if side is None:
            return "the scorer"
        return f"{names[side]}'s phone" if side < len(names) else actor

    out: dict[str, Any] = {
        "confirm": match.confirm,
        "who": who,
        "by_row": {},
        "mine": lambda seq: True,
    }
    if match.confirm:
        key = access.key_for(match.id)
        actor = ledger.actor_of(match, key) if key else None
        marks = ledger.marks(match)
        out["by_row"] = {m.row: m for m in marks.values()}
        # A side fixes or removes only its own entries; another side's it challenges.
        out["mine"] = lambda seq: bool(
            actor and seq in marks and trust.same_side(actor, marks[seq].actor)
        )
        out["may_check"] = lambda mark: bool(
            actor and not mark.confirmed and trust.may_confirm(actor, mark.actor)
        )
        out["idem"] = WriteForm.fresh(0).idem.data
    return out


def panel(match: Match, view: dict[str, Any], log: list[Any]) -> dict[str, Any]:
    """What the match page shows of trust and the caller.

    No query for a match outside confirmation mode: the page stays at its two reads.
    Worked out once per request (the page includes it twice).
    """
    done = g.setdefault("players_panel", {})
    if (match.id, match.version) not in done:
        done[(match.id, match.version)] = _panel(match, view, log)
    return done[(match.id, match.version)]


def _panel(match: Match, view: dict[str, Any], log: list[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "confirm": match.confirm,
        "caller": caller.calls(match.game),
        "call": caller.call(match.game, view, log[0] if log else None),
    }
    if not match.confirm:
        return out
    key = access.key_for(match.id)
    actor = ledger.actor_of(match, key) if key else None
    marks = ledger.marks(match)
    names = ledger.seat_names(match)["side"]
    side = trust.side_of(actor) if actor else None
    out.update(
        side_name=names[side] if side is not None and side < len(names) else None,
        unconfirmed=sum(not m.confirmed for m in marks.values()),
        challenged=sum(m.challenged for m in marks.values()),
        pending=[
            m
            for m in marks.values()
            if not m.confirmed and actor and trust.may_confirm(actor, m.actor)
        ],
        idem=WriteForm.fresh(0).idem.data,
        # The links themselves are on the share page, which is never kept offline.
        side_links=ledger.check_key(match, key)
        and any(stored and stored.get("sealed") for stored in match.side_keys or []),
    )
    return out


# --- big type -------------------------------------------------------------------------


@bp.post("/display")
def display() -> WerkzeugResponse:
    """Big type on or off for this browser (a TV, or a player with poor sight)."""
    form = WriteForm()
    if form.validate_on_submit():
        session["big"] = request.form.get("big") == "on"
    return redirect(targets.next_path(url_for("pages.home")), code=303)


# --- the API --------------------------------------------------------------------------


def player_json(player: Player) -> dict[str, Any]:
    return {
        "id": player.id,
        "name": player.name,
        "links": {
            "self": url_for("players_api.one_player", player_id=player.id),
            "page": url_for("players.show", player_id=player.id),
        },
    }


@api_bp.get("/players")
def list_players() -> Response:
    return jsonify({"players": [player_json(p) for p in profiles.everyone()]})


@api_bp.get("/players/<player_id>")
def one_player(player_id: str) -> Response:
    player = _player(player_id)
    return jsonify(
        {
            **player_json(player),
            **profiles.profile(player),
            "ratings": {
                g: r.to_json() for g, r in ratings.of_player(player.id).items()
            },
        }
    )


@api_bp.get("/players/<player_id>/ratings")
def player_ratings(player_id: str) -> Response:
    """The profile's rating at each game it is rated at, with its history."""
    player = _player(player_id)
    return jsonify(ratings.ratings_json(player.id, player.name))


def _bearer() -> str:
    return api_bearer(
        "Writes need 'Authorization: Bearer <key>'.", "That key is not valid."
    )


def _json_body(allowed: set[str], example: str) -> dict[str, Any]:
    if not request.get_data():
        return {}
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise _Halt(_bad({"body": f"Send a JSON object, e.g. {example}."}))
    extra = sorted(set(body) - allowed)
    if extra:
        raise _Halt(
            _bad({extra[0]: f"'{extra[0]}' is not a field here, e.g. {example}."})
        )
    return body


def _bad(errors: dict[str, str]) -> Response:
    return problem(
        422, "bad-input", "Bad input", next(iter(errors.values())), errors=errors
    )


def _api_match(match_id: str) -> Match:
    return found(ledger.get, match_id, ledger.NotFound)


@api_bp.put("/matches/<match_id>/players")
def put_links(match_id: str) -> Response:
    """Link each seat to a profile by name (null: none); the scorer's key."""
    token = _bearer()
    match = _api_match(match_id)
    if not ledger.check_key(match, token):
        return problem(
            403, "forbidden", "Forbidden", "Only the match's edit key links players."
        )
    return _linked(
        '{"players": ["Ann Smith", null]}',
        list,
        "is a list of names or null",
        lambda names: _links_json(match, profiles.link_match(match, names, "scorer")),
    )


def _linked(
    example: str, kind: type, shape: str, link: Callable[[Any], dict[str, Any]]
) -> Response:
    """Link the body's 'players' (a ``kind`` of profile names or null) and answer
    with ``link``'s view of the links; 422 if they are not (``shape`` says what they
    are) or a name is bad."""
    names = _json_body({"players"}, example).get("players")
    values = names.values() if isinstance(names, dict) else names
    if not isinstance(names, kind) or not all(
        v is None or isinstance(v, str) for v in values
    ):
        return _bad({"players": f"'players' {shape}, e.g. {example}."})
    try:
        return jsonify(link(names))
    except BadInput as err:
        return _bad(err.errors)


def _links_json(match: Match, made: dict[str, str]) -> dict[str, Any]:
    return {
        "id": match.id,
        "players": [
            {"seat": i, "name": name, "player": player_json(p) if p else None}
            for i, (name, p) in enumerate(
                zip(match.players, profiles.match_links(match), strict=True)
            )
        ],
        "claim_codes": made,
    }


@api_bp.get("/matches/<match_id>/players")
def get_links(match_id: str) -> Response:
    return jsonify(_links_json(_api_match(match_id), {}))


@api_bp.put("/tournaments/<tournament_id>/players")
def put_entrants(tournament_id: str) -> Response:
    """Link entrants to profiles by name (null: none); the organiser's key."""
    token = _bearer()
    tournament = found(tournaments.get, tournament_id, tournaments.NotFound)
    if tournaments.actor_for(tournament, token) != ORGANISER:
        return problem(
            403, "forbidden", "Forbidden", "Only the organiser links entrants."
        )
    return _linked(
        '{"players": {"Ann": "Ann Smith"}}',
        dict,
        "maps entrant names to profiles",
        lambda names: _entrants_json(
            tournament, profiles.link_tournament(tournament, names, "organiser")
        ),
    )


def _entrants_json(tournament: Tournament, made: dict[str, str]) -> dict[str, Any]:
    links = profiles.tournament_links(tournament)
    return {
        "id": tournament.id,
        "players": {
            e: player_json(links[e]) if links.get(e) else None
            for e in tournament.players
        },
        "claim_codes": made,
    }


@api_bp.get("/matches/<match_id>/confirmations")
def confirmations(match_id: str) -> Response:
    """Who entered, confirmed or challenged each entry in force."""
    match = _api_match(match_id)
    marks = ledger.marks(match)
    names = ledger.seat_names(match)["side"]
    return jsonify(
        {
            "id": match.id,
            "confirm": match.confirm,
            "sides": names,
            "counts": ledger.counts(match),
            "entries": [m.to_json() for m in marks.values()],
        }
    )


@api_bp.post("/matches/<match_id>/confirm")
def api_confirm(match_id: str) -> Response:
    token, key = _writer(match_id)
    body = _json_body({"through"}, '{"through": 7}')
    through = body.get("through")
    if through is not None and (
        isinstance(through, bool) or not isinstance(through, int) or through < 0
    ):
        return _bad({"through": "'through' is the last seq you checked, e.g. 7."})
    return _write(
        lambda: ledger.confirm(match_id, through=through, key=token, idem_key=key)
    )


@api_bp.post("/matches/<match_id>/challenge")
def api_challenge(match_id: str) -> Response:
    token, key = _writer(match_id)
    example = '{"target": 3, "note": "That was S20, not T20"}'
    body = _json_body({"target", "note"}, example)
    target, note = body.get("target"), body.get("note", "")
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        return _bad({"target": f"'target' is the seq of the entry, e.g. {example}."})
    if not isinstance(note, str):
        return _bad({"note": f"'note' is text, e.g. {example}."})
    return _write(
        lambda: ledger.challenge(match_id, target, note=note, key=token, idem_key=key)
    )
