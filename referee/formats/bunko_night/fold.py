"""A bunko night's fold: each event of the night's log and the ruling it gets."""

from __future__ import annotations

import copy

from referee.formats import approval as shared
from referee.formats import current_round
from referee.formats.bunko_night import approval
from referee.formats.bunko_night import rules as night
from referee.formats.bunko_night.common import TITLES
from referee.formats.bunko_night.common import NightBase
from referee.formats.bunko_night.common import _and
from referee.formats.bunko_night.common import _game_result
from referee.formats.bunko_night.common import _missing
from referee.formats.bunko_night.common import _reported
from referee.formats.bunko_night.common import _result_text
from referee.formats.bunko_night.common import _round
from referee.formats.bunko_night.common import _source
from referee.formats.bunko_night.common import _stored
from referee.formats.bunko_night.common import _tied
from referee.formats.bunko_night.common import overall_json
from referee.formats.bunko_night.common import table_name
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict


class NightFold(NightBase):
    """Apply one event of the night's log to its state."""

    def apply(self, state: JSON | None, event: JSON) -> Step:
        kind = event.get("type")
        if state is None:
            if kind != "create":
                raise BadInput("A bunko night's log opens with 'create'.", field="type")
            return self._create(event)
        new = copy.deepcopy(state)
        for rnd in new["rounds"]:
            rnd.setdefault("pending", {})  # a night stored before approval existed
        handler = {
            "round": self._round,
            "result": self._result,
            "withdraw": self._withdraw,
            "stop": self._stop,
            "correction": self._correction,
            "seating": self._seating_choice,
            "end": self._end,
            "tie_break": self._tie_break,
            "approval": lambda s, e: shared.switch(s, e, approval.release),
            "approve": approval.approve,
        }.get(str(kind))
        if handler is None:
            raise BadInput(f"'{kind}' is not an event of a bunko night.", field="type")
        if new["over"] and kind not in ("correction", "tie_break"):
            raise Refused("The night is over.", [night.R_OVERALL])
        return handler(new, event)

    def _create(self, event: JSON) -> Step:
        players = list(self.check_players(event["players"]))
        options = self.parse_options(event.get("options"))
        draw = event.get("draw")
        first = night.first_round(players, draw)
        state = {
            "players": players,
            "options": options,
            "draw": draw,
            "rounds": [],
            "choices": {},
            "tie_breaks": {"winner": [], "loser": []},
            "over": False,
        }
        how = "drawn" if draw is not None else "as listed"
        summary = (
            f"A bunko night for {len(players)} players at {len(first.tables)} "
            f"tables; round 1 seats {how}."
        )
        return Step(
            state, Ruling(Verdict.OK, summary, (night.R_PLAYERS, night.R_TABLES))
        )

    def _round(self, state: JSON, event: JSON) -> Step:
        seating = event.get("seating") or {}
        expected = self._next(state, seating)
        given = [tuple(t["seats"]) for t in event["tables"]]
        if event["number"] != expected.number or given != [
            t.seats for t in expected.tables
        ]:
            raise Refused(
                f"Round {expected.number}'s seats do not follow from the night so far.",
                [night.R_ROTATION],
            )
        state["rounds"].append(
            {
                "number": expected.number,
                "tables": [
                    {
                        "number": t["number"],
                        "seats": list(t["seats"]),
                        "match": t.get("match"),
                    }
                    for t in event["tables"]
                ],
                "seating": dict(seating),
                "results": {},
                "pending": {},  # results waiting for the organiser's approval
                "stop": None,
            }
        )
        state["choices"] = {}
        n = len(expected.tables)
        where = "; ".join(
            f"{table_name(t.number, n)}: {t.team_name(0)} v {t.team_name(1)}"
            for t in expected.tables
        )
        rules = (
            (night.R_TABLES,)
            if expected.number == 1
            else (
                night.R_ROTATION,
                night.R_PARTNERS,
            )
        )
        return Step(
            state,
            Ruling(Verdict.OK, f"Round {expected.number}. {where}.", rules),
        )

    def _result(self, state: JSON, event: JSON) -> Step:
        rnd, table = self._playing_table(state, event)
        key = str(table.number)
        prior = rnd["results"].get(key) or rnd["pending"].get(key)
        source = event["source"]
        if prior is not None and not (source == prior["source"] == "match"):
            a, b = prior["scores"]
            raise Refused(
                f"{table_name(table.number, len(rnd['tables']))} already has its "
                f"result ({a}-{b}, {_source(prior['source'])}); the organiser can "
                "correct it.",
                [night.R_WIN_LOSS],
            )
        if table.number != night.HEAD and rnd["stop"] is None:
            raise Refused(
                f"Table {table.number} plays on until the head table reaches "
                f"{night.TARGET} and calls stop.",
                [night.R_STOP, night.R_HEAD],
            )
        result = _game_result(table, event)
        waits = shared.required(state)
        # A new scorepad result replaces the old one, approved or not: it waits too.
        rnd["results"].pop(key, None)
        rnd["pending"].pop(key, None)
        rnd["pending" if waits else "results"][key] = _stored(result, event, source)
        state["choices"] = {}
        summary = _result_text(table, len(rnd["tables"]), result)
        if prior is not None:
            summary = f"Scorepad changed: {summary}"
        rules: tuple[str, ...] = (night.R_WIN_LOSS,)
        if table.number == night.HEAD:
            rules = (night.R_HEAD, night.R_WIN_LOSS)
        if waits:
            summary += " It waits for the organiser's approval."
            return Step(state, Ruling(Verdict.OK, summary, rules))
        return Step(state, Ruling(Verdict.WIN, summary, rules))

    def _withdraw(self, state: JSON, event: JSON) -> Step:
        rnd, table = self._playing_table(state, event)
        key = str(table.number)
        prior = rnd["results"].get(key) or rnd["pending"].get(key)
        if prior is None or prior["source"] != "match":
            raise Refused(f"Table {table.number} has no scorepad result to withdraw.")
        rnd["results"].pop(key, None)
        rnd["pending"].pop(key, None)
        state["choices"] = {}
        name = table_name(table.number, len(rnd["tables"]))
        summary = (
            f"{name}'s game was reopened on its scorepad: its result no longer "
            "counts until the game ends again."
        )
        return Step(state, Ruling(Verdict.VOID, summary, (night.R_WIN_LOSS,)))

    def _stop(self, state: JSON, event: JSON) -> Step:
        rnd = self._current(state, event.get("round"))
        if rnd["stop"] is not None:
            raise Refused("Stop was already called this round.", [night.R_STOP])
        if str(night.HEAD) not in _reported(rnd):
            raise Refused("Only the head table calls stop.", [night.R_STOP])
        tables = [int(t) for t in event.get("tables", [])]
        rnd["stop"] = {"tables": tables}
        if tables:
            which = _and([str(t) for t in tables])
            summary = (
                f"The head table is done: stop at table{'s' if len(tables) > 1 else ''}"
                f" {which}. A tied table plays on until the tie is broken."
            )
        else:
            summary = "The head table is done; every table has finished."
        return Step(state, Ruling(Verdict.OK, summary, (night.R_STOP, night.R_TIE)))

    def _correction(self, state: JSON, event: JSON) -> Step:
        number = event["round"]
        if not 1 <= number <= len(state["rounds"]):
            raise BadInput(
                f"There is no round {number} yet (rounds so far: "
                f"{len(state['rounds'])}).",
                field="round",
            )
        rnd = state["rounds"][number - 1]
        table = _round(rnd).table(event["table"])
        n = len(rnd["tables"])
        key = str(table.number)
        prior = rnd["results"].get(key) or rnd["pending"].get(key)
        tied_before = _tied(state)
        result = _game_result(table, event)
        rnd["results"][key] = {
            **_stored(result, event, "correction"),
            "note": event.get("note", ""),
        }
        rnd["pending"].pop(key, None)  # the organiser's own word counts at once
        notes = []
        if prior is not None:
            a, b = prior["scores"]
            notes.append(f"Before: {a}-{b}, {_source(prior['source'])}.")
        if number < len(state["rounds"]):
            notes.append(
                f"Round {number + 1} was already seated from the old result and "
                "keeps its seats."
            )
        else:
            state["choices"] = {}
        if state["over"]:
            tied_after = _tied(state)
            for title in TITLES:
                if (
                    tied_before[title] != tied_after[title]
                    and state["tie_breaks"][title]
                ):
                    state["tie_breaks"][title] = []
                    notes.append(f"The roll-off for overall {title} starts again.")
        if event.get("note"):
            notes.append(f"Note: {event['note']}")
        summary = " ".join(
            [f"Correction, round {number}: {_result_text(table, n, result)}", *notes]
        )
        return Step(state, Ruling(Verdict.OK, summary, (night.R_WIN_LOSS,)))

    def _seating_choice(self, state: JSON, event: JSON) -> Step:
        rnd = current_round(state)
        if rnd is None:
            raise Refused("Round 1 is seated by the organiser.", [night.R_TABLES])
        table = event["table"]
        chosen = {**state["choices"], str(table): list(event["seats"])}
        upcoming = self._next(state, chosen)  # checks the choice against the rules
        state["choices"] = chosen
        t = upcoming.table(table)
        summary = (
            f"{table_name(table, len(upcoming.tables))} in round "
            f"{upcoming.number}: {t.team_name(0)} v {t.team_name(1)}, clockwise "
            f"{', '.join(t.seats)}."
        )
        return Step(state, Ruling(Verdict.OK, summary, (night.R_PARTNERS,)))

    def _end(self, state: JSON, event: JSON) -> Step:
        rnd = current_round(state)
        if rnd is None:
            raise Refused("No round has been played yet.", [night.R_OVERALL])
        missing = _missing(rnd)
        if missing:
            waiting = [m for m in missing if str(m) in rnd["pending"]]
            has = "has" if len(missing) == 1 else "have"
            raise Refused(
                f"Round {rnd['number']} is still on: table "
                f"{_and([str(m) for m in missing])} {has} no counted result yet"
                + (
                    f" (table {_and([str(m) for m in waiting])} waiting for "
                    "your approval)."
                    if waiting
                    else "."
                ),
                [night.R_WIN_LOSS],
            )
        state["over"] = True
        standing = overall_json(state)
        parts = []
        for title, word in (("winner", "wins"), ("loser", "losses")):
            info = standing[title]
            if info["decided"]:
                count = info["count"]
                parts.append(
                    f"{info['decided']} is the overall {title} with {count} {word}"
                )
            else:
                parts.append(
                    f"{_and(info['tied'])} tie for the most {word} "
                    f"({info['count']}): roll one die each"
                )
        summary = f"The night is over after {rnd['number']} rounds. " + (
            "; ".join(parts) + "."
        )
        return Step(
            state, Ruling(Verdict.OK, summary, (night.R_OVERALL, night.R_TIE_BREAK))
        )

    def _tie_break(self, state: JSON, event: JSON) -> Step:
        if not state["over"]:
            raise Refused(
                "Ties are rolled off once the night is over: end it first.",
                [night.R_TIE_BREAK],
            )
        title = event["title"]
        info = overall_json(state)[title]
        if info["decided"]:
            raise Refused(
                f"The overall {title} is decided: {info['decided']}.",
                [night.R_OVERALL, night.R_TIE_BREAK],
            )
        rolls = [*state["tie_breaks"][title], dict(event["rolls"])]
        outcome = night.break_tie(
            info["tied"], rolls, highest_takes=self._highest(state, title)
        )
        state["tie_breaks"][title] = rolls
        shown = ", ".join(f"{p} {d}" for p, d in event["rolls"].items())
        if outcome.decided:
            summary = f"Roll-off ({shown}): {outcome.decided} is the overall {title}."
            verdict = Verdict.WIN
        else:
            summary = (
                f"Roll-off ({shown}): {_and(list(outcome.roll_again))} tie again and "
                "roll again."
            )
            verdict = Verdict.OK
        return Step(state, Ruling(verdict, summary, (night.R_TIE_BREAK,)))
