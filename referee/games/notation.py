"""Turns a raw event field into its canonical value, by the field's kind."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from typing import Any

from referee.games import cards
from referee.games import darts
from referee.games import dice
from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import Field
from referee.games.base import side_names

_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
# A seat by number: a few ASCII digits (5,000 of them made int() raise: issue 25).
_SEAT_NUMBER = re.compile(r"[0-9]{1,4}", re.ASCII)

if TYPE_CHECKING:
    from referee.games.base import Game


def parse_field(f: Field, value: Any, state: JSON | None, game: Game | None) -> Any:
    """The canonical value of one field (``"t20"`` -> ``"T20"``), or ``BadInput``."""
    match f.kind:
        case "integer":
            return _integer(f, value)
        case "boolean":
            return _boolean(f, value)
        case "string":
            text = " ".join(str(value).split())
            if f.maximum is not None and len(text) > f.maximum:
                raise BadInput(f"'{f.name}' has at most {f.maximum} characters.")
            return text
        case "choice":
            text = str(value).strip().lower()
            if text not in f.choices:
                raise BadInput(
                    f"'{value}' is not one of: {', '.join(f.choices)}.",
                    example=f.choices[0],
                )
            return text
        case "seat":
            return _seat(value, list((state or {}).get("players", [])), "player")
        case "side":
            return _seat(value, side_names(state or {"players": []}), "side")
        case "dart":
            return darts.parse_dart(value).code
        case "darts":
            return [
                d.code
                for d in darts.parse_darts(
                    value, most=f.maximum or 3, least=f.minimum or 1
                )
            ]
        case "die":
            return dice.parse_die(value)
        case "roll":
            return dice.parse_roll(value, count=f.maximum or 3, least=f.minimum)
        case "card":
            return cards.parse_card(value, _deck(game))
        case "cards":
            return cards.parse_cards(
                value, _deck(game), least=f.minimum or 0, most=f.maximum
            )
        case "list":
            if isinstance(value, str):
                # a form's text field: "3 5" or "3, 5"
                return [t for t in re.split(r"[\s,;]+", value.strip()) if t]
            if not isinstance(value, list):
                raise BadInput(f"'{f.name}' is a list, e.g. [3, 5] or \"3 5\".")
            return value
    raise ValueError(f"unknown field kind {f.kind!r}")


def _deck(game: Game | None) -> str:
    return game.deck if game and game.deck else "standard"


def _integer(f: Field, value: Any) -> int:
    try:
        if isinstance(value, bool) or (
            isinstance(value, float) and not value.is_integer()
        ):
            raise ValueError
        if isinstance(value, str) and not _WHOLE.fullmatch(value.strip()):
            raise ValueError  # not "٤", "1_000" or "4.0": ASCII digits only
        number = int(str(value).strip()) if isinstance(value, str) else int(value)
    except (TypeError, ValueError, OverflowError):
        raise BadInput(f"'{f.name}' is a whole number; '{value}' given.") from None
    if (
        f.minimum is not None
        and number < f.minimum
        or (f.maximum is not None and number > f.maximum)
    ):
        raise BadInput(
            f"'{f.name}' goes from {f.minimum} to {f.maximum}; {number} given."
        )
    return number


def _boolean(f: Field, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in {"true", "yes", "on", "1", "y"}:
        return True
    if text in {"false", "no", "off", "0", "n"}:
        return False
    raise BadInput(f"'{f.name}' is true or false; '{value}' given.", example="true")


def _seat(value: Any, names: list[str], what: str) -> int:
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
        return _seat(int(text), names, what)
    listed = ", ".join(names) or "none"
    raise BadInput(
        f"'{value}' is not a {what} in this match ({listed}).",
        example=f'"{names[0] if names else "Ann"}"',
    )
