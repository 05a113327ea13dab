"""The JSON API (``/api/v1``): everything a page can do, for apps, boards and tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint
from flask import Response
from flask import abort
from flask import current_app
from flask import g
from flask import jsonify
from flask import request
from flask import url_for

from referee import games
from referee import ledger
from referee import rulebook
from referee.games import cards
from referee.games import coverage
from referee.games.base import Game
from referee.games.base import Tool
from referee.games.fields import KINDS
from referee.games.fields import MAX_NAME
from referee.games.fields import Field
from referee.games.fields import parse_fields
from referee.games.outcomes import BadInput
from referee.models import Match
from referee.web import access
from referee.web import errors as outcomes
from referee.web import paging
from referee.web.errors import PROBLEMS
from referee.web.errors import answer
from referee.web.errors import found
from referee.web.errors import problem_of
from referee.web.handicaps import handicap_json
from referee.web.handicaps import handicap_of
from referee.web.shapes import entry_json
from referee.web.shapes import match_json

bp = Blueprint("api", __name__, url_prefix="/api/v1")

EXAMPLE_KEY = "Idempotency-Key: 6f1c0a52-8d3e-4c1b-9a57-2f0e5b7c9d11"


# --- games and rules ----------------------------------------------------------------


@bp.get("/games")
def list_games() -> Response:
    return jsonify({"games": [game_json(g) for g in games.registry().values()]})


@bp.get("/games/<game_id>")
def one_game(game_id: str) -> Response:
    return jsonify(game_json(_game(game_id)))


@bp.get("/games/<game_id>/rules")
def game_rules(game_id: str) -> Response:
    _game(game_id)
    book = rulebook.books().get(game_id)
    rules = [r.to_json() for r in book.rules] if book else []
    return jsonify(
        {
            "game": game_id,
            "title": book.title if book else "",
            "source": book.source if book else "",
            "rules": rules,
            "checks": [coverage.row_json(row) for row in coverage.matrix(game_id)],
        }
    )


@bp.get("/rules")
def search_rules() -> Response:
    query = request.args.get("q", "").strip()
    game = request.args.get("game") or None
    if not query:
        return answer(
            outcomes.BAD_INPUT,
            "Say what to look for: ?q=bust",
            errors={"q": "Say what to look for, e.g. ?q=bust"},
        )
    if game and game not in games.registry():
        abort(404, f"There is no game '{game}'.")
    hits = rulebook.search(query, game=game)
    return jsonify({"q": query, "game": game, "rules": [r.to_json() for r in hits]})


# --- matches ------------------------------------------------------------------------


@bp.post("/matches")
def create_match() -> Response | tuple[Response, int]:
    body = _body()
    extra = sorted(
        set(body)
        - {"game", "players", "teams", "options", "title", "confirm", "handicap"}
    )
    if extra:
        return _bad(
            {
                extra[0]: f"'{extra[0]}' is not a field of a new match "
                "(game, players or teams, options, title, confirm, handicap)."
            }
        )
    game_id = body.get("game")
    if not isinstance(game_id, str) or game_id not in games.registry():
        names = ", ".join(games.registry())
        return _bad({"game": f"'{game_id}' is not a game here (one of: {names})."})
    wrong = _new_match_types(body)
    if wrong:
        return _bad(wrong)
    handicap = handicap_of(game_id, body)
    if isinstance(handicap, dict):
        return _bad(handicap)
    # Optional here: with it, a retried or double-tapped create makes one match.
    key = request.headers.get("Idempotency-Key") or None
    fingerprint = ledger.request_hash({"op": "create", **body})
    try:
        replayed = (
            key is not None and ledger.created_before(key, fingerprint) is not None
        )
        match = ledger.create_match(
            game_id,
            body.get("players"),
            handicap.options if handicap else body.get("options"),
            body.get("teams"),
            title=str(body.get("title") or ""),
            idem_key=key,
            fingerprint=fingerprint,
            confirm=bool(body.get("confirm")),
        )
    except (BadInput, ledger.KeyReused) as err:
        return problem_of(err)
    # the note is for the players: what was applied and why (docs/handicaps.md)
    return _created(
        match, replayed, {"handicap": handicap_json(handicap)} if handicap else {}
    )


def _created(
    match: Match, replayed: bool, extra: dict[str, Any] | None = None
) -> Response:
    """201 with the new match, its keys and PIN (a create's or a rematch's), and
    ``extra`` (a handicap's note)."""
    creds = ledger.credentials(match)
    body = {
        **match_json(match),
        "edit_key": creds.key,
        "pin": creds.pin,
        **_side_keys(match),
        **(extra or {}),
    }
    return created(body, replayed, url_for("api.one_match", match_id=match.id))


def _side_keys(match: Match) -> dict[str, Any]:
    """In confirmation mode, each other side's key, for its own phone."""
    if not match.confirm:
        return {}
    return {
        "side_keys": [
            {"side": i, "name": name, "key": creds.key}
            for i, name, creds in ledger.side_credentials(match)
        ]
    }


def _new_match_types(body: dict[str, Any]) -> dict[str, str]:
    """The JSON types the NewMatch schema states; the pages send text anyway."""
    example = '{"game": "darts-301", "players": ["Ann", "Bob"]}'

    def names(value: Any) -> bool:
        return isinstance(value, list) and all(
            isinstance(n, str) and len(n) <= MAX_NAME for n in value
        )

    if "confirm" in body and not isinstance(body["confirm"], bool):
        return {"confirm": "'confirm' is true or false, e.g. \"confirm\": true."}
    if "title" in body and not isinstance(body["title"], str):
        return {"title": "'title' is text, e.g. \"Friday final\"."}
    if "options" in body and not isinstance(body["options"], dict):
        return {"options": "'options' is an object, e.g. {\"legs\": 3}."}
    if "players" in body and not names(body["players"]):
        return {
            "players": f"'players' is a list of names of at most {MAX_NAME} "
            f"characters. Example: {example}"
        }
    teams = body.get("teams")
    if "teams" in body and not (
        isinstance(teams, list)
        and all(
            isinstance(t, dict)
            and isinstance(t.get("name", ""), str)
            and names(t.get("players"))
            and set(t) <= {"name", "players"}
            for t in teams
        )
    ):
        return {
            "teams": '\'teams\' is a list of {"name", "players"}, e.g. '
            '[{"name": "Reds", "players": ["Ann", "Cy"]}].'
        }
    return {}


@bp.get("/matches/<match_id>")
def one_match(match_id: str) -> Response:
    return jsonify(match_json(_match(match_id)))


@bp.get("/matches/<match_id>/events")
def events(match_id: str) -> Response:
    """A page of the log in seq order: ``limit`` rows after seq ``after`` (the first
    page without it), and a ``Link: <...>; rel="next"`` header to the next page."""
    match = _match(match_id)
    try:
        after = paging.number(
            request.args,
            "after",
            default=0,
            least=0,
            most=paging.MAX_SEQ,
            example="?after=100",
        )
        limit = paging.number(
            request.args,
            "limit",
            default=paging.DEFAULT_LIMIT,
            least=1,
            most=paging.MAX_LIMIT,
            example="?limit=100",
        )
    except paging.BadCursor as err:
        return _bad({err.name: str(err)})
    page = list(reversed(ledger.history(match, limit, after=after)))
    following = None
    if page and page[-1].seq < match.version:
        following = url_for(
            "api.events", match_id=match.id, after=page[-1].seq, limit=limit
        )
    response = jsonify(
        {
            "id": match.id,
            "seq": match.version,
            "events": [entry_json(e) for e in page],
            "next": following,
        }
    )
    if following:
        response.headers["Link"] = f'<{following}>; rel="next"'
    return response


@bp.get("/matches/<match_id>/history")
def match_history(match_id: str) -> Response:
    """Every hand (deal, frame) of the match, folded from the log: the board's
    ``history`` keeps the latest ``HISTORY_WINDOW`` only."""
    match = _match(match_id)
    game = ledger.game_of(match)
    events = ledger.events_in_force(ledger.rows(match))
    return jsonify(
        {
            "id": match.id,
            "seq": match.version,
            "history": game.history(ledger.setup_of(match), events),
        }
    )


@bp.post("/matches/<match_id>/events")
def add_event(match_id: str) -> Response | tuple[Response, int]:
    token, key = _writer(match_id)
    body = _body(match_id, token)
    _only(body, ("event", "expected_seq"), match_id, token)
    if "event" not in body:
        return _refuse_body(
            match_id,
            token,
            {"event": 'Send the event, e.g. {"event": {"type": ...}}.'},
        )
    return _logged(ledger.append, match_id, token, key, body, body["event"])


@bp.post("/matches/<match_id>/undo")
def undo(match_id: str) -> Response | tuple[Response, int]:
    token, key = _writer(match_id)
    body = _body(match_id, token, allow_empty=True)
    _only(body, ("expected_seq", "target", "dry_run"), match_id, token)
    target = body.get("target")
    if target is not None and (not isinstance(target, int) or isinstance(target, bool)):
        return _refuse_body(
            match_id,
            token,
            {"target": "'target' is the seq of the event to void, e.g. 3."},
        )
    if _dry_run(body, match_id, token):
        return _previewed(match_id, token, body, target, None)
    return _logged(ledger.undo, match_id, token, key, body, target=target)


@bp.put("/matches/<match_id>/events/<int:seq>")
def amend(match_id: str, seq: int) -> Response | tuple[Response, int]:
    token, key = _writer(match_id)
    body = _body(match_id, token)
    extra = sorted(set(body) - {"event", "expected_seq", "dry_run"})
    if extra or "event" not in body:
        name = extra[0] if extra else "event"
        return _refuse_body(
            match_id,
            token,
            {name: 'Send the corrected event: {"event": {"type": ...}}.'},
        )
    if _dry_run(body, match_id, token):
        return _previewed(match_id, token, body, seq, body["event"])
    return _logged(ledger.amend, match_id, token, key, body, seq, body["event"])


def _dry_run(body: dict[str, Any], match_id: str, token: str) -> bool:
    """Whether a correction asks only what it would change (``"dry_run": true``)."""
    value = body.get("dry_run", False)
    if not isinstance(value, bool):
        errors = {
            "dry_run": "'dry_run' is true (answer what the correction would "
            "change, storing nothing) or false, e.g. true."
        }
        raise _Halt(_refuse_body(match_id, token, errors))
    return value


def _previewed(
    match_id: str, token: str, body: dict[str, Any], target: int | None, event: Any
) -> Response:
    """200 and what the correction would change now; nothing is stored (the
    Idempotency-Key stays unused, for the correction itself)."""
    expected = _expected_seq(body, match_id, token)
    match = _match(match_id)
    if ledger.actor_of(match, token) is None:
        return _forbidden()
    try:
        if (
            target is not None
            and (why := ledger.mine(match, token, target)) is not True
        ):
            raise ledger.NotYours(why)
        if expected is not None and expected != match.version:
            raise ledger.Stale(expected, match.version)
        if event is None:
            seen = ledger.preview_undo(match, target)
        else:
            seen = ledger.preview_amend(match, target or 0, event)
    except (*outcomes.REFUSALS, ledger.Forbidden) as err:
        return problem_of(err)
    return jsonify({**seen.to_json(), "seq": match.version})


@bp.post("/matches/<match_id>/rematch")
def rematch(match_id: str) -> Response | tuple[Response, int]:
    """A new match with the same game, players, teams, options and title."""
    token, key = _writer(match_id, ledger.check_key)
    match = _match(match_id)
    if not ledger.check_key(match, token):
        return _forbidden()
    body = _body(allow_empty=True)
    if body:
        name = sorted(body)[0]
        return _bad({name: f"'{name}' is not a field here: send no body."})
    try:
        prior = ledger.created_before(key, ledger.rematch_hash(match.id))
        fresh = ledger.rematch(match, idem_key=key)
    except outcomes.REFUSALS as err:
        return problem_of(err)
    return _created(fresh, prior is not None)


@bp.post("/matches/<match_id>/join")
def join(match_id: str) -> Response | tuple[Response, int]:
    """The match's edit key for its PIN: a second scorer's app joining by PIN.

    Counted against this match's PIN as on its page (docs/security.md): ten wrong
    PINs per window, then 429 with Retry-After until the window ends.
    """
    match = _match(match_id)
    if match.tournament_id is not None:
        # A table's game takes the table's key, which opens the table for the night:
        # that is the night's to hand out (its page, its QR codes), not a game PIN's.
        return answer(
            outcomes.REFUSED,
            "A table's game is joined with the table's PIN or QR code on the "
            "night's page.",
        )
    body = _body()
    extra = sorted(set(body) - {"pin"})
    if extra:
        return _bad({extra[0]: f"'{extra[0]}' is not a field here (pin)."})
    pin = body.get("pin")
    if not isinstance(pin, str) or not (6 <= len(pin) <= 12):
        return _bad(
            {
                "pin": "The PIN is the 6 digits on the scorer's phone, e.g. "
                '{"pin": "482913"}.'
            }
        )
    joined = access.join_by_pin(pin, match.id)
    if joined.match is not None:
        return jsonify(
            {"id": match_id, "edit_key": ledger.credentials(joined.match).key}
        )
    if joined.wait:
        response = answer(
            outcomes.TOO_MANY_PINS, access.too_many_pins_message(joined.wait)
        )
        return access.retry_after(response, joined.wait)
    return _forbidden(
        "That is not this match's PIN now. Check the 6 digits on the scorer's "
        'phone, e.g. {"pin": "482913"}.'
    )


@bp.post("/matches/<match_id>/pin")
def new_pin(match_id: str) -> Response | tuple[Response, int]:
    """A fresh PIN for the match (the old one stops working), for its scorer.

    No Idempotency-Key: a retry draws yet another PIN, and the answer always carries
    the one in force.
    """
    token = _bearer()
    body = _body(allow_empty=True)
    if body:
        name = sorted(body)[0]
        return _bad({name: f"'{name}' is not a field here: send no body."})
    try:
        creds = ledger.new_pin(match_id, token)
    except (ledger.NotFound, ledger.Forbidden) as err:
        return problem_of(err)
    return jsonify({"id": match_id, "pin": creds.pin})


# --- tools and documents ------------------------------------------------------------


@bp.post("/tools/<game_id>/<name>")
def tool(game_id: str, name: str) -> Response | tuple[Response, int]:
    game = _game(game_id)
    found = next((t for t in game.tools if t.name == name), None)
    if found is None:
        abort(404, f"{game.title} has no tool '{name}'.")
    body = _body()
    try:
        check_json_types(game, found, body)
        request_data = parse_fields(found.fields, body, None, game)
        return jsonify(found.run(request_data))
    except BadInput as err:
        if not err.example:  # every refusal shows a request that works
            err.example = json.dumps(found.example)
        return _bad(err.errors)


def check_json_types(game: Game, tool: Tool, body: dict[str, Any]) -> None:
    """Refuse what the tool's OpenAPI schema refuses, before the tool parses it.

    The calculator pages send text ("170", "7H 8H ..."); a JSON client sends JSON
    types, so the API holds it to them: an unknown field, a null, a string for a
    number or a list. ``BadInput`` names the field and shows a correct example.
    """
    fields = {f.name: f for f in tool.fields}
    example = json.dumps(tool.example)
    for name, value in body.items():
        f = fields.get(name)
        if f is None:
            raise BadInput(
                f"'{name}' is not a field of {tool.title} "
                f"(fields: {', '.join(fields)}).",
                field=name,
                example=example,
            )
        try:
            ok = KINDS[f.kind].json_ok(f, value, cards.DECKS[game.deck or "standard"])
        except BadInput as err:  # a card code NOTATION.md does not list
            raise BadInput(err.message, field=name, example=example) from None
        if not ok:
            raise BadInput(_type_problem(f, value), field=name, example=example)


def _type_problem(f: Field, value: Any) -> str:
    """What is wrong with a value of the wrong JSON shape: the count, else the type."""
    kind = KINDS[f.kind]
    if kind.many and isinstance(value, list):
        low, high = f.minimum, f.maximum
        if (low is not None and len(value) < low) or (
            high is not None and len(value) > high
        ):
            span = f"{low}" if low == high else f"{low or 0} to {high}"
            span = span if high is not None else f"at least {low}"
            return f"'{f.name}' holds {span} items; {len(value)} given. {f.help}"
        return f"'{f.name}' has an item that is not allowed here: {f.help}"
    return f"'{f.name}' is {kind.json_type}: {f.help}"


@bp.get("/openapi.json")
def openapi() -> Response:
    from referee.web.openapi import document

    return current_app.response_class(document(), mimetype="application/json")


@bp.get("/problems/<slug>")
def problem_type(slug: str) -> Response:
    if slug not in PROBLEMS:
        abort(404, f"No problem type '{slug}'.")
    return jsonify({"type": f"/api/v1/problems/{slug}", "description": PROBLEMS[slug]})


# --- shapes -------------------------------------------------------------------------


def game_json(game: Game) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "summary": game.summary,
        "players": {"min": game.min_players, "max": game.max_players},
        "teams": {"allowed": game.teams, "size": game.team_size},
        "options": [
            {
                "name": o.name,
                "label": o.label,
                "help": o.help,
                "type": o.kind,
                "default": o.default,
                **({"choices": list(o.choices)} if o.choices else {}),
                **({"minimum": o.minimum} if o.minimum is not None else {}),
                **({"maximum": o.maximum} if o.maximum is not None else {}),
            }
            for o in game.options
        ],
        "events": [
            {
                "type": k.type,
                "title": k.title,
                "help": k.help,
                "fields": [
                    {
                        "name": f.name,
                        "kind": f.kind,
                        "help": f.help,
                        "required": f.required,
                        **({"choices": list(f.choices)} if f.choices else {}),
                        **({"minimum": f.minimum} if f.minimum is not None else {}),
                        **({"maximum": f.maximum} if f.maximum is not None else {}),
                    }
                    for f in k.fields
                ],
                "example": k.examples[0].event if k.examples else None,
            }
            for k in game.events
        ],
        "tools": [t.name for t in game.tools],
        "source": game.source,
    }


