"""The rulebook pages: each game's rules, one rule, and search across them."""

from __future__ import annotations

from flask import Blueprint
from flask import abort
from flask import render_template
from flask import request

from referee import games
from referee import rulebook
from referee.games import coverage

bp = Blueprint("rules", __name__, url_prefix="/rules")


@bp.get("/")
def index() -> str:
    query = request.args.get("q", "").strip()
    game = request.args.get("game") or None
    if game and game not in rulebook.books():
        game = None
    hits = rulebook.search(query, game=game) if query else []
    return render_template(
        "rules/index.html",
        books=list(rulebook.books().values()),
        query=query,
        game=game,
        hits=hits,
        read_as=rulebook.corrections(query, game) if query else [],
        titles={g.id: g.title for g in games.registry().values()},
    )


@bp.get("/<game_id>")
def book(game_id: str) -> str:
    found = rulebook.books().get(game_id) or abort(404, f"No rulebook for '{game_id}'.")
    rows = _rows(game_id)
    return render_template(
        "rules/book.html", book=found, rows=rows, by_rule={r.rule.id: r for r in rows}
    )


def _rows(game_id: str) -> tuple[coverage.Row, ...]:
    """The game's rule-coverage rows (none for a rulebook with no game)."""
    return coverage.matrix(game_id) if game_id in games.registry() else ()


@bp.get("/<game_id>/<path:number>")
def rule(game_id: str, number: str) -> str:
    found = rulebook.rule(f"{game_id}/{number}") or abort(
        404, f"There is no rule {game_id}/{number}."
    )
    return render_template(
        "rules/rule.html",
        rule=found,
        book=rulebook.books()[game_id],
        see=[r for r in (rulebook.rule(i) for i in found.see) if r],
        row=next((r for r in _rows(game_id) if r.rule.id == found.id), None),
    )
