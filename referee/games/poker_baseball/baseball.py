"""Baseball: seven-card stud with threes and nines wild and an extra card for a four.

Rules source: the Baseball section of the poker texts (seed 004); readings in
referee/rulebook/poker_baseball.toml. The referee is told each face-up card as it is
dealt, the payments, the bets and, at the end, every hand still in. This module is the
engine (its handlers and board); ``baseball_game`` declares the game.

Events: ``ante`` ``{"amount"}``; ``up`` ``{"player", "card"}`` (a card dealt face up;
``player`` may be left out: the referee knows whose card is next); ``pay``,
``decline``, ``fold`` ``{"player"}`` (answering a payment due); ``pay_down``
``{"player", "rank"}`` (paying for a face-down three or nine, when that option is on);
``turn_up`` ``{"player", "card"}`` (a face-down four turned up for its extra card);
``bet`` ``{"player", "action", "amount"}``; ``common`` ``{"card"}`` (the shared card of
a short seventh street); ``show`` ``{"player", "cards"}`` (all of a player's cards at
the showdown). Each may name its ``player`` (``ante`` and ``common`` too): the ante is
everyone's, the shared card the dealer's; naming someone the rules do not let act
now is refused citing that turn's rules (``fold`` too for a player who folded).

``view(state)["detail"]`` holds ``street`` (3-7), ``up`` (name -> face-up cards),
``down`` (name -> face-down count), ``next`` (who is owed the next face-up card),
``common``, ``stock`` (cards left), ``rainouts``, ``tame`` (face-up wilds playing at
face value), ``shown`` (name -> cards shown), ``preset`` (the house way or not),
``title``, plus the table's ``pot``, ``due``, ``betting``, ``hand_no``, ``dealer``,
``last_hand``. Each side is ``{"name", "score" (net chips), "in_pot", "status",
"dealer", "up", "down", "showing" (its face-up hand in words)}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from referee.games import cards
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.games.poker import betting
from referee.games.poker import hands as evaluator
from referee.games.poker import pot as potlib
from referee.games.poker_baseball import specials
from referee.games.poker_baseball import stud
from referee.games.poker_baseball import table
from referee.games.poker_baseball.specials import FREE
from referee.games.poker_baseball.specials import PAY_OR_FOLD
from referee.rulebook import cite

GAME_ID = "poker-baseball"
TITLE = "Baseball"
WILD_OPTIONS = {"3": "up_threes", "9": "up_nines"}
WILD_RULES = {"3": "pay-up-threes", "9": "pay-up-nines"}
WILDS = evaluator.Wilds(ranks=frozenset(specials.WILD_RANKS))
# The text's "way we usually play": the default of every option below.
USUAL = {
    "up_threes": PAY_OR_FOLD,
    "up_nines": FREE,
    "pay_down_wilds": False,
    "pay_four": False,
    "turn_up_fours": True,
    "rainouts": "off",
    "price": 0,
}
CITE = cite(GAME_ID)
RULES = table.Rules(
    rules={
        n: CITE(n)
        for n in (
            "ante",
            "deal",
            "streets",
            "betting",
            "wild",
            "five-of-a-kind",
            "four",
            "rainout",
            "dome",
            "payment",
            *WILD_RULES.values(),
            "pay-down-wilds",
            "pay-four",
            "turn-up-four",
            "usual-way",
            "short-deck",
            "showdown",
            "fold",
        )
    },
    payment="payment",
    wild_rules=WILD_RULES,
    wild_options=WILD_OPTIONS,
    over="showdown",
)
rule = RULES.rule


# --- the engine ----------------------------------------------------------------------


def start(setup: Setup) -> JSON:
    return table.start_session(setup, GAME_ID)


def _ante(state: JSON, event: JSON) -> Step:
    state, words = table.ante(state, event, rule("ante"))
    count = len(state["players"])
    seats = table.live(state)
    state["hand"] = _new_hand(count, state["dealer"], seats, rainouts=0)
    state["phase"] = "deal"
    first = state["players"][stud.next_up(state["hand"]["deal"])]
    words += f" Two down and one up each; first face-up card to {first}."
    return table.step(state, Verdict.OK, words, [rule("ante"), rule("deal")])


def _new_hand(count: int, dealer: int, seats: Sequence[int], rainouts: int) -> JSON:
    return {
        "deal": stud.new_deal(count, dealer, seats),
        "tame": [],
        "paid": [],
        "down_paid": [{"3": 0, "9": 0} for _ in range(count)],
        "rainouts": rainouts,
        "shown": {},
    }


def _up(state: JSON, event: JSON) -> Step:
    if state["phase"] == "ante":
        return table.without_ante(state, event, _ante, _up)
    deal = state["hand"]["deal"] if state["hand"] else None
    if state["phase"] != "deal" or deal is None or stud.next_up(deal) is None:
        raise Refused(_not_now(state, "a face-up card"), [rule("streets")])
    # a card named for anyone else was refused as out of turn (``_owed_card``)
    seat = table.seat_of(state, event, stud.next_up(deal), "gets the card")
    card = event["card"]
    _check_unseen(state, card)
    state["hand"]["deal"] = stud.give_up(deal, seat, card)
    street = stud.STREET_NAMES[deal["street"]]
    who = state["players"][seat]
    words = f"{who}: {card} face up ({street})."
    return _after_face_up(state, seat, card, words, [rule("streets")])


def _after_face_up(
    state: JSON, seat: int, card: str, words: str, rules: list[str]
) -> Step:
    """What a card turned face up in front of ``seat`` sets off, then play goes on."""
    hand = state["hand"]
    special = table.special(RULES, state, card)
    options: list[str] = []
    if special.kind == "rainout":
        return _rainout(state, words, rules)
    if special.kind == "wild":
        r = cards.rank(card)
        rules.append(rule("wild"))
        options.append(WILD_OPTIONS[r])
        if special.mode == FREE:
            words += f" A {specials.RANK_WORD[r]}: wild, free."
            if _usual(state):
                rules.append(rule("usual-way"))
        else:
            rules += [rule(WILD_RULES[r]), rule("payment")]
            if _usual(state):
                rules.append(rule("usual-way"))
            return table.ask_payment(state, seat, card, special, words, rules, options)
    if special.kind == "four":
        rules.append(rule("four"))
        if stud.stock(hand["deal"]) < 1:
            words += " A four, but the pack is empty: no extra card."
            rules.append(rule("short-deck"))
        elif special.mode == FREE:
            hand["deal"], _ = stud.give_extra(hand["deal"], seat)
            words += " A four: one extra card face down, free."
            if _usual(state):  # the free card is the usual way's
                rules.append(rule("usual-way"))
        else:
            options.append("pay_four")
            rules += [rule("pay-four"), rule("payment")]
            return table.ask_payment(state, seat, card, special, words, rules, options)
    return _go_on(state, words, rules, options)


def _rainout(state: JSON, words: str, rules: list[str]) -> Step:
    count, seats = table.rain_out(
        state,
        lambda seats, n: _new_hand(len(state["players"]), state["dealer"], seats, n),
        "deal",
    )
    rules.append(rule("rainout"))
    words += (
        f" Queen of spades face up: rainout ({count}). The hand is dealt again to the "
        f"{len(seats)} players still in; the pot of {potlib.total(state['pot'])} stays."
    )
    if state["options"]["rainouts"] == "dome":
        rules.append(rule("dome"))
        if count >= specials.DOME_AFTER:
            words += " That is the third: the dome goes up, no more rainouts this hand."
    return table.step(state, Verdict.VOID, words, rules, options=("rainouts",))


def _go_on(
    state: JSON, words: str, rules: list[str], options: Sequence[str] = ()
) -> Step:
    """After a card and its consequences: the next card, a betting round, or the end."""
    if table.last_one(state):
        return _win_uncontested(state, words, rules, options)
    deal = state["hand"]["deal"]
    if state["phase"] == "deal" and stud.next_up(deal) is not None:
        nxt = state["players"][stud.next_up(deal)]
        return table.step(
            state,
            Verdict.OK,
            f"{words} Next card to {nxt}.",
            rules,
            options=tuple(options),
        )
    if state["phase"] in ("deal", "common"):
        if stud.needs_common(deal):
            state["phase"] = "common"
            rules.append(rule("short-deck"))
            return table.step(
                state,
                Verdict.OK,
                f"{words} Too few cards for seventh street: one shared card face up.",
                rules,
                options=tuple(options),
            )
        first = _first_to_bet(state)
        state, opened = table.open_betting(state, first, [rule("betting")])
        rules.append(rule("betting"))
        if state["round"]["done"]:
            return _betting_over(state, f"{words} {opened}", rules)
        return table.step(
            state, Verdict.OK, f"{words} {opened}", rules, options=tuple(options)
        )
    return table.step(state, Verdict.OK, words, rules, options=tuple(options))


def _settle(state: JSON, event: JSON) -> Step:
    due = state["due"]
    rules = RULES.due_rules(due) if due else [rule("payment")]
    state, words, what = table.settle_due(state, event, rules)
    seat = due["seat"]
    options = [due["option"]]
    hand = state["hand"]
    if what == "folded":
        hand["deal"] = stud.fold(hand["deal"], seat)
        rules.append(rule("fold"))
    elif due["kind"] == "four":
        rules.append(rule("four"))
        if what == "paid":
            hand["deal"], _ = stud.give_extra(hand["deal"], seat)
            words += " One extra card face down."
    elif what == "paid":
        hand["paid"].append(due["card"])
        words += f" The {cards.describe(due['card'])} is wild."
        rules.append(rule("wild"))
    else:
        hand["tame"].append(due["card"])
    if _usual(state):
        rules.append(rule("usual-way"))
    if what == "folded" and state["phase"] == "bet" and state["round"] is not None:
        # A payment fell due in a betting round (a four turned up): the fold is this
        # seat's last act in it, and the turn goes on to the next player.
        state["round"] = betting.folded_outside(state["round"], state["pot"], seat)
        if state["round"]["done"] and not table.last_one(state):
            return _betting_over(state, words, rules)
    return _go_on(state, words, rules, options)


def _bet(state: JSON, event: JSON) -> Step:
    rules = [rule("betting")]
    state, words, done = table.bet(state, event, rules)
    if event["action"] == "fold":
        rules.append(rule("fold"))
        seat = table.seat_of(state, event, None, "folds")
        state["hand"]["deal"] = stud.fold(state["hand"]["deal"], seat)
    if table.last_one(state):
        return _win_uncontested(state, words, rules, ())
    if not done:
        return table.step(state, Verdict.OK, words, rules)
    return _betting_over(state, words, rules)


def _betting_over(state: JSON, words: str, rules: list[str]) -> Step:
    """The round's betting is over: the next street, or the showdown."""
    state["round"] = None
    deal = state["hand"]["deal"]
    if deal["street"] == stud.LAST_STREET:
        return table.moved_on(
            state,
            "show",
            f"{words} Betting over: showdown. Every player still in shows all their "
            "cards.",
            rules,
            rule("showdown"),
        )
    count = len(state["players"])
    deal = stud.next_street(deal, count, state["dealer"], table.live(state))
    state["hand"]["deal"] = deal
    street = stud.STREET_NAMES[deal["street"]]
    rules.append(rule("streets"))
    if deal["street"] == stud.LAST_STREET:
        if stud.needs_common(deal):
            return table.moved_on(
                state,
                "common",
                f"{words} Betting over. Seventh street: too few cards left to go "
                "round, so one shared card goes face up in the middle.",
                rules,
                rule("short-deck"),
            )
        first = _first_to_bet(state)
        state, opened = table.open_betting(state, first, [rule("betting")])
        words = f"{words} Betting over. Seventh street: one card face down each."
        if state["round"]["done"]:
            return _betting_over(state, f"{words} {opened}", rules)
        return table.step(state, Verdict.OK, f"{words} {opened}", rules)
    state["phase"] = "deal"
    nxt = state["players"][stud.next_up(deal)]
    return table.step(
        state,
        Verdict.OK,
        f"{words} Betting over. {street.capitalize()}: a face-up card each, "
        f"first to {nxt}.",
        rules,
    )


