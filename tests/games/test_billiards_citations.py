"""Billiards citations: every ruling cites every rule the stroke broke, and every
"see rule N" of the rulebook is cited with the rule that says it.

The cross-references are read from billiards.toml itself, so a "see rule N" added
to the rulebook without the engine citing it fails here.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

import pytest
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import rulebook
from referee.games.billiards import GAME
from referee.games.billiards import cited as cited_ids
from referee.games.billiards.shots import SEE_ALSO
from referee.games.billiards.shots import WARNED_RULES
from referee.games.outcomes import BadInput
from referee.games.outcomes import Verdict

TOML = Path(__file__).resolve().parents[2] / "referee" / "rulebook" / "billiards.toml"
SEE = re.compile(r"\bsee rules? (\d+(?:(?:, | and | or )\d+)*)", re.IGNORECASE)


@cache
def cross_references() -> frozenset[tuple[str, str]]:
    """(rule, referenced rule) for every "see rule N" in a billiards rule's words."""
    data = tomllib.loads(TOML.read_text(encoding="utf-8"))
    pairs = set()
    for entry in data["rule"]:
        words = " ".join((entry["text"], entry.get("penalty", "")))
        for found in SEE.finditer(" ".join(words.split())):
            for number in re.findall(r"\d+", found.group(1)):
                pairs.add((str(entry["id"]), number))
    return frozenset(pairs)


def tool(**request):
    return next(t for t in GAME.tools if t.name == "shot").run(request)


def cited(answer) -> set[str]:
    return {r.removeprefix("billiards/") for r in answer["ruling"]["rules"]}


# For each rule that says "see rule N": strokes that rule governs (tool requests).
SITUATIONS: dict[str, list[dict]] = {
    "3": [{"struck_with": "ferrule"}, {"struck_with": "shaft", "intentional": True}],
    "8": [
        {"opening_break": True, "deflected": True},
        {"opening_break": True, "deflected": True, "warned": ["8"], "game": "8-ball"},
        {"opening_break": True, "deflected": True, "game": "9-ball"},
    ],
    "17": [{"first_contact": "none"}, {"first_contact": "5", "on": [2]}],
    "37": [
        {"frozen": "cushion", "cushion": False},
        {"frozen": "cushion", "pocketed": [4]},
    ],
    "38": [
        {"in_hand": "kitchen", "before_leaving": "ball-inside"},
        {"in_hand": "kitchen", "before_leaving": "ball-inside", "crossed": False},
        {"in_hand": "kitchen", "before_leaving": "cushion", "referee": True},
        {"in_hand": "kitchen", "before_leaving": "cushion", "game": "14-1"},
        {
            "in_hand": "kitchen",
            "before_leaving": "ball-inside",
            "crossed": False,
            "intentional": True,
        },
    ],
}


def test_the_rulebook_says_see_rule_for_exactly_the_pairs_the_engine_cites():
    pairs = cross_references()
    assert pairs, "the rulebook has no 'see rule N' at all"
    engine = {(rule, other) for rule, others in SEE_ALSO.items() for other in others}
    assert pairs == engine


def test_every_see_rule_reference_has_situations_to_check():
    assert {rule for rule, _ in cross_references()} <= set(SITUATIONS)


@pytest.mark.parametrize(
    ("rule", "request_"),
    [(rule, req) for rule, reqs in SITUATIONS.items() for req in reqs],
)
def test_see_rule_references_are_cited_in_the_rulings_they_govern(rule, request_):
    answer = tool(**request_)
    rules = cited(answer)
    assert rule in rules, f"the situation is not governed by rule {rule}"
    for ref_rule, other in cross_references():
        if ref_rule in rules:
            assert other in rules, f"rule {ref_rule} says see rule {other}"
    for offer in answer["offers"]:
        offered = {r.removeprefix("billiards/") for r in offer["ruling"]["rules"]}
        for ref_rule, other in cross_references():
            if ref_rule in offered:
                assert other in offered


def test_rule_8_the_forfeiture_cites_rules_8_and_28():
    answer = tool(game="8-ball", opening_break=True, deflected=True, warned=["8"])
    assert answer["ruling"]["verdict"] == Verdict.FORFEIT
    assert {"8", "16", "28"} <= cited(answer)


def test_rule_17_a_stroke_that_hits_no_ball_cites_rules_17_and_18():
    answer = tool(first_contact="none")
    assert {"16", "17", "18"} <= cited(answer)
    assert answer["assessed"] == "billiards/17"
    texts = {f["rule"]: f["text"] for f in answer["findings"]}
    assert "cushion" in texts["billiards/18"]


def test_rule_17_the_wrong_ball_first_cites_rule_18_too():
    assert {"17", "18"} <= cited(tool(first_contact="5", on=[2]))


def test_rule_38_a_kitchen_foul_cites_rule_9():
    answer = tool(in_hand="kitchen", before_leaving="ball-inside")
    assert answer["ruling"]["verdict"] == Verdict.FOUL
    assert {"9", "16", "38"} <= cited(answer)


def test_rule_3_a_ferrule_hit_cites_the_touching_rule_20():
    assert {"3", "20"} <= cited(tool(struck_with="ferrule"))


@pytest.mark.parametrize(
    "request_",
    [
        {"game": "8-ball", "off_table": [3]},
        {"game": "14-1", "cue_ball": "pocket", "pocketed": [4]},
        {"game": "9-ball", "cue_ball": "pocket", "pocketed": [9]},
    ],
)
def test_rule_31_a_foul_that_spots_balls_cites_the_spotting_rule(request_):
    answer = tool(**request_)
    assert answer["spots"]
    assert "31" in cited(answer)


