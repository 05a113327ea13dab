"""Every game's Fix page draws each field with its kind's widget, and the page sent back
untouched stores the entry as it was (the widgets carry the recorded values)."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from referee import games
from referee import ledger
from tests.e2e.screens import states


class _FixForm(HTMLParser):
    """What the Fix page's form sends as rendered: hidden and typed inputs, checked
    radios and boxes, selected options."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.inside = False
        self._select: str | None = None
        self._first: tuple[str, str] | None = None
        self._chosen = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("aria-label") == "Fix the entry":
            self.inside = True
        if not self.inside:
            return
        if tag == "input" and "name" in a:
            if a.get("type") in ("radio", "checkbox") and "checked" not in a:
                return
            self.fields.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self._select, self._first, self._chosen = a.get("name"), None, False
        elif tag == "option" and self._select:
            pair = (self._select, a.get("value", ""))
            self._first = self._first or pair
            if "selected" in a:
                self.fields.append(pair)
                self._chosen = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self._select:
            if not self._chosen and self._first:
                self.fields.append(self._first)
            self._select = None


# An optional yes/no the referee works out when left out, recorded as an explicit
# "no": a checkbox cannot say "no" apart from "work it out" (canasta's concealed).
TRI_STATE = {("canasta", "go_out")}


def _first_of_each_kind(game_id: str) -> list[Any]:
    seen: set[str] = set()
    found = []
    for state in states(game_id):
        kind = state.label.split("#")[0]
        if state.events and kind not in seen and (game_id, kind) not in TRI_STATE:
            seen.add(kind)
            found.append(state)
    return found


@pytest.mark.parametrize("game_id", sorted(games.registry()))
def test_a_fix_sent_back_untouched_stores_the_entry_as_it_was(
    client, api, app, game_id
):
    for state in _first_of_each_kind(game_id):
        made = api.create(game_id, list(state.players), options=state.options)
        match_id = made["id"]
        for event in state.events:
            assert api.event(match_id, event).status_code == 201, (state.label, event)
        client.get(f"/m/{match_id}/join/{made['edit_key']}")
        with app.app_context():
            match = ledger.get(match_id)
            seq, before = match.version, ledger.board(match)
            ruled = ledger.history(match, 1)[0].ruling
        page = client.get(f"/m/{match_id}/log/{seq}/edit")
        assert page.status_code == 200, state.label
        parser = _FixForm()
        parser.feed(page.text)
        assert parser.fields, f"{state.label}: no Fix form"
        sent = client.post(
            f"/m/{match_id}/log/{seq}/edit", data=MultiDict(parser.fields)
        )
        assert sent.status_code == 302, (state.label, parser.fields, sent.text[-600:])
        with app.app_context():
            match = ledger.get(match_id)
            assert ledger.board(match) == before, state.label
            stored = ledger.rows(match)[-1]
            assert stored.kind == "amend", state.label
            assert stored.ruling == ruled, state.label
