"""The situation record: what happened at the table, read, checked and laid out for the views.

A situation file says who sits where, who dealt, and what happened in order
(``laws/record.yaml`` names the kinds of event and their fields), with the
answers to questions the record cannot show. Reading it:

- checks every part against the record's vocabulary, every error at the
  file:line:col of the bad value (an unknown field says which are allowed);
- lays it out for CEL without interpreting it: each event numbered (``i``
  among all events, ``n`` among its kind) with every field of every kind
  (defaults filled, so a view never meets a missing key); each card dealt its
  own entry; each card played its trick (four to a trick unless said); each
  call split into its kind, level and denomination;
- rejects an impossible record (a card in two hands, a card played that was
  not held, a seat playing twice to a trick, a trick of five cards), naming
  the event, unless the record declares that irregularity its subject.

What the laws speak of (the dealer's left, dummy, a revoke) is not decided
here: the views (``lawkit.rules.views``) derive it, in CEL, from this layout.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..corpus import facts as factlib
from ..corpus import MarkedDict, MarkedList
from ..corpus.problems import Position, Problem, did_you_mean

SEATS = ("north", "east", "south", "west")
PARTS = ("seats", "dealer", "previous_dealer", "irregularities", "events", "answers")
# A bid as said: a level and a denomination (RS: royal spades, Auction 1912).
_BID = re.compile(r"^([1-7])\s*(NT|RS|S|H|D|C)$", re.IGNORECASE)
_CALLS = ("pass", "double", "redouble")
# The fields of the kinds of event this reader lays out itself (a call's parts, a deal's cards, a cut's
# round, a play's trick: _lay_out, _deal_and_play, Record.as_cel): record.yaml may add fields and kinds,
# but a kind named here must declare these, or a record of it cannot be read.
READ_FIELDS = {"call": ("by", "bid"), "deal": ("by", "to", "card", "cards", "count", "face_up", "other_pack"),
               "cut": ("by", "card", "cards"), "turn_trump": ("by", "card"), "play": ("by", "card", "trick"),
               "withdraw": ("by", "card")}


def parse_bid(said: Any) -> tuple[int, str] | None:
    """A bid as said (``4h``, ``3 NT``, ``2RS``) as its level and denomination, or None."""
    match = _BID.match(str(said).strip())
    return (int(match.group(1)), match.group(2).upper()) if match else None


class RecordError(ValueError):
    """An impossible or malformed record: the message names the event and where it is written."""

    def __init__(self, message: str, position: Position | None = None, event: int | None = None,
                 fact: str | None = None):
        super().__init__(message)
        self.message = message
        self.position = position
        self.event = event
        self.fact = fact

    def __str__(self) -> str:
        return f"{self.position}: {self.message}" if self.position else self.message


@dataclass(frozen=True)
class EventField:
    name: str
    type: Any  # factlib.FactType, or the string "seat"
    required: bool = False
    default: Any = None
    description: str = ""
    values: tuple[tuple[str, str], ...] = ()  # an enum field's values, each with what it means


@dataclass(frozen=True)
class EventKind:
    name: str
    description: str
    fields: dict[str, EventField]


@dataclass
class Vocabulary:
    """The record's vocabulary (laws/record.yaml): the kinds of event and the irregularities."""

    kinds: dict[str, EventKind] = field(default_factory=dict)
    irregularities: dict[str, str] = field(default_factory=dict)
    limits: factlib.Limits = factlib.LIMITS
    _defaults: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    _templates: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    def defaults(self) -> dict[str, Any]:
        """Each field's value where an event of another kind does not have it ('' , false, 0, [])."""
        if self._defaults is None:
            found: dict[str, Any] = {}
            for kind in self.kinds.values():
                for name, spec in kind.fields.items():
                    found.setdefault(name, _default(spec.type))
            # lists are made anew for each event: a view must never see another event's list
            self._defaults = {n: (list if isinstance(v, list) else v) for n, v in found.items()}
        return self._defaults

    def templates(self) -> dict[str, tuple[dict[str, Any], list[str]]]:
        """Each kind's event before its fields are read: every field at its default (the kind's own,
        else ``defaults``'), and the fields whose default is a list made anew for each event. Made
        once: filling every field of every event one by one cost a fifth of reading a whole hand."""
        if self._templates is None:
            defaults, names = self.defaults(), self.field_names()
            templates = {}
            for kind in self.kinds.values():
                template = {name: kind.fields[name].default if name in kind.fields and
                            kind.fields[name].default is not None else defaults[name] for name in names}
                templates[kind.name] = (template, [name for name, value in template.items() if value is list])
            self._templates = templates
        return self._templates

    def field_names(self) -> list[str]:
        """Every field of every kind, once, in the order first met."""
        return list(dict.fromkeys(name for kind in self.kinds.values() for name in kind.fields))

    def as_json(self) -> dict[str, Any]:
        return {
            "events": {k.name: {"description": k.description, "fields": {
                f.name: {"type": "seat" if f.type == "seat" else f.type.as_json(), "required": f.required,
                         "default": f.default, "description": f.description,
                         **({"values": dict(f.values)} if f.values else {})} for f in k.fields.values()}}
                for k in self.kinds.values()},
            "irregularities": dict(self.irregularities),
            "limits": self.limits.as_json(),
        }


