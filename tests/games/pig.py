"""Pig, the game docs/engines.md adds step by step: the whole engine of a new game.

Each turn a player rolls one die as often as they like, adding the pips to the
turn's total; a 1 loses the turn's total and ends the turn; holding banks it. The
first to 100 (the ``target`` option) wins. Nothing outside this module and its
rulebook (``pig.toml`` beside it; referee/rulebook/pig.toml for a real game) knows
the game exists: generic templates serve its pages.
"""

from __future__ import annotations

from referee.games.base import Breach
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.boards import board
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.rulebook import cite

CITE = cite("pig")
R_TURN = CITE("turn")
R_HOLD = CITE("hold")
R_TARGET = CITE("target")


def start(setup: Setup) -> JSON:
    players = list(setup.players)
    return {
        "players": players,
        "teams": [],
        "target": setup.options["target"],
        "scores": [0] * len(players),
        "turn": 0,
        "pot": 0,
        "winner": None,
    }


def _roll(state: JSON, event: JSON) -> Step:
    name = state["players"][state["turn"]]
    if event["die"] == 1:
        lost, state["pot"] = state["pot"], 0
        state["turn"] = (state["turn"] + 1) % len(state["players"])
        summary = f"{name} rolled a 1: {lost} lost, the turn passes."
        return Step(state, Ruling(Verdict.BUST, summary, (R_TURN,)))
    state["pot"] += event["die"]
    summary = f"{name} rolled {event['die']}: {state['pot']} this turn."
    return Step(state, Ruling(Verdict.OK, summary, (R_TURN,)))


def _hold(state: JSON, event: JSON) -> Step:
    seat = state["turn"]
    name = state["players"][seat]
    state["scores"][seat] += state["pot"]
    banked, state["pot"] = state["pot"], 0
    if state["scores"][seat] >= state["target"]:
        state["winner"] = seat
        summary = f"{name} holds at {state['scores'][seat]} and wins."
        return Step(
            state, Ruling(Verdict.WIN, summary, (R_TARGET,), score={name: banked})
        )
    state["turn"] = (seat + 1) % len(state["players"])
    summary = f"{name} banks {banked}: {state['scores'][seat]}."
    return Step(state, Ruling(Verdict.OK, summary, (R_HOLD,), score={name: banked}))


def _in_turn(state: JSON) -> int:
    return int(state["turn"])


def _finished(state: JSON) -> Refused | None:
    if state["winner"] is None:
        return None
    return Refused(
        f"The game is over: {state['players'][state['winner']]} won.", [R_TARGET]
    )


def view(state: JSON) -> JSON:
    names = state["players"]
    over = state["winner"] is not None
    turn = None if over else names[state["turn"]]
    return board(
        sides=[
            {"name": n, "score": s} for n, s in zip(names, state["scores"], strict=True)
        ],
        turn=turn,
        expects=GAME.expects(state),
        prompt="" if over else f"{turn}: roll or hold ({state['pot']} this turn)",
        winner=names[state["winner"]] if over else None,
        detail={"pot": state["pot"], "target": state["target"]},
    )


GAME = Game(
    id="pig",
    title="Pig",
    summary="Roll one die as long as you dare; a 1 loses the turn's total.",
    source="Folk dice game.",
    min_players=2,
    max_players=8,
    options=(
        Option(
            "target",
            "Target",
            "The score that wins.",
            "integer",
            100,
            minimum=10,
            maximum=1000,
        ),
    ),
    events=(
        EventKind(
            "roll",
            "Roll",
            "The die the player in turn rolled.",
            (Field("die", "die", "The die: 1 to 6."),),
            (Example({"type": "roll", "die": 5}),),
        ),
        EventKind(
            "hold",
            "Hold",
            "The player in turn banks the turn's total.",
            (),
            (Example({"type": "hold"}, setup=({"type": "roll", "die": 4},)),),
        ),
    ),
    start=start,
    view=view,
    handlers={
        "roll": Handler(_roll, actor=_in_turn),
        "hold": Handler(_hold, when=lambda s: s["pot"] > 0, actor=_in_turn),
    },
    finished=_finished,
    order_rule=R_HOLD,
    turn_rule=R_TURN,
    breaches=(
        Breach(
            R_TURN,
            "Bob rolls while it is Ann's turn",
            Example({"type": "roll", "die": 3, "player": "Bob"}),
        ),
        Breach(R_HOLD, "Ann holds before rolling", Example({"type": "hold"})),
    ),
)
