"""Write ``allowed.json`` from what differs now (``python -m tests.replay.allow``).

Each differing entry is matched against ``REASONS`` (the deliberate changes of
README.md, by what differs); an entry no reason explains is printed and not accepted.
Run it only after reading every difference: it accepts what you tell it to.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

from tests.replay import corpus

# (pattern on the difference line, reason): the deliberate changes of issue 22.
REASONS: tuple[tuple[str, str], ...] = (
    (
        r"status: 422 -> 409|Idempotency-Key header is missing",
        "1. a reused Idempotency-Key is 409 (a conflict), everywhere",
    ),
    (
        r"\.answer\.(seq|ruling|errors): new",
        "3. the offline outbox's answer is the API's, from the one outcome table",
    ),
    (
        r"expects: \[[^]]*\] -> \[[^]]*\"fold\"",
        "4. the board lists every event the engine takes (expects from the handlers)",
    ),
    (
        r'\.title: "Not Found[^"]*" -> "New bunko night',
        "5. the format chooses its pages: /n/new/<kind> serves every kind",
    ),
    (
        r"\.answer\.rules\[\d+\]\.(kind|unchecked): new"
        r"|GET /api/v1/games/[^/]+/rules\): \.answer\.sha256",
        "6. issue 24: a rule says what it does (kind, unchecked) and a rulebook "
        "carries its rule-coverage matrix (checks)",
    ),
    (
        r"is not a field of 'deal' \(fields: none\).*-> .*"
        r"\(fields: missing_ante, player\)"
        r'|\.events\[0\]\.fields: \[\] -> \[\{"name": "missing_ante"',
        "issue 24, draw poker and jacks to open: the deal names the dealer "
        "(player) and may state an ante not paid (missing_ante, refused)",
    ),
    (
        r"^openapi \(GET /api/v1/openapi\.json\): \.operations: ",
        "issue 24, jacks to open: the openers calculator adds one operation, "
        "POST /api/v1/tools/poker-jacks-trips/openers (checked: the only one)",
    ),
)


def main() -> None:
    from flask_migrate import upgrade

    from referee import create_app
    from tests.conftest import MIGRATIONS
    from tests.conftest import _config

    folder = Path(tempfile.mkdtemp())
    out, unexplained = [], []
    for path in corpus.files():
        app = create_app(_config(f"sqlite:///{folder / path.stem}.sqlite", folder))
        with app.app_context():
            upgrade(directory=str(MIGRATIONS))
        for name, line, now in corpus.replay(app.test_client(), corpus.load(path)):
            reason = next((r for p, r in REASONS if re.search(p, line)), None)
            if reason is None:
                unexplained.append(f"{path.stem}: {line}")
                continue
            out.append({"file": path.stem, "entry": name, "reason": reason, "now": now})
    corpus.ALLOWED.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"{len(out)} changes accepted, {len(unexplained)} not explained:")
    print("\n".join(unexplained))


if __name__ == "__main__":
    main()