def parse_vocabulary(data: Any, path: str, problems: list[Problem] | None = None) -> Vocabulary:
    """The vocabulary from record.yaml's data (ValueError naming the key when it is malformed; what
    is wrong but not fatal, such as an enum's ``values`` that do not match it, in ``problems``)."""
    problems = [] if problems is None else problems
    vocabulary = Vocabulary()
    for kind_name, raw in (data.get("events") or {}).items():
        fields = {}
        for name, spec in (raw.get("fields") or {}).items():
            raw_type = spec.get("type")
            kind_type = "seat" if raw_type == "seat" else factlib.parse_type(raw_type)
            values = tuple((str(k), str(v)) for k, v in (spec.get("values") or {}).items())
            if values and (isinstance(kind_type, str) or kind_type.kind != "enum"
                           or [k for k, _ in values] != [str(v) for v in kind_type.values]):
                where = (spec.key_pos.get("values") if isinstance(spec, MarkedDict) else None) or Position(path, 1, 1)
                problems.append(Problem(where, "schema", f"record.yaml: events.{kind_name}.fields.{name}.values: say "
                                        "what each value of the field's enum means, in the enum's order, and no other"))
                values = ()  # only the editor's hover lacks them: the record reads as well without
            fields[name] = EventField(name, kind_type, bool(spec.get("required", False)), spec.get("default"),
                                      spec.get("description", ""), values)
        vocabulary.kinds[kind_name] = EventKind(kind_name, raw.get("description", ""), fields)
        missing = [name for name in READ_FIELDS.get(kind_name, ()) if name not in fields]
        if missing:
            at = raw.key_pos.get("fields") if isinstance(raw, MarkedDict) else None
            if at is None and isinstance(data.get("events"), MarkedDict):
                at = data["events"].key_pos.get(kind_name)
            problems.append(Problem(at or Position(path, 1, 1), "schema", (
                f"record.yaml: events.{kind_name}.fields: lawkit reads a {kind_name} event's "
                f"{', '.join(repr(n) for n in READ_FIELDS[kind_name])}; declare "
                f"{', '.join(repr(n) for n in missing)}")))
    vocabulary.irregularities = dict(data.get("irregularities") or {})
    raw_limits = data.get("limits") or {}
    kinds = tuple((str(k), int(v)) for k, v in (raw_limits.get("kinds") or {}).items())
    unknown = [k for k, _ in kinds if k not in vocabulary.kinds]
    if unknown:
        raise ValueError(f"limits: no kind of event '{unknown[0]}'{did_you_mean(unknown[0], vocabulary.kinds)}")
    defaults = factlib.LIMITS
    vocabulary.limits = factlib.Limits(int(raw_limits.get("events", defaults.events)),
                                       int(raw_limits.get("list", defaults.list)),
                                       int(raw_limits.get("number", defaults.number)),
                                       int(raw_limits.get("kind", defaults.kind)), kinds)
    return vocabulary


