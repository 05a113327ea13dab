"""Liar's dice with five poker dice in a box: claims that must climb, calls, bets lost.

Rules: ``../shared/seeds/004`` (Dice, Liar's Dice), restated in
``rulebook/liars_dice.toml``. The holder of the box passes it with a claim (a poker
hand, true or not); the receiver calls (the box is opened) or accepts (takes the box,
re-rolls any dice, may leave some face up, and passes a higher claim on). A true claim
costs the caller a bet, a false one the passer; the loser starts the next box. As
the text has it (``bets`` 0, the default), nobody drops out and the game ends once
every player has lost a bet: whoever lost the fewest wins (a tie shares the win, and
the board names no single winner). With ``bets`` 1-10 a player who has lost that
many is out and the last player left wins. Hands and their notation are in
``hands.py``; the options, event kinds and breaches in ``events.py``.

Options: ``bets`` (0-10), ``straights`` (true: 10-A and 9-K are straights), ``truth``
("exact": the claim is true when the box holds those five dice; "at-least": when
the box's hand ranks at or above the claim).

State (plain JSON): ``players``, ``teams`` (``[]``), ``options``, ``lost`` (bets lost
per seat), ``phase`` ("claim", "respond", "open", "over"), ``box`` (1, 2, ...),
``holder`` (the seat passing, or that last passed), ``receiver``, ``caller``,
``direction`` ("left", "right" or None before the box's first claim), ``claims``
(this box's, ``{"player": seat, "claim": "K K J J 10", "shown": "K K"}``), ``boxes``
(every opened box) and ``winner`` (a seat).

``view(state)["detail"]`` keys: ``box``, ``phase``, ``holder``, ``receiver``,
``caller`` (names or None), ``direction``, ``claims`` (this box's, in order: each
``{"player", "claim", "name", "category", "order", "shown"}``), ``last_claim`` (the
last of them or None), ``to_beat`` (the lowest claim above it, ``{"dice", "name",
"category", "order"}``, None before a claim or above five aces), ``face_up`` (the dice
left face up with the last claim), ``in_play``, ``out`` and ``yet_to_lose`` (names),
``last_box`` (the last opened box: ``{"box", "claims", "passer", "caller", "claim",
"dice", "dice_name", "true", "loser", "out"}``, or None), ``boxes`` (every opened
box), ``bets``, ``straights``, ``truth``. Each side is ``{"name", "score", "lost",
"out"}``: ``score`` is the bets left when players drop out, minus the bets lost when
not.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.games import wording
from referee.games.base import Game
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.boards import board
from referee.games.liars_dice import hands
from referee.games.liars_dice.events import BREACHES
from referee.games.liars_dice.events import EVENTS
from referee.games.liars_dice.events import OPTIONS
from referee.games.liars_dice.events import TRUTH_RANKED
from referee.games.liars_dice.hands import Hand
from referee.games.liars_dice.rules import CITE
from referee.games.liars_dice.rules import GAME_ID
from referee.games.liars_dice.rules import R_ACCEPT
from referee.games.liars_dice.rules import R_BEAT
from referee.games.liars_dice.rules import R_BETS
from referee.games.liars_dice.rules import R_BOX
from referee.games.liars_dice.rules import R_CALL
from referee.games.liars_dice.rules import R_CLAIM
from referee.games.liars_dice.rules import R_DIRECTION
from referee.games.liars_dice.rules import R_FACE_UP
from referee.games.liars_dice.rules import R_RANKING
from referee.games.liars_dice.rules import R_RESPOND
from referee.games.liars_dice.rules import R_RESTART
from referee.games.liars_dice.rules import R_TOP
from referee.games.liars_dice.rules import R_TRUTH
from referee.games.liars_dice.rules import R_TURN
from referee.games.liars_dice.rules import R_WINNER
from referee.games.liars_dice.rules import runs_straight
from referee.games.liars_dice.rules import straights_cited
from referee.games.liars_dice.tools import TOOLS
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Penalty
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

STRAIGHT = hands.STRAIGHT


# --- the three functions --------------------------------------------------------------


def start(setup: Setup) -> JSON:
    """Box 1: the first player listed holds the box; nobody has lost a bet."""
    return {
        "players": list(setup.players),
        "teams": [],
        "options": dict(setup.options),
        "lost": [0] * len(setup.players),
        "phase": "claim",
        "box": 1,
        "holder": 0,
        "receiver": None,
        "caller": None,
        "direction": None,
        "claims": [],
        "boxes": [],
        "winner": None,
    }


def _finished(state: JSON) -> Refused | None:
    if state["phase"] != "over":
        return None
    return Refused(f"The game is over: {_result(state)}", [R_WINNER])


def _on_claim(state: JSON, event: JSON) -> Step:
    claim = hands.parse_dice(event.get("claim"))
    shown = _shown(event.get("shown"))
    direction = event.get("direction") or None
    return _claim(state, _who(state, event), claim, shown, direction)


def _on_call(state: JSON, event: JSON) -> Step:
    box = event.get("dice")
    dice = hands.parse_dice(box, what="box", field="dice") if box else None
    return _call(state, _who(state, event), dice)


def _on_open(state: JSON, event: JSON) -> Step:
    dice = hands.parse_dice(event.get("dice"), what="box", field="dice")
    return _open(state, dice, "")


def _can_raise(state: JSON) -> bool:
    """A claim to answer that something still beats (else the only answer is a call)."""
    last = _last(state)
    return (
        state["phase"] == "respond"
        and last is not None
        and hands.lowest_beating(last, straights=_straights(state)) is not None
    )


def _holder(state: JSON) -> int:
    return int(state["holder"])


def _receiver(state: JSON) -> int:
    return int(state["receiver"])


def _caller(state: JSON) -> int:
    return int(state["caller"])


def _why_holder(state: JSON, event: JSON, seat: int) -> list[str]:
    """The turn rule, what made the holder the one to claim (the loser of the last
    call restarts) and why the named player may not (out of the game)."""
    rules = [R_TURN, R_CLAIM]
    if not state["claims"] and state["boxes"]:
        rules.append(R_RESTART)
    return rules + _why_out(state, event)


def _why_receiver(state: JSON, event: JSON, seat: int) -> list[str]:
    return [R_TURN, R_RESPOND, *_why_out(state, event)]


def _why_out(state: JSON, event: JSON) -> list[str]:
    return [R_BETS] if event.get("player") in _out(state) else []


# Who acts: the holder claims, the receiver accepts or calls, the caller opens the
# box. A player named out of turn is refused by ``Game`` citing the turn rule.
HANDLERS = {
    "claim": Handler(
        _on_claim,
        when=lambda s: s["phase"] == "claim",
        actor=_holder,
        out_of_turn=_why_holder,
    ),
    "accept": Handler(
        lambda s, e: _accept(s, _who(s, e)),
        when=_can_raise,
        actor=_receiver,
        out_of_turn=_why_receiver,
    ),
    "call": Handler(
        _on_call,
        when=lambda s: s["phase"] == "respond",
        actor=_receiver,
        out_of_turn=_why_receiver,
    ),
    "open": Handler(
        _on_open,
        when=lambda s: s["phase"] == "open",
        actor=_caller,
        out_of_turn=lambda s, e, seat: [R_TURN, R_CALL],
    ),
}


def view(state: JSON) -> JSON:
    """The table: bets left, this box's claims in order, whose move it is."""
    names = state["players"]
    phase = state["phase"]
    bets = _bets(state)
    out = _out(state)
    # score: bets left when players drop out; without dropping out (the text),
    # bets lost counted against the player, so a higher score is still better.
    sides = [
        {
            "name": n,
            "score": max(bets - lost, 0) if bets else -lost,
            "lost": lost,
            "out": i in out,
        }
        for i, (n, lost) in enumerate(zip(names, state["lost"], strict=True))
    ]
    last = _last(state)
    to_beat = None
    if last is not None:
        above = hands.lowest_beating(last, straights=_straights(state))
        to_beat = _hand_json(state, above) if above else None
    claims = [_claim_json(state, c) for c in state["claims"]]
    turn_seat = {
        "claim": state["holder"],
        "respond": state["receiver"],
        "open": state["caller"],
        "over": None,
    }[phase]
    detail = {
        "box": state["box"],
        "phase": phase,
        "holder": _name(state, state["holder"]),
        "receiver": _name(state, state["receiver"]),
        "caller": _name(state, state["caller"]),
        "direction": state["direction"],
        "claims": claims,
        "last_claim": claims[-1] if claims else None,
        "to_beat": to_beat,
        "face_up": state["claims"][-1]["shown"] if state["claims"] else "",
        "in_play": [names[s] for s in _in_play(state)],
        "out": [s["name"] for s in sides if s["out"]],
        "yet_to_lose": [names[s] for s in _unbeaten(state)],
        "last_box": state["boxes"][-1] if state["boxes"] else None,
        "boxes": list(state["boxes"]),
        "bets": bets,
        "straights": _straights(state),
        "truth": _truth(state),
    }
    winner = _name(state, state["winner"])
    return board(
        sides=sides,
        turn=_name(state, turn_seat),
        expects=GAME.expects(state),
        prompt=_prompt(state, to_beat),
        phase=phase,
        winner=winner,
        detail=detail,
    )


