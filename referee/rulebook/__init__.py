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

Search (``search(q)``, in ``lookup.py``) ranks rules with BM25 by the words of the
query, after Snowball stemming, typo correction and the synonym list, so "scratched",
"cue ball went in" and "scrach" all find the scratch rule.
"""

from __future__ import annotations

from referee.rulebook.lookup import BASE_SYNONYMS
from referee.rulebook.lookup import Term
from referee.rulebook.lookup import analyse
from referee.rulebook.lookup import corrections
from referee.rulebook.lookup import search
from referee.rulebook.lookup import stem
from referee.rulebook.lookup import synonyms
from referee.rulebook.lookup import terms
from referee.rulebook.texts import HERE
from referee.rulebook.texts import Book
from referee.rulebook.texts import Citations
from referee.rulebook.texts import Rule
from referee.rulebook.texts import all_rules
from referee.rulebook.texts import books
from referee.rulebook.texts import cite
from referee.rulebook.texts import rule

__all__ = [
    "BASE_SYNONYMS",
    "Book",
    "Citations",
    "HERE",
    "Rule",
    "Term",
    "all_rules",
    "analyse",
    "books",
    "cite",
    "corrections",
    "rule",
    "search",
    "stem",
    "synonyms",
    "terms",
]
