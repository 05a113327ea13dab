"""A correction's dry run: what an undo or an amend would change, storing nothing.

The log is folded twice from the checkpoint before the entry, as it stands and as
the correction would leave it, noting for every event who did it (the seat whose
turn it was, or the one it names) and how it was ruled. The differences after the
entry itself (an event whose doer or ruling changes), in the scores and in the
winner are what a page asks the scorer to confirm before the correction is stored.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from referee.games.base import Game
from referee.games.boards import side_names
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Verdict
from referee.ledger import folding
from referee.ledger.corrections import undone
from referee.ledger.describe import describe
from referee.ledger.matches import game_of
from referee.models import Match

# The figures of a side a correction may change, in the players' words.
SIDE_FIGURES = {"score": "score", "legs": "legs", "sets": "sets"}
# Listed one by one (the rest counted): a page, and a flash in the session cookie,
# stay short however early in a long match the correction is.
SHOWN = 4  # runs of events that change player, and rulings that change verdict
SHOWN_RULINGS = 3  # other later rulings whose words change


@dataclass(frozen=True)
class Record:
    """One event as the fold saw it: who did it and how it was ruled."""

    actor: str | None
    verdict: str
    summary: str
    type: str


@dataclass
class Preview:
    """What a correction would change. ``changes`` in the players' words;
    ``confirm`` when anything besides the entry itself changes (a later event's doer
    or ruling, the winner)."""

    target: int
    action: str  # "remove" or "fix"
    entry: str  # the entry as the log shows it now ("dart T20")
    ruling: Ruling  # the correction's own ruling
    later: list[JSON] = field(default_factory=list)  # per later event that changes
    sides: list[JSON] = field(default_factory=list)  # per side figure that changes
    winner: JSON | None = None  # {"before", "after"} when the winner changes
    turn: JSON | None = None  # {"before", "after"} when whose turn it is changes
    changes: list[str] = field(default_factory=list)
    becomes: str = ""  # a fix: the corrected entry as the log will show it

    @property
    def confirm(self) -> bool:
        return bool(self.later) or self.winner is not None

    def to_json(self) -> JSON:
        return {
            "dry_run": True,
            "target": self.target,
            "action": self.action,
            "ruling": self.ruling.to_json(),
            "confirm": self.confirm,
            "changes": list(self.changes),
            "later": self.later,
            "sides": self.sides,
            "winner": self.winner,
            "turn": self.turn,
        }


def records(
    game: Game, state: JSON, events: list[tuple[int, JSON]], refuse_at: int | None
) -> tuple[dict[int, Record], JSON]:
    """Fold ``events`` onto a copy of ``state``, noting each event's doer and ruling;
    an event that no longer fits is refused as the correction itself refuses it."""
    state = copy.deepcopy(state)
    out: dict[int, Record] = {}
    for seq, event in events:
        who = actor_name(game, state, event)
        try:
            step = game.apply_owned(state, event)
        except (BadInput, Refused) as err:
            raise folding.no_longer_fits(err, seq, event, refuse_at) from None
        state = step.state
        ruling = step.ruling
        out[seq] = Record(who, str(ruling.verdict), ruling.summary, event["type"])
    return out, state


def actor_name(game: Game, state: JSON, event: JSON) -> str | None:
    """Who does ``event`` in ``state``: the seat it names, or the one whose turn it
    is (None for an event anyone may enter, such as a referee's call)."""
    handler = game.handlers.get(event.get("type", ""))
    if handler is None or handler.actor is None:
        return None
    seat = event.get("player")
    if seat is None:
        allowed = handler.actor(state)
        if isinstance(allowed, int):
            seat = allowed
        elif allowed is not None and len(seats := list(allowed)) == 1:
            seat = seats[0]
    if not isinstance(seat, int):
        return None
    kinds = {f.name: f.kind for f in game.event_kind(event["type"]).fields}
    names = side_names(state) if kinds.get("player") == "side" else state["players"]
    return names[seat] if 0 <= seat < len(names) else None


def preview_undo(match: Match, target: int | None = None) -> Preview:
    """What ``undo(target)`` would change now; Refused as the undo would be."""
    seq, tail, effective = folding.undo_target(match, target)
    index = [s for s, _ in effective].index(seq)
    game = game_of(match)
    _, state = records(game, tail.state, effective[:index], None)
    old, old_state = records(game, state, effective[index:], None)
    new, new_state = records(game, state, effective[index + 1 :], seq)
    event = effective[index][1]
    found = Preview(seq, "remove", describe(match, event), undone(match, seq, event))
    return _compare(match, found, old, new, old_state, new_state)


def preview_amend(match: Match, target: int, raw_event: Any) -> Preview:
    """What ``amend(target, raw_event)`` would change now; BadInput or Refused as
    the amend would be."""
    seq, tail, effective, index = folding.amend_target(match, target)
    game = game_of(match)
    _, state = records(game, tail.state, effective[:index], None)
    event = game.parse_event(raw_event, state)
    old, old_state = records(game, state, effective[index:], None)
    changed = [(seq, event), *effective[index + 1 :]]
    new, new_state = records(game, state, changed, seq)
    was = describe(match, effective[index][1])
    found = Preview(seq, "fix", was, game.apply(state, event).ruling)
    found.becomes = describe(match, event)
    return _compare(match, found, old, new, old_state, new_state)


def _compare(
    match: Match,
    found: Preview,
    old: dict[int, Record],
    new: dict[int, Record],
    old_state: JSON,
    new_state: JSON,
) -> Preview:
    game = game_of(match)
    for s in sorted(old):
        if s <= found.target or s not in new or old[s] == new[s]:
            continue
        was, now = old[s], new[s]
        found.later.append(
            {
                "seq": s,
                "actor": {"before": was.actor, "after": now.actor},
                "verdict": {"before": was.verdict, "after": now.verdict},
                "summary": {"before": was.summary, "after": now.summary},
            }
        )
    old_view, new_view = game.view(old_state), game.view(new_state)
    for was, now in zip(old_view["sides"], new_view["sides"], strict=False):
        for key in SIDE_FIGURES:
            if key in was and was.get(key) != now.get(key):
                found.sides.append(
                    {
                        "side": was["name"],
                        "figure": key,
                        "before": was[key],
                        "after": now.get(key),
                    }
                )
    if old_view.get("winner") != new_view.get("winner"):
        found.winner = {"before": old_view["winner"], "after": new_view["winner"]}
    if old_view.get("turn") != new_view.get("turn"):
        found.turn = {"before": old_view["turn"], "after": new_view["turn"]}
    found.changes = _words(found, old, new)
    return found


def _words(found: Preview, old: dict[int, Record], new: dict[int, Record]) -> list[str]:
    """The changes as the confirmation and the flash list them."""
    lines: list[str] = []
    rows = {row["seq"]: row for row in found.later}
    moved = [s for s in rows if old[s].actor != new[s].actor]
    runs = _runs(moved, old, new)
    for run in runs[:SHOWN]:
        first, last = run[0], run[-1]
        where = f"#{first}" if first == last else f"#{first}-#{last}"
        noun = _noun({old[s].type for s in run}, len(run))
        was, now = old[first].actor or "nobody", new[first].actor or "nobody"
        verb = "becomes" if len(run) == 1 else "become"
        lines.append(f"{where}: {was}'s {noun} {verb} {now}'s")
    if len(runs) > SHOWN:
        rest = sum(len(run) for run in runs[SHOWN:])
        lines.append(
            f"{_count(rest, 'more entry changes', 'more entries change')} player "
            f"(up to #{runs[-1][-1]})"
        )
    judged = [s for s in rows if old[s].verdict != new[s].verdict]
    lines += _some(
        [f"#{s} {_verdict_change(old[s].verdict, new[s].verdict)}" for s in judged],
        SHOWN,
        ("more ruling changes verdict", "more rulings change verdict"),
    )
    quiet = [s for s in rows if s not in moved and s not in judged]
    lines += _some(
        [f"#{s} now reads: {new[s].summary}" for s in quiet],
        SHOWN_RULINGS,
        ("more later ruling changes", "more later rulings change"),
    )
    for side in found.sides:
        name = SIDE_FIGURES[side["figure"]]
        lines.append(
            f"{side['side']}'s {name}: {side['before']} becomes {side['after']}"
        )
    if found.winner is not None:
        was = found.winner["before"] or "nobody yet"
        now = found.winner["after"] or "nobody yet"
        lines.append(f"the winner changes from {was} to {now}")
    if found.turn is not None and found.turn["after"]:
        lines.append(
            f"next to play: {found.turn['after']} instead of "
            f"{found.turn['before'] or 'nobody'}"
        )
    return lines


def _runs(
    seqs: list[int], old: dict[int, Record], new: dict[int, Record]
) -> list[list[int]]:
    """Seqs in order, grouped while each moves from the same doer to the same doer
    and no event in between is left out (the event list is in seq order)."""
    order = sorted(old)
    runs: list[list[int]] = []
    for s in seqs:
        pair = (old[s].actor, new[s].actor)
        if runs:
            last = runs[-1][-1]
            adjacent = order.index(s) == order.index(last) + 1
            if adjacent and (old[last].actor, new[last].actor) == pair:
                runs[-1].append(s)
                continue
        runs.append([s])
    return runs


def _some(lines: list[str], shown: int, more: tuple[str, str]) -> list[str]:
    """The first ``shown`` lines, and how many more there are."""
    rest = len(lines) - shown
    return lines[:shown] + ([_count(rest, *more)] if rest > 0 else [])


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _noun(types: set[str], count: int) -> str:
    """What the events are called: their type when all share a one-word type
    ("darts", "rolls"), else entries."""
    if len(types) == 1 and (kind := next(iter(types))).isalpha():
        return kind if count == 1 else f"{kind}s"
    return "entry" if count == 1 else "entries"


def _verdict_change(was: str, now: str) -> str:
    if now == Verdict.BUST:
        return "becomes a bust"
    if was == Verdict.BUST:
        return "is no longer a bust"
    if now == Verdict.WIN:
        return "now wins"
    if was == Verdict.WIN:
        return "no longer wins"
    if now == Verdict.OK:
        return f"is no longer a {was}"
    return f"becomes a {now}"
