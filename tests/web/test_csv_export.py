"""CSV exports are safe to open in a spreadsheet (OWASP CSV injection)."""

from __future__ import annotations

import csv
import io

from hypothesis import given
from hypothesis import strategies as st

from referee.web.csvsafe import FORMULA_STARTS
from referee.web.csvsafe import safe_cell
from referee.web.csvsafe import to_csv

EVIL = '=HYPERLINK("http://x","y")'


def test_a_player_named_like_a_formula_comes_out_of_the_csv_export_as_text(api, client):
    match = api.create("darts-301", [EVIL, "+SUM(1,2)", "@cmd", "-2+3"])
    assert api.event(match["id"], {"type": "dart", "dart": "T20"}).status_code == 201
    response = client.get(f"/m/{match['id']}/export.csv")
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.text)))
    summary = rows[1][5]
    assert summary.startswith("'" + EVIL), summary
    for row in rows:
        for cell in row:
            assert not cell.startswith(FORMULA_STARTS), (cell, row)


def test_cells_starting_with_each_formula_character_get_a_quote():
    for start in FORMULA_STARTS:
        assert safe_cell(f"{start}1+1") == f"'{start}1+1"
    assert safe_cell("\tcmd") == "'\tcmd"
    assert safe_cell("\r=1") == "'\r=1"


def test_plain_numbers_and_ordinary_text_are_left_as_they_are():
    for value in ("-5", "+3", "-2.5", "12", 7, -4, "Ann: T20, 241 left.", ""):
        assert safe_cell(value) == ("" if value == "" else str(value))
    assert safe_cell(None) == ""


def test_numbers_with_anything_more_are_not_plain_numbers():
    for value in ("-2+3", "-1e3", "+1)", "-5 ", "-cmd|' /C calc'!A0"):
        assert safe_cell(value) == "'" + value


@given(st.text())
def test_a_cell_never_starts_a_formula_and_loses_nothing(text):
    cell = safe_cell(text)
    if cell.startswith(FORMULA_STARTS):
        float(cell)  # only a plain number may start with + or -
        assert cell == text
    assert cell in (text, "'" + text)


@given(st.lists(st.lists(st.text(), max_size=4), max_size=4))
def test_to_csv_round_trips_through_a_csv_reader(rows):
    rows = [row for row in rows if row]  # csv writes an empty row as a blank line
    back = list(csv.reader(io.StringIO(to_csv(rows))))
    assert back == [[safe_cell(c) for c in row] for row in rows]
