"""Canasta turns: the deal, then each turn draw (stock or pile), melds, discard,
clockwise from the dealer's left (rule canasta/turn), and the two readings the turns
settle: a concealed going out after taking the pile, and a partner's "no"."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import get
from referee.games.canasta import turns as canasta_turns
from referee.games.canasta.events import ASK_OUT
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused

GAME = get("canasta")
FOUR = ["Ann", "Bob", "Cy", "Di"]
TURN = "canasta/turn"
DEAL = {"type": "deal", "upcard": "9S"}
CANASTA = "8S 8H 8D 8C 8S 8H JK"


def new(**options: object) -> dict:
    return GAME.start(GAME.new_setup(FOUR, options))


def play(events, state=None, **options):
    state = state or new(**options)
    for e in events:
        state = GAME.step(state, e).state
    return state


def draw(seat):
    return {"type": "draw", "player": seat}


def discard(seat, card="10D"):
    return {"type": "discard", "player": seat, "card": card}


def ask(seat, answer):
    return {"type": "ask_out", "player": seat, "answer": answer}


def refusal(state, event) -> Refused:
    """The event is refused and the state is left exactly as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(Refused) as err:
        GAME.step(state, event)
    assert state == before
    return err.value


def turn_of(state):
    turn = GAME.view(state)["detail"]["turn"]
    return turn and {k: turn[k] for k in ("player", "step")}


# One well-formed example of every player action, for the seat given.
def action(kind, seat):
    return {
        "draw": draw(seat),
        "take_pile": {
            "type": "take_pile",
            "player": seat,
            "top": "9S",
            "cards": "9H 9D",
        },
        "ask_out": ask(seat, False),
        "stock_out": {"type": "stock_out", "player": seat},
        "meld": {"type": "meld", "player": seat, "cards": "AS AH AD"},
        "red_three": {"type": "red_three", "player": seat, "cards": "3H"},
        "discard": discard(seat),
        "go_out": {"type": "go_out", "player": seat, "cards": CANASTA, "discard": "9C"},
    }[kind]


PLAYER_ACTIONS = list(canasta_turns.PLAYER_EVENTS)


# --- the deal and the first turn ------------------------------------------------------


@pytest.mark.parametrize("kind", PLAYER_ACTIONS)
@pytest.mark.parametrize("seat", range(4))
def test_turn_no_action_before_the_deal(kind, seat):
    err = refusal(new(), action(kind, seat))
    assert err.ruling.rules == (TURN, "canasta/deal")
    assert "has not been dealt" in err.ruling.summary


def test_turn_before_the_deal_the_referee_expects_the_deal_or_results_alone():
    view = GAME.view(new())
    assert view["expects"] == ["deal", "hand_counts", "hand_cards"]
    assert view["turn"] is None


def test_turn_the_player_on_the_dealers_left_plays_first_and_turns_go_clockwise():
    state = play([DEAL])
    assert turn_of(state) == {"player": "Bob", "step": "draw"}
    assert GAME.view(state)["turn"] == "Bob"
    assert "Bob draws from the stock or takes the pile" in GAME.view(state)["prompt"]
    seen = []
    for seat in (1, 2, 3, 0, 1):
        state = play([draw(seat)], state)
        assert turn_of(state) == {"player": FOUR[seat], "step": "play"}
        state = play([discard(seat)], state)
        seen.append(turn_of(state)["player"])
    assert seen == ["Cy", "Di", "Ann", "Bob", "Cy"]


def test_turn_the_second_hand_starts_left_of_the_second_dealer():
    state = play(
        [
            {
                "type": "hand_counts",
                "side": s,
                "natural_canastas": 0,
                "mixed_canastas": 0,
                "meld_points": 0,
                "hand_points": 0,
            }
            for s in (0, 1)
        ]
    )
    state = play([DEAL], state)
    assert turn_of(state)["player"] == "Cy"  # Bob dealt hand 2


# --- out of turn, every action kind --------------------------------------------------


