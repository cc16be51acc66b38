"""A checked corpus as plain JSON, for lawkit's cache: written by ``dumps``, read back by ``loads``.

The cache folder may be written by someone else, so what is read from it must not be able to
run code (issue 15): no pickle. The corpus is an object graph (the citation index points at
the same laws, sections and items as the codes) of a few data classes, dicts and lists; it is
written as JSON in which every container is a tagged list and every object after its first
appearance is a reference, and read back building only the classes named in ``CLASSES`` —
lawkit's own data classes, filled field by field (no constructor, no ``__setstate__``, no
import by name). Anything else in the data is an error (``StoredError``), which the cache
takes as a damaged entry: it is rebuilt.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from . import _yaml, facts, model, problems


class StoredError(ValueError):
    """The data is not a corpus written by ``dumps``."""


def _classes() -> dict[str, type]:
    found: dict[str, type] = {}
    for module in (model, problems, facts, _yaml):
        short = module.__name__.rsplit(".", 1)[1]
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__ and (
                    dataclasses.is_dataclass(value) and not issubclass(value, BaseException)):
                found[f"{short}.{value.__name__}"] = value
    found["_yaml.MarkedDict"] = _yaml.MarkedDict
    found["_yaml.MarkedList"] = _yaml.MarkedList
    return found


CLASSES = _classes()
_NAMES = {cls: name for name, cls in CLASSES.items()}
_SCALARS = (str, int, float, bool, type(None))

# Tags: the first element of every JSON list.
_REF, _LIST, _TUPLE, _DICT, _SET, _FROZENSET, _OBJECT, _MARKED_DICT, _MARKED_LIST = \
    "r", "l", "t", "d", "s", "f", "o", "md", "ml"
_POSITION, _SPAN = "p", "sp"  # the commonest values, immutable: written whole, never shared


def dumps(value: Any) -> bytes:
    """``value`` (a corpus, or any graph of the classes in ``CLASSES``, dicts, lists, tuples, sets
    and scalars) as JSON bytes; StoredError for anything else, or a cycle."""
    numbers: dict[int, int] = {}
    keep: list[Any] = []  # the objects numbered, alive until the end (their ids stay unique)
    open_: set[int] = set()

    def encode(o: Any) -> Any:
        kind = type(o)
        if kind in _SCALARS:
            return o
        if kind is problems.Position:
            return [_POSITION, o.path, o.line, o.col]
        if kind is _yaml.Span:
            return [_SPAN, o.start, o.end]
        ident = id(o)
        if ident in numbers:
            if ident in open_:
                raise StoredError(f"a cycle through a {type(o).__name__}")
            return [_REF, numbers[ident]]
        numbers[ident] = len(keep)
        keep.append(o)
        open_.add(ident)
        try:
            if kind is list:
                return [_LIST, *map(encode, o)]
            if kind is tuple:
                return [_TUPLE, *map(encode, o)]
            if kind is dict:
                return [_DICT, *[[encode(k), encode(v)] for k, v in o.items()]]
            if kind is set or kind is frozenset:
                return [_SET if kind is set else _FROZENSET, *map(encode, o)]
            if kind is _yaml.MarkedDict:
                return [_MARKED_DICT, _attributes(o, encode), *[[encode(k), encode(v)] for k, v in o.items()]]
            if kind is _yaml.MarkedList:
                return [_MARKED_LIST, _attributes(o, encode), *map(encode, o)]
            if kind in _NAMES:
                return [_OBJECT, _NAMES[kind], _attributes(o, encode)]
            raise StoredError(f"a {kind.__module__}.{kind.__qualname__} is not kept in the cache")
        finally:
            open_.discard(ident)

    try:
        return json.dumps(encode(value), ensure_ascii=False, separators=(",", ":"),
                          allow_nan=True).encode("utf-8")
    except RecursionError as error:
        raise StoredError("nested too deep to keep") from error


def _attributes(o: Any, encode: Any) -> dict[str, Any]:
    return {name: encode(v) for name, v in vars(o).items()}


def loads(data: bytes) -> Any:
    """The value ``dumps`` wrote (StoredError when ``data`` is anything else)."""
    try:
        tree = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise StoredError(f"not JSON: {error}") from error
    made: list[Any] = []
    pending = object()

    Position, Span, MarkedDict, MarkedList = problems.Position, _yaml.Span, _yaml.MarkedDict, _yaml.MarkedList
    new = object.__new__

    def pairs(items: list[Any]) -> list[tuple[Any, Any]]:
        out = []
        for pair in items:
            if type(pair) is not list or len(pair) != 2:
                raise StoredError("a mapping entry that is not a pair")
            out.append((decode(pair[0]), decode(pair[1])))
        return out

    def fill(o: Any, attributes: Any) -> None:
        if type(attributes) is not dict:
            raise StoredError("attributes that are not a mapping")
        for name in attributes:
            if not name.isidentifier() or name.startswith("__"):
                raise StoredError(f"an attribute named {name!r}")
        vars(o).update({name: decode(raw) for name, raw in attributes.items()})

    def decode(node: Any) -> Any:
        o: Any
        if type(node) is not list:
            if type(node) in _SCALARS:
                return node
            raise StoredError("a node that is not a tagged list")
        tag = node[0] if node else None
        if tag == _POSITION:
            if len(node) != 4 or type(node[1]) is not str or type(node[2]) is not int or type(node[3]) is not int:
                raise StoredError("a position that is not one")
            o = new(Position)
            o.__dict__.update(path=node[1], line=node[2], col=node[3])
            return o
        if tag == _SPAN:
            if len(node) != 3 or type(node[1]) is not int or type(node[2]) is not int:
                raise StoredError("a span that is not one")
            o = new(Span)
            o.__dict__.update(start=node[1], end=node[2])
            return o
        if tag == _REF:
            if len(node) != 2 or type(node[1]) is not int or not 0 <= node[1] < len(made) \
                    or made[node[1]] is pending:
                raise StoredError("a reference to nothing")
            return made[node[1]]
        number = len(made)
        made.append(pending)
        if tag == _LIST:
            o = made[number] = []
            o.extend([decode(v) for v in node[1:]])
        elif tag == _DICT:
            o = made[number] = {}
            o.update(pairs(node[1:]))
        elif tag == _MARKED_DICT or tag == _MARKED_LIST:
            if len(node) < 2:
                raise StoredError("a marked container without its marks")
            o = made[number] = MarkedDict() if tag == _MARKED_DICT else MarkedList()
            fill(o, node[1])
            if tag == _MARKED_DICT:
                o.update(pairs(node[2:]))
            else:
                o.extend([decode(v) for v in node[2:]])
        elif tag == _TUPLE or tag == _SET or tag == _FROZENSET:
            items = [decode(v) for v in node[1:]]
            o = made[number] = {_TUPLE: tuple, _SET: set, _FROZENSET: frozenset}[tag](items)
        elif tag == _OBJECT:
            if len(node) != 3 or node[1] not in CLASSES or node[1] in ("_yaml.MarkedDict", "_yaml.MarkedList"):
                raise StoredError(f"an object of no known class ({node[1:2]!r})")
            cls = CLASSES[node[1]]
            o = new(cls)
            fill(o, node[2])
            missing = [f.name for f in dataclasses.fields(cls) if f.name not in vars(o)]
            if missing:
                raise StoredError(f"a {node[1]} without its {missing[0]}")
            made[number] = o
        else:
            raise StoredError(f"an unknown tag {tag!r}")
        return o

    try:
        return decode(tree)
    except (TypeError, RecursionError) as error:  # an unhashable key, a graph too deep
        raise StoredError(str(error)) from error
