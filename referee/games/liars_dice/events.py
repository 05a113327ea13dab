"""Liar's dice's match options, event kinds (with the examples the API documents)
and the requests that break each rule the referee checks (the coverage matrix)."""

from __future__ import annotations

from referee.games.base import Breach
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.liars_dice.hands import MAX_TEXT
from referee.games.liars_dice.rules import R_ACCEPT
from referee.games.liars_dice.rules import R_BEAT
from referee.games.liars_dice.rules import R_BETS
from referee.games.liars_dice.rules import R_BOX
from referee.games.liars_dice.rules import R_CALL
from referee.games.liars_dice.rules import R_DIRECTION
from referee.games.liars_dice.rules import R_FACE_UP
from referee.games.liars_dice.rules import R_RESPOND
from referee.games.liars_dice.rules import R_RESTART
from referee.games.liars_dice.rules import R_TOP
from referee.games.liars_dice.rules import R_TURN

DIRECTIONS = ("left", "right")
# The ``truth`` option's variants: whether the box's hand ranking decides a call
# (at or above the claim) rather than the same five dice.
TRUTH_RANKED = {"exact": False, "at-least": True}

OPTIONS = (
    Option(
        "bets",
        "Bets before dropping out",
        "0 (the text): nobody drops out, the loser of a call starts the next box, "
        "and the game ends once every player has lost a bet. 1 to 10: a player who "
        "has lost that many bets is out, and the last player left wins.",
        "integer",
        0,
        minimum=0,
        maximum=10,
    ),
    Option(
        "straights",
        "Straights",
        "10 J Q K A and 9 10 J Q K are straights, between three of a kind and a "
        "full house; off, they are plain no-pair hands.",
        "boolean",
        True,
    ),
    Option(
        "truth",
        "A claim is true when",
        "'exact': the box holds the five dice claimed (the text). 'at-least': "
        "the box's hand ranks at or above the claim.",
        "choice",
        "exact",
        choices=tuple(TRUTH_RANKED),
    ),
)

_PLAYER = Field(
    "player",
    "seat",
    "Who: a name or a seat (0 is the first listed); left out, the player whose "
    "move it is. Naming anyone else is refused as out of turn.",
    required=False,
)
_SEEN = Field(
    "dice",
    "string",
    "The five dice in the box, if already seen: 'K K J 10 9'.",
    required=False,
    maximum=MAX_TEXT,
)
_CLAIM_HELP = (
    "Five poker dice, as faces 'K K J J 10' (9 10 J Q K A, T for ten) or words "
    "'two kings two jacks ten'."
)
_OPEN = {"type": "claim", "player": "Ann", "claim": "K K J J 10"}
_ACCEPT = {"type": "accept", "player": "Bob"}
_LOSE = {"type": "call", "player": "Bob", "dice": "K K J 10 9"}  # Ann loses

EVENTS = (
    EventKind(
        "claim",
        "Pass the box with a claim",
        "The holder passes the box with a claim that beats the last one this "
        "box, saying which dice were left face up on the tray (after accepting) "
        "and, on the box's opening claim only, the direction: left or right.",
        (
            _PLAYER,
            Field("claim", "string", _CLAIM_HELP, maximum=MAX_TEXT),
            Field(
                "shown",
                "string",
                "Dice left face up on the tray, e.g. 'K K' (none: leave empty).",
                required=False,
                maximum=MAX_TEXT,
            ),
            Field(
                "direction",
                "choice",
                "The way the box goes: left or right (opening claim only).",
                required=False,
                choices=DIRECTIONS,
            ),
        ),
        (
            Example(_OPEN, title="Ann opens: two kings, two jacks and a ten"),
            Example(
                {
                    "type": "claim",
                    "player": "Bob",
                    "claim": "three kings two jacks",
                    "shown": "K K",
                },
                setup=(_OPEN, _ACCEPT),
                title="Bob leaves two kings face up and claims a full house",
            ),
        ),
    ),
    EventKind(
        "accept",
        "Accept the claim",
        "The receiver believes the claim and takes the box, to pass it on with "
        "a higher claim.",
        (_PLAYER,),
        (Example(_ACCEPT, setup=(_OPEN,), title="Bob accepts"),),
    ),
    EventKind(
        "call",
        "Call",
        "The receiver calls the claim a lie and the box is opened: say the dice "
        "it holds now, or when it is opened next.",
        (_PLAYER, _SEEN),
        (
            Example(
                {"type": "call", "player": "Bob"},
                setup=(_OPEN,),
                title="Bob calls",
            ),
            Example(
                _LOSE,
                setup=(_OPEN,),
                title="Bob calls and the box holds one jack: Ann loses a bet",
            ),
        ),
    ),
    EventKind(
        "open",
        "Open the box",
        "After a call: the five dice the box really holds (the caller opens it).",
        (
            Field(
                "dice",
                "string",
                "The five dice in the box: 'K K J J 10'.",
                maximum=MAX_TEXT,
            ),
        ),
        (
            Example(
                {"type": "open", "dice": "K K J J 10"},
                title="The claim was true: Bob loses a bet",
                setup=(_OPEN, {"type": "call", "player": "Bob"}),
            ),
            Example(
                {"type": "open", "player": "Bob", "dice": "K K J J 10"},
                title="Bob, who called, opens the box",
                setup=(_OPEN, {"type": "call", "player": "Bob"}),
            ),
        ),
    ),
)

