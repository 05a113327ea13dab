"""The screenshots in docs/img: every TV board at 1920x1080 and 1280x720, and every
game's match page on a 360x640 phone (the README's gallery).

    .venv/bin/python scripts/screenshots.py [--out docs/img]

Serves the app on a fresh SQLite file (tests/e2e/serving.py) and drives Debian's
Chromium; the boards are tests/e2e/tv_scenes.py's, the same the TV tests check:
``tv-<game>-1920.png`` / ``-1280.png`` for each game (``tv-darts-301-eight-...``:
eight players), ``tv-bunko-night-...``, ``tv-round-robin-...``, ``tv-bracket-...``,
``tv-league-...`` (a pool league's night: tonight's fixtures, results, the table),
and ``phone-<game>.png`` (the scorer's page, light theme, the first screen); and a
league season's pages on a 390x844 phone (tests/e2e/league_scenes.py's season, week 1
played, tonight's games under way): ``league-season.png`` (the season's page),
``league-lineup.png`` (a captain choosing a line-up), ``league-fixture.png`` (tonight's
fixture on the venue's phone), ``league-players.png`` (the player table) and
``league-tv.png`` (the venue's TV board at 1280x720).

    .venv/bin/python scripts/screenshots.py --only leagues   # the league's alone
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import uuid
from pathlib import Path
from typing import Any

from playwright.sync_api import APIRequestContext
from playwright.sync_api import Browser
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import games  # noqa: E402
from tests.e2e import league_scenes  # noqa: E402
from tests.e2e import tv_scenes  # noqa: E402
from tests.e2e.serving import browsing  # noqa: E402


def _shoot(page: Page, path: Path) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(100)  # fonts and the live script settled
    page.screenshot(path=str(path))
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def _tv(page: Page, url: str, out: Path, name: str) -> None:
    page.goto(url)
    page.wait_for_load_state()
    for size, (width, height) in tv_scenes.TV_SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        _shoot(page, out / f"tv-{name}-{size}.png")


# The issue's phone, held upright: a league's pages are read on the captains' phones.
LEAGUE_PHONE = {"width": 390, "height": 844}


def _new_season(request: APIRequestContext) -> tuple[str, str, list[str]]:
    """A two-team pool season with nothing played: its id, team 1's captain key and
    team 1's roster."""
    teams = [
        (
            "Sharks",
            "The Anchor",
            ["Ann Lee", "Bob Ray", "Cy Moss", "Dee Hart", "Eve Lo"],
        ),
        (
            "Jets",
            "The Crown",
            ["Fay Holt", "Gus Amis", "Hal Pike", "Ivy Shaw", "Jo Beck"],
        ),
    ]

    def post(path: str, key: str | None, body: dict[str, Any]) -> Any:
        headers = {"Idempotency-Key": uuid.uuid4().hex}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        sent = request.post(path, data=body, headers=headers)
        assert sent.ok, (path, sent.status, sent.text())
        return sent.json()

    league = post(
        "/api/v1/leagues",
        None,
        {"name": "Thursday Pool", "game": "billiards", "options": {"race": 3}},
    )
    made = post(
        f"/api/v1/leagues/{league['id']}/seasons",
        league["keys"]["organiser"]["key"],
        {
            "title": "Spring",
            "teams": [
                {"name": n, "venue": v, "captain": p[0], "players": p}
                for n, v, p in teams
            ],
            "schedule": {"start": dt.date.today().isoformat(), "time": "19:30"},
        },
    )
    captain = next(c for c in made["keys"]["captains"] if c["team"] == 1)
    return made["id"], captain["key"], teams[0][2]


def _leagues(browser: Browser, url: str, out: Path) -> None:
    """The league pages: each phone its own context (its own session and keys)."""

    def phone() -> Page:
        return browser.new_context(
            base_url=url,
            viewport=LEAGUE_PHONE,
            device_scale_factor=1,
            is_mobile=True,
            has_touch=True,
            color_scheme="light",
        ).new_page()

    watcher = phone()
    made = league_scenes.season(watcher.request, teams=4)
    season = watcher.request.get(f"/api/v1/tournaments/{made.id}").json()
    watcher.goto(f"/n/{made.id}")
    watcher.wait_for_load_state()
    _shoot(watcher, out / "league-season.png")
    watcher.goto(f"/n/{made.id}/player-table")
    watcher.wait_for_load_state()
    _shoot(watcher, out / "league-players.png")

    tonight = season["weeks"][1]["fixtures"][0]  # week 2, under way
    station = len(season["teams"]) + tonight
    venue = phone()
    venue.goto(f"/n/{made.id}/t/{station}/join/{made.keys[station]}")
    venue.wait_for_load_state()
    _shoot(venue, out / "league-fixture.png")

    # A captain choosing the line-up of a fixture still to come (a season of its own,
    # whose first fixture has no line-up yet), three places filled.
    fresh, key, roster = _new_season(watcher.request)
    captain = phone()
    captain.goto(f"/n/{fresh}/t/1/join/{key}")
    captain.wait_for_load_state()
    for place, name in enumerate(roster[:3], start=1):
        captain.locator(f"#player_{place}").select_option(name)
    _shoot(captain, out / "league-lineup.png")

    tv = browser.new_context(base_url=url, color_scheme="light").new_page()
    width, height = tv_scenes.TV_SIZES["1280"]
    tv.set_viewport_size({"width": width, "height": height})
    tv.goto(made.tv)
    tv.wait_for_load_state()
    _shoot(tv, out / "league-tv.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument(
        "--only", choices=("leagues",), help="take only these (default: all)"
    )
    args = parser.parse_args()
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    with browsing("screenshots") as (url, browser):
        _leagues(browser, url, out)
        if args.only == "leagues":
            return
        tv = browser.new_context(base_url=url, color_scheme="light")
        phone = browser.new_context(
            base_url=url,
            viewport=tv_scenes.PHONE_SIZE,
            device_scale_factor=1,
            is_mobile=True,
            has_touch=True,
            color_scheme="light",
        )
        tv_page, phone_page = tv.new_page(), phone.new_page()
        for scene in tv_scenes.scenes():
            match_id, key = tv_scenes.play(tv.request, scene.state)
            _tv(tv_page, f"/m/{match_id}/watch", out, scene.name)
            if scene.name in games.registry():
                phone_page.goto(f"/m/{match_id}/join/{key}")
                phone_page.wait_for_load_state()
                _shoot(phone_page, out / f"phone-{scene.name}.png")
        for night in tv_scenes.nights(tv.request):
            _tv(tv_page, night.url, out, night.name)


if __name__ == "__main__":
    main()
