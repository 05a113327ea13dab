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

The layer is split by what each part does, as the bunko night is: this module
declares the format (its events, its setup, what clients send, its view), ``fold``
gives each event its ruling, ``tables`` follows the matches and calls pairings to
stations, ``common`` holds what they share; ``results``, ``seeding`` and
``approval`` as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee import games
from referee.formats import Format
from referee.formats import TableMatch
from referee.formats import TablePlan
from referee.formats import approval as shared
from referee.formats.pairing import approval
from referee.formats.pairing import results
from referee.formats.pairing import seeding
from referee.formats.pairing.common import _find_pairing
from referee.formats.pairing.common import _score
from referee.formats.pairing.common import _winner
from referee.formats.pairing.common import pairable as pairable
from referee.formats.pairing.common import pairing_json
from referee.formats.pairing.fold import PairingFold
from referee.formats.pairing.tables import PairingTables
from referee.games import text
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.fields import Field
from referee.games.fields import parse_names as _parse_names
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Step
from referee.games.outcomes import only_fields

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


class PairingFormat(PairingFold, PairingTables, Format):
    """Entrants paired into matches of any game, on stations, with results back."""

    family = "pairing"
    create_fields = ("game", "game_options", "stations", "teams", "ratings")
    setup_fields = SETUP_FIELDS
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

    def stations_for(
        self, players: Sequence[str], setup: JSON, options: JSON | None = None
    ) -> int:
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

    def plan(
        self, state: JSON, seating: Mapping[str, Sequence[str]] | None = None
    ) -> tuple[int, list[TablePlan]]:
        # ``round_event`` is never reached: ``start_round`` asks ``plan`` first.
        raise Refused(
            "There are no rounds to start here: each match is called to the next free "
            "station by itself."
        )

    # --- what clients send --------------------------------------------------------

    def parse_event(self, raw: Any, state: JSON) -> JSON:
        kind = shared.event_kind(raw)
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
        names = sorted({f.name for f in RESULT_FIELDS} - {"type"})
        only_fields(raw, names, f"'{kind}'", ignore=("type",))
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
