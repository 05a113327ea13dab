"""What a card-layout game declares: its ``Spec`` (grid, packs, turns, scoring), the
rule ids it cites (``Rules``) and a layout's ``Score``."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import MISSING
from dataclasses import dataclass
from dataclasses import fields

from referee.games.outcomes import JSON
from referee.rulebook import Citations

PACK = 52


@dataclass(frozen=True)
class Score:
    """A layout's score and why: ``parts`` are ``{"cards", "points", "why"}``."""

    points: int
    parts: tuple[JSON, ...]
    rules: tuple[str, ...]

    def to_json(self) -> JSON:
        return {
            "points": self.points,
            "parts": [dict(p) for p in self.parts],
            "rules": list(self.rules),
        }


Scorer = Callable[[Sequence[str | None], JSON], Score]


@dataclass(frozen=True)
class Rules:
    """The rule ids the shared turn referee cites, taken from a game's handle.

    Every layout game has the first twelve; the others are one game's own (golf:
    turning two up, the show, the end of play, last turns, jokers; basketball: the
    peek at the near row, ten turns each) and stay "" in the other.
    """

    packs: str
    deal: str
    positions: str
    turn_order: str
    draw: str
    replace: str
    face_down_unseen: str
    discard: str
    taken_discard: str
    deals: str
    winner: str
    stock_out: str
    turn_two_up: str = ""
    show: str = ""
    end_of_play: str = ""
    last_turns: str = ""
    jokers: str = ""
    peek: str = ""
    ten_turns: str = ""

    @classmethod
    def cite(cls, handle: Citations, *own: str) -> Rules:
        """The common ids and the game's ``own`` ones (field names), from ``handle``."""
        common = [f.name for f in fields(cls) if f.default is MISSING]
        return cls(**{n: handle(n.replace("_", "-")) for n in [*common, *own]})


@dataclass(frozen=True)
class Spec:
    """What one card-layout game changes in the shared turn referee (the defaults
    are basketball's, bar the turns)."""

    rules: Rules
    rows: int
    cols: int
    score: Scorer
    jokers: int = 0  # jokers in each pack when the "jokers" option is on (golf: 2)
    turn_up_before_play: int = 0  # golf: each player turns two up first
    replace_face_up: bool = False  # golf: any card; basketball: face-down ones only
    discard_turns_up: bool = False  # basketball: a discarded stock card turns one up
    turns_each: int | None = None  # basketball: ten turns each, then all is face up
    lowest_wins: bool = False
    players_per_pack: int = 4  # one pack to four players, a second above four...

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def packs_for(self, players: int) -> int:
        """Packs shuffled together for this many players."""
        return -(-players // self.players_per_pack)

    def jokers_per_pack(self, options: JSON) -> int:
        return self.jokers if options.get("jokers") else 0