# --- events ---------------------------------------------------------------------------


def _claim(
    state: JSON, seat: int, faces: list[str], shown: list[str], direction: str | None
) -> Step:
    name = _name(state, seat)
    _expect(state, "claim", seat)
    straights = _straights(state)
    claim = hands.hand(faces, straights=straights)
    opening = not state["claims"]
    rules = [R_CLAIM]
    options: list[str] = []
    if opening:
        if shown:
            raise Refused(
                f"{name} opens box {state['box']} with all five dice shaken in the "
                "closed box: none can be face up yet.",
                [R_BOX, R_FACE_UP],
            )
        state["direction"] = direction or "left"
        rules += [R_BOX, R_DIRECTION]
    else:
        if direction and direction != state["direction"]:
            raise Refused(
                f"The box travels {state['direction']} for the whole of box "
                f"{state['box']}; only its opening claim picks the way.",
                [R_DIRECTION],
            )
        last = _last(state)
        assert last is not None  # not the opening claim
        passer = _name(state, state["claims"][-1]["player"])
        if not claim.beats(last):
            above = hands.lowest_beating(last, straights=straights)
            beat = (
                f"the lowest claim that beats it is {hands.say(above)}"
                if above
                else "nothing beats it"
            )
            same = "repeats" if claim.dice == last.dice else "does not beat"
            said, before = hands.say(claim), hands.say(last)
            raise Refused(
                f"{name}'s claim {said} {same} {passer}'s {before}: {beat}.",
                [R_BEAT, R_RANKING, *straights_cited(claim, last), R_ACCEPT],
                options=tuple(_straights_option(claim, last)),
            )
        rules += [R_BEAT, R_RANKING, *straights_cited(claim, last)]
        options += _straights_option(claim, last)
    # Dice in a run are a straight or a no-pair hand as the option says: its rule
    # names the claim either way, and the option does when it is off.
    rules += straights_cited(claim)
    options += _straights_named(state, claim)
    receiver = _next(state, seat)
    state["claims"].append(
        {"player": seat, "claim": claim.text, "shown": " ".join(hands.canonical(shown))}
    )
    state.update(holder=seat, receiver=receiver, phase="respond")
    summary = (
        f"{name} passes the box {state['direction']} to {_name(state, receiver)} "
        f"claiming {hands.say(claim)}."
    )
    if shown:
        rules.append(R_FACE_UP)
        summary += f" Face up on the tray: {' '.join(hands.canonical(shown))}."
        if Counter(shown) - Counter(claim.dice):
            summary += " Those face-up dice are not all in the claim: a call wins."
    return _ruled(state, Verdict.OK, summary, rules, options)


