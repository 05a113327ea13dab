"""A whole canasta game to 5000, shared by the engine and the web tests."""

from __future__ import annotations

A, B = "Ann & Cy", "Bob & Di"


def counts(side, natural=0, mixed=0, melded=0, held=0, **more):
    return {
        "type": "hand_counts",
        "side": side,
        "natural_canastas": natural,
        "mixed_canastas": mixed,
        "meld_points": melded,
        "hand_points": held,
        **more,
    }


# (event, the score after it when it closes a hand, or None)
GAME_TO_5000 = [
    # hand 1: Ann deals, both sides need 50
    ({"type": "deal", "upcard": "9S"}, None),
    ({"type": "red_three", "player": 1, "cards": "3H"}, None),
    ({"type": "meld", "player": 0, "cards": "QS QH QD QC QS QH QD"}, None),
    (
        {"type": "go_out", "player": 2, "cards": "5S 5H 5D JK", "discard": "9C"},
        None,
    ),
    (counts(0, natural=1, melded=135), None),
    # Bob & Di never melded: their red three costs 100
    (counts(1, held=85), {A: 735, B: -185}),
    # hand 2: Bob deals; Ann & Cy need 50, Bob & Di 15
    ({"type": "take_pile", "player": 3, "top": "6C", "cards": "6S 6H"}, None),
    (counts(0, natural=2, mixed=1, melded=400, went_out="out"), None),
    (counts(1, mixed=1, melded=200, held=30), {A: 2535, B: 285}),
    # hand 3: Cy deals; Ann & Cy need 90
    (counts(1, melded=100, held=20), None),
    (
        counts(0, natural=2, mixed=2, melded=500, went_out="concealed"),
        {A: 4835, B: 365},
    ),
    # hand 4: Di deals; Ann & Cy need 120
    ({"type": "meld", "player": 0, "cards": "AS AH AD JK JK"}, None),
    ({"type": "meld", "player": 2, "cards": "KS KH KD KC KS KH 2C"}, None),
    ({"type": "go_out", "player": 0, "cards": "7S 7H 7D", "discard": "4C"}, None),
    # Bob & Di's meld of nines holds their first meld's 50
    (
        {"type": "hand_cards", "side": 1, "melds": "9S 9H 9D 9C 9S", "hand": "JK QS"},
        None,
    ),
    ({"type": "hand_cards", "side": 0}, {A: 5490, B: 355}),
]
