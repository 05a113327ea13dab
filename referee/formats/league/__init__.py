"""A league season: teams meet week by week in team matches of several games (pure).

A season is a tournament of kind ``league`` (family ``league``); docs/leagues-design.md
is the contract with the service and the pages. The parts:

* ``schedule``: the weeks (circle method, byes, home and away) and their dates;
* ``team_formats``: what a team match is (its games, who plays whom, the options);
* ``standings``: the table, from the decided fixtures;
* ``rules``: the rules every ruling here cites (``league/...``).

Stations: ``1..T`` are the teams' captains (station ``n`` is team ``n``, in the order
of ``players``), ``T+1..T+F`` the fixtures' venue phones (station ``T+f`` is fixture
``f``). Each game of a fixture is an ordinary match on the fixture's station, made in
confirmation mode (``TablePlan.confirm``): side 0 is the home team's, scored from the
fixture's phone; side 1 the away team's, whose captain (``TablePlan.confirmer``)
confirms each entry. A game is known to the service by its key ``f * GAME_SLOTS + g``
(``TablePlan.number``, ``TableMatch.number``): fixture 12's game 3 is 1203.

The log: ``create``; ``lineup`` (a captain or the organiser); ``call`` (the service,
once both line-ups of a fixture are in: every game's match at once); ``result`` and
``withdraw`` (the service, from the games' matches: ``sync``); ``reschedule`` and
``forfeit`` (the organiser, with a reason). No I/O, clock or randomness here.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee import games
from referee.formats import Format
from referee.formats import TableMatch
from referee.formats import TablePlan
from referee.formats.league import rules as R
from referee.formats.league import schedule as sched
from referee.formats.league import standings as table
from referee.formats.league import team_formats as tf
from referee.formats.pairing import results
from referee.games import text
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.fields import parse_names
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

LEAST_TEAMS = 2
MOST_TEAMS = 32
MOST_ROSTER = 20  # players on one team's roster
GAME_SLOTS = 100  # a game's key is fixture * GAME_SLOTS + game
MAX_REASON = text.LIMITS["note"]  # a reschedule's or forfeit's reason, 1..200
SIDES = ("home", "away")
SETUP_FIELDS = ("game", "teams", "schedule")
POINTS = ("match_win", "match_draw", "game_win", "sweep_bonus")
TIE_CHOICES = (*table.TIE_BREAKS, "none")
DEFAULT_TIE_BREAKS = table.TIE_BREAKS
TEAMS_EXAMPLE = (
    '"teams": [{"name": "Sharks", "venue": "The Anchor", "captain": "Ann", '
    '"players": ["Ann", "Bob", "Cy", "Di", "Ed"]}, ...]'
)


LINEUP_EXAMPLE = '"players": ["Ann", "Bob", "Cy", "Di", "Ed"]'
REASON_EXAMPLE = '"reason": "Hall flooded; both captains agreed"'
VENUE_EXAMPLE = '"venue": "The Anchor, Quay Street"'


def game_key(fixture: int, game: int) -> int:
    """The number the service knows a fixture's game by."""
    return fixture * GAME_SLOTS + game


def split_key(key: int) -> tuple[int, int]:
    """(fixture, game) of a game key."""
    return divmod(int(key), GAME_SLOTS)


# --- the events clients send ------------------------------------------------------

LINEUP_FIELDS = (
    Field("fixture", "integer", "The fixture's number (as listed).", minimum=1),
    Field("team", "string", "The team: its number (1 = first listed) or its name."),
    Field(
        "players",
        "list",
        "The line-up in playing order: names from the team's roster, as many as "
        "the team match needs, none twice.",
        maximum=tf.MOST_GAMES,
    ),
)
RESCHEDULE_FIELDS = (
    Field("fixture", "integer", "The fixture's number (as listed).", minimum=1),
    Field("date", "string", "The new date, YYYY-MM-DD.", maximum=10),
    Field(
        "venue",
        "string",
        "The new venue (left out: where it was).",
        required=False,
        maximum=text.LIMITS["title"],
    ),
    Field("reason", "string", "Why (required; kept on the fixture).", maximum=200),
)
FORFEIT_FIELDS = (
    Field("fixture", "integer", "The fixture's number (as listed).", minimum=1),
    Field("team", "string", "The team that forfeits: its number or its name."),
    Field("reason", "string", "Why (required; kept on the fixture).", maximum=200),
)
EVENTS = (
    EventKind(
        "lineup",
        "A team's line-up",
        "A captain (or the organiser) names the team's players for a fixture, in "
        "playing order. In a blind league it stays hidden until both are in.",
        LINEUP_FIELDS,
        (
            Example(
                {
                    "type": "lineup",
                    "fixture": 1,
                    "team": 1,
                    "players": ["Ann", "Bob", "Cy", "Di", "Ed"],
                }
            ),
        ),
    ),
    EventKind(
        "reschedule",
        "Move a fixture",
        "The organiser moves a fixture not yet decided to another date (and venue).",
        RESCHEDULE_FIELDS,
        (
            Example(
                {
                    "type": "reschedule",
                    "fixture": 2,
                    "date": "2026-09-16",
                    "reason": "The Anchor's pool table is being re-clothed",
                }
            ),
        ),
    ),
    EventKind(
        "forfeit",
        "A team forfeits a fixture",
        "The organiser records that a team gives up a fixture not yet decided; the "
        "other team wins every game of it.",
        FORFEIT_FIELDS,
        (
            Example(
                {
                    "type": "forfeit",
                    "fixture": 3,
                    "team": 2,
                    "reason": "Jets could not raise a team",
                }
            ),
        ),
    ),
)


