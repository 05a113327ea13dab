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

from referee.games import cards
from referee.games.base import Game
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.boards import board
from referee.games.boards import recent
from referee.games.gin_rummy import melds
from referee.games.gin_rummy import scoring
from referee.games.gin_rummy import service
from referee.games.gin_rummy.events import BREACHES
from referee.games.gin_rummy.events import EVENTS
from referee.games.gin_rummy.events import OPTIONS
from referee.games.gin_rummy.record import hand_record
from referee.games.gin_rummy.record import hand_summary
from referee.games.gin_rummy.record import history_entry
from referee.games.gin_rummy.record import settlement_json
from referee.games.gin_rummy.record import settlement_summary
from referee.games.gin_rummy.scoring import PRESETS
from referee.games.gin_rummy.tools import TOOLS
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

GAME_ID = scoring.CITE.game
FIRST_TURN_PHASES = ("upcard-non-dealer", "upcard-dealer")


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


# --- the events ----------------------------------------------------------------------


def _finished(state: JSON) -> Refused | None:
    if state["winner"] is None:
        return None
    winner = state["players"][state["winner"]]
    return Refused(f"The game is over: {winner} won it.", [scoring.GAME])


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


def _check_knocker(state: JSON, event: JSON) -> None:
    """A knock that names a player names the knocker: it is the knocker's move."""
    player, knocker = event.get("player"), event["knocker"]
    if player is not None and player != knocker:
        names = state["players"]
        raise Refused(
            f"{names[knocker]} knocked, so the knock is {names[knocker]}'s move, "
            f"not {names[player]}'s.",
            [scoring.TURN, scoring.KNOCK],
        )


def _check_layoffs(hand: list[str], other: list[str], laid: list[str]) -> None:
    """Refuse lay-offs onto gin, or that fit none of the knocker's sets however
    the knocker spreads them (each least-deadwood arrangement is tried)."""
    foreign = [c for c in laid if c not in other]
    if foreign:
        raise BadInput(
            f"{' '.join(foreign)} is not in the opponent's hand, so it cannot be "
            "laid off.",
            field="laid_off",
        )
    spreads = melds.arrangements(hand)
    if spreads[0].count == 0:
        raise Refused(
            f"Nothing may be laid off onto gin: {' '.join(laid)} stays in the "
            "opponent's deadwood.",
            [scoring.GIN, scoring.LAY_OFF]
            + ([scoring.BIG_GIN] if len(hand) == 11 else []),
        )
    if all(melds.misfits(a.melds, laid) for a in spreads):
        stray = melds.misfits(spreads[0].melds, laid)
        raise Refused(
            f"{' '.join(stray)} fits none of the knocker's sets "
            f"({'; '.join(' '.join(m) for m in spreads[0].melds)}), so it cannot be "
            "laid off.",
            [scoring.LAY_OFF],
        )


def _knock(state: JSON, event: JSON) -> Step:
    _check_knocker(state, event)
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
    if event.get("laid_off"):
        _check_layoffs(hand, other, list(event["laid_off"]))
    score = scoring.score_hand(
        knocker, kept.count, spread.kept.count, values, big_gin=big_gin
    )
    laid = [lo.card for lo in spread.layoffs]
    record = hand_record(
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
    _check_knocker(state, event)
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
    record = hand_record(state, knocker, score, count, other, entered="counts")
    return _score(state, record, score, [], [], 1 - knocker)


def _cancel(state: JSON) -> Step:
    dealer = state["players"][state["dealer"]]
    hand = state["hand"]
    if state["phase"] == "upcard-dealer":
        passed = state["players"][1 - state["dealer"]]
        raise Refused(
            f"Hand {hand} is still at its first turn ({passed} passed the up-card), "
            "so the stock is nearly full: it has not run down.",
            [scoring.CANCELLED, scoring.FIRST_TURN],
        )
    record = hand_record(state, None, None, None, None, entered="none")
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
        "history": recent(state["history"], history_entry(state, record)),
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
    summary = hand_summary(names, knocker, record, score, laid)
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
        settlement = settlement_json(names, done)
        summary += " " + settlement_summary(names, done, target)
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
    new["history"] = recent(state["history"], history_entry(state, record, scores))
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


def _upcard_seat(state: JSON) -> int | None:
    """Who answers the up-card now: the non-dealer, then the dealer."""
    dealer = int(state["dealer"])
    return {"upcard-non-dealer": 1 - dealer, "upcard-dealer": dealer}.get(
        state["phase"]
    )


def _either(state: JSON) -> None:
    """Either player: the app is not told the turns between the first turn and the
    knock (a knock's own ``knocker`` says whose it is, checked by the handler)."""
    return None


# The up-card on each hand's first turn (optional); a knock at any time of the
# hand; a cancelled hand at any time but the dealer's answer to the up-card.
HANDLERS = {
    "upcard": Handler(
        _upcard,
        when=lambda state: state["phase"] in FIRST_TURN_PHASES,
        actor=_upcard_seat,
        out_of_turn=lambda state, event, seat: [scoring.TURN, scoring.FIRST_TURN],
    ),
    "knock": Handler(_knock, actor=_either),
    "knock_counts": Handler(_knock_counts, actor=_either),
    "cancel": Handler(
        lambda state, event: _cancel(state),
        when=lambda state: state["phase"] != "upcard-dealer",
        actor=_either,
    ),
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
        prompt = f"{winner} wins the game."
        if done["payer"]:
            prompt += f" {done['payer']} pays {done['payee']} {done['amount']}."
        board_phase = "over"
    elif phase == "upcard-non-dealer":
        turn = names[1 - dealer]
        prompt = f"{hand}: {turn} takes the up-card or passes."
        board_phase = "first-turn"
    elif phase == "upcard-dealer":
        turn = names[dealer]
        passed = names[1 - dealer]
        prompt = f"{hand}: {passed} passed; {turn} takes the up-card or passes."
        board_phase = "first-turn"
    else:
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
        expects=GAME.expects(state),
        prompt=prompt,
        phase=board_phase,
        winner=winner,
        detail=detail,
    )


# --- the game ------------------------------------------------------------------------

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
    handlers=HANDLERS,
    finished=_finished,
    order_rule=scoring.FIRST_TURN,
    turn_rule=scoring.TURN,
    breaches=BREACHES,
    view=view,
    tools=TOOLS,
    deck="standard",
)
