"""Ten-card basketball: two rows of five, ten turns each, sets of a rank, highest wins.

Rules source: the Ten-card Basketball text in ../shared/seeds (001); readings in
referee/rulebook/basketball_ten.toml. The turn referee is shared with six card golf
(``referee.games.layout``).

Events: ``deal`` ``{"upcard": "5D"}``; ``draw`` ``{"player", "source", "card"}``;
``replace`` ``{"player", "position", "replaced"}`` (face-down positions only);
``discard`` ``{"player", "position", "card"}`` (a stock card discarded, and the card
at ``position`` turned face up).

``view(state)`` is ``layout.board.view``: each side is ``{"name", "score" (the total
over the deals), "deal_score" (the face-up cards now), "face_down", "turns"}``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from referee.games import cards
from referee.games import layout as table
from referee.games.base import Breach
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.rulebook import cite

GAME_ID = "basketball-ten"
TURNS = 10
SET_POINTS = {2: 25, 3: 40, 4: 50}  # a pair, a triple, four of a rank
LARGEST_SET = 4
LONERS = ("A", "K")  # aces and kings never make sets
VALUES = {"A": 15, "J": 10, "Q": 10, "K": 25}
SET_NAMES = {2: "pair", 3: "triple", 4: "four"}

CITE = cite(GAME_ID)
RULES = table.Rules.cite(CITE, "peek", "ten_turns")
R_CARD_VALUES = CITE("card-values")
R_SETS = CITE("sets")
R_NO_ACE_KING_SETS = CITE("no-ace-king-sets")
R_BIG_SETS = CITE("big-sets")


def card_value(card: str) -> int:
    """Two to ten as printed, ace 15, jack and queen 10, king 25."""
    rank = cards.rank(card)
    return VALUES.get(rank) or int(rank)


def score(layout: Sequence[str | None], options: JSON | None = None) -> table.Score:
    """Ten cards (None: face down, not counted yet): sets of a rank replace values."""
    shown = [c for c in layout if c is not None]
    by_rank = Counter(cards.rank(c) for c in shown)
    parts: list[JSON] = []
    rules = [R_CARD_VALUES]
    for rank in sorted(by_rank, key=lambda r: cards.RANKS.index(r)):
        group = [c for c in shown if cards.rank(c) == rank]
        count = len(group)
        if rank in LONERS or count == 1:
            value = card_value(group[0])
            points = value * count
            if count > 1:
                why = f"{count} {_plural(rank)} count singly: {count} x {value}"
                why += f" = {points}"
                rules.append(R_NO_ACE_KING_SETS)
            else:
                why = f"{group[0]} = {value}"
            parts.append({"cards": group, "points": points, "why": why})
            continue
        rules.append(R_SETS)
        rest = list(group)
        while rest:
            # Reading: with two packs, fours first, then the rest by the same table.
            take = min(LARGEST_SET, len(rest))
            chunk, rest = rest[:take], rest[take:]
            if len(chunk) == 1:
                value = card_value(chunk[0])
                why = f"{chunk[0]} left over from the four = {value}"
                parts.append({"cards": chunk, "points": value, "why": why})
                continue
            points = SET_POINTS[len(chunk)]
            face = sum(card_value(c) for c in chunk)
            why = (
                f"{SET_NAMES[len(chunk)]} of {_plural(rank)} = {points} "
                f"(instead of {face})"
            )
            parts.append({"cards": chunk, "points": points, "why": why})
        if count > LARGEST_SET:
            rules.append(R_BIG_SETS)
    total = sum(p["points"] for p in parts)
    return table.Score(total, tuple(parts), tuple(dict.fromkeys(rules)))


LAYOUT = table.Layout(RULES, 2, 5, score, discard_turns_up=True, turns_each=TURNS)


# --- the scoring calculator --------------------------------------------------------


def summary(got: table.Score) -> str:
    """What a basketball layout's score says: its points and how many sets."""
    sets = [p for p in got.parts if len(p["cards"]) > 1 and "singly" not in p["why"]]
    said = f"{got.points} points"
    if sets:
        said += f" with {len(sets)} set{'s' if len(sets) > 1 else ''}"
    return said


def score_tool(request: JSON) -> JSON:
    """A layout (ten cards) in; the score, set by set, and why out; fewer cards
    are said to be incomplete unless ``so_far`` asks for the count so far."""
    return table.score_answer(LAYOUT, request, "groups", summary)


def _plural(rank: str) -> str:
    return {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings", "6": "sixes"}.get(
        rank, f"{rank}s"
    )


# --- the game ------------------------------------------------------------------------

PLAYER = table.PLAYER
POSITION_HELP = "Layout position 1-10: far row 1-5, near row 6-10."
DRAWN = (*table.DEAL, {"type": "draw", "player": 1, "source": "stock", "card": "9H"})

