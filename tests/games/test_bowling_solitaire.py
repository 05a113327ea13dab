"""Bowling solitaire: each rule of the text, its sample frame, a perfect game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import rulebook
from referee.games import get
from referee.games.bowling_solitaire import solver
from referee.games.bowling_solitaire import table
from referee.games.bowling_solitaire import tools
from referee.games.bowling_solitaire.breaches import GUTTER_GAME
from referee.games.bowling_solitaire.table import ADJACENT
from referee.games.bowling_solitaire.table import GROUPS
from referee.games.bowling_solitaire.table import LETTERS
from referee.games.bowling_solitaire.table import Table
from referee.games.bowling_solitaire.table import legal_plays
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused

GAME = get("bowling-solitaire")
SAMPLE = {"type": "deal", "pins": "2 7 1 7 2 9 5 1 8 6", "balls": "0 0 4"}
# The rules' sample frame, with the pile order the text implies: left 0 5 8 3 6,
# centre 0 3 9, right 4 4.
SAMPLE_FRAME = [
    SAMPLE,
    {"type": "bowl", "pile": 1, "pins": "H F", "next": "5"},
    {"type": "bowl", "pile": 1, "pins": "B C D", "next": "8"},
    {"type": "bowl", "pile": 3, "pins": "A E", "next": "4"},
    {"type": "end_ball", "next": "3 3"},
    {"type": "bowl", "pile": 1, "pins": "G I", "next": "6"},
    {"type": "bowl", "pile": 1, "pins": "J"},
]
# A layout cleared by the first ball (piles left 0 1 5 2 9, centre 4 8 3, right 2 5).
STRIKE_FRAME = [
    {"type": "deal", "pins": "0 4 1 6 8 6 9 3 7 7", "balls": "0 4 2"},
    {"type": "bowl", "pile": 1, "pins": "H J", "next": "1"},
    {"type": "bowl", "pile": 2, "pins": "E F", "next": "8"},
    {"type": "bowl", "pile": 3, "pins": "D G I", "next": "5"},
    {"type": "bowl", "pile": 3, "pins": "A B C"},
]


def new() -> dict:
    return GAME.start(GAME.new_setup(["Ann"]))


def play(events, state=None):
    state = state or new()
    ruling = None
    for e in events:
        step = GAME.step(state, e)
        state, ruling = step.state, step.ruling
    return state, ruling


def refused(events, bad) -> Refused:
    state, _ = play(events)
    with pytest.raises(Refused) as err:
        GAME.step(state, bad)
    return err.value


def rules_of(err: Refused) -> list[str]:
    return [r.split("/")[1] for r in err.ruling.rules]


def test_the_rules_sample_frame_is_a_spare_after_seven_pins_with_the_first_ball():
    state, ruling = play(SAMPLE_FRAME)
    sheet = GAME.view(state)["detail"]["sheet"]
    assert sheet[0]["balls"] == [7, 3]
    assert sheet[0]["marks"] == ["7", "/"]
    assert "bowling-solitaire/spare" in ruling.rules
    assert state["phase"] == "deal"


def test_adjacency_is_symmetric_and_matches_the_texts_examples():
    assert all(a in ADJACENT[b] for a in LETTERS for b in ADJACENT[a])
    for group in ("HI", "EFH", "FGH", "BCD", "ABC", "GI"):
        assert tuple(sorted(group)) in GROUPS
    assert ("G", "H") not in GROUPS
    assert ("C", "G") in GROUPS


def test_one_pin_falls_only_to_its_own_number():
    err = refused([SAMPLE], {"type": "bowl", "pile": 3, "pins": "I", "next": "4"})
    assert rules_of(err) == ["one-pin"]


@pytest.mark.parametrize(
    ("pins", "broken"),
    [
        ("H J", ["last-digit"]),  # 1+6=7, not 0
        ("E G", ["adjacent-pins", "last-digit"]),
        ("G J", ["adjacent-pins", "last-digit"]),
    ],
)
def test_several_pins_must_touch_and_their_sum_must_end_in_the_ball(pins, broken):
    err = refused([SAMPLE], {"type": "bowl", "pile": 1, "pins": pins, "next": "5"})
    assert rules_of(err) == broken


def test_the_last_digit_of_the_sum_is_enough_1_plus_9_for_a_0():
    state, ruling = play(SAMPLE_FRAME[:2])
    assert "bowling-solitaire/last-digit" in ruling.rules
    assert ruling.score == {"Ann": 2}


def test_four_pins_never_fall_to_one_card():
    err = refused(SAMPLE_FRAME[:2], {"type": "bowl", "pile": 1, "pins": "A B C D"})
    assert "several-pins" in rules_of(err)


def test_first_card_may_not_take_the_back_row_as_the_sample_says():
    # the player would have liked 2+7+1 on A B C with the 0
    err = refused([SAMPLE], {"type": "bowl", "pile": 1, "pins": "A B C", "next": "5"})
    assert rules_of(err) == ["first-card-back-row"]


def test_first_card_may_not_take_the_centre_pin_alone():
    deal = {"type": "deal", "pins": "2 7 1 7 2 9 5 1 8 6", "balls": "9 0 4"}
    err = refused([deal], {"type": "bowl", "pile": 1, "pins": "F", "next": "5"})
    assert rules_of(err) == ["first-card-centre"]


def test_the_back_row_opens_to_the_second_card_of_the_first_ball():
    _, ruling = play(SAMPLE_FRAME[:3])
    assert "bowling-solitaire/next-to-fallen" in ruling.rules


def test_later_cards_must_take_a_pin_next_to_a_fallen_one():
    # the text's example: E and H down, C and G cannot go, F C G can
    deal = {"type": "deal", "pins": "1 1 2 6 3 4 0 7 5 9", "balls": "0 6 2"}
    first = {"type": "bowl", "pile": 1, "pins": "E H", "next": "8"}
    err = refused(
        [deal, first], {"type": "bowl", "pile": 3, "pins": "C G", "next": "8"}
    )
    assert rules_of(err) == ["next-to-fallen"]
    cfg = {"type": "bowl", "pile": 2, "pins": "C F G", "next": "8"}
    _, ruling = play([deal, first, cfg])
    assert ruling.verdict == "ok"


def test_a_pin_already_down_cannot_fall_again():
    err = refused(SAMPLE_FRAME[:2], {"type": "bowl", "pile": 1, "pins": "F G"})
    assert "cards-out" in rules_of(err)


def test_every_broken_rule_is_cited_together():
    err = refused([SAMPLE], {"type": "bowl", "pile": 1, "pins": "A J", "next": "5"})
    assert set(rules_of(err)) == {"adjacent-pins", "last-digit", "first-card-back-row"}


def test_the_bowled_card_goes_out_and_the_next_one_turns_up():
    state, ruling = play(SAMPLE_FRAME[:2])
    rack = GAME.view(state)["detail"]["rack"]
    assert rack["piles"][0]["top"] == "5"
    assert rack["piles"][0]["hidden"] == 3
    assert rack["out"] == ["0"]
    assert "bowling-solitaire/cards-out" in ruling.rules


def test_ending_the_first_ball_throws_away_the_tops_and_needs_the_new_cards():
    state, _ = play(SAMPLE_FRAME[:4])
    with pytest.raises(BadInput, match="left and centre piles"):
        GAME.step(state, {"type": "end_ball", "next": "3"})
    state, ruling = play(SAMPLE_FRAME[4:5], state)
    rack = GAME.view(state)["detail"]["rack"]
    assert [p["top"] for p in rack["piles"]] == ["3", "3", None]
    assert rack["out"][-3:] == ["8", "0", "4"]
    assert "bowling-solitaire/second-ball" in ruling.rules


def test_a_card_turned_up_must_be_named_and_a_spent_pile_has_none():
    with pytest.raises(BadInput, match="'next' is missing"):
        play([SAMPLE, {"type": "bowl", "pile": 1, "pins": "H F"}])
    with pytest.raises(BadInput, match="no card left"):
        play([*SAMPLE_FRAME[:6], {"type": "bowl", "pile": 1, "pins": "J", "next": "2"}])


def test_a_third_copy_of_a_number_is_bad_input():
    with pytest.raises(BadInput, match="pack holds two"):
        play([{"type": "deal", "pins": "2 7 1 7 2 9 5 1 8 6", "balls": "7 0 4"}])
    with pytest.raises(BadInput, match="pack holds two"):
        play([SAMPLE, {"type": "bowl", "pile": 1, "pins": "H F", "next": "2"}])


@pytest.mark.parametrize(
    ("event", "field"),
    [
        ({"type": "bowl", "pile": 1, "pins": "Z", "next": "5"}, "pins"),
        ({"type": "bowl", "pile": 1, "pins": "H H", "next": "5"}, "pins"),
        ({"type": "bowl", "pile": 4, "pins": "H F", "next": "5"}, "pile"),
        ({"type": "bowl", "pile": 1, "pins": "H F", "next": "11"}, "next"),
    ],
)
def test_bad_input_names_the_field_and_shows_an_example(event, field):
    state, _ = play([SAMPLE])
    with pytest.raises(BadInput) as err:
        GAME.step(state, event)
    assert err.value.field == field
    assert "xample" in str(err.value) or "e.g." in str(err.value)


def test_a_card_11_in_the_deal_is_bad_input():
    with pytest.raises(BadInput, match="'11' is not in a bowling solitaire"):
        play([{"type": "deal", "pins": "2 7 1 7 2 9 5 1 8 11", "balls": "0 0 4"}])


def test_clearing_all_pins_in_the_first_ball_is_a_strike():
    state, ruling = play(STRIKE_FRAME)
    assert "bowling-solitaire/strike" in ruling.rules
    assert GAME.view(state)["detail"]["sheet"][0]["marks"] == ["X"]


def test_a_strike_then_spare_adds_the_bonus_and_cites_it():
    state, _ = play(STRIKE_FRAME)
    state, ruling = play(SAMPLE_FRAME[:2], state)
    assert "bowling-solitaire/strike-bonus" in ruling.rules
    assert ruling.score == {"Ann": 4}  # two pins, counted again for the strike


def test_bowling_before_a_layout_or_dealing_mid_frame_is_refused():
    err = refused([], {"type": "bowl", "pile": 1, "pins": "H F", "next": "5"})
    assert "end-of-frame" in rules_of(err)
    err = refused([SAMPLE], SAMPLE)
    assert rules_of(err) == ["end-of-frame"]


def test_a_perfect_game_is_twelve_strike_layouts_and_scores_300():
    state, ruling = play(STRIKE_FRAME * 12)
    board = GAME.view(state)
    assert board["over"]
    assert board["sides"][0]["score"] == 300
    assert "bowling-solitaire/perfect-game" in ruling.rules
    err = refused(STRIKE_FRAME * 12, STRIKE_FRAME[0])
    assert rules_of(err) == ["frames"]


def test_a_tenth_frame_spare_earns_one_ball_at_a_fresh_layout():
    open_frame = [SAMPLE, {"type": "end_ball", "next": "5 3 4"}, {"type": "end_ball"}]
    state, _ = play(open_frame * 9 + SAMPLE_FRAME)
    assert GAME.view(state)["expects"] == ["deal"]
    state, _ = play([SAMPLE, SAMPLE_FRAME[1]], state)
    with pytest.raises(BadInput, match="leave 'next' out"):
        GAME.step(state, {"type": "end_ball", "next": "5"})
    state, ruling = play([{"type": "end_ball"}], state)
    assert state["phase"] == "over"
    assert GAME.view(state)["sides"][0]["score"] == 12  # 10 + the bonus ball's 2
    assert "bowling-solitaire/tenth-frame" in ruling.rules


def test_every_cited_rule_comes_from_the_rulebook_handle():
    # the engine takes its ids from its rulebook handle, which checks them at import
    cited = table.CITE.cited
    assert {table.R_BOWL, table.R_STRIKE, table.R_PERFECT_GAME} <= cited
    assert cited <= {r.id for r in rulebook.books()["bowling-solitaire"].rules}
    with pytest.raises(LookupError, match="no rule 'not-a-rule'"):
        table.CITE("not-a-rule")


# --- the helper and the solver -------------------------------------------------------


@st.composite
def tables(draw):
    """A fresh layout and three face-up ball cards, then some legal plays."""
    cards = draw(st.permutations([str(d) for d in range(10)] * 2))
    deal = {
        "type": "deal",
        "pins": cards[:10],
        "balls": [cards[10], cards[15], cards[18]],
    }
    state, _ = play([deal])
    below = {1: cards[11:15], 2: cards[16:18], 3: cards[19:20]}
    for _ in range(draw(st.integers(0, 3))):
        legal = GAME.view(state)["detail"]["legal"]
        if not legal or state["phase"] != "play":
            break
        p = draw(st.sampled_from(legal))
        rest = below[p["pile"]]
        event = {"type": "bowl", "pile": p["pile"], "pins": p["pins"]}
        if rest:
            event["next"] = rest[0]
            below[p["pile"]] = rest[1:]
        state = GAME.step(state, event).state
    return state


@settings(max_examples=40, deadline=None)
@given(tables())
def test_every_play_the_helper_lists_is_accepted_and_every_other_refused(state):
    if state["phase"] != "play":
        return
    listed = {
        (p["pile"], tuple(p["pins"])) for p in GAME.view(state)["detail"]["legal"]
    }
    rack = state["rack"]
    unseen = [str(d) for d in range(10) for _ in range(2)]
    for c in (
        rack["pins"]
        + [p["top"] for p in rack["piles"] if p["top"]]
        + [p["card"] for p in rack["played"]]
    ):
        unseen.remove(c)
    for pile in (1, 2, 3):
        if not rack["piles"][pile - 1]["top"]:
            continue
        for group in GROUPS + (("A", "J"), ("E", "G"), ("B", "D", "J")):
            event = {"type": "bowl", "pile": pile, "pins": list(group)}
            if rack["piles"][pile - 1]["hidden"]:
                event["next"] = unseen[0]
            if (pile, group) in listed:
                assert GAME.step(state, event).ruling.verdict in ("ok", "win")
            else:
                with pytest.raises(Refused):
                    GAME.step(state, event)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=12, max_size=40))
def test_a_game_of_random_legal_choices_never_scores_above_300(choices):
    state = new()
    pick = iter(choices * 50)
    cards = [str(d) for d in range(10)] * 2
    for _ in range(400):
        if state["phase"] == "over":
            break
        if state["phase"] == "deal":
            k = next(pick)
            order = cards[k:] + cards[:k]
            below = {1: order[11:15], 2: order[16:18], 3: order[19:20]}
            state = GAME.step(
                state,
                {
                    "type": "deal",
                    "pins": order[:10],
                    "balls": [order[10], order[15], order[18]],
                },
            ).state
            continue
        legal = GAME.view(state)["detail"]["legal"]
        choice = next(pick)
        if legal and choice:
            p = legal[choice % len(legal)]
            rest = below[p["pile"]]
            event = {"type": "bowl", "pile": p["pile"], "pins": p["pins"]}
            if rest:
                event["next"] = rest[0]
                below[p["pile"]] = rest[1:]
        else:
            need = [
                i + 1
                for i, p in enumerate(state["rack"]["piles"])
                if p["top"] and p["hidden"]
            ]
            nxt = []
            for i in need:
                nxt.append(below[i][0])
                below[i] = below[i][1:]
            second = state["rack"]["ball"] == 1 and not state["rack"]["single"]
            event = {"type": "end_ball", "next": nxt if second else []}
            if not second:
                event = {"type": "end_ball"}
        state = GAME.step(state, event).state
    score = GAME.view(state)["sides"][0]["score"]
    assert 0 <= score <= 300


def test_the_solver_finds_the_sample_frames_spare_and_no_strike():
    got = tools.solve_tool(tools.SOLVE_EXAMPLE)
    assert not got["strike"]["reachable"]
    assert got["spare"]["reachable"]
    assert "end first ball" in got["spare"]["moves"]


def test_the_solver_finds_the_strike_when_the_cards_allow_it():
    got = tools.solve_tool(
        {
            "pins": "3 3 4 4 2 5 6 1 9 1",
            "left": "2 7 6",
            "centre": "5 8",
            "right": "0 0",
        }
    )
    assert got["strike"]["reachable"]
    assert not got["strike"]["depends_on_hidden"]


def test_the_plays_tool_lists_the_samples_opening_plays():
    got = tools.plays_tool(tools.EXAMPLE)
    assert {"pile": 1, "card": "0", "pins": ["F", "H"]}.items() <= got["plays"][
        0
    ].items()
    assert got["first_card"] is True
    assert all(not set(p["pins"]) & set("ABCD") for p in got["plays"])


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"pins": "2 7 1 7 2 9 5 1 8 Z", "left": "0"}, "pins"),
        ({"pins": "2 7 1", "left": "0"}, "pins"),
        ({"pins": "2 7 1 7 2 9 5 1 8 6", "left": "11"}, "left"),
        ({"pins": "2 7 1 7 2 9 5 1 8 6", "left": "? 0"}, "left"),
    ],
)
def test_the_tools_refuse_a_bad_table_with_an_example(request_, field):
    with pytest.raises(BadInput) as err:
        tools.solve_tool(request_)
    assert err.value.field == field
    assert err.value.example


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"pins": "1 1 1 1 1 1 1 1 1 1"}, "pins"),
        ({"pins": "2 7 1 7 2 9 5 1 8 6", "left": "2", "centre": "2"}, "left"),
    ],
)
def test_the_pack_holds_two_of_each_number_in_both_tools(request_, field):
    for tool in (tools.plays_tool, tools.solve_tool):
        with pytest.raises(BadInput, match="pack holds two of each") as err:
            tool(request_)
        assert err.value.field == field


def replay_line(cards: list[str], moves) -> dict:
    """Bowl a solver line through the engine, turning up the real cards."""
    deal = {
        "type": "deal",
        "pins": cards[:10],
        "balls": [cards[10], cards[15], cards[18]],
    }
    below = {1: list(cards[11:15]), 2: list(cards[16:18]), 3: list(cards[19:20])}
    state, _ = play([deal])
    for move in moves:
        if isinstance(move, str):
            turned = []
            for pile in (1, 2, 3):
                if below[pile] and state["rack"]["piles"][pile - 1]["top"]:
                    turned.append(below[pile].pop(0))
                elif state["rack"]["piles"][pile - 1]["top"]:
                    below[pile] = []
            event = {"type": "end_ball", "next": turned}
        else:
            pile, _, pins, _ = move
            event = {"type": "bowl", "pile": pile, "pins": list(pins)}
            if below[pile]:
                event["next"] = below[pile].pop(0)
        state = GAME.step(state, event).state
    return state


@settings(max_examples=25, deadline=None)
@given(st.permutations([str(d) for d in range(10)] * 2))
def test_the_solvers_strike_and_spare_lines_are_accepted_by_the_referee(cards):
    piles = [tuple(cards[10:15]), tuple(cards[15:18]), tuple(cards[18:20])]
    got = solver.solve(cards[:10], piles, [0] * 10)
    hidden = solver.solve(
        cards[:10],
        [(p[0],) + ("?",) * (len(p) - 1) for p in piles],
        [2 - (cards[:10] + [p[0] for p in piles]).count(str(d)) for d in range(10)],
    )
    if got.strike:
        state = replay_line(cards, got.strike.moves)
        assert GAME.view(state)["detail"]["sheet"][0]["marks"] == ["X"]
        assert hidden.strike is not None  # face down, it is still possible
    if got.spare:
        state = replay_line(cards, got.spare.moves)
        assert GAME.view(state)["detail"]["sheet"][0]["marks"][1] == "/"
        assert hidden.spare is not None


def strike_by_brute_force(cards: list[str]) -> bool:
    """Every sequence of the helper's legal plays, with every card known."""
    piles = [cards[10:15], cards[15:18], cards[18:20]]
    seen: set = set()

    def go(pins: tuple, depth: tuple) -> bool:
        if all(p is None for p in pins):
            return True
        if (pins, depth) in seen:
            return False
        seen.add((pins, depth))
        tops = tuple(
            p[d] if d < len(p) else None for p, d in zip(piles, depth, strict=True)
        )
        for move in legal_plays(Table(pins, tops)):
            after = tuple(
                None if L in move.pins else c
                for L, c in zip(LETTERS, pins, strict=True)
            )
            deeper = tuple(d + (i == move.pile - 1) for i, d in enumerate(depth))
            if go(after, deeper):
                return True
        return False

    return go(tuple(cards[:10]), (0, 0, 0))


