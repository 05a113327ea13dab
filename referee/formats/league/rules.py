"""The league's own rules, in the project's words: what every ruling of a season cites.

A season's rulings cite ``league/<id>`` the way a bunko night's cite the bunko
rulebook. They live here, not in ``referee/rulebook`` (whose books are the games'
own, each with its rule-coverage matrix): pages show them from ``RULES``.
"""

from __future__ import annotations

from typing import NamedTuple


class LeagueRule(NamedTuple):
    title: str
    text: str


RULES: dict[str, LeagueRule] = {
    "league/teams": LeagueRule(
        "Teams and rosters",
        "A season has 2 to 32 teams. Each names a home venue, a captain and a "
        "roster of 1 to 20 players; the captain is on the roster, and no name "
        "appears on two rosters, so every player is one person all season.",
    ),
    "league/schedule": LeagueRule(
        "Weeks and fixtures",
        "Every team meets every other once (or twice, home and away swapped). Each "
        "week a team plays at most one fixture; with an odd number of teams one "
        "team has the week off. Weeks fall on the league nights from the first "
        "date, a fixed number of days apart, passing over the dates left out. A "
        "fixture is played at the home team's venue.",
    ),
    "league/team-format": LeagueRule(
        "The team match",
        "A fixture is a fixed list of games chosen for the season: which player "
        "of each line-up plays which, at what game and length. Every roster must "
        "hold at least a full line-up.",
    ),
    "league/lineup": LeagueRule(
        "Line-ups",
        "Before a fixture each captain sends the team's line-up: exactly as many "
        "players as the team match needs, in playing order, each from the team's "
        "roster and none twice. A line-up can be sent again until both teams' are "
        "in; once both are in, the games are called and the line-ups stand.",
    ),
    "league/blind": LeagueRule(
        "Blind line-ups",
        "In a blind league neither team sees the other's line-up until both are "
        "in, so that neither can choose its order against the other's.",
    ),
    "league/call": LeagueRule(
        "Calling the games",
        "When both line-ups are in, every game of the fixture is made at once, "
        "with its players taken from the line-ups by position. The home side "
        "scores each game and the away captain confirms or challenges each entry.",
    ),
    "league/result": LeagueRule(
        "Results",
        "A game's result is read from its match when the match ends; if a "
        "finished match is reopened, its result is taken back until it ends "
        "again. A fixture is decided when every game has a result: the team "
        "with more games wins it, the same number is a draw.",
    ),
    "league/forfeit": LeagueRule(
        "Forfeits",
        "The organiser may record that a team forfeits a fixture not yet "
        "decided, giving a reason. The other team wins it, with every game of the "
        "team match counted as won by it; a forfeit earns no sweep bonus.",
    ),
    "league/reschedule": LeagueRule(
        "Rescheduling",
        "The organiser may move a fixture not yet decided to another date, and "
        "another venue, giving a reason. The reason stays on the fixture.",
    ),
    "league/points": LeagueRule(
        "Points",
        "A team scores the points set for the season: for winning a fixture, for "
        "drawing it, for each game won, and a bonus for winning every game of a "
        "fixture played.",
    ),
    "league/tie-breaks": LeagueRule(
        "Ties in the table",
        "Teams level on points are separated by the tie-breaks chosen, in order, "
        "each applied only among the teams still level: games won minus lost, "
        "games won, and points in the fixtures between the level teams. Teams "
        "level after all of them share a place.",
    ),
}

TEAMS = "league/teams"
SCHEDULE = "league/schedule"
TEAM_FORMAT = "league/team-format"
LINEUP = "league/lineup"
BLIND = "league/blind"
CALL = "league/call"
RESULT = "league/result"
FORFEIT = "league/forfeit"
RESCHEDULE = "league/reschedule"
POINTS = "league/points"
TIE_BREAKS = "league/tie-breaks"
