"""Bunko at one table: two teams of two, three dice, sixes, wipeouts and bunkos.

Rules: ``../shared/seeds/004`` (Dice, Bunko), restated in ``rulebook/bunko.toml``.
The default ``variant`` "text" follows that text; "bunco" is the version most groups
play (the round number is the target, three of it is a bunco worth 21).

State (plain JSON):

* ``players``: the four names clockwise: team A p1, team B p1, team A p2, team B p2,
  so seats 0 and 2 are team A, seats 1 and 3 team B (partners sit opposite).
* ``teams``: ``[{"name", "players": [p1, p2]}]``, team A then team B.
* ``options``: ``{"variant", "round", "head_table"}``.
* ``phase``: "first-roll", "play", "scramble" (after a bunko) or "over".
* ``scores``: ``[team A, team B]``; ``roller``: the seat to roll (``None`` until the
  start is decided); ``bunko_by``: the seat whose bunko awaits its scramble.
* ``first``: ``{"waiting": [seats], "dice": [die or None per seat], "history": [...]}``.
* ``last``: the last roll (``{"player", "dice", "points", "call"}``) or ``None``.
* ``tallies``: per seat ``{"rolls", "points", "bunkos", "wipeouts"}``.
* ``stopped``: stop was called or the head table reached 21; ``ended_by``: "target"
  or "stop"; ``played_on``: a stopped table was tied and played on; ``winner``: the
  winning team's index.

``view(state)["detail"]`` keys: ``roller`` (name or None), ``phase``, ``last_roll``
(``{"player", "dice", "points", "call"}`` or None; ``call`` is "score", "miss",
"wipeout", "bunko", "bunco" or "three of a kind"), ``tallies`` (name ->
``{"rolls", "points", "bunkos", "wipeouts"}``, in seat order), ``first_roll`` (name ->
die, this roll-off so far), ``first_roll_waiting`` (names still to roll),
``first_roll_history`` (earlier tied roll-offs, each name -> die), ``seats`` (names
clockwise), ``variant``, ``round``, ``target_number`` (the scoring face: 6, or the
round in bunco), ``head_table``, ``target`` (21, or None off the head table),
``stopped``. Each side is ``{"name", "score", "players"}``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from referee.games import bunko_checks
from referee.games import bunko_service
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.boards import board
from referee.games.boards import partners_opposite
from referee.games.boards import recent
from referee.games.boards import two_partnerships
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Penalty
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.games.wording import and_
from referee.rulebook import cite

CITE = cite("bunko")

TARGET = 21  # the head table's game ends when a team reaches this
BUNKO_POINTS = 3  # three 6s in the text's game
SCRAMBLE_DICE = 3
BUNCO_POINTS = 21  # three of the target number in the bunco variant
TRIPS_POINTS = 5  # any other three of a kind in the bunco variant
SEATS = 4
ROLL_DICE = 3
# The most dice a roll's list may hold before it is unreadable (bad input): one, two,
# or four to six reach the engine, which refuses them citing the three-dice rule.
ROLL_LISTED_MOST = 6

R_FIRST = CITE("first-roll")
R_THREE_DICE = CITE("three-dice")
R_SIXES = CITE("sixes")
R_TURN = CITE("turn")
R_WIPEOUT = CITE("wipeout")
R_BUNKO = CITE("bunko")
R_SCRAMBLE = CITE("scramble")
R_HEAD = CITE("head-table")
R_STOP = CITE("stop")
R_TIE = CITE("tie")
R_OVER = CITE("game-over")
R_BUNCO = CITE("bunco-variant")
R_BUNCO_BUNCO = CITE("bunco-three-of-target")
R_BUNCO_TRIPS = CITE("bunco-three-of-a-kind")

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
_START = (
    {"type": "first_roll", "player": "Ann", "die": 6},
    {"type": "first_roll", "player": "Bob", "die": 2},
    {"type": "first_roll", "player": "Cy", "die": 3},
    {"type": "first_roll", "player": "Dee", "die": 1},
)


# --- the three functions --------------------------------------------------------------


check_setup = two_partnerships("Bunko is played by two teams of two.", example="")


def start(setup: Setup) -> JSON:
    """Seat the four players clockwise with partners opposite; roll for the start."""
    seats, teams = partners_opposite(setup)
    first = {"waiting": list(range(SEATS)), "dice": [None] * SEATS, "history": []}
    return {
        "phase": "first-roll",
        "players": seats,
        "teams": teams,
        "options": dict(setup.options),
        "scores": [0, 0],
        "roller": None,
        "bunko_by": None,
        "first": first,
        "last": None,
        "tallies": [_new_tally() for _ in range(SEATS)],
        "stopped": False,
        "played_on": False,  # stopped while tied, so the tie rule decides the end
        "ended_by": None,
        "winner": None,
    }


def _finished(state: JSON) -> Refused | None:
    if state["phase"] != "over":
        return None
    a, b = state["scores"]
    return Refused(
        f"The game is over: {_team(state, state['winner'])} won "
        f"{max(a, b)}-{min(a, b)}.",
        [R_OVER],
    )


def _on_scramble(state: JSON, event: JSON) -> Step:
    _check_split(event["team_a"], event["team_b"])
    return _scramble(state, event["team_a"], event["team_b"])


# Who may do each event: in the roll for the start, whoever has still to roll; in
# play, the player holding the dice; the scramble is everyone's (all four grab); stop
# is nobody's at this table (the head table's finish calls it for the room).
HANDLERS = {
    "first_roll": Handler(
        lambda s, e: _first_roll(s, e["player"], e["die"]),
        when=lambda s: s["phase"] == "first-roll",
        actor=lambda s: s["first"]["waiting"],
        out_of_turn=lambda s, e, seat: _out_of_turn(s, e, seat),
    ),
    "roll": Handler(
        lambda s, e: _roll(s, e.get("player", s["roller"]), list(e["dice"])),
        when=lambda s: s["phase"] == "play",
        actor=lambda s: s["roller"],
        out_of_turn=lambda s, e, seat: _out_of_turn(s, e, seat),
    ),
    "scramble": Handler(
        _on_scramble,
        when=lambda s: s["phase"] == "scramble",
        actor=lambda s: range(SEATS),
        out_of_turn=lambda s, e, seat: _out_of_turn(s, e, seat),
    ),
    "stop": Handler(
        lambda s, e: _stop(s),
        when=lambda s: not s["stopped"] and not _head(s),
        actor=lambda s: (),
        out_of_turn=lambda s, e, seat: _out_of_turn(s, e, seat),
    ),
}


def _out_of_turn(state: JSON, event: JSON, seat: int) -> Refused | None:
    """The rule an event naming ``seat`` breaks, where it is not whose roll it is."""
    name = state["players"][seat]
    if event["type"] == "first_roll":
        return _first_roll_refusal(state, seat)
    if event["type"] == "stop":
        return Refused(
            f"Stop is not {name}'s to call: the head table's finish calls it for the "
            "whole room. Enter it without a player.",
            [R_STOP],
        )
    return _not_the_roller(state, seat)


def _first_roll_refusal(state: JSON, seat: int) -> Refused:
    """Why ``seat`` may not roll for the start now (they rolled, or are not tied)."""
    first = state["first"]
    name = state["players"][seat]
    if first["dice"][seat] is not None:
        return Refused(
            f"{name} has already rolled a {first['dice'][seat]} for the start.",
            [R_FIRST],
        )
    others = _names(state, sorted(first["waiting"] + _rolled(first["dice"])))
    return Refused(
        f"Only {others} roll again for the start: {name} is not tied.", [R_FIRST]
    )


def view(state: JSON) -> JSON:
    """The scoreboard: both teams, whose roll, and the table's detail."""
    phase = state["phase"]
    names = state["players"]
    roller = state["roller"]
    sides = [
        {"name": t["name"], "score": state["scores"][i], "players": list(t["players"])}
        for i, t in enumerate(state["teams"])
    ]
    first = state["first"]
    detail = {
        "roller": names[roller] if roller is not None and phase != "over" else None,
        "phase": phase,
        "last_roll": dict(state["last"]) if state["last"] else None,
        "tallies": {names[s]: dict(t) for s, t in enumerate(state["tallies"])},
        "first_roll": _dice_by_name(state, first["dice"]),
        "first_roll_waiting": [names[s] for s in first["waiting"]],
        "first_roll_history": [_dice_by_name(state, d) for d in first["history"]],
        "seats": list(names),
        "variant": _variant_name(state),
        "round": state["options"].get("round", 1),
        "target_number": _target_number(state),
        "head_table": _head(state),
        "target": TARGET if _head(state) else None,
        "stopped": state["stopped"],
    }
    winner = _team(state, state["winner"]) if state["winner"] is not None else None
    turn = names[roller] if phase == "play" and roller is not None else None
    return board(
        sides=sides,
        turn=turn,
        expects=GAME.expects(state),
        prompt=_prompt(state),
        phase=phase,
        winner=winner,
        detail=detail,
    )


