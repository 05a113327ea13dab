"""Swiss of any game: a fixed number of rounds, each paired from the standings.

The pairing and the tie-breaks are ``referee.formats.swiss_pairing`` (Dutch pairing
within score groups, no repeat meetings while avoidable, the bye to the lowest-ranked
player without one, Buchholz and median-Buchholz). This module runs it on the
generic layer: round 1 is paired from the seeds when the tournament starts, and
each later round as soon as every result of the one before is in. Each pairing is a
normal match of the tournament's game, called to a station; a bye is a pairing
against nobody, decided at once and worth a win.

A walkover or a no-show is a win for the player who came and counts as a meeting
(they are not paired again); a retirement is a loss for the one who retired.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from referee.formats import swiss_pairing as sw
from referee.formats.pairing import PairingFormat
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput

# Round 1 of Ann, Bob, Cy and Dee (seeded as listed) is Ann v Cy, Bob v Dee: the
# examples of the events a client sends follow it (the layer's assume a bracket).
EXAMPLES = {
    "result": (
        Example({"type": "result", "pairing": 1, "winner": "Ann", "score": [3, 1]}),
        Example(
            {"type": "result", "pairing": 2, "winner": "draw", "score": [2, 2]},
            title="A drawn match: half a point each",
        ),
        Example(
            {
                "type": "result",
                "pairing": 2,
                "winner": "Dee",
                "how": "no-show",
                "note": "Bob did not come to the board",
            }
        ),
    ),
    "correction": (
        Example(
            {
                "type": "correction",
                "pairing": 1,
                "winner": "Cy",
                "score": [2, 3],
                "note": "scores swapped",
            },
            setup=({"type": "result", "pairing": 1, "winner": "Ann", "score": [3, 2]},),
        ),
    ),
}


class Swiss(PairingFormat):
    """Rounds paired by score; everyone plays every round; points, then Buchholz."""

    id = "swiss"
    title = "Swiss"
    game = ""
    summary = (
        "A set number of rounds at any game here; each round pairs players on the "
        "same score (top half against bottom half), never the same two twice. "
        "Ranked by points, then Buchholz and median-Buchholz."
    )
    min_entrants = sw.MIN_PLAYERS
    max_entrants = sw.MAX_PLAYERS
    allows_draws = True
    options = (
        Option(
            "rounds",
            "Rounds",
            "How many rounds; 0 plays enough for one unbeaten player (the players' "
            "log 2, rounded up: 4 for 9 to 16). At most 15, and at most one fewer "
            "than the players (as many as the players when odd).",
            "integer",
            0,
            minimum=0,
            maximum=sw.MAX_ROUNDS,
        ),
        Option(
            "tie_break",
            "First tie-break",
            "buchholz (the sum of the opponents' points) or median-buchholz (the same "
            "without the best and worst opponent); the other one breaks what is "
            "still level.",
            "choice",
            "buchholz",
            choices=sw.TIE_BREAKS,
        ),
    )
    columns = (
        ("points", "Pts"),
        ("won", "W"),
        ("drawn", "D"),
        ("lost", "L"),
        ("buchholz", "Buch"),
        ("median_buchholz", "Med"),
    )

    @property
    def events(self) -> tuple[EventKind, ...]:
        """The layer's events, with examples that fit a Swiss's first round."""
        return tuple(
            dataclasses.replace(kind, examples=EXAMPLES[kind.type])
            if kind.type in EXAMPLES
            else kind
            for kind in super().events
        )

    # --- setting up -----------------------------------------------------------------

    def check_create(self, players: Sequence[str], options: JSON) -> None:
        most = sw.max_rounds(len(players))
        if options.get("rounds", 0) > most:
            raise BadInput(
                f"{len(players)} players play at most {most} rounds of Swiss.",
                field="options.rounds",
                example=f'"rounds": {sw.default_rounds(len(players))}',
            )

    def target(self, state: JSON) -> int:
        """The number of rounds this event plays."""
        chosen = int(state["options"].get("rounds") or 0)
        return chosen or sw.default_rounds(len(state["players"]))

    def tie_breaks(self, state: JSON) -> tuple[str, str]:
        first = state["options"].get("tie_break", "buchholz")
        second = next(t for t in sw.TIE_BREAKS if t != first)
        return first, second

    # --- rounds -------------------------------------------------------------------

    def games(self, state: JSON) -> list[list[sw.Game]]:
        """Each round's pairings as the pairing rules read them (played or not)."""
        rounds: dict[int, list[sw.Game]] = {}
        for p in state["pairings"]:
            a, b = p["entrants"]
            res = p["result"]
            if b is None or a is None:
                game = sw.Game((a or b,))
            elif res is None:
                game = sw.Game((a, b))
            elif res["winner"] is None:
                game = sw.Game((a, b), draw=True)
            else:
                game = sw.Game((a, b), winner=p["entrants"][res["winner"]])
            rounds.setdefault(p["round"], []).append(game)
        return [rounds[r] for r in sorted(rounds)]

    def next_pairings(self, state: JSON) -> list[JSON]:
        played = self.games(state)
        if len(played) >= self.target(state):
            return []
        if any(not g.done for games in played for g in games):
            return []
        pairing = sw.pair(state["seeds"], played)
        number = len(played) + 1
        out = [
            {
                "id": f"s{number}-{k}",
                "round": number,
                "label": f"Round {number}",
                "sides": [a, b],
            }
            for k, (a, b) in enumerate(pairing.games, start=1)
        ]
        if pairing.bye is not None:
            out.append(
                {
                    "id": f"s{number}-bye",
                    "round": number,
                    "label": f"Round {number} bye",
                    "sides": [pairing.bye, None],
                }
            )
        return out

    def finished(self, state: JSON) -> bool:
        played = self.games(state)
        return len(played) >= self.target(state) and all(
            g.done for games in played for g in games
        )

    # --- standings ----------------------------------------------------------------

    def standings(self, state: JSON) -> list[JSON]:
        played = [
            [g for g in games if g.done] for games in self.games(state)
        ]  # a round under way counts its results so far
        table = sw.standings(state["seeds"], played, self.tie_breaks(state))
        return [
            {
                "rank": s.rank,
                "entrant": s.player,
                "points": s.points,
                "won": s.wins,
                "drawn": s.draws,
                "lost": s.losses,
                "byes": s.byes,
                "buchholz": s.buchholz,
                "median_buchholz": s.median,
                "tied": sum(t.rank == s.rank for t in table) > 1,
            }
            for s in table
        ]

    def layout(self, state: JSON) -> JSON:
        """Each round's pairings and bye, and what the standings are broken by."""
        rounds: dict[int, JSON] = {}
        for p in state["pairings"]:
            rnd = rounds.setdefault(
                p["round"], {"number": p["round"], "pairings": [], "bye": None}
            )
            if None in p["entrants"] and all(p["known"]):
                rnd["bye"] = p["entrants"][0] or p["entrants"][1]
            else:
                rnd["pairings"].append(p["number"])
        return {
            "kind": "swiss",
            "rounds_to_play": self.target(state),
            "tie_breaks": list(self.tie_breaks(state)),
            "rounds": [rounds[r] for r in sorted(rounds)],
        }


FORMAT = Swiss()
