"""A handicap for one match from the two sides' ratings: options and a note. Pure.

``suggest(game, options, sides)`` is what ``referee.handicaps.for_match`` answers once
it has read the ratings: the match options with the handicap applied (or unchanged)
and one line for the players saying what was done and why.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.handicaps import tables
from referee.handicaps.tables import Side

POOL = "billiards"
DARTS = "darts-301"
GAMES = (POOL, DARTS)
# How darts is handicapped: a lower start every leg, or legs in hand every set.
DARTS_WAYS = ("start", "legs")
TABLE = "table in docs/handicaps.md"
# The options a handicap sets, per game: cleared before a new one is applied, so a
# suggestion never mixes with an old one.
HANDICAP_OPTIONS = {
    POOL: ("race_1", "race_2"),
    DARTS: ("start_1", "start_2", "head_start_1", "head_start_2"),
}


@dataclass(frozen=True)
class Suggestion:
    """The options with the handicap applied, the note, and what it rests on."""

    options: dict[str, Any]
    note: str
    gap: float | None = None  # None: no gap could be read (no rating, no table)
    applied: bool = False  # False: the options are as given


def gap_text(gap: float) -> str:
    """A gap as the note shows it: one decimal."""
    return f"{gap:.1f}"


def suggest(
    game: str,
    options: Mapping[str, Any],
    names: Sequence[str],
    sides: Sequence[Side | None],
    *,
    darts: str = "start",
) -> Suggestion:
    """The handicap for ``names`` (their ratings in ``sides``, None: unrated).

    ``darts`` chooses how a darts handicap is given: ``start`` (the weaker player
    counts down from a lower score) or ``legs`` (a head start in every set).
    """
    given = dict(options)
    if game not in GAMES:
        return Suggestion(given, f"No handicap: there is no handicap table for {game}.")
    if len(names) != 2 or len(sides) != 2:
        return Suggestion(given, "No handicap: a handicap is between two sides.")
    cleared = {k: v for k, v in given.items() if k not in HANDICAP_OPTIONS[game]}
    unrated = [n for n, s in zip(names, sides, strict=True) if s is None]
    if unrated:
        return Suggestion(
            cleared, f"No handicap: {unrated[0]} has no rating at {game} yet."
        )
    a, b = (s for s in sides if s is not None)
    short = tables.established(a, b)
    if short is not None and short.matches == 0:
        return Suggestion(
            cleared, f"No handicap: {short.name} has no rating at {game} yet."
        )
    if short is not None:
        return Suggestion(
            cleared,
            f"No handicap: {short.name} has {short.matches} rated "
            f"match{'es' if short.matches != 1 else ''} at {game} "
            f"({tables.MIN_MATCHES} needed).",
        )
    strong, weak, gap = tables.order(a, b)
    # the option suffix of each: 1 for the first name, 2 for the second
    seat = (1, 2) if strong is a else (2, 1)
    if game == POOL:
        return _pool(cleared, strong, weak, gap, seat)
    return _darts(cleared, strong, weak, gap, seat, darts)


def _level(options: dict[str, Any], gap: float, a: Side, b: Side) -> Suggestion:
    first, second = sorted((a.name, b.name))  # the same note whoever is named first
    return Suggestion(
        options,
        f"No handicap: {first} and {second} are close "
        f"(rating gap {gap_text(gap)}; {TABLE}).",
        gap,
    )


def _pool(
    options: dict[str, Any], strong: Side, weak: Side, gap: float, seat: tuple[int, int]
) -> Suggestion:
    if options.get("game") == "14-1":
        return Suggestion(
            options, "No handicap: 14.1 is played to points, and the table is of races."
        )
    base = int(options.get("race", 5))
    keep, short = tables.races(gap, base)
    if short == keep:
        return _level(options, gap, strong, weak)
    options[f"race_{seat[0]}"] = keep
    options[f"race_{seat[1]}"] = short
    return _applied(
        options, f"{strong.name} races to {keep}, {weak.name} to {short}", gap
    )


def _darts(
    options: dict[str, Any],
    strong: Side,
    weak: Side,
    gap: float,
    seat: tuple[int, int],
    way: str,
) -> Suggestion:
    if way == "legs":
        legs = int(options.get("legs", 1))
        ahead = tables.head_start(gap, legs)
        if ahead == 0:
            return _level(options, gap, strong, weak)
        options[f"head_start_{seat[1]}"] = ahead
        legs_up = f"{ahead} leg{'s' if ahead != 1 else ''} up"
        said = (
            f"{weak.name} starts each set {legs_up} on {strong.name}, first to {legs}"
        )
        return _applied(options, said, gap)
    base = int(options.get("start", "301"))
    lower = tables.weaker_start(gap, base)
    if lower == base:
        return _level(options, gap, strong, weak)
    options[f"start_{seat[1]}"] = lower
    return _applied(
        options, f"{weak.name} starts on {lower}, {strong.name} on {base}", gap
    )


def _applied(options: dict[str, Any], said: str, gap: float) -> Suggestion:
    """A handicap applied: the note is what was done, the gap and the table."""
    return Suggestion(
        options, f"{said} (rating gap {gap_text(gap)}; {TABLE}).", gap, True
    )
