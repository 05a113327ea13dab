"""A match's figures per player, worked out from its raw log by replaying the engine.

Pure: no database. ``figures(game, setup, events)`` folds the events that count
through the game's own engine and watches what each one changed, so the figures are
the referee's, never a second set of rules. One function per game the profiles
cover (darts 301, pool, bunko, gin rummy); any other game gets its result only.

Figures are keyed by player name (names are unique within a match): a team game
credits each player with the team's result, and, in pool, the team's racks.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable

from referee.games import checkouts
from referee.games.base import JSON
from referee.games.base import Game
from referee.games.base import Setup
from referee.games.base import side_names
from referee.games.darts import BULL
from referee.games.darts import parse_dart

DOUBLES = tuple([f"D{n}" for n in range(1, 21)] + ["DB"])


def figures(game: Game, setup: Setup, events: Iterable[JSON]) -> JSON:
    """``{"result": {name: "won"|"lost"|"drawn"|None}, "players": {name: {...}}}``."""
    state = game.start(setup)
    names = list(state.get("players") or setup.players)
    tally = _TALLIES.get(game.id)
    per: dict[str, JSON] = {n: tally.new() for n in names} if tally else {}
    context: JSON = {}  # what a game tracks across events (a pool rack so far)
    for event in events:
        after = game.apply(state, event).state
        if tally:
            tally.watch(state, after, event, per, context)
        state = after
    if tally:
        tally.finish(state, per)
    view = game.view(state)
    return {"result": _result(state, view, names), "players": per}


def _result(state: JSON, view: JSON, names: list[str]) -> dict[str, str | None]:
    """Each player's result: their side's, once the game is over."""
    if not view["over"]:
        return {n: None for n in names}
    winner = view["winner"]
    sides = side_names({**state, "players": names})
    teams = state.get("teams") or []
    out: dict[str, str | None] = {}
    for name in names:
        side = next(
            (t["name"] for t in teams if name in t["players"]),
            name if not teams else None,
        )
        if winner is None or winner not in sides:
            out[name] = "drawn"
        else:
            out[name] = "won" if side == winner else "lost"
    return out


class _Tally:
    """How one game's figures are kept: fresh per player, per event, at the end."""

    def __init__(
        self,
        new: Callable[[], JSON],
        watch: Callable[[JSON, JSON, JSON, dict[str, JSON], JSON], None],
        finish: Callable[[JSON, dict[str, JSON]], None] | None = None,
    ) -> None:
        self.new = new
        self.watch = watch
        self.finish = finish or (lambda state, per: None)


# --- darts 301 ------------------------------------------------------------------------


def _darts_new() -> JSON:
    return {
        "darts": 0,
        "points": 0,
        "first_nine_darts": 0,
        "first_nine_points": 0,
        "darts_at_double": 0,
        "checkouts": 0,
        "highest_finish": 0,
        "legs_won": 0,
        "one_eighties": 0,
        "doubles": {d: [0, 0] for d in DOUBLES},  # code -> [darts at it, hits]
    }


_DARTS_ADDED = {
    "darts": "darts",
    "points": "points",
    "first_nine_darts": "first_nine_darts",
    "first_nine_points": "first_nine_points",
    "darts_at_double": "at_double",
    "checkouts": "checkouts",
    "legs_won": "legs_won",
    "one_eighties": "one_eighties",
}


def _darts_watch(
    before: JSON, after: JSON, event: JSON, per: dict[str, JSON], _: JSON
) -> None:
    seat = before["turn"]
    if seat is None:
        return
    name = before["players"][seat]
    mine = per[name]
    was, now = before["stats"][seat], after["stats"][seat]
    for ours, theirs in _DARTS_ADDED.items():
        mine[ours] += now[theirs] - was[theirs]
    if now["checkouts"] > was["checkouts"]:
        mine["highest_finish"] = max(mine["highest_finish"], before["round"]["start"])
    _darts_doubles(before["scores"][seat], _thrown(event), mine["doubles"])


def _thrown(event: JSON) -> list[str]:
    """The dart codes an event names (none for a round entered by its total)."""
    if event.get("type") == "dart":
        return [event["dart"]]
    if event.get("type") == "round":
        return list(event["darts"])
    return []


def _darts_doubles(left: int, codes: list[str], doubles: JSON) -> None:
    """Which double each dart was at (the one that finishes from there), and hits.

    A dart counts as at a double when one dart could finish from the score before it
    (the engine's own count of darts at a double); the double is the one that would.
    """
    for code in codes:
        dart = parse_dart(code)
        target = None
        if checkouts.one_dart_finish(left):
            target = "DB" if left == 2 * BULL else f"D{left // 2}"
            doubles[target][0] += 1
        rest = left - dart.points
        if rest < 0 or rest == 1 or (rest == 0 and not dart.is_double):
            return  # bust: the round ends there
        if rest == 0:
            if target is not None:
                doubles[target][1] += 1
            return
        left = rest


