"""Template helpers: static URLs, rule links, event descriptions, per-game templates."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from flask import Flask
from flask import before_render_template
from flask import current_app
from flask import g
from flask import url_for
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from referee import games
from referee import ledger
from referee import rulebook
from referee.games import cards
from referee.games import module_name
from referee.games.boards import HISTORY_WINDOW
from referee.games.outcomes import BadInput
from referee.web import access
from referee.web.assets import asset_url


def rule_url(rule_id: str) -> str:
    game, _, number = rule_id.partition("/")
    return url_for("rules.rule", game_id=game, number=number)


def rule_title(rule_id: str) -> str:
    found = rulebook.rule(rule_id)
    return found.title if found else rule_id


def game_template(game_id: str, part: str) -> list[str]:
    """The game's own template for a part of the match page, else the generic one."""
    return [f"games/{module_name(game_id)}/{part}.html", f"games/generic/{part}.html"]


def game_stylesheet(game_id: str) -> str | None:
    """The fingerprinted URL of the game's own stylesheet, if it has one.

    A game names it (``Game.stylesheet``, under static/games/); it is linked only on
    its pages (match, watch, log, tools) so style.css stays small enough for every
    game's 14 KB first view.
    """
    name = games.get(game_id).stylesheet if game_id in games.registry() else None
    return asset_url(name) if name else None


def option_label(name: str, rules: Any = ()) -> str:
    """A match option as its form labels it ("up_threes" -> "Face-up threes"): of
    the game the ruling's rules belong to ("poker-baseball/wild"), else the first
    game that has an option of that name."""
    owners = [str(r).partition("/")[0] for r in rules or ()]
    registry = games.registry()
    candidates = [registry[g] for g in owners if g in registry]
    for game in [*candidates, *registry.values()]:
        for opt in game.options:
            if opt.name == name:
                return opt.label
    return name.replace("_", " ")


def ordinal(n: Any) -> str:
    n = int(n)
    suffix = (
        "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    )
    return f"{n}{suffix}"


# A pack of at most this many different cards fits on a phone whole (pinochle's 20).
GRID_CARDS = 24


def _picker_shown(given: Any, deck: cards.Deck) -> list[str]:
    """The cards the table shows, as codes of ``deck`` (anything else is ignored)."""
    if isinstance(given, str):
        given = given.split()
    if not isinstance(given, Iterable):
        return []
    return [c for c in given if isinstance(c, str) and c in deck]


def _refusal_text(names: Any) -> str:
    """The page's refusal or error, as the player reads it ("" when none)."""
    refused = names.get("refused")
    summary = refused.get("summary", "") if isinstance(refused, dict) else ""
    return f"{names.get('error') or ''} {summary}"


def _after_refusal(
    value: str, deck: cards.Deck, shown: list[str], refusal: str, most: int | None
) -> str:
    """What a picker keeps of a refused entry: the cards the refusal does not name,
    that the pack holds and the table has not shown (a one-card picker: nothing)."""
    if most == 1:
        return ""
    kept: list[str] = []
    for token in cards.split_cards(value):
        try:
            card = cards.parse_card(token, deck)
        except BadInput:
            continue
        named = re.search(rf"(?<!\w){re.escape(card)}(?!\w)", refusal) or (
            cards.describe(card) in refusal.lower()
        )
        on_table = shown.count(card) + kept.count(card) >= deck.copies[card]
        if not named and not on_table:
            kept.append(card)
    return " ".join(kept)


@pass_context
def card_picker_in_context(
    context: Context,
    name: str,
    label: str,
    deck: str | None = None,
    value: Any = "",
    least: int = 0,
    most: int | None = None,
    hint: str | None = None,
    id: str | None = None,  # noqa: A002 (the macro's own parameter name)
    in_order: bool = False,
    shown: Any = None,
    layout: str | None = None,
) -> Markup:
    """The card picker (templates/_card_picker.html) on the calling page: the match's
    own pack, the page's ``shown`` cards greyed out, and after a refusal only the
    cards it did not refuse."""
    # A picker drawn by a macro imported without context (poker's one_card) sees
    # only the template globals: the page's own names come from the page rendered.
    names: Any = context
    if context.get("match") is None:
        names = {**(getattr(g, "picker_page", None) or {}), **context.get_all()}
    game, match = names.get("game"), names.get("match")
    if game is not None and match is not None and deck in (None, game.deck):
        deck = game.deck_of(match.options) or deck
    pack = cards.DECKS[deck or "standard"]
    table = _picker_shown(context.get("shown") if shown is None else shown, pack)
    refusal = _refusal_text(names)
    if value is not None and not isinstance(value, str):
        value = " ".join(str(v) for v in value)
    value = value or ""
    if value and match is not None and refusal.strip():  # a calculator keeps all
        value = _after_refusal(value, pack, table, refusal, most)
    if layout is None:
        kinds = [c for c in pack.copies if c != cards.JOKER]
        layout = "grid" if len(kinds) <= GRID_CARDS else "suits"
    markup = context.environment.get_template("_card_picker.html").module
    # The macro's own output, already escaped by Jinja's autoescape.
    return Markup(  # nosec B704
        markup.picker_markup(  # type: ignore[attr-defined]
            name,
            label,
            pack.name,
            value,
            least,
            most,
            hint,
            id,
            in_order,
            table,
            layout,
        )
    )


PAGE_NAMES = ("game", "match", "refused", "error")


def _remember_page(sender: Flask, template: Any, context: dict[str, Any]) -> None:
    """The match page's names a card picker reads (its pack, the refusal), kept for
    pickers drawn by macros that cannot see the page."""
    if "match" in context and "game" in context:
        g.picker_page = {k: context[k] for k in PAGE_NAMES if k in context}


def init_app(app: Flask) -> None:
    before_render_template.connect(_remember_page, app)
    app.jinja_env.globals.update(
        asset_url=asset_url,  # every static file's URL, fingerprinted
        rule_url=rule_url,
        rule_title=rule_title,
        option_label=option_label,  # a ruling's option, named as the form names it
        game_template=game_template,
        game_stylesheet=game_stylesheet,
        history_window=HISTORY_WINDOW,  # a board past it links to the whole history
        describe=ledger.describe,
        seat_names=ledger.seat_names,
        card_decks=cards.DECKS,  # the card picker checks cards against its deck
        card_picker_in_context=card_picker_in_context,
        no_store=access.no_store,  # called by a template that shows a secret
    )
    app.jinja_env.filters["ordinal"] = ordinal
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True


def macro(template_name: str, name: str, *args: Any) -> str:
    """One macro of a template rendered alone (a board's line), with the app's
    template globals."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    # The template's module with the environment's globals (url_for and the app's
    # own), made once: a line reads nothing of the request.
    module = app.jinja_env.get_template(template_name).module
    return str(getattr(module, name)(*args)).strip()
