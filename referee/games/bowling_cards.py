"""The bowling pairing card game: six row cards paired to ten, six frames averaged.

Rules source: the bowling card game text in ../shared/seeds (000, contributed by James
Thomas); readings in referee/rulebook/bowling_cards.toml. Two decks with two jokers
each (108 cards), three or four players.

Events, frame by frame: ``row`` ``{"player", "cards"}`` (six row cards, left to
right); ``exchange`` ``{"player", "card"}`` (a ten-count hand card given back for a
new one); ``replace`` ``{"player", "position", "card"}`` (a hand card takes a row
card's place); ``upcard`` ``{"card"}`` (starts the pile; play begins); ``draw``
``{"player", "source": "stock" | "pile", "card"}``; ``place`` ``{"player",
"position"}`` (the drawn card as a cover); ``discard`` ``{"player"}``; ``pass``
``{"player"}`` (no last draw); ``show`` ``{"player", "cards"}`` (hand cards still
held when the frame is scored).

Hand cards stay secret until played or shown: the referee counts them.

``view(state)["detail"]``: ``frame``, ``frames``, ``dealer``, ``stock``, ``pile_top``,
``drawn``, ``ender``, ``last`` (who still has a last draw), ``tables`` (per player:
``cells`` with ``row``, ``cover``, ``mark`` (``X``, ``/``, a number or ``-``) and
``points``, ``held``, ``target``, ``live``), ``history`` (each scored frame),
``last_frame`` and ``winners``. Each side is ``{"name", "score" (the game score: the
average of the frames played), "total", "frames", "held"}``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.games import cards
from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Field
from referee.games.base import Game
from referee.games.base import Option
from referee.games.base import Refused
from referee.games.base import Ruling
from referee.games.base import Setup
from referee.games.base import Step
from referee.games.base import Tool
from referee.games.base import Verdict
from referee.games.base import board

GAME_ID = "bowling-cards"
DECK = "double-jokers"
DECK_SIZE = 108
ROW = 6
HAND = 3
FRAMES = 6
STRIKE = 20
SPARE = 15
STRIKE_BONUS = 15
ALL_STRIKES_BONUS = 120
MAX_FRAME = ROW * STRIKE + ALL_STRIKES_BONUS  # 240
TEN_COUNT = ("10", "J", "Q")
HELD_TEN = ("2", "K")  # a held deuce or king costs ten
HELD_JOKER = 15


def rule(local: str) -> str:
    return f"{GAME_ID}/{local}"


# --- card values and pairs ---------------------------------------------------------


def values(card: str) -> tuple[int, ...]:
    """The values a card may take in a pair (a joker's is open: see ``pair``)."""
    r = cards.rank(card)
    if r == "K":
        return (0,)
    if r == "2":
        return (2, 0)  # the player's choice
    if r == "A":
        return (1,)
    if r in TEN_COUNT:
        return (10,)
    return (int(r),)


def ten_count(card: str) -> bool:
    return cards.rank(card) in TEN_COUNT


def held_value(card: str) -> int:
    """What a hand card still held costs at the frame's end."""
    if card == cards.JOKER:
        return HELD_JOKER
    if cards.rank(card) in HELD_TEN:
        return 10
    return values(card)[0]


@dataclass(frozen=True)
class Pair:
    """How a row card and its cover score: ``kind`` strike, spare, error or over."""

    kind: str
    total: int  # the pair's count (over ten: the smallest it can be)
    points: int
    why: str
    rules: tuple[str, ...]


def pair(row: str, cover: str) -> Pair:
    """Score a row card with its cover, taking the best values the player may choose."""
    shown = f"{row} + {cover}"
    if cards.JOKER in (row, cover):
        return Pair(
            "strike",
            10,
            STRIKE,
            f"{shown}: a joker makes any pair a strike, {STRIKE}",
            (rule("card-values"), rule("strike")),
        )
    if (ten_count(row) and cards.rank(cover) in HELD_TEN) or (
        ten_count(cover) and cards.rank(row) in HELD_TEN
    ):
        return Pair(
            "strike",
            10,
            STRIKE,
            f"{shown}: a ten-count card with a king or a deuce is a strike, {STRIKE}",
            (rule("card-values"), rule("strike")),
        )
    totals = sorted({a + b for a in values(row) for b in values(cover)})
    fits = [t for t in totals if t <= 10]
    deuce = "2" in (cards.rank(row), cards.rank(cover))
    cite = (rule("card-values"),)
    if not fits:
        return Pair(
            "over",
            totals[0],
            0,
            f"{shown} makes {totals[0]}: more than ten",
            (*cite, rule("over-ten")),
        )
    best = fits[-1]
    note = " (the deuce counts 0)" if deuce and best not in totals[-1:] else ""
    if best == 10:
        return Pair(
            "spare",
            10,
            SPARE,
            f"{shown} = 10{note}: a spare, {SPARE}",
            (*cite, rule("spare")),
        )
    return Pair(
        "error",
        best,
        best,
        f"{shown} = {best}{note}: an error, {best}",
        (*cite, rule("error")),
    )


def mark(kind: str, total: int) -> str:
    """The scorecard's mark: X strike, / spare, the count of an error, - open."""
    return {"strike": "X", "spare": "/", "open": "-"}.get(kind, str(total))


@dataclass(frozen=True)
class Frame:
    """A frame's score and why: ``parts`` per position, the bonus, the deduction."""

    points: int
    parts: tuple[JSON, ...]
    bonus: int
    deduction: int
    rules: tuple[str, ...]
    why: tuple[str, ...]


def score_frame(
    cells: Sequence[tuple[str, str | None]], held: Sequence[str] = ()
) -> Frame:
    """Six (row card, cover or None) in row order, and the hand cards still held."""
    parts: list[JSON] = []
    rules: list[str] = []
    why: list[str] = []
    for i, (row, cover) in enumerate(cells, start=1):
        if cover is None:
            parts.append(
                {
                    "position": i,
                    "cards": [row],
                    "kind": "open",
                    "mark": "-",
                    "points": 0,
                    "why": f"{i}: {row} uncovered, 0",
                }
            )
            rules.append(rule("uncovered"))
            continue
        got = pair(row, cover)
        if got.kind == "over":
            raise BadInput(
                f"Position {i}: {got.why}, and a pair over ten cannot stand.",
                field="pairs",
                example=TOOL_EXAMPLE_TEXT,
            )
        parts.append(
            {
                "position": i,
                "cards": [row, cover],
                "kind": got.kind,
                "mark": mark(got.kind, got.total),
                "points": got.points,
                "why": f"{i}: {got.why}",
            }
        )
        rules.extend(got.rules)
    bonus, runs = strike_bonus([p["kind"] for p in parts])
    if bonus:
        rules.append(rule("strike-bonus"))
        if runs == [ROW]:
            why.append(f"six strikes: bonus {ALL_STRIKES_BONUS}")
        else:
            for run in runs:
                if run > 1:
                    why.append(
                        f"{run} strikes in a row: bonus {STRIKE_BONUS * (run - 1)}"
                    )
    deduction = sum(held_value(c) for c in held)
    if held:
        rules.append(rule("held-cards"))
        listed = ", ".join(f"{c} {held_value(c)}" for c in held)
        why.append(f"hand cards still held: {listed}, minus {deduction}")
    points = sum(p["points"] for p in parts) + bonus - deduction
    return Frame(
        points,
        tuple(parts),
        bonus,
        deduction,
        tuple(dict.fromkeys(rules)),
        tuple(why),
    )


def strike_bonus(kinds: Sequence[str]) -> tuple[int, list[int]]:
    """15 per strike after the first in each run of strikes; six strikes give 120."""
    runs: list[int] = []
    run = 0
    for kind in [*kinds, ""]:
        if kind == "strike":
            run += 1
        elif run:
            runs.append(run)
            run = 0
    if runs == [ROW]:
        return ALL_STRIKES_BONUS, runs
    return sum(STRIKE_BONUS * (r - 1) for r in runs), runs


# --- start ---------------------------------------------------------------------------


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


# --- apply ---------------------------------------------------------------------------


def apply(state: JSON, event: JSON) -> Step:
    """Rule on one event; the input state is left as it was."""
    if state["phase"] == "over":
        raise Refused(
            f"The game is over: {_winner_names(state)} won it.", [rule("winner")]
        )
    handler = {
        "row": _row,
        "exchange": _exchange,
        "replace": _replace,
        "upcard": _upcard,
        "draw": _draw,
        "place": _place,
        "discard": _discard,
        "pass": _pass,
        "show": _show,
    }.get(event["type"])
    if handler is None:
        raise BadInput(f"'{event['type']}' is not an event of this game.", field="type")
    return handler(state, event)


def _row(state: JSON, event: JSON) -> Step:
    seat = event["player"]
    name = state["players"][seat]
    if state["phase"] != "deal":
        raise Refused(
            f"The rows of frame {state['frame']} are already dealt. {_prompt(state)}",
            [rule("deal")],
        )
    if state["rows"][seat] is not None:
        raise Refused(
            f"{name}'s row is already dealt this frame.",
            [rule("deal"), rule("no-swapping")],
        )
    dealt = list(event["cards"])
    _check_copies(state, dealt, "cards")
    rows = list(state["rows"])
    rows[seat] = [{"row": c, "cover": None} for c in dealt]
    new = {**state, "rows": rows, "stock": state["stock"] - ROW}
    summary = f"{name}'s row, left to right: {' '.join(dealt)}."
    rules = [rule("deal")]
    if all(r is not None for r in rows):
        n = len(rows)
        new.update(phase="hands", held=[HAND] * n, stock=new["stock"] - HAND * n)
        summary += (
            " Every row is out: three hand cards each, face down. A ten-count hand "
            "card may be given back for a new one; then turn up the first pile card."
        )
        rules += [rule("hand-cards"), rule("exchange")]
    else:
        left = [state["players"][i] for i in _deal_order(state) if rows[i] is None]
        summary += f" Still to deal: {_and(left)}."
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))


