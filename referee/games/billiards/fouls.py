"""How a charged foul reads and what it leaves the incoming player.

One description serves the match (``match._foul``) and the shot tool, so the two
cannot drift apart: the lead, the penalty sentence, the incoming player's rights,
the balls spotted, the warning and the unsportsmanlike-conduct note.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace

from referee.games.billiards.facts import Shot
from referee.games.billiards.games import FOULS_TO_LOSE
from referee.games.billiards.games import Rack
from referee.games.billiards.games import Terms
from referee.games.billiards.games import rights_text
from referee.games.billiards.shots import CONDUCT
from referee.games.billiards.shots import Call
from referee.games.billiards.spotting import Spot
from referee.games.billiards.spotting import spot_balls
from referee.games.outcomes import Verdict

RESTORE_CHOICE = "the moved balls go back or stay, as {incoming} chooses"
RESTORE_REFEREE = "the referee puts the moved balls back"


@dataclass(frozen=True)
class FoulReport:
    """A foul in words and in fields; ``summary`` is what the ruling says."""

    lead: str  # "Ann: foul, the cue ball went into a pocket (scratch)"
    penalty: str  # the price and the incoming player's rights, in sentences
    conduct: str  # "" or the unsportsmanlike-conduct note (rules 38 and 41)
    rights: str  # what the incoming player may do; "" when the table is not passed
    restore: str  # rules 20 and 24: who puts moved balls back; "" when nothing moved
    spots: tuple[Spot, ...]  # where spotted balls went (rule 31)
    ball_in_hand: str | None  # "table", "kitchen", "none"; None: not the incoming's
    choices: tuple[str, ...]  # the incoming player's choice (rule 8), if any
    verdict: str  # Verdict.FORFEIT, WARNING or FOUL
    terms: Terms  # the game's price, after rule 38's cue ball in hand

    @property
    def summary(self) -> str:
        text = f"{self.lead}. {self.penalty}"
        return f"{text} {self.conduct}" if self.conduct else text


def blocked_positions(shot: Shot) -> dict[int, str]:
    """What stands on the long string where a ball would be spotted (rule 31)."""
    blocked = {p: "ball" for p in shot.blocked}
    if shot.cue_at is not None:
        blocked[shot.cue_at] = "cue"
    return blocked


def spots_sentence(spots: tuple[Spot, ...]) -> str:
    """'Spot the 9 on the foot spot.' or '' when nothing is spotted."""
    if not spots:
        return ""
    return "Spot " + "; ".join(f"the {p.ball} {p.where}" for p in spots) + "."


@dataclass(frozen=True)
class Told:
    """Who a foul's text names, and the table around it: ``successive`` counts the
    offender's fouls in a row, this one included; ``table`` is the table size."""

    offender: str
    incoming: str
    referee: bool = False
    opening_break: bool = False
    successive: int = 0
    table: str = "9ft"


def describe_foul(
    rack: Rack,
    shot: Shot,
    call: Call,
    terms: Terms,
    told: Told,
    *,
    own_stroke: bool = True,
    chosen: bool = False,
) -> FoulReport:
    """Describe the foul ``call`` priced by ``terms`` (from ``Rack.foul_terms``).

    ``own_stroke`` is False for a foul by the side not at the table (rule 40);
    ``chosen`` says the incoming player called an optional foul (rule 38).
    """
    offender, incoming = told.offender, told.incoming
    assessed = call.assessed
    assert assessed is not None
    lead = _lead(call, offender, incoming, chosen)
    warn = (
        f"Warning for {offender}: a second violation of rule {call.warning} this "
        "match forfeits it."
        if call.warning
        else ""
    )
    conduct = _conduct(call, offender)
    verdict = Verdict.WARNING if call.warning else Verdict.FOUL
    ended = _table_not_passed(call, terms, offender, incoming)
    if ended is not None:
        penalty, verdict = ended
        penalty = penalty if call.forfeit else _join(penalty, warn)
        return FoulReport(lead, penalty, conduct, "", "", (), None, (), verdict, terms)
    if not own_stroke:
        # The balls go back and the shooter plays on with the rights an incoming
        # player gets after a foul (reading of rule 40); on a break, a new break.
        if told.opening_break:
            rights, in_hand = f"{incoming} breaks again", "kitchen"
        else:
            rights = rights_text(terms, incoming, offender)
            in_hand = terms.ball_in_hand
        penalty = _join(f"The balls go back; {rights}.", warn)
        return FoulReport(
            lead, penalty, conduct, rights, "", (), in_hand, (), verdict, terms
        )
    if assessed.rule == "38" and terms.ball_in_hand == "none":
        # Rule 38 pairs its foul with cue ball in hand, even in 14.1.
        terms = replace(terms, ball_in_hand="kitchen")
    spots = (
        spot_balls(terms.spot, blocked_positions(shot), told.table)
        if terms.spot
        else ()
    )
    rights, in_hand = _rights(rack, terms, assessed.rule, incoming, offender)
    restore = ""
    if call.restore_choice:
        restore = RESTORE_CHOICE.format(incoming=incoming)
    elif told.referee and any(f.rule in {"20", "24"} for f in call.fouls):
        restore = RESTORE_REFEREE
    said = _cap(rights) + (f"; {restore}" if restore else "") + "."
    penalty = _join(
        "Nothing pocketed on the stroke counts." if shot.down else "",
        spots_sentence(spots),
        said,
        _successive_note(rack, told.successive, offender),
        warn,
        f"One point off for {offender}." if terms.points else "",
    )
    return FoulReport(
        lead,
        penalty,
        conduct,
        rights,
        restore,
        spots,
        in_hand,
        terms.choices,
        verdict,
        terms,
    )


