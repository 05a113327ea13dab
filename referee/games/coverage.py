"""The rule-coverage matrix: what the referee checks, rule by rule.

Every rulebook entry says what it does (``Rule.kind``). For each one that forbids or
requires something, the game documents at least one request that breaks it
(``Game.breaches``); this module runs each through the pure engine and keeps the
answer, so the rules pages, ``docs/rule-coverage.md`` and the tests all show the
same thing. A rule the referee cannot check at the table says why
(``Rule.unchecked``).

``python -m referee.games.coverage docs/rule-coverage.md`` writes the document.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from referee import rulebook
from referee.games import get
from referee.games import registry
from referee.games.base import Breach
from referee.games.base import Game
from referee.games.fields import parse_fields
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.rulebook.texts import Rule

CHECKED = ("forbids", "requires")


@dataclass(frozen=True)
class Answer:
    """What the referee answers a breach: ``outcome`` is "refused" (nothing
    stored), "recorded" (it happened, with its penalty), "answered" (a tool's
    answer) or "bad input" (the request could not be read: a broken example)."""

    outcome: str
    summary: str
    rules: tuple[str, ...]
    verdict: str = ""
    penalties: int = 0


@dataclass(frozen=True)
class Row:
    """One rule that forbids or requires something, with its breaches answered."""

    rule: Rule
    checks: tuple[tuple[Breach, Answer], ...]


def cited(answer: Any) -> list[str]:
    """Every rule id in a ``rules`` list anywhere in a JSON answer, in order."""
    out: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "rules" and isinstance(item, list):
                    out.extend(r for r in item if isinstance(r, str))
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(answer)
    return list(dict.fromkeys(out))


def _said(answer: Any) -> str:
    """The first sentence a tool's answer says (its summary, reason or verdict)."""
    if isinstance(answer, dict):
        for key in ("summary", "reason", "message", "verdict"):
            if isinstance(answer.get(key), str) and answer[key]:
                return str(answer[key])
        for item in answer.values():
            if said := _said(item):
                return said
    if isinstance(answer, list):
        for item in answer:
            if said := _said(item):
                return said
    return ""


def answer(game: Game, breach: Breach) -> Answer:
    """Run one breach through the pure engine (the API answers the same)."""
    try:
        if breach.example is None:
            tool = next(t for t in game.tools if t.name == breach.tool)
            request = parse_fields(tool.fields, breach.request or {}, None, game)
            result = tool.run(request)
            return Answer("answered", _said(result), tuple(cited(result)))
        ex = breach.example
        state = game.start(game.new_setup(ex.players, ex.options))
        for event in ex.setup:
            state = game.step(state, event).state
        step = game.step(state, ex.event)
    except Refused as refusal:
        ruling = refusal.ruling
        return Answer("refused", ruling.summary, tuple(ruling.rules), "illegal")
    except BadInput as bad:
        return Answer("bad input", str(bad), ())
    ruling = step.ruling
    return Answer(
        "recorded",
        ruling.summary,
        tuple(ruling.rules),
        str(ruling.verdict),
        len(ruling.penalties),
    )


def problem(breach: Breach, found: Answer) -> str | None:
    """Why this answer does not show the breach refused or penalised (None: it does)."""
    if breach.rule not in found.rules:
        return f"the answer cites {list(found.rules)}, not {breach.rule}"
    if breach.tool:
        return None if found.outcome == "answered" else f"the tool said {found.outcome}"
    if breach.recorded:
        if found.outcome != "recorded":
            return f"expected it recorded with a penalty, but it was {found.outcome}"
        if found.verdict == "ok" and not found.penalties:
            return "recorded as an ordinary event: no penalty, no verdict against it"
        return None
    if found.outcome != "refused":
        return f"it was {found.outcome}, not refused"
    return None


@cache
def matrix(game_id: str) -> tuple[Row, ...]:
    """The rules of ``game_id`` that forbid or require something, in book order."""
    game = get(game_id)
    book = rulebook.books()[game_id]
    by_rule: dict[str, list[tuple[Breach, Answer]]] = {}
    for breach in game.breaches:
        by_rule.setdefault(breach.rule, []).append((breach, answer(game, breach)))
    return tuple(
        Row(rule, tuple(by_rule.get(rule.id, ())))
        for rule in book.rules
        if rule.kind in CHECKED or rule.id in by_rule
    )


def row_json(row: Row) -> JSON:
    """One row of the matrix as the rules API gives it."""
    return {
        "rule": row.rule.id,
        "kind": row.rule.kind,
        "unchecked": row.rule.unchecked,
        "breaches": [
            {
                "title": breach.title,
                **(
                    {"tool": breach.tool, "request": breach.request}
                    if breach.example is None
                    else {
                        "players": list(breach.example.players),
                        "options": dict(breach.example.options),
                        "setup": list(breach.example.setup),
                        "event": breach.example.event,
                    }
                ),
                "outcome": found.outcome,
                "summary": found.summary,
                "rules": list(found.rules),
            }
            for breach, found in row.checks
        ],
    }


def request_text(breach: Breach) -> str:
    """The breaking request as a scorer sends it (JSON, one line)."""
    if breach.example is None:
        return json.dumps(breach.request or {})
    return json.dumps(breach.example.event)


def setup_text(breach: Breach) -> str:
    """The match it is sent in: players, options and the events before it."""
    if breach.example is None:
        return f"POST /api/v1/tools/<game>/{breach.tool}"
    ex = breach.example
    parts = [", ".join(ex.players)]
    if ex.options:
        parts.append("options " + json.dumps(dict(ex.options)))
    if ex.setup:
        parts.append("after " + " ".join(json.dumps(e) for e in ex.setup))
    return "; ".join(parts)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _game_lines(game_id: str) -> Iterator[str]:
    game = get(game_id)
    rows = matrix(game_id)
    yield f"## {game.title} (`{game_id}`)"
    yield ""
    yield "| Rule | Kind | Broken by | In | The referee says |"
    yield "|---|---|---|---|---|"
    for row in rows:
        rule = f"{row.rule.id} {row.rule.title}"
        if not row.checks:
            why = row.rule.unchecked or "**not covered**"
            yield (
                f"| {_cell(rule)} | {row.rule.kind} | not checked at the table "
                f"| | {_cell(why)} |"
            )
            continue
        for breach, found in row.checks:
            said = f"{found.outcome}: {found.summary}"
            yield (
                f"| {_cell(rule)} | {row.rule.kind} | {_cell(breach.title)}: "
                f"`{_cell(request_text(breach))}` | {_cell(setup_text(breach))} "
                f"| {_cell(said)} |"
            )
    yield ""


def markdown() -> str:
    """docs/rule-coverage.md: every game's matrix."""
    lines = [
        "# What the referee checks: the rule-coverage matrix",
        "",
        "Made by `python -m referee.games.coverage docs/rule-coverage.md` from the",
        "rulebooks (`referee/rulebook/*.toml`: each rule's `kind` and `unchecked`)",
        "and each game's documented breaches (`Game.breaches`). For every rule that",
        "forbids or requires something: a request that breaks it, the match it is",
        "sent in, and what the referee answers. `tests/games/test_rule_coverage.py`",
        "runs each through the engine and `tests/web/test_rule_coverage_web.py`",
        "through the JSON API on SQLite and PostgreSQL; a rule with no breach and",
        "no reason why it cannot be checked fails them.",
        "",
    ]
    for game_id in registry():
        lines.extend(_game_lines(game_id))
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - the docs' generator
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    text = markdown()
    if target is None:
        print(text)
    else:
        target.write_text(text, encoding="utf-8")
