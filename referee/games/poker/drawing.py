"""Draw poker's shared pieces: the variant record, the hand's state, the settlement.

``DrawVariant`` says what one draw game changes at the shared table (``draw.py``):
five card draw has the wild-card and double-draw options; jacks to open, trips to win
has openers, the reveal and the progressive jackpot. Each variant cites its own
rulebook through ``rules`` (built from its ``cite`` handle in ``variants.py``).

Here: a new session, the wild cards and showdown judge a state plays under, the
checks on cards shown, and settling a hand (the split, the jackpot, the account).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.games import cards as cardlib
from referee.games.base import Setup
from referee.games.boards import recent
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.games.poker import betting
from referee.games.poker import hands as hl
from referee.games.poker import pot as potlib
from referee.games.poker import showdown as sd
from referee.games.wording import and_

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
WILD_CYCLE = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
FOUR_CARD_MAX_PLAYERS = 5  # "fewer than six players"


@dataclass(frozen=True)
class DrawVariant:
    """What one draw poker game changes at the shared table."""

    game_id: str
    rules: Mapping[str, str]  # local rule id -> full id, from the game's handle
    wild_option: bool  # "wilds" and "five_of_a_kind" options (jokers in the deck)
    double_draw: bool  # the "double_draw" option: a second exchange
    jacks_to_open: bool  # openers shown to open; nobody opens: a redeal
    trips_to_win: bool  # the showdown is a reveal of trips or better
    progressive: bool  # the "progressive" option: three hand wins take the pot
    winner_modes: Mapping[str, str]  # the "winner" option -> the judge's mode
    # options a ruling names when they are not at this (plain) value
    cited_when: tuple[tuple[str, Any], ...]

    def rule(self, local: str) -> str:
        return self.rules[local]


def ok(state: JSON, words: str, cited: Sequence[str], **extra: Any) -> Step:
    """Play goes on: an OK ruling on ``state``."""
    return Step(state, Ruling(Verdict.OK, words, tuple(cited), **extra))


# --- start ---------------------------------------------------------------------------


def start(v: DrawVariant, setup: Setup) -> JSON:
    """A new session: the first player listed deals the first hand."""
    n = len(setup.players)
    return {
        "players": list(setup.players),
        "teams": [],
        "game": v.game_id,
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
        "hand_wins": [0] * n,  # hands won toward the progressive jackpot (3 take it)
        "hands_won": [0] * n,  # every hand a player took the pot or a share of it
        "jackpot_hands": 0,  # hands won toward the current progressive jackpot
        "last_hand": None,
        "history": [],
        "winner": None,
    }


# --- the rules a state plays under ---------------------------------------------------


def progressive(v: DrawVariant, state: JSON) -> bool:
    return v.progressive and bool(state["options"]["progressive"])


def opening(v: DrawVariant, state: JSON) -> bool:
    """Nobody has opened the first betting round yet (jacks to open)."""
    return v.jacks_to_open and state["street"] == 1 and state["opener"] is None


def wild_rank(v: DrawVariant, state: JSON) -> str | None:
    """The progressive jackpot's wild rank this hand (deuces in the first)."""
    if not progressive(v, state):
        return None
    return WILD_CYCLE[state["jackpot_hands"] % len(WILD_CYCLE)]


def wilds_of(v: DrawVariant, state: JSON) -> hl.Wilds:
    opts = state["options"]
    if not v.wild_option:
        rank = wild_rank(v, state)
        return hl.Wilds(ranks=frozenset({rank}) if rank else frozenset())
    base = WILD_CHOICES[opts["wilds"]]
    return hl.Wilds(base.ranks, base.cards, five_of_a_kind=opts["five_of_a_kind"])


def judge_of(v: DrawVariant, state: JSON) -> sd.Judge:
    opts = state["options"]
    mode = "high" if progressive(v, state) else v.winner_modes[opts["winner"]]
    return sd.Judge(mode, wilds_of(v, state), hl.LOW_RULES[opts["low"]])


