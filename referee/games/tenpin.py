"""Ten-pin scorecard: frames, spare and strike bonuses, the tenth frame's extra balls.

Pure and game-neutral: any game scored like ten-pin bowling keeps a flat list of the
pins each ball knocked down and asks this module where play stands (``position``),
what the sheet shows (``frames``) and the score so far (``total``).

A frame is one or two balls; all ten down with the first is a strike (its score adds
the next two balls), with the second a spare (adds the next ball). A strike or spare
in the tenth frame earns its bonus balls inside that frame: after a strike the rack
is set up fresh for the second ball, and again for the third if the second was a
strike too; after a spare, the third ball is at a fresh rack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

FRAMES = 10
PINS = 10
PERFECT = 300


class ScoreError(ValueError):
    """A ball count the sheet cannot hold (more pins than were standing, a ball after
    the game is over)."""


@dataclass(frozen=True)
class Position:
    """Where the next ball stands: frame 1-10, ball 1-3 within it, pins standing."""

    frame: int
    ball: int
    standing: int
    over: bool = False
    fresh_rack: bool = True  # the next ball is at ten pins set up anew


@dataclass(frozen=True)
class Frame:
    """One frame as a bowling sheet shows it."""

    number: int
    balls: tuple[int, ...]
    marks: tuple[str, ...]  # what goes in each ball box: X / - or a digit
    score: int | None  # the frame's points once its bonus balls are known
    total: int | None  # the running total, once this frame is settled
    strike: bool = False
    spare: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "balls": list(self.balls),
            "marks": list(self.marks),
            "score": self.score,
            "total": self.total,
            "strike": self.strike,
            "spare": self.spare,
        }


def split(balls: Sequence[int]) -> list[list[int]]:
    """The balls grouped into frames; ``ScoreError`` for an impossible sequence."""
    frames: list[list[int]] = []
    current: list[int] = []
    for i, pins in enumerate(balls):
        if isinstance(pins, bool) or not isinstance(pins, int) or pins < 0:
            raise ScoreError(f"Ball {i + 1}: a ball knocks down 0 to 10 pins.")
        if len(frames) == FRAMES:
            raise ScoreError(f"Ball {i + 1}: the game is over after ten frames.")
        standing = _standing(current, len(frames) + 1)
        if pins > standing:
            raise ScoreError(
                f"Ball {i + 1}: {pins} pins down, but only {standing} were standing."
            )
        current.append(pins)
        if _frame_done(current, len(frames) + 1):
            frames.append(current)
            current = []
    if current:
        frames.append(current)
    return frames


def position(balls: Sequence[int]) -> Position:
    """Where the next ball is bowled (``over`` once the tenth frame is complete)."""
    frames = split(balls)
    if not frames:
        return Position(1, 1, PINS)
    last = frames[-1]
    number = len(frames)
    if _frame_done(last, number):
        if number == FRAMES:
            return Position(FRAMES, len(last), 0, over=True, fresh_rack=False)
        return Position(number + 1, 1, PINS)
    fresh = number == FRAMES and _cleared(last)
    return Position(number, len(last) + 1, _standing(last, number), fresh_rack=fresh)


def frames(balls: Sequence[int]) -> list[Frame]:
    """The sheet: every frame bowled so far, scored as far as the balls allow."""
    grouped = split(balls)
    out: list[Frame] = []
    running = 0
    settled = True
    flat = list(balls)
    start = 0
    for number, frame in enumerate(grouped, 1):
        strike = frame[0] == PINS
        spare = not strike and len(frame) > 1 and frame[0] + frame[1] == PINS
        need = 2 if strike else 1 if spare else 0
        if number == FRAMES:
            # the bonus balls belong to the tenth frame: its score is all its pins
            score = sum(frame) if _frame_done(frame, number) else None
        else:
            after = flat[start + len(frame) : start + len(frame) + need]
            complete = len(frame) == (1 if strike else 2)
            score = sum(frame) + sum(after) if complete and len(after) == need else None
        settled = settled and score is not None
        total = None
        if settled and score is not None:
            running += score
            total = running
        out.append(
            Frame(
                number, tuple(frame), _marks(frame, number), score, total, strike, spare
            )
        )
        start += len(frame)
    return out


def total(balls: Sequence[int]) -> int:
    """The score so far: every pin down plus the bonus balls already bowled."""
    grouped = split(balls)
    flat = list(balls)
    points = 0
    start = 0
    for number, frame in enumerate(grouped, 1):
        strike = frame[0] == PINS
        spare = not strike and len(frame) > 1 and frame[0] + frame[1] == PINS
        points += sum(frame)
        if number < FRAMES:
            need = 2 if strike else 1 if spare else 0
            points += sum(flat[start + len(frame) : start + len(frame) + need])
        start += len(frame)
    return points


def is_over(balls: Sequence[int]) -> bool:
    return position(balls).over


# --- private helpers ---------------------------------------------------------------


def _standing(frame: Sequence[int], number: int) -> int:
    """Pins standing for the next ball of this (unfinished) frame."""
    if not frame:
        return PINS
    if number < FRAMES:
        return PINS - frame[0]
    # tenth frame: a fresh rack after a strike or a spare
    if len(frame) == 1:
        return PINS if frame[0] == PINS else PINS - frame[0]
    first, second = frame[0], frame[1]
    if first == PINS:
        return PINS if second == PINS else PINS - second
    return PINS  # a spare: the bonus ball is at a fresh rack


def _cleared(frame: Sequence[int]) -> bool:
    """The tenth frame's balls so far left no pin standing (a strike or a spare)."""
    standing = PINS
    for pins in frame:
        standing -= pins
        if standing == 0:
            standing = PINS
            cleared = True
        else:
            cleared = False
    return bool(frame) and cleared


def _frame_done(frame: Sequence[int], number: int) -> bool:
    if number < FRAMES:
        return frame[0] == PINS or len(frame) == 2
    if len(frame) < 2:
        return False
    if len(frame) == 2:
        return frame[0] + frame[1] < PINS and frame[0] < PINS
    return True


def _marks(frame: Sequence[int], number: int) -> tuple[str, ...]:
    marks: list[str] = []
    standing = PINS
    fresh = True
    for pins in frame:
        if pins == PINS and fresh:
            marks.append("X")
        elif pins == standing:
            marks.append("/")
        else:
            marks.append("-" if pins == 0 else str(pins))
        standing -= pins
        fresh = standing == 0
        if fresh:
            standing = PINS  # a fresh rack (only the tenth frame bowls at one)
    return tuple(marks)
