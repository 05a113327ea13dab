"""Record the replay corpus: ``.venv/bin/python -m tests.replay.record [name ...]``.

Every documented example goes through the Flask test client on a fresh SQLite
database (one per corpus file), and each request is written with its status and
answer, normalised (see ``tests/replay/corpus.py``). Record on the code whose
behaviour is the reference; ``tests/replay/test_replay.py`` replays the files.

With names, only those files are recorded (``darts-301``, ``tools``, ...).
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade

from referee import create_app
from referee import formats
from referee import games
from referee import rulebook
from referee.db import MIGRATIONS
from referee.db import db
from referee.web.errors import PROBLEMS
from tests.replay import corpus

CONFIG = {
    "TESTING": True,
    "SECRET_KEY": "test-secret-key-of-at-least-32-bytes!!",
    "WTF_CSRF_ENABLED": False,
    "SERVER_NAME": "referee.test",
}
EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
FOUR = ["Ann", "Bob", "Cy", "Dee"]


class Recorder:
    """Sends requests like a client and writes down each one and its outcome."""

    def __init__(self, client: FlaskClient, name: str) -> None:
        self.client = client
        self.file = name
        self.norm = corpus.Normaliser()
        self.entries: list[dict[str, Any]] = []
        self.idem = 0

    def key(self) -> str:
        """A fresh Idempotency-Key (the same on every replay)."""
        self.idem += 1
        return f"{self.file}-{self.idem}"

    def send(self, name: str, method: str, path: str, **request: Any) -> Any:
        """Send a request and record it; returns ``(status, raw JSON answer)``."""
        names = {e["name"] for e in self.entries}
        assert name not in names, f"{self.file}: two entries named {name}"
        entry: dict[str, Any] = {"name": name, "method": method}
        entry["path"] = self.norm.text(path)
        for part in ("headers", "json", "form"):
            if part in request:
                entry[part] = self.norm.apply(request[part])
        for flag in ("page", "compare", "digest"):
            if request.get(flag):
                entry[flag] = request[flag]
        got, answer = corpus.send(self.client, self.norm, entry)
        entry.update(got)
        self.entries.append(entry)
        return got["status"], answer

    def api(self, name: str, method: str, path: str, **request: Any) -> Any:
        return self.send(name, method, path, **request)

    def page(self, name: str, path: str, method: str = "GET", **request: Any) -> int:
        return int(self.send(name, method, path, page=True, **request)[0])

    def writer(self, key: str, idem: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {key}", "Idempotency-Key": idem or self.key()}


# --- games ---


def match_pages(r: Recorder, name: str, match: dict[str, Any]) -> None:
    """The pages a match has, for a watcher and then for its scorer."""
    mid = match["id"]
    r.page(f"{name}/page:watch", f"/m/{mid}/watch")
    r.page(f"{name}/page:match", f"/m/{mid}")
    r.page(f"{name}/page:join", f"/m/{mid}/join/{match['edit_key']}")
    r.page(f"{name}/page:scorer", f"/m/{mid}")
    r.page(f"{name}/page:log", f"/m/{mid}/log")
    r.page(f"{name}/page:history", f"/m/{mid}/history")
    r.page(f"{name}/page:share", f"/m/{mid}/share")
    r.page(f"{name}/page:export.csv", f"/m/{mid}/export.csv")


def create(
    r: Recorder, name: str, body: dict[str, Any], digest: str | None = None
) -> dict[str, Any]:
    status, match = r.api(name, "POST", "/api/v1/matches", json=body, digest=digest)
    assert status == 201, (name, match)
    return dict(match)


def event(r: Recorder, name: str, match: dict[str, Any], ev: Any, **kw: Any) -> Any:
    headers = kw.pop("headers", None) or r.writer(match["edit_key"])
    digest = "brief" if kw.pop("brief", False) else None
    return r.api(
        name,
        "POST",
        f"/api/v1/matches/{match['id']}/events",
        json={"event": ev, **kw},
        headers=headers,
        digest=digest,
    )


def record_game(r: Recorder, game: games.Game) -> None:
    first = True
    made: set[str] = set()
    for kind in game.events:
        for i, example in enumerate(kind.examples, start=1):
            name = f"{kind.type}-{i}"
            body = {
                "game": game.id,
                "players": list(example.players),
                "options": dict(example.options),
            }
            # the same players and options start the same board: recorded once
            seen = json.dumps(body, sort_keys=True)
            match = create(r, f"{name}/create", body, "brief" if seen in made else None)
            made.add(seen)
            for n, before in enumerate(example.setup, start=1):
                status, _ = event(r, f"{name}/setup-{n}", match, before, brief=1)
                assert status == 201, (game.id, name, n)
            status, _ = event(r, f"{name}/example", match, example.event)
            assert status == 201, (game.id, name)
            match_pages(r, name, match)
            r.api(
                f"{name}/profiles",
                "PUT",
                f"/api/v1/matches/{match['id']}/players",
                json={"players": list(example.players)},
                headers={"Authorization": f"Bearer {match['edit_key']}"},
                digest="brief",
            )
            by_form(r, name, match, example.event, len(example.setup) + 1)
            if first:
                mid = match["id"]
                r.api(f"{name}/read", "GET", f"/api/v1/matches/{mid}")
                r.api(f"{name}/events", "GET", f"/api/v1/matches/{mid}/events")
                r.api(f"{name}/history", "GET", f"/api/v1/matches/{mid}/history")
                r.page(f"{name}/page:export.json", f"/m/{mid}/export.json")
                first = False
            if example.setup:  # the example alone, on a fresh match: often refused
                match = create(r, f"{name}/alone/create", body, "brief")
                event(r, f"{name}/alone", match, example.event)
    refusals(r, game)
    profiles(r, "profiles")


def form_of(event: dict[str, Any]) -> dict[str, Any]:
    """An event as a page's form sends it: strings, a list as repeated fields."""
    out: dict[str, Any] = {}
    for name, value in event.items():
        if isinstance(value, bool):
            if value:
                out[name] = "on"
        elif isinstance(value, list):
            out[name] = [str(v) for v in value]
        elif value is not None:
            out[name] = str(value)
    return out


