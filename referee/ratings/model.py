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

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from openskill.models import PlackettLuce

MODEL = PlackettLuce(limit_sigma=True)
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


def rate(
    sides: Sequence[Sequence[Rating]], places: Sequence[int]
) -> list[list[Rating]]:
    """Every seat's rating after a match (``places``: 1 first, ties equal)."""
    teams = [[MODEL.create_rating([r.mu, r.sigma]) for r in side] for side in sides]
    after = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [
        [
            Rating(new.mu, new.sigma, old.matches + 1)
            for old, new in zip(side, team, strict=True)
        ]
        for side, team in zip(sides, after, strict=True)
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


def apply(done: Replayed, result: Result) -> list[Change]:
    """Rate one more match on top of ``done`` (in place); its changes.

    Seats without a profile play as new ratings each time and are not kept; a
    match with no linked seat changes nothing (and takes no position).
    """
    linked = [p for side in result.sides for p in side if p is not None]
    if not linked:
        return []
    before = [
        [done.ratings.get((p, result.game), NEW) if p else NEW for p in side]
        for side in result.sides
    ]
    after = rate(before, result.places)
    position = done.positions.get(result.game, 0) + 1
    done.positions[result.game] = position
    made: list[Change] = []
    for side, old, new, place in zip(
        result.sides, before, after, result.places, strict=True
    ):
        for player, was, now in zip(side, old, new, strict=True):
            if player is None:
                continue
            done.ratings[(player, result.game)] = now
            made.append(
                Change(
                    player,
                    result.game,
                    result.match,
                    position,
                    place,
                    len(result.sides),
                    was,
                    now,
                )
            )
    done.changes.extend(made)
    return made


def replay(results: Iterable[Result]) -> Replayed:
    """Every rating from nothing, rating ``results`` in their finishing order."""
    done = Replayed()
    for result in sorted(results, key=lambda r: (r.game, r.order)):
        apply(done, result)
    return done
