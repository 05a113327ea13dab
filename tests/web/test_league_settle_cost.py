"""What settling a league costs per game: the home side's entry that finishes a game
in confirmation mode counts for nothing yet, so it neither reads nor locks the
season (a ~400 KB state in a big league); the away captain's confirmation does,
once, and records the result."""

from __future__ import annotations

from typing import Any

from tests.web.league_api import Season
from tests.web.test_tournament_writes import counted


def _tournament_reads(seen: Any) -> list[str]:
    return [s for s in seen.on("tournament") if s.startswith("SELECT")]


def test_an_unconfirmed_finishing_entry_leaves_the_season_unread_until_confirmed(
    app: Any, client: Any
) -> None:
    season = Season(client, 4, race=1)
    fixture = season.fixture(season.get()["weeks"][0]["fixtures"][0])
    season.lineup(fixture, "home")
    reply = season.lineup(fixture, "away")
    called = season.fixture(fixture["number"], reply.get_json()["tournament"])
    game = called["games"][0]
    match, scorer = game["match"], season.fixture_keys[fixture["number"]]
    home = game["home"] if isinstance(game["home"], str) else " & ".join(game["home"])
    assert (
        season.match_write(
            match, "events", {"event": {"type": "breaker", "side": home}}, scorer
        ).status_code
        == 201
    )
    with counted(app) as seen:
        finished = season.match_write(
            match, "events", {"event": {"type": "rack", "winner": home}}, scorer
        )
    assert finished.status_code == 201, finished.get_json()
    assert _tournament_reads(seen) == [], seen.statements
    assert not seen.on("rating_change"), seen.statements
    still = season.fixture(fixture["number"])
    assert next(g for g in still["games"] if g["match"] == match)["status"] == "playing"

    captain = season.captains[season.team_number(fixture["away"])]
    with counted(app) as seen:
        confirmed = season.match_write(match, "confirm", {}, captain)
    assert confirmed.status_code == 201, confirmed.get_json()
    assert len(_tournament_reads(seen)) == 1, seen.statements  # once, locked
    after = season.fixture(fixture["number"])
    assert next(g for g in after["games"] if g["match"] == match)["status"] == "done"
