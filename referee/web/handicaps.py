"""Handicaps on the web: the calculator (``GET /api/v1/handicaps`` and its page
``/handicaps``) and what a new match's create reads (``"handicap": "ratings"``).

Thin: the tables and the rule are ``referee.handicaps``; this reads the request.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from flask import Blueprint
from flask import Response
from flask import jsonify
from flask import render_template
from flask import request
from werkzeug.datastructures import MultiDict

from referee import games
from referee import handicaps
from referee.games import text
from referee.games.base import Game
from referee.games.fields import read_options
from referee.games.outcomes import BadInput
from referee.handicaps import Side
from referee.handicaps import Suggestion
from referee.handicaps.suggest import DARTS
from referee.handicaps.suggest import POOL
from referee.handicaps.suggest import suggest
from referee.web.errors import page_error
from referee.web.errors import problem_of

bp = Blueprint("handicaps", __name__)

# A new match's "handicap": none, the ratings' (darts: a lower start), or darts'
# head start in legs from the ratings.
HANDICAP_MODES = ("off", "ratings", "ratings-legs")
MOST_RATING = 1000.0  # a rating (mu) typed into the calculator: -1000 to 1000
DEFAULTS = {"race": 5, "start": 501, "legs": 3}
BOUNDS = {"race": (1, 99), "legs": (1, 21)}
STARTS = (301, 501, 701)


def handicap_of(game_id: str, body: Mapping[str, Any]) -> Suggestion | dict | None:
    """A create's ``handicap``: the ratings' suggestion (its options replace any
    handicap options given), None when off, or the field's error."""
    mode = body.get("handicap", "off")
    if mode not in HANDICAP_MODES:
        return {
            "handicap": f"'handicap' is one of {', '.join(HANDICAP_MODES)}, e.g. "
            '"handicap": "ratings"; a handicap of your own goes in options, e.g. '
            '"options": {"race": 5, "race_2": 3}.'
        }
    if mode == "off":
        return None
    players = [] if body.get("teams") else list(body.get("players") or [])
    return handicaps.suggestion(
        game_id,
        body.get("options") or {},
        players,
        darts="legs" if mode == "ratings-legs" else "start",
    )


def handicap_json(found: Suggestion) -> dict[str, Any]:
    """What a create answers of its handicap: applied or not, the gap, the note."""
    gap = None if found.gap is None else round(found.gap, 1)
    return {"applied": found.applied, "gap": gap, "note": found.note}


# --- the calculator ---------------------------------------------------------------


def _whole(args: Mapping[str, Any], name: str) -> int:
    raw = args.get(name)
    if raw in (None, ""):
        return DEFAULTS[name]
    low, high = BOUNDS.get(name, (None, None))
    try:
        value = int(str(raw).strip())
    except ValueError:
        value = None
    if name == "start":
        if value not in STARTS:
            raise BadInput(
                f"'start' is 301, 501 or 701; {raw!r} given.",
                field="start",
                example="start=501",
                label="Start",
                sample="501",
            )
        return value
    if value is None or not low <= value <= high:
        raise BadInput(
            f"'{name}' is a whole number from {low} to {high}; {raw!r} given.",
            field=name,
            example=f"{name}={DEFAULTS[name]}",
            label=name.capitalize(),
            sample=str(DEFAULTS[name]),
        )
    return value


def _rating(args: Mapping[str, Any], n: int) -> float | None:
    raw = args.get(f"rating_{n}")
    if raw in (None, ""):
        return None
    try:
        value = float(str(raw).strip())
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or abs(value) > MOST_RATING:
        said = f"a rating (OpenSkill mu) from -1000 to 1000; {raw!r} given"
        raise _bad(f"rating_{n}", said, "31.4", f"Rating {n}")
    return value


def _name(args: Mapping[str, Any], n: int) -> str:
    """A typed name as the project reads names (NFC, one line, at most 40
    characters, no control character); blank: none."""
    try:
        return text.check(args.get(f"player_{n}") or "", f"player_{n}", "name")
    except BadInput as err:  # its message names the field and shows "Ann"
        err.label, err.sample = f"Player {n}", "Ann"
        raise


def _bad(field: str, said: str, sample: str, label: str) -> BadInput:
    """A calculator parameter that is wrong: what it is, and a right one."""
    return BadInput(
        f"'{field}' is {said}.",
        field=field,
        example=f"{field}={sample}",
        label=label,
        sample=sample,
    )


