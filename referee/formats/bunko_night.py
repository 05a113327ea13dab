"""A bunko night as a tournament format: its events, their rulings, and its board.

The rules live in ``referee.games.bunko_night`` (seating, stop, rotation, tallies);
this module folds a night's log through them. Events (each with ``type``):

* ``create`` ``{players, options, draw}``: ``draw`` is the organiser's permutation
  (``None``: seats as listed), drawn by the service so replay is deterministic.
* ``round`` ``{number, tables: [{number, seats, match}], seating}``: a round is
  seated and its table matches exist; ``seating`` holds the tables' own choices.
* ``result`` ``{round, table, scores: [team A, team B], bunkos, wipeouts, source,
  match_seq}``: a table's game is over, from its match (``source`` "match") or
  reported on paper (``source`` "report").
* ``withdraw`` ``{round, table, match_seq}``: a table's match was reopened (undo)
  before the next round, so the result taken from it no longer counts.
* ``stop`` ``{round, tables}``: the head table is done; stop at those tables.
* ``correction`` ``{round, table, scores, bunkos, wipeouts, note}``: the organiser
  sets a table's result, in any round; it wins over anything else for that table.
* ``seating`` ``{table, seats}``: a table chooses who sits where next round.
* ``end`` ``{}``: no more rounds; the overall winner and loser are decided.
* ``tie_break`` ``{title: "winner" | "loser", rolls: {name: die}}``: one roll-off.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee.formats import Format
from referee.formats import Order
from referee.formats import TableMatch
from referee.formats import TablePlan
from referee.formats import current_round
from referee.games import bunko_night as night
from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import Option
from referee.games.base import Refused
from referee.games.base import Ruling
from referee.games.base import Step
from referee.games.base import Verdict
from referee.games.bunko_night import GameResult
from referee.games.bunko_night import Round
from referee.games.bunko_night import Table
from referee.games.bunko_night import Tally
from referee.games.dice import parse_die

TITLES = ("winner", "loser")
MAX_NOTE = 200
STOP_KEY = "bunko-night-stop"  # the idempotency key of the stop sent to a table


class BunkoNight(Format):
    """Tables of four, the head table's stop, rotation, tallies and roll-offs."""

    id = "bunko-night"
    title = "Bunko night"
    game = "bunko"
    summary = (
        "Eight or more players in fours, one bunko table per four. The head table "
        "plays to 21 and calls stop; winners move up a table, partners change."
    )
    options = (
        Option(
            "variant",
            "Rules at the tables",
            "'text': the rules text (6s score, bunko 3 plus the scramble, wipeouts). "
            "'bunco': the round number scores, three of it is 21, other triples 5.",
            "choice",
            "text",
            choices=("text", "bunco"),
        ),
        Option(
            "loser_roll",
            "Overall loser's roll-off",
            "Who takes the overall loser's title in a roll-off: 'highest' die (as "
            "for the winner) or 'lowest'.",
            "choice",
            "highest",
            choices=("highest", "lowest"),
        ),
    )
    table_writes = frozenset({"result", "seating"})

    # --- setting up -------------------------------------------------------------

    def check_players(self, players: Sequence[Any]) -> tuple[str, ...]:
        return night.check_players(players)

    def tables_for(self, players: Sequence[str]) -> int:
        return len(players) // night.PER_TABLE

    def create(
        self, players: Sequence[str], options: JSON, draw: Sequence[int] | None
    ) -> JSON:
        return {
            "type": "create",
            "players": list(players),
            "options": dict(options),
            "draw": list(draw) if draw is not None else None,
        }

    def plan(
        self, state: JSON, seating: Mapping[str, Sequence[str]] | None = None
    ) -> tuple[int, list[TablePlan]]:
        round_ = self._next(state, self._seating(state, seating))
        variant = state["options"]["variant"]
        return round_.number, [
            TablePlan(
                t.number,
                t.match_teams(),
                night.table_options(round_.number, t.number, variant),
                f"Round {round_.number} · {table_name(t.number, len(round_.tables))}",
            )
            for t in round_.tables
        ]

    def round_event(
        self,
        state: JSON,
        number: int,
        matches: Mapping[int, str],
        seating: Mapping[str, Sequence[str]] | None = None,
    ) -> JSON:
        chosen = self._seating(state, seating)
        round_ = self._next(state, chosen)
        if round_.number != number:
            raise Refused(f"Round {round_.number} is next, not round {number}.")
        return {
            "type": "round",
            "number": number,
            "tables": [
                {
                    "number": t.number,
                    "seats": list(t.seats),
                    "match": matches.get(t.number),
                }
                for t in round_.tables
            ],
            "seating": {k: list(v) for k, v in chosen.items()},
        }

    # --- client writes ----------------------------------------------------------

    def parse_event(self, raw: Any, state: JSON) -> JSON:
        if not isinstance(raw, Mapping):
            raise BadInput("An event is an object with a 'type'.", field="event")
        kind = raw.get("type")
        fields = {
            "result": {"round", "table", "scores", "bunkos", "wipeouts"},
            "correction": {"round", "table", "scores", "bunkos", "wipeouts", "note"},
            "seating": {"table", "seats"},
            "end": set(),
            "tie_break": {"title", "rolls"},
        }
        if kind not in fields:
            raise BadInput(
                f"'{kind}' is not something to send a bunko night (one of: "
                f"{', '.join(fields)}).",
                field="type",
            )
        extra = sorted(set(raw) - fields[kind] - {"type"})
        if extra:
            raise BadInput(
                f"'{extra[0]}' is not a field of '{kind}' (fields: "
                f"{', '.join(sorted(fields[kind])) or 'none'}).",
                field=extra[0],
            )
        rnd = current_round(state)
        if kind in ("result", "correction"):
            number = _whole(raw.get("round", rnd["number"] if rnd else 1), "round")
            event = {
                "type": kind,
                "round": number,
                "table": _whole(raw.get("table"), "table"),
                "scores": _scores(raw.get("scores")),
                "bunkos": _counts(raw.get("bunkos"), "bunkos"),
                "wipeouts": _counts(raw.get("wipeouts"), "wipeouts"),
            }
            if kind == "result":
                event.update(source="report", match_seq=None)
            else:
                note = " ".join(str(raw.get("note") or "").split())
                if len(note) > MAX_NOTE:
                    raise BadInput(
                        f"A note has at most {MAX_NOTE} characters.", field="note"
                    )
                event["note"] = note
            return event
        if kind == "seating":
            seats = raw.get("seats")
            if isinstance(seats, str):
                seats = [s for s in seats.replace(",", " ").split() if s]
            if not isinstance(seats, list) or len(seats) != night.PER_TABLE:
                raise BadInput(
                    "The seats are four names, clockwise from the table's first seat.",
                    field="seats",
                    example='["Kim", "Eve", "Lu", "Fay"]',
                )
            names = [" ".join(str(s).split()) for s in seats]
            return {
                "type": kind,
                "table": _whole(raw.get("table"), "table"),
                "seats": names,
            }
        if kind == "tie_break":
            title = raw.get("title")
            if title not in TITLES:
                raise BadInput(
                    "The title is 'winner' (most wins) or 'loser' (most losses).",
                    field="title",
                    example='"winner"',
                )
            rolls = raw.get("rolls")
            if not isinstance(rolls, Mapping) or not rolls:
                raise BadInput(
                    "The rolls are one die per tied player: {name: die}.",
                    field="rolls",
                    example='{"Ann": 5, "Bob": 2}',
                )
            try:
                dice = {str(p): parse_die(d) for p, d in rolls.items()}
            except BadInput as err:
                raise BadInput(
                    err.message, field="rolls", example=err.example
                ) from None
            return {"type": kind, "title": title, "rolls": dice}
        return {"type": "end"}

    # --- the fold ---------------------------------------------------------------

    def apply(self, state: JSON | None, event: JSON) -> Step:
        kind = event.get("type")
        if state is None:
            if kind != "create":
                raise BadInput("A bunko night's log opens with 'create'.", field="type")
            return self._create(event)
        new = copy.deepcopy(state)
        handler = {
            "round": self._round,
            "result": self._result,
            "withdraw": self._withdraw,
            "stop": self._stop,
            "correction": self._correction,
            "seating": self._seating_choice,
            "end": self._end,
            "tie_break": self._tie_break,
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
        prior = rnd["results"].get(key)
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
        rnd["results"][key] = _stored(result, event, source)
        state["choices"] = {}
        summary = _result_text(table, len(rnd["tables"]), result)
        if prior is not None:
            summary = f"Scorepad changed: {summary}"
        rules: tuple[str, ...] = (night.R_WIN_LOSS,)
        if table.number == night.HEAD:
            rules = (night.R_HEAD, night.R_WIN_LOSS)
        return Step(state, Ruling(Verdict.WIN, summary, rules))

    def _withdraw(self, state: JSON, event: JSON) -> Step:
        rnd, table = self._playing_table(state, event)
        prior = rnd["results"].get(str(table.number))
        if prior is None or prior["source"] != "match":
            raise Refused(f"Table {table.number} has no scorepad result to withdraw.")
        del rnd["results"][str(table.number)]
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
        if str(night.HEAD) not in rnd["results"]:
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
        prior = rnd["results"].get(key)
        tied_before = _tied(state)
        result = _game_result(table, event)
        rnd["results"][key] = {
            **_stored(result, event, "correction"),
            "note": event.get("note", ""),
        }
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
            raise Refused(
                f"Round {rnd['number']} is still on: table "
                f"{_and([str(m) for m in missing])} "
                f"{'has' if len(missing) == 1 else 'have'} no result yet.",
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

    # --- following the tables ---------------------------------------------------

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
            prior = rnd["results"].get(str(tm.number))
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
            or str(night.HEAD) not in rnd["results"]
        ):
            return []
        finished = [int(t) for t in rnd["results"]]
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
                and str(tm.number) not in rnd["results"]
                and not tm.board.get("over")
                and not tm.board.get("detail", {}).get("stopped")
            ):
                out.append(Order(tm.number, tm.match, {"type": "stop"}, STOP_KEY))
        return out

    # --- the board --------------------------------------------------------------

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

    # --- helpers ----------------------------------------------------------------

    def _next(self, state: JSON, seating: Mapping[str, Sequence[str]]) -> Round:
        if state["over"]:
            raise Refused("The night is over.", [night.R_OVERALL])
        rnd = current_round(state)
        if rnd is None:
            return night.first_round(state["players"], state.get("draw"))
        results = [GameResult.from_json(r) for r in rnd["results"].values()]
        choices = {int(k): list(v) for k, v in seating.items()}
        return night.next_round(_round(rnd), results, choices)

    def _seating(
        self, state: JSON, seating: Mapping[str, Sequence[str]] | None
    ) -> dict[str, list[str]]:
        chosen = {str(k): list(v) for k, v in (state.get("choices") or {}).items()}
        for k, v in (seating or {}).items():
            if not isinstance(v, Sequence) or isinstance(v, str):
                raise BadInput(
                    "Each table's seating is four names, clockwise.", field="seating"
                )
            chosen[str(_whole(k, "seating"))] = [" ".join(str(p).split()) for p in v]
        return chosen

    def _current(self, state: JSON, number: Any) -> JSON:
        rnd = current_round(state)
        if rnd is None:
            raise Refused("No round has started yet.", [night.R_TABLES])
        if number is not None and number != rnd["number"]:
            raise Refused(
                f"Round {number} is not being played (round {rnd['number']} is); "
                "the organiser can correct an earlier round.",
                [night.R_WIN_LOSS],
            )
        return rnd

    def _playing_table(self, state: JSON, event: JSON) -> tuple[JSON, Table]:
        rnd = self._current(state, event.get("round"))
        return rnd, _round(rnd).table(event["table"])

    def _highest(self, state: JSON, title: str) -> bool:
        return title == "winner" or state["options"]["loser_roll"] == "highest"


