"""Gin rummy engine: the rules of the text, hand by hand, and a whole game to 100."""

from __future__ import annotations

import pytest

from referee.games.fields import parse_fields
from referee.games.gin_rummy import GAME
from referee.games.gin_rummy import melds
from referee.games.gin_rummy import scoring
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict
from referee.rulebook import books


def new(options: dict | None = None, players: tuple[str, ...] = ("Ann", "Bob")) -> dict:
    return GAME.start(GAME.new_setup(list(players), options or {}))


def play(state: dict, *events: dict) -> dict:
    for event in events:
        state = GAME.step(state, event).state
    return state


def hand(text: str) -> list[str]:
    return text.split()


def knock(knocker: int, mine: str, theirs: str) -> dict:
    return {
        "type": "knock",
        "knocker": knocker,
        "knocker_hand": mine,
        "opponent_hand": theirs,
    }


def counts(knocker: int, mine: int, theirs: int, **flags: bool) -> dict:
    return {
        "type": "knock_counts",
        "knocker": knocker,
        "knocker_count": mine,
        "opponent_count": theirs,
        **flags,
    }


# Ann holds A-2-3 of spades, three sevens and 9-10-J of diamonds, and a 4 of clubs.
ANN_FOUR = "AS 2S 3S 7H 7D 7C 9D 10D JD 4C"
# Bob: a heart run 2-5 and deadwood KS QH 5D 8S JC 6C, 49 (none lays off on Ann's sets).
BOB_49 = "KS QH 5D 8S JC 2H 3H 4H 5H 6C"


# --- cards, values and sets ----------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"),
    [("KS", 10), ("QH", 10), ("JD", 10), ("10C", 10), ("9S", 9), ("2H", 2), ("AD", 1)],
)
def test_card_values_face_cards_ten_ace_one_others_their_pips(
    card: str, value: int
) -> None:
    assert melds.hand_value([card]) == value


@pytest.mark.parametrize(
    ("cards", "is_set"),
    [
        ("AS 2S 3S", True),
        ("QH KH AH", False),  # the ace is low only
        ("KH AH 2H", False),
        ("8D 9D 10D JD", True),
        ("7S 7H 7D", True),
        ("7S 7H 7D 7C", True),
        ("7S 7H", False),
        ("4C 5C 7C", False),
        ("4C 5D 6C", False),
    ],
)
def test_sets_are_runs_in_suit_or_groups_of_a_rank_with_the_ace_low(
    cards: str, is_set: bool
) -> None:
    assert melds.is_set(cards.split()) is is_set


def test_sets_queen_king_ace_is_not_a_run_so_the_ace_is_deadwood() -> None:
    arranged = melds.arrange(hand("QH KH AH JH 2S 3S 4S 6D 7D 8D"))
    assert arranged.melds == (
        ("2S", "3S", "4S"),
        ("JH", "QH", "KH"),
        ("6D", "7D", "8D"),
    )
    assert arranged.deadwood == ("AH",)
    assert arranged.count == 1


def test_sets_a_card_belongs_to_one_set_at_a_time() -> None:
    # 7H fits the sevens and the hearts run, but is used only once
    arranged = melds.arrange(hand("7S 7D 7H 8H 9H KC QC 2D 3S 4C"))
    used = [c for m in arranged.melds for c in m]
    assert used.count("7H") == 1
    assert arranged.melds == (("7H", "8H", "9H"),)  # the run saves 24, the group 21
    assert arranged.count == 43


def test_deadwood_picks_the_exact_best_where_a_card_fits_a_run_or_a_group() -> None:
    # greedy "longest run first" takes 3-7S and is left with 6H 6D (12)
    arranged = melds.arrange(hand("3S 4S 5S 6S 7S 6H 6D AC 2D 2H"))
    assert ("6S", "6H", "6D") in arranged.melds
    assert arranged.deadwood == ("7S", "2H", "2D", "AC")
    assert arranged.count == 12


def test_deadwood_four_of_a_kind_splits_three_and_one_into_a_run() -> None:
    arranged = melds.arrange(hand("8S 8H 8D 8C 9C 10C KS KH 2D 3H"))
    assert arranged.melds == (("8S", "8H", "8D"), ("8C", "9C", "10C"))
    assert arranged.count == 25


def test_deadwood_best_discard_from_eleven_cards() -> None:
    found = melds.best_discard(hand("7H 8H 9H 7S 7D 7C 2C 3C 4C KS 5S"))
    assert found.card == "KS"
    assert found.kept.count == 5
    assert found.kept.deadwood == ("5S",)
    assert not found.all_melded


def test_deadwood_eleven_cards_all_in_sets_discard_keeps_gin() -> None:
    found = melds.best_discard(hand("AS 2S 3S 7H 7D 7C 9D 10D JD QD KD"))
    assert found.all_melded
    assert found.kept.count == 0
    assert found.card in {"9D", "KD"}  # a run end: the run keeps four cards


