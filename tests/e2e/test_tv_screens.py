"""Issue 26: TV boards made for 3 metres, at 1920x1080 and 1280x720.

Every game's board (/m/<id>/watch) with a few entries and an undone one, darts with
eight players, a bunko night, a round robin and a bracket: nothing scrolls, every
part of the board is inside the screen and inside its box, a match's TV shows no
log rows, and darts' points left are at least a fifth of the screen's height.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e import tv_scenes

pytestmark = [pytest.mark.e2e, pytest.mark.table]

# What does not fit: the document scrolls, a part of the board reaches past the
# screen, or a player's card or the cards' grid holds more than its box shows.
FIT = """() => {
  const out = [];
  const root = document.scrollingElement;
  if (root.scrollHeight > innerHeight || root.scrollWidth > innerWidth) {
    out.push(`the page scrolls: ${root.scrollWidth}x${root.scrollHeight}`);
  }
  const parts = document.querySelectorAll(
    '.tv-screen > *, .tv-side > *, main > *, [data-live^="board-"]');
  for (const el of parts) {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    if (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
      out.push(`${el.tagName}.${el.className} ends at ${r.right}x${r.bottom}`);
    }
  }
  for (const el of document.querySelectorAll('.tv-side, .tv-sides')) {
    if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1) {
      out.push(`${el.className} holds ${el.scrollWidth}x${el.scrollHeight} ` +
               `in ${el.clientWidth}x${el.clientHeight}`);
    }
  }
  return out;
}"""

# Each player's points left on the darts board: its type and its box, in pixels.
SCORES = """() => [...document.querySelectorAll('.tv-darts .tv-score')].map(el => ({
  text: el.textContent.trim(),
  font: parseFloat(getComputedStyle(el).fontSize),
  box: el.getBoundingClientRect().height,
}))"""


def misfits(page: Page) -> list[str]:
    """What does not fit the screen as the page is shown now."""
    found: list[str] = page.evaluate(FIT)
    return found


def darts_scores(page: Page) -> list[dict[str, Any]]:
    scores: list[dict[str, Any]] = page.evaluate(SCORES)
    return scores


@pytest.mark.parametrize("scene", list(tv_scenes.scenes()), ids=lambda s: s.name)
def test_a_match_tv_fills_the_screen_without_scrolling_or_log_rows(
    page: Page, scene: tv_scenes.Scene
) -> None:
    match_id, _ = tv_scenes.play(page.context.request, scene.state)
    page.goto(f"/m/{match_id}/watch")
    page.wait_for_load_state()
    problems = []
    for size, (width, height) in tv_scenes.TV_SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        problems += [f"{size}: {m}" for m in misfits(page)]
        rows = page.locator(tv_scenes.LOG_ROWS).count()
        if rows:
            problems.append(f"{size}: {rows} log rows")
        if scene.state.game == "darts-301":
            scores = darts_scores(page)
            assert len(scores) == len(scene.state.players)
            for s in scores:
                if min(s["font"], s["box"]) < height / 5:
                    problems.append(f"{size}: {s} under a fifth of {height}")
    assert not problems, "\n".join(problems)


def test_the_darts_tv_shows_the_checkout_route_and_the_rounds_darts(page: Page) -> None:
    match_id, _ = tv_scenes.play(
        page.context.request, tv_scenes.darts_night(("Ann", "Bob"), 3)
    )
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"/m/{match_id}/watch")
    thrower = page.locator(".tv-side.turn")
    assert thrower.locator(".tv-name").inner_text().endswith("Ann")
    assert thrower.locator(".tv-score").inner_text() == "61"
    assert thrower.locator(".tv-checkout").inner_text() == "T15 D8"
    assert thrower.locator(".tv-round").inner_text().split()[:2] == ["T20", "·"]
    board = page.locator(".tv-screen").inner_text()
    for words in ("Legs 1", "avg", "first 9", "first to 3 legs"):
        assert words in board


def test_the_pool_tv_shows_the_race_the_breaker_the_fouls_and_the_last_call(
    page: Page,
) -> None:
    scene = next(s for s in tv_scenes.scenes() if s.state.game == "billiards")
    match_id, _ = tv_scenes.play(page.context.request, scene.state)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"/m/{match_id}/watch")
    facts = page.locator(".tv-facts").inner_text()
    assert "race to 5" in facts
    assert "Ann breaks" in facts
    assert "foul" in page.locator(".tv-sides").inner_text()
    assert page.locator(".tv-last .verdict").inner_text() == "FOUL"


@pytest.mark.parametrize("kind", ["bunko-night", "round-robin", "bracket", "league"])
def test_a_tournament_tv_fits_the_screen(page: Page, kind: str) -> None:
    night = next(n for n in tv_scenes.nights(page.context.request) if n.name == kind)
    page.goto(night.url)
    page.wait_for_load_state()
    problems = []
    for size, (width, height) in tv_scenes.TV_SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        problems += [f"{size}: {m}" for m in misfits(page)]
    assert not problems, "\n".join(problems)