# --- the night's numbers -------------------------------------------------------------


def results_of(state: JSON) -> list[GameResult]:
    """Every result that counts, over all rounds."""
    return [
        GameResult.from_json(r)
        for rnd in state["rounds"]
        for _, r in sorted(rnd["results"].items(), key=lambda kv: int(kv[0]))
    ]


def tallies_of(state: JSON) -> dict[str, Tally]:
    return night.tally(results_of(state), state["players"])


def overall_json(state: JSON) -> JSON:
    """Per title: who is tied on the most, the roll-offs, and who is decided."""
    tallies = tallies_of(state)
    leaders = night.overall(tallies)
    out: JSON = {}
    for title, tied, count in (
        ("winner", leaders.winners, max(t.wins for t in tallies.values())),
        ("loser", leaders.losers, max(t.losses for t in tallies.values())),
    ):
        rolls = state["tie_breaks"][title]
        highest = title == "winner" or state["options"]["loser_roll"] == "highest"
        if len(tied) == 1:
            decided, again = tied[0], []
        elif rolls:
            outcome = night.break_tie(tied, rolls, highest_takes=highest)
            decided, again = outcome.decided, list(outcome.roll_again)
        else:
            decided, again = None, list(tied)
        out[title] = {
            "tied": list(tied),
            "count": count,
            "rolls": [dict(r) for r in rolls],
            "decided": decided,
            "roll_again": again,
            "highest_takes": highest,
        }
    return out