# --- the deadwood calculator ---------------------------------------------------------


def run_tool(hand: str) -> dict:
    """The calculator as the API and the page call it: the fields parsed first."""
    tool = next(t for t in GAME.tools if t.name == "deadwood")
    return tool.run(parse_fields(tool.fields, {"hand": hand}, None, GAME))


def test_calculator_shows_sets_deadwood_and_whether_it_may_knock() -> None:
    out = run_tool("7H 8H 9H 7S 7D 7C 2C 3C 4C KS 5S")
    assert out["discard"] == "KS"
    assert out["melds"] == [["7S", "7D", "7C"], ["7H", "8H", "9H"], ["2C", "3C", "4C"]]
    assert out["deadwood"] == ["5S"]
    assert out["count"] == 5
    assert out["may_knock"] is True
    assert out["gin"] is False
    assert out["big_gin"] is False
    assert out["rules"] == ["gin-rummy/sets", "gin-rummy/deadwood", "gin-rummy/knock"]


def test_calculator_ten_cards_over_ten_deadwood_cannot_knock() -> None:
    out = run_tool(BOB_49)
    assert out["discard"] is None
    assert out["count"] == 49
    assert out["may_knock"] is False
    assert out["summary"] == "Cannot knock: 49 deadwood."


def test_calculator_gin_and_big_gin() -> None:
    assert run_tool("AS 2S 3S 7H 7D 7C 9D 10D JD QD")["gin"] is True
    out = run_tool("AS 2S 3S 7H 7D 7C 9D 10D JD QD KD")
    assert out["big_gin"] is True
    assert out["gin"] is True


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S", "Expected 10 to 11 cards; 9 given"),
        ("AS AS 3S 4S 5S 6S 7S 8S 9S 10S", "AS appears 2 times"),
        ("AS 1X 3S 4S 5S 6S 7S 8S 9S 10S", "'1X' is not a card"),
    ],
)
def test_calculator_rejects_hands_that_cannot_be(hand: str, message: str) -> None:
    with pytest.raises(BadInput, match=message) as err:
        run_tool(hand)
    assert err.value.field == "hand"


# --- the first turn ------------------------------------------------------------------


def test_first_turn_non_dealer_chooses_the_up_card_first() -> None:
    state = new()  # Ann deals the first hand
    with pytest.raises(Refused, match="by Ann is out of turn: it is Bob's") as err:
        GAME.step(state, {"type": "upcard", "player": "Ann", "take": True})
    assert err.value.ruling.rules == (scoring.TURN, scoring.FIRST_TURN)


def test_first_turn_dealer_may_take_it_after_the_non_dealer_passes() -> None:
    state = play(new(), {"type": "upcard", "player": "Bob", "take": False})
    assert GAME.view(state)["turn"] == "Ann"
    with pytest.raises(Refused, match="by Bob is out of turn: it is Ann's"):
        GAME.step(state, {"type": "upcard", "player": "Bob", "take": True})
    step = GAME.step(state, {"type": "upcard", "player": "Ann", "take": True})
    assert step.state["phase"] == "play"
    assert step.ruling.rules == (scoring.FIRST_TURN,)


def test_first_turn_when_both_pass_the_non_dealer_draws_from_the_stock() -> None:
    state = play(new(), {"type": "upcard", "player": "Bob", "take": False})
    step = GAME.step(state, {"type": "upcard", "player": "Ann", "take": False})
    assert step.ruling.summary == (
        "Ann passes too: Bob draws from the stock; play goes on."
    )
    assert GAME.view(step.state)["phase"] == "play"


def test_first_turn_choices_after_the_first_turn_are_refused() -> None:
    state = play(new(), {"type": "upcard", "player": "Bob", "take": True})
    with pytest.raises(Refused, match="first turn of this hand is over") as err:
        GAME.step(state, {"type": "upcard", "player": "Ann", "take": True})
    assert err.value.ruling.rules == (scoring.FIRST_TURN,)
    assert err.value.ruling.verdict == Verdict.ILLEGAL


def test_first_turn_may_be_skipped_a_knock_is_taken_straight_away() -> None:
    # knocking is allowed on the first turn, and recording the up-card is optional
    step = GAME.step(new(), knock(0, ANN_FOUR, BOB_49))
    assert step.ruling.score == {"Ann": 49 - 4}


def test_turn_a_knock_naming_a_player_names_the_knocker() -> None:
    with pytest.raises(Refused, match="Ann knocked, so the knock is Ann's") as err:
        GAME.step(new(), {**knock(0, ANN_FOUR, BOB_49), "player": "Bob"})
    assert err.value.ruling.rules == (scoring.TURN, scoring.KNOCK)
    with pytest.raises(Refused, match="not Ann's") as err:
        GAME.step(new(), {**counts(1, 6, 31), "player": 0})
    assert scoring.TURN in err.value.ruling.rules
    named = GAME.step(new(), {**knock(0, ANN_FOUR, BOB_49), "player": "Ann"})
    assert named.ruling == GAME.step(new(), knock(0, ANN_FOUR, BOB_49)).ruling


