"""Every test builds its own app, and werkzeug compiles two URL builders per route
for each one (``ast`` then ``compile``): about 50 ms of an app's 65 ms, times
thousands of tests. A builder depends only on the rule, its defaults and its trace,
and reaches its converters through the rule it is bound to, so one compiled per
distinct rule serves every app of the run. Tests only; the served app builds one
app per process.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing.rules import Rule

_compile_builder: Callable[..., Any] = Rule._compile_builder
_built: dict[tuple[Any, ...], Any] = {}


def _memo(self: Rule, append_unknown: bool = True) -> Any:
    key = (
        self.rule,
        self.subdomain,
        self.host,
        self.merge_slashes,
        append_unknown,
        tuple(self._trace),
        repr(sorted((self.defaults or {}).items())),
    )
    built = _built.get(key)
    if built is None:
        built = _built[key] = _compile_builder(self, append_unknown)
    return built


def install() -> None:
    """Compile each distinct route's builders once per test process."""
    Rule._compile_builder = _memo  # type: ignore[method-assign]
