"""Draw poker at the table, shared by ``poker-draw`` and ``poker-jacks-trips``.

The referee never sees the cards until they are shown: it keeps the pot (antes,
bets, folds), whose turn it is, the exchanges and their limits, and judges the
showdown from the cards the players show. What a game changes is its
``DrawVariant`` (``drawing.py``); the games are declared in ``variants.py``.

A hand runs through phases (``state["phase"]``):

* ``deal``: the next hand (or a redeal) is about to be dealt; ``deal`` posts every
  player's ante (by the dealer; refused while someone has not anted). ``end``
  closes the session here.
* ``bet``: a betting round (``bet`` with ``action`` check, bet, call, raise, fold),
  first to act the first player still in left of the dealer.
* ``draw``: each player still in, in turn from the dealer's left, says how many
  cards they exchange (``draw``).
* ``show``: the players still in show their five cards (``show``) or concede.
* jacks to open, trips to win only: ``reveal`` (a player with three of a kind or
  better shows it; the others say they have none) and ``low`` (in the high/low
  split, the others may then show for low).

``view(state)["detail"]`` holds ``dealer``, ``hand`` (the hand number), ``deal``
(deals of this hand, counting redeals), ``street`` (the betting round or exchange
number), ``pot`` (chips in it now), ``match_the_pot``, ``to_call`` ({name: chips}),
``in`` (names still in), ``drawn`` ({name: cards exchanged this exchange}),
``shown`` ({name: hand}), ``judge`` (the showdown rules in words), ``last_hand``
(the result of the last hand: hands named, winners, shares), ``history`` (the latest
``HISTORY_WINDOW`` hands) and, for jacks, ``opener``, ``openers_needed``,
``wild_rank``, ``hand_wins`` (toward the progressive jackpot) and ``hands_won``
(every hand each player took the pot or a share of it).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from referee.games import cards as cardlib
from referee.games.base import Handler
from referee.games.base import Seats
from referee.games.boards import board
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.games.poker import betting
from referee.games.poker import drawing
from referee.games.poker import hands as hl
from referee.games.poker import jacks
from referee.games.poker import pot as potlib
from referee.games.poker import showdown as sd
from referee.games.poker.drawing import FOUR_CARD_MAX_PLAYERS
from referee.games.poker.drawing import DrawVariant
from referee.games.poker.drawing import check_answering
from referee.games.poker.drawing import check_cards
from referee.games.poker.drawing import count
from referee.games.poker.drawing import four_allowed
from referee.games.poker.drawing import game_rules
from referee.games.poker.drawing import judge_of
from referee.games.poker.drawing import new_exchange
from referee.games.poker.drawing import next_to_draw
from referee.games.poker.drawing import ok
from referee.games.poker.drawing import open_betting
from referee.games.poker.drawing import opening
from referee.games.poker.drawing import options_cited
from referee.games.poker.drawing import order
from referee.games.poker.drawing import uncontested
from referee.games.poker.drawing import waiting_or_settle
from referee.games.poker.drawing import wild_rank

# The phase each event belongs to (the board offers it then; out of it, refused).
PHASES = {
    "deal": ("deal", "a deal"),
    "end": ("deal", "ending the session (finish the hand first)"),
    "bet": ("bet", "betting"),
    "draw": ("draw", "the exchange"),
    "show": ("show", "the showdown"),
    "reveal": ("reveal", "revealing"),
}


# Who may do each event now (``Handler.actor``): the dealer deals, bets and exchanges
# go round in turn, the players still waiting answer at the showdown; anyone at the
# table may end the session between hands.
ACTORS: dict[str, Callable[[JSON], Seats]] = {
    "deal": lambda s: s["dealer"],
    "end": lambda s: None,
    "bet": lambda s: s["round"]["turn"] if s["round"] else None,
    "draw": lambda s: s["draw_turn"],
    "show": lambda s: waiting_to_show(s),
    "reveal": lambda s: waiting_to_show(s),
}
# The rule an event naming the wrong player breaks, besides the order of a hand.
TURN_RULES = {
    "deal": "deal",
    "end": "session",
    "bet": "betting",
    "draw": "draw",
    "show": "showdown",
    "reveal": "showdown",
}


def handlers(v: DrawVariant) -> dict[str, Handler]:
    """The variant's event handlers, in the order a board lists what it expects."""
    runs: dict[str, Callable[[DrawVariant, JSON, JSON], Step]] = {
        "deal": _deal,
        "end": _end,
        "bet": _bet,
        "draw": _draw,
        "show": _show,
    }
    if v.trips_to_win:
        runs["reveal"] = jacks.reveal

    def handler(type_: str, run: Callable[[DrawVariant, JSON, JSON], Step]) -> Handler:
        phase, what = PHASES[type_]
        phases = ("show", "low") if type_ == "show" else (phase,)

        def checked(state: JSON, event: JSON) -> Step:
            if state["phase"] not in phases:
                raise Refused(
                    f"Not now: {what} comes later. {prompt(v, state)}",
                    _not_now_rules(v, state, type_),
                )
            return run(v, state, event)

        def turn_rules(state: JSON, event: JSON, seat: int) -> list[str]:
            # showing for the low half is the winner rule's (jacks, high/low)
            own = "winner" if state["phase"] == "low" else TURN_RULES[type_]
            return [v.rule(own), v.rule("order-of-play")]

        return Handler(
            checked,
            when=lambda s: s["phase"] in phases,
            actor=ACTORS[type_],
            out_of_turn=turn_rules,
        )

    return {t: handler(t, run) for t, run in runs.items()}


