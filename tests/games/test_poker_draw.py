"""Five card draw: each rule of the text, the variations, and a whole session."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import rulebook
from referee.games import get
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict
from tests.games.poker_play import bet
from tests.games.poker_play import checks
from tests.games.poker_play import draws
from tests.games.poker_play import play
from tests.games.poker_play import show

G = "poker-draw"
THREE = ["Ann", "Bob", "Cy"]
DEAL = {"type": "deal"}
# Ann deals: Bob acts first, then Cy, then Ann.
TO_SHOWDOWN = [
    DEAL,
    *checks(1, 2, 0),
    *draws((1, 3), (2, 1), (0, 2)),
    *checks(1, 2, 0),
]


def test_deal_everyone_antes_and_the_dealers_left_bets_first():
    game, state, step = play(G, THREE, [DEAL], ante=2)
    board = game.view(state)
    assert board["detail"]["pot"] == 6
    assert board["turn"] == "Bob"
    assert step.ruling.rules == ("poker-draw/ante", "poker-draw/deal")


def test_betting_out_of_turn_is_refused():
    with pytest.raises(Refused, match="out of turn: it is Bob's") as err:
        play(G, THREE, [DEAL, bet(2, "check")])
    assert err.value.ruling.rules == ("poker-draw/betting", "poker-draw/order-of-play")


def test_betting_a_check_facing_a_bet_is_refused():
    with pytest.raises(Refused, match="cannot check: 5 to call") as err:
        play(G, THREE, [DEAL, bet(1, "bet", 5), bet(2, "check")])
    assert "poker-draw/betting" in err.value.ruling.rules


def test_order_of_play_no_exchange_during_the_betting():
    with pytest.raises(Refused, match="Not now") as err:
        play(G, THREE, [DEAL, {"type": "draw", "player": 1, "count": 2}])
    assert err.value.ruling.rules == ("poker-draw/order-of-play",)


def test_draw_goes_round_from_the_dealers_left():
    _, state, step = play(G, THREE, [DEAL, *checks(1, 2, 0), *draws((1, 3))])
    assert step.ruling.summary == "Bob draws 3. Cy next."
    with pytest.raises(Refused, match="out of turn: it is Cy's") as err:
        play(G, THREE, [DEAL, *checks(1, 2, 0), *draws((1, 3), (0, 1))])
    assert err.value.ruling.rules == ("poker-draw/draw", "poker-draw/order-of-play")


@pytest.mark.parametrize(
    ("players", "options", "shows", "match"),
    [
        (THREE, {}, None, "only by showing that the card kept is an ace"),
        (THREE, {}, "KS", "only by showing that the card kept is an ace"),
        (THREE, {"four_with_ace": False}, "AS", "three at most"),
        (["A", "B", "C", "D", "E", "F"], {}, "AS", "six or more players"),
    ],
)
def test_four_card_draw_needs_an_ace_fewer_than_six_and_the_option(
    players, options, shows, match
):
    n = len(players)
    event = {"type": "draw", "player": 1, "count": 4}
    if shows:
        event["shows"] = shows
    with pytest.raises(Refused, match=match) as err:
        play(
            G,
            players,
            [DEAL, *checks(*[(1 + i) % n for i in range(n)]), event],
            **options,
        )
    assert "poker-draw/four-card-draw" in err.value.ruling.rules


def test_four_card_draw_with_an_ace_shown_is_allowed_and_the_ace_stays_in_the_hand():
    four = {"type": "draw", "player": 1, "count": 4, "shows": "AS"}
    events = [DEAL, *checks(1, 2, 0), four, *draws((2, 0), (0, 0)), *checks(1, 2, 0)]
    _, state, _ = play(G, THREE, events)
    with pytest.raises(BadInput, match="showed AS to draw four"):
        get(G).step(state, show(1, "KS KD 7C 4H 2S"))
    get(G).step(state, show(1, "AS KD 7C 4H 2S"))


def test_double_draw_adds_a_second_exchange_and_betting_round():
    game, state, step = play(G, THREE, TO_SHOWDOWN, double_draw=True)
    assert game.view(state)["expects"] == ["draw"]
    _, state, step = play(
        G,
        THREE,
        [*TO_SHOWDOWN, *draws((1, 0), (2, 0), (0, 0)), *checks(1, 2, 0)],
        double_draw=True,
    )
    assert "showdown" in step.ruling.summary
    _, state, _ = play(G, THREE, TO_SHOWDOWN)
    assert get(G).view(state)["expects"] == ["show"]


def test_showdown_the_best_hand_takes_the_pot():
    events = [
        *TO_SHOWDOWN,
        show(1, "KS KD 7C 4H 2S"),
        show(2, "AS AD 9C 9H 3S"),
        show(0, "QS QH QD 5C 6H"),
    ]
    game, state, step = play(G, THREE, events)
    assert step.ruling.verdict == Verdict.WIN
    assert "Best hand: Ann with three queens, six kicker" in step.ruling.summary
    assert dict(step.ruling.score) == {"Ann": 2, "Bob": -1, "Cy": -1}
    assert [s["score"] for s in game.view(state)["sides"]] == [2, -1, -1]
    assert game.view(state)["detail"]["dealer"] == "Bob"


def test_showdown_conceding_leaves_the_last_player_the_pot_unseen():
    events = [*TO_SHOWDOWN, show(1), show(2)]
    _, _, step = play(G, THREE, events)
    assert "Ann takes the pot (3)" in step.ruling.summary


def test_showdown_a_card_shown_twice_or_a_joker_without_jokers_is_bad_input():
    with pytest.raises(BadInput, match="KS appears 2 times"):
        play(
            G,
            THREE,
            [*TO_SHOWDOWN, show(1, "KS KD 7C 4H 2S"), show(2, "KS AD 9C 9H 3S")],
        )
    # Issue 26: the refusal names the pack on the table, which has no jokers
    # without the wild-card option that adds them.
    with pytest.raises(BadInput, match="'JK' is not in a standard 52-card deck"):
        play(G, THREE, [*TO_SHOWDOWN, show(1, "KS KD 7C 4H JK")])


def test_the_pack_a_refusal_names_is_the_matchs_own():
    game = get(G)
    assert game.deck_of({"wilds": "none"}) == "standard"
    assert game.deck_of({"wilds": "jokers"}) == "standard-jokers"
    twice = [*TO_SHOWDOWN, show(1, "KS KD 7C 4H 2S"), show(2, "KS AD 9C 9H 3S")]
    with pytest.raises(BadInput, match="a standard 52-card deck has only one"):
        play(G, THREE, twice)
    with pytest.raises(BadInput, match="a 52-card deck with two jokers has only one"):
        play(G, THREE, twice, wilds="jokers")


def test_wild_cards_five_of_a_kind_beats_a_royal_flush():
    events = [
        *TO_SHOWDOWN,
        show(1, "AS KS QS JS 10S"),
        show(2, "2S 9H 9D 9C 9S"),
        show(0),
    ]
    _, _, step = play(G, THREE, events, wilds="deuces")
    assert "Cy with five nines" in step.ruling.summary
    assert "poker-draw/wild-cards" in step.ruling.rules
    assert "wilds" in step.ruling.options
    _, _, step = play(G, THREE, events, wilds="deuces", five_of_a_kind=False)
    assert "Bob with royal flush" in step.ruling.summary


def test_wild_cards_jokers_join_the_deck():
    events = [*TO_SHOWDOWN, show(1, "JK KD 7C 4H 2S"), show(2), show(0)]
    _, _, step = play(G, THREE, events, wilds="jokers")
    assert "Bob with pair of kings, seven kicker" in step.ruling.summary


def test_high_low_the_pot_halves_with_the_odd_chip_to_high():
    events = [
        *TO_SHOWDOWN,
        show(1, "KS KD KC 4H 2S"),
        show(2, "7S 5D 4C 3H AS"),
        show(0, "QS QH 8D 8C 6H"),
    ]
    _, _, step = play(G, THREE, events, winner="high-low")
    assert "High: Bob with three kings" in step.ruling.summary
    assert "Low: Cy with seven-five low" in step.ruling.summary
    assert "Bob takes 2, Cy takes 1" in step.ruling.summary
    assert "poker-draw/high-low" in step.ruling.rules


@pytest.mark.parametrize(
    ("low", "winner"),
    [("ace-to-five", "Bob"), ("deuce-to-seven", "Cy"), ("ace-to-six", "Cy")],
)
def test_lowball_the_low_ranking_decides(low, winner):
    events = [
        *TO_SHOWDOWN,
        show(1, "5S 4D 3C 2H AS"),
        show(2, "7S 5D 4C 3H 2D"),
        show(0),
    ]
    _, _, step = play(G, THREE, events, winner="lowball", low=low)
    assert f"{winner} takes the pot" in step.ruling.summary or f"{winner} takes 3" in (
        step.ruling.summary
    )
    assert "poker-draw/lowball" in step.ruling.rules


def test_split_pot_equal_hands_share_and_the_odd_chip_goes_left_of_the_dealer():
    events = [
        *TO_SHOWDOWN,
        show(1, "AS KD 9C 5H 3S"),
        show(2, "AH KC 9D 5S 3H"),
        show(0, "QS JH 8D 7C 2H"),
    ]
    _, _, step = play(G, THREE, events)
    assert "Bob and Cy with ace high" in step.ruling.summary
    assert "Bob takes 2, Cy takes 1" in step.ruling.summary
    assert "odd chips" in step.ruling.summary


def test_betting_everyone_else_folding_ends_the_hand():
    _, state, step = play(
        G, THREE, [DEAL, bet(1, "bet", 4), bet(2, "fold"), bet(0, "fold")]
    )
    assert "Bob takes the pot (7)" in step.ruling.summary
    assert state["phase"] == "deal"
    assert state["net"] == [-1, 2, -1]


def test_session_ends_between_hands_with_the_net_account():
    game, state, step = play(
        G,
        THREE,
        [DEAL, bet(1, "bet", 4), bet(2, "fold"), bet(0, "fold"), {"type": "end"}],
    )
    assert step.ruling.summary == "Session over after 1 hand: Ann -1, Bob +2, Cy -1."
    assert game.view(state)["winner"] == "Bob"
    with pytest.raises(Refused, match="session is over"):
        game.step(state, DEAL)
    with pytest.raises(Refused, match="Not now"):
        play(G, THREE, [DEAL, {"type": "end"}])


def test_a_showdown_cites_only_rules_that_exist():
    game, state, _ = play(G, THREE, TO_SHOWDOWN, wilds="deuces", winner="high-low")
    step = game.step(state, show(1, "KS KD 7C 4H 2S"))
    assert all(rulebook.rule(r) for r in step.ruling.rules)


def test_whole_session_transcript():
    """Two hands: a raised pot won at the showdown, then one won by a bet."""
    events = [
        DEAL,
        bet(1, "bet", 2),
        bet(2, "raise", 3),
        bet(0, "fold"),
        bet(1, "call"),
        {"type": "draw", "player": 1, "count": 3},
        {"type": "draw", "player": 2, "count": 0},
        bet(1, "check"),
        bet(2, "bet", 5),
        bet(1, "call"),
        show(1, "JS JD 8C 4H 2S"),
        show(2, "10S 9D 8S 7H 6C"),
        DEAL,
        bet(2, "check"),
        bet(0, "bet", 3),
        bet(1, "fold"),
        bet(2, "fold"),
        {"type": "end"},
    ]
    game, state, _ = play(G, THREE, events)
    assert [s["score"] for s in game.view(state)["sides"]] == [1, -12, 11]
    assert len(state["history"]) == 2


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.integers(1, 9), min_size=3, max_size=3),
    st.permutations([f"{r}{s}" for s in "SHDC" for r in ("2", "5", "8", "J", "A")]),
)
def test_chips_are_never_made_or_lost(bets, deck):
    """Whatever is bet and whoever wins, the players' net chips sum to zero."""
    events = [
        DEAL,
        bet(1, "bet", bets[0]),
        bet(2, "raise", bets[1]),
        bet(0, "call"),
        bet(1, "call"),
    ]
    events += [
        *draws((1, 1), (2, 2), (0, 3)),
        bet(1, "bet", bets[2]),
        bet(2, "call"),
        bet(0, "call"),
    ]
    events += [
        show(1, " ".join(deck[0:5])),
        show(2, " ".join(deck[5:10])),
        show(0, " ".join(deck[10:15])),
    ]
    _, state, _ = play(G, THREE, events, winner="high-low", wilds="deuces")
    assert sum(state["net"]) == 0


