"""The new-match form fits its game: as it opens, submitted unchanged (with its CSRF
token, as a browser sends it), it starts a match, for every game in the registry."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from werkzeug.datastructures import MultiDict

from referee import create_app
from referee.db import db
from referee.games import registry
from referee.web.forms import usual_players


class FormReader(HTMLParser):
    """What each form of a page sends if submitted untouched, as a browser reads it:
    text inputs and hidden ones, ticked boxes and radios ("on" without a value), a
    textarea's text, a select's chosen option. Also every input's attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[list[tuple[str, str]]] = []
        self.inputs: list[dict[str, str]] = []
        self._form: list[tuple[str, str]] | None = None
        self._area: str | None = None
        self._select: str | None = None
        self._options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._form = []
            self.forms.append(self._form)
        elif tag == "input":
            self.inputs.append(a)
            kind = a.get("type", "text")
            if self._form is None or "name" not in a or kind in ("submit", "button"):
                return
            if kind in ("radio", "checkbox") and "checked" not in a:
                return
            default = "on" if kind in ("radio", "checkbox") else ""
            self._form.append((a["name"], a.get("value", default)))
        elif tag == "textarea" and self._form is not None:
            self._area = a["name"]
            self._form.append((self._area, ""))
        elif tag == "select" and self._form is not None:
            self._select, self._options = a["name"], []
        elif tag == "option" and self._select is not None:
            self._options.append((a.get("value", ""), "selected" in a))

    def handle_data(self, data: str) -> None:
        if self._area is not None and self._form:
            name, text = self._form[-1]
            self._form[-1] = (name, text + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "textarea":
            if self._area is not None and self._form:
                name, text = self._form[-1]
                # a browser drops the newline that opens a textarea's text
                self._form[-1] = (name, re.sub(r"^\r?\n", "", text))
            self._area = None
        elif tag == "select" and self._select is not None and self._form is not None:
            chosen = [v for v, sel in self._options if sel] or [
                v for v, _ in self._options[:1]
            ]
            self._form.extend((self._select, v) for v in chosen)
            self._select = None


def read_page(page: str) -> FormReader:
    reader = FormReader()
    reader.feed(page)
    return reader


def error_box(page: str) -> str:
    """The error box's text, as a person reads it."""
    box = re.search(r'<div class="error-box"[^>]*>(.*?)</div>', page, re.S)
    assert box, "no error box"
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", box[1]))).strip()


@pytest.fixture
def browser(database_url):
    """A client of an app that checks CSRF tokens, as a deployed one does."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "new-match-form-secret-of-32-bytes!!",
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SERVER_NAME": "referee.test",
        }
    )
    yield app.test_client()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_the_new_match_form_as_it_opens_starts_a_match(browser, game_id):
    page = browser.get(f"/new/{game_id}")
    assert page.status_code == 200
    forms = read_page(page.text).forms
    (sent,) = [f for f in forms if any(name == "csrf_token" for name, _ in f)]
    response = browser.post(f"/new/{game_id}", data=MultiDict(sent))
    assert response.status_code in (302, 303), re.sub(r"\s+", " ", response.text)[
        -1500:
    ]
    match_id = response.headers["Location"].rsplit("/", 1)[-1]
    board = browser.get(f"/api/v1/matches/{match_id}").get_json()
    game = registry()[game_id]
    assert len(board["players"]) == usual_players(game)


def test_bowling_solitaire_opens_with_one_player(browser):
    sent = dict(read_page(browser.get("/new/bowling-solitaire").text).forms[-1])
    assert sent["players"].splitlines() == ["Player 1"]


@pytest.mark.parametrize("game_id", ["canasta", "pinochle", "bunko"])
def test_a_partnership_game_opens_with_two_teams_of_two(browser, game_id):
    page = browser.get(f"/new/{game_id}").text
    assert "Team 1" in page
    assert "Team 2" in page
    (sent,) = [f for f in read_page(page).forms if ("team1_name", "") in f]
    assert [v for k, v in sent if k.endswith("_player")] == [
        "Player 1",
        "Player 2",
        "Player 3",
        "Player 4",
    ]
    assert "players" not in dict(sent)


def test_named_partnerships_sit_opposite_and_keep_their_names(browser):
    sent = dict(read_page(browser.get("/new/canasta").text).forms[-1])
    form = {
        **sent,
        "team1_name": "Reds",
        "team1_player": ["Ann", "Cy"],
        "team2_player": ["Bob", "Di"],
    }
    response = browser.post("/new/canasta", data=form)
    assert response.status_code in (302, 303)
    match_id = response.headers["Location"].rsplit("/", 1)[-1]
    board = browser.get(f"/api/v1/matches/{match_id}").get_json()
    assert [t["name"] for t in board["teams"]] == ["Reds", "Bob & Di"]
    assert [t["players"] for t in board["teams"]] == [["Ann", "Cy"], ["Bob", "Di"]]


def test_a_wrong_number_of_players_is_said_in_the_forms_words(browser):
    sent = dict(read_page(browser.get("/new/bowling-solitaire").text).forms[-1])
    response = browser.post(
        "/new/bowling-solitaire", data={**sent, "players": "Ann\nBob"}
    )
    assert response.status_code == 422
    said = error_box(response.text)
    assert "takes 1 player; 2 given. For example: Ann, one name per line." in said
    assert "players" not in said.lower().replace("1 player", "")


def test_an_option_out_of_range_is_named_by_its_label(browser):
    sent = dict(read_page(browser.get("/new/gin-rummy").text).forms[-1])
    response = browser.post("/new/gin-rummy", data={**sent, "opt_target": "0"})
    assert response.status_code == 422
    said = error_box(response.text)
    label = next(o.label for o in registry()["gin-rummy"].options if o.name == "target")
    assert said.startswith(f"{label} goes from"), said
    assert "target'" not in said


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_every_number_field_of_the_form_opens_the_number_pad(browser, game_id):
    inputs = read_page(browser.get(f"/new/{game_id}").text).inputs
    numbers = [a for a in inputs if a.get("type") == "number"]
    for a in numbers:
        assert a.get("inputmode") == "numeric", a
        assert re.fullmatch(r"-?\??\[0-9\]\*", a.get("pattern", "")), a


def test_every_number_input_in_the_templates_opens_the_number_pad():
    """Every page's number inputs, as written: a number input asks for the number
    pad, and an input asking for it has a pattern (a PIN excepted: it may be typed
    with a space)."""
    root = Path(__file__).parents[2] / "templates"
    misses = []
    for path in sorted(root.rglob("*.html")):
        for tag in re.findall(r"<input\b[^>]*>", path.read_text(encoding="utf-8")):
            number = 'type="number"' in tag or 'inputmode="numeric"' in tag
            if not number or 'name="pin"' in tag:
                continue
            if 'inputmode="numeric"' not in tag or "pattern=" not in tag:
                misses.append(f"{path.relative_to(root)}: {tag[:80]}")
    assert not misses, "\n".join(misses)