@pytest.mark.parametrize("kind", PLAYER_ACTIONS)
def test_turn_out_of_turn_is_refused_for_each_action_kind(kind):
    # Bob's turn, in the step where the action would be in order for him
    state = play([DEAL] if kind in canasta_turns.DRAW_STEP else [DEAL, draw(1)])
    if kind == "red_three":
        state = play([DEAL, draw(1)])  # past the first draw: dealt threes are done
    for seat in (0, 2, 3):
        err = refusal(state, action(kind, seat))
        assert err.ruling.rules[0] == TURN
        # the uniform refusal of an event naming someone else (Game.turn_rule)
        assert f"by {FOUR[seat]} is out of turn: it is Bob's to do now." in (
            err.ruling.summary
        )


def test_turn_the_findings_39_rotating_ask_outs_are_refused():
    # the finding: 39 "may I go out?" from rotating seats on a match with no deal
    state = new()
    for i in range(39):
        refusal(state, ask(i % 4, i % 2 == 0))
    state = play([DEAL])
    state = play([ask(1, True)], state)  # Bob's own question, before his draw
    for i in range(39):
        assert TURN in refusal(state, ask(i % 4, i % 2 == 0)).ruling.rules


# --- out of the turn's order ---------------------------------------------------------


@pytest.mark.parametrize("kind", ["meld", "discard", "go_out"])
def test_turn_melding_or_discarding_or_going_out_before_drawing_is_refused(kind):
    err = refusal(play([DEAL]), action(kind, 1))
    assert err.ruling.rules == (TURN,)
    assert "Bob has not drawn yet" in err.ruling.summary


def test_turn_a_drawn_red_three_is_laid_out_after_the_draw_not_before():
    state = play([DEAL, draw(1), discard(1)])
    err = refusal(state, action("red_three", 2))
    assert "Cy has not drawn yet" in err.ruling.summary
    play([draw(2), action("red_three", 2)], state)


def test_turn_dealt_red_threes_by_anyone_before_the_first_draw():
    state = play([DEAL, action("red_three", 3), action("red_three", 0)])
    assert GAME.view(state)["detail"]["red_threes"] == {
        "Ann & Cy": ["3H"],
        "Bob & Di": ["3H"],
    }
    state = play([draw(1)], state)
    assert refusal(state, action("red_three", 3)).ruling.rules == (TURN,)


@pytest.mark.parametrize("second", ["draw", "take_pile", "stock_out"])
def test_turn_one_draw_a_turn(second):
    state = play([DEAL, draw(1)])
    err = refusal(state, action(second, 1))
    assert err.ruling.rules == (TURN,)
    assert "Bob has drawn from the stock this turn already" in err.ruling.summary


def test_turn_after_taking_the_pile_no_second_draw():
    aces = {"type": "take_pile", "player": 1, "top": "AS", "cards": "AH AD"}
    state = play([{"type": "deal", "upcard": "AS"}, aces])
    assert turn_of(state) == {"player": "Bob", "step": "play"}
    err = refusal(state, draw(1))
    assert "Bob has taken the pile this turn already" in err.ruling.summary


def test_turn_discarding_twice_is_refused():
    state = play([DEAL, draw(1), discard(1, "9C")])
    err = refusal(state, discard(1, "4C"))
    assert err.ruling.rules == (TURN,)
    assert "It is Cy's turn, not Bob's" in err.ruling.summary


def test_turn_results_are_refused_while_a_followed_hand_is_in_play():
    state = play([DEAL, draw(1)])
    counts = {
        "type": "hand_counts",
        "side": 0,
        "natural_canastas": 0,
        "mixed_canastas": 0,
        "meld_points": 0,
        "hand_points": 0,
    }
    err = refusal(state, counts)
    assert err.ruling.rules == (TURN, "canasta/hand-score")
    assert "Bob melds and discards" in err.ruling.summary


def test_turn_the_deal_twice_is_refused():
    assert refusal(play([DEAL]), DEAL).ruling.rules == ("canasta/deal",)


# --- the pile the referee keeps ------------------------------------------------------