def _common(state: JSON, event: JSON) -> Step:
    deal = state["hand"]["deal"] if state["hand"] else None
    if state["phase"] != "common" or deal is None:
        raise Refused(_not_now(state, "a shared card"), [rule("short-deck")])
    card = event["card"]
    _check_unseen(state, card)
    state["hand"]["deal"] = {**deal, "common": card}
    rules = [rule("short-deck")]
    words = f"Shared card {card}: it belongs to every hand."
    special = table.special(RULES, state, card)
    if special.kind == "rainout":
        return _rainout(state, words, rules)
    if special.kind == "wild":
        words += " It is wild for everyone; nobody pays for it (it is nobody's card)."
        rules.append(rule("wild"))
    state["phase"] = "common"
    return _go_on(state, words, rules)


def _pay_down(state: JSON, event: JSON) -> Step:
    rules = [rule("pay-down-wilds"), rule("payment")]
    r = event["rank"]
    mode = state["options"][WILD_OPTIONS[r]]
    if not state["options"]["pay_down_wilds"] or mode == FREE:
        raise Refused(
            f"Face-down {specials.plural(r)} cost nothing in this match.",
            [rule("pay-down-wilds"), rule("wild")],
            options=("pay_down_wilds", WILD_OPTIONS[r]),
        )
    if state["phase"] not in ("deal", "bet", "common") or state["hand"] is None:
        raise Refused(_not_now(state, "a payment"), rules)
    seat = int(event["player"])
    table.check_live(state, seat, rules)
    hand = state["hand"]
    paid = hand["down_paid"][seat]
    if sum(paid.values()) >= hand["deal"]["down"][seat]:
        raise Refused(
            f"{state['players'][seat]} has paid for every face-down card already.",
            rules,
        )
    amount = specials.price(state["options"], potlib.total(state["pot"]))
    table.check_paid(state, event, amount, rules)
    state["pot"] = potlib.add(state["pot"], seat, amount, "pay", f"face-down {r}")
    paid[r] += 1
    rules.append(rule(WILD_RULES[r]))  # that rank's payment setting sets the price
    who = state["players"][seat]
    words = (
        f"{who} pays {specials.describe_price(state['options'], amount)} for a "
        f"face-down {specials.RANK_WORD[r]}: one of them is wild at the showdown."
    )
    return table.step(
        state, Verdict.OK, words, rules, options=("pay_down_wilds", WILD_OPTIONS[r])
    )


