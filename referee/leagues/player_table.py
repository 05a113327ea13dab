"""A season's player table from its games' figures (pure: no database, no clock).

Each game of a team match is an ordinary match; ``referee.profiles.stats`` works out
its figures per player from the match's raw log by replaying the engine. This module
only adds those figures up per player of the season and works out the rates:

* every game family: games played, won, drawn, lost and the win percentage (at cards
  the figure a league keeps);
* darts (``darts-301``): the three-dart average, the checkout percentage (checkouts
  over darts at a double), the highest finish, 180s and legs won;
* pool (``billiards``): racks won and lost, and break-and-runs.

A game counts once it is over and, in confirmation mode, every entry confirmed (what
a profile counts too); a game still being played adds nothing yet. A player is a
name on a team (the same name on two teams is two players). Side 0 of a game's match
is the home team, side 1 the away team; the players of a side are matched to the
names the line-ups gave by position. A darts pair throws on one score under one name
("Ann & Bob"), so a doubles game counts for each partner's games and wins but not for
their averages, which come from the darts each threw alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass

from referee.games import facts
from referee.games.outcomes import JSON
from referee.profiles import stats

DARTS = "darts-301"
POOL = "billiards"

# The table's columns after the player and team: (key, heading), per game.
COMMON = (
    ("played", "Played"),
    ("won", "Won"),
    ("drawn", "Drawn"),
    ("lost", "Lost"),
    ("win_percent", "Win %"),
)
EXTRA: dict[str, tuple[tuple[str, str], ...]] = {
    DARTS: (
        ("three_dart_average", "3-dart avg"),
        ("checkout_percent", "Checkout %"),
        ("highest_finish", "High finish"),
        ("one_eighties", "180s"),
        ("legs_won", "Legs won"),
    ),
    POOL: (
        ("racks_won", "Racks won"),
        ("racks_lost", "Racks lost"),
        ("break_and_runs", "Break & runs"),
    ),
}


@dataclass(frozen=True)
class Side:
    """One side of a season game: its team (numbered from 1) and its players.

    ``names`` are the line-up's names, ``members`` the match's own names of the
    side's players (what the figures are keyed by), in the same order; a darts pair
    is one member for two names.
    """

    team: int
    names: tuple[str, ...]
    members: tuple[str, ...]


@dataclass(frozen=True)
class SeasonGame:
    """One game of a team match: its match, its two sides, its figures and whether
    they count yet (over, and settled in confirmation mode)."""

    match: str
    home: Side
    away: Side
    figures: JSON  # ``stats.figures`` of the match
    counts: bool


def columns(game: str) -> list[JSON]:
    """The table's columns for a season at ``game``: ``[{"key", "label"}]``."""
    keys = (("name", "Player"), ("team_name", "Team"), *COMMON, *EXTRA.get(game, ()))
    return [{"key": k, "label": label} for k, label in keys]


def table(game: str, teams: Sequence[JSON], played: Iterable[SeasonGame]) -> list[JSON]:
    """One row per player: every roster name of ``teams`` (``{"name", "players"}``,
    team ``n`` at index ``n - 1``), and anyone else a line-up named.

    Rows: ``{"team", "team_name", "name", "played", "won", "drawn", "lost",
    "win_percent", ...the game's figures}``, best win percentage first (then more
    games won, then fewer played, then team and roster order); a player who has not
    played yet comes last, with ``win_percent`` None.
    """
    found: dict[tuple[int, str], JSON] = {}
    order: dict[tuple[int, str], int] = {}

    def row(team: int, name: str) -> JSON:
        key = (team, name)
        if key not in found:
            order[key] = len(order)
            found[key] = {
                "team": team,
                "team_name": _team_name(teams, team),
                "name": name,
                "played": 0,
                "won": 0,
                "drawn": 0,
                "lost": 0,
                "sum": {},
            }
        return found[key]

    for n, team in enumerate(teams, start=1):
        for name in team.get("players") or []:
            row(n, name)
    for g in played:
        if not g.counts:
            continue
        for side in (g.home, g.away):
            result = g.figures["result"].get(side.members[0]) if side.members else None
            if result is None:
                continue  # not over: nothing counts yet
            alone = len(side.members) == len(side.names)
            for i, name in enumerate(side.names):
                mine = row(side.team, name)
                mine["played"] += 1
                mine[result] += 1
                figures = g.figures["players"].get(side.members[i]) if alone else None
                if figures:
                    mine["sum"] = stats.add(mine["sum"], figures)
    rows = [_finish(game, r) for r in found.values()]
    rows.sort(
        key=lambda r: (
            r["win_percent"] is None,
            -(r["win_percent"] or 0),
            -r["won"],
            r["played"],
            order[(r["team"], r["name"])],
        )
    )
    return rows


def _team_name(teams: Sequence[JSON], team: int) -> str:
    return str(teams[team - 1]["name"]) if 1 <= team <= len(teams) else f"Team {team}"


def _finish(game: str, row: JSON) -> JSON:
    """A row's rates, and its game's figures out of the sums."""
    summed = row.pop("sum")
    out = {**row, "win_percent": facts.percent(row["won"], row["played"])}
    if game == DARTS:
        out.update(
            three_dart_average=facts.average(
                summed.get("points", 0), summed.get("darts", 0)
            ),
            checkout_percent=facts.percent(
                summed.get("checkouts", 0), summed.get("darts_at_double", 0)
            ),
            highest_finish=summed.get("highest_finish", 0),
            one_eighties=summed.get("one_eighties", 0),
            legs_won=summed.get("legs_won", 0),
        )
    elif game == POOL:
        racks, won = summed.get("racks", 0), summed.get("racks_won", 0)
        out.update(
            racks_won=won,
            racks_lost=racks - won,
            break_and_runs=summed.get("break_and_runs", 0),
        )
    return out
