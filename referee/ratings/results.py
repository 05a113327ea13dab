"""A finished match's finishing order of its sides, for every game. Pure.

``finish(game, state)`` reads the game's own final board (``Game.view``), never a
second copy of its rules:

- The sides are the teams when the match has teams (partnerships, bunko's pairs),
  else each player (``boards.side_names``).
- The winners come first: the board's ``detail["winners"]`` when the game names
  several (a tie at golf or bowling cards), else its ``winner`` when that is a side.
- The others follow by their board score, highest first, or lowest first for a game
  whose board says ``lowest_wins`` (golf, basketball); equal scores share a place.
  Where the scores do not agree with the winner named (a side that scores more than
  the winner), they do not say who finished where: all but the winners share the
  next place.
- A finished board naming no winner and no scores that rank is a draw: one place.

- A game that declares how a result is scored (``Game.result_score``: darts 301's
  legs won, its board score being the points left) is ranked by that, as a
  tournament's result is; ``Game.lower_wins`` turns the order round.

Not rated (``finish`` gives a reason instead): a match not over, and a match with
fewer than two sides (bowling solitaire, a darts practice match of one).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from numbers import Real

from referee.games.base import Game
from referee.games.boards import side_names
from referee.games.outcomes import JSON


@dataclass(frozen=True)
class Finish:
    """The sides (names of their players, in seat order) and each side's place;
    ``names`` are the sides' names on the board (a team's, or its player's)."""

    sides: tuple[tuple[str, ...], ...]
    places: tuple[int, ...]
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unrated:
    """Why a match is not rated."""

    reason: str


NOT_OVER = Unrated("The match is not over.")
ALONE = Unrated("A game of one side has nobody to be rated against.")


def finish(game: Game, state: JSON) -> Finish | Unrated:
    """The sides of a finished match and their places (1 first, ties shared)."""
    view = game.view(state)
    if not view["over"]:
        return NOT_OVER
    players = list(state.get("players") or [])
    teams = state.get("teams") or []
    names = side_names({**state, "players": players})
    if len(names) < 2:
        return ALONE
    if teams:
        members = {t["name"]: tuple(t["players"]) for t in teams}
        sides = tuple(members[n] for n in names)
    else:
        sides = tuple((n,) for n in names)
    scores = _scores(view, names)
    if game.result_score is not None:  # the game's own result score (darts: legs)
        scores = [float(v) for v in game.result_score(view)]
    lowest = game.lower_wins or bool(view["detail"].get("lowest_wins"))
    winners = _winners(view, names, scores, lowest)
    return Finish(sides, places(names, winners, scores, lowest), tuple(names))


def _scores(view: JSON, names: list[str]) -> list[float] | None:
    """Each side's board score, in side order; None unless every side has one."""
    by_name = {s.get("name"): s.get("score") for s in view["sides"]}
    scores = [by_name.get(n) for n in names]
    if all(isinstance(s, Real) and not isinstance(s, bool) for s in scores):
        return [float(s) for s in scores]  # type: ignore[arg-type]
    return None


def _winners(
    view: JSON, names: list[str], scores: list[float] | None, lowest: bool
) -> set[str]:
    """The sides named as winners (several on a tie), or none on a draw."""
    named = view["detail"].get("winners")
    if isinstance(named, list) and named and set(named) <= set(names):
        return set(named)
    winner = view["winner"]
    if winner in names:
        return {winner}
    if winner is not None and scores is not None:
        # A tie named in words ("Ann & Bob"): the sides with the best score.
        best = min(scores) if lowest else max(scores)
        return {n for n, s in zip(names, scores, strict=True) if s == best}
    return set()


def places(
    names: Sequence[str],
    winners: set[str],
    scores: Sequence[float] | None,
    lowest: bool = False,
) -> tuple[int, ...]:
    """Places (1 first, standard competition ranking: 1, 2, 2, 4) for the sides.

    Winners share first; the others are ranked by score when the scores agree with
    the winners (none of them beats a winner), else they share the next place.
    """
    if not winners:
        if scores is None:
            return tuple(1 for _ in names)
        return _ranked(scores, lowest)
    rest = [i for i, n in enumerate(names) if n not in winners]
    out = [1] * len(names)
    if not rest:
        return tuple(out)
    sign = 1.0 if lowest else -1.0
    if scores is not None:
        worst_winner = max(
            sign * scores[i] for i, n in enumerate(names) if n in winners
        )
        if all(sign * scores[i] >= worst_winner for i in rest):
            ranked = _ranked([scores[i] for i in rest], lowest)
            for i, place in zip(rest, ranked, strict=True):
                out[i] = len(winners) + place
            return tuple(out)
    for i in rest:
        out[i] = len(winners) + 1
    return tuple(out)


def _ranked(scores: Sequence[float], lowest: bool) -> tuple[int, ...]:
    """Standard competition places by score (equal scores share a place)."""
    sign = 1.0 if lowest else -1.0
    keyed = [sign * s for s in scores]
    return tuple(1 + sum(1 for other in keyed if other < mine) for mine in keyed)
