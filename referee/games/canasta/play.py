"""Canasta during a hand: the deal, the turns, red threes, melds, the pile, going out.

Every handler takes a state it may change (``apply`` hands it a deep copy) and
returns a ``Step``. The hand's record lives in ``state["hand"]`` (see ``new_hand``).
A followed hand starts with ``deal``; then ``hand["turn"]`` says whose turn it is (see
``turns``).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from collections.abc import Sequence

from referee.games import cards
from referee.games.canasta import melds as ml
from referee.games.canasta import turns
from referee.games.canasta.melds import DECK
from referee.games.canasta.melds import R_BLACK_THREES
from referee.games.canasta.melds import R_CANASTA
from referee.games.canasta.melds import R_CARD_VALUES
from referee.games.canasta.melds import R_CONCEALED
from referee.games.canasta.melds import R_CONCEALED_AFTER_PILE
from referee.games.canasta.melds import R_DEAL
from referee.games.canasta.melds import R_FROZEN_PILE
from referee.games.canasta.melds import R_GOING_OUT
from referee.games.canasta.melds import R_HAND_SCORE
from referee.games.canasta.melds import R_INITIAL_MELD
from referee.games.canasta.melds import R_MAY_I_GO_OUT
from referee.games.canasta.melds import R_RED_THREE_SCORE
from referee.games.canasta.melds import R_RED_THREES
from referee.games.canasta.melds import R_STOCK_OUT
from referee.games.canasta.melds import R_TAKING_THE_PILE
from referee.games.canasta.melds import R_THREES
from referee.games.canasta.melds import R_TURN
from referee.games.canasta.melds import R_WILD_CAP
from referee.games.canasta.melds import R_WILD_CARDS
from referee.games.canasta.melds import Meld
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

SEATS = 4


def new_hand(number: int, dealer: int, scores: list[int]) -> JSON:
    """A fresh hand: nothing on the table, each side's first-meld minimum fixed."""
    return {
        "number": number,
        "dealer": dealer,
        "minimums": [ml.minimum(s) for s in scores],
        "melds": [{}, {}],  # per side: rank -> cards
        "red_threes": [[], []],
        "melded": [],  # seats that laid cards in an earlier turn (concealed going out)
        "upcard": None,  # the deal's turned-up cards, bottom first
        "turn": None,  # whose turn and its step; None until the deal is recorded
        "pile_top": None,  # the discard pile's top card; None when the pile is empty
        "pile_frozen": False,  # frozen by the deal (a wild or red three turned up)
        "pile_red_threes": [],  # red threes turned up at the deal and covered
        "asked": None,  # {"player", "answer"}: "may I go out?" in the current turn
        "ended": None,  # {"how": "out"|"concealed"|"stock", "player", "side"}
        "results": [None, None],  # each side's entered result
    }


def side_of(seat: int) -> int:
    """Partners sit opposite: seats 0 and 2 are one side, 1 and 3 the other."""
    return seat % 2


def team(state: JSON, side: int) -> str:
    return str(state["teams"][side]["name"])


def table_cards(hand: JSON) -> list[str]:
    """Every card face up on the table: both sides' melds and red threes."""
    out: list[str] = []
    for side in (0, 1):
        for held in hand["melds"][side].values():
            out.extend(held)
        out.extend(hand["red_threes"][side])
    return out


def check_copies(
    laid: list[str], hand: JSON, field: str, more: Sequence[str] = ()
) -> None:
    """The cards laid plus those on the table fit in one 108-card pack."""
    try:
        cards.parse_cards(laid, DECK, held=[*table_cards(hand), *more])
    except BadInput as err:
        raise BadInput(
            f"{err.message} (counting the cards already on the table)",
            field=field,
            example=err.example,
        ) from None


# --- the deal and red threes ----------------------------------------------------------


