"""A blind league's line-ups stay blind in the season's log: the log page, the API's
events, the JSON export and the live stream show a line-up row without its names
until the fixture's other line-up is in (``Format.public_event``), then with them.
Every reader gets the same form, the organiser and the captains too; the stored rows
keep the names (the audit replays them).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from referee import tournaments
from tests.web.league_api import Season
from tests.web.league_api import roster

HIDDEN = {"submitted": True}


@pytest.fixture
def quick(app: Any) -> Any:
    """Streams that end at once, after what they have to say."""
    app.config.update(LIVE_STREAM_SECONDS=0, LIVE_HEARTBEAT_SECONDS=0)
    return app


def _send_lineup(season: Season, fixture: dict[str, Any], side: str) -> list[str]:
    """The side's captain sends its roster backwards (the order is the secret)."""
    team = season.team_number(fixture[side])
    players = list(reversed(roster(season.names[team - 1])))
    reply = season.send(
        {
            "type": "lineup",
            "fixture": fixture["number"],
            "team": team,
            "players": players,
        },
        season.captains[team],
    )
    assert reply.status_code == 201, reply.get_json()
    return players


def _stream_entries(client: Any, season: Season) -> list[dict[str, Any]]:
    """The log rows the season's data stream sends a viewer that starts at 0."""
    body = client.get(
        f"/n/{season.id}/live", headers={"Last-Event-ID": "0.0"}
    ).get_data(as_text=True)
    out = []
    for block in body.split("\n\n"):
        fields = dict(
            line.split(": ", 1) for line in block.splitlines() if ": " in line
        )
        if "data" in fields:
            out += json.loads(fields["data"]).get("entries", [])
    return out


def _lineup_rows(rows: list[dict[str, Any]]) -> list[Any]:
    return [r["event"]["players"] for r in rows if r["kind"] == "lineup"]


def _reads(client: Any, season: Season) -> dict[str, list[Any]]:
    """The line-up rows' players, as each public read of the log shows them."""
    organiser = client.get(
        f"/api/v1/tournaments/{season.id}/events",
        headers={"Authorization": f"Bearer {season.league_key}"},
    ).get_json()["events"]
    export = client.get(f"/n/{season.id}/export.json").get_json()["log"]
    return {
        "api": _lineup_rows(season.log()),
        "api, organiser's key": _lineup_rows(organiser),
        "export": _lineup_rows(export),
        "stream": _lineup_rows(_stream_entries(client, season)),
    }


def test_a_blind_lineup_cannot_be_read_from_the_log_until_the_other_is_in(
    quick: Any, client: Any
) -> None:
    season = Season(client)
    fixture = season.fixture(1)
    home = _send_lineup(season, fixture, "home")

    for read, rows in _reads(client, season).items():
        assert rows == [HIDDEN], read
    # The whole log names the home roster (the create event) but never the line-up.
    for text in (
        client.get(f"/api/v1/tournaments/{season.id}/events").get_data(as_text=True),
        client.get(f"/n/{season.id}/export.json").get_data(as_text=True),
    ):
        assert json.dumps(home) not in text
    page = client.get(f"/n/{season.id}/log").get_data(as_text=True)
    assert not any(name in page for name in home)

    away = _send_lineup(season, fixture, "away")
    for read, rows in _reads(client, season).items():
        assert rows == [home, away], read


def test_a_changed_blind_lineup_stays_hidden_and_both_show_once_the_other_is_in(
    quick: Any, client: Any
) -> None:
    season = Season(client)
    fixture = season.fixture(1)
    first = _send_lineup(season, fixture, "home")
    again = season.lineup(fixture, "home")  # the roster's own order this time
    assert again.status_code == 201, again.get_json()
    assert _reads(client, season)["api"] == [HIDDEN, HIDDEN]

    away = _send_lineup(season, fixture, "away")
    home_team = season.names[season.team_number(fixture["home"]) - 1]
    assert _reads(client, season)["api"] == [first, roster(home_team), away]


def test_an_open_leagues_lineup_shows_in_the_log_at_once(
    quick: Any, client: Any
) -> None:
    season = Season(client, options={"lineup": "open"})
    home = _send_lineup(season, season.fixture(1), "home")
    for read, rows in _reads(client, season).items():
        assert rows == [home], read


def test_the_stored_rows_keep_the_names_and_the_audit_replays_them(
    client: Any, app: Any
) -> None:
    season = Season(client)
    home = _send_lineup(season, season.fixture(1), "home")
    with app.app_context():
        night = tournaments.get(season.id)
        stored = [
            r.data["players"] for r in tournaments.rows(night) if r.kind == "lineup"
        ]
        assert stored == [home]
        assert tournaments.audit(night) == []
