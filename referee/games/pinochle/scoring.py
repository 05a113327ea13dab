"""Pinochle's hand score: each player's meld, a throw-in, the counters, made or set,
and the game to its target."""

from __future__ import annotations

from referee.games import cards
from referee.games.boards import recent
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Penalty
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.games.pinochle import meld as meldlib
from referee.games.pinochle.table import COUNTER_CARDS
from referee.games.pinochle.table import HAND_SIZE
from referee.games.pinochle.table import LAST_TRICK
from referee.games.pinochle.table import R_BOTH_REACH
from referee.games.pinochle.table import R_COUNTERS
from referee.games.pinochle.table import R_GAME
from referee.games.pinochle.table import R_LAST_TRICK
from referee.games.pinochle.table import R_LEADING
from referee.games.pinochle.table import R_MADE
from referee.games.pinochle.table import R_MELD_SHOWN
from referee.games.pinochle.table import R_MELD_TYPES
from referee.games.pinochle.table import R_ONE_PER_TYPE
from referee.games.pinochle.table import R_SET
from referee.games.pinochle.table import R_TEAM_MELD
from referee.games.pinochle.table import R_THROW_IN
from referee.games.pinochle.table import SEATS
from referee.games.pinochle.table import TARGET
from referee.games.pinochle.table import TOTAL
from referee.games.pinochle.table import name
from referee.games.pinochle.table import new_hand
from referee.games.pinochle.table import options_named
from referee.games.pinochle.table import team_meld
from referee.games.pinochle.table import team_name
from referee.games.pinochle.table import team_of


