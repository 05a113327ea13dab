"""The plain notations of event fields: whole numbers, yes or no, words, seats, lists.

Darts, dice and cards have modules of their own (``darts``, ``dice``, ``cards``); the
table of field kinds (``referee.games.fields``) reads each kind with one of these.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from referee.games.outcomes import BadInput

_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
# A seat by number: a few ASCII digits (5,000 of them made int() raise: issue 25).
_SEAT_NUMBER = re.compile(r"[0-9]{1,4}", re.ASCII)


def whole_number(
    value: Any, name: str, minimum: int | None = None, maximum: int | None = None
) -> int:
    """An integer in ASCII digits (not ``"٤"``, ``"1_000"`` or ``"4.0"``), in range."""
    try:
        if isinstance(value, bool) or (
            isinstance(value, float) and not value.is_integer()
        ):
            raise ValueError
        if isinstance(value, str) and not _WHOLE.fullmatch(value.strip()):
            raise ValueError  # not "٤", "1_000" or "4.0": ASCII digits only
        number = int(str(value).strip()) if isinstance(value, str) else int(value)
    except (TypeError, ValueError, OverflowError):
        raise BadInput(f"'{name}' is a whole number; '{value}' given.") from None
    if (
        minimum is not None
        and number < minimum
        or (maximum is not None and number > maximum)
    ):
        raise BadInput(f"'{name}' goes from {minimum} to {maximum}; {number} given.")
    return number


def truth(value: Any, name: str) -> bool:
    """True or false: a JSON boolean, or yes/no, on/off, 1/0 as text."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in {"true", "yes", "on", "1", "y"}:
        return True
    if text in {"false", "no", "off", "0", "n"}:
        return False
    raise BadInput(f"'{name}' is true or false; '{value}' given.", example="true")


def words(value: Any, name: str, maximum: int | None = None) -> str:
    """Free text on one line, its spaces folded, at most ``maximum`` characters."""
    text = " ".join(str(value).split())
    if maximum is not None and len(text) > maximum:
        raise BadInput(f"'{name}' has at most {maximum} characters.")
    return text


def choice(value: Any, choices: Sequence[str]) -> str:
    """One of ``choices`` (lower case), in any case."""
    text = str(value).strip().lower()
    if text not in choices:
        raise BadInput(
            f"'{value}' is not one of: {', '.join(choices)}.", example=choices[0]
        )
    return text


def seat(value: Any, names: list[str], what: str) -> int:
    """A seat by 0-based index or by its exact name (any case), as the index."""
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < len(names):
            return value
        raise BadInput(
            f"There is no {what} {value}: seats go from 0 to {len(names) - 1}.",
            example=f'0 or "{names[0] if names else "Ann"}"',
        )
    text = " ".join(str(value).split()).casefold()
    for i, name in enumerate(names):
        if name.casefold() == text:
            return i
    if _SEAT_NUMBER.fullmatch(text):
        return seat(int(text), names, what)
    listed = ", ".join(names) or "none"
    raise BadInput(
        f"'{value}' is not a {what} in this match ({listed}).",
        example=f'"{names[0] if names else "Ann"}"',
    )


def raw_list(value: Any, name: str) -> list[Any]:
    """A list the engine checks item by item; a form's text ``"3 5"`` or ``"3, 5"``."""
    if isinstance(value, str):
        return [t for t in re.split(r"[\s,;]+", value.strip()) if t]
    if not isinstance(value, list):
        raise BadInput(f"'{name}' is a list, e.g. [3, 5] or \"3 5\".")
    return value
