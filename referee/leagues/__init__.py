"""Leagues: a name, a game and an organiser, and each season a tournament of kind
``league`` (the pure format ``referee.formats.league``; see docs/leagues-design.md).

The service keeps what is not the format's: the ``League`` row and its organiser
credentials, seasons made through ``tournaments.create`` with the league's organiser
key and PIN (a league key writes for every season), and who a season key is:

* the organiser (the league's key);
* a team's captain (stations ``1..T``): its own line-ups, its fixtures' links, the
  fixture keys of its home fixtures and the confirmation of its away games (the
  away side of each game takes the away captain's key);
* a fixture's phone (stations ``T+1..T+F``, the fixture PIN): that fixture's games.

Writes take the ``League`` row's creation like a tournament's (idempotency key and
request fingerprint); everything a season does after that is its tournament's log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from referee import formats
from referee import games
from referee import keys
from referee import ledger
from referee import tournaments
from referee.db import db
from referee.db import get_or_raise
from referee.db import write_lock
from referee.formats import Format
from referee.formats.league import resolve_team_format
from referee.formats.league import team_formats
from referee.games import text
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.models import League
from referee.models import Tournament

KIND = "league"  # the tournament kind of a season
MAX_SEASONS = 200  # a league's seasons listed at most (newest first)
CREATE_FIELDS = ("name", "game", "options")
SEASON_FIELDS = ("title", "teams", "schedule", "options")


class NotFound(ledger.NotFound):
    """No such league (404)."""


class Forbidden(tournaments.Forbidden):
    """This key may not do that for this league or season (403)."""


@dataclass(frozen=True)
class Role:
    """Who a key is in a season: ``organiser``, ``captain`` (of ``team``, 1-based
    station = team number) or ``fixture`` (``fixture``'s venue phone)."""

    kind: str
    station: int | None = None
    team: int | None = None  # 0-based index in ``Tournament.players``
    fixture: int | None = None  # the fixture's number


def league_format() -> Format:
    """The season format (``KeyError`` if it is not installed)."""
    return formats.get(KIND)


# --- leagues ------------------------------------------------------------------------


def create(
    name: Any,
    game: Any,
    options: Mapping[str, Any] | None = None,
    *,
    idem_key: str | None = None,
    fingerprint: str | None = None,
) -> tuple[League, keys.Credentials]:
    """Store a new league; ``BadInput`` if wrong. Returns it with the organiser's
    plain key and PIN. With ``idem_key``, the same request again returns the first.
    """
    idem_key = ledger.clean_key(idem_key)
    if idem_key:
        prior = created_before(idem_key, fingerprint or "")
        if prior is not None:
            return prior, organiser_credentials(prior)
    if not isinstance(name, str):
        raise BadInput(
            "'name' is text, the league's name.",
            field="name",
            example='"name": "Tuesday Pool"',
        )
    name = text.check(name, "name", "title")
    if not name:
        raise BadInput(
            "A league needs a name.", field="name", example='"name": "Tuesday Pool"'
        )
    game = _check_game(game)
    defaults = _check_options(game, options)
    for _attempt in range(5):
        write_lock()  # the key's lookup and the insert in one writer's transaction
        if idem_key:
            prior = created_before(idem_key, fingerprint or "")
            if prior is not None:
                db.session.rollback()
                return prior, organiser_credentials(prior)
        league_id = ledger.new_id()
        creds = keys.Credentials(keys.new_key(), keys.new_pin())
        secret = keys.columns(_row(league_id), creds)
        league = League(
            id=league_id,
            name=name,
            game=game,
            options=defaults,
            **secret,
            create_key=idem_key or None,
            create_hash=fingerprint if idem_key else None,
        )
        db.session.add(league)
        try:
            db.session.commit()
        except IntegrityError:  # an id collision (draw again), or a racing twin
            db.session.rollback()
            continue
        return league, creds
    raise RuntimeError("could not draw a free league id")


def _check_game(game: Any) -> str:
    """A game some team match format is declared for (``team_formats``)."""
    playable = team_formats.league_games()
    if not isinstance(game, str) or game not in playable:
        raise BadInput(
            f"'game' is the league's game, one a team match is declared for: "
            f"{', '.join(playable)}.",
            field="game",
            example='"game": "billiards"',
        )
    return games.get(game).id


def _check_options(game: str, options: Any) -> JSON:
    """The season options a league starts each season from, checked by the format
    (every option filled in with its default; the team match one of the game's)."""
    if options is not None and not isinstance(options, Mapping):
        raise BadInput(
            "'options' is an object of season options.",
            field="options",
            example='"options": {"meetings": "double"}',
        )
    parsed = dict(league_format().parse_options(options or {}))
    resolve_team_format(game, parsed)  # BadInput if it is not one of the game's
    return parsed


def created_before(idem_key: str, fingerprint: str) -> League | None:
    """The league an earlier create with this key made; ``KeyReused`` if it differed."""
    found: League | None = ledger.created_before(
        idem_key, fingerprint, League, "league"
    )
    return found


def get(league_id: str) -> League:
    return get_or_raise(League, league_id, NotFound, "league", populate_existing=True)


def organiser_credentials(league: League) -> keys.Credentials:
    """The organiser's plain key and PIN (shown to the organiser only)."""
    return keys.unseal(_row(league.id), league.sealed)


def is_organiser(league: League, key: str | None) -> bool:
    return keys.key_matches(key, league.edit_key)


def _row(league_id: str) -> str:
    return f"league:{league_id}"


def seasons(league: League) -> list[Tournament]:
    """The league's seasons, newest first (at most ``MAX_SEASONS``)."""
    return list(
        db.session.execute(
            select(Tournament)
            .where(Tournament.league_id == league.id)
            .order_by(Tournament.created_at.desc(), Tournament.id)
            .limit(MAX_SEASONS)
        ).scalars()
    )


# --- seasons ------------------------------------------------------------------------


def add_season(
    league: League,
    key: str | None,
    *,
    title: Any = "",
    teams: Any = None,
    schedule: Any = None,
    options: Mapping[str, Any] | None = None,
    idem_key: str | None = None,
    fingerprint: str | None = None,
) -> Tournament:
    """A new season of ``league`` (organiser only): a tournament of kind ``league``
    whose organiser key and PIN are the league's. ``BadInput`` if the teams,
    schedule or options are wrong; with ``idem_key`` a retry returns the first."""
    if not is_organiser(league, key):
        raise Forbidden("Only the league's organiser key adds a season.")
    if options is not None and not isinstance(options, Mapping):
        raise BadInput(
            "'options' is an object of season options.",
            field="options",
            example='"options": {"meetings": "double"}',
        )
    if not isinstance(teams, list):
        raise BadInput(
            "'teams' is a list of teams, each with a name, a venue, a captain and "
            "its players.",
            field="teams",
            example='"teams": [{"name": "Cue Tips", "venue": "The Anchor", '
            '"captain": "Ann", "players": ["Ann", "Bo", "Cy"]}]',
        )
    names = [t.get("name") if isinstance(t, Mapping) else None for t in teams]
    fmt = league_format()
    setup: dict[str, Any] = {"teams": teams, "schedule": schedule}
    if "game" in fmt.create_fields:
        setup["game"] = league.game
    return tournaments.create(
        KIND,
        names,
        {**league.options, **(options or {})},
        title=str(title or "") or league.name,
        setup=setup,
        idem_key=idem_key,
        fingerprint=fingerprint,
        league_id=league.id,
        organiser=organiser_credentials(league),
    )


def role(season: Tournament, key: str | None) -> Role | None:
    """Who ``key`` is in this season (None: nobody)."""
    actor = tournaments.actor_for(season, key)
    if actor is None:
        return None
    if actor.role != "table" or actor.table is None:
        return Role("organiser")
    return station_role(season, actor.table)


def station_role(season: Tournament, station: int) -> Role:
    """The role of a station: the format's ``station_role`` says captain or fixture."""
    kind, number = format_of(season).station_role(season.state, station)
    if kind == "captain":
        return Role("captain", station, team=number - 1)
    return Role("fixture", station, fixture=number)


def format_of(season: Tournament) -> Any:
    return tournaments.format_of(season)


def captain_view(season: Tournament, team: int) -> JSON:
    """What a captain's key reads: its team, and each of its fixtures with the
    games' matches; for its home fixtures the fixture's key and PIN (its scorer's
    phone), for its away fixtures that its own key confirms the games (it is the
    away side's key of each game)."""
    out = []
    for fixture in tournaments.view(season)["fixtures"]:
        home = _team_index(season, fixture["home"])
        away = _team_index(season, fixture["away"])
        if team not in (home, away):
            continue
        entry = _fixture_entry(fixture)
        entry["side"] = "home" if team == home else "away"
        if team == home:
            creds = tournaments.table_key(season, fixture_station(season, fixture))
            entry["fixture_key"] = {"key": creds["key"], "pin": creds["pin"]}
        else:
            entry["confirm_with"] = "your captain's key (the away side of each game)"
        out.append(entry)
    return {"team": team + 1, "name": season.players[team], "fixtures": out}


def fixture_view(season: Tournament, number: int) -> JSON:
    """What a fixture's key (its PIN) reads: that fixture and its games."""
    fixtures = tournaments.view(season)["fixtures"]
    found = [f for f in fixtures if int(f["number"]) == number]
    return {"fixture": number, "fixtures": [_fixture_entry(f) for f in found]}


def _fixture_entry(fixture: JSON) -> JSON:
    return {
        "number": fixture["number"],
        "week": fixture.get("week"),
        "date": fixture.get("date"),
        "home": fixture.get("home"),
        "away": fixture.get("away"),
        "status": fixture.get("status"),
        "games": [
            {"number": g["number"], "match": g.get("match")}
            for g in fixture.get("games", [])
        ],
    }


def fixture_station(season: Tournament, fixture: JSON) -> int:
    """The station of a fixture of the view (teams first, then fixtures)."""
    return len(season.players) + int(fixture["number"])


def _team_index(season: Tournament, ref: Any) -> int:
    """A team as the view names it (its 1-based number or its name), 0-based."""
    if isinstance(ref, int):
        return ref - 1
    if isinstance(ref, Mapping):
        return _team_index(season, ref.get("team", ref.get("name")))
    return list(season.players).index(ref)