def _exchange(state: JSON, event: JSON) -> Step:
    seat = event["player"]
    name = state["players"][seat]
    card = event["card"]
    if state["phase"] != "hands":
        raise Refused(
            "Hand cards are exchanged only while the deal is being finished, before "
            f"the pile is started; after that they cannot be thrown away. "
            f"{_prompt(state)}",
            [rule("exchange"), rule("hand-cards"), rule("frame-end")],
        )
    if not ten_count(card):
        worth = "any value" if card == cards.JOKER else f"{values(card)[0]}"
        raise Refused(
            f"{name} must keep {card} (it counts {worth}): only a hand card worth "
            "ten (a ten, jack or queen) may be given back.",
            [rule("exchange"), rule("card-values")],
        )
    _check_copies(state, [card], "card")
    if state["stock"] <= 0:
        raise Refused(
            "The stock is empty: no replacement can be dealt.", [rule("deck")]
        )
    new = {**state, "aside": [*state["aside"], card], "stock": state["stock"] - 1}
    summary = (
        f"{name} gives back {card} (worth ten) and is dealt a new hand card face "
        "down; another ten-count card may go back too, anything lower is kept."
    )
    return Step(
        new, Ruling(Verdict.OK, summary, (rule("exchange"), rule("card-values")))
    )


