"""The session cookie: ``__Host-session`` (Secure, Path=/, no Domain) over HTTPS.

Whether a request came over HTTPS is decided per request (``request.is_secure``), so
one deployment serves both a local ``http://`` test and its public ``https://`` name.
Over plain HTTP the cookie keeps its plain name: browsers refuse a ``__Host-`` cookie
without Secure. Behind a reverse proxy, ``PROXY_HOPS`` (``REFEREE_PROXY_HOPS``) makes
the app trust that many proxies' ``X-Forwarded-For/-Proto/-Host`` (Werkzeug's
``ProxyFix``), so that HTTPS at the proxy counts and the client address is the
player's; ``SESSION_COOKIE_SECURE`` forces the secure cookie whatever the request says.
"""

from __future__ import annotations

from flask import Flask
from flask import Request
from flask import Response
from flask import request
from flask.sessions import SecureCookieSession
from flask.sessions import SecureCookieSessionInterface
from flask.sessions import SessionMixin
from werkzeug.middleware.proxy_fix import ProxyFix

HOST_PREFIX = "__Host-"


class HostSessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, named and flagged by the request's scheme."""

    @staticmethod
    def _secure(app: Flask) -> bool:
        return bool(app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure

    def get_cookie_name(self, app: Flask) -> str:
        name = str(app.config["SESSION_COOKIE_NAME"])
        return HOST_PREFIX + name if self._secure(app) else name

    def get_cookie_secure(self, app: Flask) -> bool:
        return self._secure(app)

    def get_cookie_domain(self, app: Flask) -> str | None:
        # A __Host- cookie must not name a domain.
        return None if self._secure(app) else super().get_cookie_domain(app)

    def get_cookie_path(self, app: Flask) -> str:
        return "/" if self._secure(app) else super().get_cookie_path(app)

    # The lean path of a request without a session cookie (an API call with its
    # bearer key, a first visit): no signing serialiser is built to read nothing,
    # and nothing is worked out to write nothing.

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if app.secret_key and not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)

    def save_session(
        self, app: Flask, session: SessionMixin, response: Response
    ) -> None:
        if not session and not session.modified:
            if session.accessed:
                response.vary.add("Cookie")
            return
        super().save_session(app, session, response)


def init_app(app: Flask) -> None:
    app.session_interface = HostSessionInterface()
    hops = int(app.config.get("PROXY_HOPS") or 0)
    if hops > 0:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops
        )
