"""Gin rummy for two: the up-card, knocks, gin, undercuts and the game to 100.

Events (the play between the first draw and the knock is not tracked):

* ``upcard`` ``{"player": 1, "take": false}``: the first turn's choice of the up-card,
  the non-dealer first, then the dealer. Optional: a knock may be reported without it.
* ``knock`` ``{"knocker": 0, "knocker_hand": "...", "opponent_hand": "..."}``: the
  knocker's 10 cards after the discard (11 for big gin with the common preset) and the
  opponent's 10. The engine arranges both, lays off and scores.
* ``knock_counts`` ``{"knocker": 0, "knocker_count": 6, "opponent_count": 31,
  "gin": false, "big_gin": false}``: the same ruling from counts the players made
  (the opponent's after lay-offs).
* ``cancel`` ``{}``: the stock ran down to two cards without a knock.

``view(state)["detail"]`` holds ``dealer``, ``non_dealer`` (names), ``hand`` (the deal
number), ``phase`` (``upcard-non-dealer``, ``upcard-dealer``, ``play`` or ``over``),
``preset``, ``target``, ``values`` (the bonuses in force), ``last_hand`` (see
``_hand_record``), ``history`` (one entry per hand, the latest ``HISTORY_WINDOW``;
``GAME.history`` folds them all from the log) and ``settlement`` (at the end).
Each side is ``{"name", "score", "hands_won"}``; ``score`` counts the hand points only,
the bonuses are in the settlement.
"""

from __future__ import annotations

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
from referee.games.base import recent
from referee.games.gin_rummy import melds
from referee.games.gin_rummy import scoring
from referee.games.gin_rummy import service
from referee.games.gin_rummy.scoring import PRESETS

GAME_ID = "gin-rummy"
HAND_EVENTS = ["knock", "knock_counts", "cancel"]
FIRST_TURN_PHASES = ("upcard-non-dealer", "upcard-dealer")
MAX_COUNT = 98  # the most deadwood ten cards can hold (no three of a rank, no run)
RESULT_TITLES = {
    "knock": "Knock",
    "undercut": "Undercut",
    "gin": "Gin",
    "big-gin": "Big gin",
    "cancelled": "Cancelled",
}


# --- start ---------------------------------------------------------------------------


def start(setup: Setup) -> JSON:
    """A new game: the first player listed deals the first hand."""
    return {
        "players": list(setup.players),
        "teams": [],
        "options": dict(setup.options),
        "dealer": 0,
        "hand": 1,
        "phase": "upcard-non-dealer",
        "scores": [0, 0],
        "hands_won": [0, 0],
        "history": [],
        "last_hand": None,
        "settlement": None,
        "winner": None,
    }


# --- apply ---------------------------------------------------------------------------


def apply(state: JSON, event: JSON) -> Step:
    """Rule on one event; the input state is left as it was."""
    if state["winner"] is not None:
        winner = state["players"][state["winner"]]
        raise Refused(f"The game is over: {winner} won it.", [scoring.GAME])
    match event["type"]:
        case "upcard":
            return _upcard(state, event)
        case "knock":
            return _knock(state, event)
        case "knock_counts":
            return _knock_counts(state, event)
        case "cancel":
            return _cancel(state)
    raise BadInput(f"'{event['type']}' is not an event of gin rummy.", field="type")


def _upcard(state: JSON, event: JSON) -> Step:
    dealer = state["dealer"]
    names = state["players"]
    player = event["player"]
    take = event["take"]
    phase = state["phase"]
    if phase not in FIRST_TURN_PHASES:
        raise Refused(
            "The first turn of this hand is over: the up-card choice has been made.",
            [scoring.FIRST_TURN],
        )
    if phase == "upcard-non-dealer" and player == dealer:
        raise Refused(
            f"{names[dealer]} dealt, so {names[1 - dealer]} chooses the up-card first.",
            [scoring.FIRST_TURN],
        )
    if phase == "upcard-dealer" and player != dealer:
        raise Refused(
            f"{names[player]} already passed the up-card; now {names[dealer]}, "
            "the dealer, takes it or passes.",
            [scoring.FIRST_TURN],
        )
    name = names[player]
    if take:
        summary = f"{name} takes the up-card and discards; play goes on."
        phase = "play"
    elif player != dealer:
        summary = f"{name} passes the up-card; {names[dealer]} may take it."
        phase = "upcard-dealer"
    else:
        stock = names[1 - dealer]
        summary = f"{name} passes too: {stock} draws from the stock; play goes on."
        phase = "play"
    ruling = Ruling(Verdict.OK, summary, (scoring.FIRST_TURN,))
    return Step({**state, "phase": phase}, ruling)