def _upcard(state: JSON, event: JSON) -> Step:
    if state["phase"] != "hands":
        why = [rule("deal")] if state["phase"] == "deal" else [rule("upcard")]
        raise Refused(
            f"The pile is started once the deal is done. {_prompt(state)}", why
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
    rules = (rule("upcard"), rule("turn-order"), rule("draw"))
    return Step(new, Ruling(Verdict.OK, summary, rules))


def _replace(state: JSON, event: JSON) -> Step:
    seat = event["player"]
    names = state["players"]
    name = names[seat]
    phase = state["phase"]
    rules = [rule("hand-cards")]
    if phase == "hands":
        rules.append(rule("before-play"))
    elif phase in ("play", "last"):
        _own_turn(state, seat, "replace")
        if phase == "last":
            rules.append(rule("frame-end"))
    else:
        raise Refused(
            f"A hand card replaces a row card before play or on its owner's turn. "
            f"{_prompt(state)}",
            [rule("hand-cards"), rule("before-play")],
        )
    if state["held"][seat] <= 0:
        raise Refused(f"{name} has no hand cards left.", [rule("hand-cards")])
    pos = event["position"] - 1
    cell = state["rows"][seat][pos]
    if cell["cover"] is not None and pair(cell["row"], cell["cover"]).kind != "error":
        raise Refused(
            f"Position {pos + 1} is already a {pair(cell['row'], cell['cover']).kind}: "
            "its cover lies over the row card and the pair is closed.",
            [*rules, rule("ten-covers")],
        )
    if phase == "last" and pos in state["used"]:
        raise Refused(
            f"{name} has already put a hand card on position {pos + 1} in this last "
            "turn: one per position.",
            [*rules, rule("frame-end")],
        )
    card = event["card"]
    _check_copies(state, [card], "card")
    gone = [cell["cover"], cell["row"]] if cell["cover"] else [cell["row"]]
    rows = _set(state["rows"], seat, pos, {"row": card, "cover": None})
    held = list(state["held"])
    held[seat] -= 1
    new = {**state, "rows": rows, "held": held}
    where = "set aside" if phase == "hands" else "discarded, in that order"
    if phase == "hands":
        new["aside"] = [*state["aside"], *gone]
    else:
        new["pile"] = [*state["pile"], *gone]
    if phase == "last":
        new["used"] = [*state["used"], pos]
    summary = f"{name} plays hand card {card} in place of row card {cell['row']}"
    summary += f" at position {pos + 1}"
    if cell["cover"]:
        summary += f"; the cover {cell['cover']} and the row card are {where}"
        rules.append(rule("discard-order"))
    else:
        summary += f"; the row card is {where}"
    left = held[seat]
    summary += f". {name} holds {left} hand card{'s' if left != 1 else ''}."
    rules.append(rule("no-swapping"))
    return Step(new, Ruling(Verdict.OK, summary, tuple(dict.fromkeys(rules))))


def _draw(state: JSON, event: JSON) -> Step:
    seat = _own_turn(state, event["player"], "draw")
    name = state["players"][seat]
    rules = [rule("draw")]
    if state["phase"] == "last":
        rules.append(rule("frame-end"))
    new = dict(state)
    if event["source"] == "pile":
        if not state["pile"]:
            raise Refused("The pile is empty: draw from the stock.", rules)
        top = state["pile"][-1]
        given = event.get("card")
        if given is not None and given != top:
            raise BadInput(
                f"The pile's top card is {top}, not {given}: leave 'card' out or send "
                f"{top}.",
                field="card",
                example=f'{{"type": "draw", "player": {seat}, "source": "pile"}}',
            )
        new["pile"] = state["pile"][:-1]
        card = top
        summary = f"{name} takes {top} from the pile."
    else:
        if event.get("card") is None:
            raise BadInput(
                "'card' is missing: which card came off the stock?",
                field="card",
                example=f'{{"type": "draw", "player": {seat}, "source": "stock", '
                '"card": "7H"}',
            )
        summary = ""
        if state["stock"] <= 0:
            # Reading: the pile under its top card is shuffled into a new stock.
            if len(state["pile"]) <= 1:
                raise Refused(
                    "The stock is spent and the pile has nothing under its top card "
                    "to shuffle: take the pile's top card.",
                    [rule("deck")],
                )
            new["stock"] = len(state["pile"]) - 1
            new["pile"] = state["pile"][-1:]
            rules.append(rule("deck"))
            summary = "The stock ran out: the pile under its top card is shuffled "
            summary += "into a new stock. "
        card = event["card"]
        _check_copies(new, [card], "card")
        new["stock"] = new["stock"] - 1
        summary += f"{name} draws {card} from the stock."
    new["drawn"] = {"card": card, "source": event["source"]}
    target = _target(state["rows"][seat])
    if target is not None:
        summary += f" It pairs with position {target + 1} or is discarded."
        rules.append(rule("left-to-right"))
    else:
        summary += " It may replace an error's cover or is discarded."
        rules.append(rule("improving"))
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))


