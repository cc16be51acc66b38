"""The score sheet: a hand, a game and a rubber scored by the rules of a code.

The scoring rules say what they put on the sheet (``then.score``: points below
and above the line to a side, the game and the rubber won, the lines a rubber's
total adds up); this module only carries the sheet from hand to hand. A hand is
a record of the table (as for ``lawkit ruling``) or a short form::

    {declaration: 4H, by: north, doubled: true, tricks: 9,
     honours: {north: [AH, KH], south: [QH]}, void: [east], honours_called: [north-south]}

(``tricks``: the declaring side's tricks, or a map of each side's). The state of
the rubber before each hand (the points toward the game, the games won, the
rubber's points so far) is the sheet's, answered to the rules' own questions
(``score_toward_game``, ``games_won``, ``rubber_game_points``, ``rubber_score``),
so one hand's record never needs it. A rubber is a list of hands, scored in turn
until a rule says the rubber is won.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from ..corpus.facts import FactError, card, check_value
from ..corpus.problems import Position, did_you_mean
from .engine import SIDES, Engine, Result, RulingError
from .record import SEATS, parse_bid
from .words import side_name

LINES = ("below", "above")
# What the sheet answers, when a code's rules ask: the state of the rubber before the hand.
STATE_FACTS = ("score_toward_game", "games_won", "rubber_game_points")
# A rubber's file: its hands, the code it is for, and (in the tests) the sheet each code must give.
RUBBER_FIELDS = ("hands", "code", "description", "expect")
SHORT_FORM = ("declaration", "by", "doubled", "redoubled", "tricks", "honours", "void", "honours_called", "dealer")
_HONOUR_RANKS = "AKQJT"  # the honours of a trump suit; at no trumps the aces


class ScoreError(Exception):
    """An impossible score input: the message names the hand and the field."""

    def __init__(self, message: str, field: str | None = None, position: Position | None = None):
        super().__init__(message)
        self.field = field
        self.position = position


def _zero() -> dict[str, int]:
    return {side: 0 for side in SIDES}


@dataclass
class Standing:
    """The sheet between hands: points toward the game in play, games won, each line's points."""

    toward_game: dict[str, int] = field(default_factory=_zero)
    games: dict[str, int] = field(default_factory=_zero)
    lines: dict[str, dict[str, int]] = field(default_factory=lambda: {line: _zero() for line in LINES})

    @property
    def started(self) -> bool:
        """Whether anything is on the sheet yet."""
        return any(self.toward_game.values()) or any(self.games.values()) or any(
            v for line in self.lines.values() for v in line.values())

    def as_json(self) -> dict[str, Any]:
        return {"toward_game": dict(self.toward_game), "games": dict(self.games),
                "below": dict(self.lines["below"]), "above": dict(self.lines["above"])}


@dataclass
class Entry:
    line: str  # below or above
    side: str
    points: int
    law: str
    rule: str
    says: str | None

    def as_json(self) -> dict[str, Any]:
        return {"line": self.line, "side": self.side, "points": self.points, "law": self.law, "rule": self.rule,
                "says": self.says}


@dataclass
class HandScore:
    number: int
    summary: str  # the hand in a line: the declaration and the tricks
    entries: list[Entry] = field(default_factory=list)
    game: str = ""  # the side that won a game with this hand
    rubber: str = ""  # the side that won the rubber with it
    total: list[str] = field(default_factory=list)  # the lines the rubber's total adds, when it ended
    says: list[dict[str, str]] = field(default_factory=list)  # the scoring rulings in words, with their laws
    missing: list[dict[str, Any]] = field(default_factory=list)  # what the rules that score need and lack
    after: Standing = field(default_factory=Standing)

    def as_json(self) -> dict[str, Any]:
        return {"hand": self.number, "summary": self.summary, "entries": [e.as_json() for e in self.entries],
                "game": self.game, "rubber": self.rubber, "rulings": self.says, "missing_facts": self.missing,
                "after": self.after.as_json()}


