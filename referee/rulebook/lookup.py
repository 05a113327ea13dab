"""Rule search: Snowball stems, typo correction, BM25F ranking.

How a query is read (``analyse``):

1. words: Unicode folded to plain letters and digits, lower case, stop words dropped,
   a negation with or without its apostrophe ("didn't", "didnt") read as "not";
2. each word is stemmed with Snowball's English stemmer ("scratched" -> "scratch");
3. a word whose stem no rulebook uses is corrected (rapidfuzz): to the nearest known
   word one edit away (a letter missing, extra, wrong, or two swapped); else, if it is
   two known words typed without their space, to those ("cueball" -> "cue ball");
   else to the nearest word two edits away ("dubble" -> "double"). Words of one or two
   letters are never corrected, and words up to five letters only by one edit that
   keeps three quarters of their letters in order ("bal" -> "ball", but "que" stays),
   so short words are not turned into other words. Two typed words that join into a
   known word ("dead wood") add that word too;
4. the rulebook's ``[synonyms]`` add the words its rules use (each game its own).

Exact words weigh 1, synonyms 0.8 and corrected words less (0.7 one edit away, 0.55
two), so a rule matching what was typed ranks above one matching a guess. A word
that is a rulebook word is never corrected.

Ranking is BM25F: Okapi BM25 (k1 = 1.2, b = 0.75) over weighted fields of each rule
(title 3, keywords 2.5, summary 1.5, text and penalty 1, and 2 for each two words
side by side in the title or a keyword, so "tie break" prefers the rule named so),
with the inverse document frequency taken over every rule of every game (a pair counts
as used by every rule whose text has it, so "cue ball" weighs little in pool). Asked
across every game, a query that names a game lifts that game's rules by up to
``GAME_NAMED``. The index is built once per process: rulebooks do not change while the
app runs.
"""

from __future__ import annotations

import math
import re
import threading
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from functools import lru_cache

import snowballstemmer
from rapidfuzz import process
from rapidfuzz.distance import OSA
from rapidfuzz.distance import Indel

from referee import warmup
from referee.rulebook import texts as rulebook

K1 = 1.2
B = 0.75
FIELDS: tuple[tuple[str, float], ...] = (
    ("title", 3.0),
    ("keywords", 2.5),
    ("summary", 1.5),
    ("text", 1.0),
    ("pairs", 2.0),  # two words side by side in the title or a keyword: "tie break"
)
EXACT = 1.0
JOINED = 0.9  # "dead wood" -> "deadwood": both words were typed, the space was not
SPLIT = 0.9  # "cueball" -> "cue", "ball"
SYNONYM = 0.8
CORRECTED = {0: EXACT, 1: 0.7, 2: 0.55}  # by edit distance (0 never reaches here)
# Asked across every game, a query that names a game ("midnight baseball look at
# cards", "nine ball push out") lifts that game's rules by up to this share.
GAME_NAMED = 0.15
# A query is a few words typed on a phone; past these, the rest is ignored.
MAX_QUERY_CHARS = 500
MAX_WORDS = 32
MAX_WORD_LEN = 40

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    (  # noqa: SIM905 (one line of words reads better than forty)
        "a an and are as at be by for from i if in is it its of on or the to was were "
        "with my his her their they he she you your what when who how did does do"
    ).split()
)
# Words players use -> the words the rules use; each rulebook adds its own [synonyms].
BASE_SYNONYMS: dict[str, tuple[str, ...]] = {
    "busted": ("bust",),
    "finish": ("checkout", "double"),
    "checkout": ("finish", "double"),
    "bullseye": ("bull",),
    "treble": ("triple",),
    "triple": ("treble",),
}

_STEMMER = snowballstemmer.stemmer("english")
_STEMMER_LOCK = threading.Lock()  # a Snowball stemmer keeps its state between calls


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Snowball's English stem: "scratched", "scratches" and "scratch" meet."""
    with _STEMMER_LOCK:
        return _STEMMER.stemWord(word)


# "didn't", "didnt" and "did not" are one thing to a rule ("did not hit"): a
# negation typed with or without its apostrophe is read as "not".
_NOT = re.compile(r"(?:\bca|\bwo)?n['\u2019]t\b")  # "can't" and "won't" too
_NEGATIONS = frozenset(
    (  # noqa: SIM905
        "didnt doesnt dont isnt wasnt werent arent cant couldnt wouldnt shouldnt "
        "wont hasnt havent hadnt aint"
    ).split()
)


