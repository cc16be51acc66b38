"""Safe YAML loading that remembers where every key and value came from.

PyYAML's safe constructors keep no positions and silently let a repeated key
win. lawkit needs both: every problem names path:line:col, and a duplicate
key is an error. So we compose the node graph (the C parser where present)
and build plain dicts and lists ourselves, recording each key's and value's
position on the container that holds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from .problems import Position, Problem

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            problems.append(Problem(Position(path, 1, 1), "empty-file", "the file has no data"))
            data = None
        else:
            data = _build(path, node, loader, problems)
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
    return Document(path, text, data)


def _build(path: str, node: yaml.Node, loader: Any, problems: list[Problem]) -> Any:
    if isinstance(node, yaml.MappingNode):
        result = MarkedDict()
        result.pos = _pos(path, node.start_mark)
        result.key_pos, result.value_pos, result.spans = {}, {}, {}
        for key_node, value_node in node.value:
            key = _build(path, key_node, loader, problems)
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
            result[key] = _build(path, value_node, loader, problems)
            result.key_pos[key] = key_at
            result.value_pos[key] = _pos(path, value_node.start_mark)
            result.spans[key] = Span(value_node.start_mark.index, value_node.end_mark.index)
        return result
    if isinstance(node, yaml.SequenceNode):
        result_list = MarkedList()
        result_list.pos = _pos(path, node.start_mark)
        result_list.item_pos = []
        for item in node.value:
            result_list.append(_build(path, item, loader, problems))
            result_list.item_pos.append(_pos(path, item.start_mark))
        return result_list
    # Scalars go through PyYAML's safe constructor: only plain data types.
    return loader.construct_object(node, deep=True)
