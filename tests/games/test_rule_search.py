"""Rule search: typed-with-thumbs phrasings find their rule; exact words stay exact."""

from __future__ import annotations

import string

import pytest
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from rapidfuzz import process
from rapidfuzz.distance import OSA

from referee import rulebook
from referee.rulebook import lookup

# What players type on a phone: typos, missing, doubled and swapped letters, missing
# or extra spaces. Each finds its rule in the top three, in its game and across all.
THUMBS = [
    # billiards
    ("scrach", "billiards/19"),
    ("scracth", "billiards/19"),
    ("scratchd", "billiards/19"),
    ("cue bal went in", "billiards/19"),
    ("cueball went in", "billiards/19"),
    ("dubble hit", "billiards/22"),
    ("doble hit", "billiards/22"),
    ("doublehit", "billiards/22"),
    ("jumpd off", "billiards/27"),
    ("jumped of the table", "billiards/27"),
    ("frozn", "billiards/37"),
    ("frozen to the rial", "billiards/37"),
    ("kitchn", "billiards/38"),
    ("kitchin", "billiards/9"),
    ("pussh", "billiards/23"),
    ("moveing ball", "billiards/13"),
    ("chaulk fell", "billiards/24"),
    ("measureing the gap", "billiards/41"),
    ("lagg", "billiards/5"),
    # darts 301
    ("bustd", "darts-301/bust"),
    ("bussted", "darts-301/bust"),
    ("went undr", "darts-301/bust"),
    ("wentunder", "darts-301/bust"),
    ("bounceout", "darts-301/bounce-out"),
    ("chekout", "darts-301/double-out"),
    ("dubble out", "darts-301/double-out"),
    ("bulseye", "darts-301/scoring"),
    ("tripple 20", "darts-301/scoring"),
    ("three dart avrage", "darts-301/stats"),
    # baseball darts
    ("newfoundlnd", "darts-baseball/newfoundland"),
    ("mised the 7", "darts-baseball/newfoundland"),
    ("yogi bera", "darts-baseball/yogi-berra"),
    ("extra inings", "darts-baseball/extra-innings"),
    ("overtme", "darts-baseball/extra-innings"),
    ("line scoer", "darts-baseball/line-score"),
    # bunko
    ("wipeout", "bunko/wipeout"),
    ("wipe out", "bunko/wipeout"),
    ("wipout", "bunko/wipeout"),
    ("snake eyse", "bunko/wipeout"),
    ("three sixs", "bunko/bunko"),
    ("scrambel", "bunko/scramble"),
    ("grabed the dice", "bunko/scramble"),
    ("head tabel", "bunko/head-table"),
    ("tie braek", "bunko/tie-break"),
    ("partnrs", "bunko/partners"),
    # gin rummy
    ("undercutt", "gin-rummy/undercut"),
    ("under cut", "gin-rummy/undercut"),
    ("underknocked", "gin-rummy/undercut"),
    ("knocked with 11", "gin-rummy/knock"),
    ("nocked", "gin-rummy/knock"),
    ("dead wood", "gin-rummy/deadwood"),
    ("deadwod", "gin-rummy/deadwood"),
    ("going jin", "gin-rummy/gin"),
    ("layof", "gin-rummy/lay-off"),
    ("skunked", "gin-rummy/game-bonus"),
    # bare "upcard" now names a rule in four card games: ask as a gin player would
    ("pass the upcrad", "gin-rummy/first-turn"),
    # six card golf
    ("colum pair", "golf-six/column-pair"),
    ("discrad it again", "golf-six/taken-discard"),
    ("jokr minus two", "golf-six/jokers"),
    ("last tun", "golf-six/last-turns"),
    ("turn two up", "golf-six/turn-two-up"),
    # ten-card basketball
    ("pair of aces", "basketball-ten/no-ace-king-sets"),
    ("kings in a set", "basketball-ten/no-ace-king-sets"),
    ("take the discrad", "basketball-ten/taken-discard"),
    ("ten turns", "basketball-ten/ten-turns"),
    ("too decks", "basketball-ten/packs"),
    # bowling solitaire
    ("back row pin", "bowling-solitaire/first-card-back-row"),
    ("centre pin alone", "bowling-solitaire/first-card-centre"),
    ("perfct game", "bowling-solitaire/perfect-game"),
    ("tenth frane", "bowling-solitaire/tenth-frame"),
    ("next to a falen pin", "bowling-solitaire/next-to-fallen"),
    ("adjacnt pins", "bowling-solitaire/adjacent-pins"),
    # bowling pairing card game
    ("pair over ten", "bowling-cards/over-ten"),
    ("joker strke", "bowling-cards/strike"),
    ("left to rigth", "bowling-cards/left-to-right"),
    ("held crads", "bowling-cards/held-cards"),
    ("improve an eror", "bowling-cards/improving"),
    ("avrage of six frames", "bowling-cards/average"),
    # pinochle
    ("dealer stuk", "pinochle/dealer-forced"),
    ("overtrump", "pinochle/crawl-in-trump"),
    ("throw in hnd", "pinochle/throw-in"),
    ("pinocle", "pinochle/pinochles"),
    ("aces arond", "pinochle/arounds"),
    ("go set", "pinochle/set"),
    ("marrige in trump", "pinochle/marriages"),
    ("last trik", "pinochle/last-trick"),
    ("must i folow suit", "pinochle/follow-suit"),
    # liar's dice
    ("caled his bluf", "liars-dice/call"),
    ("opend the box", "liars-dice/call"),
    ("claim to low", "liars-dice/beat-the-claim"),
    ("same claim agian", "liars-dice/beat-the-claim"),
    ("five aces", "liars-dice/top-claim"),
    ("full hose beats stright", "liars-dice/ranking"),
    ("stright", "liars-dice/straights"),
    ("face up on the trey", "liars-dice/face-up"),
    ("who starts nxt box", "liars-dice/restart"),
    ("lost a life", "liars-dice/bets"),
    ("pass left or rite", "liars-dice/direction"),
    ("acept the claim", "liars-dice/accept"),
    ("rerol", "liars-dice/accept"),
    ("last player left", "liars-dice/winner"),
    # five card draw
    ("double drw", "poker-draw/double-draw"),
    ("one eyed jacks wild", "poker-draw/wild-cards"),
    ("lowbal deuce to seven", "poker-draw/lowball"),
    # jacks to open, trips to win
    ("jacks or beter to open", "poker-jacks-trips/openers"),
    ("nobody opend redeal", "poker-jacks-trips/nobody-opens"),
    ("progresive jackpot", "poker-jacks-trips/progressive-jackpot"),
    ("no trips draw again", "poker-jacks-trips/nobody-reveals"),
    # poker: baseball
    ("rained out", "poker-baseball/rainout"),
    ("qeen of spades", "poker-baseball/rainout"),
    ("dome over the stadum", "poker-baseball/dome"),
    ("pay for up three", "poker-baseball/pay-up-threes"),
    ("match the pott", "poker-baseball/payment"),
    ("four face up extra card", "poker-baseball/four"),
    ("flip my down four", "poker-baseball/turn-up-four"),
    ("face down wild", "poker-baseball/pay-down-wilds"),
    ("five of a knd", "poker-baseball/five-of-a-kind"),
    ("run out of cards", "poker-baseball/short-deck"),
    ("way we usualy play", "poker-baseball/usual-way"),
    ("seventh stret", "poker-baseball/streets"),
    # poker: midnight baseball
    ("midnite baseball look at cards", "poker-midnight-baseball/look"),
    ("rolld all my cards", "poker-midnight-baseball/out"),
    ("beat the tabel", "poker-midnight-baseball/roll"),
    ("wild tabel card", "poker-midnight-baseball/table-card"),
    # poker: mexican sweat
    ("same rank as the table card", "mexican-sweat/match"),
    ("mexcan sweat fold", "mexican-sweat/match"),
    ("sweat no beting after match", "mexican-sweat/no-bet-after-match"),
    ("last player left wins", "mexican-sweat/end"),
    # canasta
    ("frozn pile", "canasta/frozen-pile"),
    ("red tree", "canasta/red-threes"),
    ("consealed", "canasta/concealed"),
    ("may i go owt", "canasta/may-i-go-out"),
    ("blak three", "canasta/black-threes"),
    ("minimum meld", "canasta/initial-meld"),
    ("pick up the pile", "canasta/taking-the-pile"),
    ("too many wilds", "canasta/wild-cap"),
    ("canaster", "canasta/canasta"),
    ("stock ran out", "canasta/stock-out"),
]


