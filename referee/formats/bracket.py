"""Elimination brackets: seeding, byes, advancement, the losers' bracket (pure).

A bracket is a fixed graph of match slots built from the number of players; each
slot takes its two sides from a seed, or from the winner or loser of an earlier slot.
The results (slot id -> winner) are the only thing that changes, and ``resolve``
walks the graph to say who plays where, who had a bye and who is out.

The rules this module keeps:

* ``elimination/seeding``: the bracket is the next power of two; seeds are placed
  in the standard order (1 v 16, 8 v 9, 4 v 13, 5 v 12, ... for 16) so seeds 1 and
  2 can only meet in the final, 1 to 4 only in the semi-finals, and so on;
* ``elimination/byes``: the places beyond the last player are byes, so they fall
  to the top seeds (seed 1 first); a bye is no match and no loss;
* ``elimination/advance``: a match's winner goes on to the next round; in single
  elimination its loser is out;
* ``double/drop``: in double elimination a player's first loss drops them into the
  losers' bracket, their second puts them out. Losers of winners' round 1 meet in
  pairs (loser of match 1 v loser of match 2, ...); losers of later winners' rounds
  drop in against the survivors of the losers' bracket, in reverse order from even
  winners' rounds and with the halves swapped from odd ones, so players who met
  early do not meet again at once;
* ``double/grand-final``: the winners' bracket champion meets the losers' bracket
  champion. With the reset (the default) a first loss for the winners' champion
  forces a second, deciding match, so the champion is whoever has lost once fewer.

Ids: single elimination ``R<round>-<n>``; double ``W<round>-<n>``, ``L<round>-<n>``,
``GF1`` and ``GF2`` (the reset). Sides are a player's name, ``BYE`` ("") for nobody,
or ``None`` while not yet known.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from functools import lru_cache

from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused

R_ADVANCE = "elimination/advance"
R_GRAND_FINAL = "double/grand-final"

BYE = ""  # a side nobody fills: the other side goes through without playing
MIN_PLAYERS = {"single": 2, "double": 3}
MAX_PLAYERS = 128

WINNERS, LOSERS, FINAL, RESET = "winners", "losers", "final", "reset"


@dataclass(frozen=True)
class Feed:
    """Where a side comes from: ``seed`` n, or the ``winner``/``loser`` of a slot."""

    kind: str  # "seed", "winner" or "loser"
    seed: int = 0
    slot: str = ""


@dataclass(frozen=True)
class Slot:
    """One match of the bracket, before anyone is known to play it."""

    id: str
    part: str  # WINNERS, LOSERS, FINAL or RESET
    round: int
    index: int  # 1-based within its round
    feeds: tuple[Feed, Feed]
    depth: int  # the longest chain of matches before it: when it can be played


@dataclass(frozen=True)
class Resolved:
    """A slot with what the results so far say about it."""

    slot: Slot
    sides: tuple[str | None, str | None]
    status: str  # "done", "ready", "waiting", "bye", "empty" or "void"
    winner: str | None
    loser: str | None

    @property
    def id(self) -> str:
        return self.slot.id


def bracket_size(players: int) -> int:
    """The smallest power of two that holds this many players."""
    size = 1
    while size < players:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order, top to bottom: ``[1, 8, 4, 5, 2, 7, 3, 6]`` for 8.

    Each round doubles the list and pairs every seed ``s`` with ``2m + 1 - s`` (``m``
    the old length), so every match pairs the strongest left with the weakest, and
    seed 1's half never holds seed 2.
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def drop_order(winners_round: int, count: int) -> list[int]:
    """Which winners' match (1-based) drops into each losers' match of its round."""
    indexes = list(range(1, count + 1))
    if winners_round % 2 == 0:
        return indexes[::-1]
    half = count // 2
    return indexes[half:] + indexes[:half]


def round_name(kind: str, part: str, number: int, rounds: int) -> str:
    """A round's title as players say it: "Final", "Semi-finals", "Losers' round 3"."""
    if part == FINAL:
        return "Grand final"
    if part == RESET:
        return "Grand final reset"
    if part == LOSERS:
        return "Losers' final" if number == rounds else f"Losers' round {number}"
    left = rounds - number
    names = {0: "Final", 1: "Semi-finals", 2: "Quarter-finals"}
    name = names.get(left, f"Round of {2 ** (left + 1)}")
    if kind == "double":
        return "Winners' final" if left == 0 else f"Winners' {name.lower()}"
    return name


