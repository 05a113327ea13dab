"""Jacks to open, trips to win: openers, redeals, reveals, the split and the jackpot."""

from __future__ import annotations

import jsonschema
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import rulebook
from referee.games import get
from referee.games.fields import parse_fields
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict
from referee.games.poker.hands import TRIPS
from referee.games.poker.hands import best_high
from referee.games.poker.hands import pack
from referee.games.poker.openers import OPENERS_RESULT
from tests.games.poker_play import bet
from tests.games.poker_play import checks
from tests.games.poker_play import draws
from tests.games.poker_play import play

G = "poker-jacks-trips"
THREE = ["Ann", "Bob", "Cy"]
DEAL = {"type": "deal"}


def opens(player: int, openers: str, amount: int = 2) -> dict:
    return {**bet(player, "bet", amount), "openers": openers}


def reveal(player: int, cards: str | None = None) -> dict:
    out = {"type": "reveal", "player": player}
    if cards:
        out["cards"] = cards
    return out


def low(player: int, cards: str | None = None) -> dict:
    out = {"type": "show", "player": player}
    if cards:
        out["cards"] = cards
    return out


OPENED = [DEAL, opens(1, "JH JD"), bet(2, "call"), bet(0, "call")]
TO_REVEAL = [*OPENED, *draws((1, 3), (2, 2), (0, 1)), *checks(1, 2, 0)]


def test_openers_a_pair_of_jacks_or_better_opens():
    _, state, step = play(G, THREE, [DEAL, opens(1, "JH JD")])
    assert "Opened with pair of jacks" in step.ruling.summary
    assert state["opener"] == 1


@pytest.mark.parametrize("openers", ["10H 10D", "AH KD", "QS JD 4C"])
def test_openers_less_than_jacks_is_refused(openers):
    with pytest.raises(Refused, match="does not open") as err:
        play(G, THREE, [DEAL, opens(1, openers)])
    assert "poker-jacks-trips/openers" in err.value.ruling.rules


@pytest.mark.parametrize("openers", ["JK AH", "JK JK"])
def test_openers_no_joker_in_this_games_deck(openers):
    with pytest.raises(BadInput, match="not in a standard 52-card deck") as err:
        play(G, THREE, [DEAL, opens(1, openers)])
    assert err.value.field == "openers"


def test_nobody_opens_everyone_else_folded_the_last_player_opens_or_passes_it_in():
    # The pot is won only by opening: folds before the opening leave the last
    # player to open (taking the antes) or to pass (the hand is thrown in).
    folded = [DEAL, bet(1, "fold"), bet(2, "fold")]
    _, state, step = play(G, THREE, folded)
    assert step.ruling.verdict == Verdict.OK
    assert state["round"]["turn"] == 0
    assert "Ann may open (with openers) to take the pot" in step.ruling.summary
    _, _, step = play(G, THREE, [*folded, opens(0, "QH QD")])
    assert step.ruling.verdict == Verdict.WIN
    assert step.ruling.score == {"Ann": 2, "Bob": -1, "Cy": -1}
    _, state, step = play(G, THREE, [*folded, bet(0, "check")])
    assert step.ruling.verdict == Verdict.VOID
    assert "poker-jacks-trips/nobody-opens" in step.ruling.rules
    assert state["phase"] == "deal"
    with pytest.raises(Refused, match="last player in"):
        play(G, THREE, [*folded, bet(0, "fold")])


def test_openers_must_be_shown_with_the_bet_that_opens():
    with pytest.raises(BadInput, match="Show the openers"):
        play(G, THREE, [DEAL, bet(1, "bet", 2)])
    with pytest.raises(BadInput, match="only before the pot is opened"):
        play(G, THREE, [*OPENED[:2], {**bet(2, "call"), "openers": "QH QD"}])


def test_openers_nobody_may_call_or_raise_before_the_opening():
    with pytest.raises(Refused, match="Nobody has opened yet"):
        play(G, THREE, [DEAL, bet(1, "raise", 2)])


def test_must_open_every_pass_in_the_opening_round_is_reminded():
    _, _, step = play(G, THREE, [DEAL, bet(1, "check")])
    assert "openers must open" in step.ruling.summary
    assert "poker-jacks-trips/must-open" in step.ruling.rules


def test_nobody_opens_the_pot_stays_everyone_antes_again_same_dealer():
    game, state, step = play(G, THREE, [DEAL, *checks(1, 2, 0)])
    assert step.ruling.verdict == Verdict.VOID
    assert "poker-jacks-trips/nobody-opens" in step.ruling.rules
    assert game.view(state)["expects"] == ["deal", "end"]
    with pytest.raises(Refused, match="still in the pot"):
        game.step(state, {"type": "end"})
    state = game.step(state, DEAL).state
    board = game.view(state)
    assert board["detail"]["pot"] == 6
    assert board["detail"]["dealer"] == "Ann"
    assert board["detail"]["openers_needed"] == "J"