def _turn_up(state: JSON, event: JSON) -> Step:
    rules = [rule("turn-up-four"), rule("four")]
    if not state["options"]["turn_up_fours"]:
        raise Refused(
            "This match does not let a face-down four be turned up.",
            rules,
            options=("turn_up_fours",),
        )
    if state["phase"] not in ("deal", "bet", "common") or state["hand"] is None:
        raise Refused(_not_now(state, "turning a four up"), rules)
    seat = int(event["player"])
    table.check_live(state, seat, rules)
    card = event["card"]
    if cards.rank(card) != specials.FOUR:
        raise BadInput(
            f"Only a four can be turned up for an extra card; {card} is not a four.",
            field="card",
            example='{"type": "turn_up", "player": 0, "card": "4H"}',
        )
    _check_unseen(state, card)
    deal = state["hand"]["deal"]
    if deal["down"][seat] < 1:
        raise Refused(f"{state['players'][seat]} has no face-down card.", rules)
    state["hand"]["deal"] = stud.turn_up(deal, seat, card)
    words = f"{state['players'][seat]} turns the {cards.describe(card)} face up."
    if _usual(state):  # turning a four up is the usual way's
        rules.append(rule("usual-way"))
    return _after_face_up(state, seat, card, words, rules)


def _show(state: JSON, event: JSON) -> Step:
    rules = [rule("showdown")]
    if state["phase"] != "show":
        raise Refused(_not_now(state, "a showdown"), rules)
    seat = int(event["player"])
    table.check_live(state, seat, rules)
    hand = state["hand"]
    who = state["players"][seat]
    if str(seat) in hand["shown"]:
        raise Refused(f"{who} has shown already.", rules)
    shown = list(event["cards"])
    deal = hand["deal"]
    up = deal["up"][seat]
    missing = [c for c in up if c not in shown]
    if missing:
        raise BadInput(
            f"{who}'s face-up {' '.join(missing)} must be among the cards shown.",
            field="cards",
            example=_show_example(up, deal["down"][seat]),
        )
    want = len(up) + deal["down"][seat]
    if len(shown) != want:
        raise BadInput(
            f"{who} holds {want} cards ({len(up)} face up, {deal['down'][seat]} face "
            f"down); {len(shown)} given.",
            field="cards",
            example=_show_example(up, deal["down"][seat]),
        )
    others = set(stud.seen(deal)) - set(up)
    for other, their in hand["shown"].items():
        if int(other) != seat:
            others |= set(their)
    clash = [c for c in shown if c in others]
    if clash:
        raise BadInput(
            f"{clash[0]} is already on the table elsewhere; one deck holds one.",
            field="cards",
        )
    hand["shown"][str(seat)] = shown
    best, notes, tamed = _best(state, seat)
    words = (
        f"{who} shows {best.name}" + (f" ({'; '.join(notes)})" if notes else "") + "."
    )
    rules += _hand_rules(state, best, tamed)
    waiting = [s for s in table.live(state) if str(s) not in hand["shown"]]
    if waiting:
        return table.step(state, Verdict.OK, words, rules)
    return _showdown(state, words, rules)


