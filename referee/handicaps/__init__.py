"""Handicaps from ratings: what a match, a tournament's or a league's, starts with.

``tables`` (pure) holds the published tables, ``suggest`` (pure) turns two sides'
ratings into match options and a note; this module reads the ratings of the profiles
the names are (``profiles.by_name``, ``ratings.current``) and is what the pages, the
API and the league service call. See docs/handicaps.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee import profiles
from referee import ratings
from referee.handicaps.suggest import DARTS_WAYS
from referee.handicaps.suggest import GAMES
from referee.handicaps.suggest import HANDICAP_OPTIONS
from referee.handicaps.suggest import Suggestion
from referee.handicaps.suggest import suggest
from referee.handicaps.tables import Side

__all__ = [
    "DARTS_WAYS",
    "GAMES",
    "HANDICAP_OPTIONS",
    "Side",
    "Suggestion",
    "for_match",
    "seeding_ratings",
    "sides_of",
    "suggestion",
]


def sides_of(game: str, names: Sequence[str]) -> list[Side | None]:
    """Each name's rating at ``game`` (None: no profile has that name)."""
    found = [profiles.by_name(n) for n in names]
    ids = [p.id for p in found if p is not None]
    rated = ratings.current(ids, game) if ids else {}
    out: list[Side | None] = []
    for name, player in zip(names, found, strict=True):
        if player is None:
            out.append(None)
            continue
        rating = rated[str(player.id)]
        out.append(Side(name, rating.mu, rating.matches))
    return out


def seeding_ratings(
    game: str, names: Sequence[str], typed: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Ratings for seeding by rating: each typed rating as typed (typed ratings
    always win), every other name's stored rating at ``game`` as its profile shows
    it (the ordinal, mu - 3 sigma; 0 for a name no profile has or one never rated).
    """
    given = dict(typed or {})
    folded = {" ".join(str(k).split()).casefold() for k in given}
    missing = [n for n in names if n.casefold() not in folded]
    found = [profiles.by_name(n) for n in missing]
    rated = ratings.current([p.id for p in found if p is not None], game)
    for name, player in zip(missing, found, strict=True):
        rating = ratings.NEW if player is None else rated[str(player.id)]
        given[name] = round(rating.ordinal, 2)
    return given


def suggestion(
    game: str,
    options: Mapping[str, Any],
    players: Sequence[str],
    *,
    darts: str = "start",
) -> Suggestion:
    """The handicap for these players from their stored ratings (see ``suggest``)."""
    names = list(players)
    sides = sides_of(game, names) if len(names) == 2 and game in GAMES else []
    return suggest(game, options, names, sides, darts=darts)


def for_match(
    game: str, options: Mapping[str, Any], players: Sequence[str]
) -> tuple[dict[str, Any], str]:
    """The match options with the ratings' handicap applied, and the note for the
    players ("Ann races to 5, Bob to 3 (rating gap 7.2; ...)"). The league service
    calls it for a season with ``handicap: ratings``; options without a table (other
    games, more than two players, no established ratings) come back unchanged."""
    found = suggestion(game, options, players)
    return found.options, found.note
