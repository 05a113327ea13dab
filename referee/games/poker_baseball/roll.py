"""Rolling games: Midnight Baseball and Mexican Sweat, built on one core.

Everyone gets seven face-down cards and one card goes face up in the middle. In turn,
a roller turns cards up one at a time until their shown cards beat the high hand on
the table; then a betting round. A roller who runs out of cards without beating it is
out. Midnight baseball keeps baseball's special cards and payments; Mexican sweat has
none, but a roller who turns up the table card's rank folds at once.

Events: ``ante`` ``{"amount"}``; ``table`` ``{"card"}`` (the card turned up in the
middle); ``roll`` ``{"player", "card"}`` (``player`` may be left out: the roller);
``pay``, ``decline``, ``fold`` ``{"player"}`` (answering a payment, midnight baseball);
``bet`` ``{"player", "action", "amount"}``. Who may act (``Handler.actor``): the
ante is everyone's, the table card the dealer's, a roll the roller's, an answer the
payer's, a bet the player in turn; naming anyone else is refused citing that turn's
rules (and ``out`` or ``match`` for a player who has left the deal).

``view(state)["detail"]`` holds ``table_card``, ``high`` (who holds the high hand, or
None while the table card is best), ``high_hand`` (it in words), ``roller``,
``rolled`` (name -> cards turned up), ``left`` (name -> cards still face down),
``out`` (names who rolled everything without beating it), ``stock``, ``rainouts``,
``tame``, plus the table's ``pot``, ``due``, ``betting``, ``hand_no``, ``dealer`` and
``last_hand``. Each side is ``{"name", "score" (net chips), "in_pot", "status",
"dealer", "rolled", "left", "showing"}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games import cards
from referee.games.base import Breach
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.games.poker import hands as evaluator
from referee.games.poker import pot as potlib
from referee.games.poker_baseball import specials
from referee.games.poker_baseball import table
from referee.games.poker_baseball.specials import FREE
from referee.games.poker_baseball.specials import MODES

HAND_SIZE = 7
DECK_SIZE = 52
WILD_OPTIONS = {"3": "threes", "9": "nines"}
WILD_RULES = {"3": "pay-threes", "9": "pay-nines"}
# A stop an option follows with no betting round (``hand["no_bet"]``): its rule, and
# the words for it when a bet is refused then.
SKIPPED = {
    "out": ("no-bet-after-out", "a failed roll"),
    "match": ("no-bet-after-match", "a match fold"),
}


@dataclass(frozen=True)
class Variant:
    """What sets one rolling game apart from the other."""

    game_id: str
    title: str
    specials: bool  # midnight baseball: wild threes and nines, fours, rainouts
    fold_on_match: bool  # mexican sweat: the table card's rank folds the roller
    rules: table.Rules  # its rulebook ids, from the game's handle

    def cite(self, local: str) -> str:
        return self.rules.rule(local)

    @property
    def wilds(self) -> evaluator.Wilds:
        if self.specials:
            return evaluator.Wilds(ranks=frozenset(specials.WILD_RANKS))
        return evaluator.NO_WILDS


def make_game(
    variant: Variant,
    summary: str,
    source: str,
    options: Sequence[Option],
    breaches: Sequence[Breach] = (),
) -> Game:
    """The Game record of one rolling game."""
    v = variant
    events = _events(v)

    def start(setup: Setup) -> JSON:
        return table.start_session(setup, v.game_id)

    def view(state: JSON) -> JSON:
        return _view(v, state, game.expects(state))

    def bet(state: JSON, event: JSON) -> Step:
        return _bet(v, state, event)

    def table_card(state: JSON, event: JSON) -> Step:
        if state["phase"] == "ante":
            return table.without_ante(state, event, ante, table_card)
        return _table(v, state, event)

    def ante(state: JSON, event: JSON) -> Step:
        return _ante(v, state, event)

    def gone(state: JSON, seat: int) -> list[str]:
        return _gone(v, state, seat)

    answers = table.due_handlers(lambda s, e: _settle(v, s, e), bet, v.rules, gone)
    # In the order a board lists what it expects (a payment owed: pay, decline, fold).
    handlers = {
        "ante": Handler(ante, when=lambda s: s["phase"] == "ante", actor=table.anyone),
        "table": Handler(
            table_card,
            when=lambda s: s["phase"] in ("ante", "table"),
            actor=table.dealer,
            out_of_turn=table.turn_rules(v.rules, gone, "deal"),
        ),
        "roll": Handler(
            lambda s, e: _roll(v, s, e),
            when=lambda s: s["phase"] == "roll",
            actor=lambda s: s["hand"]["roller"],
            out_of_turn=table.turn_rules(v.rules, gone, "lead", "roll"),
        ),
        "bet": Handler(
            bet,
            when=lambda s: s["phase"] == "bet",
            actor=table.acting,
            out_of_turn=table.turn_rules(v.rules, gone, "betting"),
        ),
        **{t: h for t, h in answers.items() if any(k.type == t for k in events)},
    }
    game = Game(
        id=v.game_id,
        title=v.title,
        summary=summary,
        source=source,
        min_players=3,
        max_players=7,
        options=tuple(options),
        events=events,
        stylesheet="games/poker.css",
        start=start,
        view=view,
        deck="standard",
        handlers=handlers,
        finished=table.finished(v.rules),
        before=table.due_first(v.rules),
        order_rule=v.cite("lead"),
        turn_rule=v.cite("lead"),
        breaches=tuple(breaches),
    )
    return game


# --- the deal ------------------------------------------------------------------------


def _new_hand(count: int, seats: Sequence[int], rainouts: int) -> JSON:
    return {
        "table": None,
        "left": [HAND_SIZE if s in seats else 0 for s in range(count)],
        "rolled": [[] for _ in range(count)],
        "out": [],
        "high": None,
        "roller": None,
        "dealt": HAND_SIZE * len(seats),
        "rainouts": rainouts,
        "tame": [],
        "after_bet": None,
    }


def _ante(v: Variant, state: JSON, event: JSON) -> Step:
    state, words = table.ante(state, event, v.cite("ante"))
    state["hand"] = _new_hand(len(state["players"]), table.live(state), 0)
    state["phase"] = "table"
    words += " Seven cards face down each (nobody looks); then the table card face up."
    return table.step(
        state, Verdict.OK, words, [v.cite("ante"), v.cite("deal"), v.cite("no-looking")]
    )


def _table(v: Variant, state: JSON, event: JSON) -> Step:
    rules = [v.cite("deal"), v.cite("table-card") if v.specials else v.cite("deal")]
    if state["phase"] != "table":
        raise Refused(f"Not the table card now: {_prompt(v, state)}", rules)
    card = event["card"]
    hand = state["hand"]
    hand["table"] = card
    words = f"Table card {card}."
    if v.specials:
        special = table.special(v.rules, state, card)
        if special.kind == "rainout":
            return _rainout(v, state, words, rules)
        if special.kind == "wild":
            words += " It is wild, so it stands for an ace; nobody pays for it."
            rules.append(v.cite("wild"))
    else:
        words += f" A roller who turns up {_rank_word(card)} folds."
        rules.append(v.cite("match"))
    roller = _next_roller(state, state["dealer"])
    hand["roller"] = roller
    state["phase"] = "roll"
    rules.append(v.cite("lead"))
    words += f" {state['players'][roller]} rolls first, to beat it."
    return table.step(state, Verdict.OK, words, rules)


def _rainout(v: Variant, state: JSON, words: str, rules: list[str]) -> Step:
    count, seats = table.rain_out(
        state, lambda seats, n: _new_hand(len(state["players"]), seats, n), "table"
    )
    rules.append(v.cite("rainout"))
    words += (
        f" Queen of spades face up: rainout ({count}). Seven new cards each to the "
        f"{len(seats)} players still in, and a new table card; the pot of "
        f"{potlib.total(state['pot'])} stays."
    )
    if state["options"]["rainouts"] == "dome" and count >= specials.DOME_AFTER:
        words += " That is the third: the dome goes up."
    return table.step(state, Verdict.VOID, words, rules, options=("rainouts",))


# --- rolling -------------------------------------------------------------------------


def _roll(v: Variant, state: JSON, event: JSON) -> Step:
    rules = [v.cite("roll")]
    if state["phase"] != "roll":
        raise Refused(f"Not a roll now: {_prompt(v, state)}", rules)
    hand = state["hand"]
    # a roll named for anyone else was refused as out of turn (the roll's actor)
    seat = table.seat_of(state, event, hand["roller"], "rolls")
    card = event["card"]
    _check_unseen(state, card)
    hand["no_bet"] = None  # a roll: the betting skipped before it is behind us
    hand["rolled"][seat] = [*hand["rolled"][seat], card]
    hand["left"][seat] -= 1
    who = state["players"][seat]
    words = f"{who} rolls {card}."
    if state["options"].get("look"):
        rules.append(v.cite("look"))
    if v.fold_on_match and cards.rank(card) == cards.rank(hand["table"]):
        state["pot"] = potlib.fold(state["pot"], seat, "matched the table card")
        rules.append(v.cite("match"))
        words += f" Same rank as the table card {hand['table']}: {who} folds."
        bet_after = state["options"]["bet_after_match"]
        if not bet_after:
            rules.append(v.cite("no-bet-after-match"))
            hand["no_bet"] = "match"
        # The option is named only when it changed the ruling (no betting round).
        named = [] if bet_after else ["bet_after_match"]
        return _stopped(v, state, seat, words, rules, bet_after, named)
    if not v.specials and _would_be_special(card):
        rules.append(v.cite("no-specials"))
    if v.specials:
        special = table.special(v.rules, state, card)
        if special.kind == "rainout":
            return _rainout(v, state, words, rules)
        if special.kind == "wild":
            r = cards.rank(card)
            rules.append(v.cite("wild"))
            if special.mode != FREE:
                rules += [v.cite(WILD_RULES[r]), v.cite("payments")]
                return table.ask_payment(
                    state, seat, card, special, words, rules, (WILD_OPTIONS[r],)
                )
            words += f" A {specials.RANK_WORD[r]}: wild, free."
        if special.kind == "four":
            rules.append(v.cite("four"))
            if _stock(state) < 1:
                words += " A four, but the pack is empty: no extra card."
            elif special.mode == FREE:
                _extra(state, seat)
                words += " A four: one more face-down card to roll."
            else:
                rules += [v.cite("pay-four"), v.cite("payments")]
                return table.ask_payment(
                    state, seat, card, special, words, rules, ("pay_four",)
                )
    return _judge(v, state, seat, words, rules)


def _settle(v: Variant, state: JSON, event: JSON) -> Step:
    due = state["due"]
    rules = v.rules.due_rules(due) if due else [v.cite("payments")]
    state, words, what = table.settle_due(state, event, rules)
    seat = due["seat"]
    hand = state["hand"]
    state["phase"] = "roll"
    if what == "folded":
        return _stopped(v, state, seat, words, rules, True, [due["option"]])
    if due["kind"] == "four":
        rules.append(v.cite("four"))
        if what == "paid":
            _extra(state, seat)
            words += " One more face-down card to roll."
    elif what == "declined":
        hand["tame"].append(due["card"])
    else:
        words += f" The {cards.describe(due['card'])} is wild."
        rules.append(v.cite("wild"))
    return _judge(v, state, seat, words, rules, [due["option"]])


def _judge(
    v: Variant,
    state: JSON,
    seat: int,
    words: str,
    rules: list[str],
    options: Sequence[str] = (),
) -> Step:
    """After a roll and its payments: has the roller beaten the table, or run out?"""
    hand = state["hand"]
    who = state["players"][seat]
    mine = _shown(v, state, seat)
    top = _high_hand(v, state)
    if hand["high"] is None and v.specials:
        rules.append(v.cite("table-card"))  # the card to beat (wild: an ace)
    if mine.key > top.key:
        beaten = _high_name(state)
        hand["high"] = seat
        words += f" {mine.name.capitalize()} beats {beaten}: {who} has the high hand."
        rules.append(v.cite("roll"))
        gone = [s for s in table.live(state) if s != seat and hand["left"][s] == 0]
        for s in gone:
            state["pot"] = potlib.fold(
                state["pot"], s, "no cards left to beat the high hand"
            )
            hand["out"].append(s)
            words += f" {state['players'][s]} has no cards left to answer: out."
            rules.append(v.cite("out"))
        return _stopped(v, state, seat, words, rules, True, options, opener=seat)
    if hand["left"][seat] == 0:
        state["pot"] = potlib.fold(state["pot"], seat, "rolled every card")
        hand["out"].append(seat)
        words += (
            f" {mine.name.capitalize()} does not beat {_high_name(state)}, and {who} "
            "has no cards left: out."
        )
        rules.append(v.cite("out"))
        bet_after = state["options"]["bet_after_out"]
        if not bet_after:
            rules.append(v.cite("no-bet-after-out"))
            hand["no_bet"] = "out"
        return _stopped(
            v,
            state,
            seat,
            words,
            rules,
            bet_after,
            [*options, *([] if bet_after else ["bet_after_out"])],
        )
    words += (
        f" {mine.name.capitalize()} does not beat {_high_name(state)}: roll again "
        f"({hand['left'][seat]} left)."
    )
    rules.append(v.cite("roll"))  # a roller rolls until the hand beats the high hand
    return table.step(state, Verdict.OK, words, rules, options=tuple(options))


def _stopped(
    v: Variant,
    state: JSON,
    seat: int,
    words: str,
    rules: list[str],
    bet_after: bool,
    options: Sequence[str] = (),
    opener: int | None = None,
) -> Step:
    """The roller stopped (beat the table, ran out, folded): betting, or next roller."""
    hand = state["hand"]
    if table.last_one(state) or _next_roller(state, seat) is None:
        return _end(v, state, words, rules, options)
    hand["after_bet"] = seat
    if bet_after:
        first = opener if opener is not None else _opener(state, seat)
        state, opened = table.open_betting(state, first, [v.cite("betting")])
        rules.append(v.cite("betting"))
        if state["round"]["done"]:
            return _betting_over(v, state, f"{words} {opened}", rules)
        return table.step(
            state, Verdict.OK, f"{words} {opened}", rules, options=tuple(options)
        )
    nxt = _next_roller(state, seat)
    _rolls_next(v, state, nxt, rules)
    said = f"{words} No betting: {state['players'][nxt]} rolls next."
    return table.step(state, Verdict.OK, said, rules, options=tuple(options))


def _bet(v: Variant, state: JSON, event: JSON) -> Step:
    rules = [v.cite("betting")]
    hand = state["hand"]
    if state["phase"] == "roll" and hand.get("no_bet"):
        # the match's option skipped the betting round after the last stop
        local, why = SKIPPED[hand["no_bet"]]
        raise Refused(
            f"No betting after {why} in this match: "
            f"{state['players'][hand['roller']]} rolls next.",
            [*rules, v.cite(local)],
        )
    state, words, done = table.bet(state, event, rules)
    if table.last_one(state):
        return _end(v, state, words, rules, ())
    hand = state["hand"]
    if hand["high"] is not None and hand["high"] not in table.live(state):
        # The high hand folded: the best hand still showing (or the table card)
        # is the one to beat now.
        hand["high"] = _best_live(v, state)
        words += f" The hand to beat is now {_high_name(state)}."
        rules.append(v.cite("fold-high"))
    if not done:
        return table.step(state, Verdict.OK, words, rules)
    return _betting_over(v, state, words, rules)


def _betting_over(v: Variant, state: JSON, words: str, rules: list[str]) -> Step:
    """The betting is over: the next roller, or the end of the hand."""
    state["round"] = None
    hand = state["hand"]
    nxt = _next_roller(state, hand["after_bet"])
    if nxt is None:
        return _end(v, state, words, rules, ())
    _rolls_next(v, state, nxt, rules)
    said = (
        f"{words} Betting over: {state['players'][nxt]} rolls next, to beat "
        f"{_high_name(state)}."
    )
    return table.step(state, Verdict.OK, said, rules)


def _rolls_next(v: Variant, state: JSON, seat: int, rules: list[str]) -> None:
    """``seat`` rolls next, as the lead passes to the left."""
    state["hand"]["roller"] = seat
    state["phase"] = "roll"
    rules.append(v.cite("lead"))


def _end(
    v: Variant, state: JSON, words: str, rules: list[str], options: Sequence[str]
) -> Step:
    hand = state["hand"]
    alive = table.live(state)
    rules.append(v.cite("end"))
    if len(alive) == 1:
        (seat,) = alive
        why = f"{state['players'][seat]} is the last player in and wins."
    else:
        seat = hand["high"]
        why = (
            f"Every card is up: {state['players'][seat]} holds the high hand and wins."
        )
    return table.deal_won(state, lambda eligible: [seat], why, words, rules, options)


# --- helpers -------------------------------------------------------------------------


def _gone(v: Variant, state: JSON, seat: int) -> list[str]:
    """Why a named player may do nothing more this deal: out of cards, or (Mexican
    sweat) folded on the table card's rank."""
    hand = state["hand"]
    if not state["pot"] or hand is None or seat in table.live(state):
        return []
    if seat in hand["out"]:
        return [v.cite("out")]
    rolled = hand["rolled"][seat]
    if (
        v.fold_on_match
        and rolled
        and cards.rank(rolled[-1]) == cards.rank(hand["table"])
    ):
        return [v.cite("match")]
    return []