_THREE = ("Ann", "Bob", "Cy")

BREACHES = (
    Breach(
        R_BOX,
        "Ann opens the box with two kings already face up",
        Example({**_OPEN, "shown": "K K"}),
    ),
    Breach(
        R_FACE_UP,
        "Dice face up on the tray before anyone has accepted",
        Example({**_OPEN, "shown": "J"}),
    ),
    Breach(
        R_DIRECTION,
        "Bob turns the box round: Ann sent it left",
        Example(
            {"type": "claim", "claim": "A A K K Q", "direction": "right"},
            setup=(_OPEN, _ACCEPT),
            players=_THREE,
        ),
    ),
    Breach(
        R_BEAT,
        "Bob accepts Ann's two kings two jacks and passes a lower claim",
        Example({"type": "claim", "claim": "Q Q J J 10"}, setup=(_OPEN, _ACCEPT)),
    ),
    Breach(
        R_ACCEPT,
        "Bob accepts, then calls instead of passing a higher claim",
        Example({"type": "call"}, setup=(_OPEN, _ACCEPT)),
    ),
    Breach(
        R_BEAT,
        "Is two queens two jacks and a ten enough after two kings two jacks?",
        tool="beats",
        request={"claim": "Q Q J J 10", "last": "K K J J 10"},
    ),
    Breach(
        R_TOP,
        "Can anything be passed after five aces?",
        tool="beats",
        request={"claim": "A A A A K", "last": "five aces"},
    ),
    Breach(
        R_TURN,
        "Cy claims while Ann holds the box",
        Example({**_OPEN, "player": "Cy"}, players=_THREE),
    ),
    Breach(
        R_RESPOND,
        "Ann claims again before Bob has called or accepted",
        Example({"type": "claim", "claim": "A A A 9 9"}, setup=(_OPEN,)),
    ),
    Breach(
        R_TOP,
        "Bob accepts five aces",
        Example(
            {"type": "accept"},
            setup=({"type": "claim", "player": "Ann", "claim": "five aces"},),
        ),
    ),
    Breach(
        R_CALL,
        "The box is opened before anyone calls",
        Example({"type": "open", "dice": "K K J J 10"}, setup=(_OPEN,)),
    ),
    Breach(
        R_CALL,
        "Ann's claim is a lie and Bob calls it: Ann loses a bet",
        Example(_LOSE, setup=(_OPEN,)),
        recorded=True,
    ),
    Breach(
        R_RESTART,
        "Bob, who won the call, starts the next box instead of Ann, who lost it",
        Example(
            {"type": "claim", "player": "Bob", "claim": "A A A 9 9"},
            setup=(_OPEN, _LOSE),
        ),
    ),
    Breach(
        R_BETS,
        "Ann, out after losing her one bet, claims again",
        Example(
            {"type": "claim", "player": "Ann", "claim": "A A A 9 9"},
            setup=(_OPEN, _LOSE),
            players=_THREE,
            options={"bets": 1},
        ),
    ),
)
