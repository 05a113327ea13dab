"""What goes over the wire: compression, fingerprinted static files, their caching.

Issue 8: a match page's first view (HTML, CSS, JS) is at most 14 KB compressed;
static files are fingerprinted and cached for a year.
"""

from __future__ import annotations

import gzip
import json
import re
import uuid
from pathlib import Path

import brotli
import pytest
from flask import Flask
from flask import Response
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import ROOT
from referee import create_app
from referee import games
from referee.games import GAME_IDS
from referee.web import assets

BROWSER = {"Accept-Encoding": "gzip, deflate, br"}
FIRST_VIEW_BUDGET = 14 * 1024  # the first round trips of a slow connection
A_YEAR = "public, max-age=31536000, immutable"
FIVE_MINUTES = "public, max-age=300"
FINGERPRINTED = re.compile(r"^/static/[\w/.-]+\.[0-9a-f]{10}\.\w+$")


def decoded(response) -> bytes:
    """The body as the browser sees it after undoing its Content-Encoding."""
    body = response.get_data()
    encoding = response.headers.get("Content-Encoding", "identity")
    return {
        "br": brotli.decompress,
        "gzip": gzip.decompress,
        "identity": lambda b: b,
    }[encoding](body)


def same_page(body: bytes) -> bytes:
    """A page without its CSRF token, which is signed with the time to the second."""
    return re.sub(rb'name="csrf_token" value="[^"]*"', b'name="csrf_token"', body)


def references(html: str) -> list[str]:
    """Every stylesheet and script a page loads, once each, as a browser would."""
    found = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    found += re.findall(r'<script src="([^"]+)"', html)
    return list(dict.fromkeys(found))


def new_match(client, game: str) -> dict:
    seats = games.get(game)
    # at least two players where the game allows it (solitaire: one; bunko: four)
    count = min(max(2, seats.min_players), seats.max_players)
    players = ["Ann", "Bob", "Cy", "Di"][:count]
    response = client.post("/api/v1/matches", json={"game": game, "players": players})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


# --- the 14 KB first view -----------------------------------------------------------


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("who", ["watcher", "scorer"])
@pytest.mark.parametrize(
    ("accept", "encoding"),
    [(BROWSER["Accept-Encoding"], "br"), ("gzip, deflate", "gzip")],
    ids=["https", "plain-http"],  # browsers offer brotli over HTTPS only
)
def test_a_match_pages_first_view_is_at_most_14_kb_compressed(
    app, game, who, accept, encoding
):
    client = app.test_client()
    match = new_match(client, game)
    if who == "scorer":  # the scorer's page carries the input pads: the heavier one
        client.get(f"/m/{match['id']}/join/{match['edit_key']}")
    headers = {"Accept-Encoding": accept}
    page = client.get(f"/m/{match['id']}", headers=headers)
    assert page.status_code == 200
    assert page.headers["Content-Encoding"] == encoding
    html = decoded(page).decode()
    wire = {"page": len(page.get_data())}
    for url in references(html):
        assert FINGERPRINTED.match(url), url
        response = client.get(url, headers=headers)
        assert response.status_code == 200, url
        if response.headers.get("Content-Encoding") != encoding:
            # Files under COMPRESS_MIN_SIZE go as they are (a game's small stylesheet)
            assert len(response.get_data()) < app.config["COMPRESS_MIN_SIZE"], url
        wire[url] = len(response.get_data())
    assert any(url.endswith(".css") for url in wire)
    assert any(url.endswith(".js") for url in wire)
    assert sum(wire.values()) <= FIRST_VIEW_BUDGET, wire


# --- dynamic responses ----------------------------------------------------------------