def words(text: str) -> list[str]:
    """The words of ``text`` as typed (folded to a-z and 0-9), without stop words."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    plain = _NOT.sub(" not", plain)
    return [
        "not" if w in _NEGATIONS else w for w in _WORD.findall(plain) if w not in _STOP
    ]


def terms(text: str) -> list[str]:
    """The stems of the words of ``text``: what the index stores."""
    return [stem(w) for w in words(text)]


# --- the index -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Index:
    rules: tuple[rulebook.Rule, ...]
    # game -> stem -> [(position in rules, BM25F contribution of the stem)]
    postings: dict[str, dict[str, tuple[tuple[int, float], ...]]]
    stems: frozenset[str]  # every stem a rulebook uses (rules and synonyms)
    spelled: dict[str, str]  # every word a rulebook uses, as spelled -> its stem
    df: dict[str, int]  # stem -> how many rules use it


def _field_texts(r: rulebook.Rule) -> dict[str, str]:
    return {
        "title": r.title,
        "keywords": " ".join(r.keywords),
        "summary": r.summary,
        "text": f"{r.text} {r.penalty}",
    }


def _pairs(stems: list[str]) -> list[str]:
    """Each two neighbouring stems as one term ("tie break" -> "tie+break")."""
    return [f"{a}+{b}" for a, b in zip(stems, stems[1:], strict=False)]


@warmup.at_start
@cache
def _index() -> _Index:
    rules = tuple(rulebook.all_rules())
    fields = [
        {name: terms(text) for name, text in _field_texts(r).items()} for r in rules
    ]
    for r, f in zip(rules, fields, strict=True):
        f["pairs"] = [p for name in (r.title, *r.keywords) for p in _pairs(terms(name))]
    average = {
        name: max(1.0, sum(len(f[name]) for f in fields) / max(1, len(fields)))
        for name, _ in FIELDS
    }
    df: dict[str, int] = defaultdict(int)
    pseudo_tf: list[dict[str, float]] = []
    for f in fields:
        tf: dict[str, float] = defaultdict(float)
        for name, weight in FIELDS:
            norm = 1 - B + B * len(f[name]) / average[name]
            counts: dict[str, int] = defaultdict(int)
            for t in f[name]:
                counts[t] += 1
            for t, n in counts.items():
                tf[t] += weight * n / norm
        # A pair counts as used by every rule whose text has it, not only by those
        # naming it in a title or keyword: "cue ball", in half the pool rules' text,
        # is no sign of the few whose keywords say it.
        every_pair = {p for name in ("summary", "text") for p in _pairs(f[name])}
        for t in set(tf) | every_pair:
            df[t] += 1
        pseudo_tf.append(tf)
    total = len(rules)
    postings: dict[str, dict[str, list[tuple[int, float]]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for i, (r, tf) in enumerate(zip(rules, pseudo_tf, strict=True)):
        for t, x in tf.items():
            idf = math.log(1 + (total - df[t] + 0.5) / (df[t] + 0.5))
            postings[r.game][t].append((i, idf * x * (K1 + 1) / (K1 + x)))

    spelled: dict[str, str] = {}
    texts = [text for r in rules for text in _field_texts(r).values()]
    for book in rulebook.books().values():
        for word, targets in book.synonyms:
            texts.extend([word, *targets])
    for word, targets in BASE_SYNONYMS.items():
        texts.extend([word, *targets])
    for text in texts:
        for w in words(text):
            spelled.setdefault(w, stem(w))
    return _Index(
        rules=rules,
        postings={
            g: {t: tuple(p) for t, p in by_term.items()}
            for g, by_term in postings.items()
        },
        stems=frozenset(spelled.values()) | frozenset(df),
        spelled=spelled,
        df=dict(df),
    )


@cache
def _candidates(game: str | None) -> tuple[str, ...]:
    """The words a typo may be corrected to: those of ``game``'s rulebook, or all."""
    index = _index()
    book = rulebook.books().get(game) if game else None
    if book is None:
        pool = set(index.spelled)
    else:
        texts = [text for r in book.rules for text in _field_texts(r).values()]
        texts += [t for word, targets in book.synonyms for t in (word, *targets)]
        pool = {w for text in texts for w in words(text)}
    return tuple(sorted(w for w in pool if w.isalpha() and len(w) >= 3))


