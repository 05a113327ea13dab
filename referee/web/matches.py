"""Match pages: scoreboard and input, the log and corrections, sharing, export."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from typing import NoReturn

from flask import Blueprint
from flask import abort
from flask import current_app
from flask import flash
from flask import g
from flask import redirect
from flask import render_template
from flask import request
from flask import session
from flask import url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from referee import ledger
from referee.games.base import Game
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.models import Match
from referee.web import access
from referee.web import compression
from referee.web import csvsafe
from referee.web import errors
from referee.web import paging
from referee.web import shapes
from referee.web.errors import found
from referee.web.forms import EventForm
from referee.web.forms import JoinForm
from referee.web.forms import RematchForm
from referee.web.forms import WriteForm
from referee.web.forms import event_from_form
from referee.web.qr import qr_svg

bp = Blueprint("matches", __name__, url_prefix="/m")


def _match(match_id: str) -> Match:
    missing = f"There is no match '{match_id}'. Check the link or the PIN."
    return found(ledger.get, match_id, ledger.NotFound, missing)


def _editable(match_id: str) -> Match:
    match = _match(match_id)
    if not access.can_edit(match):
        abort(403, "This phone cannot score this match. Join it with its PIN first.")
    return match


def _scored(match_id: str) -> Match:
    """The match, if this browser holds its edit key (a side's key is not enough)."""
    match = _match(match_id)
    if not access.is_scorer(match):
        abort(
            403,
            "Only the scorer's phone (the one holding the match's edit key) can do "
            "that. Join with the scorer PIN first.",
        )
    return match


def render_match(
    match: Match,
    *,
    status: int = 200,
    error: str | None = None,
    errors: dict[str, str] | None = None,
    refused: dict[str, Any] | None = None,
    values: Any = None,
    pin_error: str | None = None,
) -> tuple[str, int]:
    game = ledger.game_of(match)
    view = ledger.board(match)
    editor = access.can_edit(match)
    scorer = editor and access.is_scorer(match)
    log = ledger.history(match, limit=12) if match.version else []
    return render_template(
        "match.html",
        match=match,
        game=game,
        view=view,
        editor=editor,
        # The share page (PIN, QR) and the rematch are the edit key's, never a side's.
        scorer=scorer,
        write=WriteForm.fresh(match.version),
        log=log,
        error=error,
        errors=errors or {},
        refused=refused,
        values=values or {},
        rematch=RematchForm() if scorer and match.tournament_id is None else None,
        pin_error=pin_error,
    ), status


@bp.get("/<match_id>")
def show(match_id: str) -> tuple[str, int]:
    return render_match(_match(match_id), **_kept(match_id))


# A refused or bad entry from the match page is answered with a redirect to the
# page (POST-redirect-GET, as a stored one): what it said, and the form's values for
# the retry, wait in the session (the signed cookie) for that one page view.
KEPT = "kept"
# The cookie's value must stay under the browsers' 4 KB with the grants it carries;
# a larger refusal is answered as before, with the page itself (409 or 422).
MAX_COOKIE = 3800
# What a page's form sends besides its fields: never kept (the page has fresh ones).
ENVELOPE = ("csrf_token", "idem", "seq")


def _refuse(
    match_id: str,
    status: int,
    *,
    error: str | None = None,
    errors: dict[str, str] | None = None,
    refused: dict[str, Any] | None = None,
    values: Any = None,
) -> Response | tuple[str, int]:
    """Send the page back to ``/m/<id>`` with the refusal kept for its next view.

    Falls back to rendering the page with ``status`` when the cookie would be too
    large to carry it.
    """
    pairs = [
        [name, value]
        for name, value in (values.items(multi=True) if values else ())
        if name not in ENVELOPE
    ]
    said = {"error": error, "errors": errors, "refused": refused, "values": pairs}
    session[KEPT] = {"match": match_id, **said}
    if _cookie_size() <= MAX_COOKIE:
        return redirect(url_for("matches.show", match_id=match_id), code=303)
    session.pop(KEPT, None)
    return render_match(
        _match(match_id),
        status=status,
        error=error,
        errors=errors,
        refused=refused,
        values=values,
    )


def _cookie_size() -> int:
    """The length of the session cookie's value as it would be sent now."""
    interface = current_app.session_interface
    signer = interface.get_signing_serializer(current_app)  # type: ignore[attr-defined]
    return len(signer.dumps(dict(session))) if signer else 0


def _kept(match_id: str) -> dict[str, Any]:
    """What the last refused entry of this match said, once (nothing otherwise)."""
    kept = session.get(KEPT)
    if not isinstance(kept, dict) or kept.get("match") != match_id:
        return {}
    session.pop(KEPT)
    return {
        "error": kept.get("error"),
        "errors": kept.get("errors"),
        "refused": kept.get("refused"),
        "values": MultiDict([tuple(pair) for pair in kept.get("values") or ()]),
    }


@bp.get("/<match_id>/watch")
def watch(match_id: str) -> str:
    match = _match(match_id)
    return render_template(
        "watch.html",
        match=match,
        game=ledger.game_of(match),
        view=ledger.board(match),
        log=ledger.history(match, limit=1) if match.version else [],  # the last ruling
    )


@bp.post("/<match_id>/events")
def add_event(match_id: str) -> Response | tuple[str, int]:
    form = EventForm()
    if not form.validate_on_submit():
        _editable(match_id)
        return _refuse(
            match_id,
            errors.BAD_INPUT.status,
            error=_form_error(form),
            values=request.form,
        )
    type_ = form.type.data or ""

    def raw(game: Game) -> Any:
        try:
            kind = game.event_kind(type_)
        except KeyError:
            raise BadInput(f"'{type_}' is not an event of {game.title}.") from None
        return event_from_form(kind, request.form)

    # The match is read once, locked, inside the write; the page is read again only
    # when the write did not go through.
    return _outcome(
        match_id,
        lambda: ledger.append(
            match_id,
            raw,
            expected_seq=form.seq.data,
            idem_key=form.idem.data,
            key=access.key_for(match_id),
            fingerprint=_form_fingerprint(),
        ),
        values=request.form,
    )


@bp.post("/<match_id>/undo")
def undo(match_id: str) -> Response | tuple[str, int]:
    """Remove an entry; one that moves anything else is previewed first."""
    form = WriteForm()
    if not form.validate_on_submit():
        _editable(match_id)
        return _refuse(match_id, errors.BAD_INPUT.status, error=_form_error(form))
    raw_target = request.form.get("target", "")
    if raw_target and not raw_target.isdecimal():
        _editable(match_id)
        return _refuse(
            match_id,
            errors.BAD_INPUT.status,
            error=f"'{raw_target}' is not an event number, e.g. 3.",
        )
    target = int(raw_target) if raw_target else None
    back = url_for("matches.log", match_id=match_id) if target else None
    # A phone's outbox replays what its scorer already decided: no question then.
    seen = None if errors.wants_json() else _dry_run(match_id, target)
    if seen is not None and seen.confirm and not request.form.get("confirmed"):
        return _ask(match_id, seen, form, [("target", raw_target)], back)

    def write() -> ledger.Written:
        written = ledger.undo(
            match_id,
            target=target,
            expected_seq=form.seq.data,
            idem_key=form.idem.data,
            key=access.key_for(match_id),
        )
        # The log's Remove says what went; the match page's Undo of the newest
        # entry only when more moved (its ruling box says what was undone).
        if seen is not None and (target is not None or seen.confirm):
            flash(_moved(seen))
        return written

    return _outcome(match_id, write, back=back)


def _dry_run(
    match_id: str, target: int | None, raw: Any = None
) -> ledger.Preview | None:
    """What the correction would change, or None when it would be refused (the
    write itself then says why) or this phone may not make it."""
    match = _editable(match_id)
    if (
        target is not None
        and ledger.mine(match, access.key_for(match_id), target) is not True
    ):
        return None
    try:
        if raw is None:
            return ledger.preview_undo(match, target)
        return ledger.preview_amend(match, target, raw)
    except errors.REFUSALS:
        return None


def _ask(
    match_id: str,
    seen: ledger.Preview,
    form: WriteForm,
    fields: Any,
    back: str | None,
) -> tuple[str, int]:
    """The confirmation page: what else the correction changes, Confirm or Cancel.

    Confirm posts the same form again (the same idempotency key and seq seen, so a
    double tap stores one correction) with ``confirmed``.
    """
    match = _match(match_id)
    action = (
        url_for("matches.undo", match_id=match_id)
        if seen.action == "remove"
        else url_for("matches.amend", match_id=match_id, seq=seen.target)
    )
    return render_template(
        "correction.html",
        match=match,
        game=ledger.game_of(match),
        seen=seen,
        write=form,
        action=action,
        fields=fields,
        back=back or url_for("matches.show", match_id=match_id),
    ), 200


def _moved(seen: ledger.Preview) -> str:
    """The flash after a correction: what it did and what moved with it."""
    if seen.action == "remove":
        said = f"Event #{seen.target} removed ({seen.entry})."
    else:
        said = f"Event #{seen.target} corrected ({seen.entry} → {seen.becomes})."
    if seen.changes:
        said += " What changed: " + "; ".join(seen.changes) + "."
    return said


@bp.post("/<match_id>/rematch")
def rematch(match_id: str) -> Response | tuple[str, int]:
    """The same game, players, teams and options again; the scorer goes there."""
    match = _scored(match_id)
    form = RematchForm()
    if not form.validate_on_submit():
        return _unsent(match, form)
    try:
        fresh = ledger.rematch(match, idem_key=form.idem.data)
    except errors.REFUSALS as err:
        # A reused key only from a key forged or reused by hand: the page's is fresh.
        return render_match(match, status=errors.status_of(err), error=str(err))
    access.grant(fresh)
    return redirect(url_for("matches.show", match_id=fresh.id), code=303)


@bp.get("/<match_id>/log")
def log(match_id: str) -> str:
    """The newest entries; ``?before=<seq>`` the page of older ones before that seq."""
    match = _match(match_id)
    try:
        before = paging.number(
            request.args,
            "before",
            default=None,
            least=1,
            most=paging.MAX_SEQ,
            example="?before=101",
        )
    except paging.BadCursor as err:
        abort(400, str(err))
    entries = ledger.history(match, paging.LOG_PAGE, before=before)
    oldest = entries[-1].seq if entries else None
    return render_template(
        "log.html",
        match=match,
        game=ledger.game_of(match),
        view=ledger.board(match),
        entries=entries,
        # seqs start at 1: anything above it shown last means older rows remain
        older=oldest if oldest is not None and oldest > 1 else None,
        paged=before is not None,
        editor=access.can_edit(match),
        write=WriteForm.fresh(match.version),
    )


@bp.get("/<match_id>/history")
def history(match_id: str) -> str:
    """The board with every hand (deal, frame) of the match, folded from the log.

    The state keeps only the latest ``HISTORY_WINDOW`` (so answers stay small);
    the board links here when a match has more.
    """
    match = _match(match_id)
    game = ledger.game_of(match)
    view = ledger.board(match)
    events = ledger.events_in_force(ledger.rows(match))
    whole = game.history(ledger.setup_of(match), events)
    detail = {**view["detail"], "history": whole, "history_full": True}
    return render_template(
        "history.html", match=match, game=game, view={**view, "detail": detail}
    )


@bp.route("/<match_id>/log/<int:seq>/edit", methods=["GET", "POST"])
def amend(match_id: str, seq: int) -> str | Response | tuple[str, int]:
    match = _editable(match_id)
    game = ledger.game_of(match)
    found = ledger.history(match, 1, after=seq - 1)
    entry = found[0] if found and found[0].seq == seq else None
    if entry is None or entry.kind != "event" or entry.voided or not entry.event:
        abort(404, f"Event #{seq} is not in play, so it cannot be corrected.")
    mine = ledger.mine(match, access.key_for(match.id), seq)
    if mine is not True:
        abort(403, mine)  # confirmation mode: another side's entry
    kind = game.event_kind(entry.event["type"])
    error = None
    status = 200
    values: Any = entry.event
    if request.method == "POST":
        form = EventForm()
        values = request.form
        if form.validate_on_submit():
            raw = event_from_form(kind, request.form)
            seen = _dry_run(match.id, seq, raw)
            log_page = url_for("matches.log", match_id=match.id)
            if seen and seen.confirm and not request.form.get("confirmed"):
                kept = [
                    (name, value)
                    for name, value in request.form.items(multi=True)
                    if name not in ("csrf_token", "idem", "seq", "confirmed")
                ]
                return _ask(match.id, seen, form, kept, log_page)
            try:
                ledger.amend(
                    match.id,
                    seq,
                    raw,
                    expected_seq=form.seq.data,
                    idem_key=form.idem.data,
                    key=access.key_for(match.id),
                )
            except (ledger.NotFound, ledger.Forbidden) as err:
                _cannot_write(match.id, err)
            except errors.REFUSALS as err:
                error, status = errors.page_error(err), errors.status_of(err)
            else:
                flash(_moved(seen) if seen else f"Event #{seq} corrected.")
                return redirect(log_page)
        else:
            error, status = _form_error(form), errors.BAD_INPUT.status
    return render_template(
        "amend.html",
        match=match,
        game=game,
        kind=kind,
        entry=entry,
        values=values,
        error=error,
        write=WriteForm.fresh(match.version),
    ), status


@bp.get("/<match_id>/join/<key>")
def join_link(match_id: str, key: str) -> Response:
    """A second scorer joins with the QR's link (its token) or the edit key itself."""
    match = _match(match_id)
    if not (ledger.check_key(match, key) or ledger.join_token_matches(match, key)):
        abort(403, "This scorer link is not valid for this match. Ask for the PIN.")
    access.grant(match)
    flash("You can now score this match from this phone.")
    return redirect(url_for("matches.show", match_id=match.id))


@bp.post("/<match_id>/join")
def join_pin(match_id: str) -> Response | tuple[str, int]:
    """Join this match by its PIN: counted against this match's PIN only."""
    match = _match(match_id)
    form = JoinForm()
    if not form.validate_on_submit():
        error = (
            _form_error(form)
            if form.errors.get("csrf_token")
            else "Type the 6-digit PIN shown on the scorer's phone (e.g. 482913)."
        )
        return render_match(match, status=errors.BAD_INPUT.status, pin_error=error)
    joined = access.join_by_pin(form.pin.data or "", match.id)
    if joined.match is not None:
        access.grant(joined.match)
        flash("You can now score this match from this phone.")
        return redirect(url_for("matches.show", match_id=match.id), code=303)
    if joined.wait:
        page, status = render_match(
            _match(match_id),
            status=errors.TOO_MANY_PINS.status,
            pin_error=access.too_many_pins_message(joined.wait),
        )
        return access.retry_after(Response(page, status), joined.wait)
    return render_match(
        _match(match_id),
        status=errors.BAD_INPUT.status,
        pin_error="That is not this match's PIN now. Check the 6 digits on the "
        "scorer's phone (e.g. 482913), or scan its QR code.",
    )


@bp.post("/<match_id>/pin")
def new_pin(match_id: str) -> Response | tuple[str, int]:
    """The scorer replaces the match's PIN: the old one stops working at once."""
    match = _match(match_id)
    form = WriteForm()
    if not form.validate_on_submit():
        return _unsent(match, form)
    try:
        ledger.new_pin(match.id, access.key_for(match.id))
    except ledger.Forbidden:
        abort(403, "Only the scorer's phone can issue a new PIN for this match.")
    # The PIN itself stays out of the flash (it would ride in the session cookie):
    # the share page shows it, sent no-store.
    flash("This is the new PIN; the old one no longer works.")
    return redirect(url_for("matches.share", match_id=match.id), code=303)


@bp.get("/<match_id>/share")
def share(match_id: str) -> str:
    """The scorer's PIN, the QR of the scorer link, and the other sides' links.

    A page of its own, sent ``no-store``: the match page carries no secret, so a
    phone may keep it for offline use (docs/security.md).
    """
    match = _scored(match_id)
    return render_template(
        "share.html",
        match=match,
        game=ledger.game_of(match),
        pin=ledger.credentials(match).pin,
        write=WriteForm.fresh(match.version),
        side_links=[
            (
                name,
                url_for(
                    "players.join_side",
                    match_id=match.id,
                    side=i,
                    key=creds.key,
                    _external=True,
                ),
            )
            for i, name, creds in ledger.side_credentials(match)
        ],
    )


@bp.get("/<match_id>/qr.svg")
def qr(match_id: str) -> Response:
    """The scorer link as a QR code: a token that opens this match only, never the
    edit key (a table's game has its table's key, which opens the whole table)."""
    match = _scored(match_id)
    link = url_for(
        "matches.join_link",
        match_id=match.id,
        key=ledger.join_token(match),
        _external=True,
    )
    return qr_svg(link, scale=6)


@bp.get("/<match_id>/export.json")
def export_json(match_id: str) -> Response:
    match = _match(match_id)
    return _streamed(
        shapes.export_chunks(match), "application/json", f"{match.game}-{match.id}.json"
    )


@bp.get("/<match_id>/export.csv")
def export_csv(match_id: str) -> Response:
    match = _match(match_id)
    return _streamed(_csv_chunks(match), "text/csv", f"{match.game}-{match.id}.csv")


CSV_HEAD = ["seq", "time", "kind", "event", "verdict", "summary", "rules", "counts"]


def _csv_chunks(match: Match) -> Iterator[str]:
    """The CSV export: its head at once, then the log a chunk of rows at a time."""
    # Worked out now, in the request: the generator runs later, in contexts of its own.
    chunks = ledger.history_chunks(match)
    return _csv_log(chunks, ledger.game_of(match), ledger.seat_names(match))


def _csv_log(
    chunks: Iterator[list[ledger.Entry]], game: Game, names: dict[str, list[str]]
) -> Iterator[str]:
    yield csvsafe.to_csv([CSV_HEAD])
    for entries in chunks:
        rows: list[list[Any]] = []
        for entry in entries:
            ruling = entry.current_ruling or entry.ruling
            rows.append(
                [
                    entry.seq,
                    entry.created_at.isoformat() if entry.created_at else "",
                    entry.kind,
                    ledger.describe_event(entry.event, game, names)
                    if entry.event
                    else f"#{entry.target}",
                    ruling.get("verdict", ""),
                    ruling.get("summary", ""),
                    " ".join(ruling.get("rules", [])),
                    "no" if entry.voided else "yes",
                ]
            )
        yield csvsafe.to_csv(rows)


def _each_in_its_context(chunks: Iterator[str]) -> Iterator[str]:
    """Each chunk read in an app context (and so a database session) of its own.

    Between chunks nothing is held: no connection or PostgreSQL snapshot while a
    slow client reads, and no context left pushed if the download stops half way
    (the generator is then closed whenever it is collected).
    """
    app = current_app._get_current_object()  # type: ignore[attr-defined]

    def each() -> Iterator[str]:
        while True:
            with app.app_context():
                chunk = next(chunks, None)
            if chunk is None:
                return
            yield chunk

    return each()


def _streamed(chunks: Iterator[str], mimetype: str, filename: str) -> Response:
    """An export sent as it is read: the first bytes leave before the log is read."""
    body, coding = compression.stream(_each_in_its_context(chunks))
    response = Response(body, mimetype=mimetype)
    if coding:
        response.headers["Content-Encoding"] = coding
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _outcome(
    match_id: str, write: Any, values: Any = None, back: str | None = None
) -> Response | tuple[str, int]:
    """Run a write and turn its outcome into a redirect: to ``back`` or the match
    page when stored, to the match page with what was wrong kept when not.

    A phone's outbox replaying a form it queued offline asks for JSON instead
    (``Accept: application/json``): the seq it reached, or why it was not stored.
    """
    if errors.wants_json():
        return outbox_answer(match_id, write)
    try:
        written = write()
    except (ledger.NotFound, ledger.Forbidden) as err:
        _cannot_write(match_id, err)
    except errors.REFUSALS as err:
        said: dict[str, Any] = {"error": errors.page_error(err)}
        if isinstance(err, BadInput):
            said["errors"], said["values"] = err.errors, values
        elif isinstance(err, Refused):
            said = {"refused": err.ruling.to_json(), "values": values}
        return _refuse(match_id, errors.status_of(err), **said)
    g.tournament_written = written.tournament_id
    return redirect(back or url_for("matches.show", match_id=match_id), code=303)


def outbox_answer(match_id: str, write: Any) -> Response | tuple[str, int]:
    """A form write's outcome as JSON: 201 ``{"seq"}``, or the problem the API
    answers for the same refusal (409 or 422, ``detail`` saying why)."""
    try:
        written = write()
    except (ledger.NotFound, ledger.Forbidden) as err:
        _cannot_write(match_id, err)
    except errors.REFUSALS as err:
        return errors.problem_of(err)
    g.tournament_written = written.tournament_id
    response = Response(
        json.dumps({"seq": written.seq, "replayed": written.replayed}),
        status=201,
        mimetype="application/json",
    )
    return response


def _cannot_write(match_id: str, err: Exception) -> NoReturn:
    """404 or 403 for a write this phone cannot make (the table's status)."""
    status = errors.status_of(err)
    if isinstance(err, ledger.NotFound):
        abort(status, f"There is no match '{match_id}'. Check the link or the PIN.")
    if isinstance(err, ledger.NotYours):
        abort(status, str(err))
    abort(status, "This phone cannot score this match. Join it with its PIN first.")


def _form_fingerprint() -> str:
    """What a page's event write says, without its envelope (token, key, seq)."""
    said = sorted(
        (name, value)
        for name, value in request.form.items(multi=True)
        if name not in ("csrf_token", "idem", "seq")
    )
    return ledger.request_hash({"op": "event", "form": said})


def _unsent(match: Match, form: WriteForm) -> tuple[str, int]:
    """The match page again (422) for a form that did not validate."""
    return render_match(match, status=errors.BAD_INPUT.status, error=_form_error(form))


def _form_error(form: WriteForm) -> str:
    if form.errors.get("csrf_token"):
        return "This page has expired: reload it and try again."
    return "The form was incomplete: reload the page and try again."