def _place(state: JSON, event: JSON) -> Step:
    seat = _own_turn(state, event["player"], "place")
    names = state["players"]
    name = names[seat]
    card = state["drawn"]["card"]
    cells = state["rows"][seat]
    target = _target(cells)
    given = event.get("position")
    rules = [rule("draw")]
    options: tuple[str, ...] = ()
    if target is not None:
        rules.append(rule("left-to-right"))
        if given is not None and given - 1 != target:
            raise Refused(
                f"{name} pairs left to right: the drawn card goes on position "
                f"{target + 1}, the left-most row card without a cover, not on "
                f"{given}.",
                rules,
            )
        pos = target
        row = cells[pos]["row"]
        got = pair(row, card)
        if got.kind == "over":
            raise Refused(
                f"{got.why}: a pair may not go over ten, so {card} must be discarded.",
                [*rules, *got.rules],
            )
        old = None
    else:
        rules.append(rule("improving"))
        errors = _errors(cells)
        if given is None:
            if len(errors) != 1:
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
        row, old = cells[pos]["row"], cells[pos]["cover"]
        if pos not in errors:
            raise Refused(
                f"Position {pos + 1} is a {pair(row, old).kind}, closed: only an "
                "error's cover may be replaced.",
                [*rules, rule("ten-covers")],
            )
        before = pair(row, old)
        got = pair(row, card)
        partial = bool(state["options"].get("partial_improvement"))
        options = ("partial_improvement",)
        if got.kind == "over":
            raise Refused(
                f"{got.why}: a pair may not go over ten, so {card} must be discarded.",
                [*rules, *got.rules],
                options=options,
            )
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
    rows = _set(state["rows"], seat, pos, {"row": row, "cover": card})
    new = {**state, "rows": rows, "drawn": None}
    summary = f"{name} puts {card} on {row} at position {pos + 1}: {got.why}."
    rules += list(got.rules)
    if old is not None:
        new["pile"] = [*state["pile"], old]
        summary += f" The old cover {old} is discarded."
    if got.kind in ("strike", "spare"):
        rules.append(rule("ten-covers"))
    paired_now = target is not None and _target(rows[seat]) is None
    if paired_now and _errors(rows[seat]):
        summary += " All six are paired: errors may now be improved."
        rules.append(rule("improving"))
    return _next_turn(new, seat, summary, rules, options)


def _discard(state: JSON, event: JSON) -> Step:
    seat = _own_turn(state, event["player"], "discard")
    name = state["players"][seat]
    card = state["drawn"]["card"]
    new = {**state, "pile": [*state["pile"], card], "drawn": None}
    target = _target(state["rows"][seat])
    rules = [rule("draw")]
    summary = f"{name} discards {card}."
    if target is not None:
        summary += f" The next draw is again to position {target + 1}."
        rules.append(rule("left-to-right"))
    return _next_turn(new, seat, summary, rules, ())


def _pass(state: JSON, event: JSON) -> Step:
    seat = event["player"]
    name = state["players"][seat]
    if state["phase"] != "last":
        raise Refused(
            "Only the last draw after a frame's end may be let go; a turn is a "
            "placement or a discard.",
            [rule("frame-end"), rule("draw")],
        )
    _own_turn(state, seat, "pass")
    summary = f"{name} lets the last draw go."
    return _next_turn(dict(state), seat, summary, [rule("frame-end")], ())


