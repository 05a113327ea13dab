"""Compressed responses: Flask-Compress for what the app renders, one rule for codings.

Pages, API answers and QR codes are compressed per response by Flask-Compress
(brotli or gzip). Static files come compressed already (see ``assets``), and carry
their ``Content-Encoding``, which Flask-Compress leaves alone.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence

import brotli
import flask_compress
from flask import Flask
from flask import Response
from flask import current_app
from flask import request

# Any of these can be overridden in the app's config.
SETTINGS = {
    "COMPRESS_MIMETYPES": [
        "text/html",
        "text/css",
        "text/javascript",
        "application/javascript",
        "application/json",
        "application/problem+json",
        "image/svg+xml",
        "text/csv",
    ],
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_BR_LEVEL": 4,  # brotli's fast levels: smaller than gzip -6, as fast
    "COMPRESS_LEVEL": 6,
    # Under 1 KB a response fits in one TCP segment either way: compressing it saves
    # no round trip and costs time.
    "COMPRESS_MIN_SIZE": 1024,
    # A streamed response (a live event stream, a long export) passes through as it
    # is: a compressor holds bytes back until its block fills, which would delay each
    # event of a live stream.
    "COMPRESS_STREAMS": False,
}


def choose(accept_encoding: str, offered: Sequence[str]) -> str | None:
    """The offered coding to send, or None for the body as it is (RFC 9110 12.5.3).

    A coding with ``q=0`` (directly or through ``*``) is refused; between codings the
    client rates equally, the first offered wins; a client that rates ``identity``
    above every offered coding gets the body uncompressed.
    """
    quality: dict[str, float] = {}
    for part in accept_encoding.split(","):
        name, _, params = part.partition(";")
        name = name.strip().lower()
        if not name:
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0  # unreadable: sending the body as it is is always safe
        quality[name] = max(quality.get(name, 0.0), q if math.isfinite(q) else 0.0)
    star = quality.get("*")
    # identity is acceptable unless refused; unnamed, it ranks below anything named.
    identity = quality.get("identity", star if star is not None else 0.001)
    best, best_q = None, 0.0
    for coding in offered:
        q = quality.get(coding, star if star is not None else 0.0)
        if q > best_q:
            best, best_q = coding, q
    return best if best is not None and best_q >= identity else None


class Compress(flask_compress.Compress):
    """Flask-Compress, deciding the coding with ``choose``.

    Flask-Compress 1.25 sends ``br`` to a client whose header is ``br;q=0``: the
    highest-rated group wins even when its rating is zero. Before it looks, the
    request's header is narrowed to the one coding ``choose`` picks.
    """

    def after_request(self, response: Response | None) -> Response:
        environ = request.environ
        original = environ.get("HTTP_ACCEPT_ENCODING")
        chosen = choose(original or "", self.enabled_algorithms)
        environ["HTTP_ACCEPT_ENCODING"] = chosen or "identity"
        try:
            return super().after_request(response)
        finally:
            if original is None:
                environ.pop("HTTP_ACCEPT_ENCODING", None)
            else:
                environ["HTTP_ACCEPT_ENCODING"] = original


def stream(chunks: Iterable[str]) -> tuple[Iterator[bytes], str | None]:
    """A streamed body compressed as it goes, and its coding (None: sent as it is).

    Each chunk is flushed through the compressor as it comes, so the first bytes leave
    at once (Flask-Compress holds a stream's bytes until its blocks fill, which is why
    it passes streams by). Brotli or gzip as the request's Accept-Encoding allows.
    """
    coding = choose(request.headers.get("Accept-Encoding", ""), ("br", "gzip"))
    config = current_app.config
    if coding == "br":
        squeezer = brotli.Compressor(quality=config["COMPRESS_BR_LEVEL"])

        def squeezed() -> Iterator[bytes]:
            for chunk in chunks:
                yield squeezer.process(chunk.encode()) + squeezer.flush()
            yield squeezer.finish()

        return squeezed(), coding
    if coding == "gzip":
        deflater = zlib.compressobj(
            config["COMPRESS_LEVEL"], zlib.DEFLATED, zlib.MAX_WBITS + 16
        )

        def gzipped() -> Iterator[bytes]:
            for chunk in chunks:
                yield deflater.compress(chunk.encode()) + deflater.flush(
                    zlib.Z_SYNC_FLUSH
                )
            yield deflater.flush()

        return gzipped(), coding
    return (chunk.encode() for chunk in chunks), None


def init_app(app: Flask) -> None:
    for key, value in SETTINGS.items():
        app.config.setdefault(key, value)
    # One per app: Flask-Compress keeps the app's settings on the instance.
    app.extensions["compress"] = Compress(app)