def _accept(state: JSON, seat: int) -> Step:
    _expect(state, "respond", seat)
    name = _name(state, seat)
    last = _last(state)
    assert last is not None  # respond follows a claim
    above = hands.lowest_beating(last, straights=_straights(state))
    passer = _name(state, state["holder"])
    if above is None:
        raise Refused(
            f"Nothing beats {passer}'s {hands.say(last)}, so {name} cannot pass a "
            "higher claim: the only answer is a call.",
            [R_TOP, R_BEAT],
        )
    state.update(holder=seat, receiver=None, phase="claim")
    summary = (
        f"{name} accepts {passer}'s {hands.say(last)} and takes the box: re-roll any "
        f"dice, leave any face up, and pass a higher claim (at least {above.text})."
    )
    return Step(state, Ruling(Verdict.OK, summary, (R_RESPOND, R_ACCEPT, R_BEAT)))


def _call(state: JSON, seat: int, dice: list[str] | None) -> Step:
    _expect(state, "respond", seat)
    name = _name(state, seat)
    state.update(caller=seat, receiver=None, phase="open")
    passer = _name(state, state["holder"])
    last = _last(state)
    assert last is not None  # respond follows a claim
    head = f"{name} calls {passer}'s {hands.say(last)}."
    if dice is not None:
        return _open(state, dice, head + " ", (R_RESPOND,))
    summary = f"{head} Open the box and enter its five dice."
    return Step(state, Ruling(Verdict.OK, summary, (R_RESPOND, R_CALL)))


