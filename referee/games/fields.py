"""The fields of events, tools and options, and the one table of their kinds.

A ``Field`` (of an event or a tool request) and an ``Option`` (of a match) each name
a kind. ``KINDS`` holds every kind once, with everything the service knows about it:
how a raw value is read (``parse``), the JSON Schema the OpenAPI document publishes
for an event field (``schema``) and for a tool's JSON request (``tool_schema``), what
the API takes as JSON for a tool (``json_ok``, ``json_type``), how a page's form is
read (``read_form``), the template that draws it (``widget``: ``fields/<kind>.html``)
and a few values of the kind (``examples``). The option kinds (integer, boolean,
choice) carry the same for a match option (``option``). Each consumer looks its kind
up here; adding a kind is one entry (and its template; the fuzz tests' strategies in
``tests/strategies.py`` are keyed by the same names).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Protocol

from referee.games import cards
from referee.games import darts
from referee.games import dice
from referee.games import notation
from referee.games import text
from referee.games.boards import side_names
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput


@dataclass(frozen=True)
class Field:
    """One field of an event or tool request."""

    name: str
    kind: str
    help: str
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    default: Any = None
    on_pages: bool = True  # False: the API takes it, a page's form infers it
    # What a form calls it, and a page's message names it by (default: the name,
    # "knocker_hand" -> "Knocker hand").
    label: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown field kind {self.kind!r}")
        if not self.label:
            object.__setattr__(self, "label", label_of(self.name))

    @property
    def widget(self) -> str:
        """The template that draws this field in a form."""
        return KINDS[self.kind].widget


def label_of(name: str) -> str:
    """A field's name as a form labels it: ``knocker_hand`` -> ``Knocker hand``."""
    return name.replace("_", " ").capitalize()


def form_text(value: Any) -> str:
    """A value as a page's form shows it: a list as its items with spaces between,
    a checkbox's truth as "ticked"."""
    if isinstance(value, bool):
        return "ticked" if value else "not ticked"
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value)


@dataclass(frozen=True)
class Option:
    """A match option: a variant rule or a match length, with its default."""

    name: str
    label: str
    help: str
    kind: str  # "integer", "boolean" or "choice"
    default: Any
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        option_kind(self)  # an unknown kind fails where it is declared

    @property
    def widget(self) -> str:
        """The template that draws this option on a new match's form."""
        return KINDS[self.kind].option_widget


class Form(Protocol):
    """A submitted form or query string (a werkzeug ``MultiDict``)."""

    def __contains__(self, key: object) -> bool: ...

    def __getitem__(self, key: str) -> str: ...

    def get(self, key: str, default: Any = None) -> Any: ...

    def getlist(self, key: str) -> list[str]: ...


@dataclass(frozen=True)
class OptionKind:
    """What a kind of field means as a match option."""

    parse: Callable[[Option, Any], Any]
    schema: Callable[[Option], JSON]  # without default and description
    read_form: Callable[[Mapping[str, Any], str], Any]  # (form, key) -> raw or None
    examples: tuple[Any, ...]  # values an option of the kind may take


def _present(f: Field, value: Any, deck: cards.Deck) -> bool:
    return value is not None


def _form_values(f: Field, form: Form) -> Any:
    """The field's non-blank values: one as it is, several (a card picker's buttons,
    checkboxes) as a list; None when there are none."""
    values = [v for v in form.getlist(f.name) if v.strip()]
    if not values:
        return None
    return values if len(values) > 1 else values[0]


