"""Writing a match: the match stream and its append (one event, one ruling)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee import trust
from referee.games.outcomes import JSON
from referee.games.outcomes import Ruling
from referee.ledger import folding
from referee.ledger.common import Forbidden
from referee.ledger.common import KeyReused
from referee.ledger.common import NotFound
from referee.ledger.common import Stale
from referee.ledger.common import Written
from referee.ledger.common import request_hash
from referee.ledger.matches import actor_of
from referee.ledger.matches import game_of
from referee.ledger.matches import get
from referee.ledger.stream import Step
from referee.ledger.stream import Stream
from referee.ledger.stream import write
from referee.models import Match
from referee.models import MatchEvent


def _rebuilt_answer(match_id: str, row: MatchEvent) -> JSON:
    """The first answer to a match write, byte for byte: its row's ruling and the
    view of the state at its seq, folded from the checkpoint before that seq."""
    match = get(match_id)
    seq = int(row.response["seq"])
    view = game_of(match).view(folding.state_at(match, seq))
    return {"ruling": row.ruling, "state": view, "seq": seq}


def _rate(match_id: str) -> None:
    """Rate a match that finished, or rate its game again (``referee.ratings``)."""
    from referee.ratings import store  # the ratings read the ledger: import late

    store.rate_finished(match_id)


def _uncounted(match: Match, step: Step) -> bool:
    """A write that leaves a confirmation-mode match's result uncounted before and
    after: it was not over, and the write adds an entry nobody has confirmed yet (a
    new entry is never confirmed by its own write), so neither its tournament nor
    the ratings can count it yet; the away side's confirmation is the write that
    may."""
    if not match.confirm or match.status == "over":
        return False
    kinds = {row[0] for row in step.rows}
    return bool(kinds & {"event", "amend"}) and not kinds & {"undo", "confirm"}


MATCHES = Stream(
    head=Match,
    row=MatchEvent,
    owner="match_id",
    noun="match",
    not_found=NotFound,
    stale=Stale,
    key_reused=KeyReused,
    replay_status=201,  # the first answer's status, as the Idempotency-Key draft asks
    quiet=trust.QUIET_KINDS,
    rebuild=_rebuilt_answer,
    after_result=_rate,
    uncounted=_uncounted,
)


# --- writing a match ----------------------------------------------------------------


def append(
    match_id: str,
    raw_event: Any,
    *,
    expected_seq: int | None = None,
    idem_key: str | None = None,
    key: str | None = None,
    fingerprint: str | None = None,
) -> Written:
    """Record one event (201 and the ruling) or raise BadInput/Refused/Stale.

    ``raw_event`` may be a function of the match's game (a page form, which needs
    the game's fields to read); then ``fingerprint`` names the request. With
    ``key``, the write is refused (``Forbidden``) unless it is the match's edit key.
    """

    def build(match: Match, actor: str) -> Step:
        game = game_of(match)
        raw = raw_event(game) if callable(raw_event) else raw_event
        event = game.parse_event(raw, match.state)
        step = game.apply(match.state, event)
        return ruled_step(match, "event", event, step.state, step.ruling)

    if fingerprint is None:
        if callable(raw_event):
            raise TypeError("an event read from a form needs the form's fingerprint")
        fingerprint = request_hash({"op": "event", "event": raw_event})
    fp = fingerprint
    return write_match(match_id, build, expected_seq, idem_key, fp, key)


def write_match(
    match_id: str,
    build: Callable[[Match, str], Step],
    expected_seq: int | None,
    idem_key: str | None,
    fingerprint: str,
    key: str | None,
) -> Written:
    who = {"actor": ""}

    def allow(match: Match) -> None:
        actor = actor_of(match, key)
        if actor is None:
            raise Forbidden("That edit key does not belong to this match.")
        who["actor"] = actor

    def signed(match: Match) -> Step:
        # Every row says who wrote it, so the history shows who corrected what.
        if key is None and match.confirm:
            who["actor"] = "side 0"  # a page write without a key is the scorer's
        step = build(match, who["actor"])
        step.rows = [
            (k, d, r, {**x, "actor": who["actor"]}) for k, d, r, x in step.rows
        ]
        return step

    return write(
        MATCHES,
        match_id,
        signed,
        expected_seq=expected_seq,
        idem_key=idem_key,
        fingerprint=fingerprint,
        allow=allow if key is not None else None,
    )


def ruled_step(
    match: Match, kind: str, data: JSON, state: JSON, ruling: Ruling
) -> Step:
    view = game_of(match).view(state)
    said = ruling.to_json()
    return Step(
        rows=[(kind, data, said, {})],
        state=state,
        status="over" if view["over"] else "live",
        body={"ruling": said, "state": view},
    )