@pytest.mark.parametrize(
    "events",
    [
        [{"type": "upcard", "player": 1, "take": False}],
        [{"type": "upcard", "player": 1, "take": True}],
        [],
    ],
)
def test_turn_naming_the_player_in_turn_rules_as_naming_nobody_but_upcard(
    events: list[dict],
) -> None:
    # the up-card names its chooser itself; the other events may name either player
    state = play(new(), *events)
    for event in ({"type": "cancel"}, counts(0, 6, 31)):
        if event["type"] == "cancel" and state["phase"] == "upcard-dealer":
            continue
        for player in (0, 1):
            named = {**event, "player": player}
            if event["type"] == "knock_counts" and player != 0:
                continue
            assert GAME.step(state, named).ruling == GAME.step(state, event).ruling


def test_cancelled_hand_is_refused_while_the_dealer_answers_the_up_card() -> None:
    state = play(new(), {"type": "upcard", "player": "Bob", "take": False})
    assert "cancel" not in GAME.view(state)["expects"]
    with pytest.raises(Refused, match="still at its first turn") as err:
        GAME.step(state, {"type": "cancel"})
    assert err.value.ruling.rules == (scoring.CANCELLED, scoring.FIRST_TURN)


# --- knocking ------------------------------------------------------------------------


def test_knock_with_more_than_ten_deadwood_is_illegal() -> None:
    state = new()
    hand = "AS 2S 3S 7H 7D 7C 2C 3D 4C 5S"  # 2 + 3 + 4 + 5 outside the sets
    with pytest.raises(Refused, match=r"^That knock is illegal: 14 deadwood\."):
        GAME.step(state, knock(0, hand, BOB_49))
    with pytest.raises(Refused, match=r"^That knock is illegal: 14 deadwood\.") as err:
        GAME.step(state, counts(0, 14, 30))
    assert scoring.KNOCK in err.value.ruling.rules


def test_knock_with_exactly_ten_deadwood_is_legal() -> None:
    step = GAME.step(new(), knock(0, "AS 2S 3S 7H 7D 7C 9D 10D JD KC", BOB_49))
    assert step.ruling.verdict == Verdict.OK
    assert step.state["last_hand"]["knocker_count"] == 10
    # a scored knock rests on the knock rule and the deadwood count, cited both
    assert {"gin-rummy/knock", "gin-rummy/deadwood"} <= set(step.ruling.rules)


def test_knock_scores_the_difference_of_the_counts() -> None:
    step = GAME.step(new(), knock(0, ANN_FOUR, BOB_49))
    assert step.ruling.summary.startswith(
        "Ann knocks with 4; Bob has 49: Ann scores 49 - 4 = 45."
    )
    assert step.ruling.score == {"Ann": 45}
    assert step.ruling.options == ()
    last = step.state["last_hand"]
    assert last["result"] == "knock"
    assert last["knocker_melds"] == [
        ["7H", "7D", "7C"],
        ["AS", "2S", "3S"],
        ["9D", "10D", "JD"],
    ]
    assert last["knocker_deadwood"] == ["4C"]
    assert last["opponent_melds"] == [["2H", "3H", "4H", "5H"]]
    assert last["opponent_deadwood"] == ["8S", "KS", "QH", "5D", "6C", "JC"]
    assert last["layoffs"] == []


def test_knock_the_two_hands_must_not_repeat_a_card() -> None:
    with pytest.raises(BadInput, match=r"7H \(7 of hearts\) is in both hands") as err:
        GAME.step(new(), knock(0, ANN_FOUR, BOB_49.replace("6C", "7H")))
    assert err.value.field == "opponent_hand"


@pytest.mark.parametrize(
    ("mine", "theirs", "message"),
    [
        ("AS 2S 3S 7H 7D 7C 9D 10D JD", BOB_49, "Expected 10 to 11 cards; 9 given"),
        (ANN_FOUR, "KS QH 5D 8S JC 2H 3H 4H 5H", "Expected 10 cards; 9 given"),
        (ANN_FOUR, "KS QH 5D 8S JC 2H 3H 4H 5H ZZ", "'ZZ' is not a card"),
    ],
)
def test_knock_needs_ten_real_cards_on_each_side(
    mine: str, theirs: str, message: str
) -> None:
    with pytest.raises(BadInput, match=message):
        GAME.step(new(), knock(0, mine, theirs))


# --- lay-offs ------------------------------------------------------------------------


def test_lay_off_a_fourth_card_onto_a_group_of_three() -> None:
    step = GAME.step(new(), knock(0, ANN_FOUR, BOB_49.replace("6C", "7S")))
    last = step.state["last_hand"]
    assert last["layoffs"] == [{"card": "7S", "meld": 0, "onto": ["7H", "7D", "7C"]}]
    assert last["opponent_count_before"] == 50
    assert last["opponent_count"] == 43
    assert "after laying off 7S" in step.ruling.summary
    assert scoring.LAY_OFF in step.ruling.rules


