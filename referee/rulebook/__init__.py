"""The rulebook: every game's rules in the project's own words, with stable ids.

Each game has ``referee/rulebook/<module>.toml`` (``darts-301`` -> ``darts_301.toml``)::

    game = "darts-301"
    title = "Darts: 301"
    source = "Where the facts come from, and the readings chosen where it is unclear."

    [[rule]]
    id = "bust"                       # cited as "darts-301/bust"
    title = "Bust"
    summary = "One line."
    text = "The full statement, in our own words."
    penalty = "What it costs, if anything."   # optional
    see = ["darts-301/double-out"]    # optional cross-links (full ids)
    keywords = ["busted", "went under"]   # optional words players use
    option = "newfoundland"           # optional: the match option this rule belongs to

    [synonyms]                        # optional: words players use -> words rules use
    scratched = ["scratch"]

Search (``search(q)``) ranks rules by the words of the query, after light stemming
and a synonym list, so "scratched" and "cue ball went in" find the scratch rule.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

HERE = Path(__file__).parent


@dataclass(frozen=True)
class Rule:
    id: str  # full id: "<game>/<local id>"
    game: str
    number: str  # the local id ("19", "bust")
    title: str
    summary: str
    text: str
    penalty: str = ""
    see: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    option: str = ""  # the match option this rule belongs to, if any

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "game": self.game,
            "title": self.title,
            "summary": self.summary,
            "text": self.text,
            "penalty": self.penalty,
            "see": list(self.see),
            "keywords": list(self.keywords),
            "option": self.option,
        }


@dataclass(frozen=True)
class Book:
    game: str
    title: str
    source: str
    rules: tuple[Rule, ...]
    intro: str = ""
    synonyms: tuple[tuple[str, tuple[str, ...]], ...] = ()


@cache
def books() -> dict[str, Book]:
    """Every game's rulebook, by game id."""
    out: dict[str, Book] = {}
    for path in sorted(HERE.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        game = data["game"]
        rules = tuple(
            Rule(
                id=f"{game}/{r['id']}",
                game=game,
                number=str(r["id"]),
                title=r["title"],
                summary=r["summary"],
                text=r["text"].strip(),
                penalty=r.get("penalty", "").strip(),
                see=tuple(r.get("see", ())),
                keywords=tuple(r.get("keywords", ())),
                option=r.get("option", ""),
            )
            for r in data.get("rule", [])
        )
        synonyms = tuple(
            (word.lower(), tuple(v)) for word, v in data.get("synonyms", {}).items()
        )
        out[game] = Book(
            game,
            data["title"],
            data["source"].strip(),
            rules,
            data.get("intro", "").strip(),
            synonyms,
        )
    return out


@cache
def _index() -> dict[str, Rule]:
    return {r.id: r for b in books().values() for r in b.rules}


def rule(rule_id: str) -> Rule | None:
    return _index().get(rule_id)


def all_rules() -> list[Rule]:
    return list(_index().values())


# --- search ------------------------------------------------------------------------

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    {
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "i",
        "if",
        "in",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "the",
        "to",
        "was",
        "were",
        "with",
        "my",
        "his",
        "her",
        "their",
        "they",
        "he",
        "she",
        "you",
        "your",
        "what",
        "when",
        "who",
        "how",
        "did",
        "does",
        "do",
    }
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


def stem(word: str) -> str:
    """A light Porter-style stemmer: "scratched", "scratches" and "scratch" meet."""
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("sses"):
        word = word[:-2]
    elif word.endswith(("ies", "ied")) and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ingly", "edly", "ing", "ed", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]  # "stopped" -> "stop"
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]  # "double", "doubled" -> "doubl"
    return word


def terms(text: str) -> list[str]:
    return [stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP]


@cache
def _search_index() -> list[tuple[Rule, dict[str, float]]]:
    weighted = []
    for r in all_rules():
        weights: dict[str, float] = {}
        for text, w in (
            (r.title, 5.0),
            (" ".join(r.keywords), 4.0),
            (r.summary, 2.0),
            (r.penalty, 1.0),
            (r.text, 1.0),
        ):
            for t in terms(text):
                weights[t] = weights.get(t, 0.0) + w
        weighted.append((r, weights))
    return weighted


@cache
def synonyms(game: str | None = None) -> dict[str, tuple[str, ...]]:
    """Synonyms keyed by stemmed word or phrase: the shared ones plus ``game``'s own."""
    merged: dict[str, list[str]] = {}
    book = books().get(game) if game else None
    pairs = list(BASE_SYNONYMS.items()) + list(book.synonyms if book else ())
    for word, targets in pairs:
        key = " ".join(terms(word)) or word
        merged.setdefault(key, []).extend(targets)
    return {k: tuple(v) for k, v in merged.items()}


def _expand(words: list[str], game: str | None) -> list[tuple[str, float]]:
    """The query's terms plus its synonyms (a phrase key must match in order)."""
    expanded: list[tuple[str, float]] = [(w, 1.0) for w in words]
    joined = f" {' '.join(words)} "
    for key, targets in synonyms(game).items():
        if (" " in key and f" {key} " in joined) or key in words:
            for target in targets:
                expanded.extend((t, 0.8) for t in terms(target))
    return expanded


def search(query: str, game: str | None = None, limit: int = 20) -> list[Rule]:
    """Rules ranked by how well they match the words of ``query``.

    Each rulebook's own synonyms apply to its own rules only, so one game's slang
    cannot reorder another game's results.
    """
    words = terms(query)
    if not words:
        return []
    per_game: dict[str, list[tuple[str, float]]] = {}
    scored = []
    for r, weights in _search_index():
        if game and r.game != game:
            continue
        if r.game not in per_game:
            per_game[r.game] = _expand(words, r.game)
        expanded = per_game[r.game]
        score = sum(weights.get(t, 0.0) * f for t, f in expanded)
        hits = sum(1 for t, _ in expanded if t in weights)
        if score:
            scored.append((score * (1 + hits), r.id, r))
    scored.sort(key=lambda s: (-s[0], s[1]))
    return [r for _, _, r in scored[:limit]]