def by_form(r: Recorder, name: str, match: dict[str, Any], ev: Any, seq: int) -> None:
    """The example again, from the scorer's page: undo it, send the form, read it."""
    mid = match["id"]
    r.api(
        f"{name}/undo",
        "POST",
        f"/api/v1/matches/{mid}/undo",
        json={},
        headers=r.writer(match["edit_key"]),
        digest="brief",
    )
    r.page(
        f"{name}/form",
        f"/m/{mid}/events",
        method="POST",
        form={**form_of(ev), "idem": r.key(), "seq": str(seq + 1)},
    )
    r.api(f"{name}/form-read", "GET", f"/api/v1/matches/{mid}/events?after={seq + 1}")


def refusals(r: Recorder, game: games.Game) -> None:
    """Bad and refused requests: the outcome table's cases, per game."""
    example = game.events[0].examples[0]
    body = {
        "game": game.id,
        "players": list(example.players),
        "options": dict(example.options),
    }
    r.api(
        "bad/create-option",
        "POST",
        "/api/v1/matches",
        json={**body, "options": {"no-such-option": 1}},
    )
    r.api("bad/create-players", "POST", "/api/v1/matches", json={**body, "players": []})
    r.api("bad/create-field", "POST", "/api/v1/matches", json={**body, "colour": 1})
    match = create(r, "bad/create", body, "brief")
    mid = match["id"]
    event(r, "bad/unknown-type", match, {"type": "no-such-event"})
    event(r, "bad/not-an-object", match, "T20")
    event(r, "bad/no-event", match, None)
    for kind in game.events:
        if any(f.required for f in kind.fields):
            event(r, f"bad/missing-field:{kind.type}", match, {"type": kind.type})
            break
    event(r, "bad/extra-field", match, {**example.event, "colour": "red"})
    event(r, "bad/no-key", match, example.event, headers={"Idempotency-Key": r.key()})
    event(
        r,
        "bad/wrong-key",
        match,
        example.event,
        headers=r.writer("not-the-key-of-this-match"),
    )
    r.api(
        "bad/undo-empty",
        "POST",
        f"/api/v1/matches/{mid}/undo",
        json={},
        headers=r.writer(match["edit_key"]),
    )
    r.page("form/join-empty", f"/m/{mid}/join/{match['edit_key']}")
    r.api(
        "form/outbox-undo-empty",
        "POST",
        f"/m/{mid}/undo",
        headers={"Accept": "application/json"},
        form={"idem": r.key()},
    )
    r.page("form/undo-empty", f"/m/{mid}/undo", method="POST", form={"idem": r.key()})

    for n, before in enumerate(example.setup, start=1):
        event(r, f"bad/setup-{n}", match, before, brief=True)
    idem = r.key()
    event(
        r, "idem/first", match, example.event, headers=r.writer(match["edit_key"], idem)
    )
    event(
        r,
        "idem/same",
        match,
        example.event,
        headers=r.writer(match["edit_key"], idem),
        brief=True,
    )
    event(
        r,
        "idem/reused",
        match,
        {"type": "no-such-event"},
        headers=r.writer(match["edit_key"], idem),
    )
    seq = len(example.setup) + 1  # idem/first, in play
    r.page("page/amend", f"/m/{mid}/log/{seq}/edit")
    r.page(
        "page/amend-post",
        f"/m/{mid}/log/{seq}/edit",
        method="POST",
        form={**form_of(example.event), "idem": r.key()},
    )
    r.page("page/amend-missing", f"/m/{mid}/log/99/edit")
    event(r, "bad/stale-seq", match, example.event, expected_seq=0)
    r.api(
        "amend/first",
        "PUT",
        f"/api/v1/matches/{mid}/events/1",
        json={"event": (example.setup or (example.event,))[0]},
        headers=r.writer(match["edit_key"]),
    )
    r.api(
        "amend/bad",
        "PUT",
        f"/api/v1/matches/{mid}/events/1",
        json={"event": {"type": "no-such-event"}},
        headers=r.writer(match["edit_key"]),
    )
    r.api(
        "undo/documented",
        "POST",
        f"/api/v1/matches/{mid}/undo",
        json={"expected_seq": 3},
        headers=r.writer(match["edit_key"]),
    )
    r.api(
        "undo/bad-field",
        "POST",
        f"/api/v1/matches/{mid}/undo",
        json={"colour": 1},
        headers=r.writer(match["edit_key"]),
    )
    idem = r.key()
    r.api(
        "undo/last",
        "POST",
        f"/api/v1/matches/{mid}/undo",
        json={},
        headers=r.writer(match["edit_key"], idem),
    )
    r.api(
        "undo/reused",
        "POST",
        f"/api/v1/matches/{mid}/undo",
        json={"target": 1},
        headers=r.writer(match["edit_key"], idem),
    )
    r.api(
        "amend/none",
        "PUT",
        f"/api/v1/matches/{mid}/events/99",
        json={"event": example.event},
        headers=r.writer(match["edit_key"]),
    )
    r.page("form/join", f"/m/{mid}/join/{match['edit_key']}")
    idem = r.key()
    form = {**form_of(example.event), "idem": idem}
    r.page("form/first", f"/m/{mid}/events", method="POST", form=form)
    r.page("form/same", f"/m/{mid}/events", method="POST", form=form)
    r.page(
        "form/reused",
        f"/m/{mid}/events",
        method="POST",
        form={"type": "no-such-event", "idem": idem},
    )
    outbox = {"Accept": "application/json"}
    r.api(
        "form/outbox-reused",
        "POST",
        f"/m/{mid}/events",
        headers=outbox,
        form={"type": "no-such-event", "idem": idem},
    )
    r.api(
        "form/outbox-bad",
        "POST",
        f"/m/{mid}/events",
        headers=outbox,
        form={"type": "no-such-event", "idem": r.key()},
    )
    r.api(
        "form/outbox-stale",
        "POST",
        f"/m/{mid}/events",
        headers=outbox,
        form={**form_of(example.event), "idem": r.key(), "seq": "0"},
    )
    r.page(
        "form/bad",
        f"/m/{mid}/events",
        method="POST",
        form={"type": "no-such-event", "idem": r.key()},
    )
    r.page("form/incomplete", f"/m/{mid}/events", method="POST", form={})
    r.page("form/undo", f"/m/{mid}/undo", method="POST", form={"idem": r.key()})
    r.page("page/qr", f"/m/{mid}/qr.svg")
    r.page(
        "page/new-form",
        f"/new/{game.id}",
        method="POST",
        form={"players": "\n".join(example.players), "idem": r.key()},
    )
    r.page(
        "page/new-form-bad",
        f"/new/{game.id}",
        method="POST",
        form={"players": "", "idem": r.key()},
    )
    r.api("read/after", "GET", f"/api/v1/matches/{mid}")
    r.page("page/log-after", f"/m/{mid}/log")
    r.api(
        "pin/new",
        "POST",
        f"/api/v1/matches/{mid}/pin",
        headers={"Authorization": f"Bearer {match['edit_key']}"},
    )
    r.api(
        "join/wrong-pin", "POST", f"/api/v1/matches/{mid}/join", json={"pin": "482913"}
    )
    r.api("join/bad-pin", "POST", f"/api/v1/matches/{mid}/join", json={"pin": 4})
    idem = r.key()
    r.api(
        "rematch",
        "POST",
        f"/api/v1/matches/{mid}/rematch",
        headers=r.writer(match["edit_key"], idem),
    )
    r.api(
        "rematch/again",
        "POST",
        f"/api/v1/matches/{mid}/rematch",
        headers=r.writer(match["edit_key"], idem),
        digest="brief",
    )
    r.api(
        "rematch/forbidden",
        "POST",
        f"/api/v1/matches/{mid}/rematch",
        headers=r.writer("not-the-key-of-this-match"),
    )
    r.api("read/missing", "GET", "/api/v1/matches/zzzzzzzzzz")
    r.page("page/missing", "/m/zzzzzzzzzz")
    r.page("page/new", f"/new/{game.id}")