def test_lay_off_extends_a_run_at_both_ends_and_repeatedly() -> None:
    # Ann's 9-10-J of diamonds takes 8D below and QD then KD above
    bob = "KS QH 8D QD KD 2H 3H 4H 5H 6C"
    last = GAME.step(new(), knock(0, ANN_FOUR, bob)).state["last_hand"]
    assert sorted(lo["card"] for lo in last["layoffs"]) == ["8D", "KD", "QD"]
    order = [lo["card"] for lo in last["layoffs"]]
    assert order.index("QD") < order.index("KD")
    assert last["opponent_count"] == 26


def test_lay_off_may_take_a_card_from_the_opponents_own_group() -> None:
    # Bob: four eights and 9H. Keeping the eights leaves 9H (9); laying off 8H and
    # 9H on Ann's 5-6-7 of hearts leaves three eights in a group and nothing else.
    ann = "5H 6H 7H AS 2S 3S JD QD KD 2C"
    bob = "8S 8H 8D 8C 9H 4C 4D 4S KC 10C"
    last = GAME.step(new(), knock(0, ann, bob)).state["last_hand"]
    assert [lo["card"] for lo in last["layoffs"]] == ["8H", "9H"]
    assert last["opponent_count_before"] == 29
    assert last["opponent_count"] == 20


def test_lay_off_none_onto_gin() -> None:
    gin = "AS 2S 3S 7H 7D 7C 9D 10D JD QD"
    bob = "KS QH 8D KD 4S 2H 3H 4H 5H 7S"  # 8D, KD, 4S and 7S would all fit
    step = GAME.step(new(), knock(0, gin, bob))
    last = step.state["last_hand"]
    assert last["layoffs"] == []
    assert last["opponent_count"] == 10 + 10 + 8 + 10 + 4 + 7
    assert step.ruling.score == {"Ann": 20 + 49}


def test_lay_off_stated_onto_gin_is_refused_citing_gin() -> None:
    gin = "AS 2S 3S 7H 7D 7C 9D 10D JD QD"
    bob = "KS QH 8D KD 4S 2H 3H 4H 5H 7S"
    with pytest.raises(Refused, match="Nothing may be laid off onto gin") as err:
        GAME.step(new(), {**knock(0, gin, bob), "laid_off": "8D"})
    assert err.value.ruling.rules == (scoring.GIN, scoring.LAY_OFF)


def test_lay_off_stated_that_fits_no_set_is_refused_and_one_that_fits_is_scored() -> (
    None
):
    bob = "KS QH 8D 5D 8S JC 2H 3H 4H 5H"  # 8D extends Ann's 9-10-J of diamonds
    with pytest.raises(Refused, match="KS fits none of the knocker's sets") as err:
        GAME.step(new(), {**knock(0, ANN_FOUR, bob), "laid_off": "8D KS"})
    assert err.value.ruling.rules == (scoring.LAY_OFF,)
    step = GAME.step(new(), {**knock(0, ANN_FOUR, bob), "laid_off": "8D"})
    assert [lo["card"] for lo in step.state["last_hand"]["layoffs"]] == ["8D"]


def test_lay_off_a_run_extends_only_through_every_card_between() -> None:
    # 5S reaches Ann's A-2-3 of spades only with 4S laid off too
    bob = "KS QH 4S 5S 8S JC 2H 3H 4H 5H"
    with pytest.raises(Refused, match="5S fits none"):
        GAME.step(new(), {**knock(0, ANN_FOUR, bob), "laid_off": "5S"})
    step = GAME.step(new(), {**knock(0, ANN_FOUR, bob), "laid_off": "4S 5S"})
    assert step.ruling.verdict == Verdict.OK


def test_lay_off_a_card_the_opponent_does_not_hold_is_bad_input() -> None:
    with pytest.raises(BadInput, match="not in the opponent's hand"):
        GAME.step(new(), {**knock(0, ANN_FOUR, BOB_49), "laid_off": "8D"})


def test_knocker_never_lays_off_onto_the_opponents_sets() -> None:
    # Ann's 4C would extend Bob's 5-6-7 of clubs, but the knocker keeps it
    ann = "AS 2S 3S 8H 8D 8S 9D 10D JD 4C"
    step = GAME.step(new(), knock(0, ann, "5C 6C 7C KS QH JC 9S 10S 2D 3H"))
    assert step.state["last_hand"]["knocker_count"] == 4
    assert step.state["last_hand"]["knocker_deadwood"] == ["4C"]


