"""The audit: the log replayed row by row against what it stored."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select

from referee import trust
from referee.db import db
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.ledger import folding
from referee.ledger import matches
from referee.ledger.matches import game_of
from referee.ledger.matches import setup_of
from referee.models import Match
from referee.models import MatchCheckpoint
from referee.models import MatchEvent


def audit(match: Match) -> list[str]:
    """Problems found by replaying the log row by row (empty when all agrees).

    Each row's stored ruling must be what the engine says when the log up to that row
    is replayed, and the final state must equal the match's snapshot.
    """
    game = game_of(match)
    problems: list[str] = []
    log = matches.rows(match)
    state = game.start(setup_of(match))
    done: list[MatchEvent] = []
    for row in log:
        done.append(row)
        try:
            if row.kind == "event":
                step = game.apply(state, row.data)
                state, said = step.state, step.ruling.to_json()
            elif row.kind in trust.QUIET_KINDS:
                said = row.ruling  # a confirmation changes no state and no ruling
            else:
                rebuilt = folding.fold_from_start(match, folding.effective(done))
                state = rebuilt.state
                said = (
                    rebuilt.rulings[int(row.data["target"])].to_json()
                    if row.kind == "amend"
                    else row.ruling
                )
        except (BadInput, Refused) as err:
            problems.append(f"#{row.seq}: no longer applies: {err}")
            continue
        if said != row.ruling:
            problems.append(
                f"#{row.seq}: stored ruling {row.ruling} but replay says {said}"
            )
    if len(log) != match.version or (log and log[-1].seq != match.version):
        problems.append(f"version {match.version} but the log has {len(log)} rows")
    if _canonical(state) != _canonical(match.state):
        problems.append("the snapshot differs from the replayed state")
    problems += _checkpoint_problems(match, log)
    return problems


def _checkpoint_problems(match: Match, log: list[MatchEvent]) -> list[str]:
    """Each checkpoint must be the replay from event 1 up to its position."""
    table = MatchCheckpoint.__table__
    found = db.session.execute(
        select(table.c.position, table.c.made_at, table.c.state)
        .where(table.c.match_id == match.id)
        .order_by(table.c.position)
    ).all()
    if not found:
        return []
    game = game_of(match)
    state = game.start(setup_of(match))
    events = iter(folding.effective(log))
    pending = next(events, None)
    problems = []
    for position, made_at, saved in found:
        while pending is not None and pending[0] <= position:
            try:
                state = game.apply(state, pending[1]).state
            except (BadInput, Refused):
                return problems  # the row-by-row audit above has said why
            pending = next(events, None)
        if made_at > match.version or position > made_at:
            problems.append(f"checkpoint at #{position} was made at #{made_at}")
        elif _canonical(saved) != _canonical(state):
            problems.append(f"checkpoint at #{position} differs from the replay")
    return problems


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)
