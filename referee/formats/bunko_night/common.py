"""What the parts of a bunko night share: the constants, seat helpers, input parsing."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from referee.formats import TableMatch
from referee.formats import current_round
from referee.formats.bunko_night import rules as night
from referee.formats.bunko_night.rules import GameResult
from referee.formats.bunko_night.rules import Round
from referee.formats.bunko_night.rules import Table
from referee.formats.bunko_night.rules import Tally
from referee.games import text
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.wording import and_

TITLES = ("winner", "loser")
MAX_NOTE = text.LIMITS["note"]
STOP_KEY = "bunko-night-stop"  # the idempotency key of the stop sent to a table


class NightBase:
    """Helpers every part of the night's format uses on its state."""

    def _next(self, state: JSON, seating: Mapping[str, Sequence[str]]) -> Round:
        if state["over"]:
            raise Refused("The night is over.", [night.R_OVERALL])
        rnd = current_round(state)
        if rnd is None:
            return night.first_round(state["players"], state.get("draw"))
        results = [GameResult.from_json(r) for r in rnd["results"].values()]
        choices = {int(k): list(v) for k, v in seating.items()}
        return night.next_round(_round(rnd), results, choices)

    def _seating(
        self, state: JSON, seating: Mapping[str, Sequence[str]] | None
    ) -> dict[str, list[str]]:
        chosen = {str(k): list(v) for k, v in (state.get("choices") or {}).items()}
        for k, v in (seating or {}).items():
            if not isinstance(v, Sequence) or isinstance(v, str):
                raise BadInput(
                    "Each table's seating is four names, clockwise.", field="seating"
                )
            chosen[str(_whole(k, "seating"))] = [" ".join(str(p).split()) for p in v]
        return chosen

    def _current(self, state: JSON, number: Any) -> JSON:
        rnd = current_round(state)
        if rnd is None:
            raise Refused("No round has started yet.", [night.R_TABLES])
        if number is not None and number != rnd["number"]:
            raise Refused(
                f"Round {number} is not being played (round {rnd['number']} is); "
                "the organiser can correct an earlier round.",
                [night.R_WIN_LOSS],
            )
        return rnd

    def _playing_table(self, state: JSON, event: JSON) -> tuple[JSON, Table]:
        rnd = self._current(state, event.get("round"))
        return rnd, _round(rnd).table(event["table"])

    def _highest(self, state: JSON, title: str) -> bool:
        return title == "winner" or state["options"]["loser_roll"] == "highest"


# --- the night's numbers -------------------------------------------------------------


def results_of(state: JSON) -> list[GameResult]:
    """Every result that counts, over all rounds."""
    return [
        GameResult.from_json(r)
        for rnd in state["rounds"]
        for _, r in sorted(rnd["results"].items(), key=lambda kv: int(kv[0]))
    ]


def tallies_of(state: JSON) -> dict[str, Tally]:
    return night.tally(results_of(state), state["players"])


def overall_json(state: JSON) -> JSON:
    """Per title: who is tied on the most, the roll-offs, and who is decided."""
    tallies = tallies_of(state)
    leaders = night.overall(tallies)
    out: JSON = {}
    for title, tied, count in (
        ("winner", leaders.winners, max(t.wins for t in tallies.values())),
        ("loser", leaders.losers, max(t.losses for t in tallies.values())),
    ):
        rolls = state["tie_breaks"][title]
        highest = title == "winner" or state["options"]["loser_roll"] == "highest"
        if len(tied) == 1:
            decided, again = tied[0], []
        elif rolls:
            outcome = night.break_tie(tied, rolls, highest_takes=highest)
            decided, again = outcome.decided, list(outcome.roll_again)
        else:
            decided, again = None, list(tied)
        out[title] = {
            "tied": list(tied),
            "count": count,
            "rolls": [dict(r) for r in rolls],
            "decided": decided,
            "roll_again": again,
            "highest_takes": highest,
        }
    return out


def table_name(number: int, tables: int) -> str:
    if number == night.HEAD:
        return "Head table"
    if number == tables:
        return "Bottom table"
    return f"Table {number}"


# --- helpers -----------------------------------------------------------------------


def _round(rnd: JSON) -> Round:
    return Round.from_json(rnd)


def _missing(rnd: JSON) -> list[int]:
    return [
        t["number"] for t in rnd["tables"] if str(t["number"]) not in rnd["results"]
    ]


def _reported(rnd: JSON) -> set[str]:
    """The tables whose game is over this round: counted, or waiting for approval."""
    return set(rnd["results"]) | set(rnd.get("pending") or {})


def _tied(state: JSON) -> dict[str, list[str]]:
    leaders = night.overall(tallies_of(state))
    return {"winner": list(leaders.winners), "loser": list(leaders.losers)}


def _game_result(table: Table, event: JSON) -> GameResult:
    return night.result_from_scores(
        table,
        event["scores"],
        bunkos=event.get("bunkos") or {},
        wipeouts=event.get("wipeouts") or {},
    )


def _stored(result: GameResult, event: JSON, source: str) -> JSON:
    return {
        **result.to_json(),
        "scores": list(event["scores"]),
        "source": source,
        "match_seq": event.get("match_seq"),
    }


def _team_scores(table: Table, result: GameResult) -> list[int]:
    """A result's score as ``[team A, team B]`` of the table."""
    won, lost = result.score
    return [won, lost] if set(result.winners) == set(table.teams[0]) else [lost, won]