def _not_now_rules(v: DrawVariant, state: JSON, type_: str) -> list[str]:
    """An event out of its phase breaks the order of a hand, and sometimes more: the
    session ends only between hands; after nobody revealed, everyone exchanges."""
    out = [v.rule("order-of-play")]
    if type_ == "end":
        out.append(v.rule("session"))
    if v.trips_to_win and state["phase"] == "draw" and state["street"] > 1:
        out.append(v.rule("nobody-reveals"))
    return out


def finished(v: DrawVariant) -> Callable[[JSON], Refused | None]:
    def refusal(state: JSON) -> Refused | None:
        if state["winner"] is not None or state["phase"] == "over":
            return Refused("The session is over.", [v.rule("session")])
        return None

    return refusal


def game_parts(v: DrawVariant) -> dict[str, Any]:
    """The ``Game`` keywords every draw poker game takes from its variant: the shared
    start, handlers, end of the session and turn-order rule, on the poker
    stylesheet and its deck: jokers come only with the wild-card option."""
    return {
        "start": partial(drawing.start, v),
        "stylesheet": "games/poker.css",
        "deck": "standard-jokers" if v.wild_option else "standard",
        "pack": partial(drawing.pack, v) if v.wild_option else None,
        "handlers": handlers(v),
        "finished": finished(v),
        "order_rule": v.rule("order-of-play"),
    }


# --- the events ----------------------------------------------------------------------


def _deal(v: DrawVariant, state: JSON, event: JSON) -> Step:
    opts = state["options"]
    n = len(state["players"])
    _check_antes(v, state, event.get("missing_ante"))
    state["deal"] += 1
    state["pot"] = potlib.ante_all(state["pot"], opts["ante"])
    state["drawn"] = [None] * n
    state["shown"] = [None] * n
    state["low_shown"] = [None] * n
    state["aces_shown"] = [[] for _ in range(n)]
    state["street"] = 1
    state["opener"] = None
    state["openers"] = None
    cited = [v.rule("ante"), v.rule("deal")]
    dealer = state["players"][state["dealer"]]
    again = " again" if state["deal"] > 1 else ""
    words = (
        f"Hand {state['hand']}: {dealer} deals five cards each{again}; "
        f"everyone antes {opts['ante']} (pot {potlib.total(state['pot'])})."
    )
    if v.jacks_to_open:
        cited.append(v.rule("openers"))
        need = hl.PLURAL[hl.RANK_VALUE[state["openers_needed"]]]
        words += f" Openers: a pair of {need} or better."
    rank = wild_rank(v, state)
    if rank:
        cited.append(v.rule("progressive-jackpot"))
        words += f" {hl.PLURAL[hl.RANK_VALUE[rank]].capitalize()} are wild."
    open_betting(v, state)
    return ok(state, words, cited, options=options_cited(v, state))