@dataclass(frozen=True)
class Kind:
    """One kind of field, everything about it in one place (see the module's doc).

    ``parse(field, raw, state, deck)`` is the canonical value or ``BadInput``;
    ``schema(field)`` every form the parser takes (the description is added by the
    caller); ``tool_schema(field, deck)`` JSON types only (None: ``schema``);
    ``read_form(field, form)`` the raw value a page sent (None: none); ``examples``
    values a field of this kind takes, with ``choices=("left", "right")``.
    """

    name: str
    description: str
    parse: Callable[[Field, Any, JSON | None, str], Any]
    schema: Callable[[Field], JSON]
    examples: tuple[Any, ...]
    tool_schema: Callable[[Field, cards.Deck], JSON] | None = None
    json_ok: Callable[[Field, Any, cards.Deck], bool] = _present
    json_type: str = "a value"  # what the API says a tool's field should be
    read_form: Callable[[Field, Form], Any] = _form_values
    # a value as a JSON client sends it (a tool's example, written as a page types it)
    to_json: Callable[[Any], Any] = lambda value: value
    many: bool = False  # a list of items: each a word, at most text.MAX_LIST
    seats: bool = False  # an index into the match's names of this kind (seat, side)
    option: OptionKind | None = None

    @property
    def widget(self) -> str:
        return f"fields/{self.name}.html"

    @property
    def option_widget(self) -> str:
        return f"fields/options/{self.name}.html"

    def json_schema(self, f: Field) -> JSON:
        """The JSON Schema of an event field of this kind, with its description."""
        return {**self.schema(f), "description": f.help}

    def tool_json_schema(self, f: Field, deck: cards.Deck) -> JSON:
        """The JSON Schema of a tool field (JSON types only), with its default."""
        schema = self.tool_schema(f, deck) if self.tool_schema else self.schema(f)
        schema["description"] = f.help
        if f.default is not None:
            schema["default"] = f.default
        return schema


def count_bound(f: Field) -> int:
    """The most items a list field takes: its own maximum, else the edge's."""
    return f.maximum if f.maximum is not None else text.MAX_LIST


# --- integer, boolean, string, choice ----------------------------------------------


def _bounded(schema: JSON, low: int | None, high: int | None, what: str = "") -> JSON:
    """``schema`` with its bounds: ``minimum``/``maximum``, or ``minItems``... for
    ``what="Items"``."""
    if low is not None:
        schema[f"min{what or 'imum'}"] = low
    if high is not None:
        schema[f"max{what or 'imum'}"] = high
    return schema


def _integer_ok(f: Field, value: Any, deck: cards.Deck) -> bool:
    if isinstance(value, float):
        return value.is_integer()
    return isinstance(value, int) and not isinstance(value, bool)


def _option_integer(opt: Option, value: Any) -> int | None:
    where = f"options.{opt.name}"
    if value is None and opt.default is None:
        return None  # an optional number left blank: the option is not used
    # a correct value to show: the default, else (an optional number) its least
    shown = opt.default if opt.default is not None else opt.minimum
    try:
        number = int(value)
        if isinstance(value, bool) or (isinstance(value, float) and value != number):
            raise ValueError
    except (TypeError, ValueError, OverflowError):
        raise BadInput(
            f"Option '{opt.name}' is a whole number.",
            field=where,
            example=f'"{opt.name}": {shown}',
            label=opt.label,
            sample=str(shown),
        ) from None
    if (opt.minimum is not None and number < opt.minimum) or (
        opt.maximum is not None and number > opt.maximum
    ):
        raise BadInput(
            f"Option '{opt.name}' goes from {opt.minimum} to {opt.maximum}; "
            f"{number} given.",
            field=where,
            example=f'"{opt.name}": {shown}',
            label=opt.label,
            sample=str(shown),
        )
    return number


def _form_option(form: Mapping[str, Any], key: str) -> Any:
    return form.get(key) if form.get(key, "") != "" else None


INTEGER = Kind(
    "integer",
    "a whole number, bounded by minimum/maximum",
    parse=lambda f, v, state, deck: notation.whole_number(
        v, f.name, f.minimum, f.maximum
    ),
    schema=lambda f: _bounded({"type": "integer"}, f.minimum, f.maximum),
    examples=(0, 7, -3),
    json_ok=_integer_ok,
    json_type="a whole number",
    option=OptionKind(
        parse=_option_integer,
        # an option whose default is None may be left out (null: not used)
        schema=lambda o: _bounded(
            {"type": "integer" if o.default is not None else ["integer", "null"]},
            o.minimum,
            o.maximum,
        ),
        read_form=_form_option,
        examples=(1, 3),
    ),
)

_TRUE_OPTION = frozenset({"true", "on", "yes", "1"})
_FALSE_OPTION = frozenset({"false", "off", "no", "0"})


