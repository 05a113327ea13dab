"""Mexican Sweat: rolling to beat the table, folding on its rank (seed 004)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import get
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict
from tests.games.baseball_turns import check_turn

GAME = get("mexican-sweat")
P3 = ("Ann", "Bob", "Cy")  # Ann deals: Bob rolls first
ANTE = {"type": "ante", "amount": 1}
TABLE = {"type": "table", "card": "8D"}


def run(events, players=P3, **options):
    state = GAME.start(GAME.new_setup(list(players), options))
    step = None
    for event in events:
        step = GAME.step(state, event)
        state = step.state
    return state, step


def rolls(*cards):
    return [{"type": "roll", "card": c} for c in cards]


def test_deal_table_card_names_the_rank_that_folds():
    _, step = run([ANTE, TABLE])
    assert "A roller who turns up an eight folds." in step.ruling.summary
    assert "mexican-sweat/match" in step.ruling.rules


def test_match_the_table_cards_rank_folds_at_once_then_betting():
    state, step = run([ANTE, TABLE, *rolls("2S", "8S")])
    assert "Same rank as the table card 8D: Bob folds." in step.ruling.summary
    assert "mexican-sweat/match" in step.ruling.rules
    assert step.ruling.summary.endswith("Betting: Cy first.")
    assert GAME.view(state)["sides"][1]["status"] == "folded"
    assert "bet_after_match" not in step.ruling.options  # the default: betting


def test_match_fold_comes_before_beating_the_table():
    # eight-five-two would beat the lone eight, but the eight folds Bob first
    _, step = run([ANTE, TABLE, *rolls("2S", "5H", "8S")])
    assert "folds" in step.ruling.summary
    assert "high hand" not in step.ruling.summary


def test_no_bet_after_match_the_next_player_rolls_at_once():
    _, step = run([ANTE, TABLE, *rolls("8S")], bet_after_match=False)
    assert "No betting: Cy rolls next." in step.ruling.summary
    assert "mexican-sweat/no-bet-after-match" in step.ruling.rules
    assert "bet_after_match" in step.ruling.options


@pytest.mark.parametrize("card", ["3H", "9H", "4H"])
def test_no_specials_threes_nines_fours_are_plain(card):
    state, step = run([ANTE, {"type": "table", "card": "AS"}, *rolls(card)])
    assert state["due"] is None
    assert GAME.view(state)["detail"]["left"]["Bob"] == 6
    assert "roll again" in step.ruling.summary
    assert "mexican-sweat/no-specials" in step.ruling.rules


def test_no_specials_the_queen_of_spades_rains_nothing_out():
    _, step = run([ANTE, TABLE, *rolls("QS")])
    assert step.ruling.verdict == Verdict.OK
    assert "Bob has the high hand" in step.ruling.summary


def test_roll_beats_the_table_and_opens_the_betting():
    _, step = run([ANTE, TABLE, *rolls("KS")])
    assert "King high beats the table card 8D" in step.ruling.summary
    assert step.ruling.rules == ("mexican-sweat/roll", "mexican-sweat/betting")


def test_out_seven_cards_without_beating_the_table():
    state, _ = run([ANTE, {"type": "table", "card": "AS"}])
    for card in ["2C", "3D", "4C", "5D", "7C", "10D", "JC"]:
        step = GAME.step(state, {"type": "roll", "card": card})
        state = step.state
    assert "Bob has no cards left: out" in step.ruling.summary
    assert "mexican-sweat/out" in step.ruling.rules


def test_no_bet_after_out_option():
    state, _ = run([ANTE, {"type": "table", "card": "AS"}], bet_after_out=False)
    for card in ["2C", "3D", "4C", "5D", "7C", "10D", "JC"]:
        step = GAME.step(state, {"type": "roll", "card": card})
        state = step.state
    assert "No betting: Cy rolls next." in step.ruling.summary


def test_betting_refuses_a_roll_while_a_round_is_open():
    state, _ = run([ANTE, TABLE, *rolls("KS")])
    with pytest.raises(Refused, match="Not a roll now"):
        GAME.step(state, {"type": "roll", "card": "2C"})


def test_end_whole_hand_transcript():
    """Bob leads with a king; Cy pairs queens; Ann folds on an eight; Bob is out."""
    events = [ANTE, TABLE, *rolls("KS")]
    events += [{"type": "bet", "player": 1, "action": "bet", "amount": 2}]
    events += [{"type": "bet", "player": 2, "action": "call"}]
    events += [{"type": "bet", "player": 0, "action": "call"}]
    events += rolls("QH", "QC")  # Cy: pair of queens beats king high
    events += [{"type": "bet", "player": p, "action": "check"} for p in (2, 0, 1)]
    events += rolls("8C")  # Ann matches the table card: folds, betting with Cy
    events += [{"type": "bet", "player": p, "action": "check"} for p in (2, 1)]
    events += rolls("2H", "5C", "6C", "7C", "JD", "10D")  # Bob's last six: out
    state, step = run(events)
    assert step.ruling.verdict == Verdict.WIN
    assert "Cy is the last player in and wins" in step.ruling.summary
    assert step.ruling.score == {"Ann": -3, "Bob": -3, "Cy": 6}
    assert GAME.view(state)["winner"] == "Cy"


DECK = [
    r + s
    for s in "SHDC"
    for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
]


@settings(max_examples=15, deadline=None)
@given(order=st.permutations(DECK), count=st.integers(3, 7), bets=st.booleans())
def test_property_hand_always_ends_and_chips_are_conserved(order, count, bets):
    players = [f"P{i}" for i in range(count)]
    state, _ = run([ANTE], players, bet_after_out=bets, bet_after_match=bets)
    deck = list(order)
    for _ in range(400):
        view = GAME.view(state)
        if view["over"]:
            break
        if "bet" in view["expects"]:
            event = {"type": "bet", "player": state["round"]["turn"], "action": "check"}
        else:
            event = {"type": view["expects"][0], "card": deck.pop()}
        state = GAME.step(state, event).state
    assert GAME.view(state)["over"]
    assert sum(state["net"]) == 0
    rolled = state["hand"]["rolled"]
    assert all(len(r) <= 7 for r in rolled)


def test_ante_a_deal_may_start_with_its_table_card():
    state, step = run([TABLE])
    assert step.ruling.summary.startswith("No ante recorded. Table card 8D.")
    assert GAME.view(state)["turn"] == "Bob"


# --- who acts (issue 24) ---------------------------------------------------------


def _refused(state, event):
    with pytest.raises(Refused, match="out of turn") as refused:
        GAME.step(state, event)
    return refused.value.ruling.rules


def test_lead_a_roll_named_for_anyone_but_the_lead_player_is_refused():
    state, _ = run([ANTE, TABLE])
    assert _refused(state, {"type": "roll", "player": "Cy", "card": "KS"}) == (
        "mexican-sweat/lead",
        "mexican-sweat/roll",
    )
    named = GAME.step(state, {"type": "roll", "player": "Bob", "card": "KS"})
    assert named == GAME.step(state, {"type": "roll", "card": "KS"})


def test_deal_the_table_card_is_the_dealers_to_turn():
    state, _ = run([ANTE])
    assert _refused(state, {"type": "table", "player": 1, "card": "8D"}) == (
        "mexican-sweat/deal",
    )
    assert GAME.step(state, {**TABLE, "player": "Ann"}).ruling.summary.startswith(
        "Table card 8D."
    )


def test_ante_everyone_antes_so_anyone_may_be_named():
    state, _ = run([])
    for seat in range(3):
        assert GAME.step(state, {**ANTE, "player": seat}).state["phase"] == "table"


def test_betting_out_of_turn_is_refused_citing_betting():
    state, _ = run([ANTE, TABLE, *rolls("KS")])
    event = {"type": "bet", "player": "Ann", "action": "check"}
    assert _refused(state, event) == ("mexican-sweat/betting",)


def test_match_a_player_who_folded_on_the_table_rank_rolls_no_more():
    state, _ = run([ANTE, TABLE, *rolls("8S")], bet_after_match=False)
    rules = _refused(state, {"type": "roll", "player": "Bob", "card": "KS"})
    assert rules == ("mexican-sweat/lead", "mexican-sweat/roll", "mexican-sweat/match")


def test_out_a_player_out_of_cards_takes_no_part_in_the_betting():
    misses = rolls("2C", "5D", "6H", "7S", "10C", "JD", "KH")
    state, _ = run([ANTE, {"type": "table", "card": "AD"}, *misses])
    rules = _refused(state, {"type": "bet", "player": "Bob", "action": "check"})
    assert rules == ("mexican-sweat/betting", "mexican-sweat/out")


def test_no_bet_after_match_a_bet_then_is_refused_citing_the_option():
    state, _ = run([ANTE, TABLE, *rolls("8S")], bet_after_match=False)
    with pytest.raises(Refused, match="No betting after a match fold") as refused:
        GAME.step(state, {"type": "bet", "player": "Cy", "action": "check"})
    assert "mexican-sweat/no-bet-after-match" in refused.value.ruling.rules
    # once the next roller has rolled, the option is behind us
    state = GAME.step(state, {"type": "roll", "card": "2D"}).state
    with pytest.raises(Refused, match="No betting round is open"):
        GAME.step(state, {"type": "bet", "player": "Cy", "action": "check"})


def test_no_bet_after_out_a_bet_then_is_refused_citing_the_option():
    misses = rolls("2C", "5D", "6H", "7S", "10C", "JD", "KH")
    table = {"type": "table", "card": "AD"}
    state, _ = run([ANTE, table, *misses], bet_after_out=False)
    with pytest.raises(Refused, match="No betting after a failed roll") as refused:
        GAME.step(state, {"type": "bet", "player": "Cy", "action": "check"})
    assert "mexican-sweat/no-bet-after-out" in refused.value.ruling.rules


@settings(max_examples=15, deadline=None)
@given(order=st.permutations(DECK), count=st.integers(3, 7), bets=st.booleans())
def test_property_naming_the_player_in_turn_changes_nothing_naming_another_is_refused(
    order, count, bets
):
    players = [f"P{i}" for i in range(count)]
    state = GAME.start(
        GAME.new_setup(players, {"bet_after_out": bets, "bet_after_match": bets})
    )
    deck = list(order)
    state = check_turn(GAME, state, ANTE).state
    for _ in range(400):
        view = GAME.view(state)
        if view["over"]:
            break
        if "bet" in view["expects"]:
            event = {"type": "bet", "player": state["round"]["turn"], "action": "check"}
        else:
            event = {"type": view["expects"][0], "card": deck.pop()}
        state = check_turn(GAME, state, event).state
    assert GAME.view(state)["over"]
