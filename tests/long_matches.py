"""Long random matches of every game, for measuring what grows with a match's length.

``play`` feeds a game seeded random events drawn from its own declarations (the
kinds its board expects, values in range, the documented examples), keeps the ones
the engine accepts and stops when the match is over or long enough. Each game starts
with the options that make its match longest (the most legs, the highest target), and
some games get a hint that keeps their matches going the way a long real one would
(gin rummy's cancelled hands, darts' misses), so the lengths measured are reachable.
Used by tests/games/test_bounded_state.py and bench/sizes.py; deterministic per seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from referee import games
from referee.games import cards
from referee.games.base import Game
from referee.games.base import Setup
from referee.games.darts import all_darts
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Step

DARTS = sorted({d.code for d in all_darts()})
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
# Events that end a match on the spot (a forfeit, the end of a poker session)
ENDINGS = frozenset({"forfeit", "end"})
TRIES = 300  # random events tried in one position before the match counts as stuck

# The options that make a match longest (anything not named keeps its default).
LONGEST: dict[str, JSON] = {
    "darts-301": {"start": "701", "legs": 21, "sets": 13},
    "darts-baseball": {"innings": "20"},
    "gin-rummy": {"target": 1000},
    "billiards": {"race": 99, "points": 1000},
    "bowling-cards": {"frames": 12},
    "golf-six": {"deals": 18},
    "basketball-ten": {"deals": 18},
    "pinochle": {"target": 5000},
    "poker-baseball": {"hands": 100},
    "poker-midnight-baseball": {"hands": 100},
    "mexican-sweat": {"hands": 100},
    "poker-draw": {},
    "canasta": {"target": 20000},
    "liars-dice": {"bets": 10},
}


@dataclass
class Played:
    """One accepted event: its number in the match, the event and the new state."""

    n: int
    event: JSON
    state: JSON
    answer: JSON  # what a POST answers: the ruling and the board


def setup_for(game: Game) -> Setup:
    count = max(game.min_players, min(2, game.max_players))
    players = list(NAMES[:count])
    return game.new_setup(players, LONGEST.get(game.id, {}))


def field_value(
    f: Field, game: Game, state: JSON, board: JSON, rng: random.Random
) -> Any:
    """A value a careful player might send for the field."""
    players = state.get("players") or [s["name"] for s in board["sides"]]
    if f.kind == "side":
        players = [s["name"] for s in board["sides"]]
    deck = cards.DECKS[game.deck or "standard"].copies
    match f.kind:
        case "integer":
            low = f.minimum if f.minimum is not None else 0
            high = f.maximum if f.maximum is not None else low + 20
            # small numbers most of the time: counts, bids and points stay plausible
            return rng.randint(low, min(high, low + rng.choice((3, 12, 40, high))))
        case "boolean":
            return rng.random() < 0.3
        case "string":
            # numbers (billiards balls) and poker dice hands (liar's dice claims)
            return rng.choice(
                ("1", "2", "3", "9", "8", "5", "A A A A A", "A A A K K", "K K K Q Q")
            )
        case "choice":
            return rng.choice(f.choices)
        case "seat" | "side":
            if board["turn"] and rng.random() < 0.8:
                return board["turn"]
            return rng.choice(players) if players else 0
        case "dart":
            return rng.choice(DARTS)
        case "darts":
            return [rng.choice(DARTS) for _ in range(rng.randint(1, f.maximum or 3))]
        case "die":
            return rng.randint(1, 6)
        case "roll":
            return [rng.randint(1, 6) for _ in range(f.maximum or 3)]
        case "card":
            return rng.choice(sorted(set(deck)))
        case "cards":
            low = f.minimum or 1
            high = f.maximum or low + 4
            size = rng.randint(low, high)
            return rng.sample(list(deck), min(size, len(deck)))
        case "list":
            return [rng.randint(1, 15) for _ in range(rng.randint(0, 2))]
    return None


def random_event(game: Game, state: JSON, board: JSON, rng: random.Random) -> JSON:
    kinds = [k for k in game.events if k.type in board["expects"]] or list(game.events)
    kinds = [k for k in kinds if k.type not in ENDINGS] or kinds
    kind = rng.choice(kinds)
    examples = [e.event for e in kind.examples]
    if examples and rng.random() < 0.3:
        out = dict(rng.choice(examples))
        for f in kind.fields:  # a documented example's seat, or whoever's turn it is
            if not f.required and f.kind == "seat" and rng.random() < 0.5:
                out.pop(f.name, None)
        return out
    out: JSON = {"type": kind.type}
    for f in kind.fields:
        if f.required or rng.random() < 0.3:
            out[f.name] = field_value(f, game, state, board, rng)
    return out


def _gin(board: JSON, rng: random.Random) -> JSON | None:
    # A long match of gin is a run of cancelled hands with a small knock now and
    # then (the 1,000-hand match): the score creeps towards the target.
    if "cancel" in board["expects"] and rng.random() < 0.97:
        return {"type": "cancel"}
    return None


def _darts(board: JSON, rng: random.Random) -> JSON | None:
    # Nine-dart legs would end a match of 13 sets of 21 legs in about 4,000 darts;
    # scoring darts now and then keeps the legs finishing at a real table's pace.
    if "dart" in board["expects"] and rng.random() < 0.5:
        return {"type": "dart", "dart": rng.choice(("T20", "T19", "S20", "S1", "M"))}
    return None


def _canasta(board: JSON, rng: random.Random) -> JSON | None:
    # Following a hand turn by turn with random cards rarely gets anyone out: report
    # each hand's results by counts, as tables that count their own cards do.
    if "deal" in board["expects"]:
        return {"type": "deal", "upcard": [rng.choice(("7H", "9S", "KD", "5C", "QS"))]}
    if "hand_counts" in board["expects"]:
        return {
            "type": "hand_counts",
            "side": rng.randint(0, 1),
            "natural_canastas": rng.choice((0, 0, 1)),
            "mixed_canastas": rng.choice((0, 1)),
            "meld_points": 5 * rng.randint(0, 60),
            "hand_points": 5 * rng.randint(0, 20),
        }
    if "stock_out" in board["expects"] and board["turn"] and rng.random() < 0.8:
        return {"type": "stock_out", "player": board["turn"]}
    return None


def _pinochle(board: JSON, rng: random.Random) -> JSON | None:
    # Random bids of up to 2,000 end a game to 5,000 in a few hands; a long one has
    # bids near the minimum and hands thrown in.
    if "throw_in" in board["expects"] and rng.random() < 0.3:
        return {"type": "throw_in"}
    if "bid" in board["expects"] and board["turn"] and rng.random() < 0.7:
        return {"type": "bid", "player": board["turn"], "amount": rng.randint(20, 40)}
    if "meld" in board["expects"]:
        points = rng.randint(0, 30)
        return {"type": "meld", "player": rng.randint(0, 3), "points": points}
    return None


HINTS: dict[str, Callable[[JSON, random.Random], JSON | None]] = {
    "gin-rummy": _gin,
    "darts-301": _darts,
    "canasta": _canasta,
    "pinochle": _pinochle,
}


def _dealt(game: Game, setup: Setup, seed: int) -> list[JSON] | None:
    """A whole match from the card games' make-believe tables (shuffled packs), or
    None: random cards hardly ever fit a layout or a bowling row."""
    # Late imports: the tables import the engines' modules themselves.
    from tests import bowling_cards_table
    from tests import layout_table

    players = list(setup.players)
    if game.id in ("golf-six", "basketball-ten"):
        options = dict(LONGEST[game.id])
        return layout_table.play_series(game, players, options, seed).events
    if game.id == "bowling-cards":
        return bowling_cards_table.play_game(players, seed, **LONGEST[game.id]).events
    return None


def play(game_id: str, events: int, seed: int = 0) -> Iterator[Played]:
    """Up to ``events`` accepted events of one match (fewer if it ends or sticks)."""
    game = games.get(game_id)
    rng = random.Random(f"{game_id}/{seed}")
    setup = setup_for(game)
    state = game.start(setup)
    dealt = _dealt(game, setup, seed)
    if dealt is not None:
        for n, raw in enumerate(dealt[:events], start=1):
            step = _step(game, state, raw)
            state = step.state
            yield Played(n, raw, state, _answer(game, step))
        return
    hint = HINTS.get(game_id)
    for n in range(1, events + 1):
        board = game.view(state)
        if board["over"]:
            return
        for _ in range(TRIES):
            raw = (hint and hint(board, rng)) or random_event(game, state, board, rng)
            try:
                step = _step(game, state, raw)
            except BadInput as err:
                # the refusal's own example (a showdown's cards) is worth a try
                if not err.example or err.field not in raw:
                    continue
                raw = {**raw, err.field: err.example}
                try:
                    step = _step(game, state, raw)
                except (BadInput, Refused):
                    continue
            except Refused:
                continue
            state = step.state
            yield Played(n, raw, state, _answer(game, step))
            break
        else:
            return


def _answer(game: Game, step: Step) -> JSON:
    """What a POST answers: the ruling and the board."""
    return {"ruling": step.ruling.to_json(), "state": game.view(step.state)}


def _step(game: Game, state: JSON, raw: JSON) -> Step:
    # as the ledger folds: parse, then apply (which never changes its input), without
    # ``Game.step``'s deep copy of the state
    return game.apply(state, game.parse_event(raw, state))