def deal(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    turned = list(event["upcard"])
    if hand["ended"]:
        raise Refused(
            f"Hand {hand['number']} is over: enter each side's result.",
            [R_HAND_SCORE],
        )
    if hand["upcard"] is not None:
        raise Refused(
            "The deal of this hand is already past: play is under way.", [R_DEAL]
        )
    stops = [c for c in turned[:-1] if not _turns_again(c)]
    if stops:
        raise Refused(
            f"{stops[0]} is neither wild nor a three, so the turning stops there: "
            "no card goes on top of it at the deal.",
            [R_DEAL],
        )
    top = turned[-1]
    if _turns_again(top):
        raise Refused(
            f"{top} is {'wild' if ml.is_wild(top) else 'a three'}: turn up another "
            "card and put it on top.",
            [R_DEAL, R_WILD_CARDS if ml.is_wild(top) else R_THREES],
        )
    reds = [c for c in turned if c in ml.RED_THREES]
    check_copies(reds, hand, "upcard")
    frozen = any(ml.is_wild(c) or c in ml.RED_THREES for c in turned)
    hand.update(upcard=turned, pile_top=top, pile_frozen=frozen, pile_red_threes=reds)
    first = (hand["dealer"] + 1) % SEATS
    turns.start_turn(hand, first, 1)
    dealer = state["players"][hand["dealer"]]
    summary = (
        f"{dealer} deals; the discard pile starts with {top}. "
        f"{state['players'][first]} plays first."
    )
    rules = [R_DEAL, R_TURN]
    if frozen:
        under = " ".join(c for c in turned[:-1] if ml.is_wild(c) or c in ml.RED_THREES)
        summary += f" It is frozen ({under} under it)."
        rules.append(R_FROZEN_PILE)
    if reds:
        summary += " The red three goes to the side that first takes the pile."
        rules.append(R_RED_THREES)
    return Step(state, Ruling(Verdict.OK, summary, tuple(rules)))


def red_three(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat = event["player"]
    laid = list(event["cards"])
    ml.only_red_threes(
        laid,
        ": only 3H and 3D are laid out this way",
        "cards",
        '{"type": "red_three", "player": 0, "cards": "3H"}',
    )
    check_copies(laid, hand, "cards", hand["pile_red_threes"])
    side = side_of(seat)
    hand["red_threes"][side] = [*hand["red_threes"][side], *laid]
    name = state["players"][seat]
    n = len(laid)
    summary = (
        f"{name} lays out {' '.join(laid)} and draws {n} replacement"
        f"{'s' if n > 1 else ''} from the stock."
    )
    if len(hand["red_threes"][side]) < 4:
        return Step(state, Ruling(Verdict.OK, summary, (R_RED_THREES,)))
    summary += f" {team(state, side)} hold all four red threes (800 if they meld)."
    return Step(state, Ruling(Verdict.OK, summary, (R_RED_THREES, R_RED_THREE_SCORE)))


# --- melds and the pile --------------------------------------------------------------


def meld(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat = event["player"]
    laid = list(event["cards"])
    groups = ml.group(laid, ml.parse_rank(event.get("to")))
    check_copies(laid, hand, "cards")
    side = side_of(seat)
    first = not hand["melds"][side]
    rules, made = _lay(state, side, groups, going_out=False)
    rules += _first_meld(state, side, ml.points(laid), first)
    turns.note_laid(hand, groups)
    summary = f"{state['players'][seat]} melds {' '.join(laid)}: {made}."
    return _laid(state, summary, rules)


def take_pile(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat = event["player"]
    top = event["top"]
    name = state["players"][seat]
    side = side_of(seat)
    cited = [R_TAKING_THE_PILE]
    # Never empty at a draw: a pick-up is always followed by its discard.
    known = hand["pile_top"]
    if top != known:
        raise Refused(
            f"The top of the discard pile is {known}, not {top}: the referee keeps "
            "the pile from the deal and every discard.",
            cited,
        )
    if top in ml.BLACK_THREES:
        raise Refused(
            f"A black three ({top}) on top stops the pile: {name} draws from the "
            "stock.",
            [*cited, R_BLACK_THREES],
        )
    if ml.is_wild(top):
        raise Refused(
            f"A wild card ({top}) on top: the pile cannot be taken; {name} draws from "
            "the stock.",
            [*cited, R_WILD_CARDS],
        )
    if top in ml.RED_THREES:
        raise BadInput(
            "A red three is never the top discard: the deal covers it at once.",
            field="top",
            example='"top": "7C"',
        )
    laid = list(event.get("cards") or [])
    r = cards.rank(top)
    groups = ml.group(laid, r) if laid else []
    check_copies([*laid, top], hand, "cards")
    mine = next((g for g in groups if g.rank == r), Meld(r, ()))
    existing = hand["melds"][side].get(r)
    first = not hand["melds"][side]
    frozen = bool(event.get("frozen")) or hand["pile_frozen"]
    if frozen:
        cited.append(R_FROZEN_PILE)
    if first:
        cited.append(R_INITIAL_MELD)
    if frozen or first:
        if len(mine.naturals) < 2:
            why = (
                "the pile is frozen"
                if frozen
                else f"{team(state, side)} have not melded yet"
            )
            raise Refused(
                f"{name} may take the pile only with two natural {_plural(r)} from "
                f"the hand to meld with {top}: {why}.",
                cited,
            )
    elif not existing and (mine.size < 2 or not mine.naturals):
        raise Refused(
            f"{name} needs two cards matching {top} from the hand (one of them "
            f"natural), or a meld of {_plural(r)} on the table, to take the pile.",
            cited,
        )
    with_top = Meld(r, (*mine.naturals, top), mine.wilds)
    others = [g for g in groups if g.rank != r]
    with _also_citing(cited):  # the pick-up is refused too: say which rule holds it
        rules, made = _lay(state, side, [with_top, *others], going_out=False)
        rules += _first_meld(state, side, ml.points([*laid, top]), first)
    turns.note_laid(hand, [with_top, *others])
    hand["turn"].update(step="play", drew="pile", took_pile=True)
    summary = f"{name} takes the pile, melding {top}"
    summary += f" with {' '.join(laid)}: {made}." if laid else f": {made}."
    if hand["pile_red_threes"]:
        reds = hand["pile_red_threes"]
        hand["red_threes"][side] = [*hand["red_threes"][side], *reds]
        summary += f" {' '.join(reds)} from the pile is laid out, with no replacement."
        rules.append(R_RED_THREES)
    hand.update(pile_top=None, pile_frozen=False, pile_red_threes=[])
    return _laid(state, summary, [*cited, *rules, R_TURN])


# --- going out and the end of play ---------------------------------------------------


def ask_out(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat = event["player"]
    yes = bool(event["answer"])
    hand["asked"] = {"player": seat, "answer": yes}
    name = state["players"][seat]
    partner = state["players"][(seat + 2) % SEATS]
    if yes:
        summary = f"{partner} says yes: {name} must now go out this turn."
    else:
        summary = (
            f"{partner} says no: {name} may not go out this turn (the answer holds "
            f"until {name}'s next turn)."
        )
    return Step(state, Ruling(Verdict.OK, summary, (R_MAY_I_GO_OUT,)))


def go_out(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat = event["player"]
    name = state["players"][seat]
    side = side_of(seat)
    laid = list(event.get("cards") or [])
    discard = event.get("discard")
    if not laid and not discard:
        raise BadInput(
            "Going out lays the last cards, discards the last one, or both.",
            field="cards",
            example='"cards": "8S 8H 8D", "discard": "4C"',
        )
    groups = ml.group(laid, ml.parse_rank(event.get("to")))
    check_copies([*laid, *([discard] if discard else [])], hand, "cards")
    flagged = event.get("concealed")
    turn = hand["turn"]
    mine = turns.with_turn(turn, groups)
    own_canasta = any(m.canasta for m in mine.values())
    barred = turn["took_pile"] and state["options"]["concealed_pile"] == "barred"
    # Unsaid, the facts decide: a player who laid nothing in an earlier turn and
    # whose cards this turn hold a canasta of their own melds the whole hand now.
    concealed = (
        bool(flagged)
        if flagged is not None
        else seat not in hand["melded"] and own_canasta and not barred
    )
    cited = [R_GOING_OUT]
    if concealed:
        cited.append(R_CONCEALED)
        if seat in hand["melded"]:
            raise Refused(
                f"{name} laid cards in an earlier turn of this hand, so cannot go out "
                "concealed.",
                cited,
            )
        if barred:
            raise Refused(
                f"{name} took the pile this turn, and this match does not allow going "
                "out concealed after taking the pile.",
                [*cited, R_CONCEALED_AFTER_PILE],
                options=("concealed_pile",),
            )
        if not own_canasta:
            raise Refused(
                f"Going out concealed needs a canasta among {name}'s own cards laid "
                "in this turn.",
                [*cited, R_CANASTA],
            )
        if turn["took_pile"]:
            cited.append(R_CONCEALED_AFTER_PILE)
    first = not hand["melds"][side]
    with _also_citing(cited):  # going out is what is refused: its rules too
        rules, made = _lay(state, side, groups, going_out=True)
        after = ml.from_json(hand["melds"][side])
        if not any(m.canasta for m in after.values()):
            raise Refused(
                f"{team(state, side)} have no canasta, so {name} may not go out: keep "
                "at least one card after the discard.",
                [R_CANASTA],
            )
        rules += _first_meld(state, side, ml.points(laid), first)
    turns.end_play(hand, seat)
    how = "concealed" if concealed else "out"
    hand["ended"] = {"how": how, "player": seat, "side": side}
    bonus = 200 if concealed else 100
    what = [f"melding {' '.join(laid)}"] if laid else []
    what += [f"discarding {discard}"] if discard else []
    summary = (
        f"{name} goes out{' concealed' if concealed else ''}, {', '.join(what)}"
        f"{f': {made}' if made else ''}. {team(state, side)} score {bonus} for it; "
        "now enter the hand's result."
    )
    options = ("concealed_pile",) if R_CONCEALED_AFTER_PILE in cited else ()
    return _laid(state, summary, [*cited, *rules, R_HAND_SCORE], options)


def stock_out(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat = event["player"]
    name = state["players"][seat]
    side = side_of(seat)
    given = event.get("top")
    top = hand["pile_top"]
    cited = [R_STOCK_OUT]
    if given is not None and given != top:
        raise Refused(
            f"The top of the discard pile is {top}, not {given}: the referee keeps "
            "the pile from the deal and every discard.",
            cited,
        )
    frozen = bool(event.get("frozen")) or hand["pile_frozen"]
    matches = top and not _turns_again(top) and cards.rank(top) in hand["melds"][side]
    if matches and frozen:
        # Fitting a meld does not open a frozen pile: only two naturals from the hand
        # do, so nobody can be made to take it.
        cited.append(R_FROZEN_PILE)
    elif matches:
        raise Refused(
            f"The stock is gone and {top} matches {team(state, side)}'s meld of "
            f"{_plural(cards.rank(top))}: {name} must take the discard.",
            [*cited, R_TAKING_THE_PILE],
        )
    turns.end_play(hand, seat)
    hand["ended"] = {"how": "stock", "player": seat, "side": side}
    summary = (
        f"The stock is used up and {name} does not take the discard: play ends. "
        "Enter the hand's result."
    )
    return Step(state, Ruling(Verdict.OK, summary, tuple(cited)))


# --- the draw and the discard -------------------------------------------------------


def draw(state: JSON, event: JSON) -> Step:
    seat = event["player"]
    state["hand"]["turn"].update(step="play", drew="stock")
    summary = f"{state['players'][seat]} draws from the stock."
    return Step(state, Ruling(Verdict.OK, summary, (R_TURN,)))


def discard(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat = event["player"]
    card = event["card"]
    name = state["players"][seat]
    if card in ml.RED_THREES:
        raise BadInput(
            "A red three is never discarded: it is laid out as soon as it is drawn.",
            field="card",
            example='{"type": "discard", "player": 1, "card": "9C"}',
        )
    check_copies([card], hand, "card")
    rules = [R_TURN]
    summary = f"{name} discards {card}."
    if ml.is_wild(card):
        hand["pile_frozen"] = True
        summary += " A wild card discarded freezes the pile."
        rules.append(R_FROZEN_PILE)
    elif card in ml.BLACK_THREES:
        summary += " A black three: the next player may not take the pile."
        rules.append(R_BLACK_THREES)
    hand["pile_top"] = card
    hand["melded"] = sorted({*hand["melded"], *turns.laid_now(hand, seat)})
    nxt = (seat + 1) % SEATS
    turns.start_turn(hand, nxt, hand["turn"]["number"] + 1)
    summary += f" {state['players'][nxt]}'s turn."
    return Step(state, Ruling(Verdict.OK, summary, tuple(rules)))


# --- helpers -------------------------------------------------------------------------


def _lay(
    state: JSON, side: int, groups: list[Meld], *, going_out: bool
) -> tuple[list[str], str]:
    """Merge the groups into the side's melds, checking each; describe the result."""
    hand = state["hand"]
    cap = ml.WILD_CAP[state["options"]["wild_cap"]]
    table = ml.from_json(hand["melds"][side])
    rules: list[str] = []
    said: list[str] = []
    for g in groups:
        existing = table.get(g.rank)
        rules += ml.check(g, existing=existing, wild_cap=cap, going_out=going_out)
        whole = existing.plus(g) if existing else g
        was = existing.canasta if existing else None
        table[g.rank] = whole
        said.append(_describe(whole, added=existing is not None, was=was))
        if cap is None and len(whole.wilds) > ml.WILD_CAP["three"]:
            said[-1] += f" with {len(whole.wilds)} wild cards (no cap in this match)"
    hand["melds"][side] = ml.to_json(table)
    return rules, "; ".join(said)


def _first_meld(state: JSON, side: int, count: int, first: bool) -> list[str]:
    """The first meld of a side this hand must reach its minimum count."""
    hand = state["hand"]
    if not first:
        return []
    need = hand["minimums"][side]
    if count < need:
        raise Refused(
            f"{team(state, side)}'s first meld counts {count}, short of the "
            f"{need} their score requires (card values only, no bonuses).",
            [R_INITIAL_MELD, R_CARD_VALUES],
        )
    return [R_INITIAL_MELD, R_CARD_VALUES]


def _describe(m: Meld, *, added: bool, was: str | None) -> str:
    what = (
        f"{_plural(m.rank)} now {m.size}"
        if added
        else f"new meld of {_plural(m.rank)} ({m.size})"
    )
    if m.canasta and was != m.canasta:
        if was == "natural":
            return f"{what}, the natural canasta turns mixed"
        return f"{what}, a {m.canasta} canasta"
    if m.canasta:
        return f"{what}, {m.canasta} canasta"
    return what


def _laid(
    state: JSON, summary: str, rules: list[str], options: tuple[str, ...] = ()
) -> Step:
    """The ruling on cards laid: each rule once, the wild cap named if it applied."""
    cited = tuple(dict.fromkeys(rules))
    named = (*_cap_option(rules), *options)
    return Step(state, Ruling(Verdict.OK, summary, cited, options=named))


@contextlib.contextmanager
def _also_citing(cited: list[str]) -> Iterator[None]:
    """A refusal inside is the whole action's: it cites the action's rules first."""
    try:
        yield
    except Refused as refused:
        rules = tuple(dict.fromkeys([*cited, *refused.ruling.rules]))
        refused.ruling = dataclasses.replace(refused.ruling, rules=rules)
        raise


def _cap_option(rules: list[str]) -> tuple[str, ...]:
    return ("wild_cap",) if R_WILD_CAP in rules else ()


def _plural(r: str) -> str:
    return ml.rank_name(r)


def _turns_again(card: str) -> bool:
    return ml.is_wild(card) or cards.rank(card) == "3"
