"""Seeding and stations of a pairing tournament: checked input and the seed order.

Seeding is ``given`` (the list's order is the seed order), ``drawn`` (a random
permutation made by the service and stored in the ``create`` event, so a replay seeds
the same way) or ``rating`` (highest rating first; equal ratings keep the list's
order). Stations are the boards or tables the organiser names; each has its own key.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee.games import text
from referee.games.outcomes import BadInput

SEEDINGS = ("given", "drawn", "rating")
MAX_STATIONS = 32
MAX_STATION_NAME = text.LIMITS["station"]
RATING_LIMIT = 10**6


def check_draw(draw: Sequence[Any] | None, count: int) -> list[int] | None:
    """A draw is a permutation of the entrants' indexes (``None``: no draw)."""
    if draw is None:
        return None
    if (
        isinstance(draw, str)
        or not isinstance(draw, Sequence)
        or sorted(draw) != list(range(count))
        or any(isinstance(i, bool) for i in draw)
    ):
        raise BadInput(
            f"A draw is a permutation of 0..{count - 1}.",
            field="draw",
            example=str(list(reversed(range(count)))),
        )
    return [int(i) for i in draw]


def parse_ratings(raw: Any, players: Sequence[str]) -> dict[str, float]:
    """One number per entrant, by name (``{"Ann": 1520}``) or in the list's order."""
    if isinstance(raw, Sequence) and not isinstance(raw, str):
        if len(raw) != len(players):
            raise BadInput(
                f"Give one rating per player ({len(players)}), in the list's order.",
                field="ratings",
                example="[1520, 1480]",
            )
        raw = dict(zip(players, raw, strict=True))
    if not isinstance(raw, Mapping):
        raise BadInput(
            "'ratings' maps each player to a number.",
            field="ratings",
            example='{"Ann": 1520, "Bob": 1480}',
        )
    folded = {p.casefold(): p for p in players}
    out: dict[str, float] = {}
    for name, value in raw.items():
        player = folded.get(" ".join(str(name).split()).casefold())
        if player is None:
            raise BadInput(
                f"'{name}' has a rating but is not a player here.", field="ratings"
            )
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or abs(value) >= RATING_LIMIT
        ):
            raise BadInput(
                f"{player}'s rating is not a number below a million: {value!r}.",
                field="ratings",
                example='{"Ann": 1520}',
            )
        out[player] = value
    missing = [p for p in players if p not in out]
    if missing:
        raise BadInput(
            f"{missing[0]} has no rating: with seeding by rating, every player needs "
            "one.",
            field="ratings",
        )
    return out


def seeds(
    players: Sequence[str],
    seeding: str,
    draw: Sequence[int] | None,
    ratings: Mapping[str, float] | None,
) -> list[str]:
    """The entrants in seed order, from the seeding chosen."""
    if seeding == "drawn" and draw is not None:
        return [players[i] for i in draw]
    if seeding == "rating" and ratings:
        order = sorted(range(len(players)), key=lambda i: (-ratings[players[i]], i))
        return [players[i] for i in order]
    return list(players)


def parse_stations(raw: Any, default_count: int, noun: str) -> list[str]:
    """The organiser's station names (``["Board 1", "Board 2"]``), or a default."""
    if raw is None or raw == [] or raw == "":
        return [f"{noun} {i}" for i in range(1, max(1, default_count) + 1)]
    if isinstance(raw, int) and not isinstance(raw, bool):
        if not 1 <= raw <= MAX_STATIONS:
            raise BadInput(
                f"Between 1 and {MAX_STATIONS} {noun.lower()}s.",
                field="stations",
                example="4",
            )
        return [f"{noun} {i}" for i in range(1, raw + 1)]
    if isinstance(raw, str):
        raw = [s for s in raw.replace(",", "\n").splitlines() if s.strip()]
    if not isinstance(raw, Sequence) or not raw:
        raise BadInput(
            "'stations' is a list of names (or how many).",
            field="stations",
            example='["Board 1", "Board 2", "Oche 3"]',
        )
    if len(raw) > MAX_STATIONS:
        raise BadInput(
            f"At most {MAX_STATIONS} stations; {len(raw)} given.",
            field="stations",
            example='["Board 1", "Board 2"]',
        )
    names = [text.check(s, "stations", "station") for s in raw]
    if not all(names):
        raise BadInput(
            f"A station's name is 1 to {MAX_STATION_NAME} characters.",
            field="stations",
            example='["Board 1", "Board 2"]',
        )
    if len(names) > MAX_STATIONS:
        raise BadInput(f"At most {MAX_STATIONS} stations.", field="stations")
    folded = [n.casefold() for n in names]
    if len(set(folded)) != len(folded):
        raise BadInput("Two stations have the same name.", field="stations")
    return names


def parse_teams(
    raw: Any, entrants: Sequence[str], size: int | None
) -> dict[str, list[str]] | None:
    """A team game's entrants are teams: each one's players, by the team's name.

    ``raw`` is ``{"Reds": ["Ann", "Cy"], ...}`` or ``[{"name", "players"}, ...]``;
    every entrant has one, of the game's team size, and nobody plays in two.
    """
    if not size:
        if raw not in (None, {}, []):
            raise BadInput(
                "This game is played one against one: no teams.",
                field="teams",
                example='"players": ["Ann", "Bob"]',
            )
        return None
    if isinstance(raw, Sequence) and not isinstance(raw, str):
        raw = {t.get("name"): t.get("players") for t in raw if isinstance(t, Mapping)}
    example = '"teams": {"Reds": ["Ann", "Cy"], "Blues": ["Bob", "Dee"]}'
    if not isinstance(raw, Mapping):
        raise BadInput(
            f"This game is played by teams of {size}: name each entrant's players.",
            field="teams",
            example=example,
        )
    folded = {" ".join(str(k).split()).casefold(): v for k, v in raw.items()}
    given = {" ".join(str(k).split()).casefold(): str(k) for k in raw}
    out: dict[str, list[str]] = {}
    seen: set[str] = set()
    for entrant in entrants:
        members = folded.get(entrant.casefold())
        if (
            isinstance(members, str)
            or not isinstance(members, Sequence)
            or len(members) != size
        ):
            raise BadInput(
                f"{entrant} needs {size} players.", field="teams", example=example
            )
        names = [text.check(m, "teams", "name") for m in members]
        for name in names:
            if not name or name.casefold() in seen:
                raise BadInput(
                    f"'{name}' is empty, too long or in two teams.", field="teams"
                )
            seen.add(name.casefold())
        out[entrant] = names
    extra = set(folded) - {e.casefold() for e in entrants}
    if extra:
        raise BadInput(
            f"'{given[sorted(extra)[0]]}' has players but is not an entrant here.",
            field="teams",
        )
    return out
