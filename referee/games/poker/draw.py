"""Draw poker at the table, shared by ``poker-draw`` and ``poker-jacks-trips``.

The referee never sees the cards until they are shown: it keeps the pot (antes,
bets, folds), whose turn it is, the exchanges and their limits, and judges the
showdown from the cards the players show.

A hand runs through phases (``state["phase"]``):

* ``deal``: the next hand (or a redeal) is about to be dealt; ``deal`` posts every
  player's ante. ``end`` closes the session here.
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
``wild_rank`` and ``hand_wins``.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from referee.games import cards as cardlib
from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import Refused
from referee.games.base import Ruling
from referee.games.base import Setup
from referee.games.base import Step
from referee.games.base import Verdict
from referee.games.base import board
from referee.games.base import recent
from referee.games.poker import betting
from referee.games.poker import hands as hl
from referee.games.poker import pot as potlib
from referee.games.poker import showdown as sd

JACKS = "poker-jacks-trips"
WILD_CHOICES = {
    "off": hl.Wilds(),  # not "none": a JSON null option reads as "none"
    "deuces": hl.Wilds(ranks=frozenset({"2"})),
    "jokers": hl.Wilds(),
    "deuces-and-jokers": hl.Wilds(ranks=frozenset({"2"})),
    "one-eyed-jacks": hl.Wilds(cards=frozenset({"JS", "JH"})),
}
JOKER_CHOICES = ("jokers", "deuces-and-jokers")
WINNER_MODES = {"high": "high", "high-low": "high-low", "lowball": "low"}
PROGRESSIVE_WINS = 3  # hand wins that take a progressive jackpot
OPENING_RANKS = ("J", "Q", "K", "A")
WILD_CYCLE = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
FOUR_CARD_MAX_PLAYERS = 5  # "fewer than six players"


# --- start ---------------------------------------------------------------------------


def start(setup: Setup, game_id: str) -> JSON:
    """A new session: the first player listed deals the first hand."""
    n = len(setup.players)
    return {
        "players": list(setup.players),
        "teams": [],
        "game": game_id,
        "options": dict(setup.options),
        "dealer": 0,
        "hand": 1,
        "deal": 0,
        "phase": "deal",
        "street": 0,
        "pot": potlib.new_pot(n),
        "round": None,
        "draw_turn": None,
        "drawn": [None] * n,
        "shown": [None] * n,  # cards shown (list), False = conceded / no trips
        "low_shown": [None] * n,
        "aces_shown": [[] for _ in range(n)],  # aces shown for four-card draws
        "net": [0] * n,
        "opener": None,
        "openers": None,
        "openers_needed": "J",
        "hand_wins": [0] * n,
        "jackpot_hands": 0,  # hands won toward the current progressive jackpot
        "last_hand": None,
        "history": [],
        "winner": None,
    }


# --- the rules a state plays under ---------------------------------------------------


def rule(state: JSON, local: str) -> str:
    return f"{state['game']}/{local}"


def is_jacks(state: JSON) -> bool:
    return bool(state["game"] == JACKS)


def wild_rank(state: JSON) -> str | None:
    """The progressive jackpot's wild rank this hand (deuces in the first)."""
    if not (is_jacks(state) and state["options"]["progressive"]):
        return None
    return WILD_CYCLE[state["jackpot_hands"] % len(WILD_CYCLE)]


def wilds_of(state: JSON) -> hl.Wilds:
    opts = state["options"]
    if is_jacks(state):
        rank = wild_rank(state)
        return hl.Wilds(ranks=frozenset({rank}) if rank else frozenset())
    base = WILD_CHOICES[opts["wilds"]]
    return hl.Wilds(base.ranks, base.cards, five_of_a_kind=opts["five_of_a_kind"])


def judge_of(state: JSON) -> sd.Judge:
    opts = state["options"]
    if is_jacks(state):
        mode = "high" if opts["progressive"] else opts["winner"]
    else:
        mode = WINNER_MODES[opts["winner"]]
    return sd.Judge(mode, wilds_of(state), hl.LOW_RULES[opts["low"]])


def game_rules(state: JSON, judge: sd.Judge) -> list[str]:
    """The rules a showdown rests on, for citing."""
    out = [rule(state, "hand-ranking")]
    if judge.wilds.ranks or judge.wilds.cards or _jokers(state):
        out.append(rule(state, "wild-cards"))
    if judge.mode == "low":
        out.append(rule(state, "lowball"))
    if judge.mode == "high-low":
        out.append(rule(state, "high-low"))
    return out