def _show(state: JSON, event: JSON) -> Step:
    seat = event["player"]
    name = state["players"][seat]
    if state["phase"] != "show":
        raise Refused(
            f"Hand cards are shown when the frame is scored. {_prompt(state)}",
            [rule("held-cards")],
        )
    held = state["held"][seat]
    if state["shown"][seat] is not None or held == 0:
        raise Refused(f"{name} has no hand cards left to show.", [rule("held-cards")])
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
    rules = [rule("held-cards")]
    if _waiting_to_show(new):
        left = _and([state["players"][i] for i in _waiting_to_show(new)])
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
        if _target(mine) is None and not _errors(mine):
            new["ender"] = seat
            new["phase"] = "last"
            new["last"] = [(seat + k) % n for k in range(1, n)]
            others = _and([names[i] for i in new["last"]])
            summary += (
                f" {names[seat]} has six strikes and spares: the frame ends. "
                f"{others} each have one last draw."
            )
            rules = [*rules, rule("frame-end")]
            new["turn"] = new["last"][0]
            return Step(
                new, Ruling(Verdict.OK, summary, _unique(rules), options=options)
            )
        new["turn"] = (seat + 1) % n
        summary += f" {names[new['turn']]} to play."
        rules = [*rules, rule("turn-order")]
        return Step(new, Ruling(Verdict.OK, summary, _unique(rules), options=options))
    # the last draws after the frame's end
    last = [s for s in state["last"] if s != seat]
    new["last"] = last
    rules = [*rules, rule("frame-end")]
    if last:
        new["turn"] = last[0]
        summary += f" {names[last[0]]} has the next last draw."
        return Step(new, Ruling(Verdict.OK, summary, _unique(rules), options=options))
    new["turn"] = None
    waiting = _waiting_to_show(new)
    if waiting:
        new["phase"] = "show"
        summary += f" Now {_and([names[i] for i in waiting])} show the hand cards held."
        rules.append(rule("held-cards"))
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
        "breakdown": {names[i]: _frame_json(frames[i]) for i in range(n)},
    }
    rules = list(rules)
    for f in frames:
        rules += list(f.rules)
    line = ", ".join(f"{names[i]} {frames[i].points}" for i in range(n))
    summary += f" Frame {number} scores: {line}."
    new = {
        **state,
        "totals": totals,
        "history": [*state["history"], record],
        "last_frame": record,
    }
    verdict = Verdict.OK
    if number >= state["options"]["frames"]:
        averages = [_average(t, number) for t in totals]
        best = max(averages)
        winners = [i for i in range(n) if averages[i] == best]
        new.update(phase="over", winners=winners, turn=None, drawn=None)
        tie = " (a tie)" if len(winners) > 1 else ""
        shown = ", ".join(f"{names[i]} {_fmt(averages[i])}" for i in range(n))
        summary += (
            f" Game scores, the average of {number} frames: {shown}. "
            f"{_and([names[i] for i in winners])} wins{tie}."
        )
        rules += [rule("average")]
        verdict = Verdict.WIN
    else:
        new.update(_fresh_frame(n))
        new.update(frame=number + 1, dealer=(state["dealer"] + 1) % n)
        summary += f" {names[new['dealer']]} deals frame {number + 1}."
        rules += [rule("average"), rule("dealer")]
    ruling = Ruling(
        verdict,
        summary,
        _unique(rules),
        score={names[i]: frames[i].points for i in range(n)},
        options=options,
    )
    return Step(new, ruling)


# --- view ---------------------------------------------------------------------------


def expects(state: JSON) -> list[str]:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "deal":
        return ["row"]
    if phase == "hands":
        return ["exchange", "replace", "upcard"]
    if phase == "show":
        return ["show"]
    seat = state["turn"]
    hand = ["replace"] if state["held"][seat] else []
    if state["drawn"] is None:
        return ["draw", *hand, *(["pass"] if phase == "last" else [])]
    return ["place", "discard", *hand]


def view(state: JSON) -> JSON:
    """The scoreboard: game scores (averages), frames so far, each row as it lies."""
    names = state["players"]
    n = len(names)
    played = len(state["history"])
    tables = []
    for i in range(n):
        cells = state["rows"][i]
        table: JSON = {"name": names[i], "held": state["held"][i], "cells": []}
        if cells is not None:
            live = score_frame([(c["row"], c["cover"]) for c in cells])
            for k, (c, part) in enumerate(zip(cells, live.parts, strict=True)):
                table["cells"].append(
                    {
                        "position": k + 1,
                        "row": c["row"],
                        "cover": c["cover"],
                        "kind": part["kind"],
                        "mark": part["mark"],
                        "points": part["points"],
                    }
                )
            target = _target(cells)
            table["target"] = None if target is None else target + 1
            table["errors"] = [
                p["position"] for p in live.parts if p["kind"] == "error"
            ]
            used = state["used"] if state["turn"] == i else []
            table["replaceable"] = [
                p["position"]
                for p in live.parts
                if p["kind"] in ("open", "error") and p["position"] - 1 not in used
            ]
            table["live"] = live.points
            table["bonus"] = live.bonus
        tables.append(table)
    sides = [
        {
            "name": names[i],
            "score": _average(state["totals"][i], played),
            "total": state["totals"][i],
            "frames": [h["scores"][names[i]] for h in state["history"]],
            "held": state["held"][i],
        }
        for i in range(n)
    ]
    phase = state["phase"]
    turn = names[state["turn"]] if phase in ("play", "last") else None
    detail = {
        "frame": state["frame"],
        "frames": state["options"]["frames"],
        "dealer": names[state["dealer"]],
        "phase": phase,
        "stock": state["stock"],
        "pile_top": state["pile"][-1] if state["pile"] else None,
        "pile": len(state["pile"]),
        "drawn": state["drawn"],
        "ender": None if state["ender"] is None else names[state["ender"]],
        "last": [names[i] for i in state["last"]],
        "to_deal": [names[i] for i in _deal_order(state) if state["rows"][i] is None],
        "to_show": [names[i] for i in _waiting_to_show(state)],
        "tables": tables,
        "history": state["history"],
        "last_frame": state["last_frame"],
        "winners": [names[i] for i in state["winners"] or []],
    }
    return board(
        sides=sides,
        turn=turn,
        expects=expects(state),
        prompt=_prompt(state),
        phase=phase,
        winner=_winner_names(state) if phase == "over" else None,
        detail=detail,
    )


