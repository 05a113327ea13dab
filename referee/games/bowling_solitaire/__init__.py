"""Sid Sackson's bowling solitaire: a teacher for one player, frame by frame.

Rules source: the Bowling Solitaire text in ../shared/seeds (003); readings in
referee/rulebook/bowling_solitaire.toml. The pins are A-J (back row A B C D, then
E F G, H I, head pin J); the ball piles are 1 (left, five cards), 2 (centre, three)
and 3 (right, two). Scoring is ten-pin's (``referee.games.tenpin``).

Events: ``deal`` ``{"pins": "2 7 1 7 2 9 5 1 8 6", "balls": "0 0 4"}`` (the cards
on pins A to J, then the face-up top of each pile); ``bowl`` ``{"pile": 1, "pins":
"H F", "next": "5"}`` (the ball card on top of a pile takes those pins; ``next`` is
the card turned up beneath it, left out when the pile is spent); ``end_ball``
``{"next": "3 3"}`` (end the ball now; ending a first ball throws away each pile's
top card, and ``next`` lists the cards turned up, left to right).

``view(state)["detail"]``: ``frame``, ``ball``, ``rack`` (``pins``: ten
``{"letter", "card", "down", "row"}``; ``piles``: three ``{"pile", "name", "top",
"hidden", "spent"}``; ``out``: the cards out of play; ``single``: no second ball
follows on this rack), ``legal`` (every play allowed now, as the ``plays`` tool
answers), ``solve`` (the solve tool's fields for this table),
``sheet`` (the ten-pin frames,
``tenpin.Frame.to_json``), ``last`` (the last ruling's summary).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.games import tenpin
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.base import Tool
from referee.games.boards import board
from referee.games.bowling_solitaire import tools
from referee.games.bowling_solitaire.breaches import BREACHES
from referee.games.bowling_solitaire.breaches import DEAL
from referee.games.bowling_solitaire.breaches import FIRST
from referee.games.bowling_solitaire.table import COPIES
from referee.games.bowling_solitaire.table import DIGITS
from referee.games.bowling_solitaire.table import GAME_ID
from referee.games.bowling_solitaire.table import LETTERS
from referee.games.bowling_solitaire.table import PILE_NAMES
from referee.games.bowling_solitaire.table import PILE_SIZES
from referee.games.bowling_solitaire.table import R_BONUS_RACKS
from referee.games.bowling_solitaire.table import R_BOWL
from referee.games.bowling_solitaire.table import R_CARDS
from referee.games.bowling_solitaire.table import R_CARDS_OUT
from referee.games.bowling_solitaire.table import R_END_FIRST_BALL
from referee.games.bowling_solitaire.table import R_END_OF_FRAME
from referee.games.bowling_solitaire.table import R_FRAMES
from referee.games.bowling_solitaire.table import R_PERFECT_GAME
from referee.games.bowling_solitaire.table import R_PILES
from referee.games.bowling_solitaire.table import R_SCORING
from referee.games.bowling_solitaire.table import R_SECOND_BALL
from referee.games.bowling_solitaire.table import R_SETUP
from referee.games.bowling_solitaire.table import R_SPARE
from referee.games.bowling_solitaire.table import R_SPARE_BONUS
from referee.games.bowling_solitaire.table import R_STRIKE
from referee.games.bowling_solitaire.table import R_STRIKE_BONUS
from referee.games.bowling_solitaire.table import R_TENTH_FRAME
from referee.games.bowling_solitaire.table import ROWS
from referee.games.bowling_solitaire.table import Play
from referee.games.bowling_solitaire.table import Table
from referee.games.bowling_solitaire.table import cited
from referee.games.bowling_solitaire.table import legal_plays
from referee.games.bowling_solitaire.table import problems
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

DECK = "bowling-solitaire"


def start(setup: Setup) -> JSON:
    return {
        "players": list(setup.players),
        "teams": [],
        "balls": [],
        "phase": "deal",
        "rack": None,
        "last": "",
    }


def _finished(state: JSON) -> Refused | None:
    if state["phase"] != "over":
        return None
    return Refused("The ten frames are bowled: the game is over.", [R_FRAMES])


def _can_bowl(state: JSON) -> bool:
    """Pins set up and some ball card that can take one (else: end the ball)."""
    return _live(state) and bool(legal_plays(_table(state["rack"])))


def view(state: JSON) -> JSON:
    name = state["players"][0]
    balls = state["balls"]
    pos = tenpin.position(balls)
    rack = state["rack"]
    phase = state["phase"]
    score = tenpin.total(balls + ([rack["knocked"]] if _live(state) else []))
    legal: list[JSON] = []
    if _live(state):
        table = _table(rack)
        legal = [p.to_json(table) for p in legal_plays(table)]
    if phase == "over":
        prompt = f"Game over: {score}."
    elif phase == "deal":
        what = f"frame {pos.frame}"
        if pos.frame == tenpin.FRAMES and pos.ball > 1:
            what = f"the tenth frame's ball {pos.ball} (a bonus ball)"
        prompt = f"Shuffle and lay out {what}: the ten pins and the three ball tops."
    else:
        where = f"Frame {pos.frame}, {'first' if rack['ball'] == 1 else 'second'} ball"
        if pos.frame == tenpin.FRAMES and pos.ball > rack["ball"]:
            where = f"Tenth frame, ball {pos.ball} (a bonus ball)"
        if legal:
            prompt = (
                f"{where}: {len(legal)} legal play{'s' if len(legal) != 1 else ''}; "
                "pick a ball card and its pins."
            )
        else:
            prompt = f"{where}: no ball card can take a pin; end the ball."
    detail: JSON = {
        "frame": pos.frame,
        "ball": rack["ball"] if rack else 1,
        "rack": _rack_view(rack) if rack else None,
        "legal": legal,
        "sheet": [f.to_json() for f in tenpin.frames(balls)],
        "last": state["last"],
        "solve": _solve_query(rack) if _live(state) else {},
    }
    return board(
        sides=[{"name": name, "score": score, "frame": pos.frame}],
        turn=None if phase == "over" else name,
        expects=GAME.expects(state),
        prompt=prompt,
        phase=phase,
        winner=None,  # one player: nobody to beat but the score
        detail=detail,
    )


# --- events ------------------------------------------------------------------------


def _deal(state: JSON, event: JSON) -> Step:
    if state["phase"] != "deal":
        raise Refused(
            "This frame is still being bowled: end the ball before a new layout.",
            [R_END_OF_FRAME],
        )
    pins = list(event["pins"])
    tops = list(event["balls"])
    _check_copies(pins + tops, "balls")
    pos = tenpin.position(state["balls"])
    hidden = [size - 1 for size in PILE_SIZES]
    rack = {
        "pins": pins,
        "down": [],
        "piles": [{"top": t, "hidden": h} for t, h in zip(tops, hidden, strict=True)],
        "ball": 1,
        "knocked": 0,
        "played": [],
        "removed": [],
        # the tenth frame's last bonus ball is bowled alone at a fresh rack
        "single": pos.frame == tenpin.FRAMES and pos.ball == 3,
        "done": False,
    }
    new = {**state, "rack": rack, "phase": "play"}
    what = f"Frame {pos.frame}"
    if pos.frame == tenpin.FRAMES and pos.ball > 1:
        what = f"Tenth frame, ball {pos.ball} (a bonus ball)"
    summary = (
        f"{what} laid out: pins {' '.join(pins)}; ball cards {' '.join(tops)} face up."
    )
    rules = [R_CARDS, R_SETUP, R_PILES]
    if pos.frame == tenpin.FRAMES and pos.ball > 1:
        rules.append(R_TENTH_FRAME)
    new["last"] = summary
    return Step(new, Ruling(Verdict.OK, summary, tuple(rules)))


def _bowl(state: JSON, event: JSON) -> Step:
    if state["phase"] != "play":
        _not_playing(state)
    rack = state["rack"]
    pile = event["pile"]
    pins = _parse_pins(event["pins"])
    top = rack["piles"][pile - 1]["top"]
    if top is None:
        raise Refused(
            f"The {PILE_NAMES[pile - 1]} pile is spent: bowl a card that shows.",
            [R_BOWL],
        )
    _check_named(rack, pile, top, event.get("card"))
    table = _table(rack)
    play = Play(pile, top, pins)
    wrong = problems(table, play)
    if wrong:
        raise Refused(
            f"The {top} cannot take {' '.join(pins)}: "
            + " ".join(text for _, text in wrong),
            [r for r, _ in wrong],
        )
    hidden = rack["piles"][pile - 1]["hidden"]
    turned = event.get("next")
    where = f"the {PILE_NAMES[pile - 1]} pile"
    if hidden and turned is None:
        raise BadInput(
            f"'next' is missing: say which card turned up on {where} under the {top}.",
            field="next",
            example='{"type": "bowl", "pile": 1, "pins": "H F", "next": "5"}',
        )
    if not hidden and turned is not None:
        raise BadInput(
            f"{where.capitalize()} has no card left under the {top}: leave 'next' out.",
            field="next",
            example='{"type": "bowl", "pile": 1, "pins": "J"}',
        )
    if turned is not None:
        _check_copies(_seen(rack) + [turned], "next")
    before = _running(state)
    piles = [dict(p) for p in rack["piles"]]
    piles[pile - 1] = (
        {"top": turned, "hidden": hidden - 1} if hidden else {"top": None, "hidden": 0}
    )
    rack = {
        **rack,
        "down": [*rack["down"], *pins],
        "knocked": rack["knocked"] + len(pins),
        "piles": piles,
        "played": [
            *rack["played"],
            {"ball": rack["ball"], "pile": pile, "card": top, "pins": list(pins)},
        ],
    }
    new = {**state, "rack": rack}
    rules = list(cited(table, play)) + [R_CARDS_OUT]
    taken = " ".join(f"{p}({table.card(p)})" for p in pins)
    summary = f"The {top} from {where} takes {taken}."
    if turned is not None:
        summary += f" {turned} turns up."
    verdict: Verdict = Verdict.OK
    if len(rack["down"]) == len(LETTERS):
        new, more, rules_end = _finish_ball(new, ())
        summary += more
        rules += rules_end
    elif not any(p["top"] for p in piles):
        new, more, rules_end = _finish_ball(new, ())
        summary += " No ball card is left." + more
        rules += rules_end
    if new["phase"] == "over":
        verdict = Verdict.WIN
    return _step(state, new, before, summary, rules, verdict)


def _check_named(rack: JSON, pile: int, top: str, named: str | None) -> None:
    """A bowl that names its ball card: only the face-up top of the pile is bowled."""
    if named is None or named == top:
        return
    where = f"the {PILE_NAMES[pile - 1]} pile"
    rules = [R_PILES, R_BOWL]
    summary = (
        f"The {named} is not the card showing on {where} (the {top} is): only a "
        "pile's face-up top card can be bowled."
    )
    if rack["ball"] == 2 and named in rack["removed"]:
        # the tops thrown away when the first ball ended stay out of play
        rules.append(R_SECOND_BALL)
        summary += f" A {named} was thrown away when the first ball ended."
    raise Refused(summary, rules)


def _end_ball(state: JSON, event: JSON) -> Step:
    if state["phase"] != "play":
        _not_playing(state)
    before = _running(state)
    new, summary, rules = _finish_ball(state, tuple(event.get("next") or ()))
    verdict = Verdict.WIN if new["phase"] == "over" else Verdict.OK
    return _step(state, new, before, summary.strip(), rules, verdict)


def _finish_ball(state: JSON, turned: tuple[str, ...]) -> tuple[JSON, str, list[str]]:
    """End the ball now: score it, and either set up the second ball (throwing away
    the tops and turning up ``turned``) or close the rack."""
    rack = state["rack"]
    balls = [*state["balls"], rack["knocked"]]
    all_down = len(rack["down"]) == len(LETTERS)
    text, rules = _ball_result(rack, all_down)
    # a second ball follows a first one that left pins, except on a lone bonus ball
    if rack["ball"] == 1 and not rack["single"] and not all_down:
        new, text = _second_ball(state, balls, turned, text, rules)
        if not new["rack"]["done"]:
            new["last"] = text.strip()
            return new, text, rules
    else:
        if turned:
            raise BadInput(
                "No card is turned up now: the rack is finished; leave 'next' out.",
                field="next",
                example='{"type": "end_ball"}',
            )
        new = {**state, "balls": balls, "rack": {**rack, "done": True}}
    text += _close_rack(new, rules)
    new["last"] = text.strip()
    return new, text, rules


def _ball_result(rack: JSON, all_down: bool) -> tuple[str, list[str]]:
    """What the ball just ended made: a strike, a spare, or so many pins."""
    first = rack["ball"] == 1
    if all_down and first:
        return " STRIKE: all ten pins with the first ball.", [R_STRIKE]
    if all_down:
        return " SPARE: the last pins fall with the second ball.", [R_SPARE]
    knocked = rack["knocked"]
    which = "first" if first else "second"
    text = f" The {which} ball ends with {knocked} pin{'s' if knocked != 1 else ''}."
    return text, [R_END_FIRST_BALL if first else R_SECOND_BALL]


def _second_ball(
    state: JSON, balls: list[int], turned: tuple[str, ...], text: str, rules: list[str]
) -> tuple[JSON, str]:
    """Throw away each pile's top, turn up ``turned``; the rack is done at once when
    no ball card is left for the second ball."""
    rack = state["rack"]
    piles = [dict(p) for p in rack["piles"]]
    need = [i for i, p in enumerate(piles) if p["top"] and p["hidden"]]
    if len(turned) != len(need):
        names = " and ".join(PILE_NAMES[i] for i in need) or "no"
        sample = " ".join(_sample_cards(rack, len(need)))
        raise BadInput(
            f"Ending the first ball turns up a new card on the {names} "
            f"pile{'s' if len(need) != 1 else ''}: give {len(need)} "
            f"card{'s' if len(need) != 1 else ''} in 'next', left to right; "
            f"{len(turned)} given.",
            field="next",
            example=f'{{"type": "end_ball", "next": "{sample}"}}',
        )
    _check_copies(_seen(rack) + list(turned), "next")
    removed = [p["top"] for p in piles if p["top"]]
    cards_in = iter(turned)
    for i, p in enumerate(piles):
        if not p["top"]:
            continue
        piles[i] = (
            {"top": next(cards_in), "hidden": p["hidden"] - 1}
            if p["hidden"]
            else {"top": None, "hidden": 0}
        )
    rules.append(R_SECOND_BALL)
    if removed:
        text += f" Out of play: {' '.join(removed)}."
    if turned:
        verb = "turns" if len(turned) == 1 else "turn"
        text += f" Second ball: {' '.join(turned)} {verb} up."
    rack = {
        **rack,
        "piles": piles,
        "ball": 2,
        "knocked": 0,
        "removed": [*rack["removed"], *removed],
    }
    if any(p["top"] for p in piles):
        return {**state, "balls": balls, "rack": rack}, text
    # no ball card left for the second ball: it knocks nothing down
    text += " No ball card is left for the second ball."
    return {**state, "balls": [*balls, 0], "rack": {**rack, "done": True}}, text


def _close_rack(new: JSON, rules: list[str]) -> str:
    """Score the finished rack: the game is over, or the next layout is dealt."""
    balls = new["balls"]
    pos = tenpin.position(balls)
    rules.append(R_SCORING)
    frame = tenpin.frames(balls)[-1]
    if pos.over:
        new["phase"] = "over"
        rules.append(R_TENTH_FRAME)
        if tenpin.total(balls) == tenpin.PERFECT:
            rules.append(R_PERFECT_GAME)
        return f" Game over: {tenpin.total(balls)}."
    new["phase"] = "deal"
    if frame.number == tenpin.FRAMES and (frame.strike or frame.spare):
        rules += [R_TENTH_FRAME, R_BONUS_RACKS]
        return " Bonus ball: lay out a fresh rack."
    rules.append(R_END_OF_FRAME)
    return " Shuffle all twenty cards for the next layout."


# --- helpers -----------------------------------------------------------------------


def _step(
    old: JSON, new: JSON, before: int, summary: str, rules: list[str], verdict: Verdict
) -> Step:
    gained = _running(new) - before
    pending = [
        f
        for f in tenpin.frames(old["balls"])
        if f.number < tenpin.FRAMES and f.score is None and (f.strike or f.spare)
    ]
    if gained and pending:
        # the pins of this ball count again for the earlier strike or spare
        rules.append(R_STRIKE_BONUS if pending[0].strike else R_SPARE_BONUS)
    new = {**new, "last": summary}
    name = old["players"][0]
    ruling = Ruling(verdict, summary, tuple(dict.fromkeys(rules)), score={name: gained})
    return Step(new, ruling)


def _running(state: JSON) -> int:
    extra = [state["rack"]["knocked"]] if _live(state) else []
    return tenpin.total(state["balls"] + extra)


def _live(state: JSON) -> bool:
    return state["phase"] == "play" and state["rack"] is not None


def _not_playing(state: JSON) -> None:
    raise Refused(
        "No pins are set up: lay out the next frame first (a deal).",
        [R_END_OF_FRAME, R_SETUP],
    )


def _table(rack: JSON) -> Table:
    down = set(rack["down"])
    pins = tuple(
        None if L in down else c for L, c in zip(LETTERS, rack["pins"], strict=True)
    )
    return Table(pins, tuple(p["top"] for p in rack["piles"]))


def _seen(rack: JSON) -> list[str]:
    """Every card of this layout whose number is known."""
    out = list(rack["pins"]) + [p["card"] for p in rack["played"]] + rack["removed"]
    out += [p["top"] for p in rack["piles"] if p["top"]]
    return out


def _unseen(rack: JSON) -> list[int]:
    count = Counter(_seen(rack))
    return [COPIES - count[d] for d in DIGITS]


def _check_copies(seen: list[str], field: str) -> None:
    count = Counter(seen)
    for card, n in sorted(count.items()):
        if n > COPIES:
            raise BadInput(
                f"{card} would be on the table {n} times, but the pack holds two of "
                "each number 0-9.",
                field=field,
                example="2 7 1 7 2 9 5 1 8 6" if field == "pins" else "0 0 4",
            )


def _sample_cards(rack: JSON, n: int) -> list[str]:
    left = _unseen(rack)
    out: list[str] = []
    for d, k in enumerate(left):
        out += [str(d)] * k
    return (out + ["0"] * n)[:n]


def _parse_pins(raw: Any) -> tuple[str, ...]:
    tokens = raw if isinstance(raw, list) else [raw]
    letters: list[str] = []
    for t in tokens:
        for part in (
            str(t).replace(",", " ").replace("-", " ").split()
            if isinstance(t, str)
            else [str(t)]
        ):
            text = part.strip().upper()
            if len(text) > 1 and text.isalpha() and all(c in LETTERS for c in text):
                letters += list(text)  # "HF" for H and F
            elif text in LETTERS and len(text) == 1:
                letters.append(text)
            else:
                raise BadInput(
                    f"'{part}' is not a pin: pins are A to J (back row A B C D, then "
                    "E F G, H I, head pin J).",
                    field="pins",
                    example='"pins": "H F"',
                )
    if not letters:
        raise BadInput(
            "'pins' is empty: name the pins the ball card takes.",
            field="pins",
            example='"pins": "H F"',
        )
    dupes = sorted({p for p in letters if letters.count(p) > 1})
    if dupes:
        raise BadInput(
            f"Pin {dupes[0]} is named twice.", field="pins", example='"pins": "H F"'
        )
    return tuple(sorted(letters))


def _solve_query(rack: JSON) -> JSON:
    """The solve tool's fields for the table as it lies (face-down cards as ?)."""
    down = set(rack["down"])
    pins = [
        ("-" if L in down else c) for L, c in zip(LETTERS, rack["pins"], strict=True)
    ]
    piles = [
        " ".join(([p["top"]] if p["top"] else []) + ["?"] * p["hidden"])
        for p in rack["piles"]
    ]
    # the fallen pins' numbers too, so the solver knows what is left unseen
    out = [c for L, c in zip(LETTERS, rack["pins"], strict=True) if L in down]
    out += [p["card"] for p in rack["played"]] + rack["removed"]
    return {
        "pins": " ".join(pins),
        "left": piles[0],
        "centre": piles[1],
        "right": piles[2],
        "ball": rack["ball"],
        "out": " ".join(out),
    }