def test_taking_the_pile_names_the_top_the_referee_keeps():
    state = play([DEAL, draw(1), discard(1, "KC")])
    assert GAME.view(state)["detail"]["pile"]["top"] == "KC"
    err = refusal(
        state, {"type": "take_pile", "player": 2, "top": "9S", "cards": "9H 9D"}
    )
    assert "The top of the discard pile is KC, not 9S" in err.ruling.summary
    state = play(
        [{"type": "take_pile", "player": 2, "top": "KC", "cards": "KH KD JK"}], state
    )
    assert GAME.view(state)["detail"]["pile"]["top"] is None
    state = play([discard(2, "5C")], state)
    assert GAME.view(state)["detail"]["pile"]["top"] == "5C"


def test_a_red_three_is_never_discarded():
    with pytest.raises(BadInput, match="never discarded"):
        GAME.step(play([DEAL, draw(1)]), discard(1, "3D"))


# --- "may I go out?" -----------------------------------------------------------------


def test_may_i_go_out_is_asked_before_drawing_and_once_a_turn():
    state = play([DEAL, ask(1, False)])
    err = refusal(state, ask(1, True))
    assert err.ruling.rules == (TURN, "canasta/may-i-go-out")
    assert "answer (no) stands" in err.ruling.summary
    err = refusal(play([DEAL, draw(1)]), ask(1, True))
    assert "the question comes before drawing" in err.ruling.summary
    assert "canasta/ask-out-timing" in err.ruling.rules
    assert err.ruling.options == ("ask_out",)


def test_may_i_go_out_option_before_meld_allows_asking_after_the_draw():
    state = play([DEAL, draw(1), ask(1, True)], ask_out="before-meld")
    assert GAME.view(state)["detail"]["asked"] == {"player": "Bob", "answer": True}
    state = play([DEAL, draw(1), action("meld", 1)], ask_out="before-meld")
    err = refusal(state, ask(1, True))
    assert "the question comes before that" in err.ruling.summary


def test_may_i_go_out_no_binds_until_the_askers_next_turn():
    # Reading: after a no, Bob may not go out for the rest of that turn, even once
    # his side holds a canasta; at his next turn he may go out without asking again.
    state = play(
        [DEAL, ask(1, False), draw(1), {"type": "meld", "player": 1, "cards": CANASTA}]
    )
    assert "go_out" not in GAME.view(state)["expects"]
    err = refusal(state, {"type": "go_out", "player": 1, "cards": "5S 5H 5D"})
    assert err.ruling.rules[:2] == ("canasta/may-i-go-out", "canasta/going-out")
    assert TURN in err.ruling.rules
    assert "binds until Bob's next turn" in err.ruling.summary
    state = play(
        [discard(1), draw(2), discard(2), draw(3), discard(3), draw(0), discard(0)],
        state,
    )
    assert GAME.view(state)["detail"]["asked"] is None
    state = play([draw(1), {"type": "go_out", "player": 1, "cards": "5S 5H 5D"}], state)
    assert GAME.view(state)["detail"]["ended"]["player"] == "Bob"


def test_may_i_go_out_yes_binds_the_turn_to_end_by_going_out():
    state = play([DEAL, ask(1, True), draw(1)])
    assert "discard" not in GAME.view(state)["expects"]
    err = refusal(state, discard(1))
    assert err.ruling.rules == ("canasta/may-i-go-out", TURN)
    play([{"type": "go_out", "player": 1, "cards": f"{CANASTA} 5S 5H 5D"}], state)


# --- concealed going out and the turn ------------------------------------------------


PILE_OUT = [
    {"type": "deal", "upcard": "KC"},
    {"type": "take_pile", "player": 1, "top": "KC", "cards": "KS KH KD KC KS KH"},
    {"type": "go_out", "player": 1, "cards": "5S 5H 5D", "discard": "9C"},
]


