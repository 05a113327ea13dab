"""The bowling pairing card game: pairs, frames and the game, rule by rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import rulebook
from referee.games import bowling_cards as bc
from referee.games import get
from referee.games.bowling_cards import scoring
from referee.games.fields import parse_fields
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from tests.bowling_cards_table import pack
from tests.bowling_cards_table import play_game

GAME = get("bowling-cards")
PLAYERS = ["Ann", "Bob", "Cy"]


def run(events, players=PLAYERS, **options):
    state = GAME.start(GAME.new_setup(list(players), options))
    step = None
    for event in events:
        step = GAME.step(state, event)
        state = step.state
    return state, step


def refused(events, event, **options):
    state, _ = run(events, **options)
    with pytest.raises(Refused) as err:
        GAME.step(state, event)
    return err.value.ruling


def draw(seat, card):
    return {"type": "draw", "player": seat, "source": "stock", "card": card}


def place(seat, position=None):
    event = {"type": "place", "player": seat}
    if position is not None:
        event["position"] = position
    return event


def discard(seat):
    return {"type": "discard", "player": seat}


def rows_of(state, seat):
    return [(c["row"], c["cover"]) for c in state["rows"][seat]]


# Bob (seat 1) plays first; Cy then Ann. Each round: Bob draws and places, the others
# draw and discard.
FILLERS = ("9C", "8H", "6D", "4S", "2S", "QC", "JC", "10H", "9D", "8S", "6S", "4D")


def rounds(bob_cards, ends=False):
    """Bob draws and places each card; Cy and Ann draw and discard in between.

    ``ends``: Bob's last placement ends the frame, so nobody plays after it.
    """
    out = []
    spare = list(FILLERS)
    for k, card in enumerate(bob_cards):
        out += [draw(1, card), place(1)]
        if ends and k == len(bob_cards) - 1:
            break
        for seat in (2, 0):
            out += [draw(seat, spare.pop()), discard(seat)]
    return out


# --- values and pairs ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("row", "cover"),
    [("10H", "KS"), ("JD", "2C"), ("QS", "KD"), ("KD", "10C"), ("2H", "JS")],
)
def test_strike_a_ten_count_card_with_a_king_or_a_deuce_scores_20(row, cover):
    got = bc.pair(row, cover)
    assert (got.kind, got.points) == ("strike", 20)
    assert "bowling-cards/strike" in got.rules


@pytest.mark.parametrize(
    ("row", "cover"), [("JK", "7H"), ("3D", "JK"), ("QS", "JK"), ("JK", "JK")]
)
def test_strike_any_card_with_a_joker_scores_20(row, cover):
    assert bc.pair(row, cover).kind == "strike"
    assert bc.pair(row, cover).points == 20


@pytest.mark.parametrize(
    ("row", "cover"), [("7S", "3H"), ("9C", "AD"), ("8D", "2S"), ("5H", "5C")]
)
def test_spare_ten_that_is_not_a_strike_scores_15(row, cover):
    got = bc.pair(row, cover)
    assert (got.kind, got.points) == ("spare", 15)


@pytest.mark.parametrize(
    ("row", "cover", "points"),
    [("5S", "3H", 8), ("KD", "4C", 4), ("KD", "KS", 0), ("AS", "AH", 2)],
)
def test_error_a_pair_under_ten_scores_its_count(row, cover, points):
    got = bc.pair(row, cover)
    assert (got.kind, got.points) == ("error", points)


@pytest.mark.parametrize(
    ("row", "cover", "kind", "total"),
    [
        ("7H", "2D", "error", 9),  # the deuce counts 2 when it helps
        ("9H", "2D", "error", 9),  # and 0 when 2 would go over ten
        ("8H", "2D", "spare", 10),
        ("2H", "2D", "error", 4),
    ],
)
def test_card_values_a_deuce_counts_two_or_nothing_at_the_players_choice(
    row, cover, kind, total
):
    got = bc.pair(row, cover)
    assert (got.kind, got.total) == (kind, total)


@pytest.mark.parametrize(
    ("card", "value"),
    [("KS", 0), ("AH", 1), ("JD", 10), ("QC", 10), ("10S", 10), ("7H", 7)],
)
def test_card_values_king_nothing_ace_one_jack_and_queen_ten(card, value):
    assert bc.values(card)[0] == value


@pytest.mark.parametrize(
    ("row", "cover"), [("10H", "AS"), ("JD", "JC"), ("9S", "3D"), ("QH", "5C")]
)
def test_over_ten_a_pair_above_ten_cannot_stand(row, cover):
    assert bc.pair(row, cover).kind == "over"


# --- frame scores -------------------------------------------------------------------


def frame(marks: str):
    """A frame from marks: X strike, / spare, e error (5S/3H), - uncovered."""
    cell = {"X": ("QH", "KS"), "/": ("6C", "4D"), "e": ("5S", "3H"), "-": ("7D", None)}
    return [cell[m] for m in marks]


@pytest.mark.parametrize(
    ("marks", "points", "bonus"),
    [
        ("X-----", 20, 0),
        ("XX----", 55, 15),
        ("XXX---", 90, 30),
        ("X-X-X-", 60, 0),
        ("XX/XX/", 80 + 30 + 30, 30),
        ("XXXXX/", 100 + 60 + 15, 60),
        ("XXXXXX", 240, 120),  # six strikes: 120, not 75
        ("//////", 90, 0),  # no bonus for spares in a row
        ("ee--e-", 24, 0),
    ],
)
def test_strike_bonus_15_for_each_strike_after_the_first_and_120_for_six(
    marks, points, bonus
):
    got = bc.score_frame(frame(marks))
    assert (got.points, got.bonus) == (points, bonus)


def test_uncovered_row_cards_count_for_nothing():
    got = bc.score_frame(frame("------"))
    assert got.points == 0
    assert "bowling-cards/uncovered" in got.rules


@pytest.mark.parametrize(
    ("held", "cost"),
    [
        (["2D"], 10),
        (["KS"], 10),
        (["JK"], 15),
        (["AH"], 1),
        (["7C"], 7),
        (["QD"], 10),
        (["2D", "KS", "JK"], 35),
    ],
)
def test_held_cards_deducted_deuce_or_king_ten_joker_fifteen(held, cost):
    got = bc.score_frame(frame("//////"), held)
    assert got.deduction == cost
    assert got.points == 90 - cost
    assert "bowling-cards/held-cards" in got.rules


# --- the deal -----------------------------------------------------------------------

ROWS = [
    {"type": "row", "player": 1, "cards": "7H QD 5S KC 3D 9H"},
    {"type": "row", "player": 2, "cards": "4C 10S 8D 2H AS 6C"},
    {"type": "row", "player": 0, "cards": "JH 5D 3C 9S 7D 4H"},
]
UP = {"type": "upcard", "card": "8C"}
DEALT = [*ROWS, UP]


def test_deal_six_row_cards_face_up_left_to_right_then_three_hand_cards():
    state, step = run(ROWS)
    assert rows_of(state, 1)[1] == ("QD", None)
    assert state["held"] == [3, 3, 3]
    assert state["stock"] == 108 - 27
    assert state["phase"] == "hands"
    assert "bowling-cards/hand-cards" in step.ruling.rules
    ruling = refused(ROWS[:1], ROWS[0])
    assert "already dealt" in ruling.summary


def test_players_three_or_four():
    for count in (2, 5):
        with pytest.raises(BadInput, match="3 to 4 players"):
            GAME.new_setup(["A", "B", "C", "D", "E"][:count], {})


@pytest.mark.parametrize("card", ["10H", "JD", "QC"])
def test_exchange_a_ten_count_hand_card_for_a_new_one(card):
    state, step = run([*ROWS, {"type": "exchange", "player": 0, "card": card}])
    assert state["held"][0] == 3
    assert state["stock"] == 108 - 27 - 1
    assert step.ruling.rules == ("bowling-cards/exchange", "bowling-cards/card-values")


@pytest.mark.parametrize("card", ["9S", "KS", "2D", "JK", "AH"])
def test_exchange_a_card_below_ten_must_be_kept(card):
    ruling = refused(ROWS, {"type": "exchange", "player": 0, "card": card})
    assert "must keep" in ruling.summary
    assert "bowling-cards/exchange" in ruling.rules


def test_exchange_needs_a_hand_card_still_held():
    events = [*ROWS]
    for pos, card in ((1, "3H"), (2, "KH"), (3, "5D")):
        events.append({"type": "replace", "player": 0, "position": pos, "card": card})
    ruling = refused(events, {"type": "exchange", "player": 0, "card": "QS"})
    assert "no hand cards left" in ruling.summary


def test_exchange_is_over_once_the_pile_is_started():
    ruling = refused(DEALT, {"type": "exchange", "player": 1, "card": "QS"})
    assert "bowling-cards/exchange" in ruling.rules


def test_upcard_starts_the_pile_and_the_player_left_of_the_dealer_plays():
    state, step = run(DEALT)
    assert state["pile"] == ["8C"]
    assert GAME.view(state)["turn"] == "Bob"
    assert "bowling-cards/turn-order" in step.ruling.rules
    assert refused(ROWS[:2], UP).rules == ("bowling-cards/deal",)


def test_deck_a_third_copy_of_a_card_is_bad_input():
    # Bob's row shows one 7H; he draws the second and discards it.
    state, _ = run([*DEALT, draw(1, "7H"), discard(1)])
    with pytest.raises(BadInput, match="7H appears 3 times, but a 108-card pack"):
        GAME.step(state, draw(2, "7H"))


def test_deck_four_jokers_may_show_but_not_five():
    rows = [
        {"type": "row", "player": 1, "cards": "JK JK JK JK 3D 9H"},
        {"type": "row", "player": 2, "cards": "4C 10S 8D 2H AS 6C"},
        {"type": "row", "player": 0, "cards": "JH 5D 3C 9S 7D 4H"},
    ]
    state, _ = run([*rows, UP])
    with pytest.raises(BadInput, match="JK appears 5 times"):
        GAME.step(state, draw(1, "JK"))


# --- pairing ------------------------------------------------------------------------


def test_left_to_right_the_drawn_card_goes_on_the_left_most_uncovered_row_card():
    ruling = refused([*DEALT, draw(1, "3S")], place(1, 2))
    assert "left to right" in ruling.summary
    assert "bowling-cards/left-to-right" in ruling.rules
    state, step = run([*DEALT, draw(1, "3S"), place(1)])
    assert rows_of(state, 1)[0] == ("7H", "3S")
    assert step.ruling.rules[:3] == (
        "bowling-cards/draw",
        "bowling-cards/left-to-right",
        "bowling-cards/card-values",
    )


def test_over_ten_is_refused_with_the_rule_and_the_card_is_discarded_instead():
    ruling = refused([*DEALT, draw(1, "5S")], place(1))
    assert "over ten" in ruling.summary
    assert "bowling-cards/over-ten" in ruling.rules
    state, step = run([*DEALT, draw(1, "5S"), discard(1)])
    assert state["pile"][-1] == "5S"
    assert "again to position 1" in step.ruling.summary


def test_an_error_is_allowed_and_moves_the_next_draw_to_the_right():
    state, step = run([*DEALT, draw(1, "2S"), place(1)])
    assert "an error, 9" in step.ruling.summary
    assert GAME.view(state)["detail"]["tables"][1]["target"] == 2


def test_a_ten_count_row_card_takes_only_a_king_a_deuce_or_a_joker():
    events = [*DEALT, *rounds(["3S"]), draw(1, "AH")]
    assert "bowling-cards/over-ten" in refused(events, place(1)).rules
    state, step = run([*DEALT, *rounds(["3S"]), draw(1, "2C"), place(1)])
    assert rows_of(state, 1)[1] == ("QD", "2C")
    assert "a strike, 20" in step.ruling.summary
    assert "bowling-cards/strike" in step.ruling.rules


def test_strike_bonus_is_cited_when_a_strike_joins_another():
    events = [*DEALT, *rounds(["3S"]), draw(1, "2C"), place(1)]  # QD + 2C: X
    events += [draw(2, "9C"), discard(2), draw(0, "8H"), discard(0)]
    events += [draw(1, "5H"), place(1), draw(2, "9D"), discard(2)]
    events += [draw(0, "8S"), discard(0), draw(1, "QC")]
    state, step = run([*events, place(1)])  # KC + QC: a strike, but 5S + 5H between
    assert "strikes in a row" not in step.ruling.summary  # a spare breaks the run
    assert rows_of(state, 1)[3] == ("KC", "QC")
    state, step = run([*DEALT, *rounds(["3S"]), draw(1, "2C"), place(1)])
    assert "bowling-cards/strike-bonus" not in step.ruling.rules
    events = [*DEALT, *rounds(["3S", "2C"]), draw(1, "JK"), place(1)]
    state, step = run(events)  # 5S + JK: a strike beside QD + 2C
    assert "2 strikes in a row so far: a bonus of 15." in step.ruling.summary
    assert "bowling-cards/strike-bonus" in step.ruling.rules


def test_strike_bonus_the_sixth_strike_in_a_row_says_120():
    rows = [
        {"type": "row", "player": 1, "cards": "QH QD QS QC 10H 10D"},
        {"type": "row", "player": 2, "cards": "4C 10S 8D 2H AS 6C"},
        {"type": "row", "player": 0, "cards": "JH 5D 3C 9S 7D 4H"},
        UP,
    ]
    bob = ["KS", "KH", "KD", "KC", "2S", "2H"]
    state, step = run([*rows, *rounds(bob, ends=True)])
    assert "6 strikes in a row so far: a bonus of 120." in step.ruling.summary
    assert "bowling-cards/strike-bonus" in step.ruling.rules


def test_turn_order_only_the_player_on_turn_draws():
    ruling = refused(DEALT, draw(2, "3S"))
    assert ruling.summary == "Draw by Cy is out of turn: it is Bob's to do now."
    assert ruling.rules == ("bowling-cards/turn-order",)


def test_draw_from_the_pile_takes_its_top_card():
    state, _ = run([*DEALT, {"type": "draw", "player": 1, "source": "pile"}])
    assert state["drawn"] == {"card": "8C", "source": "pile"}
    assert state["pile"] == []
    with pytest.raises(BadInput, match="top card is 8C"):
        GAME.step(
            run(DEALT)[0], {"type": "draw", "player": 1, "source": "pile", "card": "9D"}
        )


# --- hand cards ---------------------------------------------------------------------


def test_before_play_a_hand_card_replaces_a_row_card_and_it_is_set_aside():
    replace = {"type": "replace", "player": 1, "position": 2, "card": "KH"}
    state, step = run([*ROWS, replace])
    assert rows_of(state, 1)[1] == ("KH", None)
    assert state["held"][1] == 2
    assert state["aside"] == ["QD"]
    assert "bowling-cards/before-play" in step.ruling.rules


def test_hand_cards_during_play_only_on_the_owners_turn():
    ruling = refused(
        DEALT, {"type": "replace", "player": 2, "position": 1, "card": "3H"}
    )
    assert "out of turn: it is Bob's to do now" in ruling.summary
    assert ruling.rules == ("bowling-cards/turn-order",)


def test_hand_cards_three_only():
    events = [*ROWS]
    for pos, card in ((1, "3H"), (2, "KH"), (3, "5D")):
        events.append({"type": "replace", "player": 1, "position": pos, "card": card})
    ruling = refused(
        events, {"type": "replace", "player": 1, "position": 4, "card": "6H"}
    )
    assert "no hand cards left" in ruling.summary


def test_discard_order_replacing_an_error_discards_its_cover_then_its_row_card():
    events = [*DEALT, draw(1, "2S"), place(1)]  # 7H + 2S: an error of 9
    for seat in (2, 0):
        events += [draw(seat, "9C" if seat == 2 else "8H"), discard(seat)]
    events += [
        draw(1, "3H"),
        {"type": "replace", "player": 1, "position": 1, "card": "7C"},
    ]
    state, step = run(events)
    assert state["pile"][-3:] == ["8H", "2S", "7H"]
    assert rows_of(state, 1)[0] == ("7C", None)
    assert "bowling-cards/discard-order" in step.ruling.rules
    state, step = run([*events, place(1)])
    assert rows_of(state, 1)[0] == ("7C", "3H")
    assert "a spare" in step.ruling.summary


def test_ten_covers_a_closed_ten_takes_no_hand_card():
    events = [*DEALT, *rounds(["3S"])]
    replace = {"type": "replace", "player": 1, "position": 1, "card": "6H"}
    ruling = refused(events, replace)
    assert "already a spare" in ruling.summary
    assert "bowling-cards/ten-covers" in ruling.rules


def test_no_swapping_a_cover_never_moves_to_another_position():
    # the only way a drawn card goes anywhere is as the next cover: place refuses 3
    ruling = refused([*DEALT, draw(1, "3S")], place(1, 3))
    assert "bowling-cards/left-to-right" in ruling.rules


# --- improving errors ---------------------------------------------------------------

ALL_PAIRED = ["2S", "KS", "3H", "10C", "6S", "AH"]  # 7H+2S=9 error, 5S+3H=8 error


def test_improving_after_six_pairs_an_errors_cover_may_be_replaced_to_make_ten():
    events = [*DEALT, *rounds(ALL_PAIRED)]
    state, _ = run(events)
    assert GAME.view(state)["detail"]["tables"][1]["errors"] == [1, 3, 5]
    state, step = run([*events, draw(1, "5D"), place(1, 3)])
    assert rows_of(state, 1)[2] == ("5S", "5D")
    assert state["pile"][-1] == "3H"
    assert "bowling-cards/improving" in step.ruling.rules
    assert step.ruling.options == ()  # a ten stands whatever the option says


def test_improving_must_make_ten_unless_partial_improvement_is_on():
    events = [*DEALT, *rounds(ALL_PAIRED), draw(1, "4D")]
    ruling = refused(events, place(1, 3))
    assert "ten (a spare or a strike)" in ruling.summary
    assert ruling.options == ("partial_improvement",)
    state, step = run([*events, place(1, 3)], partial_improvement=True)
    assert rows_of(state, 1)[2] == ("5S", "4D")
    assert step.ruling.options == ("partial_improvement",)


def test_improving_a_closed_ten_is_refused():
    events = [*DEALT, *rounds(ALL_PAIRED), draw(1, "KD")]
    ruling = refused(events, place(1, 2))
    assert "bowling-cards/ten-covers" in ruling.rules


def test_improving_with_several_errors_needs_the_position():
    state, _ = run([*DEALT, *rounds(ALL_PAIRED), draw(1, "5D")])
    with pytest.raises(BadInput, match="errors at positions 1, 3, 5"):
        GAME.step(state, place(1))


# --- the frame's end ----------------------------------------------------------------

SIX_TENS = ["3S", "KS", "5H", "10C", "7S", "AH"]
FRAME_END = [*DEALT, *rounds(SIX_TENS, ends=True)]


def test_frame_end_six_tens_end_the_frame_and_the_others_draw_once():
    state, step = run(FRAME_END)
    assert state["phase"] == "last"
    assert GAME.view(state)["detail"]["last"] == ["Cy", "Ann"]
    assert "bowling-cards/frame-end" in step.ruling.rules
    assert "the frame ends" in step.ruling.summary
    state, step = run([*FRAME_END, draw(2, "6H"), place(2)])
    assert rows_of(state, 2)[0] == ("4C", "6H")
    assert GAME.view(state)["turn"] == "Ann"
    assert "pass" in GAME.view(state)["expects"]


def test_frame_end_hand_cards_may_be_played_once_per_position():
    replace = {"type": "replace", "player": 2, "position": 1, "card": "3H"}
    events = [*FRAME_END, replace]
    state, _ = run(events)
    assert state["held"][2] == 2
    ruling = refused(events, {**replace, "card": "5D"})
    assert "one per position" in ruling.summary
    state, _ = run([*events, {**replace, "position": 2, "card": "5D"}])
    assert state["held"][2] == 1


def test_frame_end_a_pass_is_only_for_the_last_draw():
    ruling = refused(DEALT, {"type": "pass", "player": 1})
    assert "bowling-cards/frame-end" in ruling.rules


def test_held_cards_are_shown_and_deducted_then_the_frame_is_scored():
    events = [*FRAME_END, {"type": "pass", "player": 2}, {"type": "pass", "player": 0}]
    state, _ = run(events)
    assert state["phase"] == "show"
    with pytest.raises(BadInput, match="holds 3 hand cards; 2 given"):
        GAME.step(state, {"type": "show", "player": 1, "cards": "AC 4D"})
    events += [
        {"type": "show", "player": 1, "cards": "AC 4D 8S"},
        {"type": "show", "player": 2, "cards": "3H 6S 9D"},
        {"type": "show", "player": 0, "cards": "2D KD JK"},
    ]
    state, step = run(events)
    # Bob: 15 + 20 + 15 + 20 + 15 + 15 = 100, minus 1 + 4 + 8
    assert step.ruling.score == {"Ann": -35, "Bob": 87, "Cy": -18}
    assert state["frame"] == 2
    assert state["phase"] == "deal"
    assert GAME.view(state)["detail"]["dealer"] == "Bob"
    assert state["last_frame"]["marks"]["Bob"] == ["/", "X", "/", "X", "/", "/"]
    board = GAME.view(state)
    assert [s["score"] for s in board["sides"]] == [-35, 87, -18]


# --- the game -----------------------------------------------------------------------


def test_average_six_frames_averaged_and_the_highest_average_wins():
    table = play_game(seed=5)
    board = GAME.view(table.state)
    assert board["over"]
    history = table.state["history"]
    assert len(history) == 6
    for side in board["sides"]:
        frames = [h["scores"][side["name"]] for h in history]
        assert side["frames"] == frames
        assert side["score"] == round(sum(frames) / 6, 2)
    best = max(s["score"] for s in board["sides"])
    assert board["detail"]["winners"] == [
        s["name"] for s in board["sides"] if s["score"] == best
    ]
    _, last = run(table.events, table.players, **table.options)
    assert "bowling-cards/winner" in last.ruling.rules  # the ruling that ends the game
    ruling = refused(table.events, {"type": "row", "player": 0, "cards": pack()[:6]})
    assert ruling.rules == ("bowling-cards/winner",)


def test_frames_option_sets_the_game_length():
    table = play_game(["A", "B", "C", "D"], seed=3, frames=2)
    assert len(table.state["history"]) == 2
    assert GAME.view(table.state)["over"]


def test_every_cited_rule_comes_from_the_rulebook_handle():
    # the engine takes its ids from its rulebook handle, which checks them at import
    assert {scoring.R_WINNER, scoring.R_STRIKE, scoring.R_TURN_ORDER} <= (
        scoring.CITE.cited
    )
    assert scoring.CITE.cited <= {r.id for r in rulebook.books()[GAME.id].rules}
    with pytest.raises(LookupError, match="no rule 'not-a-rule'"):
        scoring.CITE("not-a-rule")


# --- the calculator -----------------------------------------------------------------


def tool(**request):
    t = GAME.tools[0]
    return t.run(parse_fields(t.fields, request, None, GAME))


def test_the_frame_calculator_scores_pairs_and_says_why():
    answer = tool(**bc.TOOL_EXAMPLE)
    assert answer["points"] == 20 + 20 + 15 + 15 + 20 + 0 + 15 - 10
    assert answer["marks"] == ["X", "X", "/", "/", "X", "-"]
    assert answer["pairs"][0]["why"].startswith("1: QH + KS: a ten-count card")
    assert "bowling-cards/strike-bonus" in answer["rules"]


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (["QH/KS"] * 5, "six positions; 5 given"),
        (["QH/5S", "7S/3H", "7S/3H", "4C", "5C", "6C"], "more than ten"),
        (["Q/KS", "7S/3H", "7S/3H", "4C", "4C", "4C"], "not a card"),
        (["QH/KS/2D", "7S", "7S", "4C", "4C", "4C"], "not a position"),
        (["QS/KS", "QS", "QS", "4C", "4C", "4C"], "QS appears 3 times"),
    ],
)
def test_the_frame_calculator_refuses_what_cannot_lie_on_a_table(pairs, message):
    with pytest.raises(BadInput, match=message):
        tool(pairs=pairs)


# --- properties ---------------------------------------------------------------------

DECK = sorted(set(pack()))


@st.composite
def legal_frames(draw_):
    cells = []
    for _ in range(6):
        row = draw_(st.sampled_from(DECK))
        cover = draw_(
            st.none()
            | st.sampled_from([c for c in DECK if bc.pair(row, c).kind != "over"])
        )
        cells.append((row, cover))
    held = draw_(st.lists(st.sampled_from(DECK), max_size=3))
    return cells, held


@given(legal_frames())
def test_a_frames_score_never_exceeds_the_six_strike_maximum(frame_):
    cells, held = frame_
    got = bc.score_frame(cells, held)
    assert got.points <= bc.MAX_FRAME == 240
    assert got.points >= -45


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_pairs_never_total_over_ten_and_replay_equals_incremental(seed, partial):
    table = play_game(seed=seed, frames=1, partial_improvement=partial)
    state = GAME.start(GAME.new_setup(["Ann", "Bob", "Cy"], table.options))
    for event in table.events:
        state = GAME.step(state, event).state
        for cells in state["rows"]:
            for c in cells or []:
                if c["cover"]:
                    assert bc.pair(c["row"], c["cover"]).kind != "over"
    assert state == table.state
    record = state["history"][0]
    for name in ["Ann", "Bob", "Cy"]:
        assert record["scores"][name] <= 240


# --- where a card came from, and who acted (issue 24) -------------------------------

AFTER_DRAW = [*DEALT, draw(1, "3S")]


def test_hand_cards_a_hand_card_laid_as_a_cover_is_refused():
    ruling = refused(
        AFTER_DRAW, {"type": "place", "player": 1, "card": "KH", "source": "hand"}
    )
    assert ruling.rules == ("bowling-cards/hand-cards", "bowling-cards/draw")
    assert "may not cover a row card with the hand card KH" in ruling.summary


def test_hand_cards_a_cover_that_is_not_the_card_drawn_is_refused():
    ruling = refused(AFTER_DRAW, {"type": "place", "player": 1, "card": "KH"})
    assert ruling.rules == ("bowling-cards/draw", "bowling-cards/hand-cards")
    assert "Bob drew 3S, not KH" in ruling.summary


def test_draw_naming_the_drawn_card_as_the_cover_changes_nothing():
    said = {"type": "place", "player": "Bob", "card": "3S", "source": "drawn"}
    assert run([*AFTER_DRAW, said]) == run([*AFTER_DRAW, place(1)])


@pytest.mark.parametrize(
    ("source", "rules"),
    [
        ("cover", ("bowling-cards/no-swapping",)),
        ("row", ("bowling-cards/no-swapping", "bowling-cards/deal")),
        (
            "drawn",
            (
                "bowling-cards/no-swapping",
                "bowling-cards/hand-cards",
                "bowling-cards/improving",
            ),
        ),
    ],
)
def test_no_swapping_only_a_hand_card_takes_a_row_cards_place(source, rules):
    event = {"type": "replace", "player": 1, "position": 2, "card": "3S"}
    ruling = refused(AFTER_DRAW, {**event, "source": source})
    assert ruling.rules == rules


def test_no_swapping_a_cover_is_never_moved_to_another_row_card():
    ruling = refused(AFTER_DRAW, {**place(1), "card": "3S", "source": "cover"})
    assert ruling.rules == ("bowling-cards/no-swapping", "bowling-cards/draw")


def test_exchange_no_hand_card_is_thrown_away_once_the_pile_is_started():
    # before drawing as after: a hand card never goes on the pile in play
    for events in (DEALT, AFTER_DRAW):
        ruling = refused(events, {**discard(1), "card": "KD", "source": "hand"})
        assert ruling.rules == ("bowling-cards/hand-cards", "bowling-cards/exchange")


def test_frame_end_hand_cards_may_not_be_thrown_away_in_the_last_turn():
    ruling = refused(
        [*FRAME_END, draw(2, "5H")], {**discard(2), "card": "KD", "source": "hand"}
    )
    assert "bowling-cards/frame-end" in ruling.rules


def test_draw_the_discard_is_the_card_drawn():
    ruling = refused(AFTER_DRAW, {**discard(1), "card": "9H"})
    assert "Bob drew 3S, not 9H" in ruling.summary


def test_discard_order_in_play_a_closed_ten_takes_no_hand_card():
    spare = [*AFTER_DRAW, place(1), draw(2, "9C"), discard(2), draw(0, "QC")]
    ruling = refused(
        [*spare, discard(0)],
        {"type": "replace", "player": 1, "position": 1, "card": "KH"},
    )
    assert "bowling-cards/ten-covers" in ruling.rules
    assert "bowling-cards/discard-order" in ruling.rules


@pytest.mark.parametrize(
    "event",
    [draw(2, "3S"), {"type": "replace", "player": 0, "position": 1, "card": "KH"}],
)
def test_turn_order_an_event_naming_a_player_out_of_turn_is_refused(event):
    ruling = refused(DEALT, event)
    assert ruling.rules == ("bowling-cards/turn-order",)
    assert "out of turn: it is Bob's to do now" in ruling.summary


def test_turn_order_only_the_dealer_turns_up_the_first_pile_card():
    ruling = refused(ROWS, {"type": "upcard", "card": "8C", "player": "Bob"})
    assert ruling.rules == ("bowling-cards/turn-order",)
    state, step = run([*ROWS, {"type": "upcard", "card": "8C", "player": "Ann"}])
    assert state["phase"] == "play"


def test_before_play_anyone_may_name_themselves_for_a_hand_card():
    state, _ = run(
        [*ROWS, {"type": "replace", "player": 2, "position": 1, "card": "KH"}]
    )
    assert state["rows"][2][0]["row"] == "KH"


TURN_KINDS = ("draw", "place", "discard", "pass")


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 2))
def test_turn_order_naming_the_player_in_turn_by_name_changes_nothing_and_anyone_else_is_refused(  # noqa: E501
    seed, shift
):
    table = play_game(seed=seed, frames=1)
    state = GAME.start(GAME.new_setup(PLAYERS, table.options))
    for event in table.events:
        if event["type"] in TURN_KINDS:
            seat = event["player"]
            named = GAME.step(state, {**event, "player": PLAYERS[seat]})
            assert named.ruling == GAME.step(state, event).ruling
            other = {**event, "player": (seat + shift) % len(PLAYERS)}
            with pytest.raises(Refused) as err:
                GAME.step(state, other)
            assert err.value.ruling.rules[0] == "bowling-cards/turn-order"
        if event["type"] == "place":
            hand = {**event, "card": "KH", "source": "hand"}
            with pytest.raises(Refused) as err:
                GAME.step(state, hand)
            assert "bowling-cards/hand-cards" in err.value.ruling.rules
        state = GAME.step(state, event).state
