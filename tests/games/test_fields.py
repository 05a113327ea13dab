"""The one table of field kinds (referee.games.fields.KINDS): complete and consistent.

Each kind carries every part its consumers look up (parser, JSON Schema, tool schema,
JSON check, form reading, widget, description, examples; an option part for the
option kinds), the fuzz tests' strategies are keyed by the same names, and each
kind's schemas take its own examples, which its parser reads.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from werkzeug.datastructures import MultiDict

from referee import ROOT
from referee import games
from referee.games import cards
from referee.games.fields import KINDS
from referee.games.fields import OPTION_KINDS
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.fields import option_schema
from referee.games.fields import parse_field
from referee.games.fields import parse_option
from referee.games.fields import read_form
from referee.games.fields import read_options
from referee.games.outcomes import BadInput
from tests import strategies

STATE = {"players": ["Ann", "Bob"]}
DECK = cards.DECKS["standard"]


def sample(kind: str) -> Field:
    """The field a kind's examples are written for."""
    return Field("example", kind, "An example.", choices=("left", "right"))


def valid(schema: dict, value: object) -> bool:
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema).is_valid(value)


def test_the_field_kinds_are_the_table_and_every_game_uses_only_them():
    used = {
        f.kind
        for game in games.registry().values()
        for declared in [*game.events, *game.tools]
        for f in declared.fields
    }
    assert used <= set(KINDS)
    assert set(OPTION_KINDS) == {"integer", "boolean", "choice"}
    with pytest.raises(ValueError, match="unknown field kind"):
        Field("x", "colour", "A colour.")
    with pytest.raises(ValueError, match="unknown option kind"):
        Option("x", "X", "An option.", "dart", "T20")


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_has_each_part(name):
    kind = KINDS[name]
    assert kind.name == name
    assert kind.description
    assert kind.json_type
    assert kind.examples
    for part in (kind.parse, kind.schema, kind.json_ok, kind.read_form, kind.to_json):
        assert callable(part)
    assert (ROOT / "templates" / kind.widget).is_file(), kind.widget
    assert sample(name).widget == kind.widget == f"fields/{name}.html"
    if name in OPTION_KINDS:
        assert kind.option is not None
        assert kind.option.examples
        assert (ROOT / "templates" / kind.option_widget).is_file()
    else:
        assert kind.option is None


def test_the_fuzz_strategies_are_keyed_by_the_table():
    assert set(strategies.VALUES) == set(KINDS)
    assert set(strategies.IN_RANGE) == set(KINDS)
    assert set(strategies.OPTION_VALUES) == set(OPTION_KINDS)


def test_no_template_is_left_over():
    drawn = {p.name for p in (ROOT / "templates" / "fields").glob("*.html")}
    assert drawn - {"_text.html"} == {f"{k}.html" for k in KINDS}
    options = {p.stem for p in (ROOT / "templates" / "fields" / "options").iterdir()}
    assert options == set(OPTION_KINDS)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_each_kinds_schema_takes_its_own_examples_and_its_parser_reads_them(name):
    kind, f = KINDS[name], sample(name)
    schema = kind.json_schema(f)
    assert schema["description"] == f.help
    tool = kind.tool_json_schema(f, DECK)
    for example in kind.examples:
        assert valid(schema, example), (name, example, schema)
        parse_field(f, example, STATE, None)  # no BadInput
        # what a tool's schema publishes, the API's JSON check takes
        if valid(tool, example):
            assert kind.json_ok(f, kind.to_json(example), DECK), (name, example)


@pytest.mark.parametrize("name", OPTION_KINDS)
def test_each_option_kinds_schema_takes_its_own_examples(name):
    part = KINDS[name].option
    assert part is not None
    for example in part.examples:
        opt = Option("o", "O", "An option.", name, example, choices=("left", "right"))
        schema = option_schema(opt)
        assert schema["default"] == example
        assert valid(schema, example), (name, example, schema)
        assert parse_option(opt, example) == example


def test_a_value_the_parser_refuses_is_bad_input_naming_the_field():
    with pytest.raises(BadInput, match="'example' is a whole number"):
        parse_field(sample("integer"), "seven", STATE, None)
    with pytest.raises(BadInput, match="not a dart"):
        parse_field(sample("dart"), "T25x", STATE, None)


def test_forms_are_read_by_kind():
    fields = [
        Field("dart", "dart", "A dart."),
        Field("bust", "boolean", "Bust?"),
        Field("foul", "boolean", "Foul?", required=False),
        Field("cards", "cards", "Cards."),
        Field("note", "string", "A note.", required=False),
    ]
    form = MultiDict([("mult", "T"), ("seg", "20"), ("cards", "7H"), ("cards", "8H")])
    read = read_form(fields, form)
    assert read == {"dart": "T20", "bust": False, "cards": ["7H", "8H"]}
    form = MultiDict([("dart", "D16"), ("foul", "on"), ("note", "  ")])
    assert read_form(fields, form) == {"dart": "D16", "bust": False, "foul": True}
    options = [
        Option("legs", "Legs", "Legs.", "integer", 3),
        Option("double_in", "Double in", "Double in.", "boolean", False),
    ]
    assert read_options(options, {"opt_legs": ""}) == {"double_in": False}
    assert read_options(options, {"x_legs": "5", "x_double_in": "on"}, "x_") == {
        "legs": "5",
        "double_in": True,
    }


HELPERS = ("outcomes", "boards", "fields", "notation", "cards", "darts", "dice", "text")


@pytest.mark.parametrize("name", HELPERS)
def test_the_helper_modules_never_import_the_game_module(name):
    """base imports them (to keep every name importable from it), so none imports
    base, at module level or in a function: no import cycle, not even a late one."""
    tree = ast.parse(Path(ROOT / "referee" / "games" / f"{name}.py").read_text())
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert "referee.games.base" not in imported
