"""Canasta hand results: entered by counts or by cards, scored, and the running game.

A hand's result is one entry per side; when both sides are in, the hand is scored,
the scores move on and the next hand's first-meld minimums follow from them.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.games import cards
from referee.games.boards import recent
from referee.games.canasta import melds as ml
from referee.games.canasta import play
from referee.games.canasta.melds import DECK
from referee.games.canasta.melds import R_CANASTA
from referee.games.canasta.melds import R_CARD_VALUES
from referee.games.canasta.melds import R_CONCEALED
from referee.games.canasta.melds import R_GAME_END
from referee.games.canasta.melds import R_GOING_OUT
from referee.games.canasta.melds import R_HAND_SCORE
from referee.games.canasta.melds import R_INITIAL_MELD
from referee.games.canasta.melds import R_RED_THREE_SCORE
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

OUT_BONUS = {"none": 0, "out": 100, "concealed": 200}
WENT_OUT = tuple(OUT_BONUS)
RED_THREE = 100
ALL_RED_THREES = 800
# What the 108-card pack can hold (red threes are bonus cards, never counted here).
NATURAL_RANK_COUNT = len(ml.NATURAL_RANKS)  # 11 ranks that make canastas
COPIES_PER_RANK = 8
WILDS = 12  # four jokers and eight 2s
MOST_RED_THREES = 4
DECK_POINTS = sum(
    ml.value(c) * n
    for c, n in cards.DECKS[DECK].copies.items()
    if c not in ml.RED_THREES
)
LEAST_NATURAL_CANASTA = 7 * 5  # seven natural cards of 4-7
LEAST_MIXED_CANASTA = 6 * 5 + 20  # six cards of 4-7 and one 2
TARGET = 5000


@dataclass(frozen=True)
class SideScore:
    """One side's hand score, part by part."""

    went_out: str
    natural: int
    mixed: int
    red_threes: int
    melded: bool
    meld_points: int
    hand_points: int

    @property
    def out_bonus(self) -> int:
        return OUT_BONUS[self.went_out]

    @property
    def canasta_bonus(self) -> int:
        return self.natural * ml.NATURAL_CANASTA + self.mixed * ml.MIXED_CANASTA

    @property
    def red_bonus(self) -> int:
        n = self.red_threes
        each = ALL_RED_THREES if n == MOST_RED_THREES else n * RED_THREE
        return each if self.melded else -each

    @property
    def total(self) -> int:
        return (
            self.out_bonus
            + self.canasta_bonus
            + self.red_bonus
            + self.meld_points
            - self.hand_points
        )

    def to_json(self) -> JSON:
        return {
            "went_out": self.went_out,
            "natural_canastas": self.natural,
            "mixed_canastas": self.mixed,
            "red_threes": self.red_threes,
            "melded": self.melded,
            "meld_points": self.meld_points,
            "hand_points": self.hand_points,
            "out_bonus": self.out_bonus,
            "canasta_bonus": self.canasta_bonus,
            "red_three_bonus": self.red_bonus,
            "total": self.total,
        }


def from_json(data: JSON) -> SideScore:
    return SideScore(
        data["went_out"],
        data["natural_canastas"],
        data["mixed_canastas"],
        data["red_threes"],
        data["melded"],
        data["meld_points"],
        data["hand_points"],
    )


# --- entering a result ---------------------------------------------------------------