# --- events ---------------------------------------------------------------------------


def _first_roll(state: JSON, seat: int, die: int) -> Step:
    name = state["players"][seat]
    if state["phase"] != "first-roll":
        starter = state["players"][state["roller"]]
        raise Refused(
            f"The start is already decided: {starter} rolled first.", [R_FIRST]
        )
    first = state["first"]
    if seat not in first["waiting"]:
        raise _first_roll_refusal(state, seat)
    first["dice"][seat] = die
    first["waiting"].remove(seat)
    if first["waiting"]:
        summary = f"{name} rolls {die} for the start."
        return Step(state, Ruling(Verdict.OK, summary, (R_FIRST,)))
    rolled = _rolled(first["dice"])
    top = max(first["dice"][s] for s in rolled)
    tied = [s for s in rolled if first["dice"][s] == top]
    if len(tied) == 1:
        state["roller"] = tied[0]
        state["phase"] = "play"
        starter = state["players"][tied[0]]
        summary = f"{name} rolls {die}. {starter} starts with the high {top}."
        return Step(state, Ruling(Verdict.OK, summary, (R_FIRST,)))
    first["history"] = recent(first["history"], first["dice"])  # ties, latest only
    first["dice"] = [None] * SEATS
    first["waiting"] = tied
    summary = (
        f"{name} rolls {die}. {_names(state, tied)} tie on {top}: they roll again."
    )
    return Step(state, Ruling(Verdict.OK, summary, (R_FIRST,)))