def _rack_view(rack: JSON) -> JSON:
    down = set(rack["down"])
    rows = {L: r for r, row in enumerate(ROWS) for L in row}
    return {
        "pins": [
            {"letter": L, "card": c, "down": L in down, "row": rows[L]}
            for L, c in zip(LETTERS, rack["pins"], strict=True)
        ],
        "piles": [
            {
                "pile": i + 1,
                "name": PILE_NAMES[i],
                "top": p["top"],
                "hidden": p["hidden"],
                "spent": p["top"] is None,
            }
            for i, p in enumerate(rack["piles"])
        ],
        "out": [p["card"] for p in rack["played"]] + rack["removed"],
        "played": rack["played"],
        "single": rack["single"],
        "done": rack["done"],
    }


def _the_player(state: JSON) -> int:
    """One player does everything: the seat to name, if any, is always 0."""
    return 0


HANDLERS = {
    "deal": Handler(_deal, when=lambda s: s["phase"] == "deal", actor=_the_player),
    "bowl": Handler(_bowl, when=_can_bowl, actor=_the_player),
    "end_ball": Handler(
        _end_ball, when=lambda s: s["phase"] == "play", actor=_the_player
    ),
}


# --- declarations ------------------------------------------------------------------

PINS_HELP = "The cards on pins A to J in order: back row A B C D, then E F G, H I, J."
EVENTS = (
    EventKind(
        type="deal",
        title="Lay out the pins",
        help="After shuffling, lay ten cards out as pins A to J and the other ten as "
        "ball piles of five, three and two; turn each pile's top card up. Enter the "
        "ten pins and the three face-up ball cards.",
        fields=(
            Field("pins", "cards", PINS_HELP, minimum=10, maximum=10),
            Field(
                "balls",
                "cards",
                "The face-up top card of the left (5), centre (3) and right (2) pile.",
                minimum=3,
                maximum=3,
            ),
        ),
        examples=(
            Example(DEAL, players=("Ann",), title="The rules' sample frame laid out"),
        ),
    ),
    EventKind(
        type="bowl",
        title="Bowl a ball card",
        help="The face-up card on one pile takes one pin of its number, or two or "
        "three touching pins whose sum ends in its number.",
        fields=(
            Field(
                "pile",
                "integer",
                "Which ball pile: 1 left, 2 centre, 3 right.",
                minimum=1,
                maximum=3,
            ),
            Field(
                "pins",
                "list",
                "The pins it knocks down, by letter A-J, like H F.",
            ),
            Field(
                "next",
                "card",
                "The card turned up on that pile under the one bowled (leave out "
                "when the pile is spent).",
                required=False,
            ),
            Field(
                "card",
                "card",
                "The ball card bowled, if you want it checked: it must be the "
                "face-up top of that pile (left out: the card showing there).",
                required=False,
            ),
        ),
        examples=(
            Example(
                FIRST,
                setup=(DEAL,),
                players=("Ann",),
                title="The 0 takes the 1 and 9 on H and F; a 5 turns up",
            ),
            Example(
                {**FIRST, "card": "0", "player": "Ann"},
                setup=(DEAL,),
                players=("Ann",),
                title="Ann names herself and the 0 she bowls at H and F",
            ),
        ),
    ),
    EventKind(
        type="end_ball",
        title="End the ball",
        help="End the ball now (no card can play, or you choose to stop). Ending "
        "the first ball puts each pile's top card out of play: enter the cards that "
        "turn up, left to right.",
        fields=(
            Field(
                "next",
                "cards",
                "The cards turned up on the piles that still have one, left to right.",
                required=False,
                minimum=0,
                maximum=3,
            ),
        ),
        examples=(
            Example(
                {"type": "end_ball", "next": ["8", "3", "4"]},
                setup=(DEAL, FIRST),
                players=("Ann",),
                title="Ann stops her first ball; 8, 3 and 4 turn up",
            ),
        ),
    ),
)

