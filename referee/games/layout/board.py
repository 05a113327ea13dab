"""The card-layout games' scoreboard: totals, live layout scores, the table, the
prompt; and the JSON Schema of the layout score calculators' answer."""

from __future__ import annotations

from collections.abc import Callable

from referee.games.boards import board
from referee.games.layout.spec import PACK
from referee.games.layout.spec import Score
from referee.games.layout.spec import Spec
from referee.games.outcomes import JSON
from referee.games.wording import and_
from referee.games.wording import winner_names
from referee.games.wording import winners


def pack_size(layout: Spec, state: JSON) -> int:
    """Cards in play: the packs for this many players, with any jokers."""
    return state["decks"] * (PACK + layout.jokers_per_pack(state["options"]))


def packs_text(layout: Spec, state: JSON) -> str:
    """'3 players: one 52-card pack (52 cards)': the deck-size check for the table."""
    n = len(state["players"])
    packs = state["decks"]
    jokers = layout.jokers_per_pack(state["options"])
    word = {1: "one", 2: "two", 3: "three"}.get(packs, str(packs))
    what = f"{word} 52-card pack{'s' if packs > 1 else ''}"
    if jokers:
        what += f" with {jokers * packs} jokers"
    return f"{n} players: {what} ({pack_size(layout, state)} cards)"


def view(layout: Spec, state: JSON, expects: list[str]) -> JSON:
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
        winner = winner_names(state)
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
        "to_turn_up": to_turn_up(layout, state),
        "layouts": [_layout(state, i, live[i]) for i in range(n)],
        "history": state["history"],
        "last_deal": state["last_deal"],
        "winners": winners(state),
    }
    return board(
        sides=sides,
        turn=turn,
        expects=expects,
        prompt=prompt(layout, state),
        phase=phase,
        winner=winner,
        detail=detail,
    )


def to_turn_up(layout: Spec, state: JSON) -> list[str]:
    """Who still turns cards up: before play (two each), or once play has ended."""
    phase = state["phase"]
    if phase == "reveal":
        need = layout.turn_up_before_play
        return _names_where(state, lambda cells: sum(c["up"] for c in cells) < need)
    if phase == "show":
        return _names_where(state, lambda cells: not all(c["up"] for c in cells))
    return []


def _names_where(state: JSON, test: Callable[[list[JSON]], bool]) -> list[str]:
    names = state["players"]
    return [names[i] for i, cells in enumerate(state["layouts"]) if test(cells)]


def _layout(state: JSON, seat: int, live: Score) -> JSON:
    """One player's layout as the table sees it: face-down cards hidden."""
    cells = [
        {"position": k + 1, "card": c["card"] if c["up"] else None, "up": c["up"]}
        for k, c in enumerate(state["layouts"][seat])
    ]
    return {"name": state["players"][seat], "cells": cells, "live": live.to_json()}


def prompt(layout: Spec, state: JSON) -> str:
    names = state["players"]
    phase = state["phase"]
    deal = f"Deal {state['deal']} of {state['options']['deals']}"
    if phase == "over":
        return f"{winner_names(state)} won the series."
    if phase == "deal":
        return f"{deal}: {names[state['dealer']]} deals; enter the card turned up."
    if phase == "reveal":
        left = to_turn_up(layout, state)
        return f"{deal}: before play, {and_(left)} turn two cards face up."
    if phase == "show":
        left = to_turn_up(layout, state)
        return f"{deal}: play is over; turn up the face-down cards of {and_(left)}."
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


def score_result(parts: str, part_help: str) -> JSON:
    """The JSON Schema of a layout score calculator's answer (``parts``: the scored
    pieces, golf's ``columns`` or basketball's ``groups``)."""
    card = {"type": "string", "examples": ["7H"]}
    return {
        "type": "object",
        "required": [
            "complete",
            "so_far",
            "cards",
            "size",
            "points",
            "grid",
            parts,
            "rules",
            "summary",
        ],
        "properties": {
            "complete": {
                "type": "boolean",
                "description": "The layout has all its cards (the positions rule).",
            },
            "so_far": {
                "type": "boolean",
                "description": "The points are a partial count of an incomplete "
                "layout, scored because the request asked for so_far.",
            },
            "cards": {"type": "integer", "description": "How many cards were given."},
            "size": {"type": "integer", "description": "How many a layout has."},
            "points": {
                "type": ["integer", "null"],
                "description": "The layout's score; null for an incomplete layout "
                "unless so_far was asked (then the cards so far).",
            },
            "grid": {
                "type": "array",
                "description": "The cards given by row as on the table, far row "
                "first (an incomplete layout's last row is short).",
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
            "rules": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The rules the answer rests on; an incomplete layout "
                "cites the positions rule first.",
            },
            "summary": {"type": "string"},
        },
        "additionalProperties": False,
    }
