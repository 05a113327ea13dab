"""Coverage-guided fuzz targets (atheris): hostile input only ever meets ``BadInput``.

Each target turns libFuzzer's bytes into input for one entry point and calls it; the
only exceptions allowed are ``BadInput`` (the input cannot describe anything real) and,
where the rules are consulted, ``Refused`` (a well-formed action the rules forbid now).
Anything else (an ``IndexError``, a ``KeyError``, a ``RecursionError``) is a crash: on
the API it would be a 500. ``tests/fuzz/run.py`` runs every target for a budget.

Run one by hand: ``.venv/bin/python tests/fuzz/targets.py notation -max_total_time=30``.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from typing import Any

import atheris

with atheris.instrument_imports(include=["referee"]):
    from referee import games
    from referee.games import cards
    from referee.games import darts
    from referee.games import dice
    from referee.games.base import BadInput
    from referee.games.base import Field
    from referee.games.base import Refused
    from referee.games.base import parse_fields
    from referee.games.billiards.facts import parse_ball
    from referee.games.fields import KINDS
    from referee.games.fields import parse_field
    from referee.games.liars_dice import hands as liars
    from referee.games.poker import tool as poker_tool

    # the registry imports each game's modules on first use: here, to instrument them
    GAMES = [games.get(game_id) for game_id in games.GAME_IDS]

ALLOWED = (BadInput, Refused)


def _starts() -> dict[str, list[Any]]:
    """Where an event may land: each game's new match for every number of players it
    takes (up to four), and the match each documented example is played in (its
    setup events replayed), so that the fuzzer reaches past a game's first event."""
    out: dict[str, list[Any]] = {}
    for game in GAMES:
        out[game.id] = []
        for n in range(game.min_players, min(game.max_players, len(PLAYERS)) + 1):
            try:
                out[game.id].append(game.start(game.new_setup(PLAYERS[:n], {})))
            except BadInput:
                continue  # a count the game's setup refuses (billiards is two)
        for kind in game.events:
            for example in kind.examples:
                setup = game.new_setup(list(example.players), dict(example.options))
                state = game.start(setup)
                for event in example.setup:
                    state = game.step(state, event).state
                out[game.id].append(state)
    return out


PLAYERS = ["Ann", "Bob", "Cy", "Di"]
# Bits of the notation the fuzzer would take long to guess byte by byte.
WORDS = [
    *cards.DECKS["canasta"].copies,
    *(d.code for d in darts.all_darts()),
    "JOKER", "BULL", "BULLSEYE", "MISS", "10", "T", "♠", "♥", "cue", ":", ";", ",",
    " ", "\n", "[", "]", "/", "0", "-1", "ſ", "٣", "\x00", "\ud800",
]  # fmt: skip
REPEATS = ["[", "]", "[]", "{", " ", ",", "9", "AS ", "T20 ", "\u0301", "a"]
DEPTH = 3


def text(fdp: atheris.FuzzedDataProvider) -> str:
    """A string: notation words (spaced, as people write them, or run together), one
    word repeated thousands of times, or raw Unicode, as the next byte says."""
    match fdp.ConsumeIntInRange(0, 3):
        case 0:
            return fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 40))
        case 1:
            glue = ""
        case 2:
            # one word many times over: depth and length ("[" * 5000 was a 500)
            word = REPEATS[fdp.ConsumeIntInRange(0, len(REPEATS) - 1)]
            return word * fdp.ConsumeIntInRange(100, 6000)
        case _:
            glue = " "
    count = fdp.ConsumeIntInRange(0, 16)
    return glue.join(
        WORDS[fdp.ConsumeIntInRange(0, len(WORDS) - 1)] for _ in range(count)
    )


def value(fdp: atheris.FuzzedDataProvider, depth: int = 0) -> Any:
    """Any JSON value, the kinds a client can send (and a float or two)."""
    kind = fdp.ConsumeIntInRange(0, 8 if depth < DEPTH else 5)
    match kind:
        case 0:
            return None
        case 1:
            return fdp.ConsumeBool()
        case 2:
            return fdp.ConsumeIntInRange(-3, 30)
        case 3:
            return fdp.ConsumeInt(8)
        case 4:
            return fdp.ConsumeRegularFloat()
        case 5:
            return text(fdp)
        case 6 | 7:
            return [value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 12))]
        case _:
            return {
                text(fdp): value(fdp, depth + 1)
                for _ in range(fdp.ConsumeIntInRange(0, 4))
            }


