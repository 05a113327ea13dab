"""Calculator pages: a game's stateless tools (a checkout, a hand's melds, a shot)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from flask import abort
from flask import render_template
from flask import request

from referee import games
from referee.games import module_name
from referee.games.base import Game
from referee.games.base import Tool
from referee.games.fields import form_text
from referee.games.fields import parse_fields
from referee.games.outcomes import BadInput
from referee.web.errors import page_error
from referee.web.forms import fields_from_form

bp = Blueprint("tools", __name__, url_prefix="/tools")


def _tool(game_id: str, name: str) -> tuple[Game, Tool]:
    game = games.registry().get(game_id) or abort(404, f"There is no game '{game_id}'.")
    found = next((t for t in game.tools if t.name == name), None)
    if found is None:
        abort(404, f"{game.title} has no calculator '{name}'.")
    return game, found


@bp.get("/")
def index() -> str:
    tools = [(g, t) for g in games.registry().values() for t in g.tools]
    return render_template("tools/index.html", tools=tools)


@bp.get("/<game_id>/<name>")
def run(game_id: str, name: str) -> tuple[str, int]:
    """GET so that an answer is a link a player can share; no state changes."""
    game, tool = _tool(game_id, name)
    answer: dict[str, Any] | None = None
    error: str | None = None
    status = 200
    asked = any(f.name in request.args for f in tool.fields)
    if asked:
        raw = fields_from_form(tool.fields, request.args)
        try:
            answer = tool.run(parse_fields(tool.fields, raw, None, game))
        except BadInput as err:
            if not err.sample and err.field in tool.example:
                # the calculator's own example, as its form takes it
                err.sample = form_text(tool.example[err.field])
            error, status = page_error(err), 422
    return render_template(
        [f"tools/{module_name(game.id)}_{tool.name}.html", "tools/generic.html"],
        game=game,
        tool=tool,
        answer=answer,
        error=error,
        values=request.args,
    ), status
