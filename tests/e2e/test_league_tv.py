"""Issue 23: a league season's TV board at the venue, at 1920x1080 and 1280x720.

Tonight's fixtures (games won per side, the games in play with their racks), the
latest results and the table: nothing scrolls, every card's content is inside the
card, the type is large enough to read across a room, and the board follows the
season's stream (a rack at a table, then the away captain's confirmation) without
a reload.
"""

from __future__ import annotations

import json
import uuid

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e import league_scenes
from tests.e2e import tv_scenes
from tests.e2e.test_tv_screens import misfits

pytestmark = pytest.mark.e2e  # three boards, not a sweep: in the ordinary run

# A card, the results or the table holding more than its box shows.
INSIDE = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.ltv-card, .ltv-side, .ltv-results')) {
    if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1) {
      out.push(`${el.className} holds ${el.scrollWidth}x${el.scrollHeight} ` +
               `in ${el.clientWidth}x${el.clientHeight}`);
    }
  }
  return out;
}"""
# The smallest type of the parts a room reads: team names, scores, the table.
SMALLEST = """() => Math.min(...[...document.querySelectorAll(
  '.ltv-team, .ltv-score, .ltv-table td, .ltv-table th[scope=row]')]
  .map(el => parseFloat(getComputedStyle(el).fontSize)))"""


@pytest.mark.parametrize("teams", [8, 16])
def test_the_league_tv_fits_the_screen_in_a_type_read_across_a_room(
    page: Page, teams: int
) -> None:
    season = league_scenes.season(page.context.request, teams)
    page.goto(season.tv)
    page.wait_for_load_state()
    problems = []
    for size, (width, height) in tv_scenes.TV_SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        problems += [f"{size}: {m}" for m in misfits(page)]
        problems += [f"{size}: {m}" for m in page.evaluate(INSIDE)]
        smallest = page.evaluate(SMALLEST)
        # 2.2 % of the height: 24 px on a 1080p TV, a 6 mm letter on a 40" screen
        if smallest < 0.022 * height:
            problems.append(f"{size}: type of {smallest}px")
        cards = page.locator(".ltv-card").count()
        if cards != teams // 2:
            problems.append(f"{size}: {cards} fixtures shown, not {teams // 2}")
        rows = page.locator(".ltv-table tbody tr").count()
        if rows != teams:
            problems.append(f"{size}: {rows} teams in the table, not {teams}")
    assert not problems, "\n".join(problems)
    assert page.locator(".ltv-results li").count() == min(teams // 2, 6)


def _post(page: Page, path: str, key: str, body: dict) -> None:
    sent = page.context.request.post(
        path,
        data=json.dumps(body),
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {key}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )
    assert sent.ok, sent.text()


def test_the_league_tv_follows_a_rack_and_a_confirmation_without_a_reload(
    page: Page,
) -> None:
    request = page.context.request
    season = league_scenes.season(request, 4)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(season.tv)
    page.evaluate("window.notReloaded = true")
    view = request.get(f"/api/v1/tournaments/{season.id}").json()
    number = sorted(view["weeks"][1]["fixtures"])[1]  # the board's second card
    fixture = view["fixtures"][number - 1]
    game = next(g for g in fixture["games"] if g["live"] and not g["live"]["seq"])
    keys = season.keys
    card = page.locator(".ltv-card").nth(1)
    before = [int(x) for x in card.locator(".ltv-score").all_inner_texts()]
    home = " & ".join(game["home"])
    match = game["match"]
    scorer = keys[len(view["teams"]) + number]
    for event in [{"type": "breaker", "side": home}] + [
        {"type": "rack", "winner": home}
    ] * league_scenes.RACE:
        _post(page, f"/api/v1/matches/{match}/events", scorer, {"event": event})
    _post(page, f"/api/v1/matches/{match}/confirm", keys[fixture["away"]], {})
    h, a = before
    expect(card.locator(".ltv-score")).to_have_text(
        [str(h + 1), str(a)], timeout=10_000
    )
    assert page.evaluate("window.notReloaded") is True