def _option_boolean(opt: Option, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    word = value.strip().lower() if isinstance(value, str) else None
    if word in _TRUE_OPTION or word in _FALSE_OPTION:
        return word in _TRUE_OPTION
    raise BadInput(
        f"Option '{opt.name}' is true or false.",
        field=f"options.{opt.name}",
        example=f'"{opt.name}": true',
        label=opt.label,
    )


def _form_checkbox(f: Field, form: Form) -> bool | None:
    """A ticked box is true; an absent one false if the field is required."""
    if f.name in form:
        return form.get(f.name) not in ("", "0", "false", "off", "no")
    return False if f.required else None


BOOLEAN = Kind(
    "boolean",
    "true or false (a checkbox on a page)",
    parse=lambda f, v, state, deck: notation.truth(v, f.name),
    schema=lambda f: {"type": "boolean"},
    examples=(True, False),
    json_ok=lambda f, v, deck: isinstance(v, bool),
    json_type="true or false",
    read_form=_form_checkbox,
    option=OptionKind(
        parse=_option_boolean,
        schema=lambda o: {"type": "boolean"},
        read_form=lambda form, key: key in form,  # an absent checkbox: false
        examples=(True, False),
    ),
)

STRING = Kind(
    "string",
    "free text, bounded by maximum (length)",
    parse=lambda f, v, state, deck: notation.words(v, f.name, f.maximum),
    schema=lambda f: _bounded({"type": "string"}, None, f.maximum, "Length"),
    examples=("Table 2", ""),
    json_ok=lambda f, v, deck: (
        isinstance(v, str) and (f.maximum is None or len(v) <= f.maximum)
    ),
    json_type="text",
)


def _option_choice(opt: Option, value: Any) -> str:
    word = str(value).strip().lower()
    if word not in opt.choices:
        raise BadInput(
            f"Option '{opt.name}' is one of {', '.join(opt.choices)}; '{value}' given.",
            field=f"options.{opt.name}",
            example=f'"{opt.name}": "{opt.default}"',
            label=opt.label,
            sample=str(opt.default),
        )
    return word


def _spellings(f: Field, deck: cards.Deck) -> JSON:
    # Words are read in any case (NOTATION.md): "S" for spades as well as "s".
    spelt = [v for c in f.choices for v in (c, c.upper(), c.capitalize())]
    return {"enum": list(dict.fromkeys(spelt))}


CHOICE = Kind(
    "choice",
    "one of ``choices``",
    parse=lambda f, v, state, deck: notation.choice(v, f.choices),
    schema=lambda f: {"type": "string", "enum": list(f.choices)},
    examples=("left", "right"),
    tool_schema=_spellings,
    # in any case, as the tool's parser reads it (its choices are lower case)
    json_ok=lambda f, v, deck: isinstance(v, str) and v.lower() in f.choices,
    json_type="one of the listed words",
    option=OptionKind(
        parse=_option_choice,
        schema=lambda o: {"enum": list(o.choices)},
        read_form=_form_option,
        examples=("left", "right"),
    ),
)

# --- seats and sides ---------------------------------------------------------------


def _seat_schema(f: Field) -> JSON:
    return {
        "oneOf": [
            {"type": "integer", "minimum": 0},
            {"type": "string", "description": "a name"},
        ]
    }


SEAT = Kind(
    "seat",
    "a player: 0-based index or exact name; stored as the index",
    parse=lambda f, v, state, deck: notation.seat(
        v, list((state or {}).get("players", [])), "player"
    ),
    schema=_seat_schema,
    examples=(0, 1, "Ann"),
    seats=True,
)
SIDE = Kind(
    "side",
    "a side (player or team): index or name; stored as the index",
    parse=lambda f, v, state, deck: notation.seat(
        v, side_names(state or {"players": []}), "side"
    ),
    schema=_seat_schema,
    examples=SEAT.examples,
    seats=True,
)

# --- darts, dice and cards ---------------------------------------------------------


def _text_or_list(items: JSON) -> JSON:
    """A list, or its text form "T20 T20 S20" (a page's field)."""
    text_or = {"type": "string", "description": "space- or comma-separated"}
    return {"oneOf": [{"type": "array", "items": items}, text_or]}


def _strings_or_text(f: Field) -> JSON:
    schema = _text_or_list({"type": "string"})
    schema["oneOf"][0]["maxItems"] = count_bound(f)
    return schema


def _seg_and_mult(f: Field, form: Form) -> Any:
    """A dart as one code (``dart=T20``), or as the dartboard pad sends it without
    JavaScript: a multiplier radio and a number button (``mult=T``, ``seg=20``); a
    correction's pad sends the bulls and the miss as ``seg`` too (``seg=DB``)."""
    seg = form.get("seg")
    if f.name not in form and seg:
        return (form.get("mult") or "S") + seg if seg.isdecimal() else seg
    return _form_values(f, form)


DART = Kind(
    "dart",
    'one dart in NOTATION.md form, stored canonical ("T20")',
    parse=lambda f, v, state, deck: darts.parse_dart(v).code,
    schema=lambda f: {"type": "string"},
    examples=("T20", "db", "M"),
    read_form=_seg_and_mult,
)
DARTS = Kind(
    "darts",
    "1..maximum darts, stored as a list of canonical darts",
    parse=lambda f, v, state, deck: [
        d.code for d in darts.parse_darts(v, most=f.maximum or 3, least=f.minimum or 1)
    ],
    schema=_strings_or_text,
    examples=(["T20", "T20", "S20"], "T20 D16"),
    many=True,
)
DIE = Kind(
    "die",
    "one plain die 1..6",
    parse=lambda f, v, state, deck: dice.parse_die(v),
    schema=lambda f: {
        "oneOf": [
            {"type": "integer", "minimum": 1, "maximum": 6},
            {"type": "string"},
        ]
    },
    examples=(4, "6"),
)
ROLL = Kind(
    "roll",
    "exactly ``maximum`` plain dice (or minimum..maximum), stored as ints",
    parse=lambda f, v, state, deck: dice.parse_roll(
        v, count=f.maximum or 3, least=f.minimum
    ),
    schema=lambda f: _text_or_list({"type": "integer", "minimum": 1, "maximum": 6}),
    examples=([6, 6, 1], "6 6 1"),
)


def _card_schema(deck: cards.Deck) -> JSON:
    # every spelling NOTATION.md lists, in any case (the API reads them all)
    return {
        "type": "string",
        "pattern": cards.card_pattern(deck),
        "examples": list(deck.copies)[:3],
    }


def _card_list_schema(f: Field, deck: cards.Deck) -> JSON:
    schema: JSON = {"type": "array", "items": _card_schema(deck)}
    _bounded(schema, f.minimum, None, "Items")
    schema["maxItems"] = count_bound(f)
    if all(n == 1 for n in deck.copies.values()):
        schema["uniqueItems"] = True
    return schema


def spells_a_card(value: Any, deck: cards.Deck) -> bool:
    """A card of the deck in any spelling NOTATION.md lists (``7h`` as well as
    ``7H``), as the OpenAPI document's pattern says; an unlisted one is refused by
    the card parser itself, whose message names what is wrong with it."""
    if not isinstance(value, str):
        return False
    if re.fullmatch(cards.card_pattern(deck), value) is None:
        cards.parse_card(value, deck)  # raises, naming the bad token
        return False  # a card, but spelt with spaces the schema does not allow
    return True


CARD = Kind(
    "card",
    "one card of the game's deck, stored canonical",
    parse=lambda f, v, state, deck: cards.parse_card(v, deck),
    schema=lambda f: {"type": "string"},
    examples=("QS", "10h", "T♥"),
    tool_schema=lambda f, deck: _card_schema(deck),
    json_ok=lambda f, v, deck: spells_a_card(v, deck),
    json_type='a card code such as "7H"',
)
CARDS = Kind(
    "cards",
    "a list of cards from the game's deck, stored canonical",
    parse=lambda f, v, state, deck: cards.parse_cards(
        v, deck, least=f.minimum or 0, most=f.maximum
    ),
    schema=_strings_or_text,
    examples=(["7H", "8H", "9H"], "7H 8h 9H", []),
    tool_schema=_card_list_schema,
    # a list of card codes, or the calculator's text form "7H 8H 9H ..."
    json_ok=lambda f, v, deck: (
        isinstance(v, str)
        or (isinstance(v, list) and all(spells_a_card(c, deck) for c in v))
    ),
    json_type="a list of card codes",
    to_json=lambda v: cards.split_cards(v) if isinstance(v, str) else v,
    many=True,
)

# --- raw lists ---------------------------------------------------------------------


def _list_tool_schema(f: Field, deck: cards.Deck) -> JSON:
    items: JSON = (
        {"enum": list(f.choices)} if f.choices else {"type": ["integer", "string"]}
    )
    schema = _bounded({"type": "array", "items": items}, f.minimum, None, "Items")
    schema["maxItems"] = count_bound(f)
    return schema


def _list_ok(f: Field, value: Any, deck: cards.Deck) -> bool:
    if not isinstance(value, list):
        return False
    if (f.minimum is not None and len(value) < f.minimum) or (
        f.maximum is not None and len(value) > f.maximum
    ):
        return False
    if f.choices:  # a list of words from a fixed set (a pin, a card)
        return all(isinstance(x, str) and x in f.choices for x in value)
    return all(isinstance(x, int | str) and not isinstance(x, bool) for x in value)


LIST = Kind(
    "list",
    "a list of raw values, checked by the engine",
    parse=lambda f, v, state, deck: notation.raw_list(v, f.name),
    schema=lambda f: {"type": "array"},
    examples=(["left", "right"], [3, "cue"]),
    tool_schema=_list_tool_schema,
    json_ok=_list_ok,
    json_type="a list",
    many=True,
)

KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        INTEGER,
        BOOLEAN,
        STRING,
        CHOICE,
        SEAT,
        SIDE,
        DART,
        DARTS,
        DIE,
        ROLL,
        CARDS,
        CARD,
        LIST,
    )
}
FIELD_KINDS = tuple(KINDS)
OPTION_KINDS = tuple(name for name, k in KINDS.items() if k.option)


