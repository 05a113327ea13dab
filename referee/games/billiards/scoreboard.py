"""The billiards scoreboard: ``view(state)`` for pages and API clients.

The keys of ``sides`` and ``detail`` are listed in the package docstring.
"""

from __future__ import annotations

from referee.games.billiards.cited import NUMBERED
from referee.games.billiards.games import rack_of
from referee.games.billiards.match import CHOICE_LABELS
from referee.games.billiards.racks import race_of
from referee.games.boards import board
from referee.games.boards import side_names
from referee.games.outcomes import JSON


def view(state: JSON, expects: list[str]) -> JSON:
    """The scoreboard; ``detail`` keys are listed in the package docstring."""
    names = side_names(state)
    rack = rack_of(state)
    sides = []
    for i, name in enumerate(names):
        sides.append(
            {
                "name": name,
                "score": state["score"][i],
                "fouls": state["fouls"][i],
                "successive": state["successive"][i],
                "warnings": len(state["warned"][i]),
                "warned_for": [NUMBERED[r] for r in state["warned"][i]],
                "conduct": state["conduct"][i],
                "innings": state["innings"][i],
                "group": state["groups"][i],
                "forfeited": bool(state["forfeit"])
                and state["forfeit"]["side"] == name,
            }
        )
    pending = state["pending"]
    at = state["at_table"]
    turn = None
    if state["phase"] == "play":
        turn = names[pending["side"]] if pending else names[at]
    elif state["phase"] == "choose":
        turn = names[state["lag_winner"]]
    winner = names[state["winner"]] if state["winner"] is not None else None
    detail = {
        "game": rack.name,
        "race": None if rack.by_points else state["options"]["race"],
        # each side's race: unequal under a handicap (rule match/handicap)
        "races": None if rack.by_points else [race_of(state, 0), race_of(state, 1)],
        "points_to_win": state["options"]["points"] if rack.by_points else None,
        "rotation": state["options"]["rotation"],
        "referee": state["options"]["referee"],
        "rack": state["rack"],
        "innings": state["inning"],
        "at_table": names[at] if at is not None else None,
        "breaker": names[state["breaker"]] if state["breaker"] is not None else None,
        "opening_break": state["opening"] and state["phase"] == "play",
        "ball_in_hand": state["in_hand"] if state["in_hand"] != "none" else None,
        "balls": list(state["balls"]) if state["balls"] is not None else None,
        "on": _on_list(state),
        "open_table": rack.groups and state["groups"][0] is None,
        "chooser": names[pending["side"]] if pending else None,
        "choices": [
            {"option": c, "label": _label(pending, c)}
            for c in (pending["choices"] if pending else [])
        ],
        "after_foul": state["after_foul"],
        "restore": state.get("restore"),
        "spots": list(state["spots"]),
        "lag_winner": (
            names[state["lag_winner"]] if state["lag_winner"] is not None else None
        ),
        "racks": list(state["racks"]),
        "forfeit": state["forfeit"],
    }
    return board(
        sides=sides,
        turn=turn,
        expects=expects,
        prompt=_prompt(state),
        phase=state["phase"],
        winner=winner,
        detail=detail,
    )


def _prompt(state: JSON) -> str:
    names = side_names(state)
    phase = state["phase"]
    if phase == "over":
        how = " by forfeit" if state["forfeit"] else ""
        return f"{names[state['winner']]} won the match{how}."
    if phase == "lag":
        return "Lag for the break (or say who breaks)."
    if phase == "choose":
        return f"{names[state['lag_winner']]} won the lag: who breaks?"
    pending = state["pending"]
    if pending:
        who = names[pending["side"]]
        return (
            f"{who}: "
            + " or ".join(
                CHOICE_LABELS[pending["kind"]][c].lower() for c in pending["choices"]
            )
            + "?"
        )
    who = names[state["at_table"]]
    if state["opening"]:
        return f"{who} to break, cue ball in hand behind the head string."
    where = {
        "table": ", cue ball in hand anywhere",
        "kitchen": ", cue ball in hand behind the head string",
    }.get(state["in_hand"], "")
    on = _on_list(state)
    ball = ""
    if rack_of(state).lowest_first and on:
        ball = f", on the {on[0]}"
    return f"{who} at the table{where}{ball}."


def _on_list(state: JSON) -> list[int] | None:
    if state["phase"] != "play" or state["balls"] is None:
        return None
    at = state["at_table"]
    group = state["groups"][at] if at is not None else None
    on = rack_of(state).legal_first(state["balls"], group, state["opening"])
    return list(on) if on is not None else None


def _label(pending: JSON, option: str) -> str:
    """The option in words: rule 38 offers carry what they lead to (``labels``)."""
    labels = pending.get("labels") or {}
    return labels.get(option) or CHOICE_LABELS[pending["kind"]][option]
