"""Darts baseball: nine (or twenty) innings at the numbers, extra innings on a tie.

In inning N every player in play throws a set of three darts at N; only N scores (a
single 1 run, a double 2, a treble 3). Options: ``innings`` ("9" or "20"),
``newfoundland`` (no runs in the 7th, or the 14th of twenty, resets the total to zero)
and ``yogi_berra`` (a set in which all three darts score keeps the inning alive). A tie
for the lead after the last inning goes to extra innings between the tied leaders.

``view(state)["detail"]`` holds:

* ``inning``: the inning being played (the last one played once the game is over);
* ``target``: the number aimed at, or ``"bull"`` past inning 20;
* ``innings``: 9 or 20, the regulation length;
* ``extra``: true in extra innings;
* ``alive``: true while a Yogi Berra extension set is being thrown;
* ``darts``: codes of the current set so far; ``darts_left``: darts left in it;
* ``line``: the line score, player name -> runs per inning (the change to the total: a
  Newfoundland wipeout shows as minus the total lost); ``null`` for an extra inning the
  player sat out; the player still to throw in the current inning has no entry for it;
* ``in_play``: names still playing (everyone, or the tied leaders in extra innings).

Each side is ``{"name", "score" (total runs), "hits" (darts that scored)}``.

A ``round`` event lists the set's three darts; it may list fewer only with
``"rest_missed": true`` (the others missed the board), else it is ``BadInput``.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.games import darts
from referee.games.base import Breach
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.base import Handler
from referee.games.base import Setup
from referee.games.boards import board
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

GAME_ID = "darts-baseball"
CITE = cite(GAME_ID)
TITLE = "Darts: Baseball"
DARTS_PER_SET = 3
# The most darts a set's list may hold before it is unreadable (bad input): four to
# nine reach the engine, which refuses them citing the three-dart turn.
LISTED_MOST = 9
LAST_NUMBER = 20  # past inning 20 no number is left, so the bull becomes the target
# Newfoundland's must-score innings, by regulation length; never applied in extras.
MUST_SCORE = {9: (7,), 20: (7, 14)}

# The rules it cites (each id checked against its rulebook at import):
R_INNINGS = CITE("innings")
R_TURNS = CITE("turns")
R_SCORING = CITE("scoring")
R_ENTRY = CITE("entry")
R_NEWFOUNDLAND = CITE("newfoundland")
R_YOGI_BERRA = CITE("yogi-berra")
R_EXTRA_INNINGS = CITE("extra-innings")
R_WINNER = CITE("winner")


# --- the engine --------------------------------------------------------------------


def start(setup: Setup) -> JSON:
    """A fresh game: inning 1, the first seat to throw, everyone on zero."""
    options = setup.options
    count = len(setup.players)
    return {
        "players": list(setup.players),
        "teams": [],
        "innings": int(options.get("innings", "9")),
        "newfoundland": bool(options.get("newfoundland", False)),
        "yogi_berra": bool(options.get("yogi_berra", False)),
        "inning": 1,
        "in_play": list(range(count)),  # seats, in seat order
        "at": 0,  # index into in_play of the player throwing
        "darts": [],  # codes of the current set
        "alive": False,  # the current set is a Yogi Berra extension
        "totals": [0] * count,
        "hits": [0] * count,
        "line": [[] for _ in range(count)],
        "winner": None,  # seat
    }


def _finished(state: JSON) -> Refused | None:
    if state["winner"] is None:
        return None
    winner = state["players"][state["winner"]]
    return Refused(
        f"The game is over: {winner} won. Start a new game to play again.",
        [R_WINNER],
    )


def _thrower(state: JSON) -> str:
    return str(state["players"][state["in_play"][state["at"]]])


def _on_dart(s: JSON, event: JSON) -> Step:
    """One dart by the player whose turn it is."""
    return _throw(s, [darts.parse_dart(event.get("dart"))])


def _on_round(s: JSON, event: JSON) -> Step:
    """A set of darts, entered at once at the start of a set."""
    name = _thrower(s)
    if s["darts"]:
        count = len(s["darts"])
        raise Refused(
            f"{name} has entered {count} dart{'s' if count > 1 else ''} of this "
            "set one by one: enter the rest one dart at a time.",
            [R_ENTRY],
        )
    codes = event.get("darts")
    if not isinstance(codes, list) or not codes:
        raise BadInput(
            "A round is 1 to 3 darts.",
            field="darts",
            example='["S1", "D1", "M"]',
        )
    if len(codes) > DARTS_PER_SET:
        # Four darts can be thrown, but never in one set: the turn is three.
        raise Refused(
            f"{name} cannot throw {len(codes)} darts in a set: a turn is "
            f"{DARTS_PER_SET} darts.",
            [R_TURNS, R_ENTRY],
        )
    thrown = [darts.parse_dart(code) for code in codes]
    missing = DARTS_PER_SET - len(thrown)
    # A short set counts the rest as misses only when the player says so. An event
    # without the key was stored before the field existed, when that was implied.
    if missing and event.get("rest_missed", True) is not True:
        full = [*(d.code for d in thrown), *["M"] * missing]
        raise BadInput(
            _short_set_message(name, thrown), field="darts", example=" ".join(full)
        )
    thrown += [darts.MISS] * missing
    return _throw(s, thrown, padded=missing > 0)


def _in_turn(state: JSON) -> int:
    return int(state["in_play"][state["at"]])


def _out_of_turn(state: JSON, event: JSON, seat: int) -> Refused | None:
    """Why ``seat`` may not throw now, when the reason is more than whose turn it is:
    out of the extra innings, a fourth dart, or a Yogi Berra set still to come."""
    name = state["players"][seat]
    thrower = _thrower(state)
    inning = state["inning"]
    if seat not in state["in_play"]:
        leaders = and_([state["players"][i] for i in state["in_play"]])
        return Refused(
            f"{name} is out: only {leaders} play the extra innings.",
            [R_EXTRA_INNINGS, R_TURNS],
        )
    if len(state["line"][seat]) >= inning:
        return Refused(
            f"{name} has thrown a set of three in the {_ordinal(inning)}: another "
            f"dart is not theirs to throw; {thrower} throws now.",
            [R_TURNS],
        )
    last_of_previous = state["at"] == 0 and seat == state["in_play"][-1]
    if last_of_previous and inning > 1 and not state["darts"]:
        return Refused(
            f"{name}'s set of three in the {_ordinal(inning - 1)} is over: "
            f"{thrower} leads off the {_ordinal(inning)}.",
            [R_TURNS, R_INNINGS],
        )
    if state["alive"]:
        return Refused(
            f"The inning is still alive: {thrower} throws another set before {name}.",
            [R_YOGI_BERRA, R_TURNS],
        )
    return None


def _short_set_message(name: str, thrown: Sequence[darts.Dart]) -> str:
    count = len(thrown)
    listed = " ".join(d.code for d in thrown)
    which = "the 3rd dart" if count == 2 else "the 2nd and 3rd darts"
    return (
        f"{name}'s set lists {count} dart{'s' if count > 1 else ''} ({listed}) but a "
        f"set is {DARTS_PER_SET}: enter {which} (M for a miss), or say the rest "
        'missed the board ("rest_missed": true).'
    )


def view(state: JSON) -> JSON:
    """The scoreboard: totals and hits, the line score, who throws at what."""
    players = state["players"]
    sides = [
        {"name": name, "score": state["totals"][i], "hits": state["hits"][i]}
        for i, name in enumerate(players)
    ]
    inning = state["inning"]
    extra = inning > state["innings"]
    target = _target(inning)
    target_text = _target_text(target)
    over = state["winner"] is not None
    detail = {
        "inning": inning,
        "target": "bull" if target == darts.BULL else target,
        "innings": state["innings"],
        "extra": extra,
        "alive": state["alive"],
        "darts": list(state["darts"]),
        "darts_left": 0 if over else DARTS_PER_SET - len(state["darts"]),
        "line": {name: list(state["line"][i]) for i, name in enumerate(players)},
        "in_play": [players[i] for i in state["in_play"]],
    }
    if over:
        winner = players[state["winner"]]
        return board(
            sides=sides,
            turn=None,
            expects=GAME.expects(state),
            prompt=f"Game over: {_result_text(state, state['winner'])}",
            phase="over",
            winner=winner,
            detail=detail,
        )
    name = players[state["in_play"][state["at"]]]
    label = f"extra inning {inning}" if extra else f"inning {inning}"
    count = f"dart {len(state['darts']) + 1} of {DARTS_PER_SET}"
    if state["alive"]:
        count += ", inning still alive"
    return board(
        sides=sides,
        turn=name,
        expects=GAME.expects(state),
        prompt=f"{name}: {label}, throw at {target_text} ({count})",
        phase="extra" if extra else "play",
        detail=detail,
    )


# --- private helpers ---------------------------------------------------------------


def _throw(s: JSON, thrown: Sequence[darts.Dart], *, padded: bool = False) -> Step:
    """Score the darts on the (owned) state, then close the set if it is full."""
    seat = s["in_play"][s["at"]]
    name = s["players"][seat]
    inning = s["inning"]
    target = _target(inning)
    extra = inning > s["innings"]
    line = s["line"][seat]
    if len(line) < inning:  # the player's first dart in this inning
        line.append(0)
    rules = [R_SCORING]
    if padded:
        rules.append(R_ENTRY)
    if extra:
        rules.append(R_EXTRA_INNINGS)
    options: list[str] = []
    if s["alive"]:
        options.append("yogi_berra")  # this set is only thrown under the option
        rules.append(R_YOGI_BERRA)
    added = 0
    for dart in thrown:
        runs = _runs(dart, target)
        s["darts"].append(dart.code)
        s["totals"][seat] += runs
        s["hits"][seat] += runs > 0
        line[-1] += runs
        added += runs
    codes = " ".join(d.code for d in thrown)
    plural = "" if added == 1 else "s"
    notes = [f"{name}: {codes} in the {_ordinal(inning)}: {added} run{plural}."]
    verdict = Verdict.OK
    delta = added
    penalties: list[Penalty] = []
    if len(s["darts"]) == DARTS_PER_SET:
        verdict, delta = _end_set(
            s, seat, target, delta, notes, rules, options, penalties
        )
    return Step(
        s,
        Ruling(
            verdict,
            " ".join(notes),
            tuple(dict.fromkeys(rules)),
            penalties=tuple(penalties),
            score={name: delta},
            options=tuple(dict.fromkeys(options)),
        ),
    )


def _end_set(
    s: JSON,
    seat: int,
    target: int,
    delta: int,
    notes: list[str],
    rules: list[str],
    options: list[str],
    penalties: list[Penalty],
) -> tuple[Verdict, int]:
    """A full set: keep the inning alive, or end the turn (and maybe the inning)."""
    name = s["players"][seat]
    inning = s["inning"]
    scored = all(_runs(darts.parse_dart(code), target) for code in s["darts"])
    s["darts"] = []
    if s["yogi_berra"] and scored:
        s["alive"] = True
        notes.append(
            f"All three scored: the inning stays alive and {name} throws three more "
            f"at {_target_text(target)} (Yogi Berra)."
        )
        rules.append(R_YOGI_BERRA)
        options.append("yogi_berra")
        return Verdict.OK, delta
    s["alive"] = False
    verdict = Verdict.OK
    must_score = inning <= s["innings"] and inning in MUST_SCORE[s["innings"]]
    line = s["line"][seat]
    if s["newfoundland"] and must_score and line[-1] == 0:
        lost = s["totals"][seat]
        s["totals"][seat] = 0
        line[-1] = -lost
        delta -= lost
        verdict = Verdict.WIPEOUT
        was = f" from {lost}" if lost else " (it was already 0)"
        notes.append(
            f"No runs in the {_ordinal(inning)}: {name}'s total goes back to 0{was} "
            "(Newfoundland)."
        )
        rules.append(R_NEWFOUNDLAND)
        options.append("newfoundland")
        penalties.append(
            Penalty(
                name,
                f"Newfoundland: no runs in the {_ordinal(inning)}; the total goes "
                "back to 0.",
                -lost,
                R_NEWFOUNDLAND,
            )
        )
    s["at"] += 1
    if s["at"] < len(s["in_play"]):
        rules.append(R_TURNS)
        return verdict, delta
    if _end_inning(s, notes, rules, options):
        verdict = Verdict.WIN
    return verdict, delta


def _end_inning(
    s: JSON, notes: list[str], rules: list[str], options: list[str]
) -> bool:
    """Every player in play has thrown: next inning, extra innings, or (True) a win."""
    s["at"] = 0
    inning = s["inning"]
    if inning < s["innings"]:
        s["inning"] = inning + 1
        rules.append(R_INNINGS)
        return False
    if s["innings"] == LAST_NUMBER and inning == LAST_NUMBER:
        options.append("innings")  # a nine-inning game would have ended earlier
    best = max(s["totals"][i] for i in s["in_play"])
    leaders = [i for i in s["in_play"] if s["totals"][i] == best]
    if len(leaders) == 1:
        s["winner"] = leaders[0]
        notes.append(_result_text(s, leaders[0]))
        rules.append(R_WINNER)
        return True
    s["in_play"] = leaders
    s["inning"] = inning + 1
    target = _target(inning + 1)
    for i in range(len(s["players"])):
        if i not in leaders:
            s["line"][i].append(None)
    names = and_([s["players"][i] for i in leaders])
    plural = "" if best == 1 else "s"
    notes.append(
        f"Tied at {best} run{plural}: {names} play extra inning {inning + 1}, "
        f"at {_target_text(target)}."
    )
    rules.append(R_EXTRA_INNINGS)
    return False


def _runs(dart: darts.Dart, target: int) -> int:
    """Runs for one dart: the ring's multiplier on the target, nothing elsewhere."""
    return dart.multiplier if dart.segment == target else 0