def game_rules(v: DrawVariant, state: JSON, judge: sd.Judge) -> list[str]:
    """The rules a showdown rests on, for citing."""
    out = [v.rule("hand-ranking")]
    if judge.wilds.ranks or judge.wilds.cards or jokers(v, state):
        out.append(v.rule("wild-cards"))
    if judge.mode == "low":
        out.append(v.rule("lowball"))
    if judge.mode == "high-low":
        out.append(v.rule("high-low"))
    return out


def jokers(v: DrawVariant, state: JSON) -> bool:
    return v.wild_option and state["options"]["wilds"] in JOKER_CHOICES


def pack(v: DrawVariant, options: Mapping[str, Any]) -> str:
    """The deck on the table: jokers only with the wild-card option that adds them."""
    wild = v.wild_option and options.get("wilds") in JOKER_CHOICES
    return "standard-jokers" if wild else "standard"


def order(state: JSON) -> list[int]:
    """Seats from the dealer's left round to the dealer."""
    n = len(state["players"])
    return potlib.seats_from((state["dealer"] + 1) % n, n)


def options_cited(v: DrawVariant, state: JSON) -> tuple[str, ...]:
    opts = state["options"]
    # A low ranking other than ace-to-five names and ranks every low hand.
    plays_low = judge_of(v, state).mode in ("low", "high-low")
    low = ("low",) if plays_low and opts["low"] != "ace-to-five" else ()
    named = tuple(name for name, plain in v.cited_when if opts[name] != plain)
    return (*named, *low)


def four_allowed(state: JSON) -> bool:
    return (
        bool(state["options"]["four_with_ace"])
        and len(state["players"]) <= FOUR_CARD_MAX_PLAYERS
    )


def count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def names(state: JSON, seats: Sequence[int]) -> str:
    return and_([state["players"][s] for s in seats])


def open_betting(v: DrawVariant, state: JSON) -> None:
    opts = state["options"]
    state["round"], state["pot"] = betting.open_round(
        state["pot"],
        order(state)[0],
        rules=[v.rule("betting")],
        limit=opts["limit"],
        max_raises=opts["max_raises"],
    )
    state["phase"] = "bet"


def next_to_draw(state: JSON) -> int | None:
    alive = set(potlib.live(state["pot"]))
    for seat in order(state):
        if seat in alive and state["drawn"][seat] is None:
            return seat
    return None


def new_exchange(state: JSON) -> str:
    """Everyone still in exchanges (again); returns the name of the first to draw."""
    state["phase"] = "draw"
    state["drawn"] = [None] * len(state["players"])
    # an ace shown binds only until the next exchange, where it may go
    state["aces_shown"] = [[] for _ in state["players"]]
    state["draw_turn"] = next_to_draw(state)
    return str(state["players"][state["draw_turn"]])


# --- cards shown ---------------------------------------------------------------------


def _held_elsewhere(state: JSON, seat: int) -> list[str]:
    out: list[str] = []
    for shown in (*state["shown"][:seat], *state["shown"][seat + 1 :]):
        if isinstance(shown, list):
            out += shown
    for shown in (*state["low_shown"][:seat], *state["low_shown"][seat + 1 :]):
        if isinstance(shown, list):
            out += shown
    return out


