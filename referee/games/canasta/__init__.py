"""Canasta for two partnerships: melds, the pile, going out, hand scores, game to 5000.

Seats go clockwise as listed (with teams: team A's first, team B's first, team A's
second, team B's second), so partners sit opposite; the first seat deals the first
hand and the deal moves clockwise. The referee follows the table, not the cards in
the players' hands: events are what a scorer taps.

A followed hand starts with ``deal`` (the turned-up card(s)); then turns go
clockwise from the dealer's left, each one ``draw`` or ``take_pile`` (``ask_out``,
the "may I go out?" answer, before it), then ``meld``s and drawn ``red_three``s, and
``discard`` to pass the turn, or ``go_out``; ``stock_out`` ends play in place of a
draw. A player's action out of turn or out of the turn's order is refused citing
``canasta/turn``: one naming anyone but the turn's player (the deal: the dealer) in
the words every game uses (``Handler.actor``), one out of the turn's order by
``turns.check_turn``. The documented breaches of each rule are in ``breaches.py``.
Then one result per side: ``hand_counts`` (quick) or ``hand_cards`` (exact, with the
picker); a hand not followed (no deal recorded) may be scored from its results alone.
Cards are written in NOTATION.md form; in a meld a wild card joins the rank written
just before it (``"7H 7D JK KS KC KD 2C"``).

``view(state)["detail"]`` holds ``hand`` (number), ``dealer``, ``phase`` (``play``,
``result`` or ``over``), ``target``, ``wild_cap``, ``minimums`` (side name -> the
count its first meld needs this hand), ``melds`` (side name -> list of
``Meld.to_json()``), ``red_threes`` (side name -> cards), ``pile`` (``upcard``,
``frozen``, ``red_threes``, ``top``), ``turn`` (``{"player", "seat", "step"}``, step
``draw`` or ``play``; null before the deal and after play), ``asked``, ``ended``,
``results`` (side name -> entry or null), ``last_hand`` and ``history`` (the latest
``HISTORY_WINDOW``, see ``scoring.close_hand``). Each side is ``{"name", "score",
"players", "minimum", "canastas", "red_threes"}``.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games import partnerships
from referee.games.base import Game
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.base import Tool
from referee.games.boards import board
from referee.games.boards import two_partnerships
from referee.games.canasta import melds as ml
from referee.games.canasta import play
from referee.games.canasta import scoring
from referee.games.canasta import turns
from referee.games.canasta.breaches import BREACHES
from referee.games.canasta.events import EVENTS
from referee.games.canasta.events import OPTIONS
from referee.games.canasta.events import TOOL_FIELDS
from referee.games.canasta.events import TOOL_RESULT
from referee.games.canasta.melds import R_GAME_END
from referee.games.canasta.melds import R_HAND_SCORE
from referee.games.canasta.melds import R_TURN
from referee.games.outcomes import JSON
from referee.games.outcomes import Refused
from referee.games.outcomes import Step

GAME_ID = ml.CITE.game


check_setup = two_partnerships("Canasta is played by two partnerships of two.")


def start(setup: Setup) -> JSON:
    """Seat the four clockwise with partners opposite; seat 0 deals first."""
    return partnerships.start(setup, play.new_hand(1, 0, [0, 0]))


# What a state stored before the referee kept turns lacks (a match begun then).
TURNLESS_HAND = {"turn": None, "pile_top": None}


def current(state: JSON) -> JSON:
    """The state with the fields of later versions filled in (a shallow copy if any
    is missing): a hand begun before turns were kept is finished by its results."""
    options = {o.name: o.default for o in OPTIONS}
    hand = state["hand"]
    if set(TURNLESS_HAND) <= set(hand) and set(options) <= set(state["options"]):
        return state
    return {
        **state,
        "options": {**options, **state["options"]},
        "hand": {**TURNLESS_HAND, **hand},
    }


def phase(state: JSON) -> str:
    if state["winner"] is not None:
        return "over"
    return "result" if state["hand"]["ended"] else "play"


def _before(state: JSON, event: JSON) -> None:
    """A state stored by an earlier version gets the fields it lacks (in place)."""
    upgraded = current(state)
    if upgraded is not state:
        state.update(upgraded)


def _in_play(kind: str, run: Callable[[JSON, JSON], Step]) -> Callable[..., Step]:
    """``run`` during play; once play has ended only the results are taken."""

    def guarded(state: JSON, event: JSON) -> Step:
        if phase(state) == "result":
            raise Refused(
                f"Play of hand {state['hand']['number']} has ended: enter each "
                "side's result.",
                [R_HAND_SCORE],
            )
        if kind in turns.PLAYER_EVENTS:
            turns.check_turn(state, event)
        return run(state, event)

    return guarded


def _result(run: Callable[[JSON, JSON], Step]) -> Callable[..., Step]:
    """``run`` once play has ended, or for a hand not followed turn by turn."""

    def guarded(state: JSON, event: JSON) -> Step:
        if phase(state) == "play" and state["hand"]["turn"] is not None:
            raise Refused(
                f"Hand {state['hand']['number']} is being followed turn by turn: its "
                "play ends when a player goes out or the stock runs out; then enter "
                f"the results. Now {turns.whose_turn(state)}.",
                [R_TURN, R_HAND_SCORE],
            )
        return run(state, event)

    return guarded


def _player(kind: str, run: Callable[[JSON, JSON], Step]) -> Handler:
    """A player's action: offered when it is one the turn allows now."""

    def offered(state: JSON) -> bool:
        state = current(state)
        return phase(state) == "play" and kind in turns.turn_actions(state)

    def acting(state: JSON) -> int | None:
        """The player in turn; anyone (None) when nobody's turn is running (the
        engine says why) and for red threes dealt, laid out before the first draw."""
        hand = current(state)["hand"]
        if hand["turn"] is None:
            return None
        if kind == "red_three" and turns.dealt_threes_open(hand):
            return None
        return int(hand["turn"]["seat"])

    return Handler(_in_play(kind, run), when=offered, actor=acting)


