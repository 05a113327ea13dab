"""A bunko night as a tournament format: its events, their rulings, and its board.

The rules live in ``rules`` (seating, stop, rotation, tallies);
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
* ``approval`` ``{required}`` and ``approve`` ``{round, table}``: the organiser's
  approval of results (``approval``): while on, a result waits in its round's
  ``pending`` and counts only once approved.

The format is split by what each part does: ``writes`` (parsing what clients send),
``fold`` (each event's ruling), ``tables`` (following the table matches), ``board``
(the view) and ``common`` (what they share).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee.formats import Format
from referee.formats import TablePlan
from referee.formats.bunko_night import approval
from referee.formats.bunko_night import rules as night
from referee.formats.bunko_night.board import NightBoard
from referee.formats.bunko_night.common import table_name
from referee.formats.bunko_night.fold import NightFold
from referee.formats.bunko_night.paths import PATHS
from referee.formats.bunko_night.paths import WALK
from referee.formats.bunko_night.tables import NightTables
from referee.formats.bunko_night.writes import NightWrites
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.outcomes import Refused


class BunkoNight(NightWrites, NightFold, NightTables, NightBoard, Format):
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
    family = "night"
    table_writes = frozenset({"result", "seating"})
    # Its other writes each have a path of their own (``paths``).
    paths = PATHS
    walk = WALK
    # Sent to the events endpoint; the night's other writes have their own paths.
    events = approval.EVENTS

    # --- setting up -------------------------------------------------------------

    def check_players(self, players: Sequence[Any]) -> tuple[str, ...]:
        return night.check_players(players)

    def tables_for(self, players: Sequence[str]) -> int:
        return len(players) // night.PER_TABLE

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


FORMAT = BunkoNight()