def _limits(length: int) -> tuple[int, float]:
    """How far a word of ``length`` letters may be corrected: (edits, similarity).

    Under three letters nothing is corrected. Up to five letters, one edit that keeps
    three quarters of the letters in order ("bal" -> "ball", "bsut" -> "bust", but not
    "lag" -> "leg"); from six letters, two edits ("dubble" -> "double").
    """
    if length < 3:
        return 0, 1.0
    if length <= 5:
        return 1, 0.75
    return 2, 0.7


@lru_cache(maxsize=8192)
def _nearest(word: str, game: str | None) -> tuple[tuple[str, int], ...]:
    """The known words nearest to ``word`` as (word, edits), best first, ties kept."""
    edits, similarity = _limits(len(word))
    if not edits or not word.isalpha():
        return ()
    found = process.extract(
        word, _candidates(game), scorer=OSA.distance, score_cutoff=edits, limit=None
    )
    index = _index()
    ranked = []
    for known, distance, _ in found:
        # Indel similarity prefers a missing or extra letter to a wrong one.
        similar = Indel.normalized_similarity(word, known)
        if similar >= similarity:
            common = index.df.get(index.spelled[known], 0)
            ranked.append((distance, -similar, -common, known))
    ranked.sort()
    best = ranked[0][:2] if ranked else None
    return tuple((r[3], r[0]) for r in ranked if r[:2] == best)[:3]


def _split(word: str) -> tuple[str, ...]:
    """A word typed without its space, as the two known words it joins, or ()."""
    spelled = _index().spelled
    runs = re.findall(r"[a-z]+|[0-9]+", word)
    if len(runs) > 1:  # "3fouls": letters and digits are separate words
        return tuple(runs) if all(r in spelled for r in runs) else ()
    options = [
        (min(i, len(word) - i), word[:i], word[i:])
        for i in range(2, len(word) - 1)
        if word[:i] in spelled and word[i:] in spelled
    ]
    # The most even split: the longer both words, the surer the reading.
    return max(options)[1:] if options else ()


@dataclass(frozen=True)
class Term:
    """One stem the search looks for, how much it counts, and where it came from."""

    stem: str
    weight: float
    typed: str  # the words of the query it comes from
    meant: str  # the word it was read as ("scratch" for "scrach")
    # "exact", "split", "corrected", "joined", "pair", "synonym" or "unknown"
    how: str


@dataclass(frozen=True)
class _Reading:
    terms: tuple[Term, ...]
    sequence: tuple[tuple[str, float], ...]  # the best reading in order, for phrases


def _read(query: str, game: str | None) -> _Reading:
    # Cut before the cache, so a long query cannot fill memory with its copies.
    return _read_cut(query[:MAX_QUERY_CHARS], game)


@lru_cache(maxsize=4096)
def _read_cut(query: str, game: str | None) -> _Reading:
    index = _index()
    typed = [w for w in words(query) if len(w) <= MAX_WORD_LEN]
    typed = typed[:MAX_WORDS]
    found: list[Term] = []
    sequence: list[tuple[str, float]] = []
    for word in typed:
        s = stem(word)
        if s in index.stems:
            found.append(Term(s, EXACT, word, word, "exact"))
            sequence.append((s, EXACT))
            continue
        # One edit away beats a split ("outsdie" is "outside", not "out die"), and a
        # split beats two edits ("doublehit" is "double hit").
        near = _nearest(word, game)
        parts = () if near and near[0][1] == 1 else _split(word)
        if parts:
            for part in parts:
                found.append(Term(stem(part), SPLIT, word, part, "split"))
                sequence.append((stem(part), SPLIT))
            continue
        if near:
            for known, edits in near:
                found.append(
                    Term(
                        index.spelled[known], CORRECTED[edits], word, known, "corrected"
                    )
                )
            sequence.append((index.spelled[near[0][0]], CORRECTED[near[0][1]]))
            continue
        found.append(Term(s, EXACT, word, word, "unknown"))
        sequence.append((s, EXACT))
    for first, second in zip(typed, typed[1:], strict=False):
        joined = first + second
        if joined in index.spelled:
            found.append(
                Term(
                    index.spelled[joined], JOINED, f"{first} {second}", joined, "joined"
                )
            )
    for (a, weight_a), (b, weight_b) in zip(sequence, sequence[1:], strict=False):
        found.append(
            Term(f"{a}+{b}", min(weight_a, weight_b), f"{a} {b}", f"{a} {b}", "pair")
        )
    return _Reading(tuple(found), tuple(sequence))


