"""Swiss pairings and standings (pure).

Everyone plays every round; nobody is knocked out. The rules this module keeps:

* ``swiss/points``: a win is 1 point, a draw 1/2, a loss 0, a bye 1 (as a win);
* ``swiss/pairing``: players are ranked by points, then by seed (the order the
  organiser listed or drew them). From the top, each score group is split in half
  and the top half meets the bottom half in order (the Dutch system: of 8 level
  players, 1 v 5, 2 v 6, 3 v 7, 4 v 8). A group with an odd count floats its
  lowest player down to meet the highest it can of the next group;
* ``swiss/no-repeat``: no two players meet twice while any pairing avoids it. When
  a Dutch partner has been met, the search goes on in a fixed order (the rest of
  the bottom half, then the top half from its weakest, then the nearest score
  group) and backs up to earlier pairings when a later player would be stuck; only
  when no pairing at all avoids repeats does it allow the fewest. The search stops
  after ``SEARCH_LIMIT`` steps (never reached within 15 rounds of up to 64 players
  in ``bench/swiss_pairing.py``) and then pairs each player in turn with the first
  new opponent in that order;
* ``swiss/bye``: with an odd number of players, the lowest-ranked player who has
  not had a bye sits out and scores the bye. A second bye counts as a repeat: it
  is given (to the lowest-ranked of those with the fewest) only when every
  pairing with a fresh bye would repeat more meetings;
* ``swiss/buchholz``: Buchholz is the sum of the points of everyone a player met;
  a bye counts as a meeting with a player of no points;
* ``swiss/median-buchholz``: the same sum without the highest and the lowest
  (once a player has met three or more); a bye, as a zero, is the lowest dropped;
* ``swiss/standings``: points, then the tie-breaks in the organiser's order, then
  seed. Players equal on points and both tie-breaks share a place.

Results come in as ``Game`` values; a draw is ``winner=None, draw=True``.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from referee.games.outcomes import BadInput

WIN, DRAW, BYE_POINTS = 1.0, 0.5, 1.0
TIE_BREAKS = ("buchholz", "median-buchholz")
MIN_PLAYERS, MAX_PLAYERS = 3, 64
MAX_ROUNDS = 15
SEARCH_LIMIT = 20_000  # pairing search steps for one round (see ``pair``)


@dataclass(frozen=True)
class Game:
    """One pairing of a round: two players, or one with a bye; its result if known."""

    players: tuple[str, ...]
    winner: str | None = None
    draw: bool = False

    @property
    def bye(self) -> bool:
        return len(self.players) == 1

    @property
    def done(self) -> bool:
        return self.bye or self.winner is not None or self.draw

    def points(self, player: str) -> float:
        if self.bye:
            return BYE_POINTS
        if self.draw:
            return DRAW
        return WIN if self.winner == player else 0.0


@dataclass
class Standing:
    """One player's line in the standings."""

    player: str
    seed: int  # 1-based
    points: float = 0.0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    opponents: list[str] = field(default_factory=list)
    buchholz: float = 0.0
    median: float = 0.0
    rank: int = 0

    def to_json(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "player": self.player,
            "seed": self.seed,
            "points": self.points,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "byes": self.byes,
            "buchholz": self.buchholz,
            "median_buchholz": self.median,
            "opponents": list(self.opponents),
        }


@dataclass(frozen=True)
class Pairing:
    """The next round: who meets whom (higher-ranked first) and who has the bye."""

    games: tuple[tuple[str, str], ...]
    bye: str | None
    repeats: int  # pairings that repeat an earlier meeting (0 whenever avoidable)


def default_rounds(players: int) -> int:
    """Enough rounds to leave one unbeaten player: the log base 2, rounded up."""
    return max(1, (players - 1).bit_length())


def max_rounds(players: int) -> int:
    """A round robin's worth (past it, someone must meet a player twice), at most 15.

    Fifteen is more than any Swiss plays (big opens play 9 to 13) and keeps every
    pairing fast: past about 20 rounds of 48 or more, the search for a pairing with
    no repeat can run long (``bench/swiss_pairing.py``).
    """
    return min(MAX_ROUNDS, players - 1 if players % 2 == 0 else players)


def standings(
    players: Sequence[str],
    rounds: Iterable[Sequence[Game]],
    tie_breaks: Sequence[str] = TIE_BREAKS,
) -> list[Standing]:
    """Everyone ranked by points, the tie-breaks in order, then seed."""
    lines = {p: Standing(p, n) for n, p in enumerate(players, start=1)}
    for games in rounds:
        for g in games:
            if not g.done:
                continue
            for p in g.players:
                line = lines[p]
                line.points += g.points(p)
                if g.bye:
                    line.byes += 1
                    line.opponents.append("")
                elif g.draw:
                    line.draws += 1
                elif g.winner == p:
                    line.wins += 1
                else:
                    line.losses += 1
                if not g.bye:
                    line.opponents.append(next(q for q in g.players if q != p))
    for line in lines.values():
        met = sorted(lines[q].points if q else 0.0 for q in line.opponents)
        line.buchholz = sum(met)
        line.median = sum(met[1:-1]) if len(met) >= 3 else sum(met)

    def key(line: Standing) -> tuple[float, ...]:
        breaks = [line.buchholz if t == "buchholz" else line.median for t in tie_breaks]
        return (-line.points, *(-b for b in breaks))

    ordered = sorted(lines.values(), key=lambda s: (*key(s), s.seed))
    for n, line in enumerate(ordered):
        before = ordered[n - 1] if n else None
        line.rank = before.rank if before and key(before) == key(line) else n + 1
    return ordered


