"""Forms: the shape of what a page submits. The engines check the rules."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import HiddenField
from wtforms import IntegerField
from wtforms import StringField
from wtforms import TextAreaField
from wtforms.validators import InputRequired
from wtforms.validators import Length
from wtforms.validators import NumberRange
from wtforms.validators import Optional
from wtforms.validators import ValidationError

from referee.games import text
from referee.games.base import EventKind
from referee.games.base import Game
from referee.games.fields import Field
from referee.games.fields import read_form
from referee.games.fields import read_options
from referee.games.outcomes import BadInput


class Text:
    """A validator: the field is text of a kind (``referee.games.text``): no NUL, lone
    surrogate or control character, within the kind's length; its data becomes the
    checked text (NFC; a single-line kind folds its spaces, a list keeps its lines).
    """

    def __init__(self, kind: str, multiline: bool = False) -> None:
        self.kind = kind
        self.multiline = multiline

    def __call__(self, form: Any, field: Any) -> None:
        if not field.data:
            return
        if not self.multiline:
            try:
                field.data = text.check(field.data, field.name, self.kind)
            except BadInput as err:
                raise ValidationError(err.message) from None
            return
        try:
            cleaned = text.clean(str(field.data))
        except ValueError as err:
            raise ValidationError(
                f"This holds {err}, which is not text: type it again without it, "
                f"e.g. {text.EXAMPLES[self.kind]}."
            ) from None
        limit = text.LIMITS[self.kind]
        if len(cleaned) > limit:
            raise ValidationError(f"At most {limit} characters; {len(cleaned)} given.")
        field.data = cleaned


class WriteForm(FlaskForm):
    """The envelope of every write from a page: CSRF, idempotency key, seq seen."""

    idem = HiddenField(validators=[InputRequired(), Length(max=255)])
    seq = IntegerField(validators=[Optional(), NumberRange(min=0)])

    @classmethod
    def fresh(cls, seq: int) -> WriteForm:
        form = cls(formdata=None)
        form.idem.data = uuid.uuid4().hex
        form.seq.data = seq
        return form


class EventForm(WriteForm):
    type = HiddenField(validators=[InputRequired(), Length(max=40)])


class NewMatchForm(FlaskForm):
    # A fresh key per page load: a double tap on "Start" makes one match.
    idem = HiddenField(
        validators=[Optional(), Length(max=255)], default=lambda: uuid.uuid4().hex
    )
    # Required of a game played by single players; a partnership game's form names
    # its players team by team instead (``team_fields``).
    players = TextAreaField(
        "Players",
        validators=[Optional(), Text("lines", multiline=True)],
        description="One name per line, in playing order.",
    )
    title = StringField("Match name (optional)", validators=[Optional(), Text("title")])


class RematchForm(FlaskForm):
    # A fresh key per page load, as for "Start": a double tap makes one rematch.
    idem = HiddenField(
        validators=[InputRequired(), Length(max=255)],
        default=lambda: uuid.uuid4().hex,
    )


class JoinForm(FlaskForm):
    pin = StringField(
        "PIN",
        validators=[
            InputRequired(message="Type the 6-digit PIN shown on the scorer's phone."),
            Length(min=6, max=12),
        ],
        render_kw={
            "inputmode": "numeric",
            "autocomplete": "off",
            "placeholder": "123456",
        },
    )
    # The match code (its id), shown under the PIN on the scorer's phone: with it the
    # PIN is checked against that match only (see ``access.join_by_pin``).
    match = StringField(
        "Match code",
        validators=[Optional(), Length(max=16)],
        render_kw={"autocomplete": "off", "placeholder": "k3m9x2q7ab"},
    )


def usual_players(game: Game) -> int:
    """How many players a new match's form starts with: two where two or more may
    play, the one of a solitaire, the fixed number of a partnership game."""
    return min(max(game.min_players, 2), game.max_players)


def team_count(game: Game) -> int:
    """How many teams a new match's form asks for: the partnership games' (a fixed
    team size), none where teams are optional or absent."""
    if not game.teams or not game.team_size:
        return 0
    return game.max_players // game.team_size


def teams_from_form(game: Game, form: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The teams a partnership game's form names (``team1_name``, ``team1_player``
    repeated, ...); a team left unnamed is called after its players ("Ann & Cy")."""
    teams = []
    for t in range(1, team_count(game) + 1):
        getlist = getattr(form, "getlist", None)
        raw = getlist(f"team{t}_player") if getlist else []
        players = [p.strip() for p in raw if p.strip()]
        name = str(form.get(f"team{t}_name", "")).strip() or " & ".join(players)
        teams.append({"name": name, "players": players})
    return teams


def players_from_text(text: str) -> list[str]:
    return [
        line.strip() for line in text.replace(",", "\n").splitlines() if line.strip()
    ]


def options_from_form(
    game: Game, form: Mapping[str, Any], prefix: str = "opt_"
) -> dict[str, Any]:
    """Raw option values from a form; a checkbox that is absent means false."""
    return read_options(game.options, form, prefix)


def event_from_form(kind: EventKind, form: MultiDict[str, str]) -> dict[str, Any]:
    """The raw event a page submitted, field by field, for the engine to parse."""
    return {"type": kind.type, **fields_from_form(kind.fields, form)}


def fields_from_form(
    fields: Sequence[Field], form: MultiDict[str, str]
) -> dict[str, Any]:
    """Raw values of ``fields`` from a submitted form or query string.

    Each kind reads its own (``referee.games.fields.KINDS``): a dart may come as one
    code (``dart=T20``) or as a multiplier radio and a number button (``mult=T``,
    ``seg=20``), so the dartboard pad works without JavaScript; a checkbox left out
    is false; a repeated name (checkboxes, a card picker's buttons) becomes a list.
    """
    return read_form(fields, form)