# --- tools, pages, reads ---


def record_tools(r: Recorder) -> None:
    for game in games.registry().values():
        for tool in game.tools:
            path = f"/api/v1/tools/{game.id}/{tool.name}"
            r.api(f"{game.id}/{tool.name}", "POST", path, json=tool.example)
            r.api(
                f"{game.id}/{tool.name}/extra",
                "POST",
                path,
                json={**tool.example, "colour": 1},
            )
            r.api(f"{game.id}/{tool.name}/empty", "POST", path, json={})
            r.page(f"{game.id}/{tool.name}/page", f"/tools/{game.id}/{tool.name}")
    r.api("missing-tool", "POST", "/api/v1/tools/darts-301/no-such-tool", json={})
    r.page("tools/index", "/tools/")


def record_pages(r: Recorder) -> None:
    for path in [
        "/",
        "/rules/",
        "/tools/",
        "/players",
        "/n/new",
        "/manifest.webmanifest",
        "/sw.js",
        "/no-such-page",
    ]:
        r.page(f"page:{path}", path)
    for game in games.registry().values():
        r.page(f"rules:{game.id}", f"/rules/{game.id}")
        r.page(f"new:{game.id}", f"/new/{game.id}")
    for rule in rulebook.all_rules():
        r.page(f"rule:{rule.id}", f"/rules/{rule.game}/{rule.number}")
    r.page("rule:missing", "/rules/darts-301/no-such-rule")
    r.page("rules:missing", "/rules/no-such-game")
    for kind in formats.registry():
        r.page(f"new-tournament:{kind}", f"/n/new/{kind}")
        r.page(f"new-tournament:{kind}:darts", f"/n/new/{kind}?game=darts-301")