def met(rounds: Iterable[Sequence[Game]]) -> set[frozenset[str]]:
    """Every pair of players who have been paired (played or not)."""
    return {frozenset(g.players) for games in rounds for g in games if not g.bye}


def pair(
    players: Sequence[str],
    rounds: Sequence[Sequence[Game]],
    withdrawn: Iterable[str] = (),
) -> Pairing:
    """The next round's pairing (see the module's rules); ``BadInput`` if unfinished."""
    if any(not g.done for games in rounds for g in games):
        raise BadInput("The round is not finished yet.", field="round")
    gone = set(withdrawn)
    table = standings(players, rounds)
    seed = {p: n for n, p in enumerate(players)}
    score = {s.player: s.points for s in table}
    order = sorted(
        (p for p in players if p not in gone), key=lambda p: (-score[p], seed[p])
    )
    if len(order) < 2:
        raise BadInput("Fewer than two players are left to pair.", field="players")
    byes = {s.player: s.byes for s in table}
    seen = met(rounds)
    candidates: list[str | None] = [None]
    if len(order) % 2:
        # lowest-ranked first among those with the fewest byes
        candidates = sorted(reversed(order), key=lambda p: byes[p])  # type: ignore[arg-type]
    search = _Search(score, seen)
    for allowed in range(len(order) // 2 + 2):
        for bye in candidates:
            # a second bye is a repeat too: it is only given to avoid another one
            again = int(bye is not None and byes[bye] > 0)
            if again > allowed:
                continue
            rest = tuple(p for p in order if p != bye)
            found = search.first(rest, allowed - again)
            if found is not None:
                return _pairing(found, bye, seen)
            if search.steps > SEARCH_LIMIT:
                # too many ways to try (only ever seen in rounds far past log2 of
                # many players): the first new opponent in order, without looking ahead
                return _pairing(search.greedy(rest), bye, seen)
    raise AssertionError("a pairing with repeats allowed always exists")


def _pairing(found: list[tuple[str, str]], bye: str | None, seen: set) -> Pairing:
    repeats = sum(frozenset(g) in seen for g in found)
    return Pairing(tuple(found), bye, repeats)


def _preferences(p: str, left: Sequence[str], score: dict[str, float]) -> list[str]:
    """``p``'s opponents among ``left`` (``p`` first), in the Dutch system's order.

    Taken afresh for each player, so a group is split again after a floater from
    the group above took one of its players.
    """
    group = [q for q in left if score[q] == score[p]]
    half = len(group) // 2
    same = group[max(half, 1) :] + group[1:half][::-1]
    rank = {q: n for n, q in enumerate(left)}
    below = sorted(
        (q for q in left if score[q] != score[p]),
        key=lambda q: (abs(score[p] - score[q]), rank[q]),
    )
    return same + below


class _Search:
    """The pairing search: depth first in preference order, with what failed kept."""

    def __init__(self, score: dict[str, float], seen: set[frozenset[str]]) -> None:
        self.score = score
        self.seen = seen
        self.met: dict[str, set[str]] = {}  # each player's earlier opponents
        for pair_ in seen:
            a, b = tuple(pair_)
            self.met.setdefault(a, set()).add(b)
            self.met.setdefault(b, set()).add(a)
        self.steps = 0
        self.failed: set[tuple[frozenset[str], int]] = set()

    def first(self, left: tuple[str, ...], budget: int) -> list[tuple[str, str]] | None:
        """The first pairing in preference order with at most ``budget`` repeats."""
        if not left:
            return []
        here = frozenset(left)
        if (here, budget) in self.failed or self.steps > SEARCH_LIMIT:
            return None
        self.steps += 1
        # Players with nobody new left among ``left`` need a repeat each (one
        # repeat serves two of them at most): too many, and this cannot work.
        stuck = sum(1 for x in left if here - {x} <= self.met.get(x, set()))
        if (stuck + 1) // 2 > budget:
            self.failed.add((here, budget))
            return None
        p, rest = left[0], left[1:]
        met = self.met.get(p, set())
        for q in _preferences(p, left, self.score):
            cost = q in met
            if cost > budget:
                continue
            found = self.first(tuple(x for x in rest if x != q), budget - cost)
            if found is not None:
                return [(p, q), *found]
        if self.steps <= SEARCH_LIMIT:  # a cut-off search proves nothing
            self.failed.add((here, budget))
        return None

    def greedy(self, left: tuple[str, ...]) -> list[tuple[str, str]]:
        """Each player in turn takes the first new opponent in order (else any)."""
        out = []
        rest = list(left)
        while rest:
            p = rest.pop(0)
            prefs = _preferences(p, [p, *rest], self.score)
            met = self.met.get(p, set())
            q = min(prefs, key=lambda q: q in met)
            rest.remove(q)
            out.append((p, q))
        return out