def option_kind(opt: Option) -> OptionKind:
    found = KINDS[opt.kind].option if opt.kind in KINDS else None
    if found is None:
        raise ValueError(f"unknown option kind {opt.kind!r}")
    return found


# --- reading requests --------------------------------------------------------------


class Decked(Protocol):
    """What the parsers read of a game: the deck its card fields are checked on."""

    @property
    def deck(self) -> str | None: ...


class Described(Protocol):
    """What the parsers read of an event kind: its type and examples."""

    @property
    def type(self) -> str: ...

    @property
    def examples(self) -> Sequence[Any]: ...


def parse_field(f: Field, value: Any, state: JSON | None, game: Decked | None) -> Any:
    """The canonical value of one field (``"t20"`` -> ``"T20"``), or ``BadInput``."""
    return KINDS[f.kind].parse(f, value, state, deck_in_play(game, state))


def deck_in_play(game: Decked | None, state: JSON | None) -> str:
    """The deck of the match: the game's, or the one its options choose (``pack``),
    so that a refusal names the pack on the table."""
    pack = getattr(game, "pack", None)
    if pack is not None and state and isinstance(state.get("options"), Mapping):
        return str(pack(state["options"]))
    return game.deck if game and game.deck else "standard"


def parse_fields(
    fields: Sequence[Field],
    raw: Mapping[str, Any],
    state: JSON | None,
    game: Decked | None = None,
    kind: Described | None = None,
) -> JSON:
    """Check and canonicalise a request's fields; an unknown field is bad input."""
    allowed = {f.name for f in fields} | {"type"}
    extra = sorted(set(raw) - allowed)
    example = example_text(kind) if kind else ""
    given = kind.examples[0].event if kind and kind.examples else {}

    def page(f: Field) -> JSON:
        """How a page names the field and shows a value of it."""
        sample = form_text(given[f.name]) if f.name in given else ""
        return {"label": f.label, "sample": "" if KINDS[f.kind].seats else sample}

    if extra:
        what = f"'{kind.type}'" if kind else "this request"
        names = ", ".join(sorted(allowed - {"type"})) or "none"
        raise BadInput(
            f"'{extra[0]}' is not a field of {what} (fields: {names}).",
            field=extra[0],
            example=example,
        )
    out: JSON = {}
    for f in fields:
        if f.name not in raw or raw[f.name] is None or raw[f.name] == "":
            if f.required:
                raise BadInput(
                    f"'{f.name}' is missing: {f.help}",
                    field=f.name,
                    example=example,
                    **page(f),
                )
            if f.default is not None:
                out[f.name] = f.default
            continue
        value = raw[f.name]
        try:
            if KINDS[f.kind].many and isinstance(value, list):
                _check_list(f, value, example)
            out[f.name] = parse_field(f, value, state, game)
        except BadInput as err:
            raise BadInput(
                err.message, field=f.name, example=err.example or example, **page(f)
            ) from None
    return out


