"""A season's player table, read from its games' raw logs.

A season is a tournament of kind ``league``; its games are the matches with
``tournament_id`` = the season, each listed on its fixture in the season's view
(home and away team, the line-ups' names); a forfeited fixture's games count
for nobody, as in the standings. Each match's figures come from its raw
log through ``referee.profiles.stats`` (``profiles.match_figures``, cached by the
match's version), and ``player_table`` adds them up: nothing here parses a log.
"""

from __future__ import annotations

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
from referee.models import Tournament

KIND = "league"


def games(tournament: Tournament, view: JSON) -> list[SeasonGame]:
    """The season's games that have a match, with their figures from the raw logs."""
    made = {
        m.id: m
        for m in db.session.execute(
            select(Match).where(Match.tournament_id == tournament.id)
        ).scalars()
    }
    out = []
    for fixture in view.get("fixtures") or []:
        if fixture.get("forfeit") is not None:
            continue  # a forfeited team match counts no game (the format's rule)
        for game in fixture.get("games") or []:
            match = made.get(game.get("match") or "")
            if match is None:
                continue  # not called yet, or a match the fixture no longer uses
            figures, counts = profiles.match_figures(match)
            members = _members(match)
            out.append(
                SeasonGame(
                    match=match.id,
                    home=_side(fixture["home"], game.get("home"), members[0]),
                    away=_side(fixture["away"], game.get("away"), members[1]),
                    figures=figures,
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
