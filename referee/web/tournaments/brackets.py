"""The bracket pages: a TV bracket (SVG, read from across the room) and a phone one.

For the elimination formats the TV page draws the whole bracket (``bracket_svg``);
the phone page lists it round by round, the matches on now first. A Swiss shows
its rounds' pairings and the standings the same two ways. Read-only pages: anyone
with the link watches; they follow the tournament's stream and redraw a board or the
standings in place.
"""

from __future__ import annotations

from typing import Any

from flask import abort
from flask import render_template

from referee.web.boards import BOARDS
from referee.web.boards import Snapshot
from referee.web.bracket_svg import bracket_svg
from referee.web.templating import macro
from referee.web.tournaments.access import bp

KINDS = {"bracket", "swiss"}  # the layouts these pages draw

# The public page of an elimination event draws the tree too (its _layout_ template).
bp.add_app_template_global(bracket_svg, "bracket_svg")


def _context(tournament_id: str) -> dict[str, Any]:
    snap = BOARDS.settled(tournament_id)
    if snap is None:
        abort(404, f"There is no tournament '{tournament_id}'. Check the link.")
    if _kind(snap) not in KINDS:
        abort(404, "This tournament has no bracket or Swiss rounds to show.")
    return live_context(snap)


def _kind(snap: Snapshot) -> str | None:
    kind: str | None = (snap.view.get("layout") or {}).get("kind")
    return kind


def live_context(snap: Snapshot) -> dict[str, Any]:
    """What the bracket pages show: the same for every viewer, built from a snapshot."""
    tournament, view = snap.night, snap.view
    kind = _kind(snap)
    return {
        "tournament": tournament,
        "view": view,
        "kind": kind,
        "by_number": {p["number"]: p for p in view["pairings"]},
        "seeds": {name: i for i, name in enumerate(view["seeds"], start=1)},
        "svg": bracket_svg(view, label=f"{tournament.title}: the bracket")
        if kind == "bracket"
        else None,
        "fingerprint": snap.ident,
    }


def _playing(snap: Snapshot, number: int) -> dict[str, Any] | None:
    p = snap.board(number)
    return p if p is not None and p["status"] == "playing" else None


def tv_line(snap: Snapshot, number: int) -> str | None:
    """A Swiss board's row on the TV, alone; None for a bracket (its tree is one
    drawing: the stream redraws it whole)."""
    if _kind(snap) != "swiss":  # the layout drawn, not the format
        return None
    p = _playing(snap, number)
    if p is None:
        return None
    return macro("tournaments/_lines.html", "swiss_row", p)


def phone_line(snap: Snapshot, number: int) -> str | None:
    """A board's card on the phone bracket page, alone."""
    p = _playing(snap, number)
    if p is None:
        return None
    seeds = {name: i for i, name in enumerate(snap.view["seeds"], start=1)}
    return macro("brackets/_match.html", "match_card", p, seeds)


@bp.get("/<tournament_id>/bracket")
def bracket(tournament_id: str) -> str:
    """The phone bracket: round by round, what is on now first."""
    return render_template("brackets/phone.html", **_context(tournament_id))


@bp.get("/<tournament_id>/bracket/tv")
def bracket_tv(tournament_id: str) -> str:
    """The TV bracket: the whole tree (or a Swiss round and standings), large."""
    return render_template("brackets/tv.html", **_context(tournament_id))
