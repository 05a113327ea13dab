"""Setting a season up: the teams, the setup's fields, the ``create`` event (pure)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee import games
from referee.formats.league import schedule as sched
from referee.formats.league import team_formats as tf
from referee.formats.league.common import LEAST_TEAMS
from referee.formats.league.common import MOST_ROSTER
from referee.formats.league.common import MOST_TEAMS
from referee.formats.league.common import SETUP_FIELDS
from referee.formats.league.common import TEAMS_EXAMPLE
from referee.formats.league.common import _text
from referee.formats.league.common import _venue
from referee.games.fields import MAX_NAME
from referee.games.fields import parse_names
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import only_fields

EXAMPLE_NAME = '"name": "Sharks"'


def check_players(players: Sequence[Any]) -> tuple[str, ...]:
    """The team names, 2..32 of them, all different. A season names its teams in
    'teams' (each entry's ``name``), so the errors point there."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        players = []  # the count's message below says what to send
    if not LEAST_TEAMS <= len(players) <= MOST_TEAMS:
        raise BadInput(
            f"A league season has {LEAST_TEAMS} to {MOST_TEAMS} teams; "
            f"{len(players)} given.",
            field="teams",
            example=TEAMS_EXAMPLE,
        )
    names: list[str] = []
    seen: set[str] = set()
    for i, raw in enumerate(players):
        where = f"teams[{i}].name"
        name = _text(raw, where, "name", EXAMPLE_NAME) if isinstance(raw, str) else ""
        if not name or name.casefold() in seen:
            said = (
                f"'{name}' again"
                if name
                else f"not a name (1 to {MAX_NAME} characters)"
            )
            raise BadInput(
                f"Each team has a name of its own; '{where}' is {said}.",
                field=where,
                example=EXAMPLE_NAME,
            )
        seen.add(name.casefold())
        names.append(name)
    return tuple(names)


def parse_setup(raw: Mapping[str, Any], players: Sequence[str]) -> JSON:
    """The league's game, the teams (venue, captain, roster) and the schedule."""
    only_fields(
        raw,
        SETUP_FIELDS,
        "a league season",
        ignore=("seeding",),
        example='"game": "billiards", "teams": [...], "schedule": {...}',
    )
    if raw.get("seeding") not in (None, "given"):
        raise BadInput(
            "A league's teams are listed, not drawn: leave 'seating' out.",
            field="seating",
            example='"seating": "given"',
        )
    playable = tf.league_games()
    game_id = raw.get("game")
    if game_id not in playable:
        raise BadInput(
            f"Name the league's game (one of: {', '.join(playable)}).",
            field="game",
            example='"game": "billiards"',
        )
    return {
        "game": game_id,
        "teams": parse_teams(raw.get("teams"), players),
        "schedule": sched.parse(raw.get("schedule")),
    }


def create_event(
    players: Sequence[str],
    options: JSON,
    setup: JSON | None,
) -> JSON:
    """The ``create`` event, once the team format suits the game and every
    roster holds a line-up; ``team_format: auto`` is resolved here."""
    if not setup:
        raise BadInput(
            "A league season needs its game, teams and schedule.",
            field="teams",
            example=TEAMS_EXAMPLE,
        )
    options = dict(options)
    options["team_format"] = resolve_team_format(setup["game"], options)
    fmt = tf.get(options["team_format"])
    for team in setup["teams"]:
        if len(team["players"]) < fmt.lineup:
            raise BadInput(
                f"{team['name']} has {len(team['players'])} players; "
                f"{fmt.title} needs {fmt.lineup} in each line-up.",
                field="teams",
                example=TEAMS_EXAMPLE,
            )
    return {
        "type": "create",
        "players": list(players),
        "options": options,
        "draw": None,
        **{k: copy.deepcopy(setup[k]) for k in SETUP_FIELDS},
    }


def parse_teams(raw: Any, players: Sequence[str]) -> list[JSON]:
    """One ``{"name", "venue", "captain", "players"}`` per team, in ``players``'
    order; no player on two rosters. ``BadInput`` names the team and the field."""
    if isinstance(raw, str) or not isinstance(raw, Sequence) or not raw:
        raise BadInput(
            "'teams' lists every team: its name, home venue, captain and roster.",
            field="teams",
            example=TEAMS_EXAMPLE,
        )
    if len(raw) != len(players):
        raise BadInput(
            f"'teams' has one entry per team, in the order of 'players': "
            f"{len(players)} teams, {len(raw)} entries.",
            field="teams",
            example=TEAMS_EXAMPLE,
        )
    seen: dict[str, str] = {}  # a rostered name, casefolded: its team
    return [
        _parse_team(entry, name, f"teams[{i}]", seen)
        for i, (entry, name) in enumerate(zip(raw, players, strict=True))
    ]


def _parse_team(entry: Any, name: str, where: str, seen: dict[str, str]) -> JSON:
    """Team ``name``'s entry (at ``where``), its roster's names added to ``seen``."""
    if not isinstance(entry, Mapping):
        raise BadInput(
            f"{where} is a team: an object with name, venue, captain, players.",
            field=where,
            example=TEAMS_EXAMPLE,
        )
    fields = ("name", "venue", "captain", "players")
    only_fields(entry, fields, "a team", where=where, example=TEAMS_EXAMPLE)
    given = _text(entry.get("name") or "", f"{where}.name", "name", f'"name": "{name}"')
    if given.casefold() != name.casefold():
        raise BadInput(
            f"{where} is {name} (the teams come in the order of 'players'); "
            f"'{given}' given.",
            field=f"{where}.name",
            example=f'"name": "{name}"',
        )
    venue = _venue(entry.get("venue"), f"{where}.venue")
    roster = _roster(entry.get("players"), name, where)
    _claim(roster, name, where, seen)
    return {
        "name": name,
        "venue": venue,
        "captain": _captain(entry.get("captain"), roster, name, where),
        "players": roster,
    }


def _roster(raw: Any, name: str, where: str) -> list[str]:
    """A team's roster: 1 to ``MOST_ROSTER`` names, none twice."""
    if (
        isinstance(raw, str)
        or not isinstance(raw, Sequence)
        or not 1 <= len(raw) <= MOST_ROSTER
    ):
        raise BadInput(
            f"{name}'s roster ('{where}.players') is a list of 1 to "
            f"{MOST_ROSTER} names.",
            field=f"{where}.players",
            example='"players": ["Ann", "Bob", "Cy", "Di", "Ed"]',
        )
    try:
        return parse_names(raw)
    except BadInput as err:
        raise BadInput(
            f"{name}'s roster: {err.message}",
            field=f"{where}.players",
            example='"players": ["Ann", "Bob", "Cy", "Di", "Ed"]',
        ) from None


def _claim(roster: Sequence[str], name: str, where: str, seen: dict[str, str]) -> None:
    """Record the roster's players as ``name``'s; one already on another team's
    roster is ``BadInput`` (a player plays for one team)."""
    for p in roster:
        other = seen.get(p.casefold())
        if other is not None:
            raise BadInput(
                f"{p} is on both {other}'s and {name}'s rosters: a player plays "
                "for one team (give two people of one name different names, "
                "e.g. 'Ann B.').",
                field=f"{where}.players",
                example=f'"players": ["{p} B.", ...]',
            )
        seen[p.casefold()] = name


def _captain(raw: Any, roster: Sequence[str], name: str, where: str) -> str:
    """The captain, one of the roster, spelt as on the roster."""
    captain = _text(raw or "", f"{where}.captain", "name", '"captain": "Ann"')
    by_fold = {p.casefold(): p for p in roster}
    if captain.casefold() not in by_fold:
        raise BadInput(
            f"{name}'s captain is one of its players ({', '.join(roster[:3])}"
            f"{'...' if len(roster) > 3 else ''}); '{captain}' given.",
            field=f"{where}.captain",
            example=f'"captain": "{roster[0]}"',
        )
    return by_fold[captain.casefold()]


def resolve_team_format(game_id: str, options: Mapping[str, Any]) -> str:
    """The team format's id (``auto``: the game's first); ``BadInput`` if it does
    not suit the league's game."""
    chosen = options.get("team_format", "auto")
    suits = tf.for_game(game_id)
    if chosen == "auto":
        return suits[0].id
    if chosen not in tf.BY_ID or game_id not in tf.get(chosen).games:
        raise BadInput(
            f"'{chosen}' is not a team match of {games.get(game_id).title} (one of: "
            f"{', '.join(f.id for f in suits)}).",
            field="options.team_format",
            example=f'"team_format": "{suits[0].id}"',
        )
    return str(chosen)
