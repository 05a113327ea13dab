"""The request edge: no input makes a 500, text is text, every size has a bound.

Each test is one finding of issue 25 as it stood on main: deep nesting was a 500
(RecursionError), a lone surrogate or a NUL in a name or title was stored (or a
500), a bunko night took 6,000 players, and a stored bad string broke every page.
"""

from __future__ import annotations

import json
import re
import unicodedata
import uuid
from typing import Any

import pytest
from sqlalchemy import update

from referee import ledger
from referee import tournaments
from referee.db import db
from referee.games import text
from referee.models import Match
from referee.models import Tournament
from referee.web.boards import BOARDS

DEEP = "[" * 1000 + "]" * 1000
EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
NIGHT = {"kind": "bunko-night", "players": EIGHT}
ROUND_ROBIN = {
    "kind": "round-robin",
    "game": "darts-301",
    "players": ["Ann", "Bob", "Cy", "Di"],
    "stations": ["Board 1", "Board 2"],
}


def _problem(response: Any, status: int, field: str) -> str:
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert field in body["errors"], body
    return str(body["errors"][field])


def _write_paths(api: Any) -> list[str]:
    match = api.create("darts-301")["id"]
    return [
        "/api/v1/matches",
        "/api/v1/tournaments",
        "/api/v1/tools/darts-301/checkout",
        "/api/v1/tools/poker-draw/showdown",
        f"/api/v1/matches/{match}/events",
        f"/api/v1/matches/{match}/undo",
        f"/api/v1/matches/{match}/confirm",
    ]


# --- nesting ------------------------------------------------------------------------


def test_a_deeply_nested_body_is_422_naming_the_nesting_limit(api, client):
    for path in _write_paths(api):
        response = client.post(
            path, data=DEEP, headers={"Content-Type": "application/json"}
        )
        message = _problem(response, 422, "body")
        assert f"at most {text.MAX_DEPTH}" in message, path
        assert "Example:" in message


def test_nesting_up_to_the_limit_is_read_as_usual(client):
    nested: Any = "Friday"
    for _ in range(text.MAX_DEPTH - 2):
        nested = [nested]
    body = {"game": "darts-301", "players": ["Ann", "Bob"], "options": {"x": nested}}
    response = client.post("/api/v1/matches", json=body)
    # read, then refused by the game for what it says, not for its depth
    assert _problem(response, 422, "options.x")
    assert "not an option" in response.get_json()["detail"]


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert text.nesting(json.dumps({"title": "[" * 500})) == 1
    assert text.nesting(b'{"a": "\\"[[[", "b": [[1]]}') == 3


# --- text: surrogates, NUL, controls, NFC, lengths ----------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": ["\ud800", "Bob"]}, "players[0]"),
        ({"players": ["Ann", "B\x00b"]}, "players[1]"),
        ({"players": ["Ann", "Bob"], "title": "x\udc00y"}, "title"),
        ({"players": ["Ann", "Bob"], "title": "Final\x00"}, "title"),
        ({"players": ["Ann", "Bob"], "title": "bell\x07"}, "title"),
        ({"players": ["Ann", "Bob"], "options": {"start\x00": 301}}, "options"),
    ],
)
def test_a_match_with_text_that_is_not_text_is_422_naming_the_field(
    client, body, field
):
    response = client.post("/api/v1/matches", json={"game": "darts-301", **body})
    message = _problem(response, 422, field)
    assert "which is not text" in message
    assert "e.g." in message


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**NIGHT, "title": "Bunko\x00"}, "title"),
        ({**NIGHT, "players": [*EIGHT[:7], "H\ud800l"]}, "players[7]"),
        ({**ROUND_ROBIN, "title": "Darts\x00"}, "title"),
        ({**ROUND_ROBIN, "stations": ["Board\x001", "Board 2"]}, "stations[0]"),
        ({**ROUND_ROBIN, "stations": ["Board\x1b1", "Board 2"]}, "stations[0]"),
    ],
)
def test_a_tournament_with_text_that_is_not_text_is_422_naming_the_field(
    client, body, field
):
    response = client.post("/api/v1/tournaments", json=body)
    assert "which is not text" in _problem(response, 422, field)


def test_a_tool_request_with_a_nul_is_422_naming_the_field(client):
    response = client.post(
        "/api/v1/tools/poker-draw/showdown", json={"hands": "Ann: 9S 9H 2D QC 4S\x00"}
    )
    assert "NUL" in _problem(response, 422, "hands")


