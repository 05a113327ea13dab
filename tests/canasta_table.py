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


# (event, the score after it when it closes a hand, or None); the turns between the
# players' actions are filled in below (GAME_TO_5000). Hand 3 is scored from its
# results alone, without following its turns.
ACTIONS_TO_5000 = [
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
    (
        {
            "type": "go_out",
            "player": 0,
            "cards": "KS KH KD KC KS KH KD",
            "discard": "9C",
            "concealed": False,
        },
        None,
    ),
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


# --- following a hand's turns in tests that are about something else ----------------

FILLER = "10D"  # the card the players in between discard (no test melds it)
ROUND = {"type": "round"}  # in a list: the turn's player discards; the table goes on
DRAW_STEP = ("draw", "take_pile", "ask_out", "stock_out")


def fill(game, state, event):
    """Turns filled in before ``event``: the deal if missing, then the players in
    between draw from the stock and discard, until ``event`` is the turn's to take.

    Returns the new state and the events added. For a test about a meld or the pile,
    not about turns: those are tested with every event written out."""
    added = []

    def go(ev):
        nonlocal state
        added.append(ev)
        state = game.step(state, ev).state

    kind = event["type"]
    hand = state["hand"]
    if kind in ("deal", "hand_counts", "hand_cards") or hand["ended"]:
        return state, added
    top = event.get("top") if kind in ("take_pile", "stock_out") else None
    if hand["turn"] is None:
        if hand["upcard"] is not None:
            return state, added
        go({"type": "deal", "upcard": top or FILLER})
    first = state["hand"]["turn"]
    if kind == "red_three" and first["number"] == 1 and first["step"] == "draw":
        return state, added
    seat = event["player"]
    drawing = kind in DRAW_STEP
    for _ in range(3 * 4):
        turn = state["hand"]["turn"]
        if turn["seat"] == seat:
            if turn["step"] == "draw" and not drawing:
                go({"type": "draw", "player": seat})
                return state, added
            if (turn["step"] == "draw") == drawing and (
                top is None or state["hand"]["pile_top"] == top
            ):
                return state, added
        now = turn["seat"]
        if turn["step"] == "draw":
            go({"type": "draw", "player": now})
        card = top if top and (now + 1) % 4 == seat else FILLER
        go({"type": "discard", "player": now, "card": card})
    raise AssertionError(f"no turn found for {event}")


def followed(game, events, state=None):
    """``events`` with the turns in between filled in, as a list ready to post."""
    state = state or game.start(game.new_setup(["Ann", "Bob", "Cy", "Di"], {}))
    out = []
    for event in events:
        if event == ROUND:
            event = _pass(state)
        state, added = fill(game, state, event)
        out += [*added, event]
        state = game.step(state, event).state
    return out


def _pass(state):
    turn = state["hand"]["turn"]
    return {"type": "discard", "player": turn["seat"], "card": FILLER}


def _expand():
    from referee.games import get

    game = get("canasta")
    state = game.start(game.new_setup(["Ann", "Bob", "Cy", "Di"], {}))
    out = []
    for event, scores in ACTIONS_TO_5000:
        state, added = fill(game, state, event)
        out += [(e, None) for e in added]
        out.append((event, scores))
        state = game.step(state, event).state
    return out


GAME_TO_5000 = _expand()
