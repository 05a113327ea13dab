"""Player profiles: names linked to seats across matches, and their figures.

A profile is a name and a claim code, no account. The scorer of a match links each
seat to a profile (``link_match``); a tournament's organiser links each entrant
(``link_tournament``), which covers every match of that tournament where the
entrant sits. A profile's figures are worked out from the raw logs of the matches
linked to it (``stats.figures``), per match, cached by the match's version.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from sqlalchemy import select

from referee import games
from referee import keys
from referee import ledger
from referee import ratings
from referee import trust
from referee.db import db
from referee.db import get_or_raise
from referee.games import text
from referee.games.fields import MAX_NAME
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.models import Match
from referee.models import Player
from referee.models import PlayerLink
from referee.models import Tournament
from referee.profiles import stats

CLAIM_LENGTH = 8
_CLAIM_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # read aloud safely
_CACHE_SIZE = 512


class NotFound(LookupError):
    """No such player (404)."""


def handle(name: str) -> str:
    """The name folded for matching: case and spacing do not make another player."""
    return " ".join(str(name).split()).casefold()


def clean_name(name: Any, field: str = "name") -> str:
    cleaned = text.check(name or "", field, "name")
    if not cleaned:
        raise BadInput(
            f"A player's name is 1 to {MAX_NAME} characters.",
            field=field,
            example="Ann Smith",
        )
    return cleaned


def get(player_id: str) -> Player:
    return get_or_raise(Player, player_id, NotFound, "player")


def by_name(name: str) -> Player | None:
    return db.session.execute(
        select(Player).where(Player.handle == handle(name))
    ).scalar_one_or_none()


def everyone() -> list[Player]:
    return list(db.session.execute(select(Player).order_by(Player.handle)).scalars())


def _claim_code() -> str:
    return "".join(secrets.choice(_CLAIM_ALPHABET) for _ in range(CLAIM_LENGTH))


def find_or_create(name: str, by: str) -> tuple[Player, str | None]:
    """The profile of that name, made if new: ``(player, claim code if new)``."""
    name = clean_name(name)
    found = by_name(name)
    if found is not None:
        return found, None
    code = _claim_code()
    player = Player(
        id=ledger.new_id(),
        name=name,
        handle=handle(name),
        claim=keys.hash_key(code),
        created_by=by,
    )
    db.session.add(player)
    db.session.flush()
    return player, code


def claims(player: Player, code: str) -> bool:
    """Whether ``code`` is the player's claim code (spaces and case ignored)."""
    typed = "".join(str(code).split()).upper()
    return keys.key_matches(typed, player.claim)


# --- links ------------------------------------------------------------------------


def link_match(match: Match, names: list[str | None], by: str) -> dict[str, str]:
    """Link each seat of ``match`` to the profile named (None: no profile).

    Returns the claim codes of profiles made now (name -> code), to hand over once.
    """
    if len(names) != len(match.players):
        raise BadInput(
            f"Name a profile (or null) for each of the {len(match.players)} players.",
            field="players",
            example=str([*match.players[:1], None]).replace("'", '"'),
        )
    _each_once(
        names,
        "Each profile sits once in a match: two seats name the same profile.",
        '["Ann Smith", "Bob Jones"]',
    )
    made: dict[str, str] = {}
    changed = False
    for seat, name in enumerate(names):
        place = {"match_id": match.id, "seat": seat}
        changed |= _link(made, name, f"players[{seat}]", by, **place)
    if changed:  # its finished matches are rated for the profiles now linked
        db.session.flush()
        ratings.relinked(match_ids=[match.id])
    db.session.commit()
    return made


def link_tournament(
    tournament: Tournament, names: dict[str, str | None], by: str
) -> dict[str, str]:
    """Link entrants (by their name in the tournament) to profiles."""
    _each_once(
        names.values(),
        "Each profile is one entrant: two entrants name the same profile.",
        '{"Ann": "Ann Smith", "Bob": "Bob Jones"}',
    )
    made: dict[str, str] = {}
    changed = False
    entrants = set(tournament.players)
    for entrant, name in names.items():
        if entrant not in entrants:
            raise BadInput(
                f"'{entrant}' is not an entrant of this tournament.",
                field="players",
                example=f'{{"{sorted(entrants)[0]}": "Ann Smith"}}',
            )
        changed |= _link(
            made,
            name,
            f"players.{entrant}",
            by,
            tournament_id=tournament.id,
            entrant=entrant,
        )
    if changed:  # its finished matches are rated for the profiles now linked
        db.session.flush()
        ratings.relinked(tournament_ids=[tournament.id])
    db.session.commit()
    return made


