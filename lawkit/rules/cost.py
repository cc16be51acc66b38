"""A bound on the work of a CEL expression, from the largest situation the record's limits allow.

The CEL library lawkit uses has no cost estimation and no way to stop an
evaluation once it runs, so the bound is static: ``lawkit check`` works out,
for every view and rule, how many steps its expression can take on the
largest record ``laws/record.yaml``'s limits let a situation hold, and
rejects one past ``BUDGET`` at its file:line:col. Nothing is evaluated.

What a value can hold is tracked as a ``Size``: how many items a list or map
has at most (1 for a scalar) and the size of what its items (or fields) hold.
The record's parts take their sizes from the limits, constants their own,
answers theirs from their types (a list: ``limits.list`` items), and views
and rules' values the size of the expression that makes them. A comprehension
over ``n`` items costs ``n`` times its body, and ``map`` and ``filter`` another
``n * n``: this library copies the list it builds at every step (so a filter
of 1,000 events costs as much as a million steps).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from . import celnames
from ..corpus.facts import FactType, Limits

BUDGET = 1_000_000_000
"""The most steps one expression may take on the largest situation. The views of the play need up to
about half of it today (revoke_moments); an expression over the record's events nested three deep
(1,000 ** 3) is past it."""
MAX_DEPTH = 3
"""The deepest comprehensions may nest over lists that grow with the situation: three over lists of
at most 104 items is about a million steps, a second of this library."""


@dataclass(frozen=True)
class Size:
    items: int = 1  # a list's or a map's items at most (1: a scalar)
    inner: "Size | None" = None  # what each item (or field) holds
    fixed: bool = False  # a constant's (or a literal's): its size does not grow with the situation

    def each(self) -> "Size":
        return self.inner or Size(fixed=self.fixed)


SCALAR = Size(fixed=True)


def join(a: Size, b: Size) -> Size:
    """What either of two values can hold."""
    fixed = a.fixed and b.fixed
    if a.inner is None or b.inner is None:
        return Size(max(a.items, b.items), a.inner or b.inner, fixed)
    return Size(max(a.items, b.items), join(a.inner, b.inner), fixed)


def of_value(value: Any, depth: int = 0) -> Size:
    """The size of a constant, as it is."""
    items = list(value.values()) if isinstance(value, dict) else value if isinstance(value, list) else None
    if items is None or depth > 20:
        return SCALAR
    inner: Size | None = None
    for item in items:
        size = of_value(item, depth + 1)
        inner = size if inner is None else join(inner, size)
    return Size(max(len(items), 1), inner, True)


def of_type(kind: FactType | None, limits: Limits) -> Size:
    """The size of an answer of this type: a list of at most ``limits.list`` items."""
    if kind is None or kind.kind not in ("list", "record"):
        return SCALAR
    if kind.kind == "list":
        return Size(limits.list, of_type(kind.item, limits))
    inner: Size | None = None
    for _, field_type in kind.fields:
        size = of_type(field_type, limits)
        inner = size if inner is None else join(inner, size)
    return Size(len(kind.fields), inner)


def record_sizes(limits: Limits, kinds: Any) -> dict[str, Size]:
    """The size of each part of the laid-out record (lawkit.rules.record.Record.as_cel) on the largest record."""
    dealt = limits.list  # the cards dealt: at most two packs
    plays = limits.of_kind("play")
    row = Size(limits.list)  # an event: scalars, and lists of at most limits.list
    sizes = {
        "events": Size(limits.events), "cards_dealt": Size(dealt), "dealt_plain": Size(dealt),
        "dealt_event_indexes": Size(dealt), "played_at": Size(dealt), "played_index": Size(dealt),
        "cards_named_twice": Size(dealt), "dealt_count": Size(4, fixed=True),
        "dealt_cards": Size(4, Size(dealt), True),
        "record_seats": Size(4, fixed=True), "last_trick_by_seat": Size(4, fixed=True),
        "plays_by_trick": Size(plays, Size(plays)), "trick_list": Size(plays, Size(plays, Size(plays))),
        "hands_at_tricks": Size(plays, Size(4, Size(dealt), True)),
        "play_numbers": Size(plays), "trick_places": Size(plays),
        "table_cut_events": Size(limits.of_kind("cut"), row),
        "cutting_out_cut_events": Size(limits.of_kind("cut"), row),
        "first_table_cuts": Size(limits.of_kind("cut"), row),
        "call_numbers": Size(limits.of_kind("call")), "calls_before": Size(limits.of_kind("call"), Size(5)),
        "play_before": Size(limits.events), "seat_play_before": Size(4, Size(limits.events), True),
        "trick_first_play": Size(plays),
    }
    for kind in kinds:
        sizes[f"{kind}_events"] = Size(limits.of_kind(kind), row)
    return sizes


class _Scope(dict):
    """The names an expression reads, with a macro's variable over them (no copy of all the names)."""

    def __init__(self, outer: Any, variable: str, size: Size):
        super().__init__()
        self.outer, self.variable, self.size = outer, variable, size

    def get(self, name: Any, default: Any = None) -> Any:
        return self.size if name == self.variable else self.outer.get(name, default)