def test_trips_to_win_a_reveal_below_three_of_a_kind_is_refused():
    with pytest.raises(Refused, match="not three of a kind"):
        play(G, THREE, [*TO_REVEAL, reveal(1, "JS JD 8C 4H 2S")])


def test_nobody_reveals_everyone_still_in_exchanges_again():
    game, state, step = play(G, THREE, [*TO_REVEAL, reveal(1), reveal(2), reveal(0)])
    assert "exchanges again" in step.ruling.summary
    assert "poker-jacks-trips/nobody-reveals" in step.ruling.rules
    assert game.view(state)["expects"] == ["draw"]
    again = [*draws((1, 1), (2, 1), (0, 1)), *checks(1, 2, 0)]
    _, state, step = play(
        G, THREE, [*TO_REVEAL, reveal(1), reveal(2), reveal(0), *again]
    )
    assert "reveals" in step.ruling.summary


def test_winner_high_and_low_split_the_pot():
    events = [
        *TO_REVEAL,
        reveal(1, "9S 9H 9D 4C 2S"),
        reveal(2),
        reveal(0),
        low(2, "7C 5D 4H 3S AC"),
        low(0),
    ]
    game, state, step = play(G, THREE, events)
    assert "High: Bob with three nines" in step.ruling.summary
    assert "Low: Cy with seven-five low" in step.ruling.summary
    assert "Bob takes 5, Cy takes 4" in step.ruling.summary
    assert all(rulebook.rule(r) for r in step.ruling.rules)


def test_winner_a_low_hand_shown_cites_how_lows_rank_and_its_option():
    shown = [*TO_REVEAL, reveal(1, "9S 9H 9D 4C 2S"), reveal(2), reveal(0)]
    _, _, step = play(G, THREE, [*shown, low(2, "7C 5D 4H 3S 2C")])
    assert "poker-jacks-trips/high-low" in step.ruling.rules
    assert step.ruling.options == ()  # ace-to-five: the default
    _, _, step = play(
        G, THREE, [*shown, low(2, "7C 5D 4H 3S 2C")], low="deuce-to-seven"
    )
    assert "poker-jacks-trips/high-low" in step.ruling.rules
    assert "low" in step.ruling.options


def test_winner_high_option_gives_the_best_revealed_hand_everything():
    events = [
        *TO_REVEAL,
        reveal(1, "9S 9H 9D 4C 2S"),
        reveal(2, "KS KH KD 5C 3S"),
        reveal(0),
    ]
    _, _, step = play(G, THREE, events, winner="high")
    assert "Cy with three kings" in step.ruling.summary
    assert "Cy takes 9" in step.ruling.summary


def test_progressive_jackpot_deuces_wild_and_openers_rise_after_pass_outs():
    game, state, step = play(G, THREE, [DEAL], progressive=True)
    assert "Twos are wild" in step.ruling.summary
    with_wild = [DEAL, opens(1, "JH 2D")]
    assert play(G, THREE, with_wild, progressive=True)[1]["opener"] == 1
    passes = [DEAL, *checks(1, 2, 0)]
    _, state, step = play(G, THREE, passes, progressive=True)
    assert "Openers rise to a pair of queens" in step.ruling.summary
    _, state, _ = play(G, THREE, passes * 4, progressive=True)
    assert state["openers_needed"] == "A"
    with pytest.raises(Refused, match="pair of kings or better"):
        play(G, THREE, [*passes, *passes, DEAL, opens(1, "QH QD")], progressive=True)


def _jackpot_hand(winner: int, dealer: int) -> list[dict]:
    """One hand where ``winner`` opens and everyone else folds."""
    first = (dealer + 1) % 3
    events = [DEAL]
    seat = first
    while seat != winner:
        events.append(bet(seat, "check"))
        seat = (seat + 1) % 3
    events.append(opens(winner, "AS AH"))
    events += [bet((winner + 1) % 3, "fold"), bet((winner + 2) % 3, "fold")]
    return events


