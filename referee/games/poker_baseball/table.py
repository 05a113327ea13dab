"""What the baseball family shares at the table: deals, antes, payments, bets.

A match is a session of ``hands`` deals; the first player listed deals the first and the
deal passes to the left. Each deal opens with an ``ante``; the pot is kept by the shared
pot keeper (``referee.games.poker.pot``) and betting rounds by its betting helper. A
payment that falls due (a wild card or a four's extra card with a price) stops the play
until its owner pays, declines or folds. A side's score is its net chips over the
finished deals.

State keys shared by the games: ``players``, ``teams``, ``game``, ``options``,
``hands``, ``hand_no``, ``dealer``, ``net``, ``phase``, ``pot``, ``round`` (the betting
round or None), ``due`` (the payment owed now or None), ``hand`` (the game's own deal),
``last_hand`` (the result of the deal before) and ``winner``.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from referee.games import cards
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.boards import board
from referee.games.fields import PLAYER
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.games.poker import betting
from referee.games.poker import pot as potlib
from referee.games.poker_baseball import specials
from referee.games.poker_baseball.specials import PAY_OR_FOLD

# --- fields and options every game of the family uses -------------------------------

CARD = Field("card", "card", "The card, rank then suit: 3H, 10S, QD.")
MAX_CHIPS = 1_000_000  # the most chips one ante, bet or price may be
ANTE_HELP = "Chips each player antes (0 for none)."
AMOUNT = Field("amount", "integer", ANTE_HELP, minimum=0, maximum=MAX_CHIPS)
ACTION = Field(
    "action",
    "choice",
    "What the player does in the betting.",
    choices=betting.ACTIONS,
)
BET_AMOUNT = Field(
    "amount",
    "integer",
    "Chips: the bet, or by how much to raise (a call needs none).",
    required=False,
    minimum=1,
    maximum=MAX_CHIPS,
)


# What a player hands over for a payment, when the scorer states it: the referee
# refuses any sum but the price (rule on payments), rather than trust it.
PAID = Field(
    "amount",
    "integer",
    "Chips paid, if stated: anything but the price is refused (left out: the price).",
    required=False,
    minimum=0,
    maximum=MAX_CHIPS,
)


def answer_event(
    type_: str, help: str, setup: tuple[JSON, ...], **options: Any
) -> EventKind:
    """``pay``, ``decline`` or ``fold``; its example: Bob answers after ``setup``."""
    example = Example(
        {"type": type_, "player": 1},
        setup=setup,
        players=("Ann", "Bob", "Cy"),
        options=options,
    )
    fields = (PLAYER, PAID) if type_ == "pay" else (PLAYER,)
    return EventKind(type_, type_.capitalize(), help, fields, (example,))


def check_paid(state: JSON, event: JSON, price: int, rules: Sequence[str]) -> None:
    """A stated payment must be the price: a player may not pay short, or more."""
    paid = event.get("amount")
    if paid is not None and paid != price:
        who = state["players"][int(event["player"])]
        raise Refused(
            f"{who} pays {paid}, but the price is "
            f"{specials.describe_price(state['options'], price)}.",
            rules,
        )


def bet_event(setup: tuple[JSON, ...]) -> EventKind:
    """The family's ``bet`` event, its example a bet of 2 after ``setup``."""
    return EventKind(
        "bet",
        "Bet",
        "A betting action in turn: check, bet, call, raise (by an amount) or fold.",
        (PLAYER, ACTION, BET_AMOUNT),
        (
            Example(
                {"type": "bet", "player": 1, "action": "bet", "amount": 2},
                setup=setup,
                players=("Ann", "Bob", "Cy"),
            ),
        ),
    )


