"""Handicaps from ratings on the web: the create's "handicap", the calculator (API
and page), on SQLite and PostgreSQL. Ratings are stored as the ratings service
stores them (a PlayerRating row per profile and game), and once from real matches."""

from __future__ import annotations

from typing import Any

import pytest

from referee import create_app
from referee import handicaps
from referee import profiles
from referee.db import db
from referee.models import PlayerRating
from tests.ratings.test_ratings_stored import ROUNDS_2
from tests.ratings.test_ratings_stored import darts
from tests.web.test_new_match_form import error_box
from tests.web.test_new_match_form import read_page


@pytest.fixture
def scorer(app, database_url):
    """A client of an app that checks CSRF tokens, as a deployed one does (``app``
    first: on PostgreSQL it empties the tables)."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "handicap-form-secret-of-32-bytes!!!",
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SERVER_NAME": "referee.test",
        }
    )
    yield app.test_client()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def rate(app: Any, game: str, **mus: tuple[float, int]) -> None:
    """Store each named profile's rating (mu, matches) at ``game``."""
    with app.app_context():
        for name, (mu, matches) in mus.items():
            player, _ = profiles.find_or_create(name, by="test")
            db.session.add(
                PlayerRating(
                    player_id=player.id, game=game, mu=mu, sigma=3.0, matches=matches
                )
            )
        db.session.commit()


def test_for_match_reads_the_stored_ratings_of_the_named_profiles(app):
    rate(app, "billiards", Ann=(33.0, 12), Bob=(25.8, 4))
    with app.app_context():
        options, note = handicaps.for_match("billiards", {"race": 5}, ["Bob", "Ann"])
    assert options == {"race": 5, "race_1": 2, "race_2": 5}
    assert (
        note == "Ann races to 5, Bob to 2 (rating gap 7.2; table in docs/handicaps.md)."
    )


def test_for_match_leaves_unrated_and_unknown_names_alone(app):
    rate(app, "darts-301", Ann=(33.0, 12))
    with app.app_context():
        options, note = handicaps.for_match(
            "darts-301", {"start": "501"}, ["Ann", "Zed"]
        )
        assert options == {"start": "501"}
        assert note == "No handicap: Zed has no rating at darts-301 yet."
        profiles.find_or_create("Cy", by="test")  # a profile never rated
        _, note = handicaps.for_match("darts-301", {}, ["Ann", "Cy"])
    assert note == "No handicap: Cy has no rating at darts-301 yet."


def test_for_match_after_real_matches_gives_the_winner_the_longer_start(api, app):
    for _ in range(3):
        darts(api, ["Ann", "Bob"], ["Ann", "Bob"], ROUNDS_2)  # Ann wins each
    with app.app_context():
        options, note = handicaps.for_match(
            "darts-301", {"start": "501", "legs": 1}, ["Ann", "Bob"]
        )
        rated = handicaps.sides_of("darts-301", ["Ann", "Bob"])
    assert rated[0].matches == rated[1].matches == 3
    gap = rated[0].mu - rated[1].mu
    assert gap > 0
    expected = handicaps.tables.weaker_start(gap, 501)
    if expected == 501:
        assert note.startswith("No handicap: Ann and Bob are close")
    else:
        assert options["start_2"] == expected
        assert note.startswith(f"Bob starts on {expected}, Ann on 501")


def test_create_with_handicap_ratings_applies_it_and_answers_the_note(api, app):
    rate(app, "billiards", Ann=(33.0, 12), Bob=(25.8, 4))
    made = api.create(
        "billiards", ["Ann", "Bob"], options={"race": 5}, handicap="ratings"
    )
    note = "Ann races to 5, Bob to 2 (rating gap 7.2; table in docs/handicaps.md)."
    assert made["handicap"] == {"applied": True, "gap": 7.2, "note": note}
    assert made["state"]["detail"]["races"] == [5, 2]


def test_create_with_handicap_ratings_legs_gives_darts_legs_in_hand(api, app):
    rate(app, "darts-301", Ann=(33.0, 12), Bob=(25.8, 4))
    made = api.create(
        "darts-301",
        ["Ann", "Bob"],
        options={"start": "501", "legs": 3},
        handicap="ratings-legs",
    )
    assert made["state"]["detail"]["head_start"] == [0, 1]
    assert made["handicap"]["note"].startswith("Bob starts each set 1 leg up on Ann")