def test_concealed_after_taking_the_pile_in_the_same_turn_by_default():
    # Reading: the pile's cards join the hand within the one turn; the text asks only
    # that the whole hand goes down in that turn.
    state = new()
    for event in PILE_OUT:
        step = GAME.step(state, event)
        state = step.state
    assert "Bob goes out concealed" in step.ruling.summary
    assert "canasta/concealed-after-pile" in step.ruling.rules
    assert step.ruling.options == ("concealed_pile",)
    assert GAME.view(state)["detail"]["ended"]["how"] == "concealed"


def test_concealed_after_taking_the_pile_barred_by_the_option():
    state = play(PILE_OUT[:2], concealed_pile="barred")
    step = GAME.step(state, PILE_OUT[2])  # unsaid: an ordinary going out
    assert GAME.view(step.state)["detail"]["ended"]["how"] == "out"
    err = refusal(state, {**PILE_OUT[2], "concealed": True})
    assert "canasta/concealed-after-pile" in err.ruling.rules
    assert err.ruling.options == ("concealed_pile",)


def test_concealed_counts_melds_laid_earlier_in_the_same_turn():
    state = play([DEAL, draw(1), {"type": "meld", "player": 1, "cards": CANASTA}])
    step = GAME.step(state, {"type": "go_out", "player": 1, "cards": "5S 5H 5D"})
    assert "Bob goes out concealed" in step.ruling.summary


def test_concealed_not_after_laying_cards_in_an_earlier_turn():
    state = play(
        [
            DEAL,
            draw(1),
            {"type": "meld", "player": 1, "cards": "AS AH AD"},
            discard(1),
            draw(2),
            discard(2),
            draw(3),
            discard(3),
            draw(0),
            discard(0),
            draw(1),
        ]
    )
    out = {"type": "go_out", "player": 1, "cards": CANASTA, "discard": "9C"}
    err = refusal(state, {**out, "concealed": True})
    assert "laid cards in an earlier turn" in err.ruling.summary
    step = GAME.step(state, out)
    assert GAME.view(step.state)["detail"]["ended"]["how"] == "out"


# --- the property: only the turn's player acts, and expects tells the truth ----------

BUSY = [k for k in PLAYER_ACTIONS if k not in ("go_out", "stock_out")]
CARDS = ["AS AH AD", "9H 9D", CANASTA, "5S 5H 5D", "KS KH", "JK", "3H"]
TOPS = ["9S", "9C", "10D", "KC", "3S", "JK"]


@st.composite
def any_action(draw_, state):
    """A well-formed action of any kind, from any seat, mostly the turn's player."""
    turn = state["hand"]["turn"]
    offered = GAME.view(state)["expects"]
    if turn and draw_(st.booleans()):
        # half the time what the referee offers, by the turn's player: play goes deep
        seat = turn["seat"]
        kind = draw_(st.sampled_from([k for k in offered if k in BUSY] or offered))
    else:
        seat = draw_(st.integers(0, 3))
        # Play ends at a going out or an empty stock: those are drawn rarely.
        kind = draw_(st.sampled_from([*BUSY * 4, "go_out", "stock_out", "deal"]))
    if kind in ("hand_counts", "hand_cards"):
        kind = "draw"
    if kind == "deal":
        return {"type": "deal", "upcard": draw_(st.sampled_from(["9S", "JK 9S"]))}
    event = {"type": kind, "player": seat}
    cards = draw_(st.sampled_from(CARDS))
    top = state["hand"]["pile_top"] or "9S"
    if kind in ("meld", "red_three"):
        event["cards"] = "3H" if kind == "red_three" else cards
        if cards == "JK":
            event["to"] = "A"
    elif kind == "take_pile":
        event.update(top=draw_(st.sampled_from([top, *TOPS])), cards=cards)
    elif kind == "ask_out":
        event["answer"] = draw_(st.booleans())
    elif kind == "discard":
        event["card"] = draw_(st.sampled_from(["10D", "9C", "3S", "2C"]))
    elif kind == "go_out":
        event.update(cards=draw_(st.sampled_from([f"{CANASTA} 5S 5H 5D", cards])))
        event["discard"] = "9C"
    return event