def record_reads(r: Recorder) -> None:
    r.api("games", "GET", "/api/v1/games")
    for game in games.registry().values():
        r.api(f"game:{game.id}", "GET", f"/api/v1/games/{game.id}")
    r.api("game:missing", "GET", "/api/v1/games/no-such-game")
    r.api("rules:missing", "GET", "/api/v1/games/no-such-game/rules")
    for q, game in [
        ("bust", None),
        ("foul", "billiards"),
        ("scratch", None),
        ("", None),
        ("bust", "no-such-game"),
    ]:
        query = f"?q={q}" + (f"&game={game}" if game else "")
        r.api(f"search:{q}:{game}", "GET", f"/api/v1/rules{query}")
    for slug in sorted(PROBLEMS):
        r.api(f"problem:{slug}", "GET", f"/api/v1/problems/{slug}")
    r.api("problem:missing", "GET", "/api/v1/problems/no-such-problem")
    r.api("openapi", "GET", "/api/v1/openapi.json", digest="operations")


def record_rules(r: Recorder) -> None:
    for game in games.registry().values():
        r.api(
            f"rules:{game.id}", "GET", f"/api/v1/games/{game.id}/rules", digest="sha256"
        )


# --- tournaments ---


def openapi(r: Recorder) -> dict[str, Any]:
    return dict(r.client.get("/api/v1/openapi.json").get_json())


