"""The credential matrix's world: docs/security.md's tables, the targets, the personas.

Shared by the access matrix tests (tests/web/test_access_matrix.py): the expected
matrix is read from docs/security.md (which routes make each group, and which groups
each kind of credential opens on each target), so the docs and the tests cannot
drift apart; ``build`` makes the targets through the API and ``persona`` a phone (and
the bearer a program would send) holding one kind of credential.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule

from referee import ledger
from tests.web.write_routes import API_BODIES
from tests.web.write_routes import EIGHT
from tests.web.write_routes import WRITE_METHODS
from tests.web.write_routes import body_for
from tests.web.write_routes import is_api
from tests.web.write_routes import url_of

DOC = Path(__file__).resolve().parents[2] / "docs" / "security.md"
REFUSED = {401, 403, 404}
# Entry points that take a credential in the URL and trade it for a session grant:
# each is checked by the personas' own set-up (a wrong key there is a 403).
JOINS = {"matches.join_link", "players.join_side", "tournaments.join_table"}
CREDENTIALS = (
    "edit key",
    "side key",
    "table key",
    "organiser key",
    "game PIN",
    "table PIN",
    "claim code",
    "none",
)
MATCH_GROUPS = {"enter", "fix", "scorer", "confirm"}
# Where each group is tried (see docs/security.md, "The access matrix").
GROUP_TARGETS = {
    **dict.fromkeys(
        MATCH_GROUPS,
        ("the match", "the confirmation match", "table 1's game", "table 2's game"),
    ),
    "table": ("the night",),
    "board": ("the league",),
    "organise": ("the night", "the league"),
    "league": ("the pool league",),
}
FOUR = ["Ann", "Bob", "Cy", "Dee"]


# --- the expected matrix, from the docs ----------------------------------------------


def _table_after(heading: str) -> list[list[str]]:
    """The rows of the first Markdown table under ``heading`` in docs/security.md."""
    text = DOC.read_text()
    section = text.split(f"## {heading}\n", 1)[1]
    rows = []
    for line in section.splitlines():
        if line.startswith("## "):
            break
        if line.startswith("|") and not set(line) <= set("|- "):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows[1:]  # without the header


def _names(cell: str) -> set[str]:
    return {n.strip().strip("`") for n in cell.split(",") if n.strip() not in ("", "—")}


def groups() -> dict[str, str]:
    """endpoint -> its group."""
    out = {}
    for group, routes in _table_after("What each group of routes needs"):
        for endpoint in _names(routes):
            assert endpoint not in out, f"{endpoint} is in two groups"
            out[endpoint] = group
    return out


def expected() -> dict[tuple[str, str, str], set[str]]:
    """(credential, target, "pages" | "API") -> the groups it opens."""
    out: dict[tuple[str, str, str], set[str]] = {}
    for credential, target, pages, api in _table_after("The access matrix"):
        assert credential in CREDENTIALS, f"unknown credential {credential!r}"
        out[(credential, target, "pages")] = _names(pages)
        out[(credential, target, "API")] = _names(api)
    return out


# --- the world -----------------------------------------------------------------------


@dataclass
class World:
    ids: dict[str, str]  # target -> id
    secrets: dict[str, str] = field(default_factory=dict)  # name -> plain value
    made: dict[str, Any] = field(default_factory=dict)


def _created(client: FlaskClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def _api(client: FlaskClient, method: str, path: str, key: str, body: Any) -> Any:
    return client.open(
        path,
        method=method,
        json=body,
        headers={
            "Authorization": f"Bearer {key}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )


def build(app: Flask) -> World:
    client = app.test_client()
    match = _created(client, "/api/v1/matches", API_BODIES["api.create_match"])
    sides = _created(
        client,
        "/api/v1/matches",
        {"game": "darts-301", "players": ["Ann", "Bob", "Cy"], "confirm": True},
    )
    night = _created(
        client, "/api/v1/tournaments", {"kind": "bunko-night", "players": EIGHT}
    )
    league = _created(
        client,
        "/api/v1/tournaments",
        {
            "kind": "round-robin",
            "game": "darts-301",
            "players": FOUR,
            "stations": ["Board 1", "Board 2"],
        },
    )
    assert league["pairings"][0]["station"] == 1, "pairing 1 is on board 1"
    pool = _created(client, "/api/v1/leagues", API_BODIES["league_api.create"])
    dart = {"event": {"type": "dart", "dart": "T20"}}
    for made in (match, sides):  # entry #1, by the scorer (the first side)
        reply = _api(
            client,
            "POST",
            f"/api/v1/matches/{made['id']}/events",
            made["edit_key"],
            dart,
        )
        assert reply.status_code == 201, reply.get_json()
    for number in (1, 2):  # and entry #1 at each table, by its phone
        game = str(night["tables"][number - 1]["match"])
        first = client.get(f"/api/v1/matches/{game}").get_json()["players"][0]
        roll = {"event": {"type": "first_roll", "player": first, "die": 6}}
        key = night["keys"]["tables"][number - 1]["key"]
        reply = _api(client, "POST", f"/api/v1/matches/{game}/events", key, roll)
        assert reply.status_code == 201, reply.get_json()
    linked = _api(
        client,
        "PUT",
        f"/api/v1/matches/{match['id']}/players",
        match["edit_key"],
        {"players": ["Zed Claimer", None]},
    ).get_json()
    world = World(
        ids={
            "the match": match["id"],
            "the confirmation match": sides["id"],
            "table 1's game": str(night["tables"][0]["match"]),
            "table 2's game": str(night["tables"][1]["match"]),
            "the night": night["id"],
            "the league": league["id"],
            "the pool league": pool["id"],
        },
        made={
            "match": match,
            "sides": sides,
            "night": night,
            "league": league,
            "pool": pool,
        },
    )
    with app.app_context():
        game_pin = ledger.credentials(ledger.get(world.ids["table 1's game"])).pin
        tokens = {
            f"join token {t}": ledger.join_token(ledger.get(world.ids[t]))
            for t in ("the match", "the confirmation match", "table 1's game")
        }
    world.made |= {
        "game pin": game_pin,
        "claim": (
            linked["players"][0]["player"]["id"],
            linked["claim_codes"]["Zed Claimer"],
        ),
    }
    world.secrets = {
        "edit key": match["edit_key"],
        "match pin": match["pin"],
        "confirmation edit key": sides["edit_key"],
        "confirmation pin": sides["pin"],
        **{f"side key {s['side']}": s["key"] for s in sides["side_keys"]},
        "organiser key": night["keys"]["organiser"]["key"],
        "organiser pin": night["keys"]["organiser"]["pin"],
        **{f"table key {t['table']}": t["key"] for t in night["keys"]["tables"]},
        **{f"table pin {t['table']}": t["pin"] for t in night["keys"]["tables"]},
        "league organiser key": league["keys"]["organiser"]["key"],
        "league organiser pin": league["keys"]["organiser"]["pin"],
        "pool league key": pool["keys"]["organiser"]["key"],
        "pool league pin": pool["keys"]["organiser"]["pin"],
        **{f"board key {t['table']}": t["key"] for t in league["keys"]["tables"]},
        **{f"board pin {t['table']}": t["pin"] for t in league["keys"]["tables"]},
        "game pin": game_pin,
        "claim code": world.made["claim"][1],
        **tokens,
    }
    return world


# --- the personas --------------------------------------------------------------------


@dataclass
class Persona:
    """A phone holding one kind of credential, and the bearer a program would send."""

    credential: str
    client: FlaskClient
    bearers: dict[str, str] = field(default_factory=dict)  # target -> key
    default: str | None = None

    def bearer(self, target: str) -> str | None:
        return self.bearers.get(target, self.default)


def persona(app: Flask, world: World, credential: str) -> Persona:
    phone = app.test_client()
    made, ids = world.made, world.ids
    night, league = made["night"], made["league"]

    def opens(path: str, method: str = "GET", **data: Any) -> None:
        response = phone.open(path, method=method, data=data or None)
        assert response.status_code in (302, 303), (path, response.status_code)

    if credential == "edit key":
        for m in (made["match"], made["sides"]):
            opens(f"/m/{m['id']}/join/{m['edit_key']}")
        return Persona(
            credential,
            phone,
            {"the confirmation match": made["sides"]["edit_key"]},
            made["match"]["edit_key"],
        )
    if credential == "side key":
        first, second = made["sides"]["side_keys"]
        opens(f"/m/{made['sides']['id']}/side/{first['side']}/{first['key']}")
        return Persona(credential, phone, default=second["key"])
    if credential == "table key":
        table, board = night["keys"]["tables"][0], league["keys"]["tables"][0]
        opens(f"/n/{night['id']}/t/1/join/{table['key']}")
        opens(f"/n/{league['id']}/t/1/join/{board['key']}")
        return Persona(credential, phone, {"the league": board["key"]}, table["key"])
    if credential == "organiser key":
        mine, theirs = night["keys"]["organiser"], league["keys"]["organiser"]
        opens(f"/n/{night['id']}/t/1/join/{mine['key']}")
        opens(f"/n/{league['id']}/t/1/join/{theirs['key']}")
        pool = made["pool"]["keys"]["organiser"]["key"]
        return Persona(
            credential,
            phone,
            {"the league": theirs["key"], "the pool league": pool},
            mine["key"],
        )
    if credential == "game PIN":
        opens("/join", "POST", pin=made["game pin"])
    elif credential == "table PIN":
        opens(
            f"/n/{ids['the night']}/join", "POST", pin=night["keys"]["tables"][0]["pin"]
        )
        opens(
            f"/n/{ids['the league']}/join",
            "POST",
            pin=league["keys"]["tables"][0]["pin"],
        )
    elif credential == "claim code":
        player, code = made["claim"]
        opens(f"/players/{player}/claim", "POST", code=code, idem="claim")
    return Persona(credential, phone)


# --- the routes ----------------------------------------------------------------------


def matrix_rules(app: Flask) -> list[Rule]:
    """Every route the matrix covers: the grouped ones, in the url_map's order."""
    grouped = groups()
    return sorted(
        (r for r in app.url_map.iter_rules() if r.endpoint in grouped),
        key=lambda r: r.endpoint,
    )


def _method(rule: Rule) -> str:
    writes = sorted(rule.methods & WRITE_METHODS)
    return writes[0] if writes else "GET"


def _body(rule: Rule) -> dict[str, Any] | None:
    if _method(rule) == "GET":
        return None
    body = body_for(rule)
    # ``fix`` is tried on entry #1, the scorer's (the first side's in confirmation
    # mode): a plain undo would take whatever came last.
    if rule.endpoint == "matches.undo":
        body["target"] = "1"
    if rule.endpoint == "api.undo":
        body["target"] = 1
    return body


def send(who: Persona, rule: Rule, target: str, world: World) -> Any:
    target_id = world.ids[target]
    match_id = target_id if "match_id" in rule.arguments else None
    tournament_id = None if match_id else target_id
    url = url_of(rule, match_id, tournament_id)
    body = _body(rule)
    if is_api(rule):
        headers = {"Idempotency-Key": uuid.uuid4().hex}
        bearer = who.bearer(target)
        if bearer:
            headers["Authorization"] = f"Bearer {bearer}"
        return who.client.open(url, method=_method(rule), json=body, headers=headers)
    return who.client.open(url, method=_method(rule), data=body)
