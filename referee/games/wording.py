"""Words the engines share: a list of names as a sentence says it."""

from __future__ import annotations

from collections.abc import Sequence

from referee.games.outcomes import JSON


def and_(names: Sequence[str], last: str = "and") -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cy' (``last="or"``: 'Ann, Bob or Cy')."""
    if len(names) > 1:
        return f" {last} ".join([", ".join(names[:-1]), names[-1]])
    return names[0] if names else ""


def winners(state: JSON) -> list[str]:
    """The names of the seats in ``state["winners"]`` (none while nobody has won)."""
    return [state["players"][i] for i in state["winners"] or []]


def winner_names(state: JSON) -> str:
    """The seats in ``state["winners"]``, named: 'Ann and Bob'."""
    return and_(winners(state))