def tournament_pages(r: Recorder, name: str, t: dict[str, Any]) -> None:
    tid = t["id"]
    for page in [
        "",
        "/bracket",
        "/bracket/tv",
        "/calls",
        "/log",
        "/p/1",
        "/t/1",
        "/tv",
        "/export.json",
        "/results.csv",
        "/standings.csv",
        "/admin",
    ]:
        r.page(f"{name}/page:{page or '/'}", f"/n/{tid}{page}")
    r.page(
        f"{name}/page:join-organiser",
        f"/n/{tid}/join",
        method="POST",
        form={"pin": t["keys"]["organiser"]["pin"]},
    )
    r.page(f"{name}/page:admin-organiser", f"/n/{tid}/admin")
    r.page(f"{name}/page:/-organiser", f"/n/{tid}")
    r.api(f"{name}/read", "GET", f"/api/v1/tournaments/{tid}")
    r.api(f"{name}/fingerprint", "GET", f"/api/v1/tournaments/{tid}/fingerprint")
    r.api(f"{name}/log", "GET", f"/api/v1/tournaments/{tid}/events")


def new_tournament(r: Recorder, name: str, body: dict[str, Any], **kw: Any) -> Any:
    status, t = r.api(name, "POST", "/api/v1/tournaments", json=body, **kw)
    assert status == 201, (name, t)
    return t


def record_tournament(r: Recorder, kind: str) -> None:
    spec = openapi(r)
    create = spec["paths"]["/api/v1/tournaments"]["post"]["requestBody"]["content"][
        "application/json"
    ]["examples"]
    for name, example in create.items():
        if example["value"].get("kind", "bunko-night") != kind:
            continue
        drawn = example["value"].get("seating") == "drawn"
        t = new_tournament(
            r, f"create:{name}", example["value"], compare="status" if drawn else None
        )
        if drawn:  # seats drawn at random: the pages' statuses only
            r.page(f"create:{name}/page", f"/n/{t['id']}")
            continue
        tournament_pages(r, f"create:{name}", t)
    if kind == "bunko-night":
        night_writes(r, spec, create["bunko-night"]["value"])
    post = spec["paths"]["/api/v1/tournaments/{id}/events"]["post"]
    examples = post["requestBody"]["content"]["application/json"]["examples"]
    fmt = formats.get(kind)
    declared = {k.type: k for k in fmt.events}
    for name, example in examples.items():
        if not name.startswith(f"{kind}-"):
            continue
        ev = example["value"]["event"]
        setup = next(e.setup for e in declared[ev["type"]].examples if e.event == ev)
        if kind == "bunko-night":
            body = {"players": EIGHT, "seating": "given"}
        else:
            body = {
                "kind": kind,
                "game": "darts-301",
                "game_options": {"start": "301"},
                "players": FOUR,
                "stations": ["Board 1", "Board 2"],
                "seating": "given",
            }
        t = new_tournament(r, f"{name}/create", body, digest="brief")
        organiser = t["keys"]["organiser"]["key"]
        for n, before in enumerate(setup, start=1):
            path, payload = "events", {"event": before}
            if kind == "bunko-night" and before["type"] == "result":
                path = "results"
                payload = {k: v for k, v in before.items() if k != "type"}
            status, _ = r.api(
                f"{name}/setup-{n}",
                "POST",
                f"/api/v1/tournaments/{t['id']}/{path}",
                json=payload,
                headers=r.writer(organiser),
                digest="brief",
            )
            assert status == 201, (name, n)
        idem = r.key()
        status, _ = r.api(
            f"{name}/example",
            "POST",
            f"/api/v1/tournaments/{t['id']}/events",
            json={"event": ev},
            headers=r.writer(organiser, idem),
        )
        assert status == 201, name
        r.api(
            f"{name}/idem-same",
            "POST",
            f"/api/v1/tournaments/{t['id']}/events",
            json={"event": ev},
            headers=r.writer(organiser, idem),
            digest="brief",
        )
        r.api(
            f"{name}/idem-reused",
            "POST",
            f"/api/v1/tournaments/{t['id']}/events",
            json={"event": {"type": "approval", "required": False}},
            headers=r.writer(organiser, idem),
        )
        tournament_pages(r, name, t)
    tournament_refusals(r, kind)