class League(Format):
    """A season of a league: fixtures by week, line-ups, team matches, a table."""

    id = "league"
    title = "League season"
    game = ""
    family = "league"
    summary = (
        "Teams meet once or twice, a fixture a week on league nights; each fixture "
        "is a team match of several games from the captains' line-ups; a table "
        "of points with the tie-breaks chosen."
    )
    create_fields = SETUP_FIELDS
    setup_fields = SETUP_FIELDS
    organiser_rounds = False
    seatings = ("given",)
    table_writes = frozenset({"lineup"})
    copies_state = True  # ``apply`` copies what an event changes (``_writable``)
    events = EVENTS
    options = (
        Option(
            "meetings",
            "Meetings",
            "'single': each pair of teams meets once; 'double': twice, home and "
            "away swapped.",
            "choice",
            "single",
            choices=("single", "double"),
        ),
        Option(
            "team_format",
            "Team match",
            "Which games make a fixture and who plays whom ('auto': the first one "
            "declared for the league's game).",
            "choice",
            "auto",
            choices=("auto", *tf.IDS),
        ),
        Option(
            "race",
            "Race to",
            "Pool: racks needed to win each game.",
            "integer",
            3,
            minimum=1,
            maximum=15,
        ),
        Option(
            "legs",
            "Best of legs",
            "Darts: each game is the best of this many legs (an odd number).",
            "integer",
            3,
            minimum=1,
            maximum=21,
        ),
        Option(
            "lineup",
            "Line-ups",
            "'blind': a team's line-up is hidden until both are in; 'open': shown "
            "as soon as it is sent.",
            "choice",
            "blind",
            choices=("blind", "open"),
        ),
        Option(
            "handicap",
            "Handicap",
            "'ratings': each game's length or start is set from the players' "
            "ratings when it is made; 'off': level games.",
            "choice",
            "off",
            choices=("off", "ratings"),
        ),
        Option(
            "match_win",
            "Points for a win",
            "Points for winning a fixture.",
            "integer",
            2,
            minimum=0,
            maximum=10,
        ),
        Option(
            "match_draw",
            "Points for a draw",
            "Points each for a drawn fixture.",
            "integer",
            1,
            minimum=0,
            maximum=10,
        ),
        Option(
            "game_win",
            "Points per game",
            "Points for every game won.",
            "integer",
            0,
            minimum=0,
            maximum=10,
        ),
        Option(
            "sweep_bonus",
            "Sweep bonus",
            "Extra points for winning every game of a fixture played.",
            "integer",
            0,
            minimum=0,
            maximum=10,
        ),
        *(
            Option(
                f"tie_break_{i}",
                f"Tie-break {i}",
                "games-difference (games won minus lost), games-won, head-to-head "
                "(points between the level teams), or none.",
                "choice",
                default,
                choices=TIE_CHOICES,
            )
            for i, default in enumerate(DEFAULT_TIE_BREAKS, start=1)
        ),
    )

    # --- setting up -----------------------------------------------------------------

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        """The options; ``tie_breaks`` (an ordered list) may stand for the three
        ``tie_break_i``. A second use of a tie-break, an even ``legs`` or a draw
        worth more than a win is ``BadInput``."""
        raw = dict(raw or {}) if isinstance(raw, Mapping) or raw is None else raw
        if isinstance(raw, dict) and "tie_breaks" in raw:
            listed = raw.pop("tie_breaks")
            if (
                isinstance(listed, str)
                or not isinstance(listed, Sequence)
                or len(listed) > 3
            ):
                raise BadInput(
                    "'tie_breaks' is an ordered list of up to three of: "
                    f"{', '.join(table.TIE_BREAKS)}.",
                    field="options.tie_breaks",
                    example='"tie_breaks": ["head-to-head", "games-difference"]',
                )
            for i in (1, 2, 3):
                raw[f"tie_break_{i}"] = listed[i - 1] if i <= len(listed) else "none"
        parsed = super().parse_options(raw)
        used = table.tie_breaks_of(parsed)
        if len(set(used)) != len(used):
            raise BadInput(
                "Each tie-break can be chosen once.",
                field="options.tie_breaks",
                example='"tie_breaks": ["games-difference", "head-to-head"]',
            )
        if parsed["legs"] % 2 == 0:
            raise BadInput(
                f"'legs' is a best of an odd number of legs (1, 3, 5...); "
                f"{parsed['legs']} given.",
                field="options.legs",
                example='"legs": 5',
            )
        if parsed["match_draw"] > parsed["match_win"]:
            raise BadInput(
                "A drawn fixture cannot score more than a won one.",
                field="options.match_draw",
                example='"match_win": 2, "match_draw": 1',
            )
        return parsed

    def check_players(self, players: Sequence[Any]) -> tuple[str, ...]:
        """The team names, 2..32 of them, all different."""
        if isinstance(players, str) or not isinstance(players, Sequence):
            players = []  # the count's message below says what to send
        names = parse_names(players) if players else []
        if not LEAST_TEAMS <= len(names) <= MOST_TEAMS:
            raise BadInput(
                f"A league season has {LEAST_TEAMS} to {MOST_TEAMS} teams; "
                f"{len(names)} given.",
                field="players",
                example='"players": ["Sharks", "Jets", "Cobras", "Hawks"]',
            )
        return tuple(names)

    def tables_for(self, players: Sequence[str]) -> int:
        """Fixtures a week."""
        return len(players) // 2

    def fixture_count(self, teams: int, meetings: str = "double") -> int:
        """Fixtures in a season of ``teams`` teams."""
        return teams * (teams - 1) // 2 * (2 if meetings == "double" else 1)

    def stations_for(
        self, players: Sequence[str], setup: JSON, options: JSON | None = None
    ) -> int:
        """Captains and fixture phones: ``T + F``. Without the options, room for a
        double round robin (a single one leaves the last keys unused)."""
        meetings = (options or {}).get("meetings", "double")
        return len(players) + self.fixture_count(len(players), meetings)

    def game_for(self, setup: JSON) -> str:
        return str(setup["game"])

    def parse_setup(self, raw: Mapping[str, Any], players: Sequence[str]) -> JSON:
        """The league's game, the teams (venue, captain, roster) and the schedule."""
        extra = sorted(k for k in raw if k not in (*SETUP_FIELDS, "seeding"))
        if extra:
            raise BadInput(
                f"'{extra[0]}' is not a field of a league season (fields: "
                f"{', '.join(SETUP_FIELDS)}).",
                field=extra[0],
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

    def check_create(self, players: Sequence[str], options: JSON) -> None:
        """Nothing to check on the options alone; ``create`` checks the setup."""

    def create(
        self,
        players: Sequence[str],
        options: JSON,
        draw: Sequence[int] | None,
        setup: JSON | None = None,
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

    # --- what stations are ----------------------------------------------------------

    def station_role(self, state: JSON, station: int) -> tuple[str, int]:
        """``("captain", team)`` for ``1..T``, ``("fixture", f)`` after."""
        teams = len(state["teams"])
        if 1 <= station <= teams:
            return ("captain", station)
        if 1 <= station - teams <= len(state["fixtures"]):
            return ("fixture", station - teams)
        raise BadInput(f"There is no station {station}.", field="station")

    def allows(self, state: JSON, station: int, event: JSON) -> bool:
        """A captain sends its own team's line-up; a fixture phone sends nothing to
        the season (it scores the fixture's games on their matches)."""
        try:
            role, n = self.station_role(state, station)
        except BadInput:
            return False
        return role == "captain" and event["type"] == "lineup" and event["team"] == n

    def public_event(self, state: JSON, event: JSON) -> JSON:
        """A ``lineup`` row of a blind league shows no names while its fixture's
        other line-up is still out (``league/blind``): the log is public too."""
        if event.get("type") != "lineup" or state["options"]["lineup"] != "blind":
            return event
        number = event.get("fixture")
        if not isinstance(number, int) or not 1 <= number <= len(state["fixtures"]):
            return event
        f = state["fixtures"][number - 1]
        if all(f["lineups"][s] is not None for s in SIDES):
            return event
        return {**event, "players": {"submitted": True}}

    # --- events from clients --------------------------------------------------------

    def parse_event(self, raw: Any, state: JSON) -> JSON:
        if not isinstance(raw, Mapping):
            raise BadInput(
                "An event is an object with a 'type'.",
                example='{"type": "lineup", "fixture": 1, "team": 1, "players": [...]}',
            )
        kind = raw.get("type")
        kinds = {k.type: k for k in EVENTS}
        if kind not in kinds:
            raise BadInput(
                f"'{kind}' is not something to send a league season (one of: "
                f"{', '.join(kinds)}).",
                field="type",
                example='{"type": "lineup", "fixture": 1, "team": 1, "players": [...]}',
            )
        allowed = {f.name for f in kinds[kind].fields} | {"type"}
        extra = sorted(set(raw) - allowed)
        if extra:
            raise BadInput(
                f"'{extra[0]}' is not a field of '{kind}' (fields: "
                f"{', '.join(sorted(allowed - {'type'}))}).",
                field=extra[0],
                example=json.dumps(kinds[kind].examples[0].event),
            )
        fixture = _fixture(state, raw.get("fixture"))
        if kind == "lineup":
            team = _team(state, raw.get("team"))
            players = raw.get("players")
            if (
                isinstance(players, str)
                or not isinstance(players, Sequence)
                or len(players) > MOST_ROSTER
            ):
                raise BadInput(
                    "'players' is the line-up: a list of names from the roster, in "
                    "playing order.",
                    field="players",
                    example='"players": ["Ann", "Bob", "Cy", "Di", "Ed"]',
                )
            names = [_text(p, "players", "name", LINEUP_EXAMPLE) for p in players]
            if not all(names):
                raise BadInput(
                    "A name in the line-up is empty.",
                    field="players",
                    example='"players": ["Ann", "Bob", "Cy", "Di", "Ed"]',
                )
            return {
                "type": "lineup",
                "fixture": fixture["number"],
                "team": team,
                "players": names,
                # The captain's station is its team's number: a table write about
                # its own "table" (``Format.allows``).
                "table": team,
            }
        reason = _reason(raw.get("reason"))
        if kind == "forfeit":
            return {
                "type": "forfeit",
                "fixture": fixture["number"],
                "team": _team(state, raw.get("team")),
                "reason": reason,
            }
        venue = raw.get("venue")
        return {
            "type": "reschedule",
            "fixture": fixture["number"],
            "date": sched.parse_date(raw.get("date"), "date"),
            "venue": None if venue is None else _venue(venue, "venue"),
            "reason": reason,
        }

    # --- the fold -------------------------------------------------------------------

    def apply(self, state: JSON | None, event: JSON) -> Step:
        kind = event.get("type")
        if state is None:
            if kind != "create":
                raise BadInput("A season's log opens with 'create'.", field="type")
            return self._create(event)
        state = _writable(state, event)
        handlers = {
            "lineup": self._lineup,
            "call": self._call,
            "result": self._result,
            "withdraw": self._withdraw,
            "reschedule": self._reschedule,
            "forfeit": self._forfeit,
        }
        handler = handlers.get(str(kind))
        if handler is None:
            raise BadInput(
                f"'{kind}' is not an event of a league season.", field="type"
            )
        step = handler(state, event)
        step.state["over"] = all(f["result"] is not None for f in state["fixtures"])
        return step

    def _create(self, event: JSON) -> Step:
        names = list(event["players"])
        options = dict(event["options"])
        plan = event["schedule"]
        meetings = 2 if options["meetings"] == "double" else 1
        weeks = sched.weeks(len(names), meetings)
        dates = sched.dates(plan, len(weeks))
        teams = [
            {
                "number": n,
                "name": t["name"],
                "venue": t["venue"],
                "captain": t["captain"],
                "players": list(t["players"]),
            }
            for n, t in enumerate(event["teams"], start=1)
        ]
        fixtures: list[JSON] = []
        week_rows = []
        for w, date in zip(weeks, dates, strict=True):
            numbers = []
            for home, away in w["fixtures"]:
                number = len(fixtures) + 1
                numbers.append(number)
                fixtures.append(
                    {
                        "number": number,
                        "week": w["number"],
                        "date": date,
                        "time": plan["time"],
                        "venue": teams[home - 1]["venue"],
                        "home": home,
                        "away": away,
                        "lineups": {"home": None, "away": None},
                        "games": [],
                        "forfeit": None,
                        "result": None,
                        "notes": [],
                    }
                )
            week_rows.append(
                {
                    "number": w["number"],
                    "date": date,
                    "fixtures": numbers,
                    "bye": w["bye"],
                }
            )
        fmt = tf.get(options["team_format"])
        state: JSON = {
            "format": self.id,
            "players": names,
            "game": event["game"],
            "options": options,
            "teams": teams,
            "schedule": dict(plan),
            "weeks": week_rows,
            "fixtures": fixtures,
            "playing": [],
            "rounds": [],
            "over": False,
        }
        summary = (
            f"A league season of {games.get(event['game']).title}: {len(names)} "
            f"teams, {len(fixtures)} fixtures over {len(week_rows)} weeks from "
            f"{plan['start']}; each fixture is {fmt.title.lower()}."
        )
        return Step(state, Ruling(Verdict.OK, summary, (R.TEAMS, R.SCHEDULE)))

    def _lineup(self, state: JSON, event: JSON) -> Step:
        f = _fixture(state, event["fixture"])
        team = int(event["team"])
        name = state["players"][team - 1]
        side = _side_of(f, team)
        if side is None:
            raise Refused(
                f"{name} does not play in fixture {f['number']} ({_title(state, f)}).",
                [R.LINEUP],
            )
        if f["result"] is not None:
            raise Refused(
                f"Fixture {f['number']} is decided: its line-ups stand.", [R.LINEUP]
            )
        if f["games"] or all(f["lineups"][s] is not None for s in SIDES):
            raise Refused(
                f"Both line-ups of fixture {f['number']} are in: they stand.",
                [R.LINEUP],
            )
        need = tf.get(state["options"]["team_format"]).lineup
        players = list(event["players"])
        roster = state["teams"][team - 1]["players"]
        by_fold = {p.casefold(): p for p in roster}
        if len(players) != need:
            raise Refused(
                f"A line-up has {need} players here; {len(players)} given.",
                [R.LINEUP],
            )
        folded = [p.casefold() for p in players]
        twice = sorted({p for p in players if folded.count(p.casefold()) > 1})
        if twice:
            raise Refused(
                f"{twice[0]} is in the line-up twice: each plays one place.",
                [R.LINEUP],
            )
        strangers = [p for p in players if p.casefold() not in by_fold]
        if strangers:
            raise Refused(
                f"{strangers[0]} is not on {name}'s roster.", [R.LINEUP, R.TEAMS]
            )
        again = f["lineups"][side] is not None
        f["lineups"][side] = [by_fold[p.casefold()] for p in players]
        verb = "changed" if again else "in"
        return Step(
            state,
            Ruling(
                Verdict.OK,
                f"The line-up of {name} for fixture {f['number']} is {verb}.",
                (R.LINEUP,),
            ),
        )

    def _call(self, state: JSON, event: JSON) -> Step:
        f = _fixture(state, event["fixture"])
        if f["games"]:
            raise Refused(f"Fixture {f['number']} has been called.", [R.CALL])
        if f["result"] is not None or any(f["lineups"][s] is None for s in SIDES):
            raise Refused(f"Fixture {f['number']} is not ready.", [R.CALL])
        slots = tf.get(state["options"]["team_format"]).slots
        made = {int(g): str(m) for g, m in event["games"].items()}
        if sorted(made) != list(range(1, len(slots) + 1)):
            raise BadInput(
                f"A call names a match for each of the {len(slots)} games.",
                field="games",
            )
        for g, slot in enumerate(slots, start=1):
            f["games"].append(
                {
                    "number": g,
                    "home": [f["lineups"]["home"][p - 1] for p in slot.home],
                    "away": [f["lineups"]["away"][p - 1] for p in slot.away],
                    "match": made[g],
                    "result": None,
                }
            )
        state["playing"].append(f["number"])
        return Step(
            state,
            Ruling(
                Verdict.OK,
                f"{_title(state, f)}: {len(slots)} games called.",
                (R.CALL,),
            ),
        )

    def _game(self, state: JSON, event: JSON) -> tuple[JSON, JSON]:
        f = _fixture(state, event["fixture"])
        number = int(event["game"])
        if not 1 <= number <= len(f["games"]):
            raise BadInput(f"Fixture {f['number']} has no game {number}.", field="game")
        g = f["games"][number - 1]
        if g["match"] != event["match"]:
            raise Refused(
                f"Game {number} of fixture {f['number']} is not that match.",
                [R.RESULT],
            )
        if f["forfeit"] is not None:
            raise Refused(
                f"Fixture {f['number']} was forfeited: its games do not count.",
                [R.FORFEIT],
            )
        return f, g

    def _result(self, state: JSON, event: JSON) -> Step:
        f, g = self._game(state, event)
        if g["result"] is not None:
            raise Refused(
                f"Game {g['number']} of fixture {f['number']} has its result.",
                [R.RESULT],
            )
        winner = event["winner"]
        g["result"] = {
            "winner": winner,
            "score": [int(v) for v in event["score"]],
            "seq": event.get("seq"),
        }
        _decide(state, f)
        who = "drawn" if winner is None else f"won by {state['players'][f[winner] - 1]}"
        summary = f"{_title(state, f)}, game {g['number']}: {who}."
        ruled = [R.RESULT]
        if f["result"] is not None:
            summary += " " + _result_text(state, f)
            ruled.append(R.POINTS)
        return Step(state, Ruling(Verdict.OK, summary, tuple(ruled)))

    def _withdraw(self, state: JSON, event: JSON) -> Step:
        f, g = self._game(state, event)
        if g["result"] is None:
            raise Refused(
                f"Game {g['number']} of fixture {f['number']} has no result to "
                "take back.",
                [R.RESULT],
            )
        g["result"] = None
        if f["result"] is not None:
            f["result"] = None
            state["playing"].append(f["number"])
        return Step(
            state,
            Ruling(
                Verdict.OK,
                f"{_title(state, f)}, game {g['number']}: its match was reopened; "
                "the result is taken back.",
                (R.RESULT,),
            ),
        )

    def _reschedule(self, state: JSON, event: JSON) -> Step:
        f = _fixture(state, event["fixture"])
        if f["result"] is not None:
            raise Refused(
                f"Fixture {f['number']} is decided: it cannot be moved.",
                [R.RESCHEDULE],
            )
        note: JSON = {
            "kind": "reschedule",
            "reason": event["reason"],
            "from": f["date"],
            "to": event["date"],
            "venue": event.get("venue"),
        }
        f["date"] = event["date"]
        if event.get("venue"):
            f["venue"] = event["venue"]
        f["notes"].append(note)
        where = f" at {f['venue']}" if event.get("venue") else ""
        return Step(
            state,
            Ruling(
                Verdict.OK,
                f"{_title(state, f)} moved from {note['from']} to "
                f"{note['to']}{where}: {event['reason']}",
                (R.RESCHEDULE,),
            ),
        )

    def _forfeit(self, state: JSON, event: JSON) -> Step:
        f = _fixture(state, event["fixture"])
        team = int(event["team"])
        side = _side_of(f, team)
        if side is None:
            raise Refused(
                f"{state['players'][team - 1]} does not play in fixture {f['number']}.",
                [R.FORFEIT],
            )
        if f["result"] is not None:
            raise Refused(
                f"Fixture {f['number']} is decided: it cannot be forfeited.",
                [R.FORFEIT],
            )
        count = len(tf.get(state["options"]["team_format"]).slots)
        other = "away" if side == "home" else "home"
        f["forfeit"] = team
        f["result"] = {
            "score": [0, count] if side == "home" else [count, 0],
            "winner": other,
            "how": "forfeit",
            "sweep": None,
        }
        f["notes"].append({"kind": "forfeit", "reason": event["reason"], "team": team})
        if f["number"] in state["playing"]:
            state["playing"].remove(f["number"])
        return Step(
            state,
            Ruling(
                Verdict.FORFEIT,
                f"{state['players'][team - 1]} forfeit {_title(state, f)}: "
                f"{event['reason']} {_result_text(state, f)}",
                (R.FORFEIT, R.POINTS),
            ),
        )

    # --- the service's side: calls, results ----------------------------------------

    def calls(self, state: JSON) -> list[TablePlan]:
        """Every game of the first fixture whose two line-ups are in (one fixture
        per call: ``call_event`` records exactly these)."""
        for f in state["fixtures"]:
            if (
                not f["games"]
                and f["result"] is None
                and all(f["lineups"][s] is not None for s in SIDES)
            ):
                return self._plans(state, f)
        return []

    def _plans(self, state: JSON, f: JSON) -> list[TablePlan]:
        fmt = tf.get(state["options"]["team_format"])
        game = games.get(state["game"])
        teams = len(state["teams"])
        names = [state["players"][f[s] - 1] for s in SIDES]
        plans = []
        for g, slot in enumerate(fmt.slots, start=1):
            home = [f["lineups"]["home"][p - 1] for p in slot.home]
            away = [f["lineups"]["away"][p - 1] for p in slot.away]
            if slot.size == 1:
                players, sides = [home[0], away[0]], []
            elif game.teams:
                players = None
                sides = [
                    {"name": names[0], "players": home},
                    {"name": names[1], "players": away},
                ]
            else:
                players, sides = [tf.side_name(home), tf.side_name(away)], []
                if players[0] == players[1]:  # two long pair names cut alike
                    players = list(names)
            plans.append(
                TablePlan(
                    game_key(f["number"], g),
                    sides,
                    fmt.match_options(slot, state["options"]),
                    f"Week {f['week']} · {names[0]} v {names[1]} · Game {g}",
                    players=players,
                    station=teams + f["number"],
                    round=f["week"],
                    confirm=True,
                    confirmer=f["away"],
                )
            )
        return plans

    def call_event(self, state: JSON, matches: Mapping[int, str]) -> JSON | None:
        plans = self.calls(state)
        if not plans or any(p.number not in matches for p in plans):
            return None
        fixture = split_key(plans[0].number)[0]
        return {
            "type": "call",
            "fixture": fixture,
            "games": {str(split_key(p.number)[1]): matches[p.number] for p in plans},
        }

    def call_numbers(self, event: JSON) -> list[int]:
        return [game_key(int(event["fixture"]), int(g)) for g in event["games"]]

    def live_matches(self, state: JSON) -> dict[str, int]:
        """The games of the fixtures in play only (called, not yet decided)."""
        out = {}
        for number in state["playing"]:
            f = state["fixtures"][number - 1]
            for g in f["games"]:
                out[g["match"]] = game_key(number, g["number"])
        return out

    def match_number(self, state: JSON, match_id: str) -> int | None:
        """Any called game's key (a decided fixture's game reopened too)."""
        live = self.live_matches(state)
        if match_id in live:
            return live[match_id]
        for f in state["fixtures"]:
            if f["forfeit"] is None:
                for g in f["games"]:
                    if g["match"] == match_id:
                        return game_key(f["number"], g["number"])
        return None

    def sync(self, state: JSON, tables: Sequence[TableMatch]) -> list[JSON]:
        """Results of the games whose matches ended; withdrawals of those reopened
        (or ended again otherwise)."""
        events: list[JSON] = []
        for tm in tables:
            number, g_number = split_key(tm.number)
            if not 1 <= number <= len(state["fixtures"]):
                continue
            f = state["fixtures"][number - 1]
            if f["forfeit"] is not None or not 1 <= g_number <= len(f["games"]):
                continue
            g = f["games"][g_number - 1]
            if g["match"] != tm.match:
                continue
            ref = {"fixture": number, "game": g_number, "match": tm.match}
            prior = g["result"]
            if tm.board.get("over"):
                found = results.from_board(state["game"], tm.board)
                side = found["winner"]
                event = {
                    "type": "result",
                    **ref,
                    "winner": None if side is None else SIDES[side],
                    "score": list(found["score"]),
                    "seq": tm.version,
                }
                if prior is None:
                    events.append(event)
                elif (prior["winner"], prior["score"]) != (
                    event["winner"],
                    event["score"],
                ):
                    events += [
                        {"type": "withdraw", **ref, "seq": tm.version},
                        event,
                    ]
            elif prior is not None:
                events.append({"type": "withdraw", **ref, "seq": tm.version})
        taken = []
        trial = state
        for event in events:
            try:
                trial = self.apply(trial, event).state
            except (BadInput, Refused):
                continue
            taken.append(event)
        return taken

    # --- what clients see -----------------------------------------------------------

    def standings(self, state: JSON) -> list[JSON]:
        return table.standings(state)

    def board_entry(
        self, state: JSON, number: int, live: TableMatch | None
    ) -> JSON | None:
        """The fixture of game key ``number`` as ``view`` shows it, with that
        game's live score."""
        f_number = split_key(number)[0]
        if not 1 <= f_number <= len(state["fixtures"]):
            return None
        return fixture_json(
            state, state["fixtures"][f_number - 1], [live] if live else []
        )

    def view(self, state: JSON, tables: Sequence[TableMatch]) -> JSON:
        by_fixture: dict[int, list[TableMatch]] = {}
        for tm in tables:
            by_fixture.setdefault(split_key(tm.number)[0], []).append(tm)
        fmt = tf.get(state["options"]["team_format"])
        fixtures = [
            fixture_json(state, f, by_fixture.get(f["number"], []))
            for f in state["fixtures"]
        ]
        decided = sum(1 for f in state["fixtures"] if f["result"] is not None)
        return {
            "format": self.id,
            "game": state["game"],
            "options": dict(state["options"]),
            "team_format": {
                "id": fmt.id,
                "title": fmt.title,
                "summary": fmt.summary,
                "lineup": fmt.lineup,
                "games": [
                    {"number": g, "home": list(s.home), "away": list(s.away)}
                    for g, s in enumerate(fmt.slots, start=1)
                ],
            },
            "tie_breaks": table.tie_breaks_of(state["options"]),
            "units": results.units(state["game"], fmt.options),
            "schedule": dict(state["schedule"]),
            "teams": [
                {**t, "players": list(t["players"]), "station": t["number"]}
                for t in state["teams"]
            ],
            "weeks": [dict(w, fixtures=list(w["fixtures"])) for w in state["weeks"]],
            "fixtures": fixtures,
            "standings": self.standings(state),
            "progress": {"done": decided, "total": len(fixtures)},
            "over": state["over"],
            "tables": [],
        }


# --- helpers ------------------------------------------------------------------------


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
    out = []
    seen: dict[str, str] = {}
    for i, (entry, name) in enumerate(zip(raw, players, strict=True)):
        where = f"teams[{i}]"
        if not isinstance(entry, Mapping):
            raise BadInput(
                f"{where} is a team: an object with name, venue, captain, players.",
                field=where,
                example=TEAMS_EXAMPLE,
            )
        extra = sorted(set(entry) - {"name", "venue", "captain", "players"})
        if extra:
            raise BadInput(
                f"'{extra[0]}' is not a field of a team (fields: name, venue, "
                "captain, players).",
                field=f"{where}.{extra[0]}",
                example=TEAMS_EXAMPLE,
            )
        given = _text(
            entry.get("name") or "", f"{where}.name", "name", f'"name": "{name}"'
        )
        if given.casefold() != name.casefold():
            raise BadInput(
                f"{where} is {name} (the teams come in the order of 'players'); "
                f"'{given}' given.",
                field=f"{where}.name",
                example=f'"name": "{name}"',
            )
        venue = _venue(entry.get("venue"), f"{where}.venue")
        roster_raw = entry.get("players")
        if (
            isinstance(roster_raw, str)
            or not isinstance(roster_raw, Sequence)
            or not 1 <= len(roster_raw) <= MOST_ROSTER
        ):
            raise BadInput(
                f"{name}'s roster ('{where}.players') is a list of 1 to "
                f"{MOST_ROSTER} names.",
                field=f"{where}.players",
                example='"players": ["Ann", "Bob", "Cy", "Di", "Ed"]',
            )
        try:
            roster = parse_names(roster_raw)
        except BadInput as err:
            raise BadInput(
                f"{name}'s roster: {err.message}",
                field=f"{where}.players",
                example='"players": ["Ann", "Bob", "Cy", "Di", "Ed"]',
            ) from None
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
        captain = _text(
            entry.get("captain") or "", f"{where}.captain", "name", '"captain": "Ann"'
        )
        by_fold = {p.casefold(): p for p in roster}
        if captain.casefold() not in by_fold:
            raise BadInput(
                f"{name}'s captain is one of its players ({', '.join(roster[:3])}"
                f"{'...' if len(roster) > 3 else ''}); '{captain}' given.",
                field=f"{where}.captain",
                example=f'"captain": "{roster[0]}"',
            )
        out.append(
            {
                "name": name,
                "venue": venue,
                "captain": by_fold[captain.casefold()],
                "players": roster,
            }
        )
    return out


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


def fixture_json(state: JSON, f: JSON, live: Sequence[TableMatch] = ()) -> JSON:
    """A fixture as clients see it (blind line-ups hidden until both are in)."""
    both = all(f["lineups"][s] is not None for s in SIDES)
    blind = state["options"]["lineup"] == "blind" and not both
    lineups = {
        s: (
            None
            if f["lineups"][s] is None
            else {"submitted": True}
            if blind
            else list(f["lineups"][s])
        )
        for s in SIDES
    }
    by_key = {tm.number: tm for tm in live}
    out_games = []
    for g in f["games"]:
        res = g["result"]
        tm = by_key.get(game_key(f["number"], g["number"]))
        out_games.append(
            {
                "number": g["number"],
                "home": list(g["home"]),
                "away": list(g["away"]),
                "match": g["match"],
                "score": list(res["score"]) if res else None,
                "winner": res["winner"] if res else None,
                "status": "done" if res else "playing",
                "live": _live(tm) if tm is not None and res is None else None,
            }
        )
    teams = len(state["teams"])
    return {
        "number": f["number"],
        "week": f["week"],
        "date": f["date"],
        "time": f["time"],
        "venue": f["venue"],
        "home": f["home"],
        "away": f["away"],
        "home_name": state["players"][f["home"] - 1],
        "away_name": state["players"][f["away"] - 1],
        "station": teams + f["number"],
        "status": status(f),
        "lineups": lineups,
        "games": out_games,
        "result": dict(f["result"]) if f["result"] else None,
        "result_text": _result_text(state, f) if f["result"] else None,
        "forfeit": f["forfeit"],
        "notes": [dict(n) for n in f["notes"]],
    }


def status(f: JSON) -> str:
    """scheduled, lineups (one or both in), playing, done or forfeited."""
    if f["forfeit"] is not None:
        return "forfeited"
    if f["result"] is not None:
        return "done"
    if f["games"]:
        return "playing"
    if any(f["lineups"][s] is not None for s in SIDES):
        return "lineups"
    return "scheduled"


def own_lineup(state: JSON, fixture: int, team: int) -> list[str] | None:
    """A team's own line-up for a fixture (its captain's page shows it while the
    other's is still hidden)."""
    f = state["fixtures"][fixture - 1]
    side = _side_of(f, team)
    return (
        None if side is None or f["lineups"][side] is None else list(f["lineups"][side])
    )


def _live(tm: TableMatch) -> JSON:
    board = tm.board
    sides = board.get("sides", [])
    return {
        "score": [s.get("score") for s in sides],
        "legs": [s.get("legs") for s in sides],
        "prompt": board.get("prompt"),
        "seq": tm.version,
    }


def _writable(state: JSON, event: JSON) -> JSON:
    """A copy of ``state`` that an event's handler may write: the top level, the
    fixtures in play and the list of fixtures are new, and so is the event's own
    fixture (a deep copy); every other fixture is shared with ``state``, which no
    handler writes to. A season's state is hundreds of fixtures: copying all of it
    for every result made a 2,400-game season spend most of its time copying."""
    out = dict(state)
    out["playing"] = list(state["playing"])
    fixtures = list(state["fixtures"])
    raw = event.get("fixture")
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw)
    if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= len(fixtures):
        fixtures[raw - 1] = copy.deepcopy(fixtures[raw - 1])
    out["fixtures"] = fixtures
    return out


def _decide(state: JSON, f: JSON) -> None:
    """The fixture's result once every game has one (and it leaves play)."""
    if not f["games"] or any(g["result"] is None for g in f["games"]):
        return
    won = [sum(1 for g in f["games"] if g["result"]["winner"] == s) for s in SIDES]
    winner = None if won[0] == won[1] else SIDES[0 if won[0] > won[1] else 1]
    count = len(f["games"])
    sweep = next((s for i, s in enumerate(SIDES) if won[i] == count), None)
    f["result"] = {"score": won, "winner": winner, "how": "played", "sweep": sweep}
    if f["number"] in state["playing"]:
        state["playing"].remove(f["number"])


def _result_text(state: JSON, f: JSON) -> str:
    res = f["result"]
    home, away = (state["players"][f[s] - 1] for s in SIDES)
    h, a = res["score"]
    if res["winner"] is None:
        return f"{home} and {away} draw, {h}-{a}."
    win = home if res["winner"] == "home" else away
    how = " (forfeit)" if res["how"] == "forfeit" else ""
    return f"{win} win, {max(h, a)}-{min(h, a)}{how}."


def _title(state: JSON, f: JSON) -> str:
    home, away = (state["players"][f[s] - 1] for s in SIDES)
    return f"Week {f['week']} · {home} v {away}"


def _side_of(f: JSON, team: int) -> str | None:
    return "home" if f["home"] == team else "away" if f["away"] == team else None


def _fixture(state: JSON, raw: Any) -> JSON:
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw)
    count = len(state["fixtures"])
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= count:
        raise BadInput(
            f"'fixture' is a fixture's number, 1 to {count}.",
            field="fixture",
            example='"fixture": 1',
        )
    return state["fixtures"][raw - 1]