EVENTS = (
    table.deal_event(
        "The dealer deals ten cards each face down in two rows of five and turns the "
        "stock's top card up to start the discard pile: enter that card."
    ),
    table.draw_event(table.DEAL, "9H"),
    table.replace_event(
        (
            "Replace a face-down card",
            "The drawn card goes face up in place of a face-down card, chosen "
            "unseen; the card that was there goes face up on the discard pile: say "
            "which.",
        ),
        Field("position", "integer", POSITION_HELP, minimum=1, maximum=10),
        "The face-down card taken out of that position.",
        Example(
            {"type": "replace", "player": 1, "position": 7, "replaced": "2C"},
            setup=DRAWN,
            title="Bob puts 9H at position 7; 2C was there",
        ),
    ),
    EventKind(
        type="discard",
        title="Discard and turn one up",
        help="A card drawn from the stock may be discarded; the player then turns one "
        "face-down card face up. A card taken from the discard pile may not be.",
        fields=(
            PLAYER,
            Field(
                "position",
                "integer",
                "The face-down card turned up: " + POSITION_HELP,
                minimum=1,
                maximum=10,
            ),
            Field("card", "card", "The card turned face up."),
        ),
        examples=(
            Example(
                {"type": "discard", "player": 1, "position": 2, "card": "JD"},
                setup=DRAWN,
                title="Bob discards 9H and turns up JD at position 2",
            ),
        ),
    ),
)

OPTIONS = (
    table.deals_option(
        "How many deals make the series (the rules text plays one); the highest "
        "total wins.",
        1,
    ),
)

TOOL_EXAMPLE = {"layout": "9H 9D 9C AS AD KH 2C 5S JH JD"}
SCORE_TOOL = table.score_tool(
    LAYOUT,
    summary,
    TOOL_EXAMPLE,
    (
        "Basketball layout score",
        "Ten cards: the score with pairs (25), triples (40) and fours (50) "
        "replacing single values; aces and kings always count singly. Fewer cards "
        "are an incomplete layout: said so with no total, or counted so far when "
        "asked (so_far).",
        "Up to ten cards, far row then near row, like 9H 9D 9C AS AD KH 2C 5S JH JD.",
    ),
    ("groups", "Each set (pair, triple, four) or single card with its points and why."),
)


# --- what the referee checks ----------------------------------------------------------


def _turn(seat: int, drawn: str, position: int, card: str) -> tuple[JSON, JSON]:
    """A stock card drawn and discarded, turning up ``card`` at ``position``."""
    return (
        {"type": "draw", "player": seat, "source": "stock", "card": drawn},
        {"type": "discard", "player": seat, "position": position, "card": card},
    )


def ten_turns_each() -> tuple[JSON, ...]:
    """Ann and Bob each play ten turns on one pack, every card a different one."""
    deck = [f"{r}{s}" for s in "SHDC" for r in cards.RANKS if f"{r}{s}" != "5D"]
    out: list[JSON] = [*table.DEAL]
    for k in range(2 * TURNS):
        seat = 1 - k % 2  # Bob, on Ann's left, plays first
        out += _turn(seat, deck[2 * k], k // 2 + 1, deck[2 * k + 1])
    return tuple(out)


FACE_UP_AT_2 = (*DRAWN, *_turn(1, "9H", 2, "JD")[1:], *_turn(0, "4C", 3, "5S"))
BREACHES = (
    *table.turn_breaches(
        RULES,
        table.DEAL,
        {"type": "discard", "player": 1, "position": 2, "card": "JD"},
        "9H 9D 9C AS AD KH 2C 5S JH",
    ),
    Breach(
        RULES.replace,
        "Bob puts his drawn card over his face-up JD",
        Example(
            {"type": "replace", "player": 1, "position": 2},
            setup=(
                *FACE_UP_AT_2,
                {"type": "draw", "player": 1, "source": "stock", "card": "8C"},
            ),
        ),
    ),
    Breach(
        RULES.discard,
        "Bob discards and turns up his JD, which is already face up",
        Example(
            {"type": "discard", "player": 1, "position": 2, "card": "JD"},
            setup=(
                *FACE_UP_AT_2,
                {"type": "draw", "player": 1, "source": "stock", "card": "8C"},
            ),
        ),
    ),
    Breach(
        RULES.ten_turns,
        "Bob draws again after everyone's ten turns (a two-deal series)",
        Example(
            {"type": "draw", "player": 1, "source": "stock", "card": "9H"},
            setup=ten_turns_each(),
            options={"deals": 2},
        ),
    ),
)


GAME = LAYOUT.game(
    EVENTS,
    id=GAME_ID,
    title="Ten-card basketball",
    summary="Turn referee for ten-card basketball: ten turns each, sets of a rank "
    "(never aces or kings), the highest total wins. One pack for 2-4 players, two "
    "for 5-8.",
    source="The Ten-card Basketball text (seed 001, Brady Bunkelman, 2006). "
    "Readings: positions 1-5 far, 6-10 near; a set is cards of one rank; with two "
    "packs more than four of a rank make a four plus the rest; up to eight players.",
    min_players=2,
    max_players=8,
    options=OPTIONS,
    tools=(SCORE_TOOL,),
    deck="basketball-ten",
    breaches=BREACHES,
)
