"""Following a pairing tournament's matches: results from them, calls to stations."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence

from referee.formats import TableMatch
from referee.formats import TablePlan
from referee.formats.pairing import results
from referee.formats.pairing.common import busy_stations
from referee.formats.pairing.common import pairing_by_number
from referee.formats.pairing.common import playing
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused


class PairingTables:
    """What the layer takes from its matches, and the calls of ready pairings."""

    def live_matches(self, state: JSON) -> dict[str, int]:
        """The matches to read: those on a station (playing, or just finished)."""
        out = {}
        latest: dict[int, JSON] = {}
        for p in state["pairings"]:
            if p["station"] is not None and p["match"]:
                latest[p["station"]] = p
        for p in latest.values():
            if p["result"] is None or p["result"]["source"] == "match":
                out[p["match"]] = p["number"]
        # Every match in play, whatever was called to its station since: a pairing
        # called out of the declared order (its players were busy) is not the last
        # on its station by number, and its result must still be read.
        for p in state["pairings"]:
            if p["match"] and p["result"] is None and not p.get("pending"):
                out[p["match"]] = p["number"]
        return out

    def match_number(self, state: JSON, match_id: str) -> int | None:
        for p in state["pairings"]:
            if p["match"] == match_id:
                return int(p["number"])
        return None

    def sync(self, state: JSON, tables: Sequence[TableMatch]) -> list[JSON]:
        events = []
        for tm in tables:
            p = pairing_by_number(state, tm.number)
            if p["match"] != tm.match:
                continue
            prior = p["result"] or p.get("pending")
            if prior is not None and prior["source"] != "match":
                continue  # an entered result or a correction wins over the match
            if tm.board.get("over"):
                found = results.from_board(state["game"], tm.board)
                event = {
                    "type": "result",
                    "pairing": p["number"],
                    "table": p["station"],
                    "winner": found["winner"],
                    "score": found["score"],
                    "how": "played",
                    "note": "",
                    "source": "match",
                    "match_seq": tm.version,
                }
                withdraw = {
                    "type": "withdraw",
                    "pairing": p["number"],
                    "match_seq": None,
                }
                events += results.taken_in(prior, event, withdraw)
            elif prior is not None:
                events.append(
                    {
                        "type": "withdraw",
                        "pairing": p["number"],
                        "match_seq": tm.version,
                    }
                )
        return self._acceptable(state, events)

    def _acceptable(self, state: JSON, events: list[JSON]) -> list[JSON]:
        """The events the tournament takes now; a refused one waits (or is moot)."""
        taken = []
        trial = state
        for event in events:
            try:
                trial = self.apply(trial, event).state
                for follow in self.follow_ups(trial):
                    trial = self.apply(trial, follow).state
            except (BadInput, Refused):
                continue
            taken.append(event)
        return taken

    def follow_ups(self, state: JSON) -> list[JSON]:
        byes = [
            {
                "type": "result",
                "pairing": p["number"],
                "table": None,
                "winner": 0 if p["entrants"][0] else 1 if p["entrants"][1] else None,
                "score": [0, 0],
                "how": "bye",
                "note": "",
                "source": "auto",
                "match_seq": None,
            }
            for p in state["pairings"]
            if p["result"] is None and all(p["known"]) and None in p["entrants"]
        ]
        if byes:
            return byes[:1]
        due = self.next_pairings(state)
        return [{"type": "pairings", "pairings": due}] if due else []

    def calls(self, state: JSON) -> list[TablePlan]:
        """Ready pairings onto free stations, in the order they were declared."""
        if state.get("over"):
            return []
        free = [
            s
            for s in range(1, len(state["stations"]) + 1)
            if s not in busy_stations(state)
        ]
        busy = playing(state)
        plans = []
        for p in sorted(state["pairings"], key=lambda p: (p["round"], p["number"])):
            if not free:
                break
            a, b = p["entrants"]
            if (
                p["result"] is not None
                or p["match"] is not None
                or not all(p["known"])
                or a is None
                or b is None
                or a in busy
                or b in busy
            ):
                continue
            station = free.pop(0)
            busy |= {a, b}
            teams = state.get("teams")
            plans.append(
                TablePlan(
                    p["number"],
                    [{"name": n, "players": list(teams[n])} for n in (a, b)]
                    if teams
                    else [],
                    dict(state["game_options"]),
                    f"{p['label']}: {a} v {b} · {state['stations'][station - 1]}",
                    players=None if teams else [a, b],
                    station=station,
                    round=p["round"],
                )
            )
        return plans

    def call_event(self, state: JSON, matches: Mapping[int, str]) -> JSON | None:
        """The ``call`` event for the matches made for ``calls`` (None: moot now)."""
        calls = [
            {
                "pairing": plan.number,
                "station": plan.station,
                "match": matches[plan.number],
            }
            for plan in self.calls(state)
            if plan.number in matches
        ]
        return {"type": "call", "calls": calls} if calls else None

    # --- the view -------------------------------------------------------------------
