"""Jacks to open, trips to win: what that variant adds to the draw table.

Openers (jacks or better, shown with the bet that opens), the redeal when nobody
opens (openers rise in the progressive jackpot), the reveal of trips or better at the
showdown and, in the high/low split, the low half shown by the others.
"""

from __future__ import annotations

from typing import Any

from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.games.poker import hands as hl
from referee.games.poker import pot as potlib
from referee.games.poker.drawing import DrawVariant
from referee.games.poker.drawing import check_answering
from referee.games.poker.drawing import check_cards
from referee.games.poker.drawing import game_rules
from referee.games.poker.drawing import judge_of
from referee.games.poker.drawing import names
from referee.games.poker.drawing import new_exchange
from referee.games.poker.drawing import ok
from referee.games.poker.drawing import options_cited
from referee.games.poker.drawing import settle
from referee.games.poker.drawing import waiting_or_settle
from referee.games.poker.drawing import wild_rank
from referee.games.poker.drawing import wilds_of

OPENING_RANKS = ("J", "Q", "K", "A")


def _plural(rank: str) -> str:
    return hl.PLURAL[hl.RANK_VALUE[rank]]


# How many of a hand's cards (best first) make its category: what openers show.
COMBINATION_SIZE = {
    hl.HIGH_CARD: 1,
    hl.PAIR: 2,
    hl.TWO_PAIR: 4,
    hl.TRIPS: 3,
    hl.QUADS: 4,
}


def opens(hand: hl.Hand, need: str) -> bool:
    """A pair of ``need`` (J, Q, K or A) or any better hand opens."""
    return hand.key >= hl.pack(hl.PAIR, (hl.RANK_VALUE[need],) * 2)


def combination(hand: hl.Hand) -> list[str]:
    """The cards that make the hand's category (the pair, the trips, all five)."""
    size = COMBINATION_SIZE.get(hl.unpack(hand.key)[0], 5)
    return list(hand.cards[:size])


def opening_rules(v: DrawVariant, state: JSON) -> list[str]:
    """The rules an opening rests on now: openers, risen openers, wild cards."""
    cited = [v.rule("openers")]
    if state["openers_needed"] != OPENING_RANKS[0]:
        cited.append(v.rule("rising-openers"))
    if wild_rank(v, state):
        cited.append(v.rule("wild-cards"))
    return cited


def _shown(v: DrawVariant, state: JSON, openers: Any) -> hl.Hand:
    """The best hand of the cards shown as openers (wild cards counted)."""
    return hl.best_high(openers, wilds_of(v, state))


def opening_bet(
    v: DrawVariant, state: JSON, seat: int, action: str, openers: Any
) -> tuple[str, list[str]]:
    """Jacks or better to open, and a hand shown that can open must open."""
    need = state["openers_needed"]
    cited = opening_rules(v, state)
    who = state["players"][seat]
    example = (
        f'{{"type": "bet", "player": {seat}, "action": "bet", '
        '"amount": 2, "openers": "JH JD"}'
    )
    if action == "bet":
        if not openers:
            raise BadInput(
                f"Show the openers (a pair of {_plural(need)} or better) with the bet "
                "that opens.",
                field="openers",
                example=example,
            )
        hand = _shown(v, state, openers)
        if not opens(hand, need):
            raise Refused(
                f"{hand.name.capitalize()} does not open: it takes a pair of "
                f"{_plural(need)} or better.",
                cited,
            )
        return f" Opened with {hand.name}.", cited
    if action not in ("check", "fold"):
        raise Refused(
            f"Nobody has opened yet: {who} may open (bet, with openers) or pass "
            "(check).",
            cited,
        )
    must = [*cited, v.rule("must-open")]
    said = ""
    if openers:
        hand = _shown(v, state, openers)
        if opens(hand, need):
            raise Refused(
                f"{who} shows {hand.name}, which opens (a pair of {_plural(need)} or "
                f"better): a hand that can open must open. Bet, showing "
                f"{' '.join(combination(hand))} as openers.",
                must,
            )
        said = f" {who} shows {hand.name}: no openers."
    if action == "check":
        return (
            f"{said} (A pass: only a player without openers may pass; openers must "
            "open.)",
            must,
        )
    if potlib.live(state["pot"]) == [seat]:
        raise Refused(
            f"{who} is the last player in: open (bet, with openers) to take the pot, "
            "or pass (check) and the hand is thrown in.",
            [*cited, v.rule("nobody-opens")],
        )
    return said, cited


