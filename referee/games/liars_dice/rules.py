"""Liar's dice rule ids, as the rulebook (``rulebook/liars_dice.toml``) names them."""

from __future__ import annotations

from referee.games.liars_dice import hands
from referee.rulebook import cite

# The rules it cites: each id is checked against its rulebook at import.
CITE = cite("liars-dice")
GAME_ID = CITE.game


R_BOX = CITE("the-box")
R_CLAIM = CITE("claim")
R_RANKING = CITE("ranking")
R_STRAIGHTS = CITE("straights")
R_BEAT = CITE("beat-the-claim")
R_TURN = CITE("turn")
R_DIRECTION = CITE("direction")
R_RESPOND = CITE("call-or-accept")
R_ACCEPT = CITE("accept")
R_FACE_UP = CITE("face-up")
R_TOP = CITE("top-claim")
R_CALL = CITE("call")
R_TRUTH = CITE("truth")
R_RESTART = CITE("restart")
R_BETS = CITE("bets")
R_WINNER = CITE("winner")


def runs_straight(*found: hands.Hand) -> bool:
    """Whether one of these hands' dice run in a straight (counted as one or not)."""
    return any(hands.hand(h.dice).category == hands.STRAIGHT for h in found)


def straights_cited(*found: hands.Hand) -> list[str]:
    """The straights rule, when one of these hands' dice run in a straight (whether
    or not the match counts straights: either way the rule decides how they rank)."""
    return [R_STRAIGHTS] if runs_straight(*found) else []