def night_writes(r: Recorder, spec: dict[str, Any], body: dict[str, Any]) -> None:
    """The night's documented writes, in their order, on the documented night."""
    t = new_tournament(r, "night/create", body)
    organiser = t["keys"]["organiser"]["key"]
    writes = []
    for path, item in spec["paths"].items():
        if (
            path.startswith("/api/v1/tournaments/{id}/")
            and "post" in item
            and not path.endswith("/events")
        ):
            content = item["post"]["requestBody"]["content"]["application/json"]
            writes += list(content["examples"].items())
    for name, example in sorted(writes, key=lambda w: w[1]["x-order"]):
        r.api(
            f"night/{name}",
            "POST",
            example["x-path"].replace("{id}", t["id"]),
            json=example["value"],
            headers=r.writer(organiser),
        )
    r.api(
        "night/bad-table",
        "POST",
        f"/api/v1/tournaments/{t['id']}/results",
        json={"table": 9, "scores": [1, 2]},
        headers=r.writer(organiser),
    )
    tournament_pages(r, "night", t)


def tournament_refusals(r: Recorder, kind: str) -> None:
    if kind == "bunko-night":
        body: dict[str, Any] = {"players": EIGHT, "seating": "given"}
    else:
        body = {
            "kind": kind,
            "game": "darts-301",
            "players": FOUR,
            "stations": ["Board 1"],
            "seating": "given",
        }
    r.api("bad/create-field", "POST", "/api/v1/tournaments", json={**body, "colour": 1})
    r.api(
        "bad/create-players",
        "POST",
        "/api/v1/tournaments",
        json={**body, "players": ["Ann"]},
    )
    r.api(
        "bad/create-seating",
        "POST",
        "/api/v1/tournaments",
        json={**body, "seating": "sideways"},
    )
    idem = r.key()
    t = new_tournament(
        r, "bad/create", body, headers={"Idempotency-Key": idem}, digest="brief"
    )
    r.api(
        "bad/create-again",
        "POST",
        "/api/v1/tournaments",
        json=body,
        headers={"Idempotency-Key": idem},
        digest="brief",
    )
    r.api(
        "bad/create-reused",
        "POST",
        "/api/v1/tournaments",
        json={**body, "title": "Another"},
        headers={"Idempotency-Key": idem},
    )
    tid = t["id"]
    organiser = t["keys"]["organiser"]["key"]
    table = t["keys"]["tables"][0]["key"]
    path = f"/api/v1/tournaments/{tid}/events"
    r.api(
        "bad/unknown-type",
        "POST",
        path,
        json={"event": {"type": "no-such"}},
        headers=r.writer(organiser),
    )
    r.api("bad/no-event", "POST", path, json={}, headers=r.writer(organiser))
    r.api(
        "bad/no-key",
        "POST",
        path,
        json={"event": {"type": "approval", "required": True}},
        headers={"Idempotency-Key": r.key()},
    )
    r.api(
        "bad/table-key",
        "POST",
        path,
        json={"event": {"type": "approval", "required": True}},
        headers=r.writer(table),
    )
    r.api(
        "bad/wrong-key",
        "POST",
        path,
        json={"event": {"type": "approval", "required": True}},
        headers=r.writer("not-a-key-of-this-one"),
    )
    r.api(
        "bad/result-unknown-pairing",
        "POST",
        path,
        json={"event": {"type": "result", "pairing": 99, "winner": "Ann"}},
        headers=r.writer(organiser),
    )
    r.api("bad/missing", "GET", "/api/v1/tournaments/zzzzzzzzzz")
    r.page("bad/page-missing", "/n/zzzzzzzzzz")
    r.api(
        "players/put",
        "PUT",
        f"/api/v1/tournaments/{tid}/players",
        json={"players": {"Ann": "Ann Smith"}},
        headers={"Authorization": f"Bearer {organiser}"},
    )
    r.api(
        "players/bad",
        "PUT",
        f"/api/v1/tournaments/{tid}/players",
        json={"players": {"Nobody": "Ann Smith"}},
        headers={"Authorization": f"Bearer {organiser}"},
    )
    r.page("players/page", f"/n/{tid}/players")
    tournament_forms(r, kind, t)


