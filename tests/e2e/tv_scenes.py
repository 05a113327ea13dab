"""The boards the TV tests, the screenshots and the audits look at, built through the
JSON API on a served app.

Shared by ``tests/e2e/test_tv_screens.py`` (no scroll, no log rows, darts' points left
a fifth of the screen), ``scripts/screenshots.py`` (docs/img) and ``scripts/audits.py``
(axe-core and Lighthouse). A game's scene is its longest documented state that is not
over (tests/e2e/screens.py); darts gets a night at the oche of its own. Each is played
as a scorer would, with an undo on the way, so the log holds an undone row.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import APIRequestContext

from referee import games
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from tests.e2e import league_scenes
from tests.e2e import screens

# A 1080p and a 720p TV, and the smallest phone in common use (the gallery's).
TV_SIZES: dict[str, tuple[int, int]] = {"1920": (1920, 1080), "1280": (1280, 720)}
PHONE_SIZE = {"width": 360, "height": 640}

# What a TV of a match shows that a TV must not: the log's rows.
LOG_ROWS = ".log li, [data-live] li.voided"


@dataclass(frozen=True)
class Scene:
    """One match to look at: its file name's stem and its state."""

    name: str  # tv-<name>-1920.png, phone-<name>.png
    state: screens.State


def _round(*darts: str) -> dict[str, Any]:
    return {"type": "round", "darts": list(darts)}


def darts_night(players: tuple[str, ...], legs: int) -> screens.State:
    """301 with a leg won by each starter in turn (180, then T20 T15 D8 after the
    others' 15s), then a leg under way: the starter's 180, the others' 78s, and the
    starter on 121 with one dart thrown (61 left: the route and the round show)."""
    events: list[dict[str, Any]] = []
    n = len(players)
    for _ in range(min(n, legs - 1)):  # the engine rotates the leg's starter
        events += [_round("T20", "T20", "T20")] + [_round("S5", "S5", "S5")] * (n - 1)
        events.append(_round("T20", "T15", "D8"))
    events += [_round("T20", "T20", "T20")] + [_round("S20", "T19", "S1")] * (n - 1)
    events.append({"type": "dart", "dart": "T20"})
    return screens.State(
        "darts-301", "a night at the oche", players, {"legs": legs}, tuple(events)
    )


def _over(state: screens.State) -> bool:
    game = games.registry()[state.game]
    try:
        s = game.start(game.new_setup(list(state.players), state.options))
        for event in state.events:
            s = game.step(s, event).state
    except (BadInput, Refused):
        return True
    return bool(game.view(s)["over"])


def game_state(game_id: str) -> screens.State:
    """The game's longest documented state that is not over."""
    going = [s for s in screens.states(game_id) if not _over(s)]
    return max(going, key=lambda s: len(s.events))


def scenes() -> Iterator[Scene]:
    """Every game's scene (named after the game), then darts with eight players."""
    for game_id in games.registry():
        if game_id == "darts-301":
            yield Scene(game_id, darts_night(("Ann", "Bob"), 3))
        else:
            yield Scene(game_id, game_state(game_id))
    eight = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
    yield Scene("darts-301-eight", darts_night(eight, 1))


def _post(request: APIRequestContext, url: str, key: str, body: Any) -> Any:
    sent = request.post(
        url,
        data=json.dumps(body),
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {key}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )
    assert sent.status in (200, 201), (url, body, sent.text())
    return sent.json()


def play(request: APIRequestContext, state: screens.State) -> tuple[str, str]:
    """Create the match of ``state`` and play it, undoing the last event once and
    entering it again (the log's undone row): (match id, edit key)."""
    *before, last = state.events or (None,)
    first = screens.State(**{**vars(state), "events": tuple(before)})
    match_id, key = screens.create(request, first)
    if last is not None:
        url = f"/api/v1/matches/{match_id}"
        _post(request, f"{url}/events", key, {"event": last})
        _post(request, f"{url}/undo", key, {})
        _post(request, f"{url}/events", key, {"event": last})
    return match_id, key


# --- tournaments ------------------------------------------------------------------

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


@dataclass(frozen=True)
class Night:
    """A tournament's TV page: its name (tv-<name>-1920.png) and address."""

    name: str
    url: str


def _tournament(request: APIRequestContext, body: dict[str, Any]) -> Any:
    made = request.post(
        "/api/v1/tournaments",
        data=json.dumps(body),
        headers={"Content-Type": "application/json"},
    )
    assert made.status == 201, made.text()
    return made.json()


def nights(request: APIRequestContext) -> list[Night]:
    """A bunko night of 12, a round robin of darts with a dart at
    a board, a double elimination's bracket and a pool league's night (eight teams,
    tonight under way: tests/e2e/league_scenes.py): their TV pages."""
    bunko = _tournament(request, {"players": [*PLAYERS, "Ivy", "Jo", "Kit", "Lou"]})
    robin = _tournament(
        request,
        {"kind": "round-robin", "game": "darts-301", "players": PLAYERS[:6]}
        | {"stations": 2},
    )
    first = robin["calls"][0]
    board_key = robin["keys"]["tables"][first["station"] - 1]["key"]
    _post(
        request,
        f"/api/v1/matches/{first['match']}/events",
        board_key,
        {"event": {"type": "dart", "dart": "T20"}},
    )
    bracket = _tournament(
        request,
        {"kind": "double-elimination", "game": "darts-301", "players": PLAYERS}
        | {"stations": 2},
    )
    return [
        Night("bunko-night", f"/n/{bunko['id']}/tv"),
        Night("round-robin", f"/n/{robin['id']}/tv"),
        Night("bracket", f"/n/{bracket['id']}/bracket/tv"),
        Night("league", league_scenes.season(request, 8).tv),
    ]
