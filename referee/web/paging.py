"""Cursors for reading a long log a page at a time: the API's ``/events`` and the log
page. A cursor is a seq (``after`` or ``before``): rows are only ever appended, so
the next page starts exactly where the last one ended, whatever was written since.
"""

from __future__ import annotations

import re
from typing import Any

DEFAULT_LIMIT = 100  # rows per API page when the client names none
MAX_LIMIT = 500
LOG_PAGE = 100  # entries per page of /m/<id>/log
MAX_SEQ = 2**31 - 1  # a seq is a 32-bit integer in the database
_DIGITS = re.compile(r"[0-9]{1,10}")


class BadCursor(ValueError):
    """A cursor parameter that is not a whole number in range; names it."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


def number(
    args: Any, name: str, *, default: int | None, least: int, most: int, example: str
) -> int | None:
    """The query parameter ``name`` as a whole number from ``least`` to ``most``."""
    raw = args.get(name)
    if raw is None:
        return default
    if not _DIGITS.fullmatch(raw) or not least <= int(raw) <= most:
        raise BadCursor(
            name,
            f"'{name}' is a whole number from {least} to {most}, e.g. {example}.",
        )
    return int(raw)