def _showdown(state: JSON, words: str, rules: list[str]) -> Step:
    hands = {s: _best(state, s)[0] for s in table.live(state)}

    def rank(eligible: list[int]) -> list[int]:
        top = max(hands[s].key for s in eligible)
        return [s for s in eligible if hands[s].key == top]

    winners = rank(table.live(state))
    named = " & ".join(state["players"][s] for s in winners)
    best = hands[winners[0]].name
    why = f"{named} win{'s' if len(winners) == 1 else ''} with {best}" + (
        " (a tie: the pot is shared)." if len(winners) > 1 else "."
    )
    for s in winners:  # the rules that made the winning hands what they are
        rules += _hand_rules(state, hands[s], _best(state, s)[2])
    return table.deal_won(state, rank, why, words, rules)


def _win_uncontested(
    state: JSON, words: str, rules: list[str], options: Sequence[str]
) -> Step:
    (seat,) = table.live(state)
    rules.append(rule("showdown"))
    why = f"Everyone else has folded: {state['players'][seat]} wins without showing."
    return table.deal_won(state, lambda eligible: [seat], why, words, rules, options)


# --- hands ---------------------------------------------------------------------------


def _wilds_for(state: JSON, tame: Sequence[str]) -> evaluator.Wilds:
    return WILDS.with_tame(tame)


