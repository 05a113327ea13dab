"""The screenshots in docs/img: every TV board at 1920x1080 and 1280x720, and every
game's match page on a 360x640 phone (the README's gallery).

    .venv/bin/python scripts/screenshots.py [--out docs/img]

Serves the app on a fresh SQLite file (tests/e2e/serving.py) and drives Debian's
Chromium; the boards are tests/e2e/tv_scenes.py's, the same the TV tests check:
``tv-<game>-1920.png`` / ``-1280.png`` for each game (``tv-darts-301-eight-...``:
eight players), ``tv-bunko-night-...``, ``tv-round-robin-...``, ``tv-bracket-...``,
``tv-league-...`` (a pool league's night: tonight's fixtures, results, the table),
and ``phone-<game>.png`` (the scorer's page, light theme, the first screen).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import games  # noqa: E402
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    out: Path = parser.parse_args().out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    with browsing("screenshots") as (url, browser):
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
