"""Confirmation mode: each side confirms or challenges the other sides' entries."""

from __future__ import annotations

from referee import trust
from referee.games import text
from referee.games.outcomes import JSON
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Verdict
from referee.ledger import matches
from referee.ledger.common import Forbidden
from referee.ledger.common import NotYours
from referee.ledger.common import Written
from referee.ledger.common import request_hash
from referee.ledger.matches import actor_of
from referee.ledger.matches import game_of
from referee.ledger.matches import seat_names
from referee.ledger.stream import Step
from referee.ledger.writes import write_match
from referee.models import Match
from referee.models import MatchEvent


def confirm(
    match_id: str,
    *,
    through: int | None = None,
    key: str,
    idem_key: str | None = None,
) -> Written:
    """Confirm, as the key's side, every other side's entry up to ``through``.

    Refused when the match is not in confirmation mode or nothing waits for this
    side. The row changes no score: a page that saw an older seq may still write.
    """

    def build(match: Match, _actor: str) -> Step:
        actor = _confirmer(match, key)
        upto = match.version if through is None else int(through)
        targets = trust.pending_for(matches.rows(match), actor, upto)
        if not targets:
            raise Refused("Nothing waits for your confirmation.")
        name = _side_name(match, actor)
        said = Ruling(Verdict.OK, f"{name} confirmed {_seqs(targets)}.")
        return _quiet(match, "confirm", {"rows": targets, "through": upto}, said)

    fp = request_hash({"op": "confirm", "through": through})
    return write_match(match_id, build, None, idem_key, fp, key)


def challenge(
    match_id: str,
    target: int,
    *,
    note: str = "",
    key: str,
    idem_key: str | None = None,
) -> Written:
    """Challenge another side's unconfirmed entry ``target``: it stays, marked.

    The entry's side corrects or removes it (a correction needs confirming again),
    or the challenger confirms it after all.
    """
    note = text.check(note or "", "note", "note")

    def build(match: Match, _actor: str) -> Step:
        actor = _confirmer(match, key)
        mark = trust.marks(matches.rows(match)).get(int(target))
        if mark is None:
            raise Refused(f"Event #{target} is not in play (undone or replaced).")
        if mark.confirmed:
            raise Refused(f"Event #{target} is already confirmed.")
        if not trust.may_confirm(actor, mark.actor):
            raise Refused("A side cannot challenge its own entry: correct it instead.")
        name = _side_name(match, actor)
        said = Ruling(
            Verdict.WARNING,
            f"{name} challenges #{target}" + (f": {note}" if note else "."),
        )
        data = {"target": int(target), "row": mark.row, "note": note}
        return _quiet(match, "challenge", data, said)

    fp = request_hash({"op": "challenge", "target": target, "note": note})
    return write_match(match_id, build, None, idem_key, fp, key)


MAX_NOTE = text.LIMITS["note"]


def own_entry(
    match: Match, actor: str, seq: int, log: list[MatchEvent], verb: str
) -> None:
    """In confirmation mode a side removes or corrects only its own entries.

    Another side's entry, confirmed or not, is that side's to change: with a side's
    key alone nobody rewrites what the other side said (``NotYours``, 403); a wrong
    entry is challenged instead, and its side corrects or removes it.
    """
    refusal = _not_yours(match, actor, trust.marks(log).get(seq), seq, verb)
    if refusal:
        raise NotYours(refusal)


def _not_yours(
    match: Match, actor: str, mark: trust.Mark | None, seq: int, verb: str
) -> str:
    """Why ``actor`` may not change entry ``seq`` ("" if it may)."""
    if not match.confirm or mark is None or trust.same_side(actor, mark.actor):
        return ""
    owner = _side_name(match, mark.actor)
    return (
        f"#{seq} is {owner}'s entry: only {owner}'s phone may {verb} it. "
        f"Challenge it instead (the log's Challenge, or POST /api/v1/matches/"
        f'{match.id}/challenge {{"target": {seq}}}).'
    )


def mine(match: Match, key: str | None, seq: int) -> bool | str:
    """Whether ``key`` may correct entry ``seq`` (True), else why not: a page asks
    before it shows the correction form (the write itself checks again)."""
    actor = actor_of(match, key)
    if actor is None:
        return "This phone cannot score this match. Join it with its PIN first."
    if not match.confirm:  # no read of the log for the common case
        return True
    return _not_yours(match, actor, marks(match).get(seq), seq, "correct") or True


def _confirmer(match: Match, key: str) -> str:
    if not match.confirm:
        raise Refused(
            "This match is not in confirmation mode: every entry counts as entered."
        )
    actor = actor_of(match, key)
    if actor is None:  # checked by ``allow`` already; kept for direct callers
        raise Forbidden("That key does not belong to this match.")
    return actor


def _side_name(match: Match, actor: str) -> str:
    side = trust.side_of(actor)
    names = seat_names(match)["side"]
    return names[side] if side is not None and side < len(names) else "The scorer"


def _seqs(targets: list[int]) -> str:
    return ", ".join(f"#{t}" for t in targets)


def _quiet(match: Match, kind: str, data: JSON, ruling: Ruling) -> Step:
    """A row that changes no score: the snapshot and status stay as they are."""
    said = ruling.to_json()
    return Step(
        rows=[(kind, data, said, {})],
        state=match.state,
        status=match.status,
        body={"ruling": said, "state": game_of(match).view(match.state)},
    )


def marks(match: Match) -> dict[int, trust.Mark]:
    """Each entry in force with who entered, confirmed or challenged it."""
    return trust.marks(matches.rows(match))


def counts(match: Match) -> bool:
    """Whether the match counts for profiles: not in confirmation mode, or settled."""
    return not match.confirm or trust.settled(matches.rows(match))
