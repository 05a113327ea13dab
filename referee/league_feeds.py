"""A league season seen from outside its pages: the venue's TV board, the exports
and the calendar feeds (pure: functions of the season's view, no I/O, no clock).

Everything here reads the league format's ``view`` (the contract in
docs/leagues-design.md): ``teams`` (numbered from 1), ``weeks``, ``fixtures``
(``home``/``away`` team numbers, ``date``, ``time``, ``venue``, ``games``,
``result``, ``notes``) and ``standings``. The web layer (``referee/web/tournaments/
league_tv.py``, ``league_feeds.py``) passes the view and what only it knows (today's
date, the time of the season's last change) and serves what comes back.

The calendar feeds are iCalendar (RFC 5545) built with the ``icalendar`` library:
one ``VEVENT`` per fixture of the team (or of the player's teams), its ``UID`` fixed
by the season and the fixture number, so that a phone subscribed to the feed moves
the event when the fixture is rescheduled rather than adding another. Times are
*floating* local times (no ``TZID``): a league night is "19:30 at the venue" in the
venue's own time, which is what a phone shows wherever it is set, and a season
knows no time zone of its own.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from icalendar import Calendar
from icalendar import Event

from referee.games.outcomes import JSON

# How long a league night is booked in a calendar: a team match of five to ten
# games at a venue, with the line-ups before it.
NIGHT = dt.timedelta(hours=3)
PRODID = "-//Referee//League fixtures//EN"
# The TV board: how many rows of the table and how many latest results it shows
# (a 32-team table in a readable type does not fit a screen's height; the rest are
# on the season's page, and the board says how many).
TV_TABLE_ROWS = 16
TV_RESULTS = 6
TV_GAMES_SHOWN = 3  # games in play listed under a fixture's card, at most
SIDES = ("home", "away")


# --- reading the view ---------------------------------------------------------------


def team_name(view: Mapping[str, Any], team: int | None) -> str:
    """A team's name from its number (from 1); ``bye`` for none."""
    if not team:
        return "bye"
    teams = view.get("teams") or []
    if 1 <= team <= len(teams):
        entry = teams[team - 1]
        return str(entry.get("name") if isinstance(entry, Mapping) else entry)
    return f"Team {team}"


def decided(fixture: Mapping[str, Any]) -> bool:
    """Whether a fixture's result is in (played through, or forfeited)."""
    return fixture.get("result") is not None


def forfeited(fixture: Mapping[str, Any]) -> bool:
    """Whether a fixture was settled by a forfeit (nothing was played)."""
    result = fixture.get("result") or {}
    return result.get("how") == "forfeit" or fixture.get("status") == "forfeited"


def games_won(fixture: Mapping[str, Any]) -> list[int]:
    """Games won by each side, home first: the result's score when the fixture is
    decided, else the count of its games won so far."""
    result = fixture.get("result")
    if result and result.get("score") is not None:
        return [int(result["score"][0]), int(result["score"][1])]
    won = [0, 0]
    for game in fixture.get("games") or []:
        if game.get("winner") in SIDES:
            won[SIDES.index(game["winner"])] += 1
    return won


def note_text(view: Mapping[str, Any], note: Any) -> str:
    """One of the organiser's notes on a fixture in words: a reschedule (from, to,
    where, why) or a forfeit (who, why)."""
    if not isinstance(note, Mapping):
        return str(note)
    reason = str(note.get("reason") or "").strip()
    if note.get("kind") == "reschedule":
        where = f" at {note['venue']}" if note.get("venue") else ""
        moved = f"Moved from {note.get('from')} to {note.get('to')}{where}"
        return f"{moved}: {reason}" if reason else f"{moved}."
    if note.get("kind") == "forfeit":
        who = team_name(view, note.get("team")) if note.get("team") else "A team"
        return f"{who} forfeit: {reason}" if reason else f"{who} forfeit."
    return reason or str(note.get("kind") or "")


def notes_of(view: Mapping[str, Any], fixture: Mapping[str, Any]) -> list[str]:
    """The fixture's notes in words, oldest first."""
    return [note_text(view, n) for n in fixture.get("notes") or []]


def live_score(game: Mapping[str, Any]) -> str:
    """A game's score as the TV shows it: the result's when it is decided, else
    the match's live score (legs first, then the points, for a game of legs)."""
    if game.get("score") is not None:
        return "–".join(str(x) for x in game["score"])
    live = game.get("live") or {}
    legs = live.get("legs") or []
    score = live.get("score") or []
    parts = []
    if len(legs) == 2 and all(x is not None for x in legs):
        parts.append("–".join(str(x) for x in legs))
    if len(score) == 2 and all(x is not None for x in score):
        parts.append("–".join(str(x) for x in score))
    return " · ".join(parts)