def test_progressive_jackpot_three_hand_wins_take_the_pot():
    events = _jackpot_hand(1, 0) + _jackpot_hand(1, 1)
    game, state, step = play(G, THREE, events, progressive=True)
    assert "hand wins: Bob 2" in step.ruling.summary
    assert game.view(state)["detail"]["wild_rank"] == "4"
    assert game.view(state)["detail"]["pot"] == 10
    _, state, step = play(G, THREE, events + _jackpot_hand(1, 2), progressive=True)
    assert "the jackpot is won. Bob takes 15" in step.ruling.summary
    assert state["net"] == [-3, 6, -3]
    assert sum(state["net"]) == 0
    assert "poker-jacks-trips/progressive-jackpot" in step.ruling.rules
    assert get(G).view(state)["detail"]["wild_rank"] == "2"  # a new jackpot


def test_betting_after_the_opening_is_ordinary():
    _, state, step = play(G, THREE, OPENED)
    assert "exchange" in step.ruling.summary
    assert get(G).view(state)["turn"] == "Bob"


@settings(max_examples=20, deadline=None)
@given(st.permutations([f"{r}{s}" for s in "SHDC" for r in ("3", "6", "9", "Q", "A")]))
def test_chips_are_never_made_or_lost_whoever_reveals(deck):
    """Trips reveal, the rest pass then show for low: the nets always sum to zero."""
    hands = [deck[0:5], deck[5:10], deck[10:15]]
    events = list(TO_REVEAL)
    trips = [best_high(h).key >= pack(TRIPS, (2, 2, 2)) for h in hands]
    for seat in (1, 2, 0):
        events.append(reveal(seat, " ".join(hands[seat]) if trips[seat] else None))
    if any(trips):
        for seat in (1, 2, 0):
            if not trips[seat]:
                events.append(low(seat, " ".join(hands[seat])))
    _, state, _ = play(G, THREE, events)
    if any(trips):
        assert sum(state["net"]) == 0
        assert state["phase"] == "deal"
    else:
        assert state["phase"] == "draw"


def test_each_draw_variant_cites_its_own_rulebook():
    from referee.games.poker import five_card_draw
    from referee.games.poker import jacks_trips

    for module in (five_card_draw, jacks_trips):
        book = {r.id for r in rulebook.books()[module.VARIANT.game_id].rules}
        assert set(module.VARIANT.rules.values()) <= book
        assert module.CITE.cited <= book
    assert jacks_trips.VARIANT.rule("openers") == "poker-jacks-trips/openers"
    assert five_card_draw.VARIANT.rule("session") == "poker-draw/session"
    with pytest.raises(LookupError, match="no rule 'openers'"):
        five_card_draw.CITE("openers")


# --- must open, the openers calculator, who acts ---------------------------------


def passes(player: int, action: str, openers: str) -> dict:
    return {**bet(player, action), "openers": openers}


PASSED_OUT = [DEAL, *checks(1, 2, 0)]


@pytest.mark.parametrize("action", ["check", "fold"])
@pytest.mark.parametrize("openers", ["JH JD", "KH KD 7C 4S 2H", "5H 5D 3C 3S", "AS AH"])
def test_must_open_a_pass_showing_openers_is_refused(action, openers):
    with pytest.raises(Refused, match="a hand that can open must open") as err:
        play(G, THREE, [DEAL, passes(1, action, openers)])
    assert err.value.ruling.rules == (
        "poker-jacks-trips/openers",
        "poker-jacks-trips/must-open",
    )


def test_must_open_a_pass_showing_less_than_openers_is_a_pass():
    _, state, step = play(G, THREE, [DEAL, passes(1, "check", "10H 10D 9C 4S 2H")])
    assert "Bob shows pair of tens, nine kicker: no openers" in step.ruling.summary
    assert "poker-jacks-trips/must-open" in step.ruling.rules
    assert state["opener"] is None
    assert state["round"]["turn"] == 2


def test_must_open_progressive_openers_queens_after_a_pass_out():
    # one hand nobody opened: queens now open, jacks pass
    again = [*PASSED_OUT, DEAL]
    _, _, step = play(G, THREE, [*again, passes(1, "check", "JH JD")], progressive=True)
    assert "no openers" in step.ruling.summary
    with pytest.raises(Refused, match="pair of queens or better") as err:
        play(G, THREE, [*again, passes(1, "check", "QH QD")], progressive=True)
    assert "poker-jacks-trips/rising-openers" in err.value.ruling.rules
    assert "poker-jacks-trips/must-open" in err.value.ruling.rules


def test_must_open_wild_cards_count_toward_openers():
    # progressive jackpot, first hand: twos wild, so a jack and a two are jacks
    with pytest.raises(Refused, match="must open") as err:
        play(G, THREE, [DEAL, passes(1, "check", "JH 2D")], progressive=True)
    assert "poker-jacks-trips/wild-cards" in err.value.ruling.rules
    _, state, _ = play(G, THREE, [DEAL, passes(1, "check", "JH 2D")])
    assert state["opener"] is None  # without the jackpot a two is a two