def _next_roller(state: JSON, after: int) -> int | None:
    """The next player to the left still in who can roll (the high hand passes)."""
    hand = state["hand"]
    count = len(state["players"])
    alive = set(table.live(state))
    for i in range(1, count + 1):
        s = (after + i) % count
        if s in alive and s != hand["high"] and hand["left"][s] > 0:
            return s
    return None


def _best_live(v: Variant, state: JSON) -> int | None:
    """The player still in whose shown cards beat the table card by most, if any."""
    hand = state["hand"]
    table_hand = evaluator.best_high([hand["table"]], v.wilds)
    best, key = None, table_hand.key
    for s in table.left_of_dealer(state):
        if s in table.live(state) and hand["rolled"][s]:
            got = _shown(v, state, s).key
            if got > key:
                best, key = s, got
    return best


def _opener(state: JSON, roller: int) -> int:
    """Who opens betting after a failed roll or a fold: the high hand; while the
    table card is still best, the next player still in (reading)."""
    hand = state["hand"]
    if hand["high"] is not None and hand["high"] in table.live(state):
        return hand["high"]
    count = len(state["players"])
    alive = table.live(state)
    return next(
        (roller + i) % count
        for i in range(1, count + 1)
        if (roller + i) % count in alive
    )


def _shown(v: Variant, state: JSON, seat: int) -> evaluator.Hand:
    tame = list(state["hand"]["tame"])
    if state["due"] and state["due"]["kind"] == "wild":
        tame.append(state["due"]["card"])  # not wild until paid for
    return evaluator.best_high(state["hand"]["rolled"][seat], v.wilds.with_tame(tame))


