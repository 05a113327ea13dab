"""Text from outside: the one check every typed field passes, and the bounds on sizes.

Every string a client or a person sends (names, titles, stations, notes, options
given as text, tool input, headers used as data) is held to the same rules before
anything reads it:

* no NUL, no lone surrogate (half of a UTF-16 pair, which no encoding can store),
  no other control character; tab, newline and carriage return only in multi-line
  text (a calculator's list of hands): a single-line field folds them, with every
  run of spaces, into one space;
* normalised to NFC, so "é" typed as one character or as "e" plus an accent is one
  name;
* at most ``LIMITS[kind]`` characters.

``referee.web.edge`` applies the character rules and the generic bounds (``MAX_DEPTH``,
``MAX_ITEMS``, ``LIMITS["text"]``) to every JSON body, form and data header once,
where the request is read; the parsers of names, titles, stations and notes call
``check`` for their own kind's length. ``repair`` is the other direction: what a
page does with a string stored before these rules (and migration 0007 with the rows).
Pure, like the engines: the standard library and ``outcomes`` only.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from referee.games.outcomes import BadInput

# The deepest a JSON body may nest: the deepest request the API documents nests 4
# levels ({"event": {"rolls": {"Ann": 3}}}); 32 leaves room without letting a body
# of brackets exhaust the decoder's recursion.
MAX_DEPTH = 32
# The most items in any one JSON array or object; each collection has its own,
# lower bound where it is read (players per format, stations, cards...).
MAX_ITEMS = 256
# The most items of a list field (cards, darts, balls) that states no bound of its
# own: canasta's whole pack, two decks and four jokers, is the largest collection of
# things on any table here.
MAX_LIST = 108

# The longest text per kind of field, in characters (after NFC).
LIMITS: dict[str, int] = {
    "name": 40,  # a player, a team, a profile
    "title": 80,  # a match or a tournament
    "station": 30,  # a board or table a tournament names
    "note": 200,  # a correction's or a challenge's reason
    "key": 255,  # an Idempotency-Key header
    "word": 40,  # an item of a list: a card, a dart, a ball, a fault, a name
    "text": 1000,  # any other string (tool input, options given as text)
    "lines": 10_000,  # a form's list typed one per line (a night's players)
}
EXAMPLES: dict[str, str] = {
    "name": '"Ann"',
    "title": '"Friday final"',
    "station": '"Board 1"',
    "note": '"Table 2 added up wrong"',
    "key": "Idempotency-Key: 6f1c0a52-8d3e-4c1b-9a57-2f0e5b7c9d11",
    "word": '"QH"',
    "text": '"Ann: AS AD 9C 5H 3S"',
    "lines": "Ann, Bob, Cy, Di",
}
MULTILINE = frozenset("\t\n\r")
REPLACEMENT = "\ufffd"


def bad_char(value: str, multiline: bool = True) -> str | None:
    """What is wrong with the first character that may not be stored, if any."""
    for ch in value:
        if ch.isprintable() or ch == " ":
            continue
        category = unicodedata.category(ch)
        code = f"U+{ord(ch):04X}"
        if ch == "\0":
            return f"a NUL character ({code})"
        if category == "Cs":
            return f"a lone surrogate ({code}), half of a character"
        if category == "Cc" and not (multiline and ch in MULTILINE):
            return f"a control character ({code})"
    return None


def clean(value: str, multiline: bool = True) -> str:
    """``value`` in NFC, or ``ValueError`` naming its first forbidden character."""
    problem = bad_char(value, multiline)
    if problem:
        raise ValueError(problem)
    return unicodedata.normalize("NFC", value)


def check(value: Any, field: str, kind: str) -> str:
    """A single-line field of ``kind``: NFC, spaces folded, within its length.

    ``BadInput`` names ``field`` and shows an example of the kind. Whole numbers
    pass as their text (a player called 7), as the pages have always taken them.
    """
    limit, example = LIMITS[kind], EXAMPLES[kind]
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise BadInput(f"'{field}' is text, e.g. {example}.", field=field)
    try:
        # tab and newline fold into a space with the rest: a pasted name keeps its words
        text = " ".join(clean(value).split())
    except ValueError as err:
        raise BadInput(
            f"'{field}' holds {err}, which is not text: type it again without it, "
            f"e.g. {example}.",
            field=field,
        ) from None
    if len(text) > limit:
        raise BadInput(
            f"'{field}' has at most {limit} characters; {len(text)} given "
            f"('{text[:20]}…'). Example: {example}",
            field=field,
        )
    return text


def fit(value: str, kind: str) -> str:
    """Text the service composes (a table match's title from the night's), cut to
    its kind's length."""
    return value[: LIMITS[kind]]


def repair(value: str) -> str:
    """Stored text made safe to show: lone surrogates become U+FFFD, other control
    characters go (tab, newline and carriage return stay), then NFC."""
    if not bad_char(value):
        return value if value.isascii() else unicodedata.normalize("NFC", value)
    kept = []
    for ch in value:
        category = unicodedata.category(ch)
        if category == "Cs":
            kept.append(REPLACEMENT)
        elif category != "Cc" or ch in MULTILINE:
            kept.append(ch)
    return unicodedata.normalize("NFC", "".join(kept))


def repair_json(value: Any) -> Any:
    """``repair`` applied to every string of a JSON value, keys included."""
    if isinstance(value, str):
        return repair(value)
    if isinstance(value, list):
        return [repair_json(v) for v in value]
    if isinstance(value, dict):
        return {
            (repair(k) if isinstance(k, str) else k): repair_json(v)
            for k, v in value.items()
        }
    return value


def nesting(data: bytes | str) -> int:
    """How deep the arrays and objects of a JSON text nest, read without decoding.

    Brackets inside strings do not count. Linear in the text and free of recursion,
    so it is safe on any body, including ones the decoder would choke on.
    """
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    brackets = _STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    depth = deepest = 0
    for byte in brackets:
        if byte in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
