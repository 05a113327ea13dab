"""Refusals on pages in the players' words, over the whole registry.

Every game's documented breaches, and each event kind's example with a field left
out or mistyped, are sent through the match page's form (as a phone posts them) on
a match set up through the API; the page that answers (after a redirect, if any)
must say NOT ALLOWED with the rule links, or show the error box, and must never
speak the API's language: JSON, quoted field names, ``option: snake_case``.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from referee.games import registry
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Game
from referee.games.fields import KINDS
from referee.games.fields import form_text

# Registry-wide sweeps (about a minute): with the table's (make table).
pytestmark = pytest.mark.table

GAMES = sorted(registry())

# What only the API says: JSON, a JSON example, an API field name in quotes.
JSON_WORDS = re.compile(r'[{}]|"type"\s*:|Example: \{|\boption: [a-z]+_[a-z_]+')


def form_of(event: dict[str, Any]) -> MultiDict[str, str]:
    """The event as a page's form posts it: a list as repeated values, a ticked box
    as ``on`` (an unticked one left out)."""
    form: MultiDict[str, str] = MultiDict()
    for name, value in event.items():
        if value is True:
            form.add(name, "on")
        elif value is False or value is None:
            continue
        elif isinstance(value, list):
            for item in value:
                form.add(name, str(item))
        else:
            form.add(name, str(value))
    return form


def set_up(api: Any, client: Any, game_id: str, example: Example) -> str:
    """A match after the example's setup, scored from ``client``'s browser."""
    match = api.create(game_id, list(example.players), options=dict(example.options))
    for event in example.setup:
        done = api.event(match["id"], event)
        assert done.status_code == 201, (game_id, event, done.get_json())
    joined = client.get(f"/m/{match['id']}/join/{api.keys[match['id']]}")
    assert joined.status_code in (302, 303)
    return str(match["id"])


def post_page(api: Any, client: Any, match_id: str, event: dict[str, Any]) -> Any:
    """The page's form post; the page it ends on (a refusal may redirect to the
    match's own address, which then shows the box)."""
    form = form_of(event)
    form.add("idem", f"words-{id(event)}-{len(form)}")
    form.add("seq", str(api.get(match_id)["seq"]))
    return client.post(f"/m/{match_id}/events", data=form, follow_redirects=True)


BOXES = re.compile(
    r'<(div|p) class="(?:error-box|error|ruling [^"]*)"[^>]*>(.*?)</\1>', re.S
)


def said(page: str) -> str:
    """What the page's boxes say (the ruling, the error box, a field's error), as
    text a person reads."""
    text = " ".join(m.group(2) for m in BOXES.finditer(page))
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))).strip()


def api_words(game: Game, page: str) -> list[str]:
    """The API vocabulary in what the page says: JSON, and event field names in
    quotes."""
    text = said(page)
    found = JSON_WORDS.findall(text)
    names = {f.name for k in game.events for f in k.fields} | {"type", "players"}
    found += [n for n in sorted(names) if f"'{n}'" in text or f'"{n}"' in text]
    return found


@pytest.mark.parametrize("game_id", [g for g in GAMES if registry()[g].breaches])
def test_every_documented_refusal_on_a_page_is_in_the_players_words(
    api, client, game_id
):
    game = registry()[game_id]
    failures = []
    for breach in game.breaches:
        if breach.example is None or breach.recorded:
            continue
        match_id = set_up(api, client, game_id, breach.example)
        page = post_page(api, client, match_id, breach.example.event).text
        problems = []
        if "NOT ALLOWED" not in page:
            problems.append("no NOT ALLOWED")
        elif f"/rules/{game_id}/" not in page.split("NOT ALLOWED", 1)[1][:3000]:
            problems.append("no rule link")
        problems += api_words(game, page)
        if problems:
            failures.append(f"{breach.title}: {problems}: {said(page)!r}")
    assert not failures, "\n".join(failures)