def test_spread_a_tied_knocker_arrangement_is_shown_to_the_knockers_advantage() -> None:
    # 3H fits the run 2-3-4H or the group of threes, 6 deadwood either way; as a
    # run it would take Bob's AH and 5H, as a group it takes nothing of Bob's.
    ann = "2H 3H 4H 3S 3D 9C 10C JC QC KC"
    bob = "AH 5H KS QD JD 9S 8D 6S 4C 2D"
    step = GAME.step(new(), knock(0, ann, bob))
    last = step.state["last_hand"]
    assert ["3S", "3H", "3D"] in last["knocker_melds"]
    assert last["layoffs"] == []
    assert step.ruling.score == {"Ann": 65 - 6}


# --- scoring the hand ----------------------------------------------------------------


def test_undercut_when_the_opponent_counts_less_scores_difference_plus_ten() -> None:
    step = GAME.step(new(), counts(0, 9, 4))
    assert step.ruling.score == {"Bob": 5 + 10}
    assert "undercut! Bob scores 5 + 10 = 15" in step.ruling.summary
    assert step.ruling.rules[0] == scoring.UNDERCUT
    assert step.state["hands_won"] == [0, 1]


def test_undercut_on_equal_counts_scores_the_bonus_alone() -> None:
    step = GAME.step(new(), counts(0, 7, 7))
    assert step.ruling.score == {"Bob": 10}
    assert step.state["last_hand"]["result"] == "undercut"


def test_undercut_after_lay_offs() -> None:
    # Ann knocks with 10; Bob has 15 but lays off 8D and keeps 7 (4C, 2H and AH)
    ann = "AS 2S 3S 7H 7D 7C 9D 10D JD KC"
    bob = "8D 4C 2H 5S 5D 5C QS KS JS AH"
    step = GAME.step(new(), knock(0, ann, bob))
    assert step.state["last_hand"]["opponent_count_before"] == 15
    assert step.state["last_hand"]["opponent_count"] == 7
    assert step.ruling.score == {"Bob": 3 + 10}
    assert step.state["last_hand"]["result"] == "undercut"


def test_gin_scores_twenty_plus_the_opponents_count() -> None:
    step = GAME.step(new(), counts(1, 0, 31, gin=True))
    assert step.ruling.score == {"Bob": 51}
    assert step.ruling.summary.startswith(
        "Bob goes gin; Ann has 31: Bob scores 20 + 31"
    )
    assert step.ruling.rules[0] == scoring.GIN


BIG_GIN = "AS 2S 3S 7H 7D 7C 9D 10D JD QD KD"


@pytest.mark.parametrize(
    ("options", "event", "title", "formula", "account", "line"),
    [
        (
            {},
            counts(0, 8, 30),
            "Knock",
            "30 − 8 = 22",
            "Ann knocked with 8; Bob counted 30 after laying off.",
            "Ann knocks 8 v 30, +22",
        ),
        (
            {},
            knock(0, ANN_FOUR, BOB_49),
            "Knock",
            "49 − 4 = 45",
            "Ann knocked with 4; Bob counted 49.",
            "Ann knocks 4 v 49, +45",
        ),
        (
            {},
            counts(0, 5, 5),
            "Undercut",
            "5 − 5 = 0 + 10 undercut bonus = 10",
            "Ann knocked with 5; Bob counted 5 after laying off.",
            "Bob undercuts Ann, +10",
        ),
        (
            {},
            knock(0, "AS 2S 3S 7H 7D 7C 9D 10D JD KC", "8D 4C 2H 5S 5D 5C QS KS JS AH"),
            "Undercut",
            "10 − 7 = 3 + 10 undercut bonus = 13",
            "Ann knocked with 10; Bob counted 7 after laying off.",
            "Bob undercuts Ann, +13",
        ),
        (
            {},
            counts(1, 0, 34, gin=True),
            "Gin",
            "20 gin bonus + 34 = 54",
            "Bob went gin; Ann counted 34.",
            "Bob gin, +54",
        ),
        (
            {},
            knock(0, "AS 2S 3S 7H 7D 7C 9D 10D JD QD", BOB_49),
            "Gin",
            "20 gin bonus + 49 = 69",
            "Ann went gin; Bob counted 49.",
            "Ann gin, +69",
        ),
        (
            {"preset": "common"},
            counts(0, 0, 34, big_gin=True),
            "Big gin",
            "31 big gin bonus + 34 = 65",
            "Ann went big gin; Bob counted 34.",
            "Ann big gin, +65",
        ),
        (
            {"preset": "common"},
            knock(1, BIG_GIN, BOB_49),
            "Big gin",
            "31 big gin bonus + 49 = 80",
            "Bob went big gin; Ann counted 49.",
            "Bob big gin, +80",
        ),
    ],
)
def test_the_hand_record_says_how_each_result_is_scored(
    options: dict, event: dict, title: str, formula: str, account: str, line: str
) -> None:
    step = GAME.step(new(options), event)
    last = step.state["last_hand"]
    assert (last["title"], last["formula"], last["account"], last["line"]) == (
        title,
        formula,
        account,
        line,
    )
    # the formula's last number is what the ruling scored
    assert [int(formula.rsplit("= ", 1)[1])] == list(step.ruling.score.values())
    assert last["layoff_note"] == (
        f"No lay-offs on {title.lower()}." if "gin" in title.lower() else ""
    )
    assert last["summary"] == step.ruling.summary
    assert step.state["history"][-1]["line"] == line


