"""Team match formats: which games a league fixture is made of, and who plays whom.

A team match is a fixed list of games. Each game names its players by their
position in the two line-ups (1 is the first name a captain sends), side 0 being
the home team's: ``Slot(home=(1,), away=(2,))`` is home player 1 against away
player 2. A side of one is a singles game; a side of two is a pair, played as a
team where the game takes teams (pinochle's and canasta's partnerships) and as
one named side, "Ann & Bob", where it does not (darts doubles: a pair shares one
score and throws in turn, which a single side of the darts engine keeps).

Each format says which games it suits (the league's game must be one of them), how
many players a line-up holds, the match options every game gets and, per game,
options of its own; the league's ``race`` (pool) or ``legs`` (darts) sets the
length. ``check_declared`` checks the declarations at import (positions inside the
line-up, nobody twice in a game); the tests make every game of every format a real
match setup through ``Game.new_setup``.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from referee.games import text
from referee.games.outcomes import JSON


@dataclass(frozen=True)
class Slot:
    """One game of a team match: the line-up positions on each side (from 1)."""

    home: tuple[int, ...]
    away: tuple[int, ...]
    options: Mapping[str, Any] = field(default_factory=dict)  # this game's own

    @property
    def size(self) -> int:
        return len(self.home)


@dataclass(frozen=True)
class TeamFormat:
    """A declared team match: its games, the game ids it suits, the line-up size."""

    id: str
    title: str
    summary: str
    games: tuple[str, ...]  # the league games it can be played at
    lineup: int  # names in each line-up
    slots: tuple[Slot, ...]
    options: Mapping[str, Any] = field(default_factory=dict)  # every game's
    length: str = ""  # "race" (pool racks) or "legs" (darts, best of N): the option

    def match_options(self, slot: Slot, league_options: Mapping[str, Any]) -> JSON:
        """The match options of one game, the league's length applied."""
        out: JSON = {**self.options, **slot.options}
        if self.length == "race":
            out["race"] = int(league_options.get("race", 3))
        elif self.length == "legs":
            # The league counts best of N legs; the darts engine, legs to win.
            out["legs"] = (int(league_options.get("legs", 3)) + 1) // 2
        return out


def _singles(count: int, shift: int = 0) -> tuple[Slot, ...]:
    """Home i against away i + shift (wrapping), i = 1..count."""
    return tuple(
        Slot(home=(i,), away=((i - 1 + shift) % count + 1,))
        for i in range(1, count + 1)
    )


def _pool(ball: str, games_count: int) -> TeamFormat:
    rotations = games_count // 5
    slots = tuple(s for r in range(rotations) for s in _singles(5, r))
    second = (
        "; then a second rotation, home i against away i + 1 (home 5 against away 1)"
        if rotations == 2
        else ""
    )
    return TeamFormat(
        id=f"pool-{ball}-{games_count}",
        title=f"Pool {ball}, {games_count} singles",
        summary=(
            f"Five players a side, {games_count} singles races at {ball}: home "
            f"player i against away player i{second}."
        ),
        games=("billiards",),
        lineup=5,
        slots=slots,
        options={"game": ball},
        length="race",
    )


_DARTS_DOUBLES = (
    *_singles(4),
    Slot(home=(1, 2), away=(1, 2)),
    Slot(home=(3, 4), away=(3, 4)),
)

FORMATS: tuple[TeamFormat, ...] = (
    _pool("8-ball", 5),
    _pool("9-ball", 5),
    _pool("8-ball", 10),
    _pool("9-ball", 10),
    TeamFormat(
        id="darts-501-singles",
        title="Darts 501, 5 singles",
        summary="Five players a side, five singles at 501: home i against away i.",
        games=("darts-301",),
        lineup=5,
        slots=_singles(5),
        options={"start": "501", "sets": 1},
        length="legs",
    ),
    TeamFormat(
        id="darts-501-singles-doubles",
        title="Darts 501, 4 singles and 2 doubles",
        summary=(
            "Four players a side: four singles at 501 (home i against away i), "
            "then two doubles at 501, players 1 and 2 against 1 and 2, 3 and 4 "
            "against 3 and 4; a pair throws in turn on one score."
        ),
        games=("darts-301",),
        lineup=4,
        slots=_DARTS_DOUBLES,
        options={"start": "501", "sets": 1},
        length="legs",
    ),
    TeamFormat(
        id="cards-pairs-2",
        title="Cards, two partnership tables",
        summary=(
            "Four players a side at two tables: home players 1 and 2 against "
            "away 1 and 2, home 3 and 4 against away 3 and 4, each pair partners."
        ),
        games=("pinochle", "canasta"),
        lineup=4,
        slots=(Slot(home=(1, 2), away=(1, 2)), Slot(home=(3, 4), away=(3, 4))),
    ),
    TeamFormat(
        id="cards-pairs-1",
        title="Cards, one partnership table",
        summary="Two players a side, partners at one table.",
        games=("pinochle", "canasta"),
        lineup=2,
        slots=(Slot(home=(1, 2), away=(1, 2)),),
    ),
)

BY_ID: dict[str, TeamFormat] = {f.id: f for f in FORMATS}
IDS: tuple[str, ...] = tuple(BY_ID)
MOST_GAMES = 20  # the most games a team match may have (the game keys' room)


def get(format_id: str) -> TeamFormat:
    """The team format with this id; ``KeyError`` for an unknown one."""
    return BY_ID[format_id]


def for_game(game_id: str) -> list[TeamFormat]:
    """The team formats a league of this game may use, in declared order."""
    return [f for f in FORMATS if game_id in f.games]


def league_games() -> tuple[str, ...]:
    """Every game some team format suits (the games a league can be played at)."""
    return tuple(dict.fromkeys(g for f in FORMATS for g in f.games))


def side_name(names: Sequence[str]) -> str:
    """A pair's name as one side of a game that takes no teams: "Ann & Bob"."""
    return text.fit(" & ".join(names), "name")


def check_declared(formats: Sequence[TeamFormat]) -> None:
    """``ValueError`` if a declaration cannot be played: a position outside the
    line-up, a player twice in one game, sides of unequal size, too many games."""
    for f in formats:
        if not 1 <= len(f.slots) <= MOST_GAMES:
            raise ValueError(f"{f.id}: 1 to {MOST_GAMES} games, not {len(f.slots)}")
        if f.length not in ("", "race", "legs"):
            raise ValueError(f"{f.id}: length {f.length!r}")
        for n, slot in enumerate(f.slots, start=1):
            for side in (slot.home, slot.away):
                if not side or any(not 1 <= p <= f.lineup for p in side):
                    raise ValueError(f"{f.id} game {n}: positions {side} not 1..")
                if len(set(side)) != len(side):
                    raise ValueError(f"{f.id} game {n}: a player twice")
            if len(slot.home) != len(slot.away):
                raise ValueError(f"{f.id} game {n}: sides of unequal size")


check_declared(FORMATS)
