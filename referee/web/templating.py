"""Template helpers: static URLs, rule links, event descriptions, per-game templates."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask import current_app
from flask import url_for

from referee import games
from referee import ledger
from referee import rulebook
from referee.games import cards
from referee.games import module_name
from referee.games.boards import HISTORY_WINDOW
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


def init_app(app: Flask) -> None:
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
