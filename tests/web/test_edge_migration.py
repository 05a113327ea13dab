"""Migration 0007_edge repairs text stored before the edge checked it (issue 25).

Rows are made through the API, taken back to 0006, poisoned in place (a lone
surrogate, a NUL and a bell in "Ann", everywhere the name is stored, logs
included), and migrated again: every row is text, the name is the same repaired name
everywhere (the logs still replay to the snapshots), and the logs are append-only
again.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask_migrate import downgrade
from flask_migrate import upgrade
from sqlalchemy import text as sql

from referee import ledger
from referee import tournaments
from referee.db import MIGRATIONS
from referee.db import db
from referee.games import text

BAD = "A\ud800n\x00n\x07"
REPAIRED = "A\ufffdnn"
JSON_COLUMNS = {
    "match": ("players", "teams", "options", "state"),
    "match_event": ("data", "ruling", "response"),
    "tournament": ("players", "options", "state"),
    "tournament_event": ("data", "ruling", "response"),
}
# a JSON escape of a control character or of half a surrogate pair
BAD_ESCAPE = re.compile(r"\\u(00[01][0-9a-fA-F]|007[fF]|[dD][89a-fA-F][0-9a-fA-F]{2})")


def _raw(column: str, pg: bool) -> str:
    return f"CAST({column} AS TEXT)" if pg else column


def _poison_everything() -> None:
    """Write BAD for "Ann" into every stored row, around the append-only triggers."""
    pg = db.engine.dialect.name == "postgresql"
    saved = {}
    for table in ("match_event", "tournament_event"):
        trigger = f"{table}_no_update"
        if pg:
            db.session.execute(sql(f"ALTER TABLE {table} DISABLE TRIGGER {trigger}"))
        else:
            saved[trigger] = db.session.execute(
                sql("SELECT sql FROM sqlite_master WHERE name = :n"), {"n": trigger}
            ).scalar_one()
            db.session.execute(sql(f"DROP TRIGGER {trigger}"))
    for table, columns in JSON_COLUMNS.items():
        for column in columns:
            rows = db.session.execute(
                sql(f"SELECT id, {_raw(column, pg)} FROM {table}")  # noqa: S608
            ).all()
            for key, raw in rows:
                if raw is None or "Ann" not in raw:
                    continue
                # the name, and every message that quotes it ("Ann: T20 scores 60")
                poisoned = raw.replace("Ann", json.dumps(BAD)[1:-1])
                cast = "CAST(:v AS json)" if pg else ":v"
                db.session.execute(
                    sql(f"UPDATE {table} SET {column} = {cast} WHERE id = :id"),  # noqa: S608
                    {"v": poisoned, "id": key},
                )
    title = "Fin\x07al" if pg else "Fin\x00al\x07"
    db.session.execute(sql('UPDATE "match" SET title = :t'), {"t": title})
    db.session.execute(sql("UPDATE tournament SET title = :t"), {"t": title})
    db.session.execute(sql("UPDATE player SET name = :n"), {"n": "A\x1bnn"})
    for table in ("match_event", "tournament_event"):
        trigger = f"{table}_no_update"
        if pg:
            db.session.execute(sql(f"ALTER TABLE {table} ENABLE TRIGGER {trigger}"))
        else:
            db.session.execute(sql(saved[trigger]))
    db.session.commit()


def _stored_json() -> list[str]:
    pg = db.engine.dialect.name == "postgresql"
    found = []
    for table, columns in JSON_COLUMNS.items():
        for column in columns:
            found += [
                raw
                for (raw,) in db.session.execute(
                    sql(f"SELECT {_raw(column, pg)} FROM {table}")  # noqa: S608
                )
                if raw is not None
            ]
    return found


def test_migration_0007_repairs_every_stored_string(client, app, api):
    night: Any = client.post(
        "/api/v1/tournaments",
        json={
            "kind": "bunko-night",
            "players": ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"],
        },
    ).get_json()
    match = api.create("darts-301", ["Ann", "Bob"], title="Final")["id"]
    assert api.event(match, {"type": "dart", "dart": "T20"}).status_code == 201
    linked = client.put(
        f"/api/v1/matches/{match}/players",
        json={"players": ["Ann", None]},
        headers=api.headers(match),
    )
    assert linked.status_code == 200, linked.get_json()
    with app.app_context():
        db.session.remove()
        downgrade(directory=str(MIGRATIONS), revision="0006_players")
        _poison_everything()
        assert any(BAD_ESCAPE.search(raw) for raw in _stored_json())
        db.session.remove()
        upgrade(directory=str(MIGRATIONS))
        db.session.remove()
        stored = _stored_json()
        assert not [raw for raw in stored if BAD_ESCAPE.search(raw)]
        assert any(json.dumps(REPAIRED) in raw for raw in stored)
        titles = db.session.execute(sql('SELECT title FROM "match"')).scalars().all()
        assert all(text.bad_char(t) is None for t in titles)
        assert "Final" in titles
        assert db.session.execute(sql("SELECT name FROM player")).scalar() == "Ann"
        # one name everywhere: each log still replays to its snapshot
        assert ledger.audit(ledger.get(match)) == []
        assert tournaments.audit(tournaments.get(night["id"])) == []
        assert ledger.get(match).players[0] == REPAIRED
        # and the logs are append-only again
        for table in ("match_event", "tournament_event"):
            with pytest.raises(Exception, match="append-only"):
                db.session.execute(sql(f"UPDATE {table} SET seq = seq"))  # noqa: S608
            db.session.rollback()
        db.session.remove()
    for url in (f"/m/{match}", f"/m/{match}/watch", f"/n/{night['id']}"):
        assert client.get(url).status_code == 200
    assert api.event(match, {"type": "dart", "dart": "T20"}).status_code == 201
