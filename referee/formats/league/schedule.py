"""A league season's weeks: who plays whom at home, on which date (pure).

Who meets whom each week is the round robin's circle method
(``round_robin.schedule``) over the team numbers: a bye is added to an odd count,
and the team drawn against it sits the week out. Home and away:

* an even count keeps the circle method's seats, which alternate so that each
  team's home and away games differ by one at most;
* an odd count orients each meeting by the rotation rule instead: team ``i`` is at
  home to team ``j`` when ``(j - i) mod n`` is at most ``(n - 1) / 2``, so that every
  team is at home exactly as often as away (the circle method's seats can differ by
  two there);
* a double round robin plays the same weeks again with home and away swapped, so
  every team is at home exactly as often as away.

Dates: week ``w`` is played on the ``w``-th date of ``start``, ``start + every``,
``start + 2 every``..., passing over the dates in ``skip``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee.formats.round_robin import schedule as circle
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import only_fields

MOST_EVERY = 28  # days between league nights, at most (four weeks)
MOST_SKIPS = 60  # dates passed over, at most
EXAMPLE = (
    '"schedule": {"start": "2026-09-07", "every_days": 7, "time": "19:30", '
    '"skip": ["2026-12-21"]}'
)


def weeks(teams: int, meetings: int = 1) -> list[JSON]:
    """Every week: ``{"number", "fixtures": [(home, away)...], "bye": team|None}``,
    teams numbered from 1."""
    numbers = list(range(1, teams + 1))
    rounds = circle(numbers, 1)
    odd = teams % 2 == 1
    out = []
    for w, couples in enumerate(rounds, start=1):
        pairs = []
        bye = None
        for a, b in couples:
            if a is None or b is None:
                bye = a or b
                continue
            pairs.append(_oriented(a, b, teams) if odd else (a, b))
        out.append({"number": w, "fixtures": pairs, "bye": bye})
    if meetings == 2:
        first = len(out)
        out += [
            {
                "number": first + w["number"],
                "fixtures": [(b, a) for a, b in w["fixtures"]],
                "bye": w["bye"],
            }
            for w in list(out)
        ]
    return out


def _oriented(a: int, b: int, n: int) -> tuple[int, int]:
    """(home, away) of a meeting in an odd count, by the rotation rule."""
    return (a, b) if (b - a) % n <= (n - 1) // 2 else (b, a)


def dates(plan: Mapping[str, Any], count: int) -> list[str]:
    """The first ``count`` league nights of a parsed schedule, ISO dates."""
    day = dt.date.fromisoformat(plan["start"])
    step = dt.timedelta(days=int(plan["every_days"]))
    skip = set(plan.get("skip") or ())
    out: list[str] = []
    while len(out) < count:
        if day.isoformat() not in skip:
            out.append(day.isoformat())
        day += step
    return out


def parse_date(raw: Any, field: str) -> str:
    """An ISO date ``YYYY-MM-DD``; ``BadInput`` naming ``field`` otherwise."""
    if isinstance(raw, str):
        try:
            if len(raw.strip()) == 10:
                return dt.date.fromisoformat(raw.strip()).isoformat()
        except ValueError:
            pass
    raise BadInput(
        f"'{field}' is a date as YYYY-MM-DD, e.g. \"2026-09-07\".",
        field=field,
        example='"2026-09-07"',
    )


def parse_time(raw: Any, field: str = "schedule.time") -> str:
    """A time of day ``HH:MM`` (24 hours)."""
    if isinstance(raw, str):
        parts = raw.strip().split(":")
        if len(parts) == 2 and all(p.isdigit() and len(p) == 2 for p in parts):
            hours, minutes = int(parts[0]), int(parts[1])
            if hours < 24 and minutes < 60:
                return f"{hours:02d}:{minutes:02d}"
    raise BadInput(
        f"'{field}' is a time of day as HH:MM (24 hours), e.g. \"19:30\".",
        field=field,
        example='"19:30"',
    )


def parse(raw: Any) -> JSON:
    """``{"start", "every_days", "time", "skip"}`` checked; ``BadInput`` if wrong."""
    if not isinstance(raw, Mapping):
        raise BadInput(
            "'schedule' says when the weeks are played: the first date, the days "
            "between league nights, the time, and dates to pass over.",
            field="schedule",
            example=EXAMPLE,
        )
    fields = ("start", "every_days", "time", "skip")
    only_fields(raw, fields, "the schedule", where="schedule", example=EXAMPLE)
    start = parse_date(raw.get("start"), "schedule.start")
    every = raw.get("every_days", 7)
    if (
        isinstance(every, bool)
        or not isinstance(every, int)
        or not 1 <= every <= MOST_EVERY
    ):
        raise BadInput(
            f"'schedule.every_days' is the days from one league night to the next, "
            f"1 to {MOST_EVERY}.",
            field="schedule.every_days",
            example='"every_days": 7',
        )
    time = parse_time(raw.get("time", "19:30"))
    skip_raw = raw.get("skip") or []
    if isinstance(skip_raw, str) or not isinstance(skip_raw, Sequence):
        raise BadInput(
            "'schedule.skip' is a list of dates to pass over.",
            field="schedule.skip",
            example='"skip": ["2026-12-21", "2026-12-28"]',
        )
    if len(skip_raw) > MOST_SKIPS:
        raise BadInput(
            f"'schedule.skip' holds at most {MOST_SKIPS} dates; {len(skip_raw)} given.",
            field="schedule.skip",
            example='"skip": ["2026-12-21"]',
        )
    skip = sorted({parse_date(d, "schedule.skip") for d in skip_raw})
    first = dt.date.fromisoformat(start)
    for d in skip:
        gap = (dt.date.fromisoformat(d) - first).days
        if gap < 0 or gap % every:
            before = first + dt.timedelta(days=max(0, gap // every * every))
            raise BadInput(
                f"{d} is not a league night, so there is nothing to pass over "
                f"(nights fall every {every} days from {start}, e.g. "
                f"{before.isoformat()}).",
                field="schedule.skip",
                example=f'"skip": ["{before.isoformat()}"]',
            )
    return {"start": start, "every_days": every, "time": time, "skip": skip}