def _dealer(state: JSON) -> int:
    return int(state["hand"]["dealer"])


def _may_deal(state: JSON) -> bool:
    state = current(state)
    hand = state["hand"]
    return phase(state) == "play" and hand["turn"] is None and hand["upcard"] is None


def _may_enter_result(state: JSON) -> bool:
    state = current(state)
    return phase(state) == "result" or state["hand"]["turn"] is None


# In the order a board lists them: before the deal the deal (or a hand scored from
# its results alone); in a turn its draw step, then its play step; then the results.
HANDLERS = {
    "deal": Handler(_in_play("deal", play.deal), when=_may_deal, actor=_dealer),
    "draw": _player("draw", play.draw),
    "take_pile": _player("take_pile", play.take_pile),
    "ask_out": _player("ask_out", play.ask_out),
    "stock_out": _player("stock_out", play.stock_out),
    "meld": _player("meld", play.meld),
    "red_three": _player("red_three", play.red_three),
    "discard": _player("discard", play.discard),
    "go_out": _player("go_out", play.go_out),
    "hand_counts": Handler(_result(scoring.hand_counts), when=_may_enter_result),
    "hand_cards": Handler(_result(scoring.hand_cards), when=_may_enter_result),
}


def view(state: JSON) -> JSON:
    """The scoreboard: scores, minimums, the table's melds, the last hand."""
    state = current(state)
    hand = state["hand"]
    names = [t["name"] for t in state["teams"]]
    table = [ml.from_json(hand["melds"][i]) for i in (0, 1)]
    sides = [
        {
            "name": names[i],
            "score": state["scores"][i],
            "players": list(state["teams"][i]["players"]),
            "minimum": hand["minimums"][i],
            "canastas": sum(1 for m in table[i].values() if m.canasta),
            "red_threes": len(hand["red_threes"][i]),
        }
        for i in (0, 1)
    ]
    now = phase(state)
    winner = None if state["winner"] is None else names[state["winner"]]
    dealer = state["players"][hand["dealer"]]
    target = state["options"]["target"]
    detail: JSON = {
        "hand": hand["number"],
        "dealer": dealer,
        "phase": now,
        "target": target,
        "wild_cap": state["options"]["wild_cap"],
        "minimums": {names[i]: hand["minimums"][i] for i in (0, 1)},
        "melds": {
            names[i]: [
                m.to_json() for _, m in sorted(table[i].items(), key=ml.rank_order)
            ]
            for i in (0, 1)
        },
        "red_threes": {names[i]: list(hand["red_threes"][i]) for i in (0, 1)},
        "pile": {
            "upcard": hand["upcard"],
            "frozen": hand["pile_frozen"],
            "red_threes": list(hand["pile_red_threes"]),
            "top": hand["pile_top"],
        },
        "turn": _turn(state),
        "asked": _asked(state),
        "ended": _ended(state),
        "results": {names[i]: hand["results"][i] for i in (0, 1)},
        "last_hand": state["last_hand"],
        "history": list(state["history"]),
    }
    if target != scoring.TARGET:
        detail["title"] = f"Canasta to {target}"
    return board(
        sides=sides,
        turn=_turn_name(state),
        expects=GAME.expects(state),
        prompt=_prompt(state, now, names),
        phase=now,
        winner=winner,
        detail=detail,
    )