def _each_once(names: Iterable[str | None], message: str, example: str) -> None:
    """``BadInput`` (``message``) if two of ``names`` are one profile's."""
    named = [handle(n) for n in names if n is not None and str(n).strip()]
    if len(named) != len(set(named)):
        raise BadInput(message, field="players", example=example)


def _link(
    made: dict[str, str], name: str | None, field: str, by: str, **place: Any
) -> bool:
    """Point the link at ``place`` (its columns) to the profile named, or drop it.

    A profile made now adds its claim code to ``made`` (name -> code). True when
    the link changed (so the ratings of its matches may have).
    """
    existing = db.session.execute(
        select(PlayerLink).filter_by(**place)
    ).scalar_one_or_none()
    if name is None or not str(name).strip():
        if existing is not None:
            db.session.delete(existing)
        return existing is not None
    player, code = find_or_create(clean_name(name, field), by)
    if code:
        made[player.name] = code
    if existing is None:
        db.session.add(PlayerLink(player_id=player.id, linked_by=by, **place))
        return True
    if existing.player_id != player.id:
        existing.player_id, existing.linked_by = player.id, by
        return True
    return False


def tournament_links(tournament: Tournament) -> dict[str, Player]:
    """The profile linked to each entrant of the tournament (entrant -> player)."""
    rows = db.session.execute(
        select(PlayerLink, Player)
        .join(Player, Player.id == PlayerLink.player_id)
        .where(PlayerLink.tournament_id == tournament.id)
    ).all()
    return {link.entrant: player for link, player in rows}


def match_links(match: Match) -> list[Player | None]:
    """The profile of each seat of the match (its own link, else its tournament's)."""
    found: list[Player | None] = [None] * len(match.players)
    if match.tournament_id:
        rows = db.session.execute(
            select(PlayerLink, Player)
            .join(Player, Player.id == PlayerLink.player_id)
            .where(PlayerLink.tournament_id == match.tournament_id)
        ).all()
        by_entrant = {link.entrant: player for link, player in rows}
        found = [by_entrant.get(name) for name in match.players]
    rows = db.session.execute(
        select(PlayerLink, Player)
        .join(Player, Player.id == PlayerLink.player_id)
        .where(PlayerLink.match_id == match.id)
    ).all()
    for link, player in rows:
        if link.seat is not None and 0 <= link.seat < len(found):
            found[link.seat] = player
    return found


def seats_of(player: Player) -> list[tuple[Match, int]]:
    """Every (match, seat) this player sits in, oldest first."""
    links = list(
        db.session.execute(
            select(PlayerLink).where(PlayerLink.player_id == player.id)
        ).scalars()
    )
    seats: dict[str, int] = {}
    direct = {link.match_id: link.seat for link in links if link.match_id}
    tournaments = {
        link.tournament_id: link.entrant for link in links if link.tournament_id
    }
    if tournaments:
        for match in db.session.execute(
            select(Match).where(Match.tournament_id.in_(list(tournaments)))
        ).scalars():
            entrant = tournaments[match.tournament_id]
            if entrant in match.players:
                seats[match.id] = match.players.index(entrant)
    seats.update({m: s for m, s in direct.items() if s is not None})
    if not seats:
        return []
    # A seat linked to someone else in the match itself overrides the tournament's.
    overridden = {
        (link.match_id, link.seat)
        for link in db.session.execute(
            select(PlayerLink).where(
                PlayerLink.match_id.in_(list(seats)), PlayerLink.player_id != player.id
            )
        ).scalars()
    }
    matches = db.session.execute(
        select(Match).where(Match.id.in_(list(seats))).order_by(Match.created_at)
    ).scalars()
    return [
        (m, seats[m.id])
        for m in matches
        if (m.id, seats[m.id]) not in overridden
        or (m.id in direct and direct[m.id] == seats[m.id])
    ]


# --- figures ------------------------------------------------------------------------

_cache: OrderedDict[tuple[str, int], tuple[JSON, bool]] = OrderedDict()