def test_the_hand_record_of_a_cancelled_hand_has_no_formula() -> None:
    last = GAME.step(new(), {"type": "cancel"}).state["last_hand"]
    assert (last["title"], last["formula"], last["line"]) == (
        "Cancelled",
        "",
        "cancelled",
    )
    assert last["account"] == (
        "No score: the stock ran down to two cards. Ann deals again."
    )


def test_gin_is_never_undercut_even_when_the_opponent_has_nothing_left() -> None:
    step = GAME.step(new(), counts(0, 0, 0))
    assert step.ruling.score == {"Ann": 20}
    assert step.state["scores"] == [20, 0]


def test_gin_flag_must_agree_with_the_count() -> None:
    with pytest.raises(BadInput, match="Gin means no deadwood") as err:
        GAME.step(new(), counts(0, 3, 20, gin=True))
    assert err.value.field == "gin"
    with pytest.raises(BadInput, match="A knock with no deadwood is gin"):
        GAME.step(new(), counts(0, 0, 20, gin=False))


# --- the presets and big gin ---------------------------------------------------------


def test_preset_common_gin_is_worth_25_and_the_ruling_names_the_option() -> None:
    step = GAME.step(new({"preset": "common"}), counts(0, 0, 12))
    assert step.ruling.score == {"Ann": 25 + 12}
    assert step.ruling.options == ("preset",)
    assert "gin-rummy/preset" in step.ruling.rules  # the option's rule, cited beside it


def test_preset_common_undercut_is_worth_25() -> None:
    step = GAME.step(new({"preset": "common"}), counts(0, 8, 5))
    assert step.ruling.score == {"Bob": 3 + 25}
    assert step.ruling.options == ("preset",)


def test_preset_common_plain_knock_does_not_name_the_option() -> None:
    step = GAME.step(new({"preset": "common"}), counts(0, 5, 30))
    assert step.ruling.score == {"Ann": 25}
    assert step.ruling.options == ()
    assert "gin-rummy/preset" not in step.ruling.rules


def test_big_gin_scores_31_plus_the_count_with_the_common_preset() -> None:
    hand = "AS 2S 3S 7H 7D 7C 9D 10D JD QD KD"
    step = GAME.step(new({"preset": "common"}), knock(1, hand, BOB_49))
    assert step.ruling.score == {"Bob": 31 + 49}
    assert step.ruling.options == ("preset",)
    assert step.state["last_hand"]["result"] == "big-gin"
    assert step.ruling.rules[0] == scoring.BIG_GIN
    assert step.state["last_hand"]["layoffs"] == []


def test_big_gin_is_refused_with_the_standard_preset() -> None:
    hand = "AS 2S 3S 7H 7D 7C 9D 10D JD QD KD"
    with pytest.raises(Refused, match="discard one and knock with 10") as err:
        GAME.step(new(), knock(1, hand, BOB_49))
    assert err.value.ruling.options == ("preset",)
    with pytest.raises(Refused, match="only with the common preset"):
        GAME.step(new(), counts(1, 0, 30, big_gin=True))


def test_big_gin_needs_all_eleven_cards_in_sets() -> None:
    hand = "AS 2S 3S 7H 7D 7C 9D 10D JD QD 2C"
    with pytest.raises(Refused, match="Big gin needs all 11 cards in sets; Bob has 2"):
        GAME.step(new({"preset": "common"}), knock(1, hand, BOB_49))


# --- the cancelled hand and the deal -------------------------------------------------


def test_cancelled_hand_scores_nothing_and_the_same_dealer_deals_again() -> None:
    state = play(new(), {"type": "upcard", "player": "Bob", "take": True})
    step = GAME.step(state, {"type": "cancel"})
    assert step.ruling.verdict == Verdict.VOID
    assert step.ruling.score == {}
    assert step.state["scores"] == [0, 0]
    assert step.state["hands_won"] == [0, 0]
    view = GAME.view(step.state)
    assert view["detail"]["dealer"] == "Ann"
    assert view["detail"]["hand"] == 2
    assert view["detail"]["phase"] == "upcard-non-dealer"
    assert view["detail"]["history"][0]["result"] == "cancelled"


def test_deal_alternates_after_every_scored_hand_whoever_won() -> None:
    state = new()
    dealers = []
    for event in (counts(0, 5, 30), counts(0, 9, 4), counts(1, 0, 10)):
        dealers.append(GAME.view(state)["detail"]["dealer"])
        state = play(state, event)
    dealers.append(GAME.view(state)["detail"]["dealer"])
    assert dealers == ["Ann", "Bob", "Ann", "Bob"]


