"""What the parts of the pairing layer share: pairings by number, their refs
resolved, stations in use, a pairing as shown, and the parsing of a result's
pairing, winner and score."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee import games
from referee.formats import TableMatch
from referee.formats.pairing import results
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput


def pairable(game_id: str) -> bool:
    """Whether a game's matches can be paired: one against one, or team against team."""
    game = games.get(game_id)
    if game.team_size:
        return game.min_players <= 2 * game.team_size <= game.max_players
    return game.min_players <= 2 <= game.max_players


def resolve(state: JSON) -> None:
    """Fill each pairing's entrants from its refs and the results so far."""
    by_id = {p["id"]: p for p in state["pairings"]}
    for _ in range(len(state["pairings"]) + 1):
        changed = False
        for p in state["pairings"]:
            for i, ref in enumerate(p["sides"]):
                name, known = _ref(ref, by_id)
                if (p["entrants"][i], p["known"][i]) != (name, known):
                    p["entrants"][i], p["known"][i] = name, known
                    changed = True
        if not changed:
            return


def _ref(ref: Any, by_id: Mapping[str, JSON]) -> tuple[str | None, bool]:
    if ref is None or isinstance(ref, str):
        return ref, True
    which = "winner" if "winner" in ref else "loser"
    source = by_id.get(ref[which])
    if source is None or source["result"] is None or not all(source["known"]):
        return None, False
    w = source["result"]["winner"]
    if w is None:
        return None, True  # a bye against a bye, or a draw: nobody comes through
    side = w if which == "winner" else 1 - w
    return source["entrants"][side], True


def pairing_by_number(state: JSON, number: int) -> JSON:
    if not 1 <= int(number) <= len(state["pairings"]):
        raise BadInput(f"There is no pairing {number}.", field="pairing")
    return state["pairings"][int(number) - 1]


def busy_stations(state: JSON) -> set[int]:
    return {
        p["station"]
        for p in state["pairings"]
        if p["station"] is not None and p["result"] is None and not p.get("pending")
    }


def playing(state: JSON) -> set[str]:
    """Entrants now in a called match without a result."""
    return {
        name
        for p in state["pairings"]
        if p["match"] is not None and p["result"] is None and not p.get("pending")
        for name in p["entrants"]
        if name
    }


def dependants_started(state: JSON, p: JSON) -> list[JSON]:
    """Pairings fed by ``p``'s result that have been called or decided."""
    out = []
    for q in state["pairings"]:
        refs = [r for r in q["sides"] if isinstance(r, Mapping)]
        if any(p["id"] in r.values() for r in refs) and (
            q["match"] is not None or (q["result"] and q["result"]["how"] != "bye")
        ):
            out.append(q)
    return out


def pairing_json(state: JSON, p: JSON, tm: TableMatch | None = None) -> JSON:
    """A pairing as clients see it: who, where, its status, result and live score."""
    if p["result"] is not None:
        status = "done"
    elif p.get("pending"):
        status = "approval"  # a result waits for the organiser's approval
    elif p["match"] is not None:
        status = "playing"
    elif all(p["known"]) and None not in p["entrants"]:
        status = "ready"
    else:
        status = "waiting"
    out = {
        "number": p["number"],
        "id": p["id"],
        "round": p["round"],
        "label": p["label"],
        "group": p["group"],
        "entrants": list(p["entrants"]),
        "known": list(p["known"]),
        "sides": list(p["sides"]),
        "status": status,
        "station": p["station"],
        "station_name": state["stations"][p["station"] - 1] if p["station"] else None,
        "match": p["match"],
        "result": p["result"],
        "result_text": results.text(p["result"], p["entrants"])
        if p["result"]
        else None,
        "pending": p.get("pending"),
        "pending_text": results.text(p["pending"], p["entrants"])
        if p.get("pending")
        else None,
        "live": None,
    }
    if tm is not None and status == "playing":
        board = tm.board
        out["live"] = {
            "score": [s.get("score") for s in board.get("sides", [])],
            "legs": [s.get("legs") for s in board.get("sides", [])]
            if results.units(state["game"], state.get("game_options")) == "legs"
            else None,
            "turn": board.get("turn"),
            "prompt": board.get("prompt"),
            "seq": tm.version,
        }
    return out


def _stored(event: JSON) -> JSON:
    return {
        "winner": event["winner"],
        "score": list(event["score"]),
        "how": event["how"],
        "source": event.get("source", "organiser"),
        "match_seq": event.get("match_seq"),
        "note": event.get("note", ""),
    }


def _find_pairing(state: JSON, raw: Any) -> JSON:
    if isinstance(raw, str):
        for p in state["pairings"]:
            if p["id"] == raw:
                return p
        if raw.strip().isdigit():
            raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise BadInput(
            "'pairing' is a pairing's number, as listed.", field="pairing", example="3"
        )
    if not 1 <= raw <= len(state["pairings"]):
        raise BadInput(
            f"There is no pairing {raw} (1 to {len(state['pairings'])}).",
            field="pairing",
            example="1",
        )
    return state["pairings"][raw - 1]


def _winner(raw: Any, p: JSON) -> int | None:
    a, b = p["entrants"]
    if isinstance(raw, str):
        name = " ".join(raw.split()).casefold()
        if name == "draw":
            return None
        for i, entrant in enumerate((a, b)):
            if entrant and entrant.casefold() == name:
                return i
    if isinstance(raw, int) and not isinstance(raw, bool) and raw in (0, 1):
        return raw
    raise BadInput(
        f"The winner is {a or '?'} or {b or '?'} (or 'draw').",
        field="winner",
        example=f'"winner": "{a or "Ann"}"',
    )


def _score(raw: Any) -> list[int]:
    if raw is None or raw == "":
        return [0, 0]
    if isinstance(raw, str):
        raw = raw.replace("-", " ").replace(",", " ").split()
    ok = (
        isinstance(raw, Sequence)
        and len(raw) == 2
        and all(
            (isinstance(v, int) and not isinstance(v, bool))
            or (isinstance(v, str) and v.strip().isdigit())
            for v in raw
        )
    )
    values = [int(v) for v in raw] if ok else []
    if not ok or not all(0 <= v <= 10_000 for v in values):
        raise BadInput(
            "The score is two whole numbers: [first side, second side].",
            field="score",
            example="[3, 1]",
        )
    return values