def _knock(state: JSON, event: JSON) -> Step:
    names = state["players"]
    knocker = event["knocker"]
    opponent = 1 - knocker
    hand = list(event["knocker_hand"])
    other = list(event["opponent_hand"])
    mine = set(hand)
    for card in other:
        if card in mine:
            raise BadInput(
                f"{card} ({cards.describe(card)}) is in both hands; a deck has one.",
                field="opponent_hand",
            )
    values = PRESETS[state["options"]["preset"]]
    name = names[knocker]
    if len(hand) == 11:
        kept = melds.arrange(hand)
        if values.big_gin_bonus is None:
            raise Refused(
                f"{name} has 11 cards: discard one and knock with 10 (big gin is "
                "played only with the common preset).",
                [scoring.KNOCK, scoring.BIG_GIN, scoring.PRESET],
                options=("preset",),
            )
        if kept.count:
            raise Refused(
                f"Big gin needs all 11 cards in sets; {name} has {kept.count} "
                "deadwood: discard one and knock with 10.",
                [scoring.BIG_GIN],
            )
        theirs = melds.arrange(other)
        spread = melds.Spread((), theirs, theirs.count)  # nothing lays off on gin
        big_gin = True
    else:
        kept, spread = melds.spread_knock(hand, other)
        if kept.count > melds.KNOCK_LIMIT:
            raise Refused(
                f"That knock is illegal: {kept.count} deadwood. {name} may knock "
                f"with {melds.KNOCK_LIMIT} or less.",
                [scoring.KNOCK, scoring.DEADWOOD],
            )
        big_gin = False
    score = scoring.score_hand(
        knocker, kept.count, spread.kept.count, values, big_gin=big_gin
    )
    laid = [lo.card for lo in spread.layoffs]
    record = _hand_record(
        state,
        knocker,
        score,
        kept.count,
        spread.kept.count,
        entered="cards",
        knocker_melds=[list(m) for m in kept.melds],
        knocker_deadwood=list(kept.deadwood),
        opponent_melds=[list(m) for m in spread.kept.melds],
        opponent_deadwood=list(spread.kept.deadwood),
        opponent_count_before=spread.count_before,
        layoffs=[
            {"card": lo.card, "meld": lo.meld, "onto": list(kept.melds[lo.meld])}
            for lo in spread.layoffs
        ],
    )
    rules = [scoring.SPREAD]
    if laid:
        rules.append(scoring.LAY_OFF)
    return _score(state, record, score, rules, laid, opponent)


def _knock_counts(state: JSON, event: JSON) -> Step:
    names = state["players"]
    knocker = event["knocker"]
    count = event["knocker_count"]
    other = event["opponent_count"]
    values = PRESETS[state["options"]["preset"]]
    name = names[knocker]
    big_gin = bool(event.get("big_gin", False))
    if event.get("gin") is True and count:
        raise BadInput(
            f"Gin means no deadwood, but {name}'s count is {count}.", field="gin"
        )
    if event.get("gin") is False and count == 0 and not big_gin:
        raise BadInput(
            f"A knock with no deadwood is gin: set 'gin' for {name}.", field="gin"
        )
    if big_gin:
        if values.big_gin_bonus is None:
            raise Refused(
                "Big gin is played only with the common preset; "
                f"{name} discards and goes gin with 10 cards.",
                [scoring.BIG_GIN, scoring.PRESET],
                options=("preset",),
            )
        if count:
            raise BadInput(
                f"Big gin means all 11 cards in sets, but {name}'s count is {count}.",
                field="big_gin",
            )
    if count > melds.KNOCK_LIMIT:
        raise Refused(
            f"That knock is illegal: {count} deadwood. {name} may knock "
            f"with {melds.KNOCK_LIMIT} or less.",
            [scoring.KNOCK],
        )
    score = scoring.score_hand(knocker, count, other, values, big_gin=big_gin)
    record = _hand_record(state, knocker, score, count, other, entered="counts")
    return _score(state, record, score, [], [], 1 - knocker)


