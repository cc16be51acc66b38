"""The quick yes/no schema check (lawkit/corpus/_fastschema.py) says what jsonschema says.

`lawkit check` asks jsonschema only when the quick check finds a document invalid, so a
document the quick check wrongly let through would lose its errors: here both are asked of
every file of the corpus and every scenario file, and of those documents made wrong in many
ways (a key removed, a value replaced by one of another type, a key added)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import REPO
from lawkit.corpus._fastschema import compile_schema

SCHEMA_DIR = REPO / "lawkit" / "schemas"
SHARED = {"topics.yaml": "topics", "glossary.yaml": "glossary", "concordance.yaml": "concordance",
          "editions.yaml": "editions", "facts.yaml": "facts", "outcomes.yaml": "outcomes",
          "record.yaml": "record", "views.yaml": "views"}


def _schema(name: str) -> dict:
    return json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text("utf-8"))


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: the whole corpus in a second


def _load(path: Path) -> object:
    return yaml.load(path.read_text("utf-8"), Loader=_LOADER)


def _documents() -> list[tuple[str, str, object]]:
    """(file, schema name, data) for every YAML file of laws/ and tests/scenarios/."""
    found = []
    for path in sorted((REPO / "laws").rglob("*.yaml")):
        if path.parent == REPO / "laws":
            name = SHARED[path.name]
        else:
            name = "code" if path.name == "code.yaml" else "heading"
        found.append((str(path.relative_to(REPO)), name, _load(path)))
    for path in sorted((REPO / "tests" / "scenarios").glob("*.yaml")):
        found.append((str(path.relative_to(REPO)), "scenarios", _load(path)))
    return found


DOCUMENTS = _documents()
NAMES = sorted(path.name.removesuffix(".schema.json") for path in SCHEMA_DIR.glob("*.schema.json"))
QUICK = {name: compile_schema(_schema(name)) for name in NAMES}
FULL = {name: jsonschema.validators.validator_for(_schema(name))(_schema(name)) for name in NAMES}


@pytest.mark.parametrize("name", NAMES)
def test_every_schema_is_valid_against_its_meta_schema(name):
    schema = _schema(name)
    jsonschema.validators.validator_for(schema).check_schema(schema)  # no longer done on every run


@pytest.mark.parametrize("name", NAMES)
def test_every_schema_has_the_quick_check(name):
    assert QUICK[name] is not None, f"{name}.schema.json uses a keyword the quick check does not know"


def test_the_quick_check_agrees_on_every_file():
    assert len(DOCUMENTS) > 100
    for path, name, data in DOCUMENTS:
        assert QUICK[name](data) == FULL[name].is_valid(data), path
    assert all(QUICK[name](data) for _, name, data in DOCUMENTS)  # the corpus is valid


def test_a_keyword_the_quick_check_does_not_know_leaves_it_to_jsonschema():
    assert compile_schema({"type": "object", "properties": {"a": {"format": "date"}}}) is None
    assert compile_schema({"$ref": "other.json#/x"}) is None


def test_jsonschemas_corners():
    cases = [
        ({"type": "integer"}, [1, 1.0, -3], [True, 1.5, "1", None]),
        ({"type": "number", "minimum": 0}, [0, 0.5, 7], [-1, False, "x"]),
        ({"enum": [1, "a", None]}, [1, 1.0, "a", None], [True, "A", 2]),
        ({"enum": [False]}, [False], [0, None]),
        ({"uniqueItems": True}, [[1, 2], [1, True], [[1], [2]]], [[1, 1.0], [{"a": 1}, {"a": 1}]]),
        ({"pattern": "^a"}, ["ab", 3], ["ba"]),
        ({"pattern": "b"}, ["abc"], ["ac"]),  # re.search, not re.match
        ({"minLength": 2}, ["♠♥", 5], ["♠"]),
        ({"oneOf": [{"type": "integer"}, {"minimum": 0}]}, [-1, 0.5], [3]),
        ({"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"type": "integer"}}, ["ab", 3], ["a", 1.5]),
        ({"propertyNames": {"pattern": "^x"}}, [{"xa": 1}], [{"a": 1}]),
        ({"additionalProperties": False, "properties": {"a": {}}}, [{"a": 1}, []], [{"b": 1}]),
        ({"required": ["a"], "minProperties": 2}, [{"a": 1, "b": 2}, "s"], [{"a": 1}, {"b": 1, "c": 2}]),
        ({"$defs": {"n": {"anyOf": [{"type": "integer"}, {"type": "array", "items": {"$ref": "#/$defs/n"}}]}},
          "$ref": "#/$defs/n"}, [1, [1, [2, []]]], [[1, ["x"]], "x"]),
    ]
    for schema, good, bad in cases:
        quick = compile_schema(schema)
        full = jsonschema.Draft202012Validator(schema)
        for value in good + bad:
            assert quick(value) == full.is_valid(value), (schema, value)
        assert all(quick(v) for v in good) and not any(quick(v) for v in bad), schema


# -- documents made wrong -------------------------------------------------------------------------

_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats(-2, 2, allow_nan=False) |
    st.sampled_from(["", "x", "A", "a-b", "1", "12", "law", "rule", "AS", "♠", "auction-bridge-1912/21",
                     "new-deal", "bridge-1904", "(a)", "yes"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["law", "text", "id", "when", "then", "kind", "x", "rules", "title"]), inner, max_size=3),
    max_leaves=6)


def _paths(node, at=()):
    yield at
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, at + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, at + (index,))


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_quick_check_agrees_on_documents_made_wrong(data):
    path, name, original = data.draw(st.sampled_from(DOCUMENTS), label="file")
    document = copy.deepcopy(original)
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        paths = list(_paths(document))
        where = data.draw(st.sampled_from(paths[1:] if len(paths) > 1 else paths), label="where")
        if not where:
            document = data.draw(_VALUES)
            continue
        parent = document
        for step in where[:-1]:
            parent = parent[step]
        how = data.draw(st.sampled_from(["remove", "replace", "add"]), label="how")
        last = where[-1]
        if how == "remove":
            del parent[last]
        elif how == "replace":
            parent[last] = data.draw(_VALUES, label="value")
        elif isinstance(parent, dict):
            parent[data.draw(st.sampled_from(["x", "txt", "law", "kind", "notes", "when"]), label="key")] = \
                data.draw(_VALUES, label="value")
        else:
            parent.insert(last, data.draw(_VALUES, label="value"))
    assert QUICK[name](document) == FULL[name].is_valid(document), path
