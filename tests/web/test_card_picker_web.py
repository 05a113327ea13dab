"""Issue 26: the card picker knows the table, as the server draws it (the browser's
side is tests/e2e/test_card_picker_table.py): the match's own pack, the cards a game's
template says are shown, and what it keeps of a refused entry."""

from __future__ import annotations

import html
import json
import re

from tests.games.test_poker_draw import TO_SHOWDOWN

P3 = ["Ann", "Bob", "Cy"]


def start(client, game: str) -> str:
    response = client.post(f"/new/{game}", data={"players": "\n".join(P3)})
    assert response.status_code == 302, response.text
    return response.headers["Location"].rsplit("/", 1)[-1]


def post(client, mid, seq, **fields):
    return client.post(
        f"/m/{mid}/events", data={"idem": f"t{seq}", "seq": seq, **fields}
    )


def answered(client, response):
    """The page a refused write shows: the answer itself, or the match page it
    redirects to (POST-redirect-GET on refusals)."""
    if response.status_code == 303:
        return client.get(response.headers["Location"])
    return response


def pickers(page: str) -> list[dict[str, str]]:
    """Each picker's data attributes, as the page has them."""
    found = []
    for tag in re.findall(r"<div class=\"card-picker\"[^>]*>", page):
        found.append(
            {
                k: html.unescape(v)
                for k, v in re.findall(r'data-([\w-]+)="([^"]*)"', tag)
            }
        )
    return found


def at_the_showdown(client, **options: str) -> str:
    """A five card draw match at its showdown, this client its scorer: the page."""
    made = client.post(
        "/api/v1/matches",
        json={"game": "poker-draw", "players": P3, "options": options},
    ).get_json()
    for i, event in enumerate(TO_SHOWDOWN):
        sent = client.post(
            f"/api/v1/matches/{made['id']}/events",
            json={"event": event},
            headers={
                "Authorization": f"Bearer {made['edit_key']}",
                "Idempotency-Key": f"k{i}",
            },
        )
        assert sent.status_code == 201, sent.get_json()
    client.get(f"/m/{made['id']}/join/{made['edit_key']}")
    return client.get(f"/m/{made['id']}").text


def test_the_picker_offers_the_matchs_own_pack(client):
    """Five card draw has jokers only with the wild-card option that adds them."""
    for options, title, joker in (
        ({}, "standard 52-card deck", False),
        ({"wilds": "jokers"}, "52-card deck with two jokers", True),
    ):
        found = pickers(at_the_showdown(client, **options))
        assert found, "a picker on the page"
        for p in found:
            assert p["deck-title"] == title
            assert ("JK" in json.loads(p["copies"])) is joker


def test_a_refused_one_card_entry_leaves_its_picker_empty(client):
    """Midnight baseball: the card refused is not kept, so the next tap is a card."""
    mid = start(client, "poker-midnight-baseball")
    assert post(client, mid, 0, type="ante", amount="1").status_code == 303
    assert post(client, mid, 1, type="table", card="8D").status_code == 303
    sent = post(client, mid, 2, type="roll", player="1", card="8D")
    assert sent.status_code in (303, 422)
    refused = answered(client, sent)
    assert "8D" in html.unescape(refused.text)
    one = [p for p in pickers(refused.text) if p["most"] == "1"]
    assert one
    assert 'name="card" value=""' in refused.text
    assert 'value="8D"' not in refused.text


def test_a_template_sets_shown_before_the_picker(app):
    """The contract other games use: ``{% set shown = [...] %}`` from the board's
    detail, then the picker; codes the pack lacks are left out."""
    source = (
        '{% from "_card_picker.html" import card_picker %}'
        "{% set shown = ['QS', 'JK', 'nonsense'] %}"
        "{{ card_picker('hand', 'Hand', 'standard') }}"
    )
    with app.test_request_context("/"):
        page = app.jinja_env.from_string(source).render()
    (p,) = pickers(page)
    assert json.loads(p["shown"]) == ["QS"]
    assert p["layout"] == "suits"
    with app.test_request_context("/"):
        page = app.jinja_env.from_string(
            source.replace("'standard'", "'pinochle'")
        ).render()
    (p,) = pickers(page)
    assert json.loads(p["shown"]) == ["QS"]  # a pinochle pack has queens too
    assert p["layout"] == "grid"  # twenty different cards fit a phone whole