@cache
def synonyms(game: str | None = None) -> dict[str, tuple[str, ...]]:
    """Synonyms keyed by stemmed word or phrase: the shared ones plus ``game``'s own."""
    merged: dict[str, list[str]] = {}
    book = rulebook.books().get(game) if game else None
    pairs = list(BASE_SYNONYMS.items()) + list(book.synonyms if book else ())
    for word, targets in pairs:
        key = " ".join(terms(word)) or word
        merged.setdefault(key, []).extend(targets)
    return {k: tuple(v) for k, v in merged.items()}


@cache
def _synonym_terms(
    game: str | None,
) -> dict[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """``synonyms(game)`` ready to look up: key stems -> (stem, target) to add."""
    table: dict[tuple[str, ...], tuple[tuple[str, str], ...]] = {}
    for key, targets in synonyms(game).items():
        adds = []
        for target in targets:
            stems = terms(target)
            adds.extend((t, target) for t in stems + _pairs(stems))
        table[tuple(key.split())] = tuple(adds)
    return table


def _with_synonyms(reading: _Reading, game: str | None) -> list[Term]:
    """The reading's terms and the words its synonyms stand for (phrases in order)."""
    table = _synonym_terms(game)
    longest = max(map(len, table), default=0)
    stems = [s for s, _ in reading.sequence]
    matched: dict[tuple[str, ...], float] = {}
    for i in range(len(stems)):
        for n in range(1, min(longest, len(stems) - i) + 1):
            key = tuple(stems[i : i + n])
            if key in table:
                # A phrase is only as sure as its least sure word.
                weight = min(w for _, w in reading.sequence[i : i + n])
                matched[key] = max(matched.get(key, 0.0), weight)
    found = list(reading.terms)
    for key, weight in matched.items():
        found.extend(
            Term(t, SYNONYM * weight, " ".join(key), target, "synonym")
            for t, target in table[key]
        )
    return found


def analyse(query: str, game: str | None = None) -> list[Term]:
    """What the search looks for when asked ``query`` (in ``game``'s rulebook)."""
    return _with_synonyms(_read(query, game), game)


def corrections(query: str, game: str | None = None) -> list[tuple[str, str]]:
    """Each word of ``query`` that was read as another, and what it was read as.

    ("scrach", "scratch"), ("cueball", "cue ball"), and ("chouse", "house or chose")
    when two words are as near.
    """
    read: dict[str, tuple[str, list[str]]] = {}
    for term in _read(query, game).terms:
        if term.how in ("corrected", "split"):
            joiner = " or " if term.how == "corrected" else " "
            meant = read.setdefault(term.typed, (joiner, []))[1]
            if term.meant not in meant:  # the same typo twice reads the same
                meant.append(term.meant)
    return [(typed, joiner.join(meant)) for typed, (joiner, meant) in read.items()]


@cache
def _title_stems() -> dict[str, frozenset[str]]:
    """Each game's name as stems, from its id and its rulebook's title."""
    return {
        game: frozenset(terms(f"{game.replace('-', ' ')} {book.title}"))
        for game, book in rulebook.books().items()
    }


def _games_named(stems: set[str]) -> dict[str, float]:
    """How much of each game's name the query says (0 to 1), for games it names."""
    out = {}
    for game, name in _title_stems().items():
        said = len(name & stems)
        if said:
            out[game] = said / len(name)
    return out


def search(query: str, game: str | None = None, limit: int = 20) -> list[rulebook.Rule]:
    """Rules ranked by BM25F for the words of ``query``, read as described above.

    Each rulebook's own synonyms apply to its own rules only, so one game's slang
    cannot reorder another game's results. An unknown ``game`` finds nothing.
    """
    index = _index()
    books = rulebook.books()
    if game is not None and game not in books:
        return []
    reading = _read(query, game)
    if not reading.terms:
        return []
    scores: dict[int, float] = defaultdict(float)
    for g in [game] if game else list(books):
        weights: dict[str, float] = {}
        for term in _with_synonyms(reading, g):
            weights[term.stem] = max(weights.get(term.stem, 0.0), term.weight)
        postings = index.postings.get(g, {})
        for t, weight in weights.items():
            for i, contribution in postings.get(t, ()):
                scores[i] += weight * contribution
    if game is None:
        named = _games_named({term.stem for term in reading.terms})
        for i in scores:
            scores[i] *= 1 + GAME_NAMED * named.get(index.rules[i].game, 0.0)
    ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    return [index.rules[i] for i, score in ranked[:limit] if score > 0]