def _check_list(f: Field, value: list[Any], example: str) -> None:
    """The bounds of a list field: its items (or ``text.MAX_LIST``), each a word."""
    if f.maximum is None and len(value) > text.MAX_LIST:
        raise BadInput(
            f"'{f.name}' holds at most {text.MAX_LIST} items; {len(value)} given. "
            f"{f.help}",
            field=f.name,
            example=example,
        )
    word = text.LIMITS["word"]
    long = next((v for v in value if isinstance(v, str) and len(v) > word), None)
    if long is not None:
        raise BadInput(
            f"'{f.name}' has an item of {len(long)} characters; an item (a card, a "
            f"ball, a dart) has at most {word}. {f.help}",
            field=f.name,
            example=example,
        )


def example_text(kind: Described | None) -> str:
    """An event kind's first example as JSON text, for a refusal to show."""
    if kind is None or not kind.examples:
        return ""
    return json.dumps(kind.examples[0].event)


def read_form(fields: Sequence[Field], form: Form) -> JSON:
    """Raw values of ``fields`` from a submitted form or query string, each read as
    its kind reads a form (a field the form leaves out is left out)."""
    out: JSON = {}
    for f in fields:
        value = KINDS[f.kind].read_form(f, form)
        if value is not None:
            out[f.name] = value
    return out