@settings(max_examples=25, deadline=None)
@given(st.permutations([str(d) for d in range(10)] * 2))
def test_the_solver_finds_a_strike_exactly_when_one_exists(cards):
    piles = [tuple(cards[10:15]), tuple(cards[15:18]), tuple(cards[18:20])]
    got = solver.solve(cards[:10], piles, [0] * 10)
    assert (got.strike is not None) == strike_by_brute_force(cards)


def test_the_pages_solver_query_counts_fallen_pins_as_seen():
    state, _ = play(SAMPLE_FRAME[:2])
    query = GAME.view(state)["detail"]["solve"]
    assert query["pins"] == "2 7 1 7 2 - 5 - 8 6"
    assert query["left"] == "5 ? ? ?"
    assert sorted(query["out"].split()) == ["0", "1", "9"]
    got = tools.solve_tool(query)
    # both 1s are out of play or standing, so no hidden card can be bowled as a 1
    for line in (got["strike"], got["spare"]):
        assert not any("(a 1)" in m for m in line["moves"])


# --- naming the ball card and the player ---------------------------------------------


def test_piles_only_a_piles_face_up_top_card_is_bowled():
    err = refused([SAMPLE], {"type": "bowl", "pile": 1, "pins": "H F", "card": "4"})
    assert rules_of(err) == ["piles", "bowl"]
    assert "only a pile's face-up top card" in err.ruling.summary