def _check_antes(v: DrawVariant, state: JSON, missing: int | None) -> None:
    """The cards wait until everyone has anted: a deal with an ante missing is
    refused (the referee posts every ante with the deal)."""
    if missing is None:
        return
    ante = state["options"]["ante"]
    if not ante:
        raise BadInput(
            "The ante is 0 at this table: nobody owes one.",
            field="missing_ante",
            example='{"type": "deal"}',
        )
    raise Refused(
        f"{state['players'][missing]} has not anted: every player puts in the ante "
        f"({ante}) before the cards are dealt.",
        [v.rule("ante"), v.rule("deal")],
    )


def _bet(v: DrawVariant, state: JSON, event: JSON) -> Step:
    seat = event["player"]
    action = event["action"]
    players = state["players"]
    cited = [v.rule("betting")]
    first = opening(v, state)
    extra = ""
    if first:
        extra, more = jacks.opening_bet(v, state, seat, action, event.get("openers"))
        cited += more
    elif event.get("openers"):
        raise BadInput(
            "Openers are shown only before the pot is opened: with the bet that "
            "opens, or with a pass.",
            field="openers",
            example='{"type": "bet", "player": 1, "action": "call"}',
        )
    rnd, pot, words = betting.act(
        state["round"], state["pot"], seat, action, event.get("amount"), names=players
    )
    alone = potlib.live(pot)
    if first and rnd["done"] and len(alone) == 1 and alone[0] not in rnd["acted"]:
        # Everyone else folded before the pot was opened: the pot is won only by
        # opening, so the one player left still acts (opens, or passes it in).
        rnd = {**rnd, "done": False, "turn": alone[0]}
        words += (
            f" Nobody has opened: {players[alone[0]]} may open (with openers) to take "
            "the pot, or pass and the hand is thrown in."
        )
    state["round"], state["pot"] = rnd, pot
    if first and action == "bet":
        state["opener"] = seat
        state["openers"] = list(event["openers"])
    words += extra
    if not rnd["done"]:
        words += f" {players[rnd['turn']]} to act."
        return ok(state, words, cited)
    return _after_betting(v, state, words, cited)


def _after_betting(v: DrawVariant, state: JSON, words: str, cited: list[str]) -> Step:
    """A betting round closed: one player left wins; else the next exchange or show."""
    alive = potlib.live(state["pot"])
    if opening(v, state):
        return jacks.nobody_opened(v, state, words, cited)  # won only once opened
    if len(alive) == 1:
        return uncontested(v, state, alive[0], words, cited)
    draws = 2 if (v.double_draw and state["options"]["double_draw"]) else 1
    if state["street"] <= draws:
        exchange = "exchange" if state["street"] == 1 else "next exchange"
        who = new_exchange(state)
        return ok(
            state,
            f"{words} Betting closed; the {exchange}: {who} draws first.",
            [*cited, v.rule("draw")],
        )
    state["phase"] = "reveal" if v.trips_to_win else "show"
    what = (
        "anyone with three of a kind or better reveals"
        if v.trips_to_win
        else "show your hands"
    )
    return ok(
        state,
        f"{words} Betting closed: showdown, {what}.",
        [*cited, v.rule("showdown")],
    )


def _check_four(v: DrawVariant, state: JSON, seat: int, shows: str | None) -> None:
    """A four-card draw: allowed here, and the ace kept shown."""
    cited = [v.rule("draw"), v.rule("four-card-draw")]
    if not state["options"]["four_with_ace"]:
        raise Refused("Four-card draws are off at this table: three at most.", cited)
    if len(state["players"]) > FOUR_CARD_MAX_PLAYERS:
        raise Refused(
            "With six or more players the most anyone may draw is three.", cited
        )
    if not shows or cardlib.rank(shows) != "A":
        raise Refused(
            f"{state['players'][seat]} may draw four only by showing that the card "
            "kept is an ace.",
            cited,
        )


