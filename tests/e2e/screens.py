"""A match put in a documented state through the JSON API, looked at on a phone.

Shared by the registry-wide page tests (first screen, refusal wording, history) and
``bench/taps.py``. The states are every game's documented examples: the match a
kind's example starts from (its players, options and setup events), then the
example event itself, so "after every kind of entry" is every example of every kind.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import APIRequestContext
from playwright.sync_api import Locator
from playwright.sync_api import Page

from referee import games
from referee.games.base import Example
from referee.games.base import Game
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused

# The smallest phone in common use and a mid-size one, upright.
SIZES: dict[str, tuple[int, int]] = {"360x640": (360, 640), "390x844": (390, 844)}
THEMES = ("light", "dark")


@dataclass(frozen=True)
class State:
    """One documented state of a game: the setup, then (maybe) the example event."""

    game: str
    label: str
    players: tuple[str, ...]
    options: dict[str, Any]
    events: tuple[dict[str, Any], ...]


def _accepted(game: Game, example: Example, events: tuple[dict[str, Any], ...]) -> bool:
    """Whether the engine takes every event (a refusal's example is not a state)."""
    try:
        state = game.start(game.new_setup(example.players, example.options))
        for event in events:
            state = game.step(state, event).state
    except (BadInput, Refused):
        return False
    return True


def states(game_id: str) -> Iterator[State]:
    """The fresh match, then every accepted example of every kind of ``game_id``."""
    game = games.registry()[game_id]
    first = next(e for kind in game.events for e in kind.examples)
    yield State(game_id, "start", first.players, dict(first.options), ())
    for kind in game.events:
        for i, example in enumerate(kind.examples):
            events = (*example.setup, example.event)
            if _accepted(game, example, events):
                yield State(
                    game_id,
                    f"{kind.type}#{i}",
                    example.players,
                    dict(example.options),
                    events,
                )


def create(request: APIRequestContext, state: State) -> tuple[str, str]:
    """Create the match of ``state`` and post its events: (match id, edit key)."""
    made = request.post(
        "/api/v1/matches",
        data=json.dumps(
            {
                "game": state.game,
                "players": list(state.players),
                "options": state.options,
            }
        ),
        headers={"Content-Type": "application/json"},
    )
    assert made.status == 201, made.text()
    body = made.json()
    match_id, key = body["id"], body["edit_key"]
    for event in state.events:
        sent = request.post(
            f"/api/v1/matches/{match_id}/events",
            data=json.dumps({"event": event}),
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {key}",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        )
        assert sent.status in (200, 201), (state.label, event, sent.text())
    return match_id, key


def open_as_scorer(page: Page, state: State) -> str:
    """Put ``state`` on a fresh match and open its page as the scorer: its URL."""
    match_id, key = create(page.context.request, state)
    page.goto(f"/m/{match_id}/join/{key}")
    page.wait_for_load_state()
    return page.url


def look(page: Page, size: str, theme: str) -> None:
    """Show the page at one of SIZES in one of THEMES, scrolled to the top."""
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=theme)  # type: ignore[arg-type]
    page.evaluate("window.scrollTo(0, 0)")


# The first thing a thumb can use in the entry block.
CONTROLS = "button, input:not([type=hidden]), select, textarea, summary, label.chip, a"


def next_input(page: Page) -> tuple[Locator, bool] | None:
    """The input the prompt asks for, and whether all of it must show.

    The game's input template marks it ``data-next`` (``data-next="whole"`` when
    the whole of it must be on the first screen, as the darts pad); unmarked, it is
    the first visible control of the entry block. None when there is no entry.
    """
    entry = page.locator("#entry")
    if not entry.count():
        return None
    marked = entry.locator("[data-next]:visible")
    if marked.count():
        first = marked.first
        return first, first.get_attribute("data-next") == "whole"
    controls = entry.locator(f":is({CONTROLS}):visible")
    if not controls.count():
        return None
    return controls.first, False


def below_first_screen(page: Page) -> str | None:
    """Why the next input is not on the first screen, or None when it is."""
    found = next_input(page)
    if found is None:
        return None
    target, whole = found
    box = target.bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    if box is None:
        return "the next input has no box"
    # All of a "whole" input; else its first control, entirely.
    bottom = box["y"] + box["height"]
    if box["y"] < 0 or bottom > height:
        what = "all of the input" if whole else "its first control"
        return f"{what} spans y={box['y']:.0f}..{bottom:.0f} on a {height} px screen"
    return None