# --- helpers ------------------------------------------------------------------------


def _game(game_id: str) -> Game:
    try:
        return games.get(game_id)
    except KeyError:
        abort(404, f"There is no game '{game_id}'.")


def _match(match_id: str) -> Match:
    return found(ledger.get, match_id, ledger.NotFound)


class _Halt(Exception):
    def __init__(self, response: Response) -> None:
        self.response = response


@bp.errorhandler(_Halt)
def _halt(err: _Halt) -> Response:
    return err.response


def bearer_or_none(missing: str) -> str | None:
    """The bearer key of a write, None if it is not one (blank, another scheme); 401
    (``missing`` says what to send) without an Authorization header."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if not header:
        response = answer(outcomes.UNAUTHORIZED, missing)
        response.headers["WWW-Authenticate"] = 'Bearer realm="referee"'
        raise _Halt(response)
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def _bearer(
    missing: str = "Writes need 'Authorization: Bearer <edit_key>' (the key "
    "returned when the match was created).",
    invalid: str = "That edit key does not belong to this match.",
) -> str:
    """The bearer key of a write (401 without one, 403 ``invalid`` if it is not a
    bearer key); not yet checked against anything."""
    token = bearer_or_none(missing)
    if token is None:
        raise _Halt(_forbidden(invalid))
    return token


def _writer(
    match_id: str, may: Callable[[Match, str], bool] | None = None
) -> tuple[str, str]:
    """The bearer key and the idempotency key of a write to ``match_id``.

    The key is checked against the match by the write itself, on the row it locks.
    When the Idempotency-Key is missing or too long, the bearer key is checked here
    first (``may``: the edit key or a side's): who you are comes before what you
    sent, so a stranger gets 403 (or 404), never a hint about the request.
    """
    token = _bearer()
    key = request.headers.get("Idempotency-Key", "").strip()
    if not key or len(key) > ledger.MAX_KEY:
        match = _match(match_id)
        allowed = may or (lambda m, t: ledger.actor_of(m, t) is not None)
        if not allowed(match, token):
            raise _Halt(_forbidden())
    if not key:
        raise _Halt(
            answer(
                outcomes.KEY_MISSING,
                "Send an Idempotency-Key header with a fresh value per event, so a "
                f"retry is recorded once. Example: {EXAMPLE_KEY}",
            )
        )
    if len(key) > ledger.MAX_KEY:
        raise _Halt(
            answer(
                outcomes.KEY_TOO_LONG,
                f"An Idempotency-Key has at most {ledger.MAX_KEY} characters.",
            )
        )
    return token, key


def _forbidden(
    detail: str = "That edit key does not belong to this match.",
) -> Response:
    return answer(outcomes.FORBIDDEN, detail)


def _refuse_body(match_id: str, token: str, errors: dict[str, str]) -> Response:
    """422 for a malformed write, once the key is known to be this match's.

    A stranger learns nothing from a body: without the match's key the answer is
    404 or 403, as for a well-formed write. Only this failing path reads the match
    outside the write.
    """
    match = _match(match_id)
    if ledger.actor_of(match, token) is None:  # the edit key, or a side's
        return _forbidden()
    return _bad(errors)


def _only(
    body: dict[str, Any], fields: tuple[str, ...], match_id: str, token: str
) -> None:
    """Refuse the first field of ``body`` the write does not take (``fields``)."""
    extra = sorted(set(body) - set(fields))
    if extra:
        name = extra[0]
        errors = {name: f"'{name}' is not a field here ({', '.join(fields)})."}
        raise _Halt(_refuse_body(match_id, token, errors))


def _body(
    match_id: str | None = None, token: str = "", allow_empty: bool = False
) -> dict[str, Any]:
    if allow_empty and not request.get_data():
        return {}
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        errors = {
            "body": "Send a JSON object with Content-Type: "
            'application/json, e.g. {"event": {"type": "dart", '
            '"dart": "T20"}}.'
        }
        if match_id is None:
            raise _Halt(_bad(errors))
        raise _Halt(_refuse_body(match_id, token, errors))
    return data


def _logged(
    write: Callable[..., ledger.Written],
    match_id: str,
    token: str,
    key: str,
    body: dict[str, Any],
    *args: Any,
    **kwargs: Any,
) -> Response:
    """A write to the match's log: ``write(match_id, *args, **kwargs)`` with the
    body's expected_seq, the Idempotency-Key and the bearer key."""
    expected = _expected_seq(body, match_id, token)
    return _write(
        lambda: write(
            match_id, *args, expected_seq=expected, idem_key=key, key=token, **kwargs
        )
    )


def _expected_seq(
    body: dict[str, Any], match_id: str | None = None, token: str = ""
) -> int | None:
    value = body.get("expected_seq")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        errors = {
            "expected_seq": "'expected_seq' is the seq you last saw, a "
            "whole number, e.g. 0 for a new match."
        }
        if match_id is None:
            raise _Halt(_bad(errors))
        raise _Halt(_refuse_body(match_id, token, errors))
    return value


def created(body: Any, replayed: bool, location: str) -> Response:
    """201 with ``body`` and its ``Location``, marked if it replays an earlier one."""
    response = jsonify(body)
    response.status_code = 201
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    response.headers["Location"] = location
    return response


def create_once(
    op: dict[str, Any],
    made_before: Callable[[str, str], object | None],
    make: Callable[[str | None, str], tuple[Any, str]],
) -> Response | tuple[Response, int]:
    """A create under the request's optional Idempotency-Key: 201 with the body and
    Location ``make(key, fingerprint)`` gives, marked replayed when ``made_before``
    finds the key's earlier create; 422 on bad input, 409 on a reused key."""
    key = request.headers.get("Idempotency-Key") or None
    fingerprint = ledger.request_hash(op)
    try:
        replayed = key is not None and made_before(key, fingerprint) is not None
        body, where = make(key, fingerprint)
    except BadInput as err:
        return _bad(err.errors)
    except ledger.KeyReused as err:
        return key_reused(err)
    return created(body, replayed, where)


def key_reused(err: ledger.KeyReused) -> Response:
    """409: an idempotency key came back with a different request."""
    return problem_of(err)


_bad = outcomes.bad_input  # 422 naming each field (the write helpers' name for it)


def _write(run: Callable[[], ledger.Written]) -> Response:
    try:
        written = run()
    except (*outcomes.REFUSALS, ledger.NotFound, ledger.Forbidden) as err:
        return problem_of(err)
    g.tournament_written = written.tournament_id
    if written.text is not None and not current_app.debug:
        # The stored answer's own text (serialised once, in the write), as jsonify
        # would have made it: compact, keys in order, one newline.
        response = current_app.response_class(
            f"{written.text}\n", mimetype="application/json"
        )
    else:
        response = jsonify(written.body)
    # A replayed answer keeps the first status, as the Idempotency-Key draft asks.
    response.status_code = 201
    if written.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response