def tournament_forms(r: Recorder, kind: str, t: dict[str, Any]) -> None:
    """The organiser's page forms: a result, a key reused, a bad one; a new one."""
    tid = t["id"]
    r.page(
        "form/join-organiser",
        f"/n/{tid}/join",
        method="POST",
        form={"pin": t["keys"]["organiser"]["pin"]},
    )
    r.page("form/table-join", f"/n/{tid}/t/1/join/{t['keys']['tables'][0]['key']}")
    r.page("form/table-qr", f"/n/{tid}/t/1/qr.svg")
    idem = r.key()
    if kind == "bunko-night":
        path = f"/n/{tid}/t/1/result"
        good = {"score_a": "21", "score_b": "12"}
        bad = {"score_a": "21", "score_b": "x"}
        other = {"score_a": "21", "score_b": "3"}
    else:
        path = f"/n/{tid}/pairings/1/result"
        good = {"winner": "Ann", "how": "walkover"}
        bad = {"winner": "Zed"}
        other = {"winner": "Ann", "how": "no-show"}
    r.page("form/result", path, method="POST", form={**good, "idem": idem})
    r.page("form/result-same", path, method="POST", form={**good, "idem": idem})
    r.page("form/result-reused", path, method="POST", form={**other, "idem": idem})
    r.page("form/result-bad", path, method="POST", form={**bad, "idem": r.key()})
    r.api("form/read", "GET", f"/api/v1/tournaments/{tid}", digest="brief")
    if kind == "bunko-night":
        r.page(
            "form/new",
            "/n/new",
            method="POST",
            form={"players": "\n".join(EIGHT), "seating": "given", "idem": r.key()},
        )
        r.page(
            "form/new-bad",
            "/n/new",
            method="POST",
            form={"players": "\n".join(EIGHT[:5]), "idem": r.key()},
        )
    else:
        form = {
            "game": "darts-301",
            "players": "\n".join(FOUR),
            "seating": "given",
            "stations": "Board 1\nBoard 2",
            "idem": r.key(),
        }
        r.page("form/new", f"/n/new/{kind}", method="POST", form=form)
        r.page(
            "form/new-bad",
            f"/n/new/{kind}",
            method="POST",
            form={**form, "players": "Ann", "idem": r.key()},
        )


# --- players and profiles ---