def bad_events(kind: EventKind) -> list[tuple[str, dict[str, Any]]]:
    """The kind's first example with each field a page shows left out (a required
    one) or mistyped: input that cannot describe anything real."""
    example = kind.examples[0].event
    out = []
    for f in kind.fields:
        if not f.on_pages or KINDS[f.kind].seats or f.kind == "boolean":
            continue
        if f.required and f.name in example:
            out.append(
                (
                    f"{f.name} left out",
                    {k: v for k, v in example.items() if k != f.name},
                )
            )
        if f.kind != "string":
            out.append((f"{f.name} mistyped", {**example, f.name: "zz?"}))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_input_on_a_page_names_the_field_as_the_form_does(api, client, game_id):
    game = registry()[game_id]
    failures = []
    for kind in game.events:
        if not kind.examples:
            continue
        match_id = set_up(api, client, game_id, kind.examples[0])
        for what, event in bad_events(kind):  # none is stored: one match serves
            response = post_page(api, client, match_id, event)
            page = response.text
            problems = []
            if 'class="error-box"' not in page and "NOT ALLOWED" not in page:
                problems.append(f"no error box ({response.status_code})")
            problems += api_words(game, page)
            if problems:
                failures.append(f"{kind.type}, {what}: {problems}: {said(page)!r}")
    assert not failures, "\n".join(failures)


class Inputs(HTMLParser):
    """Every input of a page, with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "input":
            self.found.append({k: v or "" for k, v in attrs})


def number_pad_misses(game: Game, page: str) -> list[str]:
    """The inputs of a number that would not open the number pad: a field of an
    integer or a die, a number input, or one asking for the pad without a pattern."""
    reader = Inputs()
    reader.feed(page)
    fields = [f for k in game.events for f in k.fields]
    # a name only ever of a number (darts' "darts" is a count and a round of darts)
    numbers = {f.name for f in fields if f.kind in ("integer", "die")} - {
        f.name for f in fields if f.kind not in ("integer", "die")
    }
    misses = []
    for a in reader.found:
        if a.get("type") in ("hidden", "radio", "checkbox", "submit", "button"):
            continue
        wanted = a.get("name") in numbers or a.get("type") == "number"
        if a.get("inputmode") == "numeric" and a.get("name") != "pin":
            wanted = True
        if wanted and (a.get("inputmode") != "numeric" or not a.get("pattern")):
            misses.append(f"{a.get('name')} ({a.get('id', '')})")
    return misses


@pytest.mark.parametrize("game_id", GAMES)
def test_every_number_field_on_a_match_page_opens_the_number_pad(api, client, game_id):
    game = registry()[game_id]
    failures = []
    seen: set[tuple[Any, ...]] = set()
    for kind in game.events:
        for example in kind.examples:
            key = (example.setup and repr(example.setup), example.players)
            if key in seen:
                continue
            seen.add(key)
            match_id = set_up(api, client, game_id, example)
            page = client.get(f"/m/{match_id}").text
            misses = number_pad_misses(game, page)
            if misses:
                failures.append(f"{kind.type} ({example.title}): {misses}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("game_id", [g for g in GAMES if registry()[g].tools])
def test_a_calculators_bad_input_is_in_the_forms_words(client, game_id):
    game = registry()[game_id]
    failures = []
    for tool in game.tools:
        asked = {k: form_text(v) for k, v in tool.example.items()}
        for f in tool.fields:
            if not f.required or f.name not in asked:
                continue
            left = {k: v for k, v in asked.items() if k != f.name}
            if not any(g.name in left for g in tool.fields):
                continue  # nothing asked: the empty form, not an error
            page = client.get(f"/tools/{game_id}/{tool.name}", query_string=left)
            problems = [] if page.status_code == 422 else [str(page.status_code)]
            problems += api_words(game, page.text)
            names = {g.name for g in tool.fields}
            problems += [n for n in names if f"'{n}'" in said(page.text)]
            if problems:
                failures.append(f"{tool.name}, {f.name} left out: {problems}")
    assert not failures, "\n".join(failures)
