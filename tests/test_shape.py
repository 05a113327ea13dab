"""The shape issue 22 sets for referee/: no import cycle, small modules and functions,
few repeated runs of code.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee import ROOT

PACKAGE = ROOT / "referee"
MAX_MODULE_LINES = 800
MAX_FUNCTION_LINES = 80
MAX_DUPLICATE_PAIRS = 80

# Functions allowed past MAX_FUNCTION_LINES: generated data only, each with why.
# ("referee/path/to/module.py", "qualified.name"): "why"
LONG_FUNCTIONS: dict[tuple[str, str], str] = {}


def modules() -> dict[str, Path]:
    """Every module of referee/ by dotted name (a package by its __init__)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements run at import: the body, into if/try/with, not TYPE_CHECKING."""
    for node in body:
        if isinstance(node, ast.If):
            if not _is_type_checking(node):
                yield from _module_level(node.body)
                yield from _module_level(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                yield from _module_level(block)
            for handler in node.handlers:
                yield from _module_level(handler.body)
        elif isinstance(node, ast.With):
            yield from _module_level(node.body)
        else:
            yield node


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The referee modules ``name`` imports at module level."""
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in _module_level(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base if is_package else base[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:  # from x import y: module x.y, or x's name y
                child = f"{module}.{alias.name}"
                found.add(child if child in known else module)
    return {m for m in found if m in known and m != name}


def import_graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports(name, path, known) for name, path in found.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


def test_referee_has_no_import_cycle() -> None:
    found = cycles(import_graph())
    for component in found:
        print("import cycle:", " <-> ".join(component))
    assert not found, f"{len(found)} import cycles: {found}"


def test_no_module_in_referee_is_over_800_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for path in modules().values()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not long, f"modules over {MAX_MODULE_LINES} lines: {long}"


def functions(path: Path) -> Iterator[tuple[str, int]]:
    """Every function in a module, by qualified name, with its length in lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                start = min([child.lineno] + [d.lineno for d in child.decorator_list])
                yield name, (child.end_lineno or child.lineno) - start + 1
                yield from walk(child, f"{name}.")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}.")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")


def test_no_function_in_referee_is_over_80_lines() -> None:
    long = {}
    for path in modules().values():
        where = str(path.relative_to(ROOT))
        for name, length in functions(path):
            if length > MAX_FUNCTION_LINES and (where, name) not in LONG_FUNCTIONS:
                long[f"{where}:{name}"] = length
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines: {long}"


def test_the_long_function_allowances_are_still_needed() -> None:
    lengths = {
        (str(path.relative_to(ROOT)), name): length
        for path in modules().values()
        for name, length in functions(path)
    }
    stale = [k for k in LONG_FUNCTIONS if lengths.get(k, 0) <= MAX_FUNCTION_LINES]
    assert not stale, f"allowed long functions that are gone or short now: {stale}"


def test_few_places_in_referee_repeat_each_other() -> None:
    command = shutil.which("duplicates")
    if command is None:
        pytest.skip("the 'duplicates' command is not on PATH")
    run = subprocess.run(
        [command, "--repo", str(PACKAGE), "--seconds", "120", "--most", "200"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    found = re.search(r"(\d+) pairs of places", run.stdout)
    assert found, f"no count in the output of duplicates:\n{run.stdout}{run.stderr}"
    assert "incomplete:" not in run.stdout, run.stdout
    assert "more pairs)" not in run.stdout, run.stdout  # every row listed, to sort
    # Two migrations repeat Alembic's own template (the header, the revision lines)
    # and are frozen history, never refactored: those pairs are not counted.
    frozen = re.findall(
        r"^D\d+ migrations/versions/\S+ ~ migrations/versions/", run.stdout, re.M
    )
    pairs = int(found.group(1)) - len(frozen)
    assert pairs <= MAX_DUPLICATE_PAIRS, (
        f"{pairs} pairs of places share 6+ lines (at most {MAX_DUPLICATE_PAIRS}):\n"
        + run.stdout
    )
