"""Gin rummy's words for a hand: its record on the page, its line in the history,
the summary of a ruling and the settlement at the end."""

from __future__ import annotations

from typing import Any

from referee.games.gin_rummy import scoring
from referee.games.outcomes import JSON

RESULT_TITLES = {
    "knock": "Knock",
    "undercut": "Undercut",
    "gin": "Gin",
    "big-gin": "Big gin",
    "cancelled": "Cancelled",
}


def hand_summary(
    names: list[str],
    knocker: int,
    record: JSON,
    score: scoring.HandScore,
    laid: list[str],
) -> str:
    k, o = names[knocker], names[1 - knocker]
    mine, theirs = record["knocker_count"], record["opponent_count"]
    after = f" after laying off {' '.join(laid)}" if laid else ""
    if score.result == "big-gin":
        return (
            f"{k} goes big gin; {o} has {theirs}: {k} scores "
            f"{score.bonus} + {theirs} = {score.points}."
        )
    if score.result == "gin":
        return (
            f"{k} goes gin; {o} has {theirs}: {k} scores "
            f"{score.bonus} + {theirs} = {score.points}."
        )
    if score.result == "knock":
        return (
            f"{k} knocks with {mine}; {o} has {theirs}{after}: {k} scores "
            f"{theirs} - {mine} = {score.points}."
        )
    return (
        f"{k} knocks with {mine} but {o} has {theirs}{after}: undercut! {o} scores "
        f"{score.base} + {score.bonus} = {score.points}."
    )


def settlement_summary(names: list[str], done: scoring.Settlement, target: int) -> str:
    w = names[done.winner]
    bonus = "shutout bonus" if done.shutout else "game bonus"
    text = (
        f"{w} reaches {done.points[done.winner]} of {target} and wins the game "
        f"({bonus} {done.game_bonus}). With line bonuses: {names[0]} "
        f"{done.totals[0]}, {names[1]} {done.totals[1]}; "
    )
    if done.payer is None:
        return text + "nobody pays."
    payer = names[done.payer]
    return text + f"{payer} pays {names[1 - done.payer]} {done.amount}."


def settlement_json(names: list[str], done: scoring.Settlement) -> JSON:
    def by_name(pair: tuple[int, int]) -> JSON:
        return {names[0]: pair[0], names[1]: pair[1]}

    return {
        "winner": names[done.winner],
        "loser": names[1 - done.winner],
        "points": by_name(done.points),
        "game_bonus": done.game_bonus,
        "shutout": done.shutout,
        "line_bonus": by_name(done.line_bonus),
        "hands_won": by_name(
            (
                done.line_bonus[0] // scoring.LINE_BONUS,
                done.line_bonus[1] // scoring.LINE_BONUS,
            )
        ),
        "totals": by_name(done.totals),
        "payer": None if done.payer is None else names[done.payer],
        "payee": None if done.payer is None else names[1 - done.payer],
        "amount": done.amount,
    }


def hand_record(
    state: JSON,
    knocker: int | None,
    score: scoring.HandScore | None,
    knocker_count: int | None,
    opponent_count: int | None,
    *,
    entered: str,
    **arranged: Any,
) -> JSON:
    """The last hand as the page shows it; every key is always present.

    ``entered`` is "cards" (arrangements below are filled), "counts" (only the
    counts were reported) or "none" (a cancelled hand). ``layoffs`` are
    ``{"card", "meld", "onto"}``: ``meld`` indexes ``knocker_melds``. The words
    are the engine's so that the page decides nothing: ``title`` names the result,
    ``formula`` shows the points worked out ("30 − 8 = 22"), ``account`` tells the
    hand in one sentence, ``line`` is its row in the history and ``layoff_note``
    says why nothing was laid off (empty when that needs no saying).
    """
    names = state["players"]
    layoffs = arranged.get("layoffs", [])
    record: JSON = {
        "hand": state["hand"],
        "dealer": names[state["dealer"]],
        "result": score.result if score else "cancelled",
        "title": RESULT_TITLES[score.result if score else "cancelled"],
        "entered": entered,
        "knocker": None if knocker is None else names[knocker],
        "opponent": None if knocker is None else names[1 - knocker],
        "knocker_count": knocker_count,
        "opponent_count": opponent_count,
        "opponent_count_before": arranged.get("opponent_count_before"),
        "knocker_melds": arranged.get("knocker_melds", []),
        "knocker_deadwood": arranged.get("knocker_deadwood", []),
        "opponent_melds": arranged.get("opponent_melds", []),
        "opponent_deadwood": arranged.get("opponent_deadwood", []),
        "layoffs": layoffs,
        "winner": None if score is None else names[score.winner],
        "points": score.points if score else 0,
        "bonus": score.bonus if score else 0,
        "formula": "",
        "account": "",
        "line": "cancelled",
        "layoff_note": "",
        "summary": "",
    }
    if knocker is None or score is None or knocker_count is None:
        dealer = names[state["dealer"]]
        record["account"] = (
            f"No score: the stock ran down to two cards. {dealer} deals again."
        )
        return record
    k, o = names[knocker], names[1 - knocker]
    theirs = opponent_count
    gin = score.result in ("gin", "big-gin")
    if gin:
        name = "big gin" if score.result == "big-gin" else "gin"
        record["formula"] = f"{score.bonus} {name} bonus + {theirs} = {score.points}"
        record["account"] = f"{k} went {name}; {o} counted {theirs}."
        record["line"] = f"{k} {name}, +{score.points}"
        record["layoff_note"] = f"No lay-offs on {name}."
        return record
    laid = entered == "counts" or bool(layoffs)
    after = " after laying off" if laid else ""
    record["account"] = (
        f"{k} knocked with {knocker_count}; {o} counted {theirs}{after}."
    )
    if score.result == "knock":
        record["formula"] = f"{theirs} − {knocker_count} = {score.points}"
        record["line"] = f"{k} knocks {knocker_count} v {theirs}, +{score.points}"
    else:
        record["formula"] = (
            f"{knocker_count} − {theirs} = {score.base} + {score.bonus} "
            f"undercut bonus = {score.points}"
        )
        record["line"] = f"{o} undercuts {k}, +{score.points}"
    return record


def history_entry(state: JSON, record: JSON, scores: list[int] | None = None) -> JSON:
    names = state["players"]
    scores = scores or list(state["scores"])
    return {
        "hand": record["hand"],
        "dealer": record["dealer"],
        "result": record["result"],
        "knocker": record["knocker"],
        "knocker_count": record["knocker_count"],
        "opponent_count": record["opponent_count"],
        "winner": record["winner"],
        "points": record["points"],
        "line": record["line"],
        "scores": {names[0]: scores[0], names[1]: scores[1]},
    }