HANDS_OPTION = Option(
    "hands",
    "Deals",
    "How many deals the match lasts; the deal passes to the left each time.",
    "integer",
    1,
    minimum=1,
    maximum=100,
)
PRICE_OPTION = Option(
    "price",
    "Payment price",
    "What a payment costs: 0 means match the pot (the usual price); a number sets a "
    "fixed price in chips.",
    "integer",
    0,
    minimum=0,
    maximum=MAX_CHIPS,
)


@dataclass(frozen=True)
class Rules:
    """How one game of the family cites the steps it shares with the others."""

    rules: Mapping[str, str]  # local rule id -> full id, from the game's handle
    payment: str = ""  # the local id of the rule on payments
    # wild rank -> the local id of its payment setting, and the option setting it
    wild_rules: Mapping[str, str] = field(default_factory=dict)
    wild_options: Mapping[str, str] = field(default_factory=dict)
    over: str = "end"  # the local id cited once the match is over

    def rule(self, local: str) -> str:
        return self.rules[local]

    def due_rules(self, due: JSON) -> list[str]:
        """The rules a payment owed now rests on."""
        if due["kind"] == "four":
            return [self.rule("pay-four"), self.rule(self.payment)]
        rank = cards.rank(due["card"])
        return [self.rule(self.wild_rules[rank]), self.rule(self.payment)]


def finished(r: Rules) -> Callable[[JSON], Refused | None]:
    """The refusal of any event once the match is over."""

    def refusal(state: JSON) -> Refused | None:
        if state["phase"] != "over":
            return None
        return Refused("The match is over.", [r.rule(r.over)])

    return refusal


DUE_ANSWERS = ("pay", "decline", "fold")


def due_first(r: Rules) -> Callable[[JSON, JSON], None]:
    """Every event's first check: a payment owed is answered before anything else."""

    def check(state: JSON, event: JSON) -> None:
        if state["due"] is not None and event["type"] not in DUE_ANSWERS:
            raise Refused(
                due_words(state, state["due"]) + " That comes first.",
                r.due_rules(state["due"]),
            )

    return check


# Why a named player may not act at all now (folded, out of cards), as rules.
Gone = Callable[[JSON, int], list[str]]


Answer = Callable[[JSON, JSON, int], list[str]]  # a Handler's ``out_of_turn``


def turn_rules(r: Rules, gone: Gone, *local: str) -> Answer:
    """What an event naming the wrong player breaks: the ``local`` rules on whose
    turn it is, and the reason the named player is out of the deal, if they are."""

    def rules(state: JSON, event: JSON, seat: int) -> list[str]:
        return list(dict.fromkeys([*(r.rule(n) for n in local), *gone(state, seat)]))

    return rules


def answer_rules(r: Rules, gone: Gone, in_turn: Sequence[str]) -> Answer:
    """An answer by the wrong player: the payment owed, else the ``in_turn`` rules
    (a fold in the betting)."""

    def rules(state: JSON, event: JSON, seat: int) -> list[str]:
        owed = r.due_rules(state["due"]) if state["due"] else list(map(r.rule, in_turn))
        return list(dict.fromkeys([*owed, *gone(state, seat)]))

    return rules


def due_seat(state: JSON) -> int | None:
    """Who owes the payment due now (an answer is offered only then)."""
    return int(state["due"]["seat"]) if state["due"] else None


def due_handlers(
    settle: Callable[[JSON, JSON], Step],
    fold_in_betting: Callable[[JSON, JSON], Step],
    r: Rules,
    gone: Gone,
    in_turn: Sequence[str] = ("betting",),
) -> dict[str, Handler]:
    """``pay``, ``decline`` and ``fold``: answers to a payment; ``fold`` also bets.

    Each is its owner's to do: the payment's, or the betting turn's for a fold (a
    fold out of turn breaks the ``in_turn`` rules).
    """

    def answer(state: JSON, event: JSON) -> Step:
        if state["due"] is None and event["type"] == "fold":
            return fold_in_betting(state, {**event, "type": "bet", "action": "fold"})
        return settle(state, event)

    who = answer_rules(r, gone, in_turn)
    return {
        "pay": Handler(
            answer, when=lambda s: s["due"] is not None, actor=due_seat, out_of_turn=who
        ),
        "decline": Handler(
            answer,
            when=lambda s: s["due"] is not None and s["due"]["mode"] != PAY_OR_FOLD,
            actor=due_seat,
            out_of_turn=who,
        ),
        "fold": Handler(
            answer,
            when=lambda s: s["due"] is not None or s["phase"] == "bet",
            actor=acting,
            out_of_turn=who,
        ),
    }


