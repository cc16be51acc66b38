"""The facts vocabulary: typed facts shared by every code, and their values.

A fact type is written in YAML as ``bool``, ``int``, ``string``, ``card``,
``{enum: [a, b]}``, ``{list: T}`` or ``{record: {field: T}}``. Values given
for a situation are checked against it and normalized (cards to their
canonical notation), so the engine — and a browser evaluator fed the same
JSON — sees one form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .problems import Position

SCALARS = ("bool", "int", "string", "card")

# Rank then suit: AS, 10H or TH, QD, 2C. Canonical form: one rank letter (T for ten).
_CARD = re.compile(r"^(10|[AKQJT2-9])([SHDC])$", re.IGNORECASE)
RANKS = "A23456789TJQK"
SUITS = "SHDC"


@dataclass(frozen=True)
class Limits:
    """How large a situation may be (laws/record.yaml's ``limits``): what no game of cards needs is refused
    where it is written, so no value makes a ruling's work unbounded or its arithmetic leave 64 bits."""

    events: int = 1000  # events in one record
    list: int = 104  # items in any list of an event or an answer: the cards of two packs
    number: int = 100_000  # the largest whole number (a count or a score; none is negative)
    kind: int = 104  # events of one kind
    kinds: tuple[tuple[str, int], ...] = ()  # events of some kinds, where another number is right (the calls)

    def of_kind(self, kind: str) -> int:
        return dict(self.kinds).get(kind, self.kind)

    def as_json(self) -> dict[str, Any]:
        return {"events": self.events, "list": self.list, "number": self.number, "kind": self.kind,
                "kinds": dict(self.kinds)}


LIMITS = Limits()


class FactError(ValueError):
    """A value that does not fit its fact: ``path`` names the fact (and the element)."""

    def __init__(self, path: str, message: str):
        super().__init__(f"fact '{path}': {message}")
        self.path = path
        self.message = message


def card(value: Any, path: str = "card") -> str:
    """The canonical notation of a card (``10h`` → ``TH``), or FactError."""
    match = _CARD.match(value) if isinstance(value, str) else None
    if not match:
        raise FactError(path, f"{_show(value)} is not a card (rank then suit: AS, 10H or TH, QD, 2C)")
    rank = "T" if match.group(1) == "10" else match.group(1).upper()
    return rank + match.group(2).upper()


def all_cards() -> list[str]:
    return [rank + suit for suit in SUITS for rank in RANKS]


@dataclass(frozen=True)
class FactType:
    kind: str  # bool, int, string, card, enum, list, record
    values: tuple[str, ...] = ()  # enum
    item: "FactType | None" = None  # list
    fields: tuple[tuple[str, "FactType"], ...] = ()  # record

    def _element(self) -> FactType:
        """The type of a list type's elements."""
        if self.item is None:
            raise TypeError(f"a '{self.kind}' type has no element type")
        return self.item

    def describe(self) -> str:
        if self.kind == "enum":
            return "one of " + ", ".join(self.values)
        if self.kind == "list":
            return f"a list of {self._element().describe()}"
        if self.kind == "record":
            return "a record of " + ", ".join(f"{name} ({t.describe()})" for name, t in self.fields)
        return {"bool": "true or false", "int": "a whole number", "string": "text", "card": "a card"}[self.kind]

    def as_json(self) -> Any:
        if self.kind in SCALARS:
            return self.kind
        if self.kind == "enum":
            return {"enum": list(self.values)}
        if self.kind == "list":
            return {"list": self._element().as_json()}
        return {"record": {name: t.as_json() for name, t in self.fields}}


def parse_type(raw: Any) -> FactType:
    """The FactType a YAML type expression describes (ValueError with a reason if none)."""
    if isinstance(raw, str):
        if raw not in SCALARS:
            raise ValueError(f"unknown type '{raw}'; types: {', '.join(SCALARS)}, {{enum: [...]}}, "
                             "{list: T}, {record: {field: T}}")
        return FactType(raw)
    if isinstance(raw, dict) and len(raw) == 1:
        (kind, arg), = raw.items()
        if kind == "enum" and isinstance(arg, list) and arg and all(isinstance(v, str) for v in arg):
            return FactType("enum", values=tuple(arg))
        if kind == "list":
            return FactType("list", item=parse_type(arg))
        if kind == "record" and isinstance(arg, dict) and arg:
            return FactType("record", fields=tuple((str(k), parse_type(v)) for k, v in arg.items()))
    raise ValueError(f"not a type: {_show(raw)}; types: {', '.join(SCALARS)}, {{enum: [...]}}, "
                     "{list: T}, {record: {field: T}}")


def check_value(kind: FactType, value: Any, path: str, limits: Limits = LIMITS) -> Any:
    """``value`` normalized for ``kind``, or FactError naming ``path`` (a number or a list past ``limits`` too)."""
    if kind.kind == "bool":
        if not isinstance(value, bool):
            raise FactError(path, f"expected true or false, not {_show(value)}")
        return value
    if kind.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise FactError(path, f"expected a whole number, not {_show(value)}")
        if value < 0:
            raise FactError(path, f"{value} is below zero; a count, a trick or a score is never negative")
        if value > limits.number:
            shown = str(value) if value.bit_length() < 512 else f"a number of {value.bit_length()} bits"
            raise FactError(path, f"{shown} is more than any game of cards needs (at most {limits.number:,})")
        return value
    if kind.kind == "string":
        if not isinstance(value, str):
            raise FactError(path, f"expected text, not {_show(value)}")
        return value
    if kind.kind == "card":
        return card(value, path)
    if kind.kind == "enum":
        if value not in kind.values:
            raise FactError(path, f"{_show(value)} is not one of {', '.join(kind.values)}")
        return value
    if kind.kind == "list":
        if not isinstance(value, list):
            raise FactError(path, f"expected a list, not {_show(value)}")
        if len(value) > limits.list:
            raise FactError(f"{path}[{limits.list}]", f"a list of {len(value)} items; no list of a situation "
                            f"holds more than {limits.list} (the cards of two packs)")
        return [check_value(kind._element(), v, f"{path}[{i}]", limits) for i, v in enumerate(value)]
    if not isinstance(value, dict):
        raise FactError(path, f"expected a record with {', '.join(n for n, _ in kind.fields)}, not {_show(value)}")
    names = [name for name, _ in kind.fields]
    unknown = [k for k in value if k not in names]
    if unknown:
        raise FactError(f"{path}.{unknown[0]}", f"unknown field; the fields are {', '.join(names)}")
    missing = [n for n in names if n not in value]
    if missing:
        raise FactError(path, f"missing field '{missing[0]}' ({dict(kind.fields)[missing[0]].describe()})")
    return {name: check_value(t, value[name], f"{path}.{name}", limits) for name, t in kind.fields}


@dataclass
class Fact:
    name: str
    type: FactType
    question: str
    position: Position
    description: str | None = None


@dataclass
class Outcome:
    id: str
    description: str
    position: Position
    excludes: list[str] = field(default_factory=list)  # outcomes that cannot hold together with this one


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= 40 else text[:37] + "..."
