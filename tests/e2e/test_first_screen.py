"""Issue 26: the input the prompt asks for starts on the first screen of a phone.

Every game, at 360x640 and 390x844, in the light and the dark theme, on the fresh
match and after every documented example of every kind of entry (tests/e2e/screens.py):
the first control of the next input (or all of it, for an input marked
``data-next="whole"`` such as the darts pad) is on screen without scrolling.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from referee import games
from tests.e2e import screens

pytestmark = [pytest.mark.e2e, pytest.mark.table]


@pytest.mark.parametrize("game_id", list(games.registry()))
def test_the_next_input_starts_on_the_first_screen(page: Page, game_id: str) -> None:
    misses = []
    for state in screens.states(game_id):
        screens.open_as_scorer(page, state)
        for size in screens.SIZES:
            for theme in screens.THEMES:
                screens.look(page, size, theme)
                why = screens.below_first_screen(page)
                if why:
                    misses.append(f"{state.label} at {size} {theme}: {why}")
    assert not misses, "\n".join(misses)
