"""Card-layout games (six card golf, ten-card basketball): the shared turn referee.

Each player has a grid of cards dealt face down (``rows`` x ``cols``). A turn draws the
stock's top card or the top discard, then the drawn card replaces a layout card (the
card taken out goes face up on the discard pile) or, drawn from the stock, is
discarded. What differs between the games is a ``Layout`` record: which positions a
drawn card may take, whether a discard turns a card up, when play ends, how a layout
scores, and whether the lowest or the highest total wins.

Positions are numbered from 1 as the owner sees the layout: the far row left to
right, then the near row (golf: 1 2 3 / 4 5 6, columns 1-4, 2-5, 3-6).

State (a plain JSON dict): ``players``, ``teams`` ([]), ``options``, ``decks`` (packs
in play for this many players), ``deal`` (1-based), ``dealer`` (seat), ``phase``
(``deal`` -> ``reveal`` (golf) -> ``play`` -> ``show`` (golf) -> ``deal`` ... ``over``),
``layouts`` (per seat, a list of ``{"card": "7H" or None, "up": bool}``), ``pile``
(the discard pile, top last), ``stock`` (cards left in it), ``turn`` (seat or None),
``drawn`` (``{"card", "source"}`` or None), ``turns`` (turns taken this deal, per seat),
``ender`` (golf: who turned up a sixth card), ``last_turns`` (seats still owed a last
turn), ``totals``, ``history`` (one entry per scored deal, the latest
``HISTORY_WINDOW``: more than a game has), ``last_deal`` and
``winners`` (seats, when over).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.games import cards
from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import Refused
from referee.games.base import Ruling
from referee.games.base import Setup
from referee.games.base import Step
from referee.games.base import Verdict
from referee.games.base import board
from referee.games.base import recent

PACK = 52
ROW_NAMES = ("far row", "near row")


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
class Layout:
    """What one card-layout game changes in the shared turn referee."""

    game_id: str
    rows: int
    cols: int
    packs_for: Callable[[int], int]  # players -> packs shuffled together
    jokers_per_pack: Callable[[JSON], int]  # options -> jokers in each pack
    turn_up_before_play: int  # golf: each player turns two up first
    replace_face_up: bool  # golf: any card; basketball: face-down ones only
    discard_turns_up: bool  # basketball: a discarded stock card turns one up
    turns_each: int | None  # basketball: ten turns each, then all is face up
    lowest_wins: bool
    score: Scorer
    card_name: str = "card"

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def rule(self, local: str) -> str:
        return f"{self.game_id}/{local}"

    # The engine contract for a game built on this layout: Game(start=LAYOUT.start...)
    def start(self, setup: Setup) -> JSON:
        return start(self, setup)

    def apply(self, state: JSON, event: JSON) -> Step:
        return apply(self, state, event)

    def view(self, state: JSON) -> JSON:
        return view(self, state)


# --- start ---------------------------------------------------------------------------


def start(layout: Layout, setup: Setup) -> JSON:
    """A new series: the first listed player deals the first deal."""
    n = len(setup.players)
    return {
        "players": list(setup.players),
        "teams": [],
        "options": dict(setup.options),
        "decks": layout.packs_for(n),
        "deal": 1,
        "dealer": 0,
        "phase": "deal",
        "layouts": [_fresh(layout) for _ in range(n)],
        "pile": [],
        "stock": 0,
        "turn": None,
        "drawn": None,
        "turns": [0] * n,
        "ender": None,
        "last_turns": [],
        "totals": [0] * n,
        "history": [],
        "last_deal": None,
        "winners": None,
    }


def pack_size(layout: Layout, state: JSON) -> int:
    """Cards in play: the packs for this many players, with any jokers."""
    return state["decks"] * (PACK + layout.jokers_per_pack(state["options"]))


def packs_text(layout: Layout, state: JSON) -> str:
    """'3 players: one 52-card pack (52 cards)': the deck-size check for the table."""
    n = len(state["players"])
    packs = state["decks"]
    jokers = layout.jokers_per_pack(state["options"])
    word = {1: "one", 2: "two", 3: "three"}.get(packs, str(packs))
    what = f"{word} 52-card pack{'s' if packs > 1 else ''}"
    if jokers:
        what += f" with {jokers * packs} jokers"
    return f"{n} players: {what} ({pack_size(layout, state)} cards)"


# --- apply ---------------------------------------------------------------------------


def apply(layout: Layout, state: JSON, event: JSON) -> Step:
    """Rule on one event; the input state is left as it was."""
    if state["phase"] == "over":
        names = _winner_names(state)
        raise Refused(f"The series is over: {names} won it.", [layout.rule("winner")])
    kind = event["type"]
    handler = {
        "deal": _deal,
        "flip": _flip,
        "draw": _draw,
        "replace": _replace,
        "discard": _discard,
    }.get(kind)
    if handler is None:
        raise BadInput(f"'{kind}' is not an event of this game.", field="type")
    return handler(layout, state, event)


def _deal(layout: Layout, state: JSON, event: JSON) -> Step:
    if state["phase"] != "deal":
        raise Refused(
            f"Deal {state['deal']} is already under way: {_expecting(layout, state)}",
            [layout.rule("deal")],
        )
    n = len(state["players"])
    cleared = {**state, "layouts": [_fresh(layout)] * n, "pile": [], "drawn": None}
    upcard = _allowed(layout, cleared, event["upcard"], "upcard")
    first = (state["dealer"] + 1) % n
    new = {
        **state,
        "layouts": [_fresh(layout) for _ in range(n)],
        "pile": [upcard],
        "stock": pack_size(layout, state) - n * layout.size - 1,
        "drawn": None,
        "turns": [0] * n,
        "ender": None,
        "last_turns": [],
        "turn": first,
        "phase": "reveal" if layout.turn_up_before_play else "play",
    }
    names = state["players"]
    dealer = names[state["dealer"]]
    summary = (
        f"Deal {state['deal']}: {dealer} deals {layout.size} cards each face down "
        f"and turns up {upcard} to start the discard pile. "
    )
    rules = [layout.rule("packs"), layout.rule("deal"), layout.rule("positions")]
    if layout.turn_up_before_play:
        summary += (
            f"Each player now turns {layout.turn_up_before_play} cards face up; "
            f"then {names[first]} plays first."
        )
        rules.append(layout.rule("turn-two-up"))
    else:
        summary += (
            f"Each player may look once at the near row; {names[first]} plays first."
        )
        rules.append(layout.rule("peek"))
    rules.append(layout.rule("turn-order"))
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))


def _flip(layout: Layout, state: JSON, event: JSON) -> Step:
    """Golf only: a card turned up before play (two each) or at the end of play."""
    phase = state["phase"]
    names = state["players"]
    seat = event["player"]
    name = names[seat]
    if phase not in ("reveal", "show"):
        raise Refused(
            "Cards are turned up on their own only before play (two each) and when "
            f"play has ended. Now: {_expecting(layout, state)}",
            [layout.rule("turn-two-up"), layout.rule("show")],
        )
    cells = state["layouts"][seat]
    pos = _position(layout, event["position"])
    up_now = sum(c["up"] for c in cells)
    if phase == "reveal" and up_now >= layout.turn_up_before_play:
        raise Refused(
            f"{name} has already turned up {layout.turn_up_before_play} cards; the "
            "others stay face down until play moves them.",
            [layout.rule("turn-two-up")],
        )
    if cells[pos]["up"]:
        raise Refused(
            f"{name}'s position {pos + 1} is already face up ({cells[pos]['card']}).",
            [layout.rule("turn-two-up" if phase == "reveal" else "show")],
        )
    card = _allowed(layout, state, event["card"], "card")
    layouts = _set_cell(state["layouts"], seat, pos, {"card": card, "up": True})
    new = {**state, "layouts": layouts}
    if phase == "reveal":
        rules = [layout.rule("turn-two-up"), layout.rule("positions")]
        summary = f"{name} turns up {card} at position {pos + 1}."
        if all(
            sum(c["up"] for c in cells_) >= layout.turn_up_before_play
            for cells_ in layouts
        ):
            new["phase"] = "play"
            first = names[state["turn"]]
            summary += f" Everyone has two face up: {first} plays first."
            rules.append(layout.rule("turn-order"))
        return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))
    summary = f"{name}'s position {pos + 1} is turned up for the scoring: {card}."
    rules = [layout.rule("show"), layout.rule("positions")]
    if all(c["up"] for cells_ in layouts for c in cells_):
        return _score_deal(layout, new, summary, rules)
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))


def _draw(layout: Layout, state: JSON, event: JSON) -> Step:
    seat = _on_turn(layout, state, event, "draw")
    names = state["players"]
    name = names[seat]
    source = event["source"]
    rules = [layout.rule("draw")]
    new = dict(state)
    if source == "discard":
        top = cards.take_top(
            state["pile"],
            event.get("card"),
            seat=seat,
            source="discard",
            named="The top discard",
        )
        new["pile"] = state["pile"][:-1]
        new["drawn"] = {"card": top, "source": "discard"}
        summary = f"{name} takes the discard {top}; it must replace a layout card."
        rules.append(layout.rule("taken-discard"))
    else:
        cards.stock_card(event.get("card"), seat=seat)
        stock = state["stock"]
        pile = list(state["pile"])
        if stock <= 0:
            # Reading: the discards under the top card become the new stock.
            rebuilt = cards.restocked(pile)
            rules.append(layout.rule("stock-out"))
            if rebuilt is None:
                raise Refused(
                    "The stock and the discard pile are both spent: the deal cannot "
                    "go on. Undo to the last good event or start the deal again.",
                    [layout.rule("stock-out")],
                )
            stock, pile = rebuilt
        new["pile"] = pile
        new["stock"] = stock
        card = _allowed(layout, new, event["card"], "card")
        new["stock"] = stock - 1
        new["drawn"] = {"card": card, "source": "stock"}
        then = (
            "replace a face-down card, or discard it and turn one up"
            if layout.discard_turns_up
            else "replace a layout card, or discard it"
        )
        summary = f"{name} draws {card} from the stock: {then}."
        if len(rules) > 1:
            summary = "The stock ran out: the discards under the top card are "
            summary += f"shuffled into a new stock. {name} draws {card}: {then}."
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))


def _replace(layout: Layout, state: JSON, event: JSON) -> Step:
    seat = _on_turn(layout, state, event, "replace")
    name = state["players"][seat]
    drawn = state["drawn"]
    pos = _position(layout, event["position"])
    cell = state["layouts"][seat][pos]
    rules = [layout.rule("replace"), layout.rule("positions")]
    if drawn["source"] == "discard":
        rules.append(layout.rule("taken-discard"))
    given = event.get("replaced")
    if cell["up"]:
        if not layout.replace_face_up:
            raise Refused(
                f"Position {pos + 1} is face up ({cell['card']}): a drawn card may "
                "replace only a face-down card.",
                rules,
            )
        out = cell["card"]
        if given is not None and given != out:
            raise BadInput(
                f"Position {pos + 1} holds {out}, not {given}.", field="replaced"
            )
    else:
        if given is None:
            raise BadInput(
                f"'replaced' is missing: position {pos + 1} was face down, so say "
                "which card came out of it (it goes face up on the discard pile).",
                field="replaced",
                example=f'{{"type": "replace", "player": {seat}, "position": '
                f'{pos + 1}, "replaced": "KD"}}',
            )
        # The drawn card has left the known cards' count only once it is placed.
        out = _allowed(layout, state, given, "replaced")
        rules.append(layout.rule("face-down-unseen"))
    layouts = _set_cell(
        state["layouts"], seat, pos, {"card": drawn["card"], "up": True}
    )
    new = {**state, "layouts": layouts, "pile": [*state["pile"], out], "drawn": None}
    summary = (
        f"{name} puts {drawn['card']} at position {pos + 1}; {out} goes face up on "
        "the discard pile."
    )
    return _end_turn(layout, new, seat, summary, rules)


def _discard(layout: Layout, state: JSON, event: JSON) -> Step:
    seat = _on_turn(layout, state, event, "discard")
    name = state["players"][seat]
    drawn = state["drawn"]
    if drawn["source"] == "discard":
        raise Refused(
            f"{name} took {drawn['card']} from the discard pile, so it must replace "
            "a layout card: putting it straight back would leave the table as it was.",
            [layout.rule("taken-discard"), layout.rule("discard")],
        )
    rules = [layout.rule("discard")]
    new = {**state, "pile": [*state["pile"], drawn["card"]], "drawn": None}
    summary = f"{name} discards {drawn['card']}"
    if layout.discard_turns_up:
        if event.get("position") is None or event.get("card") is None:
            missing = "position" if event.get("position") is None else "card"
            raise BadInput(
                f"'{missing}' is missing: after discarding a stock card, {name} "
                "turns one face-down card up; give its position and the card.",
                field=missing,
                example=f'{{"type": "discard", "player": {seat}, "position": 3, '
                '"card": "9C"}',
            )
        pos = _position(layout, event["position"])
        if state["layouts"][seat][pos]["up"]:
            raise Refused(
                f"Position {pos + 1} is already face up: turn up a face-down card.",
                rules,
            )
        card = _allowed(layout, new, event["card"], "card")
        new["layouts"] = _set_cell(
            state["layouts"], seat, pos, {"card": card, "up": True}
        )
        summary += f" and turns up {card} at position {pos + 1}."
        rules.append(layout.rule("positions"))
    else:
        if event.get("position") is not None or event.get("card") is not None:
            raise BadInput(
                "In this game a discarded stock card ends the turn: nothing is "
                "turned up, so send no 'position' or 'card'.",
                field="position",
                example=f'{{"type": "discard", "player": {seat}}}',
            )
        summary += "; the layout stays as it was."
    return _end_turn(layout, new, seat, summary, rules)


def _end_turn(
    layout: Layout, state: JSON, seat: int, summary: str, rules: list[str]
) -> Step:
    """Count the turn, pass it on, and end play when the game says so."""
    names = state["players"]
    n = len(names)
    turns = list(state["turns"])
    turns[seat] += 1
    new = {**state, "turns": turns, "turn": (seat + 1) % n}
    options: list[str] = []
    if layout.turns_each is not None:
        if all(t >= layout.turns_each for t in turns):
            rules = [*rules, layout.rule("ten-turns")]
            summary += f" Everyone has had {layout.turns_each} turns: all is face up."
            return _score_deal(layout, {**new, "turn": None}, summary, rules)
        summary += f" {names[new['turn']]} to play."
        return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))
    # Golf: play ends as soon as one layout is all face up (or after last turns).
    last_turns = list(state["last_turns"])
    if seat in last_turns:
        last_turns.remove(seat)
        new["last_turns"] = last_turns
    all_up = all(c["up"] for c in new["layouts"][seat])
    ending = False
    if all_up and state["ender"] is None:
        rules = [*rules, layout.rule("end-of-play"), layout.rule("last-turns")]
        options.append("last_turns")
        new["ender"] = seat
        if state["options"].get("last_turns"):
            last_turns = [(seat + k) % n for k in range(1, n)]
            new["last_turns"] = last_turns
            summary += (
                f" All six of {names[seat]}'s cards are face up: each other player "
                "has one last turn."
            )
        else:
            summary += f" All six of {names[seat]}'s cards are face up: play ends."
            ending = True
    elif state["ender"] is not None:
        rules = [*rules, layout.rule("last-turns")]
        options.append("last_turns")
        ending = not last_turns
        if ending:
            summary += " That was the last turn: play ends."
    if not ending:
        if last_turns:
            new["turn"] = last_turns[0]
        summary += f" {names[new['turn']]} to play."
        return Step(
            new, Ruling(Verdict.OK, summary, tuple(rules), options=tuple(options))
        )
    new["turn"] = None
    new["last_turns"] = []
    rules = [*rules, layout.rule("show")]
    if all(c["up"] for cells in new["layouts"] for c in cells):
        return _score_deal(layout, new, summary, rules, tuple(options))
    new["phase"] = "show"
    summary += " Turn up the face-down cards for the scoring."
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules), options=tuple(options)))


def _score_deal(
    layout: Layout,
    state: JSON,
    summary: str,
    rules: list[str],
    options: tuple[str, ...] = (),
) -> Step:
    names = state["players"]
    n = len(names)
    scores = [
        layout.score([c["card"] for c in cells], state["options"])
        for cells in state["layouts"]
    ]
    totals = [state["totals"][i] + scores[i].points for i in range(n)]
    rules = list(rules)
    for s in scores:
        rules.extend(s.rules)
    if layout.rule("jokers") in rules:
        options = (*options, "jokers")  # a joker's minus two changed the scores
    record = {
        "deal": state["deal"],
        "dealer": names[state["dealer"]],
        "scores": {names[i]: scores[i].points for i in range(n)},
        "totals": {names[i]: totals[i] for i in range(n)},
        "layouts": {
            names[i]: [c["card"] for c in state["layouts"][i]] for i in range(n)
        },
        "breakdown": {names[i]: scores[i].to_json() for i in range(n)},
    }
    line = ", ".join(f"{names[i]} {scores[i].points}" for i in range(n))
    summary += f" Deal {state['deal']} scores: {line}."
    new = {
        **state,
        "totals": totals,
        # the breakdown (why each column scored) is the last deal's only: a deal's
        # row in the history needs its scores, and its layouts say the rest
        "history": recent(state["history"], _without_breakdown(record)),
        "last_deal": record,
        "turn": None,
        "drawn": None,
    }
    verdict = Verdict.OK
    if state["deal"] >= state["options"]["deals"]:
        best = min(totals) if layout.lowest_wins else max(totals)
        winners = [i for i in range(n) if totals[i] == best]
        new.update(phase="over", winners=winners)
        who = _and([names[i] for i in winners])
        word = "lowest" if layout.lowest_wins else "highest"
        tie = " (a tie)" if len(winners) > 1 else ""
        summary += (
            f" After {state['deal']} deals {who} wins{tie} with the {word} "
            f"total, {best}."
        )
        rules += [layout.rule("deals"), layout.rule("winner")]  # the last deal ends it
        verdict = Verdict.WIN
    else:
        standing = ", ".join(f"{names[i]} {totals[i]}" for i in range(n))
        summary += (
            f" Totals: {standing}. {names[(state['dealer'] + 1) % n]} deals next."
        )
        new.update(
            phase="deal",
            deal=state["deal"] + 1,
            dealer=(state["dealer"] + 1) % n,
        )
        rules.append(layout.rule("deals"))
    ruling = Ruling(
        verdict,
        summary,
        tuple(dict.fromkeys(rules)),
        score={names[i]: scores[i].points for i in range(n)},
        options=options,
    )
    return Step(new, ruling)


# --- view ----------------------------------------------------------------------------


def expects(layout: Layout, state: JSON) -> list[str]:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "deal":
        return ["deal"]
    if phase in ("reveal", "show"):
        return ["flip"]
    if state["drawn"] is None:
        return ["draw"]
    if state["drawn"]["source"] == "discard":
        return ["replace"]
    return ["replace", "discard"]


def view(layout: Layout, state: JSON) -> JSON:
    """The scoreboard: totals over the deals, each layout's live score, the table."""
    names = state["players"]
    n = len(names)
    phase = state["phase"]
    live = [
        layout.score([c["card"] if c["up"] else None for c in cells], state["options"])
        for cells in state["layouts"]
    ]
    sides = [
        {
            "name": names[i],
            "score": state["totals"][i],
            "deal_score": live[i].points,
            "face_down": sum(not c["up"] for c in state["layouts"][i]),
            "turns": state["turns"][i],
        }
        for i in range(n)
    ]
    turn = (
        None
        if state["turn"] is None or phase in ("deal", "over")
        else names[state["turn"]]
    )
    if phase in ("reveal", "show"):
        turn = None
    winner = None
    if phase == "over":
        winner = _winner_names(state)
    detail = {
        "deal": state["deal"],
        "deals": state["options"]["deals"],
        "dealer": names[state["dealer"]],
        "phase": phase,
        "packs": state["decks"],
        "pack_size": pack_size(layout, state),
        "packs_text": packs_text(layout, state),
        "rows": layout.rows,
        "cols": layout.cols,
        "stock": state["stock"],
        "discard_top": state["pile"][-1] if state["pile"] else None,
        "pile": list(state["pile"]),
        "drawn": state["drawn"],
        "lowest_wins": layout.lowest_wins,
        "ender": None if state["ender"] is None else names[state["ender"]],
        "last_turns": [names[i] for i in state["last_turns"]],
        "turns_each": layout.turns_each,
        "to_turn_up": [
            names[i]
            for i in range(n)
            if phase == "reveal"
            and sum(c["up"] for c in state["layouts"][i]) < layout.turn_up_before_play
        ]
        if phase == "reveal"
        else [
            names[i]
            for i in range(n)
            if phase == "show" and not all(c["up"] for c in state["layouts"][i])
        ],
        "layouts": [
            {
                "name": names[i],
                "cells": [
                    {
                        "position": k + 1,
                        "card": c["card"] if c["up"] else None,
                        "up": c["up"],
                    }
                    for k, c in enumerate(state["layouts"][i])
                ],
                "live": live[i].to_json(),
            }
            for i in range(n)
        ],
        "history": state["history"],
        "last_deal": state["last_deal"],
        "winners": [names[i] for i in state["winners"] or []],
    }
    return board(
        sides=sides,
        turn=turn,
        expects=expects(layout, state),
        prompt=_prompt(layout, state),
        phase=phase,
        winner=winner,
        detail=detail,
    )


