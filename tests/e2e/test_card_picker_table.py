"""Issue 26: the card picker knows the table, over every card game of the registry.

On each card game's deadwood-free page that has a picker (a fresh match's entry, or
the first documented state that shows one): the pad offers exactly the pack's ranks
and suits (a joker only where the match's pack has one), every target is at least
44 px each way, a card the page says is shown is disabled with the reason in its
name, and after a refused card a one-card picker starts empty and takes new taps.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from playwright.sync_api import Page
from playwright.sync_api import Route
from playwright.sync_api import expect

from referee import games
from referee.games import cards
from tests.e2e import screens

pytestmark = [pytest.mark.e2e, pytest.mark.table]

CARD_GAMES = [g for g, game in games.registry().items() if game.deck]
MIN_TAP_PX = 44


def _first_picker(page: Page, game_id: str) -> bool:
    """Open the first state of ``game_id`` whose entry has a picker on it."""
    for state in screens.states(game_id):
        screens.open_as_scorer(page, state)
        if page.locator("#entry .card-picker:visible").count():
            return True
    return False


def _offered(page: Page) -> tuple[set[str], set[str], bool]:
    """The ranks, suits and joker the first picker's pad offers, read off its
    buttons' names ("queen of spades", "rank queen", "spades")."""
    pad = page.locator("#entry .card-picker:visible").first
    names = [
        b.get_attribute("aria-label") or b.inner_text()
        for b in pad.locator(".picker-pad button").all()
    ]
    ranks, suits = set(), set()
    words = {"ace": "A", "jack": "J", "queen": "Q", "king": "K"}
    for name in names:
        if m := re.match(r"(\w+) of (\w+)", name):
            ranks.add(words.get(m[1], m[1]))
            suits.add(m[2])
        elif m := re.match(r"rank (\w+)", name):
            ranks.add(words.get(m[1], m[1]))
        elif name in cards.SUIT_NAMES.values():
            suits.add(name)
        elif m := re.match(r"card (\d)", name):
            ranks.add(m[1])
    # a pad of one suit at a time names its ranks in the suit chosen: every suit
    for suit in list(suits):
        chooser = pad.locator(".picker-suits").get_by_role(
            "button", name=suit, exact=True
        )
        if not chooser.count():
            break  # every card is on the pad already
        chooser.click()
        for b in pad.locator(".picker-ranks button").all():
            if m := re.match(r"(\w+) of", b.get_attribute("aria-label") or ""):
                ranks.add(words.get(m[1], m[1]))
    return ranks, suits, any(n.startswith("joker") for n in names)


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_the_picker_offers_the_pack_in_44_px_targets(page: Page, game_id: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    if not _first_picker(page, game_id):
        pytest.skip(f"{game_id}: no documented state shows a card picker")
    # The picker's own pack (the match's: Game.deck_of its options, or the layout's)
    copies = json.loads(
        page.locator("#entry .card-picker:visible").first.get_attribute("data-copies")
        or "{}"
    )
    pack = cards.Deck("picker", "", copies)
    game = games.registry()[game_id]
    if game.pack is not None:  # five card draw: jokers only with the wild option
        assert copies == dict(cards.DECKS[game.deck_of({})].copies)
    ranks, suits, joker = _offered(page)
    want_ranks = {cards.rank(c) for c in pack.copies if c != cards.JOKER}
    want_suits = {
        cards.SUIT_NAMES[cards.suit(c)]
        for c in pack.copies
        if c != cards.JOKER and not c.isdigit()
    }
    assert ranks == want_ranks
    assert suits == want_suits
    assert joker == (cards.JOKER in pack.copies)
    small = [
        (b.get_attribute("aria-label") or b.inner_text(), box)
        for b in page.locator("#entry .card-picker button:visible").all()
        if (box := b.bounding_box())
        and min(box["width"], box["height"]) < MIN_TAP_PX - 0.5
    ]
    assert not small, small


def test_a_shown_card_is_disabled_saying_why(page: Page) -> None:
    """The contract other games use: ``{% set shown = [...] %}`` before the picker
    puts the cards in ``data-shown``; here the page is served with four aces of
    spades shown, all a pinochle pack has."""

    def with_shown(route: Route) -> None:
        body = route.fetch().text()
        shown = html.escape(json.dumps(["AS"] * 4))
        route.fulfill(body=body.replace('data-shown="[]"', f'data-shown="{shown}"'))

    page.route("**/tools/pinochle/meld", with_shown)
    page.goto("/tools/pinochle/meld")
    expect(
        page.get_by_role("button", name="ace of spades: already shown")
    ).to_be_disabled()
    expect(page.get_by_role("button", name="ace of hearts", exact=True)).to_be_enabled()


def test_after_a_refused_card_the_one_card_picker_takes_new_taps(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    for state in screens.states("poker-midnight-baseball"):
        screens.open_as_scorer(page, state)
        one = page.locator('#entry .card-picker[data-most="1"]:visible')
        if one.count():
            break
    else:
        pytest.skip("no one-card picker in midnight baseball's documented states")
    box = one.first
    field = box.get_by_role("textbox")
    field.fill("ZZ")  # refused at once: not a card
    expect(box.locator("[data-msg]")).to_contain_text("'ZZ' is not a card")
    if box.get_by_role("button", name="spades", exact=True).count():
        box.get_by_role("button", name="spades", exact=True).tap()
    box.get_by_role("button", name="5 of spades", exact=True).tap()
    expect(field).to_have_value("5S")
    # a second card replaces the first: a one-card picker never ignores a tap
    box.get_by_role("button", name="6 of spades", exact=True).tap()
    expect(field).to_have_value("6S")
