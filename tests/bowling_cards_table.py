"""A make-believe table for the bowling pairing card game: a shuffled 108-card pack,
seeded random players making legal choices, everything reported as events.

``play_game`` asks the engine only whose turn it is and what each row looks like; the
cards (the stock, the hidden hand cards) are the table's own. Tests check rulings,
replay and the web API against the events it produced.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from referee.games import bowling_cards as bc
from referee.games import cards
from referee.games import get

JSON = dict[str, Any]
GAME = get("bowling-cards")
MAX_EVENTS_PER_FRAME = 4000


def pack() -> list[str]:
    one = [r + s for s in cards.SUITS for r in cards.RANKS]
    return one * 2 + [cards.JOKER] * 4


@dataclass
class Table:
    players: list[str]
    options: JSON
    rng: random.Random
    state: JSON = field(default_factory=dict)
    events: list[JSON] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.state = GAME.start(GAME.new_setup(self.players, self.options))

    def send(self, event: JSON) -> None:
        self.state = GAME.step(self.state, event).state
        self.events.append(event)

    def board(self) -> JSON:
        return GAME.view(self.state)

    def draw_stock(self) -> str:
        if not self.stock:
            self.stock, self.pile = self.pile[:-1], self.pile[-1:]
            self.rng.shuffle(self.stock)
        return self.stock.pop()

    # -- one frame ----------------------------------------------------------------

    def frame(self) -> None:
        n = len(self.players)
        self.stock = pack()
        self.rng.shuffle(self.stock)
        dealer = self.state["dealer"]
        order = [(dealer + k) % n for k in range(1, n + 1)]
        for seat in order:
            row = [self.stock.pop() for _ in range(bc.ROW)]
            self.send({"type": "row", "player": seat, "cards": " ".join(row)})
        self.hands = [[] for _ in range(n)]
        for seat in order:
            self.hands[seat] = [self.stock.pop() for _ in range(bc.HAND)]
        for seat in order:  # give back most ten-count cards, as players would
            for i, card in enumerate(self.hands[seat]):
                while bc.ten_count(card) and self.rng.random() < 0.8:
                    self.send({"type": "exchange", "player": seat, "card": card})
                    card = self.stock.pop()
                    self.hands[seat][i] = card
        if self.rng.random() < 0.3:
            seat = self.rng.choice(order)
            self.play_hand_card(seat, early=True)
        up = self.stock.pop()
        self.pile = [up]
        self.send({"type": "upcard", "card": up})
        for _ in range(MAX_EVENTS_PER_FRAME):
            board = self.board()
            if board["phase"] not in ("play", "last"):
                break
            self.turn(board)
        else:
            raise RuntimeError("a frame that never ends")
        for seat in range(n):
            if self.state["held"][seat]:
                self.send(
                    {
                        "type": "show",
                        "player": seat,
                        "cards": " ".join(self.hands[seat]),
                    }
                )

    def turn(self, board: JSON) -> None:
        seat = self.state["turn"]
        last = board["phase"] == "last"
        if self.hands[seat] and self.rng.random() < (0.5 if last else 0.05):
            self.play_hand_card(seat)
        if last and self.rng.random() < 0.2:
            self.send({"type": "pass", "player": seat})
            return
        if self.pile and self.rng.random() < 0.3:
            card = self.pile.pop()
            self.send({"type": "draw", "player": seat, "source": "pile"})
        else:
            card = self.draw_stock()
            self.send({"type": "draw", "player": seat, "source": "stock", "card": card})
        spot = self.spot_for(seat, card)
        if spot is None or self.rng.random() < 0.05:
            self.pile.append(card)
            self.send({"type": "discard", "player": seat})
            return
        position, old = spot
        if old:
            self.pile.append(old)
        self.send({"type": "place", "player": seat, "position": position})

    def spot_for(self, seat: int, card: str) -> tuple[int, str | None] | None:
        """Where the drawn card may legally go (position, the cover it replaces)."""
        cells = self.state["rows"][seat]
        for i, c in enumerate(cells):
            if c["cover"] is None:
                fits = bc.pair(c["row"], card).kind != "over"
                return (i + 1, None) if fits else None
        partial = self.state["options"]["partial_improvement"]
        for i, c in enumerate(cells):
            before = bc.pair(c["row"], c["cover"])
            if before.kind != "error":
                continue
            after = bc.pair(c["row"], card)
            if after.kind in ("strike", "spare") or (
                partial and after.kind == "error" and after.total > before.total
            ):
                return i + 1, c["cover"]
        return None

    def play_hand_card(self, seat: int, early: bool = False) -> None:
        cells = self.state["rows"][seat]
        used = [] if early else self.state["used"]
        open_ = [
            i
            for i, c in enumerate(cells)
            if (c["cover"] is None or bc.pair(c["row"], c["cover"]).kind == "error")
            and i not in used
        ]
        if not open_ or not self.hands[seat]:
            return
        pos = self.rng.choice(open_)
        card = self.hands[seat].pop(self.rng.randrange(len(self.hands[seat])))
        gone = [cells[pos]["cover"], cells[pos]["row"]]
        if not early:
            self.pile += [c for c in gone if c]
        self.send(
            {"type": "replace", "player": seat, "position": pos + 1, "card": card}
        )


def play_game(players: list[str] | None = None, seed: int = 0, **options: Any) -> Table:
    """A whole game (every frame) played by seeded random players."""
    table = Table(players or ["Ann", "Bob", "Cy"], options, random.Random(seed))
    while table.state["phase"] != "over":
        table.frame()
    return table