def _open(state: JSON, dice: list[str], head: str, lead: tuple[str, ...] = ()) -> Step:
    _expect_open(state)
    record = state["claims"][-1]
    face_up = record["shown"].split()
    missing = Counter(face_up) - Counter(dice)
    if missing:
        raise BadInput(
            f"{' '.join(face_up)} lay face up on the tray, so the box's five dice "
            f"include them; {' '.join(hands.canonical(dice))} does not.",
            field="dice",
            example=" ".join([*face_up, *dice][: hands.DICE]),
        )
    straights = _straights(state)
    claim = hands.hand(record["claim"].split(), straights=straights)
    box = hands.hand(dice, straights=straights)
    exact = Counter(dice) == Counter(claim.dice)
    at_least = box.key >= claim.key
    ranked = TRUTH_RANKED[_truth(state)]
    true = at_least if ranked else exact
    passer, caller = state["holder"], state["caller"]
    loser = caller if true else passer
    state["lost"][loser] += 1
    bets = _bets(state)
    out = loser in _out(state)
    loser_name = _name(state, loser)
    rules = [*lead, R_CALL, R_TRUTH, R_BETS]
    if ranked:  # how the box ranks against the claim decided it
        rules[-1:-1] = [R_RANKING]
    rules[-1:-1] = straights_cited(claim, box)  # the hands' names, straight or not
    options = ["truth"] if exact != at_least else []
    options += _straights_option(claim, box) or _straights_named(state, claim, box)
    if bets:  # players drop out: the option, not the text, ends the game
        options.append("bets")
    held = f"The box holds {box.text} ({hands.name(box)})"
    why = f"{_name(state, passer)}'s claim {claim.text} was {str(true).lower()}"
    who = "who called" if true else "who passed it"
    lost = state["lost"][loser]
    cost = f"{loser_name}, {who}, loses a bet" + (
        " and is out"
        if out
        else f" ({bets - lost} left)"
        if bets
        else f" ({_bets_text(lost)} lost)"
    )
    state["boxes"].append(
        {
            "box": state["box"],
            "claims": [_claim_json(state, c) for c in state["claims"]],
            "passer": _name(state, passer),
            "caller": _name(state, caller),
            "claim": claim.text,
            "dice": box.text,
            "dice_name": hands.name(box),
            "true": true,
            "loser": loser_name,
            "out": out,
        }
    )
    verdict, tail = _next_box(state, loser, out, rules)
    return _ruled(
        state,
        verdict,
        f"{head}{held}: {why}. {cost}. {tail}",
        rules,
        options,
        penalties=(Penalty(loser_name, "lost the call", -1, R_CALL),),
        score={loser_name: -1},
    )


def _expect_open(state: JSON) -> None:
    """Refuse to open the box before a call."""
    if state["phase"] != "open":
        raise Refused(
            "The box is opened only after a call: "
            + (
                f"{_name(state, state['receiver'])} calls or accepts first."
                if state["phase"] == "respond"
                else f"{_name(state, state['holder'])} passes it with a claim first."
            ),
            [R_CALL],
        )