# --- pool (billiards) -----------------------------------------------------------------


def _pool_new() -> JSON:
    return {"racks": 0, "racks_won": 0, "fouls": 0, "breaks": 0, "break_and_runs": 0}


def _pool_watch(
    before: JSON, after: JSON, event: JSON, per: dict[str, JSON], rack: JSON
) -> None:
    sides = side_names(after)
    members = _members(after)
    for i, side in enumerate(sides):
        fouls = after["fouls"][i] - before["fouls"][i]
        for name in members[side]:
            per[name]["fouls"] += max(0, fouls)
    # A break and run: the breaker wins the rack by shots without leaving the table.
    if event.get("type") == "shot":
        rack["shots"] = rack.get("shots", 0) + 1
    at, breaker = after.get("at_table"), before.get("breaker")
    if at is not None and breaker is not None and at != breaker:
        rack["left_table"] = True
    for done in after["racks"][len(before["racks"]) :]:
        broke = sides[breaker] if breaker is not None else None
        ran = (
            done["winner"] == broke and rack.get("shots") and not rack.get("left_table")
        )
        for side in sides:
            for name in members[side]:
                per[name]["racks"] += 1
                per[name]["racks_won"] += side == done["winner"]
                per[name]["breaks"] += side == broke
                per[name]["break_and_runs"] += bool(ran and side == broke)
        rack.clear()


# --- bunko ----------------------------------------------------------------------------


def _bunko_new() -> JSON:
    return {"rolls": 0, "points": 0, "bunkos": 0, "wipeouts": 0}


def _bunko_watch(
    before: JSON, after: JSON, event: JSON, per: dict[str, JSON], _: JSON
) -> None:
    for seat, name in enumerate(after["players"]):
        was, now = before["tallies"][seat], after["tallies"][seat]
        for key in ("rolls", "points", "bunkos", "wipeouts"):
            per[name][key] += now[key] - was[key]


# --- gin rummy ------------------------------------------------------------------------


def _gin_new() -> JSON:
    return {"hands": 0, "hands_won": 0, "gins": 0, "undercuts": 0, "undercut": 0}


def _gin_watch(
    before: JSON, after: JSON, event: JSON, per: dict[str, JSON], _: JSON
) -> None:
    if event.get("type") not in ("knock", "knock_counts", "cancel"):
        return  # an up-card choice: no hand ended
    hand = after["last_hand"]
    for seat, name in enumerate(after["players"]):
        per[name]["hands"] += 1
        per[name]["hands_won"] += after["hands_won"][seat] - before["hands_won"][seat]
    result, knocker, opponent = hand["result"], hand["knocker"], hand["opponent"]
    if result in ("gin", "big-gin") and knocker in per:
        per[knocker]["gins"] += 1
    if result == "undercut" and opponent in per:
        per[opponent]["undercuts"] += 1
        per[knocker]["undercut"] += 1


# --- helpers --------------------------------------------------------------------------


def _members(state: JSON) -> dict[str, list[str]]:
    teams = state.get("teams") or []
    if teams:
        return {t["name"]: list(t["players"]) for t in teams}
    return {p: [p] for p in state["players"]}


_TALLIES: dict[str, _Tally] = {
    "darts-301": _Tally(_darts_new, _darts_watch),
    "billiards": _Tally(_pool_new, _pool_watch),
    "bunko": _Tally(_bunko_new, _bunko_watch),
    "gin-rummy": _Tally(_gin_new, _gin_watch),
}
COVERED = tuple(_TALLIES)


def covers(game_id: str) -> bool:
    return game_id in _TALLIES


def average(points: int, darts: int) -> float | None:
    """A three-dart average, to two places (None before a dart)."""
    return round(3 * points / darts, 2) if darts else None


def percent(part: int, whole: int) -> float | None:
    return round(100 * part / whole, 1) if whole else None


def add(total: JSON, more: JSON) -> JSON:
    """Sum two figure dicts (maxima for highest finish, pairwise for doubles)."""
    out = dict(total)
    for key, value in more.items():
        if key == "highest_finish":
            out[key] = max(out.get(key, 0), value)
        elif key == "doubles":
            was = out.get(key) or {d: [0, 0] for d in DOUBLES}
            out[key] = {
                d: [was[d][0] + value[d][0], was[d][1] + value[d][1]] for d in was
            }
        else:
            out[key] = out.get(key, 0) + value
    return out
