"""Hostile input to every operation, with the right keys: never a 5xx, on SQLite or PG.

Schemathesis (``test_schemathesis.py``) draws JSON that fits the schemas, from
Hypothesis's default alphabet: no NUL (``allow-x00 = false``), no lone surrogate, no
nesting deeper than the schemas. Here every operation of the OpenAPI document gets
Schemathesis's own valid requests with one part made hostile by Hypothesis: a string
(or a key of an object) replaced by NUL, a lone surrogate, control or format
characters, or very long text; any value, or the whole body, replaced by nesting
hundreds to thousands deep; a path parameter replaced by bytes that are not UTF-8.
Writes carry the key of the match or tournament they are sent to, and an event goes
to a match of a game that has it, so the hostile part reaches the code behind the
authentication. Every answer must be below 500, and a refusal from the API a
problem+json. Afterwards every page and read of everything that was created or
written to is fetched: a string once stored must never break a page.

``REFEREE_HOSTILE_EXAMPLES`` sets the examples per operation (5 in the suite: about
40 s per database on the busy 2-core machine, every operation reached with each kind
of hostile part over a few runs); ``make fuzz`` runs it with 100.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import games

pytestmark = pytest.mark.slow

EXAMPLES = int(os.environ.get("REFEREE_HOSTILE_EXAMPLES", "5"))
MARK = "\u2063hostile\u2063"  # a placeholder no generated value contains

# --- the hostile parts ----------------------------------------------------------------

HOSTILE_STRINGS = st.one_of(
    st.sampled_from(
        [
            "\x00",
            "Ann\x00",
            "\ud800",
            "x\udc00y",
            "\udfff\ud800",
            "\u202eevil",
            "\x1b[2J",
            "a\r\nb",
            "\x7f",
            "\ufeff",
            "e\u0301",
            "",
            " ",
        ]
    ),
    st.text(
        st.characters(categories=["Cs", "Cc", "Cf", "Co", "Zl", "Zp"]),
        min_size=1,
        max_size=16,
    ),
    st.text(min_size=1, max_size=8).flatmap(
        lambda t: st.text(st.characters(categories=["Cs", "Cc"]), min_size=1).map(
            lambda h: t + h + t
        )
    ),
    # very long: past every documented maximum, below and above the 64 KiB body limit
    st.builds(
        lambda c, n: c * n,
        st.sampled_from(["a", "é", "\U0001f3af", "\x00", " "]),
        st.sampled_from([256, 1_000, 10_000, 70_000]),
    ),
)


def nested(depth: int, kind: str) -> str:
    """JSON text nested ``depth`` deep (built as text: json.dumps would recurse)."""
    if kind == "list":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


NESTING = st.builds(
    nested, st.sampled_from([64, 500, 1_000, 5_000]), st.sampled_from(["list", "dict"])
)


def paths_in(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value: its own path, then its children's."""
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths_in(item, (*here, key))
            yield (*here, ("key", key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths_in(item, (*here, i))


def marked(value: Any, path: tuple[Any, ...]) -> Any:
    """``value`` with the place at ``path`` replaced by MARK (a key: renamed MARK)."""
    if not path:
        return MARK
    step, rest = path[0], path[1:]
    if isinstance(step, tuple):  # a key of this object
        return {MARK if k == step[1] else k: v for k, v in value.items()}
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[step] = marked(value[step], rest)
    return copy


@st.composite
def hostile_body(draw: st.DrawFn, body: Any) -> tuple[bytes, str]:
    """The body as JSON text with one place made hostile, and what was done where."""
    places = list(paths_in(body))
    path = draw(st.sampled_from(places))
    is_key = bool(path) and isinstance(path[-1], tuple)
    if is_key or draw(st.booleans()):
        replacement = json.dumps(draw(HOSTILE_STRINGS))  # \ud800 stays an escape
        what = f"the string {replacement[:40]}{'...' if len(replacement) > 40 else ''}"
        what += f" ({len(replacement)} chars)" if len(replacement) > 40 else ""
    else:
        replacement = draw(NESTING)
        what = (
            f"nesting {replacement.count(replacement[0])} deep ({replacement[:5]}...)"
        )
    where = "/".join(str(p[1] if isinstance(p, tuple) else p) for p in path) or "body"
    text = json.dumps(marked(body, path))
    return text.replace(json.dumps(MARK), replacement, 1).encode(), f"{what} at {where}"


BAD_PATH_PARTS = st.sampled_from(["%00", "%ED%A0%80", "%FF%FE", "a%0Ab", "x" * 5000])


# --- the world the requests act on ---------------------------------------------------


class World:
    """What exists: a match of every game, tournaments, a profile, and their keys."""

    def __init__(self, client: FlaskClient, document: dict[str, Any]) -> None:
        self.client = client
        self.keys: dict[str, str] = {}
        self.match_of: dict[str, str] = {}  # game -> a match of it
        self.matches: set[str] = set()
        self.tournaments: set[str] = set()
        self.players: set[str] = set()
        create = document["paths"]["/api/v1/matches"]["post"]["requestBody"]
        for game, example in create["content"]["application/json"]["examples"].items():
            made = self.created(client.post("/api/v1/matches", json=example["value"]))
            self.match_of[game] = made
        self.night = self.created(
            client.post(
                "/api/v1/tournaments",
                json={
                    "players": ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
                },
            )
        )
        self.league = self.created(
            client.post(
                "/api/v1/tournaments",
                json={
                    "kind": "round-robin",
                    "game": "darts-301",
                    "players": ["Ann", "Bob", "Cy", "Dee"],
                },
            )
        )
        darts = self.match_of["darts-301"]
        linked = client.put(
            f"/api/v1/matches/{darts}/players",
            json={"players": ["Ann Smith", None]},
            headers={"Authorization": f"Bearer {self.keys[darts]}"},
        )
        assert linked.status_code == 200, linked.get_json()
        self.refresh_players()
        self.player = sorted(self.players)[0]
        self.games_with: dict[str, list[str]] = {}
        for game in games.registry().values():
            for kind in game.events:
                self.games_with.setdefault(kind.type, []).append(game.id)

    def refresh_players(self) -> None:
        """Every profile (a seat link makes one by name, hostile names included)."""
        listed = self.client.get("/api/v1/players").get_json()
        items = listed.get("players", []) if isinstance(listed, dict) else listed
        self.players.update(p["id"] for p in items or [] if isinstance(p, dict))

    def created(self, response: Any) -> str:
        assert response.status_code == 201, response.get_json()
        self.remember(response.get_json())
        return str(response.get_json()["id"])

    def remember(self, body: Any) -> None:
        """Keep what a 201 created (a hostile name included), to read it afterwards."""
        if not isinstance(body, dict) or not isinstance(body.get("id"), str):
            return
        if "edit_key" in body:
            self.keys[body["id"]] = body["edit_key"]
            self.matches.add(body["id"])
        elif isinstance(body.get("keys"), dict):
            self.keys[body["id"]] = body["keys"]["organiser"]["key"]
            self.tournaments.add(body["id"])

    def target(self, operation: str, path: str, body: Any) -> str:
        """The id a request about ``path`` acts on (an event: a match of its game)."""
        if path.startswith("/api/v1/players/"):
            return self.player
        if path.startswith("/api/v1/tournaments/"):
            return self.league if operation == "addTournamentEvent" else self.night
        event = body.get("event") if isinstance(body, dict) else None
        kind = event.get("type") if isinstance(event, dict) else None
        homes = self.games_with.get(kind, []) if isinstance(kind, str) else []
        return self.match_of[homes[0] if homes else "darts-301"]


@pytest.fixture
def world(app: Flask, client: FlaskClient) -> tuple[World, Any]:
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    document = client.get("/api/v1/openapi.json").get_json()
    return World(client, document), schema


class Crashed:
    """What a server gives for an exception no handler caught: a 500."""

    def __init__(self, err: BaseException) -> None:
        self.status_code = 500
        self.mimetype = "text/html"
        self.text = f"{type(err).__name__}: {err}"

    def get_data(self, as_text: bool = False) -> str:
        return self.text

    def get_json(self, silent: bool = False) -> None:
        return None


def fetch(client: FlaskClient, path: str, **kwargs: Any) -> Any:
    """A request through the test client; an exception it lets through is a 500.

    Under TESTING, Flask raises what escaped the app (an answer that cannot be
    encoded, say) instead of answering 500 as a server does.
    """
    try:
        return client.open(path, **kwargs)
    except Exception as err:  # noqa: BLE001 (any escape is the finding)
        return Crashed(err)


def send(
    world: World, operation: Any, case: Any, raw: bytes | None, bad_path: str
) -> Any:
    """One request: the case's method and path, the hostile body, the right key."""
    params = dict(case.path_parameters or {})
    op_id = operation.definition.raw.get("operationId", "")
    target = world.target(op_id, operation.path, case.body)
    for name in params:
        params[name] = {"id": target, "seq": 1, "slug": "bad-input"}.get(name, "x")
    path = operation.path
    for name, value in params.items():
        path = path.replace("{" + name + "}", str(value))
    if bad_path:
        path = path.replace(str(target), bad_path) if "{id}" in operation.path else path
    headers = {"Idempotency-Key": uuid.uuid4().hex}
    if target in world.keys:
        headers["Authorization"] = f"Bearer {world.keys[target]}"
    response = fetch(
        world.client,
        path,
        method=operation.method.upper(),
        data=raw,
        query_string=case.query or None,
        headers=headers,
        content_type="application/json" if raw is not None else None,
    )
    if response.status_code == 201:
        world.remember(response.get_json(silent=True))
    return path, response


def attacks(world: World, operation: Any, found: list[str]) -> Any:
    """A Hypothesis test of one operation: its valid requests, one part made hostile."""

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def attack(data: st.DataObject) -> None:
        case = data.draw(operation.as_strategy())
        body = case.body if isinstance(case.body, (dict, list)) else None
        has_body = bool(operation.body) and body is not None
        raw, what = data.draw(hostile_body(body)) if has_body else (None, "")
        bad_path = ""
        if "{id}" in operation.path and (not has_body or data.draw(st.booleans())):
            bad_path = data.draw(BAD_PATH_PARTS)
            what = "; ".join(filter(None, [what, f"the id {bad_path[:20]}"]))
        path, response = send(world, operation, case, raw, bad_path)
        method = operation.method.upper()
        if response.status_code >= 500:
            text = response.get_data(as_text=True)
            found.append(
                f"{method} {operation.path} with {what}: {response.status_code} "
                f"{text[:100]}"
            )
        elif (
            response.status_code >= 400
            and path.startswith("/api/")
            and response.mimetype != "application/problem+json"
        ):
            found.append(
                f"{method} {operation.path} with {what}: {response.status_code} as "
                f"{response.mimetype}, not problem+json"
            )

    return attack


def test_hostile_input_to_every_operation_is_never_a_server_error(
    world: tuple[World, Any],
) -> None:
    state, schema = world
    found: list[str] = []
    for result in schema.get_all_operations():
        attacks(state, result.ok(), found)()
    found.extend(pages_that_fail(state))
    assert found == [], "\n".join(dict.fromkeys(found))


def pages_that_fail(world: World) -> list[str]:
    """Every page and read of what exists now, hostile names and all: below 500."""
    app = world.client.application
    world.refresh_players()
    found = []
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()) or rule.endpoint.startswith("live."):
            continue
        for argument, ids in (
            ("match_id", world.matches),
            ("tournament_id", world.tournaments),
            ("player_id", world.players),
        ):
            if set(rule.arguments) != {argument}:
                continue
            for ident in sorted(ids):
                path = rule.rule.replace(f"<{argument}>", ident)
                response = fetch(world.client, path)
                if response.status_code >= 500:
                    found.append(f"GET {path}: {response.status_code} after the attack")
    return found
