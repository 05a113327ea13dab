"""Bowling cards, the turn referee: the deal, turns, the frame's end (the view is
``board.py``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from referee.games import cards
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.bowling_cards.board import average
from referee.games.bowling_cards.board import deal_order
from referee.games.bowling_cards.board import error_positions
from referee.games.bowling_cards.board import first_open
from referee.games.bowling_cards.board import prompt
from referee.games.bowling_cards.board import waiting_to_show
from referee.games.bowling_cards.scoring import ALL_STRIKES_BONUS
from referee.games.bowling_cards.scoring import DECK
from referee.games.bowling_cards.scoring import DECK_SIZE
from referee.games.bowling_cards.scoring import HAND
from referee.games.bowling_cards.scoring import R_AVERAGE
from referee.games.bowling_cards.scoring import R_BEFORE_PLAY
from referee.games.bowling_cards.scoring import R_CARD_VALUES
from referee.games.bowling_cards.scoring import R_DEAL
from referee.games.bowling_cards.scoring import R_DEALER
from referee.games.bowling_cards.scoring import R_DECK
from referee.games.bowling_cards.scoring import R_DISCARD_ORDER
from referee.games.bowling_cards.scoring import R_DRAW
from referee.games.bowling_cards.scoring import R_EXCHANGE
from referee.games.bowling_cards.scoring import R_FRAME_END
from referee.games.bowling_cards.scoring import R_HAND_CARDS
from referee.games.bowling_cards.scoring import R_HELD_CARDS
from referee.games.bowling_cards.scoring import R_IMPROVING
from referee.games.bowling_cards.scoring import R_LEFT_TO_RIGHT
from referee.games.bowling_cards.scoring import R_NO_SWAPPING
from referee.games.bowling_cards.scoring import R_STRIKE_BONUS
from referee.games.bowling_cards.scoring import R_TEN_COVERS
from referee.games.bowling_cards.scoring import R_TURN_ORDER
from referee.games.bowling_cards.scoring import R_UPCARD
from referee.games.bowling_cards.scoring import R_WINNER
from referee.games.bowling_cards.scoring import ROW
from referee.games.bowling_cards.scoring import STRIKE_BONUS
from referee.games.bowling_cards.scoring import Pair
from referee.games.bowling_cards.scoring import frame_json
from referee.games.bowling_cards.scoring import held_value
from referee.games.bowling_cards.scoring import pair
from referee.games.bowling_cards.scoring import score_frame
from referee.games.bowling_cards.scoring import ten_count
from referee.games.bowling_cards.scoring import values
from referee.games.bowling_cards.sources import HAND as FROM_HAND
from referee.games.bowling_cards.sources import check_cover
from referee.games.bowling_cards.sources import check_replacement
from referee.games.bowling_cards.sources import check_thrown
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

# --- start ---------------------------------------------------------------------------
from referee.games.wording import and_
from referee.games.wording import winner_names


def start(setup: Setup) -> JSON:
    """A new game: the first listed player deals the first frame."""
    n = len(setup.players)
    return {
        "players": list(setup.players),
        "teams": [],
        "options": dict(setup.options),
        "frame": 1,
        "dealer": 0,
        "winners": None,
        "totals": [0] * n,
        "history": [],
        "last_frame": None,
        **_fresh_frame(n),
    }


def _fresh_frame(n: int) -> JSON:
    return {
        "phase": "deal",
        "rows": [None] * n,  # per seat: six {"row", "cover"} once dealt
        "held": [0] * n,  # hand cards each player still holds (unseen)
        "shown": [None] * n,  # the held cards shown for the scoring
        "pile": [],
        "aside": [],  # exchanged hand cards and row cards replaced before play
        "stock": DECK_SIZE,
        "turn": None,
        "drawn": None,
        "ender": None,
        "last": [],  # seats still owed their last draw, in order
        "used": [],  # positions given a hand card in this last turn
    }


# --- the handlers ------------------------------------------------------------------


def _row(state: JSON, event: JSON) -> Step:
    seat = event["player"]
    name = state["players"][seat]
    _only_in(
        state, "deal", f"The rows of frame {state['frame']} are already dealt.", R_DEAL
    )
    if state["rows"][seat] is not None:
        raise Refused(
            f"{name}'s row is already dealt this frame.",
            [R_DEAL, R_NO_SWAPPING],
        )
    dealt = list(event["cards"])
    _check_copies(state, dealt, "cards")
    rows = list(state["rows"])
    rows[seat] = [{"row": c, "cover": None} for c in dealt]
    new = {**state, "rows": rows, "stock": state["stock"] - ROW}
    summary = f"{name}'s row, left to right: {' '.join(dealt)}."
    rules = [R_DEAL]
    if all(r is not None for r in rows):
        n = len(rows)
        new.update(phase="hands", held=[HAND] * n, stock=new["stock"] - HAND * n)
        summary += (
            " Every row is out: three hand cards each, face down. A ten-count hand "
            "card may be given back for a new one; then turn up the first pile card."
        )
        rules += [R_HAND_CARDS, R_EXCHANGE]
    else:
        left = [state["players"][i] for i in deal_order(state) if rows[i] is None]
        summary += f" Still to deal: {and_(left)}."
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))


def _exchange(state: JSON, event: JSON) -> Step:
    seat = event["player"]
    name = state["players"][seat]
    card = event["card"]
    if state["phase"] != "hands":
        raise Refused(
            "Hand cards are exchanged only while the deal is being finished, before "
            f"the pile is started; after that they cannot be thrown away. "
            f"{prompt(state)}",
            [R_EXCHANGE, R_HAND_CARDS, R_FRAME_END],
        )
    if state["held"][seat] <= 0:
        raise Refused(
            f"{name} has no hand cards left to give back.",
            [R_EXCHANGE, R_HAND_CARDS],
        )
    if not ten_count(card):
        worth = "any value" if card == cards.JOKER else f"{values(card)[0]}"
        raise Refused(
            f"{name} must keep {card} (it counts {worth}): only a hand card worth "
            "ten (a ten, jack or queen) may be given back.",
            [R_EXCHANGE, R_CARD_VALUES],
        )
    _check_copies(state, [card], "card")
    if state["stock"] <= 0:
        raise Refused("The stock is empty: no replacement can be dealt.", [R_DECK])
    new = {**state, "aside": [*state["aside"], card], "stock": state["stock"] - 1}
    summary = (
        f"{name} gives back {card} (worth ten) and is dealt a new hand card face "
        "down; a new one worth ten goes back too; anything lower is kept."
    )
    return Step(new, Ruling(Verdict.OK, summary, (R_EXCHANGE, R_CARD_VALUES)))


def _upcard(state: JSON, event: JSON) -> Step:
    if state["phase"] == "deal":
        raise Refused(
            f"The pile is started once the deal is done. {prompt(state)}", [R_DEAL]
        )
    if state["phase"] != "hands":
        raise Refused(
            "The pile was started at the deal: no other card is turned up this "
            f"frame. {prompt(state)}",
            [R_UPCARD],
        )
    card = event["card"]
    _check_copies(state, [card], "card")
    first = (state["dealer"] + 1) % len(state["players"])
    new = {
        **state,
        "pile": [card],
        "stock": state["stock"] - 1,
        "phase": "play",
        "turn": first,
    }
    name = state["players"][first]
    summary = (
        f"{card} starts the pile. {name}, left of the dealer, plays first: draw from "
        "the stock or the pile to pair with the left-most row card."
    )
    rules = (R_UPCARD, R_TURN_ORDER, R_DRAW)
    return Step(new, Ruling(Verdict.OK, summary, rules))


def _replace(state: JSON, event: JSON) -> Step:
    seat = event["player"]
    names = state["players"]
    name = names[seat]
    phase = state["phase"]
    rules = [R_HAND_CARDS]
    if phase == "hands":
        rules.append(R_BEFORE_PLAY)
    elif phase in ("play", "last"):
        _own_turn(state, seat, "replace")
        if phase == "last":
            rules.append(R_FRAME_END)
    else:
        raise Refused(
            f"A hand card replaces a row card before play or on its owner's turn. "
            f"{prompt(state)}",
            [R_HAND_CARDS, R_BEFORE_PLAY],
        )
    check_replacement(state, seat, event)
    if state["held"][seat] <= 0:
        raise Refused(f"{name} has no hand cards left.", [R_HAND_CARDS])
    pos = event["position"] - 1
    cell = state["rows"][seat][pos]
    if cell["cover"] is not None and pair(cell["row"], cell["cover"]).kind != "error":
        raise Refused(
            f"Position {pos + 1} is already a {pair(cell['row'], cell['cover']).kind}: "
            "its cover lies over the row card and the pair is closed.",
            # in play the hand card's own rule names what it may replace
            [*rules, R_TEN_COVERS, *([R_DISCARD_ORDER] if phase != "hands" else [])],
        )
    if phase == "last" and pos in state["used"]:
        raise Refused(
            f"{name} has already put a hand card on position {pos + 1} in this last "
            "turn: one per position.",
            [*rules, R_FRAME_END],
        )
    card = event["card"]
    _check_copies(state, [card], "card")
    gone = [cell["cover"], cell["row"]] if cell["cover"] else [cell["row"]]
    rows = _set(state["rows"], seat, pos, {"row": card, "cover": None})
    held = list(state["held"])
    held[seat] -= 1
    new = {**state, "rows": rows, "held": held}
    where = "set aside" if phase == "hands" else "discarded"
    if phase == "hands":
        new["aside"] = [*state["aside"], *gone]
    else:
        new["pile"] = [*state["pile"], *gone]
    if phase == "last":
        new["used"] = [*state["used"], pos]
    summary = f"{name} plays hand card {card} in place of row card {cell['row']}"
    summary += f" at position {pos + 1}"
    if cell["cover"]:
        summary += f"; the cover {cell['cover']} and then the row card are {where}"
        rules.append(R_DISCARD_ORDER)
    else:
        summary += f"; the row card is {where}"
    left = held[seat]
    summary += f". {name} holds {left} hand card{'s' if left != 1 else ''}."
    rules.append(R_NO_SWAPPING)
    return Step(new, Ruling(Verdict.OK, summary, tuple(dict.fromkeys(rules))))


def _draw(state: JSON, event: JSON) -> Step:
    seat = _own_turn(state, event["player"], "draw")
    name = state["players"][seat]
    rules = [R_DRAW]
    if state["phase"] == "last":
        rules.append(R_FRAME_END)
    new = dict(state)
    if event["source"] == "pile":
        if not state["pile"]:
            raise Refused("The pile is empty: draw from the stock.", rules)
        pile, named = state["pile"], "The pile's top card"
        top = cards.take_top(
            pile, event.get("card"), seat=seat, source="pile", named=named
        )
        new["pile"] = pile[:-1]
        card = top
        summary = f"{name} takes {top} from the pile."
    else:
        card = cards.stock_card(event.get("card"), seat=seat)
        summary = ""
        if state["stock"] <= 0:
            # Reading: the pile under its top card is shuffled into a new stock.
            rebuilt = cards.restocked(state["pile"])
            if rebuilt is None:
                raise Refused(
                    "The stock is spent and the pile has nothing under its top card "
                    "to shuffle: take the pile's top card.",
                    [R_DECK],
                )
            new["stock"], new["pile"] = rebuilt
            rules.append(R_DECK)
            summary = "The stock ran out: the pile under its top card is shuffled "
            summary += "into a new stock. "
        _check_copies(new, [card], "card")
        new["stock"] = new["stock"] - 1
        summary += f"{name} draws {card} from the stock."
    new["drawn"] = {"card": card, "source": event["source"]}
    target = first_open(state["rows"][seat])
    if target is not None:
        summary += f" It pairs with position {target + 1} or is discarded."
        rules.append(R_LEFT_TO_RIGHT)
    else:
        summary += " It may replace an error's cover or is discarded."
        rules.append(R_IMPROVING)
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))


def _place(state: JSON, event: JSON) -> Step:
    seat = _own_turn(state, event["player"], "place")
    check_cover(state, seat, event)
    names = state["players"]
    name = names[seat]
    card = state["drawn"]["card"]
    cells = state["rows"][seat]
    target = first_open(cells)
    given = event.get("position")
    rules = [R_DRAW]
    options: tuple[str, ...] = ()
    if target is not None:
        rules.append(R_LEFT_TO_RIGHT)
        if given is not None and given - 1 != target:
            raise Refused(
                f"{name} pairs left to right: the drawn card goes on position "
                f"{target + 1}, the left-most row card without a cover, not on "
                f"{given}.",
                rules,
            )
        pos, old = target, None
        row = cells[pos]["row"]
        got = _not_over(pair(row, card), card, rules)
    else:
        rules.append(R_IMPROVING)
        pos = _error_to_improve(state, seat, card, given, rules)
        row, old = cells[pos]["row"], cells[pos]["cover"]
        got, options = _improved(state, row, old, card, rules)
    rows = _set(state["rows"], seat, pos, {"row": row, "cover": card})
    new = {**state, "rows": rows, "drawn": None}
    summary = f"{name} puts {card} on {row} at position {pos + 1}: {got.why}."
    rules += list(got.rules)
    if old is not None:
        new["pile"] = [*state["pile"], old]
        summary += f" The old cover {old} is discarded."
    if got.kind in ("strike", "spare"):
        rules.append(R_TEN_COVERS)
    if got.kind == "strike":
        run = _strike_run(rows[seat], pos)
        if run > 1:
            bonus = ALL_STRIKES_BONUS if run == ROW else STRIKE_BONUS * (run - 1)
            summary += f" {run} strikes in a row so far: a bonus of {bonus}."
            rules.append(R_STRIKE_BONUS)
    paired_now = target is not None and first_open(rows[seat]) is None
    if paired_now and error_positions(rows[seat]):
        summary += " All six are paired: errors may now be improved."
        rules.append(R_IMPROVING)
    return _next_turn(new, seat, summary, rules, options)


def _not_over(got: Pair, card: str, rules: list[str]) -> Pair:
    if got.kind == "over":
        raise Refused(
            f"{got.why}: a pair may not go over ten, so {card} must be discarded.",
            [*rules, *got.rules],
        )
    return got


def _error_to_improve(
    state: JSON, seat: int, card: str, given: int | None, rules: list[str]
) -> int:
    """The position whose error the drawn card improves (given, or the only one)."""
    cells = state["rows"][seat]
    errors = error_positions(cells)
    if given is None:
        if len(errors) != 1:
            name = state["players"][seat]
            raise BadInput(
                f"'position' is missing: {name} has errors at positions "
                f"{', '.join(str(i + 1) for i in errors)}; say which cover "
                f"{card} replaces.",
                field="position",
                example=f'{{"type": "place", "player": {seat}, "position": '
                f"{errors[0] + 1 if errors else 1}}}",
            )
        given = errors[0] + 1
    pos = given - 1
    if pos not in errors:
        row, old = cells[pos]["row"], cells[pos]["cover"]
        raise Refused(
            f"Position {pos + 1} is a {pair(row, old).kind}, closed: only an "
            "error's cover may be replaced.",
            [*rules, R_TEN_COVERS],
        )
    return pos


def _improved(
    state: JSON, row: str, old: str, card: str, rules: list[str]
) -> tuple[Pair, tuple[str, ...]]:
    """The pair with the new cover, if it improves the error enough, and the options
    that decided it."""
    before = pair(row, old)
    got = _not_over(pair(row, card), card, rules)
    partial = bool(state["options"].get("partial_improvement"))
    options: tuple[str, ...] = ()
    if got.kind == "error":
        # the option decides only whether an error may stay an error
        options = ("partial_improvement",)
    if got.kind == "error" and (not partial or got.total <= before.total):
        need = (
            f"more than the {before.total} it makes now"
            if partial
            else "ten (a spare or a strike)"
        )
        raise Refused(
            f"{row} + {card} makes {got.total}: replacing an error's cover must "
            f"bring the pair to {need}.",
            [*rules, *got.rules],
            options=options,
        )
    return got, options


def _discard(state: JSON, event: JSON) -> Step:
    if event.get("source") == FROM_HAND and _turning(state):
        # a hand card thrown away is refused for what it is, drawn card or not
        check_thrown(state, event["player"], event)
    seat = _own_turn(state, event["player"], "discard")
    check_thrown(state, seat, event)
    name = state["players"][seat]
    card = state["drawn"]["card"]
    new = {**state, "pile": [*state["pile"], card], "drawn": None}
    target = first_open(state["rows"][seat])
    rules = [R_DRAW]
    summary = f"{name} discards {card}."
    if target is not None:
        summary += f" The next draw is again to position {target + 1}."
        rules.append(R_LEFT_TO_RIGHT)
    return _next_turn(new, seat, summary, rules, ())


def _pass(state: JSON, event: JSON) -> Step:
    seat = event["player"]
    name = state["players"][seat]
    if state["phase"] != "last":
        raise Refused(
            "Only the last draw after a frame's end may be let go; a turn is a "
            "placement or a discard.",
            [R_FRAME_END, R_DRAW],
        )
    _own_turn(state, seat, "pass")
    summary = f"{name} lets the last draw go."
    return _next_turn(dict(state), seat, summary, [R_FRAME_END], ())


def _show(state: JSON, event: JSON) -> Step:
    seat = event["player"]
    name = state["players"][seat]
    _only_in(
        state, "show", "Hand cards are shown when the frame is scored.", R_HELD_CARDS
    )
    held = state["held"][seat]
    if state["shown"][seat] is not None or held == 0:
        raise Refused(f"{name} has no hand cards left to show.", [R_HELD_CARDS])
    shown = list(event["cards"])
    if len(shown) != held:
        raise BadInput(
            f"{name} holds {held} hand card{'s' if held != 1 else ''}; "
            f"{len(shown)} given.",
            field="cards",
            example=" ".join(["7H", "2D", "KS"][:held]),
        )
    _check_copies(state, shown, "cards")
    all_shown = list(state["shown"])
    all_shown[seat] = shown
    new = {**state, "shown": all_shown}
    cost = sum(held_value(c) for c in shown)
    summary = f"{name} still holds {' '.join(shown)}: minus {cost}."
    rules = [R_HELD_CARDS]
    if waiting_to_show(new):
        left = and_([state["players"][i] for i in waiting_to_show(new)])
        summary += f" Still to show: {left}."
        return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))
    return _score(new, summary, rules)


# --- turns and the frame's end -------------------------------------------------------


def _next_turn(
    state: JSON, seat: int, summary: str, rules: list[str], options: tuple[str, ...]
) -> Step:
    names = state["players"]
    n = len(names)
    new = {**state, "used": []}
    if state["phase"] == "play":
        mine = state["rows"][seat]
        if first_open(mine) is None and not error_positions(mine):
            new["ender"] = seat
            new["phase"] = "last"
            new["last"] = [(seat + k) % n for k in range(1, n)]
            others = and_([names[i] for i in new["last"]])
            summary += (
                f" {names[seat]} has six strikes and spares: the frame ends. "
                f"{others} each have one last draw."
            )
            rules = [*rules, R_FRAME_END]
            new["turn"] = new["last"][0]
            return Step(
                new, Ruling(Verdict.OK, summary, _unique(rules), options=options)
            )
        new["turn"] = (seat + 1) % n
        summary += f" {names[new['turn']]} to play."
        rules = [*rules, R_TURN_ORDER]
        return Step(new, Ruling(Verdict.OK, summary, _unique(rules), options=options))
    # the last draws after the frame's end
    last = [s for s in state["last"] if s != seat]
    new["last"] = last
    rules = [*rules, R_FRAME_END]
    if last:
        new["turn"] = last[0]
        summary += f" {names[last[0]]} has the next last draw."
        return Step(new, Ruling(Verdict.OK, summary, _unique(rules), options=options))
    new["turn"] = None
    waiting = waiting_to_show(new)
    if waiting:
        new["phase"] = "show"
        summary += f" Now {and_([names[i] for i in waiting])} show the hand cards held."
        rules.append(R_HELD_CARDS)
        return Step(new, Ruling(Verdict.OK, summary, _unique(rules), options=options))
    return _score(new, summary, rules, options)


def _score(
    state: JSON, summary: str, rules: list[str], options: tuple[str, ...] = ()
) -> Step:
    names = state["players"]
    n = len(names)
    frames = [
        score_frame(
            [(c["row"], c["cover"]) for c in state["rows"][i]], state["shown"][i] or []
        )
        for i in range(n)
    ]
    totals = [state["totals"][i] + frames[i].points for i in range(n)]
    number = state["frame"]
    record = {
        "frame": number,
        "dealer": names[state["dealer"]],
        "ender": names[state["ender"]] if state["ender"] is not None else None,
        "scores": {names[i]: frames[i].points for i in range(n)},
        "totals": {names[i]: totals[i] for i in range(n)},
        "marks": {names[i]: [p["mark"] for p in frames[i].parts] for i in range(n)},
        "breakdown": {names[i]: frame_json(frames[i]) for i in range(n)},
    }
    rules = list(rules)
    for f in frames:
        rules += list(f.rules)
    line = ", ".join(f"{names[i]} {frames[i].points}" for i in range(n))
    summary += f" Frame {number} scores: {line}."
    new = {
        **state,
        "totals": totals,
        # the breakdown (each pair's reading) is the last frame's only: a frame's
        # row on the scoresheet needs its marks and scores
        "history": [
            *state["history"],
            {k: v for k, v in record.items() if k != "breakdown"},
        ],
        "last_frame": record,
    }
    verdict = Verdict.OK
    if number >= state["options"]["frames"]:
        averages = [average(t, number) for t in totals]
        best = max(averages)
        winners = [i for i in range(n) if averages[i] == best]
        new.update(phase="over", winners=winners, turn=None, drawn=None)
        tie = " (a tie)" if len(winners) > 1 else ""
        shown = ", ".join(f"{names[i]} {_fmt(averages[i])}" for i in range(n))
        summary += (
            f" Game scores, the average of {number} frames: {shown}. "
            f"{and_([names[i] for i in winners])} wins{tie}."
        )
        rules += [R_AVERAGE, R_WINNER]
        verdict = Verdict.WIN
    else:
        new.update(_fresh_frame(n))
        new.update(frame=number + 1, dealer=(state["dealer"] + 1) % n)
        summary += f" {names[new['dealer']]} deals frame {number + 1}."
        rules += [R_AVERAGE, R_DEALER]
    ruling = Ruling(
        verdict,
        summary,
        _unique(rules),
        score={names[i]: frames[i].points for i in range(n)},
        options=options,
    )
    return Step(new, ruling)


def finished(state: JSON) -> Refused | None:
    """The refusal of any event once the game is over."""
    if state["phase"] != "over":
        return None
    return Refused(f"The game is over: {winner_names(state)} won it.", [R_WINNER])


def _in(*phases: str) -> Callable[[JSON], bool]:
    return lambda s: s["phase"] in phases


def _turning(state: JSON) -> bool:
    return state["phase"] in ("play", "last")


def _turn_with(drawn: bool) -> Callable[[JSON], bool]:
    """In play or the last draws, with a card drawn (or not) by the player on turn."""
    return lambda s: _turning(s) and (s["drawn"] is not None) == drawn


def _hand_card_offered(state: JSON) -> bool:
    """Before play anyone may play a hand card; later the player on turn holding one."""
    if state["phase"] == "hands":
        return True
    return _turning(state) and state["held"][state["turn"]] > 0


def _on_turn(state: JSON) -> int | None:
    """The player whose turn it is (None outside the turns)."""
    return state["turn"] if _turning(state) else None


def _hand_card_player(state: JSON) -> int | None:
    """Before play anyone may play a hand card; later only the player on turn."""
    return None if state["phase"] == "hands" else _on_turn(state)


def _dealer(state: JSON) -> int:
    return int(state["dealer"])


def _anyone(state: JSON) -> None:
    """Each player gives back or shows their own cards, in no set order."""
    return None


# In the order a board lists what it expects: the turn's own events, then a hand
# card, then starting the pile and letting a last draw go. A ``row`` names the player
# dealt to, not who acted (the dealer deals every row), so it has no actor.
HANDLERS = {
    "row": Handler(_row, when=_in("deal")),
    "exchange": Handler(_exchange, when=_in("hands"), actor=_anyone),
    "draw": Handler(_draw, when=_turn_with(drawn=False), actor=_on_turn),
    "place": Handler(_place, when=_turn_with(drawn=True), actor=_on_turn),
    "discard": Handler(_discard, when=_turn_with(drawn=True), actor=_on_turn),
    "replace": Handler(_replace, when=_hand_card_offered, actor=_hand_card_player),
    "upcard": Handler(_upcard, when=_in("hands"), actor=_dealer),
    "pass": Handler(
        _pass,
        when=lambda s: s["phase"] == "last" and s["drawn"] is None,
        actor=_on_turn,
    ),
    "show": Handler(_show, when=_in("show"), actor=_anyone),
}


# --- private helpers ---------------------------------------------------------------


def _strike_run(cells: list[JSON], pos: int) -> int:
    """How many strikes side by side include position ``pos``."""

    def strike(i: int) -> bool:
        c = cells[i]
        return c["cover"] is not None and pair(c["row"], c["cover"]).kind == "strike"

    left = pos
    while left > 0 and strike(left - 1):
        left -= 1
    right = pos
    while right < len(cells) - 1 and strike(right + 1):
        right += 1
    return right - left + 1


def _set(rows: list[Any], seat: int, pos: int, cell: JSON) -> list[Any]:
    mine = [dict(c) for c in rows[seat]]
    mine[pos] = cell
    return [mine if i == seat else r for i, r in enumerate(rows)]


def _only_in(state: JSON, phase: str, why: str, rule: str) -> None:
    """Refuse, saying ``why`` and what comes next, outside ``phase``."""
    if state["phase"] != phase:
        raise Refused(f"{why} {prompt(state)}", [rule])


def _own_turn(state: JSON, seat: int, kind: str) -> int:
    names = state["players"]
    if state["phase"] not in ("play", "last"):
        raise Refused(f"No turns are being played now. {prompt(state)}", [R_DRAW])
    turn = state["turn"]
    if seat != turn:
        why = [R_TURN_ORDER]
        if state["phase"] == "last":
            why.append(R_FRAME_END)
        raise Refused(f"It is {names[turn]}'s turn, not {names[seat]}'s.", why)
    drawn = state["drawn"]
    if kind in ("draw", "pass") and drawn is not None:
        raise Refused(
            f"{names[seat]} has drawn {drawn['card']}: now it is placed or discarded.",
            [R_DRAW],
        )
    if kind in ("place", "discard") and drawn is None:
        raise Refused(
            f"{names[seat]} has not drawn yet: a turn starts with a card from the "
            "stock or the pile.",
            [R_DRAW],
        )
    return seat


def _check_copies(state: JSON, new_cards: Sequence[str], field: str) -> None:
    """Cards entering view must exist in the 108-card deck, copies counted."""
    seen: Counter[str] = Counter()
    for cells in state["rows"]:
        for c in cells or []:
            seen[c["row"]] += 1
            if c["cover"]:
                seen[c["cover"]] += 1
    seen.update(state["pile"])
    seen.update(state["aside"])
    for shown in state["shown"]:
        seen.update(shown or [])
    if state["drawn"]:
        seen[state["drawn"]["card"]] += 1
    deck = cards.DECKS[DECK]
    mine: Counter[str] = Counter()
    for card in new_cards:
        mine[card] += 1
        have = deck.copies[card]
        times = seen[card] + mine[card]
        if times > have:
            raise BadInput(
                f"{card} appears {times} times, but a {deck.title} has only "
                f"{have} copies of {card} (counting the cards on the table this "
                "frame): check the card.",
                field=field,
                example="7H",
            )


def _fmt(value: float | int) -> str:
    return f"{value:g}" if isinstance(value, int) else f"{value:.2f}"


def _unique(rules: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(rules))
