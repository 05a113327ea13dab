"""Notation (NOTATION.md): darts, dice and cards parse forgivingly, fail precisely."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games import cards
from referee.games import darts
from referee.games import dice
from referee.games import fields
from referee.games.billiards.facts import parse_ball
from referee.games.fields import Field
from referee.games.outcomes import BadInput


@pytest.mark.parametrize(
    ("text", "code", "points"),
    [
        ("T20", "T20", 60),
        ("t20", "T20", 60),
        (" d 16 ", "D16", 32),
        ("S5", "S5", 5),
        ("20", "S20", 20),
        (20, "S20", 20),
        ("SB", "SB", 25),
        ("25", "SB", 25),
        ("bull", "SB", 25),
        ("DB", "DB", 50),
        ("50", "DB", 50),
        ("bullseye", "DB", 50),
        ("M", "M", 0),
        ("miss", "M", 0),
        ("0", "M", 0),
    ],
)
def test_dart_notation_accepts_canonical_and_common_forms(text, code, points):
    dart = darts.parse_dart(text)
    assert (dart.code, dart.points) == (code, points)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("T25", "no treble bull"),
        ("D21", "doubles go from D1 to D20"),
        ("T0", "trebles go from T1 to T20"),
        ("21", "singles go from S1 to S20"),
        ("Q5", "not a dart"),
        ("", "not a dart"),
        (True, "A dart is written"),
    ],
)
def test_dart_notation_rejects_what_no_board_shows(text, message):
    with pytest.raises(BadInput, match=message):
        darts.parse_dart(text)


def test_the_bullseye_counts_as_a_double_and_the_outer_bull_does_not():
    assert darts.parse_dart("DB").is_double
    assert not darts.parse_dart("SB").is_double
    assert darts.parse_dart("D1").is_double


def test_darts_list_takes_text_or_json_and_refuses_a_fourth_dart():
    assert [d.code for d in darts.parse_darts("T20, t19 d12")] == ["T20", "T19", "D12"]
    assert [d.code for d in darts.parse_darts(["SB", 50])] == ["SB", "DB"]
    with pytest.raises(BadInput, match="1 to 3 darts; 4 given"):
        darts.parse_darts("T20 T20 T20 T20")


@given(st.sampled_from(darts.all_darts()))
def test_every_dart_round_trips_through_its_code(dart):
    assert darts.parse_dart(dart.code) == dart
    assert 0 <= dart.points <= 60


@pytest.mark.parametrize(
    ("text", "roll"),
    [("6 6 1", [6, 6, 1]), ("[6, 6, 1]", [6, 6, 1]), ([1, "2", 3], [1, 2, 3])],
)
def test_a_roll_of_plain_dice_is_written_with_spaces_or_as_a_list(text, roll):
    assert dice.parse_roll(text, count=3) == roll


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("6 6", "3 dice; 2 given"),
        ("6 6 7", "'7' is not a die face"),
        ("6 six 1", "'six' is not a die face"),
        ("0 1 2", "'0' is not a die face"),
    ],
)
def test_a_roll_with_the_wrong_count_or_face_is_bad_input(text, message):
    with pytest.raises(BadInput, match=message):
        dice.parse_roll(text, count=3)


def test_poker_dice_faces_are_nine_to_ace():
    assert [dice.parse_poker_die(f) for f in ("9", "t", "j", "Q", "k", "a")] == [
        "9",
        "10",
        "J",
        "Q",
        "K",
        "A",
    ]
    with pytest.raises(BadInput, match="9 10 J Q K A"):
        dice.parse_poker_die("8")


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("TS", "10S"),
        ("10♠", "10S"),
        ("qh", "QH"),
        ("JK", "JK"),
        ("joker", "JK"),
        ("X", "JK"),
        ("7♦", "7D"),
    ],
)
def test_card_notation_is_rank_then_suit(text, card):
    assert cards.parse_card(text, "canasta") == card


@pytest.mark.parametrize(
    ("text", "deck", "message"),
    [
        ("1Z", "standard", "not a card"),
        ("ZS", "standard", "ranks are A 2-10 J Q K"),
        ("JK", "standard", "not in a standard 52-card deck"),
        ("9S", "pinochle", "not in a pinochle deck"),
        ("7", "standard", "not in a standard"),
        ("AS", "bowling-solitaire", "not in a bowling solitaire"),
    ],
)
def test_a_card_the_deck_cannot_hold_is_bad_input(text, deck, message):
    with pytest.raises(BadInput, match=message):
        cards.parse_card(text, deck)


def test_a_fifth_ace_of_spades_in_a_pinochle_deck_is_bad_input():
    assert cards.parse_cards("AS AS AS AS", "pinochle") == ["AS"] * 4
    with pytest.raises(BadInput, match="AS appears 5 times.*only 4 copies"):
        cards.parse_cards("AS AS AS AS AS", "pinochle")


def test_copies_held_elsewhere_count_against_the_deck():
    with pytest.raises(BadInput, match="QS appears 2 times.*only one queen of spades"):
        cards.parse_cards("QS", "standard", held=["QS"])


def test_bowling_solitaire_cards_are_digits_twice_each():
    assert cards.parse_cards("0 9 9", "bowling-solitaire") == ["0", "9", "9"]
    with pytest.raises(BadInput, match="3 times"):
        cards.parse_cards("9 9 9", "bowling-solitaire")


def test_the_decks_have_the_sizes_the_games_name():
    sizes = {name: deck.size for name, deck in cards.DECKS.items()}
    assert sizes == {
        "standard": 52,
        "standard-jokers": 54,
        "canasta": 108,
        "double-jokers": 108,
        "golf-six": 3 * 52 + 6,  # the most packs six card golf uses, jokers included
        "basketball-ten": 104,
        "pinochle": 80,
        "bowling-solitaire": 20,
    }


@given(st.lists(st.sampled_from(sorted(cards.DECKS["standard"].copies)), unique=True))
def test_sorted_cards_are_a_permutation_and_stable(hand):
    ordered = cards.sort_cards(hand)
    assert sorted(ordered) == sorted(hand)
    assert cards.sort_cards(ordered) == ordered


def test_a_card_named_with_a_pile_draw_must_be_the_pile_top():
    assert (
        cards.take_top(["2C", "7H"], None, seat=1, source="discard", named="X") == "7H"
    )
    assert (
        cards.take_top(["2C", "7H"], "7H", seat=1, source="discard", named="X") == "7H"
    )
    with pytest.raises(BadInput, match="The top discard is 7H, not 2C") as err:
        cards.take_top(
            ["2C", "7H"], "2C", seat=1, source="discard", named="The top discard"
        )
    assert '"source": "discard"' in err.value.errors["card"]


def test_a_stock_draw_names_its_card_and_a_spent_stock_is_rebuilt_under_the_top():
    with pytest.raises(BadInput, match="which card came off the stock"):
        cards.stock_card(None, seat=0)
    assert cards.restocked(["2C", "5D", "7H"]) == (2, ["7H"])
    assert cards.restocked(["7H"]) is None


# --- strict notation (issue 25): one parser per notation, nothing else read ----------

_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_SYMBOLS = {"S": "♠♤", "H": "♥♡", "D": "♦♢", "C": "♣♧"}


def _as_written(text: str) -> str:
    """Spaces dropped, ASCII letters upper case (and nothing else folded: "ſ" stays)."""
    return "".join(text.split()).translate(_ASCII_UPPER)


def _card_spellings(card: str) -> set[str]:
    """Every spelling NOTATION.md lists for one canonical card, enumerated afresh."""
    if card == cards.JOKER:
        return {"JK", "JOKER", "X"}
    if card.isdigit():
        return {card}
    rank, suit = card[:-1], card[-1]
    ranks = {rank, "T"} if rank == "10" else {rank}
    return {r + s for r in ranks for s in {suit, *_SYMBOLS[suit]}}


def _dart_spellings(dart: darts.Dart) -> set[str]:
    extra = {"SB": {"25", "BULL"}, "DB": {"50", "BULLSEYE"}, "M": {"0", "MISS"}}
    code = dart.code
    if code in extra:
        return {code, *extra[code]}
    return {code, code[1:]} if code[0] == "S" else {code}


# text that often spells a code (so that the property meets accepted input too)
NOTATION_TEXT = st.text(
    alphabet=st.sampled_from(list("0123456789AJQKTSHDCXMBULEOIR♠♥♦♣ſ٣\u00a0 tsjkx*+_")),
    max_size=9,
) | st.text(max_size=9)


@pytest.mark.parametrize(
    "text", ["11H", "1S", "12D", "13C", "JKR", "*", "Aſ", "٣S", "1 1H", "10", "AS2"]
)
def test_a_card_code_the_notation_does_not_list_is_refused_with_an_example(text):
    with pytest.raises(BadInput) as err:
        cards.parse_card(text, "double-jokers")
    assert "Example: " in str(err.value)


@pytest.mark.parametrize("text", ["1", "11", "ACE", "deuces", "twos", "٣", "1O"])
def test_a_rank_is_only_a_2_10_j_q_k_or_t(text):
    with pytest.raises(BadInput, match="ranks are A 2-10 J Q K"):
        cards.parse_rank(text)
    assert [cards.parse_rank(r) for r in ("a", "T", "10", " q ")] == [
        "A",
        "10",
        "10",
        "Q",
    ]


@pytest.mark.parametrize(
    "text", ["bounce", "X", "S25", "D25", "OB", "IB", "020", "T٢٠", "ſb"]
)
def test_a_dart_the_notation_does_not_list_is_refused_with_an_example(text):
    with pytest.raises(BadInput, match="is not a dart") as err:
        darts.parse_dart(text)
    assert "Example: " in str(err.value)


@pytest.mark.parametrize("text", ["04", "٤", "+4", "4.0", "1_0", 4.0])
def test_a_die_face_is_one_ascii_digit_from_1_to_6(text):
    with pytest.raises(BadInput, match="die"):
        dice.parse_die(text)


@pytest.mark.parametrize("text", ["1", "ace", "KING", "8"])
def test_a_poker_die_face_is_9_10_j_q_k_or_a_only(text):
    with pytest.raises(BadInput, match="9 10 J Q K A"):
        dice.parse_poker_die(text)


@pytest.mark.parametrize("deck", sorted(cards.DECKS))
def test_every_card_of_every_deck_round_trips_through_each_of_its_spellings(deck):
    for card in cards.DECKS[deck].copies:
        assert cards.parse_card(card, deck) == card
        for spelt in _card_spellings(card):
            assert cards.parse_card(spelt.lower(), deck) == card
            assert cards.parse_card(f" {spelt} ", deck) == card


@given(st.sampled_from(darts.all_darts()))
def test_every_dart_round_trips_through_each_of_its_spellings(dart):
    for spelt in _dart_spellings(dart):
        assert darts.parse_dart(spelt).code == dart.code
        assert darts.parse_dart(spelt.lower()) == dart


@given(NOTATION_TEXT, st.sampled_from(sorted(cards.DECKS)))
def test_random_text_is_a_listed_spelling_of_the_card_it_reads_as_or_refused(
    text, deck
):
    try:
        card = cards.parse_card(text, deck)
    except BadInput:
        return
    assert card in cards.DECKS[deck].copies
    assert _as_written(text) in _card_spellings(card)
    assert cards.parse_card(card, deck) == card  # canonical is a fixed point


@given(NOTATION_TEXT)
def test_random_text_is_a_listed_spelling_of_the_dart_it_reads_as_or_refused(text):
    try:
        dart = darts.parse_dart(text)
    except BadInput:
        return
    assert _as_written(text) in _dart_spellings(dart)
    assert darts.parse_dart(dart.code) == dart


@given(NOTATION_TEXT)
def test_random_text_is_the_die_or_rank_it_reads_as_or_refused(text):
    written = _as_written(text)
    for parse, spellings in (
        (dice.parse_die, lambda v: {str(v)}),
        (dice.parse_poker_die, lambda v: {v, "T"} if v == "10" else {v}),
        (cards.parse_rank, lambda v: {v, "T"} if v == "10" else {v}),
    ):
        try:
            value = parse(text)
        except BadInput:
            continue
        assert written in spellings(value)
        assert parse(str(value)) == value


@pytest.mark.parametrize(
    "text", ["c", "cueball", "cue ball", "0", "07", "٣", "16", "+3"]
)
def test_a_billiard_ball_is_cue_or_a_number_from_1_to_15_only(text):
    with pytest.raises(BadInput, match="is not a ball"):
        parse_ball(text, "ball", cue=True)
    assert [parse_ball(b, "ball", cue=True) for b in ("cue", "CUE", " 9 ", 15)] == [
        "cue",
        "cue",
        9,
        15,
    ]


@given(NOTATION_TEXT | st.sampled_from(["cue", "Cue", "15", "1", "01", "c"]))
def test_random_text_is_the_ball_it_reads_as_or_refused(text):
    try:
        ball = parse_ball(text, "ball", cue=True)
    except BadInput:
        return
    assert _as_written(text) == str(ball).upper()


@pytest.mark.parametrize("text", ["١٠", "1_0", "10.0", "0x0a", "ten"])
def test_a_whole_number_field_takes_ascii_digits_only(text):
    field = Field("points", "integer", "Points scored.", minimum=0, maximum=180)
    with pytest.raises(BadInput, match="'points' is a whole number"):
        fields.parse_field(field, text, None, None)
    assert fields.parse_field(field, " 10 ", None, None) == 10
    assert fields.parse_field(field, "-0", None, None) == 0


@pytest.mark.parametrize("text", ["[" * 5000, "[" * 5000 + "]" * 5000, "[[6, 6, 1]]"])
def test_a_roll_is_one_flat_list_and_deep_brackets_are_refused_not_a_crash(text):
    """Issue 25 (found by the fuzzer): "[" * 5000 raised RecursionError (a 500)."""
    with pytest.raises(BadInput, match="not a die face|dice"):
        dice.parse_roll(text, count=3)
    assert dice.parse_roll(" [6,6 ,1] ", count=3) == [6, 6, 1]


@pytest.mark.parametrize("text", ["1" * 5000, "0" * 4301, "٣", "1.0", "+1"])
def test_a_seat_by_number_is_a_few_ascii_digits_and_never_a_crash(text):
    """Issue 25 (found by the fuzzer): 5,000 digits made int() raise ValueError."""
    seat = Field("player", "seat", "Who.")
    with pytest.raises(BadInput, match="is not a player in this match"):
        fields.parse_field(seat, text, {"players": ["Ann", "Bob"]}, None)
    assert fields.parse_field(seat, " 1 ", {"players": ["Ann", "Bob"]}, None) == 1


@given(NOTATION_TEXT, st.sampled_from(sorted(cards.DECKS)))
def test_the_openapi_card_pattern_takes_exactly_what_the_card_parser_takes(text, deck):
    """The API's schema and its parser agree (spaces aside, which the schema omits)."""
    try:
        cards.parse_card(text, deck)
        parsed = True
    except BadInput:
        parsed = False
    matched = re.fullmatch(cards.card_pattern(deck), text) is not None
    assert matched == (parsed and "".join(text.split()) == text)