def test_rising_openers_jacks_do_not_open_when_queens_are_needed():
    events = [*PASSED_OUT, DEAL, opens(1, "JH JD")]
    with pytest.raises(Refused, match="pair of queens or better") as err:
        play(G, THREE, events, progressive=True)
    assert "poker-jacks-trips/rising-openers" in err.value.ruling.rules


def test_nobody_opens_the_last_player_in_may_not_fold_the_pot_away():
    with pytest.raises(Refused, match="last player in") as err:
        play(G, THREE, [DEAL, bet(1, "fold"), bet(2, "fold"), bet(0, "fold")])
    assert "poker-jacks-trips/nobody-opens" in err.value.ruling.rules


def test_deal_the_same_dealer_deals_again_after_nobody_opened():
    with pytest.raises(Refused, match="out of turn: it is Ann's") as err:
        play(G, THREE, [*PASSED_OUT, {**DEAL, "player": "Bob"}])
    assert err.value.ruling.rules[0] == "poker-jacks-trips/deal"
    _, state, _ = play(G, THREE, [*PASSED_OUT, {**DEAL, "player": "Ann"}])
    assert state["deal"] == 2


def test_showdown_a_player_who_folded_does_not_answer():
    folded = [DEAL, opens(1, "JH JD"), bet(2, "call"), bet(0, "fold")]
    folded += [*draws((1, 3), (2, 2)), *checks(1, 2)]
    with pytest.raises(Refused, match="out of turn") as err:
        play(G, THREE, [*folded, reveal(0, "AS AD AC 5H 3S")])
    assert err.value.ruling.rules == (
        "poker-jacks-trips/showdown",
        "poker-jacks-trips/order-of-play",
    )


def test_winner_a_player_who_revealed_does_not_show_for_low():
    revealed = [*TO_REVEAL, reveal(1, "9S 9H 9D 4C 2S"), reveal(2), reveal(0)]
    with pytest.raises(Refused, match="out of turn: it is Ann or Cy's") as err:
        play(G, THREE, [*revealed, low(1, "7C 5D 4H 3S AC")])
    assert err.value.ruling.rules[0] == "poker-jacks-trips/winner"


def test_nobody_reveals_betting_before_the_next_exchange_is_refused():
    none = [*TO_REVEAL, reveal(1), reveal(2), reveal(0)]
    with pytest.raises(Refused, match="Not now") as err:
        play(G, THREE, [*none, bet(1, "check")])
    assert "poker-jacks-trips/nobody-reveals" in err.value.ruling.rules


def test_every_breach_of_jacks_to_open_is_refused_or_answered_citing_its_rule():
    game = get(G)
    for breach in game.breaches:
        if breach.tool:
            answer = _tool(**breach.request)
            assert breach.rule in answer["rules"], breach.title
            continue
        ex = breach.example
        _, state, _ = play(G, list(ex.players), list(ex.setup), **ex.options)
        with pytest.raises(Refused) as err:
            game.step(state, ex.event)
        assert breach.rule in err.value.ruling.rules, breach.title


def _tool(**request) -> dict:
    game = get(G)
    tool = next(t for t in game.tools if t.name == "openers")
    return tool.run(parse_fields(tool.fields, request, None, game))


def test_openers_tool_a_pair_of_jacks_must_open():
    answer = _tool(cards="JH JD 9C 5S 3H")
    assert answer["verdict"] == "must open"
    assert answer["may_open"] is answer["must_open"] is True
    assert sorted(answer["openers"]) == ["JD", "JH"]
    assert answer["rules"][:2] == [
        "poker-jacks-trips/openers",
        "poker-jacks-trips/must-open",
    ]
    jsonschema.validate(answer, OPENERS_RESULT)


def test_openers_tool_tens_cannot_open_and_cite_no_duty():
    answer = _tool(cards="10H 10D 9C 5S 3H")
    assert answer["verdict"] == "cannot open"
    assert answer["openers"] == []
    assert "poker-jacks-trips/must-open" not in answer["rules"]


@pytest.mark.parametrize(
    ("cards", "needed", "verdict"),
    [
        ("QH QD 9C 5S 3H", "queens", "must open"),
        ("JH JD 9C 5S 3H", "queens", "cannot open"),
        ("KH KD 9C 5S 3H", "aces", "cannot open"),
        ("5H 5D 3C 3S 9H", "aces", "must open"),  # two pair beats any one pair
        ("9H 10D JC QS KH", "aces", "must open"),
    ],
)
def test_rising_openers_tool_the_pair_needed_now(cards, needed, verdict):
    answer = _tool(cards=cards, needed=needed)
    assert answer["verdict"] == verdict
    assert "poker-jacks-trips/rising-openers" in answer["rules"]