def _high_hand(v: Variant, state: JSON) -> evaluator.Hand:
    hand = state["hand"]
    if hand["high"] is None:
        return evaluator.best_high([hand["table"]], v.wilds)
    return _shown(v, state, hand["high"])


def _high_name(state: JSON) -> str:
    hand = state["hand"]
    if hand["high"] is None:
        return f"the table card {hand['table']}"
    return f"{state['players'][hand['high']]}'s hand"


def _stock(state: JSON) -> int:
    return DECK_SIZE - state["hand"]["dealt"] - 1


def _extra(state: JSON, seat: int) -> None:
    hand = state["hand"]
    hand["left"][seat] += 1
    hand["dealt"] += 1


def _would_be_special(card: str) -> bool:
    """A three, nine, four or the queen of spades: special in baseball, not here."""
    r = cards.rank(card)
    return r in specials.WILD_RANKS or r == specials.FOUR or card == specials.RAIN_CARD


def _seen(state: JSON) -> list[str]:
    hand = state["hand"]
    out = [c for rolled in hand["rolled"] for c in rolled]
    if hand["table"]:
        out.append(hand["table"])
    return out


def _check_unseen(state: JSON, card: str) -> None:
    if card in _seen(state):
        raise BadInput(
            f"{card} is already face up; a deck holds one {cards.describe(card)}.",
            field="card",
        )


