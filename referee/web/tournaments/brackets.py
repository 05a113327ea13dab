"""The bracket pages: a TV bracket (SVG, read from across the room) and a phone one.

For the elimination formats the TV page draws the whole bracket (``bracket_svg``);
the phone page lists it round by round, the matches on now first. A Swiss shows
its rounds' pairings and the standings the same two ways. Read-only pages: anyone
with the link watches; they follow the tournament by polling its fingerprint.
"""

from __future__ import annotations

from typing import Any

from flask import abort
from flask import render_template

from referee import tournaments
from referee.web.bracket_svg import bracket_svg
from referee.web.tournaments.access import bp

KINDS = {"bracket", "swiss"}  # the layouts these pages draw

# The public page of an elimination event draws the tree too (its _layout_ template).
bp.add_app_template_global(bracket_svg, "bracket_svg")


def _context(tournament_id: str) -> dict[str, Any]:
    try:
        tournament, tables = tournaments.settled(tournament_id)  # two reads, no lock
    except tournaments.NotFound:
        abort(404, f"There is no tournament '{tournament_id}'. Check the link.")
    view = tournaments.view(tournament, tables)
    kind = (view.get("layout") or {}).get("kind")
    if kind not in KINDS:
        abort(404, "This tournament has no bracket or Swiss rounds to show.")
    by_number = {p["number"]: p for p in view["pairings"]}
    return {
        "tournament": tournament,
        "view": view,
        "kind": kind,
        "by_number": by_number,
        "svg": bracket_svg(view, label=f"{tournament.title}: the bracket")
        if kind == "bracket"
        else None,
        "fingerprint": tournaments.fingerprint(tournament, tables),
    }


@bp.get("/<tournament_id>/bracket")
def bracket(tournament_id: str) -> str:
    """The phone bracket: round by round, what is on now first."""
    return render_template("brackets/phone.html", **_context(tournament_id))


@bp.get("/<tournament_id>/bracket/tv")
def bracket_tv(tournament_id: str) -> str:
    """The TV bracket: the whole tree (or a Swiss round and standings), large."""
    return render_template("brackets/tv.html", **_context(tournament_id))
