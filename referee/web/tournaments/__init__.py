"""Tournament pages and API: a bunko night's organiser, tables, players and TV board.

Who may do what: the organiser's key (kept in the session of the browser that
created the night, or typed as the organiser PIN) does everything; a table's key
(its QR link or PIN, on the table's phone) scores that table's match every round,
reports its paper score and picks its seating; anyone with the link watches.
The JSON API takes the same keys as ``Authorization: Bearer``.

``access`` holds the blueprints and who may write, ``pages`` the pages and their
form writes, ``api`` the JSON API.
"""

from __future__ import annotations

# The routes register themselves on the blueprints when their modules load.
from referee.web.tournaments import api as api
from referee.web.tournaments import pages as pages
from referee.web.tournaments import pairings as pairings
from referee.web.tournaments.access import api_bp as api_bp
from referee.web.tournaments.access import bp as bp
