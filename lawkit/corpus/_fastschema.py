"""A yes/no check of a document against a JSON Schema, compiled to Python closures.

Nearly every document lawkit reads is valid, and jsonschema's general walk over a code's
laws was a quarter of a cold `lawkit check`. This module answers only "valid or not", for
the keywords lawkit's schemas use; when the answer is no, `_schema` asks jsonschema, which
finds and explains the errors. A schema with a keyword this module does not know is never
compiled here (``compile_schema`` gives None and jsonschema does all the work), so a new
keyword cannot be ignored by mistake. The semantics are jsonschema's (draft 2020-12, no
format checking): a test compares the two on the corpus and on documents made wrong.
"""

from __future__ import annotations

import re
from typing import Any, Callable

Check = Callable[[Any], bool]

# Keywords that say nothing about validity (annotations, editors' extras).
_ANNOTATIONS = frozenset({
    "$schema", "$id", "$comment", "title", "description", "markdownDescription", "enumDescriptions",
    "examples", "default", "deprecated", "readOnly", "writeOnly", "defaultSnippets",
})
_KNOWN = _ANNOTATIONS | {
    "$defs", "$ref", "type", "properties", "required", "additionalProperties", "propertyNames",
    "items", "enum", "pattern", "minLength", "maxLength", "minItems", "maxItems", "minProperties",
    "minimum", "maximum", "uniqueItems", "anyOf", "oneOf", "allOf", "if", "then", "else", "const",
}


class _Unknown(Exception):
    """The schema uses something this module does not check."""


def compile_schema(schema: Any) -> Check | None:
    """A function telling whether a value is valid against ``schema``, or None when the schema
    uses a keyword (or a kind of $ref) this module does not know."""
    defs = schema.get("$defs", {}) if isinstance(schema, dict) else {}
    compiled: dict[str, Check] = {}

    def ref(name: str) -> Check:
        if name not in defs:
            raise _Unknown(name)

        def check(value: Any) -> bool:  # looked up when used: a $def may refer to itself
            return compiled[name](value)
        return check

    try:
        top = _compile(schema, ref)
        for name, node in defs.items():
            compiled[name] = _compile(node, ref)
    except _Unknown:
        return None
    return top


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_TYPES: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": _is_number,
    "integer": lambda v: _is_number(v) and (isinstance(v, int) or float(v).is_integer()),
}


def _equal(one: Any, two: Any) -> bool:
    """jsonschema's equality: a boolean equals only a boolean (True is not 1)."""
    if isinstance(one, bool) or isinstance(two, bool):
        return isinstance(one, bool) and isinstance(two, bool) and one == two
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, list) and isinstance(two, list):
        return len(one) == len(two) and all(_equal(a, b) for a, b in zip(one, two))
    if isinstance(one, dict) and isinstance(two, dict):
        return one.keys() == two.keys() and all(_equal(one[k], two[k]) for k in one)
    if isinstance(one, (list, dict)) or isinstance(two, (list, dict)):
        return False
    return bool(one == two)


def _compile(node: Any, ref: Callable[[str], Check]) -> Check:
    if node is True or node == {}:
        return lambda value: True
    if node is False:
        return lambda value: False
    if not isinstance(node, dict) or set(node) - _KNOWN:
        raise _Unknown(node)
    checks: list[Check] = []
    add = checks.append

    if "$ref" in node:
        target = node["$ref"]
        if not isinstance(target, str) or not target.startswith("#/$defs/") or "/" in target[len("#/$defs/"):]:
            raise _Unknown(target)
        add(ref(target[len("#/$defs/"):]))
    if "type" in node:
        names = node["type"] if isinstance(node["type"], list) else [node["type"]]
        if any(name not in _TYPES for name in names):
            raise _Unknown(names)
        kinds = [_TYPES[name] for name in names]
        add(kinds[0] if len(kinds) == 1 else (lambda v: any(kind(v) for kind in kinds)))
    if "enum" in node:
        allowed = list(node["enum"])
        add(lambda v: any(_equal(v, a) for a in allowed))
    if "const" in node:
        const = node["const"]
        add(lambda v: _equal(v, const))

    # object keywords
    properties = {key: _compile(sub, ref) for key, sub in node.get("properties", {}).items()}
    if properties:
        def props(v: Any) -> bool:
            return not isinstance(v, dict) or all(check(v[key]) for key, check in properties.items() if key in v)
        add(props)
    if "required" in node:
        required = list(node["required"])
        add(lambda v: not isinstance(v, dict) or all(key in v for key in required))
    if "additionalProperties" in node:
        extra = _compile(node["additionalProperties"], ref)
        known = set(node.get("properties", {}))
        add(lambda v: not isinstance(v, dict) or all(extra(v[k]) for k in v if k not in known))
    if "propertyNames" in node:
        names_check = _compile(node["propertyNames"], ref)
        add(lambda v: not isinstance(v, dict) or all(names_check(k) for k in v))
    if "minProperties" in node:
        least = node["minProperties"]
        add(lambda v: not isinstance(v, dict) or len(v) >= least)

    # array keywords
    if "items" in node:
        item = _compile(node["items"], ref)
        add(lambda v: not isinstance(v, list) or all(item(x) for x in v))
    if "minItems" in node:
        fewest = node["minItems"]
        add(lambda v: not isinstance(v, list) or len(v) >= fewest)
    if "maxItems" in node:
        most = node["maxItems"]
        add(lambda v: not isinstance(v, list) or len(v) <= most)
    if node.get("uniqueItems") is True:
        add(lambda v: not isinstance(v, list) or not any(
            _equal(v[i], v[j]) for i in range(len(v)) for j in range(i + 1, len(v))))

    # string keywords (jsonschema counts characters and uses re.search)
    if "pattern" in node:
        search = re.compile(node["pattern"]).search
        add(lambda v: not isinstance(v, str) or search(v) is not None)
    if "minLength" in node:
        shortest = node["minLength"]
        add(lambda v: not isinstance(v, str) or len(v) >= shortest)
    if "maxLength" in node:
        longest = node["maxLength"]
        add(lambda v: not isinstance(v, str) or len(v) <= longest)

    # number keywords
    if "minimum" in node:
        low = node["minimum"]
        add(lambda v: not _is_number(v) or v >= low)
    if "maximum" in node:
        high = node["maximum"]
        add(lambda v: not _is_number(v) or v <= high)

    # combinations
    if "allOf" in node:
        every = [_compile(sub, ref) for sub in node["allOf"]]
        add(lambda v: all(check(v) for check in every))
    if "anyOf" in node:
        some = [_compile(sub, ref) for sub in node["anyOf"]]
        add(lambda v: any(check(v) for check in some))
    if "oneOf" in node:
        ones = [_compile(sub, ref) for sub in node["oneOf"]]
        add(lambda v: sum(1 for check in ones if check(v)) == 1)
    if "if" in node:
        condition = _compile(node["if"], ref)
        then = _compile(node.get("then", True), ref)
        otherwise = _compile(node.get("else", True), ref)
        add(lambda v: then(v) if condition(v) else otherwise(v))
    elif "then" in node or "else" in node:
        pass  # without "if", "then" and "else" are ignored (as jsonschema does)

    if not checks:
        return lambda value: True
    if len(checks) == 1:
        return checks[0]
    return lambda value: all(check(value) for check in checks)
