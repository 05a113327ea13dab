"""Forty wrong PINs at once against the real app under gunicorn (two workers), each
from a browser session of its own, on SQLite and PostgreSQL: at most ten are checked,
none is a 5xx, every 429 says Retry-After, and the right PIN still joins from the
same address. See docs/security.md."""

from __future__ import annotations

import http.client
import os
import re
import threading
import urllib.parse
from collections.abc import Iterator

import pytest

from tests.serve import Gunicorn
from tests.serve import call
from tests.serve import database

pytestmark = pytest.mark.slow
PG_URL = os.environ.get("TEST_DATABASE_URL", "")
BACKENDS = ["sqlite"] + (["postgresql"] if PG_URL else [])
BURST = 40
LIMIT = 10


@pytest.fixture(scope="module", params=BACKENDS)
def port(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[int]:
    tmp = tmp_path_factory.mktemp(f"pins-{request.param}")
    with (
        database(str(request.param), tmp, PG_URL) as url,
        Gunicorn("referee:create_app()", url, tmp / "gunicorn.log") as server,
    ):
        yield server.port


class Browser:
    """One browser session: its cookie and the CSRF token of the page it opened."""

    def __init__(self, port: int, page: str) -> None:
        self.port = port
        status, headers, text = self._send("GET", page)
        assert status == 200, text[:300]
        self.cookie = headers["set-cookie"].split(";", 1)[0]
        found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', text)
        assert found, "the page carries a CSRF token"
        self.token = found.group(1)

    def post(self, path: str, form: dict[str, str]) -> tuple[int, dict[str, str]]:
        body = urllib.parse.urlencode({**form, "csrf_token": self.token})
        status, headers, _ = self._send(
            "POST",
            path,
            body,
            {
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": self.cookie,
            },
        )
        return status, headers

    def _send(
        self, method: str, path: str, body: str | None = None, headers=None
    ) -> tuple[int, dict[str, str], str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            reply = conn.getresponse()
            text = reply.read().decode()
            return reply.status, {k.lower(): v for k, v in reply.getheaders()}, text
        finally:
            conn.close()


def _match(port: int) -> dict:
    made = call(
        port, "POST", "/api/v1/matches", {"game": "darts-301", "players": ["A", "B"]}
    )
    assert made.status == 201, made.text
    return made.body


def _burst(port: int, page: str, path: str, form: dict[str, str]) -> list:
    browsers = [Browser(port, page) for _ in range(BURST)]
    start = threading.Barrier(BURST)
    answers: list = [None] * BURST

    def one(i: int) -> None:
        start.wait()
        answers[i] = browsers[i].post(path, form)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(BURST)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return answers


def _held(answers: list) -> None:
    statuses = sorted(status for status, _ in answers)
    assert set(statuses) <= {422, 429}, statuses  # never a 5xx
    assert statuses.count(422) <= LIMIT, statuses  # at most ten checked
    assert statuses.count(429) >= BURST - LIMIT
    for status, headers in answers:
        if status == 429:
            assert 1 <= int(headers["retry-after"]) <= 600


def _wrong(pin: str) -> str:
    return "000000" if pin != "000000" else "111111"


def test_forty_wrong_pins_at_one_match_check_at_most_ten(port: int) -> None:
    target, other = _match(port), _match(port)
    page = f"/m/{target['id']}"
    _held(_burst(port, page, f"{page}/join", {"pin": _wrong(target["pin"])}))
    # The same address: another match's right PIN joins, and the QR link of the
    # locked one still does.
    status, _ = Browser(port, f"/m/{other['id']}").post(
        f"/m/{other['id']}/join", {"pin": other["pin"]}
    )
    assert status == 303
    qr = call(port, "GET", f"/m/{target['id']}/join/{target['edit_key']}")
    assert qr.status == 302


def test_forty_wrong_pins_alone_on_the_home_page_check_at_most_ten(port: int) -> None:
    match = _match(port)
    _held(_burst(port, "/", "/join", {"pin": _wrong(match["pin"])}))
    status, _ = Browser(port, "/").post(
        "/join", {"pin": match["pin"], "match": match["id"]}
    )
    assert status == 302
