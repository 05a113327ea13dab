"""A production worker's start (referee/serving.py, gunicorn.conf.py; issue 14).

The first write to a cold worker used to build 301's checkout tables and import every
game (about 150 ms), and its live boards waited as long; full collections walked
every long-lived object of the app (50-100 ms pauses mid fan-out). A worker now
builds all of it before its first request and freezes it.
"""

from __future__ import annotations

import gc
import os
import runpy
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from flask import Flask

from referee import create_app
from referee import games
from referee import rulebook
from referee import warmup
from referee.games import checkouts
from referee.rulebook import lookup
from referee.serving import warm

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def bare_app() -> Iterator[Flask]:
    yield create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret-key-of-at-least-32-bytes!!",
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
        }
    )
    gc.unfreeze()  # give the rest of this test process its collector back


def cold() -> None:
    games.registry.cache_clear()
    checkouts._table.cache_clear()
    checkouts._reachable.cache_clear()
    rulebook.books.cache_clear()
    lookup._index.cache_clear()


def test_warm_builds_every_table_registered_at_start(bare_app: Flask) -> None:
    cold()
    warm(bare_app)
    assert games.registry.cache_info().currsize == 1
    assert len(games.registry()) == len(games.GAME_IDS)
    assert checkouts._table.cache_info().currsize == checkouts.MAX_DARTS
    assert checkouts._reachable.cache_info().currsize == checkouts.MAX_DARTS
    assert rulebook.books.cache_info().currsize == 1
    assert lookup._index.cache_info().currsize == 1


def test_warm_compiles_every_template_before_the_first_render(
    bare_app: Flask,
) -> None:
    names = bare_app.jinja_env.list_templates()
    assert warm(bare_app) == len(names)
    cached = {key[1] for key in bare_app.jinja_env.cache}  # (loader ref, name)
    assert cached == set(names)


def test_warm_freezes_what_it_loaded_out_of_full_collections(bare_app: Flask) -> None:
    gc.unfreeze()
    warm(bare_app)
    assert gc.get_freeze_count() > 10_000  # the app, its games and templates


def test_every_registered_builder_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []
    monkeypatch.setattr(warmup, "_BUILDERS", [])
    warmup.at_start(lambda: ran.append("a"))
    warmup.at_start(lambda: ran.append("b"))
    assert warmup.build_all() == 2
    assert ran == ["a", "b"]


def test_gunicorn_config_warms_each_worker_before_it_serves(
    bare_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    monkeypatch.setattr(os, "environ", environ)  # what the config sets stays here
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["worker_class"] == "referee.serving.Worker"  # gevent, see serving
    assert not config.get("preload_app")  # gevent patches before the app loads
    # Streams may take nine tenths of a worker's connections; writes keep the rest.
    assert environ["REFEREE_LIVE_MAX_STREAMS"] == "900"
    assert config["worker_connections"] == 1000
    gc.unfreeze()
    bare_app.jinja_env.cache.clear()
    config["post_worker_init"](SimpleNamespace(wsgi=bare_app))
    assert len(bare_app.jinja_env.cache) == len(bare_app.jinja_env.list_templates())
    assert gc.get_freeze_count() > 0
