"""The JSON shapes of a match and its log, shared by the API and the exports."""

from __future__ import annotations

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


def export(match: Match) -> dict[str, Any]:
    """A whole match as JSON: setup, the full log, and the scoreboard."""
    return {
        **match_json(match),
        "created_at": match.created_at,
        "events": [entry_json(e) for e in reversed(ledger.history(match))],
    }


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