@dataclass(frozen=True)
class Bracket:
    """A single or double elimination bracket for players listed by seed."""

    kind: str  # "single" or "double"
    players: tuple[str, ...]  # seed 1 first
    reset: bool = True  # double only: the grand final reset

    def __post_init__(self) -> None:
        if self.kind not in MIN_PLAYERS:
            raise BadInput(
                f"A bracket is 'single' or 'double' elimination, not '{self.kind}'.",
                field="kind",
            )
        low = MIN_PLAYERS[self.kind]
        if not low <= len(self.players) <= MAX_PLAYERS:
            raise BadInput(
                f"{self.kind.capitalize()} elimination takes {low} to {MAX_PLAYERS} "
                f"players; {len(self.players)} given.",
                field="players",
                example='["Ann", "Bob", "Cy", "Dee"]',
            )
        if len(set(self.players)) != len(self.players) or BYE in self.players:
            raise BadInput(
                "Each player is named once, and no name is empty.", field="players"
            )

    @cached_property
    def size(self) -> int:
        return bracket_size(len(self.players))

    @cached_property
    def winners_rounds(self) -> int:
        return self.size.bit_length() - 1

    @cached_property
    def losers_rounds(self) -> int:
        return 2 * self.winners_rounds - 2 if self.kind == "double" else 0

    @cached_property
    def slots(self) -> tuple[Slot, ...]:
        """Every slot, each after the slots it takes its sides from."""
        built: dict[str, Slot] = {}

        def add(part: str, rnd: int, index: int, sid: str, feeds: tuple[Feed, Feed]):
            depth = 1 + max(
                (built[f.slot].depth for f in feeds if f.kind != "seed"), default=0
            )
            if part == RESET:  # played after the first grand final, from the same feeds
                depth = built["GF1"].depth + 1
            built[sid] = Slot(sid, part, rnd, index, feeds, depth)

        w = "W" if self.kind == "double" else "R"
        order = seed_order(self.size)
        for i in range(self.size // 2):
            add(
                WINNERS,
                1,
                i + 1,
                f"{w}1-{i + 1}",
                (Feed("seed", order[2 * i]), Feed("seed", order[2 * i + 1])),
            )
        for r in range(2, self.winners_rounds + 1):
            for i in range(1, self.size // 2**r + 1):
                add(
                    WINNERS,
                    r,
                    i,
                    f"{w}{r}-{i}",
                    (
                        Feed("winner", slot=f"{w}{r - 1}-{2 * i - 1}"),
                        Feed("winner", slot=f"{w}{r - 1}-{2 * i}"),
                    ),
                )
        if self.kind == "double":
            self._losers(add)
        return tuple(built.values())

    def _losers(self, add) -> None:  # type: ignore[no-untyped-def]
        k = self.winners_rounds
        for i in range(1, self.size // 4 + 1):
            add(
                LOSERS,
                1,
                i,
                f"L1-{i}",
                (
                    Feed("loser", slot=f"W1-{2 * i - 1}"),
                    Feed("loser", slot=f"W1-{2 * i}"),
                ),
            )
        for r in range(2, k + 1):
            count = self.size // 2**r
            drop = 2 * r - 2
            for i, w in enumerate(drop_order(r, count), start=1):
                add(
                    LOSERS,
                    drop,
                    i,
                    f"L{drop}-{i}",
                    (
                        Feed("winner", slot=f"L{drop - 1}-{i}"),
                        Feed("loser", slot=f"W{r}-{w}"),
                    ),
                )
            if r < k:
                for i in range(1, count // 2 + 1):
                    add(
                        LOSERS,
                        drop + 1,
                        i,
                        f"L{drop + 1}-{i}",
                        (
                            Feed("winner", slot=f"L{drop}-{2 * i - 1}"),
                            Feed("winner", slot=f"L{drop}-{2 * i}"),
                        ),
                    )
        finalists = (
            Feed("winner", slot=f"W{k}-1"),
            Feed("winner", slot=f"L{2 * k - 2}-1"),
        )
        add(FINAL, 1, 1, "GF1", finalists)
        if self.reset:
            add(RESET, 1, 1, "GF2", finalists)

    @cached_property
    def by_id(self) -> dict[str, Slot]:
        return {s.id: s for s in self.slots}

    @cached_property
    def last(self) -> str:
        """The slot that decides the champion (before any reset)."""
        return "GF1" if self.kind == "double" else f"R{self.winners_rounds}-1"

    def slot(self, slot_id: str) -> Slot:
        try:
            return self.by_id[slot_id]
        except KeyError:
            raise BadInput(
                f"'{slot_id}' is not a match of this bracket.",
                field="match",
                example=self.slots[0].id,
            ) from None

    def play_order(self) -> dict[tuple[str, int], int]:
        """Each round (part, number) numbered in the order of play, from 1.

        A round can start once the rounds it draws from are under way, so rounds go
        by depth (every slot of a round has the same); at equal depth the winners'
        round goes first (in double elimination of 8: W1, W2, L1, W3, L2, L3, L4,
        the grand final, the reset).
        """
        parts = (WINNERS, LOSERS, FINAL, RESET)
        rounds = sorted(
            {(s.depth, parts.index(s.part), s.part, s.round) for s in self.slots}
        )
        return {(part, rnd): n for n, (_, _, part, rnd) in enumerate(rounds, start=1)}

    def round_title(self, slot: Slot) -> str:
        rounds = self.losers_rounds if slot.part == LOSERS else self.winners_rounds
        return round_name(self.kind, slot.part, slot.round, rounds)

    # --- what the results say -------------------------------------------------------

    def resolve(self, results: Mapping[str, str]) -> list[Resolved]:
        """Every slot with its sides and status, given the winners so far."""
        out: dict[str, Resolved] = {}
        for slot in self.slots:
            a, b = (self._side(f, out) for f in slot.feeds)
            out[slot.id] = self._settle(slot, (a, b), results.get(slot.id), out)
        return list(out.values())

    def _side(self, feed: Feed, out: Mapping[str, Resolved]) -> str | None:
        if feed.kind == "seed":
            n = feed.seed
            return self.players[n - 1] if n <= len(self.players) else BYE
        done = out[feed.slot]
        return done.winner if feed.kind == "winner" else done.loser

    def _settle(
        self,
        slot: Slot,
        sides: tuple[str | None, str | None],
        winner: str | None,
        out: Mapping[str, Resolved],
    ) -> Resolved:
        a, b = sides
        if slot.part == RESET:
            first = out["GF1"]
            if first.winner is None:
                return Resolved(slot, sides, "waiting", None, None)
            if first.winner == a:  # the winners' champion won: no reset needed
                return Resolved(slot, sides, "void", BYE, BYE)
        if a == BYE and b == BYE:
            return Resolved(slot, sides, "empty", BYE, BYE)
        if BYE in (a, b):
            other = b if a == BYE else a
            if other is None:
                return Resolved(slot, sides, "waiting", None, BYE)
            return Resolved(slot, sides, "bye", other, BYE)
        if a is None or b is None:
            return Resolved(slot, sides, "waiting", None, None)
        if winner is None:
            return Resolved(slot, sides, "ready", None, None)
        return Resolved(slot, sides, "done", winner, b if winner == a else a)

    def ready(self, results: Mapping[str, str]) -> list[Resolved]:
        """Matches that can be played now, the earliest in the bracket first."""
        found = [r for r in self.resolve(results) if r.status == "ready"]
        order = {s.id: n for n, s in enumerate(self.slots)}
        return sorted(found, key=lambda r: (r.slot.depth, order[r.id]))

    def check_result(
        self, results: Mapping[str, str], slot_id: str, winner: str
    ) -> None:
        """``Refused`` unless ``winner`` may win ``slot_id`` now."""
        self.slot(slot_id)
        here = {r.id: r for r in self.resolve(results)}[slot_id]
        if here.status == "done":
            raise Refused(
                f"{slot_id} already has a result ({here.winner} won); the organiser "
                "corrects it.",
                [R_ADVANCE],
            )
        if here.status != "ready":
            why = {
                "waiting": "its players are not known yet",
                "bye": "it is a bye",
                "empty": "nobody plays it",
                "void": "the winners' champion won the grand final",
            }[here.status]
            rules = [R_GRAND_FINAL] if here.status == "void" else [R_ADVANCE]
            raise Refused(f"{slot_id} cannot be played: {why}.", rules)
        if winner not in here.sides:
            raise BadInput(
                f"{winner or 'Nobody'} does not play {slot_id} "
                f"({here.sides[0]} v {here.sides[1]}).",
                field="winner",
                example=str(here.sides[0]),
            )

    def after(self, slot_id: str) -> list[str]:
        """Every slot that takes a side, directly or not, from ``slot_id``."""
        found: list[str] = []
        marks = {slot_id}
        for slot in self.slots:
            if any(f.slot in marks for f in slot.feeds if f.kind != "seed") or (
                slot.part == RESET and "GF1" in marks
            ):
                marks.add(slot.id)
                found.append(slot.id)
        return found

    def check_correction(
        self, results: Mapping[str, str], slot_id: str, winner: str
    ) -> None:
        """``Refused`` if changing this result would rewrite matches already played."""
        self.slot(slot_id)
        here = {r.id: r for r in self.resolve(results)}[slot_id]
        if here.status not in ("done", "ready"):
            self.check_result(results, slot_id, winner)
        if winner not in here.sides:
            raise BadInput(
                f"{winner or 'Nobody'} does not play {slot_id}.",
                field="winner",
                example=str(here.sides[0]),
            )
        played = [s for s in self.after(slot_id) if s in results]
        if played and results.get(slot_id) != winner:
            raise Refused(
                f"{slot_id} fed matches already played ({', '.join(played)}); "
                "correct those first, latest first.",
                [R_ADVANCE],
            )

    def champion(self, results: Mapping[str, str]) -> str | None:
        """The winner of the bracket, once decided."""
        done = {r.id: r for r in self.resolve(results)}
        if self.kind == "double" and self.reset and done["GF2"].status != "void":
            return done["GF2"].winner
        return done[self.last].winner

    def losses(self, results: Mapping[str, str]) -> dict[str, int]:
        """Matches each player has lost (byes are not losses)."""
        count = dict.fromkeys(self.players, 0)
        for r in self.resolve(results):
            if r.status == "done" and r.loser:
                count[r.loser] += 1
        return count

    def placings(self, results: Mapping[str, str]) -> list[tuple[int, list[str]]]:
        """Final places so far: the champion 1st, then by the round each went out.

        Players out in the same round share a place (both semi-final losers of a
        single elimination are 3rd); those still in are not placed yet, but count
        above everyone already out.
        """
        lives = 2 if self.kind == "double" else 1
        lost = dict.fromkeys(self.players, 0)
        out_at: dict[str, int] = {}
        for r in self.resolve(results):
            if r.status != "done" or not r.loser:
                continue
            lost[r.loser] += 1
            # without the reset, the grand final's loser is out after one loss
            if lost[r.loser] >= lives or r.slot.part == FINAL and not self.reset:
                out_at[r.loser] = r.slot.depth
        champion = self.champion(results)
        places: list[tuple[int, list[str]]] = [(1, [champion])] if champion else []
        # those still in will all finish above everyone already out
        taken = sum(1 for p in self.players if p not in out_at)
        for depth in sorted(set(out_at.values()), reverse=True):
            names = [p for p in self.players if out_at.get(p) == depth]
            places.append((taken + 1, names))
            taken += len(names)
        return places


@lru_cache(maxsize=64)
def bracket_from(kind: str, seeded: tuple[str, ...], reset: bool = True) -> Bracket:
    """A bracket for players listed by seed (seed 1 first), built once per event."""
    return Bracket(kind, seeded, reset)
