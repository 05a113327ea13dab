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
    differ = [
        line
        for name, line in corpus.replay(app.test_client(), corpus.load(path))
        if f"{path.stem}::{name}" not in allowed
    ]
    assert not differ, f"{path.name}: {len(differ)} entries differ:\n" + "\n".join(
        differ
    )
