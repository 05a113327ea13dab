"""Round robin of any game: everyone meets everyone once (or twice), ranked by points.

The schedule is the circle method (Berger tables) over the seed order: with an odd
count a bye is added, and the entrant paired with it sits the round out. Round ``r``
of ``n`` entrants (``n`` even, byes counted) pairs ``n/2`` couples, so ``n - 1``
rounds meet every pair once; the first seat of a pairing (who starts) alternates so
that nobody starts much more than the others. A double round robin plays the same
rounds again with the seats swapped.

Ranking: points (a win ``win_points``, a draw ``draw_points``, a loss none; a
walkover or no-show is a win for the one who came, a retirement a loss for the one
who retired), then up to three tie-breaks in the order chosen, each applied inside
the group still tied: ``head-to-head`` (points in the games between the tied
entrants only), ``difference`` (legs, racks or points won minus lost, over all
games), ``won`` (legs, racks or points won). Entrants still level share a rank.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee.formats.pairing import PairingFormat
from referee.formats.pairing import results
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput

TIE_BREAKS = ("head-to-head", "difference", "won", "none")
DEFAULT_TIE_BREAKS = ("head-to-head", "difference", "won")


def schedule(entrants: Sequence[str], meetings: int = 1) -> list[list[tuple[Any, Any]]]:
    """Rounds of couples by the circle method; ``None`` stands for the bye."""
    seats: list[Any] = list(entrants)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    rounds = []
    for r in range(n - 1):
        couples = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            # The fixed seat alternates who starts; the others by their position.
            if (i == 0 and r % 2) or (i > 0 and i % 2):
                a, b = b, a
            couples.append((a, b))
        rounds.append(couples)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    if meetings == 2:
        rounds += [[(b, a) for a, b in couples] for couples in rounds]
    return rounds


class RoundRobin(PairingFormat):
    """Everyone meets everyone, once or twice; points, then the tie-breaks chosen."""

    id = "round-robin"
    title = "Round robin"
    game = ""
    summary = (
        "Every player meets every other once (or twice, seats swapped), at any game "
        "here; a win scores points, ties are broken by head-to-head, leg or rack "
        "difference, and legs won, in the order chosen."
    )
    allows_draws = True
    max_entrants = 32
    options = (
        Option(
            "meetings",
            "Meetings",
            "'single': each pair meets once; 'double': twice, seats swapped.",
            "choice",
            "single",
            choices=("single", "double"),
        ),
        Option(
            "win_points",
            "Points for a win",
            "Points a win scores.",
            "integer",
            2,
            minimum=1,
            maximum=10,
        ),
        Option(
            "draw_points",
            "Points for a draw",
            "Points a draw scores each.",
            "integer",
            1,
            minimum=0,
            maximum=10,
        ),
        *(
            Option(
                f"tie_break_{i}",
                f"Tie-break {i}",
                "head-to-head (points between the tied players), difference (legs, "
                "racks or points won minus lost), won (legs, racks or points won), "
                "or none.",
                "choice",
                default,
                choices=TIE_BREAKS,
            )
            for i, default in enumerate(DEFAULT_TIE_BREAKS, start=1)
        ),
    )
    columns = (
        ("played", "P"),
        ("won", "W"),
        ("drawn", "D"),
        ("lost", "L"),
        ("for", "For"),
        ("against", "Agst"),
        ("difference", "+/-"),
        ("points", "Pts"),
    )

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        parsed = super().parse_options(raw)
        chosen = [parsed[f"tie_break_{i}"] for i in (1, 2, 3)]
        used = [c for c in chosen if c != "none"]
        if len(set(used)) != len(used):
            raise BadInput(
                "Each tie-break can be chosen once.",
                field="options.tie_break_2",
                example='"tie_break_1": "head-to-head", "tie_break_2": "difference"',
            )
        return parsed

    def tie_breaks(self, state: JSON) -> list[str]:
        chosen = [state["options"][f"tie_break_{i}"] for i in (1, 2, 3)]
        return [c for c in chosen if c != "none"]

    def next_pairings(self, state: JSON) -> list[JSON]:
        if state["pairings"]:
            return []
        meetings = 2 if state["options"]["meetings"] == "double" else 1
        out = []
        for r, couples in enumerate(schedule(state["seeds"], meetings), start=1):
            k = 0
            for a, b in couples:
                if a is None or b is None:
                    continue
                k += 1
                out.append(
                    {
                        "id": f"r{r}-{k}",
                        "round": r,
                        "label": f"Round {r}",
                        "sides": [a, b],
                    }
                )
        return out

    def byes(self, state: JSON) -> dict[int, str]:
        """Who sits out each round (odd counts only)."""
        meetings = 2 if state["options"]["meetings"] == "double" else 1
        out = {}
        for r, couples in enumerate(schedule(state["seeds"], meetings), start=1):
            for a, b in couples:
                if a is None or b is None:
                    out[r] = a or b
        return out

    # --- standings ------------------------------------------------------------------

    def standings(self, state: JSON) -> list[JSON]:
        game = state["game"]
        win, draw = state["options"]["win_points"], state["options"]["draw_points"]
        rows = {
            name: {
                "entrant": name,
                "played": 0,
                "won": 0,
                "drawn": 0,
                "lost": 0,
                "for": 0,
                "against": 0,
                "difference": 0,
                "points": 0,
            }
            for name in state["seeds"]
        }
        decided = [p for p in state["pairings"] if p["result"] is not None]
        for p in decided:
            res = p["result"]
            for side, name in enumerate(p["entrants"]):
                row = rows[name]
                row["played"] += 1
                row["for"] += results.won_units(game, res, side)
                row["against"] += results.won_units(game, res, 1 - side)
                row["difference"] += results.difference(game, res, side)
                if res["winner"] is None:
                    row["drawn"] += 1
                    row["points"] += draw
                elif res["winner"] == side:
                    row["won"] += 1
                    row["points"] += win
                else:
                    row["lost"] += 1

        def head_to_head(group: Sequence[str]) -> Callable[[str], int]:
            inside = set(group)
            points = dict.fromkeys(group, 0)
            for p in decided:
                a, b = p["entrants"]
                if a in inside and b in inside:
                    w = p["result"]["winner"]
                    if w is None:
                        points[a] += draw
                        points[b] += draw
                    else:
                        points[p["entrants"][w]] += win
            return lambda name: points[name]

        criteria: dict[str, Callable[[Sequence[str]], Callable[[str], int]]] = {
            "head-to-head": head_to_head,
            "difference": lambda _g: lambda name: rows[name]["difference"],
            "won": lambda _g: lambda name: rows[name]["for"],
        }
        groups = _split(list(state["seeds"]), lambda name: rows[name]["points"])
        for crit in self.tie_breaks(state):
            groups = [
                part
                for group in groups
                for part in (
                    _split(group, criteria[crit](group)) if len(group) > 1 else [group]
                )
            ]
        out = []
        for group in groups:
            rank = len(out) + 1
            for name in group:
                out.append({"rank": rank, **rows[name], "tied": len(group) > 1})
        return out

    def layout(self, state: JSON) -> JSON:
        """The cross table: each entrant's results against each other, and the byes."""
        game = state["game"]
        grid: dict[str, dict[str, list[JSON]]] = {
            a: {b: [] for b in state["seeds"] if b != a} for a in state["seeds"]
        }
        for p in state["pairings"]:
            a, b = p["entrants"]
            for side, (me, other) in enumerate(((a, b), (b, a))):
                res = p["result"]
                cell: JSON = {"pairing": p["number"], "round": p["round"]}
                if res is None:
                    cell["text"] = "·"
                    cell["outcome"] = None
                else:
                    mine = results.won_units(game, res, side)
                    theirs = results.won_units(game, res, 1 - side)
                    outcome = (
                        "draw"
                        if res["winner"] is None
                        else "won"
                        if res["winner"] == side
                        else "lost"
                    )
                    short = {"walkover": "w/o", "no-show": "n/s", "retired": "ret"}
                    cell["text"] = short.get(res["how"], f"{mine}-{theirs}")
                    cell["outcome"] = outcome
                grid[me][other].append(cell)
        rounds = {}
        for p in state["pairings"]:
            rounds.setdefault(p["round"], []).append(p["number"])
        byes = self.byes(state)
        return {
            "kind": "round-robin",
            "meetings": state["options"]["meetings"],
            "tie_breaks": self.tie_breaks(state),
            "order": list(state["seeds"]),
            "grid": grid,
            "rounds": [
                {"number": r, "pairings": rounds.get(r, []), "bye": byes.get(r)}
                for r in sorted(set(rounds) | set(byes))
            ],
        }


def _split(group: Sequence[str], key: Callable[[str], int]) -> list[list[str]]:
    """``group`` cut into runs of equal ``key``, best (highest) first; stable."""
    values = sorted({key(name) for name in group}, reverse=True)
    return [[n for n in group if key(n) == v] for v in values]


FORMAT = RoundRobin()