@dataclass
class Record:
    """A checked record, laid out for CEL (``as_cel``), with where each event is written."""

    seats: dict[str, str]
    dealer: str
    irregularities: list[str]
    events: list[dict[str, Any]]
    dealt: list[dict[str, Any]]
    plays: list[dict[str, Any]]
    answers: dict[str, Any]
    positions: list[Position | None] = field(default_factory=list)  # where each event is written
    previous_dealer: str = ""  # who dealt the hand before ('' when the record does not say)

    def as_cel(self, vocabulary: "Vocabulary") -> dict[str, Any]:
        """The record as the views read it, each part its own name: ``record_seats``,
        ``record_dealer``, ``record_previous_dealer``, ``events`` (every event: its index, kind and seat), ``<kind>_events``
        (the events of each kind with that kind's fields), ``cards_dealt`` (each card dealt) and
        ``played_at`` (each card played: its trick)."""
        laid_out: dict[str, Any] = {
            "record_seats": self.seats, "record_dealer": self.dealer, "record_previous_dealer": self.previous_dealer,
            "events": [{"i": e["i"], "n": e["n"], "kind": e["kind"], "by": e.get("by") or ""} for e in self.events],
            "cards_dealt": self.dealt,
            "played_at": {},
        }
        extra = {"call": ("call", "level", "denomination"), "play": ("trick", "place", "withdrawn", "before"),
                 "cut": ("round",)}
        of_kind: dict[str, list[dict[str, Any]]] = {}  # one pass over the events, not one per kind
        for e in self.events:
            of_kind.setdefault(e["kind"], []).append(e)
        for kind in vocabulary.kinds.values():
            names = ("i", "n", *kind.fields, *extra.get(kind.name, ()))
            laid_out[f"{kind.name}_events"] = [{name: e[name] for name in names} for e in of_kind.get(kind.name, ())]
        # The cuts for each purpose apart, and each candidate's first cut for the table: a filter or a
        # map building a list of records copies all it has built at every step in this CEL library (a
        # thousand cuts: seconds), so the views read these rather than filtering the cut events.
        cuts = laid_out.get("cut_events", [])
        for purpose, name in (("table", "table_cut_events"), ("cutting-out", "cutting_out_cut_events")):
            laid_out[name] = [e for e in cuts if e.get("purpose") == purpose]
        laid_out["first_table_cuts"] = [{"player": e["by"], "cards": e["cards"]} for e in laid_out["table_cut_events"]
                                        if e["round"] == 0]
        counted = [p for p in self.plays if not p["withdrawn"]]  # a card taken back was not played
        for play in counted:
            laid_out["played_at"].setdefault(play["card"], play["trick"])
        # Where each stage began (event indexes, -1 if none): read by most views, cheaper given than derived.
        calls = [e["i"] for e in self.events if e["kind"] in ("call", "declare")]
        laid_out.update(first_deal=self.dealt[0]["i"] if self.dealt else -1,
                        last_deal=self.dealt[-1]["i"] if self.dealt else -1,
                        first_call=calls[0] if calls else -1,
                        first_play=self.plays[0]["i"] if self.plays else -1)
        # Groupings the views would otherwise build with nested comprehensions (quadratic in this CEL
        # library, and a full hand must be ruled in one frame): what went to each seat, the cards the
        # deal names twice, the cards of each trick. Grouping, not interpreting: the views decide.
        laid_out["dealt_count"] = {seat: sum(1 for d in self.dealt if d["to"] == seat) for seat in SEATS}
        laid_out["dealt_cards"] = {seat: [d["card"] for d in self.dealt if d["to"] == seat and d["card"]]
                                   for seat in SEATS}
        named = [d["card"] for d in self.dealt if d["card"]]
        laid_out["cards_named_twice"] = [card for card in named if named.count(card) > 1]
        groups: list[list[dict[str, Any]]] = []
        for play in laid_out.get("play_events", []):
            if play["withdrawn"]:
                continue
            if not groups or groups[-1][0]["trick"] != play["trick"]:
                groups.append([])
            groups[-1].append(play)
        laid_out["plays_by_trick"] = groups
        # Each trick with its leader and the suit led, and each seat's cards just before it (those
        # dealt to it not yet played): bookkeeping every code reads alike, too costly in this CEL
        # library for a whole hand (views.yaml's tricks and hands_before_trick name them).
        laid_out["trick_list"] = [{"number": g[0]["trick"], "leader": g[0]["by"], "led": g[0]["card"][-1:],
                                   "cards": g} for g in groups]
        first_played = laid_out["played_at"]  # each card's trick: a card taken back is not in it
        dealt_cards = laid_out["dealt_cards"]
        laid_out["hands_at_tricks"] = [
            {seat: [c for c in dealt_cards[seat] if c not in first_played or first_played[c] >= g[0]["trick"]]
             for seat in SEATS} for g in groups]
        # The places of the plays and of the tricks, to loop over: a comprehension over the plays or
        # tricks themselves copies each one into its variable, and a filter over them copies every
        # kept one again at each step (so a view loops over these and reads play_events[k]).
        laid_out["play_numbers"] = list(range(len(laid_out.get("play_events", []))))
        # Per call, the places among the calls of the last bid, double, redouble, call other than a
        # pass, and call by the same seat before it (-1: none); per event, the last play event before
        # it, of anyone and of each seat; per play, the first play event of its trick. The views of
        # the auction and of the play read these rather than filtering every call or play before each
        # one (quadratic, and cubic where a filter builds a list of lists: issue 15).
        laid_out["call_numbers"] = list(range(len(laid_out.get("call_events", []))))
        calls_before: list[dict[str, int]] = []
        latest = {"bid": -1, "double": -1, "redouble": -1, "not_pass": -1}
        own: dict[str, int] = {}
        for call in laid_out.get("call_events", []):
            calls_before.append({**latest, "own": own.get(call["by"], -1)})
            if call["call"] in ("bid", "double", "redouble"):
                latest[call["call"]] = call["n"]
            if call["call"] != "pass":
                latest["not_pass"] = call["n"]
            own[call["by"]] = call["n"]
        laid_out["calls_before"] = calls_before
        play_before: list[int] = []
        seat_play_before: dict[str, list[int]] = {seat: [] for seat in SEATS}
        last_play, last_of_seat = -1, dict.fromkeys(SEATS, -1)
        for event in self.events:
            play_before.append(last_play)
            for seat in SEATS:
                seat_play_before[seat].append(last_of_seat[seat])
            if event["kind"] == "play":
                last_play = last_of_seat[event["by"]] = event["n"]
        laid_out["play_before"], laid_out["seat_play_before"] = play_before, seat_play_before
        trick_first: dict[int, int] = {}
        for play in laid_out.get("play_events", []):
            trick_first.setdefault(play["trick"], play["n"])
        laid_out["trick_first_play"] = [trick_first[p["trick"]] for p in laid_out.get("play_events", [])]
        laid_out["trick_places"] = list(range(len(groups)))
        laid_out["deal_size"], laid_out["play_count"] = len(self.dealt), len(counted)
        laid_out["event_count"] = len(self.events)
        laid_out["dealt_plain"] = [{"to": d["to"], "card": d["card"], "face_up": d["face_up"]} for d in self.dealt]
        laid_out["dealt_event_indexes"] = [d["i"] for d in self.dealt]
        laid_out["last_card_dealt"] = self.dealt[-1]["card"] if self.dealt else ""
        laid_out["last_motion"] = self.dealt[-1]["motion"] if self.dealt else -1
        laid_out["last_trick_by_seat"] = {seat: max((p["trick"] for p in counted if p["by"] == seat), default=0)
                                          for seat in SEATS}
        laid_out["played_index"] = {}
        for play in counted:
            laid_out["played_index"].setdefault(play["card"], play["i"])
        return laid_out

    def plays_withdrawn(self, index: int) -> bool:
        """Whether the play at event ``index`` was taken back (a withdraw event)."""
        return bool(self.events[index].get("withdrawn"))

    def describe(self, index: int) -> str:
        """``event 3 (play by west of KD)`` — how an error names an event."""
        event = self.events[index]
        what = [f"by {event['by']}"] if event.get("by") else []
        if event["kind"] == "deal":
            what = [f"to {event['to']}"]
        if event.get("card"):
            what.append(f"of {event['card']}")
        if event["kind"] == "call":
            what.append(f"({event['bid']})")
        return f"event {index + 1} ({event['kind']} {' '.join(what)})".replace(" )", ")")


