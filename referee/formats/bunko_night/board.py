"""A bunko night's board: its rounds, tables, tallies and titles, as shown."""

from __future__ import annotations

from collections.abc import Sequence

from referee.formats import TableMatch
from referee.formats import current_round
from referee.formats.bunko_night import rules as night
from referee.formats.bunko_night.common import NightBase
from referee.formats.bunko_night.common import _missing
from referee.formats.bunko_night.common import _pairings
from referee.formats.bunko_night.common import _prompt
from referee.formats.bunko_night.common import _round
from referee.formats.bunko_night.common import _round_json
from referee.formats.bunko_night.common import _table_json
from referee.formats.bunko_night.common import overall_json
from referee.formats.bunko_night.common import table_name
from referee.formats.bunko_night.common import tallies_of
from referee.formats.bunko_night.rules import Table
from referee.games.outcomes import JSON


class NightBoard(NightBase):
    """The night as the pages and the TV board show it."""

    def board_entry(
        self, state: JSON, number: int, live: TableMatch | None
    ) -> JSON | None:
        rnd = current_round(state)
        seated = next(
            (t for t in (rnd or {}).get("tables", []) if t["number"] == number), None
        )
        if rnd is None or seated is None:
            return None
        return _table_json(seated, rnd, self.tables_for(state["players"]), live)

    def view(self, state: JSON, tables: Sequence[TableMatch]) -> JSON:
        rnd = current_round(state)
        live = {tm.number: tm for tm in tables}
        n_tables = self.tables_for(state["players"])
        current = [
            _table_json(t, rnd, n_tables, live.get(t["number"]))
            for t in (rnd["tables"] if rnd else [])
        ]
        previous = _round(state["rounds"][-2]) if len(state["rounds"]) > 1 else None
        seats = (
            [s.to_json() for s in night.assignments(_round(rnd), previous)]
            if rnd
            else []
        )
        tallies = tallies_of(state)
        ranked = night.standings(tallies)
        standings = []
        for i, (player, t) in enumerate(ranked):
            same = i and (t.wins, t.losses) == (
                ranked[i - 1][1].wins,
                ranked[i - 1][1].losses,
            )
            rank = standings[-1]["rank"] if same else i + 1
            standings.append({"rank": rank, "player": player, **t.to_json()})
        missing = _missing(rnd) if rnd else []
        if state["over"]:
            phase = "over"
        elif rnd is None:
            phase = "seating"
        elif missing:
            phase = "playing"
        else:
            phase = "between-rounds"
        return {
            "format": self.id,
            "game": self.game,
            "players": list(state["players"]),
            "options": dict(state["options"]),
            "phase": phase,
            "round": rnd["number"] if rnd else 0,
            "prompt": _prompt(state, rnd, missing),
            "tables": current,
            "stop": rnd["stop"] if rnd else None,
            "seats": seats,
            "rotation": self._rotation(state) if phase == "between-rounds" else None,
            "rounds": [_round_json(r, n_tables) for r in state["rounds"]],
            "tallies": {p: t.to_json() for p, t in tallies.items()},
            "standings": standings,
            "overall": overall_json(state)
            if any(r["results"] for r in state["rounds"])
            else None,
            "rules": dict(night.RULES),
        }

    def _rotation(self, state: JSON) -> JSON:
        rnd = current_round(state)
        assert rnd is not None
        upcoming = self._next(state, state["choices"])
        n = len(upcoming.tables)
        tables = []
        for t in upcoming.tables:
            entry = {
                **t.to_json(),
                "name": table_name(t.number, n),
                "chosen": str(t.number) in state["choices"],
                "choices": [],
            }
            if t.number != night.HEAD:
                entry["choices"] = [
                    {
                        "seats": list(seats),
                        "teams": [list(team) for team in Table(t.number, seats).teams],
                        "label": " & ".join(Table(t.number, seats).teams[0])
                        + " v "
                        + " & ".join(Table(t.number, seats).teams[1]),
                    }
                    for seats in _pairings(t, _round(rnd))
                ]
            tables.append(entry)
        return {
            "round": upcoming.number,
            "tables": tables,
            "seats": [s.to_json() for s in night.assignments(upcoming, _round(rnd))],
        }