class _Parser:
    """CEL read into what matters for cost: names, fields, indexes, calls, macros, operators."""

    def __init__(self, source: str):
        self.tokens = [(kind, text) for kind, text, _ in celnames.tokens(source)]
        self.texts = [text for _, text in self.tokens] + ["", ""]
        self.at = 0

    def peek(self, ahead: int = 0) -> str:
        return self.texts[self.at + ahead]

    def take(self, expected: str | None = None) -> tuple[str, str]:
        if self.at >= len(self.tokens) or (expected is not None and self.tokens[self.at][1] != expected):
            raise ValueError(f"expected {expected or 'more'} at token {self.at}")
        self.at += 1
        return self.tokens[self.at - 1]

    def expression(self) -> tuple:
        node = self.binary()
        if self.peek() == "?":
            self.take()
            then = self.expression()
            self.take(":")
            return ("cond", node, then, self.expression())
        return node

    _PRECEDENCE = {"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3, "in": 3,
                   "+": 4, "-": 4, "*": 5, "/": 5, "%": 5}

    def binary(self, least: int = 1) -> tuple:
        node = self.unary()
        while True:
            operator = self.peek()
            precedence = self._PRECEDENCE.get(operator)
            if precedence is None or precedence < least:
                return node
            self.take()
            right = self.binary(precedence + 1)
            node = ("in", node, right) if operator == "in" else ("plus", node, right) if operator == "+" \
                else ("ops", [node, right])

    def unary(self) -> tuple:
        if self.peek() in ("!", "-"):
            self.take()
            return ("ops", [self.unary()])
        return self.member(self.primary())

    def arguments(self, close: str) -> list[tuple]:
        items = []
        while self.peek() != close:
            items.append(self.expression())
            if self.peek() == ":":  # a map literal's key: value
                self.take()
                items.append(self.expression())
            if self.peek() == ",":
                self.take()
        self.take(close)
        return items

    def primary(self) -> tuple:
        kind, text = self.take()
        if text == "(":
            node = self.expression()
            self.take(")")
            return node
        if text == "[":
            return ("list", self.arguments("]"))
        if text == "{":
            items = self.arguments("}")
            return ("map", items[1::2], items[0::2])
        if kind == "name" and text not in ("true", "false", "null"):
            if self.peek() == "(":
                self.take()
                return ("call", text, self.arguments(")"))
            return ("name", text)
        return ("ops", [])  # a literal

    def member(self, node: tuple) -> tuple:
        while self.peek() in (".", "["):
            if self.take()[1] == "[":
                index = self.expression()
                self.take("]")
                node = ("index", node, index)
                continue
            name = self.take()[1]
            if self.peek() != "(":
                node = ("field", node, name)
                continue
            self.take()
            if name in celnames.MACROS and self.peek(1) == ",":
                variable = self.take()[1]
                self.take(",")
                body = self.expression()
                self.take(")")
                node = ("macro", name, node, variable, body)
            else:
                node = ("call", name, [node, *self.arguments(")")])
        return node


