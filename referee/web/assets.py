"""Static files: content-hashed URLs, compressed once at startup, cached for a year.

``asset_url("style.css")`` gives ``/static/style.<hash>.css``. That URL names one
version of the file for ever, so it is served ``immutable`` with a year's max-age;
an edited file gets a new hash and so a new URL. The plain name, and a hash that is
no longer current (a page cached before a deploy), still answer with today's file,
cached for five minutes only.

Every file is read, minified (CSS by rcssmin, JavaScript by rjsmin: comments and
spaces only, names are kept), hashed and (if it is text worth compressing) compressed
with brotli and gzip at their highest levels when the app starts, not per request: a
file that never changes is compressed once, smaller than per-request compression
could afford. Such responses carry their own ``Content-Encoding``, so Flask-Compress,
which compresses the dynamic responses, leaves them alone. The debug server serves
the files as written, so that a browser's console points at the source's lines.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import brotli
import rcssmin
import rjsmin
from flask import Flask
from flask import Response
from flask import abort
from flask import current_app
from flask import request
from flask import url_for

from referee.web.compression import choose

LONG_CACHE = "public, max-age=31536000, immutable"
SHORT_CACHE = "public, max-age=300"
DIGEST_CHARS = 10
# Encodings offered, the preferred first when the client rates them equally.
ENCODINGS = ("br", "gzip")
COMPRESSIBLE = frozenset(
    {
        "text/css",
        "text/javascript",
        "application/javascript",
        "application/json",
        "image/svg+xml",
        "text/plain",
    }
)
# name.<digest>.suffix (or name.<digest> for a file without a suffix)
_HASHED = re.compile(
    rf"^(?P<stem>.+?)\.(?P<digest>[0-9a-f]{{{DIGEST_CHARS}}})(?P<suffix>\.[^./]+)?$"
)


@dataclass(frozen=True)
class Asset:
    """One static file as it was when the app started."""

    name: str  # the path under static/, e.g. "style.css"
    digest: str
    mimetype: str
    bodies: dict[str, bytes]  # "identity", and "br" / "gzip" where they are smaller

    @property
    def hashed_name(self) -> str:
        """``style.css`` -> ``style.<digest>.css``: the digest before the suffix."""
        folder, _, base = self.name.rpartition("/")
        stem, dot, suffix = base.rpartition(".")
        hashed = f"{stem}.{self.digest}.{suffix}" if dot else f"{base}.{self.digest}"
        return f"{folder}/{hashed}" if folder else hashed


MINIFIERS = {
    "text/css": rcssmin.cssmin,
    "text/javascript": rjsmin.jsmin,
    "application/javascript": rjsmin.jsmin,
}


@lru_cache(maxsize=256)
def _load(
    path: str, name: str, mtime_ns: int, size: int, min_size: int, minify: bool
) -> Asset:
    """Read, minify, hash and compress one file; cached on its stat (apps share it)."""
    data = Path(path).read_bytes()
    mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if minify and mimetype in MINIFIERS:
        data = MINIFIERS[mimetype](data.decode()).encode()
    bodies = {"identity": data}
    if mimetype in COMPRESSIBLE and len(data) >= min_size:
        for encoding, squeezed in (
            ("br", brotli.compress(data, quality=11)),
            ("gzip", gzip.compress(data, compresslevel=9, mtime=0)),
        ):
            if len(squeezed) < len(data):
                bodies[encoding] = squeezed
    digest = hashlib.sha256(data).hexdigest()[:DIGEST_CHARS]
    return Asset(name, digest, mimetype, bodies)


class Assets:
    """The static folder's files, by name, read when the app starts."""

    def __init__(self, folder: Path, *, min_size: int, debug: bool = False) -> None:
        self.folder = folder
        self.min_size = min_size
        self.reload = debug  # the debug server: pick up edits without a restart
        self.minify = not debug
        self.files: dict[str, Asset] = {}
        self.scan()

    def scan(self) -> None:
        files: dict[str, Asset] = {}
        for path in sorted(self.folder.rglob("*")):
            if path.is_file() and not path.name.startswith("."):
                name = path.relative_to(self.folder).as_posix()
                stat = path.stat()
                files[name] = _load(
                    str(path),
                    name,
                    stat.st_mtime_ns,
                    stat.st_size,
                    self.min_size,
                    self.minify,
                )
        self.files = files

    def get(self, name: str) -> Asset:
        if self.reload:
            self.scan()
        try:
            return self.files[name]
        except KeyError:
            raise LookupError(
                f"No static file {name!r} in {self.folder}; asset_url takes a path "
                "under static/, e.g. asset_url('style.css')."
            ) from None

    def find(self, requested: str) -> tuple[Asset, bool] | None:
        """The file a request names, and whether the name carries its current hash."""
        if self.reload:
            self.scan()
        if requested in self.files:
            return self.files[requested], False
        folder, _, base = requested.rpartition("/")
        hashed = _HASHED.match(base)
        if not hashed:
            return None
        plain = hashed["stem"] + (hashed["suffix"] or "")
        asset = self.files.get(f"{folder}/{plain}" if folder else plain)
        if asset is None:
            return None
        return asset, hashed["digest"] == asset.digest


def assets() -> Assets:
    return current_app.extensions["referee_assets"]  # type: ignore[no-any-return]


def asset_url(name: str) -> str:
    """The fingerprinted URL of a file under static/; every template uses this."""
    return url_for("static", filename=assets().get(name).hashed_name)


def serve(filename: str) -> Response:
    found = assets().find(filename)
    if found is None:
        abort(404)
    asset, current = found
    encoding = choose(
        request.headers.get("Accept-Encoding", ""),
        [e for e in ENCODINGS if e in asset.bodies],
    )
    encoding = encoding or "identity"
    response = Response(asset.bodies[encoding], mimetype=asset.mimetype)
    if encoding != "identity":
        response.headers["Content-Encoding"] = encoding
    if len(asset.bodies) > 1:
        response.vary.add("Accept-Encoding")
    # One strong validator per representation, as for any compressed variant.
    response.set_etag(f"{asset.digest}-{encoding}")
    response.headers["Cache-Control"] = LONG_CACHE if current else SHORT_CACHE
    return response.make_conditional(request)


def init_app(app: Flask, folder: Path) -> None:
    app.extensions["referee_assets"] = Assets(
        folder,
        min_size=app.config.get("COMPRESS_MIN_SIZE", 0),
        debug=app.debug,
    )
    app.add_url_rule("/static/<path:filename>", endpoint="static", view_func=serve)
