"""Every recorded example replays identically, on SQLite and on PostgreSQL.

The corpus (``tests/replay/corpus/``) was recorded by ``tests/replay/record.py`` on
the code before issue 22's refactor. Each file replays on a fresh database through
the Flask test client; an entry whose status, answer, content type or kept headers
differ is named with the first place it differs. A deliberate change issue 22 allows
is accepted only when ``tests/replay/allowed.json`` names it (README.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from tests.replay import corpus

FILES = corpus.files()


def test_the_corpus_is_there_and_small() -> None:
    names = {path.stem for path in FILES}
    assert {"pages", "tools", "reads", "players", "game-darts-301"} <= names
    assert any(n.startswith("tournament-") for n in names)
    assert sum(path.stat().st_size for path in FILES) < 3 * 1024 * 1024


def test_every_allowed_change_names_an_entry_of_the_corpus() -> None:
    entries = {
        f"{path.stem}::{entry['name']}" for path in FILES for entry in corpus.load(path)
    }
    stale = sorted(set(corpus.allowed()) - entries)
    assert not stale, f"allowed.json names entries the corpus lacks: {stale}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_corpus_replays_identically(app: Flask, path: Path) -> None:
    allowed = corpus.allowed()
    changed = {f"{path.stem}::{e['name']}" for e in corpus.load(path)} & set(allowed)
    differ = []
    for name, line, now in corpus.replay(app.test_client(), corpus.load(path)):
        accepted = allowed.get(f"{path.stem}::{name}")
        changed.discard(f"{path.stem}::{name}")
        if accepted is None:
            differ.append(line)
        elif accepted["now"] != now:
            differ.append(f"{line} (allowed.json accepts another change)")
    # an accepted change that no longer happens is stale
    differ += [f"{key}: allowed.json accepts a change, none seen" for key in changed]
    assert not differ, f"{path.name}: {len(differ)} entries differ:\n" + "\n".join(
        differ
    )
