"""Notation over the API: what NOTATION.md does not list is 422, never a 500."""

from __future__ import annotations


def test_a_roll_of_deeply_nested_brackets_is_422_not_a_500(api):
    """Issue 25 (found by the fuzzer): a roll written "[[[[..." was a RecursionError."""
    mid = api.create("bunko", ["Ann", "Bob", "Cy", "Di"])["id"]
    for seat, die in enumerate((6, 2, 3, 1)):  # who starts: Ann
        first = {"type": "first_roll", "player": seat, "die": die}
        assert api.event(mid, first).status_code == 201
    for dice in ("[" * 5000, "[" * 3000 + "]" * 3000, "[" * 990):
        response = api.event(mid, {"type": "roll", "player": 0, "dice": dice})
        assert response.status_code == 422, response.get_data(as_text=True)[:200]
        # the edge (text longer than any roll) or the dice parser names the field
        (field, message), *_ = response.get_json()["errors"].items()
        assert field in {"dice", "event.dice"}
        assert "Example: " in message
    ok = api.event(mid, {"type": "roll", "player": 0, "dice": "[6, 2, 5]"})
    assert ok.status_code == 201, ok.get_json()


def test_a_seat_of_five_thousand_digits_is_422_not_a_500(api):
    """Issue 25 (found by the fuzzer): int() of 5,000 digits raised ValueError."""
    mid = api.create("bunko", ["Ann", "Bob", "Cy", "Di"])["id"]
    event = {"type": "first_roll", "player": "1" * 5000, "die": 6}
    response = api.event(mid, event)
    assert response.status_code == 422, response.get_data(as_text=True)[:200]
    (field, message), *_ = response.get_json()["errors"].items()
    assert field in {"player", "event.player"}
    assert "Example: " in message
    # under the edge's length bound, the seat reader itself refuses it (no int())
    event = {"type": "first_roll", "player": "1" * 900, "die": 6}
    response = api.event(mid, event)
    assert response.status_code == 422, response.get_data(as_text=True)[:200]
    assert "is not a player in this match" in response.get_json()["errors"]["player"]
