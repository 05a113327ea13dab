"""Single and double elimination of any game: a bracket of ordinary matches.

The bracket itself (seeding, byes, the losers' bracket, the grand final) is
``referee.formats.bracket``; this module declares its matches as pairings of the
generic layer (``PairingFormat``), so each is called to a station as a normal match
of the tournament's game and its result flows back the same way as everywhere.

Every match of the bracket is declared at once, its sides being seeds or the
winner or loser of an earlier match; the reset of a double elimination's grand final
is declared only when it is due (the losers' bracket champion won the first). A
pairing's ``round`` numbers its bracket round in the order of play
(``Bracket.play_order``: by depth, the winners' round first), so calls go round by
round and the losers' bracket keeps pace with the winners'. Byes are decided at
once (the layer's ``bye`` results).

Standings: the champion first, then everyone by the round they went out in (those
out in the same round share a place); players still in share the place above all
of them, with where they stand ("winners' bracket", "losers' bracket").
"""

from __future__ import annotations

from referee.formats import bracket as br
from referee.formats.pairing import PairingFormat
from referee.games.fields import Option
from referee.games.outcomes import JSON


class Elimination(PairingFormat):
    """A knock-out bracket: one loss out (single) or two (double)."""

    kind = "single"
    min_entrants = br.MIN_PLAYERS["single"]
    max_entrants = br.MAX_PLAYERS
    allows_draws = False
    columns = (("won", "W"), ("lost", "L"), ("status", "Status"))

    # --- the bracket -----------------------------------------------------------------

    def bracket(self, state: JSON) -> br.Bracket:
        reset = bool(state["options"].get("reset", True))
        return br.bracket_from(self.kind, tuple(state["seeds"]), reset)

    def results(self, state: JSON) -> dict[str, str]:
        """Slot id -> winner's name, for every match played (byes are the bracket's)."""
        out = {}
        for p in state["pairings"]:
            res = p["result"]
            if res is None or res["how"] == "bye" or res["winner"] is None:
                continue
            out[p["id"]] = p["entrants"][res["winner"]]
        return out

    def next_pairings(self, state: JSON) -> list[JSON]:
        b = self.bracket(state)
        declared = {p["id"] for p in state["pairings"]}
        if not declared:
            return [self._pairing(b, s) for s in b.slots if s.part != br.RESET]
        if b.kind == "double" and b.reset and "GF2" not in declared:
            gf2 = {r.id: r for r in b.resolve(self.results(state))}["GF2"]
            if gf2.status == "ready":
                return [self._pairing(b, b.by_id["GF2"])]
        return []

    def _pairing(self, b: br.Bracket, slot: br.Slot) -> JSON:
        sides: list[object] = []
        for feed in slot.feeds:
            if feed.kind == "seed":
                n = feed.seed
                sides.append(b.players[n - 1] if n <= len(b.players) else None)
            else:
                sides.append({feed.kind: feed.slot})
        return {
            "id": slot.id,
            "round": b.play_order()[(slot.part, slot.round)],
            "label": b.round_title(slot),
            "group": slot.part,
            "sides": sides,
        }

    def finished(self, state: JSON) -> bool:
        if not state["pairings"]:
            return False
        return self.bracket(state).champion(self.results(state)) is not None

    # --- standings and the tree ------------------------------------------------------

    def standings(self, state: JSON) -> list[JSON]:
        b = self.bracket(state)
        results = self.results(state)
        losses = b.losses(results)
        wins = dict.fromkeys(b.players, 0)
        last_loss: dict[str, br.Slot] = {}
        for r in b.resolve(results):
            if r.status == "done" and r.winner and r.loser:
                wins[r.winner] += 1
                last_loss[r.loser] = r.slot
        placed = b.placings(results)
        out_of = {p for _, names in placed for p in names}
        champion = b.champion(results)
        rows = []
        for p in b.players:
            if p in out_of:
                continue
            where = "in"
            if b.kind == "double":
                where = "winners' bracket" if losses[p] == 0 else "losers' bracket"
            rows.append(_row(1, p, wins[p], losses[p], where))
        for place, names in placed:
            for p in names:
                if p == champion:
                    status = "champion"
                elif place == 2 and champion is not None:
                    status = "runner-up"
                else:
                    status = f"out: {b.round_title(last_loss[p]).lower()}"
                rows.append(_row(place, p, wins[p], losses[p], status))
        return rows

    def layout(self, state: JSON) -> JSON:
        """The tree: each part's rounds, in columns, with their pairings' numbers."""
        b = self.bracket(state)
        results = self.results(state)
        # a reset made moot by a corrected first grand final is left out of the tree
        void = {r.id for r in b.resolve(results) if r.status == "void"}
        number = {
            p["id"]: p["number"] for p in state["pairings"] if p["id"] not in void
        }
        parts = []
        for part in (br.WINNERS, br.LOSERS, br.FINAL):
            rounds: dict[int, list[JSON]] = {}
            for slot in b.slots:
                here = slot.part == part or (part == br.FINAL and slot.part == br.RESET)
                if not here:
                    continue
                rnd = rounds.setdefault(slot.round if part != br.FINAL else 1, [])
                rnd.append(
                    {
                        "id": slot.id,
                        "pairing": number.get(slot.id),
                        "feeds": [
                            {"kind": f.kind, "from": f.slot or None, "seed": f.seed}
                            for f in slot.feeds
                        ],
                    }
                )
            if not rounds:
                continue
            parts.append(
                {
                    "part": part,
                    "title": {
                        br.WINNERS: "Winners' bracket" if b.kind == "double" else "",
                        br.LOSERS: "Losers' bracket",
                        br.FINAL: "Grand final",
                    }[part],
                    "rounds": [
                        {
                            "number": n,
                            "title": b.round_title(b.by_id[slots[0]["id"]]),
                            "slots": slots,
                        }
                        for n, slots in sorted(rounds.items())
                    ],
                }
            )
        return {
            "kind": "bracket",
            "elimination": b.kind,
            "size": b.size,
            "reset": b.reset if b.kind == "double" else None,
            "champion": b.champion(results),
            "parts": parts,
        }


def _row(rank: int, entrant: str, won: int, lost: int, status: str) -> JSON:
    return {
        "rank": rank,
        "entrant": entrant,
        "won": won,
        "lost": lost,
        "status": status,
    }


class SingleElimination(Elimination):
    id = "single-elimination"
    title = "Single elimination"
    game = ""
    kind = "single"
    min_entrants = br.MIN_PLAYERS["single"]
    summary = (
        "A knock-out bracket at any game here: lose once and you are out. Seeds are "
        "placed so that 1 and 2 can only meet in the final; byes go to the top seeds."
    )
    options = ()


class DoubleElimination(Elimination):
    id = "double-elimination"
    title = "Double elimination"
    game = ""
    kind = "double"
    min_entrants = br.MIN_PLAYERS["double"]
    summary = (
        "Two losses put you out: a first loss drops you into the losers' bracket. "
        "The winners' and losers' champions meet in the grand final, with a reset "
        "if the losers' champion wins the first."
    )
    options = (
        Option(
            "reset",
            "Grand final reset",
            "If the losers' bracket champion wins the grand final, a second match "
            "decides it (so the champion has lost at most once fewer). Off: one "
            "grand final decides.",
            "boolean",
            True,
        ),
    )