def _prompt(state: JSON, now: str, names: list[str]) -> str:
    hand = state["hand"]
    if now == "over":
        return partnerships.result(state)
    if now == "result":
        missing = [names[i] for i in (0, 1) if hand["results"][i] is None]
        return (
            f"Hand {hand['number']} is over: enter the result for "
            f"{' and '.join(missing)}."
        )
    need = hand["minimums"]
    first = f"First melds: {names[0]} {need[0]}, {names[1]} {need[1]}."
    if hand["turn"] is not None:
        return f"Hand {hand['number']}: {turns.whose_turn(state)}. {first}"
    left = state["players"][(hand["dealer"] + 1) % play.SEATS]
    return (
        f"Hand {hand['number']}, {state['players'][hand['dealer']]} deals, {left} "
        f"plays first. {first}"
    )


def _turn(state: JSON) -> JSON | None:
    turn = state["hand"]["turn"]
    if turn is None:
        return None
    return {
        "player": state["players"][turn["seat"]],
        "seat": turn["seat"],
        "step": turn["step"],
    }


def _turn_name(state: JSON) -> str | None:
    turn = state["hand"]["turn"]
    return None if turn is None else str(state["players"][turn["seat"]])


def _asked(state: JSON) -> JSON | None:
    asked = state["hand"]["asked"]
    if not asked:
        return None
    return {"player": state["players"][asked["player"]], "answer": asked["answer"]}


def _ended(state: JSON) -> JSON | None:
    ended = state["hand"]["ended"]
    if not ended:
        return None
    who = ended["player"]
    return {
        "how": ended["how"],
        "player": None if who is None else state["players"][who],
        "side": None if ended["side"] is None else play.team(state, ended["side"]),
    }


# --- the calculator ------------------------------------------------------------------


def meld_tool(request: JSON) -> JSON:
    """One meld or a whole hand's melds in; legality and points out."""
    laid = list(request["cards"])
    answer = ml.evaluate(
        laid,
        wild_cap=request.get("wild_cap") or "unlimited",
        going_out=bool(request.get("going_out")),
        score=request.get("score"),
    )
    bad = [m for m in answer["melds"] if not m["legal"]]
    if bad:
        summary = f"Not legal: {bad[0]['reason']}"
    else:
        n = len(answer["melds"])
        summary = (
            f"Legal: {n} meld{'s' if n > 1 else ''}, {answer['count']} points of cards"
        )
        if answer["canasta_bonus"]:
            summary += f" + {answer['canasta_bonus']} for canastas"
        summary += "."
        if answer["merged"]:
            summary += (
                " Cards of one rank written apart make one meld: a side keeps one "
                "meld per rank."
            )
        if answer["minimum"] is not None:
            verb = "meets" if answer["meets_minimum"] else "falls short of"
            summary += f" As a first meld it {verb} the minimum of {answer['minimum']}."
    return {**answer, "summary": summary}


GAME = Game(
    id=GAME_ID,
    title="Canasta",
    summary="Meld, pile and going-out referee for two partnerships, hand scores "
    "and the running game to 5000.",
    source="The Canasta section of the shared card rules (four players in two "
    "partnerships, 108 cards with four jokers). Readings: the first seat deals first; "
    "the game goes to 5000 (the text's end-of-game section is empty); no cap on wild "
    "cards unless the match chooses at most three; going out concealed may follow "
    "taking the pile in that turn; a partner's no binds for the rest of the asker's "
    "turn.",
    **partnerships.game_parts(R_GAME_END),
    options=OPTIONS,
    events=EVENTS,
    start=start,
    view=view,
    handlers=HANDLERS,
    before=_before,
    order_rule=R_TURN,
    turn_rule=R_TURN,
    breaches=BREACHES,
    tools=(
        Tool(
            name="melds",
            title="Canasta meld calculator",
            help="Type or tap one meld or a whole side's melds (a wild card goes "
            "with the rank before it): legality, canastas and points.",
            fields=TOOL_FIELDS,
            run=meld_tool,
            example={"cards": "7H 7D 7S 7C 7H 7D JK KS KC KD", "score": 0},
            result=TOOL_RESULT,
        ),
    ),
    deck=ml.DECK,
    check_setup=check_setup,
)