def test_second_ball_a_top_thrown_away_when_the_first_ball_ended_stays_out():
    stop = {"type": "end_ball", "next": "8 3 4"}
    err = refused([SAMPLE, stop], {"type": "bowl", "pile": 1, "pins": "J", "card": "0"})
    assert "second-ball" in rules_of(err)


def test_frames_nothing_is_laid_out_after_the_tenth_frame():
    state, ruling = play(list(GUTTER_GAME))
    assert state["phase"] == "over"
    assert ruling.verdict == "win"
    with pytest.raises(Refused) as err:
        GAME.step(state, SAMPLE)
    assert rules_of(err.value) == ["frames"]


@settings(max_examples=30, deadline=None)
@given(tables(), st.booleans())
def test_naming_the_player_or_the_ball_card_shown_changes_nothing(state, card):
    """The one player may be named on every event; naming the card showing on the
    pile is the same play as naming no card."""
    if state["phase"] != "play":
        return
    for p in GAME.view(state)["detail"]["legal"]:
        rack = state["rack"]
        event = {"type": "bowl", "pile": p["pile"], "pins": p["pins"]}
        if rack["piles"][p["pile"] - 1]["hidden"]:
            event["next"] = "0" if p["card"] != "0" else "1"
        try:
            plain = GAME.step(state, event)
        except BadInput:
            continue  # a third copy of the number made up for 'next'
        named = {**event, "player": "Ann"}
        if card:
            named["card"] = p["card"]
        assert GAME.step(state, named) == plain


def test_the_one_player_is_named_on_a_deal_and_an_end_of_ball_as_seat_0_or_name():
    for who in ("Ann", 0):
        state, ruling = play([{**SAMPLE, "player": who}])
        assert ruling == play([SAMPLE])[1]
        stop = {"type": "end_ball", "next": "8 3 4"}
        assert GAME.step(state, {**stop, "player": who}) == GAME.step(state, stop)
    with pytest.raises(BadInput):
        GAME.step(new(), {**SAMPLE, "player": "Bob"})