def anyone(state: JSON) -> None:
    """Everyone antes together: any player may be named as doing it."""
    return None


def dealer(state: JSON) -> int:
    """The dealer turns the cards nobody owns (a table card, a shared card)."""
    return int(state["dealer"])


def without_ante(
    state: JSON,
    event: JSON,
    ante_step: Callable[[JSON, JSON], Step],
    then: Callable[[JSON, JSON], Step],
) -> Step:
    """A deal that starts with its first card: nobody anted (a game without antes)."""
    started = ante_step(state, {"type": "ante", "amount": 0})
    got = then(started.state, event)
    return step(
        got.state,
        got.ruling.verdict,
        f"No ante recorded. {got.ruling.summary}",
        [*started.ruling.rules, *got.ruling.rules],
        options=got.ruling.options,
    )


def ask_payment(
    state: JSON,
    seat: int,
    card: str,
    special: specials.Special,
    words: str,
    rules: list[str],
    options: Sequence[str],
) -> Step:
    """A card turned up has a price: the play stops until its owner answers."""
    state["due"] = make_due(
        state, seat, card, special.kind, special.mode, special.option
    )
    state["phase"] = "due"
    return step(
        state,
        Verdict.OK,
        f"{words} {due_words(state, state['due'])}",
        rules,
        options=tuple(options),
    )


def rain_out(
    state: JSON, new_hand: Callable[[list[int], int], JSON], phase: str
) -> tuple[int, list[int]]:
    """A rainout: a new hand for the seats still in; the pot stays.

    Returns the rainouts in this hand so far and the seats dealt again.
    """
    count = state["hand"]["rainouts"] + 1
    seats = live(state)
    state["hand"] = new_hand(seats, count)
    state["phase"] = phase
    state["round"] = None
    return count, seats


def special(r: Rules, state: JSON, card: str) -> specials.Special:
    """What ``card`` turned face up sets off in this deal (under the match options)."""
    return specials.special_of(
        card, state["options"], r.wild_options, state["hand"]["rainouts"]
    )


def deal_won(
    state: JSON,
    rank: Callable[[list[int]], list[int]],
    why: str,
    words: str,
    rules: Sequence[str],
    options: Sequence[str] = (),
) -> Step:
    """The deal is won (see ``finish``): the ruling that says so."""
    state, summary, change = finish(state, rank, why)
    return step(
        state,
        Verdict.WIN,
        f"{words} {summary}",
        rules,
        score=change,
        options=tuple(options),
    )


def moved_on(state: JSON, phase: str, words: str, rules: list[str], rule: str) -> Step:
    """Play moves on to ``phase`` for the reason ``rule`` gives."""
    state["phase"] = phase
    rules.append(rule)
    return step(state, Verdict.OK, words, rules)


def prompt_before_play(state: JSON) -> str | None:
    """The prompt when the match is over, a payment is owed or the antes are due."""
    phase = state["phase"]
    if phase == "over":
        return f"Match over: {state['winner']}."
    if state["due"]:
        return due_words(state, state["due"])
    if phase == "ante":
        dealer = state["players"][state["dealer"]]
        return f"Deal {state['hand_no']}: {dealer} deals. Antes first."
    if phase == "bet":
        return betting_prompt(state)
    return None


# --- the session ---------------------------------------------------------------------