def test_pages_are_compressed_for_a_browser_and_decode_to_the_same_page(client):
    match = new_match(client, "darts-301")
    plain = client.get(f"/m/{match['id']}")
    assert "Content-Encoding" not in plain.headers
    for accept, encoding in [
        ("gzip, br", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("*", "br"),
        ("gzip;q=0.5, br;q=0.4", "gzip"),
    ]:
        squeezed = client.get(f"/m/{match['id']}", headers={"Accept-Encoding": accept})
        assert squeezed.headers["Content-Encoding"] == encoding, accept
        assert "Accept-Encoding" in squeezed.headers["Vary"]
        assert len(squeezed.get_data()) < len(plain.get_data()) / 2
        assert same_page(decoded(squeezed)) == same_page(plain.get_data())
    # q=0 refuses a coding (RFC 9110 12.5.3), even the only one named.
    for refused in ["br;q=0", "gzip;q=0, br;q=0", "*;q=0", "identity", "br;q=x"]:
        as_is = client.get(f"/m/{match['id']}", headers={"Accept-Encoding": refused})
        assert "Content-Encoding" not in as_is.headers, refused
        assert same_page(as_is.get_data()) == same_page(plain.get_data())


def test_json_answers_are_compressed_and_tiny_ones_are_not(client):
    openapi = client.get("/api/v1/openapi.json", headers=BROWSER)
    assert openapi.headers["Content-Encoding"] == "br"
    assert json.loads(decoded(openapi))["openapi"].startswith("3.1")
    match = new_match(client, "darts-301")
    small = client.get(f"/api/v1/matches/{match['id']}/events", headers=BROWSER)
    assert "Content-Encoding" not in small.headers
    assert len(small.get_data()) < 1024  # under a TCP segment: nothing to gain
    assert small.get_json()["events"] == []


def test_a_retried_event_gets_the_first_answer_whatever_the_encoding(client):
    match = new_match(client, "darts-301")
    headers = {
        "Authorization": f"Bearer {match['edit_key']}",
        "Idempotency-Key": uuid.uuid4().hex,
    }
    event = {"event": {"type": "round", "darts": ["T20", "T20", "T20"]}}
    url = f"/api/v1/matches/{match['id']}/events"
    first = client.post(url, json=event, headers={**headers, **BROWSER})
    again = client.post(url, json=event, headers=headers)  # a client without brotli
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert json.loads(decoded(first)) == json.loads(decoded(again))
    assert client.get(f"/api/v1/matches/{match['id']}").get_json()["seq"] == 1


def test_a_streamed_response_is_never_held_back_by_a_compressor(app):
    # A live event stream must reach the phone event by event: a compressor would
    # buffer it. Streamed responses pass through as they are.
    def stream() -> Response:
        chunks = (f"data: {n}\n\n" + "x" * 500 for n in range(10))
        return Response(chunks, mimetype="text/html")

    app.add_url_rule("/test-stream", "test_stream", stream)
    response = app.test_client().get("/test-stream", headers=BROWSER)
    assert response.is_streamed
    assert "Content-Encoding" not in response.headers
    assert response.get_data().startswith(b"data: 0\n\n")


# --- static files ---------------------------------------------------------------------


def test_every_template_names_static_files_through_asset_url():
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "templates").rglob("*.html")
        if "url_for('static'" in path.read_text()
        or 'url_for("static"' in path.read_text()
        or re.search(r"""["']/static/""", path.read_text())
    ]
    assert offenders == []


def test_fingerprinted_urls_are_cached_for_a_year(client):
    page = client.get("/").text
    urls = references(page) + re.findall(r'<link rel="icon" href="([^"]+)"', page)
    assert len(urls) >= 3
    for url in urls:
        assert FINGERPRINTED.match(url), url
        response = client.get(url, headers=BROWSER)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == A_YEAR
        assert response.headers["ETag"]
        again = client.get(
            url, headers={**BROWSER, "If-None-Match": response.headers["ETag"]}
        )
        assert again.status_code == 304


def test_plain_and_stale_urls_still_work_with_a_short_cache(client):
    current = client.get(
        re.search(r'href="(/static/style\.[0-9a-f]{10}\.css)"', client.get("/").text)[1]
    )
    for url in ["/static/style.css", "/static/style.0123456789.css"]:
        response = client.get(url)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == FIVE_MINUTES
        assert response.get_data() == current.get_data()
        assert response.mimetype == "text/css"


def test_an_unknown_static_file_is_404(client):
    for url in ["/static/nope.css", "/static/nope.0123456789.css", "/static/../x"]:
        assert client.get(url).status_code == 404


def test_each_encoding_of_a_static_file_has_its_own_etag(client):
    url = "/static/style.css"
    br = client.get(url, headers={"Accept-Encoding": "br"})
    gz = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert br.headers["Content-Encoding"] == "br"
    assert gz.headers["Content-Encoding"] == "gzip"
    assert br.headers["ETag"] != gz.headers["ETag"]
    assert "Accept-Encoding" in br.headers["Vary"]
    assert "Accept-Encoding" in gz.headers["Vary"]
    # A cached brotli copy does not validate a gzip request.
    mixed = client.get(
        url, headers={"Accept-Encoding": "gzip", "If-None-Match": br.headers["ETag"]}
    )
    assert mixed.status_code == 200
    assert decoded(mixed) == decoded(br) == client.get(url).get_data()


@pytest.mark.parametrize("name", ["style.css", "app.js", "cards.js", "bunko.js"])
def test_css_and_js_are_served_minified_with_every_name_kept(client, name):
    source = (ROOT / "static" / name).read_text()
    served = client.get(f"/static/{name}").get_data(as_text=True)
    assert len(served) < 0.9 * len(source)
    assert "/*" not in served
    # Comments go, names stay: every word of the code is still there. (Stripping
    # comments by pattern may also eat a string's "//": that only makes the check
    # ask for fewer words.)
    code = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    code = re.sub(r"(^|\s)//.*", "", code)
    words = set(re.findall(r"[A-Za-z_$][\w$-]{2,}", code))
    missing = sorted(w for w in words if w not in served)
    assert missing == []


