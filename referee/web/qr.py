"""A link as a QR code (SVG), sent ``no-store``: the links it carries are keys."""

from __future__ import annotations

import io

import segno
from flask import Response


def qr_svg(link: str, scale: int) -> Response:
    """``link`` as an SVG QR code, ``scale`` pixels a module, never cached."""
    out = io.BytesIO()
    segno.make(link, error="m").save(
        out, kind="svg", scale=scale, border=2, xmldecl=False, svgns=True
    )
    response = Response(out.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, no-store"
    return response