def _jokers(state: JSON) -> bool:
    return not is_jacks(state) and state["options"]["wilds"] in JOKER_CHOICES


def _order(state: JSON) -> list[int]:
    """Seats from the dealer's left round to the dealer."""
    n = len(state["players"])
    return potlib.seats_from((state["dealer"] + 1) % n, n)


def _options_cited(state: JSON) -> tuple[str, ...]:
    opts = state["options"]
    # A low ranking other than ace-to-five names and ranks every low hand.
    plays_low = judge_of(state).mode in ("low", "high-low")
    low = ("low",) if plays_low and opts["low"] != "ace-to-five" else ()
    if is_jacks(state):
        return (("progressive",) if opts["progressive"] else ()) + low
    out = []
    if opts["wilds"] != "off":
        out.append("wilds")
    if opts["winner"] != "high":
        out.append("winner")
    return (*out, *low)


# --- apply ---------------------------------------------------------------------------


def apply(state: JSON, event: JSON) -> Step:
    """Apply one event (already parsed by the game's declarations)."""
    state = copy.deepcopy(state)
    kind = event["type"]
    if state["winner"] is not None or state["phase"] == "over":
        raise Refused("The session is over.", [rule(state, "session")])
    handlers = {
        "deal": _deal,
        "bet": _bet,
        "draw": _draw,
        "show": _show,
        "reveal": _reveal,
        "end": _end,
    }
    return handlers[kind](state, event)


def _expect(state: JSON, phase: str, what: str) -> None:
    if state["phase"] != phase:
        raise Refused(
            f"Not now: {what} comes later. {prompt(state)}",
            [rule(state, "order-of-play")],
        )


def _deal(state: JSON, event: JSON) -> Step:
    _expect(state, "deal", "a deal")
    opts = state["options"]
    n = len(state["players"])
    state["deal"] += 1
    state["pot"] = potlib.ante_all(state["pot"], opts["ante"])
    state["drawn"] = [None] * n
    state["shown"] = [None] * n
    state["low_shown"] = [None] * n
    state["aces_shown"] = [[] for _ in range(n)]
    state["street"] = 1
    state["opener"] = None
    state["openers"] = None
    cited = [rule(state, "ante"), rule(state, "deal")]
    dealer = state["players"][state["dealer"]]
    again = " again" if state["deal"] > 1 else ""
    words = (
        f"Hand {state['hand']}: {dealer} deals five cards each{again}; "
        f"everyone antes {opts['ante']} (pot {potlib.total(state['pot'])})."
    )
    if is_jacks(state):
        cited.append(rule(state, "openers"))
        need = hl.PLURAL[hl.RANK_VALUE[state["openers_needed"]]]
        words += f" Openers: a pair of {need} or better."
        rank = wild_rank(state)
        if rank:
            cited.append(rule(state, "progressive-jackpot"))
            words += f" {hl.PLURAL[hl.RANK_VALUE[rank]].capitalize()} are wild."
    _open_betting(state)
    return Step(
        state, Ruling(Verdict.OK, words, tuple(cited), options=_options_cited(state))
    )


def _open_betting(state: JSON) -> None:
    opts = state["options"]
    order = _order(state)
    state["round"], state["pot"] = betting.open_round(
        state["pot"],
        order[0],
        rules=[rule(state, "betting")],
        limit=opts["limit"],
        max_raises=opts["max_raises"],
    )
    state["phase"] = "bet"


def _bet(state: JSON, event: JSON) -> Step:
    _expect(state, "bet", "betting")
    seat = event["player"]
    action = event["action"]
    amount = event.get("amount")
    names = state["players"]
    cited = [rule(state, "betting")]
    opening = is_jacks(state) and state["street"] == 1 and state["opener"] is None
    extra = ""
    if opening:
        extra, more = _jacks_opening(state, seat, action, event.get("openers"))
        cited += more
    elif event.get("openers"):
        raise BadInput(
            "Openers are shown only with the bet that opens.",
            field="openers",
            example='{"type": "bet", "player": 1, "action": "call"}',
        )
    rnd, pot, words = betting.act(
        state["round"], state["pot"], seat, action, amount, names=names
    )
    alone = potlib.live(pot)
    if opening and rnd["done"] and len(alone) == 1 and alone[0] not in rnd["acted"]:
        # Everyone else folded before the pot was opened: the pot is won only by
        # opening, so the one player left still acts (opens, or passes it in).
        rnd = {**rnd, "done": False, "turn": alone[0]}
        words += (
            f" Nobody has opened: {names[alone[0]]} may open (with openers) to take "
            "the pot, or pass and the hand is thrown in."
        )
    state["round"], state["pot"] = rnd, pot
    if opening and action == "bet":
        state["opener"] = seat
        state["openers"] = list(event["openers"])
    words += extra
    if not rnd["done"]:
        words += f" {names[rnd['turn']]} to act."
        return Step(state, Ruling(Verdict.OK, words, tuple(cited)))
    return _after_betting(state, words, cited)


