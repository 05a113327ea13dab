"""What darts 301 tells the service: a result's legs, the caller's words, the
profile figures (three-dart average, first nine, checkouts, doubles)."""

from __future__ import annotations

from referee.games import checkouts
from referee.games import facts
from referee.games.darts import BULL
from referee.games.darts import parse_dart
from referee.games.outcomes import JSON

DOUBLES = tuple([f"D{n}" for n in range(1, 21)] + ["DB"])


def result_score(board: JSON) -> list[int]:
    """A finished match's score as a tournament counts it: legs won, per side."""
    sides = board.get("sides") or []
    summary = (board.get("detail") or {}).get("summary") or {}
    players = summary.get("players") or {}
    return [
        int((players.get(s.get("name")) or {}).get("legs_won", s.get("legs", 0)) or 0)
        for s in sides
    ]


def caller(view: JSON, ruling: JSON, event: JSON) -> str:
    """A round's score, a bust, a finish and what the next player requires."""
    detail = view["detail"]
    verdict = ruling.get("verdict")
    if verdict == "win":
        return (
            "Game shot, and the match!" if view["over"] else "Game shot, and the leg!"
        )
    said = []
    if verdict == "bust":
        said.append("No score.")
    elif not detail["round"]["darts"] and detail.get("sheet"):
        points = detail["sheet"][-1]["points"]
        said.append(
            "One hundred and eighty!"
            if points == 180
            else f"{points}."
            if points
            else "No score."
        )
    else:
        return ""  # a dart in the middle of a round: a caller waits for the third
    turn = view.get("turn")
    left = detail["round"]["start_score"]
    if turn and detail.get("checkouts") and not detail["round"]["darts"]:
        said.append(f"{turn}, you require {left}.")
    return " ".join(said)


# --- the profile figures ---


def _new() -> JSON:
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


_ADDED = {
    "darts": "darts",
    "points": "points",
    "first_nine_darts": "first_nine_darts",
    "first_nine_points": "first_nine_points",
    "darts_at_double": "at_double",
    "checkouts": "checkouts",
    "legs_won": "legs_won",
    "one_eighties": "one_eighties",
}


def _watch(
    before: JSON, after: JSON, event: JSON, per: dict[str, JSON], _: JSON
) -> None:
    seat = before["turn"]
    if seat is None:
        return
    name = before["players"][seat]
    mine = per[name]
    was, now = before["stats"][seat], after["stats"][seat]
    for ours, theirs in _ADDED.items():
        mine[ours] += now[theirs] - was[theirs]
    if now["checkouts"] > was["checkouts"]:
        mine["highest_finish"] = max(mine["highest_finish"], before["round"]["start"])
    _doubles(before["scores"][seat], _thrown(event), mine["doubles"])


def _thrown(event: JSON) -> list[str]:
    """The dart codes an event names (none for a round entered by its total)."""
    if event.get("type") == "dart":
        return [event["dart"]]
    if event.get("type") == "round":
        return list(event["darts"])
    return []


def _doubles(left: int, codes: list[str], doubles: JSON) -> None:
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


def _shown(mine: JSON) -> JSON:
    return {
        "three_dart_average": facts.average(mine["points"], mine["darts"]),
        "first_nine_average": facts.average(
            mine["first_nine_points"], mine["first_nine_darts"]
        ),
        "checkout_percent": facts.percent(mine["checkouts"], mine["darts_at_double"]),
    }


SERIES = (
    "match",
    "date",
    "three_dart_average",
    "first_nine_average",
    "checkout_percent",
    "highest_finish",
)


def _summary(summed: JSON, series: list[JSON]) -> JSON:
    return {
        "doubles": {
            d: {"darts": a, "hits": h, "percent": facts.percent(h, a)}
            for d, (a, h) in (summed.get("doubles") or {}).items()
        },
        "series": [{k: s.get(k) for k in SERIES} for s in series],
    }


TALLY = facts.Tally(
    title="Darts 301", new=_new, watch=_watch, shown=_shown, summary=_summary
)
