"""Liar's dice rule ids, as the rulebook (``rulebook/liars_dice.toml``) names them."""

from __future__ import annotations

from referee.games.liars_dice import hands

GAME_ID = "liars-dice"


def rule(local_id: str) -> str:
    """The full rulebook id of one of this game's rules."""
    return f"{GAME_ID}/{local_id}"


R_BOX = rule("the-box")
R_CLAIM = rule("claim")
R_RANKING = rule("ranking")
R_STRAIGHTS = rule("straights")
R_BEAT = rule("beat-the-claim")
R_TURN = rule("turn")
R_DIRECTION = rule("direction")
R_RESPOND = rule("call-or-accept")
R_ACCEPT = rule("accept")
R_FACE_UP = rule("face-up")
R_TOP = rule("top-claim")
R_CALL = rule("call")
R_TRUTH = rule("truth")
R_RESTART = rule("restart")
R_BETS = rule("bets")
R_WINNER = rule("winner")


def runs_straight(*found: hands.Hand) -> bool:
    """Whether one of these hands' dice run in a straight (counted as one or not)."""
    return any(hands.hand(h.dice).category == hands.STRAIGHT for h in found)


def straights_cited(*found: hands.Hand) -> list[str]:
    """The straights rule, when one of these hands' dice run in a straight (whether
    or not the match counts straights: either way the rule decides how they rank)."""
    return [R_STRAIGHTS] if runs_straight(*found) else []