def record_players(r: Recorder) -> None:
    body = {"game": "darts-301", "players": ["Ann", "Bob"], "confirm": True}
    match = create(r, "confirm/create", body)
    mid = match["id"]
    auth = {"Authorization": f"Bearer {match['edit_key']}"}
    r.api(
        "players/put",
        "PUT",
        f"/api/v1/matches/{mid}/players",
        json={"players": ["Ann Smith", None]},
        headers=auth,
    )
    r.api("players/read", "GET", f"/api/v1/matches/{mid}/players")
    r.api(
        "players/bad",
        "PUT",
        f"/api/v1/matches/{mid}/players",
        json={"players": ["Ann Smith"]},
        headers=auth,
    )
    r.api(
        "players/no-key",
        "PUT",
        f"/api/v1/matches/{mid}/players",
        json={"players": ["Ann Smith", None]},
    )
    for n, points in enumerate([60, 100, 45, 81], start=1):
        event(r, f"confirm/score-{n}", match, {"type": "score", "points": points})
    r.api("confirm/read", "GET", f"/api/v1/matches/{mid}/confirmations")
    r.api(
        "confirm/documented",
        "POST",
        f"/api/v1/matches/{mid}/confirm",
        json={"through": 4},
        headers=r.writer(match["edit_key"]),
    )
    r.api(
        "challenge/documented",
        "POST",
        f"/api/v1/matches/{mid}/challenge",
        json={"target": 3, "note": "That was S20"},
        headers=r.writer(match["edit_key"]),
    )
    r.api(
        "confirm/bad",
        "POST",
        f"/api/v1/matches/{mid}/confirm",
        json={"through": "all"},
        headers=r.writer(match["edit_key"]),
    )
    for side in match.get("sides") or []:
        if isinstance(side, dict) and side.get("key"):
            r.api(
                f"confirm/side-{side.get('side')}",
                "POST",
                f"/api/v1/matches/{mid}/confirm",
                json={"through": 4},
                headers=r.writer(side["key"]),
            )
    r.api("confirm/after", "GET", f"/api/v1/matches/{mid}/confirmations")
    r.page("confirm/log", f"/m/{mid}/log")
    r.page("confirm/players-page", f"/m/{mid}/players")
    profiles(r, "profiles")
    r.api("profile:missing", "GET", "/api/v1/players/no-such-player")
    r.page("players-page", "/players")


def profiles(r: Recorder, name: str) -> None:
    """Every profile there is: its tallies by game (API) and its pages."""
    status, everyone = r.api(name, "GET", "/api/v1/players")
    for n, player in enumerate((everyone or {}).get("players", []), start=1):
        pid = player["id"]
        r.api(f"{name}/{n}", "GET", f"/api/v1/players/{pid}")
        r.page(f"{name}/{n}/page", f"/players/{pid}")
        r.page(f"{name}/{n}/csv", f"/players/{pid}/export.csv")
        r.page(f"{name}/{n}/json", f"/players/{pid}/export.json")


# --- writing the corpus ---


def fresh_app(tmp: Path, name: str) -> Flask:
    path = tmp / f"{name}.sqlite"
    app = create_app({**CONFIG, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
    return app


def recordings() -> dict[str, Callable[[Recorder], None]]:
    out: dict[str, Callable[[Recorder], None]] = {}
    for game in games.registry().values():
        out[f"game-{game.id}"] = lambda r, g=game: record_game(r, g)
    for kind in formats.registry():
        out[f"tournament-{kind}"] = lambda r, k=kind: record_tournament(r, k)
    out["tools"] = record_tools
    out["pages"] = record_pages
    out["reads"] = record_reads
    out["rules"] = record_rules
    out["players"] = record_players
    return out


def record(name: str, run: Callable[[Recorder], None], tmp: Path) -> int:
    app = fresh_app(tmp, name)
    recorder = Recorder(app.test_client(), name)
    with corpus.distinct_pins():
        run(recorder)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    text = "[\n" + ",\n".join(
        json.dumps(e, ensure_ascii=False, sort_keys=True) for e in recorder.entries
    )
    out = corpus.CORPUS / f"{name}.json"
    out.write_text(text + "\n]\n", encoding="utf-8")
    return len(recorder.entries)


def main(names: list[str]) -> None:
    corpus.CORPUS.mkdir(exist_ok=True)
    todo = recordings()
    unknown = sorted(set(names) - set(todo))
    if unknown:
        raise SystemExit(f"no recording named {', '.join(unknown)}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, run in todo.items():
            if names and name not in names:
                continue
            count = record(name, run, Path(tmp))
            print(f"{name}: {count} entries")


if __name__ == "__main__":
    main(sys.argv[1:])