def _best(state: JSON, seat: int) -> tuple[evaluator.Hand, list[str], list[str]]:
    """A shown hand's best five, face-down wilds not paid for left at face value.

    Returns the hand, notes in words, and the cards that played at face value.
    """
    hand = state["hand"]
    deal = hand["deal"]
    shown = hand["shown"][str(seat)]
    up = deal["up"][seat]
    pool = shown + ([deal["common"]] if deal["common"] else [])
    tame = [c for c in hand["tame"] if c in up]
    choices: list[list[str]] = [[]]
    options = state["options"]
    if options["pay_down_wilds"]:
        for r, name in WILD_OPTIONS.items():
            if options[name] == FREE:
                continue
            down = [c for c in shown if c not in up and cards.rank(c) == r]
            unpaid = len(down) - hand["down_paid"][seat][r]
            if unpaid > 0:
                choices = [
                    old + list(combo)
                    for old in choices
                    for combo in combinations(down, unpaid)
                ]
    best = None
    best_tame: list[str] = []
    for extra in choices:
        got = evaluator.best_high(pool, _wilds_for(state, tame + extra))
        if best is None or got.key > best.key:
            best, best_tame = got, extra
    assert best is not None  # noqa: S101  # choices always holds one option
    notes = []
    all_tame = tame + best_tame
    if all_tame:
        notes.append(f"{' '.join(all_tame)} at face value, not paid for")
    return best, notes, all_tame