def _check_roller(state: JSON, seat: int) -> None:
    """Refuse a roll before the start is decided, during a scramble, or out of turn."""
    if state["phase"] == "first-roll":
        raise Refused(
            "First each player rolls one die to decide who starts "
            f"({_names(state, state['first']['waiting'])} to roll).",
            [R_FIRST],
        )
    if state["phase"] == "scramble":
        bunko_by = state["players"][state["bunko_by"]]
        raise Refused(f"Enter the scramble for {bunko_by}'s bunko first.", [R_SCRAMBLE])
    if seat != state["roller"]:
        raise _not_the_roller(state, seat)


def _not_the_roller(state: JSON, seat: int) -> Refused:
    roller = state["players"][state["roller"]]
    name = state["players"][seat]
    return Refused(f"It is {roller}'s turn to roll, not {name}'s.", [R_TURN])


def _roll(state: JSON, seat: int, dice: list[int]) -> Step:
    _check_roller(state, seat)
    name = state["players"][seat]
    team = seat % 2
    side = _team(state, team)
    points, call, rules = _score_roll(state, dice)
    tally = state["tallies"][seat]
    tally["rolls"] += 1
    state["last"] = _last(name, dice, points, call)
    shown = " ".join(str(d) for d in dice)
    options = _variant(state).options
    penalties: tuple[Penalty, ...] = ()
    if call == "wipeout":
        lost = state["scores"][team]
        state["scores"][team] = 0
        tally["wipeouts"] += 1
        verdict, score = Verdict.WIPEOUT, {side: -lost}
        penalties = (
            Penalty(side, "Wipeout: the team's points go back to 0.", -lost, R_WIPEOUT),
        )
        head = f"Wipeout! {name} rolls {shown}: {side} lose {_points(lost)}"
    else:
        state["scores"][team] += points
        tally["points"] += points
        tally["bunkos"] += call in ("bunko", "bunco")
        verdict, score = Verdict.OK, ({side: points} if points else {})
        if call == "bunko":
            # The game cannot end before the scramble: its points are the bunko's.
            state["phase"] = "scramble"
            state["bunko_by"] = seat
            summary = (
                f"Bunko! {name} rolls {shown}: {BUNKO_POINTS} points for {side}. "
                "Enter how many dice each team grabbed."
            )
            return Step(
                state, Ruling(verdict, summary, (*rules, R_SCRAMBLE), score=score)
            )
        bang = "Bunco! " if call == "bunco" else ""
        head = (
            f"{bang}{name} rolls {shown}: {_points(points)} for {side}"
            if points
            else f"{name} rolls {shown}: no {_target_number(state)}"
        )
    ended = _ended(
        state, head, rules, penalties=penalties, score=score, options=options
    )
    if ended:
        return ended
    if not points:
        state["roller"] = (seat + 1) % SEATS
    nxt = state["players"][state["roller"]]
    tail = f"{nxt} rolls again" if points else f"the dice pass to {nxt}"
    note, note_rules = _tied_note(state)
    return Step(
        state,
        Ruling(
            verdict,
            f"{head}; {tail}.{note}",
            (*rules, R_TURN, *note_rules),
            penalties=penalties,
            score=score,
            options=options,
        ),
    )