def _cancel(state: JSON) -> Step:
    dealer = state["players"][state["dealer"]]
    hand = state["hand"]
    record = _hand_record(state, None, None, None, None, entered="none")
    summary = (
        f"Hand {hand} is cancelled: the stock is down to two cards with no knock. "
        f"No score; {dealer} deals again."
    )
    record["summary"] = summary
    new = {
        **state,
        "hand": hand + 1,
        "phase": "upcard-non-dealer",
        "last_hand": record,
        "history": recent(state["history"], _history_entry(state, record)),
    }
    return Step(new, Ruling(Verdict.VOID, summary, (scoring.CANCELLED, scoring.DEAL)))


def _score(
    state: JSON,
    record: JSON,
    score: scoring.HandScore,
    rules: list[str],
    laid: list[str],
    opponent: int,
) -> Step:
    """Book a scored hand, end the game if the target is reached, and rule."""
    names = state["players"]
    options = state["options"]
    knocker = 1 - opponent
    scores = list(state["scores"])
    scores[score.winner] += score.points
    hands_won = list(state["hands_won"])
    hands_won[score.winner] += 1
    summary = _hand_summary(names, knocker, record, score, laid)
    rules = [*score.rules, *rules]
    changed: list[str] = []
    standard = _standard_score(knocker, record, score)
    if standard is None or standard.points != score.points:
        changed.append("preset")
        rules.append(scoring.PRESET)  # the preset's values made this score
    target = options["target"]
    over = scores[score.winner] >= target
    if over != (scores[score.winner] >= scoring.TARGET):
        changed.append("target")
    new: JSON = {
        **state,
        "scores": scores,
        "hands_won": hands_won,
        "dealer": 1 - state["dealer"],
        "hand": state["hand"] + 1,
        "phase": "upcard-non-dealer",
    }
    verdict = Verdict.OK
    if over:
        done = scoring.settle(scores, hands_won, score.winner)
        settlement = _settlement_json(names, done)
        summary += " " + _settlement_summary(names, done, target)
        rules += [
            scoring.GAME,
            scoring.GAME_BONUS_RULE,
            scoring.LINE_BONUS_RULE,
            scoring.SETTLEMENT,
        ]
        new.update(
            dealer=state["dealer"],
            hand=state["hand"],
            phase="over",
            winner=score.winner,
            settlement=settlement,
        )
        verdict = Verdict.WIN
    else:
        leader = 0 if scores[0] >= scores[1] else 1
        if scores[0] == scores[1]:
            summary += f" {scores[0]} all."
        else:
            summary += (
                f" {names[leader]} leads {scores[leader]} to {scores[1 - leader]}."
            )
    record["summary"] = summary
    new["last_hand"] = record
    new["history"] = recent(state["history"], _history_entry(state, record, scores))
    ruling = Ruling(
        verdict,
        summary,
        tuple(dict.fromkeys(rules)),
        score={names[score.winner]: score.points},
        options=tuple(changed),
    )
    return Step(new, ruling)


def _standard_score(
    knocker: int, record: JSON, score: scoring.HandScore
) -> scoring.HandScore | None:
    """The same hand under the standard values (None: not possible there)."""
    if score.result == "big-gin":
        return None
    return scoring.score_hand(
        knocker,
        record["knocker_count"],
        record["opponent_count"],
        PRESETS["standard"],
    )