def in_play(game: Mapping[str, Any]) -> bool:
    """A game under way: called to a match, begun (its match has an entry: a
    fixture's games are all called at once, most wait for a table), not won yet."""
    if not game.get("match") or game.get("winner") is not None:
        return False
    live = game.get("live")
    return live is None or int(live.get("seq") or 0) > 0


def human_date(iso: str | None) -> str:
    """ "Mon 7 Sep" from "2026-09-07" (what a TV in a bar says); "" for none."""
    if not iso:
        return ""
    day = dt.date.fromisoformat(str(iso))
    return f"{day:%a} {day.day} {day:%b}"


def team_fixtures(view: Mapping[str, Any], teams: Iterable[int]) -> list[JSON]:
    """The fixtures of any of ``teams``, in fixture order."""
    wanted = set(teams)
    return [
        f
        for f in view.get("fixtures") or []
        if f.get("home") in wanted or f.get("away") in wanted
    ]


def teams_of_player(view: Mapping[str, Any], names: Iterable[str]) -> list[int]:
    """The teams (numbers from 1) whose roster holds one of ``names``; names are
    compared folded (case and spacing do not make another player)."""
    wanted = {fold(n) for n in names}
    found = []
    for n, team in enumerate(view.get("teams") or [], start=1):
        roster = team.get("players") or [] if isinstance(team, Mapping) else []
        if any(fold(p) in wanted for p in roster):
            found.append(n)
    return found


def fold(name: str) -> str:
    """A name folded for matching (``profiles.handle``'s rule)."""
    return " ".join(str(name).split()).casefold()


# --- the TV board -------------------------------------------------------------------


def tonight(view: Mapping[str, Any], today: dt.date) -> JSON | None:
    """The week the board shows: the one played today, else the first week with a
    fixture still to play, else the last week (the season is over)."""
    weeks = view.get("weeks") or []
    iso = today.isoformat()
    fixtures = view.get("fixtures") or []
    on_today = [
        w
        for w in weeks
        if w.get("date") == iso
        or any(_fixture(fixtures, n).get("date") == iso for n in w.get("fixtures", []))
    ]
    if on_today:
        return dict(on_today[0])
    for week in weeks:
        if any(not decided(_fixture(fixtures, n)) for n in week.get("fixtures", [])):
            return dict(week)
    return dict(weeks[-1]) if weeks else None


def _fixture(fixtures: Sequence[Mapping[str, Any]], number: int) -> Mapping[str, Any]:
    if 1 <= number <= len(fixtures):
        return fixtures[number - 1]
    return {}


def fixture_card(view: Mapping[str, Any], fixture: Mapping[str, Any]) -> JSON:
    """One fixture as the TV board shows it: the teams, games won per side, the
    games in play with their live scores, how far the night has gone."""
    games = list(fixture.get("games") or [])
    playing = [g for g in games if in_play(g)]
    won = games_won(fixture)
    result = fixture.get("result") or {}
    if forfeited(fixture):
        state = "forfeit"
    elif decided(fixture):
        state = "final"
    elif any(g.get("match") for g in games):  # called: the night is on
        state = "playing"
    else:
        state = "to-play"
    winner = result.get("winner") if decided(fixture) else None
    return {
        "number": fixture.get("number"),
        "home": team_name(view, fixture.get("home")),
        "away": team_name(view, fixture.get("away")),
        "venue": fixture.get("venue") or "",
        "time": fixture.get("time") or "",
        "date": fixture.get("date") or "",
        "state": state,
        "won": won,
        "winner": winner,
        "games": len(games),
        "finished": sum(1 for g in games if g.get("winner") is not None),
        "in_play": len(playing),
        "waiting": sum(1 for g in games if g.get("winner") is None and not in_play(g)),
        "playing": [
            {
                "number": g.get("number"),
                "home": " & ".join(g.get("home") or []) or "?",
                "away": " & ".join(g.get("away") or []) or "?",
                "score": live_score(g),
            }
            for g in playing[:TV_GAMES_SHOWN]
        ],
        "more_playing": max(0, len(playing) - TV_GAMES_SHOWN),
        "notes": notes_of(view, fixture),
    }


