"""Where engines meet the database: create, append, undo, amend, replay, audit.

A match is its log. Rows are only ever inserted: an undo or a correction is a row of
its own that voids or replaces an earlier event, so the log keeps every word the
referee said. The state is the fold of the effective events through the engine; the
match row keeps a snapshot of it so an append costs the same at event 10 and 5,000.

Matches and tournaments are both streams of this one log (``Stream``), written by
one function, ``write``: it takes the head row's write lock (SQLite ``BEGIN
IMMEDIATE``, PostgreSQL ``SELECT ... FOR UPDATE``), checks the writer's key and the
expected seq, folds the engine, inserts the rows and updates the snapshot, and
commits. A retry with the same idempotency key gets the first answer back and
stores nothing.

The parts, each importing only those before it:

- ``common``: the refusals (``NotFound``, ``Stale``, ``KeyReused``, ``Forbidden``), a
  write's answer (``Written``), idempotency keys and request hashes;
- ``matches``: creating and reading a match, its keys, PINs and side keys;
- ``stream``: the one write path of every log (``Stream``, ``Step``, ``write``);
- ``logpages``: windows and chunks of a match's log, read by index;
- ``describe``: events in words;
- ``folding``: the events in force, folded from the start or from a checkpoint;
- ``writes``: the match stream and its append; ``confirmation``: confirmation mode;
  ``corrections``: undo and amend; ``preview``: their dry run (what they would
  change, storing nothing);
- ``history``: the log as readers see it; ``audit``: the log replayed row by row.

This package exposes the public names; the parts' own helpers stay in them.
"""

from __future__ import annotations

from referee.ledger.audit import audit as audit
from referee.ledger.common import MAX_KEY as MAX_KEY
from referee.ledger.common import Forbidden as Forbidden
from referee.ledger.common import KeyReused as KeyReused
from referee.ledger.common import NotFound as NotFound
from referee.ledger.common import NotYours as NotYours
from referee.ledger.common import Stale as Stale
from referee.ledger.common import Written as Written
from referee.ledger.common import clean_key as clean_key
from referee.ledger.common import new_id as new_id
from referee.ledger.common import request_hash as request_hash
from referee.ledger.common import same_secret as same_secret
from referee.ledger.confirmation import MAX_NOTE as MAX_NOTE
from referee.ledger.confirmation import challenge as challenge
from referee.ledger.confirmation import confirm as confirm
from referee.ledger.confirmation import counts as counts
from referee.ledger.confirmation import marks as marks
from referee.ledger.confirmation import mine as mine
from referee.ledger.corrections import amend as amend
from referee.ledger.corrections import undo as undo
from referee.ledger.describe import describe as describe
from referee.ledger.describe import describe_event as describe_event
from referee.ledger.folding import Replay as Replay
from referee.ledger.folding import events_in_force as events_in_force
from referee.ledger.folding import replay as replay
from referee.ledger.folding import rulings_from as rulings_from
from referee.ledger.folding import state_at as state_at
from referee.ledger.history import Entry as Entry
from referee.ledger.history import history as history
from referee.ledger.history import history_chunks as history_chunks
from referee.ledger.matches import actor_of as actor_of
from referee.ledger.matches import board as board
from referee.ledger.matches import by_pin as by_pin
from referee.ledger.matches import check_key as check_key
from referee.ledger.matches import claim_side as claim_side
from referee.ledger.matches import create_match as create_match
from referee.ledger.matches import created_before as created_before
from referee.ledger.matches import credentials as credentials
from referee.ledger.matches import game_of as game_of
from referee.ledger.matches import get as get
from referee.ledger.matches import give_key as give_key
from referee.ledger.matches import join_token as join_token
from referee.ledger.matches import join_token_matches as join_token_matches
from referee.ledger.matches import new_match as new_match
from referee.ledger.matches import new_pin as new_pin
from referee.ledger.matches import pin_target as pin_target
from referee.ledger.matches import rematch as rematch
from referee.ledger.matches import rematch_hash as rematch_hash
from referee.ledger.matches import rows as rows
from referee.ledger.matches import seat_names as seat_names
from referee.ledger.matches import setup_of as setup_of
from referee.ledger.matches import side_credentials as side_credentials
from referee.ledger.preview import Preview as Preview
from referee.ledger.preview import preview_amend as preview_amend
from referee.ledger.preview import preview_undo as preview_undo
from referee.ledger.stream import Step as Step
from referee.ledger.stream import Stream as Stream
from referee.ledger.stream import prior_answer as prior_answer
from referee.ledger.stream import write as write
from referee.ledger.writes import MATCHES as MATCHES
from referee.ledger.writes import append as append