def _hand_summary(
    names: list[str],
    knocker: int,
    record: JSON,
    score: scoring.HandScore,
    laid: list[str],
) -> str:
    k, o = names[knocker], names[1 - knocker]
    mine, theirs = record["knocker_count"], record["opponent_count"]
    after = f" after laying off {' '.join(laid)}" if laid else ""
    if score.result == "big-gin":
        return (
            f"{k} goes big gin; {o} has {theirs}: {k} scores "
            f"{score.bonus} + {theirs} = {score.points}."
        )
    if score.result == "gin":
        return (
            f"{k} goes gin; {o} has {theirs}: {k} scores "
            f"{score.bonus} + {theirs} = {score.points}."
        )
    if score.result == "knock":
        return (
            f"{k} knocks with {mine}; {o} has {theirs}{after}: {k} scores "
            f"{theirs} - {mine} = {score.points}."
        )
    return (
        f"{k} knocks with {mine} but {o} has {theirs}{after}: undercut! {o} scores "
        f"{score.base} + {score.bonus} = {score.points}."
    )


def _settlement_summary(names: list[str], done: scoring.Settlement, target: int) -> str:
    w = names[done.winner]
    bonus = "shutout bonus" if done.shutout else "game bonus"
    text = (
        f"{w} reaches {done.points[done.winner]} of {target} and wins the game "
        f"({bonus} {done.game_bonus}). With line bonuses: {names[0]} "
        f"{done.totals[0]}, {names[1]} {done.totals[1]}; "
    )
    if done.payer is None:
        return text + "nobody pays."
    payer = names[done.payer]
    return text + f"{payer} pays {names[1 - done.payer]} {done.amount}."


def _settlement_json(names: list[str], done: scoring.Settlement) -> JSON:
    def by_name(pair: tuple[int, int]) -> JSON:
        return {names[0]: pair[0], names[1]: pair[1]}

    return {
        "winner": names[done.winner],
        "loser": names[1 - done.winner],
        "points": by_name(done.points),
        "game_bonus": done.game_bonus,
        "shutout": done.shutout,
        "line_bonus": by_name(done.line_bonus),
        "hands_won": by_name(
            (
                done.line_bonus[0] // scoring.LINE_BONUS,
                done.line_bonus[1] // scoring.LINE_BONUS,
            )
        ),
        "totals": by_name(done.totals),
        "payer": None if done.payer is None else names[done.payer],
        "payee": None if done.payer is None else names[1 - done.payer],
        "amount": done.amount,
    }


def _hand_record(
    state: JSON,
    knocker: int | None,
    score: scoring.HandScore | None,
    knocker_count: int | None,
    opponent_count: int | None,
    *,
    entered: str,
    **arranged: Any,
) -> JSON:
    """The last hand as the page shows it; every key is always present.

    ``entered`` is "cards" (arrangements below are filled), "counts" (only the
    counts were reported) or "none" (a cancelled hand). ``layoffs`` are
    ``{"card", "meld", "onto"}``: ``meld`` indexes ``knocker_melds``. The words
    are the engine's so that the page decides nothing: ``title`` names the result,
    ``formula`` shows the points worked out ("30 − 8 = 22"), ``account`` tells the
    hand in one sentence, ``line`` is its row in the history and ``layoff_note``
    says why nothing was laid off (empty when that needs no saying).
    """
    names = state["players"]
    layoffs = arranged.get("layoffs", [])
    record: JSON = {
        "hand": state["hand"],
        "dealer": names[state["dealer"]],
        "result": score.result if score else "cancelled",
        "title": RESULT_TITLES[score.result if score else "cancelled"],
        "entered": entered,
        "knocker": None if knocker is None else names[knocker],
        "opponent": None if knocker is None else names[1 - knocker],
        "knocker_count": knocker_count,
        "opponent_count": opponent_count,
        "opponent_count_before": arranged.get("opponent_count_before"),
        "knocker_melds": arranged.get("knocker_melds", []),
        "knocker_deadwood": arranged.get("knocker_deadwood", []),
        "opponent_melds": arranged.get("opponent_melds", []),
        "opponent_deadwood": arranged.get("opponent_deadwood", []),
        "layoffs": layoffs,
        "winner": None if score is None else names[score.winner],
        "points": score.points if score else 0,
        "bonus": score.bonus if score else 0,
        "formula": "",
        "account": "",
        "line": "cancelled",
        "layoff_note": "",
        "summary": "",
    }
    if knocker is None or score is None or knocker_count is None:
        dealer = names[state["dealer"]]
        record["account"] = (
            f"No score: the stock ran down to two cards. {dealer} deals again."
        )
        return record
    k, o = names[knocker], names[1 - knocker]
    theirs = opponent_count
    gin = score.result in ("gin", "big-gin")
    if gin:
        name = "big gin" if score.result == "big-gin" else "gin"
        record["formula"] = f"{score.bonus} {name} bonus + {theirs} = {score.points}"
        record["account"] = f"{k} went {name}; {o} counted {theirs}."
        record["line"] = f"{k} {name}, +{score.points}"
        record["layoff_note"] = f"No lay-offs on {name}."
        return record
    laid = entered == "counts" or bool(layoffs)
    after = " after laying off" if laid else ""
    record["account"] = (
        f"{k} knocked with {knocker_count}; {o} counted {theirs}{after}."
    )
    if score.result == "knock":
        record["formula"] = f"{theirs} − {knocker_count} = {score.points}"
        record["line"] = f"{k} knocks {knocker_count} v {theirs}, +{score.points}"
    else:
        record["formula"] = (
            f"{knocker_count} − {theirs} = {score.base} + {score.bonus} "
            f"undercut bonus = {score.points}"
        )
        record["line"] = f"{o} undercuts {k}, +{score.points}"
    return record


