"""A worked example's record told as a short story in players' words, with the hands drawn.

The record (``laws/record.yaml``: seats, dealer, events, answers) is told in the order it
happened: a run of cards dealt becomes the four hands (a small diagram, each suit on its own
line with its symbol) and a sentence for whatever in the deal was irregular; a run of cards
played becomes its tricks; a run of calls becomes the auction; every other event is one
sentence, its choices in the words ``record.yaml`` gives them; the answers the record cannot
show are the facts' own questions, answered. Cards are written as players write them: Q♠, 10♥.
"""

from __future__ import annotations

from typing import Any

from ..corpus.model import Corpus
from ..rules.words import SUIT_SYMBOLS, card_symbol, word
from .markup import esc, printed

SEATS = ("north", "east", "south", "west")
_SUIT_ORDER = "SHDC"
_RANK_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
_DENOMINATIONS = {"NT": " no trumps", "RS": " royal spades"}
_CALLS = {"pass": "passes", "double": "doubles", "redouble": "redoubles"}


def card(value: Any) -> str:
    """A card for the page: Q♠ (hearts and diamonds in red); anything else as written."""
    said = card_symbol(str(value)) if isinstance(value, str) else None
    if said is None:
        return esc(word(value, symbols=True))
    red = " lk-card--red" if said[-1] in "♥♦" else ""
    return f'<span class="lk-card{red}">{esc(said)}</span>'


def cards(values: Any) -> str:
    items = [card(v) for v in (values or [])]
    if not items:
        return "no card"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class _Table:
    """Who is who: seat names, and a player's name (or seat written any way) back to the seat."""

    def __init__(self, record: dict[str, Any]):
        seats = record.get("seats")
        seats = seats if isinstance(seats, dict) else {}
        self.names = {str(seat).lower(): str(name) for seat, name in seats.items()}
        self.seat_of = {name.lower(): seat for seat, name in self.names.items()}

    def seat(self, who: Any) -> str | None:
        text = str(who).lower()
        return text if text in SEATS else self.seat_of.get(text)

    def who(self, who: Any) -> str:
        """A player as the story names him: his name when the record gives one, else his seat."""
        if who is None:
            return "someone"
        seat = self.seat(who)
        if seat is not None:
            return esc(self.names.get(seat, seat.capitalize()))
        return esc(who)


def story(corpus: Corpus, record: dict[str, Any]) -> str:
    """The record as paragraphs and diagrams (HTML, every string escaped)."""
    table = _Table(record)
    vocabulary = (corpus.rule_files.get("record") or {}).get("events") or {}
    out = []
    opening = []
    if table.names:
        opening.append(", ".join(f"{esc(name)} sits {seat.capitalize()}" for seat, name in table.names.items()) + ".")
    if record.get("previous_dealer"):
        opening.append(f"{table.who(record['previous_dealer'])} dealt the hand before.")
    dealing = any(isinstance(e, dict) and "deal" in e for e in record.get("events") or [])
    if record.get("dealer") and not dealing:  # a deal says who deals
        opening.append(f"{table.who(record['dealer'])} is the dealer.")
    irregular = (corpus.rule_files.get("record") or {}).get("irregularities") or {}
    for name in record.get("irregularities") or []:
        opening.append(f"What the story is about: {printed(str(irregular.get(name, name)))}")
    if opening:
        out.append(f"<p>{' '.join(opening)}</p>")
    runs: list[tuple[str, list[dict[str, Any]]]] = []
    for event in record.get("events") or []:
        for kind, body in (event.items() if isinstance(event, dict) else ()):
            body = body if isinstance(body, dict) else {}
            if runs and runs[-1][0] == kind and kind in ("deal", "play", "call"):
                runs[-1][1].append(body)
            else:
                runs.append((kind, [body]))
    played = 0  # cards played so far: the trick of the next one
    for kind, bodies in runs:
        if kind == "deal":
            out.append(_deal(table, bodies, record.get("dealer")))
        elif kind == "play":
            told, played = _play(table, bodies, played)
            out.append(told)
        elif kind == "call":
            out.append(_auction(table, bodies))
        else:
            out.append(f"<p>{_event(table, vocabulary.get(kind) or {}, kind, bodies[0])}</p>")
    answers = record.get("answers") or {}
    if answers:
        asked = []
        for name, value in answers.items():
            fact = corpus.facts.get(name)
            question = printed(fact.question) if fact is not None and fact.question else esc(name.replace("_", " "))
            asked.append(f"<li>{question} <strong>{_answer(value)}</strong></li>")
        out.append(f'<p class="lk-story__asked">What the record cannot show, answered:</p><ul>{"".join(asked)}</ul>')
    return "".join(out)


def _answer(value: Any) -> str:
    if isinstance(value, list):
        return cards(value) if all(isinstance(v, str) and card_symbol(v) for v in value) and value else \
            esc(word(value, symbols=True))
    return card(value) if isinstance(value, str) else esc(word(value, symbols=True))


