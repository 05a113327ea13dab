"""Bowling cards, the scoreboard: game scores, frames, each row as it lies, the
prompt; and what the turn referee asks of a row (its target, its errors)."""

from __future__ import annotations

from referee.games.boards import board
from referee.games.bowling_cards.scoring import pair
from referee.games.bowling_cards.scoring import score_frame
from referee.games.outcomes import JSON
from referee.games.wording import and_
from referee.games.wording import winner_names
from referee.games.wording import winners


def view(state: JSON, expects: list[str]) -> JSON:
    """The scoreboard: game scores (averages), frames so far, each row as it lies."""
    names = state["players"]
    n = len(names)
    played = len(state["history"])
    tables = []
    for i in range(n):
        cells = state["rows"][i]
        table: JSON = {"name": names[i], "held": state["held"][i], "cells": []}
        if cells is not None:
            live = score_frame([(c["row"], c["cover"]) for c in cells])
            for k, (c, part) in enumerate(zip(cells, live.parts, strict=True)):
                table["cells"].append(
                    {
                        "position": k + 1,
                        "row": c["row"],
                        "cover": c["cover"],
                        "kind": part["kind"],
                        "mark": part["mark"],
                        "points": part["points"],
                    }
                )
            target = first_open(cells)
            table["target"] = None if target is None else target + 1
            table["errors"] = [
                p["position"] for p in live.parts if p["kind"] == "error"
            ]
            used = state["used"] if state["turn"] == i else []
            table["replaceable"] = [
                p["position"]
                for p in live.parts
                if p["kind"] in ("open", "error") and p["position"] - 1 not in used
            ]
            table["live"] = live.points
            table["bonus"] = live.bonus
        tables.append(table)
    sides = [
        {
            "name": names[i],
            "score": average(state["totals"][i], played),
            "total": state["totals"][i],
            "frames": [h["scores"][names[i]] for h in state["history"]],
            "held": state["held"][i],
        }
        for i in range(n)
    ]
    phase = state["phase"]
    detail = {
        "frame": state["frame"],
        "frames": state["options"]["frames"],
        "dealer": names[state["dealer"]],
        "phase": phase,
        "stock": state["stock"],
        "pile_top": state["pile"][-1] if state["pile"] else None,
        "pile": len(state["pile"]),
        "drawn": state["drawn"],
        "ender": None if state["ender"] is None else names[state["ender"]],
        "last": [names[i] for i in state["last"]],
        "to_deal": [names[i] for i in deal_order(state) if state["rows"][i] is None],
        "to_show": [names[i] for i in waiting_to_show(state)],
        "tables": tables,
        "history": state["history"],
        "last_frame": state["last_frame"],
        "winners": winners(state),
    }
    return board(
        sides=sides,
        turn=names[state["turn"]] if phase in ("play", "last") else None,
        expects=expects,
        prompt=prompt(state),
        phase=phase,
        winner=winner_names(state) if phase == "over" else None,
        detail=detail,
    )


def prompt(state: JSON) -> str:
    names = state["players"]
    phase = state["phase"]
    frame = f"Frame {state['frame']} of {state['options']['frames']}"
    if phase == "over":
        return f"{winner_names(state)} won the game."
    if phase == "deal":
        left = [names[i] for i in deal_order(state) if state["rows"][i] is None]
        return (
            f"{frame}: {names[state['dealer']]} deals; enter {left[0]}'s six row cards."
        )
    if phase == "hands":
        return (
            f"{frame}: ten-count hand cards may be exchanged; then turn up the card "
            "that starts the pile."
        )
    if phase == "show":
        left = and_([names[i] for i in waiting_to_show(state)])
        return f"{frame}: {left} show the hand cards still held."
    name = names[state["turn"]]
    target = first_open(state["rows"][state["turn"]])
    to = f"position {target + 1}" if target is not None else "improve an error"
    last = " (last draw)" if phase == "last" else ""
    drawn = state["drawn"]
    if drawn is None:
        return f"{frame}: {name} draws{last} for {to}."
    return f"{frame}: {name} drew {drawn['card']}: place it for {to}, or discard it."


# --- what the referee asks of the table -------------------------------------------


def first_open(cells: list[JSON] | None) -> int | None:
    """The left-most row card without a cover (None: all six are paired)."""
    for i, c in enumerate(cells or []):
        if c["cover"] is None:
            return i
    return None


def error_positions(cells: list[JSON]) -> list[int]:
    """Positions whose pair is an error (covered, under ten)."""
    return [
        i
        for i, c in enumerate(cells)
        if c["cover"] is not None and pair(c["row"], c["cover"]).kind == "error"
    ]


def deal_order(state: JSON) -> list[int]:
    n = len(state["players"])
    return [(state["dealer"] + k) % n for k in range(1, n + 1)]


def waiting_to_show(state: JSON) -> list[int]:
    return [
        i
        for i in range(len(state["players"]))
        if state["held"][i] and state["shown"][i] is None
    ]


def average(total: int, frames: int) -> float | int:
    if not frames:
        return 0
    value = round(total / frames, 2)
    return int(value) if value == int(value) else value
