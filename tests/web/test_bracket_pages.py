"""The bracket pages: the TV bracket (SVG) and the phone bracket, brackets and Swiss."""

from __future__ import annotations

import re
import uuid
from typing import Any

SIX = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def create(client: Any, **body: Any) -> dict[str, Any]:
    body = {"game": "darts-301", "players": SIX, "stations": 2, **body}
    reply = client.post("/api/v1/tournaments", json=body)
    assert reply.status_code == 201, reply.get_json()
    return dict(reply.get_json())


def enter(client: Any, data: dict[str, Any], pairing: int, winner: str) -> None:
    reply = client.post(
        f"/api/v1/tournaments/{data['id']}/events",
        json={"event": {"type": "result", "pairing": pairing, "winner": winner}},
        headers={
            "Authorization": f"Bearer {data['keys']['organiser']['key']}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )
    assert reply.status_code == 201, reply.get_json()


def test_tv_bracket_draws_the_double_elimination(client: Any) -> None:
    data = create(client, kind="double-elimination", title="Darts <KO>")
    first = data["calls"][0]
    enter(client, data, first["number"], first["entrants"][0])
    page = client.get(f"/n/{data['id']}/bracket/tv").get_data(as_text=True)
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert "Darts &lt;KO&gt;" in page  # names and titles are escaped
    assert "Winners&#39; bracket" in svg
    assert "Losers&#39; bracket" in svg
    assert "Grand final" in svg
    assert "Reset" not in svg  # the reset is drawn only once it is due
    # six in a bracket of 8: seeds 1 and 2 have byes, and so has the loser of
    # the first match played, in the losers' bracket (against seed 1's "loser")
    assert svg.count('class="bx-box bx-done bx-bye"') == 3
    assert re.search(r"bx-box bx-playing.*?Match \d+ · Board \d", svg)
    assert f"winner of {first['number']}" not in svg  # its winner is known now
    assert 'data-poll-field="fingerprint"' in page


def test_phone_bracket_lists_rounds_and_what_is_on(client: Any) -> None:
    data = create(client, kind="single-elimination")
    page = client.get(f"/n/{data['id']}/bracket").get_data(as_text=True)
    assert "On now" in page
    assert "Quarter-finals" in page
    assert "Semi-finals" in page
    now = page[page.index("On now") : page.index('aria-label="Bracket"')]
    assert now.count('class="bx-card bx-playing"') == 2  # two boards
    assert page.count('class="bx-card bx-playing"') == 4  # and in their round
    assert "winner to come" in page
    assert "TV view" in page


def test_swiss_pages_show_the_round_and_standings(client: Any) -> None:
    data = create(client, kind="swiss", players=[*SIX, "Gus"], stations=3)
    for call in data["calls"]:
        enter(client, data, call["number"], call["entrants"][0])
    tv = client.get(f"/n/{data['id']}/bracket/tv").get_data(as_text=True)
    assert "Round 2 of 3" in tv  # paired as soon as round 1 was over
    assert "Bye: " in tv
    assert "Bye: Gus" not in tv  # Gus, the lowest seed, had round 1's bye
    assert "<svg" not in tv
    phone = client.get(f"/n/{data['id']}/bracket").get_data(as_text=True)
    assert "bye: Gus" in phone
    assert "Standings" in phone
    assert "Buchholz" in phone


def test_bracket_pages_missing_or_without_a_bracket(client: Any) -> None:
    assert client.get("/n/nosuchone/bracket").status_code == 404
    data = create(client, kind="round-robin", players=SIX[:4])
    reply = client.get(f"/n/{data['id']}/bracket/tv")
    assert reply.status_code == 404
    assert "no bracket" in reply.get_data(as_text=True)
