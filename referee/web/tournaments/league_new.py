"""The season create page (``/n/new/league?league=<id>``), reached from a league's
page by its organiser: the teams (name, venue, captain, roster), the schedule and
the season's options, which start from the league's defaults."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from flask import abort
from flask import flash
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from referee import leagues
from referee import ledger
from referee.formats import Format
from referee.formats.league import team_formats
from referee.formats.league.common import LEAST_TEAMS
from referee.formats.league.common import MOST_TEAMS
from referee.games.fields import Option
from referee.games.outcomes import BadInput
from referee.models import League
from referee.web import errors as outcomes
from referee.web.forms import options_from_form
from referee.web.tournaments.common import NewForm
from referee.web.tournaments.common import Page
from referee.web.tournaments.common import form_errors
from referee.web.tournaments.common import page_status
from referee.web.tournaments.common import title_field
from referee.web.tournaments.league_access import held_league_key
from referee.web.tournaments.league_access import holds_league

MIN_TEAMS, MAX_TEAMS, FIRST_TEAMS = LEAST_TEAMS, MOST_TEAMS, 4
# A roster's textarea and a skip list: one name or date a line, bounded here before
# the format's own checks (names, 1..20 players, dates) run.
ROSTER_CHARS = 1200
SKIP_CHARS = 600


class NewSeasonForm(NewForm):
    title = title_field("Name of the season")


# The season's fields as this form labels them (the format names them as the API
# does: 'schedule.start', 'teams[0].captain'), and a value the form takes.
SCHEDULE_WORDS = {
    "schedule.start": ("First match night", "2026-09-07"),
    "schedule.every_days": ("Every how many days", "7"),
    "schedule.time": ("Time", "19:30"),
    "schedule.skip": ("Dates to skip", "2026-12-21"),
    "schedule": ("First match night", "2026-09-07"),
}
TEAM_WORDS = {
    "name": ("name", "Cue Tips"),
    "venue": ("home venue", "The Anchor"),
    "captain": ("captain", "Ann"),
    "players": ("roster", "Ann, Bo, Cy (one a line)"),
}
_TEAM_FIELD = re.compile(r"^teams\[(\d+)\](?:\.(\w+))?$")
_API_ASIDE = re.compile(r"\s*\('[a-z_]+(?:\[\d+\])?(?:\.[a-z_]+)*'\)")
_QUOTED_API = re.compile(r"'[a-z_]+(?:\[\d+\])?(?:\.[a-z_]+)+'")
_JSON_VALUE = re.compile(r'^\s*"[^"]+":\s*(.*?)\s*$', re.S)


def season_words(err: BadInput) -> tuple[str, str]:
    """A refused season as this page says it: (the form field's name, the words).

    The format names its fields as the API does; the page names them as its form
    labels them and gives an example as the form takes it."""
    field = err.field or "teams"
    example = ""
    found = _TEAM_FIELD.match(field)
    if field in SCHEDULE_WORDS:
        label, example = SCHEDULE_WORDS[field]
        key = field.split(".")[-1] if "." in field else "start"
    elif found:
        number = int(found[1]) + 1
        part = found[2] or "name"
        words, example = TEAM_WORDS.get(part, (part, ""))
        label = f"Team {number}'s {words}"
        key = f"team_{number}_{part}"
    elif field in ("players", "teams"):
        return "teams", (
            f"{outcomes.page_error(err)} Fill in a block for each team, e.g. Team 1: "
            "Cue Tips, at The Anchor, captain Ann, roster Ann, Bo, Cy."
        )
    else:
        return field, outcomes.page_error(err)
    said = label.lower() if found else label
    message = _API_ASIDE.sub("", err.message).replace(f"'{field}'", said)
    message = _QUOTED_API.sub(said, message)
    message = message[:1].upper() + message[1:]
    if err.example and not (found and err.example.startswith('"teams"')):
        value = _JSON_VALUE.match(err.example)
        given = (value[1] if value else err.example).strip('"[]').replace('", "', ", ")
        if "{" not in given:  # a value as the form takes it, not a JSON object
            example = given
    if example and "e.g." not in message:
        message = f"{message} For example: {example}."
    return key, f"{label}: {message}" if not message.startswith(label) else message


def league_or_404(league_id: str | None) -> League:
    missing = f"There is no league '{league_id}'. Check the link."
    if not league_id:
        abort(404, "A season belongs to a league: start it from the league's page.")
    try:
        return leagues.get(league_id)
    except leagues.NotFound:
        abort(404, missing)


def team_count() -> int:
    """How many team blocks the form shows (``?count=``), within 2..32."""
    count = request.values.get("count", type=int) or FIRST_TEAMS
    return max(MIN_TEAMS, min(MAX_TEAMS, count))


def _lines(value: str, limit: int, field: str, example: str) -> list[str]:
    if len(value) > limit:
        raise BadInput(
            f"At most {limit} characters; {len(value)} given.",
            field=field,
            example=example,
        )
    return [" ".join(line.split()) for line in value.splitlines() if line.strip()]


def teams_from_form(form: Any, count: int) -> list[dict[str, Any]]:
    """The teams the form names (blocks left empty are not teams)."""
    teams = []
    for i in range(1, count + 1):
        name = " ".join(form.get(f"team_{i}_name", "").split())
        roster_text = form.get(f"team_{i}_players", "")
        if not name and not roster_text.strip():
            continue
        teams.append(
            {
                "name": name,
                "venue": " ".join(form.get(f"team_{i}_venue", "").split()),
                "captain": " ".join(form.get(f"team_{i}_captain", "").split()),
                "players": _lines(
                    roster_text, ROSTER_CHARS, f"team_{i}_players", "Ann\nBob\nCy"
                ),
            }
        )
    return teams


def schedule_from_form(form: Any) -> dict[str, Any]:
    every = form.get("every_days", "").strip()
    return {
        "start": form.get("start", "").strip(),
        "every_days": int(every) if every.isdigit() else every,
        "time": form.get("time", "").strip(),
        "skip": _lines(form.get("skip", ""), SKIP_CHARS, "skip", "2026-12-21"),
    }


def season_options(fmt: Format, league: League) -> list[Option]:
    """The season's option fields, the team match offered only among those of the
    league's game (the format refuses any other)."""
    suits = ("auto", *(f.id for f in team_formats.for_game(league.game)))
    return [
        dataclasses.replace(opt, choices=suits) if opt.name == "team_format" else opt
        for opt in fmt.options
    ]


def defaults(fmt: Format, league: League) -> dict[str, Any]:
    """The option fields' values on a first view: the league's defaults."""
    return {f"fmt_{k}": v for k, v in (league.options or {}).items()}


def new(fmt: Format) -> str | WerkzeugResponse | Page:
    league = league_or_404(request.values.get("league"))
    if not holds_league(league):
        abort(403, "Only the league's organiser starts a season. Type its PIN first.")
    form = NewSeasonForm()
    count = team_count()
    errors = form_errors(form)
    if request.method == "POST" and not errors:
        done = _create(fmt, league, form, count)
        if not isinstance(done, dict):
            return done
        errors = done
    values = request.form if request.method == "POST" else defaults(fmt, league)
    return render_template(
        "tournaments/league/new.html",
        form=form,
        fmt=fmt,
        options=season_options(fmt, league),
        league=league,
        count=count,
        errors=errors,
        values=values,
    ), page_status()


def _create(
    fmt: Format, league: League, form: NewSeasonForm, count: int
) -> WerkzeugResponse | dict[str, str]:
    try:
        teams = teams_from_form(request.form, count)
        season = leagues.add_season(
            league,
            held_league_key(league),
            title=form.title.data or "",
            teams=teams,
            schedule=schedule_from_form(request.form),
            options=options_from_form(fmt, request.form, prefix="fmt_"),  # type: ignore[arg-type]
            idem_key=form.idem.data or None,
            fingerprint=ledger.request_hash(dict(request.form)),
        )
    except BadInput as err:
        key, words = season_words(err)
        return {key: words}
    except leagues.Forbidden:
        abort(403, "Only the league's organiser starts a season. Type its PIN first.")
    except ledger.KeyReused:
        return {"teams": "This page already started a season; reload it for another."}
    flash("The season is ready: give each captain and each fixture its PIN or QR.")
    return redirect(url_for("tournaments.admin", tournament_id=season.id), code=303)
