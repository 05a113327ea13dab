"""The JSON shapes of a match and its log, shared by the API and the exports."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterator
from typing import Any

from flask import url_for

from referee import ledger
from referee.models import Match


def match_json(match: Match) -> dict[str, Any]:
    return {
        "id": match.id,
        "game": match.game,
        "title": match.title,
        "players": match.players,
        "teams": match.teams,
        "options": match.options,
        "status": match.status,
        "confirm": match.confirm,
        "seq": match.version,
        "state": ledger.board(match),
        "links": {
            "self": url_for("api.one_match", match_id=match.id),
            "page": url_for("matches.show", match_id=match.id),
            "watch": url_for("matches.watch", match_id=match.id),
            "events": url_for("api.events", match_id=match.id),
        },
    }


def export_chunks(match: Match) -> Iterator[str]:
    """A whole match as JSON (setup, the full log, the scoreboard), in pieces: the
    setup (worked out now, in the request), then the log a chunk of rows at a time.

    The same text as ``json.dumps`` of the whole at ``indent=2``: each entry is dumped
    on its own and indented to its depth (JSON strings hold no raw newline).
    """
    whole = {**match_json(match), "created_at": match.created_at, "events": []}
    head = json.dumps(whole, indent=2, default=str)
    # The log's chunks are set up now too: its id and version are read in the request.
    return _export_log(head, ledger.history_chunks(match))


def _export_log(head: str, chunks: Iterator[list[ledger.Entry]]) -> Iterator[str]:
    empty = "[]\n}"  # "events" comes last
    yield head[: -len(empty)]
    opened = False
    for entries in chunks:
        items = (
            textwrap.indent(json.dumps(entry_json(e), indent=2, default=str), "    ")
            for e in entries
        )
        yield (",\n" if opened else "[\n") + ",\n".join(items)
        opened = True
    yield "\n  ]\n}" if opened else empty


def entry_json(entry: ledger.Entry) -> dict[str, Any]:
    return {
        "seq": entry.seq,
        "kind": entry.kind,
        "event": entry.event,
        "target": entry.target,
        "ruling": entry.ruling,
        "current_ruling": entry.current_ruling,
        "voided": entry.voided,
        "replaced_by": entry.replaced_by,
        "actor": entry.actor or "scorer",
        "created_at": entry.created_at.isoformat() if entry.created_at else None,
    }
