"""Server-Sent Events: a match's or a night's boards, pushed as the log moves.

``GET /m/<id>/live`` and ``GET /n/<id>/live`` answer ``text/event-stream``. Each
message is one ``update``: its ``id`` is where the viewer now is in the log (a
match's seq; a night's seq and its tables' total, the page's fingerprint), its data
a JSON object. A browser that reconnects sends ``Last-Event-ID`` and gets whatever
was committed since, read from the database; the first connection names the seq its
page shows with ``?last=``.

``?view=`` asks for the page's live regions as HTML (``watch``, ``match``; a
tournament's ``tv``, ``night``, ``ptv``, ``event``, ``calls``, ``btv``, ``bracket``,
``ltv``):
the ``{% block live... %}`` blocks of that page's template, rendered once per process
per change and sent to every viewer of it. A tournament page whose boards alone moved
(a dart) gets each moved board's line instead (``board-<n>``), drawn alone from the
process's snapshot of the tournament (``referee/web/boards.py``). Without ``view`` the
data is for programs: the log rows since the viewer's id and the board.

A stream ends after ``LIVE_STREAM_SECONDS`` (the browser reconnects where it was) and
sends a comment every ``LIVE_HEARTBEAT_SECONDS`` so that proxies keep it open. An app
(one per worker process) holds at most ``LIVE_MAX_STREAMS`` streams (900); one more is
refused with 503 and ``Retry-After``, and its page polls instead.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Collection
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from flask import Blueprint
from flask import Response
from flask import abort
from flask import current_app
from flask import request
from flask import stream_with_context
from sqlalchemy import select
from werkzeug.exceptions import ServiceUnavailable

from referee import ledger
from referee import tournament_reads as reads
from referee.db import db
from referee.live import HUB
from referee.live import Key
from referee.models import Match
from referee.models import MatchEvent
from referee.models import Tournament
from referee.models import TournamentEvent
from referee.web import shapes
from referee.web.boards import BOARDS
from referee.web.boards import Snapshot
from referee.web.templating import macro

bp = Blueprint("live", __name__)

CATCH_UP_ROWS = 500  # a viewer further behind gets the board and ``"gap": true``
# page -> its template; the page's live regions are its blocks named live*
MATCH_VIEWS = {"match": "match.html", "watch": "watch.html"}
# An old page that reloads on any change needs the id only, not the whole view.
ID_ONLY = "id"


@dataclass(frozen=True)
class Message:
    """One SSE message (``text``, empty when nothing changed) and the id it leaves."""

    id: str
    text: str


# --- the routes ---------------------------------------------------------------------


@bp.get("/m/<match_id>/live")
def match_stream(match_id: str) -> Response:
    view = _view(MATCH_VIEWS)
    if not _exists(Match, match_id):
        abort(404, f"There is no match '{match_id}'.")
    return _stream(
        ("match", match_id), view, lambda last: _match_message(match_id, view, last)
    )


@bp.get("/n/<tournament_id>/live")
def night_stream(tournament_id: str) -> Response:
    view = _view([*NIGHT_VIEWS, ID_ONLY])
    if not _exists(Tournament, tournament_id):
        abort(404, f"There is no night '{tournament_id}'.")
    return _stream(
        ("tournament", tournament_id),
        view,
        lambda last: _night_message(tournament_id, view, last),
    )


def _exists(model: type[Match] | type[Tournament], ident: str) -> bool:
    """Whether the row is there: its id alone (not its state), read in autocommit,
    and the connection handed back before the stream starts."""
    try:
        _autocommit()
        found = db.session.execute(select(model.id).where(model.id == ident)).first()
        return found is not None
    finally:
        db.session.rollback()


def _autocommit() -> None:
    if db.engine.dialect.name == "postgresql" and not db.session().in_transaction():
        # Reads only, one statement at a time: no BEGIN, and no ROLLBACK when the
        # connection goes back (each message built cost both round trips).
        db.session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})


def _view(views: Collection[str]) -> str | None:
    view = request.args.get("view") or None
    if view is not None and view not in views:
        abort(404, f"There is no live view '{view}' (one of: {', '.join(views)}).")
    return view


class _Streams:
    """The streams one app has open now (one app per worker process in production).

    Counted per app, not per process: an app a test left serving elsewhere in the
    same process does not use up another app's streams.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.open = 0

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Count one more stream for the block."""
        with self._lock:
            self.open += 1
        try:
            yield
        finally:
            with self._lock:
                self.open -= 1


def streams() -> _Streams:
    """This app's count of open streams."""
    return current_app.extensions.setdefault("referee.live.streams", _Streams())