def fields(
    fdp: atheris.FuzzedDataProvider, wanted: tuple[Field, ...]
) -> dict[str, Any]:
    """A request for these fields: each present or not, now and then a stranger."""
    out: dict[str, Any] = {}
    for f in wanted:
        if fdp.ConsumeIntInRange(0, 5):
            out[f.name] = value(fdp)
    if not fdp.ConsumeIntInRange(0, 9):
        out[text(fdp)] = value(fdp)
    return out


def _guard(call: Callable[[], object]) -> None:
    with contextlib.suppress(ALLOWED):
        call()


def notation_target(data: bytes) -> None:
    """Every notation parser, and each field kind the event parser knows."""
    fdp = atheris.FuzzedDataProvider(data)
    which = fdp.ConsumeIntInRange(0, 13)
    raw = value(fdp)
    deck = sorted(cards.DECKS)[fdp.ConsumeIntInRange(0, len(cards.DECKS) - 1)]
    calls: list[Callable[[], object]] = [
        lambda: cards.parse_card(raw, deck),
        lambda: cards.parse_cards(raw, deck, least=fdp.ConsumeIntInRange(0, 3)),
        lambda: cards.parse_rank(raw),
        lambda: darts.parse_dart(raw),
        lambda: darts.parse_darts(raw),
        lambda: dice.parse_die(raw),
        lambda: dice.parse_roll(raw, count=3),
        lambda: dice.parse_poker_die(raw),
        lambda: liars.parse_claim(raw),
        lambda: liars.parse_claims(raw),
        lambda: parse_ball(raw, "ball", cue=True),
        lambda: poker_tool.parse_hands(raw),
        lambda: poker_tool.parse_ranks(raw),
        lambda: _field_kinds(fdp, raw),
    ]
    _guard(calls[which])


def _field_kinds(fdp: atheris.FuzzedDataProvider, raw: Any) -> object:
    kinds = tuple(KINDS)
    kind = kinds[fdp.ConsumeIntInRange(0, len(kinds) - 1)]
    f = Field("x", kind, "fuzzed", minimum=1, maximum=5, choices=("yes", "no"))
    game = GAMES[fdp.ConsumeIntInRange(0, len(GAMES) - 1)]
    return parse_field(f, raw, {"players": PLAYERS[:2]}, game)


def events_target(data: bytes) -> None:
    """Every game's event parser and engine, from a new match or a documented example's
    match: one to three events of its kinds with fuzzed fields (``Game.step`` parses,
    then applies)."""
    fdp = atheris.FuzzedDataProvider(data)
    game = GAMES[fdp.ConsumeIntInRange(0, len(GAMES) - 1)]
    starts = STARTS[game.id]
    state = starts[fdp.ConsumeIntInRange(0, len(starts) - 1)]
    for _ in range(fdp.ConsumeIntInRange(1, 3)):
        kind = game.events[fdp.ConsumeIntInRange(0, len(game.events) - 1)]
        event = {"type": kind.type, **fields(fdp, kind.fields)}
        if not fdp.ConsumeIntInRange(0, 15):
            event = value(fdp)  # not even an object with a type
        with contextlib.suppress(ALLOWED):
            state = game.step(state, event).state


def tools_target(data: bytes) -> None:
    """Every game's tools, as the API calls them (fields parsed, then run)."""
    fdp = atheris.FuzzedDataProvider(data)
    pairs = [(g, t) for g in GAMES for t in g.tools]
    game, tool = pairs[fdp.ConsumeIntInRange(0, len(pairs) - 1)]
    request = fields(fdp, tool.fields)
    _guard(lambda: tool.run(parse_fields(tool.fields, request, None, game)))


STARTS = _starts()
TARGETS: dict[str, Callable[[bytes], None]] = {
    "notation": notation_target,
    "events": events_target,
    "tools": tools_target,
}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit(f"usage: targets.py {{{'|'.join(TARGETS)}}} [libFuzzer flags]")
    target = TARGETS[sys.argv[1]]
    atheris.Setup([sys.argv[0], *sys.argv[2:]], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