def _prompt(layout: Layout, state: JSON) -> str:
    names = state["players"]
    phase = state["phase"]
    deal = f"Deal {state['deal']} of {state['options']['deals']}"
    if phase == "over":
        return f"{_winner_names(state)} won the series."
    if phase == "deal":
        return f"{deal}: {names[state['dealer']]} deals; enter the card turned up."
    if phase == "reveal":
        left = [
            names[i]
            for i, cells in enumerate(state["layouts"])
            if sum(c["up"] for c in cells) < layout.turn_up_before_play
        ]
        return f"{deal}: before play, {_and(left)} turn two cards face up."
    if phase == "show":
        left = [
            names[i]
            for i, cells in enumerate(state["layouts"])
            if not all(c["up"] for c in cells)
        ]
        return f"{deal}: play is over; turn up the face-down cards of {_and(left)}."
    name = names[state["turn"]]
    drawn = state["drawn"]
    if drawn is None:
        top = state["pile"][-1]
        return f"{deal}: {name} draws from the stock or takes the discard {top}."
    if drawn["source"] == "discard":
        return f"{deal}: {name} took {drawn['card']}; tap the position it replaces."
    if layout.discard_turns_up:
        return (
            f"{deal}: {name} drew {drawn['card']}; replace a face-down card, or "
            "discard it and turn one up."
        )
    return f"{deal}: {name} drew {drawn['card']}; replace a card or discard it."