# --- the game ------------------------------------------------------------------------


def test_game_ends_when_a_players_hand_points_reach_100() -> None:
    state = play(new(), counts(0, 0, 60), counts(1, 5, 20))
    assert state["scores"] == [80, 15]
    step = GAME.step(state, counts(0, 2, 22))
    assert step.ruling.verdict == Verdict.WIN
    view = GAME.view(step.state)
    assert view["over"] is True
    assert view["winner"] == "Ann"
    assert view["expects"] == []
    # Bob scored one hand (15), so no shutout
    settlement = view["detail"]["settlement"]
    assert settlement["points"] == {"Ann": 100, "Bob": 15}
    assert settlement["game_bonus"] == 100
    assert settlement["shutout"] is False
    assert settlement["line_bonus"] == {"Ann": 40, "Bob": 20}
    assert settlement["totals"] == {"Ann": 240, "Bob": 35}
    assert (settlement["payer"], settlement["payee"], settlement["amount"]) == (
        "Bob",
        "Ann",
        205,
    )


def test_game_bonus_doubles_to_200_when_the_loser_scored_nothing() -> None:
    state = play(new(), counts(0, 0, 60))
    step = GAME.step(state, counts(0, 0, 10))
    settlement = step.state["settlement"]
    assert settlement["shutout"] is True
    assert settlement["game_bonus"] == 200
    assert settlement["totals"] == {"Ann": 110 + 200 + 40, "Bob": 0}
    assert settlement["payer"] == "Bob"
    assert settlement["amount"] == 350
    assert "shutout bonus 200" in step.ruling.summary


def test_line_bonus_does_not_count_toward_100() -> None:
    # four hands won and 99 points: 179 with line bonuses, but the game goes on
    state = play(new(), *[counts(i % 2, 0, 0) for i in range(4)], counts(0, 1, 20))
    assert state["scores"] == [40 + 19, 40]
    state = play(state, counts(0, 2, 42))
    assert state["scores"] == [99, 40]
    assert GAME.view(state)["over"] is False


def test_target_option_changes_the_end_and_the_ruling_names_it() -> None:
    step = GAME.step(new({"target": 50}), counts(0, 0, 40))
    assert step.ruling.verdict == Verdict.WIN
    assert "target" in step.ruling.options
    step = GAME.step(new({"target": 150}), counts(0, 0, 90))
    assert step.ruling.verdict == Verdict.OK
    assert step.ruling.options == ("target",)


def test_settlement_lower_total_pays_the_difference_and_a_tie_pays_nothing() -> None:
    done = scoring.settle([100, 60], [1, 6], winner=0)
    assert done.totals == (100 + 100 + 20, 60 + 120)
    assert (done.payer, done.amount) == (1, 40)
    # the loser can come out ahead on line bonuses alone
    done = scoring.settle([100, 90], [1, 9], winner=0)
    assert done.totals == (220, 270)
    assert (done.payer, done.amount) == (0, 50)
    done = scoring.settle([100, 60], [1, 8], winner=0)
    assert done.totals == (220, 220)
    assert (done.payer, done.amount) == (None, 0)


def test_nothing_is_accepted_after_the_game_is_over() -> None:
    state = play(new({"target": 20}), counts(0, 0, 10))
    with pytest.raises(Refused, match="The game is over: Ann won it"):
        GAME.step(state, counts(1, 0, 10))
    with pytest.raises(Refused, match="The game is over"):
        GAME.step(state, {"type": "cancel"})


def test_gin_rummy_takes_exactly_two_players() -> None:
    with pytest.raises(BadInput, match="takes 2 players; 3 given"):
        GAME.new_setup(["Ann", "Bob", "Cy"])


# --- a whole game --------------------------------------------------------------------


