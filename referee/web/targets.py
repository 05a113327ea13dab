"""Where a form may send the browser next: a path on this site, never elsewhere.

Every redirect whose target comes from the request (a form's ``next``) goes through
``next_path``, so an attacker's link or form cannot bounce a player to another site
with our address in front (an open redirect). Browsers are lenient with what they
are given: they drop tabs and newlines inside a URL (``/\\t/evil.example`` becomes
``//evil.example``, another host) and read a backslash as a slash, so a target is
refused outright if it holds either, or any other control character or space.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import request

MAX_PATH = 2000


def same_site_path(value: object) -> str | None:
    """``value`` if it is a path on this site (``/m/abc?x=1``), else None."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_PATH:
        return None
    if any(ch.isspace() or ord(ch) < 0x20 or ord(ch) == 0x7F for ch in value):
        return None
    if "\\" in value or not value.startswith("/") or value.startswith("//"):
        return None
    parts = urlsplit(value)
    if parts.scheme or parts.netloc:
        return None
    return value


def next_path(default: str) -> str:
    """The form's ``next`` if it is a same-site path, else ``default``."""
    return same_site_path(request.form.get("next")) or default