def _draw(v: DrawVariant, state: JSON, event: JSON) -> Step:
    seat, number = event["player"], event["count"]
    players = state["players"]
    cited = [v.rule("draw")]
    if seat != state["draw_turn"]:
        raise Refused(
            f"It is {players[state['draw_turn']]}'s turn to draw, not "
            f"{players[seat]}'s.",
            cited,
        )
    shows = event.get("shows")
    if number == 4:
        cited.append(v.rule("four-card-draw"))
        _check_four(v, state, seat, shows)
    elif shows:
        raise BadInput(
            "A card is shown only with a four-card draw (the ace kept).",
            field="shows",
            example=f'{{"type": "draw", "player": {seat}, "count": 4, "shows": "AS"}}',
        )
    if shows:
        aces = [list(a) for a in state["aces_shown"]]
        aces[seat] = [*aces[seat], shows]
        state["aces_shown"] = aces
    drawn = list(state["drawn"])
    drawn[seat] = number
    state["drawn"] = drawn
    what = "stands pat" if number == 0 else f"draws {number}"
    words = f"{players[seat]} {what}" + (f", showing {shows}." if shows else ".")
    state["draw_turn"] = next_to_draw(state)
    if state["draw_turn"] is not None:
        return ok(state, f"{words} {players[state['draw_turn']]} next.", cited)
    state["street"] += 1
    open_betting(v, state)
    cited.append(v.rule("betting"))
    if state["round"]["done"]:
        return _after_betting(v, state, words + " Nobody can bet.", cited)
    first = players[state["round"]["turn"]]
    return ok(
        state,
        f"{words} Exchange over; betting round {state['street']}: {first} first.",
        cited,
    )


def _show(v: DrawVariant, state: JSON, event: JSON) -> Step:
    if state["phase"] == "low":
        return jacks.show_low(v, state, event)
    seat = event["player"]
    players = state["players"]
    judge = judge_of(v, state)
    cited = [v.rule("showdown")]
    check_answering(state, seat, cited, "show", "shown")
    shown = list(state["shown"])
    if event.get("cards"):
        hand = check_cards(v, state, seat, event["cards"], "cards")
        shown[seat] = hand
        best = sd.best(hand, judge)
        words = (
            f"{players[seat]} shows "
            + " and ".join(
                f"{h.name}" + (" for low" if part == "low" and len(best) > 1 else "")
                for part, h in best.items()
            )
            + "."
        )
        cited += game_rules(v, state, judge)
    else:
        if len([s for s in potlib.live(state["pot"]) if shown[s] is not False]) <= 1:
            raise Refused(
                f"{players[seat]} is the last player in and need not concede: show "
                "the hand to take the pot.",
                cited,
            )
        shown[seat] = False
        state["pot"] = potlib.fold(state["pot"], seat, "concedes at the showdown")
        words = f"{players[seat]} concedes without showing."
    state["shown"] = shown
    alive = potlib.live(state["pot"])
    if len(alive) == 1 and not isinstance(shown[alive[0]], list):
        return uncontested(v, state, alive[0], words, cited)
    return waiting_or_settle(
        v, state, words, cited, [s for s in alive if shown[s] is None]
    )


def _end(v: DrawVariant, state: JSON, event: JSON) -> Step:
    players = state["players"]
    carried = potlib.total(state["pot"])
    if carried:
        raise Refused(
            f"{carried} chips are still in the pot from a hand nobody has won yet: "
            "play on until it is won.",
            [v.rule("session")],
        )
    net = state["net"]
    top = max(net)
    leaders = [players[s] for s in range(len(players)) if net[s] == top]
    state["phase"] = "over"
    state["winner"] = leaders[0] if len(leaders) == 1 and top > 0 else None
    tally = ", ".join(f"{n} {c:+d}" for n, c in zip(players, net, strict=True))
    return Step(
        state,
        Ruling(
            Verdict.WIN,
            f"Session over after {count(state['hand'] - 1, 'hand')}: {tally}.",
            (v.rule("session"),),
        ),
    )


# --- view ----------------------------------------------------------------------------


def turn(state: JSON) -> int | None:
    phase = state["phase"]
    if phase == "bet":
        return state["round"]["turn"]
    if phase == "draw":
        return state["draw_turn"]
    if phase in ("show", "reveal", "low"):
        waiting = waiting_to_show(state)
        return waiting[0] if waiting else None
    return None


