"""The tournaments' JSON API (``/api/v1/tournaments``): the same writes with bearer
keys. What a create takes, and each format's writes at paths of their own, are the
formats' declarations (``Format.create_fields``, ``Format.paths``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response
from flask import abort
from flask import jsonify
from flask import request
from flask import url_for

from referee import formats
from referee import ledger
from referee import tournaments
from referee.models import Tournament
from referee.tournaments import ORGANISER
from referee.tournaments import Actor
from referee.web.api import _bad
from referee.web.api import _body
from referee.web.api import _expected_seq
from referee.web.api import _Halt
from referee.web.api import _write
from referee.web.api import bearer_or_none
from referee.web.api import create_once
from referee.web.boards import BOARDS
from referee.web.boards import Snapshot
from referee.web.errors import found
from referee.web.errors import problem
from referee.web.tournaments.access import api_bp

# --- the JSON API -------------------------------------------------------------------


def tournament_json(
    night: Tournament, keys: bool = False, snap: Snapshot | None = None
) -> dict[str, Any]:
    """The whole night: live tables, rounds, rotation, tallies and standings.

    The tables come from this process's snapshot (``boards``): a poll reads the
    match rows that moved since the last look, not every one.
    """
    snap = snap or BOARDS.read(night.id)
    if snap is None:
        abort(404, f"There is no tournament '{night.id}'.")
    night, tables = snap.night, snap.tables
    view = tournaments.view(night, tables)  # its own: links are added below
    for t in view.get("tables", []):  # a league's view has fixtures instead
        t["links"] = _table_links(night, t)
    for p in view.get("pairings", []):
        p["links"] = {
            "match": url_for("api.one_match", match_id=p["match"])
            if p["match"]
            else None,
            "scorepad": url_for("matches.show", match_id=p["match"])
            if p["match"]
            else None,
        }
    body = {
        "id": night.id,
        "kind": night.kind,
        "title": night.title,
        "status": night.status,
        "seq": night.version,
        "fingerprint": snap.ident,
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
    organiser = tournaments.organiser_credentials(night)
    tables = [
        tournaments.table_key(night, i) for i in range(1, len(night.table_keys) + 1)
    ]
    return {
        "organiser": {"key": organiser.key, "pin": organiser.pin},
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
            for i, k in enumerate(tables, start=1)
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
    return found(tournaments.get, tournament_id, tournaments.NotFound)


def _api_writer(tournament_id: str) -> tuple[Tournament, Actor, str]:
    """The night, who is writing (from the bearer key) and the idempotency key."""
    night = _api_night(tournament_id)
    token = bearer_or_none(
        "Writes need 'Authorization: Bearer <key>': the organiser's key, or a "
        "table's key for that table's result and seating."
    )
    actor = tournaments.actor_for(night, token)
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

    night_id = night.id  # after the write's commit ``night`` is expired

    def with_view() -> ledger.Written:
        written = run()
        fresh = tournaments.get(night_id)
        return ledger.Written(
            written.status,
            {**written.body, "tournament": tournament_json(fresh)},
            written.replayed,
        )

    try:
        return _write(with_view)
    except tournaments.Forbidden as err:
        return problem(403, "forbidden", "Forbidden", str(err))


def create_fields() -> tuple[str, ...]:
    """What ``POST /api/v1/tournaments`` takes besides its common fields: every
    format's own, but a league season's (made under its league, at
    ``POST /api/v1/leagues/{id}/seasons``)."""
    names = [
        name
        for fmt in formats.registry().values()
        if fmt.family != "league"
        for name in fmt.create_fields
    ]
    return tuple(dict.fromkeys(names))


@api_bp.post("")
def create() -> Response | tuple[Response, int]:
    body = _body()
    own = create_fields()  # the formats' own (a pairing format's game...)
    allowed = {"kind", "title", "players", "seating", "options", *own}
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

    def make(key: str | None, fingerprint: str) -> tuple[Any, str]:
        night = tournaments.create(
            str(body.get("kind") or formats.DEFAULT_KIND),
            body.get("players"),
            body.get("options"),
            title=str(body.get("title") or ""),
            seating=str(body.get("seating") or "given"),
            setup={k: body[k] for k in own if k in body},
            idem_key=key,  # optional, as for matches
            fingerprint=fingerprint,
        )
        where = url_for("tournament_api.one", tournament_id=night.id)
        return tournament_json(night, keys=True), where

    return create_once({"op": "create", **body}, tournaments.created_before, make)


@api_bp.get("/<tournament_id>")
def one(tournament_id: str) -> Response:
    snap = _settled(tournament_id)
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    organiser = (
        scheme.lower() == "bearer"
        and tournaments.actor_for(snap.night, token.strip()) == ORGANISER
    )
    if organiser:
        return jsonify(tournament_json(snap.night, keys=True, snap=snap))
    # Everyone else sees the same body for the same state: built once per change in
    # the process (a big Swiss's view is tens of KB of JSON), however many poll it.
    body = snap.built.get("json")
    if body is None:
        body = jsonify(tournament_json(snap.night, snap=snap)).get_data()
        snap.built["json"] = body
    return Response(body, mimetype="application/json")


def _settled(tournament_id: str) -> Snapshot:
    """The tournament after settling, from this process's snapshot (a poll reads
    the tournament row only when it moved, and no match row that did not)."""
    snap = BOARDS.settled(tournament_id)
    if snap is None:
        abort(404, f"There is no tournament '{tournament_id}'.")
    return snap


@api_bp.get("/<tournament_id>/fingerprint")
def fingerprint(tournament_id: str) -> Response:
    """What a live page polls: changes whenever the tournament or a match does."""
    snap = _settled(tournament_id)
    return jsonify(
        {"id": snap.night.id, "seq": snap.version, "fingerprint": snap.ident}
    )


@api_bp.get("/<tournament_id>/events")
def events(tournament_id: str) -> Response:
    night = _api_night(tournament_id)
    return jsonify({"id": night.id, "seq": night.version, "events": log_json(night)})


def log_json(night: Tournament) -> list[dict[str, Any]]:
    """The tournament's log, oldest first (the API's events, the JSON export's)."""
    return [
        {
            "seq": e.seq,
            "kind": e.kind,
            "event": e.event,
            "ruling": e.ruling,
            "actor": e.actor,
            "created_at": e.created_at.isoformat() if e.created_at else None,
        }
        for e in reversed(tournaments.history(night))
    ]


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


