"""Every billiards rule is found by the way players describe its situation (issue 24):
each rule's everyday phrasings in ``billiards_phrasings.toml`` put it in the top three,
and so does each phrasing with one letter of its longest word dropped."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

import pytest

from referee import rulebook
from referee.rulebook import lookup

PHRASINGS_FILE = Path(__file__).with_name("billiards_phrasings.toml")


@cache
def phrasings() -> dict[str, list[str]]:
    """Rule id (full) -> the phrasings that must find it."""
    with PHRASINGS_FILE.open("rb") as f:
        table = tomllib.load(f)["phrasings"]
    return {f"billiards/{rule}": list(phrases) for rule, phrases in table.items()}


CASES = [(p, rule) for rule, phrases in phrasings().items() for p in phrases]


def top_three(query: str) -> list[str]:
    return [r.id for r in rulebook.search(query, game="billiards")[:3]]


def dropped_letter(phrase: str) -> str | None:
    """The phrase with the middle letter of its longest word dropped, when that word
    is spelt right and long enough (six letters) to stay readable: a thumb's slip."""
    words = phrase.split()
    i = max(range(len(words)), key=lambda k: len(words[k]))
    word = words[i]
    if len(word) < 6 or word not in lookup._index().spelled:
        return None
    middle = len(word) // 2
    words[i] = word[:middle] + word[middle + 1 :]
    return " ".join(words)


def test_every_billiards_rule_has_three_phrasings():
    ids = {r.id for r in rulebook.books()["billiards"].rules}
    table = phrasings()
    assert set(table) == ids
    thin = [rule for rule, phrases in table.items() if len(set(phrases)) < 3]
    assert not thin, f"fewer than three phrasings: {thin}"


@pytest.mark.parametrize(("phrase", "rule"), CASES)
def test_an_everyday_phrasing_finds_its_rule_in_the_top_three(phrase, rule):
    assert rule in top_three(phrase)


SLIPS = [(s, rule) for p, rule in CASES if (s := dropped_letter(p)) is not None]


@pytest.mark.parametrize(("phrase", "rule"), SLIPS)
def test_a_phrasing_with_a_letter_missing_still_finds_its_rule(phrase, rule):
    assert rule in top_three(phrase)


@pytest.mark.parametrize(
    ("phrase", "rule"),
    [
        ("ball was still rolling when i shot", "billiards/13"),
        ("cue ball didn't hit any ball", "billiards/17"),
    ],
)
def test_rules_13_and_17_the_issue_named_come_first(phrase, rule):
    assert top_three(phrase)[0] == rule


def test_a_negation_reads_the_same_with_or_without_its_apostrophe():
    for typed in ("didn't", "didnt", "did not"):
        assert lookup.words(f"cue ball {typed} hit") == ["cue", "ball", "not", "hit"]


def _widened(word: str) -> bool:
    """A synonym whose first or last word is a stop word reads as the rest: with
    fewer than three words left, that is a far wider phrase than was meant."""
    typed = word.split()
    ends = typed[0] in lookup._STOP or typed[-1] in lookup._STOP
    return ends and len(lookup.words(word)) < 3


@pytest.mark.parametrize("game", sorted(rulebook.books()))
def test_no_synonym_is_widened_by_its_stop_words(game):
    # "cue ball in" read as "cue ball" made every cue ball a scratch, and "who
    # breaks" read as "breaks" sent every break to the lag
    wide = [w for w, _ in rulebook.books()[game].synonyms if _widened(w)]
    assert not wide, f"synonyms that stop words widen: {wide}"


def test_a_query_naming_a_game_lifts_its_rules_across_every_game():
    found = [r.id for r in rulebook.search("nine ball push out")[:3]]
    assert found[0] == "billiards/9-ball/push-out"


@pytest.mark.parametrize("rule", sorted(phrasings()))
def test_three_phrasings_of_each_rule_find_it_across_every_game(rule):
    # the home page's search, which asks every game's rules at once
    found = [
        p for p in phrasings()[rule] if rule in [r.id for r in rulebook.search(p)[:3]]
    ]
    assert len(found) >= 3, f"found across every game by only {found}"