def _expecting(layout: Layout, state: JSON) -> str:
    return _prompt(layout, state)


# --- private helpers ---------------------------------------------------------------


def _fresh(layout: Layout) -> list[JSON]:
    return [{"card": None, "up": False} for _ in range(layout.size)]


def _set_cell(
    layouts: list[list[JSON]], seat: int, pos: int, cell: JSON
) -> list[list[JSON]]:
    mine = [dict(c) for c in layouts[seat]]
    mine[pos] = cell
    return [
        mine if i == seat else [dict(c) for c in cs] for i, cs in enumerate(layouts)
    ]


def _position(layout: Layout, value: Any) -> int:
    if not isinstance(value, int) or not 1 <= value <= layout.size:
        raise BadInput(
            f"Positions go from 1 to {layout.size} ({_grid_text(layout)}); "
            f"'{value}' given.",
            field="position",
            example="3",
        )
    return value - 1


def _grid_text(layout: Layout) -> str:
    far = " ".join(str(k + 1) for k in range(layout.cols))
    near = " ".join(str(layout.cols + k + 1) for k in range(layout.cols))
    return f"far row {far}, near row {near}"


def _on_turn(layout: Layout, state: JSON, event: JSON, kind: str) -> int:
    """The seat on turn, after checking the phase and that the event fits it."""
    names = state["players"]
    if state["phase"] != "play":
        # Cite the rule that says what has to happen first.
        why = {
            "deal": ["deal"],
            "reveal": ["turn-two-up"],
            "show": ["end-of-play", "show"],
        }[state["phase"]]
        raise Refused(
            f"No turns are being played now. {_expecting(layout, state)}",
            [layout.rule(r) for r in why],
        )
    seat = state["turn"]
    if event["player"] != seat:
        raise Refused(
            f"It is {names[seat]}'s turn, not {names[event['player']]}'s.",
            [layout.rule("turn-order")],
        )
    if kind == "draw" and state["drawn"] is not None:
        raise Refused(
            f"{names[seat]} has already drawn {state['drawn']['card']}: "
            "now it replaces a layout card or is discarded.",
            [layout.rule("draw")],
        )
    if kind != "draw" and state["drawn"] is None:
        raise Refused(
            f"{names[seat]} has not drawn yet: a turn starts with the stock's top "
            "card or the top discard.",
            [layout.rule("draw")],
        )
    return seat