@dataclass
class Sheet:
    code: str
    title: str
    hands: list[HandScore] = field(default_factory=list)
    standing: Standing = field(default_factory=Standing)
    rubber: str = ""  # the side that won the rubber
    total: list[str] = field(default_factory=list)
    plays_rubbers: bool = True  # whether the code's rules score games and rubbers (Duplicate Whist's do not)

    @property
    def totals(self) -> dict[str, int] | None:
        """Each side's total when the rubber is over (the lines its law adds up)."""
        if not self.rubber:
            return None
        return {side: sum(self.standing.lines[line][side] for line in self.total) for side in SIDES}

    def as_json(self) -> dict[str, Any]:
        totals = self.totals
        return {"code": self.code, "title": self.title, "hands": [h.as_json() for h in self.hands],
                "standing": self.standing.as_json(),
                "rubber": None if not self.rubber else {
                    "won_by": self.rubber, "lines_added": self.total, "totals": totals,
                    "difference": (totals[self.rubber] - totals[_other(self.rubber)]) if totals else None}}


def _other(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


# -- the short form ---------------------------------------------------------------

def is_short_form(data: Any) -> bool:
    return isinstance(data, dict) and "events" not in data and "answers" not in data and (
        "declaration" in data or "tricks" in data)


def short_form_situation(data: dict[str, Any], side_of: dict[str, str], where: str = "") -> dict[str, Any]:
    """The situation a short form describes: the answers each code's scoring rules read.

    Raises ScoreError naming the field for an impossible hand (eight odd tricks, an honour
    that is not of the trump suit, a redouble without a double)."""
    prefix = f"{where}: " if where else ""

    def fail(name: str, message: str) -> ScoreError:
        position = getattr(data, "value_pos", {}).get(name) or getattr(data, "pos", None)
        return ScoreError(f"{prefix}{name}: {message}", name, position)

    unknown = [k for k in data if k not in SHORT_FORM]
    if unknown:
        raise fail(str(unknown[0]), f"not a field of the short form{did_you_mean(str(unknown[0]), SHORT_FORM)} "
                                    f"(fields: {', '.join(SHORT_FORM)})")
    declaration = data.get("declaration")
    bid = parse_bid(declaration) if isinstance(declaration, (str, int)) else None
    if bid is None:
        raise fail("declaration", f"{declaration!r} is not a declaration: a level 1 to 7 and C, D, H, S, RS "
                                  "(royal spades) or NT, as 4H or 3NT (eight or more odd tricks cannot be bid)")
    level, denomination = bid
    by = data.get("by")
    if by not in SEATS:
        raise fail("by", f"{by!r} is not a seat: the declarer is one of {', '.join(SEATS)}")
    doubled, redoubled = data.get("doubled", False), data.get("redoubled", False)
    for name, value in (("doubled", doubled), ("redoubled", redoubled)):
        if not isinstance(value, bool):
            raise fail(name, f"{value!r} is not true or false")
    if redoubled and not doubled:
        raise fail("redoubled", "a redouble needs a double: say doubled: true too")
    side = side_of[by]
    tricks = data.get("tricks")
    if isinstance(tricks, bool) or not isinstance(tricks, (int, dict)):
        raise fail("tricks", f"{tricks!r} is not a number of tricks (the declaring side's) or a map of each side's")
    if isinstance(tricks, int):
        if not 0 <= tricks <= 13:
            raise fail("tricks", f"{tricks} tricks: a side wins 0 to 13 (seven odd tricks at most)")
        won = {side: tricks, _other(side): 13 - tricks}
    else:
        if set(tricks) != set(SIDES) or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                                                for v in tricks.values()):
            raise fail("tricks", f"{dict(tricks)!r} is not a map of both sides ({', '.join(SIDES)}) to tricks won")
        if sum(tricks.values()) != 13:
            raise fail("tricks", f"the sides' tricks add up to {sum(tricks.values())}, not 13")
        won = {s: tricks[s] for s in SIDES}
    trump = "S" if denomination == "RS" else denomination
    honours = data.get("honours") or {}
    if not isinstance(honours, dict) or not all(seat in SEATS for seat in honours):
        raise fail("honours", f"{honours!r} is not a map of seats to the honours each was dealt")
    held: dict[str, list[str]] = {seat: [] for seat in SEATS}
    seen: dict[str, str] = {}
    for seat, cards in honours.items():
        for said in cards if isinstance(cards, list) else [cards]:
            try:
                name = card(said)
            except FactError as exc:
                raise fail("honours", f"{seat}: {exc.message}") from None
            rank, suit = name[0], name[1]
            if trump == "NT" and rank != "A" or trump != "NT" and (suit != trump or rank not in _HONOUR_RANKS):
                suit_name = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}.get(trump, trump)
                what = "the aces" if trump == "NT" else f"the ace, king, queen, knave and ten of {suit_name}"
                raise fail("honours", f"{name} ({seat}) is not an honour at {level}{denomination}: the honours are {what}")
            if name in seen:
                raise fail("honours", f"{name} is given to {seen[name]} and to {seat}")
            seen[name] = seat
            held[seat].append(name)
    void = data.get("void") or []
    if not isinstance(void, list) or not all(v in SEATS for v in void):
        raise fail("void", f"{void!r} is not a list of seats (the players dealt no trump)")
    if trump == "NT" and void:
        raise fail("void", "at no trumps no hand is void of trumps")
    for seat in void:
        if held[seat]:
            raise fail("void", f"{seat} holds {', '.join(held[seat])}, so is not void of trumps")
    answers: dict[str, Any] = {
        "final_declaration": {"level": level, "denomination": denomination, "by": by, "doubled": doubled,
                              "redoubled": redoubled},
        "trump": trump, "times_doubled": 2 if redoubled else (1 if doubled else 0), "tricks_won": won,
        "honours_held": held, "chicane_hands": list(void), "void_in_trumps": list(void),
    }
    if "honours_called" in data:
        called = data["honours_called"]
        if not isinstance(called, list) or not all(c in SIDES for c in called):
            raise fail("honours_called", f"{called!r} is not a list of sides ({', '.join(SIDES)})")
        answers["honours_called_by"] = list(called)
    if "dealer" in data:
        if data["dealer"] not in SEATS:
            raise fail("dealer", f"{data['dealer']!r} is not a seat: one of {', '.join(SEATS)}")
        # The dealer must declare first (1913 Law 42), so a final one spade of his is his original one.
        answers["dealers_original_one_spade"] = (level, denomination, by) == (1, "S", data["dealer"])
    # Without a dealer named, the declaring side dealt: in Bridge 1904 only the dealer's side names the trump.
    return {"dealer": data.get("dealer", by), "answers": answers}