def _target(inning: int) -> int:
    return inning if inning <= LAST_NUMBER else darts.BULL


def _target_text(target: int) -> str:
    return "the bull" if target == darts.BULL else str(target)


def _result_text(state: JSON, seat: int) -> str:
    name = state["players"][seat]
    runs = state["totals"][seat]
    plural = "" if runs == 1 else "s"
    if len(state["players"]) == 1:
        return f"{name} finishes with {runs} run{plural}."
    return f"{name} wins with {runs} run{plural}."


def _ordinal(n: int) -> str:
    suffix = (
        "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    )
    return f"{n}{suffix}"


# --- what the referee checks: a request breaking each rule ---------------------------

_SOLO = ("Ann",)
_MISSED = {"type": "round", "darts": ["M", "M", "M"]}
# Ann and Bob tie on 1 run over nine innings and Cy has none: extra innings, Cy out.
_TIED = (
    {"type": "round", "darts": ["S1", "M", "M"]},
    {"type": "round", "darts": ["S1", "M", "M"]},
    _MISSED,
    *[_MISSED] * 24,
)

BREACHES = (
    Breach(
        R_TURNS,
        "Bob throws while it is Ann's turn",
        Example({"type": "dart", "dart": "S1", "player": "Bob"}),
    ),
    Breach(
        R_TURNS,
        "Ann throws a fourth dart in the 1st inning",
        Example(
            {"type": "dart", "dart": "S1", "player": "Ann"},
            setup=({"type": "round", "darts": ["S1", "M", "M"]},),
        ),
    ),
    Breach(
        R_ENTRY,
        "A set of four darts",
        Example({"type": "round", "darts": ["S1", "S1", "S1", "S1"]}),
    ),
    Breach(
        R_ENTRY,
        "A whole set entered after its first dart was entered on its own",
        Example(
            {"type": "round", "darts": ["S1", "S1"]},
            setup=({"type": "dart", "dart": "S1"},),
        ),
    ),
    Breach(
        R_NEWFOUNDLAND,
        "Ann scores nothing in the 7th",
        Example(
            _MISSED,
            setup=({"type": "round", "darts": ["S1", "M", "M"]}, *[_MISSED] * 5),
            players=_SOLO,
            options={"newfoundland": True},
        ),
        recorded=True,
    ),
    Breach(
        R_YOGI_BERRA,
        "Bob throws while Ann's inning is still alive",
        Example(
            {"type": "dart", "dart": "S1", "player": "Bob"},
            setup=({"type": "round", "darts": ["T1", "D1", "S1"]},),
            options={"yogi_berra": True},
        ),
    ),
    Breach(
        R_EXTRA_INNINGS,
        "Cy, behind after nine innings, throws in the extra inning",
        Example(
            {"type": "dart", "dart": "S10", "player": "Cy"},
            setup=_TIED,
            players=("Ann", "Bob", "Cy"),
        ),
    ),
    Breach(
        R_WINNER,
        "A dart after the game is over",
        Example({"type": "dart", "dart": "S1"}, setup=(_MISSED,) * 9, players=_SOLO),
    ),
)

GAME = Game(
    id=GAME_ID,
    title=TITLE,
    summary=(
        "Nine innings at the numbers 1 to 9: three darts each per inning, a single on "
        "the inning's number is 1 run, a double 2, a treble 3. Most runs wins."
    ),
    source=(
        "Facts from the Baseball entry in the darts section of the seed rules text. "
        "Readings: players throw in seat order in every inning; the Newfoundland "
        "rule resets a player who ends a must-score inning with no runs in it; a tie "
        "for the lead goes to extra innings between the tied leaders only, counting "
        "on through the numbers and then the bull, with no must-score inning there."
    ),
    min_players=1,
    max_players=8,
    options=(
        Option(
            "innings",
            "Innings",
            "Regulation length: 9 innings (numbers 1-9) or 20 (numbers 1-20).",
            "choice",
            "9",
            choices=("9", "20"),
        ),
        Option(
            "newfoundland",
            "Newfoundland rule",
            "No runs in the 7th inning (and the 14th in a 20-inning game) sends the "
            "player's total back to zero.",
            "boolean",
            False,
        ),
        Option(
            "yogi_berra",
            "Yogi Berra rule",
            "When all three darts of a set score, the same player throws another set "
            "at the same number, until a set with a dart that does not score.",
            "boolean",
            False,
        ),
    ),
    events=(
        EventKind(
            "dart",
            "One dart",
            "One dart thrown by the player whose turn it is.",
            (
                Field(
                    "dart",
                    "dart",
                    "The dart: S3, D3 or T3 on the inning's number, another segment, "
                    "SB, DB or M for a miss.",
                ),
            ),
            (
                Example({"type": "dart", "dart": "S1"}, title="A single 1 in the 1st"),
                Example(
                    {"type": "dart", "dart": "T2"},
                    setup=(
                        {"type": "round", "darts": ["S1", "M", "M"]},
                        {"type": "round", "darts": ["M"], "rest_missed": True},
                    ),
                    title="A treble 2 in the 2nd",
                ),
            ),
        ),
        EventKind(
            "round",
            "A set of darts",
            "The set's three darts, entered at once at the start of a set; list "
            "fewer only when the others missed the board, and say so (rest_missed).",
            (
                Field(
                    "darts",
                    "darts",
                    "The set's darts, e.g. S1 D1 M (M for a miss); one or two only "
                    "with rest_missed; more than three is refused.",
                    minimum=1,
                    maximum=LISTED_MOST,
                ),
                Field(
                    "rest_missed",
                    "boolean",
                    "The darts not listed missed the board (needed to enter fewer "
                    "than three).",
                    required=False,
                    default=False,
                ),
            ),
            (
                Example(
                    {"type": "round", "darts": ["S1", "D1", "M"]},
                    title="Three runs in the 1st",
                ),
                Example(
                    {"type": "round", "darts": ["S1", "D1"], "rest_missed": True},
                    title="Two darts listed, the third missed the board",
                ),
                Example(
                    {"type": "round", "darts": ["T1", "D1", "S1"]},
                    options={"yogi_berra": True},
                    title="All three score: the inning stays alive (Yogi Berra)",
                ),
            ),
        ),
    ),
    station="Board",
    start=start,
    view=view,
    handlers={
        "dart": Handler(_on_dart, actor=_in_turn, out_of_turn=_out_of_turn),
        "round": Handler(
            _on_round,
            when=lambda s: not s["darts"],
            actor=_in_turn,
            out_of_turn=_out_of_turn,
        ),
    },
    finished=_finished,
    order_rule=R_ENTRY,
    turn_rule=R_TURNS,
    breaches=BREACHES,
)