def match_figures(match: Match) -> tuple[JSON, bool]:
    """A match's figures from its raw log, and whether it counts (confirmation)."""
    key = (match.id, match.version)
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    log = ledger.rows(match)
    game = ledger.game_of(match)
    got = stats.figures(game, ledger.setup_of(match), ledger.events_in_force(log))
    counts = not match.confirm or trust.settled(log)
    _cache[key] = (got, counts)
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return got, counts


def profile(player: Player) -> JSON:
    """Everything a profile page, its charts and its exports show."""
    played: list[JSON] = []
    pending: list[JSON] = []
    totals: dict[str, JSON] = {}
    h2h: dict[tuple[str, str], JSON] = {}
    nights: dict[str, JSON] = {}
    for match, seat in seats_of(player):
        name = match.players[seat]
        got, counts = match_figures(match)
        links = match_links(match)
        opponents = _opponents(match, seat, links)
        row = {
            "match": match.id,
            "game": match.game,
            "title": match.title,
            "date": match.created_at.date().isoformat() if match.created_at else None,
            "as": name,
            "status": match.status,
            "result": got["result"].get(name),
            "opponents": opponents,
            "figures": _shown(match.game, got["players"].get(name)),
        }
        if not counts:
            pending.append(row)
            continue
        played.append(row)
        mine = got["players"].get(name)
        game = totals.setdefault(
            match.game, {"matches": 0, "won": 0, "lost": 0, "drawn": 0, "sum": {}}
        )
        game["matches"] += 1
        if row["result"]:
            game[row["result"]] += 1
        if mine:
            game["sum"] = stats.add(game["sum"], mine)
        if row["result"]:
            for opp in opponents:
                key = (match.game, opp["player"] or f"name:{opp['name']}")
                rec = h2h.setdefault(
                    key,
                    {
                        "game": match.game,
                        "opponent": opp["name"],
                        "player": opp["player"],
                        "won": 0,
                        "lost": 0,
                        "drawn": 0,
                    },
                )
                rec[row["result"]] += 1
        if mine and _by_night(match.game):
            night_id = match.tournament_id or match.id
            night = nights.setdefault(
                night_id,
                {
                    "night": night_id,
                    "date": row["date"],
                    "tournament": match.tournament_id,
                    "games": 0,
                    "won": 0,
                    "lost": 0,
                    "bunkos": 0,
                    "wipeouts": 0,
                },
            )
            night["games"] += 1
            if row["result"] in ("won", "lost"):
                night[row["result"]] += 1
            night["bunkos"] += mine["bunkos"]
            night["wipeouts"] += mine["wipeouts"]
    return {
        "id": player.id,
        "name": player.name,
        "games": {g: _summary(g, t, played) for g, t in totals.items()},
        "matches": played,
        "pending": pending,
        "head_to_head": sorted(h2h.values(), key=lambda r: (r["game"], r["opponent"])),
        "bunko_nights": list(nights.values()),
    }


def _opponents(match: Match, seat: int, links: list[Player | None]) -> list[JSON]:
    """The players on the other sides (partners in a team game are not opponents)."""
    mine = match.players[seat]
    team = next(
        (t["players"] for t in match.teams or [] if mine in t["players"]), [mine]
    )
    return [
        {
            "name": name,
            "player": links[i].id if links[i] else None,
            "player_name": links[i].name if links[i] else None,
        }
        for i, name in enumerate(match.players)
        if name not in team
    ]


def _by_night(game: str) -> bool:
    """Whether the game's figures are also kept night by night (bunko)."""
    tally = games.get(game).tally if game in games.registry() else None
    return bool(tally and tally.by_night)


def _shown(game: str, mine: JSON | None) -> JSON | None:
    """One match's figures as shown: the game's own worked out, doubles left out."""
    if mine is None:
        return None
    out = {k: v for k, v in mine.items() if k != "doubles"}
    tally = games.get(game).tally
    if tally:
        out.update(tally.shown(mine))
    return out


def _summary(game: str, total: JSON, played: list[JSON]) -> JSON:
    """A game's totals for the profile, with its series over time."""
    summed = total["sum"]
    out: JSON = {
        "matches": total["matches"],
        "won": total["won"],
        "lost": total["lost"],
        "drawn": total["drawn"],
    }
    if summed:
        out["totals"] = _shown(game, summed)
    series = [
        {"match": r["match"], "date": r["date"], **(r["figures"] or {})}
        for r in played
        if r["game"] == game and r["figures"]
    ]
    tally = games.get(game).tally
    out.update(tally.summary(summed, series) if tally else {"series": series})
    return out