def _next_box(
    state: JSON, loser: int, out: bool, rules: list[str]
) -> tuple[Verdict, str]:
    """After a box is opened: the game ends (the last player left, or everyone has
    lost a bet), or the loser (the next player still in, if out) starts the next."""
    in_play = _in_play(state)
    if _bets(state):
        over = len(in_play) == 1
        state["winner"] = in_play[0] if over else None
    else:
        over = not _unbeaten(state)
        least = min(state["lost"])
        best = [i for i, n in enumerate(state["lost"]) if n == least]
        state["winner"] = best[0] if over and len(best) == 1 else None
    if over:
        state["phase"] = "over"
        rules.append(R_WINNER)
        return Verdict.WIN, _result(state)
    starter = loser if not out else _next(state, loser)
    way = _way(state, loser)
    state.update(
        box=state["box"] + 1,
        holder=starter,
        receiver=None,
        caller=None,
        direction=None,
        claims=[],
        phase="claim",
    )
    rules.append(R_RESTART)
    tail = f"{_name(state, starter)} starts box {state['box']}" + (
        "." if not out else f", the next player still in {way}."
    )
    if not _bets(state):
        yet = wording.and_([str(_name(state, i)) for i in _unbeaten(state)])
        tail += f" Yet to lose a bet: {yet}."
    return Verdict.OK, tail


def _result(state: JSON) -> str:
    """Who won, in the reading the options chose (the game is over)."""
    if _bets(state):
        return f"{_name(state, state['winner'])} wins, the last player with a bet left."
    least = min(state["lost"])
    best = [str(_name(state, i)) for i, n in enumerate(state["lost"]) if n == least]
    head = "Every player has lost a bet, so the game is over: "
    if len(best) == 1:
        return head + f"{best[0]} wins, having lost the fewest ({_bets_text(least)})."
    return head + (
        f"{wording.and_(best)} lost the fewest ({_bets_text(least)} each) and share "
        "the win."
    )


def _bets_text(n: int) -> str:
    return "one bet" if n == 1 else f"{n} bets"


def _ruled(
    state: JSON,
    verdict: Verdict,
    summary: str,
    rules: list[str],
    options: list[str],
    **extra: Any,
) -> Step:
    """The step: each rule and each option named once, in order."""
    cited = tuple(dict.fromkeys(rules))
    named = tuple(dict.fromkeys(options))
    return Step(state, Ruling(verdict, summary, cited, options=named, **extra))


# --- rules ----------------------------------------------------------------------------


def _expect(state: JSON, phase: str, seat: int) -> None:
    """Refuse an event the box is not waiting for, or from the wrong player."""
    name = _name(state, seat)
    now = state["phase"]
    if now != phase:
        holder = _name(state, state["holder"])
        if now == "claim":
            # after an accept, the holder owes a higher claim (the accept rule)
            accepted = [R_ACCEPT] if state["claims"] else []
            raise Refused(
                f"There is no claim to answer: {holder} holds the box and passes it "
                "with a claim first.",
                [R_CLAIM, R_TURN, *accepted],
            )
        if now == "respond":
            receiver = _name(state, state["receiver"])
            raise Refused(
                f"{receiver} has {holder}'s claim to call or accept first.",
                [R_RESPOND, R_TURN],
            )
        raise Refused(
            f"The box is being opened after {_name(state, state['caller'])}'s call: "
            "enter its five dice first.",
            [R_CALL],
        )
    # ``Game`` refuses a named player out of turn when the event is offered; an
    # accept of five aces is not, so it is checked here too.
    expected = state["holder"] if phase == "claim" else state["receiver"]
    if seat != expected:
        raise Refused(
            f"It is {_name(state, expected)}'s move, not {name}'s.",
            [R_TURN, R_CLAIM if phase == "claim" else R_RESPOND]
            + ([R_BETS] if seat in _out(state) else []),
        )


def _next(state: JSON, seat: int) -> int:
    """The next player still in, the way the box is travelling (left: seat order)."""
    step = -1 if state["direction"] == "right" else 1
    count = len(state["players"])
    out = _out(state)
    for i in range(1, count + 1):
        other = (seat + step * i) % count
        if other not in out:
            return other
    return seat


def _way(state: JSON, seat: int) -> str:
    side = "right" if state.get("direction") == "right" else "left"
    return f"to {_name(state, seat)}'s {side}"


def _straights_named(state: JSON, *found: Hand) -> list[str]:
    """``["straights"]`` when the option is off and a hand here runs in a straight
    (so the option made it a no-pair hand)."""
    return ["straights"] if not _straights(state) and runs_straight(*found) else []