@functools.lru_cache(maxsize=8192)
def parse(source: str) -> tuple:
    """The expression's tree (ValueError if it is not CEL lawkit can read). Kept by source, as the
    tokens are: the tree is read, never changed, and every check bounds every expression again."""
    parser = _Parser(source)
    node = parser.expression()
    if parser.at != len(parser.tokens):
        raise ValueError(f"unexpected '{parser.peek()}'")
    return node


def bound(source: str, sizes: dict[str, Size], unknown: Size) -> tuple[int, Size, int]:
    """The most steps ``source`` can take, the size of its value, and how deep it nests comprehensions over
    lists that grow with the situation (a constant's do not), names sized by ``sizes`` (``unknown`` for a
    name not in it)."""
    deepest = [0]
    steps, size = _walk(parse(source), sizes, unknown, 0, deepest)
    return steps, size, deepest[0]


def _walk(node: tuple, sizes: dict[str, Size], unknown: Size, depth: int, deepest: list[int]) -> tuple[int, Size]:
    kind = node[0]
    if kind == "name":
        return 1, sizes.get(node[1], unknown)
    if kind == "macro":
        _, macro, over, variable, body = node
        cost, items = _walk(over, sizes, unknown, depth, deepest)
        inside = depth + (0 if items.fixed else 1)
        deepest[0] = max(deepest[0], inside)
        body_cost, body_size = _walk(body, _Scope(sizes, variable, items.each()), unknown, inside, deepest)
        n = items.items
        cost += n * (body_cost + 1) + (n * n if macro in ("map", "filter") else 0)
        if macro == "map":
            return cost, Size(n, body_size)
        if macro == "filter":
            return cost, items
        return cost, SCALAR
    if kind in ("field", "index"):
        cost, of = _walk(node[1], sizes, unknown, depth, deepest)
        if kind == "index":
            cost += _walk(node[2], sizes, unknown, depth, deepest)[0]
        return cost + 1, of.each()
    if kind == "in":
        cost, _ = _walk(node[1], sizes, unknown, depth, deepest)
        right_cost, right = _walk(node[2], sizes, unknown, depth, deepest)
        return cost + right_cost + right.items, SCALAR
    if kind == "plus":
        cost, left = _walk(node[1], sizes, unknown, depth, deepest)
        right_cost, right = _walk(node[2], sizes, unknown, depth, deepest)
        joined = join(left, right)
        both = Size(left.items + right.items, joined.inner) if left.inner or right.inner or \
            left.items > 1 or right.items > 1 else SCALAR
        return cost + right_cost + both.items, both
    if kind == "cond":
        (cost, _), (then_cost, then), (else_cost, otherwise) = (_walk(part, sizes, unknown, depth, deepest) for part in node[1:])
        return cost + max(then_cost, else_cost), join(then, otherwise)
    if kind in ("list", "map"):
        total, inner = 1, None
        for item in node[1]:
            cost, size = _walk(item, sizes, unknown, depth, deepest)
            total += cost
            inner = size if inner is None else join(inner, size)
        for key in node[2] if kind == "map" else ():
            total += _walk(key, sizes, unknown, depth, deepest)[0]
        return total, Size(max(len(node[1]), 1), inner, True)
    # a call or an operator: the cost of its operands, a scalar
    total = 1
    for operand in node[2] if kind == "call" else node[1]:
        total += _walk(operand, sizes, unknown, depth, deepest)[0]
    return total, SCALAR