def test_a_tool_keeps_its_newlines(client):
    response = client.post(
        "/api/v1/tools/poker-draw/showdown",
        json={"hands": "Ann: 9S 9H 2D QC 4S\nBob: KS KD 7C 4H 3H"},
    )
    assert response.status_code == 200, response.get_json()


def test_names_are_stored_in_nfc_with_spaces_folded(api):
    decomposed = "Rene\u0301e"
    match = api.create("darts-301", [decomposed, "Bob\t\nSmith"])
    assert match["players"] == [unicodedata.normalize("NFC", decomposed), "Bob Smith"]
    assert match["players"][0] == "Renée"


@pytest.mark.parametrize(
    ("body", "field", "limit"),
    [
        ({"players": ["A" * 41, "Bob"]}, "players", 40),
        ({"players": ["Ann", "Bob"], "title": "T" * 81}, "title", 80),
    ],
)
def test_text_longer_than_its_kind_is_422_with_the_limit(client, body, field, limit):
    response = client.post("/api/v1/matches", json={"game": "darts-301", **body})
    assert f"at most {limit}" in _problem(response, 422, field)


def test_any_string_longer_than_the_text_limit_is_422(client):
    response = client.post(
        "/api/v1/tools/liars-dice/beats", json={"claim": "x" * 1001, "last": "A A"}
    )
    assert f"at most {text.LIMITS['text']}" in _problem(response, 422, "claim")


def test_a_station_name_longer_than_a_station_is_422(client):
    body = {**ROUND_ROBIN, "stations": ["B" * 31, "Board 2"]}
    response = client.post("/api/v1/tournaments", json=body)
    assert "at most 30" in _problem(response, 422, "stations")


def test_a_profile_name_with_a_surrogate_is_422(api, client):
    match = api.create("darts-301")["id"]
    response = client.put(
        f"/api/v1/matches/{match}/players",
        json={"players": ["A\udfffnn", None]},
        headers=api.headers(match),
    )
    assert "lone surrogate" in _problem(response, 422, "players[0]")


# --- sizes --------------------------------------------------------------------------


def test_a_bunko_night_of_6000_players_is_422(client):
    players = [f"P{i}" for i in range(6000)]
    response = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": players}
    )
    assert f"at most {text.MAX_ITEMS}" in _problem(response, 422, "players")


def test_a_bunko_night_beyond_its_bound_is_422_naming_the_bound(client):
    players = [f"P{i}" for i in range(204)]
    response = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": players}
    )
    assert "at most 200 players" in _problem(response, 422, "players")


def test_more_stations_than_the_bound_is_422(client):
    body = {**ROUND_ROBIN, "stations": [f"Board {i}" for i in range(40)]}
    response = client.post("/api/v1/tournaments", json=body)
    assert "At most 32 stations" in _problem(response, 422, "stations")


# --- headers ------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["abc\x01def", "key\x7f", "\x85", "k" * 256])
def test_an_idempotency_key_that_is_not_printable_text_is_400_naming_it(
    api, client, value
):
    match = api.create("darts-301")["id"]
    response = client.post(
        f"/api/v1/matches/{match}/events",
        json={"event": {"type": "dart", "dart": "T20"}},
        headers={**api.headers(match), "Idempotency-Key": value},
    )
    message = _problem(response, 400, "Idempotency-Key")
    assert "Example: Idempotency-Key:" in message
    assert response.get_json()["type"] == "/api/v1/problems/idempotency-key"
    response = client.post(
        "/api/v1/matches",
        json={"game": "darts-301", "players": ["Ann", "Bob"]},
        headers={"Idempotency-Key": value},
    )
    _problem(response, 400, "Idempotency-Key")


# --- forms --------------------------------------------------------------------------


def test_a_form_with_a_nul_gets_a_page_naming_the_field(client):
    response = client.post(
        "/new/darts-301", data={"players": "Ann\nB\x00b", "title": ""}
    )
    assert response.status_code == 422
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "players" in page
    assert "NUL" in page


def test_a_form_title_with_a_control_character_is_refused(client, app):
    response = client.post(
        "/new/darts-301", data={"players": "Ann\nBob", "title": "Final\x1b[31m"}
    )
    assert response.status_code == 422
    with app.app_context():
        assert db.session.execute(db.select(Match)).first() is None


# --- stored text: every page renders whatever is stored -----------------------------

BAD = "A\ud800n\x00n\x07"  # a lone surrogate, a NUL and a bell in one name