def _hand_rules(state: JSON, best: evaluator.Hand, tamed: Sequence[str]) -> list[str]:
    rules = []
    if best.stands_for:
        rules.append(rule("wild"))
    up_tame = [c for c in tamed if c in state["hand"]["tame"]]
    for c in up_tame:
        rules.append(rule(WILD_RULES[cards.rank(c)]))
    if len(up_tame) < len(tamed):
        rules.append(rule("pay-down-wilds"))
    if best.category == "five of a kind":
        rules.append(rule("five-of-a-kind"))
    if state["hand"]["deal"]["common"]:
        rules.append(rule("short-deck"))
    return rules


def showing(state: JSON, seat: int) -> evaluator.Hand | None:
    """The hand ``seat``'s face-up cards make now (wilds as paid for)."""
    hand = state["hand"]
    if not hand:
        return None
    deal = hand["deal"]
    up = list(deal["up"][seat]) + ([deal["common"]] if deal["common"] else [])
    if not up:
        return None
    tame = list(hand["tame"])
    if state["due"] and state["due"]["kind"] == "wild":
        tame.append(state["due"]["card"])  # not wild until paid for
    return evaluator.best_high(up, _wilds_for(state, tame))


def _first_to_bet(state: JSON) -> int:
    """The best hand showing opens the betting; ties go to the nearest dealer's left."""
    order = [s for s in table.left_of_dealer(state) if s in table.live(state)]
    best = order[0]
    best_key = -1
    for s in order:
        got = showing(state, s)
        key = got.key if got else -1
        if key > best_key:
            best, best_key = s, key
    return best


# --- helpers -------------------------------------------------------------------------


def _usual(state: JSON) -> bool:
    return all(state["options"].get(k) == v for k, v in USUAL.items())


def _check_unseen(state: JSON, card: str) -> None:
    deal = state["hand"]["deal"]
    if card in stud.seen(deal):
        owner = next(
            (state["players"][s] for s, up in enumerate(deal["up"]) if card in up),
            "the middle",
        )
        raise BadInput(
            f"{card} is already face up ({owner}); a deck holds one "
            f"{cards.describe(card)}.",
            field="card",
        )


def _show_example(up: Sequence[str], down: int) -> str:
    filler = [c for c in ("2C", "5D", "6H", "7S", "8C", "10D", "JH") if c not in up]
    return " ".join([*up, *filler[:down]])


def _not_now(state: JSON, what: str) -> str:
    return f"Not {what} now: {_prompt(state)}"


# --- the board -----------------------------------------------------------------------


def view(state: JSON, expects: list[str]) -> JSON:
    hand = state["hand"]
    deal = hand["deal"] if hand else None
    players = state["players"]

    def per_seat(s: int) -> JSON:
        if not deal:
            return {"up": [], "down": 0, "showing": ""}
        got = showing(state, s)
        return {
            "up": list(deal["up"][s]),
            "down": deal["down"][s],
            "showing": got.name if got else "",
        }

    detail: JSON = {
        "title": _title(state),
        "preset": "usual" if _usual(state) else "house",
        "street": deal["street"] if deal else None,
        "street_name": stud.STREET_NAMES[deal["street"]] if deal else "",
        "up": table.by_name(players, deal["up"], list) if deal else {},
        "down": table.by_name(players, deal["down"]) if deal else {},
        "next": players[stud.next_up(deal)]
        if deal and stud.next_up(deal) is not None
        else None,
        "common": deal["common"] if deal else None,
        "stock": stud.stock(deal) if deal else stud.DECK_SIZE,
        "rainouts": hand["rainouts"] if hand else 0,
        "tame": list(hand["tame"]) if hand else [],
        "shown": {players[int(s)]: c for s, c in hand["shown"].items()} if hand else {},
        "waiting_to_show": [
            players[s]
            for s in table.live(state)
            if hand and str(s) not in hand["shown"]
        ]
        if state["phase"] == "show"
        else [],
    }
    return table.view_board(
        state,
        expects=expects,
        prompt=_prompt(state),
        turn=_turn(state),
        detail=detail,
        per_seat=per_seat,
    )


