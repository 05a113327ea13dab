"""The card-layout games' turn referee: the deal, turning up, draws, replacements,
discards, the end of play and the scoring of a deal (see ``referee.games.layout``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import partial
from typing import Any

from referee.games import cards
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.boards import recent
from referee.games.layout.board import pack_size
from referee.games.layout.board import packs_text
from referee.games.layout.board import prompt
from referee.games.layout.spec import Spec
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

# --- start ---------------------------------------------------------------------------
from referee.games.wording import and_
from referee.games.wording import winner_names


def start(layout: Spec, setup: Setup) -> JSON:
    """A new series: the first listed player deals the first deal."""
    n = len(setup.players)
    return {
        "players": list(setup.players),
        "teams": [],
        "options": dict(setup.options),
        "decks": layout.packs_for(n),
        "deal": 1,
        "dealer": 0,
        "phase": "deal",
        "layouts": [_fresh(layout) for _ in range(n)],
        "pile": [],
        "stock": 0,
        "turn": None,
        "drawn": None,
        "turns": [0] * n,
        "ender": None,
        "last_turns": [],
        "totals": [0] * n,
        "history": [],
        "last_deal": None,
        "winners": None,
    }


# --- the handlers ------------------------------------------------------------------


def finished(layout: Spec, state: JSON) -> Refused | None:
    """The refusal of any event once the series is over."""
    if state["phase"] != "over":
        return None
    names = winner_names(state)
    return Refused(f"The series is over: {names} won it.", [layout.rules.winner])


def _draw_offered(state: JSON) -> bool:
    return state["phase"] == "play" and state["drawn"] is None


def _replace_offered(state: JSON) -> bool:
    return state["phase"] == "play" and state["drawn"] is not None


def _discard_offered(state: JSON) -> bool:
    return _replace_offered(state) and state["drawn"]["source"] != "discard"


def _dealer(state: JSON) -> int:
    return int(state["dealer"])


def _everyone(state: JSON) -> range:
    # Cards are turned up by every player at once, each on their own layout: the
    # event's player says whose layout, so anyone may be named.
    return range(len(state["players"]))


def _in_turn(state: JSON) -> int | None:
    return state["turn"] if state["phase"] == "play" else None


def handlers(layout: Spec, types: Iterable[str]) -> dict[str, Handler]:
    """The handlers of the event ``types`` a game declares, in the order boards list
    what they expect (basketball has no ``flip``). Each names who may do it now
    (``actor``): the dealer deals, anyone turns up their own cards, and only the
    player in turn draws, replaces or discards."""
    every = {
        "deal": Handler(
            partial(_deal, layout), when=lambda s: s["phase"] == "deal", actor=_dealer
        ),
        "flip": Handler(
            partial(_flip, layout),
            when=lambda s: s["phase"] in ("reveal", "show"),
            actor=_everyone,
        ),
        "draw": Handler(partial(_draw, layout), when=_draw_offered, actor=_in_turn),
        "replace": Handler(
            partial(_replace, layout), when=_replace_offered, actor=_in_turn
        ),
        "discard": Handler(
            partial(_discard, layout), when=_discard_offered, actor=_in_turn
        ),
    }
    wanted = set(types)
    return {t: h for t, h in every.items() if t in wanted}


def _deal(layout: Spec, state: JSON, event: JSON) -> Step:
    if state["phase"] != "deal":
        raise Refused(
            f"Deal {state['deal']} is already under way: {prompt(layout, state)}",
            [layout.rules.deal],
        )
    n = len(state["players"])
    cleared = {**state, "layouts": [_fresh(layout)] * n, "pile": [], "drawn": None}
    upcard = _allowed(layout, cleared, event["upcard"], "upcard")
    first = (state["dealer"] + 1) % n
    new = {
        **state,
        "layouts": [_fresh(layout) for _ in range(n)],
        "pile": [upcard],
        "stock": pack_size(layout, state) - n * layout.size - 1,
        "drawn": None,
        "turns": [0] * n,
        "ender": None,
        "last_turns": [],
        "turn": first,
        "phase": "reveal" if layout.turn_up_before_play else "play",
    }
    names = state["players"]
    dealer = names[state["dealer"]]
    summary = (
        f"Deal {state['deal']}: {dealer} deals {layout.size} cards each face down "
        f"and turns up {upcard} to start the discard pile. "
    )
    rules = [layout.rules.packs, layout.rules.deal, layout.rules.positions]
    if layout.turn_up_before_play:
        summary += (
            f"Each player now turns {layout.turn_up_before_play} cards face up; "
            f"then {names[first]} plays first."
        )
        rules.append(layout.rules.turn_two_up)
    else:
        summary += (
            f"Each player may look once at the near row; {names[first]} plays first."
        )
        rules.append(layout.rules.peek)
    rules.append(layout.rules.turn_order)
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))


def _flip(layout: Spec, state: JSON, event: JSON) -> Step:
    """Golf only: a card turned up before play (two each) or at the end of play."""
    phase = state["phase"]
    names = state["players"]
    seat = event["player"]
    name = names[seat]
    if phase not in ("reveal", "show"):
        raise Refused(
            "Cards are turned up on their own only before play (two each) and when "
            f"play has ended. Now: {prompt(layout, state)}",
            [layout.rules.turn_two_up, layout.rules.show],
        )
    cells = state["layouts"][seat]
    pos = _position(layout, event["position"])
    up_now = sum(c["up"] for c in cells)
    if phase == "reveal" and up_now >= layout.turn_up_before_play:
        raise Refused(
            f"{name} has already turned up {layout.turn_up_before_play} cards; the "
            "others stay face down until play moves them.",
            [layout.rules.turn_two_up],
        )
    if cells[pos]["up"]:
        raise Refused(
            f"{name}'s position {pos + 1} is already face up ({cells[pos]['card']}).",
            [layout.rules.turn_two_up if phase == "reveal" else layout.rules.show],
        )
    card = _allowed(layout, state, event["card"], "card")
    layouts = _set_cell(state["layouts"], seat, pos, {"card": card, "up": True})
    new = {**state, "layouts": layouts}
    if phase == "reveal":
        rules = [layout.rules.turn_two_up, layout.rules.positions]
        summary = f"{name} turns up {card} at position {pos + 1}."
        if all(
            sum(c["up"] for c in cells_) >= layout.turn_up_before_play
            for cells_ in layouts
        ):
            new["phase"] = "play"
            first = names[state["turn"]]
            summary += f" Everyone has two face up: {first} plays first."
            rules.append(layout.rules.turn_order)
        return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))
    summary = f"{name}'s position {pos + 1} is turned up for the scoring: {card}."
    rules = [layout.rules.show, layout.rules.positions]
    if all(c["up"] for cells_ in layouts for c in cells_):
        return _score_deal(layout, new, summary, rules)
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))


def _draw(layout: Spec, state: JSON, event: JSON) -> Step:
    seat = _on_turn(layout, state, event, "draw")
    names = state["players"]
    name = names[seat]
    source = event["source"]
    rules = [layout.rules.draw]
    new = dict(state)
    if source == "discard":
        pile, named = state["pile"], "The top discard"
        top = cards.take_top(
            pile, event.get("card"), seat=seat, source=source, named=named
        )
        new["pile"] = pile[:-1]
        new["drawn"] = {"card": top, "source": "discard"}
        summary = f"{name} takes the discard {top}; it must replace a layout card."
        rules.append(layout.rules.taken_discard)
    else:
        cards.stock_card(event.get("card"), seat=seat)
        stock = state["stock"]
        pile = list(state["pile"])
        if stock <= 0:
            # Reading: the discards under the top card become the new stock.
            rebuilt = cards.restocked(pile)
            rules.append(layout.rules.stock_out)
            if rebuilt is None:
                raise Refused(
                    "The stock and the discard pile are both spent: the deal cannot "
                    "go on. Undo to the last good event or start the deal again.",
                    [layout.rules.stock_out],
                )
            stock, pile = rebuilt
        new["pile"] = pile
        new["stock"] = stock
        card = _allowed(layout, new, event["card"], "card")
        new["stock"] = stock - 1
        new["drawn"] = {"card": card, "source": "stock"}
        then = (
            "replace a face-down card, or discard it and turn one up"
            if layout.discard_turns_up
            else "replace a layout card, or discard it"
        )
        summary = f"{name} draws {card} from the stock: {then}."
        if len(rules) > 1:
            summary = "The stock ran out: the discards under the top card are "
            summary += f"shuffled into a new stock. {name} draws {card}: {then}."
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))


def _replace(layout: Spec, state: JSON, event: JSON) -> Step:
    seat = _on_turn(layout, state, event, "replace")
    name = state["players"][seat]
    drawn = state["drawn"]
    pos = _position(layout, event["position"])
    cell = state["layouts"][seat][pos]
    rules = [layout.rules.replace, layout.rules.positions]
    if drawn["source"] == "discard":
        rules.append(layout.rules.taken_discard)
    given = event.get("replaced")
    if cell["up"]:
        if not layout.replace_face_up:
            raise Refused(
                f"Position {pos + 1} is face up ({cell['card']}): a drawn card may "
                "replace only a face-down card.",
                rules,
            )
        out = cell["card"]
        if given is not None and given != out:
            raise BadInput(
                f"Position {pos + 1} holds {out}, not {given}.", field="replaced"
            )
    else:
        if given is None:
            raise BadInput(
                f"'replaced' is missing: position {pos + 1} was face down, so say "
                "which card came out of it (it goes face up on the discard pile).",
                field="replaced",
                example=f'{{"type": "replace", "player": {seat}, "position": '
                f'{pos + 1}, "replaced": "KD"}}',
                label="Card that comes out",
                sample="KD",
            )
        # The drawn card has left the known cards' count only once it is placed.
        out = _allowed(layout, state, given, "replaced")
        rules.append(layout.rules.face_down_unseen)
    layouts = _set_cell(
        state["layouts"], seat, pos, {"card": drawn["card"], "up": True}
    )
    new = {**state, "layouts": layouts, "pile": [*state["pile"], out], "drawn": None}
    summary = (
        f"{name} puts {drawn['card']} at position {pos + 1}; {out} goes face up on "
        "the discard pile."
    )
    return _end_turn(layout, new, seat, summary, rules)


def _discard(layout: Spec, state: JSON, event: JSON) -> Step:
    seat = _on_turn(layout, state, event, "discard")
    name = state["players"][seat]
    drawn = state["drawn"]
    if drawn["source"] == "discard":
        raise Refused(
            f"{name} took {drawn['card']} from the discard pile, so it must replace "
            "a layout card: putting it straight back would leave the table as it was.",
            [layout.rules.taken_discard, layout.rules.discard],
        )
    rules = [layout.rules.discard]
    new = {**state, "pile": [*state["pile"], drawn["card"]], "drawn": None}
    summary = f"{name} discards {drawn['card']}"
    if layout.discard_turns_up:
        if event.get("position") is None or event.get("card") is None:
            missing = "position" if event.get("position") is None else "card"
            raise BadInput(
                f"'{missing}' is missing: after discarding a stock card, {name} "
                "turns one face-down card up; give its position and the card.",
                field=missing,
                example=f'{{"type": "discard", "player": {seat}, "position": 3, '
                '"card": "9C"}',
            )
        pos = _position(layout, event["position"])
        if state["layouts"][seat][pos]["up"]:
            raise Refused(
                f"Position {pos + 1} is already face up: turn up a face-down card.",
                rules,
            )
        card = _allowed(layout, new, event["card"], "card")
        new["layouts"] = _set_cell(
            state["layouts"], seat, pos, {"card": card, "up": True}
        )
        summary += f" and turns up {card} at position {pos + 1}."
        rules.append(layout.rules.positions)
    else:
        if event.get("position") is not None or event.get("card") is not None:
            raise BadInput(
                "In this game a discarded stock card ends the turn: nothing is "
                "turned up, so send no 'position' or 'card'.",
                field="position",
                example=f'{{"type": "discard", "player": {seat}}}',
            )
        summary += "; the layout stays as it was."
    return _end_turn(layout, new, seat, summary, rules)


def _end_turn(
    layout: Spec, state: JSON, seat: int, summary: str, rules: list[str]
) -> Step:
    """Count the turn, pass it on, and end play when the game says so."""
    names = state["players"]
    n = len(names)
    turns = list(state["turns"])
    turns[seat] += 1
    new = {**state, "turns": turns, "turn": (seat + 1) % n}
    options: list[str] = []
    if layout.turns_each is not None:
        if all(t >= layout.turns_each for t in turns):
            rules = [*rules, layout.rules.ten_turns]
            summary += f" Everyone has had {layout.turns_each} turns: all is face up."
            return _score_deal(layout, {**new, "turn": None}, summary, rules)
        summary += f" {names[new['turn']]} to play."
        return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))
    # Golf: play ends as soon as one layout is all face up (or after last turns).
    last_turns = list(state["last_turns"])
    if seat in last_turns:
        last_turns.remove(seat)
        new["last_turns"] = last_turns
    all_up = all(c["up"] for c in new["layouts"][seat])
    ending = False
    if all_up and state["ender"] is None:
        rules = [*rules, layout.rules.end_of_play, layout.rules.last_turns]
        options.append("last_turns")
        new["ender"] = seat
        if state["options"].get("last_turns"):
            last_turns = [(seat + k) % n for k in range(1, n)]
            new["last_turns"] = last_turns
            summary += (
                f" All six of {names[seat]}'s cards are face up: each other player "
                "has one last turn."
            )
        else:
            summary += f" All six of {names[seat]}'s cards are face up: play ends."
            ending = True
    elif state["ender"] is not None:
        rules = [*rules, layout.rules.last_turns]
        options.append("last_turns")
        ending = not last_turns
        if ending:
            summary += " That was the last turn: play ends."
    if not ending:
        if last_turns:
            new["turn"] = last_turns[0]
        summary += f" {names[new['turn']]} to play."
        return Step(
            new, Ruling(Verdict.OK, summary, tuple(rules), options=tuple(options))
        )
    new["turn"] = None
    new["last_turns"] = []
    rules = [*rules, layout.rules.show]
    if all(c["up"] for cells in new["layouts"] for c in cells):
        return _score_deal(layout, new, summary, rules, tuple(options))
    new["phase"] = "show"
    summary += " Turn up the face-down cards for the scoring."
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules), options=tuple(options)))


def _score_deal(
    layout: Spec,
    state: JSON,
    summary: str,
    rules: list[str],
    options: tuple[str, ...] = (),
) -> Step:
    names = state["players"]
    n = len(names)
    scores = [
        layout.score([c["card"] for c in cells], state["options"])
        for cells in state["layouts"]
    ]
    totals = [state["totals"][i] + scores[i].points for i in range(n)]
    rules = list(rules)
    for s in scores:
        rules.extend(s.rules)
    if layout.rules.jokers and layout.rules.jokers in rules:
        options = (*options, "jokers")  # a joker's minus two changed the scores
    record = {
        "deal": state["deal"],
        "dealer": names[state["dealer"]],
        "scores": {names[i]: scores[i].points for i in range(n)},
        "totals": {names[i]: totals[i] for i in range(n)},
        "layouts": {
            names[i]: [c["card"] for c in state["layouts"][i]] for i in range(n)
        },
        "breakdown": {names[i]: scores[i].to_json() for i in range(n)},
    }
    line = ", ".join(f"{names[i]} {scores[i].points}" for i in range(n))
    summary += f" Deal {state['deal']} scores: {line}."
    new = {
        **state,
        "totals": totals,
        # the breakdown (why each column scored) is the last deal's only: a deal's
        # row in the history needs its scores, and its layouts say the rest
        "history": recent(state["history"], _without_breakdown(record)),
        "last_deal": record,
        "turn": None,
        "drawn": None,
    }
    verdict = Verdict.OK
    if state["deal"] >= state["options"]["deals"]:
        best = min(totals) if layout.lowest_wins else max(totals)
        winners = [i for i in range(n) if totals[i] == best]
        new.update(phase="over", winners=winners)
        who = and_([names[i] for i in winners])
        word = "lowest" if layout.lowest_wins else "highest"
        tie = " (a tie)" if len(winners) > 1 else ""
        summary += (
            f" After {state['deal']} deals {who} wins{tie} with the {word} "
            f"total, {best}."
        )
        rules += [layout.rules.deals, layout.rules.winner]  # the last deal ends it
        verdict = Verdict.WIN
    else:
        standing = ", ".join(f"{names[i]} {totals[i]}" for i in range(n))
        summary += (
            f" Totals: {standing}. {names[(state['dealer'] + 1) % n]} deals next."
        )
        new.update(
            phase="deal",
            deal=state["deal"] + 1,
            dealer=(state["dealer"] + 1) % n,
        )
        rules.append(layout.rules.deals)
    ruling = Ruling(
        verdict,
        summary,
        tuple(dict.fromkeys(rules)),
        score={names[i]: scores[i].points for i in range(n)},
        options=options,
    )
    return Step(new, ruling)


# --- private helpers ---------------------------------------------------------------


def _fresh(layout: Spec) -> list[JSON]:
    return [{"card": None, "up": False} for _ in range(layout.size)]


def _set_cell(
    layouts: list[list[JSON]], seat: int, pos: int, cell: JSON
) -> list[list[JSON]]:
    mine = [dict(c) for c in layouts[seat]]
    mine[pos] = cell
    return [
        mine if i == seat else [dict(c) for c in cs] for i, cs in enumerate(layouts)
    ]


def _position(layout: Spec, value: Any) -> int:
    if not isinstance(value, int) or not 1 <= value <= layout.size:
        raise BadInput(
            f"Positions go from 1 to {layout.size} ({_grid_text(layout)}); "
            f"'{value}' given.",
            field="position",
            example="3",
        )
    return value - 1


def _grid_text(layout: Spec) -> str:
    far = " ".join(str(k + 1) for k in range(layout.cols))
    near = " ".join(str(layout.cols + k + 1) for k in range(layout.cols))
    return f"far row {far}, near row {near}"


def _on_turn(layout: Spec, state: JSON, event: JSON, kind: str) -> int:
    """The seat on turn, after checking the phase and that the event fits it."""
    names = state["players"]
    if state["phase"] != "play":
        # Cite the rule that says what has to happen first.
        rules = layout.rules
        why = {
            "deal": [rules.deal],
            "reveal": [rules.turn_two_up],
            "show": [rules.end_of_play, rules.show],
        }[state["phase"]]
        if state["phase"] == "deal" and layout.turns_each and state["last_deal"]:
            why.append(rules.ten_turns)  # a turn after everyone's last one
        if state["phase"] == "show" and state["options"].get("last_turns"):
            why.append(rules.last_turns)  # the last turns are over too
        raise Refused(f"No turns are being played now. {prompt(layout, state)}", why)
    seat = state["turn"]
    if event["player"] != seat:
        raise Refused(
            f"{names[event['player']]} is out of turn: it is {names[seat]}'s turn.",
            [layout.rules.turn_order],
        )
    if kind == "draw" and state["drawn"] is not None:
        raise Refused(
            f"{names[seat]} has already drawn {state['drawn']['card']}: "
            "now it replaces a layout card or is discarded.",
            [layout.rules.draw],
        )
    if kind != "draw" and state["drawn"] is None:
        # only a drawn card is placed or discarded: cite the rule of the act too
        act = layout.rules.replace if kind == "replace" else layout.rules.discard
        raise Refused(
            f"{names[seat]} has not drawn yet: a turn starts with the stock's top "
            "card or the top discard.",
            [layout.rules.draw, act],
        )
    return seat


def _allowed(layout: Spec, state: JSON, card: str, field: str) -> str:
    """A card entering view must exist in the packs this table uses (copies counted)."""
    jokers = layout.jokers_per_pack(state["options"])
    if card == cards.JOKER and not jokers:
        raise BadInput(
            "There are no jokers in this game (the 'jokers' option is off).",
            field=field,
            example="7H",
        )
    copies = state["decks"] * (jokers if card == cards.JOKER else 1)
    seen = Counter(
        c["card"] for cells in state["layouts"] for c in cells if c["up"]
    ) + Counter(state["pile"])
    if state["drawn"]:
        seen[state["drawn"]["card"]] += 1
    if seen[card] + 1 > copies:
        packs = packs_text(layout, state)
        have = "one" if copies == 1 else str(copies)
        times = "once" if seen[card] == 1 else f"{seen[card]} times"
        raise BadInput(
            f"{card} is already on the table {times}, and {packs} hold {have} "
            f"{cards.describe(card)}{'s' if copies > 1 else ''}: check the card.",
            field=field,
            example="7H",
        )
    return card


def _without_breakdown(record: JSON) -> JSON:
    return {k: v for k, v in record.items() if k != "breakdown"}
