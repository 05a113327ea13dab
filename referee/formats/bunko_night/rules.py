"""A bunko night's rules, pure: tables, seats, the stop, rotation and tallies.

No I/O, clock or randomness: the organiser's draw, each table's seating choice and the
tie-break rolls are inputs. Tables are numbered from 1 (the head table) down to the
bottom table; seats 0-3 run clockwise, seats 0 and 2 are one team, 1 and 3 the other,
exactly as a ``bunko`` match seats them (see ``Table.match_teams``).

A night goes: ``first_round(players, draw)`` -> for each table a ``bunko`` match
with ``Table.match_teams()`` and ``table_options(...)`` -> when the head table's game
is over, send ``{"type": "stop"}`` to every table in ``tables_to_stop(...)`` -> a
``GameResult`` per table (``result_from_state`` or, in quick mode,
``result_from_scores``) -> ``next_round(round, results)`` and ``assignments(...)`` to
show every player where to sit -> at the end ``tally``, ``standings``, ``overall`` and
``break_tie``. Every value here has ``to_json`` (and ``from_json`` where it is stored).
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from referee.games import bunko_checks
from referee.games import text
from referee.games.bunko import TARGET
from referee.games.dice import parse_die
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.wording import and_
from referee.rulebook import cite

HEAD = 1
PER_TABLE = bunko_checks.PER_TABLE
MIN_PLAYERS = bunko_checks.NIGHT_LEAST
MAX_PLAYERS = bunko_checks.NIGHT_MOST
BUNCO_ROUNDS = 6  # the bunco variant's target number cycles 1..6

# The night's rules are in the bunko rulebook (the game its tables play).
CITE = cite("bunko")
R_PLAYERS = CITE("night-players")
R_TABLES = CITE("night-tables")
R_STOP = CITE("stop")
R_HEAD = CITE("head-table")
R_TIE = CITE("tie")
R_ROTATION = CITE("rotation")
R_PARTNERS = CITE("partners")
R_WIN_LOSS = CITE("win-loss")
R_TALLY = CITE("tally")
R_OVERALL = CITE("overall")
R_TIE_BREAK = CITE("tie-break")

# The two teams of a table, by seat: partners sit opposite.
TEAM_SEATS = ((0, 2), (1, 3))

# The rule behind each part of the night, for pages that link to the rulebook.
RULES = {
    "players": R_PLAYERS,
    "tables": R_TABLES,
    "stop": R_STOP,
    "head-table": R_HEAD,
    "tie": R_TIE,
    "rotation": R_ROTATION,
    "partners": R_PARTNERS,
    "win-loss": R_WIN_LOSS,
    "tally": R_TALLY,
    "overall": R_OVERALL,
    "tie-break": R_TIE_BREAK,
}


# --- values ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One table in a round: ``seats`` clockwise; seats 0 and 2 are team A."""

    number: int  # 1 is the head table, the highest number the bottom table
    seats: tuple[str, str, str, str]

    @property
    def teams(self) -> tuple[tuple[str, str], tuple[str, str]]:
        s = self.seats
        return (s[0], s[2]), (s[1], s[3])

    def team_of(self, player: str) -> int:
        """0 for team A, 1 for team B."""
        return self.seats.index(player) % 2

    def partner(self, player: str) -> str:
        return self.seats[(self.seats.index(player) + 2) % PER_TABLE]

    def team_name(self, index: int) -> str:
        a, b = self.teams[index]
        return f"{a} & {b}"

    def match_teams(self) -> list[JSON]:
        """The ``teams`` to create this table's ``bunko`` match with (team A first)."""
        return [
            {"name": self.team_name(i), "players": list(t)}
            for i, t in enumerate(self.teams)
        ]

    def to_json(self) -> JSON:
        return {
            "number": self.number,
            "seats": list(self.seats),
            "teams": [list(t) for t in self.teams],
            "team_names": [self.team_name(0), self.team_name(1)],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Table:
        try:
            seats = tuple(str(p) for p in data["seats"])
            number = int(data["number"])
        except (KeyError, TypeError, ValueError):
            raise BadInput(
                "A table is {'number': 1, 'seats': [four names]}.", field="tables"
            ) from None
        if len(seats) != PER_TABLE or len(set(seats)) != PER_TABLE:
            raise BadInput(
                f"Table {number} needs four different players.", field="tables"
            )
        return cls(number, seats)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Round:
    """Who sits where for one round; ``tables[0]`` is the head table."""

    number: int  # 1-based
    tables: tuple[Table, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for t in self.tables for p in t.seats)

    @property
    def bottom(self) -> int:
        return len(self.tables)

    def table(self, number: int) -> Table:
        if not 1 <= number <= len(self.tables):
            raise BadInput(
                f"There is no table {number}: tables go from 1 to {len(self.tables)}.",
                field="table",
            )
        return self.tables[number - 1]

    def table_of(self, player: str) -> Table:
        for t in self.tables:
            if player in t.seats:
                return t
        raise BadInput(f"'{player}' is not playing tonight.", field="player")

    def to_json(self) -> JSON:
        return {"number": self.number, "tables": [t.to_json() for t in self.tables]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Round:
        try:
            number = int(data["number"])
            tables = tuple(Table.from_json(t) for t in data["tables"])
        except (KeyError, TypeError, ValueError):
            raise BadInput(
                "A round is {'number': 1, 'tables': [...]}.", field="round"
            ) from None
        if [t.number for t in tables] != list(range(1, len(tables) + 1)):
            raise BadInput(
                "Tables are numbered 1 (head) to the bottom, in order.", field="tables"
            )
        _check_players(tuple(p for t in tables for p in t.seats))
        return cls(number, tables)


@dataclass(frozen=True)
class Seat:
    """Where one player sits in a round, and how they got there."""

    player: str
    table: int
    seat: int  # 0-3 clockwise
    partner: str
    opponents: tuple[str, str]
    came_from: int | None  # last round's table; None in the first round
    move: str  # "start", "stay", "up" or "down" (the head table's losers)

    def to_json(self) -> JSON:
        return {
            "player": self.player,
            "table": self.table,
            "seat": self.seat,
            "partner": self.partner,
            "opponents": list(self.opponents),
            "came_from": self.came_from,
            "move": self.move,
        }


@dataclass(frozen=True)
class GameResult:
    """A finished game at one table: a win for two players, a loss for the other two."""

    table: int
    winners: tuple[str, str]
    losers: tuple[str, str]
    score: tuple[int, int]  # winners', losers'
    bunkos: Mapping[str, int] = field(default_factory=dict)
    wipeouts: Mapping[str, int] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {
            "table": self.table,
            "winners": list(self.winners),
            "losers": list(self.losers),
            "score": list(self.score),
            "bunkos": dict(self.bunkos),
            "wipeouts": dict(self.wipeouts),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameResult:
        try:
            w1, w2 = (str(p) for p in data["winners"])
            l1, l2 = (str(p) for p in data["losers"])
            ws, ls = (int(n) for n in data["score"])
            return cls(
                int(data["table"]),
                (w1, w2),
                (l1, l2),
                (ws, ls),
                {str(k): int(v) for k, v in (data.get("bunkos") or {}).items()},
                {str(k): int(v) for k, v in (data.get("wipeouts") or {}).items()},
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            raise BadInput(
                "A result is {'table', 'winners': [2 names], 'losers': "
                "[2 names], 'score': [w, l]}.",
                field="result",
            ) from None


@dataclass(frozen=True)
class Tally:
    """One player's night so far."""

    wins: int = 0
    losses: int = 0
    bunkos: int = 0
    wipeouts: int = 0

    def to_json(self) -> JSON:
        return {
            "wins": self.wins,
            "losses": self.losses,
            "bunkos": self.bunkos,
            "wipeouts": self.wipeouts,
        }


@dataclass(frozen=True)
class Overall:
    """The night's leaders: one name each when decided, several when a roll is due."""

    winners: tuple[str, ...]  # everyone on the most wins
    losers: tuple[str, ...]  # everyone on the most losses

    @property
    def winner(self) -> str | None:
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def loser(self) -> str | None:
        return self.losers[0] if len(self.losers) == 1 else None

    def to_json(self) -> JSON:
        return {
            "winners": list(self.winners),
            "losers": list(self.losers),
            "winner": self.winner,
            "loser": self.loser,
        }


@dataclass(frozen=True)
class TieBreak:
    """The outcome of the roll-offs so far: a name, or who must roll (again)."""

    decided: str | None
    roll_again: tuple[str, ...]

    def to_json(self) -> JSON:
        return {"decided": self.decided, "roll_again": list(self.roll_again)}


# --- the night ------------------------------------------------------------------------


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """The night's players: 8 or more, a multiple of 4, names unique."""
    return _check_players(players)


def first_round(players: Sequence[str], draw: Sequence[int] | None = None) -> Round:
    """Seat round 1: players in the order given, or in the organiser's ``draw``.

    ``draw`` is a permutation of ``range(len(players))``: ``draw[i]`` is the index of
    the player who takes place ``i`` (table ``i // 4 + 1``, seat ``i % 4``).
    """
    names = _check_players(players)
    if draw is not None:
        order = list(draw)
        if any(isinstance(i, bool) or not isinstance(i, int) for i in order) or sorted(
            order
        ) != list(range(len(names))):
            raise BadInput(
                f"The draw is an order of the numbers 0 to {len(names) - 1}, each "
                "once.",
                field="draw",
                example=str(list(range(len(names)))[::-1]),
            )
        names = tuple(names[i] for i in order)
    return Round(1, _tables(names))


def table_options(round_number: int, table: int, variant: str = "text") -> JSON:
    """The ``bunko`` match options for a table: only the head table plays to 21."""
    if variant not in ("text", "bunco"):
        raise BadInput(
            f"The variant is 'text' or 'bunco'; '{variant}' given.", field="variant"
        )
    return {
        "variant": variant,
        # the bunco variant's target face cycles through 1-6 over a long night
        "round": (round_number - 1) % BUNCO_ROUNDS + 1,
        "head_table": table == HEAD,
    }


def tables_to_stop(round_: Round, finished: Iterable[int]) -> tuple[int, ...]:
    """The tables to send ``stop`` to: all unfinished ones, once the head table is done.

    A stopped table that is tied plays on (the ``bunko`` engine handles that).
    """
    done = set(finished)
    if HEAD not in done:
        return ()
    return tuple(t.number for t in round_.tables if t.number not in done)


def result_from_scores(
    table: Table,
    scores: Sequence[int],
    *,
    bunkos: Mapping[str, int] | None = None,
    wipeouts: Mapping[str, int] | None = None,
) -> GameResult:
    """Quick mode: a table's final score ``[team A, team B]`` as its result."""
    if len(scores) != 2 or any(
        isinstance(s, bool) or not isinstance(s, int) for s in scores
    ):
        raise BadInput(
            "The score is two whole numbers: team A, team B.",
            field="scores",
            example="[21, 14]",
        )
    a, b = scores
    if a < 0 or b < 0:
        raise BadInput(
            "A bunko score is never below 0 (a wipeout takes it to 0).",
            field="scores",
            example="[21, 14]",
        )
    if a == b:
        raise BadInput(
            f"Table {table.number} is tied {a}-{a}: a tied table plays "
            "on until the tie is broken.",
            field="scores",
            example=f"[{a + 1}, {a}]",
        )
    if table.number == HEAD and max(a, b) < TARGET:
        raise BadInput(
            f"The head table plays until a team reaches {TARGET}; "
            f"{max(a, b)} is not enough.",
            field="scores",
            example=f"[{TARGET}, {min(a, b)}]",
        )
    w = 0 if a > b else 1
    counts = {}
    for what, given in (("bunkos", bunkos), ("wipeouts", wipeouts)):
        counts[what] = _counts(table, given or {}, what)
    return GameResult(
        table.number,
        table.teams[w],
        table.teams[1 - w],
        (max(a, b), min(a, b)),
        counts["bunkos"],
        counts["wipeouts"],
    )


def result_from_state(table: Table, state: Mapping[str, Any]) -> GameResult:
    """A finished ``bunko`` match's result, with its players' bunkos and wipeouts."""
    if sorted(state.get("players", [])) != sorted(table.seats):
        raise BadInput(
            f"That game was not played by table {table.number}'s players.",
            field="state",
        )
    if state.get("phase") != "over" or state.get("winner") is None:
        raise Refused(f"Table {table.number}'s game is not over yet.", [R_WIN_LOSS])
    w = int(state["winner"])
    winners = tuple(state["teams"][w]["players"])
    losers = tuple(state["teams"][1 - w]["players"])
    teams = [set(t) for t in table.teams]
    if set(winners) not in teams:
        raise BadInput(
            f"The game's teams are not table {table.number}'s partners.", field="state"
        )
    tallies = dict(zip(state["players"], state["tallies"], strict=True))
    scores = state["scores"]
    return GameResult(
        table.number,
        _in_seat_order(table, winners),
        _in_seat_order(table, losers),
        (int(scores[w]), int(scores[1 - w])),
        {p: int(tallies[p]["bunkos"]) for p in table.seats},
        {p: int(tallies[p]["wipeouts"]) for p in table.seats},
    )


def next_round(
    round_: Round,
    results: Iterable[GameResult],
    seating: Mapping[int, Sequence[str]] | None = None,
) -> Round:
    """Rotate: winners move up a table, losers stay; the head table's losers go down.

    The head table's winners keep their seats and stay partners; everywhere else the
    two who stay split up and the two who arrive split up. ``seating`` lets a table
    choose its own clockwise order (checked against those rules); by default one of
    the staying losers moves one seat clockwise and the newcomers fill the gaps.
    """
    by_table = _results_by_table(round_, results)
    for number in seating or {}:
        round_.table(number)  # a choice for a table that does not exist is bad input
    n = round_.bottom
    tables = []
    for table in round_.tables:
        t = table.number
        result = by_table[t]
        if t == HEAD:
            stay, arrive = result.winners, by_table[t + 1].winners
        else:
            up = by_table[t + 1].winners if t < n else by_table[HEAD].losers
            stay, arrive = result.losers, up
        chosen = (seating or {}).get(t)
        if chosen is None:
            seats = _default_seats(table, stay, arrive)
        else:
            seats = _chosen_seats(t, stay, arrive, chosen)
        tables.append(Table(t, seats))
    return Round(round_.number + 1, tuple(tables))


def assignments(round_: Round, previous: Round | None = None) -> tuple[Seat, ...]:
    """Every player's table, seat, partner and opponents, and the move that got them
    there; in table then seat order."""
    out = []
    for table in round_.tables:
        for i, player in enumerate(table.seats):
            came = previous.table_of(player).number if previous else None
            if came is None:
                move = "start"
            elif came == table.number:
                move = "stay"
            else:
                move = "up" if table.number < came else "down"
            opp = table.teams[1 - i % 2]
            out.append(
                Seat(player, table.number, i, table.partner(player), opp, came, move)
            )
    return tuple(out)


def tally(
    results: Iterable[GameResult], players: Iterable[str] = ()
) -> dict[str, Tally]:
    """Wins, losses, bunkos and wipeouts per player (``players`` start at zero)."""
    out = {p: Tally() for p in players}
    for r in results:
        for p in (*r.winners, *r.losers):
            t = out.get(p, Tally())
            won = p in r.winners
            out[p] = Tally(
                t.wins + won,
                t.losses + (not won),
                t.bunkos + int(r.bunkos.get(p, 0)),
                t.wipeouts + int(r.wipeouts.get(p, 0)),
            )
    return out


def standings(tallies: Mapping[str, Tally]) -> list[tuple[str, Tally]]:
    """Most wins first, then fewest losses, then name (for a stable board)."""
    return sorted(
        tallies.items(), key=lambda kv: (-kv[1].wins, kv[1].losses, kv[0].casefold())
    )


def overall(tallies: Mapping[str, Tally]) -> Overall:
    """The overall winner (most wins) and loser (most losses), or who is tied."""
    if not tallies:
        raise BadInput("No games have been played yet.", field="tallies")
    ranked = [p for p, _ in standings(tallies)]
    most_wins = max(t.wins for t in tallies.values())
    most_losses = max(t.losses for t in tallies.values())
    return Overall(
        tuple(p for p in ranked if tallies[p].wins == most_wins),
        tuple(p for p in ranked if tallies[p].losses == most_losses),
    )


def break_tie(
    tied: Sequence[str],
    rolls: Sequence[Mapping[str, Any]],
    *,
    highest_takes: bool = True,
) -> TieBreak:
    """Settle a tie with the dice the organiser entered, one roll-off at a time.

    Each roll-off in ``rolls`` holds one die for exactly the players still tied;
    those on the best die go on to the next. By default the highest die takes the
    title (for the overall loser too); ``highest_takes=False`` gives it to the lowest.
    """
    left = list(dict.fromkeys(tied))
    if not left:
        raise BadInput("Nobody is tied.", field="tied")
    for i, roll_off in enumerate(rolls, start=1):
        if len(left) == 1:
            raise BadInput(
                f"The tie was already settled; roll-off {i} is not needed.",
                field="rolls",
            )
        if set(roll_off) != set(left):
            raise BadInput(
                f"Roll-off {i} needs one die each from exactly {and_(left)}.",
                field="rolls",
                example=str({p: 4 for p in left}),
            )
        dice = {p: parse_die(roll_off[p]) for p in left}
        best = max(dice.values()) if highest_takes else min(dice.values())
        left = [p for p in left if dice[p] == best]
    if len(left) == 1:
        return TieBreak(left[0], ())
    return TieBreak(None, tuple(left))


# --- helpers --------------------------------------------------------------------------


def _check_players(players: Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise BadInput("The players are a list of names.", field="players")
    names = []
    for p in players:
        name = text.check(p, "players", "name") if isinstance(p, str) else ""
        if not name:
            raise BadInput(
                f"Each player needs a name of 1 to {text.LIMITS['name']} characters.",
                field="players",
                example='["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]',
            )
        names.append(name)
    folded = [n.casefold() for n in names]
    if len(set(folded)) != len(folded):
        dupe = next(n for n in names if folded.count(n.casefold()) > 1)
        raise BadInput(
            f"Two players are called '{dupe}': give each a different name.",
            field="players",
        )
    n = len(names)
    if n > MAX_PLAYERS:
        raise BadInput(
            f"A bunko night takes at most {MAX_PLAYERS} players ({MAX_PLAYERS // 4} "
            f"tables); {n} given: split the room into two nights.",
            field="players",
            example='["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]',
        )
    if n < MIN_PLAYERS or n % PER_TABLE:
        low, high = n - n % PER_TABLE, n - n % PER_TABLE + PER_TABLE
        fix = f"{MIN_PLAYERS}" if n < MIN_PLAYERS else f"{low} or {high}"
        raise BadInput(
            f"A bunko night needs {MIN_PLAYERS} or more players in fours (one table "
            f"per four); {n} given: make it {fix}.",
            field="players",
        )
    return tuple(names)


def _tables(names: Sequence[str]) -> tuple[Table, ...]:
    return tuple(
        Table(i // PER_TABLE + 1, tuple(names[i : i + PER_TABLE]))  # type: ignore[arg-type]
        for i in range(0, len(names), PER_TABLE)
    )


def _results_by_table(
    round_: Round, results: Iterable[GameResult]
) -> dict[int, GameResult]:
    by_table: dict[int, GameResult] = {}
    for r in results:
        table = round_.table(r.table)
        if r.table in by_table:
            raise BadInput(f"Table {r.table} has two results.", field="results")
        teams = [set(t) for t in table.teams]
        if (
            set(r.winners) not in teams
            or set(r.losers) not in teams
            or set(r.winners) == set(r.losers)
        ):
            raise BadInput(
                f"Table {r.table}'s result must name its two teams: "
                f"{table.team_name(0)} and {table.team_name(1)}.",
                field="results",
            )
        by_table[r.table] = r
    missing = [t.number for t in round_.tables if t.number not in by_table]
    if missing:
        raise Refused(
            f"Table {and_([str(m) for m in missing])} "
            f"{'has' if len(missing) == 1 else 'have'} not finished yet.",
            [R_WIN_LOSS],
        )
    return by_table


def _default_seats(
    table: Table, stay: tuple[str, str], arrive: tuple[str, str]
) -> tuple[str, str, str, str]:
    """The head table's winners keep their seats; elsewhere one stayer moves a seat."""
    stay = _in_seat_order(table, stay)
    s = table.seats.index(stay[0])  # 0 or 1: the first seat of the staying team
    seats: list[str] = [""] * PER_TABLE
    if table.number == HEAD:
        seats[s], seats[s + 2] = stay
        seats[1 - s], seats[3 - s] = arrive
    else:
        # Partners sit opposite, so one stayer moving a seat clockwise splits the
        # pair, and each newcomer then sits opposite a different stayer.
        seats[s], seats[(s + 3) % PER_TABLE] = stay
        seats[(s + 1) % PER_TABLE], seats[(s + 2) % PER_TABLE] = arrive
    return tuple(seats)  # type: ignore[return-value]


def _chosen_seats(
    number: int, stay: tuple[str, str], arrive: tuple[str, str], chosen: Sequence[str]
) -> tuple[str, str, str, str]:
    seats = tuple(" ".join(str(p).split()) for p in chosen)
    expected = {*stay, *arrive}
    if len(seats) != PER_TABLE or set(seats) != expected:
        raise BadInput(
            f"Table {number} seats {and_(sorted(expected))}, clockwise.",
            field="seating",
        )
    pairs = [{seats[a], seats[b]} for a, b in TEAM_SEATS]
    if number == HEAD:
        if set(stay) not in pairs:
            raise BadInput(
                f"At the head table the winners {and_(list(stay))} stay "
                "partners: seat them opposite each other.",
                field="seating",
            )
    elif set(stay) in pairs or set(arrive) in pairs:
        raise BadInput(
            f"At table {number} partners change: {and_(list(stay))} split "
            f"up and so do {and_(list(arrive))}.",
            field="seating",
        )
    return seats  # type: ignore[return-value]


def _in_seat_order(table: Table, pair: Sequence[str]) -> tuple[str, str]:
    a, b = sorted(pair, key=table.seats.index)
    return a, b


def _counts(table: Table, given: Mapping[str, int], what: str) -> dict[str, int]:
    out = {}
    for p, n in given.items():
        if p not in table.seats:
            raise BadInput(f"'{p}' is not at table {table.number}.", field=what)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise BadInput(
                f"{what.capitalize()} are counted in whole numbers from 0.", field=what
            )
        out[p] = n
    return out
