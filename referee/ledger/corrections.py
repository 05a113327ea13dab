"""Undo and amend: a row that voids or replaces an earlier event, refolded from
the checkpoint before it."""

from __future__ import annotations

from typing import Any

from referee.games.outcomes import Ruling
from referee.games.outcomes import Verdict
from referee.ledger import folding
from referee.ledger import matches
from referee.ledger.common import Written
from referee.ledger.common import request_hash
from referee.ledger.confirmation import own_entry
from referee.ledger.describe import describe
from referee.ledger.matches import game_of
from referee.ledger.stream import Step
from referee.ledger.writes import ruled_step
from referee.ledger.writes import write_match
from referee.models import Match


def undone(match: Match, seq: int, event: Any) -> Ruling:
    """The ruling of an undo of event ``seq``."""
    return Ruling(Verdict.VOID, f"Undone: event #{seq} ({describe(match, event)}).")


def undo(
    match_id: str,
    *,
    target: int | None = None,
    expected_seq: int | None = None,
    idem_key: str | None = None,
    key: str | None = None,
) -> Written:
    """Void the last effective event (or ``target``, an earlier one) and rebuild."""

    def build(match: Match, actor: str) -> Step:
        version = match.version
        seq, tail, effective = folding.undo_target(match, target)
        if match.confirm:
            own_entry(match, actor, seq, matches.rows(match), "remove")
        remaining = [(s, e) for s, e in effective if s != seq]
        # From the checkpoint before the event: the last event costs at most the
        # events since that checkpoint; an earlier one re-checks every later event.
        folded = folding.fold_on(
            match,
            tail.state,
            remaining,
            refuse_at=seq,
            marks=(tail.position + 1, version),  # any gap before it is filled too
        )
        ruling = undone(match, seq, dict(effective)[seq])
        # "last": only the newest event went, so no other ruling can have changed
        data = {"target": seq, "last": seq == effective[-1][0]}
        step = ruled_step(match, "undo", data, folded.state, ruling)
        step.redo_from, step.checkpoints = seq, folded.checkpoints
        return step

    fp = request_hash({"op": "undo", "target": target})
    return write_match(match_id, build, expected_seq, idem_key, fp, key)


def amend(
    match_id: str,
    target: int,
    raw_event: Any,
    *,
    expected_seq: int | None = None,
    idem_key: str | None = None,
    key: str | None = None,
) -> Written:
    """Replace an earlier event with a corrected one; refused if that breaks the log."""

    def build(match: Match, actor: str) -> Step:
        game = game_of(match)
        version = match.version
        seq, tail, effective, index = folding.amend_target(match, target)
        if match.confirm:
            own_entry(match, actor, seq, matches.rows(match), "correct")
        before = folding.fold_on(
            match, tail.state, effective[:index], marks=(tail.position + 1, seq - 1)
        )
        event = game.parse_event(raw_event, before.state)
        # One fold from the state before it: the corrected event, then every later
        # one (a change can make a later event impossible).
        after = folding.fold_on(
            match,
            before.state,
            [(seq, event), *effective[index + 1 :]],
            refuse_at=seq,
            since=seq,
            marks=(seq, version),
        )
        data = {"target": seq, "event": event, "last": seq == effective[-1][0]}
        step = ruled_step(match, "amend", data, after.state, after.rulings[seq])
        step.redo_from = seq
        step.checkpoints = before.checkpoints + after.checkpoints
        return step

    fp = request_hash({"op": "amend", "target": target, "event": raw_event})
    return write_match(match_id, build, expected_seq, idem_key, fp, key)
