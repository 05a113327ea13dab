"""A bracket drawn as SVG, server-side, from a tournament's view (no JavaScript).

The elimination formats' ``layout`` names each part's rounds and slots; the view's
``pairings`` say who plays each and how it went. Each round is a column of match
boxes, each box two rows (seed, name, score); lines join a match to the one its
winner goes on to. The losers' bracket sits under the winners', the grand final to
the right. Sizes are in the SVG's own units and the drawing scales to the screen's
width, so one drawing serves a TV (read from 3 m: 30-unit names on a ~2000-unit
wide drawing come out near 28 px on a 1080p screen) and a phone (which scrolls it).
Colours come from the page's stylesheet (classes ``bx-*``), so light and dark work.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

BOX_W = 330  # a match box
ROW_H = 46  # one side's row
BOX_H = 2 * ROW_H
COL_W = BOX_W + 70  # box and the gap its lines cross
GAP = 54  # between boxes of the first round (room for the label above a box)
HEAD = 64  # a part's title
NAME_MAX = 16  # characters of a name before it is cut with an ellipsis


@dataclass
class _Box:
    slot: str
    column: int
    y: float
    pairing: Mapping[str, Any] | None
    feeds: list[Mapping[str, Any]]
    part: str


def _positions(
    layout: Mapping[str, Any],
) -> tuple[dict[str, _Box], list[tuple[str, float, float, str]], float]:
    """Every slot's box (column and centre y), the parts' titles, the height."""
    boxes: dict[str, _Box] = {}
    titles: list[tuple[str, float, float, str]] = []
    top = 0.0
    final_part = None
    for part in layout["parts"]:
        if part["part"] == "final":
            final_part = part
            continue
        title = part["title"]
        if title:
            titles.append((title, 0, top + HEAD * 0.6, "bx-part"))
            top += HEAD
        for column, rnd in enumerate(part["rounds"]):
            titles.append((rnd["title"], column * COL_W, top + 24, "bx-round-title"))
        top += 36
        bottom = top
        for column, rnd in enumerate(part["rounds"]):
            free = top + GAP + BOX_H / 2
            for slot in rnd["slots"]:
                inside = [
                    boxes[f["from"]].y
                    for f in slot["feeds"]
                    if f["kind"] == "winner"
                    and f["from"] in boxes
                    and boxes[f["from"]].part == part["part"]
                ]
                if inside:
                    y = sum(inside) / len(inside)
                else:
                    y = free
                    free += BOX_H + GAP
                boxes[slot["id"]] = _Box(
                    slot["id"], column, y, None, list(slot["feeds"]), part["part"]
                )
                bottom = max(bottom, y + BOX_H / 2)
        top = bottom + GAP
    if final_part is not None:
        feeders = [
            boxes[f["from"]]
            for f in final_part["rounds"][0]["slots"][0]["feeds"]
            if f["from"] in boxes
        ]
        column = max(b.column for b in boxes.values()) + 1
        y = sum(b.y for b in feeders) / len(feeders)
        for i, slot in enumerate(final_part["rounds"][0]["slots"]):
            if i and slot["pairing"] is None:
                continue  # the reset, not (or not yet) needed
            name = "Reset" if i else final_part["rounds"][0]["title"]
            titles.append(
                (name, (column + i) * COL_W, y - BOX_H / 2 - 44, "bx-round-title")
            )
            boxes[slot["id"]] = _Box(
                slot["id"], column + i, y, None, list(slot["feeds"]), "final"
            )
    return boxes, titles, top


def _cut(name: str | None) -> str:
    if not name:
        return ""
    return name if len(name) <= NAME_MAX else name[: NAME_MAX - 1] + "…"


def bracket_svg(view: Mapping[str, Any], *, label: str = "Bracket") -> Markup:
    """The bracket of an elimination tournament's view as an inline ``<svg>``.

    Every piece is a literal template filled by ``Markup.format``, which escapes
    the names and titles put into it.
    """
    layout = view["layout"]
    by_id = {p["id"]: p for p in view["pairings"]}
    numbers = {p["id"]: p["number"] for p in view["pairings"]}
    seeds = {name: n for n, name in enumerate(view["seeds"], start=1)}
    boxes, titles, height = _positions(layout)
    for box in boxes.values():
        box.pairing = by_id.get(box.slot)
    width = (max(b.column for b in boxes.values()) + 1) * COL_W
    out: list[Markup] = [
        Markup(
            '<svg class="bx" viewBox="0 0 {} {}" role="img" aria-label="{}" '
            'xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="xMinYMin meet">'
        ).format(width, round(height), label)
    ]
    for title, x, y, cls in titles:
        out.append(
            Markup('<text class="{}" x="{}" y="{}">{}</text>').format(
                cls, round(x + 4), round(y), title
            )
        )
    # the lines first, so the boxes sit on top of them
    for box in boxes.values():
        if _hidden(box):
            continue
        for feed in box.feeds:
            src = boxes.get(feed.get("from") or "")
            if src is None or feed["kind"] != "winner" or _hidden(src):
                continue
            if src.part != box.part and box.part != "final":
                continue
            x1, x2 = src.column * COL_W + BOX_W, box.column * COL_W
            out.append(
                Markup('<path class="bx-line" d="M{} {} H{} V{} H{}"/>').format(
                    x1, round(src.y), round((x1 + x2) / 2), round(box.y), x2
                )
            )
    for box in boxes.values():
        if not _hidden(box):
            out.append(_box(box, seeds, numbers))
    champion = layout.get("champion")
    if champion:
        last = max(boxes.values(), key=lambda b: (b.column, b.pairing is not None))
        out.append(
            Markup('<text class="bx-champion" x="{}" y="{}">🏆 {}</text>').format(
                last.column * COL_W, round(last.y + BOX_H / 2 + 44), _cut(champion)
            )
        )
    out.append(Markup("</svg>"))
    return Markup("").join(out)


def _hidden(box: _Box) -> bool:
    """A slot nobody plays (a bye against a bye, a reset not needed) is not drawn."""
    p = box.pairing
    if p is None:
        return box.slot == "GF2"
    a, b = p["entrants"]
    return all(p["known"]) and a is None and b is None


def _box(box: _Box, seeds: Mapping[str, int], numbers: Mapping[str, int]) -> Markup:
    p = box.pairing or {}
    x = box.column * COL_W
    y0 = box.y - BOX_H / 2
    status = p.get("status", "waiting")
    result = p.get("result") or {}
    bye = result.get("how") == "bye"
    classes = f"bx-box bx-{status}" + (" bx-bye" if bye else "")
    label = f"Match {p['number']}" if p else box.slot
    if status == "playing" and p.get("station_name"):
        label = f"{label} · {p['station_name']}"
    elif status == "ready":
        label = f"{label} · next up"
    parts = [
        Markup(
            '<g class="{}"><text class="bx-label" x="{}" y="{}">{}</text>'
            '<rect x="{}" y="{}" width="{}" height="{}" rx="10"/>'
            '<line class="bx-split" x1="{}" y1="{}" x2="{}" y2="{}"/>'
        ).format(
            classes,
            x + 4,
            round(y0 - 10),
            label,
            x,
            round(y0),
            BOX_W,
            BOX_H,
            x,
            round(box.y),
            x + BOX_W,
            round(box.y),
        )
    ]
    for side in (0, 1):
        parts.append(
            _side(box, p, side, x, y0 + side * ROW_H + ROW_H * 0.7, seeds, numbers)
        )
    parts.append(Markup("</g>"))
    return Markup("").join(parts)


def _side(
    box: _Box,
    p: Mapping[str, Any],
    side: int,
    x: float,
    row_y: float,
    seeds: Mapping[str, int],
    numbers: Mapping[str, int],
) -> Markup:
    """One row of a box: the seed, the name (or where it comes from), the score."""
    result = p.get("result") or {}
    bye = result.get("how") == "bye"
    name = (p.get("entrants") or [None, None])[side]
    known = (p.get("known") or [False, False])[side]
    won = result.get("winner") == side and not bye
    lost = result.get("winner") == 1 - side and not bye and name
    cls = "bx-name" + (" bx-won" if won else "") + (" bx-lost" if lost else "")
    out = []
    y = round(row_y)
    if name:
        seed = seeds.get(name)
        if seed is not None:
            out.append(
                Markup('<text class="bx-seed" x="{}" y="{}">{}</text>').format(
                    x + 10, y, seed
                )
            )
        text = _cut(name)
    else:
        feed = box.feeds[side] if side < len(box.feeds) else {}
        source = numbers.get(feed.get("from") or "")
        if known or source is None:
            text = "bye" if known else ""
        else:
            text = f"{'winner' if feed['kind'] == 'winner' else 'loser'} of {source}"
        cls += " bx-tbd"
    out.append(
        Markup('<text class="{}" x="{}" y="{}">{}</text>').format(cls, x + 52, y, text)
    )
    score = _score(p, side, won)
    if score:
        out.append(
            Markup(
                '<text class="bx-score" x="{}" y="{}" text-anchor="end">{}</text>'
            ).format(x + BOX_W - 12, y, score)
        )
    return Markup("").join(out)


def _score(p: Mapping[str, Any], side: int, won: bool) -> str:
    """What a row shows on the right: the score, w/o, n/s, ret, or the live legs."""
    result = p.get("result") or {}
    if result.get("how") == "bye":
        return ""
    if result.get("how") == "played":
        return str(result["score"][side]) if any(result["score"]) else ""
    if result:
        short = {"walkover": "w/o", "no-show": "n/s", "retired": "ret"}
        return short.get(result["how"], "") if won else ""
    live = p.get("live") or {}
    if p.get("status") == "playing" and live.get("score"):
        legs = live.get("legs")
        value = legs[side] if legs else live["score"][side]
        return "" if value is None else str(value)
    return ""