def _history_entry(state: JSON, record: JSON, scores: list[int] | None = None) -> JSON:
    names = state["players"]
    scores = scores or list(state["scores"])
    return {
        "hand": record["hand"],
        "dealer": record["dealer"],
        "result": record["result"],
        "knocker": record["knocker"],
        "knocker_count": record["knocker_count"],
        "opponent_count": record["opponent_count"],
        "winner": record["winner"],
        "points": record["points"],
        "line": record["line"],
        "scores": {names[0]: scores[0], names[1]: scores[1]},
    }


# --- view ----------------------------------------------------------------------------


def view(state: JSON) -> JSON:
    """The scoreboard: hand points and hands won, the dealer, the last hand."""
    names = state["players"]
    dealer = state["dealer"]
    phase = state["phase"]
    sides = [
        {
            "name": names[i],
            "score": state["scores"][i],
            "hands_won": state["hands_won"][i],
        }
        for i in (0, 1)
    ]
    hand = f"Hand {state['hand']}, {names[dealer]} deals"
    winner = None
    turn = None
    if phase == "over":
        done = state["settlement"]
        winner = done["winner"]
        expects: list[str] = []
        prompt = f"{winner} wins the game."
        if done["payer"]:
            prompt += f" {done['payer']} pays {done['payee']} {done['amount']}."
        board_phase = "over"
    elif phase == "upcard-non-dealer":
        turn = names[1 - dealer]
        expects = ["upcard", *HAND_EVENTS]
        prompt = f"{hand}: {turn} takes the up-card or passes."
        board_phase = "first-turn"
    elif phase == "upcard-dealer":
        turn = names[dealer]
        expects = ["upcard", *HAND_EVENTS]
        passed = names[1 - dealer]
        prompt = f"{hand}: {passed} passed; {turn} takes the up-card or passes."
        board_phase = "first-turn"
    else:
        expects = list(HAND_EVENTS)
        prompt = f"{hand}: play on, then report the knock."
        board_phase = "play"
    preset = state["options"]["preset"]
    detail = {
        "dealer": names[dealer],
        "non_dealer": names[1 - dealer],
        "hand": state["hand"],
        "phase": phase,
        "preset": preset,
        "target": state["options"]["target"],
        "values": PRESETS[preset].to_json(),
        "last_hand": state["last_hand"],
        "history": state["history"],
        "settlement": state["settlement"],
    }
    return board(
        sides=sides,
        turn=turn,
        expects=expects,
        prompt=prompt,
        phase=board_phase,
        winner=winner,
        detail=detail,
    )


# --- the deadwood calculator ---------------------------------------------------------