def parse_option(opt: Option, value: Any) -> Any:
    """An option's value in canonical form; a value it cannot take is ``BadInput``."""
    return option_kind(opt).parse(opt, value)


def option_schema(opt: Option) -> JSON:
    """The JSON Schema of an option, with its default and description."""
    schema = option_kind(opt).schema(opt)
    return {**schema, "default": opt.default, "description": f"{opt.label}: {opt.help}"}


def read_options(
    options: Sequence[Option], form: Mapping[str, Any], prefix: str = "opt_"
) -> JSON:
    """Raw option values from a form; a checkbox that is absent means false."""
    raw: JSON = {}
    for opt in options:
        value = option_kind(opt).read_form(form, f"{prefix}{opt.name}")
        if value is not None:
            raw[opt.name] = value
    return raw


# --- players and teams -------------------------------------------------------------

MAX_NAME = text.LIMITS["name"]


def parse_names(players: Sequence[Any]) -> list[str]:
    """The players' names: each checked text, none empty, no two alike."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise BadInput(
            "'players' is a list of names.",
            field="players",
            example='"players": ["Ann", "Bob"]',
        )
    names = []
    for p in players:
        ok = isinstance(p, str | int) and not isinstance(p, bool)
        name = text.check(p, "players", "name") if ok else ""
        if not name:
            raise BadInput(
                "A player's name is empty.",
                field="players",
                example='"players": ["Ann", "Bob"]',
            )
        names.append(name)
    folded = [n.casefold() for n in names]
    dupes = sorted({n for n in names if folded.count(n.casefold()) > 1})
    if dupes:
        raise BadInput(
            f"Two players are called '{dupes[0]}': give each a different name "
            "(e.g. 'Ann B.').",
            field="players",
        )
    return names


def parse_team(team: Any, index: int) -> tuple[str, tuple[str, ...]]:
    """One team: its name (``Team 2`` when blank) and its players."""
    if not isinstance(team, Mapping) or "players" not in team:
        raise BadInput(
            "A team is an object with a 'name' and 'players'.",
            field="teams",
            example='"teams": [{"name": "Reds", "players": ["Ann", "Cy"]}]',
        )
    name = text.check(team.get("name") or "", "teams", "name") or f"Team {index + 1}"
    members = tuple(parse_names(team["players"]))
    if not members:  # so there are never more teams than the game has players
        raise BadInput(
            f"{name} has no players: a team has at least one.",
            field="teams",
            example='"teams": [{"name": "Reds", "players": ["Ann", "Cy"]}]',
        )
    return name, members


# The seat of the player who acts, as most games word it.
PLAYER = Field("player", "seat", "Who: seat number from 0, or the name.")
# Who did an event the referee can also infer (``Handler.actor``): named, it is
# checked against whose turn it is; left out, the referee takes that player.
ACTOR = Field(
    "player",
    "seat",
    "Who did it: seat number from 0, or the name. Left out: whoever's turn it is; "
    "naming anyone else is refused as out of turn.",
    required=False,
    on_pages=False,  # a page shows whose turn it is and credits that player
)
