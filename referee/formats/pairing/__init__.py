"""Tournaments of any game: formats that pair entrants into ordinary matches (pure).

``PairingFormat`` is the generic layer under round robin, the elimination brackets
and Swiss. A format built on it says *who meets whom* and *how entrants rank*; this
layer does the rest, the same way for every format and every game of the registry:

* ``create`` stores the entrants, the game and its options, the stations (boards or
  tables named by the organiser), the seeding (``given``, ``drawn``: a permutation
  drawn by the service and stored here, ``rating``: the ratings stored here) and the
  seed order that follows (``state["seeds"]``).
* ``pairings`` adds the pairings the format declares (``next_pairings``): each
  ``{"id", "round", "label", "sides": [ref, ref], "group"?}``, a ref being an
  entrant's name, ``None`` for a bye, or ``{"winner": id}`` / ``{"loser": id}`` of an
  earlier pairing. Refs resolve as results come in; a pairing with a bye on one side
  is decided at once (a ``result`` with ``how`` "bye", written by the layer).
* ``call`` puts ready pairings on free stations: the service creates one ordinary
  match of the game per call (the tournament's game options, the station's key) and
  records it here. A pairing is ready when both entrants are known and neither is
  playing elsewhere; calls go in the order declared (round, then declaration).
* ``result`` records how a pairing ended: from its match when the match ends
  (``source`` "match", read from the match's board by ``results.from_board``), or
  entered (``source`` "organiser", or a station's phone for its own pairing):
  ``how`` is ``played``, ``walkover``, ``no-show`` or ``retired``.
* ``withdraw`` takes back a match's result when its scorer reopens it (undo) while
  its station still holds it; ``correction`` sets any pairing's result (the
  organiser's), refused when it would change who plays in a pairing already called.

A format subclasses ``PairingFormat`` and implements ``next_pairings(state)`` (the
pairings to add now: all of a round robin at once, Swiss round by round, a bracket's
reset final when it is due; ``[]`` when none) and ``standings(state)`` (ranked rows
``{"rank", "entrant", ...}`` with the keys named in ``columns``); optionally
``finished``, ``layout`` (its own view: a round robin's grid, a bracket's tree) and
its own events (``own_events``, ``parse_own``, ``apply_own``).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee import games
from referee.formats import Format
from referee.formats import TableMatch
from referee.formats import TablePlan
from referee.formats.pairing import approval
from referee.formats.pairing import results
from referee.formats.pairing import seeding
from referee.games import text
from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Field
from referee.games.base import Refused
from referee.games.base import Ruling
from referee.games.base import Step
from referee.games.base import Verdict
from referee.games.base import _parse_names

MAX_NOTE = text.LIMITS["note"]
SETUP_FIELDS = ("game", "game_options", "stations", "ratings", "seeding", "teams")

RESULT_FIELDS = (
    Field("pairing", "integer", "The pairing's number (as listed).", minimum=1),
    Field(
        "winner",
        "string",
        "The winner's name, or 'draw' where the format takes draws.",
        maximum=40,
    ),
    Field(
        "score",
        "list",
        "[first side, second side] in the game's units (legs, racks, points).",
        required=False,
    ),
    Field(
        "how",
        "choice",
        "played (on paper), walkover, no-show or retired (the loser gave up).",
        required=False,
        choices=results.ENTERED_HOWS,
        default="played",
    ),
    Field("note", "string", "Why (optional).", required=False, maximum=MAX_NOTE),
)


class PairingFormat(Format):
    """Entrants paired into matches of any game, on stations, with results back."""

    organiser_rounds = False
    seatings = seeding.SEEDINGS
    min_entrants = 2
    max_entrants = 64
    allows_draws = False
    table_writes = frozenset({"result"})
    # The standings' columns after rank and entrant: (key, label) for pages and CSV.
    columns: tuple[tuple[str, str], ...] = ()
    own_events: tuple[EventKind, ...] = ()

    # --- what a format implements -----------------------------------------------

    def next_pairings(self, state: JSON) -> list[JSON]:
        """The pairings to add now (``[]`` when none are due)."""
        raise NotImplementedError

    def standings(self, state: JSON) -> list[JSON]:
        """Ranked rows ``{"rank", "entrant", ...}`` (the keys of ``columns``)."""
        raise NotImplementedError

    def finished(self, state: JSON) -> bool:
        """Whether the tournament is over: by default, every pairing decided."""
        return bool(state["pairings"]) and all(
            p["result"] is not None for p in state["pairings"]
        )

    def layout(self, state: JSON) -> JSON:
        """The format's own view (a round robin's grid, a bracket's tree)."""
        return {}

    def parse_own(self, raw: Mapping[str, Any], state: JSON) -> JSON:
        """A client's event of the format's own kinds (``own_events``)."""
        raise BadInput(f"'{raw.get('type')}' is not an event here.", field="type")

    def apply_own(self, state: JSON, event: JSON) -> Step:
        """Fold an event of the format's own kinds."""
        raise BadInput(f"'{event.get('type')}' is not an event here.", field="type")

    # --- the events clients send ------------------------------------------------

    @property
    def events(self) -> tuple[EventKind, ...]:
        """Every event a client may send (the API's and OpenAPI's list)."""
        return (
            EventKind(
                "result",
                "A pairing's result",
                "A paper score, a walkover, a no-show or a retirement. A match "
                "scored on the app reports its own result when it ends.",
                RESULT_FIELDS,
                (
                    Example(
                        {
                            "type": "result",
                            "pairing": 1,
                            "winner": "Ann",
                            "score": [3, 1],
                        }
                    ),
                    Example(
                        {
                            "type": "result",
                            "pairing": 2,
                            "winner": "Cy",
                            "how": "no-show",
                            "note": "Bob did not come to the board",
                        }
                    ),
                ),
            ),
            EventKind(
                "correction",
                "Correct a result",
                "The organiser sets any pairing's result; the log keeps the old one.",
                RESULT_FIELDS,
                (
                    Example(
                        {
                            "type": "correction",
                            "pairing": 1,
                            "winner": "Dee",
                            "score": [2, 3],
                            "note": "scores swapped",
                        },
                        setup=(
                            {
                                "type": "result",
                                "pairing": 1,
                                "winner": "Ann",
                                "score": [3, 2],
                            },
                        ),
                    ),
                ),
            ),
            *approval.EVENTS,
            *self.own_events,
        )

    # --- setting up -------------------------------------------------------------

    def check_players(self, players: Sequence[Any]) -> tuple[str, ...]:
        names = _parse_names(players)
        if not self.min_entrants <= len(names) <= self.max_entrants:
            raise BadInput(
                f"A {self.title.lower()} takes {self.min_entrants} to "
                f"{self.max_entrants} players; {len(names)} given.",
                field="players",
                example='["Ann", "Bob", "Cy", "Dee"]',
            )
        return tuple(names)

    def board_entry(
        self, state: JSON, number: int, live: TableMatch | None
    ) -> JSON | None:
        if not 1 <= number <= len(state["pairings"]):
            return None
        return pairing_json(state, state["pairings"][number - 1], live)

    def tables_for(self, players: Sequence[str]) -> int:
        return max(1, len(players) // 2)

    def stations_for(self, players: Sequence[str], setup: JSON) -> int:
        return len(setup["stations"])

    def game_for(self, setup: JSON) -> str:
        return str(setup["game"])

    def parse_setup(self, raw: Mapping[str, Any], players: Sequence[str]) -> JSON:
        """The game, its options, the stations, the seeding; ``BadInput`` if wrong."""
        extra = sorted(set(raw) - set(SETUP_FIELDS))
        if extra:
            raise BadInput(f"'{extra[0]}' is not a field here.", field=extra[0])
        game_id = raw.get("game")
        if not isinstance(game_id, str) or game_id not in games.GAME_IDS:
            raise BadInput(
                f"Name the game every match is played at (one of: "
                f"{', '.join(games.GAME_IDS)}).",
                field="game",
                example='"game": "darts-301"',
            )
        game = games.get(game_id)
        if not pairable(game_id):
            raise BadInput(
                f"{game.title} is not played one side against another, so its "
                "matches cannot be paired here.",
                field="game",
                example='"game": "darts-301"',
            )
        options = game.parse_options(raw.get("game_options"))
        teams = seeding.parse_teams(raw.get("teams"), players, game.team_size)
        first_two = (
            [{"name": n, "players": teams[n]} for n in players[:2]] if teams else None
        )
        try:
            game.new_setup(None if teams else ["A", "B"], options, first_two)
        except BadInput as err:
            raise BadInput(err.message, field=err.field or "game_options") from None
        how = raw.get("seeding") or "given"
        if how not in self.seatings:
            raise BadInput(
                f"Seeding is one of {', '.join(self.seatings)}; '{how}' given.",
                field="seeding",
                example='"seeding": "rating"',
            )
        ratings = raw.get("ratings")
        if how == "rating":
            ratings = seeding.parse_ratings(ratings, players)
        elif ratings not in (None, {}, []):
            raise BadInput(
                'Ratings are for seeding by rating: send "seeding": "rating" '
                "with them.",
                field="ratings",
            )
        noun = game.station
        stations = seeding.parse_stations(
            raw.get("stations"), self.tables_for(players), noun
        )
        return {
            "game": game_id,
            "game_options": options,
            "stations": stations,
            "seeding": how,
            "ratings": ratings if how == "rating" else None,
            "teams": teams,
        }

    def create(
        self,
        players: Sequence[str],
        options: JSON,
        draw: Sequence[int] | None,
        setup: JSON | None = None,
    ) -> JSON:
        setup = setup or {}
        return {
            "type": "create",
            "players": list(players),
            "options": dict(options),
            "draw": list(draw) if draw is not None else None,
            **{k: setup.get(k) for k in SETUP_FIELDS},
        }

    def plan(
        self, state: JSON, seating: Mapping[str, Sequence[str]] | None = None
    ) -> tuple[int, list[TablePlan]]:
        raise Refused(
            "There are no rounds to start here: each match is called to the next free "
            "station by itself."
        )

    def round_event(
        self,
        state: JSON,
        number: int,
        matches: Mapping[int, str],
        seating: Mapping[str, Sequence[str]] | None = None,
    ) -> JSON:
        return self.plan(state)  # type: ignore[return-value]  # always Refused

    # --- folding ----------------------------------------------------------------

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

    # --- what clients send --------------------------------------------------------

    def parse_event(self, raw: Any, state: JSON) -> JSON:
        if not isinstance(raw, Mapping):
            raise BadInput("An event is an object with a 'type'.", field="event")
        kind = raw.get("type")
        if kind in approval.KINDS:
            return approval.parse(raw, state)
        if kind not in ("result", "correction"):
            if any(k.type == kind for k in self.own_events):
                return self.parse_own(raw, state)
            kinds = ", ".join(k.type for k in self.events)
            raise BadInput(
                f"'{kind}' is not something to send a {self.title.lower()} (one of: "
                f"{kinds}).",
                field="type",
            )
        allowed = {f.name for f in RESULT_FIELDS} | {"type"}
        extra = sorted(set(raw) - allowed)
        if extra:
            raise BadInput(
                f"'{extra[0]}' is not a field of '{kind}' (fields: "
                f"{', '.join(sorted(allowed - {'type'}))}).",
                field=extra[0],
            )
        p = _find_pairing(state, raw.get("pairing"))
        how = raw.get("how") or "played"
        if how not in results.ENTERED_HOWS:
            raise BadInput(
                f"'how' is one of {', '.join(results.ENTERED_HOWS)}.",
                field="how",
                example='"how": "walkover"',
            )
        note = text.check(raw.get("note") or "", "note", "note")
        return {
            "type": kind,
            "pairing": p["number"],
            "table": p["station"],
            "winner": _winner(raw.get("winner"), p),
            "score": _score(raw.get("score")),
            "how": how,
            "note": note,
            **({"source": "organiser", "match_seq": None} if kind == "result" else {}),
        }

    # --- following the matches ------------------------------------------------------

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
                if prior is None:
                    events.append(event)
                elif (prior["winner"], prior["score"]) != (
                    event["winner"],
                    event["score"],
                ):
                    events += [
                        {"type": "withdraw", "pairing": p["number"], "match_seq": None},
                        event,
                    ]
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

    def view(self, state: JSON, tables: Sequence[TableMatch]) -> JSON:
        live = {tm.number: tm for tm in tables}
        pairings = [
            pairing_json(state, p, live.get(p["number"])) for p in state["pairings"]
        ]
        on = {p["station"]: p for p in pairings if p["status"] == "playing"}
        stations = [
            {
                "number": i,
                "name": name,
                "pairing": on[i]["number"] if i in on else None,
                "entrants": on[i]["entrants"] if i in on else None,
                "match": on[i]["match"] if i in on else None,
            }
            for i, name in enumerate(state["stations"], start=1)
        ]
        ready = [p for p in pairings if p["status"] == "ready"]
        rounds: dict[int, list[int]] = {}
        for p in pairings:
            rounds.setdefault(p["round"], []).append(p["number"])
        standings = self.standings(state)
        phase = "over" if state["over"] else "playing"
        done = sum(1 for p in pairings if p["result"] is not None)
        if state["over"]:
            top = standings[0]["entrant"] if standings else None
            prompt = f"Over: {top} wins." if top else "Over."
        elif on:
            prompt = "; ".join(
                f"{s['name']}: {' v '.join(s['entrants'])}"
                for s in stations
                if s["pairing"]
            )
        elif ready:
            prompt = "Waiting for a free station."
        else:
            prompt = "Waiting for results."
        return {
            "format": self.id,
            "game": state["game"],
            "game_options": dict(state["game_options"]),
            "units": results.units(state["game"], state["game_options"]),
            "players": list(state["players"]),
            "seeds": list(state["seeds"]),
            "seeding": state["seeding"],
            "ratings": state["ratings"],
            "options": dict(state["options"]),
            "phase": phase,
            "prompt": prompt,
            "progress": {"done": done, "total": len(pairings)},
            "stations": stations,
            "calls": [p for p in pairings if p["status"] == "playing"],
            "next_up": ready,
            "pairings": pairings,
            "rounds": [
                {"number": n, "pairings": numbers}
                for n, numbers in sorted(rounds.items())
            ],
            "columns": [{"key": k, "label": label} for k, label in self.columns],
            "standings": standings,
            "layout": self.layout(state),
            "over": state["over"],
            "tables": [],
        }


# --- shared helpers (formats built on this layer use them too) ---------------------


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
            if state["game"] == "darts-301"
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
