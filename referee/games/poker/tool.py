"""The stateless showdown judge: players' cards and the wilds in, the verdict out.

Served as ``POST /api/v1/tools/poker-draw/showdown`` (and its page). ``SHOWDOWN_TOOL``
is a ``Tool`` any poker game may list.

Request: ``hands`` (one player a line, ``Name: cards``; 1 to 10 cards each, at most
10 players), ``wild_ranks`` (``"2"``, ``"3 9"``), ``wild_cards`` (``"JS JH"``; a joker
is always wild), ``five_of_a_kind``, ``mode`` (``high``, ``low``, ``high-low``),
``low`` (the low ranking), ``pot`` (chips to share out, optional).

Answer (``SHOWDOWN_RESULT`` is its JSON Schema)::

    {"summary": "Bob wins with three kings, seven kicker.",
     "mode": "high", "wilds": "twos wild", "low": null,
     "players": [{"name": "Ann", "cards": [...],
                  "high": {"name", "ranking", "category", "cards", "wilds", "key"},
                  "low": null}],
     "winners": {"high": ["Bob"], "low": []},
     "split": [{"name": "Bob", "chips": 10}],
     "odd_chips": "..."}

``key`` compares hands of one ranking (larger is better, for low hands too); equal
keys are an exact tie.
"""

from __future__ import annotations

import re
from typing import Any

from referee.games import cards as cardlib
from referee.games.base import Tool
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import STRINGS
from referee.games.outcomes import BadInput
from referee.games.poker import hands as hl
from referee.games.poker import pot as potlib
from referee.games.poker import showdown as sd
from referee.games.schemas import RULES
from referee.games.schemas import record
from referee.games.schemas import records
from referee.rulebook import cite

# The tool answers as the draw poker rulebook names its rules.
CITE = cite("poker-draw")
R_SHOWDOWN = CITE("showdown")
R_RANKING = CITE("hand-ranking")
R_WILD = CITE("wild-cards")
R_SPLIT = CITE("split-pot")
# The rule a showdown mode adds (high hands: only the ranking).
MODE_RULES = {"low": CITE("lowball"), "high-low": CITE("high-low")}

MAX_PLAYERS = 10
EXAMPLE_HANDS = "Ann: 9S 9H 2D QC 4S\nBob: KS KD 7C 4H JK\nCy: AS AD 8C 8H 3D"
EXAMPLE = {
    "hands": EXAMPLE_HANDS,
    "wild_ranks": "2",
    "mode": "high",
    "pot": 25,
}
ODD_CHIPS = (
    "Equal hands split exactly; a chip that does not divide goes to the first tied "
    "winner in the order the hands were listed (list them from the dealer's left). "
    "In high/low the pot is halved first and an odd chip goes to the high half."
)

# A judged hand as the showdown and openers calculators answer it.
HAND: JSON = record(
    {
        "name": {"type": "string"},
        "ranking": {"type": "string"},
        "category": {"type": "string"},
        "cards": STRINGS,
        "wilds": {
            "type": "object",
            "additionalProperties": {"type": "string"},
            "description": "Each wild card played and the card it stands for.",
        },
        "key": {
            "type": "integer",
            "description": "Larger is better within the ranking; equal is a tie.",
        },
    },
    nullable=True,
)
SHOWDOWN_RESULT: JSON = {
    "type": "object",
    "required": [
        "summary",
        "mode",
        "wilds",
        "low",
        "players",
        "winners",
        "split",
        "odd_chips",
        "rules",
    ],
    "properties": {
        "summary": {"type": "string"},
        "mode": {"enum": list(sd.MODES)},
        "wilds": {"type": "string"},
        "low": {"type": ["string", "null"]},
        "players": records(
            {"name": {"type": "string"}, "cards": STRINGS, "high": HAND, "low": HAND}
        ),
        "winners": record({"high": STRINGS, "low": STRINGS}),
        "split": records(
            {"name": {"type": "string"}, "chips": {"type": "integer", "minimum": 0}}
        ),
        "odd_chips": {"type": "string"},
        "rules": RULES,
    },
    "additionalProperties": False,
}


