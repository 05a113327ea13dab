"""What a game declares for the service besides its rules: its profile figures.

A ``Tally`` says how a game keeps each player's figures over a match for the
profiles (``profiles.stats`` folds the log through the engine and calls it): fresh
figures per player, what each event changed, what the end adds; then how one
match's figures and a profile's totals are shown. Pure: plain JSON, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Figures = dict[str, Any]
# watch(state before, state after, event, figures by player name, a scratch dict
# the game keeps across the match's events)
Watch = Callable[[Figures, Figures, Figures, dict[str, Figures], Figures], None]


def _nothing_at_the_end(state: Figures, per: dict[str, Figures]) -> None:
    return None


def _as_kept(mine: Figures) -> Figures:
    return {}


def _no_summary(summed: Figures, series: list[Figures]) -> Figures:
    return {"series": series}


@dataclass(frozen=True)
class Tally:
    """How one game's profile figures are kept and shown.

    ``title`` heads the game's section of a profile; ``new()`` a player's figures
    before a match; ``watch`` adds what one event changed; ``finish(state, per)``
    what the end adds. ``shown(mine)`` the figures worked out from one match's (or
    the totals') sums, added to them (averages, rates); ``summary(summed, series)``
    the game's part of a profile besides its counts (its series over time, and
    e.g. darts' doubles). ``by_night``: a profile also sums the figures night by
    night (a bunko-night tournament; a lone match is a night of its own), which
    counts ``bunkos`` and ``wipeouts``.
    """

    title: str
    new: Callable[[], Figures]
    watch: Watch
    finish: Callable[[Figures, dict[str, Figures]], None] = _nothing_at_the_end
    shown: Callable[[Figures], Figures] = _as_kept
    summary: Callable[[Figures, list[Figures]], Figures] = _no_summary
    by_night: bool = False


def members(state: Figures) -> dict[str, list[str]]:
    """Each side's players: a team's members, or a player alone."""
    teams = state.get("teams") or []
    if teams:
        return {t["name"]: list(t["players"]) for t in teams}
    return {p: [p] for p in state["players"]}


def average(points: int, darts: int) -> float | None:
    """A three-dart average, to two places (None before a dart)."""
    return round(3 * points / darts, 2) if darts else None


def percent(part: int, whole: int) -> float | None:
    return round(100 * part / whole, 1) if whole else None
