"""A profile's darts figures equal a recomputation from the raw logs (property test).

Random rounds of 301 (with undos) are played through the API into matches linked
to two fresh profiles. The test then reads each match's raw log back
(``GET /api/v1/matches/{id}/events``), keeps the events that still count, and works
the figures out with its own arithmetic: no engine, no ``referee.profiles``. The
profile the API serves must say exactly the same.
"""

from __future__ import annotations

import uuid
from typing import Any

from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

DARTS = ["T20", "T19", "S20", "S5", "S1", "D20", "D16", "D10", "D8", "D4", "D2", "D1"]
DARTS += ["DB", "SB", "M"]
START = 301
FIGURES = (
    "darts",
    "points",
    "first_nine_darts",
    "first_nine_points",
    "darts_at_double",
    "checkouts",
    "highest_finish",
    "legs_won",
)


def _value(code: str) -> tuple[int, bool]:
    """Points of a dart and whether it is a double (the bullseye is)."""
    if code == "M":
        return 0, False
    if code in ("SB", "DB"):
        return (25, False) if code == "SB" else (50, True)
    return {"S": 1, "D": 2, "T": 3}[code[0]] * int(code[1:]), code[0] == "D"


def _round(left: int, darts: list[str]) -> dict[str, Any]:
    """One round from ``left``: the darts thrown, points, busts, doubles aimed at."""
    out: dict[str, Any] = {"thrown": 0, "points": 0, "bust": False, "out": False}
    out["aimed"] = []
    for code in darts:
        out["thrown"] += 1
        if left == 50 or (left <= 40 and left % 2 == 0):
            out["aimed"].append("DB" if left == 50 else f"D{left // 2}")
        points, double = _value(code)
        new = left - points
        if new < 0 or new == 1 or (new == 0 and not double):
            out["bust"] = True
            return out
        left, out["points"] = new, out["points"] + points
        if new == 0:
            out["out"] = True
            return out
    return out


def _recompute(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each seat's figures from the raw rounds of one single-leg 301 match."""
    seats = [{k: 0 for k in FIGURES} | {"doubles": {}} for _ in range(2)]
    left, rounds, turn = [START, START], [0, 0], 0
    for event in events:
        me = seats[turn]
        start = left[turn]
        got = _round(start, event["darts"])
        me["darts"] += got["thrown"]
        scored = 0 if got["bust"] else got["points"]
        me["points"] += scored
        if rounds[turn] < 3:
            me["first_nine_darts"] += got["thrown"]
            me["first_nine_points"] += scored
        rounds[turn] += 1
        me["darts_at_double"] += len(got["aimed"])
        for d in got["aimed"]:
            me["doubles"].setdefault(d, [0, 0])[0] += 1
        if got["out"]:
            me["checkouts"] += 1
            me["legs_won"] += 1
            me["highest_finish"] = max(me["highest_finish"], start)
            me["doubles"][got["aimed"][-1]][1] += 1
            break
        left[turn] = left[turn] if got["bust"] else start - got["points"]
        turn = 1 - turn
    return seats


def _headers(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Idempotency-Key": uuid.uuid4().hex}


plays = st.lists(
    st.tuples(
        st.lists(st.sampled_from(DARTS), min_size=3, max_size=3),
        st.booleans(),  # undo this round right after entering it
    ),
    max_size=10,
)


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.lists(plays, min_size=1, max_size=2))
def test_profile_figures_equal_a_recomputation_from_the_raw_logs(client, matches):
    names = [f"Ann {uuid.uuid4().hex[:8]}", f"Bob {uuid.uuid4().hex[:8]}"]
    expected = [{k: 0 for k in FIGURES} | {"doubles": {}} for _ in range(2)]
    for rounds in matches:
        made = client.post(
            "/api/v1/matches",
            json={"game": "darts-301", "players": ["Ann", "Bob"]}
            | {"options": {"start": str(START)}},
        ).get_json()
        key = made["edit_key"]
        linked = client.put(
            f"/api/v1/matches/{made['id']}/players",
            json={"players": names},
            headers=_headers(key),
        )
        assert linked.status_code == 200
        played: list[dict[str, Any]] = []
        for darts, undo in rounds:
            # The darts up to a bust or a checkout: the rest were never thrown.
            left = _left(played)
            thrown = darts[: _round(left[len(played) % 2], darts)["thrown"]]
            event = {"type": "round", "darts": thrown}
            answer = client.post(
                f"/api/v1/matches/{made['id']}/events",
                json={"event": event},
                headers=_headers(key),
            )
            assert answer.status_code == 201, answer.get_json()
            if undo:
                undone = client.post(
                    f"/api/v1/matches/{made['id']}/undo", headers=_headers(key)
                )
                assert undone.status_code == 201
            else:
                played.append(event)
            if answer.get_json()["state"]["over"] and not undo:
                break
        log = client.get(f"/api/v1/matches/{made['id']}/events").get_json()["events"]
        raw = [e["event"] for e in log if e["kind"] == "event" and not e["voided"]]
        assert raw == played
        for seat, figures in enumerate(_recompute(raw)):
            _add(expected[seat], figures)
    players = client.get("/api/v1/players").get_json()["players"]
    for seat, name in enumerate(names):
        pid = next(p["id"] for p in players if p["name"] == name)
        darts = client.get(f"/api/v1/players/{pid}").get_json()["games"]["darts-301"]
        totals = darts["totals"]
        assert {k: totals[k] for k in FIGURES} == {
            k: expected[seat][k] for k in FIGURES
        }
        hit = {
            d: [v["darts"], v["hits"]]
            for d, v in darts["doubles"].items()
            if v["darts"]
        }
        assert hit == expected[seat]["doubles"]
        assert darts["matches"] == len(matches)


def _left(played: list[dict[str, Any]]) -> list[int]:
    left = [START, START]
    for i, event in enumerate(played):
        got = _round(left[i % 2], event["darts"])
        if not got["bust"]:
            left[i % 2] -= got["points"]
    return left


def _add(total: dict[str, Any], more: dict[str, Any]) -> None:
    for key in FIGURES:
        if key == "highest_finish":
            total[key] = max(total[key], more[key])
        else:
            total[key] += more[key]
    for d, (a, h) in more["doubles"].items():
        was = total["doubles"].setdefault(d, [0, 0])
        was[0] += a
        was[1] += h
