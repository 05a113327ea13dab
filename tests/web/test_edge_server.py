"""What gunicorn itself refuses is answered like the app's own refusals (issue 25).

A header with a NUL never reaches Flask: gunicorn's parser refuses it, and its stock
worker answered with an HTML page. ``referee.serving.Worker`` (gunicorn.conf.py)
answers an API path with problem+json; a header the parser lets through but the app
refuses (a control character, too long) is the app's 400 problem+json.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import serve

pytestmark = pytest.mark.slow
WORKER = serve.PRODUCTION_WORKER


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[serve.Gunicorn]:
    tmp = tmp_path_factory.mktemp("edge-server")
    with (
        serve.database("sqlite", tmp) as url,
        serve.Gunicorn(
            "referee:create_app()",
            url,
            tmp / "gunicorn.log",
            workers=1,
            worker_class=WORKER,  # the one production runs
        ) as running,
    ):
        yield running


def _raw(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send bytes as they are (http.client refuses a NUL before sending it)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body


def _post(path: str, header: bytes) -> bytes:
    body = b'{"game": "darts-301", "players": ["Ann", "Bob"]}'
    return (
        f"POST {path} HTTP/1.1\r\nHost: localhost\r\n".encode()
        + header
        + b"\r\nContent-Type: application/json\r\n"
        + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
        + body
    )


def test_a_nul_in_a_header_is_a_problem_json_400_on_the_api(server):
    status, headers, body = _raw(
        server.port, _post("/api/v1/matches", b"Idempotency-Key: ab\x00cd")
    )
    assert status == 400
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == 400
    assert "Idempotency-Key: 6f1c0a52" in problem["detail"]  # a correct example


def test_a_request_line_gunicorn_cannot_read_is_problem_json(server):
    status, headers, body = _raw(server.port, b"GET /api/v1/\x00games HTTP/1.1\r\n\r\n")
    assert status == 400
    assert headers["content-type"] == "application/problem+json"
    assert json.loads(body)["title"] == "Bad Request"


@pytest.mark.parametrize("value", ["ab\x85cd", "ab\tcd", "k" * 256])
def test_a_header_that_reaches_the_app_but_is_not_text_is_its_400_naming_it(
    server, value
):
    # gunicorn lets a C1 control character, a tab and a long value through
    reply = serve.call(
        server.port,
        "POST",
        "/api/v1/matches",
        {"game": "darts-301", "players": ["Ann", "Bob"]},
        headers={"Idempotency-Key": value},
    )
    assert reply.status == 400, reply.text
    assert reply.headers["content-type"] == "application/problem+json"
    assert "Idempotency-Key" in reply.body["errors"]


def test_a_good_key_still_creates(server):
    ok = serve.call(
        server.port,
        "POST",
        "/api/v1/matches",
        {"game": "darts-301", "players": ["Ann", "Bob"]},
        headers={"Idempotency-Key": "fine-key-1"},
    )
    assert ok.status == 201


def test_the_server_log_has_no_traceback(server):
    log = Path(server.log).read_text(errors="replace")
    assert "Traceback" not in log


def test_a_request_line_over_gunicorns_limit_is_a_documented_problem_json_414(server):
    query = "limit=" + "9" * 5000
    status, headers, body = _raw(
        server.port,
        f"GET /api/v1/matches/abc/events?{query} HTTP/1.1\r\nHost: x\r\n"
        "Connection: close\r\n\r\n".encode(),
    )
    assert status == 414
    assert headers["content-type"] == "application/problem+json"
    assert "too long" in json.loads(body)["detail"]
