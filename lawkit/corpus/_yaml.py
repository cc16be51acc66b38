"""Safe YAML loading that remembers where every key and value came from.

PyYAML's safe constructors keep no positions and silently let a repeated key
win. lawkit needs both: every problem names path:line:col, and a duplicate
key is an error. So we compose the node graph (the C parser where present)
and build plain dicts and lists ourselves, recording each key's and value's
position on the container that holds it.

Work is bounded whatever the file holds. An alias repeats its anchor's data
wherever it is written, so a few hundred bytes of nested aliases can stand for
billions of values: a file may hold at most :data:`MAX_VALUES` values once its
aliases are expanded, and the alias that goes past is the error. A file may
be at most :data:`MAX_CHARS` long, and nested at most :data:`MAX_DEPTH` deep
(the deepest corpus file is 8), each an error with a position, never a
RecursionError.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from typing import Any

import yaml

from .problems import Position, Problem

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_VALUES = 200_000
"""The most values (scalars, mappings and sequences, aliases expanded) one file may hold;
the largest corpus file, views.yaml, holds under 4,000."""
MAX_DEPTH = 100
"""The deepest a mapping or sequence may be nested in one file."""
MAX_CHARS = 10_000_000
"""The longest file lawkit reads, in characters; the largest corpus file has 230,000."""


class _Limit(Exception):
    """A bound passed while building: the problem says where."""

    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


class _TooMany(Exception):
    """The composer met more nodes than :data:`MAX_VALUES`: the file is refused before it is built."""


class _CountingLoader(_Loader):  # type: ignore[misc, valid-type]
    """The safe loader, counting the nodes it composes (PyYAML resolves every node's tag in Python,
    even under libyaml): a file of a million values is refused at the limit, not composed whole first
    (composing and resolving 100,000 cut events took ten seconds before any limit was looked at)."""

    nodes = 0

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        self.nodes += 1
        if self.nodes > MAX_VALUES:
            raise _TooMany()
        return super().resolve(kind, value, implicit)


class _Budget:
    """What is left of a file's allowance of values while it is built."""

    def __init__(self) -> None:
        self.values = 0
        self.shared = False  # an alias was met: a node built a second time
        self.seen: set[int] = set()


@dataclass(frozen=True)
class Span:
    """Where a scalar value sits in its file, as character offsets."""

    start: int
    end: int


class MarkedDict(dict):
    """A mapping that knows the position of itself, its keys and its values."""

    pos: Position
    key_pos: dict[Any, Position]
    value_pos: dict[Any, Position]
    spans: dict[Any, Span]


class MarkedList(list):
    """A sequence that knows the position of itself and of each element."""

    pos: Position
    item_pos: list[Position]


