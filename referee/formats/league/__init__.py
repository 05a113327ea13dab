"""A league season: teams meet week by week in team matches of several games (pure).

A season is a tournament of kind ``league`` (family ``league``); docs/leagues-design.md
is the contract with the service and the pages. The parts:

* ``schedule``: the weeks (circle method, byes, home and away) and their dates;
* ``team_formats``: what a team match is (its games, who plays whom, the options);
* ``standings``: the table, from the decided fixtures;
* ``rules``: the rules every ruling here cites (``league/...``);
* ``common``: the constants and small helpers the parts below share;
* ``setup``: the teams, the setup's fields and the ``create`` event;
* ``events``: what clients send (``parse_event``) and the fold (``apply``);
* ``view``: what clients see (the view, a board entry, a fixture).

This module is the ``Format`` that delegates to them; it keeps the service's side
(calls, results), which folds through ``apply``.

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

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee import games
from referee.formats import Format
from referee.formats import TableMatch
from referee.formats import TablePlan
from referee.formats.league import events as ev
from referee.formats.league import setup as su
from referee.formats.league import standings as table
from referee.formats.league import team_formats as tf
from referee.formats.league import view as vw
from referee.formats.league.common import DEFAULT_TIE_BREAKS
from referee.formats.league.common import FORMAT_ID
from referee.formats.league.common import GAME_SLOTS as GAME_SLOTS
from referee.formats.league.common import LEAST_TEAMS as LEAST_TEAMS
from referee.formats.league.common import MAX_REASON as MAX_REASON
from referee.formats.league.common import MOST_ROSTER as MOST_ROSTER
from referee.formats.league.common import MOST_TEAMS as MOST_TEAMS
from referee.formats.league.common import SETUP_FIELDS
from referee.formats.league.common import SIDES
from referee.formats.league.common import TEAMS_EXAMPLE as TEAMS_EXAMPLE
from referee.formats.league.common import TIE_CHOICES
from referee.formats.league.common import game_key
from referee.formats.league.common import split_key
from referee.formats.league.events import EVENTS
from referee.formats.league.setup import parse_teams as parse_teams
from referee.formats.league.setup import resolve_team_format as resolve_team_format
from referee.formats.league.view import fixture_json as fixture_json
from referee.formats.league.view import own_lineup as own_lineup
from referee.formats.league.view import status as status
from referee.formats.pairing import results
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Step


class League(Format):
    """A season of a league: fixtures by week, line-ups, team matches, a table."""

    id = FORMAT_ID
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
        return su.check_players(players)

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
        return su.parse_setup(raw, players)

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
        return su.create_event(players, options, setup)

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

    # --- events from clients, and the fold ------------------------------------------

    def parse_event(self, raw: Any, state: JSON) -> JSON:
        return ev.parse_event(raw, state)

    def apply(self, state: JSON | None, event: JSON) -> Step:
        return ev.apply(state, event)

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
                withdraw = {"type": "withdraw", **ref, "seq": tm.version}
                events += results.taken_in(prior, event, withdraw)
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
        return vw.board_entry(state, number, live)

    def view(self, state: JSON, tables: Sequence[TableMatch]) -> JSON:
        return vw.view(state, tables)


FORMAT = League()