def _default(kind_type: Any) -> Any:
    if kind_type == "seat":
        return ""
    return {"bool": False, "int": 0, "string": "", "card": "", "enum": "", "list": [], "record": {}}[kind_type.kind]


def read_record(data: Any, vocabulary: Vocabulary, path: str = "<situation>",
                check_answer: Any = None) -> Record:
    """The record a situation's data describes, checked and laid out (RecordError on the first problem).

    ``check_answer(name, value, position)`` checks and normalizes one answer
    (the facts vocabulary is the engine's); without it answers pass as given.
    """
    where = _Where(data, path)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise RecordError("a situation is a mapping with seats, dealer, previous_dealer, irregularities, events "
                          "and answers",
                          where.at())
    for key in data:
        if key not in PARTS:
            raise RecordError(f"unknown part '{key}'{did_you_mean(str(key), PARTS)}; a situation has "
                              f"{', '.join(PARTS)}", where.key(key))
    seats = {seat: "" for seat in SEATS}
    raw_seats = data.get("seats") or {}
    if not isinstance(raw_seats, dict):
        raise RecordError("seats is a mapping of seats to players' names, e.g. {north: Ann}", where.value("seats"))
    names: dict[str, str] = {}
    for seat, name in raw_seats.items():
        if seat not in SEATS:
            raise RecordError(f"'{seat}' is not a seat{did_you_mean(str(seat), SEATS)}; the seats are "
                              f"{', '.join(SEATS)}", where.inner("seats").key(seat))
        if not isinstance(name, str) or not name.strip():
            raise RecordError(f"the player at {seat} must be named by text", where.inner("seats").value(seat))
        if name in names:
            raise RecordError(f"{name} cannot sit at both {names[name]} and {seat}", where.inner("seats").value(seat))
        seats[seat] = name
        names[name] = seat

    def seat_of(value: Any, at: Position) -> str:
        if isinstance(value, str) and value.lower() in SEATS:
            return value.lower()
        if isinstance(value, str) and value in names:
            return names[value]
        known = [*SEATS, *names]
        raise RecordError(f"'{value}' is not a seat at this table{did_you_mean(str(value), known)}; "
                          f"the seats are {', '.join(SEATS)}" + (f" (players {', '.join(names)})" if names else ""),
                          at)

    dealer = seat_of(data["dealer"], where.value("dealer")) if data.get("dealer") is not None else ""
    previous_dealer = seat_of(data["previous_dealer"], where.value("previous_dealer")) \
        if data.get("previous_dealer") is not None else ""
    irregularities = data.get("irregularities") or []
    if not isinstance(irregularities, list):
        raise RecordError("irregularities is a list", where.value("irregularities"))
    for index, name in enumerate(irregularities):
        if name not in vocabulary.irregularities:
            raise RecordError(f"unknown irregularity '{name}'{did_you_mean(str(name), vocabulary.irregularities)}; "
                              f"the record can declare {', '.join(vocabulary.irregularities)}",
                              where.inner("irregularities").item(index))
    raw_events = data.get("events") or []
    if not isinstance(raw_events, list):
        raise RecordError("events is a list, each event a mapping with one key, its kind", where.value("events"))
    events: list[dict[str, Any]] = []
    positions: list[Position | None] = []
    counts: dict[str, int] = {}
    rounds: dict[tuple[str, str], int] = {}
    events_where = where.inner("events")
    templates = vocabulary.templates()
    limits = vocabulary.limits
    if len(raw_events) > limits.events:
        raise RecordError(f"event {limits.events + 1}: a record of {len(raw_events)} events; one hand's record "
                          f"holds at most {limits.events} (limits in record.yaml)", events_where.item(limits.events))
    for index, raw in enumerate(raw_events):
        at = events_where.item(index)
        if not isinstance(raw, dict) or len(raw) != 1:
            raise RecordError(f"event {index + 1}: an event is a mapping with one key, its kind "
                              f"({', '.join(vocabulary.kinds)})", at)
        (kind_name, body), = raw.items()
        kind = vocabulary.kinds.get(kind_name)
        event_where = events_where.inner_item(index)
        if kind is None:
            raise RecordError(f"event {index + 1}: unknown kind '{kind_name}'"
                              f"{did_you_mean(str(kind_name), vocabulary.kinds)}; the kinds are "
                              f"{', '.join(vocabulary.kinds)}", event_where.key(kind_name))
        body = body if body is not None else {}
        body_where = event_where.inner(kind_name)
        if not isinstance(body, dict):
            raise RecordError(f"event {index + 1}: a {kind_name} event's fields are a mapping "
                              f"({', '.join(kind.fields)})", event_where.value(kind_name))
        template, lists = templates[kind_name]
        event: dict[str, Any] = dict(template)
        for name in lists:
            event[name] = []
        for name, spec in kind.fields.items():
            if name not in body:
                if spec.required:
                    raise RecordError(f"event {index + 1}: a {kind_name} event needs '{name}' "
                                      f"({spec.description})", body_where.at())
                continue
            value = body[name]
            if spec.type == "seat":
                value = seat_of(value, body_where.value(name))
            else:
                try:
                    value = factlib.check_value(spec.type, value, name, limits)
                except factlib.FactError as exc:
                    inside = f" {exc.path}" if exc.path != name else ""
                    raise RecordError(f"event {index + 1} ({kind_name}){inside}: {exc.message}",
                                      locate(body, exc.path, body_where.value(name))) from None
            if value is not None:  # a field given as null takes its default
                event[name] = value
        for name in body:
            if name not in kind.fields:
                raise RecordError(f"event {index + 1}: a {kind_name} event has no field '{name}'"
                                  f"{did_you_mean(str(name), kind.fields)}; its fields are "
                                  f"{', '.join(kind.fields)}", body_where.key(name))
        event.update(i=index, n=counts.get(kind_name, 0), kind=kind_name)
        counts[kind_name] = counts.get(kind_name, 0) + 1
        if kind_name == "cut":  # its round: how many cuts for this purpose its player made before it
            key = (event.get("purpose", ""), event.get("by", ""))
            event["round"] = rounds[key] = rounds.get(key, -1) + 1
        if counts[kind_name] > limits.of_kind(kind_name):
            raise RecordError(f"event {index + 1}: {counts[kind_name]} {kind_name} events; a record holds at most "
                              f"{limits.of_kind(kind_name)} (limits in record.yaml)", at)
        _lay_out(event, dealer, body_where, index)
        events.append(event)
        positions.append(at)
    answers = data.get("answers") or {}
    if not isinstance(answers, dict):
        raise RecordError("answers is a mapping of questions' facts to what happened", where.value("answers"))
    checked_answers = {}
    for name, value in answers.items():
        at = where.inner("answers").value(name)
        try:
            checked_answers[name] = check_answer(name, value, at, where.inner("answers").key(name)) \
                if check_answer else value
        except RecordError as exc:
            if exc.fact and exc.fact != name and exc.position == at:
                exc.position = locate(answers, exc.fact, at)  # the element inside the answer
            raise
    record = Record(seats, dealer, list(irregularities), events, [], [], checked_answers, positions,
                    previous_dealer)
    _deal_and_play(record, limits.list)
    _check_consistency(record)
    return record