def top_three(query: str, game: str | None = None) -> list[str]:
    return [r.id for r in rulebook.search(query, game=game)[:3]]


@pytest.mark.parametrize(("phrase", "expected"), THUMBS)
def test_a_phrase_typed_with_thumbs_finds_its_rule_in_the_top_three(phrase, expected):
    game = expected.split("/", 1)[0]
    assert expected in top_three(phrase, game)
    assert expected in top_three(phrase), "across every game, as the home page asks"


def test_the_thumbs_table_covers_every_game_with_forty_phrases():
    games = {expected.split("/", 1)[0] for _, expected in THUMBS}
    assert games == set(rulebook.books())
    assert len(THUMBS) >= 40


def test_a_misspelt_word_ranks_the_rules_as_the_word_itself():
    for typo, word in [("scrach", "scratch"), ("kitchn", "kitchen"), ("bustd", "bust")]:
        assert top_three(typo) == top_three(word)


# --- how a query is read --------------------------------------------------------------


def reading(query: str, game: str | None = None) -> list[tuple[str, str]]:
    return [
        (t.stem, t.how) for t in rulebook.analyse(query, game) if t.how != "synonym"
    ]


def test_snowball_stemming_meets_the_forms_players_use():
    for forms in [
        ("scratch", "scratched", "scratches", "scratching"),
        ("double", "doubled", "doubles"),
        ("knock", "knocked", "knocking", "knocks"),
        ("bust", "busted", "busts"),
    ]:
        assert len({rulebook.stem(f) for f in forms}) == 1, forms