def test_tiny_static_files_are_sent_as_they_are(client):
    icon = client.get("/static/icon.svg", headers=BROWSER)
    assert icon.status_code == 200
    assert "Content-Encoding" not in icon.headers
    assert icon.get_data() == (ROOT / "static/icon.svg").read_bytes()


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    accepted=st.lists(
        st.tuples(
            st.sampled_from(["br", "gzip", "deflate", "zstd", "identity", "*", "x"]),
            st.sampled_from(["", ";q=0", ";q=0.5", ";q=1"]),
        ),
        max_size=5,
        unique_by=lambda pair: pair[0],
    )
)
def test_any_accept_encoding_gets_a_coding_it_accepts(client, accepted):
    header = ", ".join(name + q for name, q in accepted)
    named = dict(accepted)
    plain = {
        url: client.get(url, headers={"Accept-Encoding": ""}).get_data()
        # a static file and a dynamic answer (the games list: 70 KB, not the 490 KB
        # OpenAPI document, which costs a second to compress on every example)
        for url in ["/static/app.js", "/api/v1/games"]
    }
    for url, body in plain.items():
        response = client.get(url, headers={"Accept-Encoding": header})
        assert response.status_code == 200
        encoding = response.headers.get("Content-Encoding", "identity")
        if encoding != "identity":
            assert named.get(encoding, named.get("*")) not in (None, ";q=0"), header
        assert decoded(response) == body


def _app_with_static(folder: Path, tmp_path: Path, debug: bool = False) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "DEBUG": debug,
            "SECRET_KEY": "test-secret-key-of-at-least-32-bytes!!",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'unused.sqlite'}",
            "STATIC_FOLDER": str(folder),
        }
    )


def _url(app: Flask, name: str) -> str:
    with app.test_request_context():
        return assets.asset_url(name)


def test_a_changed_file_gets_a_new_url_and_hashes_are_taken_at_startup(tmp_path):
    folder = tmp_path / "static"
    (folder / "css").mkdir(parents=True)
    sheet = folder / "css" / "site.min.css"
    sheet.write_text("body { color: black }\n" * 100)
    before = _app_with_static(folder, tmp_path)
    old = _url(before, "css/site.min.css")
    assert FINGERPRINTED.match(old)
    assert old.startswith("/static/css/site.min.")

    sheet.write_text("body { color: navy }\n" * 100)
    # Hashes are taken once at startup, not per request: the running app keeps its URL
    # and its bytes until it restarts.
    assert _url(before, "css/site.min.css") == old
    assert b"black" in decoded(before.test_client().get(old))

    after = _app_with_static(folder, tmp_path)
    new = _url(after, "css/site.min.css")
    assert new != old
    client = after.test_client()
    fresh = client.get(new)
    assert b"navy" in decoded(fresh)
    assert fresh.headers["Cache-Control"] == A_YEAR
    stale = client.get(old)  # a page cached before the restart
    assert stale.status_code == 200
    assert b"navy" in decoded(stale)
    assert stale.headers["Cache-Control"] == FIVE_MINUTES


def test_the_debug_server_picks_up_an_edited_file_at_once(tmp_path):
    folder = tmp_path / "static"
    folder.mkdir()
    script = folder / "app.js"
    script.write_text("var a = 1;\n")
    app = _app_with_static(folder, tmp_path, debug=True)
    old = _url(app, "app.js")
    script.write_text("var a = 22;\n")  # a new size: mtimes can tie within a tick
    new = _url(app, "app.js")
    assert new != old
    assert app.test_client().get(new).get_data() == b"var a = 22;\n"


def test_asset_url_names_a_missing_file_with_an_example(app):
    with app.test_request_context(), pytest.raises(LookupError, match="asset_url"):
        assets.asset_url("missing.css")


def test_compressed_pages_that_echo_the_query_carry_no_secret(client):
    # BREACH: a compressed page that holds a secret next to text an attacker chose
    # leaks the secret through its size. The pages that echo the query string must
    # hold no CSRF token or key; those with one echo nothing from the request.
    with client.session_transaction() as session:
        session["csrf_token"] = "a-secret-the-page-must-not-show"
    for url in [
        "/rules/?q=csrf_token",
        "/tools/darts-301/checkout?remaining=170&darts=3",
        "/tools/gin-rummy/deadwood?hand=7H+8H+9H+10H+JH+QS+QD+QC+2C+3D",
    ]:
        page = client.get(url, headers=BROWSER)
        assert page.status_code == 200, url
        html = decoded(page).decode()
        assert 'name="csrf_token"' not in html, url
        assert "Bearer" not in html, url