def parse_hands(text: Any) -> list[tuple[str, list[str]]]:
    """``"Ann: AS AD 9C 5H 3S Bob: KS KD 7C 4H 2S"`` into (name, cards) pairs.

    Players may also be separated by ``;`` or new lines. A name is the word (or
    words that are not cards) before a colon; no card may appear twice.
    """
    example = "Ann: AS AD 9C 5H 3S; Bob: KS KD 7C 4H 2S"
    if not isinstance(text, str) or ":" not in text:
        raise BadInput(
            "Give each player's name, a colon and the cards.",
            field="hands",
            example=example,
        )
    players: list[tuple[str, list[str]]] = []
    for chunk in re.split(r"[\n;|]+", text):
        words: list[str] = []
        for token in chunk.replace(":", ": ").split():
            if token.endswith(":"):
                name_words = []
                while words and not _is_card(words[-1]):
                    name_words.insert(0, words.pop())
                if players:
                    players[-1][1].extend(words)
                elif words:
                    raise BadInput(
                        f"'{words[0]}' comes before any player's name.",
                        field="hands",
                        example=example,
                    )
                name = " ".join([*name_words, token[:-1]]).strip()
                players.append((name, []))
                words = []
            else:
                words.append(token)
        if words:
            if not players:
                raise BadInput(
                    "Start each player with a name and a colon.",
                    field="hands",
                    example=example,
                )
            players[-1][1].extend(words)
    if len(players) > MAX_PLAYERS:
        raise BadInput(
            f"At most {MAX_PLAYERS} players.", field="hands", example=example
        )
    out: list[tuple[str, list[str]]] = []
    held: list[str] = []
    for i, (raw_name, tokens) in enumerate(players):
        name = raw_name[:40] or f"Player {i + 1}"
        try:
            cards = cardlib.parse_cards(
                tokens, "standard-jokers", least=5, most=10, held=held
            )
        except BadInput as err:
            raise BadInput(
                f"{name}: {err.message}", field="hands", example=example
            ) from None
        if any(n.casefold() == name.casefold() for n, _ in out):
            raise BadInput(
                f"Two players are called {name}.", field="hands", example=example
            )
        held += cards
        out.append((name, cards))
    return out


def _wilds_words(wilds: hl.Wilds, players: list[tuple[str, list[str]]]) -> str:
    """The wild cards in words; a joker held is wild even when nothing else is."""
    words = wilds.describe()
    if any(cardlib.JOKER in cards for _, cards in players):
        words = (
            "jokers wild"
            if not (wilds.ranks or wilds.cards)
            else f"{words}, jokers too"
        )
    return words


def _is_card(token: str) -> bool:
    try:
        cardlib.parse_card(token, "standard-jokers")
    except BadInput:
        return False
    return True


def parse_ranks(text: Any) -> frozenset[str]:
    """Wild ranks (``"3 9"``), each read by the one rank parser of the notation."""
    tokens = [t for t in re.split(r"[\s,;]+", str(text or "")) if t]
    return frozenset(
        cardlib.parse_rank(t, field="wild_ranks", example="3 9") for t in tokens
    )


