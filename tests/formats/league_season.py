"""Building league seasons for the tests: teams, a create, line-ups, calls and the
game matches' boards, as the service would drive the format (pure, no app)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.formats import TableMatch
from referee.formats.league import FORMAT as LEAGUE
from referee.formats.league import team_formats as tf

NAMES = [
    "Sharks", "Jets", "Cobras", "Hawks", "Owls", "Lions", "Bears", "Wolves",
    "Foxes", "Eagles", "Tigers", "Rams", "Bulls", "Stags", "Crows", "Kites",
    "Moles", "Newts", "Pikes", "Rooks", "Seals", "Terns", "Voles", "Wasps",
    "Yaks", "Zebus", "Asps", "Bats", "Cods", "Dace", "Eels", "Gnus",
]  # fmt: skip
SCHEDULE = {"start": "2026-09-07", "every_days": 7, "time": "19:30", "skip": []}


def roster(team: str, size: int = 6) -> list[str]:
    return [f"{team} {i}" for i in range(1, size + 1)]


def teams_setup(names: Sequence[str], size: int = 6) -> list[dict[str, Any]]:
    return [
        {
            "name": n,
            "venue": f"The {n} Arms",
            "captain": roster(n, size)[0],
            "players": roster(n, size),
        }
        for n in names
    ]


def season(
    count: int = 4,
    options: dict[str, Any] | None = None,
    game: str = "billiards",
    schedule: dict[str, Any] | None = None,
    size: int = 6,
) -> dict[str, Any]:
    """A fresh season's state, created the way the service creates one."""
    names = LEAGUE.check_players(NAMES[:count])
    setup = LEAGUE.parse_setup(
        {
            "game": game,
            "teams": teams_setup(names, size),
            "schedule": schedule or SCHEDULE,
            "seeding": "given",
        },
        names,
    )
    event = LEAGUE.create(names, LEAGUE.parse_options(options), None, setup)
    return LEAGUE.apply(None, event).state


def send(state: dict[str, Any], raw: dict[str, Any]) -> dict[str, Any]:
    """A client's event, parsed and folded."""
    return LEAGUE.apply(state, LEAGUE.parse_event(raw, state)).state


def lineup_of(state: dict[str, Any], fixture: int, side: str) -> list[str]:
    """The first players of the side's roster, as many as a line-up needs."""
    f = state["fixtures"][fixture - 1]
    need = tf.get(state["options"]["team_format"]).lineup
    return list(state["teams"][f[side] - 1]["players"][:need])


def both_lineups(state: dict[str, Any], fixture: int) -> dict[str, Any]:
    f = state["fixtures"][fixture - 1]
    for side in ("home", "away"):
        state = send(
            state,
            {
                "type": "lineup",
                "fixture": fixture,
                "team": f[side],
                "players": lineup_of(state, fixture, side),
            },
        )
    return state


def call(state: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """The service's call: matches made for ``calls``, recorded by ``call_event``."""
    plans = LEAGUE.calls(state)
    event = LEAGUE.call_event(state, {p.number: f"m{p.number}" for p in plans})
    assert event is not None
    return LEAGUE.apply(state, event).state, plans


def board(
    plan_or_names: Any, winner: int | None, score: Sequence[int], over: bool = True
) -> dict[str, Any]:
    """A finished (or reopened) match's board between the plan's two sides."""
    names = (
        plan_or_names
        if isinstance(plan_or_names, list)
        else plan_or_names.players or [t["name"] for t in plan_or_names.teams]
    )
    return {
        "over": over,
        "winner": names[winner] if winner is not None and over else None,
        "sides": [{"name": n, "score": s} for n, s in zip(names, score, strict=True)],
    }


def play(
    state: dict[str, Any], fixture: int, winners: Sequence[int | None]
) -> dict[str, Any]:
    """Line-ups, call and a result per game (winner side 0/1 or None), synced."""
    state = both_lineups(state, fixture)
    state, plans = call(state)
    assert {p.number // 100 for p in plans} == {fixture}
    tables = []
    for p, w in zip(plans, winners, strict=True):
        score = [0, 0] if w is None else [3, 1] if w == 0 else [1, 3]
        tables.append(TableMatch(p.number, f"m{p.number}", 7, {}, board(p, w, score)))
    return fold(state, LEAGUE.sync(state, tables))


def fold(state: dict[str, Any], events: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The events folded in order (``apply`` never writes to the state given)."""
    for event in events:
        state = LEAGUE.apply(state, event).state
    return state