def waiting_to_show(state: JSON) -> list[int]:
    alive = potlib.live(state["pot"])
    seats = [s for s in order(state) if s in alive]
    if state["phase"] == "low":
        return [
            s
            for s in seats
            if not isinstance(state["shown"][s], list) and state["low_shown"][s] is None
        ]
    return [s for s in seats if state["shown"][s] is None]


PROMPTS = {
    "show": "Showdown: {who} shows five cards (or concedes).",
    "reveal": "{who}: reveal three of a kind or better, or say none.",
    "low": "{who}: show for low, or pass.",
}


def prompt(v: DrawVariant, state: JSON) -> str:
    players = state["players"]
    phase = state["phase"]
    if phase == "over":
        return "The session is over."
    if phase == "deal":
        dealer = players[state["dealer"]]
        ante = state["options"]["ante"]
        if state["deal"] >= 1:
            return f"{dealer} deals again; everyone antes {ante}."
        return f"Hand {state['hand']}: {dealer} deals; everyone antes {ante}."
    seat = turn(state)
    if seat is None:
        return ""
    who = players[seat]
    if phase == "bet":
        due = potlib.owed(state["pot"], seat)
        if opening(v, state):
            need = hl.PLURAL[hl.RANK_VALUE[state["openers_needed"]]]
            return f"{who}: open with {need} or better, or pass."
        if due:
            return f"{who}: call {due}, raise or fold."
        return f"{who}: check or bet."
    if phase == "draw":
        most = "Up to three" + (
            " (four with an ace shown)" if four_allowed(state) else ""
        )
        return f"{who}: how many cards to exchange? {most}."
    return PROMPTS[phase].format(who=who) if phase in PROMPTS else ""


def view(v: DrawVariant, state: JSON, expects: list[str]) -> JSON:
    players = state["players"]
    pot = state["pot"]
    seat = turn(state)
    alive = potlib.live(pot)
    in_hand = state["phase"] not in ("deal", "over")
    sides = []
    for s, name in enumerate(players):
        side: JSON = {
            "name": name,
            "score": state["net"][s],
            "in": in_hand and s in alive,
            "put": pot["put"][s],
        }
        if v.progressive:
            side["hand_wins"] = state["hand_wins"][s]
        sides.append(side)
    return board(
        sides=sides,
        turn=players[seat] if seat is not None else None,
        expects=expects,
        prompt=prompt(v, state),
        phase=state["phase"],
        winner=state["winner"],
        detail=_detail(v, state, seat, alive, in_hand),
    )


def _detail(
    v: DrawVariant, state: JSON, seat: int | None, alive: list[int], in_hand: bool
) -> JSON:
    players = state["players"]
    pot = state["pot"]
    rnd = state["round"]
    judge = judge_of(v, state)
    betting_now = state["phase"] == "bet"
    detail: JSON = {
        "dealer": players[state["dealer"]],
        "hand": state["hand"],
        "deal": state["deal"],
        "street": state["street"],
        "pot": potlib.total(pot),
        "match_the_pot": potlib.match_the_pot(pot),
        "to_call": {players[s]: potlib.owed(pot, s) for s in alive}
        if betting_now
        else {},
        "actions": betting.options_for(rnd, pot, seat)
        if (betting_now and rnd and seat is not None)
        else [],
        "in": [players[s] for s in alive] if in_hand else [],
        "drawn": {players[s]: c for s, c in enumerate(state["drawn"]) if c is not None},
        "shown": {
            players[s]: {p: h.name for p, h in sd.best(cards, judge).items()}
            for s, cards in enumerate(state["shown"])
            if isinstance(cards, list)
        },
        "judge": judge.describe(),
        "four_card_draw": four_allowed(state),
        "last_hand": state["last_hand"],
        "history": state["history"],
    }
    if v.jacks_to_open:
        opener = state["opener"]
        detail["opener"] = players[opener] if opener is not None else None
        detail["openers_needed"] = state["openers_needed"]
        detail["wild_rank"] = wild_rank(v, state)
        detail["hand_wins"] = {
            players[s]: state["hand_wins"][s] for s in range(len(players))
        }
        won = state.get("hands_won") or [0] * len(players)
        detail["hands_won"] = {players[s]: won[s] for s in range(len(players))}
    return detail
