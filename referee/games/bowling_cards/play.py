"""Bowling cards, the turn referee: the deal, turns, the frame's end, the view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from referee.games import cards
from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import Refused
from referee.games.base import Ruling
from referee.games.base import Setup
from referee.games.base import Step
from referee.games.base import Verdict
from referee.games.base import board
from referee.games.bowling_cards.scoring import ALL_STRIKES_BONUS
from referee.games.bowling_cards.scoring import DECK
from referee.games.bowling_cards.scoring import DECK_SIZE
from referee.games.bowling_cards.scoring import HAND
from referee.games.bowling_cards.scoring import ROW
from referee.games.bowling_cards.scoring import STRIKE_BONUS
from referee.games.bowling_cards.scoring import frame_json
from referee.games.bowling_cards.scoring import held_value
from referee.games.bowling_cards.scoring import pair
from referee.games.bowling_cards.scoring import rule
from referee.games.bowling_cards.scoring import score_frame
from referee.games.bowling_cards.scoring import ten_count
from referee.games.bowling_cards.scoring import values

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
    if state["held"][seat] <= 0:
        raise Refused(
            f"{name} has no hand cards left to give back.",
            [rule("exchange"), rule("hand-cards")],
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
        "down; a new one worth ten goes back too; anything lower is kept."
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
        top = cards.take_top(
            state["pile"],
            event.get("card"),
            seat=seat,
            source="pile",
            named="The pile's top card",
        )
        new["pile"] = state["pile"][:-1]
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
                    [rule("deck")],
                )
            new["stock"], new["pile"] = rebuilt
            rules.append(rule("deck"))
            summary = "The stock ran out: the pile under its top card is shuffled "
            summary += "into a new stock. "
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
        if got.kind == "over":
            raise Refused(
                f"{got.why}: a pair may not go over ten, so {card} must be discarded.",
                [*rules, *got.rules],
            )
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
    rows = _set(state["rows"], seat, pos, {"row": row, "cover": card})
    new = {**state, "rows": rows, "drawn": None}
    summary = f"{name} puts {card} on {row} at position {pos + 1}: {got.why}."
    rules += list(got.rules)
    if old is not None:
        new["pile"] = [*state["pile"], old]
        summary += f" The old cover {old} is discarded."
    if got.kind in ("strike", "spare"):
        rules.append(rule("ten-covers"))
    if got.kind == "strike":
        run = _strike_run(rows[seat], pos)
        if run > 1:
            bonus = ALL_STRIKES_BONUS if run == ROW else STRIKE_BONUS * (run - 1)
            summary += f" {run} strikes in a row so far: a bonus of {bonus}."
            rules.append(rule("strike-bonus"))
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
        rules += [rule("average"), rule("winner")]
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


# --- private helpers ---------------------------------------------------------------


def _target(cells: list[JSON] | None) -> int | None:
    """The left-most row card without a cover (None: all six are paired)."""
    for i, c in enumerate(cells or []):
        if c["cover"] is None:
            return i
    return None


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