def start_session(setup: Setup, game_id: str) -> JSON:
    """A fresh match: the first player listed deals, nobody has anted yet."""
    count = len(setup.players)
    return {
        "players": list(setup.players),
        "teams": [],
        "game": game_id,
        "options": dict(setup.options),
        "hands": int(setup.options.get("hands", 1)),
        "hand_no": 1,
        "dealer": 0,
        "net": [0] * count,
        "phase": "ante",
        "pot": None,
        "round": None,
        "due": None,
        "hand": None,
        "last_hand": None,
        "winner": None,
    }


def by_name(
    names: Sequence[str],
    per_seat: Sequence[Any],
    each: Callable[[Any], Any] | None = None,
) -> JSON:
    """Each seat's ``per_seat`` entry (``each`` applied), keyed by its player."""
    return {
        name: per_seat[s] if each is None else each(per_seat[s])
        for s, name in enumerate(names)
    }


def names(state: JSON) -> list[str]:
    return list(state["players"])


def live(state: JSON) -> list[int]:
    """Seats still in the deal."""
    return potlib.live(state["pot"]) if state["pot"] else []


def left_of_dealer(state: JSON) -> list[int]:
    """Every seat, starting at the dealer's left."""
    count = len(state["players"])
    return potlib.seats_from((state["dealer"] + 1) % count, count)


def seat_of(state: JSON, event: JSON, expected: int | None, what: str) -> int:
    """The event's player, or the one the referee expects when it is left out."""
    seat = event.get("player")
    if seat is None:
        if expected is None:
            raise BadInput(f"'player' is missing: who {what}?", field="player")
        return expected
    return int(seat)


def check_live(state: JSON, seat: int, rules: Sequence[str]) -> None:
    if seat not in live(state):
        who = state["players"][seat]
        raise Refused(f"{who} is out of this deal.", rules)


def ante(state: JSON, event: JSON, rule: str) -> tuple[JSON, str]:
    """Everyone antes; a fresh pot. Returns the new state and the sentence."""
    if state["phase"] != "ante":
        raise Refused("The antes are in already: this deal is under way.", [rule])
    amount = int(event["amount"])
    count = len(state["players"])
    pot = potlib.ante_all(potlib.new_pot(count), amount)
    new = {**state, "pot": pot, "round": None, "due": None}
    words = (
        f"Deal {state['hand_no']}: everyone antes {amount}; the pot is "
        f"{potlib.total(pot)}."
        if amount
        else f"Deal {state['hand_no']}: no ante."
    )
    return new, words


# --- payments ------------------------------------------------------------------------


def make_due(
    state: JSON, seat: int, card: str, kind: str, mode: str, option: str
) -> JSON:
    """A payment owed by ``seat`` for ``card`` (a wild card or a four's extra card)."""
    amount = specials.price(state["options"], potlib.total(state["pot"]))
    return {
        "seat": seat,
        "card": card,
        "kind": kind,
        "mode": mode,
        "option": option,
        "amount": amount,
        "back": state["phase"],
    }


def due_words(state: JSON, due: JSON) -> str:
    who = state["players"][due["seat"]]
    price = specials.describe_price(state["options"], due["amount"])
    if due["kind"] == "four":
        return f"{who} may pay {price} for the four's extra card, or decline it."
    if due["mode"] == PAY_OR_FOLD:
        return f"{who} must pay {price} for the {cards.describe(due['card'])} or fold."
    return (
        f"{who} may pay {price} to make the {cards.describe(due['card'])} wild, "
        "or decline (it stays at face value)."
    )