def test_transcript_of_a_whole_game_to_100_with_undercut_gin_and_bonuses() -> None:
    state = new()
    rulings = []
    script = [
        # hand 1, Ann deals: both pass the up-card, Bob knocks, Ann lays off 8D
        {"type": "upcard", "player": "Bob", "take": False},
        {"type": "upcard", "player": "Ann", "take": False},
        knock("Bob", "AS 2S 3S 7H 7D 7C 9D 10D JD 4C", "KS QH 5H 5D 8D 2H 3H 4H 8S JC"),
        # hand 2, Bob deals: Ann takes the up-card, knocks with 8 and is undercut
        {"type": "upcard", "player": "Ann", "take": True},
        counts("Ann", 8, 5),
        # hand 3, Ann deals: the stock runs down, cancelled
        {"type": "cancel"},
        # hand 4, Ann deals again: Ann goes gin
        knock(
            "Ann", "2D 3D 4D 5D 9S 9H 9C JC QC KC", "AS 2S 3S 7H 7D 7C 10H 10S 6C 4H"
        ),
        # hand 5, Bob deals
        counts("Ann", 3, 25),
        # hand 6, Ann deals: Bob goes gin and passes 100
        counts("Bob", 0, 30, gin=True),
    ]
    for event in script:
        step = GAME.step(state, event)
        rulings.append(step.ruling)
        state = step.state
    assert [r.score for r in rulings if r.score] == [
        {"Bob": 39},
        {"Bob": 13},
        {"Ann": 50},
        {"Ann": 22},
        {"Bob": 50},
    ]
    assert rulings[5].verdict == Verdict.VOID
    view = GAME.view(state)
    assert view["winner"] == "Bob"
    assert view["sides"] == [
        {"name": "Ann", "score": 72, "hands_won": 2},
        {"name": "Bob", "score": 102, "hands_won": 3},
    ]
    detail = view["detail"]
    assert [h["result"] for h in detail["history"]] == [
        "knock",
        "undercut",
        "cancelled",
        "gin",
        "knock",
        "gin",
    ]
    assert [h["dealer"] for h in detail["history"]] == [
        "Ann",
        "Bob",
        "Ann",
        "Ann",
        "Bob",
        "Ann",
    ]
    assert detail["history"][-1]["scores"] == {"Ann": 72, "Bob": 102}
    assert detail["settlement"] == {
        "winner": "Bob",
        "loser": "Ann",
        "points": {"Ann": 72, "Bob": 102},
        "game_bonus": 100,
        "shutout": False,
        "line_bonus": {"Ann": 40, "Bob": 60},
        "hands_won": {"Ann": 2, "Bob": 3},
        "totals": {"Ann": 112, "Bob": 262},
        "payer": "Ann",
        "payee": "Bob",
        "amount": 150,
    }
    assert rulings[-1].summary == (
        "Bob goes gin; Ann has 30: Bob scores 20 + 30 = 50. Bob reaches 102 of 100 "
        "and wins the game (game bonus 100). With line bonuses: Ann 112, Bob 262; "
        "Ann pays Bob 150."
    )
    assert view["prompt"] == "Bob wins the game. Ann pays Bob 150."


# --- the contract --------------------------------------------------------------------


def test_every_rule_the_engine_cites_is_in_the_rulebook() -> None:
    # the engine takes its ids from its rulebook handle, which checks them at import
    book = {r.id for r in books()["gin-rummy"].rules}
    assert {scoring.KNOCK, scoring.GIN, scoring.FIRST_TURN} <= scoring.CITE.cited
    assert scoring.CITE.cited <= book
    with pytest.raises(LookupError, match="no rule 'not-a-rule'"):
        scoring.CITE("not-a-rule")
    option_rules = {r.option for r in books()["gin-rummy"].rules if r.option}
    assert option_rules <= {o.name for o in GAME.options}


def test_every_example_is_legal_in_a_fresh_match() -> None:
    for kind in GAME.events:
        assert kind.examples, kind.type
        for example in kind.examples:
            state = new(dict(example.options), example.players)
            state = play(state, *example.setup)
            step = GAME.step(state, example.event)
            assert step.ruling.verdict in (Verdict.OK, Verdict.WIN, Verdict.VOID)
            for rule in step.ruling.rules:
                assert rule in scoring.CITE.cited
    tool = GAME.tools[0]
    assert run_tool(tool.example["hand"])["may_knock"] is True


def test_view_has_the_documented_keys() -> None:
    view = GAME.view(play(new(), knock(0, ANN_FOUR, BOB_49)))
    assert view["sides"][0].keys() == {"name", "score", "hands_won"}
    assert view["detail"].keys() == {
        "dealer",
        "non_dealer",
        "hand",
        "phase",
        "preset",
        "target",
        "values",
        "last_hand",
        "history",
        "settlement",
    }
    assert view["detail"]["last_hand"].keys() == {
        "hand", "dealer", "result", "title", "entered", "knocker", "opponent",
        "knocker_count", "opponent_count", "opponent_count_before", "knocker_melds",
        "knocker_deadwood", "opponent_melds", "opponent_deadwood", "layoffs",
        "winner", "points", "bonus", "formula", "account", "line", "layoff_note",
        "summary",
    }  # fmt: skip
    assert view["detail"]["history"][0].keys() == {
        "hand", "dealer", "result", "knocker", "knocker_count", "opponent_count",
        "winner", "points", "line", "scores",
    }  # fmt: skip
    assert view["detail"]["values"] == {
        "gin_bonus": 20,
        "undercut_bonus": 10,
        "big_gin_bonus": None,
        "game_bonus": 100,
        "shutout_bonus": 200,
        "line_bonus": 20,
    }
    assert view["expects"] == ["upcard", "knock", "knock_counts", "cancel"]
    assert view["turn"] == "Ann"  # Bob deals hand 2
    assert view["prompt"] == "Hand 2, Bob deals: Ann takes the up-card or passes."
