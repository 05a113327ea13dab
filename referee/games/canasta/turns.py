"""Canasta turns: whose turn it is, its step, and what that player may do now.

After the deal ``hand["turn"]`` holds the turn: ``seat``, ``number`` (1 for the hand's
first), ``step`` (``draw``: draw from the stock, take the pile, ask to go out, or say
the stock is gone; then ``play``: meld, lay out a drawn red three, discard or go out),
``drew`` and ``took_pile`` (how the turn's draw was made) and ``cards`` (rank -> the
cards this player laid this turn, for a concealed going out). ``check_turn`` refuses
any player's action that is not theirs to take now, citing ``canasta/turn``.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.games.canasta import melds as ml
from referee.games.canasta.melds import R_ASK_OUT_TIMING
from referee.games.canasta.melds import R_DEAL
from referee.games.canasta.melds import R_GOING_OUT
from referee.games.canasta.melds import R_HAND_SCORE
from referee.games.canasta.melds import R_MAY_I_GO_OUT
from referee.games.canasta.melds import R_TURN
from referee.games.canasta.melds import Meld
from referee.games.outcomes import JSON
from referee.games.outcomes import Refused

DRAW_STEP = ("draw", "take_pile", "ask_out", "stock_out")
PLAY_STEP = ("meld", "red_three", "discard", "go_out")
PLAYER_EVENTS = (*DRAW_STEP, *PLAY_STEP)
DONE = {"stock": "drawn from the stock", "pile": "taken the pile"}


def start_turn(hand: JSON, seat: int, number: int) -> None:
    """``seat``'s turn begins: nothing drawn, nothing laid, nothing asked."""
    hand["turn"] = {
        "seat": seat,
        "number": number,
        "step": "draw",
        "drew": None,  # "stock" or "pile" once the turn's draw is made
        "took_pile": False,
        "cards": {},  # rank -> the cards this player laid this turn
    }
    hand["asked"] = None  # an answer binds its own turn only


def end_play(hand: JSON, seat: int) -> None:
    """Play of the hand is over: nobody's turn any more."""
    hand["melded"] = sorted({*hand["melded"], *laid_now(hand, seat)})
    hand["turn"] = None
    hand["asked"] = None


def laid_now(hand: JSON, seat: int) -> list[int]:
    """``[seat]`` if the player laid cards in the turn now ending, else nothing."""
    turn = hand["turn"]
    return [seat] if turn and turn["cards"] else []


def note_laid(hand: JSON, groups: Sequence[Meld]) -> None:
    """Remember this turn's own cards: a concealed going out is judged on them."""
    hand["turn"]["cards"] = ml.to_json(with_turn(hand["turn"], groups))


def with_turn(turn: JSON, groups: Sequence[Meld]) -> dict[str, Meld]:
    """The turn's own cards by rank, with ``groups`` added."""
    mine = ml.from_json(turn["cards"])
    for g in groups:
        mine[g.rank] = mine[g.rank].plus(g) if g.rank in mine else g
    return mine


def dealt_threes_open(hand: JSON) -> bool:
    """Before the first draw of the hand anyone may lay out dealt red threes."""
    turn = hand["turn"]
    return bool(turn) and turn["number"] == 1 and turn["step"] == "draw"


def turn_actions(state: JSON) -> list[str]:
    """The actions the turn's player may take now, in the order the page offers them."""
    hand = state["hand"]
    turn = hand["turn"]
    if turn is None:
        return []
    asked = hand["asked"]
    if turn["step"] == "draw":
        top = hand["pile_top"]
        pile = not ml.is_wild(top) and top not in ml.BLACK_THREES
        return [
            "draw",
            *(["take_pile"] if pile else []),
            *([] if asked else ["ask_out"]),
            "stock_out",
            *(["red_three"] if dealt_threes_open(hand) else []),
        ]
    late_ask = (
        state["options"]["ask_out"] == "before-meld" and not asked and not turn["cards"]
    )
    bound = bool(asked and asked["answer"])
    told_no = bool(asked and not asked["answer"])
    return [
        "meld",
        "red_three",
        *([] if bound else ["discard"]),
        *([] if told_no else ["go_out"]),
        *(["ask_out"] if late_ask else []),
    ]


def check_turn(state: JSON, event: JSON) -> None:
    """Refuse a player's action out of turn or out of the turn's order."""
    hand = state["hand"]
    kind = event["type"]
    turn = hand["turn"]
    cited = [R_TURN]
    if turn is None and hand["upcard"] is not None:
        raise Refused(
            f"Hand {hand['number']} was begun before the referee kept turns: enter "
            "each side's result to finish it.",
            [*cited, R_HAND_SCORE],
        )
    if turn is None:
        raise Refused(
            f"Hand {hand['number']} has not been dealt: record the deal's up-card "
            "first; then the player on the dealer's left draws.",
            [*cited, R_DEAL],
        )
    seat = event["player"]
    if kind == "red_three" and dealt_threes_open(hand):
        return
    players = state["players"]
    whose, name = players[turn["seat"]], players[seat]
    if seat != turn["seat"]:
        raise Refused(
            f"It is {whose}'s turn, not {name}'s: {whose_turn(state)}.",
            cited,
        )
    if kind in turn_actions(state):
        return
    drawing = turn["step"] == "draw"
    if kind == "take_pile" and drawing:
        return  # the pile's own rule says why it cannot be taken (black three, wild)
    if kind == "ask_out":
        asking = [*cited, R_MAY_I_GO_OUT]
        if hand["asked"]:
            said = "yes" if hand["asked"]["answer"] else "no"
            raise Refused(
                f"{name} has asked this turn already and the answer ({said}) stands.",
                asking,
            )
        if turn["cards"]:
            why = f"{name} has laid cards this turn: the question comes before that"
        else:
            why = f"{name} has drawn already: the question comes before drawing"
        # When to ask is a match option: the refusal names it.
        raise Refused(f"{why}.", [*asking, R_ASK_OUT_TIMING], options=("ask_out",))
    if drawing:
        raise Refused(
            f"{name} has not drawn yet: a turn starts by drawing from the stock "
            "or taking the pile.",
            cited,
        )
    if kind == "discard":  # in the play step only a binding "yes" takes it away
        raise Refused(
            f"{name} asked to go out and was told yes: this turn must end by going "
            "out, not a discard (or undo the answer).",
            [R_MAY_I_GO_OUT, *cited],
        )
    if kind == "go_out":  # in the play step only a binding "no" takes it away
        raise Refused(
            f"{name} asked and was told no: that answer binds until {name}'s next "
            "turn, so this turn ends with a discard.",
            [R_MAY_I_GO_OUT, R_GOING_OUT, *cited],
        )
    raise Refused(
        f"{name} has {DONE[turn['drew']]} this turn already: one draw a turn; now "
        "meld, or discard to end the turn.",
        cited,
    )


def whose_turn(state: JSON) -> str:
    """'Bob draws from the stock or takes the pile': the turn in a few words."""
    name = state["players"][state["hand"]["turn"]["seat"]]
    return f"{name} {_next_words(state)}"


def _next_words(state: JSON) -> str:
    """What the turn's player does next, for a refusal or the prompt."""
    hand = state["hand"]
    if hand["turn"]["step"] == "draw":
        return "draws from the stock or takes the pile"
    asked = hand["asked"]
    if asked and asked["answer"]:
        return "must go out"
    return "melds and discards"