def test_rule_31_a_foul_that_spots_nothing_does_not_cite_it():
    assert "31" not in cited(tool(game="9-ball", cue_ball="pocket", pocketed=[4]))


# --- the same through a match ---------------------------------------------------------


def run(state, *events):
    step = None
    for event in events:
        step = GAME.step(state, event)
        state = step.state
    return step


def local(step) -> set[str]:
    return {r.removeprefix("billiards/") for r in step.ruling.rules}


def test_rule_8_the_match_forfeiture_cites_rules_8_and_28():
    state = GAME.start(GAME.new_setup(["Ann", "Bob"], {"game": "8-ball"}))
    breaker = {"type": "breaker", "side": "Ann"}
    step = run(state, breaker, {"type": "shot", "deflected": True})
    assert {"8", "28"} <= local(step)
    step = run(step.state, {"type": "choose", "option": "take"})
    assert {"8", "28"} <= local(step)


def test_rule_31_the_match_cites_spotting_when_it_spots_a_ball():
    state = GAME.start(GAME.new_setup(["Ann", "Bob"], {"game": "9-ball"}))
    breaker = {"type": "breaker", "side": "Ann"}
    step = run(state, breaker, {"type": "shot", "cue_ball": "pocket", "pocketed": [9]})
    assert "31" in local(step)
    push = run(
        run(state, breaker, {"type": "shot"}).state,
        {"type": "shot", "push_out": True, "pocketed": [9]},
    )
    assert "31" in local(push)
    plain = run(state, breaker, {"type": "shot", "cue_ball": "pocket"})
    assert "31" not in local(plain)


def test_rule_38_the_match_cites_rule_9_with_the_choice_and_its_outcome():
    state = GAME.start(GAME.new_setup(["Ann", "Bob"], {"game": "14-1"}))
    state = run(
        state,
        {"type": "breaker", "side": "Ann"},
        {"type": "shot", "cue_ball": "pocket"},
    ).state
    offer = run(
        state, {"type": "shot", "before_leaving": "ball-inside", "crossed": False}
    )
    assert {"9", "38"} <= local(offer)
    for option in ("foul", "replay"):
        assert {"9", "38"} <= local(
            run(offer.state, {"type": "choose", "option": option})
        )


# --- a property over random strokes ----------------------------------------------

FACTS = st.fixed_dictionaries(
    {},
    optional={
        "game": st.sampled_from(["general", "9-ball", "8-ball", "14-1"]),
        "in_hand": st.sampled_from(["none", "kitchen", "table"]),
        "opening_break": st.booleans(),
        "referee": st.booleans(),
        "warned": st.lists(st.sampled_from(["8", "28"]), unique=True),
        "prior_fouls": st.integers(0, 2),
        "first_contact": st.sampled_from(["none", "1", "5"]),
        "on": st.sampled_from([[1], [5], [2, 3]]),
        "pocketed": st.sampled_from([[], [2], [9]]),
        "cushion": st.booleans(),
        "frozen": st.sampled_from(["no", "cushion", "cue-ball", "cushion-unannounced"]),
        "cue_ball": st.sampled_from(["table", "pocket", "off"]),
        "struck_with": st.sampled_from(["tip", "ferrule", "shaft"]),
        "touched": st.sampled_from([[], ["cue"], [4]]),
        "before_leaving": st.sampled_from(
            ["nothing", "cushion", "ball-outside", "ball-inside"]
        ),
        "crossed": st.booleans(),
        "deflected": st.booleans(),
        "intentional": st.booleans(),
        "double_hit": st.booleans(),
        "measured_with": st.sampled_from(["nothing", "ball"]),
    },
)


@settings(max_examples=300, deadline=None)
@given(FACTS)
def test_property_a_ruling_citing_a_rule_cites_every_rule_it_says_to_see(facts):
    try:
        answer = tool(**facts)
    except BadInput:
        assume(False)
    rulings = [answer["ruling"], *(o["ruling"] for o in answer["offers"])]
    for ruling in rulings:
        rules = {r.removeprefix("billiards/") for r in ruling["rules"]}
        for rule, other in cross_references():
            if rule in rules:
                assert other in rules, (rule, other, ruling["rules"])
    # Every rule a finding names is cited (rule 29 keeps one foul, not one rule).
    rules = cited(answer)
    assert ("31" in rules) == bool(answer["spots"])
    assert {f["rule"].removeprefix("billiards/") for f in answer["findings"]} <= rules


def test_every_cited_rule_comes_from_the_rulebook_handle():
    # the engine takes its ids from its rulebook handle, which checks them at import
    book = {r.id for r in rulebook.books()["billiards"].rules}
    assert {cited_ids.R5, cited_ids.NINE_PUSH_OUT, cited_ids.MATCH_RACE} <= (
        cited_ids.CITE.cited
    )
    assert cited_ids.CITE.cited <= book
    # a finding carries a general rule's number; every number has its id
    assert set(cited_ids.NUMBERED) == {str(n) for n in range(1, 42)}
    numbers = {*SEE_ALSO, *(n for see in SEE_ALSO.values() for n in see)}
    assert numbers | set(WARNED_RULES) <= set(cited_ids.NUMBERED)
    with pytest.raises(LookupError, match="no rule 'not-a-rule'"):
        cited_ids.CITE("not-a-rule")