def test_wild_cards_tool_a_wild_counts_toward_openers():
    answer = _tool(cards="AH 4D 9C 7S 3H", wild="fours")
    assert answer["verdict"] == "must open"
    assert answer["hand"]["wilds"] == {"4D": "AS"}
    assert "poker-jacks-trips/wild-cards" in answer["rules"]
    assert _tool(cards="AH 4D 9C 7S 3H")["verdict"] == "cannot open"


def test_openers_tool_no_jokers_in_this_deck_and_no_card_twice():
    with pytest.raises(BadInput, match="not in a standard 52-card deck"):
        _tool(cards="JK AH 9C 7S 3H")
    with pytest.raises(BadInput, match="3S appears 2 times"):
        _tool(cards="3S 3S")


@settings(max_examples=40, deadline=None)
@given(
    st.permutations([f"{r}{s}" for s in "SHDC" for r in ("2", "7", "10", "J", "K")]),
    st.booleans(),
)
def test_must_open_the_calculator_and_the_referee_agree(deck, progressive):
    """A pass showing a hand is refused exactly when the calculator says it must
    open (progressive jackpot: twos wild in the first hand)."""
    cards = " ".join(deck[:5])
    answer = _tool(cards=cards, wild="twos" if progressive else "off")
    events = [DEAL, passes(1, "check", cards)]
    if answer["must_open"]:
        with pytest.raises(Refused, match="must open"):
            play(G, THREE, events, progressive=progressive)
        _, state, _ = play(
            G,
            THREE,
            [DEAL, opens(1, " ".join(answer["openers"]))],
            progressive=progressive,
        )
        assert state["opener"] == 1
    else:
        _, state, _ = play(G, THREE, events, progressive=progressive)
        assert state["round"]["turn"] == 2


@settings(max_examples=25, deadline=None)
@given(st.lists(st.booleans(), max_size=4), st.data())
def test_naming_the_dealer_never_changes_the_deal(hands, data):
    """After hands won (the deal passes) or passed out (the same dealer deals
    again), naming the dealer is the same as naming nobody; anyone else: refused."""
    events: list[dict] = []
    dealer = 0
    for won in hands:
        first = (dealer + 1) % 3
        if won:  # the dealer's left opens and the others fold
            events += [DEAL, opens(first, "AS AH")]
            events += [bet((first + 1) % 3, "fold"), bet((first + 2) % 3, "fold")]
            dealer = first
        else:
            events += [DEAL, *checks(first, (first + 1) % 3, (first + 2) % 3)]
    game, state, _ = play(G, THREE, events)
    assert state["dealer"] == dealer
    plain = game.step(state, DEAL)
    named = game.step(state, {**DEAL, "player": THREE[dealer]})
    assert named.ruling == plain.ruling
    assert named.state == plain.state
    other = data.draw(st.sampled_from([s for s in range(3) if s != dealer]))
    with pytest.raises(Refused, match="out of turn") as err:
        game.step(state, {**DEAL, "player": other})
    assert "poker-jacks-trips/deal" in err.value.ruling.rules


def test_hands_won_counts_a_player_who_took_the_whole_pot():
    # Issue 26: "Hands won" stayed 0 for a player who took the whole pot (the count
    # was the jackpot's tally, kept only with the progressive option).
    won = _jackpot_hand(1, 0)
    game, state, step = play(G, THREE, won)
    assert step.ruling.verdict == Verdict.WIN
    assert game.view(state)["detail"]["hands_won"] == {"Ann": 0, "Bob": 1, "Cy": 0}
    split = [
        *TO_REVEAL,
        reveal(1, "9S 9H 9D 4C 2S"),
        reveal(2),
        reveal(0),
        low(2, "7C 5D 4H 3S AC"),
        low(0),
    ]
    game, state, _ = play(G, THREE, split)
    assert game.view(state)["detail"]["hands_won"] == {"Ann": 0, "Bob": 1, "Cy": 1}


def test_hands_won_a_progressive_jackpot_keeps_every_hand_won():
    events = _jackpot_hand(1, 0) + _jackpot_hand(1, 1) + _jackpot_hand(1, 2)
    game, state, step = play(G, THREE, events, progressive=True)
    assert "the jackpot is won" in step.ruling.summary
    detail = game.view(state)["detail"]
    assert detail["hands_won"]["Bob"] == 3
    assert detail["hand_wins"]["Bob"] == 0  # a new jackpot: its tally starts again
