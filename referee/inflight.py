"""Writes in flight, by idempotency key: a second request with the key of one still
running is told so at once (409) instead of waiting for the first to finish.

The mark is an exclusive, non-blocking ``flock`` on a file named by a hash of the
database, the match or tournament and the key: seen by every worker process on the
machine, and gone when the holder ends, even if it is killed. It is a courtesy, not
the guarantee: the unique constraint on (head, key) still stores a write once,
whatever the marks say (two app servers on one PostgreSQL do not see each other's
marks, and there a twin waits for the first and gets its answer, as before).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

RETRY_AFTER = 1  # seconds: a write takes milliseconds, a retry after one finds it done


def _directory() -> Path:
    """Where the marks live: shared memory where the machine has it (every write
    creates and removes a file: about ten times cheaper there than on a disk's
    file system), else the temporary directory."""
    shm = Path("/dev/shm")  # nosec B108: our own 0700 subfolder, marks only
    if shm.is_dir() and os.access(shm, os.W_OK):
        return shm / "referee-inflight"
    return Path(tempfile.gettempdir()) / "referee-inflight"


DIRECTORY = _directory()


class InFlight(Exception):
    """A request with this idempotency key is still being processed."""


@contextmanager
def holding(scope: str, key: str | None) -> Iterator[None]:
    """Mark ``key`` in flight within ``scope`` while the block runs; ``InFlight`` if
    another request holds it now. No key, no mark."""
    if not key:
        yield
        return
    DIRECTORY.mkdir(mode=0o700, exist_ok=True)
    name = hashlib.sha256(f"{scope}\0{key}".encode()).hexdigest()[:40]
    path = DIRECTORY / f"{name}.lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise InFlight(
                "A request with this Idempotency-Key is still being processed; send "
                f"it again in {RETRY_AFTER} s to get its answer."
            ) from None
        try:
            yield
        finally:
            # Unlinked while still held: a request that opened the old file and
            # locks it afterwards may run beside a later one, and the database's
            # unique key still stores the write once.
            path.unlink(missing_ok=True)
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