# Each format's writes at paths of their own (a bunko night's results, seating...),
# as it declares them; the next round has its own route below.
def _path_writes() -> None:
    by_path = {w.path: w for f in formats.registry().values() for w in f.paths}
    for write in by_path.values():
        if write.event is not None:
            api_bp.add_url_rule(
                f"/<tournament_id>/{write.path}",
                view_func=_event_route(write.event, write.names),
                methods=["POST"],
            )


_path_writes()


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


@api_bp.post("/<tournament_id>/events")
def add_event(tournament_id: str) -> Response | tuple[Response, int]:
    """Any event of the tournament's format: ``{"event": {"type", ...}}``."""
    night, actor, key = _api_writer(tournament_id)
    body = _body()
    extra = sorted(set(body) - {"event", "expected_seq"})
    if extra:
        return _bad(
            {extra[0]: f"'{extra[0]}' is not a field here (event, expected_seq)."}
        )
    event = body.get("event")
    if not isinstance(event, dict):
        return _bad(
            {
                "event": "The event is an object with a 'type', e.g. "
                '{"type": "result", "pairing": 1, "winner": "Ann", "score": [3, 1]}.'
            }
        )
    fmt = tournaments.format_of(night)
    if actor != ORGANISER and event.get("type") not in fmt.table_writes:
        return problem(
            403, "forbidden", "Forbidden", "Only the organiser can send that."
        )
    kinds = [k.type for k in fmt.events]
    if event.get("type") not in kinds:
        paths = f"({', '.join(w.path for w in fmt.paths)})"
        where = (
            f"a {fmt.title.lower()} takes its writes at its own paths {paths}"
            if not kinds
            else f"one of: {', '.join(kinds)}; its other writes have their own "
            f"paths {paths}"
            if fmt.table_writes - set(kinds)
            else f"one of: {', '.join(kinds)}"
        )
        return _bad({"type": f"'{event.get('type')}' is not an event here: {where}."})
    expected = _expected_seq(body)
    return _api_write(
        night,
        lambda: tournaments.write(
            night.id, event, actor, expected_seq=expected, idem_key=key
        ),
    )