def _jacks_opening(
    state: JSON, seat: int, action: str, openers: Any
) -> tuple[str, list[str]]:
    """Jacks or better to open; such a hand must open (the referee cannot see it)."""
    need = state["openers_needed"]
    cited = [rule(state, "openers")]
    if action == "bet":
        if not openers:
            raise BadInput(
                f"Show the openers (a pair of {hl.PLURAL[hl.RANK_VALUE[need]]} or "
                "better) with the bet that opens.",
                field="openers",
                example=f'{{"type": "bet", "player": {seat}, "action": "bet", '
                '"amount": 2, "openers": "JH JD"}',
            )
        if cardlib.JOKER in openers and not _jokers(state):
            raise BadInput(
                "There are no jokers in this game's deck, so none can be openers.",
                field="openers",
                example=f'{{"type": "bet", "player": {seat}, "action": "bet", '
                '"amount": 2, "openers": "JH JD"}',
            )
        hand = hl.best_high(openers, wilds_of(state))
        floor = hl.pack(hl.PAIR, (hl.RANK_VALUE[need],) * 2)
        if hand.key < floor:
            raise Refused(
                f"{hand.name.capitalize()} does not open: it takes a pair of "
                f"{hl.PLURAL[hl.RANK_VALUE[need]]} or better.",
                cited,
            )
        return f" Opened with {hand.name}.", cited
    if action == "check":
        cited.append(rule(state, "must-open"))
        return (
            " (A pass: only a player without openers may pass; openers must open.)",
            cited,
        )
    if action == "fold":
        if potlib.live(state["pot"]) == [seat]:
            raise Refused(
                f"{state['players'][seat]} is the last player in: open (bet, with "
                "openers) to take the pot, or pass (check) and the hand is thrown in.",
                cited,
            )
        return "", cited
    raise Refused(
        f"Nobody has opened yet: {state['players'][seat]} may open (bet, with "
        "openers) or pass (check).",
        cited,
    )


def _after_betting(state: JSON, words: str, cited: list[str]) -> Step:
    """A betting round closed: one player left wins; else the next exchange or show."""
    pot = state["pot"]
    alive = potlib.live(pot)
    if is_jacks(state) and state["street"] == 1 and state["opener"] is None:
        return _nobody_opened(state, words, cited)  # a pot is won only once opened
    if len(alive) == 1:
        return _uncontested(state, alive[0], words, cited)
    draws = 2 if (not is_jacks(state) and state["options"]["double_draw"]) else 1
    if state["street"] <= draws:
        state["phase"] = "draw"
        state["drawn"] = [None] * len(state["players"])
        # an ace shown binds only until the next exchange, where it may go
        state["aces_shown"] = [[] for _ in state["players"]]
        state["draw_turn"] = _next_to_draw(state)
        who = state["players"][state["draw_turn"]]
        exchange = "exchange" if state["street"] == 1 else "next exchange"
        return Step(
            state,
            Ruling(
                Verdict.OK,
                f"{words} Betting closed; the {exchange}: {who} draws first.",
                tuple(cited + [rule(state, "draw")]),
            ),
        )
    state["phase"] = "reveal" if is_jacks(state) else "show"
    what = (
        "anyone with three of a kind or better reveals"
        if is_jacks(state)
        else "show your hands"
    )
    return Step(
        state,
        Ruling(
            Verdict.OK,
            f"{words} Betting closed: showdown, {what}.",
            tuple(cited + [rule(state, "showdown")]),
        ),
    )