def nobody_opened(v: DrawVariant, state: JSON, words: str, cited: list[str]) -> Step:
    """Nobody opened: everyone antes again and the same dealer deals again."""
    cited = cited + [v.rule("nobody-opens")]
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
        extra = f" Openers rise to a pair of {_plural(state['openers_needed'])}."
        cited.append(v.rule("rising-openers"))
    return Step(
        state,
        Ruling(
            Verdict.VOID,
            f"{words} Nobody opened: the hand is thrown in; the pot "
            f"({potlib.total(state['pot'])}) stays, everyone antes again and the "
            f"cards are dealt again.{extra}",
            tuple(cited),
            score=charged,
            options=options_cited(v, state),
        ),
    )


def reveal(v: DrawVariant, state: JSON, event: JSON) -> Step:
    """Trips to win: three of a kind or better must be revealed; the rest say none."""
    seat = event["player"]
    players = state["players"]
    cited = [v.rule("trips-to-win")]
    check_answering(state, seat, cited, "reveal", "answered")
    shown = list(state["shown"])
    judge = judge_of(v, state)
    if event.get("cards"):
        hand = check_cards(v, state, seat, event["cards"], "cards")
        best = hl.best_high(hand, judge.wilds)
        if best.key < hl.pack(hl.TRIPS, (2, 2, 2)):
            raise Refused(
                f"{best.name.capitalize()} is not three of a kind or better: only "
                "trips or better are revealed. Send no cards to say so.",
                cited,
            )
        shown[seat] = hand
        words = f"{players[seat]} reveals {best.name}."
        cited += game_rules(v, state, judge)
    else:
        shown[seat] = False
        words = f"{players[seat]} has no three of a kind."
    state["shown"] = shown
    alive = potlib.live(state["pot"])
    return waiting_or_settle(
        v,
        state,
        words,
        cited,
        [s for s in alive if shown[s] is None],
        lambda: _revealed(v, state, words, cited),
    )


def _revealed(v: DrawVariant, state: JSON, words: str, cited: list[str]) -> Step:
    """Everyone has answered: exchange again, show for low, or settle."""
    alive = potlib.live(state["pot"])
    shown = state["shown"]
    if not any(isinstance(shown[s], list) for s in alive):
        cited.append(v.rule("nobody-reveals"))
        state["shown"] = [None] * len(state["players"])
        first = new_exchange(state)
        return ok(
            state,
            f"{words} Nobody revealed three of a kind: everyone still in "
            f"exchanges again, {first} first.",
            cited,
        )
    others = [s for s in alive if not isinstance(shown[s], list)]
    if judge_of(v, state).mode == "high-low" and others:
        state["phase"] = "low"
        cited.append(v.rule("winner"))
        return ok(
            state,
            f"{words} Revealing done; for the low half "
            f"{names(state, others)} may show or pass.",
            cited,
        )
    return settle(v, state, words, cited)


def show_low(v: DrawVariant, state: JSON, event: JSON) -> Step:
    """High/low split: a player who did not reveal shows for low, or passes."""
    seat = event["player"]
    players = state["players"]
    cited = [v.rule("winner")]
    alive = potlib.live(state["pot"])
    if seat not in alive or isinstance(state["shown"][seat], list):
        raise Refused(f"{players[seat]} is not waiting to show for low.", cited)
    if state["low_shown"][seat] is not None:
        raise Refused(f"{players[seat]} has already answered.", cited)
    low_shown = list(state["low_shown"])
    if event.get("cards"):
        hand = check_cards(v, state, seat, event["cards"], "cards")
        low_shown[seat] = hand
        judge = judge_of(v, state)
        best = hl.best_low(hand, judge.low, judge.wilds)
        words = f"{players[seat]} shows {best.name} for low."
        cited.append(v.rule("high-low"))  # how the low hand ranks
    else:
        low_shown[seat] = False
        words = f"{players[seat]} does not play for low."
    state["low_shown"] = low_shown
    waiting = [
        s
        for s in alive
        if not isinstance(state["shown"][s], list) and low_shown[s] is None
    ]
    return waiting_or_settle(v, state, words, cited, waiting)
