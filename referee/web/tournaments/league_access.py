"""Who a browser is for a league and its seasons, and the games it may open.

A league's organiser key is the organiser key of every season (docs/leagues-design.md):
the browser keeps the key's grant (the start of its keyed hash, never the key) under
the league, and a season page finds it there. A captain's or a fixture phone's key
is a season station's key (``tournaments.actor_for``), kept like a table's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import request
from flask import session

from referee import keys
from referee import ledger
from referee.db import db
from referee.models import League
from referee.models import Match
from referee.models import Tournament
from referee.tournaments import ORGANISER
from referee.tournaments import Actor
from referee.web import access
from referee.web.tournaments.access import MAX_REMEMBERED as MAX_NIGHTS
from referee.web.tournaments.access import actors
from referee.web.tournaments.access import bp
from referee.web.tournaments.access import is_organiser

LEAGUE_GRANTS = "league_grants"
MAX_LEAGUES = 5


def remember_league(league: League, key: str) -> None:
    """Keep the league's organiser key in this browser's session, as its grant."""
    digest = keys.grant(keys.hash_key(key))
    held = dict(session.get(LEAGUE_GRANTS, {}))
    held.pop(league.id, None)
    held[league.id] = digest
    session[LEAGUE_GRANTS] = dict(list(held.items())[-MAX_LEAGUES:])
    session.permanent = True


def held_league_key(league: League) -> keys.Digest | None:
    """The grant of the league's key this browser holds (what the write path
    compares with the stored hash), or None."""
    digest = session.get(LEAGUE_GRANTS, {}).get(league.id)
    if not isinstance(digest, str) or not digest:
        return None
    return keys.Digest(digest)


def holds_league(league: League | None) -> bool:
    """Whether this browser holds the league's organiser key."""
    if league is None:
        return False
    return keys.key_matches(held_league_key(league), league.edit_key)


@bp.before_app_request
def _league_key_opens_its_seasons() -> None:
    """A browser holding a league's key holds it for each season it opens: the
    season's organiser key is the league's (``leagues.add_season``), so the grant
    goes under the season too, and every organiser page and check finds it."""
    held = session.get(LEAGUE_GRANTS)
    if not held or request.blueprint != "tournaments":
        return
    season_id = (request.view_args or {}).get("tournament_id")
    night = db.session.get(Tournament, season_id) if season_id else None
    if night is None or night.league_id not in held:
        return
    digest = held_league_key(league_of(night))  # type: ignore[arg-type]
    if digest and keys.key_matches(digest, night.edit_key):
        nights = dict(session.get(access.NIGHT_GRANTS, {}))
        mine = list(nights.get(night.id, []))
        if digest not in mine:
            nights[night.id] = [*mine, str(digest)]
            session[access.NIGHT_GRANTS] = dict(list(nights.items())[-MAX_NIGHTS:])


def league_of(night: Tournament) -> League | None:
    return db.session.get(League, night.league_id) if night.league_id else None


def is_season_organiser(night: Tournament) -> bool:
    """The organiser of a season: the league's key, or the season's own."""
    return holds_league(league_of(night)) or is_organiser(night)


def station_actor(night: Tournament, number: int) -> Actor | None:
    """Who writes for station ``number`` from this browser (station or organiser)."""
    if Actor("table", number) in actors(night):
        return Actor("table", number)
    return ORGANISER if is_season_organiser(night) else None


def grant_games(night: Tournament, number: int, fixtures: Iterable[Any]) -> None:
    """Let this browser open the games of ``fixtures`` as the side it plays.

    The home side (the fixture's phone, the home captain, the organiser) scores
    with the match's edit key; the away captain confirms with the away side's key,
    which is the away captain's station key (docs/leagues-design.md).
    """
    teams = len(night.players)
    writer = station_actor(night, number)
    if writer is None:
        return
    for fixture in fixtures:
        home = writer == ORGANISER or number in (
            fixture["home"],
            teams + fixture["number"],
        )
        for game in fixture.get("games") or []:
            match = db.session.get(Match, game["match"]) if game.get("match") else None
            if match is None or match.tournament_id != night.id:
                continue
            if home:
                access.grant(match)
            elif number == fixture["away"]:
                _grant_away(match, night.table_keys[number - 1]["key"])


def _grant_away(match: Match, captain_hash: str) -> None:
    """The away captain's grant of the away side (side 1), if it is theirs."""
    stored = list(match.side_keys or [])
    side = stored[1] if len(stored) > 1 else None
    if side and keys.key_matches(keys.Digest(keys.grant(captain_hash)), side["key"]):
        access.grant_side(match, side["key"])
    elif ledger.check_key(match, keys.Digest(keys.grant(captain_hash))):
        access.grant(match)