def _poison(value: Any, name: str) -> Any:
    """``value`` with every string equal to ``name`` replaced by ``BAD``."""
    return json.loads(json.dumps(value).replace(json.dumps(name), json.dumps(BAD)))


def _pages(app: Any, **ids: str) -> list[str]:
    """Every GET page of the url_map that takes only these ids (and small numbers)."""
    fill = {**ids, "index": 0, "number": 1, "seq": 1}
    urls = []
    for rule in app.url_map.iter_rules():
        if (
            "GET" not in (rule.methods or ())
            or rule.endpoint.startswith("live.")  # a stream, tested in test_live
            or not set(ids) & rule.arguments
            or not rule.arguments <= set(fill)
        ):
            continue
        with app.test_request_context():
            from flask import url_for

            urls.append(url_for(rule.endpoint, **{a: fill[a] for a in rule.arguments}))
    return urls


def test_every_match_page_renders_a_stored_bad_string(api, client, app, backend):
    match = api.create("darts-301", ["Ann", "Bob"], title="Final")["id"]
    api.event(match, {"type": "dart", "dart": "T20"})
    client.get(f"/m/{match}/join/{api.keys[match]}")  # the scorer's pages too
    title = "Fin\x07al" if backend == "postgresql" else "Fin\x00al\x07"
    with app.app_context():
        row = db.session.get(Match, match)
        db.session.execute(
            update(Match)
            .where(Match.id == match)
            .values(
                title=title,
                players=_poison(row.players, "Ann"),
                state=_poison(row.state, "Ann"),
            )
        )
        db.session.commit()
    pages = _pages(app, match_id=match)
    assert f"/m/{match}" in pages
    assert f"/m/{match}/watch" in pages
    assert f"/m/{match}/export.csv" in pages
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
    board = client.get(f"/api/v1/matches/{match}").get_json()
    assert board["players"][0] == "A\ufffdnn"  # the surrogate shown as U+FFFD
    assert client.get(f"/m/{match}").status_code == 200


@pytest.mark.parametrize("body", [NIGHT, ROUND_ROBIN], ids=["bunko", "round-robin"])
def test_every_tournament_page_renders_a_stored_bad_string(client, app, body):
    created = client.post("/api/v1/tournaments", json=body).get_json()
    night = created["id"]
    pin = created["keys"]["organiser"]["pin"]
    assert client.post(f"/n/{night}/join", data={"pin": pin}).status_code == 302
    pages = _pages(app, tournament_id=night)
    assert f"/n/{night}" in pages
    assert f"/n/{night}/admin" in pages
    # a page of another format (a bunko night's bracket) is 404 before and after
    before = {url: client.get(url).status_code for url in pages}
    assert before[f"/n/{night}/admin"] == 200
    with app.app_context():
        row = db.session.get(Tournament, night)
        db.session.execute(
            update(Tournament)
            .where(Tournament.id == night)
            .values(
                title="Night\x07",
                players=_poison(row.players, "Ann"),
                state=_poison(row.state, "Ann"),
            )
        )
        for t in tournaments.table_matches(tournaments.get(night)):
            m = db.session.get(Match, t.match)
            db.session.execute(
                update(Match)
                .where(Match.id == m.id)
                .values(
                    players=_poison(m.players, "Ann"), state=_poison(m.state, "Ann")
                )
            )
        db.session.commit()
    # The rows were edited behind the app's back (no version moved): the process
    # forgets its snapshots of the night, as a restart after such a repair would.
    BOARDS.clear()
    after = {url: client.get(url).status_code for url in pages}
    assert after == before
    assert sorted(before.values())[-1] < 500
    assert list(before.values()).count(200) > 5
    key = created["keys"]["organiser"]["key"]
    response = client.get(
        f"/api/v1/tournaments/{night}", headers={"Authorization": f"Bearer {key}"}
    )
    assert response.status_code == 200
    assert "A\ufffdnn" in response.get_json()["players"]


def test_a_repaired_string_is_text():
    repaired = text.repair(BAD)
    assert repaired == "A\ufffdnn"
    assert text.bad_char(repaired) is None


def test_an_unguessable_key_is_still_fine(api, client):
    match = api.create("darts-301")["id"]
    response = client.post(
        f"/api/v1/matches/{match}/events",
        json={"event": {"type": "dart", "dart": "T20"}},
        headers={**api.headers(match), "Idempotency-Key": str(uuid.uuid4())},
    )
    assert response.status_code == 201
    with client.application.app_context():
        assert ledger.get(match).version == 1