@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from(ASK_OUT))
def test_turn_property_only_the_turns_player_acts_and_expects_tells_the_truth(
    data, ask_when
):
    state = new(ask_out=ask_when)
    for _ in range(60):
        event = data.draw(any_action(state))
        view = GAME.view(state)
        turn = state["hand"]["turn"]
        offered = event["type"] in view["expects"]
        theirs = event["type"] == "deal" or (
            turn is not None
            and (
                event["player"] == turn["seat"]
                or (
                    event["type"] == "red_three"
                    and canasta_turns.dealt_threes_open(state["hand"])
                )
            )
        )
        try:
            step = GAME.step(state, event)
        except BadInput:
            continue
        except Refused as err:
            refused_for = err.ruling.rules
        else:
            refused_for = None
        if refused_for is not None:
            # in turn and in order: refused for the cards, never for the turn
            assert not (offered and theirs and TURN in refused_for), (
                event,
                refused_for,
            )
            continue
        assert offered, (event, view["expects"])
        assert theirs, (event, view["turn"])
        state = step.state
        if GAME.view(state)["phase"] != "play":
            break


# --- a match stored before the referee kept turns ------------------------------------


def test_a_hand_stored_before_turns_were_kept_is_finished_by_its_results():
    state = play([DEAL])
    for key in ("turn", "pile_top"):
        del state["hand"][key]
    for name in ("concealed_pile", "ask_out"):
        del state["options"][name]
    view = GAME.view(state)
    assert view["expects"] == ["hand_counts", "hand_cards"]
    assert view["detail"]["turn"] is None
    err = refusal(state, action("meld", 1))
    assert "begun before the referee kept turns" in err.ruling.summary
    counts = {
        "type": "hand_counts",
        "natural_canastas": 0,
        "mixed_canastas": 0,
        "meld_points": 0,
        "hand_points": 0,
    }
    state = play([{**counts, "side": 0}, {**counts, "side": 1}], state)
    assert GAME.view(state)["detail"]["hand"] == 2
    assert state["hand"]["turn"] is None
    assert state["options"]["ask_out"] == "before-draw"


# --- who acted (issue 24) ------------------------------------------------------------


def test_turn_the_deal_is_recorded_for_the_dealer_only():
    err = refusal(new(), {**DEAL, "player": "Bob"})
    assert err.ruling.rules == (TURN,)
    assert "by Bob is out of turn: it is Ann's to do now." in err.ruling.summary
    assert turn_of(play([{**DEAL, "player": "Ann"}])) == {
        "player": "Bob",
        "step": "draw",
    }


def test_turn_dealt_red_threes_are_anyones_before_the_first_draw_only():
    state = play([DEAL])
    for seat in (0, 2, 3):
        GAME.step(state, {"type": "red_three", "player": FOUR[seat], "cards": "3H"})
    later = play([DEAL, draw(1)])
    err = refusal(later, {"type": "red_three", "player": "Cy", "cards": "3H"})
    assert err.ruling.rules == (TURN,)


def _answer(state, event):
    try:
        ruling = GAME.step(state, event).ruling
    except (Refused, BadInput) as err:
        ruling = getattr(err, "ruling", str(err))
    return ruling


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_turn_property_naming_the_player_by_name_changes_nothing_and_others_are_refused(
    data,
):
    state = new()
    for _ in range(40):
        event = data.draw(any_action(state))
        turn = state["hand"]["turn"]
        if "player" in event:
            by_name = {**event, "player": FOUR[event["player"]]}
            assert _answer(state, by_name) == _answer(state, event)
        offered = event["type"] in GAME.expects(state)
        if turn is not None and offered and event["type"] != "red_three":
            other = (turn["seat"] + data.draw(st.integers(1, 3))) % 4
            err = refusal(state, {**event, "player": other})
            assert err.ruling.rules == (TURN,)
        try:
            state = GAME.step(state, event).state
        except (Refused, BadInput):
            continue
        if GAME.view(state)["phase"] != "play":
            break