def _scramble(state: JSON, team_a: int, team_b: int) -> Step:
    if state["phase"] != "scramble":
        raise Refused(
            "There is no scramble now: it follows a bunko (three 6s).", [R_SCRAMBLE]
        )
    bunko_by = state["bunko_by"]
    own = bunko_by % 2
    state["scores"][0] += team_a
    state["scores"][1] += team_b
    state["phase"] = "play"
    state["bunko_by"] = None
    grabbed = (team_a, team_b)
    total = BUNKO_POINTS + grabbed[own]
    split = f"{total}/{SCRAMBLE_DICE - grabbed[own]}"
    head = (
        f"Scramble: {_team(state, 0)} grab {team_a}, {_team(state, 1)} grab "
        f"{team_b} (the bunko is {split})"
    )
    score = {_team(state, i): n for i, n in enumerate(grabbed) if n}
    ended = _ended(state, head, (R_SCRAMBLE,), score=score)
    if ended:
        return ended
    roller = state["players"][bunko_by]
    note, note_rules = _tied_note(state)
    return Step(
        state,
        Ruling(
            Verdict.OK,
            f"{head}. {roller} rolls again.{note}",
            (R_SCRAMBLE, R_BUNKO, *note_rules),
            score=score,
        ),
    )


def _stop(state: JSON) -> Step:
    if _head(state):
        # The head table is the one that calls stop, by reaching 21; a stop sent to it
        # (a stray tap, a table phone) must not end its game.
        raise Refused(
            f"The head table is not stopped: it plays to {TARGET} and its finish "
            "calls stop at the other tables.",
            [R_HEAD, R_STOP],
        )
    if state["stopped"]:
        if state["ended_by"] == "target":
            raise Refused(
                f"This table has reached {TARGET} and is tied: it plays on "
                "until the tie is broken.",
                [R_HEAD, R_TIE],
            )
        a, b = state["scores"]
        if a == b:
            raise Refused(
                f"Stop has already been called at this table, tied {a}-{b}: it "
                "plays on until the tie is broken.",
                [R_STOP, R_TIE],
            )
        raise Refused("Stop has already been called at this table.", [R_STOP])
    state["stopped"] = True
    state["ended_by"] = "stop"
    if state["phase"] == "scramble":
        return Step(
            state,
            Ruling(
                Verdict.OK,
                "Stop: enter the scramble for the "
                "bunko, then the game ends unless tied.",
                (R_STOP, R_SCRAMBLE),
            ),
        )
    ended = _ended(state, "Stop", ())
    if ended:
        return ended
    note, note_rules = _tied_note(state)
    return Step(state, Ruling(Verdict.OK, f"Stop.{note}", (R_STOP, *note_rules)))