def table_name(number: int, tables: int) -> str:
    if number == night.HEAD:
        return "Head table"
    if number == tables:
        return "Bottom table"
    return f"Table {number}"


# --- helpers -----------------------------------------------------------------------


def _round(rnd: JSON) -> Round:
    return Round.from_json(rnd)


def _missing(rnd: JSON) -> list[int]:
    return [
        t["number"] for t in rnd["tables"] if str(t["number"]) not in rnd["results"]
    ]


def _tied(state: JSON) -> dict[str, list[str]]:
    leaders = night.overall(tallies_of(state))
    return {"winner": list(leaders.winners), "loser": list(leaders.losers)}


def _game_result(table: Table, event: JSON) -> GameResult:
    return night.result_from_scores(
        table,
        event["scores"],
        bunkos=event.get("bunkos") or {},
        wipeouts=event.get("wipeouts") or {},
    )


def _stored(result: GameResult, event: JSON, source: str) -> JSON:
    return {
        **result.to_json(),
        "scores": list(event["scores"]),
        "source": source,
        "match_seq": event.get("match_seq"),
    }


def _team_scores(table: Table, result: GameResult) -> list[int]:
    """A result's score as ``[team A, team B]`` of the table."""
    won, lost = result.score
    return [won, lost] if set(result.winners) == set(table.teams[0]) else [lost, won]