def _nobody_opened(state: JSON, words: str, cited: list[str]) -> Step:
    """Nobody opened: everyone antes again and the same dealer deals again."""
    cited = cited + [rule(state, "nobody-opens")]
    # the chips stay in the pot for the redeal: charge them to each player now
    put = state["pot"]["put"]
    state["net"] = [n - p for n, p in zip(state["net"], put, strict=True)]
    charged = {state["players"][s]: -p for s, p in enumerate(put) if p}
    state["pot"] = potlib.carry(state["pot"])
    state["phase"] = "deal"
    state["round"] = None
    extra = ""
    if state["options"]["progressive"]:
        i = OPENING_RANKS.index(state["openers_needed"])
        state["openers_needed"] = OPENING_RANKS[min(i + 1, len(OPENING_RANKS) - 1)]
        need = hl.PLURAL[hl.RANK_VALUE[state["openers_needed"]]]
        extra = f" Openers rise to a pair of {need}."
        cited.append(rule(state, "rising-openers"))
    return Step(
        state,
        Ruling(
            Verdict.VOID,
            f"{words} Nobody opened: the hand is thrown in; the pot "
            f"({potlib.total(state['pot'])}) stays, everyone antes again and the "
            f"cards are dealt again.{extra}",
            tuple(cited),
            score=charged,
            options=_options_cited(state),
        ),
    )


def _next_to_draw(state: JSON) -> int | None:
    alive = set(potlib.live(state["pot"]))
    for seat in _order(state):
        if seat in alive and state["drawn"][seat] is None:
            return seat
    return None


def _draw(state: JSON, event: JSON) -> Step:
    _expect(state, "draw", "the exchange")
    seat, count = event["player"], event["count"]
    names = state["players"]
    cited = [rule(state, "draw")]
    if seat != state["draw_turn"]:
        raise Refused(
            f"It is {names[state['draw_turn']]}'s turn to draw, not {names[seat]}'s.",
            cited,
        )
    shows = event.get("shows")
    if count == 4:
        cited.append(rule(state, "four-card-draw"))
        if not state["options"]["four_with_ace"]:
            raise Refused(
                "Four-card draws are off at this table: three at most.", cited
            )
        if len(names) > FOUR_CARD_MAX_PLAYERS:
            raise Refused(
                "With six or more players the most anyone may draw is three.", cited
            )
        if not shows or cardlib.rank(shows) != "A":
            raise Refused(
                f"{names[seat]} may draw four only by showing that the card kept is "
                "an ace.",
                cited,
            )
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
    drawn[seat] = count
    state["drawn"] = drawn
    what = "stands pat" if count == 0 else f"draws {count}"
    words = f"{names[seat]} {what}" + (f", showing {shows}." if shows else ".")
    state["draw_turn"] = _next_to_draw(state)
    if state["draw_turn"] is not None:
        return Step(
            state,
            Ruling(
                Verdict.OK, f"{words} {names[state['draw_turn']]} next.", tuple(cited)
            ),
        )
    state["street"] += 1
    _open_betting(state)
    cited.append(rule(state, "betting"))
    if state["round"]["done"]:
        return _after_betting(state, words + " Nobody can bet.", cited)
    first = names[state["round"]["turn"]]
    return Step(
        state,
        Ruling(
            Verdict.OK,
            f"{words} Exchange over; betting round {state['street']}: {first} first.",
            tuple(cited),
        ),
    )


def _held_elsewhere(state: JSON, seat: int) -> list[str]:
    out: list[str] = []
    for s, shown in enumerate(state["shown"]):
        if s != seat and isinstance(shown, list):
            out += shown
    for s, shown in enumerate(state["low_shown"]):
        if s != seat and isinstance(shown, list):
            out += shown
    return out


def _check_cards(state: JSON, seat: int, cards: Sequence[str], field: str) -> list[str]:
    """Five cards, none shown by another player, jokers only where the deck has them."""
    example = f'{{"type": "show", "player": {seat}, "cards": "AS AD 9C 5H 3S"}}'
    if len(cards) != 5:
        raise BadInput(
            f"A hand is five cards; {len(cards)} given.", field=field, example=example
        )
    jokers = sum(1 for c in cards if c == cardlib.JOKER)
    if jokers and not _jokers(state):
        raise BadInput(
            "There are no jokers in this game's deck.", field=field, example=example
        )
    hand = cardlib.parse_cards(
        list(cards), "standard-jokers", held=_held_elsewhere(state, seat)
    )
    kept = [a for a in state["aces_shown"][seat] if a not in hand]
    if kept:
        raise BadInput(
            f"{state['players'][seat]} showed {kept[0]} to draw four: that ace was "
            "kept, so it is in the hand.",
            field=field,
            example=example,
        )
    return hand