def test_create_without_ratings_says_so_and_keeps_the_options(api):
    made = api.create(
        "billiards", ["Ann", "Bob"], options={"race": 4}, handicap="ratings"
    )
    assert made["handicap"]["applied"] is False
    assert (
        made["handicap"]["note"] == "No handicap: Ann has no rating at billiards yet."
    )
    assert made["state"]["detail"]["races"] == [4, 4]


def test_create_without_handicap_answers_as_before(api):
    made = api.create("billiards", ["Ann", "Bob"], options={"race": 4})
    assert "handicap" not in made


def test_create_with_explicit_handicap_options(api):
    made = api.create(
        "darts-301", ["Ann", "Bob"], options={"start": "501", "start_2": 401}
    )
    assert made["state"]["detail"]["starts"] == [501, 401]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"handicap": "yes"}, "handicap", '"handicap": "ratings"'),
        ({"options": {"race_2": 0}}, "options.race_2", '"race_2": 1'),
    ],
)
def test_create_refuses_a_bad_handicap_with_an_example(client, body, field, words):
    answer = client.post(
        "/api/v1/matches", json={"game": "billiards", "players": ["Ann", "Bob"], **body}
    )
    assert answer.status_code == 422
    assert words in answer.get_json()["errors"][field]


def test_calculator_from_two_ratings(client):
    answer = client.get(
        "/api/v1/handicaps?game=billiards&rating_1=25.8&rating_2=33&race=7"
    )
    assert answer.status_code == 200
    got = answer.get_json()
    assert got["races"] == [3, 7]
    assert got["gap"] == 7.2
    assert got["note"].startswith("Player 2 races to 7, Player 1 to 3")


def test_calculator_from_two_names_reads_stored_ratings(app, client):
    rate(app, "darts-301", Ann=(33.0, 12), Bob=(25.8, 4))
    got = client.get(
        "/api/v1/handicaps?game=darts-301&player_1=Ann&player_2=Bob&start=501&legs=3"
    ).get_json()
    assert got["starts"] == [501, 451]
    assert got["head_start"] == [0, 1]
    assert got["sides"] == [
        {"name": "Ann", "mu": 33.0, "matches": 12},
        {"name": "Bob", "mu": 25.8, "matches": 4},
    ]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("game=bunko&rating_1=1&rating_2=2", "game"),
        ("rating_1=abc&rating_2=2", "rating_1"),
        ("player_1=Ann", "player_2"),
        ("rating_1=20&rating_2=30&race=0", "race"),
        ("game=darts-301&rating_1=20&rating_2=30&start=450", "start"),
    ],
)
def test_calculator_refuses_bad_requests_with_an_example(client, query, field):
    answer = client.get(f"/api/v1/handicaps?{query}")
    assert answer.status_code == 422
    assert "Example" in answer.get_json()["errors"][field]


def test_calculator_page_works_without_javascript(app, client):
    rate(app, "billiards", Ann=(33.0, 12), Bob=(25.8, 4))
    page = client.get("/handicaps?game=billiards&player_1=Ann&player_2=Bob&race=5")
    assert page.status_code == 200
    assert "Ann races to 5, Bob to 2" in page.get_data(as_text=True)
    bad = client.get("/handicaps?player_1=Ann")
    assert bad.status_code == 422
    assert client.get("/handicaps").status_code == 200


# --- the new-match page's Handicap section (no JavaScript: buttons re-render) -----


def _form(scorer, game: str, **changes: Any) -> dict[str, Any]:
    sent = dict(read_page(scorer.get(f"/new/{game}").text).forms[-1])
    return {**sent, **changes}


def _sent(page: str) -> dict[str, str]:
    return dict(read_page(page).forms[-1])


def test_the_section_always_shows_the_suggestion_for_the_names_typed(scorer):
    page = scorer.get("/new/billiards").text
    assert "Handicap" in page
    assert "From the ratings: No handicap: Player 1 has no rating at billiards" in page
    assert scorer.get("/new/gin-rummy").text.count("handicap_action") == 0


def test_apply_fills_the_handicap_fields_and_starts_nothing(scorer):
    rate(scorer.application, "billiards", Ann=(33.0, 12), Bob=(25.8, 4))
    form = _form(scorer, "billiards", players="Ann\nBob", handicap_action="apply")
    page = scorer.post("/new/billiards", data=form)
    assert page.status_code == 200
    assert "Ann races to 5, Bob to 2" in page.text
    sent = _sent(page.text)
    assert (sent["opt_race_1"], sent["opt_race_2"]) == ("5", "2")
    # edited by the scorer before starting: the edit wins
    started = scorer.post("/new/billiards", data={**sent, "opt_race_2": "3"})
    assert started.status_code in (302, 303)
    match_id = started.headers["Location"].rsplit("/", 1)[-1]
    board = scorer.get(f"/api/v1/matches/{match_id}").get_json()
    assert board["state"]["detail"]["races"] == [5, 3]