def _title(state: JSON) -> str:
    return (
        f"{TITLE} (the way we usually play)"
        if _usual(state)
        else f"{TITLE} (house options)"
    )


def _turn(state: JSON) -> str | None:
    players = state["players"]
    seat = table.acting(state)
    if seat is not None:
        return players[seat]
    if state["phase"] == "deal" and state["hand"]:
        nxt = stud.next_up(state["hand"]["deal"])
        return players[nxt] if nxt is not None else None
    return None


def _prompt(state: JSON) -> str:
    phase = state["phase"]
    players = state["players"]
    first = table.prompt_before_play(state)
    if first is not None:
        return first
    deal = state["hand"]["deal"]
    if phase == "deal":
        street = stud.STREET_NAMES[deal["street"]]
        return f"{street.capitalize()}: face-up card to {players[stud.next_up(deal)]}."
    if phase == "common":
        return "Seventh street is short: the shared card face up in the middle."
    waiting = [
        players[s] for s in table.live(state) if str(s) not in state["hand"]["shown"]
    ]
    return f"Showdown: {', '.join(waiting)} to show all their cards."


# --- the entry point -----------------------------------------------------------------

PLAYING = ("deal", "bet", "common")  # when a four may be turned up, a wild paid for


def _pay_down_offered(state: JSON) -> bool:
    opts = state["options"]
    return (
        state["phase"] in PLAYING
        and opts["pay_down_wilds"]
        and any(opts[n] != FREE for n in WILD_OPTIONS.values())
    )


# --- who acts ------------------------------------------------------------------------


def _gone(state: JSON, seat: int) -> list[str]:
    """A named player who has folded may do nothing more this deal."""
    return [rule("fold")] if state["pot"] and seat not in table.live(state) else []


def _owed_card(state: JSON) -> int | None:
    """Who the next face-up card goes to: the dealer's left at the start of a deal."""
    if state["phase"] == "ante":
        return (state["dealer"] + 1) % len(state["players"])
    return stud.next_up(state["hand"]["deal"])


def _card_rules(state: JSON, event: JSON, seat: int) -> list[str]:
    """A face-up card to the wrong player: the first three cards' rule, the streets'."""
    first = state["phase"] == "ante" or state["hand"]["deal"]["street"] == 3
    return [*([rule("deal")] if first else []), rule("streets"), *_gone(state, seat)]


def _to_show(state: JSON) -> list[int]:
    return [s for s in table.live(state) if str(s) not in state["hand"]["shown"]]


# In the order a board lists what it expects (a payment owed: pay, decline, fold).
HANDLERS = {
    "ante": Handler(_ante, when=lambda s: s["phase"] == "ante", actor=table.anyone),
    "up": Handler(
        _up,
        when=lambda s: s["phase"] in ("ante", "deal"),
        actor=_owed_card,
        out_of_turn=_card_rules,
    ),
    "bet": Handler(
        _bet,
        when=lambda s: s["phase"] == "bet",
        actor=table.acting,
        out_of_turn=table.turn_rules(RULES, _gone, "betting"),
    ),
    **table.due_handlers(_settle, _bet, RULES, _gone, ("betting", "fold")),
    "common": Handler(
        _common,
        when=lambda s: s["phase"] == "common",
        actor=table.dealer,
        out_of_turn=table.turn_rules(RULES, _gone, "short-deck"),
    ),
    "show": Handler(
        _show,
        when=lambda s: s["phase"] == "show",
        actor=_to_show,
        out_of_turn=table.turn_rules(RULES, _gone, "showdown"),
    ),
    "turn_up": Handler(
        _turn_up,
        when=lambda s: s["phase"] in PLAYING and s["options"]["turn_up_fours"],
        actor=table.live,
        out_of_turn=table.turn_rules(RULES, _gone, "turn-up-four", "four"),
    ),
    "pay_down": Handler(
        _pay_down,
        when=_pay_down_offered,
        actor=table.live,
        out_of_turn=table.turn_rules(RULES, _gone, "pay-down-wilds", "payment"),
    ),
}
FINISHED = table.finished(RULES)
BEFORE = table.due_first(RULES)
