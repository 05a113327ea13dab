"""The billiards rule ids, every one from the rulebook handle (checked at import).

The shot referee's findings carry a general rule's number (a player reads "rule 19");
``NUMBERED`` turns it into the id. The game layers' and the match's own entries are
constants, as are the general rules the match cites itself.
"""

from __future__ import annotations

from referee.rulebook import cite

CITE = cite("billiards")
PREFIX = f"{CITE.game}/"

# The general rules 1-41, by number.
NUMBERED = {str(n): CITE(str(n)) for n in range(1, 42)}

R4 = CITE("4")
R5 = CITE("5")
R6 = CITE("6")
R7 = CITE("7")
R8 = CITE("8")
R14 = CITE("14")
R16 = CITE("16")
R18 = CITE("18")
R29 = CITE("29")
R30 = CITE("30")
R31 = CITE("31")
R33 = CITE("33")
R34 = CITE("34")
R35 = CITE("35")
R36 = CITE("36")
R38 = CITE("38")

NINE_LOWEST_FIRST = CITE("9-ball/lowest-first")
NINE_PUSH_OUT = CITE("9-ball/push-out")
NINE_WINS = CITE("9-ball/nine-wins")
NINE_FOULS = CITE("9-ball/fouls")
NINE_THREE_FOULS = CITE("9-ball/three-fouls")
EIGHT_GROUPS = CITE("8-ball/groups")
EIGHT_BREAK = CITE("8-ball/break")
EIGHT_EIGHT_BALL = CITE("8-ball/eight-ball")
EIGHT_FOULS = CITE("8-ball/fouls")
EIGHT_CALL = CITE("8-ball/call")
STRAIGHT_POINTS = CITE("14-1/points")
STRAIGHT_FOULS = CITE("14-1/fouls")
STRAIGHT_CALL = CITE("14-1/call")
STRAIGHT_THREE_FOULS = CITE("14-1/three-fouls")
STRAIGHT_RERACK = CITE("14-1/rerack")
PLAIN_RACK = CITE("plain/rack")
PLAIN_FOULS = CITE("plain/fouls")
MATCH_RACE = CITE("match/race")
MATCH_HANDICAP = CITE("match/handicap")
MATCH_FORFEIT = CITE("match/forfeit")
MATCH_CONCEDE = CITE("match/concede")


def local(rule_id: str) -> str:
    """The rulebook's own id of a full one: ``local(R31) == "31"``."""
    return rule_id.removeprefix(PREFIX)