def _rank_word(card: str) -> str:
    """``"8D"`` -> ``"an eight"``."""
    word = evaluator.WORD[evaluator.RANK_VALUE[cards.rank(card)]]
    return ("an " if word[0] in "aeiou" else "a ") + word


# --- the board -----------------------------------------------------------------------


def _view(v: Variant, state: JSON, expects: list[str]) -> JSON:
    hand = state["hand"]
    players = state["players"]

    def per_seat(s: int) -> JSON:
        if not hand:
            return {"rolled": [], "left": 0, "showing": ""}
        got = _shown(v, state, s) if hand["rolled"][s] else None
        return {
            "rolled": list(hand["rolled"][s]),
            "left": hand["left"][s],
            "showing": got.name if got else "",
            "out": s in hand["out"],
        }

    detail: JSON = {
        "table_card": hand["table"] if hand else None,
        "high": players[hand["high"]] if hand and hand["high"] is not None else None,
        "high_hand": _high_hand(v, state).name if hand and hand["table"] else "",
        "roller": players[hand["roller"]]
        if hand and hand["roller"] is not None
        else None,
        "rolled": table.by_name(players, hand["rolled"], list) if hand else {},
        "left": table.by_name(players, hand["left"]) if hand else {},
        "out": [players[s] for s in hand["out"]] if hand else [],
        "stock": _stock(state) if hand else DECK_SIZE,
        "rainouts": hand["rainouts"] if hand else 0,
        "tame": list(hand["tame"]) if hand else [],
    }
    return table.view_board(
        state,
        expects=expects,
        prompt=_prompt(v, state),
        turn=_turn(state),
        detail=detail,
        per_seat=per_seat,
    )


