"""The refusals issue 26 found in the API's words, each on its page now (the sweep
over every game is tests/web/test_page_words.py, with the table's)."""

from __future__ import annotations

from referee.games import registry
from referee.games.base import Example
from referee.games.outcomes import BadInput
from referee.web.errors import page_error
from tests.web.test_page_words import api_words
from tests.web.test_page_words import post_page
from tests.web.test_page_words import said
from tests.web.test_page_words import set_up

DEAL = {"type": "deal", "upcard": "9S"}
BOB_DRAWS = {"type": "draw", "player": 1}


def test_canastas_wild_cards_alone_are_not_allowed_citing_the_rule(api, client):
    ready = Example({}, setup=(DEAL, BOB_DRAWS), players=("Ann", "Bob", "Cy", "Di"))
    match_id = set_up(api, client, "canasta", ready)
    page = post_page(
        api, client, match_id, {"type": "meld", "player": 1, "cards": ["JK", "2C"]}
    ).text
    assert "NOT ALLOWED" in page
    assert "say the rank of the meld they join (e.g. 7)" in said(page)
    assert "/rules/canasta/wild-cards" in page
    assert api_words(registry()["canasta"], page) == []


def test_golfs_missing_card_is_named_as_the_form_names_it(api, client):
    game = registry()["golf-six"]
    replace = game.event_kind("replace").examples[0]
    match_id = set_up(api, client, "golf-six", replace)
    event = {k: v for k, v in replace.event.items() if k != "replaced"}
    text = said(post_page(api, client, match_id, event).text)
    assert "Card that comes out is missing: position 3 was face down" in text
    assert "For example: KD." in text
    assert api_words(game, text) == []


def test_a_page_never_shows_the_apis_example():
    err = BadInput(
        "'position' is a whole number; 'x' given.",
        field="position",
        example='{"type": "flip", "position": 1}',
        sample="1",
    )
    assert page_error(err) == "Position is a whole number; 'x' given. For example: 1."
    assert "Example: {" in str(err)  # the API keeps its own


def test_the_gin_undo_says_the_knock_in_the_forms_words(api):
    knock = registry()["gin-rummy"].event_kind("knock").examples[0]
    match = api.create("gin-rummy", list(knock.players))
    for event in (*knock.setup, knock.event):
        assert api.event(match["id"], event).status_code == 201
    summary = api.undo(match["id"]).get_json()["ruling"]["summary"]
    assert "Knock (with the cards): knocker Bob, knocker's hand AS 2S" in summary
    assert "knocker hand" not in summary