# --- who acts ------------------------------------------------------------------------


def test_deal_only_the_dealer_deals():
    with pytest.raises(Refused, match="out of turn: it is Ann's") as err:
        play(G, THREE, [{**DEAL, "player": "Bob"}])
    assert err.value.ruling.rules == ("poker-draw/deal", "poker-draw/order-of-play")
    _, state, _ = play(G, THREE, [{**DEAL, "player": 0}])
    assert state["phase"] == "bet"
    # Bob takes hand 1 when the others fold; the deal passes to him
    won = [DEAL, bet(1, "bet", 2), bet(2, "fold"), bet(0, "fold")]
    _, state, _ = play(G, THREE, [*won, {**DEAL, "player": "Bob"}])
    assert state["hand"] == 2


def test_ante_a_deal_while_a_player_has_not_anted_is_refused():
    with pytest.raises(Refused, match="Cy has not anted") as err:
        play(G, THREE, [{**DEAL, "missing_ante": "Cy"}])
    assert err.value.ruling.rules == ("poker-draw/ante", "poker-draw/deal")
    with pytest.raises(BadInput, match="ante is 0") as bad:
        play(G, THREE, [{**DEAL, "missing_ante": 2}], ante=0)
    assert bad.value.field == "missing_ante"


def test_showdown_a_player_who_folded_has_nothing_to_show():
    folded = [DEAL, bet(1, "bet", 2), bet(2, "call"), bet(0, "fold")]
    folded += [*draws((1, 1), (2, 1)), *checks(1, 2)]
    with pytest.raises(Refused, match="out of turn: it is Bob or Cy's") as err:
        play(G, THREE, [*folded, show(0, "AS AD 9C 5H 3S")])
    assert "poker-draw/showdown" in err.value.ruling.rules
    # the players still in show in any order
    _, state, _ = play(G, THREE, [*folded, show(2, "AS AD 9C 5H 3S")])
    assert state["shown"][2]


