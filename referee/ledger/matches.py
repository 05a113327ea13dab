"""Creating and reading matches: setup, keys, PINs, side keys, rematches."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import delete
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from referee import games
from referee import keys
from referee.db import db
from referee.db import get_or_raise
from referee.db import lock_row
from referee.db import log_rows
from referee.db import write_lock
from referee.games import text
from referee.games.base import Game
from referee.games.base import Setup
from referee.games.boards import side_names
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.ledger.common import Forbidden
from referee.ledger.common import KeyReused
from referee.ledger.common import NotFound
from referee.ledger.common import clean_key
from referee.ledger.common import new_id
from referee.ledger.common import request_hash
from referee.ledger.common import same_secret
from referee.models import Match
from referee.models import MatchEvent
from referee.models import PinGuard


def game_of(match: Match) -> Game:
    return games.get(match.game)


def setup_of(match: Match) -> Setup:
    teams = tuple((t["name"], tuple(t["players"])) for t in match.teams or [])
    return Setup(tuple(match.players), dict(match.options), teams)


def create_match(
    game_id: str,
    players: Any,
    options: Mapping[str, Any] | None = None,
    teams: Any = None,
    title: str = "",
    *,
    idem_key: str | None = None,
    fingerprint: str | None = None,
    confirm: bool = False,
) -> Match:
    """Check the setup with the game and store a new match; ``BadInput`` if wrong.

    With ``idem_key`` (and the request's ``fingerprint``), a second call returns the
    match the first one made: see ``created_before``. With ``confirm``, the match is
    in confirmation mode: every side but the first gets a key of its own (the edit
    key writes for the first side), and an entry counts once another side confirms.
    """
    idem_key = clean_key(idem_key)

    def made() -> Match:
        return new_match(
            game_id,
            players,
            options,
            teams,
            title,
            create_key=idem_key,
            fingerprint=fingerprint,
            confirm=confirm,
        )

    match = made()  # BadInput before any lock
    for attempt in range(5):
        # The key's lookup and the insert in one writer's transaction: a lookup in
        # a reader's one would have to become a writer at commit, which SQLite
        # refuses at once ("database is locked") when another create got in first.
        write_lock()
        if idem_key:
            prior = created_before(idem_key, fingerprint or "")
            if prior is not None:
                db.session.rollback()
                return prior
        if attempt:
            match = made()  # a fresh id and PIN
        db.session.add(match)
        try:
            db.session.commit()
        except IntegrityError:  # a PIN or id collision (draw again), or a racing twin
            db.session.rollback()
            continue  # the next attempt finds the twin by its key, if it was one
        return match
    raise RuntimeError("could not draw a free PIN")


def new_match(
    game_id: str,
    players: Any,
    options: Mapping[str, Any] | None = None,
    teams: Any = None,
    title: str = "",
    *,
    key: str | None = None,
    create_key: str | None = None,
    fingerprint: str | None = None,
    confirm: bool = False,
) -> Match:
    """A new match row with a fresh id, PIN and keys, not yet added to the session.

    ``BadInput`` if the setup is wrong. ``key`` is the edit key to give it (a
    tournament table's, so that its phone scores it); a fresh one otherwise. A
    tournament settling a result makes its next matches with this, inside its own
    transaction; ``create_match`` stores one on its own.
    """
    title = text.check(title or "", "title", "title")
    try:
        game = games.get(game_id)
    except KeyError:
        raise NotFound(f"There is no game '{game_id}'.") from None
    if teams is not None and not isinstance(teams, list):
        raise BadInput(
            "'teams' is a list of teams.",
            field="teams",
            example='"teams": [{"name": "Reds", "players": ["Ann", "Cy"]}]',
        )
    setup = game.new_setup(players, options, teams)
    state = game.start(setup)
    match_id = new_id()
    secret = keys.columns(
        f"match:{match_id}", keys.Credentials(key or keys.new_key(), keys.new_pin())
    )
    return Match(
        id=match_id,
        game=game.id,
        title=title,
        players=list(setup.players),
        teams=[{"name": n, "players": list(m)} for n, m in setup.teams],
        options=dict(setup.options),
        status="over" if game.view(state)["over"] else "live",
        version=0,
        state=state,
        **secret,
        create_key=create_key or None,
        create_hash=fingerprint if create_key else None,
        confirm=bool(confirm),
        side_keys=_side_keys(match_id, len(side_names(state))) if confirm else None,
    )


def _side_keys(match_id: str, sides: int) -> list[Any]:
    """A key per side after the first (whose phone holds the edit key)."""
    return [None] + [
        keys.stored(
            f"match:{match_id}:side:{i}",
            keys.Credentials(keys.new_key(), keys.new_pin()),
        )
        for i in range(1, sides)
    ]


def side_credentials(match: Match) -> list[tuple[int, str, keys.Credentials]]:
    """Each other side's plain key (to hand to its phone): ``(side, name, creds)``.

    A side whose phone has opened its link is not listed: its key is that phone's
    alone now (``claim_side``), and no copy of it is kept.
    """
    names = seat_names(match)["side"]
    return [
        (i, names[i], keys.unseal(f"match:{match.id}:side:{i}", stored["sealed"]))
        for i, stored in enumerate(match.side_keys or [])
        if stored and stored.get("sealed")
    ]


def claim_side(match_id: str, side: int, key: str) -> str | None:
    """A side's phone opens its link: that side's key becomes a new one for it alone.

    The link's key stops working (for the scorer who was shown it too), so no other
    phone holds this side's credential. Returns the new key's hash, for the phone's
    session; None if ``key`` is not side ``side``'s unclaimed key of this match.
    """
    match = lock_row(Match, match_id)
    if match is None:
        raise NotFound(f"There is no match '{match_id}'.")
    stored = list(match.side_keys or [])
    held = stored[side] if 0 < side < len(stored) else None
    if not held or not held.get("sealed") or not keys.key_matches(key, held["key"]):
        db.session.rollback()
        return None
    digest = keys.hash_key(keys.new_key())
    stored[side] = {"key": digest, "claimed": True}
    match.side_keys = stored  # a new list: the JSON column sees the change
    db.session.commit()
    return digest


def actor_of(match: Any, key: str | None) -> str | None:
    """Who a key writes as: "" (the scorer), "side N", or None (not this match's)."""
    if check_key(match, key):
        return "side 0" if match.confirm else ""
    for i, stored in enumerate(match.side_keys or []):
        if stored and keys.key_matches(key, stored["key"]):
            return f"side {i}"
    return None


def created_before(
    idem_key: str, fingerprint: str, model: type[Any] = Match, what: str = "match"
) -> Any:
    """What an earlier create with this key made (a ``Match``, or ``model``), if any.

    ``KeyReused`` when that create was a different request.
    """
    prior = db.session.execute(
        select(model).where(model.create_key == idem_key)
    ).scalar_one_or_none()
    if prior is not None and prior.create_hash != fingerprint:
        raise KeyReused(
            f"This idempotency key already started a different {what}; send a new "
            f"key for a new {what}."
        )
    return prior


def rematch(match: Match, *, idem_key: str | None = None) -> Match:
    """A new match with ``match``'s game, players, teams, options and name.

    With ``idem_key``, a double tap or a retry returns the first rematch
    (``created_before``); the same key for another match's rematch is ``KeyReused``.
    A table's game in a tournament is not rematched: the night deals its own rounds.
    """
    if match.tournament_id is not None:
        raise Refused(
            "This game belongs to a tournament table: the night starts its next "
            "round, so it has no rematch."
        )
    return create_match(
        match.game,
        list(match.players),
        dict(match.options),
        [dict(t) for t in match.teams] if match.teams else None,
        title=match.title,
        idem_key=idem_key,
        fingerprint=rematch_hash(match.id),
        confirm=match.confirm,
    )


def rematch_hash(match_id: str) -> str:
    """The request fingerprint of a rematch of ``match_id`` (see ``created_before``)."""
    return request_hash({"op": "rematch", "of": match_id})


def get(match_id: str) -> Match:
    return get_or_raise(Match, match_id, NotFound, "match")


def by_pin(pin: str) -> Match | None:
    pin = "".join(ch for ch in str(pin) if ch.isdigit())
    if len(pin) != 6:
        return None
    # Only a match still in play takes a new scorer: fewer PINs worth guessing.
    return db.session.execute(
        select(Match).where(Match.pin == keys.hash_pin(pin), Match.status == "live")
    ).scalar_one_or_none()


def pin_target(match_id: str) -> str:
    """The match's row in ``pin_guard`` (its count of guesses at its PIN)."""
    return f"match:{match_id}"


def new_pin(match_id: str, key: str | None) -> keys.Credentials:
    """Give the match a fresh PIN (the old one stops working) for its scorer only.

    The count of guesses at the old PIN goes with it: they say nothing of the new
    one. ``Forbidden`` for any key but the edit key (a side's key cannot).
    """
    for _attempt in range(5):
        match = lock_row(Match, match_id)
        if match is None:
            raise NotFound(f"There is no match '{match_id}'.")
        if not check_key(match, key):
            db.session.rollback()
            raise Forbidden("Only the scorer (the edit key) can issue a new PIN.")
        creds = keys.Credentials(credentials(match).key, keys.new_pin())
        secret = keys.stored(f"match:{match.id}", creds)
        match.pin, match.sealed = secret["pin"], secret["sealed"]
        db.session.execute(
            delete(PinGuard).where(PinGuard.target == pin_target(match_id))
        )
        try:
            db.session.commit()
        except IntegrityError:  # another match has that PIN: draw again
            db.session.rollback()
            continue
        return creds
    raise RuntimeError("could not draw a free PIN")


def board(match: Match) -> JSON:
    """The scoreboard (``view``) of the match's current state."""
    return game_of(match).view(match.state)


def rows(match: Match) -> list[MatchEvent]:
    return log_rows(MatchEvent, "match_id", match.id)


def check_key(match: Match, key: str | None) -> bool:
    """Whether ``key`` is this match's edit key (checked against its keyed hash)."""
    return keys.key_matches(key, match.edit_key)


def credentials(match: Match) -> keys.Credentials:
    """The match's plain edit key and PIN, for those who may score it."""
    return keys.unseal(f"match:{match.id}", match.sealed)


def join_token(match: Match) -> str:
    """What the scorer link (the QR) carries: it opens this match's page, nothing else.

    Derived from the match's id and its stored key hash, so it needs no column and
    changes when the key does. It is not a key: the API does not take it, and for a
    table's game (whose key is the table's) it opens that game only.
    """
    return keys.join_token(f"match:{match.id}", match.edit_key)


def join_token_matches(match: Match, token: str) -> bool:
    return same_secret(str(token), join_token(match))


def give_key(match: Match, key: str) -> None:
    """Make ``key`` (a night table's) the match's edit key; its PIN stays."""
    pin = credentials(match).pin
    secret = keys.stored(f"match:{match.id}", keys.Credentials(key, pin))
    match.edit_key, match.sealed = secret["key"], secret["sealed"]


def seat_names(match: Match) -> dict[str, list[str]]:
    """Names by seat index and by side index, in the engine's own seat order."""
    state = match.state or {}
    players = list(state.get("players") or match.players)
    return {"seat": players, "side": side_names({**state, "players": players})}