def _prompt(state: JSON) -> str:
    names = state["players"]
    phase = state["phase"]
    frame = f"Frame {state['frame']} of {state['options']['frames']}"
    if phase == "over":
        return f"{_winner_names(state)} won the game."
    if phase == "deal":
        left = [names[i] for i in _deal_order(state) if state["rows"][i] is None]
        return (
            f"{frame}: {names[state['dealer']]} deals; enter {left[0]}'s six row cards."
        )
    if phase == "hands":
        return (
            f"{frame}: ten-count hand cards may be exchanged; then turn up the card "
            "that starts the pile."
        )
    if phase == "show":
        left = _and([names[i] for i in _waiting_to_show(state)])
        return f"{frame}: {left} show the hand cards still held."
    name = names[state["turn"]]
    target = _target(state["rows"][state["turn"]])
    to = f"position {target + 1}" if target is not None else "improve an error"
    last = " (last draw)" if phase == "last" else ""
    drawn = state["drawn"]
    if drawn is None:
        return f"{frame}: {name} draws{last} for {to}."
    return f"{frame}: {name} drew {drawn['card']}: place it for {to}, or discard it."


# --- the frame calculator ---------------------------------------------------------


TOOL_EXAMPLE_TEXT = '{"pairs": ["QH/KS", "10D/2C", "7S/3H", "9C/AD", "JK/5D", "4C"]}'


def parse_pairs(raw: Any) -> list[tuple[str, str | None]]:
    """Six positions: ``"QH/KS"`` (row card, cover), or ``"4C"`` uncovered."""
    items = raw if isinstance(raw, list) else [raw]
    out: list[tuple[str, str | None]] = []
    for item in items:
        if isinstance(item, list):
            tokens = item
        else:
            tokens = [t for t in str(item).replace("/", " ").replace("+", " ").split()]
        if not 1 <= len(tokens) <= 2:
            raise BadInput(
                f"'{item}' is not a position: write the row card, then '/' and its "
                "cover, like QH/KS, or the row card alone when uncovered.",
                field="pairs",
                example=TOOL_EXAMPLE_TEXT,
            )
        try:
            got = [cards.parse_card(t, DECK) for t in tokens]
        except BadInput as err:
            raise BadInput(
                err.message, field="pairs", example=TOOL_EXAMPLE_TEXT
            ) from None
        out.append((got[0], got[1] if len(got) == 2 else None))
    if len(out) != ROW:
        raise BadInput(
            f"A frame has six positions; {len(out)} given.",
            field="pairs",
            example=TOOL_EXAMPLE_TEXT,
        )
    return out


def frame_tool(request: JSON) -> JSON:
    """A frame as it lies (six positions) and the hand cards held: its score and why."""
    cells = parse_pairs(request["pairs"])
    held = list(request.get("held") or [])
    laid = [c for cell in cells for c in cell if c is not None]
    try:
        cards.parse_cards(held, DECK, held=laid)
        cards.parse_cards(laid, DECK)
    except BadInput as err:
        raise BadInput(err.message, field="pairs", example=TOOL_EXAMPLE_TEXT) from None
    got = score_frame(cells, held)
    marks = [p["mark"] for p in got.parts]
    summary = f"{got.points} points: {' '.join(marks)}"
    extras = []
    if got.bonus:
        extras.append(f"strike bonus {got.bonus}")
    if got.deduction:
        extras.append(f"minus {got.deduction} for hand cards held")
    if extras:
        summary += f" ({', '.join(extras)})"
    return {
        "points": got.points,
        "marks": marks,
        "pairs": [dict(p) for p in got.parts],
        "bonus": got.bonus,
        "deduction": got.deduction,
        "why": list(got.why),
        "rules": list(got.rules),
        "summary": summary + ".",
    }


FRAME_RESULT: JSON = {
    "type": "object",
    "required": [
        "points",
        "marks",
        "pairs",
        "bonus",
        "deduction",
        "why",
        "rules",
        "summary",
    ],
    "properties": {
        "points": {"type": "integer", "description": "The frame's score."},
        "marks": {
            "type": "array",
            "description": "The scorecard marks: X strike, / spare, an error's count, "
            "- uncovered.",
            "items": {"type": "string"},
        },
        "pairs": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["position", "cards", "kind", "mark", "points", "why"],
                "properties": {
                    "position": {"type": "integer", "minimum": 1, "maximum": 6},
                    "cards": {"type": "array", "items": {"type": "string"}},
                    "kind": {"enum": ["strike", "spare", "error", "open"]},
                    "mark": {"type": "string"},
                    "points": {"type": "integer"},
                    "why": {"type": "string"},
                },
                "additionalProperties": False,
            },
        },
        "bonus": {"type": "integer", "description": "The consecutive-strike bonus."},
        "deduction": {"type": "integer", "description": "Hand cards held, deducted."},
        "why": {"type": "array", "items": {"type": "string"}},
        "rules": {"type": "array", "items": {"type": "string"}},
        "summary": {"type": "string"},
    },
    "additionalProperties": False,
}


# --- private helpers ---------------------------------------------------------------


def _frame_json(f: Frame) -> JSON:
    return {
        "points": f.points,
        "parts": [dict(p) for p in f.parts],
        "bonus": f.bonus,
        "deduction": f.deduction,
        "why": list(f.why),
    }


def _target(cells: list[JSON] | None) -> int | None:
    """The left-most row card without a cover (None: all six are paired)."""
    for i, c in enumerate(cells or []):
        if c["cover"] is None:
            return i
    return None


def _errors(cells: list[JSON]) -> list[int]:
    """Positions whose pair is an error (covered, under ten)."""
    return [
        i
        for i, c in enumerate(cells)
        if c["cover"] is not None and pair(c["row"], c["cover"]).kind == "error"
    ]