# --- rules ----------------------------------------------------------------------------


def _score_roll(state: JSON, dice: list[int]) -> tuple[int, str, tuple[str, ...]]:
    """Points for a roll, what it is called, and the rules it rests on."""
    if len(dice) != ROLL_DICE:  # two dice can be thrown, but are not a roll
        raise Refused(
            f"A bunko roll is all three dice thrown together; {len(dice)} "
            f"{'die was' if len(dice) == 1 else 'dice were'} thrown: roll again.",
            [R_THREE_DICE],
        )
    return _variant(state).score(_target_number(state), dice)


def _score_text(target: int, dice: list[int]) -> tuple[int, str, tuple[str, ...]]:
    """The rules text: each 6 scores, three 6s a bunko, three 1s a wipeout."""
    if dice == [1, 1, 1]:
        return 0, "wipeout", (R_WIPEOUT,)
    if dice == [target] * 3:
        return BUNKO_POINTS, "bunko", (R_BUNKO,)
    sixes = dice.count(target)
    return sixes, "score" if sixes else "miss", (R_SIXES,)


def _score_bunco(target: int, dice: list[int]) -> tuple[int, str, tuple[str, ...]]:
    """The bunco variant: the round number scores, three of it is a bunco."""
    if len(set(dice)) == 1:
        if dice[0] == target:
            return BUNCO_POINTS, "bunco", (R_BUNCO_BUNCO, R_BUNCO)
        return TRIPS_POINTS, "three of a kind", (R_BUNCO_TRIPS, R_BUNCO)
    points = dice.count(target)
    return points, "score" if points else "miss", (R_BUNCO,)


@dataclass(frozen=True)
class Variant:
    """One way to play (the ``variant`` option): how a roll scores, what it reads."""

    score: Callable[[int, list[int]], tuple[int, str, tuple[str, ...]]]
    round_scores: bool  # the round number is the scoring face (else the 6s)
    options: tuple[str, ...]  # the match options every roll's ruling rests on


VARIANTS = {
    "text": Variant(_score_text, round_scores=False, options=()),
    "bunco": Variant(_score_bunco, round_scores=True, options=("variant", "round")),
}


def _ended(
    state: JSON, head: str, rules: tuple[str, ...], **ruling: Any
) -> Step | None:
    """The step that ends the game, if it is decided now (see ``_settle``)."""
    ended = _settle(state)
    if not ended:
        return None
    verdict, text, end_rules, end_options = ended
    options = (*ruling.pop("options", ()), *end_options)
    summary = f"{head}. {text}"
    return Step(
        state,
        Ruling(verdict, summary, (*rules, *end_rules), options=options, **ruling),
    )


def _settle(
    state: JSON,
) -> tuple[Verdict, str, tuple[str, ...], tuple[str, ...]] | None:
    """End the game if it is decided: 21 at the head table, or stop, and no tie.

    Called only once a bunko's scramble is in, since the scramble's points belong to
    the bunko that caused it. A tied table that must stop plays on (``None``).
    """
    a, b = state["scores"]
    if _head(state) and max(a, b) >= TARGET and not state["stopped"]:
        state["stopped"] = True
        state["ended_by"] = "target"
    if not state["stopped"]:
        return None
    if a == b:
        state["played_on"] = True  # the tie rule now decides when it ends
        return None
    by_target = state["ended_by"] == "target"
    winner = 0 if a > b else 1
    state["phase"] = "over"
    state["winner"] = winner
    text = f"{_team(state, winner)} win {max(a, b)}-{min(a, b)}."
    tie = (R_TIE,) if state.get("played_on") else ()
    if by_target:
        return Verdict.WIN, text, (R_HEAD, *tie), ("head_table",)
    return Verdict.WIN, text, (R_STOP, *tie), ()


