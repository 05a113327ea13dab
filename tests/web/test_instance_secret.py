"""The instance folder's secret key: one key, whichever worker starts first."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from referee import _instance_secret


def _read(folder: str, out: multiprocessing.Queue) -> None:
    out.put(_instance_secret(Path(folder)))


def test_workers_starting_together_all_read_the_same_new_key(tmp_path: Path) -> None:
    out: multiprocessing.Queue = multiprocessing.Queue()
    workers = [
        multiprocessing.Process(target=_read, args=(str(tmp_path), out))
        for _ in range(6)
    ]
    for worker in workers:
        worker.start()
    keys = {out.get(timeout=30) for _ in workers}
    for worker in workers:
        worker.join(timeout=30)
    assert len(keys) == 1
    (key,) = keys
    assert (tmp_path / "secret_key").read_text() == key
    assert len(key) == 64
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secret_key"]  # no drafts
    assert _instance_secret(tmp_path) == key  # a restart keeps it