def same_place(a: Any, b: Any) -> bool:
    """Whether two parsed values are equal and written at the same lines and columns (the
    positions of their mappings, keys, values and items; a scalar's character offsets aside)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, MarkedDict):
        return (a.pos == b.pos and a.key_pos == b.key_pos and a.value_pos == b.value_pos and list(a) == list(b)
                and all(same_place(value, b[key]) for key, value in a.items()))
    if isinstance(a, MarkedList):
        return (a.pos == b.pos and a.item_pos == b.item_pos and len(a) == len(b)
                and all(same_place(x, y) for x, y in zip(a, b)))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_place(value, b[key]) for key, value in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(same_place(x, y) for x, y in zip(a, b))
    return bool(a == b)


@dataclass
class Document:
    """One parsed YAML file: its data (None if it could not be parsed) and text."""

    path: str
    text: str
    data: Any

    def position_of(self, index: int) -> Position:
        """The 1-based line and column of a character offset in this file."""
        line = self.text.count("\n", 0, index) + 1
        col = index - (self.text.rfind("\n", 0, index) + 1) + 1
        return Position(self.path, line, col)


def _pos(path: str, mark: yaml.Mark) -> Position:
    return Position(path, mark.line + 1, mark.column + 1)


def load_document(path: str, text: str, problems: list[Problem]) -> Document:
    """Parse ``text`` (the contents of ``path``) safely.

    Syntax errors and duplicate keys are appended to ``problems``; a file with
    a syntax error yields ``data=None`` so the caller can go on with the rest.
    """
    if len(text) > MAX_CHARS:
        problems.append(Problem(Position(path, 1, 1), "yaml-limit",
                                f"the file is {len(text):,} characters long; lawkit reads at most {MAX_CHARS:,}"))
        return Document(path, text, None)
    loader = _CountingLoader(text)
    # The composed nodes hold no cycles the collector must find, and collecting while they pile up
    # rescans them all again and again: 20,000 events took 3.7 s with it on, 0.7 s with it off.
    collecting = gc.isenabled()
    gc.disable()
    try:
        node = loader.get_single_node()
        if node is None:
            problems.append(Problem(Position(path, 1, 1), "empty-file", "the file has no data"))
            data = None
        else:
            data = _build(path, node, loader, problems, _Budget(), 1)
    except _TooMany:
        problems.append(_alias_past_budget(path, text) or Problem(Position(path, 1, 1), "yaml-limit",
                                                                  f"the file holds more than {MAX_VALUES:,} values"))
        data = None
    except _Limit as exc:
        problem = exc.problem
        if problem.kind == "yaml-alias":
            problem = _alias_past_budget(path, text) or Problem(problem.position, "yaml-limit", problem.message)
        problems.append(problem)
        data = None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = _pos(path, mark) if mark else Position(path, 1, 1)
        message = exc.problem or str(exc)
        if exc.context:
            # e.g. an unclosed quote: the problem is at the end of the file,
            # the context says where the quoted scalar began
            start = f" at line {exc.context_mark.line + 1}, column {exc.context_mark.column + 1}" if exc.context_mark else ""
            message = f"{message} ({exc.context}{start})"
        problems.append(Problem(where, "yaml-syntax", message))
        data = None
    except yaml.YAMLError as exc:  # e.g. a reader error on a control character
        problems.append(Problem(Position(path, 1, 1), "yaml-syntax", str(exc)))
        data = None
    finally:
        loader.dispose()
        if collecting:
            gc.enable()
    return Document(path, text, data)


def _alias_past_budget(path: str, text: str) -> Problem | None:
    """The alias (or the value) at which the file's values, aliases expanded, pass :data:`MAX_VALUES`.

    Read from the parser's events, which keep each alias's own position (the
    composed nodes only know their anchor's), counting each anchor's size
    once: linear in the file, however much the aliases stand for."""
    sizes: dict[str, int] = {}
    stack: list[list] = []  # [anchor, values so far] for each open collection
    total = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent, yaml.ScalarEvent)) \
                    and total + 1 > MAX_VALUES:
                mark = event.start_mark
                return Problem(Position(path, mark.line + 1, mark.column + 1) if mark else Position(path, 1, 1),
                               "yaml-limit", f"the file holds more than {MAX_VALUES:,} values")
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                total += 1
                stack.append([event.anchor, 1])
                continue
            if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                anchor, size = stack.pop()
            elif isinstance(event, yaml.ScalarEvent):
                total += 1
                anchor, size = event.anchor, 1
            elif isinstance(event, yaml.AliasEvent):
                size = sizes.get(event.anchor or "", 1)
                if total + size > MAX_VALUES:
                    mark = event.start_mark
                    return Problem(Position(path, mark.line + 1, mark.column + 1) if mark else Position(path, 1, 1),
                                   "yaml-limit",
                                   f"the alias '*{event.anchor}' repeats {size:,} values, which takes the file past "
                                   f"{MAX_VALUES:,} values with its aliases expanded; write the data out, or use "
                                   "fewer aliases")
                total += size
                anchor = None
            else:
                continue
            if anchor:
                sizes[anchor] = size
            if stack:
                stack[-1][1] += size
    except yaml.YAMLError:
        return None
    return None


def _build(path: str, node: yaml.Node, loader: Any, problems: list[Problem], budget: _Budget, depth: int) -> Any:
    budget.values += 1
    if budget.values > MAX_VALUES:
        raise _Limit(Problem(_pos(path, node.start_mark), "yaml-alias" if budget.shared else "yaml-limit",
                             f"the file holds more than {MAX_VALUES:,} values"))
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        if depth > MAX_DEPTH:
            raise _Limit(Problem(_pos(path, node.start_mark), "yaml-limit",
                                 f"mappings and sequences nested more than {MAX_DEPTH} deep; lawkit reads at most "
                                 f"{MAX_DEPTH}"))
        if id(node) in budget.seen:
            budget.shared = True
        budget.seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        result = MarkedDict()
        result.pos = _pos(path, node.start_mark)
        result.key_pos, result.value_pos, result.spans = {}, {}, {}
        for key_node, value_node in node.value:
            key = _build(path, key_node, loader, problems, budget, depth + 1)
            key_at = _pos(path, key_node.start_mark)
            if not isinstance(key, (str, int, float, bool)) or key is None:
                problems.append(Problem(key_at, "schema", "a key must be a plain name"))
                continue
            if key in result:
                first = result.key_pos[key]
                problems.append(
                    Problem(key_at, "duplicate-key", f"duplicate key '{key}' (first defined at line {first.line})")
                )
                continue
            result[key] = _build(path, value_node, loader, problems, budget, depth + 1)
            result.key_pos[key] = key_at
            result.value_pos[key] = _pos(path, value_node.start_mark)
            result.spans[key] = Span(value_node.start_mark.index, value_node.end_mark.index)
        return result
    if isinstance(node, yaml.SequenceNode):
        result_list = MarkedList()
        result_list.pos = _pos(path, node.start_mark)
        result_list.item_pos = []
        for item in node.value:
            result_list.append(_build(path, item, loader, problems, budget, depth + 1))
            result_list.item_pos.append(_pos(path, item.start_mark))
        return result_list
    # Scalars go through PyYAML's safe constructor: only plain data types.
    try:
        return loader.construct_object(node, deep=True)
    except ValueError:  # Python reads no whole number of more than 4,300 digits
        raise _Limit(Problem(_pos(path, node.start_mark), "yaml-limit",
                             f"a number of {len(node.value):,} characters; lawkit reads no number that long")) from None