def summary(data: Any, side_of: dict[str, str]) -> str:
    """The hand in a line, for the sheet."""
    if is_short_form(data):
        tricks = data["tricks"]
        made = tricks if isinstance(tricks, int) else tricks[side_of[data["by"]]]
        doubling = ", redoubled" if data.get("redoubled") else (", doubled" if data.get("doubled") else "")
        return f"{str(data['declaration']).upper()} by {str(data['by']).capitalize()}{doubling}: {made} tricks"
    return "a record of the table"


# -- scoring -------------------------------------------------------------------------

class Scorer:
    """Score hands and rubbers under a code with an engine's rules."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.corpus = engine.corpus
        self.side_of: dict[str, str] = engine.model.views.constants["side_of"]

    def codes(self) -> list[str]:
        """The codes whose rules score (some rule of theirs puts points on the sheet)."""
        return [code for code, book in self.corpus.rulebooks.items() if any(r.score for r in book.rules)]

    def rubber(self, code: str, hands: Iterable[Any], where: str = "", path: str = "<score>") -> Sheet:
        if code not in self.corpus.rulebooks:
            raise ScoreError(f"no code '{code}'{did_you_mean(code, self.corpus.rulebooks)}", "code")
        sheet = Sheet(code, self.corpus.codes[code].short_title or self.corpus.codes[code].title,
                      plays_rubbers=any("rubber" in r.score for r in self.corpus.rulebooks[code].rules))
        for number, data in enumerate(hands, 1):
            label = f"{where}hand {number}"
            if sheet.rubber:
                raise ScoreError(f"{label}: the rubber was won with hand {len(sheet.hands)}; "
                                 "start a new rubber for the hands after it", "hands")
            hand = self.hand(code, data, sheet.standing, number, label, path)
            sheet.hands.append(hand)
            sheet.standing = hand.after
            if hand.rubber:
                sheet.rubber, sheet.total = hand.rubber, hand.total
        return sheet

    def hand(self, code: str, data: Any, before: Standing, number: int = 1, label: str = "hand",
             path: str = "<score>") -> HandScore:
        situation = short_form_situation(data, self.side_of, label) if is_short_form(data) else data
        if is_short_form(data) and situation["answers"]["trump"] == "NT" and not self._declares(code):
            # Whist's trump is the card turned up: no hand of it is played at no trumps.
            hand = HandScore(number, summary(data, self.side_of), after=before)
            hand.missing = [{"fact": "trump", "question": "This code has no no-trump hand (its trump is the card "
                             "turned up): the hand cannot be scored under it", "needed_by": []}]
            return hand
        if not isinstance(situation, dict):
            raise ScoreError(f"{label}: not a hand: a short form (declaration, by, tricks, ...) or a record "
                             "(dealer, events, answers)")
        answers = dict(situation.get("answers") or {})
        for name in STATE_FACTS:
            if name in answers and name in self.corpus.facts:
                try:
                    answers[name] = check_value(self.corpus.facts[name].type, answers[name], name,
                                                self.engine.model.vocabulary.limits)
                except FactError as exc:
                    raise ScoreError(f"{label}: {exc}", name) from None
                low = [f"{side} {points}" for side, points in answers[name].items() if points < 0]
                if low or name == "games_won" and any(games > 1 for games in answers[name].values()):
                    raise ScoreError(f"{label}: {name}: {', '.join(low) or answers[name]} is not a state of a "
                                     "rubber (no side has fewer than nothing, nor two games before a hand)", name)
        if number == 1 and not before.started:
            # The first hand of a sheet may say where the rubber stood before it (a hand scored in
            # the middle of a rubber, as a scenario's record does): the sheet starts from there.
            before = Standing(dict(answers.pop("score_toward_game", before.toward_game)),
                              dict(answers.pop("games_won", before.games)),
                              {"below": dict(before.lines["below"]),
                               "above": dict(answers.pop("rubber_game_points", before.lines["above"]))})
        for name in (*STATE_FACTS, "rubber_score"):
            if name in answers:
                raise ScoreError(f"{label}: answers {name}, which the score sheet keeps (only the first hand "
                                 "may say where the rubber stood): leave it out", name)
        state = {"score_toward_game": before.toward_game, "games_won": before.games,
                 "rubber_game_points": before.lines["above"]}
        result = self._ruling(code, situation, {**answers, **state}, label, path)
        if any(m["fact"] == "rubber_score" for m in result.missing_facts):
            # The rubber's totals with this hand's points, before the bonus: the rule that makes up
            # the rubber asks for them, so the hand is put again with them.
            totals = {side: sum(before.lines[line][side] for line in LINES) for side in SIDES}
            for entry, bonus in _entries(result):
                if not bonus:
                    totals[entry.side] += entry.points
            result = self._ruling(code, situation, {**answers, **state, "rubber_score": totals}, label, path)
        hand = HandScore(number, summary(data, self.side_of))
        after = Standing(dict(before.toward_game), dict(before.games),
                         {line: dict(before.lines[line]) for line in LINES})
        scoring = {r.key for r in self.corpus.rulebooks[code].rules if r.score}
        for entry, _ in _entries(result):
            hand.entries.append(entry)
            after.lines[entry.line][entry.side] += entry.points
            if entry.line == "below":
                after.toward_game[entry.side] += entry.points
        for ruling in result.rulings:
            if ruling.score is None:
                continue
            hand.says.append({"law": ruling.law, "rule": ruling.rule, "says": ruling.says or ""})
            if ruling.score.get("game"):
                hand.game = ruling.score["game"]
            if ruling.score.get("rubber"):
                hand.rubber = ruling.score["rubber"]
            if "total" in ruling.score:
                hand.total = ruling.score["total"]
        if hand.game:
            after.games[hand.game] += 1
            after.toward_game = _zero()  # a new game begins from nothing
        hand.missing = [m for m in result.missing_facts if set(m["needed_by"]) & scoring]
        hand.after = after
        return hand

    def _declares(self, code: str) -> bool:
        """Whether the code's trump is declared (its rules read a declaration), not turned up."""
        return any(rule.facts & DECLARATION_VIEWS for rule in self.corpus.rulebooks[code].rules)

    def _ruling(self, code: str, situation: dict[str, Any], answers: dict[str, Any], label: str,
                path: str) -> Result:
        data = {key: value for key, value in situation.items() if key != "answers"}
        data["answers"] = answers
        try:
            return self.engine.ruling(code, self.engine.situation(data, path, views="rules"))
        except RulingError as exc:
            raise ScoreError(f"{label}: {exc}", exc.fact, exc.position) from None