def _next(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def _deal(table: _Table, deals: list[dict[str, Any]], dealer: Any) -> str:
    hands: dict[str, list[str]] = {seat: [] for seat in SEATS}
    unnamed: dict[str, int] = {seat: 0 for seat in SEATS}
    said = []
    # The first card goes to the dealer's left, each next one to the left of the last.
    previous: str | None = table.seat(dealer) if dealer else None
    out_of_rotation = False
    for number, deal in enumerate(deals, 1):
        seat = table.seat(deal.get("to")) or "north"
        named = [c for c in ([deal["card"]] if deal.get("card") else []) + list(deal.get("cards") or [])
                 if isinstance(c, str)]
        given = deal.get("count")
        count: int = given if isinstance(given, int) else max(len(named), 1)
        hands[seat] += named
        unnamed[seat] += max(count - len(named), 0)
        what = cards(named) if named else f"{count} card{'s' if count != 1 else ''}"
        if previous is not None and seat != _next(previous) and not out_of_rotation:
            out_of_rotation = True
            said.append(f"The {_ordinal(number)} card goes to {table.who(seat)}, not to {table.who(_next(previous))}: "
                        "the cards are not dealt in rotation from the dealer's left.")
        if deal.get("face_up"):
            said.append(f"{what} to {table.who(seat)} is dealt face up.")
        if len(named) > 1 or count > 1:
            said.append(f"{what} go to {table.who(seat)} in one motion.")
        if deal.get("other_pack"):
            said.append(f"{what} to {table.who(seat)} comes from the adversaries' pack.")
        if deal.get("by"):
            said.append(f"{table.who(deal['by'])} deals {what} to {table.who(seat)}.")
        previous = seat
    total = sum(len(hand) + unnamed[seat] for seat, hand in hands.items())
    by = table.who(dealer) if dealer else "The dealer"
    lead = f"<p>{by} deals {total} card{'s' if total != 1 else ''}" + (":" if total else ".") + "</p>"
    return lead + _hands(table, hands, unnamed) + "".join(f"<p>{s[:1].upper() + s[1:]}</p>" for s in said[:6])


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _hands(table: _Table, hands: dict[str, list[str]], unnamed: dict[str, int]) -> str:
    """The four hands as a bridge diagram: North above, West and East beside, South below."""
    seats = []
    for seat in SEATS:
        held = hands[seat]
        size = len(held) + unnamed[seat]
        if not size:
            continue
        name = table.names.get(seat)
        label = seat.capitalize() + (f" ({esc(name)})" if name else "")
        if size != 13:
            label += f" — {size} card{'s' if size != 1 else ''}"
        lines = []
        for suit in _SUIT_ORDER:
            ranks = [c[:-1].replace("T", "10") for c in held if c[-1:] == suit]
            if not ranks:
                continue
            ranks.sort(key=lambda r: _RANK_ORDER.index(r) if r in _RANK_ORDER else 99)
            red = " lk-card--red" if suit in "HD" else ""
            lines.append(f'<span class="lk-hand__suit"><span class="lk-card{red}" aria-label="{_suit_name(suit)}">'
                         f'{SUIT_SYMBOLS[suit]}</span> {esc(" ".join(ranks))}</span>')
        if unnamed[seat]:
            lines.append(f'<span class="lk-hand__suit">{unnamed[seat]} not named</span>')
        seats.append(f'<div class="lk-hand lk-hand--{seat}"><span class="lk-hand__seat">{label}</span>'
                     f'{"".join(lines)}</div>')
    return f'<div class="lk-hands" role="group" aria-label="The hands as dealt">{"".join(seats)}</div>'


def _suit_name(suit: str) -> str:
    return {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[suit]


def _play(table: _Table, plays: list[dict[str, Any]], played: int) -> tuple[str, int]:
    """The cards played, trick by trick: four to a trick in order, counted over the whole record
    (other events come between the cards of one trick), unless the record numbers the trick."""
    tricks: dict[int, list[dict[str, Any]]] = {}
    for play in plays:
        given = play.get("trick")
        number = given if isinstance(given, int) else played // 4 + 1
        played += 1
        tricks.setdefault(number, []).append(play)
    lines = []
    for number in sorted(tricks):
        said = []
        for play in tricks[number]:
            also = " at the same moment" if play.get("simultaneous") else ""
            said.append(f"{table.who(play.get('by'))} {card(play.get('card'))}{also}")
        lines.append(f"<li><span class=\"lk-trick__number\">Trick {number}:</span> {', '.join(said)}</li>")
    return f'<ol class="lk-tricks">{"".join(lines)}</ol>', played


def _bid(said: Any) -> str:
    text = str(said).strip().upper().replace(" ", "")
    if text.lower() in _CALLS:
        return _CALLS[text.lower()]
    level, denomination = text[:1], text[1:]
    if level.isdigit() and denomination in SUIT_SYMBOLS:
        red = " lk-card--red" if denomination in "HD" else ""
        return f'bids <span class="lk-card{red}">{esc(level + SUIT_SYMBOLS[denomination])}</span>'
    if level.isdigit() and denomination in _DENOMINATIONS:
        return f"bids {esc(level + _DENOMINATIONS[denomination])}"
    return f"says {esc(said)}"


def _auction(table: _Table, calls: list[dict[str, Any]]) -> str:
    said = []
    for call in calls:
        what = _bid(call.get("bid"))
        if call.get("said_level"):
            what += f" (saying {esc(call['said_level'])})"
        if call.get("corrects"):
            what += ", correcting his call just before"
        said.append(f"{table.who(call.get('by'))} {what}")
    return f'<p class="lk-auction">The auction: {"; ".join(said)}.</p>'


def _value(vocabulary: dict[str, Any], name: str, value: Any) -> str:
    """A field's value in the words record.yaml gives its choices, else as a player says it
    (an option such as ``call-9C`` with its card as players write it: call 9♣)."""
    words = _choices(vocabulary, name)
    if words is not None and isinstance(value, str) and value in words:
        return printed(str(words[value]))
    if isinstance(value, str) and card_symbol(value):
        return card(value)
    if isinstance(value, str):
        return " ".join(card(w) if card_symbol(w) else esc(w) for w in value.replace("-", " ").split())
    return esc(word(value, symbols=True))


def _choices(vocabulary: dict[str, Any], name: str) -> dict[str, Any] | None:
    field = ((vocabulary.get("fields") or {}).get(name) or {})
    words = field.get("values") if isinstance(field, dict) else None
    return words if isinstance(words, dict) else None


_VERBS = {
    "cut": "cuts", "shuffle": "shuffles the pack", "collect": "collects the cards", "cut_pack": "cuts the pack",
    "turn_trump": "turns the trump card", "declare": "declares", "quit": "turns and quits the trick",
    "expose": "exposes", "look": "looks at", "touch": "touches", "remark": "speaks", "attention":
    "calls attention to", "claim": "claims", "concede": "concedes", "choose": "chooses", "leave": "leaves the table",
    "withdraw": "takes back", "ask": "asks whether his partner has a card of the suit", "bystander": "speaks",
}


def _event(table: _Table, vocabulary: dict[str, Any], kind: str, body: dict[str, Any]) -> str:
    """One event in one sentence: who did what, then its other details in record.yaml's words."""
    who = table.who(body.get("by") or body.get("name"))
    verb = _VERBS.get(kind, esc(kind.replace("_", " ")))
    if kind in ("quit", "turn_trump") and not body.get("by"):  # whoever did it: the record does not say
        who = {"quit": "The trick", "turn_trump": "The dealer"}[kind]
        verb = {"quit": "is turned and quitted", "turn_trump": "turns the trump card"}[kind]
    if kind == "bystander":
        who = f"A bystander{' (' + esc(body['name']) + ')' if body.get('name') else ''}"
    details = []
    main = {"look": "at", "touch": "what", "attention": "to", "claim": "what", "declare": "trump",
            "choose": "option", "withdraw": "card", "trump_slip": "act", "cut": "card", "expose": "card",
            "turn_trump": "card"}.get(kind)
    if main == "card" and "card" not in body and body.get("cards"):  # shown together: the cards it names
        main = "cards"
    if kind == "trump_slip":
        sentence = f"{who}: {_value(vocabulary, 'act', body.get('act'))}"
    elif main == "cards":
        sentence = f"{who} {verb} {cards(body['cards'])}"
    elif main and main in body:
        sentence = f"{who} {verb} {_value(vocabulary, main, body[main])}"
    else:
        sentence = f"{who} {verb}"
    for name, value in body.items():
        if name in ("by", "name", main) or value in (None, False, [], ""):
            continue
        if name == "card":
            details.append(card(value))
        elif name == "cards":
            details.append(cards(value))
        elif name == "to":
            details.append(f"to {table.who(value)}" if table.seat(value) else _value(vocabulary, name, value))
        elif name == "of":
            details.append(f"of {table.who(value)}")
        elif name == "trick" and kind == "quit":
            details.append(f"trick {esc(value)}")
        elif _choices(vocabulary, name) is not None:  # a choice said in its own words: "dropped face up…"
            details.append(_value(vocabulary, name, value))
        elif value is True:
            field = ((vocabulary.get("fields") or {}).get(name) or {})
            said = field.get("description") if isinstance(field, dict) else None
            details.append(printed(str(said)).rstrip(".") if said else esc(name.replace("_", " ")))
        else:
            details.append(f"{esc(name.replace('_', ' '))}: {_value(vocabulary, name, value)}")
    return sentence + (f" ({'; '.join(details)})" if details else "") + "."