def _lay_out(event: dict[str, Any], dealer: str, where: "_Where", index: int) -> None:
    """Kind-specific layout: a call split into its parts, a deal's cards as a list."""
    kind = event["kind"]
    if kind == "call":
        said = str(event["bid"]).strip()
        bid = parse_bid(said)
        if bid:
            event.update(call="bid", level=bid[0], denomination=bid[1])
        elif said.lower() in _CALLS:
            event.update(call=said.lower(), level=0, denomination="")
        else:
            raise RecordError(f"event {index + 1} (call): '{said}' is not a call; a call is a bid (a level 1 to 7 "
                              "and C, D, H, S, RS or NT, e.g. 1H, 2NT, 3RS), pass, double or redouble",
                              where.value("bid"))
    else:
        event.setdefault("call", "")
        event.setdefault("level", 0)
        event.setdefault("denomination", "")
    if kind == "deal":
        cards = list(event["cards"]) or ([event["card"]] if event["card"] else [])
        count = event["count"] or max(len(cards), 1)
        if cards and count != len(cards):
            raise RecordError(f"event {index + 1} (deal): count {count} but {len(cards)} cards named",
                              where.value("count"))
        if event["card"] and event["cards"]:
            raise RecordError(f"event {index + 1} (deal): name the card with 'card' or the cards with "
                              "'cards', not both", where.value("cards"))
        event["cards"] = cards
        event["count"] = count
        event["by"] = event["by"] or dealer
    if kind in ("cut", "turn_trump"):
        if kind == "cut" and event["card"] and event["cards"]:
            raise RecordError(f"event {index + 1} (cut): name the card with 'card' or the cards with 'cards', "
                              "not both", where.value("cards"))
        event["cards"] = list(event.get("cards") or ()) or ([event["card"]] if event["card"] else [])
        if kind == "turn_trump":
            event["by"] = event["by"] or dealer