def meld(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat = event["player"]
    who = name(state, seat)
    if hand["melds"][seat] is not None:
        raise Refused(
            f"{who}'s meld is already entered ({hand['melds'][seat]['points']}); undo "
            "it to change it.",
            [R_MELD_SHOWN],
        )
    shown = event.get("cards")
    points = event.get("points")
    if shown is None and points is None:
        raise BadInput(
            "Give the meld as its points (a number) or as the cards laid down.",
            field="points",
            example='{"type": "meld", "player": 0, "cards": "KH QH JD QS"}',
        )
    cited = [R_MELD_SHOWN]
    entry: JSON
    if shown is not None:
        others: list[str] = []
        for m in hand["melds"]:
            if m is not None:
                others.extend(m["cards"])
        # All four hands come from one deck: a fifth copy across them is bad input.
        shown = cards.parse_cards(shown, "pinochle", most=HAND_SIZE, held=others)
        best = meldlib.declare(shown, hand["trump"])
        if points is not None and points != best.points:
            raise Refused(
                f"{who} claims {points}, but the best meld in these cards is "
                f"{best.points}: {breakdown(best)}.",
                [R_MELD_TYPES, R_ONE_PER_TYPE, *best.rules],
            )
        cited += [R_MELD_TYPES, R_ONE_PER_TYPE, *best.rules]
        entry = {
            "player": seat,
            "points": best.points,
            "cards": cards.sort_cards(shown),
            "melds": [m.to_json() for m in best.melds],
        }
        detail = breakdown(best) if best.melds else "nothing that counts"
        summary = f"{who} melds {best.points}: {detail}"
    else:
        if points % 2 and points < meldlib.RUN_TRUMP[1]:
            # Every meld counts an even number but a run in trumps (15): an odd
            # total needs a run, so it is at least 15.
            raise BadInput(
                f"No meld counts {points}: every meld but a run (15) counts an even "
                "number, so an odd meld is at least 15.",
                field="points",
                example='{"type": "meld", "player": 0, "points": 24}',
            )
        entry = {"player": seat, "points": points, "cards": [], "melds": []}
        summary = f"{who} melds {points}"
    melds = list(hand["melds"])
    melds[seat] = entry
    hand["melds"] = melds
    team = team_of(seat)
    if all(melds[s] is not None for s in (team, team + 2)):
        total = melds[team]["points"] + melds[team + 2]["points"]
        summary += f"; {team_name(state, team)} meld {total} together"
        cited.append(R_TEAM_MELD)
    if all(m is not None for m in melds):
        hand["phase"] = "play"
        hand["turn"] = hand["bidder"]
        summary += f". {name(state, hand['bidder'])} leads the first trick"
        cited.append(R_LEADING)
    else:
        hand["turn"] = next(
            (hand["bidder"] + i) % SEATS
            for i in range(SEATS)
            if melds[(hand["bidder"] + i) % SEATS] is None
        )
    return Step(state, Ruling(Verdict.OK, summary + ".", tuple(dict.fromkeys(cited))))


def breakdown(best: meldlib.Declaration) -> str:
    return ", ".join(f"{m.name.lower()} {m.points}" for m in best.melds) or "none"


def throw_in(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    bidder = hand["bidder"]
    us, them = team_of(bidder), 1 - team_of(bidder)
    theirs = team_meld(hand, them)
    if theirs is None:
        raise Refused(
            "Enter both opponents' meld first: on a throw-in they score it.",
            [R_THROW_IN],
        )
    bid = int(hand["high"]["amount"])
    change = [0, 0]
    change[us] = -bid
    change[them] = theirs
    summary = (
        f"{team_name(state, us)} throw in: {bid} off their score, no meld. "
        f"{team_name(state, them)} score their meld, {theirs}."
    )
    record = {
        "hand": hand["number"],
        "result": "throw-in",
        "bidder": name(state, bidder),
        "bid": bid,
        "trump": hand["trump"],
        "meld": [team_meld(hand, 0), team_meld(hand, 1)],
        "tricks": None,
        "change": change,
    }
    lost = Penalty(
        team_name(state, us), f"throw-in: the bid of {bid} off", -bid, R_THROW_IN
    )
    return _close_hand(state, record, summary, [R_THROW_IN, R_TEAM_MELD], penalty=lost)


def tricks(state: JSON, event: JSON) -> Step:
    ours, theirs = int(event["bidders"]), int(event["opponents"])
    last = event["last_trick"]
    total = ours + theirs
    counted = event.get("counted")
    if counted is not None and total != (
        COUNTER_CARDS if counted == "counters" else TOTAL
    ):
        what = (
            f"The aces, tens and kings come to {COUNTER_CARDS} between the sides, "
            f"without the last trick's {LAST_TRICK} (added for the side that took it)"
            if counted == "counters"
            else f"With the last trick's {LAST_TRICK}, the counters come to {TOTAL}"
        )
        raise BadInput(
            f"{what}; {ours} + {theirs} = {total} given.",
            field="bidders",
            example='{"type": "tricks", "bidders": 30, "opponents": 18, '
            '"last_trick": "bidders", "counted": "counters"}',
        )
    if total == COUNTER_CARDS:
        if last == "bidders":
            ours += LAST_TRICK
        else:
            theirs += LAST_TRICK
    elif total == TOTAL:
        if (ours if last == "bidders" else theirs) < LAST_TRICK:
            raise BadInput(
                f"{ours} + {theirs} = {TOTAL} includes the last trick's {LAST_TRICK}, "
                f"but the {last} who took it have fewer than {LAST_TRICK}.",
                field="last_trick",
            )
    else:
        raise BadInput(
            f"The counters come to {COUNTER_CARDS} (aces, tens and kings) plus "
            f"{LAST_TRICK} for the last trick, {TOTAL} in all; {ours} + {theirs} = "
            f"{total} given.",
            field="bidders",
            example='{"type": "tricks", "bidders": 30, "opponents": 18, '
            '"last_trick": "bidders"}',
        )
    return score_hand(state, ours, theirs)


def score_hand(state: JSON, ours: int, theirs: int, how: tuple[str, ...] = ()) -> Step:
    """Score the hand from the trick points (last trick included) of the bidding
    side (``ours``) and the others: made or set. ``how`` are the rules the points
    were counted under (the play, card by card)."""
    hand = state["hand"]
    bidder = hand["bidder"]
    us, them = team_of(bidder), 1 - team_of(bidder)
    points = [0, 0]
    points[us], points[them] = ours, theirs
    meld = [team_meld(hand, 0) or 0, team_meld(hand, 1) or 0]
    bid = int(hand["high"]["amount"])
    made = meld[us] + points[us] >= bid
    change = [0, 0]
    change[them] = meld[them] + points[them]
    cited = [*how, R_COUNTERS, R_LAST_TRICK, R_TEAM_MELD]
    if made:
        change[us] = meld[us] + points[us]
        summary = (
            f"{team_name(state, us)} make {bid}: meld {meld[us]} + tricks "
            f"{points[us]} = {change[us]}. {team_name(state, them)} score "
            f"{meld[them]} + {points[them]} = {change[them]}."
        )
        cited.append(R_MADE)
        verdict = Verdict.OK
    else:
        change[us] = -bid
        summary = (
            f"{team_name(state, us)} are set: meld {meld[us]} + tricks {points[us]} "
            f"= {meld[us] + points[us]}, short of {bid}; {bid} off their score. "
            f"{team_name(state, them)} keep {meld[them]} + {points[them]} = "
            f"{change[them]}."
        )
        cited.append(R_SET)
        verdict = Verdict.FOUL
        lost = Penalty(team_name(state, us), f"set: the bid of {bid} off", -bid, R_SET)
    record = {
        "hand": hand["number"],
        "result": "made" if made else "set",
        "bidder": name(state, bidder),
        "bid": bid,
        "trump": hand["trump"],
        "meld": meld,
        "tricks": points,
        "change": change,
    }
    return _close_hand(state, record, summary, cited, verdict, None if made else lost)


def _close_hand(
    state: JSON,
    record: JSON,
    summary: str,
    cited: list[str],
    verdict: Verdict = Verdict.OK,
    penalty: Penalty | None = None,
) -> Step:
    hand = state["hand"]
    change = record["change"]
    scores = [state["scores"][i] + change[i] for i in range(2)]
    state["scores"] = scores
    record["scores"] = scores
    state["history"] = recent(state["history"], record)
    state["last_hand"] = record
    target = int(state["options"]["target"])
    reached = [i for i in range(2) if scores[i] >= target]
    bidding_team = team_of(hand["bidder"])
    options: tuple[str, ...] = options_named(state)
    if hand.get("play") is not None:  # counted from the cards played
        options = (*options, "trick_entry")
    if reached:
        if len(reached) == 2:
            winner = bidding_team
            summary += (
                f" Both sides reach {target} on this hand: the bidding side, "
                f"{team_name(state, winner)}, wins."
            )
            cited.append(R_BOTH_REACH)
        else:
            winner = reached[0]
            summary += f" {team_name(state, winner)} reach {target} and win."
        cited.append(R_GAME)
        options = (*options, "target") if target != TARGET else options
        state["winner"] = winner
        hand["phase"] = "over"
        verdict = Verdict.WIN
    else:
        state["hand"] = new_hand(hand["number"] + 1, (hand["dealer"] + 1) % SEATS)
        summary += (
            f" {name(state, state['hand']['dealer'])} deals hand "
            f"{state['hand']['number']}."
        )
    names = [team_name(state, 0), team_name(state, 1)]
    return Step(
        state,
        Ruling(
            verdict,
            summary,
            tuple(dict.fromkeys(cited)),
            penalties=(penalty,) if penalty else (),
            score={names[0]: change[0], names[1]: change[1]},
            options=options,
        ),
    )