def _result_text(table: Table, tables: int, result: GameResult) -> str:
    won, lost = result.score
    return (
        f"{table_name(table.number, tables)}: {' & '.join(result.winners)} win "
        f"{won}-{lost}. A win each for {_and(list(result.winners))}, a loss for "
        f"{_and(list(result.losers))}."
    )


def _source(source: str) -> str:
    return {
        "match": "from the scorepad",
        "report": "reported on paper",
        "correction": "set by the organiser",
    }.get(source, source)


def _pairings(table: Table, before: Round) -> list[tuple[str, str, str, str]]:
    """The two ways to pair a table's stayers with its arrivals, the given one first.

    Swapping the two arrivals' seats swaps their partners, and keeps both pairs split.
    """
    stayed = set(before.table(table.number).seats)
    i, j = (k for k, p in enumerate(table.seats) if p not in stayed)
    other = list(table.seats)
    other[i], other[j] = other[j], other[i]
    return [table.seats, tuple(other)]  # type: ignore[list-item]


def _table_json(seated: JSON, rnd: JSON, tables: int, live: TableMatch | None) -> JSON:
    t = Table(seated["number"], tuple(seated["seats"]))  # type: ignore[arg-type]
    result = rnd["results"].get(str(t.number))
    board = live.board if live else None
    detail = board["detail"] if board else {}
    score = [s["score"] for s in board["sides"]] if board else [0, 0]
    stopped = bool(detail.get("stopped"))
    over = bool(board and board["over"])
    if result is not None:
        status = "finished"
    elif stopped and not over and score[0] == score[1]:
        status = "tied"
    elif live is None or live.version == 0:
        status = "waiting"
    else:
        status = "playing"
    return {
        **t.to_json(),
        "name": table_name(t.number, tables),
        "head": t.number == night.HEAD,
        "match": seated.get("match"),
        "seq": live.version if live else 0,
        "score": score,
        "turn": board["turn"] if board else None,
        "phase": detail.get("phase"),
        "prompt": board["prompt"] if board else "",
        "last_roll": detail.get("last_roll"),
        "stopped": stopped,
        "status": status,
        "result": result,
    }