def _show(state: JSON, event: JSON) -> Step:
    if state["phase"] == "low":
        return _show_low(state, event)
    _expect(state, "show", "the showdown")
    seat = event["player"]
    names = state["players"]
    judge = judge_of(state)
    cited = [rule(state, "showdown")]
    if seat not in potlib.live(state["pot"]):
        raise Refused(f"{names[seat]} folded and has nothing to show.", cited)
    if state["shown"][seat] is not None:
        raise Refused(f"{names[seat]} has already shown.", cited)
    shown = list(state["shown"])
    if event.get("cards"):
        hand = _check_cards(state, seat, event["cards"], "cards")
        shown[seat] = hand
        best = sd.best(hand, judge)
        words = (
            f"{names[seat]} shows "
            + " and ".join(
                f"{h.name}" + (" for low" if part == "low" and len(best) > 1 else "")
                for part, h in best.items()
            )
            + "."
        )
        cited += game_rules(state, judge)
    else:
        if len([s for s in potlib.live(state["pot"]) if shown[s] is not False]) <= 1:
            raise Refused(
                f"{names[seat]} is the last player in and need not concede: show "
                "the hand to take the pot.",
                cited,
            )
        shown[seat] = False
        state["pot"] = potlib.fold(state["pot"], seat, "concedes at the showdown")
        words = f"{names[seat]} concedes without showing."
    state["shown"] = shown
    alive = potlib.live(state["pot"])
    if len(alive) == 1 and not isinstance(shown[alive[0]], list):
        return _uncontested(state, alive[0], words, cited)
    waiting = [s for s in alive if shown[s] is None]
    if waiting:
        return Step(
            state,
            Ruling(
                Verdict.OK,
                f"{words} Waiting for {_names(state, waiting)}.",
                tuple(cited),
                options=_options_cited(state),
            ),
        )
    return _settle(state, words, cited)


def _reveal(state: JSON, event: JSON) -> Step:
    """Trips to win: three of a kind or better must be revealed; the rest say none."""
    _expect(state, "reveal", "revealing")
    seat = event["player"]
    names = state["players"]
    cited = [rule(state, "trips-to-win")]
    if seat not in potlib.live(state["pot"]):
        raise Refused(f"{names[seat]} folded and has nothing to reveal.", cited)
    if state["shown"][seat] is not None:
        raise Refused(f"{names[seat]} has already answered.", cited)
    shown = list(state["shown"])
    judge = judge_of(state)
    if event.get("cards"):
        hand = _check_cards(state, seat, event["cards"], "cards")
        best = hl.best_high(hand, judge.wilds)
        if best.key < hl.pack(hl.TRIPS, (2, 2, 2)):
            raise Refused(
                f"{best.name.capitalize()} is not three of a kind or better: only "
                "trips or better are revealed. Send no cards to say so.",
                cited,
            )
        shown[seat] = hand
        words = f"{names[seat]} reveals {best.name}."
        cited += game_rules(state, judge)
    else:
        shown[seat] = False
        words = f"{names[seat]} has no three of a kind."
    state["shown"] = shown
    alive = potlib.live(state["pot"])
    waiting = [s for s in alive if shown[s] is None]
    if waiting:
        return Step(
            state,
            Ruling(
                Verdict.OK,
                f"{words} Waiting for {_names(state, waiting)}.",
                tuple(cited),
                options=_options_cited(state),
            ),
        )
    revealed = [s for s in alive if isinstance(shown[s], list)]
    if not revealed:
        cited.append(rule(state, "nobody-reveals"))
        state["shown"] = [None] * len(names)
        state["phase"] = "draw"
        state["drawn"] = [None] * len(names)
        state["aces_shown"] = [[] for _ in names]
        state["draw_turn"] = _next_to_draw(state)
        return Step(
            state,
            Ruling(
                Verdict.OK,
                f"{words} Nobody revealed three of a kind: everyone still in "
                f"exchanges again, {names[state['draw_turn']]} first.",
                tuple(cited),
            ),
        )
    if judge.mode == "high-low":
        others = [s for s in alive if not isinstance(shown[s], list)]
        if others:
            state["phase"] = "low"
            cited.append(rule(state, "winner"))
            return Step(
                state,
                Ruling(
                    Verdict.OK,
                    f"{words} Revealing done; for the low half "
                    f"{_names(state, others)} may show or pass.",
                    tuple(cited),
                ),
            )
    return _settle(state, words, cited)


