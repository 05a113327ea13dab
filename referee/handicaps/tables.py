"""Handicap tables: a rating gap -> pool races, darts starts, leg head starts.

Pure: no I/O, no clock, no randomness. The tables and the reasoning behind them are
published in ``docs/handicaps.md`` (a test checks the charts there equal these).

The model, in short. A rating is an OpenSkill (Weng-Lin) ``mu``; the **gap** is the
stronger side's ``mu`` less the weaker's. The gap is read in whole-point bands
(``band``), and each band has a published **chance per rack** (or per leg) of the
weaker player, ``RACK_CHANCE``: what the rating model gives for a single match, spread
over the racks of a race to ``TYPICAL_RACE`` (the length most rated pool matches are).
From that chance:

* pool: the stronger side keeps the base race; the weaker side's race is the one
  that brings the weaker side's chance of winning the match nearest one half
  (``weaker_race``; on a tie the longer race, so the handicap is never more than
  needed);
* darts, leg head start: the same rule on legs (first to ``legs``), the head start
  being the legs the weaker side no longer needs;
* darts, start score: the weaker player's start is lowered by the share of the
  darts the stronger player saves per leg (``start_cut``), rounded to the allowed
  starts (``ALLOWED_STARTS``, every 25 from 101 to 701).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

from referee.games.darts_301.common import HANDICAP_STARTS

# The OpenSkill defaults the ratings use (mu 25, sigma 25/3, beta = sigma / 2).
BETA = 25 / 6
TYPICAL_RACE = 5
# Below a gap of this many points no handicap is given (band 0).
BAND_WIDTH = 1.0
# The weaker side's chance of winning one rack (or leg) for gap bands 0, 1, 2, ...;
# the last applies to every larger gap. Derived once from the model (``_chance``) and
# published, so that a league's chart does not move with floating point.
RACK_CHANCE: tuple[float, ...] = (
    0.50,
    0.47,
    0.45,
    0.42,
    0.39,
    0.37,
    0.34,
    0.31,
    0.29,
    0.27,
    0.24,
    0.22,
    0.20,
    0.18,
    0.17,
    0.15,
)
LAST_BAND = len(RACK_CHANCE) - 1
# How much a leg's darts vary (standard deviation over mean) for a league player:
# the spread that turns a chance per leg into a share of the start score.
LEG_SPREAD = 0.15
# The start scores a handicap may set are the engine's (every 25 from 101 to 701).
ALLOWED_STARTS = HANDICAP_STARTS
# The most a start is cut, as a share of the base start (a 501 never below 301).
MOST_CUT = 0.4
# Both sides need this many rated matches at the game before a handicap is offered.
MIN_MATCHES = 3


@dataclass(frozen=True)
class Side:
    """What the tables read of one side: its rating's mu and rated matches."""

    name: str
    mu: float
    matches: int


