"""Pinochle: the auction, the pass, trump, meld, trick play, counters and the game,
rule by rule (seed 004, section Pinochle)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import rulebook
from referee.games import cards
from referee.games import get
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict
from referee.games.pinochle import meld as meldlib
from referee.games.pinochle import table
from referee.games.pinochle import tricks as tricklib
from referee.games.pinochle.events import AUCTION
from referee.games.pinochle.events import MELDED
from referee.games.pinochle.tools import legal_tool
from referee.games.pinochle.tools import meld_tool

GAME = get("pinochle")
FOUR = ["Ann", "Bob", "Cy", "Di"]
PACK = [c for c, n in cards.DECKS["pinochle"].copies.items() for _ in range(n)]


def new(**options: object) -> dict:
    return GAME.start(GAME.new_setup(FOUR, options))


def play(events, state=None, **options):
    state = state or new(**options)
    step = None
    for e in events:
        step = GAME.step(state, e)
        state = step.state
    return state, step


def bid(seat, amount):
    return {"type": "bid", "player": seat, "amount": amount}


def pas(seat):
    return {"type": "pass", "player": seat}


def refused(events, event, state=None, **options) -> Refused:
    state, _ = play(events, state, **options)
    with pytest.raises(Refused) as err:
        GAME.step(state, event)
    return err.value


# Di (seat 3) wins at 30 and her side (Bob & Di) melds 21; Ann & Cy meld 10.
TO_PLAY = list(MELDED)


# --- seats and the auction ------------------------------------------------------------


def test_seats_partners_opposite_with_named_teams():
    setup = GAME.new_setup(
        None,
        {},
        [
            {"name": "Reds", "players": ["Ann", "Cy"]},
            {"name": "Blues", "players": ["Bob", "Di"]},
        ],
    )
    state = GAME.start(setup)
    assert state["players"] == ["Ann", "Bob", "Cy", "Di"]
    assert [t["players"] for t in state["teams"]] == [["Ann", "Cy"], ["Bob", "Di"]]


def test_seats_need_exactly_two_teams():
    with pytest.raises(BadInput, match="takes 4 players"):
        GAME.new_setup(
            None,
            {},
            [
                {"name": "A", "players": ["Ann", "Cy"]},
                {"name": "B", "players": ["Bob", "Di"]},
                {"name": "C", "players": ["Ed", "Flo"]},
            ],
        )


def test_bidding_order_starts_left_of_the_dealer():
    err = refused([], bid(0, 25))
    assert "Bob's turn" in err.ruling.summary
    assert "pinochle/bidding-order" in err.ruling.rules
    assert GAME.view(new())["turn"] == "Bob"


def test_opening_bid_is_at_least_25():
    err = refused([], bid(1, 24))
    assert err.ruling.rules == ("pinochle/opening-bid",)
    _, step = play([bid(1, 25)])
    assert "pinochle/opening-bid" in step.ruling.rules


@pytest.mark.parametrize(
    ("amount", "ok"),
    [
        (26, True),
        (37, True),
        (50, True),
        (51, False),
        (53, False),
        (55, True),
        (60, True),
        (62, False),
    ],
)
def test_bid_steps_by_ones_to_50_then_by_fives(amount, ok):
    start = [bid(1, 25)]
    if ok:
        _, step = play([*start, bid(2, amount)])
        assert step.ruling.verdict == Verdict.OK
    else:
        err = refused(start, bid(2, amount))
        assert "pinochle/bid-steps" in err.ruling.rules
        assert "fives" in err.ruling.summary


@pytest.mark.parametrize("amount", [30, 29])
def test_bid_higher_than_the_standing_bid(amount):
    err = refused([bid(1, 30)], bid(2, amount))
    assert "pinochle/bid-higher" in err.ruling.rules
    assert "higher than Bob's 30" in err.ruling.summary


def test_bid_steps_an_off_step_bid_is_told_the_least_it_may_bid():
    state, _ = play([bid(1, 50), bid(2, 55), bid(3, 60), bid(0, 65)])
    err = refused([], bid(1, 62), state)
    assert "(70 or 75)" in err.ruling.summary  # not 60 or 65: they do not beat 65


def test_bid_higher_after_50_means_55():
    state, _ = play([bid(1, 50)])
    assert GAME.view(state)["detail"]["min_bid"] == 55


def test_bid_steps_the_next_six_bids_offered_cross_50_into_fives():
    state, _ = play([bid(1, 47)])
    assert GAME.view(state)["detail"]["bids"] == [48, 49, 50, 55, 60, 65]
    for amount in GAME.view(state)["detail"]["bids"]:
        assert GAME.apply(state, bid(2, amount)).ruling.verdict != Verdict.ILLEGAL


def test_pass_final_no_reentry():
    # Cy passes; Di bids; Ann passes; Bob raises; then Cy would be skipped.
    state, _ = play([bid(1, 25), pas(2), bid(3, 26), pas(0)])
    assert GAME.view(state)["turn"] == "Bob"
    state, _ = play([bid(1, 27)], state)
    assert GAME.view(state)["turn"] == "Di"  # Cy and Ann are skipped
    err = refused([], bid(2, 30), state)
    assert "pinochle/pass-final" in err.ruling.rules
    assert "cannot come back" in err.ruling.summary


def test_dealer_forced_when_three_pass():
    state, _ = play([pas(1), pas(2), pas(3)])
    board = GAME.view(state)
    assert board["turn"] == "Ann"
    assert board["expects"] == ["bid"]
    err = refused([], pas(0), state)
    assert err.ruling.rules == ("pinochle/dealer-forced",)
    err = refused([], bid(0, 20), state)
    assert "pinochle/dealer-forced" in err.ruling.rules
    state, step = play([bid(0, 25)], state)
    assert "pinochle/dealer-forced" in step.ruling.rules
    assert "pinochle/auction-end" in step.ruling.rules
    assert GAME.view(state)["detail"]["bidder"] == "Ann"


def test_auction_end_when_three_have_passed():
    state, step = play(AUCTION)
    assert "pinochle/auction-end" in step.ruling.rules
    board = GAME.view(state)
    assert board["detail"]["bidder"] == "Di"
    assert board["detail"]["high"] == {"player": "Di", "amount": 30}
    assert board["expects"] == ["ask"]


def test_auction_goes_on_for_as_many_rounds_as_needed():
    events = [bid(1, 25), bid(2, 26), bid(3, 27), bid(0, 28), bid(1, 29), bid(2, 30)]
    state, _ = play([*events, pas(3), pas(0), pas(1)])
    assert GAME.view(state)["detail"]["bidder"] == "Cy"


# --- the pass and trump ---------------------------------------------------------------

ASKED = [*AUCTION, {"type": "ask", "suit": "hearts"}]
SHORT_HAND = "AH 10H AS AS 10S KS QS JS AD 10D KD QD JD AC 10C KC QC JC JC JC"
LONG_HAND = "AH 10H KH QH JH AS 10S KS QS JS AD 10D KD QD JD AC 10C KC QC JC"


def test_ask_suit_by_the_bidder_only():
    err = refused(AUCTION, {"type": "ask", "suit": "H", "player": 0})
    assert err.ruling.rules == ("pinochle/ask-suit",)
    state, step = play(ASKED)
    assert GAME.view(state)["turn"] == "Bob"
    assert GAME.view(state)["detail"]["asked"] == "H"


def test_partner_pass_three_of_the_suit_when_held():
    event = {"type": "pass_cards", "player": 1, "cards": "AH 10H AS", "hand": LONG_HAND}
    err = refused(ASKED, event)
    assert err.ruling.rules == ("pinochle/partner-pass",)
    assert "holds 5 hearts but passes 2" in err.ruling.summary
    ok = {**event, "cards": "AH KH JH"}
    _, step = play([*ASKED, ok])
    assert "checked against the hand" in step.ruling.summary


def test_partner_pass_short_suit_all_held_plus_others():
    bad = {"type": "pass_cards", "player": 1, "cards": "AH AS 10S", "hand": SHORT_HAND}
    err = refused(ASKED, bad)
    assert "all 2 hearts held" in err.ruling.summary
    _, step = play([*ASKED, {**bad, "cards": "AH 10H AS"}])
    assert step.ruling.verdict == Verdict.OK


def test_partner_pass_cards_must_be_in_the_hand_given():
    state, _ = play(ASKED)
    event = {"type": "pass_cards", "player": 1, "cards": "KH KH KH", "hand": SHORT_HAND}
    with pytest.raises(BadInput, match="not in the hand given"):
        GAME.step(state, event)


def test_partner_pass_by_the_partner_first():
    err = refused(ASKED, {"type": "pass_cards", "player": 3, "cards": "AH 10H KH"})
    assert err.ruling.rules == ("pinochle/partner-pass",)


def test_pass_back_any_three_by_the_bidder():
    events = [*ASKED, {"type": "pass_cards", "player": 1, "cards": "AH 10H KH"}]
    err = refused(events, {"type": "pass_cards", "player": 1, "cards": "AS AS AS"})
    assert err.ruling.rules == ("pinochle/pass-back",)
    # the bidder may send back the very cards received
    state, step = play(
        [*events, {"type": "pass_cards", "player": 3, "cards": "AH 10H KH"}]
    )
    assert step.ruling.rules == ("pinochle/pass-back",)
    assert GAME.view(state)["expects"] == ["trump"]


def test_trump_call_may_differ_from_the_suit_asked():
    events = [
        *ASKED,
        {"type": "pass_cards", "player": 1, "cards": "AH 10H KH"},
        {"type": "pass_cards", "player": 3, "cards": "JC JC QD"},
    ]
    state, step = play([*events, {"type": "trump", "suit": "S"}])
    assert "spades trump" in step.ruling.summary
    assert "not the hearts" in step.ruling.summary
    assert GAME.view(state)["detail"]["trump"] == "S"
    assert "pinochle/trump-call" in step.ruling.rules


def test_exchange_option_off_goes_straight_to_trump():
    state, step = play(AUCTION, exchange=False)
    assert GAME.view(state)["expects"] == ["trump"]
    assert "exchange" in step.ruling.options


def test_events_out_of_phase_are_refused():
    err = refused([], {"type": "trump", "suit": "H"})
    assert "the auction is on" in err.ruling.summary


# --- meld -----------------------------------------------------------------------------

MELD_TABLE = [
    # (cards, trump, points, why)
    ("AH 10H KH QH JH", "H", 15, "run in trumps"),
    ("AH 10H KH QH JH", "S", 2, "a run outside trumps is only its marriage"),
    ("AH AH 10H 10H KH KH QH QH JH JH", "H", 150, "double run"),
    ("AH AH AH 10H 10H 10H KH KH KH QH QH QH JH JH JH", "H", 500, "triple run"),
    ("KH QH", "H", 4, "marriage in trumps"),
    ("KH KH QH QH", "H", 30, "double marriage in trumps"),
    ("KH KH KH QH QH QH", "H", 60, "triple marriage in trumps"),
    ("KH KH KH KH QH QH QH QH", "H", 240, "quadruple marriage in trumps"),
    ("KC QC", "H", 2, "plain marriage"),
    ("KC KC QC QC", "H", 4, "plain double marriage"),
    ("KC KC KC QC QC QC", "H", 6, "plain triple marriage"),
    ("KC KC KC KC QC QC QC QC", "H", 8, "plain quadruple marriage"),
    ("KC QC QC", "H", 2, "a king and two queens are one marriage"),
    ("JD QS", "H", 4, "pinochle"),
    ("JD JD QS QS", "H", 30, "double pinochle"),
    ("JD JD JD QS QS QS", "H", 90, "triple pinochle"),
    ("JD JD JD JD QS QS QS QS", "H", 360, "quadruple pinochle"),
    ("AS AH AD AC", "H", 10, "aces around"),
    ("AS AS AH AH AD AD AC AC", "H", 100, "double aces"),
    ("AS AS AS AH AH AH AD AD AD AC AC AC", "H", 500, "triple aces"),
    ("KS KH KD KC", "C", 8, "kings around; no queens, no marriage"),
    ("KS KS KH KH KD KD KC KC", "D", 80, "double kings"),
    ("KS KS KS KH KH KH KD KD KD KC KC KC", "D", 400, "triple kings"),
    ("QH QD QC", "D", 0, "queens need all four suits"),
    ("QH QD QC QS", "D", 6, "queens around"),
    ("QH QH QD QD QC QC QS QS", "D", 60, "double queens"),
    ("QH QH QH QD QD QD QC QC QC QS QS QS", "D", 300, "triple queens"),
    ("JH JD JC JS", "D", 4, "jacks around"),
    ("JH JH JD JD JC JC JS JS", "H", 40, "double jacks"),
    ("JH JH JH JD JD JD JC JC JC JS JS JS", "H", 200, "triple jacks"),
    ("10H 10D 10C 10S", "D", 0, "tens around score nothing"),
    # not greedy: run + marriage (19) loses to the double marriage (30)
    ("AH 10H KH KH QH QH JH", "H", 30, "double marriage beats run and marriage"),
    (
        "AH AH AH AH 10H 10H 10H 10H KH KH KH KH QH QH QH QH JH JH JH JH",
        "H",
        515,
        "triple run and run",
    ),
    ("AS AS AS AS AH AH AH AH AD AD AD AD AC AC AC AC", "H", 510, "four of each ace"),
]


@pytest.mark.parametrize(
    ("hand", "trump", "points", "why"), MELD_TABLE, ids=[r[3] for r in MELD_TABLE]
)
def test_meld_types_table(hand, trump, points, why):
    got = meldlib.declare(hand.split(), trump)
    assert got.points == points, why
    assert meldlib.brute_force(hand.split(), trump) == points


def test_one_per_type_a_card_serves_in_each_type():
    # QS: marriage in spades (type I), pinochle (II), queens around (III)
    got = meldlib.declare(["KS", "QS", "JD", "QH", "QD", "QC"], "H")
    names = {m.name for m in got.melds}
    assert names == {"Marriage in spades", "Pinochle", "Queens around"}
    assert got.points == 2 + 4 + 6
    assert got.by_type == (2, 4, 6)


def test_one_per_type_run_cards_do_not_also_make_a_marriage():
    got = meldlib.declare(["AH", "10H", "KH", "QH", "JH"], "H")
    assert [m.name for m in got.melds] == ["Run in trumps"]


def test_meld_shown_as_cards_gives_the_breakdown():
    events = list(MELDED[: len(MELDED) - 4])
    state, step = play(
        [*events, {"type": "meld", "player": 3, "cards": "KH QH KS QS JD AS AH AD AC"}]
    )
    assert step.ruling.summary.startswith(
        "Di melds 20: marriage in spades 2, marriage in trumps 4, pinochle 4, "
        "aces around 10"
    )
    for rid in (
        "pinochle/marriages",
        "pinochle/pinochles",
        "pinochle/arounds",
        "pinochle/one-per-type",
    ):
        assert rid in step.ruling.rules
    m = GAME.view(state)["detail"]["melds"][3]
    assert m["points"] == 20
    assert len(m["melds"]) == 4


def test_meld_shown_claim_checked_against_the_cards():
    events = list(MELDED[: len(MELDED) - 4])
    err = refused(events, {"type": "meld", "player": 3, "cards": "KH QH", "points": 8})
    assert "best meld in these cards is 4" in err.ruling.summary
    _, step = play(
        [*events, {"type": "meld", "player": 3, "cards": "KH QH", "points": 4}]
    )
    assert step.ruling.verdict == Verdict.OK


def test_meld_needs_points_or_cards():
    state, _ = play(MELDED[: len(MELDED) - 4])
    with pytest.raises(BadInput, match="as its points"):
        GAME.step(state, {"type": "meld", "player": 0})


def test_deck_fifth_copy_across_melds_is_bad_input():
    events = [
        *MELDED[: len(MELDED) - 4],
        {"type": "meld", "player": 0, "cards": "AS AS AS"},
    ]
    state, _ = play(events)
    with pytest.raises(BadInput, match="only 4 copies of AS"):
        GAME.step(state, {"type": "meld", "player": 1, "cards": "AS AS"})


def test_meld_entered_once_per_player():
    err = refused(MELDED[:-1], {"type": "meld", "player": 0, "points": 4})
    assert "already entered" in err.ruling.summary


def test_team_meld_is_the_partners_sum():
    state, step = play(MELDED)
    board = GAME.view(state)
    assert [s["meld"] for s in board["sides"]] == [10, 21]
    assert "pinochle/team-meld" in step.ruling.rules


# --- trick play -----------------------------------------------------------------------

LEGAL = [
    # (hand, trick, trump, legal, rules)
    ("AS 10H JD", "", "H", "AS 10H JD", ("leading",)),
    ("10S JS AH", "KS", "H", "10S", ("follow-suit", "crawl")),
    ("QS JS AH", "KS", "H", "QS JS", ("follow-suit", "crawl")),
    (
        "KS JS AH",
        "KS",
        "H",
        "JS KS",
        ("follow-suit", "crawl"),
    ),  # identical K does not beat
    ("AS JS", "KS JH", "H", "AS JS", ("follow-suit", "trumped-trick")),
    ("AH JH AD", "KS", "H", "AH JH", ("must-trump",)),
    ("AH JH AD", "KS QH", "H", "AH", ("must-trump", "crawl-in-trump")),
    ("JH AD", "KS QH", "H", "JH", ("must-trump", "crawl-in-trump")),
    ("AD AC", "KS QH", "H", "AD AC", ("void-both",)),
    ("AH KH", "QH", "H", "AH KH", ("follow-suit", "crawl")),
    ("JH", "QH", "H", "JH", ("follow-suit", "crawl")),
]


@pytest.mark.parametrize(("hand", "trick", "trump", "legal", "rules"), LEGAL)
def test_legal_plays_follow_crawl_trump(hand, trick, trump, legal, rules):
    got = tricklib.legal_plays(hand.split(), trick.split(), trump)
    assert sorted(got.cards) == sorted(legal.split())
    assert got.rules == tuple(f"pinochle/{r}" for r in rules)


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("KS AS 10S JS", "H", 1),  # highest of the suit led
        ("KS AD AC QS", "H", 0),  # off-suit cards never win
        ("AS JH 10S QH", "H", 3),  # highest trump
        ("AS AS 10S JS", "H", 0),  # identical cards: the first played
        ("KS JH JH AS", "H", 1),  # identical trumps: the first
    ],
)
def test_trick_winner(trick, trump, winner):
    assert tricklib.winning_index(trick.split(), trump) == winner


def test_legal_tool_rules_on_a_disputed_card():
    got = legal_tool(
        {"trump": "h", "trick": ["KS"], "hand": ["10S", "JS", "AH"], "card": "JS"}
    )
    assert got["verdict"] == "illegal"
    assert got["legal"] == ["10S"]
    assert got["winning"] == "KS"
    assert "pinochle/crawl" in got["rules"]
    assert "pinochle/trick-winner" in got["rules"]
    with pytest.raises(BadInput, match="not in the hand"):
        legal_tool({"trump": "h", "trick": [], "hand": ["10S"], "card": "JS"})
    with pytest.raises(BadInput, match="only 4 copies"):
        legal_tool({"trump": "h", "trick": ["AS", "AS"], "hand": ["AS", "AS", "AS"]})


def test_meld_tool_breakdown():
    got = meld_tool(
        {
            "cards": [
                "AH",
                "10H",
                "KH",
                "QH",
                "JH",
                "KH",
                "QH",
                "JD",
                "QS",
                "AS",
                "AD",
                "AC",
            ],
            "trump": "h",
        }
    )
    assert got["points"] == 30 + 4 + 10
    assert got["by_type"] == {"I": 30, "II": 4, "III": 10}


# --- counting and scoring -------------------------------------------------------------


def tricks(bidders, opponents, last="bidders"):
    return {
        "type": "tricks",
        "bidders": bidders,
        "opponents": opponents,
        "last_trick": last,
    }


def test_counters_and_last_trick_make_50():
    state, step = play([*TO_PLAY, tricks(30, 18, "opponents")])
    assert sum(state["last_hand"]["tricks"]) == 50
    assert state["last_hand"]["tricks"] == [20, 30]  # Ann & Cy: 18 + 2; Bob & Di 30
    assert "pinochle/last-trick" in step.ruling.rules


def test_counters_given_with_the_last_trick_already_in():
    state, _ = play([*TO_PLAY, tricks(32, 18, "bidders")])
    assert state["last_hand"]["tricks"] == [18, 32]


@pytest.mark.parametrize(("b", "o"), [(30, 19), (40, 20), (0, 0)])
def test_counters_must_total_48_plus_the_last_trick(b, o):
    state, _ = play(TO_PLAY)
    with pytest.raises(BadInput, match="48"):
        GAME.step(state, tricks(b, o))


def test_made_both_sides_score():
    state, step = play([*TO_PLAY, tricks(30, 18, "bidders")])
    assert state["scores"] == [10 + 18, 21 + 32]
    assert step.ruling.score == {"Ann & Cy": 28, "Bob & Di": 53}
    assert "pinochle/made" in step.ruling.rules


def test_made_exactly_the_bid():
    state, _ = play([*TO_PLAY, tricks(7, 41, "opponents")])  # 21 + 7 = 28 < 30
    assert state["scores"][1] == -30
    state, _ = play([*TO_PLAY, tricks(9, 39, "opponents")])  # 21 + 9 = 30
    assert state["scores"][1] == 30


def test_set_bid_subtracted_opponents_keep_theirs():
    state, step = play([*TO_PLAY, tricks(5, 43, "opponents")])
    assert state["scores"] == [10 + 45, -30]
    assert step.ruling.verdict == Verdict.FOUL
    assert "pinochle/set" in step.ruling.rules
    (penalty,) = step.ruling.penalties  # the rule's penalty: the bid subtracted
    assert (penalty.points, penalty.rule) == (-30, "pinochle/set")


def test_throw_in_after_trump():
    state, step = play([*TO_PLAY, {"type": "throw_in"}])
    assert state["scores"] == [10, -30]
    assert step.ruling.rules == ("pinochle/throw-in", "pinochle/team-meld")
    (penalty,) = step.ruling.penalties
    assert (penalty.points, penalty.rule) == (-30, "pinochle/throw-in")


def test_throw_in_needs_the_opponents_meld():
    events = list(MELDED[: len(MELDED) - 4])
    err = refused(events, {"type": "throw_in"})
    assert "pinochle/throw-in" in err.ruling.rules
    # with both opponents' meld in, it is taken during the meld
    state, _ = play([*events, MELDED[-3], MELDED[-1]])
    assert "throw_in" in GAME.view(state)["expects"]


def test_deal_moves_one_seat_left_each_hand():
    state, _ = play([*TO_PLAY, tricks(30, 18)])
    board = GAME.view(state)
    assert board["detail"]["dealer"] == "Bob"
    assert board["turn"] == "Cy"


def _hand(
    state,
    bid_amount: int,
    melds: tuple[int, int, int, int],
    b: int,
    last="bidders",
    exchange=True,
):
    """One hand from state: the seat on turn bids, the rest pass; melds are given
    bidder, left, partner, right."""
    board = GAME.view(state)
    seat = FOUR.index(board["turn"])
    events = [bid(seat, bid_amount)] + [pas((seat + i) % 4) for i in (1, 2, 3)]
    events += (
        [{"type": "trump", "suit": "S"}]
        if not exchange
        else [
            {"type": "ask", "suit": "S"},
            {"type": "pass_cards", "player": (seat + 2) % 4, "cards": "AS AS AS"},
            {"type": "pass_cards", "player": seat, "cards": "JC JC JC"},
            {"type": "trump", "suit": "S"},
        ]
    )
    events += [
        {"type": "meld", "player": (seat + i) % 4, "points": melds[i]} for i in range(4)
    ]
    events += [tricks(b, 48 - b, last)]
    return play(events, state)


def test_game_to_500_target_option():
    state = new(target=100)
    state, step = _hand(state, 30, (40, 0, 20, 0), 40)
    assert step.ruling.verdict == Verdict.WIN
    assert "target" in step.ruling.options
    assert GAME.view(state)["winner"] == "Bob & Di"
    assert GAME.view(state)["detail"]["title"] == "Pinochle to 100"


def test_both_reach_500_bidding_side_wins():
    state = new()
    state["scores"] = [495, 480]  # Ann & Cy 495, Bob & Di 480; Bob bids
    state, step = _hand(state, 25, (4, 0, 6, 0), 20, last="opponents")
    # Bob & Di: meld 10 + tricks 20 = 30 -> 510; Ann & Cy: 28 + 2 = 30 -> 525
    assert state["scores"] == [525, 510]
    assert GAME.view(state)["winner"] == "Bob & Di"
    assert "pinochle/both-reach" in step.ruling.rules


def test_game_one_side_reaches_500_alone_wins_even_if_not_bidding():
    state = new()
    state["scores"] = [490, 100]
    state, step = _hand(state, 25, (20, 0, 20, 0), 20)
    assert GAME.view(state)["winner"] == "Ann & Cy"
    assert "pinochle/both-reach" not in step.ruling.rules


@pytest.mark.parametrize("points", [1, 3, 13])
def test_meld_an_odd_count_below_a_run_is_bad_input(points):
    # every meld counts an even number except a run in trumps (15)
    with pytest.raises(BadInput, match=f"No meld counts {points}"):
        _hand(new(), 25, (points, 0, 0, 0), 20)


def test_game_over_refuses_events():
    state = new(target=100)
    state, _ = _hand(state, 30, (40, 0, 20, 0), 40)
    with pytest.raises(Refused) as err:
        GAME.step(state, bid(2, 25))
    assert err.value.ruling.rules == ("pinochle/game-over",)
    assert GAME.view(state)["expects"] == []


def test_whole_game_to_500_transcript():
    state = new()
    hands = [
        ((60, 0, 40, 0), 40),  # Bob bids 50: 100 + 40 -> made
        ((30, 4, 20, 6), 28),
        ((80, 10, 30, 0), 35),
        ((100, 0, 50, 10), 30),
        ((60, 20, 40, 10), 30),
        ((50, 0, 50, 0), 40),
        ((90, 0, 20, 0), 40),
    ]
    for melds, b in hands:
        if GAME.view(state)["over"]:
            break
        state, step = _hand(state, 50, melds, b)
    assert GAME.view(state)["over"]
    assert max(state["scores"]) >= 500
    # every hand's record adds up
    running = [0, 0]
    for record in state["history"]:
        running = [running[i] + record["change"][i] for i in range(2)]
        assert record["scores"] == running
        assert sum(record["tricks"]) == 50
    assert state["scores"] == running


def test_every_cited_rule_is_in_the_rulebook():
    # every module of the engine takes its ids from the one handle, checked at import
    assert {table.R_MADE, table.R_LEADING, table.R_GAME_OVER} <= table.CITE.cited
    assert table.CITE.cited <= {r.id for r in rulebook.books()["pinochle"].rules}
    with pytest.raises(LookupError, match="no rule 'not-a-rule'"):
        table.CITE("not-a-rule")


# --- properties -----------------------------------------------------------------------

hands = st.lists(st.sampled_from(PACK), min_size=0, max_size=20).filter(
    lambda h: all(n <= 4 for n in Counter(h).values())
)
dense = st.lists(
    st.sampled_from(
        [
            "AH",
            "10H",
            "KH",
            "QH",
            "JH",
            "JD",
            "QS",
            "AS",
            "AD",
            "AC",
            "KS",
            "KD",
            "KC",
            "QD",
            "QC",
            "JS",
            "JC",
        ]
    ),
    min_size=8,
    max_size=20,
).filter(lambda h: all(n <= 4 for n in Counter(h).values()))
trumps = st.sampled_from(["S", "H", "D", "C", None])


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands, dense), trumps)
def test_property_meld_never_counts_a_card_twice_within_a_type(hand, trump):
    got = meldlib.declare(hand, trump)
    held = Counter(hand)
    for kind in (1, 2, 3):
        used = Counter()
        for m in got.melds:
            if m.type == kind:
                used.update(m.cards)
        assert not used - held
    assert got.points == sum(m.points for m in got.melds)


@settings(max_examples=200, deadline=None)
@given(st.one_of(hands, dense), trumps)
def test_property_optimiser_equals_brute_force(hand, trump):
    assert meldlib.declare(hand, trump).points == meldlib.brute_force(hand, trump)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 48), st.sampled_from(["bidders", "opponents"]), st.booleans())
def test_property_counters_total_50(b, last, included):
    o = 48 - b
    if included:
        if last == "bidders":
            b += 2
        else:
            o += 2
    state, _ = play([*TO_PLAY, tricks(b, o, last)])
    assert sum(state["history"][-1]["tricks"]) == 50


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 120)), max_size=30))
def test_property_bids_strictly_rise(calls):
    state = new()
    accepted: list[int] = []
    for is_bid, amount in calls:
        board = GAME.view(state)
        if board["detail"]["phase"] != "bidding":
            break
        seat = FOUR.index(board["turn"])
        event = bid(seat, amount) if is_bid else pas(seat)
        try:
            state = GAME.step(state, event).state
        except Refused:
            continue
        if is_bid:
            accepted.append(amount)
    assert accepted == sorted(set(accepted))
    assert all(a >= 25 and (a <= 50 or a % 5 == 0) for a in accepted)
