"""Midnight Baseball: rolling to beat the table, with baseball's specials (seed 004)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import get
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict
from tests.games.baseball_turns import check_turn

GAME = get("poker-midnight-baseball")
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


def checks(state):
    while state["phase"] == "bet":
        state = GAME.step(
            state, {"type": "bet", "player": state["round"]["turn"], "action": "check"}
        ).state
    return state


def test_deal_seven_down_each_and_a_table_card():
    state, step = run([ANTE])
    assert GAME.view(state)["expects"] == ["table"]
    assert "poker-midnight-baseball/no-looking" in step.ruling.rules
    state, step = run([ANTE, TABLE])
    view = GAME.view(state)
    assert view["detail"]["left"] == {"Ann": 7, "Bob": 7, "Cy": 7}
    assert view["turn"] == "Bob"
    assert "poker-midnight-baseball/lead" in step.ruling.rules


def test_roll_until_the_shown_hand_beats_the_table_then_bet():
    state, step = run([ANTE, TABLE, *rolls("2S")])
    assert "does not beat the table card 8D: roll again (6 left)" in step.ruling.summary
    state, step = run([ANTE, TABLE, *rolls("2S", "KH")])
    assert "Bob has the high hand" in step.ruling.summary
    assert step.ruling.summary.endswith("Betting: Bob first.")
    # a fold is a betting action too, so the board offers it
    assert GAME.view(state)["expects"] == ["bet", "fold"]


def test_roll_an_equal_hand_does_not_beat():
    state, _ = run([ANTE, TABLE, *rolls("KH")])
    state = checks(state)
    step = GAME.step(state, {"type": "roll", "card": "KS"})
    assert "does not beat Bob's hand" in step.ruling.summary


def test_roll_out_of_turn_is_refused():
    state, _ = run([ANTE, TABLE])
    with pytest.raises(Refused, match="by Cy is out of turn: it is Bob's") as no:
        GAME.step(state, {"type": "roll", "player": 2, "card": "KS"})
    assert no.value.ruling.rules == (
        "poker-midnight-baseball/lead",
        "poker-midnight-baseball/roll",
    )


def test_lead_passes_over_the_high_hand():
    state, _ = run([ANTE, TABLE, *rolls("KH")])
    state = checks(state)
    assert GAME.view(state)["turn"] == "Cy"
    state, _ = run([ANTE, TABLE, *rolls("KH")])
    state = checks(state)
    state = GAME.step(state, {"type": "roll", "card": "AH"}).state
    state = checks(state)
    assert GAME.view(state)["turn"] == "Ann"
    state = GAME.step(state, {"type": "roll", "card": "2C"}).state
    for card in ["4S"]:
        state = GAME.step(state, {"type": "roll", "card": card}).state
    assert GAME.view(state)["turn"] == "Ann"


def test_wild_three_must_be_paid_or_fold_by_default():
    state, step = run([ANTE, TABLE, *rolls("3H")])
    assert "must pay 3 (matching the pot)" in step.ruling.summary
    assert "poker-midnight-baseball/pay-threes" in step.ruling.rules
    paid = GAME.step(state, {"type": "pay", "player": 1})
    assert "Ace high beats the table card" in paid.ruling.summary
    folded = GAME.step(state, {"type": "fold", "player": 1})
    assert "Betting: Cy first." in folded.ruling.summary


def test_wild_table_card_counts_as_an_ace():
    state, step = run([ANTE, {"type": "table", "card": "9D"}, *rolls("KH")])
    assert "does not beat" in step.ruling.summary
    # the table card's rule decides it (wild: an ace), and the roll rule rolls on
    assert {
        "poker-midnight-baseball/table-card",
        "poker-midnight-baseball/roll",
    } <= set(step.ruling.rules)
    state, step = run([ANTE, {"type": "table", "card": "9D"}, *rolls("KH", "KD")])
    assert "beats" in step.ruling.summary
    assert "high hand" in step.ruling.summary


def test_four_earns_one_more_card_to_roll():
    state, step = run([ANTE, TABLE, *rolls("4H")])
    assert "one more face-down card to roll" in step.ruling.summary
    assert GAME.view(state)["detail"]["left"]["Bob"] == 7


def test_pay_four_declined_means_no_extra_card():
    state, _ = run([ANTE, TABLE, *rolls("4H")], pay_four=True)
    step = GAME.step(state, {"type": "decline", "player": 1})
    assert GAME.view(step.state)["detail"]["left"]["Bob"] == 6
    assert "roll again" in step.ruling.summary
    assert "poker-midnight-baseball/roll" in step.ruling.rules


def test_rainout_redeals_seven_each_to_players_still_in():
    state, step = run([ANTE, TABLE, *rolls("2C", "QS")], rainouts="on")
    assert step.ruling.verdict == Verdict.VOID
    view = GAME.view(state)
    assert view["expects"] == ["table"]
    assert view["detail"]["left"] == {"Ann": 7, "Bob": 7, "Cy": 7}


def _out_of_cards(**options):
    cards = ["2C", "3D", "4C", "6D", "7C", "10D", "JC", "KD"]  # a 3 to pay, a 4's card
    state, _ = run([ANTE, {"type": "table", "card": "AS"}], **options)
    steps = []
    for card in cards:
        if state["due"]:
            step = GAME.step(state, {"type": "decline", "player": 1})
            state = step.state
        step = GAME.step(state, {"type": "roll", "card": card})
        state = step.state
        steps.append(step)
    return state, steps[-1]


def test_out_rolling_every_card_without_beating_the_table():
    state, step = _out_of_cards(threes="pay")
    assert "Bob has no cards left: out" in step.ruling.summary
    assert "poker-midnight-baseball/out" in step.ruling.rules
    assert step.ruling.summary.endswith("Betting: Cy first.")


def test_no_bet_after_out_the_next_player_rolls_at_once():
    state, step = _out_of_cards(threes="pay", bet_after_out=False)
    assert "No betting: Cy rolls next." in step.ruling.summary
    assert "poker-midnight-baseball/no-bet-after-out" in step.ruling.rules


def test_look_option_is_cited_on_each_roll():
    _, step = run([ANTE, TABLE, *rolls("2S")], look=True)
    assert "poker-midnight-baseball/look" in step.ruling.rules


def test_end_last_player_in_wins_the_pot():
    state, _ = run([ANTE, TABLE, *rolls("KH")])
    state = GAME.step(
        state, {"type": "bet", "player": 1, "action": "bet", "amount": 5}
    ).state
    state = GAME.step(state, {"type": "bet", "player": 2, "action": "fold"}).state
    step = GAME.step(state, {"type": "bet", "player": 0, "action": "fold"})
    assert step.ruling.verdict == Verdict.WIN
    assert "poker-midnight-baseball/end" in step.ruling.rules
    assert step.ruling.score == {"Ann": -1, "Bob": 2, "Cy": -1}


DECK = [
    r + s
    for s in "SHDC"
    for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
]


@settings(max_examples=15, deadline=None)
@given(
    order=st.permutations(DECK),
    count=st.integers(3, 7),
    threes=st.sampled_from(["free", "pay", "pay-or-fold"]),
)
def test_property_every_hand_ends_with_one_winner_and_chips_conserved(
    order, count, threes
):
    players = [f"P{i}" for i in range(count)]
    state, _ = run([ANTE], players, threes=threes, bet_after_out=False)
    deck = list(order)
    for _ in range(400):
        view = GAME.view(state)
        if view["over"]:
            break
        expects = view["expects"]
        if "pay" in expects:
            event = {"type": "pay", "player": state["due"]["seat"]}
        elif "bet" in expects:
            event = {"type": "bet", "player": state["round"]["turn"], "action": "check"}
        else:
            event = {"type": expects[0], "card": deck.pop()}
        state = GAME.step(state, event).state
    assert GAME.view(state)["over"]
    assert sum(state["net"]) == 0
    assert state["winner"] in players


def test_fold_high_the_best_hand_still_showing_becomes_the_one_to_beat():
    state, _ = run([ANTE, TABLE, *rolls("KH")])
    state = checks(state)
    state = GAME.step(state, {"type": "roll", "card": "AH"}).state  # Cy takes it
    state = GAME.step(
        state, {"type": "bet", "player": 2, "action": "bet", "amount": 1}
    ).state
    step = GAME.step(state, {"type": "bet", "player": 0, "action": "call"})
    step = GAME.step(
        step.state, {"type": "bet", "player": 1, "action": "raise", "amount": 1}
    )
    step = GAME.step(step.state, {"type": "bet", "player": 2, "action": "fold"})
    assert "The hand to beat is now Bob's hand." in step.ruling.summary
    assert "poker-midnight-baseball/fold-high" in step.ruling.rules
    state = GAME.step(step.state, {"type": "bet", "player": 0, "action": "call"}).state
    assert GAME.view(state)["turn"] == "Ann"


def test_betting_no_round_when_everyone_else_still_in_is_all_in():
    # Ann and Dee call short (all in); when Dee then beats Bob, only Bob could bet:
    # no betting round opens and the next roller rolls (found by the state machine).
    bets = [
        {"type": "bet", "player": 1, "action": "bet", "amount": 5},
        {"type": "bet", "player": 2, "action": "fold"},
        {"type": "bet", "player": 3, "action": "call", "amount": 2},
        {"type": "bet", "player": 0, "action": "call", "amount": 1},
    ]
    dee = rolls("10H", "5D", "JS", "8D", "7D", "4D")
    events = [{"type": "table", "card": "QH"}, *rolls("KH"), *bets, *dee]
    events += [{"type": "decline", "player": 3}, *rolls("QD")]
    state, step = run(events, ("Ann", "Bob", "Cy", "Dee"), look=True, pay_four=True)
    assert "No betting: everyone else still in is all in." in step.ruling.summary
    assert state["phase"] == "roll"
    assert state["round"] is None
    view = GAME.view(state)
    assert view["expects"] == ["roll"]
    assert view["turn"] == "Ann"


# --- who acts (issue 24) ---------------------------------------------------------

MB = "poker-midnight-baseball/"


def _refused(state, event):
    with pytest.raises(Refused, match="out of turn") as refused:
        GAME.step(state, event)
    return refused.value.ruling.rules


def test_deal_the_table_card_is_the_dealers_to_turn():
    state, _ = run([ANTE])
    event = {"type": "table", "player": "Cy", "card": "8D"}
    assert _refused(state, event) == (MB + "deal",)


def test_payments_only_the_roller_who_owes_answers_them():
    state, _ = run([ANTE, TABLE, *rolls("3H")])
    rules = _refused(state, {"type": "pay", "player": "Cy"})
    assert rules == (MB + "pay-threes", MB + "payments")
    paid = GAME.step(state, {"type": "pay", "player": "Bob"})
    assert "Bob pays 3" in paid.ruling.summary


def test_betting_a_fold_out_of_turn_is_refused_citing_betting():
    state, _ = run([ANTE, TABLE, *rolls("KS")])
    assert _refused(state, {"type": "fold", "player": "Cy"}) == (MB + "betting",)


def test_out_a_player_out_of_cards_rolls_no_more():
    misses = rolls("2C", "5D", "6H", "7S", "10C", "JD", "KH")
    state, _ = run([ANTE, {"type": "table", "card": "AD"}, *misses])
    state = checks(state)
    event = {"type": "roll", "player": "Bob", "card": "QD"}
    assert _refused(state, event) == (MB + "lead", MB + "roll", MB + "out")


def test_payments_a_fold_rather_than_pay_is_the_owers_alone():
    state, _ = run([ANTE, TABLE, *rolls("3H")])
    rules = _refused(state, {"type": "fold", "player": "Ann"})
    assert rules == (MB + "pay-threes", MB + "payments")


@settings(max_examples=15, deadline=None)
@given(
    order=st.permutations(DECK),
    count=st.integers(3, 7),
    threes=st.sampled_from(["free", "pay", "pay-or-fold"]),
    pay_four=st.booleans(),
)
def test_property_naming_the_player_in_turn_changes_nothing_naming_another_is_refused(
    order, count, threes, pay_four
):
    players = [f"P{i}" for i in range(count)]
    options = {"threes": threes, "pay_four": pay_four}
    state = GAME.start(GAME.new_setup(players, options))
    state = check_turn(GAME, state, ANTE).state
    deck = list(order)
    for _ in range(400):
        view = GAME.view(state)
        if view["over"]:
            break
        expects = view["expects"]
        if "pay" in expects:
            event = {"type": "pay", "player": state["due"]["seat"]}
        elif "bet" in expects:
            event = {"type": "bet", "player": state["round"]["turn"], "action": "check"}
        else:
            event = {"type": expects[0], "card": deck.pop()}
        state = check_turn(GAME, state, event).state
    assert GAME.view(state)["over"]


def test_payments_a_stated_amount_must_be_the_price():
    state, _ = run([ANTE, TABLE, *rolls("3H")])
    with pytest.raises(Refused, match="Bob pays 4, but the price is 3") as over:
        GAME.step(state, {"type": "pay", "player": "Bob", "amount": 4})
    assert over.value.ruling.rules == (MB + "pay-threes", MB + "payments")
    stated = GAME.step(state, {"type": "pay", "player": "Bob", "amount": 3})
    assert stated == GAME.step(state, {"type": "pay", "player": "Bob"})
