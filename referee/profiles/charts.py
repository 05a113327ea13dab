"""Server-rendered SVG charts for a profile: a line over time, a heat map of doubles.

No chart library and no script: plain SVG text, coloured through classes and
presentation attributes (the page's Content-Security-Policy forbids inline styles),
with a <title> per point or bed so a long press or a screen reader tells the figure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from markupsafe import Markup
from markupsafe import escape

# The dartboard's numbers clockwise from the top.
BOARD_ORDER = (20, 1, 18, 4, 13, 6, 10, 15, 2, 17, 3, 19, 7, 16, 8, 11, 14, 9, 12, 5)
WIDTH, HEIGHT = 340, 180
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 34, 10, 12, 26


def line_chart(
    points: Sequence[tuple[str, float | None]],
    *,
    label: str,
    unit: str = "",
    extra: Sequence[tuple[str, float | None]] | None = None,
    extra_label: str = "",
) -> Markup:
    """A line of ``points`` (x label, value) in order, with an optional second line.

    Gaps (None) break nothing: the line joins the values there are.
    """
    values = [v for _, v in [*points, *(extra or [])] if v is not None]
    if not values:
        return Markup("")
    low, high = min(values), max(values)
    if high - low < 1:
        low, high = low - 1, high + 1
    low = max(0.0, math.floor(low - (high - low) * 0.1))
    high = math.ceil(high + (high - low) * 0.1)
    n = max(len(points), 2)
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(i: int) -> float:
        return PAD_LEFT + inner_w * (i / (n - 1) if n > 1 else 0.5)

    def y(v: float) -> float:
        return PAD_TOP + inner_h * (1 - (v - low) / (high - low))

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(label)}</title>",
    ]
    for frac in (0, 0.5, 1):
        v = low + (high - low) * frac
        parts.append(
            f'<line class="grid" x1="{PAD_LEFT}" x2="{WIDTH - PAD_RIGHT}" '
            f'y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
            f'<text class="axis" x="{PAD_LEFT - 4}" y="{y(v) + 4:.1f}" '
            f'text-anchor="end">{v:.0f}</text>'
        )
    for series, css in ((points, "line"), (extra or [], "line second")):
        dots = [(i, v) for i, (_, v) in enumerate(series) if v is not None]
        if not dots:
            continue
        path = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in dots)
        parts.append(f'<polyline class="{css}" points="{path}"/>')
        for i, v in dots:
            tip = f"{series[i][0]}: {v:g}{unit}"
            parts.append(
                f'<circle class="{css} dot" cx="{x(i):.1f}" cy="{y(v):.1f}" r="4">'
                f"<title>{escape(tip)}</title></circle>"
            )
    if points:
        first, last = points[0][0], points[-1][0]
        parts.append(
            f'<text class="axis" x="{PAD_LEFT}" y="{HEIGHT - 6}">{escape(first)}</text>'
        )
        if len(points) > 1:
            parts.append(
                f'<text class="axis" x="{WIDTH - PAD_RIGHT}" y="{HEIGHT - 6}" '
                f'text-anchor="end">{escape(last)}</text>'
            )
    if extra_label:
        parts.append(
            f'<text class="axis key" x="{WIDTH - PAD_RIGHT}" y="{PAD_TOP + 2}" '
            f'text-anchor="end">{escape(extra_label)}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))  # nosec B704  # names and labels pass through escape()


def doubles_heat_map(doubles: dict[str, dict[str, float | int | None]]) -> Markup:
    """A dartboard's double ring, each bed shaded by checkout % at it (hits/darts).

    A bed nobody threw at stays blank; the bull's double is the centre.
    """
    size, centre = 300, 150
    outer, inner = 140, 112
    parts = [
        f'<svg class="chart heat" viewBox="0 0 {size} {size}" role="img" '
        'aria-label="Checkout percentage by double" xmlns="http://www.w3.org/2000/svg">',
        "<title>Checkout percentage by double</title>",
        f'<circle class="board" cx="{centre}" cy="{centre}" r="{outer}"/>',
    ]
    for k, number in enumerate(BOARD_ORDER):
        start = math.radians(-90 - 9 + 18 * k)
        end = start + math.radians(18)
        code = f"D{number}"
        figure = doubles.get(code) or {}
        parts.append(
            _bed(centre, outer, inner, start, end, code, figure)
            + _number(centre, outer + 0, start + math.radians(9), number)
        )
    bull = doubles.get("DB") or {}
    parts.append(
        f'<circle class="bed {_heat_class(bull)}" cx="{centre}" cy="{centre}" r="14">'
        f"<title>{escape(_tip('Bull', bull))}</title></circle>"
    )
    parts.append("</svg>")
    return Markup("".join(parts))  # nosec B704  # codes and tips pass through escape()


def _bed(
    c: int, r1: int, r2: int, a0: float, a1: float, code: str, figure: dict
) -> str:
    def pt(r: int, a: float) -> str:
        return f"{c + r * math.cos(a):.1f},{c + r * math.sin(a):.1f}"

    path = (
        f"M{pt(r1, a0)} A{r1},{r1} 0 0 1 {pt(r1, a1)} "
        f"L{pt(r2, a1)} A{r2},{r2} 0 0 0 {pt(r2, a0)} Z"
    )
    return (
        f'<path class="bed {_heat_class(figure)}" d="{path}">'
        f"<title>{escape(_tip(code, figure))}</title></path>"
    )


def _number(c: int, r: int, a: float, number: int) -> str:
    rr = r - 42
    return (
        f'<text class="num" x="{c + rr * math.cos(a):.1f}" '
        f'y="{c + rr * math.sin(a) + 4:.1f}" text-anchor="middle">{number}</text>'
    )


def _heat_class(figure: dict) -> str:
    """One of six shades: none thrown, then by fifths of the checkout percentage."""
    darts = figure.get("darts") or 0
    if not darts:
        return "h-none"
    percent = figure.get("percent") or 0
    return f"h{min(4, int(percent // 20))}"


def _tip(code: str, figure: dict) -> str:
    darts = figure.get("darts") or 0
    if not darts:
        return f"{code}: no darts at it"
    return f"{code}: {figure.get('hits', 0)} of {darts} ({figure.get('percent')}%)"


def rating_chart(points: Sequence[tuple[str, float, float]], *, game: str) -> Markup:
    """A rating's history: the shown rating (mu - 3 sigma) after each rated match as
    a line, and the band up to mu (how unsure it still is), from a new profile's 0.

    ``points`` are (label: the match's date, rating, mu) in order. Axis labels say
    what each axis counts; a <desc> says the first and last figures in words.
    """
    if not points:
        return Markup("")
    start = (0.0, 25.0)  # a new profile: rating 0, mu 25 (``ratings.model.NEW``)
    series = [start, *((r, mu) for _, r, mu in points)]
    values = [v for pair in series for v in pair]
    low, high = math.floor(min(values)) - 1, math.ceil(max(values)) + 1
    left, bottom = PAD_LEFT + 12, PAD_BOTTOM + 8
    inner_w = WIDTH - left - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - bottom
    n = len(series)

    def x(i: int) -> float:
        return left + inner_w * i / (n - 1)

    def y(v: float) -> float:
        return PAD_TOP + inner_h * (1 - (v - low) / (high - low))

    title = f"{game} rating, match by match"
    last = points[-1]
    desc = (
        f"From 0 (new) to {last[1]:.1f} after {len(points)} rated "
        f"match{'es' if len(points) != 1 else ''}; the band reaches up to the "
        f"estimate {last[2]:.1f} and narrows as the rating grows surer."
    )
    parts = [
        f'<svg class="chart rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="rc-{escape(game)}-t rc-{escape(game)}-d" '
        'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="rc-{escape(game)}-t">{escape(title)}</title>',
        f'<desc id="rc-{escape(game)}-d">{escape(desc)}</desc>',
    ]
    for v in sorted(
        {low, round((low + high) / 2), high, 0} & set(range(low, high + 1))
    ):
        parts.append(
            f'<line class="grid" x1="{left}" x2="{WIDTH - PAD_RIGHT}" '
            f'y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
            f'<text class="axis" x="{left - 4}" y="{y(v) + 4:.1f}" '
            f'text-anchor="end">{v}</text>'
        )
    band = [f"{x(i):.1f},{y(mu):.1f}" for i, (_, mu) in enumerate(series)]
    band += [
        f"{x(i):.1f},{y(r):.1f}" for i, (r, _) in reversed(list(enumerate(series)))
    ]
    parts.append(f'<polygon class="band" points="{" ".join(band)}"/>')
    line = " ".join(f"{x(i):.1f},{y(r):.1f}" for i, (r, _) in enumerate(series))
    parts.append(f'<polyline class="line" points="{line}"/>')
    for i, (label, rating, mu) in enumerate(points, start=1):
        tip = f"{label}: rating {rating:.1f} (estimate {mu:.1f})"
        parts.append(
            f'<circle class="line dot" cx="{x(i):.1f}" cy="{y(rating):.1f}" r="4">'
            f"<title>{escape(tip)}</title></circle>"
        )
    mid_y = PAD_TOP + inner_h / 2
    parts.append(
        f'<text class="axis label" x="10" y="{mid_y:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 10 {mid_y:.1f})">Rating</text>'
        f'<text class="axis label" x="{left + inner_w / 2:.1f}" y="{HEIGHT - 4}" '
        f'text-anchor="middle">Rated matches (1 to {len(points)})</text>'
        f'<text class="axis" x="{left}" y="{HEIGHT - 18}">new</text>'
        f'<text class="axis" x="{WIDTH - PAD_RIGHT}" y="{HEIGHT - 18}" '
        f'text-anchor="end">{escape(last[0])}</text>'
    )
    parts.append("</svg>")
    return Markup("".join(parts))  # nosec B704  # labels pass through escape()
