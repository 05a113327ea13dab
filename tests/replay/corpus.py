"""The replay corpus: recorded requests and answers, normalised, and their replay.

A corpus file (``tests/replay/corpus/*.json``) is a list of entries, each one request
as sent and what came back::

    {"name": "dart-1/example", "method": "POST",
     "path": "/api/v1/matches/<id:1>/events",
     "headers": {"Authorization": "Bearer <key:1>", "Idempotency-Key": "c-3"},
     "json": {"event": {...}}, "status": 201, "answer": {...}}

What legitimately differs from run to run (ids, keys, PINs, claim codes, times) is
replaced by placeholders numbered in the order they first appear in the answers, so
``<id:1>`` is the first id an answer handed out. A request names what it needs by
placeholder; the replay learns each placeholder's value from its own answers in the
same order and substitutes it, then compares everything else exactly (JSON
equality). An entry with ``"compare": "status"`` compares the status only (a seating
drawn at random); a page (``"page": true``) is compared by status, redirect target,
content type, and its title, stylesheets and caller's words (``extract``); the
OpenAPI document (``"digest": "operations"``) by its list of operations; a setup
step or a repeated answer (``"digest": "brief"``) by its top-level values, ruling
and errors (the board comes with the example); a rulebook (``"digest": "sha256"``)
by the hash of its normalised JSON.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any
from unittest import mock

from flask.testing import FlaskClient

HERE = Path(__file__).parent
CORPUS = HERE / "corpus"
ALLOWED = HERE / "allowed.json"

# Answer fields whose string values are generated per run, by the label of their
# placeholder, with what such a value looks like (anything else there is kept).
ID = re.compile(r"^[a-hjkmnp-z2-9]{10}$")  # ledger._ID_ALPHABET, 10 characters
SECRET_FIELDS: dict[str, tuple[str, re.Pattern[str]]] = {
    "id": ("id", ID),
    "match": ("id", ID),
    "edit_key": ("key", re.compile(r"^[\w-]{16,}$")),
    "key": ("key", re.compile(r"^[\w-]{16,}$")),
    "pin": ("pin", re.compile(r"^\d{6}$")),
    "claim": ("claim", re.compile(r"^[A-HJ-NP-Z2-9]{8}$")),
    "claim_code": ("claim", re.compile(r"^[A-HJ-NP-Z2-9]{8}$")),
}
# Answer fields holding an object whose values are generated (name -> claim code).
SECRET_MAPS = {"claim_codes": "claim"}
# Times and dates written by the server clock, anywhere in a string.
TIME = re.compile(
    r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?"
)
DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
PLACEHOLDER = re.compile(r"<(?:id|key|pin|claim|token):\d+>")
# A match or tournament made by a page form: its id, from the redirect.
CREATED = re.compile(r"/[mn]/([a-hjkmnp-z2-9]{10})(?![\w-])")
# What a page's comparison keeps (``extract``).
TITLE = re.compile(r"<title>(.*?)</title>", re.S)
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)"')
FINGERPRINT = re.compile(r"\.[0-9a-f]{10}(\.\w+)$")
CALL = re.compile(r'data-call="([^"]*)"')
# Response headers worth keeping, normalised like the answers.
HEADERS = ("Location", "Allow", "Idempotent-Replayed", "Retry-After")


@dataclass
class Normaliser:
    """Learns generated values from answers and replaces them with placeholders."""

    values: dict[str, str] = field(default_factory=dict)  # value -> placeholder
    counts: dict[str, int] = field(default_factory=dict)

    def learn(self, data: Any) -> None:
        """Give every generated value in ``data`` a placeholder (in walk order)."""
        if isinstance(data, dict):
            for name, value in data.items():
                kind = SECRET_FIELDS.get(name)
                if kind and isinstance(value, str) and kind[1].match(value):
                    self._name(value, kind[0])
                if name in SECRET_MAPS and isinstance(value, dict):
                    for secret in value.values():
                        if isinstance(secret, str):
                            self._name(secret, SECRET_MAPS[name])
                self.learn(value)
        elif isinstance(data, list):
            for item in data:
                self.learn(item)

    def learn_value(self, value: str, label: str) -> str:
        return self._name(value, label)

    def _name(self, value: str, label: str) -> str:
        if value not in self.values:
            self.counts[label] = self.counts.get(label, 0) + 1
            self.values[value] = f"<{label}:{self.counts[label]}>"
        return self.values[value]

    def text(self, value: str) -> str:
        # longest first, so a key containing an id-like run is replaced whole
        for secret in sorted(self.values, key=len, reverse=True):
            if secret in value:
                value = value.replace(secret, self.values[secret])
        value = TIME.sub("<time>", value)
        return DATE.sub("<date>", value)

    def apply(self, data: Any) -> Any:
        if isinstance(data, str):
            return self.text(data)
        if isinstance(data, dict):
            return {self.text(k): self.apply(v) for k, v in data.items()}
        if isinstance(data, list):
            return [self.apply(v) for v in data]
        return data

    def fill(self, data: Any) -> Any:
        """The reverse: put this run's values in place of the placeholders."""
        if isinstance(data, str):
            back = {p: v for v, p in self.values.items()}
            return PLACEHOLDER.sub(lambda m: back.get(m.group(0), m.group(0)), data)
        if isinstance(data, dict):
            return {self.fill(k): self.fill(v) for k, v in data.items()}
        if isinstance(data, list):
            return [self.fill(v) for v in data]
        return data


