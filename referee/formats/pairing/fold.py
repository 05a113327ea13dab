"""The pairing layer's fold: each event of the log and the ruling it gets."""

from __future__ import annotations

import copy

from referee import games
from referee.formats.pairing import approval
from referee.formats.pairing import results
from referee.formats.pairing import seeding
from referee.formats.pairing.common import _stored
from referee.formats.pairing.common import busy_stations
from referee.formats.pairing.common import dependants_started
from referee.formats.pairing.common import pairing_by_number
from referee.formats.pairing.common import resolve
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict


class PairingFold:
    """Fold the log: ``create``, ``pairings``, ``call``, ``result``, ``withdraw``,
    ``correction``, the approvals, and the format's own events (``apply_own``)."""

    def apply(self, state: JSON | None, event: JSON) -> Step:
        kind = event.get("type")
        state = copy.deepcopy(state)  # never the caller's: replay and trials reuse it
        if state is None:
            if kind != "create":
                raise BadInput("A tournament's log opens with 'create'.", field="type")
            return self._create(event)
        handlers = {
            "pairings": self._pairings,
            "call": self._call,
            "result": self._result,
            "withdraw": self._withdraw,
            "correction": self._correction,
            "approval": lambda s, e: approval.apply(s, e, results.text),
            "approve": lambda s, e: approval.apply(s, e, results.text),
        }
        handler = handlers.get(str(kind))
        step = handler(state, event) if handler else self.apply_own(state, event)
        resolve(step.state)
        step.state["over"] = self.finished(step.state)
        return step

    def _create(self, event: JSON) -> Step:
        players = list(event["players"])
        draw = seeding.check_draw(event.get("draw"), len(players))
        how = event.get("seeding") or "given"
        state: JSON = {
            "format": self.id,
            "players": players,
            "options": dict(event["options"]),
            "game": event["game"],
            "game_options": dict(event.get("game_options") or {}),
            "stations": list(event["stations"]),
            "seeding": how,
            "ratings": event.get("ratings"),
            "teams": event.get("teams"),
            "draw": draw,
            "seeds": seeding.seeds(players, how, draw, event.get("ratings")),
            "pairings": [],
            "rounds": [],  # the bunko night's round list; pairings carry theirs
            "over": False,
        }
        by = {"given": "as listed", "drawn": "by draw", "rating": "by rating"}[how]
        summary = (
            f"{self.title} of {games.get(state['game']).title}: {len(players)} "
            f"players, seeded {by}, on {len(state['stations'])} "
            f"{'station' if len(state['stations']) == 1 else 'stations'}."
        )
        return Step(state, Ruling(Verdict.OK, summary))

    def _pairings(self, state: JSON, event: JSON) -> Step:
        known = {p["id"] for p in state["pairings"]}
        added = []
        for raw in event["pairings"]:
            if raw["id"] in known:
                raise Refused(f"Pairing {raw['id']} exists already.")
            known.add(raw["id"])
            pairing = {
                "number": len(state["pairings"]) + 1,
                "id": raw["id"],
                "round": int(raw.get("round", 1)),
                "label": raw.get("label") or f"Round {raw.get('round', 1)}",
                "group": raw.get("group"),
                "sides": list(raw["sides"]),
                "entrants": [None, None],
                "known": [False, False],
                "station": None,
                "match": None,
                "result": None,
            }
            state["pairings"].append(pairing)
            added.append(pairing)
        resolve(state)
        rounds = sorted({p["round"] for p in added})
        what = ", ".join(str(r) for r in rounds)
        summary = (
            f"{len(added)} pairing{'s' if len(added) != 1 else ''} drawn up "
            f"(round{'s' if len(rounds) != 1 else ''} {what})."
        )
        return Step(state, Ruling(Verdict.OK, summary))

    def _call(self, state: JSON, event: JSON) -> Step:
        lines = []
        for call in event["calls"]:
            p = pairing_by_number(state, call["pairing"])
            if p["match"] is not None or p["result"] is not None:
                raise Refused(f"Pairing {p['number']} has been called already.")
            if not all(p["known"]) or None in p["entrants"]:
                raise Refused(f"Pairing {p['number']} is not ready.")
            station = int(call["station"])
            if not 1 <= station <= len(state["stations"]):
                raise BadInput(f"There is no station {station}.", field="station")
            if station in busy_stations(state):
                raise Refused(f"{state['stations'][station - 1]} is in use.")
            p["match"], p["station"] = call["match"], station
            a, b = p["entrants"]
            lines.append(f"{a} v {b} to {state['stations'][station - 1]}")
        return Step(state, Ruling(Verdict.OK, "Call: " + "; ".join(lines) + "."))

    def _result(self, state: JSON, event: JSON) -> Step:
        p = pairing_by_number(state, event["pairing"])
        if p["result"] is not None:
            raise Refused(
                f"Pairing {p['number']} has a result already "
                f"({results.text(p['result'], p['entrants'])}): send a correction.",
            )
        self._check_result(state, p, event)
        if event.get("source") == "match" and p["match"] is None:
            raise Refused(f"Pairing {p['number']} has no match.")
        if approval.waits(state, _stored(event)):
            p["pending"] = _stored(event)
            return Step(
                state,
                Ruling(
                    Verdict.OK,
                    f"{p['label']}: {results.text(p['pending'], p['entrants'])}; it "
                    "waits for the organiser's approval.",
                ),
            )
        p["result"] = _stored(event)
        verdict = Verdict.OK if event["how"] == "bye" else Verdict.WIN
        return Step(
            state,
            Ruling(
                verdict, f"{p['label']}: {results.text(p['result'], p['entrants'])}."
            ),
        )

    def _withdraw(self, state: JSON, event: JSON) -> Step:
        p = pairing_by_number(state, event["pairing"])
        if (p.get("pending") or {}).get("source") == "match":
            p["pending"] = None  # the match was reopened before its approval
            a, b = p["entrants"]
            return Step(
                state, Ruling(Verdict.OK, f"{a} v {b} was reopened: its result waits.")
            )
        if p["result"] is None or p["result"]["source"] != "match":
            raise Refused(f"Pairing {p['number']} has no result from its match.")
        if any(dependants_started(state, p)):
            raise Refused(f"Pairing {p['number']}'s winner plays on already.")
        p["result"] = None
        a, b = p["entrants"]
        return Step(
            state,
            Ruling(Verdict.OK, f"{a} v {b} was reopened: its result waits."),
        )

    def _correction(self, state: JSON, event: JSON) -> Step:
        p = pairing_by_number(state, event["pairing"])
        self._check_result(state, p, event)
        prior = p["result"]
        new = _stored({**event, "source": "correction", "match_seq": None})
        changed = prior is None or prior["winner"] != new["winner"]
        if changed and any(dependants_started(state, p)):
            raise Refused(
                f"Pairing {p['number']}'s result decides who plays in a pairing "
                "already called: correct that one first.",
            )
        p["result"], p["pending"] = new, None
        line = f"Correction, {p['label']}: {results.text(new, p['entrants'])}."
        if prior is not None:
            line += f" Before: {results.text(prior, p['entrants'])}."
        if new.get("note"):
            line += f" Note: {new['note']}"
        return Step(state, Ruling(Verdict.OK, line))

    def _check_result(self, state: JSON, p: JSON, event: JSON) -> None:
        if not all(p["known"]):
            raise Refused(f"Pairing {p['number']}'s players are not known yet.")
        how, winner, score = event["how"], event["winner"], event["score"]
        if how == "bye":
            return
        if None in p["entrants"]:
            raise Refused(f"Pairing {p['number']} is a bye: it needs no result.")
        if winner is None and (how != "played" or not self.allows_draws):
            raise BadInput(
                "Name the winner: this format has no draws."
                if how == "played"
                else f"A {how} needs a winner.",
                field="winner",
                example='"winner": "Ann"',
            )
        if how == "played" and any(score):
            game = state["game"]
            if winner is None and score[0] != score[1]:
                raise BadInput("A draw has equal scores.", field="score")
            if winner is not None and results.difference(game, event, winner) < 0:
                raise BadInput(
                    f"{p['entrants'][winner]} won, so their score cannot be the "
                    f"worse one ({score[0]}-{score[1]}).",
                    field="score",
                    example="[3, 1]",
                )