def test_no_handicap_clears_the_fields(scorer):
    rate(scorer.application, "darts-301", Ann=(33.0, 12), Bob=(25.8, 4))
    form = _form(scorer, "darts-301", players="Ann\nBob", opt_start="501")
    applied = _sent(
        scorer.post(
            "/new/darts-301",
            data={**form, "handicap_action": "apply-legs", "opt_legs": "3"},
        ).text
    )
    assert applied["opt_head_start_2"] == "1"
    cleared = scorer.post("/new/darts-301", data={**applied, "handicap_action": "off"})
    sent = _sent(cleared.text)
    assert sent["opt_head_start_2"] == "0"  # the default: no legs in hand
    assert sent["opt_start_2"] == ""
    started = scorer.post("/new/darts-301", data=sent)
    match_id = started.headers["Location"].rsplit("/", 1)[-1]
    board = scorer.get(f"/api/v1/matches/{match_id}").get_json()
    assert board["state"]["detail"]["starts"] == [501, 501]
    assert board["state"]["detail"]["head_start"] == [0, 0]


def test_a_bad_handicap_field_is_named_by_its_label(scorer):
    form = _form(scorer, "darts-301", players="Ann\nBob", opt_start_2="450")
    page = scorer.post("/new/darts-301", data=form)
    assert page.status_code == 422
    assert "Start, second player (handicap)" in error_box(page.text)
    assert "451" in error_box(page.text)


# --- seeding by rating reads the stored ratings ------------------------------------


def _seeded(client: Any, **body: Any) -> list[str]:
    made = client.post(
        "/api/v1/tournaments",
        json={
            "kind": "single-elimination",
            "game": "darts-301",
            "players": ["Ann", "Bob", "Cy", "Dee"],
            "seating": "rating",
            **body,
        },
    )
    assert made.status_code == 201, made.get_json()
    return made.get_json()["seeds"]


def test_seeding_by_rating_reads_the_stored_ratings_when_none_are_typed(app, client):
    # shown ratings (mu - 3 sigma, sigma 3): Cy 31, Ann 21, Dee 0 (no profile)
    rate(app, "darts-301", Ann=(30.0, 5), Bob=(5.0, 5), Cy=(40.0, 5))
    assert _seeded(client) == ["Cy", "Ann", "Dee", "Bob"]


def test_seeding_by_rating_typed_ratings_win_over_stored_ones(app, client):
    rate(app, "darts-301", Ann=(30.0, 5), Bob=(5.0, 5), Cy=(40.0, 5))
    assert _seeded(client, ratings={"Bob": 99, "cy": -1}) == ["Bob", "Ann", "Dee", "Cy"]
    # a whole list typed in order is the order, stored ratings unread
    assert _seeded(client, ratings=[1, 2, 3, 4]) == ["Dee", "Cy", "Bob", "Ann"]


def test_seeding_by_rating_reads_only_the_tournaments_game(app, client):
    rate(app, "billiards", Bob=(60.0, 9))
    assert _seeded(client) == ["Ann", "Bob", "Cy", "Dee"]  # all 0: as listed


def test_the_match_pages_say_the_handicap(api, client):
    pool = api.create("billiards", ["Ann", "Bob"], options={"race": 5, "race_2": 3})
    page = client.get(f"/m/{pool['id']}").get_data(as_text=True)
    assert "races to 5 and 3 (handicap)" in page
    darts = api.create(
        "darts-301",
        ["Ann", "Bob"],
        options={"start": "501", "start_2": 401, "legs": 3, "head_start_2": 1},
    )
    more = client.get(f"/m/{darts['id']}").get_data(as_text=True)
    assert "starts 501 and 401 (handicap)" in more
    assert "legs in hand 0 and 1" in more


@pytest.mark.parametrize("name", ["%00Ann", "a" * 41])
def test_calculator_reads_names_as_the_project_reads_names(client, name):
    answer = client.get(f"/api/v1/handicaps?player_1={name}&player_2=Bob")
    assert answer.status_code == 422
    said = answer.get_json()["errors"]["player_1"]
    assert said.startswith("'player_1'")
    assert '"Ann"' in said
