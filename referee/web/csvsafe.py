"""CSV for spreadsheets: cells that a spreadsheet would run as a formula are defused.

OWASP's CSV injection guidance: a cell starting with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return is read as a formula by Excel, LibreOffice and Google Sheets
(``=HYPERLINK(...)`` in a player's name becomes a live link). Such a cell gets a
leading single quote, which spreadsheets show as text. A plain number (``-5``,
``+3``, ``-2.5``) is a number, not a formula, and is kept as it is.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def safe_cell(value: Any) -> str:
    """The cell as text, with a leading ``'`` if a spreadsheet would run it."""
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def to_csv(rows: Iterable[Iterable[Any]]) -> str:
    """Rows as CSV text, every cell passed through ``safe_cell``."""
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()
