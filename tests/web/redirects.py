"""A refused or bad entry from a match page: POST-redirect-GET (issue 26)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient


def refusal_page(client: FlaskClient, response: Any) -> Any:
    """The match page a refused page write redirects to, showing what was wrong.

    The write answers 303 to the match's own address (a refresh never re-posts);
    the page after it is a 200 with the refusal box and the form's values.
    """
    assert response.status_code == 303, response.status_code
    page = client.get(response.headers["Location"])
    assert page.status_code == 200, page.status_code
    return page