# The views through which a code's rules read a declared trump (Auction's final declaration, Bridge's).
DECLARATION_VIEWS = frozenset({"final_declaration", "declaring_side", "scored_hand", "hand_result", "honour_lines",
                               "declaration_tricks", "honour_holding"})
def _entries(result: Result) -> list[tuple[Entry, bool]]:
    """A hand's entries on the sheet, each with whether it is the rubber's bonus (given with the total)."""
    return [(Entry(line, side, points, ruling.law, ruling.rule, ruling.says), "total" in ruling.score)
            for ruling in result.rulings if ruling.score is not None
            for line in LINES for side, points in ruling.score.get(line, {}).items()]


CORRECTION_FACTS = frozenset({"score_error", "error_affects_rubber_amount", "following_deal_complete",
                              "next_game_declaration_made", "error_in_final_game"})


def correction(scorer: "Scorer", sheet: Sheet, number: int, kind: str, agreed: bool = False) -> Result:
    """The rulings on correcting a proven error in hand ``number``'s score (``kind``: trick, the points
    below the line; honour, those above, which in Whist are the rubber's amount), the laws' deadlines
    read from the sheet: whether a later hand was played in a later game, whether the game was the
    rubber's last, whether the rubber is over (agreed only when the players say so: ``agreed``)."""
    if not 1 <= number <= len(sheet.hands):
        raise ScoreError(f"error: there is no hand {number} (the sheet has {len(sheet.hands)})", "error")
    if kind not in ("trick", "honour"):
        raise ScoreError(f"error: {kind!r} is not trick or honour (the score the error is in)", "error")
    games = [0]  # the game each hand belongs to, counted from 0
    for hand in sheet.hands:
        games.append(games[-1] + (1 if hand.game else 0))
    game = games[number - 1]
    answers: dict[str, Any] = {
        "score_error": kind, "error_affects_rubber_amount": kind == "honour", "rubber_over": bool(sheet.rubber),
        "next_game_declaration_made": any(g > game for g in games[number:len(sheet.hands)]),
        "following_deal_complete": any(g > game for g in games[number:len(sheet.hands)]),
    }
    if sheet.rubber:
        answers["error_in_final_game"] = game == games[len(sheet.hands) - 1]
        if agreed:
            answers["rubber_score_agreed"] = True
    else:
        answers["rubber_score_agreed"] = False  # the score of a rubber not finished is not yet made up
        if sheet.standing.games["north-south"] == sheet.standing.games["east-west"] == 1:
            answers["error_in_final_game"] = game == games[len(sheet.hands)]  # the third game is the last
        elif game < games[len(sheet.hands)]:
            answers["error_in_final_game"] = False  # a game already won did not end the rubber
    result = scorer.engine.ruling(sheet.code, {"answers": answers})
    book = scorer.corpus.rulebooks[sheet.code]
    reads = {r.key for r in book.rules if r.facts & CORRECTION_FACTS}
    result.rulings = [r for r in result.rulings if r.rule in reads]
    result.missing_facts = [m for m in result.missing_facts if set(m["needed_by"]) & reads]
    return result


