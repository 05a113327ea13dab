"""A production worker's start: load what the first request would, then freeze it.

gunicorn calls :func:`warm` from ``post_worker_init`` (``gunicorn.conf.py``), after the
app is loaded in the worker and before it accepts a connection.

* The game registry is imported on first use (a CLI command needs none of it), and
  some tables are built on first use (``referee.warmup``: 301's checkout routes, the
  rulebooks and their search index). In a worker the first write or lookup would pay
  for them (about 150 ms each), and every live board of that write would wait as long.
* Templates compile on first render; each one would cost its first viewer.
* ``gc.freeze()`` then moves everything loaded so far (modules, engines, compiled
  templates: most of a worker's objects, and all long-lived) out of the collector's
  reach. A full collection otherwise walks them all, a 50-100 ms pause in the middle
  of a fan-out to a thousand streams; frozen, it takes a few ms.
"""

from __future__ import annotations

import gc

from flask import Flask

from referee import games
from referee import warmup


def warm(app: Flask) -> int:
    """Import every game, build the tables, compile the templates; return how many."""
    games.registry()
    warmup.build_all()
    compiled = 0
    with app.app_context():
        for name in app.jinja_env.list_templates():
            app.jinja_env.get_template(name)
            compiled += 1
    gc.collect()
    gc.freeze()
    return compiled
