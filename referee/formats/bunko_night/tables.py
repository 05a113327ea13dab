"""Following a bunko night's tables: results from their matches, the stop to them."""

from __future__ import annotations

import copy
from collections.abc import Sequence

from referee.formats import Order
from referee.formats import TableMatch
from referee.formats import current_round
from referee.formats.bunko_night import rules as night
from referee.formats.bunko_night.common import STOP_KEY
from referee.formats.bunko_night.common import NightBase
from referee.formats.bunko_night.common import _reported
from referee.formats.bunko_night.common import _round
from referee.formats.bunko_night.common import _team_scores
from referee.formats.bunko_night.rules import Table
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused


class NightTables(NightBase):
    """What the night takes from its table matches, and what it tells them."""

    def sync(self, state: JSON, tables: Sequence[TableMatch]) -> list[JSON]:
        rnd = current_round(state)
        if rnd is None or state["over"]:
            return []
        events = []
        by_number = {t["number"]: t for t in rnd["tables"]}
        for tm in tables:
            seated = by_number.get(tm.number)
            if seated is None or seated.get("match") != tm.match:
                continue
            key = str(tm.number)
            prior = rnd["results"].get(key) or (rnd.get("pending") or {}).get(key)
            if prior is not None and prior["source"] != "match":
                continue  # a paper score or a correction wins over the scorepad
            table = Table(tm.number, tuple(seated["seats"]))  # type: ignore[arg-type]
            if tm.state.get("phase") == "over":
                result = night.result_from_state(table, tm.state)
                event = {
                    "type": "result",
                    "round": rnd["number"],
                    "table": tm.number,
                    "scores": _team_scores(table, result),
                    "bunkos": dict(result.bunkos),
                    "wipeouts": dict(result.wipeouts),
                    "source": "match",
                    "match_seq": tm.version,
                }
                if prior is None or any(
                    prior[k] != event[k] for k in ("scores", "bunkos", "wipeouts")
                ):
                    events.append(event)
            elif prior is not None:
                events.append(
                    {
                        "type": "withdraw",
                        "round": rnd["number"],
                        "table": tm.number,
                        "match_seq": tm.version,
                    }
                )
        # The head table first, so that its stop comes before the others' results.
        return self._acceptable(state, sorted(events, key=lambda e: e["table"]))

    def _acceptable(self, state: JSON, events: list[JSON]) -> list[JSON]:
        """The events the night takes now, with what each calls for folded in.

        A scorepad can end in a way the night does not take yet (a table that stopped
        itself before the head table finished): its result waits for the night's stop,
        or for the organiser, instead of blocking every other table's.
        """
        taken = []
        trial = state
        for event in events:
            try:
                trial = self.apply(copy.deepcopy(trial), event).state
                for follow in self.follow_ups(trial):
                    trial = self.apply(copy.deepcopy(trial), follow).state
            except (BadInput, Refused):
                continue
            taken.append(event)
        return taken

    def follow_ups(self, state: JSON) -> list[JSON]:
        rnd = current_round(state)
        if (
            rnd is None
            or state["over"]
            or rnd["stop"] is not None
            or str(night.HEAD) not in _reported(rnd)
        ):
            return []
        # Stop follows play: a finished table waiting for approval has finished.
        finished = [int(t) for t in _reported(rnd)]
        return [
            {
                "type": "stop",
                "round": rnd["number"],
                "tables": list(night.tables_to_stop(_round(rnd), finished)),
            }
        ]

    def orders(self, state: JSON, tables: Sequence[TableMatch]) -> list[Order]:
        rnd = current_round(state)
        if rnd is None or state["over"] or rnd["stop"] is None:
            return []
        out = []
        for tm in tables:
            if (
                tm.number in rnd["stop"]["tables"]
                and str(tm.number) not in _reported(rnd)
                and not tm.board.get("over")
                and not tm.board.get("detail", {}).get("stopped")
            ):
                out.append(Order(tm.number, tm.match, {"type": "stop"}, STOP_KEY))
        return out
