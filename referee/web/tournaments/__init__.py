"""Tournament pages and API: the organiser, tables or boards, players and TV board.

Who may do what: the organiser's key (kept in the session of the browser that
created the night, or typed as the organiser PIN) does everything; a table's key
(its QR link or PIN, on the table's phone) scores that table's match every round,
reports its paper score and picks its seating; anyone with the link watches.
The JSON API takes the same keys as ``Authorization: Bearer``.

``access`` holds the blueprints and who may write; ``common`` what every page
shares and the families of pages; ``pages`` the routes, each showing the page of
the tournament's family (its format's declared ``family``): ``night`` (a bunko
night, with its own form writes) or ``pairings`` (matches on stations); ``brackets``
the bracket pages; ``api`` the JSON API.
"""

from __future__ import annotations

# The routes register themselves on the blueprints when their modules load.
from referee.web.tournaments import api as api
from referee.web.tournaments import brackets as brackets
from referee.web.tournaments import league as league
from referee.web.tournaments import league_feeds as league_feeds
from referee.web.tournaments import night as night
from referee.web.tournaments import pages as pages
from referee.web.tournaments import pairings as pairings
from referee.web.tournaments.access import api_bp as api_bp
from referee.web.tournaments.access import bp as bp