def settle_due(state: JSON, event: JSON, rules: Sequence[str]) -> tuple[JSON, str, str]:
    """``pay``, ``decline`` or ``fold`` answering the payment owed now.

    Returns the state (``due`` cleared, ``phase`` back to what it was), the sentence and
    what happened: ``"paid"``, ``"declined"`` or ``"folded"``.
    """
    due = state["due"]
    if due is None:
        raise Refused("No payment is owed now.", rules)
    seat = seat_of(state, event, due["seat"], "pays")
    who = state["players"][seat]
    if seat != due["seat"]:
        raise Refused(
            f"The payment is {state['players'][due['seat']]}'s to make, not {who}'s.",
            rules,
        )
    kind = event["type"]
    if kind == "decline" and due["mode"] == PAY_OR_FOLD:
        raise Refused(
            f"{who} cannot decline: pay {due['amount']} or fold.",
            rules,
        )
    back = {**state, "due": None, "phase": due["back"]}
    if kind == "pay":
        check_paid(state, {**event, "player": seat}, due["amount"], rules)
        pot = potlib.add(state["pot"], seat, due["amount"], "pay", due["card"])
        what = "the extra card" if due["kind"] == "four" else due["card"]
        words = (
            f"{who} pays {due['amount']} for {what}; the pot is {potlib.total(pot)}."
        )
        return {**back, "pot": pot}, words, "paid"
    if kind == "decline":
        what = (
            "no extra card"
            if due["kind"] == "four"
            else f"the {cards.describe(due['card'])} stays at face value"
        )
        return back, f"{who} declines: {what}.", "declined"
    pot = potlib.fold(state["pot"], seat, f"would not pay for {due['card']}")
    return {**back, "pot": pot}, f"{who} folds rather than pay.", "folded"


# --- betting -------------------------------------------------------------------------


def open_betting(state: JSON, first: int, rules: Sequence[str]) -> tuple[JSON, str]:
    rnd, pot = betting.open_round(state["pot"], first, rules=rules)
    new = {**state, "pot": pot, "round": rnd, "phase": "bet"}
    if rnd["done"]:
        # Everyone still in but one is all in: the round is over before it opens.
        return new, "No betting: everyone else still in is all in."
    return new, f"Betting: {state['players'][rnd['turn']]} first."


def bet(state: JSON, event: JSON, rules: Sequence[str]) -> tuple[JSON, str, bool]:
    """One betting action: the state, the sentence, and whether the round is over."""
    rnd = state["round"]
    if state["phase"] != "bet" or rnd is None:
        raise Refused("No betting round is open now.", rules)
    seat = seat_of(state, event, rnd["turn"], "bets")
    action = event["action"]
    amount = event.get("amount")
    if action == "fold" and seat != rnd["turn"]:
        raise Refused(
            f"It is {state['players'][rnd['turn']]}'s turn to bet; fold in turn.", rules
        )
    rnd, pot, words = betting.act(
        rnd, state["pot"], seat, action, amount, names=names(state)
    )
    return {**state, "round": rnd, "pot": pot}, words, bool(rnd["done"])


def acting(state: JSON) -> int | None:
    """The seat a payment due or an open betting round waits for, if any."""
    if state["due"]:
        return int(state["due"]["seat"])
    rnd = state["round"]
    if state["phase"] == "bet" and rnd and rnd["turn"] is not None:
        return int(rnd["turn"])
    return None


def betting_prompt(state: JSON) -> str:
    rnd = state["round"]
    seat = rnd["turn"]
    who = state["players"][seat]
    owe = potlib.owed(state["pot"], seat)
    can = ", ".join(betting.options_for(rnd, state["pot"], seat))
    owes = f" ({owe} to call)" if owe else ""
    return f"{who} to bet{owes}: {can}."


# --- the end of a deal ---------------------------------------------------------------