def test_a_list_field_with_no_bound_of_its_own_takes_at_most_max_list(client):
    response = client.post(
        "/api/v1/tools/billiards/spot", json={"balls": [3] * (text.MAX_LIST + 1)}
    )
    assert f"at most {text.MAX_LIST}" in _problem(response, 422, "balls")


# --- the document states the bounds -------------------------------------------------


def _request_schemas(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Every schema node a request body reaches, through $refs."""
    schemas = doc["components"]["schemas"]
    found: list[dict[str, Any]] = []
    seen: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            ref = node.get("$ref", "")
            if ref.startswith("#/components/schemas/"):
                name = ref.rsplit("/", 1)[1]
                if name not in seen:
                    seen.add(name)
                    walk(schemas[name])
                return
            found.append(node)
            for key, value in node.items():
                if key not in ("example", "examples", "default", "enum", "const"):
                    walk(value)

    for path in doc["paths"].values():
        for op in path.values():
            if isinstance(op, dict) and "requestBody" in op:
                walk(op["requestBody"])
    return found


def test_the_openapi_document_bounds_every_string_and_list_of_a_request(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    nodes = _request_schemas(doc)
    assert len(nodes) > 500

    def kinds(node: dict[str, Any]) -> list[Any]:
        kind = node.get("type")
        return kind if isinstance(kind, list) else [kind]

    strings = [n for n in nodes if "string" in kinds(n)]
    arrays = [n for n in nodes if "array" in kinds(n)]
    assert strings
    assert arrays
    assert [n for n in strings if "maxLength" not in n] == []
    assert [n for n in arrays if "maxItems" not in n] == []
    # and the text rule, as a pattern a NUL or an escape character fails

    def refuses_controls(node: dict[str, Any]) -> bool:
        patterns = [node.get("pattern", "")]
        patterns += [rule.get("pattern", "") for rule in node.get("allOf", [])]
        return any(
            p and re.search(p, "ok") and not re.search(p, "o\x00k") for p in patterns
        )

    free = [n for n in strings if "enum" not in n and "const" not in n]
    assert [n for n in free if not refuses_controls(n)] == []
    new = doc["components"]["schemas"]["NewTournament"]["properties"]
    assert new["players"]["maxItems"] == 200
    assert new["title"]["maxLength"] == text.LIMITS["title"]
    assert f"nests at most {text.MAX_DEPTH}" in doc["info"]["description"]


def test_a_form_title_is_stored_in_nfc_with_spaces_folded(client, app):
    response = client.post(
        "/new/darts-301", data={"players": "Ann\nBob", "title": "Rene\u0301e's   final"}
    )
    assert response.status_code == 302
    with app.app_context():
        match = db.session.execute(db.select(Match)).scalar_one()
        assert match.title == "Renée's final"


def test_a_night_form_with_a_title_too_long_is_422_naming_it(client):
    players = "\n".join(EIGHT)
    response = client.post("/n/new", data={"players": players, "title": "T" * 81})
    assert response.status_code == 422
    assert "at most 80 characters" in response.get_data(as_text=True)


def test_a_team_with_no_players_is_422_so_teams_are_bounded_by_seats(client):
    teams = [
        {"name": "Reds", "players": ["Ann"]},
        {"name": "Blues", "players": ["Bob"]},
        *({"name": f"Empty {i}", "players": []} for i in range(200)),
    ]
    body = {"game": "billiards", "teams": teams}
    response = client.post("/api/v1/matches", json=body)
    assert "at least one" in _problem(response, 422, "teams")


def test_an_item_of_a_list_longer_than_a_word_is_422(client):
    # read as ball 0 before: int("000…0") is 0
    response = client.post(
        "/api/v1/tools/billiards/spot", json={"balls": [3], "blocked": ["0" * 41]}
    )
    assert "at most 40" in _problem(response, 422, "blocked")


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/matches/%00",
        "/api/v1/matches/%00/events",
        "/api/v1/tournaments/%00",
        "/api/v1/players/%00",
        "/m/%00",
        "/m/ab%01cd/watch",
    ],
)
def test_an_id_in_the_path_that_is_not_text_is_404_not_a_500(client, path):
    """Issue 25 (found by the hostile fuzz): PostgreSQL refuses a NUL in a query."""
    response = client.get(path)
    assert response.status_code == 404
    if path.startswith("/api/"):
        assert response.mimetype == "application/problem+json"
        assert "letters and digits" in response.get_json()["detail"]