def test_session_anyone_ends_it_between_hands_never_during_one():
    _, state, step = play(G, THREE, [{"type": "end", "player": "Cy"}])
    assert state["phase"] == "over"
    with pytest.raises(Refused, match="Not now") as err:
        play(G, THREE, [DEAL, {"type": "end"}])
    assert err.value.ruling.rules == ("poker-draw/order-of-play", "poker-draw/session")


def test_every_breach_of_five_card_draw_is_refused_citing_its_rule():
    game = get(G)
    for breach in game.breaches:
        ex = breach.example
        _, state, _ = play(G, list(ex.players), list(ex.setup), **ex.options)
        with pytest.raises(Refused) as err:
            game.step(state, ex.event)
        assert breach.rule in err.value.ruling.rules, breach.title


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 7), st.integers(0, 4), st.data())
def test_naming_the_player_in_turn_never_changes_the_ruling(players, hands, data):
    """Whoever deals or bets, naming the one in turn is the same as naming nobody;
    naming anyone else is refused."""
    names = [f"P{i}" for i in range(players)]
    events = []
    for hand in range(hands):
        first = (hand + 1) % players  # the dealer's left opens, everyone folds
        events += [DEAL, bet(first, "bet", 1)]
        events += [bet((first + i) % players, "fold") for i in range(1, players)]
    game, state, _ = play(G, names, events)
    dealer = state["dealer"]
    plain = game.step(state, DEAL)
    named = game.step(state, {**DEAL, "player": names[dealer]})
    assert named.ruling == plain.ruling
    assert named.state == plain.state
    other = data.draw(st.sampled_from([s for s in range(players) if s != dealer]))
    with pytest.raises(Refused, match="out of turn"):
        game.step(state, {**DEAL, "player": other})