def _tied_note(state: JSON) -> tuple[str, tuple[str, ...]]:
    """What to add while a stopped table plays on because it is tied."""
    if not state["stopped"]:
        return "", ()
    a = state["scores"][0]
    return f" Tied {a}-{a} after stop: play on until the tie is broken.", (R_TIE,)


def _check_split(team_a: int, team_b: int) -> None:
    for name, n in (("team_a", team_a), ("team_b", team_b)):
        if not 0 <= n <= SCRAMBLE_DICE:
            raise BadInput(
                f"A team grabs 0 to {SCRAMBLE_DICE} dice; {n} given.",
                field=name,
                example='{"team_a": 2, "team_b": 1}',
            )
    if team_a + team_b != SCRAMBLE_DICE:
        raise BadInput(
            f"The scramble hands out all {SCRAMBLE_DICE} dice: {team_a} + {team_b} "
            f"is {team_a + team_b}.",
            field="team_b",
            example='{"team_a": 2, "team_b": 1}',
        )


# --- helpers --------------------------------------------------------------------------


def _variant_name(state: JSON) -> str:
    return str(state["options"].get("variant", "text"))


def _variant(state: JSON) -> Variant:
    return VARIANTS[_variant_name(state)]


def _head(state: JSON) -> bool:
    return bool(state["options"].get("head_table", True))


def _target_number(state: JSON) -> int:
    if _variant(state).round_scores:
        return int(state["options"].get("round", 1))
    return 6


def _team(state: JSON, index: int) -> str:
    return str(state["teams"][index]["name"])


def _names(state: JSON, seats: list[int]) -> str:
    return and_([state["players"][s] for s in seats])


def _rolled(dice: list[int | None]) -> list[int]:
    return [s for s, d in enumerate(dice) if d is not None]


def _dice_by_name(state: JSON, dice: list[int | None]) -> dict[str, int]:
    return {state["players"][s]: d for s, d in enumerate(dice) if d is not None}


def _points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def _new_tally() -> JSON:
    return {"rolls": 0, "points": 0, "bunkos": 0, "wipeouts": 0}


def _last(name: str, dice: list[int], points: int, call: str) -> JSON:
    return {"player": name, "dice": list(dice), "points": points, "call": call}


def _prompt(state: JSON) -> str:
    a, b = state["scores"]
    match state["phase"]:
        case "first-roll":
            waiting = _names(state, state["first"]["waiting"])
            return f"Roll one die each for the start: {waiting} to roll."
        case "scramble":
            by = state["players"][state["bunko_by"]]
            return f"Bunko by {by}! How many dice did each team grab?"
        case "over":
            win = state["winner"]
            return f"{_team(state, win)} win {max(a, b)}-{min(a, b)}."
    name = state["players"][state["roller"]]
    tie = " (stopped, tied: play on)" if state["stopped"] else ""
    return f"{name} to roll: {_team(state, 0)} {a}, {_team(state, 1)} {b}{tie}."


# --- the game -------------------------------------------------------------------------

_PLAYER = Field("player", "seat", "Who rolled: a name or a seat (0-3, clockwise).")