GAME = Game(
    id=GAME_ID,
    title="Bowling solitaire",
    summary="Sid Sackson's bowling solitaire with twenty cards 0-9: the referee says "
    "which ball card may take which pins and why, ends the balls, and keeps a "
    "ten-pin score sheet over ten frames.",
    source="The Bowling Solitaire text (seed 003). Readings: the first-card limits "
    "apply to the first card played on each layout, in whichever ball; the tenth "
    "frame's bonus balls are bowled at fresh layouts as in ten-pin.",
    min_players=1,
    max_players=1,
    options=(),
    events=EVENTS,
    start=start,
    view=view,
    tools=(
        Tool(
            name="plays",
            title="Legal plays",
            help="The table as it lies: every ball card and pin group the rules allow.",
            fields=tools.TABLE_FIELDS,
            run=tools.plays_tool,
            example=tools.EXAMPLE,
            result=tools.PLAYS_RESULT,
        ),
        Tool(
            name="solve",
            title="Strike or spare still on?",
            help="The table as it lies (face-down ball cards as ?): can a strike or a "
            "spare still be made, and one way to do it.",
            fields=(*tools.TABLE_FIELDS, tools.OUT_FIELD),
            run=tools.solve_tool,
            example=tools.SOLVE_EXAMPLE,
            result=tools.SOLVE_RESULT,
        ),
    ),
    deck=DECK,
    stylesheet="games/bowling_solitaire.css",  # the pins, the piles, the sheet
    handlers=HANDLERS,
    finished=_finished,
    order_rule=R_END_OF_FRAME,
    turn_rule=R_BOWL,
    breaches=BREACHES,
)