def deadwood_tool(request: JSON) -> JSON:
    """Best sets, deadwood and (for 11 cards) the best discard of one hand.

    ``request`` is what ``parse_fields`` made of the tool's fields: ``hand`` is a
    list of 10 or 11 distinct card codes already checked against the deck.
    """
    hand = list(request["hand"])
    if len(hand) == 11:
        found = melds.best_discard(hand)
        discard, kept, big_gin = found.card, found.kept, found.all_melded
    else:
        discard, kept, big_gin = None, melds.arrange(hand), False
    may_knock = kept.count <= melds.KNOCK_LIMIT
    if big_gin:
        summary = "All 11 cards are in sets: big gin where it is played, else gin"
        summary += f" after discarding {discard}."
    elif kept.count == 0:
        summary = "Gin" + (f" after discarding {discard}." if discard else ".")
    else:
        after = f" after discarding {discard}" if discard else ""
        verb = "May knock" if may_knock else "Cannot knock"
        summary = f"{verb}: {kept.count} deadwood{after}."
    return {
        "cards": cards.sort_cards(hand),
        "discard": discard,
        "melds": [list(m) for m in kept.melds],
        "deadwood": list(kept.deadwood),
        "count": kept.count,
        "may_knock": may_knock,
        "gin": kept.count == 0,
        "big_gin": big_gin,
        "rules": [
            scoring.SETS,
            scoring.DEADWOOD,
            scoring.KNOCK,
            *([scoring.GIN] if kept.count == 0 else []),
            *([scoring.BIG_GIN] if big_gin else []),
        ],
        "summary": summary,
    }


TOOL_EXAMPLE = "7H 8H 9H 7S 7D 7C 2C 3C 4C KS 5S"
_CARD_LIST: JSON = {"type": "array", "items": {"type": "string"}}
DEADWOOD_RESULT: JSON = {
    "type": "object",
    "required": [
        "cards",
        "discard",
        "melds",
        "deadwood",
        "count",
        "may_knock",
        "gin",
        "big_gin",
        "rules",
        "summary",
    ],
    "properties": {
        "cards": {**_CARD_LIST, "minItems": 10, "maxItems": 11},
        "discard": {
            "type": ["string", "null"],
            "description": "The card to throw from 11; null for 10.",
        },
        "melds": {"type": "array", "items": {**_CARD_LIST, "minItems": 3}},
        "deadwood": _CARD_LIST,
        "count": {"type": "integer", "minimum": 0},
        "may_knock": {"type": "boolean"},
        "gin": {"type": "boolean"},
        "big_gin": {"type": "boolean"},
        "rules": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The rulebook ids the answer rests on.",
        },
        "summary": {"type": "string"},
    },
    "additionalProperties": False,
}


# --- the game ------------------------------------------------------------------------

KNOCK_EXAMPLE = {
    "type": "knock",
    "knocker": 1,
    "knocker_hand": "AS 2S 3S 7H 7D 7C 9D 10D JD 4C",
    "opponent_hand": "KS QH 5H 5D 8D 2H 3H 4H 8S JC",
}

