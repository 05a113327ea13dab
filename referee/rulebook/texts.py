"""The rulebooks as data: every game's rules read from its TOML, and the handles
engines cite them through."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from referee import warmup

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
    # What the rule does: "forbids" or "requires" something (the referee refuses or
    # penalises a breach, shown in the rule-coverage matrix) or "describes" (how
    # play goes, how it scores); "" where the rulebook does not say yet.
    kind: str = ""
    # Why a rule that forbids or requires something cannot be checked at the table
    # (equipment, manners, what nobody tells the app); "" when it is checked.
    unchecked: str = ""

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
            "kind": self.kind,
            "unchecked": self.unchecked,
        }


@dataclass(frozen=True)
class Book:
    game: str
    title: str
    source: str
    rules: tuple[Rule, ...]
    intro: str = ""
    synonyms: tuple[tuple[str, tuple[str, ...]], ...] = ()


@warmup.at_start
@cache
def books() -> dict[str, Book]:
    """Every game's rulebook, by game id."""
    out: dict[str, Book] = {}
    for path in sorted(HERE.glob("*.toml")):
        book = read_book(path.read_text(encoding="utf-8"))
        out[book.game] = book
    return out


def read_book(toml: str) -> Book:
    """One rulebook from its TOML text (the format in ``referee/rulebook``)."""
    data = tomllib.loads(toml)
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
            kind=_kind(game, r),
            unchecked=" ".join(r.get("unchecked", "").split()),
        )
        for r in data.get("rule", [])
    )
    synonyms = tuple(
        (word.lower(), tuple(v)) for word, v in data.get("synonyms", {}).items()
    )
    return Book(
        game,
        data["title"],
        data["source"].strip(),
        rules,
        data.get("intro", "").strip(),
        synonyms,
    )


KINDS = ("forbids", "requires", "describes")


def _kind(game: str, entry: dict[str, object]) -> str:
    kind = str(entry.get("kind", ""))
    if kind and kind not in KINDS:
        raise ValueError(f"{game}/{entry['id']}: kind {kind!r} is not one of {KINDS}")
    return kind


@cache
def _index() -> dict[str, Rule]:
    return {r.id: r for b in books().values() for r in b.rules}


def rule(rule_id: str) -> Rule | None:
    return _index().get(rule_id)


def all_rules() -> list[Rule]:
    return list(_index().values())


class Citations:
    """One game's handle on its rulebook: ``cite("bust")`` -> ``"darts-301/bust"``.

    An engine makes its handle and takes every id it cites from it at import
    (module-level constants), so a misspelt or removed rule fails the import, not a
    ruling at the table. ``cited`` is every id handed out, for the coverage matrix.
    """

    def __init__(self, game: str) -> None:
        book = books().get(game)
        if book is None:
            raise LookupError(f"no rulebook for {game!r} (referee/rulebook/*.toml)")
        self.game = game
        self._numbers = frozenset(r.number for r in book.rules)
        self.cited: set[str] = set()

    def __call__(self, local: str) -> str:
        if local not in self._numbers:
            raise LookupError(f"{self.game} has no rule {local!r} in its rulebook")
        full = f"{self.game}/{local}"
        self.cited.add(full)
        return full


@cache
def cite(game: str) -> Citations:
    """The rulebook handle of ``game`` (see ``Citations``): one per game, shared by
    the modules of its engine."""
    return Citations(game)
