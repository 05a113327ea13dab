"""What clients see of a season: the view, a board entry, a fixture (pure).

Blind line-ups stay hidden here until both of a fixture's are in.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.formats import TableMatch
from referee.formats.league import standings as table
from referee.formats.league import team_formats as tf
from referee.formats.league.common import FORMAT_ID
from referee.formats.league.common import SIDES
from referee.formats.league.common import _result_text
from referee.formats.league.common import _side_of
from referee.formats.league.common import game_key
from referee.formats.league.common import split_key
from referee.formats.pairing import results
from referee.games.outcomes import JSON


def board_entry(state: JSON, number: int, live: TableMatch | None) -> JSON | None:
    """The fixture of game key ``number`` as ``view`` shows it, with that
    game's live score."""
    f_number = split_key(number)[0]
    if not 1 <= f_number <= len(state["fixtures"]):
        return None
    return fixture_json(state, state["fixtures"][f_number - 1], [live] if live else [])


def view(state: JSON, tables: Sequence[TableMatch]) -> JSON:
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
        "format": FORMAT_ID,
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
        "standings": table.standings(state),
        "progress": {"done": decided, "total": len(fixtures)},
        "over": state["over"],
        "tables": [],
    }


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
