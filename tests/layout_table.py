"""A make-believe table for golf and basketball tests: shuffled packs, legal play.

``play_series`` deals from shuffled packs, lets seeded random players make legal
choices and reports what happened as events, asking the engine only whose turn it
is. Tests then check the engine's rulings, replay, and the web API against it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from referee.games import cards
from referee.games.base import Game

JSON = dict[str, Any]


@dataclass
class Table:
    game: Game
    players: list[str]
    options: JSON
    rng: random.Random
    state: JSON = field(default_factory=dict)
    events: list[JSON] = field(default_factory=list)
    hidden: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        setup = self.game.new_setup(self.players, self.options)
        self.state = self.game.start(setup)

    @property
    def size(self) -> int:
        return 6 if self.game.id == "golf-six" else 10

    def send(self, event: JSON) -> None:
        step = self.game.step(self.state, event)
        self.state = step.state
        self.events.append(event)

    def packs(self) -> list[str]:
        n = self.state["decks"]
        jokers = 2 if self.state["options"].get("jokers") else 0
        one = [r + s for s in cards.SUITS for r in cards.RANKS] + [cards.JOKER] * jokers
        return one * n

    def deal(self) -> None:
        self.stock = self.packs()
        self.rng.shuffle(self.stock)
        self.hidden = [
            [self.stock.pop() for _ in range(self.size)] for _ in self.players
        ]
        upcard = self.stock.pop()
        self.pile = [upcard]
        self.send({"type": "deal", "upcard": upcard})

    def face_down(self, seat: int) -> list[int]:
        cells = self.state["layouts"][seat]
        return [k for k, c in enumerate(cells) if not c["up"]]

    def flip(self, seat: int, pos: int) -> None:
        card = self.hidden[seat][pos]
        self.send({"type": "flip", "player": seat, "position": pos + 1, "card": card})

    def turn(self) -> None:
        seat = self.state["turn"]
        golf = self.game.id == "golf-six"
        if self.rng.random() < 0.35:
            card = self.pile.pop()
            self.send({"type": "draw", "player": seat, "source": "discard"})
            keep = True
        else:
            if not self.stock:
                self.stock, self.pile = self.pile[:-1], self.pile[-1:]
                self.rng.shuffle(self.stock)
            card = self.stock.pop()
            self.send({"type": "draw", "player": seat, "source": "stock", "card": card})
            keep = self.rng.random() < 0.6
        down = self.face_down(seat)
        if keep:
            pos = self.rng.randrange(self.size) if golf else self.rng.choice(down)
            out = self.hidden[seat][pos]
            event = {"type": "replace", "player": seat, "position": pos + 1}
            if pos in down or self.rng.random() < 0.5:
                event["replaced"] = out
            self.hidden[seat][pos] = card
            self.pile.append(out)
            self.send(event)
        elif golf:
            self.pile.append(card)
            self.send({"type": "discard", "player": seat})
        else:
            pos = self.rng.choice(down)
            self.pile.append(card)
            self.send(
                {
                    "type": "discard",
                    "player": seat,
                    "position": pos + 1,
                    "card": self.hidden[seat][pos],
                }
            )

    def play(self) -> JSON:
        """Play until the series is over; the final state."""
        while self.state["phase"] != "over":
            phase = self.state["phase"]
            if phase == "deal":
                self.deal()
            elif phase == "reveal":
                seats = list(range(len(self.players)))
                self.rng.shuffle(seats)
                for seat in seats:
                    for pos in self.rng.sample(range(self.size), 2):
                        self.flip(seat, pos)
            elif phase == "show":
                for seat in range(len(self.players)):
                    for pos in self.face_down(seat):
                        self.flip(seat, pos)
            else:
                self.turn()
        return self.state


def play_series(
    game: Game, players: list[str], options: JSON | None = None, seed: int = 0
) -> Table:
    table = Table(game, players, dict(options or {}), random.Random(seed))
    table.play()
    return table