def read_hands(data: Any) -> tuple[list[Any], str | None]:
    """The hands of a score file: ``hands: [...]`` (a rubber, with an optional ``code``) or one hand."""
    if isinstance(data, dict) and "hands" in data:
        hands = data["hands"]
        if not isinstance(hands, list) or not hands:
            raise ScoreError("hands: a list of hands (short forms or records), one at least", "hands",
                             getattr(data, "value_pos", {}).get("hands"))
        unknown = [k for k in data if k not in RUBBER_FIELDS]
        if unknown:
            raise ScoreError(f"{unknown[0]}: not a field of a rubber ({', '.join(RUBBER_FIELDS)})", str(unknown[0]),
                             getattr(data, "key_pos", {}).get(unknown[0]))
        return hands, data.get("code")
    return [data], None


# -- in words ---------------------------------------------------------------------------

def as_text(sheet: Sheet, law_name: Any) -> str:
    """A code's score sheet: each hand's entries in the rulings' words with their laws, then the lines."""
    lines = [f"{sheet.title} ({sheet.code})"]
    for hand in sheet.hands:
        lines.append(f"  hand {hand.number}: {hand.summary}")
        for said in hand.says:
            lines.append(f"    {said['says']}  [{law_name(said['law'])}]")
        if not hand.says:
            lines.append("    nothing scored")
        for missing in hand.missing:
            lines.append(f"    ? {missing['fact']}: {missing['question']}")
    standing = sheet.standing
    lines.append(f"  {'':24}{'N-S':>8}{'E-W':>8}")
    if not sheet.plays_rubbers:
        lines.append(f"  {'the deals':24}{standing.lines['below']['north-south']:>8}"
                     f"{standing.lines['below']['east-west']:>8}")
        lines.append("  (The code scores each deal; it does not say how the deals make up a match's score.)")
        return "\n".join(lines) + "\n"
    lines.append(f"  {'above the line':24}{standing.lines['above']['north-south']:>8}"
                 f"{standing.lines['above']['east-west']:>8}")
    lines.append("  " + "-" * 40)
    lines.append(f"  {'below the line':24}{standing.lines['below']['north-south']:>8}"
                 f"{standing.lines['below']['east-west']:>8}")
    lines.append(f"  {'games':24}{standing.games['north-south']:>8}{standing.games['east-west']:>8}")
    totals = sheet.totals
    if totals is not None:
        added = " and ".join(f"{line} the line" for line in sheet.total)
        difference = totals[sheet.rubber] - totals[_other(sheet.rubber)]
        lines.append(f"  {'total (' + added + ')':24}{totals['north-south']:>8}{totals['east-west']:>8}")
        lines.append(f"  The rubber to {side_name(sheet.rubber)}, by {difference} points.")
    else:
        lines.append(f"  The rubber is not finished; toward the game: North and South "
                     f"{standing.toward_game['north-south']}, East and West {standing.toward_game['east-west']}.")
    return "\n".join(lines) + "\n"


def side_by_side(sheets: list[Sheet]) -> str:
    """Every code's result of the same hands, one line each."""
    lines = [f"{'code':24}{'N-S':>8}{'E-W':>8}  rubber"]
    for sheet in sheets:
        totals = sheet.totals or {side: sum(sheet.standing.lines[line][side] for line in LINES) for side in SIDES}
        rubber = side_name(sheet.rubber) if sheet.rubber else ("not finished" if sheet.plays_rubbers else
                                                                 "no rubber: deals compared")
        lines.append(f"{sheet.code:24}{totals['north-south']:>8}{totals['east-west']:>8}  {rubber}")
    return "\n".join(lines) + "\n"