def _deal_and_play(record: Record, most: int) -> None:
    """Each card dealt its own entry (at most ``most``: two packs); each card played its trick."""
    for event in record.events:
        if event["kind"] == "deal":
            if len(record.dealt) + event["count"] > most:
                raise RecordError(f"{record.describe(event['i'])}: {len(record.dealt) + event['count']} cards dealt; "
                                  f"a deal holds at most {most} (the cards of two packs)", record.positions[event["i"]],
                                  event["i"])
            cards = event["cards"] or [""] * event["count"]
            for card in cards:
                previous = record.dealt[-1]["to"] if record.dealt else ""
                record.dealt.append({"i": event["i"], "k": len(record.dealt), "motion": event["n"],
                                     "motion_size": event["count"],
                                     "previous_to": previous,
                                     "to": event["to"], "card": card, "face_up": event["face_up"],
                                     "by": event["by"], "other_pack": event["other_pack"]})
    trick, in_trick = 1, 0
    last_given = 0
    places = -1
    for event in record.events:
        if event["kind"] == "quit":
            if not event.get("trick") and record.plays:  # by default the trick last played to
                event["trick"] = record.plays[-1]["trick"]
            continue
        if event["kind"] == "withdraw":
            # The card taken back no longer counts in its trick: the card played instead takes its
            # place (the trick still has four), and the card is back in its player's hand.
            taken = next((p for p in reversed(record.plays) if p["by"] == event["by"] and p["card"] == event["card"]
                          and not p["withdrawn"]), None)
            if taken is None:
                raise RecordError(f"{record.describe(event['i'])}: {event['by']} takes back {event['card']}, which "
                                  "he has not played (or took back already)", record.positions[event["i"]],
                                  event["i"])
            taken["withdrawn"] = True
            if taken["trick"] == trick and in_trick > 0:
                in_trick -= 1
            continue
        if event["kind"] != "play":
            continue
        event["withdrawn"] = False
        given = event["trick"]
        if given:
            # A partial record may begin at any trick and leave tricks out, but never goes back.
            if given < max(last_given, trick if record.plays else 1) or given < 1:
                raise RecordError(
                    f"{record.describe(event['i'])}: trick {given} out of order (tricks are numbered from 1, in the "
                    "order they are played; a record may leave tricks out but not go back to one)",
                    record.positions[event["i"]], event["i"])
            if given != trick:
                trick, in_trick = given, 0
            last_given = given
        elif in_trick == 4:
            trick, in_trick = trick + 1, 0
        event["trick"] = trick
        # The play before it in its trick that still counts (its n among the plays; -1: it leads).
        before = next((p for p in reversed(record.plays) if not p["withdrawn"]), None)
        event["before"] = before["n"] if before is not None and before["trick"] == trick else -1
        if not record.plays or record.plays[-1]["trick"] != trick:
            places += 1
        event["place"] = places  # the trick's place among the tricks the record shows
        in_trick += 1
        record.plays.append(event)