def send(
    client: FlaskClient, norm: Normaliser, entry: dict[str, Any]
) -> tuple[dict[str, Any], Any]:
    """Send one (normalised) request: what it gives, normalised, and the raw JSON."""
    kwargs: dict[str, Any] = {"headers": norm.fill(entry.get("headers") or {})}
    if "json" in entry:
        kwargs["json"] = norm.fill(entry["json"])
    if "form" in entry:
        kwargs["data"] = norm.fill(entry["form"])
    response = client.open(norm.fill(entry["path"]), method=entry["method"], **kwargs)
    out: dict[str, Any] = {"status": response.status_code}
    content_type = response.headers.get("Content-Type", "")
    out["content_type"] = content_type.split(";")[0]
    answer = None
    if entry.get("page") and out["content_type"] == "text/html":
        out["extract"] = extract(norm, response.get_data(as_text=True))
    if not entry.get("page") and response.is_json:
        answer = response.get_json()
        if entry.get("digest") == "operations":  # the OpenAPI document: too big
            paths = answer["paths"].items()
            out["operations"] = sorted(f"{m.upper()} {p}" for p, o in paths for m in o)
        else:
            norm.learn(answer)
            out["answer"] = norm.apply(answer)
            if entry.get("digest") == "brief":
                out["answer"] = brief(out["answer"])
            if entry.get("digest") == "sha256":  # long text compared, not shown
                canonical = json.dumps(out["answer"], sort_keys=True).encode()
                out["answer"] = {"sha256": hashlib.sha256(canonical).hexdigest()}
    for found in CREATED.finditer(response.headers.get("Location", "")):
        norm.learn_value(found.group(1), "id")
    headers = {
        h: norm.text(response.headers[h]) for h in HEADERS if h in response.headers
    }
    if "ETag" in response.headers:
        headers["ETag"] = "<etag>"
    if headers:
        out["answer_headers"] = headers
    return out, answer


def extract(norm: Normaliser, html: str) -> dict[str, Any]:
    """What a page's comparison keeps: its title, stylesheets and the caller's words."""
    found: dict[str, Any] = {}
    title = TITLE.search(html)
    if title:
        found["title"] = norm.text(" ".join(title.group(1).split()))
    sheets = [FINGERPRINT.sub(r"\1", href) for href in STYLESHEET.findall(html)]
    if sheets:
        found["stylesheets"] = sheets
    call = CALL.search(html)
    if call:
        found["call"] = call.group(1)
    return found


def brief(answer: Any) -> Any:
    """An answer without its nested parts (the board), but with its ruling/errors.

    For the steps that lead up to an example (its setup events) and for answers
    that repeat an earlier one (an idempotent replay): the corpus stays small.
    """
    if not isinstance(answer, dict):
        return answer
    keep = {"ruling", "errors"}
    return {
        k: v for k, v in answer.items() if k in keep or not isinstance(v, dict | list)
    }


COMPARED = (
    "status",
    "answer",
    "content_type",
    "answer_headers",
    "operations",
    "extract",
)


def outcome(entry: dict[str, Any]) -> dict[str, Any]:
    """What an entry compares: everything it recorded, or only the status."""
    if entry.get("compare") == "status":
        return {"status": entry["status"]}
    return {k: entry[k] for k in COMPARED if k in entry}


def first_difference(old: Any, new: Any, where: str = "") -> str:
    """Where two JSON values first differ, as a path and both values."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new)):
            if key not in new:
                return f"{where}.{key}: gone (was {_short(old[key])})"
            if key not in old:
                return f"{where}.{key}: new ({_short(new[key])})"
            if old[key] != new[key]:
                return first_difference(old[key], new[key], f"{where}.{key}")
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b:
                return first_difference(a, b, f"{where}[{i}]")
    return f"{where or '.'}: {_short(old)} -> {_short(new)}"


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 160 else text[:157] + "..."


def load(path: Path) -> list[dict[str, Any]]:
    return list(json.loads(path.read_text(encoding="utf-8")))


def files() -> list[Path]:
    return sorted(CORPUS.glob("*.json"))


def allowed() -> dict[str, dict[str, Any]]:
    """The deliberate changes accepted: ``"file::entry"`` -> ``{"reason", "now"}``,
    ``now`` being the whole outcome the entry must give instead of the recorded one
    (so an accepted entry cannot drift any further unnoticed)."""
    if not ALLOWED.exists():
        return {}
    return {
        f"{a['file']}::{a['entry']}": a
        for a in json.loads(ALLOWED.read_text(encoding="utf-8"))
    }


@contextmanager
def distinct_pins() -> Iterator[None]:
    """PINs (``secrets.randbelow``) that never repeat within a run.

    Placeholders are numbered by first appearance, so two PINs that happened to
    be equal would shift every later number. Counting up by a step prime to any
    power of ten gives distinct values (still no pattern a test could rely on).
    """
    counter = itertools.count(1)

    def randbelow(n: int) -> int:
        return (next(counter) * 7_919_993) % n

    with mock.patch.object(secrets, "randbelow", randbelow):
        yield


def replay(
    client: FlaskClient, entries: list[dict[str, Any]]
) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Send every entry in order; yield (name, what differs, the new outcome) for
    each that differs."""
    norm = Normaliser()
    with distinct_pins():
        got_all = [(entry, send(client, norm, entry)[0]) for entry in entries]
    for entry, sent in got_all:
        got = {**entry, **sent}
        if outcome(got) != outcome(entry):
            yield (
                entry["name"],
                (
                    f"{entry['name']} ({entry['method']} {entry['path']}): "
                    + first_difference(outcome(entry), outcome(got))
                ),
                outcome(got),
            )
