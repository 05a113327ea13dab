"""A league season's constants and the small helpers its parts share (pure)."""

from __future__ import annotations

from typing import Any

from referee.formats.league import standings as table
from referee.games import text
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput

FORMAT_ID = "league"
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
