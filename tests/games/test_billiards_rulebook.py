"""The billiards rulebook: all 41 rules, their cross-links, citations and search."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee import rulebook

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "referee" / "games" / "billiards"
TOML = ROOT / "referee" / "rulebook" / "billiards.toml"
SEEDCHECK = ROOT.parent / "shared" / "tools" / "seedcheck.py"

# Rules whose breach is a foul (or a foul-like penalty): each links to 16 and back.
FOUL_RULES = [
    "3",
    "8",
    "9",
    "12",
    "13",
    "17",
    "18",
    "19",
    "20",
    "21",
    "22",
    "23",
    "24",
    "25",
    "26",
    "27",
    "28",
    "37",
    "38",
    "39",
    "40",
    "41",
]


def book() -> rulebook.Book:
    return rulebook.books()["billiards"]


def general() -> dict[str, rulebook.Rule]:
    return {r.number: r for r in book().rules if r.number.isdigit()}


def test_all_41_general_rules_are_there_with_their_numbers():
    assert sorted(general(), key=int) == [str(n) for n in range(1, 42)]
    for rule in general().values():
        assert rule.id == f"billiards/{rule.number}"
        assert rule.title
        assert rule.summary
        assert rule.text


def test_every_foul_rule_states_its_penalty():
    for number in FOUL_RULES:
        assert general()[number].penalty, number


def test_rule_16_links_every_foul_rule_and_each_links_back():
    sixteen = set(general()["16"].see)
    for number in FOUL_RULES:
        assert f"billiards/{number}" in sixteen, number
        assert "billiards/16" in general()[number].see, number


def test_rule_28_links_19_29_31_37_and_38():
    see = set(general()["28"].see)
    assert {
        "billiards/19",
        "billiards/29",
        "billiards/31",
        "billiards/37",
        "billiards/38",
    } <= see


def test_every_link_resolves():
    for rule in book().rules:
        for other in rule.see:
            assert rulebook.rule(other) is not None, f"{rule.id} -> {other}"


def test_each_game_layer_entry_names_its_source():
    layers = [
        r
        for r in book().rules
        if r.number.split("/")[0] in {"9-ball", "8-ball", "14-1"}
    ]
    assert len(layers) >= 10
    for rule in layers:
        assert "Source:" in rule.text, rule.id


def cited_by_engine() -> set[str]:
    """Every rule id the engine's source can cite."""
    found: set[str] = set()
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'"(billiards/[\w./-]+)"', text))
        found |= {f"billiards/{n}" for n in re.findall(r'\brule\("([\w./-]+)"\)', text)}
        found |= {f"billiards/{n}" for n in re.findall(r'Finding\(\s*"(\d+)"', text)}
        found |= {f"billiards/{n}" for n in re.findall(r'_warned\("(\d+)"', text)}
        # layer ids written bare in games.py: "9-ball/fouls", "plain/fouls", ...
        found |= {
            f"billiards/{n}"
            for n in re.findall(r'"((?:9-ball|8-ball|14-1|plain|match)/[\w-]+)"', text)
        }
    return found


def test_every_rule_the_engine_cites_exists():
    cited = cited_by_engine()
    assert len(cited) > 45
    missing = sorted(i for i in cited if rulebook.rule(i) is None)
    assert not missing


@pytest.mark.skipif(not SEEDCHECK.exists(), reason="seedcheck tool not present")
def test_the_rulebook_is_in_our_own_words():
    out = subprocess.run(
        [sys.executable, str(SEEDCHECK), str(TOML), str(PACKAGE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.stdout == ""


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("scratch", "19"),
        ("scratched", "19"),
        ("cue ball went in", "19"),
        ("jumped off", "27"),
        ("push", "23"),
        ("double hit", "22"),
        ("frozen", "37"),
        ("kitchen", "38"),
        ("kitchen", "9"),
        ("moving ball", "13"),
        ("chalk fell", "24"),
        ("measuring the gap", "41"),
        ("lag", "5"),
    ],
)
def test_search_finds_the_rule_in_the_top_three(phrase, expected):
    hits = [r.id for r in rulebook.search(phrase, game="billiards")[:3]]
    assert f"billiards/{expected}" in hits, hits
