"""The facts a game declares for the service (issue 22: game facts on the Game).

What the tournament results, the pairing formats' stations, the pages' stylesheets,
the caller and the profiles used to keep in tables by game id, each game now says
itself; these are the values those tables held.
"""

from __future__ import annotations

from referee import games
from referee.formats.pairing import results
from referee.games import facts

# basketball: the highest total wins (rule "winner"); tournaments had it backwards
LOWER_WINS = {"golf-six"}
BOARDS = {"darts-301", "darts-baseball"}
STYLESHEETS = {
    "liars-dice": "games/liars_dice.css",
    "billiards": "games/billiards.css",
    "bunko": "games/bunko.css",
    "bowling-solitaire": "games/bowling_solitaire.css",
    "pinochle": "games/pinochle.css",
    **dict.fromkeys(
        (
            "poker-draw",
            "poker-jacks-trips",
            "poker-baseball",
            "poker-midnight-baseball",
            "mexican-sweat",
        ),
        "games/poker.css",
    ),
}
CALLERS = {"darts-301", "bunko"}
TALLIES = {
    "darts-301": "Darts 301",
    "billiards": "Pool",
    "bunko": "Bunko",
    "gin-rummy": "Gin rummy",
}


def test_each_game_declares_the_facts_the_service_kept_by_id() -> None:
    for game in games.registry().values():
        assert game.lower_wins == (game.id in LOWER_WINS), game.id
        assert game.station == ("Board" if game.id in BOARDS else "Table"), game.id
        assert game.stylesheet == STYLESHEETS.get(game.id), game.id
        assert (game.caller is not None) == (game.id in CALLERS), game.id
        tally = game.tally
        assert (tally.title if tally else None) == TALLIES.get(game.id), game.id
        assert tally is None or isinstance(tally, facts.Tally)


def test_a_result_counts_legs_in_darts_racks_or_points_in_pool_else_points() -> None:
    for game in games.registry().values():
        expected = {"darts-301": "legs", "billiards": "racks"}.get(game.id, "points")
        assert results.units(game.id, None) == expected, game.id
    assert results.units("billiards", {"game": "14-1"}) == "points"
    assert results.units("billiards", {"game": "9-ball"}) == "racks"


def test_darts_reads_legs_from_the_summary_and_others_the_sides_scores() -> None:
    board = {
        "sides": [{"name": "Ann", "score": 0, "legs": 1}, {"name": "Bob", "legs": 0}],
        "winner": "Ann",
        "detail": {"summary": {"players": {"Ann": {"legs_won": 3}}}},
    }
    assert results.from_board("darts-301", board) == {"winner": 0, "score": [3, 0]}
    assert results.from_board("golf-six", board) == {"winner": 0, "score": [0, 0]}
    result = {"score": [30, 40]}
    assert results.difference("golf-six", result, 0) == 10
    assert results.difference("billiards", result, 0) == -10
    assert results.won_units("golf-six", result, 0) == 10
    assert results.won_units("billiards", result, 0) == 30


def test_only_bunko_keeps_its_figures_night_by_night() -> None:
    by_night = {g.id for g in games.registry().values() if g.tally and g.tally.by_night}
    assert by_night == {"bunko"}


def test_a_tournament_counts_basketballs_higher_total_as_the_better_one() -> None:
    # rule basketball-ten/winner: the highest total wins (it was counted backwards)
    result = {"winner": 0, "score": [30, 20]}
    assert results.difference("basketball-ten", result, 0) == 10
    assert results.difference("golf-six", result, 0) == -10