def _allowed(layout: Layout, state: JSON, card: str, field: str) -> str:
    """A card entering view must exist in the packs this table uses (copies counted)."""
    jokers = layout.jokers_per_pack(state["options"])
    if card == cards.JOKER and not jokers:
        raise BadInput(
            "There are no jokers in this game (the 'jokers' option is off).",
            field=field,
            example="7H",
        )
    copies = state["decks"] * (jokers if card == cards.JOKER else 1)
    seen = Counter(
        c["card"] for cells in state["layouts"] for c in cells if c["up"]
    ) + Counter(state["pile"])
    if state["drawn"]:
        seen[state["drawn"]["card"]] += 1
    if seen[card] + 1 > copies:
        packs = packs_text(layout, state)
        have = "one" if copies == 1 else str(copies)
        times = "once" if seen[card] == 1 else f"{seen[card]} times"
        raise BadInput(
            f"{card} is already on the table {times}, and {packs} hold {have} "
            f"{cards.describe(card)}{'s' if copies > 1 else ''}: check the card.",
            field=field,
            example="7H",
        )
    return card


def _and(names: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cy'."""
    return (
        " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]
    )


def _winner_names(state: JSON) -> str:
    return _and([state["players"][i] for i in state["winners"] or []])


def score_result(parts: str, part_help: str) -> JSON:
    """The JSON Schema of a layout score calculator's answer (``parts``: the scored
    pieces, golf's ``columns`` or basketball's ``groups``)."""
    card = {"type": "string", "examples": ["7H"]}
    return {
        "type": "object",
        "required": ["points", "grid", parts, "rules", "summary"],
        "properties": {
            "points": {"type": "integer", "description": "The layout's score."},
            "grid": {
                "type": "array",
                "description": "The cards by row as on the table, far row first.",
                "items": {"type": "array", "items": card},
            },
            parts: {
                "type": "array",
                "description": part_help,
                "items": {
                    "type": "object",
                    "required": ["cards", "points", "why"],
                    "properties": {
                        "cards": {"type": "array", "items": card},
                        "points": {"type": "integer"},
                        "why": {"type": "string"},
                    },
                    "additionalProperties": False,
                },
            },
            "rules": {"type": "array", "items": {"type": "string"}},
            "summary": {"type": "string"},
        },
        "additionalProperties": False,
    }


def _without_breakdown(record: JSON) -> JSON:
    return {k: v for k, v in record.items() if k != "breakdown"}