def _round_json(rnd: JSON, tables: int) -> JSON:
    return {
        "number": rnd["number"],
        "tables": [
            {
                "number": t["number"],
                "name": table_name(t["number"], tables),
                "seats": list(t["seats"]),
                "team_names": list(
                    Table(t["number"], tuple(t["seats"])).to_json()["team_names"]  # type: ignore[arg-type]
                ),
                "match": t.get("match"),
                "result": rnd["results"].get(str(t["number"])),
            }
            for t in rnd["tables"]
        ],
        "stop": rnd["stop"],
        "seating": rnd.get("seating") or {},
    }


def _prompt(state: JSON, rnd: JSON | None, missing: list[int]) -> str:
    if state["over"]:
        info = overall_json(state)
        if info["winner"]["decided"] and info["loser"]["decided"]:
            return (
                f"The night is over: {info['winner']['decided']} wins it, "
                f"{info['loser']['decided']} is the overall loser."
            )
        return "The night is over: roll off the ties."
    if rnd is None:
        return "Seat round 1."
    if not missing:
        number = rnd["number"]
        return f"Round {number} is over: take your seats for round {number + 1}."
    if rnd["stop"] is None:
        return f"Round {rnd['number']}: the head table plays to {night.TARGET}."
    return (
        f"Round {rnd['number']}: stop called; waiting for table "
        f"{_and([str(m) for m in missing])}."
    )


def _whole(value: Any, field: str) -> int:
    if isinstance(value, bool):
        raise BadInput(f"'{field}' is a whole number.", field=field, example="2")
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        raise BadInput(
            f"'{field}' is a whole number.", field=field, example="2"
        ) from None
    return number


def _scores(value: Any) -> list[int]:
    if isinstance(value, str):
        value = value.replace("-", " ").replace(",", " ").split()
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise BadInput(
            "The score is two numbers: the first team's (seats 1 and 3), then the "
            "second team's.",
            field="scores",
            example="[21, 14]",
        )
    return [_whole(v, "scores") for v in value]


def _counts(value: Any, field: str) -> dict[str, int]:
    if value in (None, ""):
        return {}
    if not isinstance(value, Mapping):
        raise BadInput(
            f"'{field}' maps a player to a count.", field=field, example='{"Ann": 1}'
        )
    out = {}
    for p, n in value.items():
        count = _whole(n, field)
        if count:
            out[" ".join(str(p).split())] = count
    return out


def _and(names: Sequence[str]) -> str:
    names = list(names)
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


FORMAT = BunkoNight()
