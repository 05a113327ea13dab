"""A season's player table, read from its games' raw logs.

A season is a tournament of kind ``league``; its games are the matches with
``tournament_id`` = the season, each listed on its fixture in the season's view
(home and away team, the line-ups' names); a forfeited fixture's games count
for nobody, as in the standings. Each match's figures come from its raw
log through ``referee.profiles.stats`` (``profiles.figures_from_log``), kept per
season by each match's version so that a view replays only the games that moved,
and ``player_table`` adds them up: nothing here parses a log.
"""

from __future__ import annotations

from collections import OrderedDict

from sqlalchemy import select

from referee import profiles
from referee import tournament_reads
from referee.db import db
from referee.games import facts
from referee.games.boards import side_names
from referee.games.outcomes import JSON
from referee.leagues import player_table
from referee.leagues.player_table import SeasonGame
from referee.leagues.player_table import Side
from referee.models import Match
from referee.models import MatchEvent
from referee.models import Tournament

KIND = "league"


# Each season's games' figures, kept per match with the version they were worked out
# at: a page view reads the versions (one light query) and replays only the logs of
# the games that moved since, read in one query. A few seasons are kept per process
# (each a few kilobytes a game): a league night's pages look at one or two.
Kept = tuple[int, JSON, bool, list[list[str]]]  # version, figures, counts, sides
_KEPT: OrderedDict[str, dict[str, Kept]] = OrderedDict()
KEEP_SEASONS = 4
LOGS_PER_QUERY = 500  # match ids per IN (...) when reading logs


def figures(tournament: Tournament) -> dict[str, Kept]:
    """Every game match of the season by id: the version read, its figures from its
    raw log, whether they count yet (``profiles.figures_from_log``) and its sides'
    players as the match names them."""
    versions: dict[str, int] = {
        m_id: int(version)
        for m_id, version in db.session.execute(
            select(Match.id, Match.version).where(Match.tournament_id == tournament.id)
        ).all()
    }
    known = _KEPT.pop(tournament.id, {})
    stale = [m for m, v in versions.items() if m not in known or known[m][0] != v]
    for start in range(0, len(stale), LOGS_PER_QUERY):
        ids = stale[start : start + LOGS_PER_QUERY]
        logs: dict[str, list[MatchEvent]] = {m: [] for m in ids}
        for row in db.session.execute(
            select(MatchEvent)
            .where(MatchEvent.match_id.in_(ids))
            .order_by(MatchEvent.match_id, MatchEvent.seq)
        ).scalars():
            logs[row.match_id].append(row)
        for match in db.session.execute(
            select(Match).where(Match.id.in_(ids))
        ).scalars():
            # The version read first: a write since only makes the next view redo it.
            got, counts = profiles.figures_from_log(match, logs[match.id])
            known[match.id] = (versions[match.id], got, counts, _members(match))
    _KEPT[tournament.id] = {m: known[m] for m in versions if m in known}
    while len(_KEPT) > KEEP_SEASONS:
        _KEPT.popitem(last=False)
    return _KEPT[tournament.id]


def games(tournament: Tournament, view: JSON) -> list[SeasonGame]:
    """The season's games that have a match, with their figures from the raw logs."""
    found = figures(tournament)
    out = []
    for fixture in view.get("fixtures") or []:
        if fixture.get("forfeit") is not None:
            continue  # a forfeited team match counts no game (the format's rule)
        for game in fixture.get("games") or []:
            kept = found.get(game.get("match") or "")
            if kept is None:
                continue  # not called yet, or a match the fixture no longer uses
            _, got, counts, members = kept
            out.append(
                SeasonGame(
                    match=game["match"],
                    home=_side(fixture["home"], game.get("home"), members[0]),
                    away=_side(fixture["away"], game.get("away"), members[1]),
                    figures=got,
                    counts=counts,
                )
            )
    return out


def _members(match: Match) -> list[list[str]]:
    """Each side's players as the match names them, side 0 (home) first."""
    state = {**match.state, "players": list(match.players)}
    by_side = facts.members(state)
    return [list(by_side[s]) for s in side_names(state)]


def _side(team: int, names: list[str] | None, members: list[str]) -> Side:
    """A side: its team, the line-up names (the match's own when the view shows
    none) and the match's names of its players."""
    shown = [str(n) for n in names] if names else list(members)
    return Side(team=int(team), names=tuple(shown), members=tuple(members))


def season(tournament: Tournament, view: JSON | None = None) -> JSON:
    """``{"season", "title", "game", "columns", "players"}``: the player table
    (``view``: the season's view when the caller has it already)."""
    if view is None:
        view = tournament_reads.view(tournament)
    teams = [_team(t) for t in view.get("teams") or []]
    rows = player_table.table(tournament.game, teams, games(tournament, view))
    return {
        "season": tournament.id,
        "title": tournament.title,
        "game": tournament.game,
        "columns": player_table.columns(tournament.game),
        "players": rows,
    }


def _team(team: JSON | str) -> JSON:
    """A team of the view as ``{"name", "players"}`` (a bare name has no roster)."""
    if isinstance(team, str):
        return {"name": team, "players": []}
    return {"name": team.get("name", ""), "players": list(team.get("players") or [])}