def _show_low(state: JSON, event: JSON) -> Step:
    seat = event["player"]
    names = state["players"]
    cited = [rule(state, "winner")]
    alive = potlib.live(state["pot"])
    if seat not in alive or isinstance(state["shown"][seat], list):
        raise Refused(f"{names[seat]} is not waiting to show for low.", cited)
    if state["low_shown"][seat] is not None:
        raise Refused(f"{names[seat]} has already answered.", cited)
    low_shown = list(state["low_shown"])
    if event.get("cards"):
        hand = _check_cards(state, seat, event["cards"], "cards")
        low_shown[seat] = hand
        best = hl.best_low(hand, judge_of(state).low, judge_of(state).wilds)
        words = f"{names[seat]} shows {best.name} for low."
        cited.append(rule(state, "high-low"))  # how the low hand ranks
    else:
        low_shown[seat] = False
        words = f"{names[seat]} does not play for low."
    state["low_shown"] = low_shown
    waiting = [
        s
        for s in alive
        if not isinstance(state["shown"][s], list) and low_shown[s] is None
    ]
    if waiting:
        return Step(
            state,
            Ruling(
                Verdict.OK,
                f"{words} Waiting for {_names(state, waiting)}.",
                tuple(cited),
                options=_options_cited(state),
            ),
        )
    return _settle(state, words, cited)


# --- settling a hand -----------------------------------------------------------------


def _uncontested(state: JSON, seat: int, words: str, cited: list[str]) -> Step:
    """Everyone else folded: the last player takes the pot unseen."""
    name = state["players"][seat]
    if is_jacks(state) and state["options"]["progressive"]:
        return _jackpot_hand(
            state, [seat], words + f" {name} wins the hand uncontested.", cited, {}
        )
    amount = potlib.total(state["pot"])
    shares = {seat: amount}
    summary = f"{words} Everyone else folded: {name} takes the pot ({amount})."
    return _close_hand(
        state, shares, summary, cited + [rule(state, "split-pot")], {}, {"high": [seat]}
    )


def _settle(state: JSON, words: str, cited: list[str]) -> Step:
    judge = judge_of(state)
    alive = potlib.live(state["pot"])
    best: dict[int, dict[str, hl.Hand]] = {}
    for s in alive:
        if isinstance(state["shown"][s], list):
            best[s] = sd.best(state["shown"][s], judge)
    if is_jacks(state):
        best = _jacks_contenders(state, best, judge)
    named = {
        state["players"][s]: {part: h.to_json() for part, h in parts.items()}
        for s, parts in best.items()
    }
    if is_jacks(state) and state["options"]["progressive"]:
        high = sd.winners({s: b["high"] for s, b in best.items()})
        return _jackpot_hand(state, high, words, cited, named)
    winners = {
        part: sd.winners({s: b[part] for s, b in best.items() if part in b})
        for part in judge.parts
    }

    def pick(eligible: list[int]) -> list[list[int]]:
        return [
            sd.winners(
                {s: b[part] for s, b in best.items() if part in b and s in eligible}
            )
            for part in judge.parts
        ]

    awarded = potlib.award(state["pot"], _order(state), pick)
    shares = potlib.payouts(awarded)
    parts_words = []
    for part in judge.parts:
        seats = winners[part]
        if not seats:
            continue
        hand = best[seats[0]][part].name
        who = _names(state, seats)
        label = (
            {"high": "High", "low": "Low"}[part]
            if len(judge.parts) > 1
            else "Best hand"
        )
        tie = " (tie: split)" if len(seats) > 1 else ""
        parts_words.append(f"{label}: {who} with {hand}{tie}")
    take = ", ".join(f"{state['players'][s]} takes {c}" for s, c in shares.items())
    odd = ""
    if any(
        len(p["winners"]) > 1 and p["amount"] % len(p["winners"])
        for e in awarded
        for p in e["parts"]
    ):
        odd = " (odd chips to the first winner left of the dealer)"
    elif len(judge.parts) > 1 and potlib.total(state["pot"]) % 2:
        odd = " (the odd chip goes to the high half)"
    summary = f"{words} {'; '.join(parts_words)}. {take}{odd}."
    cited = cited + game_rules(state, judge) + [rule(state, "split-pot")]
    return _close_hand(state, shares, summary, cited, named, winners)


def _jacks_contenders(
    state: JSON, best: dict[int, dict[str, hl.Hand]], judge: sd.Judge
) -> dict[int, dict[str, hl.Hand]]:
    """Only revealed hands play for high; low also counts hands shown for low."""
    out: dict[int, dict[str, hl.Hand]] = {}
    for s, parts in best.items():
        out[s] = dict(parts)
    if judge.mode == "high-low":
        for s, shown in enumerate(state["low_shown"]):
            if isinstance(shown, list):
                out[s] = {"low": hl.best_low(shown, judge.low, judge.wilds)}
    return out


