"""Production serving: ``gunicorn -c gunicorn.conf.py 'referee:create_app()'``.

gevent workers: each worker serves many connections at once as greenlets, so the
long-lived live streams (Server-Sent Events, one per open board) cost a few KB each
and never hold a worker that a write needs, as they would under sync workers (one
request per worker) or gthread workers (one thread per open stream). psycopg 3 and
SQLAlchemy's pool cooperate with gevent once gunicorn has monkey-patched the worker;
the app must therefore be loaded after the fork (no ``preload_app``). See docs/live.md.
"""

import multiprocessing
import os

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '5000')}"  # nosec B104: a server binds to its network
# gunicorn's gevent worker, answering a request it cannot parse with problem+json
worker_class = "referee.serving.Worker"
# One worker per core: a gevent worker is never idle waiting on a socket.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", 1000))
# A live stream holds a connection as long as its board is open: a worker keeps a
# tenth of its connections for writes and pages (more boards than that poll instead).
os.environ.setdefault("REFEREE_LIVE_MAX_STREAMS", str(worker_connections * 9 // 10))
# A live stream ends by itself within LIVE_STREAM_SECONDS; shutdown need not wait.
graceful_timeout = 10
timeout = 30
keepalive = 5
accesslog = os.environ.get("ACCESS_LOG")  # "-" for stdout


def post_worker_init(worker: object) -> None:
    """Load and compile before the first request, then freeze (referee/serving.py)."""
    from referee.serving import warm

    warm(worker.wsgi)  # type: ignore[attr-defined]