def _sides(game: str, args: Mapping[str, Any]) -> tuple[list[str], list[Side | None]]:
    """The two sides: typed ratings (taken as established), else the names' stored
    ratings; both ratings or both names are needed."""
    names = [_name(args, 1), _name(args, 2)]
    typed = [_rating(args, 1), _rating(args, 2)]
    if all(r is not None for r in typed):
        names = [names[i] or f"Player {i + 1}" for i in range(2)]
        many = handicaps.tables.MIN_MATCHES
        return names, [Side(names[i], typed[i], many) for i in range(2)]
    if not all(names):
        raise BadInput(
            "Give two ratings (rating_1 and rating_2) or two player names "
            "(player_1 and player_2).",
            field="player_2" if names[0] else "player_1",
            example="player_1=Ann&player_2=Bob",
            label="Players",
            sample="Ann and Bob",
        )
    return names, handicaps.sides_of(game, names)


def calculate(args: Mapping[str, Any]) -> dict[str, Any]:
    """The calculator's answer (``BadInput`` for a bad request): see docs/api.md."""
    game = str(args.get("game") or POOL)
    if game not in handicaps.GAMES:
        raise BadInput(
            f"'game' is billiards or darts-301; {game!r} given.",
            field="game",
            example="game=billiards",
            label="Game",
            sample="billiards",
        )
    names, sides = _sides(game, args)
    out: dict[str, Any] = {
        "game": game,
        "sides": [
            {"name": n, "mu": None, "matches": None}
            if s is None
            else {"name": n, "mu": round(s.mu, 2), "matches": s.matches}
            for n, s in zip(names, sides, strict=True)
        ],
    }
    if game == POOL:
        race = _whole(args, "race")
        found = suggest(game, {"race": race}, names, sides)
        opts = found.options
        out["races"] = [opts.get("race_1", race), opts.get("race_2", race)]
        out.update(_common(found))
        return out
    start, legs = _whole(args, "start"), _whole(args, "legs")
    base = {"start": str(start), "legs": legs}
    found = suggest(DARTS, base, names, sides)
    ahead = suggest(DARTS, base, names, sides, darts="legs")
    out["starts"] = [found.options.get(f"start_{n}", start) for n in (1, 2)]
    out["legs"] = legs
    out["head_start"] = [ahead.options.get(f"head_start_{n}", 0) for n in (1, 2)]
    out.update(_common(found))
    out["legs_note"] = ahead.note
    return out


def _common(found: Suggestion) -> dict[str, Any]:
    return {
        "gap": None if found.gap is None else round(found.gap, 1),
        "applied": found.applied,
        "note": found.note,
    }


@bp.get("/api/v1/handicaps")
def api_calculate() -> Response:
    """GET: the answer is a link to share; nothing is stored."""
    try:
        return jsonify(calculate(request.args))
    except BadInput as err:
        return problem_of(err)


@bp.get("/handicaps")
def page() -> tuple[str, int]:
    answer: dict[str, Any] | None = None
    error: str | None = None
    status = 200
    if any(request.args.get(k) for k in ("player_1", "rating_1", "player_2")):
        try:
            answer = calculate(request.args)
        except BadInput as err:
            error, status = page_error(err), 422
    return render_template(
        "handicaps.html",
        answer=answer,
        error=error,
        values=request.args,
        games=[(g, games.registry()[g].title) for g in handicaps.GAMES],
    ), status


# --- the new-match page's Handicap section ----------------------------------------

# What the section's buttons ask (``handicap_action``): the ratings' handicap filled
# in (darts: a lower start, or legs in hand), or every handicap field cleared.
FORM_ACTIONS = ("apply", "apply-legs", "off")


def form_section(
    game: Game, players: Sequence[str], values: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The section for a game with a table: the suggestion for the names typed
    (always shown, never applied until asked), the handicap options' names."""
    if game.id not in handicaps.GAMES:
        return None
    found = handicaps.suggestion(game.id, _typed_options(game, values), players)
    return {
        "note": found.note,
        "applied": found.applied,
        "names": handicaps.HANDICAP_OPTIONS[game.id],
        "darts": game.id == DARTS,
    }


def form_values(
    game: Game, players: Sequence[str], values: MultiDict[str, str], action: str
) -> MultiDict[str, str]:
    """The form's values after a section button: the suggestion's options filled
    in (``apply``, ``apply-legs``) or the handicap fields blank (``off``); the
    scorer can still edit them before starting."""
    out = values.copy()
    names = handicaps.HANDICAP_OPTIONS.get(game.id, ())
    found = None
    if action in ("apply", "apply-legs"):
        found = handicaps.suggestion(
            game.id,
            _typed_options(game, values),
            players,
            darts="legs" if action == "apply-legs" else "start",
        )
    for name in names:
        value = None if found is None else found.options.get(name)
        out.setlist(f"opt_{name}", [] if value is None else [str(value)])
    return out


def _typed_options(game: Game, values: Mapping[str, Any]) -> dict[str, Any]:
    """The options as typed, with defaults; the defaults alone if any is wrong (the
    start button then says which)."""
    try:
        return game.parse_options(read_options(game.options, values))
    except BadInput:
        return game.parse_options(None)