def band(gap: float) -> int:
    """The gap's band: 0 below ``BAND_WIDTH``, one more per point, capped."""
    return min(LAST_BAND, int(abs(gap) // BAND_WIDTH))


def chance(gap: float) -> float:
    """The weaker side's published chance of winning one rack or leg."""
    return RACK_CHANCE[band(gap)]


def race_win(p: float, mine: int, theirs: int) -> float:
    """The chance that a side winning each rack with ``p`` gets ``mine`` racks
    before the other side gets ``theirs`` (a negative binomial sum)."""
    return sum(
        math.comb(mine - 1 + k, k) * p**mine * (1 - p) ** k for k in range(theirs)
    )


def weaker_race(gap: float, base: int) -> int:
    """The weaker side's race when the stronger races to ``base`` (1..base)."""
    if base < 1:
        raise ValueError("a race is at least 1")
    p = chance(gap)
    # rounded so that a tie is a tie on every machine; on a tie the longer race
    return min(
        range(1, base + 1),
        key=lambda w: (round(abs(race_win(p, w, base) - 0.5), 9), -w),
    )


def races(gap: float, base: int) -> tuple[int, int]:
    """``(stronger's race, weaker's race)`` for a base race."""
    return base, weaker_race(gap, base)


def head_start(gap: float, legs: int) -> int:
    """Legs the weaker player starts with in a first-to-``legs`` (0..legs-1)."""
    return legs - weaker_race(gap, legs)


def start_cut(gap: float) -> float:
    """The share of the start the weaker player is let off (0..``MOST_CUT``).

    With leg lengths spread ``LEG_SPREAD`` around their means, a chance ``p`` per
    leg means the weaker player needs ``1 + z * spread * sqrt 2`` times the
    stronger's darts (``z`` the normal quantile of ``1 - p``); cutting the start by
    the matching share evens the leg.
    """
    p = chance(gap)
    z = NormalDist().inv_cdf(1 - p)
    ratio = 1 + z * LEG_SPREAD * math.sqrt(2)
    return min(MOST_CUT, 1 - 1 / ratio)


def weaker_start(gap: float, base: int) -> int:
    """The weaker player's start score for a base start: an allowed start, rounded
    to the nearest (down on a tie), never below ``base * (1 - MOST_CUT)``."""
    if base not in ALLOWED_STARTS:
        raise ValueError(f"{base} is not an allowed start")
    target = base * (1 - start_cut(gap))
    floor = base * (1 - MOST_CUT)
    fits = [s for s in ALLOWED_STARTS if floor <= s <= base]
    return min(fits, key=lambda s: (abs(s - target), s))


def _chance(gap_band: int) -> float:
    """The model behind ``RACK_CHANCE`` (kept to show where it comes from): the
    match chance of a gap at the band's lower edge, spread over a race to
    ``TYPICAL_RACE`` by bisection."""
    match = NormalDist().cdf(-gap_band * BAND_WIDTH / (math.sqrt(2) * BETA))
    low, high = 0.0, 0.5
    for _ in range(60):
        mid = (low + high) / 2
        if race_win(mid, TYPICAL_RACE, TYPICAL_RACE) < match:
            low = mid
        else:
            high = mid
    return low


def order(a: Side, b: Side) -> tuple[Side, Side, float]:
    """``(stronger, weaker, gap)``; equal ratings keep the given order."""
    if b.mu > a.mu:
        return b, a, b.mu - a.mu
    return a, b, a.mu - b.mu


def established(*sides: Side) -> Side | None:
    """The first side with too few rated matches for a handicap, or None."""
    return next((s for s in sides if s.matches < MIN_MATCHES), None)


# --- the published charts (docs/handicaps.md shows these; a test compares) ---------

CHART_RACES = (2, 3, 4, 5, 6, 7, 8, 9)
CHART_STARTS = (301, 501, 701)
CHART_LEGS = (2, 3, 4, 5)


def _gap_label(b: int) -> str:
    if b == 0:
        return f"under {BAND_WIDTH:g}"
    if b == LAST_BAND:
        return f"{b * BAND_WIDTH:g} or more"
    return f"{b * BAND_WIDTH:g} to under {(b + 1) * BAND_WIDTH:g}"


def charts() -> str:
    """The three charts as Markdown tables, one row per gap band."""
    bands = range(len(RACK_CHANCE))
    pool = [
        "| rating gap | chance per rack | "
        + " | ".join(f"race {n}" for n in CHART_RACES)
        + " |",
        "|---|---|" + "---|" * len(CHART_RACES),
    ]
    darts = [
        "| rating gap | "
        + " | ".join(f"from {s}" for s in CHART_STARTS)
        + " | "
        + " | ".join(f"first to {n}" for n in CHART_LEGS)
        + " |",
        "|---|" + "---|" * (len(CHART_STARTS) + len(CHART_LEGS)),
    ]
    for b in bands:
        gap = b * BAND_WIDTH
        label = _gap_label(b)
        pool.append(
            f"| {label} | {RACK_CHANCE[b]:.2f} | "
            + " | ".join(f"{n}-{weaker_race(gap, n)}" for n in CHART_RACES)
            + " |"
        )
        darts.append(
            f"| {label} | "
            + " | ".join(str(weaker_start(gap, s)) for s in CHART_STARTS)
            + " | "
            + " | ".join(str(head_start(gap, n)) for n in CHART_LEGS)
            + " |"
        )
    return "\n".join(pool) + "\n\n" + "\n".join(darts) + "\n"