def _stream(key: Key, view: str | None, build: Callable[[str], Message]) -> Response:
    """The event stream of one topic for this viewer, from its last id on."""
    config = current_app.config
    seconds = float(config.get("LIVE_STREAM_SECONDS", 120))
    beat = float(config.get("LIVE_HEARTBEAT_SECONDS", 15))
    url = config["SQLALCHEMY_DATABASE_URI"]
    count = streams()
    if count.open >= int(config.get("LIVE_MAX_STREAMS", 900)):
        # Every open stream holds one of the worker's connections (gunicorn's
        # worker_connections, 1,000): past this many, a scorer's write would wait for
        # one. Refused, the page polls instead (EventSource does not retry a 503).
        raise ServiceUnavailable(
            "This server is showing as many live boards as it can; the page will "
            "refresh itself every few seconds instead.",
            retry_after=30,
        )
    # A reconnecting EventSource says where it was; a page's first connection, ?last=.
    start = (request.headers.get("Last-Event-ID") or request.args.get("last") or "")[
        :40
    ]

    def events() -> Iterator[str]:
        last = start
        with count.held(), HUB.watching(key, url) as topic:
            yield "retry: 2000\n\n"
            deadline = time.monotonic() + seconds
            seen = -1  # the topic's generation this viewer has looked at
            while True:
                generation = topic.generation
                if generation != seen:
                    # On connecting, read the log as it is now: a message cached for
                    # this generation may predate a commit not yet heard of.
                    message = (
                        _read(build, last)
                        if seen == -1
                        else HUB.message(
                            topic, generation, (view, last), partial(_read, build, last)
                        )
                    )
                    seen = generation
                    if message.text:
                        yield message.text
                        last = message.id
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                if HUB.wait(topic, seen, min(beat, left)) == seen:
                    yield ": keep-alive\n\n"

    response = Response(stream_with_context(events()), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event at once
    return response


def _read(build: Callable[[str], Message], last: str) -> Message:
    """Build a message, then hand the database connection back to the pool at once.

    A viewer waits far longer than it reads: holding a connection while it waits
    would starve the writers of the pool.
    """
    try:
        _autocommit()
        return build(last)
    finally:
        db.session.remove()


def _sse(ident: str, data: dict[str, Any]) -> Message:
    body = json.dumps(data, separators=(",", ":"), default=str)
    return Message(ident, f"id: {ident}\nevent: update\ndata: {body}\n\n")


# --- a match ------------------------------------------------------------------------


# A watcher's message by (database, match, version, view): the same for every viewer
# whatever it saw before, so a phone that connects or lags behind gets it built.
_WATCHED: OrderedDict[tuple[str, str, int, str], Message] = OrderedDict()
WATCHED_KEPT = 512


def _match_message(match_id: str, view: str | None, last: str) -> Message:
    if view is not None:
        # The version first (one small read): the board is read and drawn only for a
        # version this process has not drawn yet.
        version = db.session.execute(
            select(Match.version).where(Match.id == match_id)
        ).scalar()
        if version is None or str(version) == last:
            return Message(last, "")
        key = (str(db.engine.url), match_id, int(version), view)
        found = _WATCHED.get(key)
        if found is not None:
            return found
    match = db.session.get(Match, match_id, populate_existing=True)
    if match is None:
        return Message(last, "")
    ident = str(match.version)
    if ident == last:
        return Message(last, "")
    data: dict[str, Any] = {"seq": match.version}
    if view is not None:
        data["html"] = regions(MATCH_VIEWS[view], match_context(match, view))
        message = _sse(ident, data)
        _WATCHED[(str(db.engine.url), match_id, match.version, view)] = message
        while len(_WATCHED) > WATCHED_KEPT:
            _WATCHED.popitem(last=False)
        return message
    after = int(last) if last.isdecimal() and int(last) <= match.version else 0
    rows = list(
        db.session.execute(
            select(MatchEvent)
            .where(
                MatchEvent.match_id == match.id,
                MatchEvent.seq > max(after, match.version - CATCH_UP_ROWS),
                MatchEvent.seq <= match.version,
            )
            .order_by(MatchEvent.seq)
        ).scalars()
    )
    data["gap"] = match.version - after > CATCH_UP_ROWS
    data["entries"] = [
        {
            "seq": row.seq,
            "kind": row.kind,
            "event": row.data if row.kind == "event" else row.data.get("event"),
            "target": row.data.get("target") if row.kind != "event" else None,
            "ruling": row.ruling,
        }
        for row in rows
    ]
    data["match"] = shapes.match_json(match)
    return _sse(ident, data)


def match_context(match: Match, view: str) -> dict[str, Any]:
    """What a watcher's page shows (the names the live blocks of the page use)."""
    limit = 12 if view == "match" else 1  # the TV shows the last ruling alone
    return {
        "match": match,
        "game": ledger.game_of(match),
        "view": ledger.board(match),
        "log": ledger.history(match, limit=limit) if match.version else [],
        "editor": False,
        "error": None,
        "refused": None,
        "errors": {},
        "values": {},
    }


# --- a night ------------------------------------------------------------------------


@dataclass(frozen=True)
class NightView:
    """A tournament page that follows the stream: its template, what its live blocks
    read (from a snapshot, the same for every viewer), and how to draw one board's
    line alone (None: the page's live blocks are redrawn whole on every change)."""

    template: str
    context: Callable[[Snapshot], dict[str, Any]]
    line: Callable[[Snapshot, int], str | None] | None = None
    # False: the page shows no board's live score (the call screen), so a dart
    # sends it nothing at all; only the tournament's own moves do.
    boards: bool = True


def _pairing(name: str) -> Callable[..., Any]:
    # The page modules import this one's blueprint's neighbours: look them up late.
    def call(*args: Any) -> Any:
        from referee.web.tournaments import brackets
        from referee.web.tournaments import pairings

        return getattr({"p": pairings, "b": brackets}[name[0]], name[2:])(*args)

    return call


def _league(name: str) -> Callable[..., Any]:
    # A league season's TV board (``league_tv``), looked up late like the pairings'.
    def call(*args: Any) -> Any:
        from referee.web.tournaments import league_tv

        return getattr(league_tv, name)(*args)

    return call


def _night_line(name: str) -> Callable[[Snapshot, int], str | None]:
    """A bunko night's table, alone (its card on the night's page, or on the TV)."""

    def line(snap: Snapshot, number: int) -> str | None:
        t = snap.board(number)
        if t is None:
            return None
        return macro("nights/_night.html", name, t, snap.night)

    return line


NIGHT_VIEWS = {
    "night": NightView(
        "nights/night.html", lambda s: night_context(s), _night_line("table_card")
    ),
    "tv": NightView(
        "nights/tv.html", lambda s: night_context(s), _night_line("tv_table")
    ),
    "ptv": NightView(
        "tournaments/tv.html", _pairing("p.live_context"), _pairing("p.tv_line")
    ),
    "event": NightView(
        "tournaments/event.html", _pairing("p.live_context"), _pairing("p.event_line")
    ),
    "calls": NightView(
        "tournaments/calls.html", _pairing("p.live_context"), boards=False
    ),
    "btv": NightView(
        "brackets/tv.html", _pairing("b.live_context"), _pairing("b.tv_line")
    ),
    "bracket": NightView(
        "brackets/phone.html", _pairing("b.live_context"), _pairing("b.phone_line")
    ),
    # A season's TV: every game's entry redraws the board whole (a fixture's card
    # shows its games in play and the games won, the table its points).
    "ltv": NightView("tournaments/league/board.html", _league("live_context")),
}


def _night_message(tournament_id: str, view: str | None, last: str) -> Message:
    snap = BOARDS.read(tournament_id)
    if snap is None or snap.ident == last:
        return Message(last, "")
    ident = snap.ident
    if view == ID_ONLY:
        return _sse(ident, {"seq": snap.version, "fingerprint": ident})
    if view is not None:
        return _night_html(tournament_id, NIGHT_VIEWS[view], view, snap, last)
    night = snap.night
    head = last.partition(".")[0]
    after = int(head) if head.isdecimal() and int(head) <= night.version else 0
    rows = db.session.execute(
        select(TournamentEvent)
        .where(
            TournamentEvent.tournament_id == night.id,
            TournamentEvent.seq > max(after, night.version - CATCH_UP_ROWS),
        )
        .order_by(TournamentEvent.seq)
    ).scalars()
    data: dict[str, Any] = {"seq": night.version, "fingerprint": ident}
    # Each event as the log page shows it (a blind line-up's names stay hidden).
    fmt = reads.format_of(night)
    data["entries"] = [
        {
            "seq": r.seq,
            "kind": r.kind,
            "event": reads.public_event(fmt, night.state, r.data),
            "ruling": r.ruling,
        }
        for r in rows
    ]
    data["view"] = snap.view
    return _sse(ident, data)


def _night_html(
    tournament_id: str, spec: NightView, view: str, snap: Snapshot, last: str
) -> Message:
    """A page's message: the boards that moved since ``last`` when that is all that
    moved (a dart), else the page's live blocks whole (a result, a round).

    Built once per (state, view, what the viewer shows) in this process: every viewer
    that saw the same state gets the same bytes.
    """
    moved = (
        BOARDS.changed(tournament_id, last, snap)
        if spec.line is not None or not spec.boards
        else None
    )
    if moved is not None and not spec.boards:
        return Message(last, "")  # only boards moved: nothing this page shows
    key = ("html", view, tuple(moved) if moved is not None else None)
    found = snap.built.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    html: dict[str, str] | None = None
    if moved is not None and spec.line is not None:
        html = {}
        for number, match, before in moved:
            now = _line(tournament_id, snap, spec, view, number, match)
            if now is None:  # not a board this page draws alone: the blocks
                html = None
                break
            if BOARDS.line(tournament_id, (view, match, before)) != now:
                html[f"board-{number}"] = now
        if html == {}:
            return Message(last, "")  # the page's lines look the same: nothing
    if html is None:
        html = regions(spec.template, spec.context(snap))
    message = _sse(
        snap.ident, {"seq": snap.version, "fingerprint": snap.ident, "html": html}
    )
    if len(snap.built) < 256:
        snap.built[key] = message
    return message


def _line(
    tournament_id: str,
    snap: Snapshot,
    spec: NightView,
    view: str,
    number: int,
    match: str,
) -> str | None:
    version = next(tm.version for tm in snap.tables if tm.match == match)
    line = spec.line
    assert line is not None
    return BOARDS.line(
        tournament_id, (view, match, version), lambda: line(snap, number)
    )


def night_context(snap: Snapshot) -> dict[str, Any]:
    """What every viewer of a night's board sees (no organiser's or table's parts)."""
    night = snap.night
    return {
        "night": night,
        "view": snap.view,
        "organiser": False,
        "fingerprint": snap.ident,
        "player_index": {p: i for i, p in enumerate(night.players)},
    }


# --- rendering a page's live blocks ---------------------------------------------------


def regions(template_name: str, context: dict[str, Any]) -> dict[str, str]:
    """The page's ``live*`` blocks, rendered alone: ``{block name: html}``.

    Each block is one element marked ``data-live="<its name>"``, which the page's
    script swaps; the blocks hold nothing that differs between viewers.
    """
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    template = app.jinja_env.get_template(template_name)
    values = dict(context)
    app.update_template_context(values)
    out = {}
    for name, block in template.blocks.items():
        if name.startswith("live"):
            out[name] = "".join(block(template.new_context(values))).strip()
    return out
