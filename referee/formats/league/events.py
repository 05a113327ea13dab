"""The league's log: the events clients send, their parsing, and the fold (pure).

``apply`` copies only what an event changes (``_writable``); each handler checks
its event against the state and returns the new state with its ruling.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee import games
from referee.formats.league import rules as R
from referee.formats.league import schedule as sched
from referee.formats.league import team_formats as tf
from referee.formats.league.common import FORMAT_ID
from referee.formats.league.common import LINEUP_EXAMPLE
from referee.formats.league.common import MOST_ROSTER
from referee.formats.league.common import SIDES
from referee.formats.league.common import _fixture
from referee.formats.league.common import _reason
from referee.formats.league.common import _result_text
from referee.formats.league.common import _side_of
from referee.formats.league.common import _team
from referee.formats.league.common import _text
from referee.formats.league.common import _title
from referee.formats.league.common import _venue
from referee.games import text
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.games.outcomes import only_fields

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


def parse_event(raw: Any, state: JSON) -> JSON:
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
    only_fields(
        raw,
        sorted({f.name for f in kinds[kind].fields} - {"type"}),
        f"'{kind}'",
        ignore=("type",),
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


# --- the fold ------------------------------------------------------------------


def apply(state: JSON | None, event: JSON) -> Step:
    kind = event.get("type")
    if state is None:
        if kind != "create":
            raise BadInput("A season's log opens with 'create'.", field="type")
        return _create(event)
    state = _writable(state, event)
    handlers = {
        "lineup": _lineup,
        "call": _call,
        "result": _result,
        "withdraw": _withdraw,
        "reschedule": _reschedule,
        "forfeit": _forfeit,
    }
    handler = handlers.get(str(kind))
    if handler is None:
        raise BadInput(f"'{kind}' is not an event of a league season.", field="type")
    step = handler(state, event)
    step.state["over"] = all(f["result"] is not None for f in state["fixtures"])
    return step


def _create(event: JSON) -> Step:
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
        "format": FORMAT_ID,
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


def _own_open_fixture(
    state: JSON, event: JSON, rule: str, decided: str, *, titled: bool = False
) -> tuple[JSON, int, str]:
    """The fixture, team and side an event of a team's names; ``Refused`` if the
    team does not play in it (``titled``: the message names the fixture's teams) or
    it is decided (``decided`` says what that forbids)."""
    f = _fixture(state, event["fixture"])
    team = int(event["team"])
    side = _side_of(f, team)
    if side is None:
        title = f" ({_title(state, f)})" if titled else ""
        raise Refused(
            f"{state['players'][team - 1]} does not play in fixture "
            f"{f['number']}{title}.",
            [rule],
        )
    if f["result"] is not None:
        raise Refused(f"Fixture {f['number']} is decided: {decided}", [rule])
    return f, team, side


def _lineup(state: JSON, event: JSON) -> Step:
    f, team, side = _own_open_fixture(
        state, event, R.LINEUP, "its line-ups stand.", titled=True
    )
    name = state["players"][team - 1]
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
        raise Refused(f"{strangers[0]} is not on {name}'s roster.", [R.LINEUP, R.TEAMS])
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


def _call(state: JSON, event: JSON) -> Step:
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


def _game(state: JSON, event: JSON) -> tuple[JSON, JSON]:
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


def _result(state: JSON, event: JSON) -> Step:
    f, g = _game(state, event)
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


def _withdraw(state: JSON, event: JSON) -> Step:
    f, g = _game(state, event)
    if g["result"] is None:
        raise Refused(
            f"Game {g['number']} of fixture {f['number']} has no result to take back.",
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


def _reschedule(state: JSON, event: JSON) -> Step:
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


def _forfeit(state: JSON, event: JSON) -> Step:
    f, team, side = _own_open_fixture(
        state, event, R.FORFEIT, "it cannot be forfeited."
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