def finish(
    state: JSON,
    rank: Callable[[list[int]], list[int]],
    why: str,
) -> tuple[JSON, str, dict[str, int]]:
    """Share the pot among the winners ``rank(eligible)`` picks from each pot.

    Moves to the next deal (the deal passes left) or ends the match. Returns the state,
    the sentence, and each side's change in net chips.
    """
    pot = state["pot"]
    order = left_of_dealer(state)
    if any(pot["all_in"]):
        awarded = potlib.award(pot, order, lambda eligible: [rank(eligible)])
        got = potlib.payouts(awarded)
    else:
        # Nobody is all in, so there is one pot for everyone still in. (pot.pots()
        # would read a payment as a bet level that the others failed to match.)
        got = potlib.split(potlib.total(pot), rank(live(state)), order)
    players = state["players"]
    change = {players[s]: got.get(s, 0) - pot["put"][s] for s in range(len(players))}
    net = [state["net"][s] + change[players[s]] for s in range(len(players))]
    takers = [f"{players[s]} takes {c}" for s, c in sorted(got.items()) if c]
    words = f"{why} " + ("; ".join(takers) + "." if takers else "The pot is empty.")
    result = {
        "hand_no": state["hand_no"],
        "winners": sorted(s for s, c in got.items() if c) or rank(live(state)),
        "takes": {players[s]: c for s, c in got.items()},
        "pot": potlib.total(pot),
        "why": why,
    }
    new = {
        **state,
        "net": net,
        "last_hand": result,
        "round": None,
        "due": None,
    }
    if state["hand_no"] >= state["hands"]:
        best = max(net)
        if state["hands"] == 1:
            top = result["winners"]
        else:
            top = [s for s, v in enumerate(net) if v == best]
        new = {**new, "phase": "over", "winner": " & ".join(players[s] for s in top)}
    else:
        new = {
            **new,
            "phase": "ante",
            "hand_no": state["hand_no"] + 1,
            "dealer": (state["dealer"] + 1) % len(players),
            "pot": None,
            "hand": None,
        }
        words += f" Deal {new['hand_no']}: {players[new['dealer']]} deals; ante up."
    return new, words, {k: v for k, v in change.items() if v}


def last_one(state: JSON) -> bool:
    return len(live(state)) == 1


def step(
    state: JSON, verdict: Verdict, words: str, rules: Sequence[str], **extra: Any
) -> Step:
    return Step(state, Ruling(verdict, words, tuple(dict.fromkeys(rules)), **extra))


# --- the board -----------------------------------------------------------------------


def sides(state: JSON, per_seat: Callable[[int], JSON] | None = None) -> list[JSON]:
    pot = state["pot"]
    out = []
    for s, name in enumerate(state["players"]):
        side: JSON = {
            "name": name,
            "score": state["net"][s],
            "in_pot": pot["put"][s] if pot else 0,
            "status": ("in" if not pot or not pot["folded"][s] else "folded"),
            "dealer": s == state["dealer"],
        }
        if per_seat:
            side.update(per_seat(s))
        out.append(side)
    return out


def common_detail(state: JSON) -> JSON:
    pot = state["pot"]
    return {
        "hand_no": state["hand_no"],
        "hands": state["hands"],
        "dealer": state["players"][state["dealer"]],
        "pot": potlib.total(pot) if pot else 0,
        "due": state["due"],
        "betting": (
            {
                "turn": state["players"][state["round"]["turn"]]
                if state["round"]["turn"] is not None
                else None,
                "owed": potlib.owed(pot, state["round"]["turn"])
                if state["round"]["turn"] is not None
                else 0,
                "actions": betting.options_for(
                    state["round"], pot, state["round"]["turn"]
                )
                if state["round"]["turn"] is not None
                else [],
            }
            if state["round"]
            else None
        ),
        "last_hand": state["last_hand"],
    }


def view_board(
    state: JSON,
    *,
    expects: list[str],
    prompt: str,
    turn: str | None,
    detail: JSON,
    per_seat: Callable[[int], JSON] | None = None,
) -> JSON:
    over = state["phase"] == "over"
    return board(
        sides=sides(state, per_seat),
        turn=None if over else turn,
        expects=[] if over else expects,
        prompt=prompt,
        phase=state["phase"],
        winner=state["winner"] if over else None,
        detail={**common_detail(state), **detail},
    )
