"""What engines share to show a game: the board's shape, sides, seats and history.

``board`` is the common shape of ``view(state)``; ``side_names`` the sides that score;
``recent`` keeps a state's history short; the partnership helpers seat four players
in two teams. Pure, like the engines.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Protocol

from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput

# A hand-by-hand history in the state keeps its latest entries only: the rules never
# read further back, and a match of 1,000 hands would otherwise carry (and copy into
# every answer) all 1,000. The whole history is ``Game.history``, folded from the log
# when a page asks for it. Longer than any real game: a gin game to 100 takes about
# ten hands, golf and basketball at most 18 deals, bowling cards 12 frames.
HISTORY_WINDOW = 32


def recent(history: Sequence[JSON], record: JSON) -> list[JSON]:
    """``history`` with ``record`` added, keeping the latest ``HISTORY_WINDOW``.

    A state stored before the window existed (a longer list) loads as it is and is
    cut here, at its next entry.
    """
    return [*history[max(0, len(history) - HISTORY_WINDOW + 1) :], record]


class Seating(Protocol):
    """Who sits at the table: what the partnership helpers read of a ``Setup``."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def teams(self) -> tuple[tuple[str, tuple[str, ...]], ...]: ...


TEAMS_EXAMPLE = (
    '"teams": [{"name": "Reds", "players": ["Ann", "Cy"]}, '
    '{"name": "Blues", "players": ["Bob", "Di"]}]'
)


def two_partnerships(
    refusal: str, example: str = TEAMS_EXAMPLE
) -> Callable[[Seating], None]:
    """A ``check_setup`` for four players in two teams of two, seated opposite."""

    def check(setup: Seating) -> None:
        if setup.teams and len(setup.teams) != 2:
            raise BadInput(refusal, field="teams", example=example)

    return check


def partners_opposite(setup: Seating) -> tuple[list[str], list[JSON]]:
    """Four seats clockwise with partners opposite (0 and 2 against 1 and 3).

    Two teams of two sit alternately; four players as listed make the teams
    "Ann & Cy" and "Bob & Di". Returns the seats and the two teams.
    """
    if setup.teams:
        (a_name, (a1, a2)), (b_name, (b1, b2)) = setup.teams
        seats = [a1, b1, a2, b2]
    else:
        seats = list(setup.players)
        a_name = f"{seats[0]} & {seats[2]}"
        b_name = f"{seats[1]} & {seats[3]}"
    return seats, [
        {"name": a_name, "players": [seats[0], seats[2]]},
        {"name": b_name, "players": [seats[1], seats[3]]},
    ]


def side_names(state: JSON) -> list[str]:
    """Names of the sides that score (teams when there are teams, else players)."""
    teams = state.get("teams") or []
    return [t["name"] for t in teams] if teams else list(state["players"])


def board(
    *,
    sides: list[JSON],
    turn: str | None,
    expects: list[str],
    prompt: str,
    phase: str = "play",
    winner: str | None = None,
    detail: JSON | None = None,
) -> JSON:
    """The common shape of ``view(state)``: the scoreboard every page and client reads.

    ``sides`` is a list of ``{"name", "score", ...}``; ``expects`` the event types the
    game accepts now (empty when it is over); ``prompt`` one line for the player.
    """
    return {
        "sides": sides,
        "turn": turn,
        "expects": expects,
        "prompt": prompt,
        "phase": phase,
        "over": winner is not None or phase == "over",
        "winner": winner,
        "detail": detail or {},
    }