def _jackpot_hand(
    state: JSON, seats: list[int], words: str, cited: list[str], named: JSON
) -> Step:
    """Progressive jackpot: a hand win is scored; three take the whole pot."""
    names = state["players"]
    wins = list(state["hand_wins"])
    for s in seats:
        wins[s] += 1
    state["hand_wins"] = wins
    state["jackpot_hands"] += 1
    cited = cited + [rule(state, "progressive-jackpot")]
    done = [s for s in seats if wins[s] >= PROGRESSIVE_WINS]
    who = _names(state, seats)
    tally = ", ".join(f"{names[s]} {wins[s]}" for s in range(len(names)) if wins[s])
    if done:
        amount = potlib.total(state["pot"])
        shares = potlib.split(amount, done, _order(state))
        take = ", ".join(f"{names[s]} takes {c}" for s, c in shares.items())
        summary = (
            f"{words} {who} wins the hand and has {PROGRESSIVE_WINS} hand wins: "
            f"the jackpot is won. {take}."
        )
        state["hand_wins"] = [0] * len(names)
        state["jackpot_hands"] = 0  # a new jackpot starts again with deuces wild
        return _close_hand(
            state,
            shares,
            summary,
            cited + [rule(state, "split-pot")],
            named,
            {"high": seats},
        )
    summary = (
        f"{words} {who} wins hand {state['hand']} (hand wins: {tally}); the pot "
        f"({potlib.total(state['pot'])}) stays for the next hand."
    )
    return _close_hand(state, {}, summary, cited, named, {"high": seats}, carry=True)


def _close_hand(
    state: JSON,
    shares: dict[int, int],
    summary: str,
    cited: list[str],
    named: JSON,
    winners: dict[str, list[int]],
    *,
    carry: bool = False,
) -> Step:
    names = state["players"]
    pot = state["pot"]
    net = list(state["net"])
    change: dict[str, int] = {}
    for s in range(len(names)):
        delta = shares.get(s, 0) - pot["put"][s]
        # chips carried in from earlier deals were charged when those deals closed
        net[s] += delta
        if delta:
            change[names[s]] = delta
    state["net"] = net
    record = {
        "hand": state["hand"],
        "won": True,
        "pot": potlib.total(pot),
        "winners": {part: [names[s] for s in seats] for part, seats in winners.items()},
        "shares": {names[s]: c for s, c in shares.items()},
        "hands": named,
        "summary": summary,
        "openers": state["openers"],
        "opener": names[state["opener"]] if state["opener"] is not None else None,
    }
    state["last_hand"] = record
    state["history"] = recent(
        state["history"],
        {k: record[k] for k in ("hand", "won", "pot", "winners", "shares")},
    )
    state["pot"] = potlib.carry(pot) if carry else potlib.new_pot(len(names))
    state["hand"] += 1
    state["deal"] = 0
    state["dealer"] = (state["dealer"] + 1) % len(names)
    state["openers_needed"] = "J"
    state["phase"] = "deal"
    state["round"] = None
    state["draw_turn"] = None
    n = len(names)
    state["drawn"], state["shown"], state["low_shown"] = (
        [None] * n,
        [None] * n,
        [None] * n,
    )
    return Step(
        state,
        Ruling(
            Verdict.WIN,
            summary,
            tuple(dict.fromkeys(cited)),
            score=change,
            options=_options_cited(state),
        ),
    )


def _end(state: JSON, event: JSON) -> Step:
    _expect(state, "deal", "ending the session (finish the hand first)")
    names = state["players"]
    carried = potlib.total(state["pot"])
    if carried:
        raise Refused(
            f"{carried} chips are still in the pot from a hand nobody has won yet: "
            "play on until it is won.",
            [rule(state, "session")],
        )
    net = state["net"]
    top = max(net)
    leaders = [names[s] for s in range(len(names)) if net[s] == top]
    state["phase"] = "over"
    state["winner"] = leaders[0] if len(leaders) == 1 and top > 0 else None
    tally = ", ".join(f"{n} {v:+d}" for n, v in zip(names, net, strict=True))
    return Step(
        state,
        Ruling(
            Verdict.WIN,
            f"Session over after {_count(state['hand'] - 1, 'hand')}: {tally}.",
            (rule(state, "session"),),
        ),
    )


# --- view ----------------------------------------------------------------------------


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _names(state: JSON, seats: Sequence[int]) -> str:
    got = [state["players"][s] for s in seats]
    return got[0] if len(got) == 1 else ", ".join(got[:-1]) + " and " + got[-1]