GAME = Game(
    id="bunko",
    title="Bunko",
    summary="Two teams of two roll three dice for 6s; three 6s is a bunko, three 1s "
    "a wipeout. The head table plays to 21.",
    source="Dice rules collection, section Bunko (../shared/seeds/004). Readings "
    "where it is unclear are stated in each rule; the 'bunco' variant is the common "
    "house version.",
    min_players=4,
    max_players=4,
    teams=True,
    team_size=2,
    check_setup=check_setup,
    options=(
        Option(
            "variant",
            "Rules",
            "'text': the rules text (6s score, bunko 3 plus "
            "the scramble, wipeouts). 'bunco': the round number scores, three of "
            "it is 21, other triples 5.",
            "choice",
            "text",
            choices=tuple(VARIANTS),
        ),
        Option(
            "round",
            "Round (bunco)",
            "The round number 1-6: the face that scores in the bunco variant.",
            "integer",
            1,
            minimum=1,
            maximum=6,
        ),
        Option(
            "head_table",
            "Head table",
            "The head table's game ends when a team "
            "reaches 21; other tables play until the head table calls stop.",
            "boolean",
            True,
        ),
    ),
    events=(
        EventKind(
            "first_roll",
            "Roll for the start",
            "Each player rolls one die; the highest starts, tied high rollers roll "
            "again.",
            (_PLAYER, Field("die", "die", "The die, 1-6.")),
            (
                Example(
                    {"type": "first_roll", "player": "Ann", "die": 5},
                    players=PLAYERS,
                    title="Ann rolls a 5 for the start",
                ),
            ),
        ),
        EventKind(
            "roll",
            "Roll",
            "Three dice rolled together by the player whose turn it is.",
            (
                Field(
                    "player",
                    "seat",
                    "Who rolled: a name or a seat (0-3, clockwise). Left out: the "
                    "player holding the dice; naming anyone else is refused.",
                    required=False,
                ),
                Field(
                    "dice",
                    "roll",
                    "The three dice, like 6 6 1 (fewer or more than three is "
                    "refused: a roll is all three).",
                    minimum=1,
                    maximum=ROLL_LISTED_MOST,
                ),
            ),
            (
                Example(
                    {"type": "roll", "player": "Ann", "dice": [6, 6, 1]},
                    setup=_START,
                    players=PLAYERS,
                    title="Two 6s: 2 points",
                ),
                Example(
                    {"type": "roll", "player": "Ann", "dice": "1 1 1"},
                    setup=_START,
                    players=PLAYERS,
                    title="A wipeout",
                ),
            ),
        ),
        EventKind(
            "scramble",
            "Scramble",
            "After a bunko: how many of the three dice each team grabbed (they add "
            "up to 3). team_a is the first team (seats 0 and 2).",
            (
                Field(
                    "team_a",
                    "integer",
                    "Dice grabbed by the first team.",
                    minimum=0,
                    maximum=SCRAMBLE_DICE,
                ),
                Field(
                    "team_b",
                    "integer",
                    "Dice grabbed by the second team.",
                    minimum=0,
                    maximum=SCRAMBLE_DICE,
                ),
            ),
            (
                Example(
                    {"type": "scramble", "team_a": 2, "team_b": 1},
                    setup=(
                        *_START,
                        {"type": "roll", "player": "Ann", "dice": [6, 6, 6]},
                    ),
                    players=PLAYERS,
                    title="Ann's team grabs 2 of the dice",
                ),
            ),
        ),
        EventKind(
            "stop",
            "Stop",
            "The head table has called stop: the game ends now unless the table is "
            "tied, which plays on until the tie is broken.",
            (),
            (
                Example(
                    {"type": "stop"},
                    setup=(
                        *_START,
                        {"type": "roll", "player": "Ann", "dice": [6, 2, 1]},
                    ),
                    players=PLAYERS,
                    options={"head_table": False},
                    title="Stop at a middle table",
                ),
            ),
        ),
    ),
    caller=bunko_service.caller,
    tally=bunko_service.TALLY,
    start=start,
    view=view,
    handlers=HANDLERS,
    finished=_finished,
    order_rule=R_TURN,
    turn_rule=R_TURN,
    breaches=bunko_checks.BREACHES,
    tools=(bunko_checks.TOOL,),
    stylesheet="games/bunko.css",
)
