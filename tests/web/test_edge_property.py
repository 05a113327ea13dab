"""Hostile text and nesting never make a 5xx, and nothing stored fails the text check.

Random strings (lone surrogates, NUL and other control characters, combining marks,
very long runs) and random nesting are sent as every text field of a new match, a
new tournament and every tool request, and as whole bodies. Every answer is below
500; every answer that stored something holds only text the edge's check accepts,
in NFC; and afterwards no row of the database holds anything else.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from sqlalchemy import text as sql

from referee import games
from referee.db import db
from referee.games import text

SPECIAL = [
    "\x00",
    "\ud800",
    "\udfff",
    "\ud83d",
    "\x1b[31m",
    "\x7f",
    "\x85",
    "\u0301",
    "e\u0301",
    "\t",
    "\n",
    "\r\n",
    "\u202e",
    "\ufeff",
    "[",
    "{",
    '"',
    "\\",
    "",
    " ",
]
HOSTILE = st.one_of(
    st.text(
        st.characters(
            codec=None, categories=("Cc", "Cs", "Cf", "Mn", "Zs", "Lu", "Ll", "So")
        ),
        max_size=12,
    ),
    st.lists(
        st.sampled_from(SPECIAL) | st.sampled_from(["Ann", "Bob", "x"]), max_size=4
    ).map("".join),
    st.tuples(st.sampled_from(SPECIAL + ["ab"]), st.integers(1, 1100)).map(
        lambda pair: pair[0] * pair[1]
    ),
)
NESTED = st.recursive(
    HOSTILE | st.integers() | st.none(),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(HOSTILE, inner, max_size=3)
    ),
    max_leaves=6,
)
DEPTH = st.integers(0, 80)
FIXTURES = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
TOOLS = [(g.id, t) for g in games.registry().values() for t in g.tools]


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    return []


def _check(response: Any) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)[:400]
    if response.status_code in (200, 201):
        for s in _strings(response.get_json()):
            assert text.bad_char(s) is None, repr(s)
            assert unicodedata.is_normalized("NFC", s), repr(s)


def _deep(depth: int, leaf: Any) -> Any:
    for _ in range(depth):
        leaf = [leaf]
    return leaf


@settings(max_examples=60, deadline=None, suppress_health_check=FIXTURES)
@given(
    players=st.lists(HOSTILE, min_size=1, max_size=4),
    title=HOSTILE,
    option=st.tuples(HOSTILE, NESTED),
    team=HOSTILE,
    depth=DEPTH,
)
def test_hostile_text_in_a_new_match_is_never_a_5xx(
    client, players, title, option, team, depth
):
    for body in (
        {"game": "darts-301", "players": players, "title": title},
        {"game": "darts-301", "players": ["Ann", "Bob"], "options": dict([option])},
        {
            "game": "pinochle",
            "teams": [
                {"name": team, "players": ["Ann", "Cy"]},
                {"name": "B", "players": _deep(depth, "Bob") if depth else ["Bob"]},
            ],
        },
    ):
        _check(client.post("/api/v1/matches", json=body))


@settings(max_examples=40, deadline=None, suppress_health_check=FIXTURES)
@given(name=HOSTILE, title=HOSTILE, station=HOSTILE, depth=DEPTH)
def test_hostile_text_in_a_new_tournament_is_never_a_5xx(
    client, name, title, station, depth
):
    for body in (
        {"kind": "bunko-night", "title": title, "players": [*EIGHT[:7], name]},
        {
            "kind": "round-robin",
            "game": "darts-301",
            "title": title,
            "players": ["Ann", "Bob", "Cy", name],
            "stations": [station, _deep(depth, "Board 2")],
        },
    ):
        _check(client.post("/api/v1/tournaments", json=body))


@settings(max_examples=80, deadline=None, suppress_health_check=FIXTURES)
@given(tool=st.sampled_from(TOOLS), value=HOSTILE | NESTED, depth=DEPTH, data=st.data())
def test_hostile_text_in_any_tool_request_is_never_a_5xx(
    client, tool, value, depth, data
):
    game_id, found = tool
    field = data.draw(st.sampled_from([f.name for f in found.fields]))
    body = {**found.example, field: _deep(depth, value)}
    _check(client.post(f"/api/v1/tools/{game_id}/{found.name}", json=body))


@settings(max_examples=30, deadline=None, suppress_health_check=FIXTURES)
@given(depth=st.integers(0, 3000), opener=st.sampled_from(["[", '{"a":', "[{"]))
def test_any_nesting_as_a_whole_body_is_never_a_5xx(api, client, depth, opener):
    closer = {"[": "]", '{"a":': "}", "[{": "}]"}[opener]
    raw = opener * depth + "1" + closer * depth
    match = next(iter(api.keys), None) or api.create("darts-301")["id"]
    for path in (
        "/api/v1/matches",
        "/api/v1/tournaments",
        "/api/v1/tools/darts-301/checkout",
        f"/api/v1/matches/{match}/events",
    ):
        response = client.post(
            path, data=raw, headers={"Content-Type": "application/json"}
        )
        assert response.status_code < 500, (path, depth)


BAD_ESCAPE = re.compile(
    r"\\u(00[01][0-9a-fA-F]|007[fF]|00[89][0-9a-fA-F]|[dD][89a-fA-F][0-9a-fA-F]{2})"
)


def test_after_hostile_creates_no_row_holds_anything_but_text(client, app):
    """The stored side of the property, read raw from the database."""
    bodies = [
        {
            "game": "darts-301",
            "players": ["An\u0301n", "Bob\t\tSmith"],
            "title": "e\u0301",
        },
        {"game": "darts-301", "players": ["Ann\ud800", "Bob"]},
        {"kind": "bunko-night", "players": [*EIGHT[:7], "H\x00al"]},
        {"kind": "bunko-night", "title": "Fri\u0301", "players": EIGHT},
    ]
    for body in bodies:
        path = "/api/v1/tournaments" if "kind" in body else "/api/v1/matches"
        _check(client.post(path, json=body))
    with app.app_context():
        pg = db.engine.dialect.name == "postgresql"
        for table, columns in {
            "match": ("title", "players", "teams", "state"),
            "tournament": ("title", "players", "state"),
            "match_event": ("data", "ruling"),
            "tournament_event": ("data", "ruling"),
        }.items():
            for column in columns:
                expr = f"CAST({column} AS TEXT)" if pg else column
                for (raw,) in db.session.execute(
                    sql(f"SELECT {expr} FROM {table}")  # noqa: S608
                ):
                    assert not BAD_ESCAPE.search(raw or ""), (table, column, raw)
                    decoded = json.loads(raw) if column != "title" else raw
                    for s in _strings(decoded):
                        assert text.bad_char(s) is None
                        assert unicodedata.is_normalized("NFC", s), (table, s)