def _straights_option(a: Hand, b: Hand) -> list[str]:
    """``["straights"]`` when the option decides how ``a`` and ``b`` compare."""
    with_ = hands.hand(a.dice).key > hands.hand(b.dice).key
    without = (
        hands.hand(a.dice, straights=False).key
        > hands.hand(b.dice, straights=False).key
    )
    return ["straights"] if with_ != without else []


# --- helpers --------------------------------------------------------------------------


def _who(state: JSON, event: JSON) -> int:
    """The seat named in the event, else the one whose move it is (holder or
    receiver): at one table the box's position says who acts."""
    seat = event.get("player")
    if seat is not None:
        return int(seat)
    return int(state["receiver"] if state["phase"] == "respond" else state["holder"])


def _shown(value: Any) -> list[str]:
    if value in (None, "", []) or str(value).strip().lower() in ("none", "-", "0"):
        return []
    return hands.parse_dice(
        value, least=0, most=hands.DICE, what="set of dice shown", field="shown"
    )


def _last(state: JSON) -> Hand | None:
    if not state["claims"]:
        return None
    return hands.hand(state["claims"][-1]["claim"].split(), straights=_straights(state))


def _hand_json(state: JSON, h: Hand) -> JSON:
    return h.to_json(straights=_straights(state))


def _claim_json(state: JSON, record: JSON) -> JSON:
    h = hands.hand(record["claim"].split(), straights=_straights(state))
    return {
        "player": _name(state, record["player"]),
        "claim": h.text,
        "name": hands.name(h),
        "category": h.category_name,
        "order": hands.order(h, straights=_straights(state)),
        "shown": record["shown"],
    }


def _straights(state: JSON) -> bool:
    return bool(state["options"].get("straights", True))


def _truth(state: JSON) -> str:
    return str(state["options"].get("truth", "exact"))


def _bets(state: JSON) -> int:
    """Bets before a player drops out; 0 (the text): nobody drops out."""
    return int(state["options"].get("bets", 0))


def _out(state: JSON) -> set[int]:
    bets = _bets(state)
    if not bets:
        return set()
    return {i for i, n in enumerate(state["lost"]) if n >= bets}


def _unbeaten(state: JSON) -> list[int]:
    """The players who have not lost a bet yet."""
    return [i for i, n in enumerate(state["lost"]) if not n]


def _in_play(state: JSON) -> list[int]:
    out = _out(state)
    return [i for i in range(len(state["players"])) if i not in out]


def _name(state: JSON, seat: int | None) -> str | None:
    return None if seat is None else str(state["players"][seat])


def _prompt(state: JSON, to_beat: JSON | None) -> str:
    phase = state["phase"]
    holder = _name(state, state["holder"])
    if phase == "over":
        return _result(state)
    if phase == "claim" and not state["claims"]:
        return f"Box {state['box']}: {holder} claims first."
    if phase == "claim":
        last = state["claims"][-1]["claim"]
        least = to_beat["dice"] if to_beat else last
        return f"{holder}: pass a claim above {last} (at least {least})."
    last_hand = _last(state)
    assert last_hand is not None  # respond and open follow a claim
    if phase == "respond":
        receiver = _name(state, state["receiver"])
        ask = "Call or accept?" if to_beat else "Nothing beats it: call."
        return f"{receiver}: {holder} claims {hands.say(last_hand)}. {ask}"
    return (
        f"{_name(state, state['caller'])} called: open the box and enter its five dice."
    )


GAME = Game(
    id=GAME_ID,
    title="Liar's dice",
    summary="Five poker dice in a box passed with a claim that must beat the last; "
    "call it and the box is opened: a true claim costs the caller a bet, a false "
    "one the passer.",
    source="Dice rules collection, section Liar's Dice (../shared/seeds/004). The "
    "text is short; the readings chosen (the hand ranking, what makes a claim true, "
    "when the game ends and who wins, the way the box travels) are stated in each "
    "rule.",
    min_players=2,
    max_players=10,
    options=OPTIONS,
    events=EVENTS,
    stylesheet="games/liars_dice.css",
    start=start,
    view=view,
    tools=TOOLS,
    handlers=HANDLERS,
    finished=_finished,
    order_rule=R_TURN,
    turn_rule=R_TURN,
    breaches=BREACHES,
)

__all__ = ["CITE", "GAME", "start", "view"]
