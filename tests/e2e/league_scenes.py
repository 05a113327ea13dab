"""A league season's night as the venue's TV shows it, built through the JSON API on
a served app: shared by the TV test (tests/e2e/test_league_tv.py) and anyone who
wants the picture.

The season starts a week before today, so tonight is week 2: week 1's fixtures are
played through (their results are the board's latest results), tonight's line-ups
are in, and tonight's games are under way (some won and confirmed, some in play
with racks on the table).
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import APIRequestContext

TEAM_FORMAT = "pool-8-ball-5"
RACE = 3
# Team names of every length a league has: the board cuts none of its parts off.
NAMES = [
    "Sharks",
    "Jets",
    "The Red Lion Cue Club",
    "Owls",
    "Café Ørsted",
    "Smith, Jones & Sons",
    "Anchor",
    "Crown B",
    "Rovers",
    "Kings Head Old Boys",
    "Nine Ballers",
    "Eagles",
    "The Plough",
    "Bulls",
    "Dockers",
    "Swans",
]


@dataclass(frozen=True)
class League:
    """A season on the served app: its id, TV address and keys by station (1..T
    the captains, T+f fixture f's venue phone)."""

    id: str
    tv: str
    keys: dict[int, str]


def _post(request: APIRequestContext, path: str, key: str | None, body: Any) -> Any:
    sent = request.post(
        path,
        data=json.dumps(body),
        headers={
            "Content-Type": "application/json",
            "Idempotency-Key": uuid.uuid4().hex,
            **({"Authorization": f"Bearer {key}"} if key else {}),
        },
    )
    assert sent.ok, (path, sent.status, sent.text())
    return sent.json()


def _roster(name: str, n: int) -> list[str]:
    first = "".join(c for c in name if c.isalpha())[:3] or "T"
    return [f"{first}{n}-{i}" for i in range(1, 6)]


def season(
    request: APIRequestContext, teams: int = 8, today: dt.date | None = None
) -> League:
    """A season of ``teams`` teams, tonight its week 2, under way."""
    today = today or dt.date.today()
    league = _post(
        request,
        "/api/v1/leagues",
        None,
        {
            "name": "Tuesday Pool",
            "game": "billiards",
            "options": {"team_format": TEAM_FORMAT, "race": RACE},
        },
    )
    organiser = league["keys"]["organiser"]["key"]
    names = [*NAMES, *(f"Club {i}" for i in range(len(NAMES) + 1, 33))][:teams]
    made = _post(
        request,
        f"/api/v1/leagues/{league['id']}/seasons",
        organiser,
        {
            "title": "Autumn League",
            "teams": [
                {
                    "name": name,
                    "venue": f"{name} Hall",
                    "captain": _roster(name, n)[0],
                    "players": _roster(name, n),
                }
                for n, name in enumerate(names, start=1)
            ],
            "schedule": {
                "start": (today - dt.timedelta(days=7)).isoformat(),
                "every_days": 7,
                "time": "19:30",
            },
        },
    )
    sid = made["id"]
    stations = {t["table"]: t["key"] for t in made["keys"].get("tables", [])}
    for c in made["keys"].get("captains", []):
        stations[c["team"]] = c["key"]
    for f in made["keys"].get("fixtures", []):
        stations[teams + f["fixture"]] = f["key"]
    view = made
    for week, plan in ((1, "played"), (2, "tonight")):
        numbers = view["weeks"][week - 1]["fixtures"]
        for i, number in enumerate(numbers):
            f = view["fixtures"][number - 1]
            for side in ("home", "away"):
                team = f[side]
                _post(
                    request,
                    f"/api/v1/tournaments/{sid}/events",
                    stations[team],
                    {
                        "event": {
                            "type": "lineup",
                            "fixture": number,
                            "team": team,
                            "players": _roster(names[team - 1], team),
                        }
                    },
                )
            f = request.get(f"/api/v1/tournaments/{sid}").json()["fixtures"][number - 1]
            scorer = stations[teams + number]
            away = stations[f["away"]]
            games = f["games"] if plan == "played" else f["games"][: 1 + i % 3]
            for g, game in enumerate(games):
                home_wins = (g + i) % 3 != 0
                racks = RACE if plan == "played" or g < len(games) - 1 else 1
                _play(request, game, scorer, away, home_wins, racks)
    return League(sid, f"/n/{sid}/tv", stations)


def _play(
    request: APIRequestContext,
    game: dict[str, Any],
    scorer: str,
    away_captain: str,
    home_wins: bool,
    racks: int,
) -> None:
    """Racks on the home side's key; a finished race confirmed by the away captain."""
    home, away = " & ".join(game["home"]), " & ".join(game["away"])
    winner = home if home_wins else away
    match = game["match"]
    events = [{"type": "breaker", "side": home}]
    events += [{"type": "rack", "winner": winner}] * racks
    for event in events:
        _post(request, f"/api/v1/matches/{match}/events", scorer, {"event": event})
    if racks >= RACE:
        _post(request, f"/api/v1/matches/{match}/confirm", away_captain, {})