def _team(state: JSON, raw: Any) -> int:
    names = state["players"]
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw)
    if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= len(names):
        return raw
    if isinstance(raw, str):
        folded = " ".join(raw.split()).casefold()
        for n, name in enumerate(names, start=1):
            if name.casefold() == folded:
                return n
    raise BadInput(
        f"'team' is a team's number (1 to {len(names)}) or its name.",
        field="team",
        example=f'"team": 1 (or "team": "{names[0]}")',
    )


def _text(raw: Any, field: str, kind: str, example: str) -> str:
    """``text.check`` with the field's own example on the error."""
    try:
        return text.check(raw, field, kind)
    except BadInput as err:
        raise BadInput(err.message, field=field, example=example) from None


def _reason(raw: Any) -> str:
    reason = _text(raw if raw is not None else "", "reason", "note", REASON_EXAMPLE)
    if not reason:
        raise BadInput(
            f"Give the reason (1 to {MAX_REASON} characters): it stays on the fixture.",
            field="reason",
            example=REASON_EXAMPLE,
        )
    return reason


def _venue(raw: Any, field: str) -> str:
    venue = _text(raw if raw is not None else "", field, "title", VENUE_EXAMPLE)
    if not venue:
        raise BadInput(
            f"'{field}' names where the team plays at home (1 to "
            f"{text.LIMITS['title']} characters).",
            field=field,
            example=VENUE_EXAMPLE,
        )
    return venue


FORMAT = League()
