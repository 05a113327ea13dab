"""Write ``allowed.json`` from what differs now (``python -m tests.replay.allow``).

Each differing entry is matched against ``REASONS`` (the deliberate changes of
README.md, by what differs); an entry no reason explains is printed and not accepted.
Run it only after reading every difference: it accepts what you tell it to.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

from tests.replay import corpus

# (pattern on the difference line, reason): the deliberate changes of issue 22.
REASONS: tuple[tuple[str, str], ...] = (
    # issue 23, handicaps (first: reasons 6 and 33 below match every rulebook and
    # the games listing)
    (
        r"\.(options|game_options)\.(race_[12]|start_[12]|head_start_[12]): new"
        r"|is not an option of (Billiards|Darts: 301) \(options: [^)]*\)[^>]*-> "
        r"\"[^\"]*(race_1|start_1)"
        r"|^games? ?(:(billiards|darts-301))? \(GET /api/v1/games(/billiards"
        r"|/darts-301)?\): \.answer\.(games|options)",
        "43. issue 23, handicaps: billiards takes race_1 and race_2 (each side's "
        "race), darts 301 start_1, start_2, head_start_1 and head_start_2; every "
        "match's options (and a tournament's game_options) list them",
    ),
    (
        r"\.detail\.(races|starts|head_start): new",
        "44. issue 23, handicaps: the billiards board shows each side's race "
        "(races), the darts 301 board each player's start and legs in hand",
    ),
    (
        r"is not a field of a new match \(game, players or teams, options, title, "
        r"confirm\)\.\" -> \"[^\"]*confirm, handicap\)",
        "45. issue 23, handicaps: a new match takes 'handicap' (from the ratings)",
    ),
    (
        r"^rules:(billiards|darts-301) \(GET /api/v1/games/(billiards|darts-301)"
        r"/rules\): \.answer\.sha256"
        r"|\.extract\.stylesheets: .* -> .*/static/handicaps\.css",
        "46. issue 23, handicaps: the billiards and darts 301 rulebooks gain their "
        "handicap rules, and their new-match pages a Handicap section (handicaps.css)",
    ),
    # issue 26, darts (first: reason 6 below matches every rulebook's sha256)
    (
        r"^rules:darts-301 \(GET /api/v1/games/darts-301/rules\): \.answer\.sha256",
        "27. issue 26, darts: the 301 rulebook gains darts-301/checkout-routes (how "
        "a checkout route is suggested, from which chart)",
    ),
    # issue 26, pinochle's counters (first: reason 23 below matches every listing)
    (
        r"^game:pinochle \(GET /api/v1/games/pinochle\): \.answer\.events",
        "32. issue 26, pinochle: the counters event (tricks) takes an optional "
        "'counted' saying which total the two numbers are (48 without the last "
        "trick, 50 with it), so the page's form reads one way only",
    ),
    (
        r"^games \(GET /api/v1/games\): \.answer\.games",
        "33. issue 26: the games listing shows pinochle's new 'counted' field",
    ),
    (
        r"status: 422 -> 409|Idempotency-Key header is missing",
        "1. a reused Idempotency-Key is 409 (a conflict), everywhere",
    ),
    (
        r"\.answer\.(seq|ruling|errors): new",
        "3. the offline outbox's answer is the API's, from the one outcome table",
    ),
    (
        r"expects: \[[^]]*\] -> \[[^]]*\"fold\"",
        "4. the board lists every event the engine takes (expects from the handlers)",
    ),
    (
        r'\.title: "Not Found[^"]*" -> "New bunko night',
        "5. the format chooses its pages: /n/new/<kind> serves every kind",
    ),
    (
        r"\.answer\.rules\[\d+\]\.(kind|unchecked): new"
        r"|GET /api/v1/games/[^/]+/rules\): \.answer\.sha256",
        "6. issue 24: a rule says what it does (kind, unchecked) and a rulebook "
        "carries its rule-coverage matrix (checks)",
    ),
    # issue 24: canasta and bowling cards
    (
        r"game:(bowling-cards|canasta) \(GET [^)]*\): \.answer\.events\[\d+\]\.fields"
        r"|'colour' is not a field of 'deal' \(fields: upcard\).* -> .*"
        r"\(fields: player, upcard\)",
        "7. issue 24 (canasta, bowling cards): events name who acted (the deal and "
        "the bowling cards' upcard gain player) and bowling cards' place, discard "
        "and replace say which card and where it came from",
    ),
    # issue 24: golf, basketball, bowling solitaire
    (
        r"not a field of 'deal' \(fields: (player, upcard|balls, pins, player)\)"
        r"|^game:(golf-six|basketball-ten|bowling-solitaire) \(GET "
        r"/api/v1/games[^)]*\): \.answer\.events\[\d+\]\.fields",
        "8. issue 24 (golf-six, basketball-ten, bowling-solitaire): events a person "
        "does take an optional player (the actor field), and a bowl its ball card",
    ),
    (
        r"^(golf-six|basketball-ten)/score(/extra)? .*(\.answer\.cards: new"
        r"|fields: layout, so_far\))",
        "9. issue 24 (golf-six, basketball-ten): the layout calculators say whether "
        "the layout is complete and take so_far for a partial count",
    ),
    # issue 24: liar's dice and gin rummy
    (
        r"\.bets: 1 -> 0|\"liars-dice/winner\" -> \"liars-dice/restart\""
        r"|games\.liars-dice\.lost: 1 -> 0"
        r"|rule:liars-dice/(bets|winner) .*\.title",
        "10. issue 24, liar's dice: the default follows the text (nobody drops out; "
        "the loser restarts; the game ends once everyone has lost a bet)",
    ),
    (
        r"not Bob\.\" -> \"Pass the box with a claim by Bob is out of turn"
        r"|\"Ann dealt, so Bob chooses the up-card first\.\" -> \"First turn: the "
        r"up-card by Ann is out of turn",
        "11. issue 24, liar's dice and gin rummy: a player named out of turn is "
        "refused by the engine's one actor check, citing the turn rule",
    ),
    (
        r"game:(liars-dice|gin-rummy) .*fields\[0\]\.help: \"Who"
        r"|'player' is missing: Who chooses: the non-dealer, then the dealer\. .*->",
        "12. issue 24, liar's dice and gin rummy: the actor field, gin's lay-offs and "
        "turn rule, and the bets option's new default",
    ),
    # issue 24: pinochle
    (
        r"\.answer\.(options|state\.detail)\.trick_entry: new \(false\)"
        r"|of Pinochle \((options|one of): [^)]*\)[^>]*"
        r"-> \"[^\"]*(trick_entry|hand, play)\)"
        r"|GET /api/v1/games/pinochle\): \.answer\.events: "
        r"\[\{\"example\": \{\"amount\": 25, \"player\": 1, \"type\": \"bid\"\}",
        "13. issue 24, pinochle: the play card by card (option trick_entry, off by "
        "default; events hand and play) and who acted on every event",
    ),
    (
        r"pinochle/legal(/extra)? \(POST [^)]*\): \.answer\.(winning_position: new"
        r"|detail: \"'colour' is not a field)",
        "14. issue 24, pinochle: the legal-plays check's winning position, seat and "
        "leader field",
    ),
    # issue 24: billiards
    (
        r'billiards/9-ball/fouls"\] -> \[[^]]*"billiards/9-ball/lowest-first"',
        "15. issue 24, billiards: a wrong first ball in 9-ball cites lowest-first",
    ),
    (
        r"is not a field of 'lag' \(fields: closer, first_faults, player,"
        r"|^game:billiards \(GET /api/v1/games/billiards\): \.answer\.events\[0\]"
        r"\.fields: ",
        "16. issue 24, billiards: every event a player does may name the player",
    ),
    (
        r"^search:foul:billiards \(.*\.rules\[0\]\.keywords: ",
        "17. issue 24, billiards: rule 29 has more keywords (its everyday phrasings)",
    ),
    # issue 24: darts-301, darts-baseball, bunko
    (
        r"is not a field of 'dart' \(fields: dart\)\..* -> .*\(fields: dart, player\)"
        r"|^game:darts-301 .*\.fields: .* -> .*"
        r'"name": "player", "kind": "seat", "help": "Who did it'
        r"|^game:darts-baseball \(GET /api/v1/games/darts-baseball\): "
        r"\.answer\.events\[0\]\.fields: ",
        "18. issue 24, darts-301 and darts-baseball: a dart or round may name its "
        "thrower",
    ),
    (
        r'^game:bunko .*"Who rolled: a name or a seat \(0-3, clockwise\)\." -> '
        r'"Who rolled: .*Left out: the player holding the dice',
        "19. issue 24, bunko: a roll naming nobody is the dice holder's",
    ),
    # issue 24: the baseball family
    (
        r"is not a field of '\w+' \(fields: ([^)]*)\)[^>]*-> \"[^\"]*"
        r"\(fields: \1, player\)",
        "20. issue 24 (baseball, midnight baseball, Mexican sweat): an event a person "
        "does names who did it, so its list of fields shows the optional 'player'",
    ),
    (
        r"game:(poker-baseball|poker-midnight-baseball|mexican-sweat) \(GET "
        r"[^)]*\): \.answer\.events",
        "21. issue 24 (baseball, midnight baseball, Mexican sweat): the events list "
        "the optional 'player' of ante, table and common and the 'amount' of pay",
    ),
    # issue 24: draw poker and jacks to open
    (
        r"is not a field of 'deal' \(fields: none\).*-> .*"
        r"\(fields: missing_ante, player\)"
        r'|\.events\[0\]\.fields: \[\] -> \[\{"name": "missing_ante"',
        "22. issue 24, draw poker and jacks to open: the deal names the dealer "
        "(player) and may state an ante not paid (missing_ante, refused)",
    ),
    # issue 24, every game at once
    (
        r"^games \(GET /api/v1/games\): \.answer\.games",
        "23. issue 24: the games listing shows every game's new fields (the actor "
        "field, and the fields the reasons above list game by game)",
    ),
    # issue 23 (before 24's, which matches any change of the operations)
    (
        r"^openapi \(GET /api/v1/openapi\.json\): \.operations: .*"
        r"GET /api/v1/leagues/\{id\}",
        "51. issue 23: the leagues add four operations (beside 24's three "
        "calculators and the handicaps' GET /api/v1/handicaps): create and read a "
        "league, add a season, and what a season key may read "
        "(/tournaments/{id}/mine)",
    ),
    (
        r"^openapi \(GET /api/v1/openapi\.json\): \.operations: ",
        "24. issue 24: three new calculators add three operations: the bunko tables, "
        "the pinochle trick and the jacks openers, and no other",
    ),
    # issue 26: at the table
    (
        r'\.extract\.stylesheets: \["/static/style\.css"\] -> \["/static/style\.css", '
        r'"/static/games/(billiards|bunko)\.css"\]',
        "30. issue 26, billiards and bunko: their pages link their own stylesheet "
        "(the match page's short board and one-tap input)",
    ),
    (
        r'prompt: "Box \d+: [^"]* shakes the box, looks, and passes it left or right '
        r'with a claim\." -> "Box \d+: [^"]* claims first\."'
        r'|prompt: "[^"]* holds the box: re-roll any dice, leave some face up, '
        r"and pass a claim above ",
        "31. issue 26, liar's dice: shorter prompts (the first claim of a box; a "
        "claim above the last), so the claim pad is on a phone's first screen",
    ),
    # issue 26: corrections that say what they change
    (
        r"is not a field here \(expected_seq, target\)\.\" -> .*"
        r"\(expected_seq, target, dry_run\)",
        "29. issue 26: an undo takes dry_run (what it would change, storing "
        "nothing), so an unknown field's message lists it",
    ),
    # issue 26: the players' words
    (
        r'\.summary: "Undone: event #\d+ \(|That would make event #\d+ \(',
        "35. issue 26: an event is described by its kind's title and its fields' "
        "labels (undo's summary, a correction's refusal)",
    ),
    (
        r"melds? they join|rank of the meld|interference by a player is"
        r"|rules:billiards \(GET [^)]*\): \.answer\.sha256",
        "36. issue 26: canasta's and billiards' refusals say the rank of the meld "
        "and the opponent's interference in the rulebook's words, not field names",
    ),
    (
        r"game:(pinochle|darts-301|liars-dice|poker-jacks-trips|bunko|billiards) "
        r"\(GET [^)]*\): \.answer\.events"
        r"|The object balls to spot, e\.g\. \[3, 9\]; .* -> "
        r"|^games \(GET /api/v1/games\): \.answer\.games",
        "37. issue 26: event help in the players' words, not field names or JSON "
        "(pinochle, darts, liar's dice, jacks to open, bunko, billiards)",
    ),
    # issue 26, darts
    (
        r"\.checkouts(\[\d+\])*: |darts-301/checkout[^ ]* \(POST [^)]*\): "
        r"\.answer\.routes|to throw: dart \d of 3, \d+ left \(",
        "26. issue 26, darts: checkout routes ranked as the standard chart teaches "
        "them (the board's checkouts, the prompt's route, the calculator's routes)",
    ),
    (
        r"darts-301/checkout[^ ]* \(POST [^)]*\): \.answer\.rules: .*"
        r"darts-301/checkout-routes",
        "28. issue 26, darts: the checkout calculator cites darts-301/checkout-routes",
    ),
    # issue 26: the match page's shell
    (
        r"\(POST /m/(<id:\d+>)/(events|undo)\): \.answer_headers: new "
        r'\(\{"Location": "/m/\1"\}\)',
        "25. issue 26: a refused or bad entry from a match page answers 303 to the "
        "match's own address (POST-redirect-GET), what was wrong kept for that view",
    ),
    # issue 26: taps (before 38: a TV board of these games gains both stylesheets)
    (
        r"\.extract\.stylesheets: .* -> "
        r'\[.*"/static/games/(bowling_solitaire|pinochle)\.css".*\]$',
        "39. issue 26: bowling solitaire's and pinochle's pages link their own "
        "stylesheets (games/bowling_solitaire.css, games/pinochle.css)",
    ),
    # issue 26: TV boards
    (
        r"page:watch \(GET /m/<id:\d+>/watch\): \.extract\.stylesheets: .* -> "
        r'\[.*"/static/tv\.css"\]$',
        "38. issue 26: the TV board (/m/<id>/watch) links its own stylesheet (tv.css)",
    ),
    # issue 26: jacks to open
    (
        r"\.detail\.hands_won: new",
        "34. issue 26, jacks to open: the board counts every hand each player won "
        "(hands_won), beside the jackpot's tally (hand_wins)",
    ),
    # issue 23, ratings
    (
        r"\(GET /api/v1/players/<id:\d+>\): \.answer\.ratings: new",
        "40. issue 23, ratings: a profile (GET /api/v1/players/<id>) gains ratings, "
        "its rating per game ({} before any rated match)",
    ),
    (
        r"\(GET /players/<id:\d+>\): \.extract\.stylesheets: .*ratings\.css",
        "41. issue 23, ratings: a rated profile's page links its own stylesheet "
        "(ratings.css, the rating chart's band) beside players.css",
    ),
)


def main() -> None:
    from flask_migrate import upgrade

    from referee import create_app
    from tests.conftest import MIGRATIONS
    from tests.conftest import _config

    folder = Path(tempfile.mkdtemp())
    out, unexplained = [], []
    for path in corpus.files():
        app = create_app(_config(f"sqlite:///{folder / path.stem}.sqlite", folder))
        with app.app_context():
            upgrade(directory=str(MIGRATIONS))
        for name, line, now in corpus.replay(app.test_client(), corpus.load(path)):
            reason = next((r for p, r in REASONS if re.search(p, line)), None)
            if reason is None:
                unexplained.append(f"{path.stem}: {line}")
                continue
            out.append({"file": path.stem, "entry": name, "reason": reason, "now": now})
    corpus.ALLOWED.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"{len(out)} changes accepted, {len(unexplained)} not explained:")
    print("\n".join(unexplained))


if __name__ == "__main__":
    main()
