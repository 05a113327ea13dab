"""Ratings for every game: an OpenSkill (Plackett-Luce) rating per profile per game.

- ``model``: the rating step and a replay (pure; ``openskill`` does the maths).
- ``results``: a finished match's sides and places from the game's own board (pure).
- ``store``: the matches read as results, the tables written, the write hooks.

What the rest of Referee reads: ``current(player_ids, game)`` (handicaps, seeding),
``of_player`` and ``history`` (the profile page and API), and ``recompute`` (every
rating worked out afresh from the raw logs, without writing: the tests compare it
with what is stored). The writes: ``store.rate_finished`` runs inside a match write
that finished a match or touched a finished one (``ledger.MATCHES.after_result``),
and ``relinked`` inside a change of profile links; both rate again from the logs
whatever may have changed. ``docs/players.md`` ("Ratings") says what counts.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select

from referee.db import db
from referee.games.outcomes import JSON
from referee.models import Match
from referee.models import PlayerRating
from referee.models import RatingChange
from referee.ratings import store
from referee.ratings.model import MODEL_JSON
from referee.ratings.model import NEW as NEW
from referee.ratings.model import Rating as Rating
from referee.ratings.model import replay

__all__ = ["NEW", "Rating", "current", "history", "of_player", "recompute"]


def current(player_ids: list[str], game: str) -> dict[str, Rating]:
    """Each profile's current rating at ``game`` (``NEW``, mu 25, for one unrated).

    Every id asked for is in the answer; an id that is no profile reads as unrated.
    """
    wanted = list(dict.fromkeys(str(p) for p in player_ids))
    out = {p: NEW for p in wanted}
    if not wanted:
        return out
    for row in db.session.execute(
        select(PlayerRating).where(
            PlayerRating.game == game, PlayerRating.player_id.in_(wanted)
        )
    ).scalars():
        out[row.player_id] = Rating(row.mu, row.sigma, row.matches)
    return out


def of_player(player_id: str) -> dict[str, Rating]:
    """A profile's rating at every game it is rated at (game -> rating)."""
    rows = db.session.execute(
        select(PlayerRating)
        .where(PlayerRating.player_id == player_id)
        .order_by(PlayerRating.game)
    ).scalars()
    return {r.game: Rating(r.mu, r.sigma, r.matches) for r in rows}


def history(player_id: str, game: str | None = None) -> dict[str, list[JSON]]:
    """A profile's rated matches per game, oldest first: the rating after each."""
    query = (
        select(RatingChange, Match.title)
        .join(Match, Match.id == RatingChange.match_id)
        .where(RatingChange.player_id == player_id)
        .order_by(RatingChange.game, RatingChange.position)
    )
    if game is not None:
        query = query.where(RatingChange.game == game)
    out: dict[str, list[JSON]] = {}
    for change, title in db.session.execute(query):
        after = Rating(change.mu, change.sigma)
        before = Rating(change.mu_before, change.sigma_before)
        out.setdefault(change.game, []).append(
            {
                "match": change.match_id,
                "title": title,
                "date": store._utc(change.finished_at).date().isoformat(),
                "place": change.place,
                "sides": change.sides,
                "mu": round(after.mu, 4),
                "sigma": round(after.sigma, 4),
                "rating": round(after.ordinal, 2),
                "change": round(after.ordinal - before.ordinal, 2),
            }
        )
    return out


HISTORY_BOUND = 500  # the API's history per game: the latest 500 rated matches


def ratings_json(player_id: str, name: str) -> JSON:
    """What ``GET /api/v1/players/<id>/ratings`` answers (see docs/api.md)."""
    history_of = history(player_id)
    games_out: JSON = {}
    for game, rating in of_player(player_id).items():
        rows = history_of.get(game, [])
        games_out[game] = {**rating.to_json(), "history": rows[-HISTORY_BOUND:]}
    return {
        "id": player_id,
        "name": name,
        "model": MODEL_JSON,
        "games": games_out,
    }


def recompute(game: str | None = None) -> dict[tuple[str, str], Rating]:
    """Every rating worked out afresh from the raw logs (each finished match's log
    folded through its game's engine), in finishing order; nothing is written.

    Keys are ``(player_id, game)``; compare with ``stored(game)``.
    """
    return replay(store.results(game, fold=True)).ratings


def stored(game: str | None = None) -> dict[tuple[str, str], Rating]:
    """The stored ratings, keyed as ``recompute`` keys them."""
    query = select(PlayerRating)
    if game is not None:
        query = query.where(PlayerRating.game == game)
    return {
        (r.player_id, r.game): Rating(r.mu, r.sigma, r.matches)
        for r in db.session.execute(query).scalars()
    }


def rebuild(game: str | None = None) -> None:
    """Store every rating (of ``game``) afresh from the matches, and commit."""
    names = [game] if game else _games_played()
    for name in names:
        store.rebuild(name)
    db.session.commit()


def _games_played() -> list[str]:
    return sorted(
        set(
            db.session.execute(
                select(Match.game).where(Match.status == "over").distinct()
            ).scalars()
        )
        | set(db.session.execute(select(PlayerRating.game).distinct()).scalars())
    )


def relinked(match_ids: Iterable[str] = (), tournament_ids: Iterable[str] = ()) -> None:
    """Rate again the games of finished matches whose seats' profiles changed (a
    profile linked to older matches is rated for them). In the caller's transaction."""
    touched: set[str] = set()
    for column, ids in ((Match.id, match_ids), (Match.tournament_id, tournament_ids)):
        ids = list(ids)
        if ids:
            query = select(Match.game).where(column.in_(ids), Match.status == "over")
            touched |= set(db.session.execute(query).scalars())
    for game in sorted(touched):
        store.rebuild(game)
