"""Bowling cards: the table the documented examples and breaches start from."""

from __future__ import annotations

from referee.games.outcomes import JSON

EXAMPLE_PLAYERS = ("Ann", "Bob", "Cy")
# Ann deals; Bob, on her left, is dealt first and plays first.
ROWS = (
    {"type": "row", "player": 1, "cards": "7H QD 5S KC 3D 9H"},
    {"type": "row", "player": 2, "cards": "4C 10S 8D 2H AS 6C"},
    {"type": "row", "player": 0, "cards": "JH 5D 3C 9S 7D 4H"},
)
UPCARD = {"type": "upcard", "card": "8C"}
DEALT = (*ROWS, UPCARD)
BOB_DRAWS = {"type": "draw", "player": 1, "source": "stock", "card": "3S"}


def _strike_out_frame() -> tuple[JSON, ...]:
    """Bob pairs all six to ten while Cy and Ann discard: the frame ends."""
    bob = ("3S", "KS", "5H", "10C", "7S", "AH")
    cy = ("9C", "8H", "6D", "4S", "2S")
    ann = ("QC", "JC", "10H", "6H", "5C")
    out: list[JSON] = list(DEALT)
    for k, card in enumerate(bob):
        out += [
            {"type": "draw", "player": 1, "source": "stock", "card": card},
            {"type": "place", "player": 1},
        ]
        if k < len(cy):
            for seat, drawn in ((2, cy[k]), (0, ann[k])):
                out += [
                    {"type": "draw", "player": seat, "source": "stock", "card": drawn},
                    {"type": "discard", "player": seat},
                ]
    return tuple(out)


FRAME_END = _strike_out_frame()
LAST_DRAWS = (*FRAME_END, {"type": "pass", "player": 2}, {"type": "pass", "player": 0})
