"""The rulebook: every cited rule exists, links resolve, and it is in our own words."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from referee import games
from referee import rulebook
from referee.games import GAME_IDS

ROOT = Path(__file__).resolve().parents[2]
SEEDCHECK = ROOT.parent / "shared" / "tools" / "seedcheck.py"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_registered_game_has_a_rulebook(game_id):
    book = rulebook.books().get(game_id)
    assert book is not None
    assert book.rules
    assert book.source


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_engine_cites_its_rules_through_its_rulebook_handle(game_id):
    games.get(game_id)  # the engine's import takes its ids from the handle
    cited = rulebook.cite(game_id).cited
    assert cited, f"{game_id} cites no rule through rulebook.cite({game_id!r})"
    assert cited <= {r.id for r in rulebook.books()[game_id].rules}


def test_a_handle_refuses_at_once_an_id_its_rulebook_lacks():
    with pytest.raises(LookupError, match="darts-301 has no rule 'busted'"):
        rulebook.cite("darts-301")("busted")
    with pytest.raises(LookupError, match="no rulebook for 'snooker'"):
        rulebook.cite("snooker")


def test_every_cross_link_resolves_and_every_rule_is_complete():
    for rule in rulebook.all_rules():
        assert rule.title, rule.id
        assert rule.summary, rule.id
        assert rule.text, rule.id
        for other in rule.see:
            assert rulebook.rule(other) is not None, f"{rule.id} -> {other}"


def test_rule_ids_are_unique_within_each_book():
    for book in rulebook.books().values():
        numbers = [r.number for r in book.rules]
        assert len(numbers) == len(set(numbers)), book.game


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("busted", "darts-301/bust"),
        ("went under", "darts-301/bust"),
        ("bullseye double", "darts-301/scoring"),
        ("miss the 7", "darts-baseball/newfoundland"),
    ],
)
def test_search_finds_the_rule_players_mean(query, expected):
    hits = [r.id for r in rulebook.search(query)[:3]]
    assert expected in hits


def test_search_ignores_empty_and_stop_word_queries():
    assert rulebook.search("") == []
    assert rulebook.search("the of and") == []


def test_stemming_meets_the_forms_players_use():
    assert rulebook.stem("scratched") == rulebook.stem("scratch")
    assert rulebook.stem("jumped") == rulebook.stem("jump")
    assert rulebook.stem("busted") == rulebook.stem("bust")


@pytest.mark.skipif(
    not SEEDCHECK.exists(), reason="../shared/tools is not beside the repo"
)
def test_no_passage_repeats_a_rules_text_word_for_word():
    result = subprocess.run(
        [sys.executable, str(SEEDCHECK)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[:2000]