def check_cards(
    v: DrawVariant, state: JSON, seat: int, cards: Sequence[str], field: str
) -> list[str]:
    """Five cards, none shown by another player, jokers only where the deck has them."""
    example = f'{{"type": "show", "player": {seat}, "cards": "AS AD 9C 5H 3S"}}'
    if len(cards) != 5:
        raise BadInput(
            f"A hand is five cards; {len(cards)} given.", field=field, example=example
        )
    if any(c == cardlib.JOKER for c in cards) and not jokers(v, state):
        raise BadInput(
            "There are no jokers in this game's deck.", field=field, example=example
        )
    hand = cardlib.parse_cards(
        list(cards), pack(v, state["options"]), held=_held_elsewhere(state, seat)
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


def check_answering(
    state: JSON, seat: int, cited: list[str], verb: str, done: str
) -> None:
    """Only a player still in, who has not answered yet, shows (or reveals)."""
    who = state["players"][seat]
    if seat not in potlib.live(state["pot"]):
        raise Refused(f"{who} folded and has nothing to {verb}.", cited)
    if state["shown"][seat] is not None:
        raise Refused(f"{who} has already {done}.", cited)


def waiting_or_settle(
    v: DrawVariant,
    state: JSON,
    words: str,
    cited: list[str],
    waiting: Sequence[int],
    then: Callable[[], Step] | None = None,
) -> Step:
    """Others still to show: say who; else ``then()`` (the settlement by default)."""
    if waiting:
        return ok(
            state,
            f"{words} Waiting for {names(state, waiting)}.",
            tuple(cited),
            options=options_cited(v, state),
        )
    if then is not None:
        return then()
    return settle(v, state, words, cited)


# --- settling a hand -----------------------------------------------------------------


def uncontested(
    v: DrawVariant, state: JSON, seat: int, words: str, cited: list[str]
) -> Step:
    """Everyone else folded: the last player takes the pot unseen."""
    name = state["players"][seat]
    if progressive(v, state):
        return _jackpot_hand(
            v, state, [seat], words + f" {name} wins the hand uncontested.", cited, {}
        )
    amount = potlib.total(state["pot"])
    summary = f"{words} Everyone else folded: {name} takes the pot ({amount})."
    cited = cited + [v.rule("split-pot")]
    return _close_hand(v, state, {seat: amount}, summary, cited, {}, {"high": [seat]})


def settle(v: DrawVariant, state: JSON, words: str, cited: list[str]) -> Step:
    judge = judge_of(v, state)
    best: dict[int, dict[str, hl.Hand]] = {}
    for s in potlib.live(state["pot"]):
        if isinstance(state["shown"][s], list):
            best[s] = sd.best(state["shown"][s], judge)
    if v.trips_to_win and judge.mode == "high-low":
        # only revealed hands play for high; low also counts hands shown for low
        for s, shown in enumerate(state["low_shown"]):
            if isinstance(shown, list):
                best[s] = {"low": hl.best_low(shown, judge.low, judge.wilds)}
    named = {
        state["players"][s]: {part: h.to_json() for part, h in parts.items()}
        for s, parts in best.items()
    }
    if progressive(v, state):
        high = sd.winners({s: b["high"] for s, b in best.items()})
        return _jackpot_hand(v, state, high, words, cited, named)

    def pick(eligible: Sequence[int] | None = None) -> list[list[int]]:
        return [
            sd.winners(
                {
                    s: b[part]
                    for s, b in best.items()
                    if part in b and (eligible is None or s in eligible)
                }
            )
            for part in judge.parts
        ]

    winners = dict(zip(judge.parts, pick(), strict=True))
    awarded = potlib.award(state["pot"], order(state), pick)
    shares = potlib.payouts(awarded)
    summary = f"{words} {_parts_words(state, judge, best, winners)}. " + ", ".join(
        f"{state['players'][s]} takes {c}" for s, c in shares.items()
    )
    if any(
        len(p["winners"]) > 1 and p["amount"] % len(p["winners"])
        for e in awarded
        for p in e["parts"]
    ):
        summary += " (odd chips to the first winner left of the dealer)"
    elif len(judge.parts) > 1 and potlib.total(state["pot"]) % 2:
        summary += " (the odd chip goes to the high half)"
    cited = cited + game_rules(v, state, judge) + [v.rule("split-pot")]
    return _close_hand(v, state, shares, summary + ".", cited, named, winners)


def _parts_words(
    state: JSON,
    judge: sd.Judge,
    best: Mapping[int, Mapping[str, hl.Hand]],
    winners: Mapping[str, list[int]],
) -> str:
    out = []
    for part in judge.parts:
        seats = winners[part]
        if not seats:
            continue
        hand = best[seats[0]][part].name
        label = (
            {"high": "High", "low": "Low"}[part]
            if len(judge.parts) > 1
            else "Best hand"
        )
        tie = " (tie: split)" if len(seats) > 1 else ""
        out.append(f"{label}: {names(state, seats)} with {hand}{tie}")
    return "; ".join(out)


def _jackpot_hand(
    v: DrawVariant,
    state: JSON,
    seats: list[int],
    words: str,
    cited: list[str],
    named: JSON,
) -> Step:
    """Progressive jackpot: a hand win is scored; three take the whole pot."""
    players = state["players"]
    wins = list(state["hand_wins"])
    for s in seats:
        wins[s] += 1
    state["hand_wins"] = wins
    state["jackpot_hands"] += 1
    cited = cited + [v.rule("progressive-jackpot")]
    done = [s for s in seats if wins[s] >= PROGRESSIVE_WINS]
    who = names(state, seats)
    if done:
        shares = potlib.split(potlib.total(state["pot"]), done, order(state))
        take = ", ".join(f"{players[s]} takes {c}" for s, c in shares.items())
        summary = (
            f"{words} {who} wins the hand and has {PROGRESSIVE_WINS} hand wins: "
            f"the jackpot is won. {take}."
        )
        state["hand_wins"] = [0] * len(players)
        state["jackpot_hands"] = 0  # a new jackpot starts again with deuces wild
        cited = cited + [v.rule("split-pot")]
        return _close_hand(v, state, shares, summary, cited, named, {"high": seats})
    tally = ", ".join(f"{players[s]} {wins[s]}" for s in range(len(players)) if wins[s])
    summary = (
        f"{words} {who} wins hand {state['hand']} (hand wins: {tally}); the pot "
        f"({potlib.total(state['pot'])}) stays for the next hand."
    )
    return _close_hand(v, state, {}, summary, cited, named, {"high": seats}, carry=True)


def _close_hand(
    v: DrawVariant,
    state: JSON,
    shares: dict[int, int],
    summary: str,
    cited: list[str],
    named: JSON,
    winners: Mapping[str, list[int]],
    *,
    carry: bool = False,
) -> Step:
    players = state["players"]
    n = len(players)
    pot = state["pot"]
    change: dict[str, int] = {}
    net = list(state["net"])
    # A hand is won by every player named a winner, however it ended: a showdown
    # (high, low or both), the others folding, a progressive hand that leaves the
    # pot for the next one, the jackpot's third win.
    won = list(state.get("hands_won") or [0] * n)
    for s in {s for seats in winners.values() for s in seats}:
        won[s] += 1
    for s in range(n):
        # chips carried in from earlier deals were charged when those deals closed
        delta = shares.get(s, 0) - pot["put"][s]
        net[s] += delta
        if delta:
            change[players[s]] = delta
    record = {
        "hand": state["hand"],
        "won": True,
        "pot": potlib.total(pot),
        "winners": {p: [players[s] for s in seats] for p, seats in winners.items()},
        "shares": {players[s]: c for s, c in shares.items()},
        "hands": named,
        "summary": summary,
        "openers": state["openers"],
        "opener": players[state["opener"]] if state["opener"] is not None else None,
    }
    state.update(
        net=net,
        hands_won=won,
        last_hand=record,
        history=recent(
            state["history"],
            {k: record[k] for k in ("hand", "won", "pot", "winners", "shares")},
        ),
        pot=potlib.carry(pot) if carry else potlib.new_pot(n),
        hand=state["hand"] + 1,
        deal=0,
        dealer=(state["dealer"] + 1) % n,
        openers_needed="J",
        phase="deal",
        round=None,
        draw_turn=None,
        drawn=[None] * n,
        shown=[None] * n,
        low_shown=[None] * n,
    )
    return Step(
        state,
        Ruling(
            Verdict.WIN,
            summary,
            tuple(dict.fromkeys(cited)),
            score=change,
            options=options_cited(v, state),
        ),
    )
