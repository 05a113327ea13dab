"""What the parts of darts 301 share: the game's constants and rule ids."""

from __future__ import annotations

from referee.rulebook import cite

GAME_ID = "darts-301"
CITE = cite(GAME_ID)
R_START = CITE("start")
R_ROUND = CITE("round")
R_SCORING = CITE("scoring")
R_BOUNCE_OUT = CITE("bounce-out")
R_DOUBLE_OUT = CITE("double-out")
R_BUST = CITE("bust")
R_WIN = CITE("win")
R_LEGS_AND_SETS = CITE("legs-and-sets")
R_ORDER = CITE("order")
R_CHECKOUT_ROUTES = CITE("checkout-routes")
R_HANDICAP = CITE("handicap")

# The start scores a handicap may give one player (options start_1, start_2): every
# 25 from 101 to 701, so 301, 501 and 701 are among them and every start is odd (never
# a finish on one double before a dart is thrown).
HANDICAP_STARTS: tuple[int, ...] = tuple(range(101, 702, 25))
MOST_HEAD_START = 20  # legs: one less than the most legs a set can need (21)

DARTS_PER_ROUND = 3
# The most darts a round's list may hold before it is unreadable (bad input): four to
# nine reach the engine, which refuses them citing the three-dart round.
LISTED_MOST = 9
MAX_ROUND = 180
TON = 100  # "100+" rounds: any counted round of 100 or more, 140s and 180s included
FIRST_NINE_ROUNDS = 3
# The score sheet keeps the leg's latest rounds only, so the state (copied on every
# event) stays small even in a leg of misses that never ends; the log keeps them all.
SHEET_ROUNDS = 48
# Likewise the match summary lists the latest legs only: enough for any match as
# played, while a match that never ends cannot make every append slower. Each leg is
# kept as one string because the state is deep-copied on every event, and every
# element costs a copy: five numbers in a list made a long match's replay 5x slower.
LEGS_LISTED = 64
