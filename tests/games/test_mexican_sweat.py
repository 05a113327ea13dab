"""Mexican Sweat: rolling to beat the table, folding on its rank (seed 004)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import get
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict

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