def hand_counts(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    side = event["side"]
    _not_twice(state, side)
    went_out = _went_out(state, side, event.get("went_out"))
    reds = event.get("red_threes")
    if reds is None:
        reds = len(hand["red_threes"][side])
    score = SideScore(
        went_out,
        event["natural_canastas"],
        event["mixed_canastas"],
        reds,
        event["meld_points"] > 0,
        event["meld_points"],
        event["hand_points"],
    )
    check_counts(score, _other(state, side))
    _check_minimum(state, side, score.meld_points)
    return _enter(state, side, {**score.to_json(), "entered": "counts", "cards": None})


def hand_cards(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    side = event["side"]
    _not_twice(state, side)
    went_out = _went_out(state, side, event.get("went_out"))
    other = _other_cards(state, side)
    if event.get("melds") is not None:
        laid = list(event["melds"])
        groups = ml.group(laid)
        table: dict[str, ml.Meld] = {}
        for g in groups:
            table[g.rank] = table[g.rank].plus(g) if g.rank in table else g
    else:
        table = ml.from_json(hand["melds"][side])
        laid = [c for m in table.values() for c in m.cards]
    held = list(event.get("hand") or [])
    reds = event.get("red_threes")
    reds = list(hand["red_threes"][side]) if reds is None else list(reds)
    _check_card_lists(laid, held, reds, other)
    cap = ml.WILD_CAP[state["options"]["wild_cap"]]
    for m in table.values():
        ml.check(m, wild_cap=cap, going_out=went_out != "none")
    score = SideScore(
        went_out,
        sum(1 for m in table.values() if m.canasta == "natural"),
        sum(1 for m in table.values() if m.canasta == "mixed"),
        len(reds),
        bool(table),
        ml.points(laid),
        ml.points(held),
    )
    check_counts(score, _other(state, side))
    _check_minimum(state, side, score.meld_points)
    entry = {
        **score.to_json(),
        "entered": "cards",
        "cards": {"melds": ml.to_json(table), "hand": held, "red_threes": reds},
    }
    return _enter(state, side, entry)


def _check_minimum(state: JSON, side: int, meld_points: int) -> None:
    """A side that melded at all laid at least its first-meld minimum, and kept it."""
    need = state["hand"]["minimums"][side]
    if 0 < meld_points < need:
        raise BadInput(
            f"Meld points of {meld_points} are below the {need} this side's first meld "
            "had to count, and melded cards stay on the table: 0 if the side never "
            "melded.",
            field="meld_points",
            example=f'"meld_points": {need}',
        )


def check_counts(score: SideScore, other: SideScore | None) -> None:
    """A side's counts (and both sides' together) fit in one 108-card pack."""
    n, m = score.natural, score.mixed
    if n + m > NATURAL_RANK_COUNT:
        raise BadInput(
            f"{n + m} canastas for one side, but a side has one meld per rank and "
            f"only {NATURAL_RANK_COUNT} ranks make canastas (A, 4-K).",
            field="natural_canastas",
            example='"natural_canastas": 1, "mixed_canastas": 2',
        )
    if score.meld_points % 5 or score.hand_points % 5:
        raise BadInput(
            "Card values are all multiples of 5, so meld and hand points are too.",
            field="meld_points" if score.meld_points % 5 else "hand_points",
            example='"meld_points": 285',
        )
    least = n * LEAST_NATURAL_CANASTA + m * LEAST_MIXED_CANASTA
    if score.meld_points < least:
        raise BadInput(
            f"{n} natural and {m} mixed canastas hold at least {least} points of "
            f"cards, but meld points are {score.meld_points}.",
            field="meld_points",
            example=f'"meld_points": {max(least, 50)}',
        )
    if score.went_out != "none" and not n + m:
        raise BadInput(
            "A side that went out has at least one canasta.",
            field="natural_canastas",
            example='"natural_canastas": 1',
        )
    sides = [score] if other is None else [score, other]
    _pack_limits(sides)


def _pack_limits(sides: list[SideScore]) -> None:
    n = sum(s.natural for s in sides)
    m = sum(s.mixed for s in sides)
    both = " between the two sides" if len(sides) == 2 else ""
    reds = sum(s.red_threes for s in sides)
    if reds > MOST_RED_THREES:
        raise BadInput(
            f"{reds} red threes{both}, but the pack has only {MOST_RED_THREES} "
            "(3H and 3D twice).",
            field="red_threes",
            example='"red_threes": 1',
        )
    if m > WILDS:
        raise BadInput(
            f"{m} mixed canastas{both}, but each needs a wild card and the pack has "
            f"only {WILDS} (4 jokers and 8 twos).",
            field="mixed_canastas",
            example='"mixed_canastas": 2',
        )
    # Eight natural cards of a rank: a natural canasta (7) leaves too few for
    # another canasta of its rank; otherwise the rank holds at most two (4 + 4).
    room = 2 * (NATURAL_RANK_COUNT - n)
    if n > NATURAL_RANK_COUNT or m > room:
        raise BadInput(
            f"{n} natural and {m} mixed canastas{both} need more natural cards than "
            f"the pack holds ({COPIES_PER_RANK} of each rank; a canasta takes at "
            "least 4, a natural one 7).",
            field="natural_canastas" if n > NATURAL_RANK_COUNT else "mixed_canastas",
            example='"natural_canastas": 1, "mixed_canastas": 1',
        )
    total = sum(s.meld_points + s.hand_points for s in sides)
    if total > DECK_POINTS:
        raise BadInput(
            f"Meld and hand points{both} come to {total}, but all the cards of the "
            f"pack are worth only {DECK_POINTS}.",
            field="meld_points",
            example='"meld_points": 285',
        )


def _check_card_lists(
    laid: list[str], held: list[str], reds: list[str], other: list[str]
) -> None:
    ml.only_red_threes(reds, " (3H or 3D)", "red_threes", '"red_threes": "3H"')
    red_held = [c for c in held if c in ml.RED_THREES]
    if red_held:
        raise BadInput(
            f"{red_held[0]} is a red three: red threes are laid out, never left in a "
            "hand; enter it under red_threes.",
            field="hand",
            example='"red_threes": "3H"',
        )
    try:
        cards.parse_cards([*laid, *held, *reds], DECK, held=other)
    except BadInput as err:
        both = " (counting the other side's cards)" if other else ""
        raise BadInput(err.message + both, field="melds", example=err.example) from None


# --- closing a hand ------------------------------------------------------------------


def _enter(state: JSON, side: int, entry: JSON) -> Step:
    hand = state["hand"]
    results = list(hand["results"])
    results[side] = entry
    hand["results"] = results
    if hand["ended"] is None:
        hand["ended"] = {"how": "entered", "player": None, "side": None}
    name = play.team(state, side)
    line = _line(entry)
    if results[1 - side] is None:
        summary = (
            f"{name}: {line} = {entry['total']} this hand. Now enter "
            f"{play.team(state, 1 - side)}'s result."
        )
        return Step(state, Ruling(Verdict.OK, summary, _score_rules(entry)))
    return close_hand(state)


def close_hand(state: JSON) -> Step:
    """Both results are in: score the hand, then deal the next or end the game."""
    hand = state["hand"]
    results = hand["results"]
    totals = [r["total"] for r in results]
    scores = [state["scores"][i] + totals[i] for i in (0, 1)]
    names = [play.team(state, i) for i in (0, 1)]
    record = {
        "hand": hand["number"],
        "dealer": state["players"][hand["dealer"]],
        "minimums": list(hand["minimums"]),
        "results": {names[i]: results[i] for i in (0, 1)},
        "totals": {names[i]: totals[i] for i in (0, 1)},
        "scores": {names[i]: scores[i] for i in (0, 1)},
    }
    state["scores"] = scores
    state["history"] = recent(state["history"], record)
    state["last_hand"] = record
    target = state["options"]["target"]
    rules = [*_score_rules(results[0]), *_score_rules(results[1]), R_GAME_END]
    summary = (
        f"Hand {hand['number']}: {names[0]} {_signed(totals[0])}, {names[1]} "
        f"{_signed(totals[1])}. Score {scores[0]} to {scores[1]}."
    )
    top = max(scores)
    tie = scores[0] == scores[1]
    verdict = Verdict.OK
    # The target option changed this ruling when the default would end it otherwise.
    changed = (top >= target and not tie) != (top >= TARGET and not tie)
    if top >= target and not tie:
        win = scores.index(top)
        state["winner"] = win
        summary += f" {names[win]} reach {target} and win the game."
        verdict = Verdict.WIN
    else:
        if top >= target:
            summary += f" Both sides stand level past {target}: another hand decides."
            rules.append(R_GAME_END)
        dealer = (hand["dealer"] + 1) % play.SEATS
        state["hand"] = play.new_hand(hand["number"] + 1, dealer, scores)
        need = state["hand"]["minimums"]
        summary += (
            f" Next, {state['players'][dealer]} deals; first melds need "
            f"{need[0]} ({names[0]}) and {need[1]} ({names[1]})."
        )
        rules.append(R_INITIAL_MELD)
    options = ("target",) if changed else ()
    ruling = Ruling(
        verdict,
        summary,
        tuple(dict.fromkeys(rules)),
        score={names[i]: totals[i] for i in (0, 1)},
        options=options,
    )
    return Step(state, ruling)


def _score_rules(entry: JSON) -> tuple[str, ...]:
    rules = [R_HAND_SCORE]
    if entry["went_out"] == "concealed":
        rules.append(R_CONCEALED)
    if entry["went_out"] != "none":
        rules.append(R_GOING_OUT)
    if entry["natural_canastas"] or entry["mixed_canastas"]:
        rules.append(R_CANASTA)
    if entry["red_threes"]:
        rules.append(R_RED_THREE_SCORE)
    rules.append(R_CARD_VALUES)
    return tuple(rules)


def _line(entry: JSON) -> str:
    parts = []
    if entry["out_bonus"]:
        word = "concealed" if entry["went_out"] == "concealed" else "out"
        parts.append(f"{word} {entry['out_bonus']}")
    if entry["canasta_bonus"]:
        parts.append(f"canastas {entry['canasta_bonus']}")
    if entry["red_three_bonus"]:
        parts.append(f"red threes {_signed(entry['red_three_bonus'])}")
    parts.append(f"melds {entry['meld_points']}")
    if entry["hand_points"]:
        parts.append(f"in hand -{entry['hand_points']}")
    return ", ".join(parts)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _not_twice(state: JSON, side: int) -> None:
    if state["hand"]["results"][side] is not None:
        raise Refused(
            f"{play.team(state, side)}'s result for this hand is already in: undo it "
            "to change it.",
            [R_HAND_SCORE],
        )


def _went_out(state: JSON, side: int, given: str | None) -> str:
    """How the side ended the hand: from the log when it was recorded."""
    ended = state["hand"]["ended"]
    recorded = None
    if ended and ended["how"] in ("out", "concealed"):
        recorded = ended["how"] if ended["side"] == side else "none"
    elif ended and ended["how"] == "stock":
        recorded = "none"
    if recorded is None:
        other = state["hand"]["results"][1 - side]
        if given not in (None, "none") and other and other["went_out"] != "none":
            raise BadInput(
                f"{play.team(state, 1 - side)} already went out this hand: only one "
                "player goes out.",
                field="went_out",
                example='"went_out": "none"',
            )
        return given or "none"
    if given is not None and given != recorded:
        said = {
            "none": "did not go out",
            "out": "went out",
            "concealed": "went out concealed",
        }
        raise BadInput(
            f"The log says {play.team(state, side)} {said[recorded]}; leave "
            f"'went_out' out or send \"{recorded}\".",
            field="went_out",
            example=f'"went_out": "{recorded}"',
        )
    return recorded


def _other(state: JSON, side: int) -> SideScore | None:
    entry = state["hand"]["results"][1 - side]
    return None if entry is None else from_json(entry)


def _other_cards(state: JSON, side: int) -> list[str]:
    """The cards the other side's result (or the table) already accounts for."""
    hand = state["hand"]
    entry = hand["results"][1 - side]
    if entry is None or entry["cards"] is None:
        theirs = hand["melds"][1 - side]
        return [c for held in theirs.values() for c in held] + list(
            hand["red_threes"][1 - side]
        )
    got = entry["cards"]
    return [
        *(c for held in got["melds"].values() for c in held),
        *got["hand"],
        *got["red_threes"],
    ]