def _check_consistency(record: Record) -> None:
    declared = set(record.irregularities)
    if "card-dealt-twice" not in declared:
        _check_cuts(record)
    holder: dict[str, tuple[str, int]] = {}
    for entry in record.dealt:
        card = entry["card"]
        if not card:
            continue
        if card in holder and "card-dealt-twice" not in declared:
            seat, first = holder[card]
            raise RecordError(
                f"{record.describe(entry['i'])}: {card} was dealt already, to {seat} ({record.describe(first)}); "
                "if the pack really held it twice, say so with irregularities: [card-dealt-twice]",
                record.positions[entry["i"]], entry["i"])
        holder.setdefault(card, (entry["to"], entry["i"]))
    named = {seat: [d["card"] for d in record.dealt if d["to"] == seat] for seat in SEATS}
    fully_named = {seat for seat, cards in named.items() if cards and all(cards)}
    played: dict[str, int] = {}
    per_trick: dict[int, list[dict[str, Any]]] = {}
    for play in record.plays:
        card, seat, index = play["card"], play["by"], play["i"]
        if card in played and "card-dealt-twice" not in declared and not record.plays_withdrawn(played[card]):
            raise RecordError(f"{record.describe(index)}: {card} was played already "
                              f"({record.describe(played[card])})", record.positions[index], index)
        played[card] = index
        if seat in fully_named and card not in named[seat] and "card-not-held" not in declared:
            where_it_is = f"; it was dealt to {holder[card][0]}" if card in holder else ""
            raise RecordError(f"{record.describe(index)}: {seat} did not hold {card}{where_it_is}; if the record "
                              "means it, say so with irregularities: [card-not-held]", record.positions[index], index)
        if play["withdrawn"]:
            continue  # taken back: the card and the seat's place in the trick are free again
        trick = per_trick.setdefault(play["trick"], [])
        if any(p["by"] == seat for p in trick) and not declared & {"seat-plays-twice", "five-card-trick"}:
            raise RecordError(f"{record.describe(index)}: {seat} has played to trick {play['trick']} already; if the "
                              "record means it, say so with irregularities: [seat-plays-twice] (or [five-card-trick])",
                              record.positions[index], index)
        trick.append(play)
        if len(trick) > 4 and "five-card-trick" not in declared:
            raise RecordError(f"{record.describe(index)}: a fifth card played to trick {play['trick']}; if the "
                              "record means it, say so with irregularities: [five-card-trick]",
                              record.positions[index], index)


def _check_cuts(record: Record) -> None:
    """No card cut twice from one pack in one round of cutting (each player's first cuts, then the
    recuts of those who tied): two players cannot both have cut the ace of spades, and a ruling on
    them would depend on the order the record lists them in."""
    cut_by: dict[tuple[str, bool, int, str], int] = {}  # (purpose, other pack, round, card) -> event
    for event in record.events:
        if event["kind"] != "cut":
            continue
        for card in event.get("cards", ()):
            key = (event.get("purpose", ""), event.get("other_pack", False), event["round"], card)
            if key in cut_by:
                first = cut_by[key]
                again = "twice in one cut" if first == event["i"] else f"already ({record.describe(first)})"
                raise RecordError(f"{record.describe(event['i'])}: {card} was cut {again}; a pack holds each card "
                                  "once (if this one held it twice, say so with irregularities: [card-dealt-twice])",
                                  record.positions[event["i"]], event["i"])
            cut_by[key] = event["i"]


_STEP = re.compile(r"\.?([A-Za-z_]\w*)|\[(\d+)\]")


def locate(node: Any, path: str, fallback: Position) -> Position:
    """Where the value at ``cuts[2].cards[0]`` is written inside ``node`` (read with positions)."""
    where = fallback
    for name, index in _STEP.findall(path):
        if name and isinstance(node, MarkedDict) and name in node:
            where, node = node.value_pos[name], node[name]
        elif index and isinstance(node, MarkedList) and int(index) < len(node):
            where, node = node.item_pos[int(index)], node[int(index)]
        else:
            break
    return where


