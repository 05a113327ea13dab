"""Liar's dice: each rule of its rulebook, the hand ranking, a whole game."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import rulebook
from referee.games import get
from referee.games import liars_dice
from referee.games.liars_dice import hands
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict

GAME = get("liars-dice")
FACE = st.sampled_from(hands.FACES)
FIVE = st.lists(FACE, min_size=5, max_size=5)


def new(players=("Ann", "Bob", "Cy"), **options):
    return GAME.start(GAME.new_setup(list(players), options))


def play(state, *events):
    """Apply events in turn; the last step."""
    step = None
    for event in events:
        step = GAME.step(state, event)
        state = step.state
    return step


def claim(player, text, **extra):
    return {"type": "claim", "player": player, "claim": text, **extra}


def accept(player):
    return {"type": "accept", "player": player}


def call(player, dice=None):
    return {"type": "call", "player": player, **({"dice": dice} if dice else {})}


def rank(text, straights=True):
    return hands.hand(hands.parse_dice(text), straights=straights)


# --- claim notation ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("K K J J 10", "K K J J 10"),
        ("k j k 10 j", "K K J J 10"),
        ("K,K,J,J,T", "K K J J 10"),
        ("two kings two jacks ten", "K K J J 10"),
        ("Two Kings, Two Jacks and a ten", "K K J J 10"),
        ("two pair kings and jacks, ten", "K K J J 10"),
        ("a pair of aces king queen jack", "A A K Q J"),
        ("three queens with an ace and a ten", "Q Q Q A 10"),
        ("four kings a 9", "K K K K 9"),
        ("kings full of nines", "K K K 9 9"),
        ("full house aces over tens", "A A A 10 10"),
        ("high straight", "A K Q J 10"),
        ("low straight", "K Q J 10 9"),
        ("five aces", "A A A A A"),
        ("A A A 9 9", "A A A 9 9"),
        ("K K J J A", "K K J J A"),
        ("2 kings 2 jacks 10s", "K K J J 10"),
        ("jacks over nines", "J J J 9 9"),
        ("kkjj10", "K K J J 10"),  # run together
        ("AAA99", "A A A 9 9"),
    ],
)
def test_claim_is_typed_as_faces_or_words(typed, canonical):
    assert hands.parse_claim(typed).text == canonical


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("K K J J", "A claim is 5 dice; 'K K J J' reads as 4"),
        ("K K J J 10 A", "reads as 6"),
        ("K K 8 J J", "'8' is not a poker die face"),
        ("two kings two", "'two' is not a poker die face"),
        ("straight", "Which straight?"),
        ("", "reads as 0"),
    ],
)
def test_claim_names_five_dice_anything_else_is_bad_input(typed, message):
    with pytest.raises(BadInput, match=message):
        hands.parse_claim(typed)


# --- ranking ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("A A A A A", "K K K K K"),  # five of a kind: five aces on top
        ("9 9 9 9 9", "A A A A K"),  # five of a kind over four
        ("9 9 9 9 10", "A A A K K"),  # four of a kind over a full house
        ("9 9 9 10 10", "A K Q J 10"),  # full house over a straight
        ("A K Q J 10", "K Q J 10 9"),  # the high straight over the low
        ("K Q J 10 9", "A A A K Q"),  # a straight over three of a kind
        ("9 9 9 10 J", "A A K K Q"),  # three of a kind over two pair
        ("K K J J 10", "K K 10 10 A"),  # the second pair decides
        ("K K J J A", "K K J J Q"),  # then the odd die
        ("9 9 10 10 J", "A A K Q J"),  # two pair over a pair
        ("9 9 10 J Q", "A K Q J 9"),  # a pair over no pair
        ("A K Q J 9", "A Q J 10 9"),  # no pair: die by die
        ("K K K 9 9", "Q Q Q A A"),  # full house: the three decide
    ],
)
def test_ranking_follows_poker_without_suits(higher, lower):
    assert rank(higher).beats(rank(lower))
    assert not rank(lower).beats(rank(higher))


def test_ranking_five_aces_top_and_a_q_j_10_9_bottom():
    assert hands.all_hands()[-1].text == "A A A A A"
    assert hands.all_hands()[0].text == "A Q J 10 9"
    assert len(hands.all_hands()) == 252  # every multiset of five faces of six


def test_straights_off_makes_them_no_pair():
    assert rank("K Q J 10 9", straights=False).category_name == "no pair"
    assert rank("A A A K Q", straights=False).beats(rank("A K Q J 10", False))
    assert hands.all_hands(False)[0].text == "K Q J 10 9"


@given(FIVE, FIVE, st.booleans())
@settings(max_examples=150, deadline=None)
def test_ranking_is_a_strict_total_order_on_different_dice(a, b, straights):
    x, y = hands.hand(a, straights=straights), hands.hand(b, straights=straights)
    if Counter(a) == Counter(b):
        assert not x.beats(y)
        assert not y.beats(x)
    else:
        assert x.beats(y) != y.beats(x)  # exactly one is higher


def test_ranking_order_runs_one_to_252_and_lowest_beating_is_the_next():
    for straights in (True, False):
        ladder = hands.all_hands(straights)
        assert [hands.order(h, straights=straights) for h in ladder] == list(
            range(1, 253)
        )
        for low, high in pairwise(ladder):
            assert high.beats(low)
            assert hands.lowest_beating(low, straights=straights) == high
        assert hands.lowest_beating(ladder[-1], straights=straights) is None


@given(FIVE)
@settings(max_examples=60, deadline=None)
def test_claim_words_round_trip_through_the_name(faces):
    h = hands.hand(faces)
    said = hands.name(h).split("(")[0].split(":")[-1]  # "no pair, ace high: A K…"
    assert hands.parse_claim(said).dice == h.dice
    assert hands.parse_claim(h.text).dice == h.dice


# --- the box, direction and turns ---------------------------------------------------


def test_the_box_opening_claim_goes_left_by_default():
    step = play(new(), claim("Ann", "K K J J 10"))
    board = GAME.view(step.state)
    assert board["turn"] == "Bob"
    assert board["expects"] == ["accept", "call"]
    assert "liars-dice/the-box" in step.ruling.rules


def test_direction_right_goes_to_the_previous_player():
    step = play(new(), claim("Ann", "K K J J 10", direction="right"))
    assert GAME.view(step.state)["turn"] == "Cy"


def test_direction_stays_for_the_whole_box():
    state = play(
        new(), claim("Ann", "K K J J 10", direction="right"), accept("Cy")
    ).state
    with pytest.raises(Refused, match="travels right") as err:
        play(state, claim("Cy", "K K J J A", direction="left"))
    assert err.value.ruling.rules == ("liars-dice/direction",)
    step = play(state, claim("Cy", "K K J J A"))
    assert GAME.view(step.state)["turn"] == "Bob"


def test_the_box_opening_claim_cannot_have_dice_face_up():
    with pytest.raises(Refused, match="none can be face up") as err:
        play(new(), claim("Ann", "K K J J 10", shown="K K"))
    assert "liars-dice/face-up" in err.value.ruling.rules


@pytest.mark.parametrize(
    ("events", "rules"),
    [
        ([claim("Bob", "K K J J 10")], "liars-dice/turn"),
        ([claim("Ann", "K K J J 10"), accept("Cy")], "liars-dice/turn"),
        ([claim("Ann", "K K J J 10"), call("Cy")], "liars-dice/turn"),
        ([accept("Bob")], "liars-dice/claim"),
        ([claim("Ann", "K K J J 10"), claim("Ann", "A A A A A")], "liars-dice/turn"),
        ([{"type": "open", "dice": "K K J J 10"}], "liars-dice/call"),
    ],
)
def test_turn_only_the_holder_claims_and_only_the_receiver_answers(events, rules):
    state = new()
    with pytest.raises(Refused) as err:
        play(state, *events)
    assert rules in err.value.ruling.rules


def test_turn_a_move_without_a_player_is_the_holders_or_the_receivers():
    step = play(
        new(),
        {"type": "claim", "claim": "K K J J 10"},
        {"type": "accept"},
        {"type": "claim", "claim": "K K K 9 9"},
        {"type": "call", "dice": "K K K 9 9"},
    )
    box = GAME.view(step.state)["detail"]["last_box"]
    assert (box["passer"], box["caller"]) == ("Bob", "Cy")


def test_turn_only_the_caller_opens_the_box():
    state = play(new(), claim("Ann", "K K J J 10"), call("Bob")).state
    with pytest.raises(Refused, match="out of turn: it is Bob's") as err:
        play(state, {"type": "open", "player": "Ann", "dice": "K K J J 10"})
    assert {"liars-dice/turn", "liars-dice/call"} <= set(err.value.ruling.rules)
    step = play(state, {"type": "open", "player": "Bob", "dice": "K K J J 10"})
    assert step.ruling.score == {"Bob": -1}


def test_turn_an_out_of_turn_accept_of_five_aces_is_refused_citing_the_turn():
    state = play(new(), claim("Ann", "five aces")).state
    with pytest.raises(Refused) as err:
        play(state, accept("Cy"))
    assert "liars-dice/turn" in err.value.ruling.rules


# --- beat the claim -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("last", "again", "words"),
    [
        ("K K J J 10", "K K J J 10", "repeats Ann's K K J J 10"),
        ("Q Q Q 9 10", "A A K K J", "does not beat"),
        ("K K J J 10", "A A K Q J", "does not beat"),
        ("A K Q J 10", "K Q J 10 9", "does not beat"),
    ],
)
def test_beat_the_claim_an_equal_or_lower_claim_is_refused_naming_the_last(
    last, again, words
):
    state = play(new(), claim("Ann", last), accept("Bob")).state
    with pytest.raises(Refused, match=words) as err:
        play(state, claim("Bob", again))
    ruling = err.value.ruling
    assert ruling.verdict == Verdict.ILLEGAL
    assert ruling.rules[:2] == ("liars-dice/beat-the-claim", "liars-dice/ranking")
    above = hands.lowest_beating(rank(last))
    assert f"the lowest claim that beats it is {above.text}" in ruling.summary
    assert f"Ann's {rank(last).text}" in ruling.summary


def test_beat_the_claim_straights_option_decides_straight_against_trips():
    events = (claim("Ann", "A A A K Q"), accept("Bob"), claim("Bob", "K Q J 10 9"))
    step = play(new(), *events)
    assert "liars-dice/straights" in step.ruling.rules
    assert step.ruling.options == ("straights",)
    with pytest.raises(Refused) as err:
        play(new(straights=False), *events)
    assert err.value.ruling.options == ("straights",)


# --- accept, face up, five aces -------------------------------------------------------


def test_accept_hands_the_box_over_to_pass_a_higher_claim():
    step = play(new(), claim("Ann", "K K J J 10"), accept("Bob"))
    board = GAME.view(step.state)
    assert board["turn"] == "Bob"
    assert board["expects"] == ["claim"]
    assert board["detail"]["to_beat"]["dice"] == "K K J J Q"
    assert "at least K K J J Q" in step.ruling.summary


def test_face_up_dice_are_shown_with_the_claim_and_must_be_in_the_box():
    state = play(
        new(),
        claim("Ann", "K K J J 10"),
        accept("Bob"),
        claim("Bob", "K K K 9 9", shown="k k"),
    ).state
    assert GAME.view(state)["detail"]["face_up"] == "K K"
    state = play(state, call("Cy")).state
    with pytest.raises(BadInput, match="K K lay face up") as err:
        play(state, {"type": "open", "dice": "Q Q J J 10"})
    assert err.value.field == "dice"


def test_face_up_dice_left_out_of_the_claim_are_allowed_with_a_warning():
    step = play(
        new(),
        claim("Ann", "K K J J 10"),
        accept("Bob"),
        claim("Bob", "A A A 9 9", shown="Q"),
    )
    assert "a call wins" in step.ruling.summary


def test_top_claim_five_aces_can_only_be_called():
    state = play(new(), claim("Ann", "five aces")).state
    assert GAME.view(state)["expects"] == ["call"]
    with pytest.raises(Refused, match="Nothing beats") as err:
        play(state, accept("Bob"))
    assert err.value.ruling.rules[0] == "liars-dice/top-claim"


# --- the call and the truth ---------------------------------------------------------


@pytest.mark.parametrize(
    ("truth", "box", "loser"),
    [
        ("exact", "K K J J 10", "Bob"),  # the claim is there: the caller pays
        ("exact", "10 J K J K", "Bob"),  # in any order
        ("exact", "K K J J A", "Ann"),  # more than claimed is not the claim
        ("exact", "K K J 10 9", "Ann"),
        ("at-least", "K K J J A", "Bob"),  # at least as good: true
        ("at-least", "K K J J 10", "Bob"),
        ("at-least", "K K J J 9", "Ann"),
    ],
)
def test_call_true_claim_costs_the_caller_a_false_one_the_passer(truth, box, loser):
    state = play(
        new(truth=truth, bets=2), claim("Ann", "K K J J 10"), call("Bob")
    ).state
    step = play(state, {"type": "open", "dice": box})
    board = GAME.view(step.state)
    lost = {s["name"]: s["lost"] for s in board["sides"]}
    assert lost == {"Ann": int(loser == "Ann"), "Bob": int(loser == "Bob"), "Cy": 0}
    assert step.ruling.score == {loser: -1}
    assert step.ruling.penalties[0].side == loser
    assert {"liars-dice/call", "liars-dice/truth"} <= set(step.ruling.rules)
    assert board["detail"]["last_box"]["dice"] == hands.parse_claim(box).text


def test_truth_option_is_named_when_it_decided_the_call():
    state = play(new(), claim("Ann", "K K J J 10"), call("Bob")).state
    step = play(state, {"type": "open", "dice": "K K J J A"})
    assert "truth" in step.ruling.options


def test_truth_at_least_a_call_is_judged_by_the_ranking_and_cites_it():
    # A high straight ranks over three aces: under "at-least" that makes it true.
    state = new(truth="at-least")
    step = play(state, claim("Ann", "A A A K Q"), call("Bob", "A K Q J 10"))
    assert step.ruling.score == {"Bob": -1}
    assert {"liars-dice/ranking", "liars-dice/straights"} <= set(step.ruling.rules)
    assert {"truth", "straights"} <= set(step.ruling.options)


def test_call_with_the_dice_judges_at_once():
    step = play(new(), claim("Ann", "K K J J 10"), call("Bob", "K K J 10 9"))
    assert step.ruling.score == {"Ann": -1}
    assert step.ruling.summary.startswith("Bob calls Ann's K K J J 10")


# --- restart, bets, winner ----------------------------------------------------------


def test_restart_the_loser_starts_the_next_box():
    step = play(new(), claim("Ann", "K K J J 10"), call("Bob", "K K J J 10"))
    board = GAME.view(step.state)
    assert board["detail"]["box"] == 2
    assert board["turn"] == "Bob"
    assert board["detail"]["claims"] == []
    assert "liars-dice/restart" in step.ruling.rules


def test_restart_a_claim_from_anyone_but_the_loser_is_refused_citing_restart():
    state = play(new(), claim("Ann", "K K J J 10"), call("Bob", "K K J 10 9")).state
    with pytest.raises(Refused, match="out of turn: it is Ann's") as err:
        play(state, claim("Bob", "A A A 9 9"))
    assert {"liars-dice/turn", "liars-dice/restart"} <= set(err.value.ruling.rules)


def test_bets_by_default_nobody_drops_out_and_the_loser_may_lose_again():
    step = play(
        new(),
        claim("Ann", "K K J J 10"),
        call("Bob", "K K J 10 9"),  # false: Ann loses
        claim("Ann", "A A A 9 9"),
        call("Bob", "A K Q J 9"),  # false again: Ann loses her second
    )
    board = GAME.view(step.state)
    assert step.ruling.verdict == Verdict.OK
    assert [(s["name"], s["score"], s["lost"], s["out"]) for s in board["sides"]] == [
        ("Ann", -2, 2, False),
        ("Bob", 0, 0, False),
        ("Cy", 0, 0, False),
    ]
    assert board["turn"] == "Ann"  # the loser starts box 3
    assert board["detail"]["out"] == []
    assert board["detail"]["yet_to_lose"] == ["Bob", "Cy"]
    assert "Yet to lose a bet: Bob and Cy." in step.ruling.summary
    assert "bets" not in step.ruling.options  # the text's reading, no option


def test_winner_the_game_ends_when_every_player_has_lost_a_bet_fewest_lost_wins():
    step = play(
        new(("Ann", "Bob")),
        claim("Ann", "K K J J 10"),
        call("Bob", "K K J 10 9"),  # Ann loses one
        claim("Ann", "A A A 9 9"),
        call("Bob", "A K Q J 9"),  # Ann loses two
        claim("Ann", "Q Q 9 9 10"),
        call("Bob", "Q Q 9 9 10"),  # true: Bob loses his first, so all have lost
    )
    board = GAME.view(step.state)
    assert step.ruling.verdict == Verdict.WIN
    assert "liars-dice/winner" in step.ruling.rules
    assert board["over"]
    assert board["expects"] == []
    assert board["winner"] == "Bob"
    assert "Bob wins, having lost the fewest (one bet)" in step.ruling.summary
    with pytest.raises(Refused) as err:
        play(step.state, claim("Bob", "five aces"))
    assert err.value.ruling.rules == ("liars-dice/winner",)


def test_winner_players_tied_on_fewest_bets_lost_share_the_win():
    step = play(
        new(("Ann", "Bob")),
        claim("Ann", "K K J J 10"),
        call("Bob", "K K J 10 9"),  # Ann loses one
        claim("Ann", "A A A 9 9"),
        call("Bob", "A A A 9 9"),  # Bob loses one: one each
    )
    board = GAME.view(step.state)
    assert step.ruling.verdict == Verdict.WIN
    assert board["over"]
    assert board["phase"] == "over"
    assert board["winner"] is None  # no single winner: shared
    assert (
        "Ann and Bob lost the fewest (one bet each) and share the win"
        in (board["prompt"])
    )


def test_bets_option_when_the_loser_is_out_the_next_player_that_way_starts():
    step = play(
        new(("Ann", "Bob", "Cy", "Dee"), bets=1),
        claim("Ann", "K K J J 10", direction="right"),
        call("Dee", "K K J J 10"),
    )
    board = GAME.view(step.state)
    assert board["detail"]["out"] == ["Dee"]
    assert board["turn"] == "Cy"  # Dee's right
    assert "Cy starts box 2, the next player still in to Dee's right" in (
        step.ruling.summary
    )
    assert "bets" in step.ruling.options


def test_bets_option_a_player_out_is_skipped_by_the_box_and_cannot_act():
    state = play(
        new(bets=1), claim("Ann", "K K J J 10"), call("Bob", "K K J J 10")
    ).state
    assert GAME.view(state)["turn"] == "Cy"  # Bob lost his one bet: Cy starts
    state = play(state, claim("Cy", "9 9 10 J Q", direction="right")).state
    assert GAME.view(state)["turn"] == "Ann"
    with pytest.raises(Refused, match="out of turn") as err:
        play(state, accept("Bob"))
    assert {"liars-dice/turn", "liars-dice/bets"} <= set(err.value.ruling.rules)


def test_bets_option_gives_more_lives():
    state = new(bets=3)
    step = play(state, claim("Ann", "K K J J 10"), call("Bob", "K K J J 10"))
    side = next(s for s in GAME.view(step.state)["sides"] if s["name"] == "Bob")
    assert side == {"name": "Bob", "score": 2, "lost": 1, "out": False}
    assert "bets" in step.ruling.options


def test_winner_with_the_bets_option_is_the_last_player_with_a_bet():
    state = play(
        new(bets=1), claim("Ann", "K K J J 10"), call("Bob", "K K J J 10")
    ).state
    step = play(state, claim("Cy", "9 9 10 J Q"), call("Ann", "A A A A A"))
    assert step.ruling.verdict == Verdict.WIN
    board = GAME.view(step.state)
    assert board["winner"] == "Ann"
    assert board["over"]
    assert board["expects"] == []
    with pytest.raises(Refused) as err:
        play(step.state, claim("Ann", "five aces"))
    assert err.value.ruling.rules == ("liars-dice/winner",)


# --- invariants ---------------------------------------------------------------------


def test_every_cited_rule_comes_from_the_rulebook_handle():
    # the engine takes its ids from its rulebook handle, which checks them at import
    cited = liars_dice.CITE.cited
    assert {"liars-dice/call", "liars-dice/winner", "liars-dice/straights"} <= cited
    assert cited <= {r.id for r in rulebook.books()["liars-dice"].rules}
    with pytest.raises(LookupError, match="no rule 'not-a-rule'"):
        liars_dice.CITE("not-a-rule")


@st.composite
def games(draw):
    """A random game: careful players, each claim random, refused ones skipped."""
    players = draw(st.sampled_from([("Ann", "Bob"), ("Ann", "Bob", "Cy", "Dee")]))
    state = new(players, bets=draw(st.integers(0, 2)), straights=draw(st.booleans()))
    events = []
    for _ in range(draw(st.integers(1, 30))):
        board = GAME.view(state)
        if board["over"]:
            break
        who = board["turn"]
        move = draw(st.sampled_from(board["expects"]))
        above = board["detail"]["to_beat"]
        if move == "claim" and above and draw(st.booleans()):
            # a claim that should be taken: anything from the lowest that beats
            ladder = hands.all_hands(state["options"]["straights"])
            event = claim(who, draw(st.sampled_from(ladder[above["order"] - 1 :])).text)
        elif move == "claim":
            event = claim(who, " ".join(draw(FIVE)))
        elif move == "accept":
            event = accept(who)
        elif move == "call":
            event = call(who, " ".join(draw(FIVE)) if draw(st.booleans()) else None)
        else:
            event = {"type": "open", "dice": " ".join(draw(FIVE))}
        try:
            state = GAME.step(state, event).state
        except (Refused, BadInput):
            continue
        events.append(event)
    return players, state, events


@given(games())
@settings(max_examples=40, deadline=None)
def test_every_accepted_claim_beats_the_one_before_and_replay_is_the_state(game):
    players, state, events = game
    replayed = new(players, **state["options"])
    for event in events:
        replayed = GAME.step(replayed, event).state
    assert replayed == state
    boxes = [b["claims"] for b in state["boxes"]]
    for claims in [*boxes, GAME.view(state)["detail"]["claims"]]:
        orders = [c["order"] for c in claims]
        assert all(a < b for a, b in pairwise(orders))  # strictly climbing
    bets = state["options"]["bets"] or len(state["boxes"])  # 0: nobody drops out
    assert sum(state["lost"]) == len(state["boxes"])
    assert all(0 <= n <= bets for n in state["lost"])


@given(games())
@settings(max_examples=30, deadline=None)
def test_turn_naming_the_player_in_turn_rules_as_naming_nobody(game):
    players, state, events = game
    named = unnamed = new(players, **state["options"])
    for event in events:
        with_player = GAME.step(named, event)
        without = GAME.step(unnamed, {k: v for k, v in event.items() if k != "player"})
        assert with_player.ruling == without.ruling
        named, unnamed = with_player.state, without.state
    assert named == unnamed == state


# --- a whole game -------------------------------------------------------------------


def test_a_whole_game_of_three_players_with_the_bets_option_at_two():
    state = new(("Ann", "Bob", "Cy"), bets=2)
    transcript = [
        (claim("Ann", "two kings two jacks ten"), "ok"),
        (accept("Bob"), "ok"),
        (claim("Bob", "kings full of jacks", shown="K K"), "ok"),
        (call("Cy"), "ok"),
        ({"type": "open", "dice": "K K J J 10"}, "ok"),  # false: Bob loses one
        (claim("Bob", "pair of nines ace king queen", direction="right"), "ok"),
        (accept("Ann"), "ok"),
        (claim("Ann", "three queens ace king"), "ok"),
        (call("Cy", "Q Q Q A K"), "ok"),  # true: Cy loses one
        (claim("Cy", "high straight"), "ok"),
        (call("Ann", "A K Q J 9"), "ok"),  # false: Cy out
        (claim("Ann", "five nines"), "ok"),  # Cy is out: to Bob
        (call("Bob", "9 9 9 9 9"), "win"),  # true: Bob out, Ann wins
    ]
    for event, verdict in transcript:
        step = GAME.step(state, event)
        assert step.ruling.verdict == verdict, step.ruling.summary
        state = step.state
    board = GAME.view(state)
    assert board["winner"] == "Ann"
    assert [(s["name"], s["score"]) for s in board["sides"]] == [
        ("Ann", 2),
        ("Bob", 0),
        ("Cy", 0),
    ]
    assert [b["loser"] for b in board["detail"]["boxes"]] == ["Bob", "Cy", "Cy", "Bob"]


# --- the calculators ----------------------------------------------------------------


def test_beats_tool_answers_and_gives_the_lowest_claim_that_beats():
    tool = next(t for t in GAME.tools if t.name == "beats")
    answer = tool.run({"claim": "K K J J 10", "last": "two kings two jacks queen"})
    assert answer["beats"] is False
    assert answer["lowest_beating"]["dice"] == "K K J J A"
    assert answer["last"]["name"] == "two kings, two jacks and a queen"
    answer = tool.run({"claim": "A A A A A", "last": "K K K K K"})
    assert answer["beats"] is True
    answer = tool.run({"claim": "K K K K K", "last": "A A A A A"})
    assert answer["lowest_beating"] is None
    with pytest.raises(BadInput) as err:
        tool.run({"claim": "K K J J 10", "last": "K K 8"})
    assert err.value.field == "last"


def test_beats_tool_cites_its_rules_and_the_top_claim_when_nothing_beats():
    tool = next(t for t in GAME.tools if t.name == "beats")
    answer = tool.run({"claim": "A A A A K", "last": "five aces"})
    assert answer["beats"] is False
    assert answer["lowest_beating"] is None
    assert answer["rules"] == [
        "liars-dice/beat-the-claim",
        "liars-dice/ranking",
        "liars-dice/top-claim",
    ]
    assert "Nothing beats it" in answer["summary"]


def test_straights_off_a_run_is_named_no_pair_citing_the_rule_and_the_option():
    state = new(straights=False)
    step = play(state, claim("Ann", "10 J Q K A"))
    assert "liars-dice/straights" in step.ruling.rules
    assert step.ruling.options == ("straights",)
    step = play(step.state, call("Bob", "10 J Q K A"))
    assert "liars-dice/straights" in step.ruling.rules
    assert "straights" in step.ruling.options
    assert len(step.ruling.rules) == len(set(step.ruling.rules))


def test_beats_tool_cites_the_straights_rule_when_straights_are_off():
    tool = next(t for t in GAME.tools if t.name == "beats")
    answer = tool.run({"claim": "9 10 J Q K", "last": "A A A K Q", "straights": False})
    assert answer["beats"] is False
    assert "liars-dice/straights" in answer["rules"]


def test_rank_tool_ranks_best_first():
    tool = next(t for t in GAME.tools if t.name == "rank")
    answer = tool.run({"claims": "K K J J 10; A A A 9 9; high straight; K K J J 10"})
    assert [r["dice"] for r in answer["ranked"]] == [
        "A A A 9 9",
        "A K Q J 10",
        "K K J J 10",
        "K K J J 10",
    ]
    assert [r["place"] for r in answer["ranked"]] == [1, 2, 3, 3]
    answer = tool.run({"claims": "A K Q J 10 A A A K Q", "straights": False})
    assert [r["dice"] for r in answer["ranked"]] == ["A A A K Q", "A K Q J 10"]