def tv_board(view: Mapping[str, Any], today: dt.date) -> JSON:
    """What the venue's TV shows: tonight's week and its fixtures' cards, the latest
    results of the weeks before, and the head of the table."""
    fixtures = view.get("fixtures") or []
    week = tonight(view, today)
    # Tonight is the fixtures dated today (a week's, less those moved away, plus
    # any moved to tonight); a day without one shows the week to come.
    dated = {f.get("number") for f in fixtures if f.get("date") == today.isoformat()}
    shown = dated or (set(week.get("fixtures", [])) if week else set())
    if week is not None and dated:
        week["date"] = today.isoformat()
    cards = [fixture_card(view, _fixture(fixtures, n)) for n in sorted(shown)]
    earlier = [
        f
        for f in fixtures
        if decided(f)
        and f.get("number") not in shown
        and (week is None or (f.get("week") or 0) < week["number"])
    ]
    # The latest first: by week, then fixture number.
    earlier.sort(key=lambda f: (f.get("week") or 0, f.get("number") or 0))
    latest = [fixture_card(view, f) for f in reversed(earlier[-TV_RESULTS:])]
    table = list(view.get("standings") or [])
    if week is not None:
        week["when"] = human_date(week.get("date"))
    return {
        "week": week,
        "bye": team_name(view, week.get("bye")) if week and week.get("bye") else None,
        "fixtures": cards,
        "results": latest,
        "standings": table[:TV_TABLE_ROWS],
        "more_teams": max(0, len(table) - TV_TABLE_ROWS),
        "over": bool(fixtures) and all(decided(f) for f in fixtures),
    }


# --- exports ------------------------------------------------------------------------

STANDINGS_COLUMNS = (
    "rank",
    "team",
    "name",
    "played",
    "won",
    "drawn",
    "lost",
    "games_for",
    "games_against",
    "points",
)
RESULTS_COLUMNS = (
    "fixture",
    "week",
    "date",
    "time",
    "venue",
    "home",
    "away",
    "status",
    "home_games",
    "away_games",
    "winner",
    "how",
    "notes",
)
GAMES_COLUMNS = (
    "fixture",
    "week",
    "game",
    "home_players",
    "away_players",
    "home_score",
    "away_score",
    "winner",
)


def standings_rows(view: Mapping[str, Any]) -> list[list[Any]]:
    """The table as CSV rows, the header first."""
    rows: list[list[Any]] = [list(STANDINGS_COLUMNS)]
    for r in view.get("standings") or []:
        rows.append([r.get(k, "") for k in STANDINGS_COLUMNS])
    return rows


def result_json(view: Mapping[str, Any], fixture: Mapping[str, Any]) -> JSON:
    """One fixture as the results export has it: teams by name, the games won per
    side (so far, when not decided), who won, how, and the organiser's reasons."""
    result = fixture.get("result")
    winner = result.get("winner") if result else None
    won = games_won(fixture)
    return {
        "fixture": fixture.get("number"),
        "week": fixture.get("week"),
        "date": fixture.get("date"),
        "time": fixture.get("time"),
        "venue": fixture.get("venue"),
        "home": team_name(view, fixture.get("home")),
        "away": team_name(view, fixture.get("away")),
        "status": fixture.get("status"),
        "decided": result is not None,
        "games_won": {"home": won[0], "away": won[1]},
        "winner": team_name(view, fixture.get(winner)) if winner in SIDES else None,
        "how": result.get("how", "played") if result else None,
        "notes": notes_of(view, fixture),
        "games": [
            {
                "game": g.get("number"),
                "home": list(g.get("home") or []),
                "away": list(g.get("away") or []),
                "score": list(g["score"]) if g.get("score") is not None else None,
                "winner": g.get("winner"),
            }
            for g in fixture.get("games") or []
        ],
    }


def results_rows(view: Mapping[str, Any]) -> list[list[Any]]:
    """One CSV row per fixture (its games won per side and result), header first."""
    rows: list[list[Any]] = [list(RESULTS_COLUMNS)]
    for f in view.get("fixtures") or []:
        r = result_json(view, f)
        rows.append(
            [
                r["fixture"],
                r["week"],
                r["date"] or "",
                r["time"] or "",
                r["venue"] or "",
                r["home"],
                r["away"],
                r["status"] or "",
                r["games_won"]["home"],
                r["games_won"]["away"],
                ("draw" if r["decided"] and r["winner"] is None else r["winner"] or ""),
                r["how"] or "",
                " | ".join(r["notes"]),
            ]
        )
    return rows


def games_rows(view: Mapping[str, Any]) -> list[list[Any]]:
    """One CSV row per game of every fixture (players, score, winner), header first."""
    rows: list[list[Any]] = [list(GAMES_COLUMNS)]
    for f in view.get("fixtures") or []:
        for g in f.get("games") or []:
            score = g.get("score")
            rows.append(
                [
                    f.get("number"),
                    f.get("week"),
                    g.get("number"),
                    " & ".join(g.get("home") or []),
                    " & ".join(g.get("away") or []),
                    score[0] if score is not None else "",
                    score[1] if score is not None else "",
                    g.get("winner") or "",
                ]
            )
    return rows


