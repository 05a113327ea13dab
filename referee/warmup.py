"""Tables a process builds once, listed here so that a server builds them at start.

A module marks its builder with :func:`at_start`; ``referee.serving.warm`` runs them
all before a worker takes its first request (a cold table would otherwise cost the
first write or lookup that needs it, and every live board waiting on that write).
Outside a server nothing runs them: a test or a command builds only what it uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

Builder = TypeVar("Builder", bound=Callable[[], object])

_BUILDERS: list[Callable[[], object]] = []


def at_start(build: Builder) -> Builder:
    """Register ``build`` (no arguments; its result is cached where it is defined)."""
    _BUILDERS.append(build)
    return build


def build_all() -> int:
    """Run every registered builder; return how many ran."""
    for build in _BUILDERS:
        build()
    return len(_BUILDERS)
