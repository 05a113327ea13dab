"""Schemathesis 4 against the live OpenAPI document: every check, zero failures.

The app runs under gunicorn on a fresh database (SQLite, and PostgreSQL when
TEST_DATABASE_URL is set). Every phase: the documented examples, coverage (the
boundaries of every schema; SQLite only), fuzzing of every operation (positive and
negative data) and stateful runs along the OpenAPI links
(a new match -> its events, undo and amend; a new night -> its writes). The hooks
in ``schemathesis_hooks.py`` send each match's or night's own key on writes, each
event to a match of a game that has it (one of every game is started first), and a
fresh Idempotency-Key per write; ``schemathesis.toml`` says, per operation, where a
rule no schema can state widens an expected status.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.serve import PRODUCTION_WORKER
from tests.serve import ROOT
from tests.serve import Gunicorn
from tests.serve import call
from tests.serve import database

pytestmark = [pytest.mark.slow, pytest.mark.schemathesis]

PG_URL = os.environ.get("TEST_DATABASE_URL", "")
BACKENDS = ["sqlite"] + (["postgresql"] if PG_URL else [])
HERE = Path(__file__).resolve().parent
# Enough to reach every operation and its links; the coverage phase (the schemas'
# boundaries, the same whatever the database) runs on SQLite only. With 17 games,
# tournaments and players (~120 operations) 15 examples an operation keep the SQLite
# run near 2 minutes on a quiet 2-core machine, the suite's longest test.
MAX_EXAMPLES = int(
    os.environ.get("REFEREE_SCHEMATHESIS_EXAMPLES", "15")
)  # make fuzz: more
PHASES = {
    "sqlite": "examples,coverage,fuzzing,stateful",
    "postgresql": "examples,fuzzing,stateful",
}


@pytest.mark.parametrize("backend", BACKENDS)
def test_schemathesis_finds_no_failure_with_every_check(
    backend: str, tmp_path: Path
) -> None:
    with (
        database(backend, tmp_path, PG_URL) as url,
        Gunicorn(
            "referee:create_app()",
            url,
            tmp_path / "gunicorn.log",
            worker_class=PRODUCTION_WORKER,  # its refusals are problem+json too
        ) as server,
    ):
        base = f"http://127.0.0.1:{server.port}"
        made = call(
            server.port,
            "POST",
            "/api/v1/matches",
            {"game": "darts-301", "players": ["Ann", "Bob"]},
        )
        # The status and text, not a KeyError, when a loaded machine answers late.
        assert made.status == 201, (made.status, made.text, server.log_tail())
        match = made.body
        made = call(
            server.port,
            "POST",
            "/api/v1/tournaments",
            {"players": ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]},
        )
        assert made.status == 201, (made.status, made.text, server.log_tail())
        night = made.body
        made = call(
            server.port,
            "POST",
            "/api/v1/tournaments",
            {
                "kind": "round-robin",
                "game": "darts-301",
                "players": ["Ann", "Bob", "Cy", "Dee"],
            },
        )
        assert made.status == 201, (made.status, made.text, server.log_tail())
        league = made.body
        keys = {
            match["id"]: match["edit_key"],
            night["id"]: night["keys"]["organiser"]["key"],
            league["id"]: league["keys"]["organiser"]["key"],
        }
        game_of = {match["id"]: "darts-301", **one_match_per_game(server, keys)}
        began = time.monotonic()
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "schemathesis.cli",
                "--config-file",
                str(HERE / "schemathesis.toml"),
                "run",
                f"{base}/api/v1/openapi.json",
                "--url",
                base,
                "--checks",
                "all",
                "--phases",
                PHASES[backend],
                "--max-examples",
                str(MAX_EXAMPLES),
                # One client: conformance here, concurrency in test_concurrency.py
                "--workers",
                "1",
                "--no-color",
                "--generation-database",
                "none",
            ],
            cwd=tmp_path,  # its cache goes there, not into the work tree
            env={
                **os.environ,
                "SCHEMATHESIS_HOOKS": "tests.web.schemathesis_hooks",
                "PYTHONPATH": str(ROOT),
                "REFEREE_FUZZ_MATCH": match["id"],
                "REFEREE_FUZZ_NIGHT": night["id"],
                "REFEREE_FUZZ_LEAGUE": league["id"],
                "REFEREE_FUZZ_KEYS": json.dumps(keys),
                "REFEREE_FUZZ_GAMES": json.dumps(game_of),
            },
            capture_output=True,
            text=True,
            # ~2 min on a quiet 2-core machine with 17 games; up to ~5 min when other
            # suites load it, so the limit catches a hang, not a busy machine.
            timeout=540 * max(1, MAX_EXAMPLES // 15),
        )
        seconds = time.monotonic() - began
    output = run.stdout + run.stderr
    summary = output[output.find("SUMMARY") :] if "SUMMARY" in output else output
    print(f"schemathesis on {backend}: {seconds:.1f} s\n{summary}")
    assert run.returncode == 0, output[-20000:]
    selected = re.search(r"Selected: (\d+)/(\d+)", summary)
    tested = re.search(r"Tested: (\d+)", summary)
    assert selected, summary
    assert tested, summary
    assert selected[1] == selected[2] == tested[1], summary  # every operation ran
    assert " failure" not in summary.splitlines()[-1], summary


def one_match_per_game(server: Gunicorn, keys: dict[str, str]) -> dict[str, str]:
    """Start a match of every game from the document's examples: {match id: game}.

    Their keys go into ``keys``; the hooks send each event to the match of a game
    that has it, so that authenticated writes reach every game's rules.
    """
    document = call(server.port, "GET", "/api/v1/openapi.json").body
    create = document["paths"]["/api/v1/matches"]["post"]["requestBody"]
    examples = create["content"]["application/json"]["examples"]
    game_of = {}
    for game, example in examples.items():
        made = call(server.port, "POST", "/api/v1/matches", example["value"])
        assert made.status == 201, (game, made.status, made.text)
        keys[made.body["id"]] = made.body["edit_key"]
        game_of[made.body["id"]] = game
    return game_of