class _Where:
    """Positions inside a situation's data, when it was read with positions (MarkedDict/MarkedList)."""

    def __init__(self, node: Any, path: str, fallback: Position | None = None):
        self.node, self.path = node, path
        self.fallback = fallback or getattr(node, "pos", None) or Position(path, 1, 1)

    def at(self) -> Position:
        return getattr(self.node, "pos", None) or self.fallback

    def key(self, key: Any) -> Position:
        return (self.node.key_pos.get(key) if isinstance(self.node, MarkedDict) else None) or self.at()

    def value(self, key: Any) -> Position:
        return (self.node.value_pos.get(key) if isinstance(self.node, MarkedDict) else None) or self.at()

    def item(self, index: int) -> Position:
        if isinstance(self.node, MarkedList) and index < len(self.node.item_pos):
            return self.node.item_pos[index]
        return self.at()

    def inner(self, key: Any) -> "_Where":
        child = self.node.get(key) if isinstance(self.node, dict) else None
        return _Where(child, self.path, self.value(key))

    def inner_item(self, index: int) -> "_Where":
        child = self.node[index] if isinstance(self.node, list) and index < len(self.node) else None
        return _Where(child, self.path, self.item(index))


def situation_schema(vocabulary: Vocabulary) -> dict[str, Any]:
    """The JSON Schema of a situation file (and of a scenario's ``record:``), made from record.yaml.

    Shipped as lawkit/schemas/situation.schema.json so an editor validates and completes a record
    as it is typed; a test keeps the shipped file equal to this.
    """
    seat = {"description": "A seat (north, east, south, west), or the name of a player seated in `seats`.",
            "type": "string"}

    def field_schema(spec: EventField) -> dict[str, Any]:
        schema: dict[str, Any] = dict(seat) if spec.type == "seat" else _type_schema(spec.type, vocabulary.limits)
        schema["description"] = spec.description + (f" (default: {spec.default})" if spec.default not in (None, [])
                                                    else "")
        if spec.values:  # an editor shows each value's meaning (yaml-language-server's enumDescriptions)
            schema["enumDescriptions"] = [meaning for _, meaning in spec.values]
        return schema

    events = []
    for kind in vocabulary.kinds.values():
        body = {"type": "object", "additionalProperties": False, "description": kind.description,
                "properties": {name: field_schema(spec) for name, spec in kind.fields.items()}}
        required = [name for name, spec in kind.fields.items() if spec.required]
        if required:
            body["required"] = required
        events.append({"type": "object", "additionalProperties": False, "required": [kind.name],
                       "description": kind.description, "properties": {kind.name: body}})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://lawkit.invalid/schemas/situation.schema.json",
        "title": "lawkit situation: a record of the table",
        "description": "What happened at the table, in order (laws/record.yaml), with the answers to what a record "
                       "cannot show. Made from laws/record.yaml: do not edit by hand.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "seats": {"type": "object", "description": "Who sits where: a player's name for each seat (optional).",
                      "additionalProperties": False,
                      "properties": {s: {"type": "string", "description": f"The player at {s}."} for s in SEATS}},
            "dealer": {**seat, "description": "The dealer's seat (or name)."},
            "previous_dealer": {**seat, "description": "Who dealt the hand before, when it matters."},
            "irregularities": {"type": "array", "description": "What the story is about, when the record would "
                               "otherwise be impossible.",
                               "items": {"enum": list(vocabulary.irregularities),
                                         "enumDescriptions": list(vocabulary.irregularities.values()),
                                         "description": "; ".join(f"{k}: {v}" for k, v in
                                                                  vocabulary.irregularities.items())}},
            "events": {"type": "array", "description": "What happened, in order: each event a mapping with one key, "
                       "its kind.", "maxItems": vocabulary.limits.events, "items": {"oneOf": events}},
            "answers": {"type": "object", "description": "Answers to the questions a record cannot show, by the "
                        "name of the fact (laws/facts.yaml) or of a view that can be answered (laws/views.yaml)."},
        },
    }


def _type_schema(kind: Any, limits: factlib.Limits) -> dict[str, Any]:
    if kind.kind == "bool":
        return {"type": "boolean"}
    if kind.kind == "int":
        return {"type": "integer", "minimum": 0, "maximum": limits.number}
    if kind.kind == "string":
        return {"type": "string"}
    if kind.kind == "card":
        return {"type": "string", "pattern": "^(10|[AKQJTakqjt2-9])[SHDCshdc]$"}
    if kind.kind == "enum":
        return {"enum": list(kind.values)}
    if kind.kind == "list":
        return {"type": "array", "maxItems": limits.list, "items": _type_schema(kind.item, limits)}
    return {"type": "object", "properties": {name: _type_schema(t, limits) for name, t in kind.fields}}