def test_typos_are_corrected_to_the_nearest_rulebook_word():
    assert ("scratch", "corrected") in reading("scrach")
    assert ("doubl", "corrected") in reading("dubble")
    assert ("ball", "corrected") in reading("bal")
    assert ("undercut", "corrected") in reading("undercutt")


def test_short_words_are_not_corrected_into_other_words():
    # Three letters with one changed is too far from any word to guess which.
    assert reading("que") == [("que", "unknown")]
    assert reading("xq") == [("xq", "unknown")]


def test_words_typed_without_their_space_are_split_and_spaced_words_joined():
    assert reading("cueball") == [
        ("cue", "split"),
        ("ball", "split"),
        ("cue+ball", "pair"),
    ]
    assert ("deadwood", "joined") in reading("dead wood")
    assert ("wipeout", "joined") in reading("wipe out")


def test_a_corrected_word_counts_less_than_an_exact_one():
    exact = {t.stem: t.weight for t in rulebook.analyse("scratch")}
    corrected = {t.stem: t.weight for t in rulebook.analyse("scrach")}
    assert corrected["scratch"] < exact["scratch"]


def rulebook_words() -> list[str]:
    """Every word of every rule's title and keywords."""
    return sorted(
        {
            w
            for r in rulebook.all_rules()
            for text in (r.title, *r.keywords)
            for w in lookup.words(text)
        }
    )


def rule_stems(rule: rulebook.Rule) -> set[str]:
    parts = (rule.title, rule.summary, rule.text, rule.penalty, *rule.keywords)
    return set(rulebook.terms(" ".join(parts)))