def _set(rows: list[Any], seat: int, pos: int, cell: JSON) -> list[Any]:
    mine = [dict(c) for c in rows[seat]]
    mine[pos] = cell
    return [mine if i == seat else r for i, r in enumerate(rows)]


def _deal_order(state: JSON) -> list[int]:
    n = len(state["players"])
    return [(state["dealer"] + k) % n for k in range(1, n + 1)]


def _waiting_to_show(state: JSON) -> list[int]:
    return [
        i
        for i in range(len(state["players"]))
        if state["held"][i] and state["shown"][i] is None
    ]


def _own_turn(state: JSON, seat: int, kind: str) -> int:
    names = state["players"]
    if state["phase"] not in ("play", "last"):
        raise Refused(
            f"No turns are being played now. {_prompt(state)}", [rule("draw")]
        )
    turn = state["turn"]
    if seat != turn:
        why = [rule("turn-order")]
        if state["phase"] == "last":
            why.append(rule("frame-end"))
        raise Refused(f"It is {names[turn]}'s turn, not {names[seat]}'s.", why)
    drawn = state["drawn"]
    if kind in ("draw", "pass") and drawn is not None:
        raise Refused(
            f"{names[seat]} has drawn {drawn['card']}: now it is placed or discarded.",
            [rule("draw")],
        )
    if kind in ("place", "discard") and drawn is None:
        raise Refused(
            f"{names[seat]} has not drawn yet: a turn starts with a card from the "
            "stock or the pile.",
            [rule("draw")],
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


def _average(total: int, frames: int) -> float | int:
    if not frames:
        return 0
    value = round(total / frames, 2)
    return int(value) if value == int(value) else value


def _fmt(value: float | int) -> str:
    return f"{value:g}" if isinstance(value, int) else f"{value:.2f}"


def _unique(rules: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(rules))


def _and(names: list[str]) -> str:
    return (
        " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]
    )


def _winner_names(state: JSON) -> str:
    return _and([state["players"][i] for i in state["winners"] or []])


# --- the game ------------------------------------------------------------------------

PLAYER = Field("player", "seat", "Who: seat number from 0, or the name.")
POSITION = Field(
    "position",
    "integer",
    "Row position 1-6, counted from the player's left.",
    minimum=1,
    maximum=6,
)
EXAMPLE_PLAYERS = ("Ann", "Bob", "Cy")
# Ann deals; Bob, on her left, is dealt first and plays first.
ROWS = (
    {"type": "row", "player": 1, "cards": "7H QD 5S KC 3D 9H"},
    {"type": "row", "player": 2, "cards": "4C 10S 8D 2H AS 6C"},
    {"type": "row", "player": 0, "cards": "JH 5D 3C 9S 7D 4H"},
)
UPCARD = {"type": "upcard", "card": "8C"}
DEALT = (*ROWS, UPCARD)
BOB_DRAWS = {"type": "draw", "player": 1, "source": "stock", "card": "3S"}


def _strike_out_frame() -> tuple[JSON, ...]:
    """Bob pairs all six to ten while Cy and Ann discard: the frame ends."""
    bob = ("3S", "KS", "5H", "10C", "7S", "AH")
    cy = ("9C", "8H", "6D", "4S", "2S")
    ann = ("QC", "JC", "10H", "6H", "5C")
    out: list[JSON] = list(DEALT)
    for k, card in enumerate(bob):
        out += [
            {"type": "draw", "player": 1, "source": "stock", "card": card},
            {"type": "place", "player": 1},
        ]
        if k < len(cy):
            for seat, drawn in ((2, cy[k]), (0, ann[k])):
                out += [
                    {"type": "draw", "player": seat, "source": "stock", "card": drawn},
                    {"type": "discard", "player": seat},
                ]
    return tuple(out)


FRAME_END = _strike_out_frame()
LAST_DRAWS = (*FRAME_END, {"type": "pass", "player": 2}, {"type": "pass", "player": 0})


def _example(event: JSON, setup: tuple[JSON, ...], title: str) -> Example:
    return Example(event, setup=setup, players=EXAMPLE_PLAYERS, title=title)


EVENTS = (
    EventKind(
        type="row",
        title="Deal a player's row",
        help="The six row cards dealt face up to one player, from the player's left "
        "to right. Every player's row comes before the hand cards.",
        fields=(
            PLAYER,
            Field(
                "cards",
                "cards",
                "Six cards, left to right, like 7H QD 5S KC 3D 9H.",
                minimum=ROW,
                maximum=ROW,
            ),
        ),
        examples=(_example(ROWS[0], (), "Bob's row: 7H QD 5S KC 3D 9H"),),
    ),
    EventKind(
        type="exchange",
        title="Give back a ten-count hand card",
        help="While the deal is finished, a hand card worth ten (10, J, Q) may be "
        "given back face up for a new one dealt face down. Lower cards are kept.",
        fields=(PLAYER, Field("card", "card", "The hand card given back.")),
        examples=(
            _example(
                {"type": "exchange", "player": 0, "card": "QS"},
                ROWS,
                "Ann gives back QS",
            ),
        ),
    ),
    EventKind(
        type="replace",
        title="Play a hand card on a row card",
        help="A hand card takes the place of a row card (uncovered, or an error with "
        "its cover): before play by anyone, later on the owner's turn. The cover "
        "and the row card are discarded, in that order.",
        fields=(
            PLAYER,
            POSITION,
            Field("card", "card", "The hand card played."),
        ),
        examples=(
            _example(
                {"type": "replace", "player": 1, "position": 2, "card": "KH"},
                ROWS,
                "Before play, Bob puts KH in place of his QD",
            ),
        ),
    ),
    EventKind(
        type="upcard",
        title="Start the pile",
        help="Once the rows and hand cards are dealt, one card is turned up from the "
        "stock to start the pile; the player left of the dealer plays first.",
        fields=(Field("card", "card", "The card turned up."),),
        examples=(_example(UPCARD, ROWS, "8C starts the pile"),),
    ),
    EventKind(
        type="draw",
        title="Draw",
        help="The player on turn draws the stock's top card (say which) or takes "
        "the pile's top card.",
        fields=(
            PLAYER,
            Field(
                "source",
                "choice",
                "Where the card came from: the stock or the pile.",
                choices=("stock", "pile"),
            ),
            Field(
                "card",
                "card",
                "The card drawn: needed from the stock; from the pile it is the "
                "known top card.",
                required=False,
            ),
        ),
        examples=(
            _example(BOB_DRAWS, DEALT, "Bob draws 3S from the stock"),
            _example(
                {"type": "draw", "player": 1, "source": "pile"},
                DEALT,
                "Bob takes 8C from the pile",
            ),
        ),
    ),
    EventKind(
        type="place",
        title="Place the drawn card as a cover",
        help="The drawn card covers the left-most row card still uncovered (a pair "
        "of ten or less), or, once all six are paired, replaces an error's cover "
        "to make ten.",
        fields=(
            Field("player", "seat", "Who: seat number from 0, or the name."),
            Field(
                "position",
                "integer",
                "Row position 1-6: needed only to say which error is improved; "
                "otherwise the left-most uncovered one.",
                required=False,
                minimum=1,
                maximum=6,
            ),
        ),
        examples=(
            _example(
                {"type": "place", "player": 1, "position": 1},
                (*DEALT, BOB_DRAWS),
                "Bob puts 3S on his 7H: a spare",
            ),
        ),
    ),
    EventKind(
        type="discard",
        title="Discard the drawn card",
        help="The drawn card goes on the pile; the turn ends and the next draw goes "
        "to the same row card.",
        fields=(PLAYER,),
        examples=(
            _example(
                {"type": "discard", "player": 1},
                (*DEALT, BOB_DRAWS),
                "Bob discards 3S",
            ),
        ),
    ),
    EventKind(
        type="pass",
        title="Let the last draw go",
        help="After a frame ends, each other player may draw once; one who does not "
        "want to passes.",
        fields=(PLAYER,),
        examples=(
            _example(
                {"type": "pass", "player": 2},
                FRAME_END,
                "Bob has six tens; Cy lets his last draw go",
            ),
        ),
    ),
    EventKind(
        type="show",
        title="Show the hand cards held",
        help="When the frame is scored, each player still holding hand cards shows "
        "them: they are deducted.",
        fields=(
            PLAYER,
            Field(
                "cards",
                "cards",
                "The hand cards still held, like 2D KS.",
                minimum=1,
                maximum=HAND,
            ),
        ),
        examples=(
            _example(
                {"type": "show", "player": 1, "cards": "AC 4D 8S"},
                LAST_DRAWS,
                "Bob still holds AC 4D 8S",
            ),
        ),
    ),
)

OPTIONS = (
    Option(
        "frames",
        "Frames",
        "How many frames make the game; the frames are averaged.",
        "integer",
        FRAMES,
        minimum=1,
        maximum=12,
    ),
    Option(
        "partial_improvement",
        "Partial improvement",
        "Once all six are paired, an error's cover may be replaced by one that "
        "raises it without reaching ten (off: only to make a spare or a strike).",
        "boolean",
        False,
    ),
)

TOOL_EXAMPLE = {
    "pairs": ["QH/KS", "10D/2C", "7S/3H", "9C/AD", "JK/5D", "4C"],
    "held": ["2D"],
}

GAME = Game(
    id=GAME_ID,
    title="Bowling cards",
    summary="The bowling pairing card game: pair six row cards to ten, left to "
    "right; strikes, spares and errors; six frames averaged. Three or four players, "
    "two decks with two jokers each.",
    source="The bowling card game text contributed by James Thomas (seed 000). "
    "Readings: only tens, jacks and queens may be exchanged (a king counts zero); "
    "improving an error must make ten (option: any rise); the deal passes left.",
    min_players=3,
    max_players=4,
    options=OPTIONS,
    events=EVENTS,
    start=start,
    apply=apply,
    view=view,
    tools=(
        Tool(
            name="frame",
            title="Bowling cards frame score",
            help="Six positions left to right, each the row card and its cover "
            "(QH/KS) or the row card alone if uncovered, and any hand cards still "
            "held: the frame's score and why.",
            fields=(
                Field(
                    "pairs",
                    "list",
                    "Six positions: row card/cover, like QH/KS 7S/3H 4C.",
                ),
                Field(
                    "held",
                    "cards",
                    "Hand cards still held at the frame's end, like 2D.",
                    required=False,
                    minimum=0,
                    maximum=HAND,
                ),
            ),
            run=frame_tool,
            example=TOOL_EXAMPLE,
            result=FRAME_RESULT,
        ),
    ),
    deck=DECK,
)