EVENTS = (
    EventKind(
        type="upcard",
        title="First turn: the up-card",
        help="On each hand's first turn the non-dealer takes the turned-up card or "
        "passes; after a pass the dealer may take it; if both pass the non-dealer "
        "draws from the stock. Reporting these is optional.",
        fields=(
            Field("player", "seat", "Who chooses: the non-dealer, then the dealer."),
            Field("take", "boolean", "true to take the up-card, false to pass."),
        ),
        examples=(
            Example(
                {"type": "upcard", "player": 1, "take": True},
                title="Bob (non-dealer) takes the up-card",
            ),
            Example(
                {"type": "upcard", "player": 0, "take": False},
                setup=({"type": "upcard", "player": 1, "take": False},),
                title="Both pass: Bob draws from the stock",
            ),
        ),
    ),
    EventKind(
        type="knock",
        title="Knock (with the cards)",
        help="The knocker's cards after the discard and the opponent's cards: the "
        "referee finds both arrangements and the lay-offs, and scores the hand.",
        fields=(
            Field("knocker", "seat", "Who knocked."),
            Field(
                "knocker_hand",
                "cards",
                "The knocker's 10 cards after the discard "
                "(all 11 for big gin with the common preset).",
                minimum=10,
                maximum=11,
            ),
            Field(
                "opponent_hand",
                "cards",
                "The opponent's 10 cards.",
                minimum=10,
                maximum=10,
            ),
        ),
        examples=(
            Example(KNOCK_EXAMPLE, title="Bob knocks with 4; Ann lays off 8D"),
            Example(
                {
                    "type": "knock",
                    "knocker": 1,
                    "knocker_hand": "AS 2S 3S 7H 7D 7C 9D 10D JD QD",
                    "opponent_hand": "KS QH 5H 5D 8D 2H 3H 4H 8S JC",
                },
                title="Bob goes gin",
            ),
            Example(
                {
                    "type": "knock",
                    "knocker": 1,
                    "knocker_hand": "AS 2S 3S 7H 7D 7C 9D 10D JD QD KD",
                    "opponent_hand": "KS QH 5H 5D 8D 2H 3H 4H 8S JC",
                },
                options={"preset": "common"},
                title="Big gin (common preset)",
            ),
        ),
    ),
    EventKind(
        type="knock_counts",
        title="Knock (counts only)",
        help="For players who count their own deadwood: the knocker's count and the "
        "opponent's count after laying off.",
        fields=(
            Field("knocker", "seat", "Who knocked."),
            Field(
                "knocker_count",
                "integer",
                "The knocker's deadwood (10 or less).",
                minimum=0,
                maximum=MAX_COUNT,
            ),
            Field(
                "opponent_count",
                "integer",
                "The opponent's deadwood after laying off.",
                minimum=0,
                maximum=MAX_COUNT,
            ),
            Field("gin", "boolean", "The knocker went gin (count 0).", required=False),
            Field(
                "big_gin",
                "boolean",
                "All 11 cards in sets (common preset only).",
                required=False,
            ),
        ),
        examples=(
            Example(
                {
                    "type": "knock_counts",
                    "knocker": 0,
                    "knocker_count": 6,
                    "opponent_count": 31,
                },
                title="Ann knocks with 6",
            ),
            Example(
                {
                    "type": "knock_counts",
                    "knocker": 0,
                    "knocker_count": 0,
                    "opponent_count": 25,
                    "gin": True,
                },
                title="Ann goes gin",
            ),
        ),
    ),
    EventKind(
        type="cancel",
        title="Hand cancelled",
        help="Only two stock cards remain and the player who drew the one before them "
        "discarded without a knock: no score, the same dealer deals again.",
        fields=(),
        examples=(Example({"type": "cancel"}, title="The stock ran down"),),
    ),
)

OPTIONS = (
    Option(
        "preset",
        "Scoring values",
        "standard: gin 20, undercut 10 (the rules text). common: gin 25, "
        "undercut 25, big gin 31.",
        "choice",
        "standard",
        choices=tuple(PRESETS),
    ),
    Option(
        "target",
        "Game to",
        "A game ends when a player's hand points reach this.",
        "integer",
        scoring.TARGET,
        minimum=10,
        maximum=1000,
    ),
)

GAME = Game(
    id=GAME_ID,
    title="Gin rummy",
    summary="Knock referee: best sets, lay-offs, gin and undercut, the game to 100 "
    "with its bonuses.",
    source="The Gin Rummy section of the shared card rules (one 52-card deck, knock "
    "with 10 or less, gin 20, undercut 10, game 100, line bonus 20). Readings: the "
    "deal alternates after every scored hand; the first listed player deals first.",
    min_players=2,
    max_players=2,
    options=OPTIONS,
    events=EVENTS,
    tally=service.TALLY,
    start=start,
    apply=apply,
    view=view,
    tools=(
        Tool(
            name="deadwood",
            title="Deadwood calculator",
            help="Paste 10 or 11 cards: the best sets, the deadwood, the best discard "
            "from 11, and whether the hand may knock.",
            fields=(
                Field(
                    "hand",
                    "cards",
                    "10 or 11 cards, like 7H 8H 9H ...",
                    minimum=10,
                    maximum=11,
                ),
            ),
            run=deadwood_tool,
            example={"hand": TOOL_EXAMPLE},
            result=DEADWOOD_RESULT,
        ),
    ),
    deck="standard",
)