def showdown_tool(request: JSON) -> JSON:
    """Judge a showdown: each best hand named, the winners, the split."""
    players = parse_hands(request.get("hands"))
    mode = request.get("mode") or "high"
    wild_cards = (
        frozenset(cardlib.parse_cards(request["wild_cards"], "standard-jokers"))
        if request.get("wild_cards")
        else frozenset()
    )
    wilds = hl.Wilds(
        ranks=parse_ranks(request.get("wild_ranks")),
        cards=wild_cards,
        five_of_a_kind=request.get("five_of_a_kind", "yes") != "no",
    )
    judge = sd.Judge(mode, wilds, hl.LOW_RULES[request.get("low") or "ace-to-five"])
    if mode != "high":
        short = [n for n, c in players if len(c) < 5]
        if short:
            raise BadInput(
                f"{short[0]} has fewer than five cards: a low hand needs five.",
                field="hands",
                example=EXAMPLE_HANDS,
            )
    best = {i: sd.best(cards, judge) for i, (_, cards) in enumerate(players)}
    order = list(range(len(players)))
    winners = {
        part: sd.winners({i: b[part] for i, b in best.items()}) for part in judge.parts
    }
    chips = int(request.get("pot") or 0)
    pot = potlib.new_pot(len(players), carried=chips)
    awarded = potlib.award(pot, order, sd.split_winners(best, judge))
    shares = potlib.payouts(awarded) if chips else {}
    names = [n for n, _ in players]
    said = []
    for part in judge.parts:
        seats = winners[part]
        hand = best[seats[0]][part].name
        who = " and ".join(names[s] for s in seats)
        verb = "split" if len(seats) > 1 else "wins"
        label = f" {part}" if len(judge.parts) > 1 else ""
        said.append(f"{who} {verb}{label} with {hand}")
    summary = "; ".join(said) + "."
    if shares:
        summary += (
            " " + ", ".join(f"{names[s]} takes {c}" for s, c in shares.items()) + "."
        )
    return {
        "summary": summary[0].upper() + summary[1:],
        "mode": mode,
        "wilds": _wilds_words(wilds, players),
        "low": judge.low.title if mode != "high" else None,
        "players": [
            {
                "name": n,
                "cards": cards,
                "high": best[i]["high"].to_json() if "high" in best[i] else None,
                "low": best[i]["low"].to_json() if "low" in best[i] else None,
            }
            for i, (n, cards) in enumerate(players)
        ],
        "winners": {
            "high": [names[s] for s in winners.get("high", [])],
            "low": [names[s] for s in winners.get("low", [])],
        },
        "split": [{"name": names[s], "chips": c} for s, c in shares.items()],
        "odd_chips": ODD_CHIPS,
        "rules": _showdown_rules(judge, winners, players),
    }


def _showdown_rules(
    judge: sd.Judge, winners: dict[str, list[int]], players: list[tuple[str, list[str]]]
) -> list[str]:
    """The rules the answer rests on (as the draw poker rulebook names them)."""
    out = [R_SHOWDOWN, R_RANKING]
    wild = judge.wilds.ranks or judge.wilds.cards
    if wild or any(cardlib.JOKER in cards for _, cards in players):
        out.append(R_WILD)
    if judge.mode in MODE_RULES:
        out.append(MODE_RULES[judge.mode])
    if judge.mode == "high-low" or any(len(s) > 1 for s in winners.values()):
        out.append(R_SPLIT)
    return out


SHOWDOWN_TOOL = Tool(
    name="showdown",
    title="Poker showdown judge",
    help="Each player's cards (five; seven in stud, up to ten with baseball's extra "
    "cards for fours) and the game's wild cards: every best hand named, the winner or "
    "winners, and how the pot splits.",
    fields=(
        Field(
            "hands",
            "string",
            "One player a line: a name, a colon, the cards (Ann: AS AD 9C 5H 3S).",
            maximum=800,
        ),
        Field(
            "wild_ranks",
            "string",
            "Ranks that are wild, like 2 (deuces) or 3 9 (baseball).",
            required=False,
            maximum=40,
        ),
        Field(
            "wild_cards",
            "string",
            "Single wild cards, like JS JH (one-eyed jacks). A joker is always wild.",
            required=False,
            maximum=40,
        ),
        Field(
            "five_of_a_kind",
            "choice",
            "May wilds make five of a kind (the top hand)?",
            required=False,
            choices=("yes", "no"),
            default="yes",
        ),
        Field(
            "mode",
            "choice",
            "Who wins: the high hand, the low hand, or high and low split.",
            required=False,
            choices=sd.MODES,
            default="high",
        ),
        Field(
            "low",
            "choice",
            "The low ranking, for low and high-low.",
            required=False,
            choices=tuple(hl.LOW_RULES),
            default="ace-to-five",
        ),
        Field(
            "pot",
            "integer",
            "Chips in the pot, to share out (optional).",
            required=False,
            minimum=0,
            maximum=1_000_000,
        ),
    ),
    run=showdown_tool,
    example=EXAMPLE,
    result=SHOWDOWN_RESULT,
)