def test_a_rulebook_word_is_never_corrected_so_exact_matches_come_first():
    """A word the rules use finds only rules that use it (or its synonyms' words)."""
    for word in rulebook_words():
        wanted = {rulebook.stem(word)}
        for game in rulebook.books():
            wanted |= {t.stem for t in rulebook.analyse(word, game)}
        assert {how for _, how in reading(word)} <= {"exact"}, word
        for hit in rulebook.search(word):
            assert rule_stems(hit) & wanted, (word, hit.id)


def test_a_long_query_is_read_up_to_its_first_words():
    assert top_three("scratch " * 5000, "billiards")[0] == "billiards/19"
    assert top_three("x" * 100_000) == []


def test_accents_case_and_wide_letters_are_folded():
    for query in ("SCRATCHED", "scrätched", "ｓｃｒａｔｃｈ"):
        assert top_three(query, "billiards")[0] == "billiards/19", query


def test_an_unknown_game_finds_nothing():
    assert rulebook.search("scratch", game="snooker") == []


# --- properties -----------------------------------------------------------------------

KEYWORD_WORDS = sorted(
    {
        w
        for r in rulebook.all_rules()
        for k in r.keywords
        for w in lookup.words(k)
        if w.isalpha() and len(w) >= 6
    }
)
VOCABULARY = sorted(
    {
        w
        for r in rulebook.all_rules()
        for text in (r.title, r.summary, r.text, r.penalty, *r.keywords)
        for w in lookup.words(text)
    }
    | {
        w
        for b in rulebook.books().values()
        for key, targets in b.synonyms
        for text in (key, *targets)
        for w in lookup.words(text)
    }
)
VOCABULARY_STEMS = frozenset(rulebook.stem(w) for w in VOCABULARY)
LETTERS = string.ascii_lowercase


@st.composite
def one_typo(draw: st.DrawFn) -> tuple[str, str]:
    """A keyword word of six letters or more, and it with one slip of the thumb."""
    word = draw(st.sampled_from(KEYWORD_WORDS))
    i = draw(st.integers(0, len(word) - 1))
    letter = draw(st.sampled_from(LETTERS))
    kind = draw(st.sampled_from(["drop", "double", "swap", "wrong", "extra"]))
    if kind == "drop":
        typo = word[:i] + word[i + 1 :]
    elif kind == "double":
        typo = word[:i] + word[i] + word[i:]
    elif kind == "swap":
        i = min(i, len(word) - 2)
        typo = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    elif kind == "wrong":
        typo = word[:i] + letter + word[i + 1 :]
    else:
        typo = word[:i] + letter + word[i:]
    return word, typo


@settings(max_examples=300, deadline=None)
@given(one_typo())
def test_one_typo_in_a_keyword_still_finds_a_rule_with_it_in_the_top_three(case):
    word, typo = case
    wanted = rulebook.stem(word)
    # The typo must not be a form of a rulebook word ("alled" stems to "all"), nor one
    # slip from another word: then no reader could tell which was meant.
    assume(typo != word)
    assume(rulebook.stem(typo) not in VOCABULARY_STEMS)
    near = process.extract(
        typo, VOCABULARY, scorer=OSA.distance, score_cutoff=1, limit=None
    )
    assume(all(rulebook.stem(v) == wanted for v, _, _ in near))
    hits = rulebook.search(typo)[:3]
    assert any(wanted in rule_stems(r) for r in hits), (typo, [r.id for r in hits])


@settings(max_examples=300, deadline=None)
@given(
    st.text(max_size=300),
    st.sampled_from([None, *sorted(rulebook.books()), "no-such-game"]),
)
def test_search_never_raises_on_any_text(query, game):
    hits = rulebook.search(query, game=game, limit=5)
    assert len(hits) <= 5
    assert all(isinstance(r, rulebook.Rule) for r in hits)
    assert all(r.game == game for r in hits) or game is None
    rulebook.analyse(query, game)
