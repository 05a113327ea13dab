"""Typical turns per game for ``bench/taps.py``: one module per game id
(``-`` as ``_``), each with ``TURNS``, a list of ``bench.taps.Turn``."""
