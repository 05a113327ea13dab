"""The rule-coverage matrix: every rule that forbids or requires something is broken
by a documented request, and the referee's answer cites it (``games.coverage``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import rulebook
from referee.games import coverage
from referee.games import registry

GAMES = list(registry())
DOC = Path(__file__).parents[2] / "docs" / "rule-coverage.md"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_says_whether_it_forbids_requires_or_describes(game_id):
    silent = [r.id for r in rulebook.books()[game_id].rules if not r.kind]
    assert not silent, f"rules with no kind (forbids, requires, describes): {silent}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_reason_it_cannot_be_checked_only_on_a_rule_that_forbids_or_requires(
    game_id,
):
    odd = [
        r.id
        for r in rulebook.books()[game_id].rules
        if r.unchecked and r.kind not in coverage.CHECKED
    ]
    assert not odd, f"'unchecked' on rules that only describe: {odd}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_prohibition_is_broken_by_an_example_or_says_why_it_cannot_be(game_id):
    uncovered = [
        row.rule.id
        for row in coverage.matrix(game_id)
        if not row.checks and not row.rule.unchecked
    ]
    assert not uncovered, f"no breach and no reason it cannot be checked: {uncovered}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_checked_rule_is_not_also_marked_unchecked(game_id):
    rows = coverage.matrix(game_id)
    both = [r.rule.id for r in rows if r.checks and r.rule.unchecked]
    assert not both, f"covered by a breach yet marked not checkable: {both}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_breach_is_refused_or_penalised_citing_its_rule(game_id):
    game = registry()[game_id]
    rules = {r.id for r in rulebook.books()[game_id].rules}
    failures = []
    for breach in game.breaches:
        assert breach.rule in rules, f"{breach.title}: no rule {breach.rule}"
        found = coverage.answer(game, breach)
        if (why := coverage.problem(breach, found)) is not None:
            failures.append(f"{breach.rule} ({breach.title}): {why}: {found.summary}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_event_naming_a_player_out_of_turn_is_refused(game_id):
    game = registry()[game_id]
    if game.max_players == 1:
        pytest.skip("one player: nobody else can act")
    out_of_turn = [
        b
        for b in game.breaches
        if b.example is not None
        and "player" in b.example.event
        and not b.recorded
        and coverage.answer(game, b).outcome == "refused"
    ]
    assert out_of_turn, f"{game_id} documents no event refused for who did it"


def test_the_matrix_document_is_current():
    assert DOC.read_text(encoding="utf-8") == coverage.markdown(), (
        "run: .venv/bin/python -m referee.games.coverage docs/rule-coverage.md"
    )


# Events nobody at the table does, so no one can do them out of turn.
NOBODYS = {
    ("billiards", "settle"): "a ball that settles or falls by itself",
    ("bowling-cards", "row"): "the dealer deals every row; its player is whose row",
    ("canasta", "hand_counts"): "the scorer enters a side's counts after the hand",
    ("canasta", "hand_cards"): "the scorer enters a side's cards after the hand",
}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_a_person_does_says_who_may_do_it(game_id):
    game = registry()[game_id]
    silent = [
        kind
        for kind, handler in game.handlers.items()
        if handler.actor is None and (game_id, kind) not in NOBODYS
    ]
    assert not silent, f"events with no actor (Handler.actor): {silent}"
    for kind in game.events:
        if game.handlers[kind.type].actor is not None:
            assert any(f.name == "player" for f in kind.fields), kind.type