def _turn(state: JSON) -> str | None:
    players = state["players"]
    seat = table.acting(state)
    if seat is not None:
        return players[seat]
    if state["phase"] == "roll":
        return players[state["hand"]["roller"]]
    return None


def _prompt(v: Variant, state: JSON) -> str:
    phase = state["phase"]
    players = state["players"]
    first = table.prompt_before_play(state)
    if first is not None:
        return first
    if phase == "table":
        return "Seven cards face down each; the card turned up in the middle?"
    hand = state["hand"]
    roller = hand["roller"]
    return (
        f"{players[roller]} rolls, to beat {_high_name(state)} "
        f"({hand['left'][roller]} cards left)."
    )


# --- declarations --------------------------------------------------------------------

PLAYER_OPT = Field(
    "player", "seat", "Who rolls (may be left out: the roller).", required=False
)
SETUP3 = ("Ann", "Bob", "Cy")
ANTE = {"type": "ante", "amount": 1}


def _events(v: Variant) -> tuple[EventKind, ...]:
    kinds = [
        EventKind(
            "ante",
            "Ante",
            "Everyone antes this many chips; seven cards each are dealt face down.",
            (table.AMOUNT,),
            (Example(ANTE, players=SETUP3),),
        ),
        EventKind(
            "table",
            "Table card",
            "The card turned face up in the middle after the deal.",
            (table.CARD,),
            (Example({"type": "table", "card": "8D"}, setup=(ANTE,), players=SETUP3),),
        ),
        EventKind(
            "roll",
            "Roll a card",
            "The roller turns up one card.",
            (PLAYER_OPT, table.CARD),
            (
                Example(
                    {"type": "roll", "player": 1, "card": "KS"},
                    setup=(ANTE, {"type": "table", "card": "8D"}),
                    players=SETUP3,
                ),
            ),
        ),
    ]
    after_table = (ANTE, {"type": "table", "card": "8D"})
    if v.specials:
        kinds += _payment_events((*after_table, {"type": "roll", "card": "3H"}))
    beat = (*after_table, {"type": "roll", "card": "KS"})
    fold_setup = (*after_table, {"type": "roll", "card": "3H"}) if v.specials else beat
    kinds += [
        table.answer_event(
            "fold",
            "A player folds: rather than pay, or in turn in the betting.",
            fold_setup,
        ),
        table.bet_event(beat),
    ]
    return tuple(kinds)


def _payment_events(three: tuple[JSON, ...]) -> list[EventKind]:
    """``pay`` and ``decline``: the games with payments (``three``: a three rolled)."""
    return [
        table.answer_event(
            "pay",
            "The roller pays the payment owed (the referee says how much).",
            three,
        ),
        table.answer_event(
            "decline",
            "The roller declines an optional payment: face value, or no extra card.",
            three,
            threes="pay",
        ),
    ]


def bet_after_out_option() -> Option:
    return Option(
        "bet_after_out",
        "Bet after a failed roll",
        "A betting round after a roller runs out of cards (off: the next player rolls "
        "at once).",
        "boolean",
        True,
    )


def wild_option(name: str, word: str, default: str) -> Option:
    return Option(
        name,
        f"{word.capitalize()}s",
        f"A {word} turned up: free (wild at no cost), pay (wild only if paid for), or "
        "pay-or-fold.",
        "choice",
        default,
        choices=MODES,
    )
