"""A production worker's start: load what the first request would, then freeze it.

gunicorn calls :func:`warm` from ``post_worker_init`` (``gunicorn.conf.py``), after the
app is loaded in the worker and before it accepts a connection.

* The game registry is imported on first use (a CLI command needs none of it), and
  some tables are built on first use (``referee.warmup``: 301's checkout routes, the
  rulebooks and their search index). In a worker the first write or lookup would pay
  for them (about 150 ms each), and every live board of that write would wait as long.
* Templates compile on first render; each one would cost its first viewer.
* ``gc.freeze()`` then moves everything loaded so far (modules, engines, compiled
  templates: most of a worker's objects, and all long-lived) out of the collector's
  reach. A full collection otherwise walks them all, a 50-100 ms pause in the middle
  of a fan-out to a thousand streams; frozen, it takes a few ms.

:class:`Worker` is gunicorn's gevent worker with one change: a request gunicorn itself
refuses (a malformed request line, a header with a NUL) is answered 400 as
``application/problem+json`` for an API path, as every other API error is, rather
than gunicorn's HTML page.
"""

from __future__ import annotations

import gc
import html
import json
import re
from typing import Any

from flask import Flask
from gunicorn import util
from gunicorn.workers.ggevent import GeventWorker

from referee import games
from referee import warmup


def warm(app: Flask) -> int:
    """Import every game, build the tables, compile the templates; return how many."""
    games.registry()
    warmup.build_all()
    compiled = 0
    with app.app_context():
        for name in app.jinja_env.list_templates():
            app.jinja_env.get_template(name)
            compiled += 1
    gc.collect()
    gc.freeze()
    return compiled


class _Kept:
    """A client socket whose writes are kept instead of sent (the rest passes on)."""

    def __init__(self, sock: Any) -> None:
        self._sock = sock
        self.data = b""

    def sendall(self, data: bytes) -> None:
        self.data += data

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


_STATUS = re.compile(rb"HTTP/1\.1 (\d{3}) ([^\r]*)\r\n")
_MESSAGE = re.compile(rb"</h1>\s*(.*?)\s*</body>", re.DOTALL)


class Worker(GeventWorker):
    """gunicorn's gevent worker, answering its own refusals as problem+json."""

    def handle_error(
        self, req: Any, client: Any, addr: Any, exc: BaseException
    ) -> None:
        """gunicorn's handling (status, logs) with the answer rewritten.

        gunicorn picks the status and logs the refusal; what it would have written
        is kept and, for an API path or a request whose path could not be read,
        sent as problem+json instead. Pages keep gunicorn's own short HTML.
        """
        kept = _Kept(client)
        super().handle_error(req, kept, addr, exc)
        req = req or getattr(exc, "req", None)
        path = getattr(req, "path", None)
        status = _STATUS.match(kept.data)
        if status is None or (isinstance(path, str) and not path.startswith("/api/")):
            answer = kept.data
        else:
            answer = problem_answer(kept.data, int(status[1]), status[2].decode())
        try:
            util.write_nonblock(client, answer)
        except Exception:  # the client is gone: nothing to answer
            self.log.debug("Failed to send error message.")


def problem_answer(page: bytes, status: int, reason: str) -> bytes:
    """gunicorn's error page ``page`` as an HTTP/1.1 problem+json answer."""
    found = _MESSAGE.search(page)
    said = html.unescape(found[1].decode("latin-1")) if found else ""
    if status in (414, 431):
        why = (
            "the request line or a header is too long. Keep the path and query "
            "short, e.g. GET /api/v1/matches/<id>/events?after=100&limit=100"
        )
    else:
        why = (
            "a header or the request line holds characters HTTP does not allow, "
            "such as a NUL or a line break. Send printable text, e.g. "
            "Idempotency-Key: 6f1c0a52-8d3e-4c1b-9a57-2f0e5b7c9d11"
        )
    body = json.dumps(
        {
            "type": "about:blank",
            "title": reason,
            "status": status,
            "detail": f"The server could not read this request ({said or reason}): "
            + why,
        }
    ).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/problem+json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body