def _lead(call: Call, offender: str, incoming: str, chosen: bool) -> str:
    """'Ann: foul, ...', with the other fouls of the stroke and who called it."""
    assessed = call.assessed
    assert assessed is not None
    lead = f"{_cap(offender)}: foul, {assessed.text}"
    others = [f.text for f in call.fouls if f is not assessed]
    if others:
        lead += f" (also {'; '.join(others)}: one foul charged)"
    if chosen:
        lead = f"{_cap(incoming)} calls the foul. {lead}"
    return lead


def _table_not_passed(
    call: Call, terms: Terms, offender: str, incoming: str
) -> tuple[str, str] | None:
    """The penalty and verdict of a foul that ends the match or the rack, or
    re-racks: nobody gets the table as after a foul (None: somebody does)."""
    assessed = call.assessed
    assert assessed is not None
    if call.forfeit:
        return (
            f"Second violation of rule {assessed.rule}: {incoming} wins the match "
            "by forfeit.",
            Verdict.FORFEIT,
        )
    verdict = Verdict.WARNING if call.warning else Verdict.FOUL
    if terms.rack_lost:
        return f"{_cap(offender)} loses the rack: {terms.rack_lost}.", verdict
    if terms.rerack:
        return (
            f"Third foul in a row: {-terms.points} points off for {offender}. All "
            f"fifteen balls are racked and {offender} breaks again.",
            verdict,
        )
    return None


def _rights(
    rack: Rack, terms: Terms, rule: str, incoming: str, offender: str
) -> tuple[str, str | None]:
    """What the incoming player may do, and the cue ball in hand it gets (None: the
    general rules leave it to each game)."""
    if not rack.places_cue_ball and not terms.choices and rule == "38":
        # Rule 38 gives cue ball in hand itself; where is each game's to say.
        return (
            f"{incoming} has cue ball in hand: anywhere in 9-ball and 8-ball, "
            "behind the head string in 14.1",
            None,
        )
    if not rack.places_cue_ball and not terms.choices:
        # The general rules leave the cue ball's placement to each game.
        return (
            f"{incoming} gets the cue ball as the game played says (in hand "
            "anywhere in 9-ball and 8-ball)",
            None,
        )
    return rights_text(terms, incoming, offender), terms.ball_in_hand


@dataclass(frozen=True)
class OptionReport:
    """Rule 38's choice in words: the call, and what each option leads to."""

    summary: str
    labels: dict[str, str]  # "foul" and "replay": the choice and what it leads to
    if_called: FoulReport  # the foul as it reads when the incoming player calls it


def as_called(call: Call) -> Call:
    """Rule 38's optional foul as a charged foul: the incoming player called it."""
    return Call("foul", call.findings, call.assessed)


def replay_text(chooser: str, offender: str) -> str:
    """Rule 38's other option, taken."""
    return (
        f"{_cap(chooser)} chose a replay: the balls go back and {offender} shoots "
        "again from the kitchen, no foul."
    )


def describe_option(
    rack: Rack, shot: Shot, call: Call, terms: Terms, told: Told
) -> OptionReport:
    """Rule 38's choice, priced as the foul would be (``terms`` from
    ``Rack.foul_terms`` for ``as_called(call)``): a third foul in a row loses
    the rack or re-racks instead of giving cue ball in hand."""
    assessed = call.assessed
    assert assessed is not None
    offender, incoming = told.offender, told.incoming
    report = describe_foul(rack, shot, as_called(call), terms, told, chosen=True)
    price = _called_price(report, offender)
    labels = {
        "foul": f"Call the foul: {price}",
        "replay": f"Replay: the balls go back and {offender} shoots again, no foul",
    }
    summary = (
        f"{_cap(offender)}: {assessed.text}. {_cap(incoming)} chooses (rule 38): "
        f"call the foul ({price}), or have the balls put back and {offender} play "
        "the shot again with no foul."
    )
    return OptionReport(summary, labels, report)


def _called_price(report: FoulReport, offender: str) -> str:
    terms = report.terms
    if terms.rack_lost:
        return f"{offender} loses the rack, {terms.rack_lost}"
    if terms.rerack:
        return (
            f"{offender}'s third foul in a row: {-terms.points} points off, all "
            f"fifteen balls racked and {offender} breaks again"
        )
    price = report.rights
    if terms.points:
        price += f", one point off for {offender}"
    return price


def _conduct(call: Call, offender: str) -> str:
    if not call.conduct:
        return ""
    found = next((f for f in call.fouls if f.severity == CONDUCT), None)
    cite = f" (rule {found.rule})" if found else ""
    return f"Recorded as unsportsmanlike conduct by {offender}{cite}."


def _successive_note(rack: Rack, successive: int, offender: str) -> str:
    if rack.third_foul and successive == FOULS_TO_LOSE - 1:
        return f"{_cap(offender)} is on two fouls in a row: a third {rack.third_foul}."
    return ""


def _join(*sentences: str) -> str:
    return " ".join(s for s in sentences if s)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
