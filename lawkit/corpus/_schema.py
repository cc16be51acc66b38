"""Checking parsed YAML against the JSON Schemas lawkit ships.

jsonschema finds the errors; this module turns each into a Problem at the
exact key or value, with a short message that quotes the bad value and lists
what is allowed.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import jsonschema

from ._fastschema import Check, compile_schema
from ._yaml import Document, MarkedDict, MarkedList
from .problems import Position, Problem, closest, did_you_mean

SCHEMAS = ("code", "heading")

# What to call the thing at a path, from the key that holds the list it is in.
_SINGULAR = {
    "laws": "law", "items": "item", "sections": "section", "notes": "note",
    "annotations": "annotation", "parallels": "parallel", "rules": "rule",
    "constants": "constant", "definitions": "definition", "irregular_numbering": "irregular_numbering entry",
}


@cache
def _schema(name: str) -> dict:
    return json.loads((resources.files("lawkit") / "schemas" / f"{name}.schema.json").read_text("utf-8"))


@cache
def _validator(name: str) -> jsonschema.protocols.Validator:
    # The schemas are checked against their meta-schema by a test, not on every run.
    schema = _schema(name)
    cls = jsonschema.validators.validator_for(schema)
    # Inline the (non-recursive) $defs: resolving $ref at every law was most
    # of the validation time.
    return cls(_inline(schema, schema.get("$defs", {})))


@cache
def _valid(name: str) -> Check | None:
    """The quick yes/no check of the schema (None if it uses what the quick check does not know)."""
    return compile_schema(_schema(name))


def _inline(node: Any, defs: dict, stack: tuple[str, ...] = ()) -> Any:
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        if ref.startswith("#/$defs/"):
            name = ref[len("#/$defs/"):]
            if name in stack:
                return node  # a recursive type (facts.yaml's types) keeps its $ref
            merged = {k: v for k, v in node.items() if k != "$ref"}
            merged.update(_inline(defs[name], defs, stack + (name,)))
            return merged
        return {k: (v if k == "$defs" else _inline(v, defs, stack)) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(v, defs, stack) for v in node]
    return node


def validate(doc: Document, schema: str, law_id_at: Any) -> list[Problem]:
    """Problems of ``doc.data`` against the named schema.

    ``law_id_at(path)`` gives the citation id a path inside the document
    concerns (or None), so each problem names its law.
    """
    valid = _valid(schema)
    if valid is not None and valid(doc.data):
        return []  # jsonschema is asked only to find and explain the errors
    problems: list[tuple[tuple, Problem]] = []
    misspelt: dict[tuple, set[str]] = {}  # object path -> allowed keys an unknown key was close to
    for error in _validator(schema).iter_errors(doc.data):
        path = list(error.absolute_path)
        found = _problems_of(doc, error, path, law_id_at(path))
        for problem in found:
            if problem.kind == "unknown-key" and problem.suggestion:
                misspelt.setdefault(tuple(path), set()).add(problem.suggestion)
        problems.extend((tuple(path), problem) for problem in found)
    # 'txt:' for 'text:' is one mistake: report the unknown key, not also the missing one.
    return [
        problem for path, problem in problems
        if not (problem.kind == "missing-key" and any(f"'{key}'" in problem.message for key in misspelt.get(path, ())))
    ]


def _locate(doc: Document, path: list) -> tuple[Any, Position]:
    """The value at ``path`` and where it is written."""
    node: Any = doc.data
    where = getattr(node, "pos", Position(doc.path, 1, 1))
    for step in path:
        if isinstance(node, MarkedDict) and step in node:
            where = node.value_pos[step]
        elif isinstance(node, MarkedList) and isinstance(step, int) and step < len(node):
            where = node.item_pos[step]
        else:
            break
        node = node[step]
    return node, where


def _name(path: list, root: str) -> str:
    """A readable name for the object at ``path``: 'law', 'item', 'source'…"""
    if not path:
        return root
    last = path[-1]
    if isinstance(last, int) and len(path) > 1:
        return _SINGULAR.get(path[-2], str(path[-2]))
    return str(last)


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:37] + "..."


_TYPE_NAMES = {bool: "boolean", int: "integer", float: "number", str: "string", type(None): "null"}


def _type_name(value: Any) -> str:
    if isinstance(value, dict):
        return "mapping"
    if isinstance(value, list):
        return "list"
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def _problems_of(doc: Document, error: jsonschema.ValidationError, path: list, citation: str | None) -> list[Problem]:
    value, where = _locate(doc, path)
    root = "code.yaml" if "code.yaml" in doc.path.replace("\\", "/").rsplit("/", 1)[-1] else "heading file"
    what = _name(path, root)
    kind, message = "schema", None

    if error.validator == "additionalProperties" and isinstance(value, MarkedDict):
        allowed = sorted(error.schema.get("properties", {}))
        problems = []
        for key in value:
            if key not in allowed:
                suggestion = closest(key, allowed)
                hint = f" (did you mean '{suggestion}'?)" if suggestion else ""
                problems.append(Problem(
                    value.key_pos[key], "unknown-key",
                    f"unknown key '{key}' in {what}{hint}; allowed: {', '.join(allowed)}", citation,
                    suggestion=suggestion,
                ))
        return problems
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        kind, message = "missing-key", f"{what} needs the key '{missing}'"
    elif error.validator == "anyOf" and path and path[-1] in ("law", "section"):
        message = f"{_show(value)} is not a number as printed (14, IV or e)"
    elif error.validator == "anyOf" and what == "law":
        kind, message = "missing-key", "a law needs 'text' or 'sections'"
    elif error.validator == "type":
        expected = error.validator_value
        expected = " or ".join(expected) if isinstance(expected, list) else expected
        message = f"'{path[-1] if path else what}' must be {expected}, not {_type_name(value)} {_show(value)}"
    elif error.validator == "enum":
        choices = [str(c) for c in error.validator_value]
        message = f"{_show(value)} is not allowed here{did_you_mean(str(value), choices)}; allowed: {', '.join(choices)}"
    elif error.validator == "pattern":
        message = f"{_show(value)} is not a valid {path[-1] if path and isinstance(path[-1], str) else what}"
    elif error.validator in ("minItems", "minLength"):
        message = f"'{path[-1] if path else what}' must not be empty"
    if message is None:
        message = error.message
    return [Problem(where, kind, message, citation)]
