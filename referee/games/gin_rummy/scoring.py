"""Gin rummy scoring: the presets, one hand's score and the game's settlement."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rulebook import cite

# Rule ids cited by the engine, from its rulebook handle (checked at import).
CITE = cite("gin-rummy")
CARD_VALUES = CITE("card-values")
DEAL = CITE("deal")
SETS = CITE("sets")
DEADWOOD = CITE("deadwood")
FIRST_TURN = CITE("first-turn")
TURN = CITE("turn")
KNOCK = CITE("knock")
GIN = CITE("gin")
SPREAD = CITE("spread")
LAY_OFF = CITE("lay-off")
KNOCK_SCORE = CITE("knock-score")
UNDERCUT = CITE("undercut")
BIG_GIN = CITE("big-gin")
CANCELLED = CITE("cancelled-hand")
GAME = CITE("game")
GAME_BONUS_RULE = CITE("game-bonus")
LINE_BONUS_RULE = CITE("line-bonus")
SETTLEMENT = CITE("settlement")
PRESET = CITE("preset")

GAME_BONUS = 100
SHUTOUT_BONUS = 200  # the game bonus when the loser scored nothing all game
LINE_BONUS = 20  # per hand won, added at the end
TARGET = 100


@dataclass(frozen=True)
class Values:
    """A preset's bonuses; ``big_gin_bonus`` is None where big gin is not played."""

    gin_bonus: int
    undercut_bonus: int
    big_gin_bonus: int | None

    def to_json(self) -> dict[str, int | None]:
        return {
            "gin_bonus": self.gin_bonus,
            "undercut_bonus": self.undercut_bonus,
            "big_gin_bonus": self.big_gin_bonus,
            "game_bonus": GAME_BONUS,
            "shutout_bonus": SHUTOUT_BONUS,
            "line_bonus": LINE_BONUS,
        }


PRESETS: dict[str, Values] = {
    "standard": Values(gin_bonus=20, undercut_bonus=10, big_gin_bonus=None),
    "common": Values(gin_bonus=25, undercut_bonus=25, big_gin_bonus=31),
}


@dataclass(frozen=True)
class HandScore:
    """Who scores a hand and how much: ``points = base + bonus``."""

    result: str  # "knock", "undercut", "gin" or "big-gin"
    winner: int  # the seat that scores
    base: int  # the difference of the counts, or the opponent's count after gin
    bonus: int
    rules: tuple[str, ...]

    @property
    def points(self) -> int:
        return self.base + self.bonus


def score_hand(
    knocker: int,
    knocker_count: int,
    opponent_count: int,
    values: Values,
    *,
    big_gin: bool = False,
) -> HandScore:
    """Score a knock from the two counts (the opponent's after any lay-offs)."""
    opponent = 1 - knocker
    if big_gin:
        if values.big_gin_bonus is None:
            raise ValueError("big gin is not played with these values")
        return HandScore(
            "big-gin", knocker, opponent_count, values.big_gin_bonus, (BIG_GIN, GIN)
        )
    if knocker_count == 0:
        # gin is never undercut, not even when the opponent has nothing left
        return HandScore("gin", knocker, opponent_count, values.gin_bonus, (GIN, KNOCK))
    # A scored knock was a legal one: ten or less in unmatched cards (deadwood).
    if knocker_count < opponent_count:
        return HandScore(
            "knock",
            knocker,
            opponent_count - knocker_count,
            0,
            (KNOCK_SCORE, KNOCK, DEADWOOD),
        )
    return HandScore(
        "undercut",
        opponent,
        knocker_count - opponent_count,
        values.undercut_bonus,
        (UNDERCUT, KNOCK, DEADWOOD),
    )


@dataclass(frozen=True)
class Settlement:
    """The end of a game: bonuses, final totals and who pays whom."""

    winner: int
    points: tuple[int, int]  # hand points, the ones that count toward the target
    game_bonus: int
    shutout: bool
    line_bonus: tuple[int, int]
    totals: tuple[int, int]
    payer: int | None  # None when the totals are equal
    amount: int


def settle(points: Sequence[int], hands_won: Sequence[int], winner: int) -> Settlement:
    """Add the game bonus and the line bonuses; the lower total pays the difference."""
    loser = 1 - winner
    shutout = points[loser] == 0
    game_bonus = SHUTOUT_BONUS if shutout else GAME_BONUS
    line = (LINE_BONUS * hands_won[0], LINE_BONUS * hands_won[1])
    totals = [points[0] + line[0], points[1] + line[1]]
    totals[winner] += game_bonus
    payer = None if totals[0] == totals[1] else (0 if totals[0] < totals[1] else 1)
    return Settlement(
        winner=winner,
        points=(points[0], points[1]),
        game_bonus=game_bonus,
        shutout=shutout,
        line_bonus=line,
        totals=(totals[0], totals[1]),
        payer=payer,
        amount=abs(totals[0] - totals[1]),
    )