def expects(state: JSON) -> list[str]:
    phase = state["phase"]
    return {
        "deal": ["deal", "end"],
        "bet": ["bet"],
        "draw": ["draw"],
        "show": ["show"],
        "reveal": ["reveal"],
        "low": ["show"],
        "over": [],
    }[phase]


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
    order = [s for s in _order(state) if s in alive]
    if state["phase"] == "low":
        return [
            s
            for s in order
            if not isinstance(state["shown"][s], list) and state["low_shown"][s] is None
        ]
    return [s for s in order if state["shown"][s] is None]


def prompt(state: JSON) -> str:
    names = state["players"]
    phase = state["phase"]
    if phase == "over":
        return "The session is over."
    if phase == "deal":
        dealer = names[state["dealer"]]
        ante = state["options"]["ante"]
        if state["deal"] >= 1:
            return f"{dealer} deals again; everyone antes {ante}."
        return f"Hand {state['hand']}: {dealer} deals; everyone antes {ante}."
    seat = turn(state)
    if phase == "bet" and seat is not None:
        due = potlib.owed(state["pot"], seat)
        opening = is_jacks(state) and state["street"] == 1 and state["opener"] is None
        if opening:
            need = hl.PLURAL[hl.RANK_VALUE[state["openers_needed"]]]
            return f"{names[seat]}: open with {need} or better, or pass."
        if due:
            return f"{names[seat]}: call {due}, raise or fold."
        return f"{names[seat]}: check or bet."
    if phase == "draw" and seat is not None:
        most = "Up to three" + (
            " (four with an ace shown)" if _four_allowed(state) else ""
        )
        return f"{names[seat]}: how many cards to exchange? {most}."
    if phase == "show" and seat is not None:
        return f"Showdown: {names[seat]} shows five cards (or concedes)."
    if phase == "reveal" and seat is not None:
        return f"{names[seat]}: reveal three of a kind or better, or say none."
    if phase == "low" and seat is not None:
        return f"{names[seat]}: show for low, or pass."
    return ""


def _four_allowed(state: JSON) -> bool:
    return (
        bool(state["options"]["four_with_ace"])
        and len(state["players"]) <= FOUR_CARD_MAX_PLAYERS
    )


def view(state: JSON) -> JSON:
    names = state["players"]
    pot = state["pot"]
    seat = turn(state)
    alive = potlib.live(pot)
    in_hand = state["phase"] not in ("deal", "over")
    sides = []
    for s, name in enumerate(names):
        side: JSON = {
            "name": name,
            "score": state["net"][s],
            "in": in_hand and s in alive,
            "put": pot["put"][s],
        }
        if is_jacks(state):
            side["hand_wins"] = state["hand_wins"][s]
        sides.append(side)
    rnd = state["round"]
    judge = judge_of(state)
    shown = {}
    for s in range(len(names)):
        cards = state["shown"][s]
        if isinstance(cards, list):
            shown[names[s]] = {p: h.name for p, h in sd.best(cards, judge).items()}
    detail: JSON = {
        "dealer": names[state["dealer"]],
        "hand": state["hand"],
        "deal": state["deal"],
        "street": state["street"],
        "pot": potlib.total(pot),
        "match_the_pot": potlib.match_the_pot(pot),
        "to_call": {names[s]: potlib.owed(pot, s) for s in alive}
        if state["phase"] == "bet"
        else {},
        "actions": betting.options_for(rnd, pot, seat)
        if (state["phase"] == "bet" and rnd and seat is not None)
        else [],
        "in": [names[s] for s in alive] if in_hand else [],
        "drawn": {names[s]: c for s, c in enumerate(state["drawn"]) if c is not None},
        "shown": shown,
        "judge": judge.describe(),
        "four_card_draw": _four_allowed(state),
        "last_hand": state["last_hand"],
        "history": state["history"],
    }
    if is_jacks(state):
        detail["opener"] = (
            names[state["opener"]] if state["opener"] is not None else None
        )
        detail["openers_needed"] = state["openers_needed"]
        detail["wild_rank"] = wild_rank(state)
        detail["hand_wins"] = {
            names[s]: state["hand_wins"][s] for s in range(len(names))
        }
    return board(
        sides=sides,
        turn=names[seat] if seat is not None else None,
        expects=expects(state),
        prompt=prompt(state),
        phase=state["phase"],
        winner=state["winner"],
        detail=detail,
    )
