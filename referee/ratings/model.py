"""The rating step: OpenSkill's Plackett-Luce model over one finished match. Pure.

Why Plackett-Luce (a Weng-Lin model): it rates any number of sides of any size from
a finishing order with ties, so one model covers one against one, partnerships and
teams, and free-for-all games (a liar's dice table, a poker session); its update is
linear in the number of sides (the Bradley-Terry and Thurstone-Mosteller "full"
models compare every pair of sides); and it is ``openskill``'s default and best
documented model. The parameters are the library's defaults (mu 25, sigma 25/3,
beta 25/6, tau 25/300) with ``limit_sigma``: a match never makes a rating less
certain than it was.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from openskill.models import PlackettLuce

try:  # the library's own sort of sides by place (see ``_step``)
    from openskill.models.weng_lin.common import _unwind
except ImportError:  # pragma: no cover - a later openskill: the public rate
    _unwind = None

MODEL = PlackettLuce(limit_sigma=True)
_FAST = _unwind is not None and hasattr(MODEL, "_compute")
MU: float = MODEL.mu  # 25.0: a new profile's rating
SIGMA: float = MODEL.sigma  # 25/3: how unsure it is
Z = 3  # the shown rating (ordinal) is mu - 3 sigma: 99.7% sure it is at least that
MODEL_JSON = {
    "name": "openskill PlackettLuce",
    "mu": MODEL.mu,
    "sigma": round(MODEL.sigma, 6),
    "beta": round(MODEL.beta, 6),
    "tau": round(MODEL.tau, 6),
    "limit_sigma": True,
    "rating": "mu - 3 * sigma",
}


@dataclass(frozen=True)
class Rating:
    """A profile's rating at one game after ``matches`` rated matches."""

    mu: float = MU
    sigma: float = SIGMA
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """The rating shown and compared: mu - 3 sigma (0 for a new profile)."""
        return self.mu - Z * self.sigma

    def to_json(self) -> dict[str, float | int]:
        return {
            "mu": round(self.mu, 4),
            "sigma": round(self.sigma, 4),
            "rating": round(self.ordinal, 2),
            "matches": self.matches,
        }


NEW = Rating()


@dataclass(frozen=True)
class Result:
    """A finished match as the ratings see it.

    ``sides`` are the seats of each side as profile ids (None: a seat no profile is
    linked to); ``places`` each side's finishing place, 1 first, tied sides sharing
    a place. ``order`` sorts the game's matches by when they finished.
    """

    match: str
    game: str
    order: tuple[str, str]
    sides: tuple[tuple[str | None, ...], ...]
    places: tuple[int, ...]


def _step(teams: list[list[Any]], places: Sequence[int]) -> None:
    """``PlackettLuce.rate`` with ranks, on the library's own rating objects, in place.

    The steps of the library's ``rate`` (tau added to sigma, the sides sorted by
    place with its own ``_unwind``, its ``_compute``, sigma kept from growing), in
    its order and with its expressions, less its argument checks and the deep copy
    of every rating (with a fresh uuid each), which cost three times the maths. The
    tests compare it with ``MODEL.rate`` bit for bit; without those internals (a
    later ``openskill``) the public ``rate`` is called instead.
    """
    ranks = [float(p) for p in places]
    if not _FAST:
        after = MODEL.rate(teams, ranks=ranks)
        for team, new in zip(teams, after, strict=True):
            for old, rating in zip(team, new, strict=True):
                old.mu, old.sigma = rating.mu, rating.sigma
        return
    before = [[r.sigma for r in team] for team in teams]
    tau_squared = MODEL.tau * MODEL.tau
    for team in teams:
        for r in team:
            r.sigma = math.sqrt(r.sigma * r.sigma + tau_squared)
    ordered, _ = _unwind(ranks, teams)
    MODEL._compute(teams=ordered, ranks=sorted(ranks))
    for team, sigmas in zip(teams, before, strict=True):
        for r, sigma in zip(team, sigmas, strict=True):
            r.sigma = min(r.sigma, sigma)


def rate(
    sides: Sequence[Sequence[Rating]], places: Sequence[int]
) -> list[list[Rating]]:
    """Every seat's rating after a match (``places``: 1 first, ties equal)."""
    teams = [[MODEL.create_rating([r.mu, r.sigma]) for r in side] for side in sides]
    _step(teams, places)
    return [
        [
            Rating(new.mu, new.sigma, old.matches + 1)
            for old, new in zip(side, team, strict=True)
        ]
        for side, team in zip(sides, teams, strict=True)
    ]


@dataclass
class Change:
    """One profile's rating before and after one match."""

    player: str
    game: str
    match: str
    position: int
    place: int
    sides: int
    before: Rating
    after: Rating


@dataclass
class Replayed:
    """The ratings at the end of a replay, and every change on the way."""

    ratings: dict[tuple[str, str], Rating] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    positions: dict[str, int] = field(default_factory=dict)  # game -> last position
    # the library's rating object of each (player, game), updated in place
    live: dict[tuple[str, str], Any] = field(default_factory=dict)
    spare: list[Any] = field(default_factory=list)  # reused for unlinked seats


def apply(done: Replayed, result: Result) -> list[Change]:
    """Rate one more match on top of ``done`` (in place); its changes.

    Seats without a profile play as new ratings each time and are not kept; a
    match with no linked seat changes nothing (and takes no position).
    """
    linked = [p for side in result.sides for p in side if p is not None]
    if not linked:
        return []
    game = result.game
    before: list[list[Rating]] = []
    teams: list[list[Any]] = []
    spare = iter(done.spare)
    for side in result.sides:
        was_side, team = [], []
        for player in side:
            was = done.ratings.get((player, game), NEW) if player else NEW
            obj = done.live.get((player, game)) if player else next(spare, None)
            if obj is None:
                obj = MODEL.create_rating([was.mu, was.sigma])
                if player:
                    done.live[(player, game)] = obj
                else:
                    done.spare.append(obj)
            obj.mu, obj.sigma = was.mu, was.sigma
            was_side.append(was)
            team.append(obj)
        before.append(was_side)
        teams.append(team)
    _step(teams, result.places)
    position = done.positions.get(game, 0) + 1
    done.positions[game] = position
    made: list[Change] = []
    count = len(result.sides)
    for side, olds, team, place in zip(
        result.sides, before, teams, result.places, strict=True
    ):
        for player, was, obj in zip(side, olds, team, strict=True):
            if player is None:
                continue
            now = Rating(obj.mu, obj.sigma, was.matches + 1)
            done.ratings[(player, game)] = now
            made.append(
                Change(player, game, result.match, position, place, count, was, now)
            )
    done.changes.extend(made)
    return made


def replay(results: Iterable[Result]) -> Replayed:
    """Every rating from nothing, rating ``results`` in their finishing order."""
    done = Replayed()
    for result in sorted(results, key=lambda r: (r.game, r.order)):
        apply(done, result)
    return done
