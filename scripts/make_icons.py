"""Draw the app's PNG icons: the green tile and white target of ``static/icon.svg``.

Run from the repository root: ``.venv/bin/python scripts/make_icons.py``. Pure
standard library (zlib and a hand-made PNG), so nothing is downloaded: it writes
``static/icon-192.png``, ``static/icon-512.png`` (rounded corners, as the SVG) and
``static/icon-maskable.png`` (full bleed, the target inside the maskable safe zone).
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "static"
GREEN = (0x14, 0x53, 0x2D)
WHITE = (255, 255, 255)


def _coverage(distance: float) -> float:
    """How much of a pixel a shape covers, from its signed distance (antialiasing)."""
    return max(0.0, min(1.0, distance + 0.5))


def draw(size: int, *, maskable: bool = False) -> bytes:
    """The icon as PNG bytes (RGBA), drawn in the SVG's 64-unit grid."""
    unit = size / 64 * (0.8 if maskable else 1.0)  # maskable: keep to the safe zone
    centre = size / 2
    corner = 0.0 if maskable else size * 12 / 64
    rows = []
    for y in range(size):
        row = bytearray([0])  # PNG filter: none
        for x in range(size):
            px, py = x + 0.5, y + 0.5
            alpha = 1.0
            if corner:
                cx = min(max(px, corner), size - corner)
                cy = min(max(py, corner), size - corner)
                alpha = _coverage(corner - math.hypot(px - cx, py - cy))
            r = math.hypot(px - centre, py - centre)
            ring = _coverage(2.5 * unit - abs(r - 20 * unit))
            white = max(ring, _coverage(7 * unit - r))
            colour = bytes(
                round(GREEN[i] * (1 - white) + WHITE[i] * white) for i in range(3)
            )
            row += colour + bytes([round(alpha * 255)])
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    (STATIC / "icon-192.png").write_bytes(draw(192))
    (STATIC / "icon-512.png").write_bytes(draw(512))
    (STATIC / "icon-maskable.png").write_bytes(draw(512, maskable=True))


if __name__ == "__main__":
    main()