def season_json(view: Mapping[str, Any]) -> JSON:
    """The season's standings and results, for a program: the table, then every
    fixture with its games."""
    return {
        "teams": [
            {"team": n, "name": team_name(view, n)}
            for n in range(1, len(view.get("teams") or []) + 1)
        ],
        "standings": [
            {k: r.get(k) for k in STANDINGS_COLUMNS}
            for r in view.get("standings") or []
        ],
        "results": [result_json(view, f) for f in view.get("fixtures") or []],
    }


# --- the calendar feeds -------------------------------------------------------------


def uid(season: str, fixture: int) -> str:
    """A fixture's event id: the same in every feed and after every reschedule."""
    return f"{season}-fixture-{fixture}@referee"


def summary(view: Mapping[str, Any], fixture: Mapping[str, Any], team: int) -> str:
    """ "Sharks v Jets (home)": home team first, from ``team``'s side."""
    side = "home" if fixture.get("home") == team else "away"
    home = team_name(view, fixture.get("home"))
    away = team_name(view, fixture.get("away"))
    return f"{home} v {away} ({side})"


def _start(fixture: Mapping[str, Any]) -> dt.date | dt.datetime | None:
    raw = fixture.get("date")
    if not raw:
        return None
    day = dt.date.fromisoformat(str(raw))
    clock = fixture.get("time")
    if not clock:
        return day  # an all-day event: the night's time is not set
    hours, minutes = (int(x) for x in str(clock).split(":")[:2])
    return dt.datetime.combine(day, dt.time(hours, minutes))  # floating: no tzinfo


def description(view: Mapping[str, Any], fixture: Mapping[str, Any]) -> str:
    """What the event says besides its title: the week, the result when it is in,
    and every reason the organiser gave (a reschedule, a forfeit)."""
    lines = [f"Week {fixture.get('week')}, fixture {fixture.get('number')}."]
    result = fixture.get("result")
    if result is not None:
        won = games_won(fixture)
        home = team_name(view, fixture.get("home"))
        away = team_name(view, fixture.get("away"))
        how = " (forfeit)" if forfeited(fixture) else ""
        lines.append(f"Result: {home} {won[0]}-{won[1]} {away}{how}.")
    lines += notes_of(view, fixture)
    return "\n".join(lines)


def fixture_event(
    view: Mapping[str, Any],
    season: str,
    fixture: Mapping[str, Any],
    team: int,
    stamp: dt.datetime,
    url: str | None = None,
) -> Event | None:
    """The fixture as a ``VEVENT`` from ``team``'s side (None without a date).

    ``SEQUENCE`` counts the organiser's notes on the fixture (each reschedule and a
    forfeit adds one), so a calendar takes the moved event as the newer one; a
    forfeited fixture is ``STATUS:CANCELLED``: nobody travels to it.
    """
    start = _start(fixture)
    if start is None:
        return None
    event = Event()
    event.add("uid", uid(season, int(fixture["number"])))
    event.add("dtstamp", stamp)
    event.add("dtstart", start)
    if isinstance(start, dt.datetime):
        event.add("duration", NIGHT)
    else:
        event.add("dtend", start + dt.timedelta(days=1))
    event.add("summary", summary(view, fixture, team))
    venue = fixture.get("venue")
    if venue:
        event.add("location", str(venue))
    event.add("description", description(view, fixture))
    event.add("sequence", len(fixture.get("notes") or []))
    event.add("status", "CANCELLED" if forfeited(fixture) else "CONFIRMED")
    if url:
        event.add("url", url)
    return event


def calendar(
    view: Mapping[str, Any],
    season: str,
    title: str,
    teams: Sequence[int],
    stamp: dt.datetime,
    urls: Mapping[int, str] | None = None,
) -> Calendar:
    """The feed of ``teams``' fixtures (one team's, or a player's teams'): one event
    per fixture, from the side of the first of ``teams`` that plays in it.

    ``stamp`` is the ``DTSTAMP`` (UTC; the web layer passes the time of the
    season's last change, so the same season gives the same bytes); ``urls`` the
    fixture pages by fixture number.
    """
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", title)
    mine = list(teams)
    for fixture in team_fixtures(view, mine):
        side = next(t for t in mine if t in (fixture.get("home"), fixture.get("away")))
        number = int(fixture["number"])
        event = fixture_event(
            view, season, fixture, side, stamp, (urls or {}).get(number)
        )
        if event is not None:
            cal.add_component(event)
    return cal