def _result_text(table: Table, tables: int, result: GameResult) -> str:
    won, lost = result.score
    return (
        f"{table_name(table.number, tables)}: {' & '.join(result.winners)} win "
        f"{won}-{lost}. A win each for {_and(list(result.winners))}, a loss for "
        f"{_and(list(result.losers))}."
    )


def _source(source: str) -> str:
    return {
        "match": "from the scorepad",
        "report": "reported on paper",
        "correction": "set by the organiser",
    }.get(source, source)


def _pairings(table: Table, before: Round) -> list[tuple[str, str, str, str]]:
    """The two ways to pair a table's stayers with its arrivals, the given one first.

    Swapping the two arrivals' seats swaps their partners, and keeps both pairs split.
    """
    stayed = set(before.table(table.number).seats)
    i, j = (k for k, p in enumerate(table.seats) if p not in stayed)
    other = list(table.seats)
    other[i], other[j] = other[j], other[i]
    return [table.seats, tuple(other)]  # type: ignore[list-item]


def _table_json(seated: JSON, rnd: JSON, tables: int, live: TableMatch | None) -> JSON:
    t = Table(seated["number"], tuple(seated["seats"]))  # type: ignore[arg-type]
    result = rnd["results"].get(str(t.number))
    pending = (rnd.get("pending") or {}).get(str(t.number))
    board = live.board if live else None
    detail = board["detail"] if board else {}
    score = [s["score"] for s in board["sides"]] if board else [0, 0]
    stopped = bool(detail.get("stopped"))
    over = bool(board and board["over"])
    if result is not None:
        status = "finished"
    elif pending is not None:
        status = "approval"  # its result waits for the organiser's approval
    elif stopped and not over and score[0] == score[1]:
        status = "tied"
    elif live is None or live.version == 0:
        status = "waiting"
    else:
        status = "playing"
    return {
        **t.to_json(),
        "name": table_name(t.number, tables),
        "head": t.number == night.HEAD,
        "match": seated.get("match"),
        "seq": live.version if live else 0,
        "score": score,
        "turn": board["turn"] if board else None,
        "phase": detail.get("phase"),
        "prompt": board["prompt"] if board else "",
        "last_roll": detail.get("last_roll"),
        "stopped": stopped,
        "status": status,
        "result": result,
        "pending": pending,
    }


def _round_json(rnd: JSON, tables: int) -> JSON:
    return {
        "number": rnd["number"],
        "tables": [
            {
                "number": t["number"],
                "name": table_name(t["number"], tables),
                "seats": list(t["seats"]),
                "team_names": list(
                    Table(t["number"], tuple(t["seats"])).to_json()["team_names"]  # type: ignore[arg-type]
                ),
                "match": t.get("match"),
                "result": rnd["results"].get(str(t["number"])),
                "pending": (rnd.get("pending") or {}).get(str(t["number"])),
            }
            for t in rnd["tables"]
        ],
        "stop": rnd["stop"],
        "seating": rnd.get("seating") or {},
    }


def _prompt(state: JSON, rnd: JSON | None, missing: list[int]) -> str:
    if state["over"]:
        info = overall_json(state)
        if info["winner"]["decided"] and info["loser"]["decided"]:
            return (
                f"The night is over: {info['winner']['decided']} wins it, "
                f"{info['loser']['decided']} is the overall loser."
            )
        return "The night is over: roll off the ties."
    if rnd is None:
        return "Seat round 1."
    if not missing:
        number = rnd["number"]
        return f"Round {number} is over: take your seats for round {number + 1}."
    waiting = [m for m in missing if str(m) in (rnd.get("pending") or {})]
    playing = [m for m in missing if m not in waiting]
    approval = (
        f"table {_and([str(m) for m in waiting])} "
        f"{'waits' if len(waiting) == 1 else 'wait'} for the organiser's approval."
    )
    if not playing:
        return f"Round {rnd['number']}: {approval}"
    also = f" Also, {approval}" if waiting else ""
    if rnd["stop"] is None:
        return f"Round {rnd['number']}: the head table plays to {night.TARGET}."
    return (
        f"Round {rnd['number']}: stop called; waiting for table "
        f"{_and([str(m) for m in playing])}.{also}"
    )


def _whole(value: Any, field: str) -> int:
    if isinstance(value, bool):
        raise BadInput(f"'{field}' is a whole number.", field=field, example="2")
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        raise BadInput(
            f"'{field}' is a whole number.", field=field, example="2"
        ) from None
    return number


def _scores(value: Any) -> list[int]:
    if isinstance(value, str):
        value = value.replace("-", " ").replace(",", " ").split()
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise BadInput(
            "The score is two numbers: the first team's (seats 1 and 3), then the "
            "second team's.",
            field="scores",
            example="[21, 14]",
        )
    return [_whole(v, "scores") for v in value]


def _counts(value: Any, field: str) -> dict[str, int]:
    if value in (None, ""):
        return {}
    if not isinstance(value, Mapping):
        raise BadInput(
            f"'{field}' maps a player to a count.", field=field, example='{"Ann": 1}'
        )
    out = {}
    for p, n in value.items():
        count = _whole(n, field)
        if count:
            out[" ".join(str(p).split())] = count
    return out


def _and(names: Sequence[str]) -> str:
    return and_(list(names)) if names else "nobody"
