"""The venue's TV board of a league season (``/n/<id>/tv``, the ``league`` family's
``tv`` page): tonight's fixtures with each team match's games won per side and the
games in play, the latest results, and the table.

The board is drawn from the season's view (``referee.league_feeds.tv_board``) and
follows the season's live stream (view ``ltv`` in ``referee/web/live.py``): every
entry of a game (a rack, a leg, the away captain's confirmation) moves that game's
match and so the season's fingerprint, and a result moves the season's log; either
way the board's live block is drawn again once per change and sent to every TV.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import render_template

from referee.league_feeds import tv_board
from referee.models import Tournament
from referee.web.boards import Snapshot
from referee.web.tournaments.common import context as common_context

TEMPLATE = "tournaments/league/board.html"


def _today() -> dt.date:
    # The server's date picks tonight's week: a league plays in the server's
    # country, and a TV left on past midnight keeps the week until it moves on.
    return dt.date.today()


def board_context(
    night: Tournament, view: dict[str, Any], ident: str
) -> dict[str, Any]:
    """What the board's live block reads: the same for every viewer."""
    return {
        "night": night,
        "view": view,
        "organiser": False,
        "fingerprint": ident,
        "board": tv_board(view, _today()),
    }


def live_context(snap: Snapshot) -> dict[str, Any]:
    """The board's live block for the stream (from the process's snapshot)."""
    return board_context(snap.night, snap.view, snap.ident)


def league_tv(tournament: Tournament) -> str:
    """The TV board page of a season (after settling what is due)."""
    ctx = common_context(tournament)
    return render_template(
        TEMPLATE, **board_context(ctx["night"], ctx["view"], ctx["fingerprint"])
    )
