"""The situation file's JSON Schema is made from laws/record.yaml and shipped; editors validate records with it."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema
import pytest
import yaml

from lawkit.rules.engine import Engine
from lawkit.rules.record import situation_schema

# libyaml when PyYAML has it: the same data as yaml.safe_load, the scenario files in seconds, not a minute
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load(text: str) -> object:
    return yaml.load(text, Loader=_LOADER)


@pytest.fixture(scope="module")
def schema(corpus):
    return situation_schema(Engine(corpus).model.vocabulary)


def test_the_shipped_schema_is_made_from_record_yaml(schema):
    shipped = json.loads((resources.files("lawkit") / "schemas" / "situation.schema.json").read_text("utf-8"))
    assert shipped == schema, "laws/record.yaml changed: run tools/make_situation_schema.py"
    scenarios = json.loads((resources.files("lawkit") / "schemas" / "scenarios.schema.json").read_text("utf-8"))
    assert scenarios["$defs"]["situation"] == {k: v for k, v in schema.items() if k not in ("$schema", "$id", "title")}


def test_every_scenario_record_and_hand_validates(schema, repo):
    records = [sc["record"] for path in sorted((repo / "tests" / "scenarios").glob("*.yaml"))
               for sc in _load(path.read_text("utf-8"))["scenarios"]]
    records += [_load(p.read_text("utf-8")) for p in sorted((repo / "tests" / "data" / "hands").glob("*.yaml"))
                if not p.name.startswith("bad_")]
    assert len(records) > 400
    # Each distinct event validated once (the records' 11,664 events are ~1,100 distinct ones: 11 s of
    # CPU -> 2): under JSON Schema's `items`, an array is valid when it is under the array's other
    # keywords and each element is under `items` alone, so a record is valid when it is under the
    # schema with `items` taken from its events, and each of its events is under `items`.
    events = schema["properties"]["events"]
    assert set(events) <= {"type", "description", "maxItems", "items"}, \
        "the events' schema has a keyword that reads more than one event at a time: validate whole records"
    bare = jsonschema.Draft202012Validator({**schema, "properties": {
        **schema["properties"], "events": {key: value for key, value in events.items() if key != "items"}}})
    event = jsonschema.Draft202012Validator({"$schema": schema["$schema"], **events["items"]})
    errors = [(index, error.message) for index, r in enumerate(records) for error in bare.iter_errors(r)]
    distinct: dict[str, tuple[int, object]] = {}
    for index, r in enumerate(records):
        for one in r.get("events", []) if isinstance(r, dict) and isinstance(r.get("events"), list) else []:
            distinct.setdefault(json.dumps(one, sort_keys=True, default=repr), (index, one))
    errors += [(index, error.message) for index, one in distinct.values() for error in event.iter_errors(one)]
    assert errors == []


@pytest.mark.parametrize("record, message", [
    ({"events": [{"deal": {"to": "east", "crad": "AS"}}]}, "crad"),
    ({"events": [{"dael": {"to": "east"}}]}, "dael"),
    ({"dealr": "north"}, "dealr"),
    ({"events": [{"play": {"by": "west"}}]}, "card"),
])
def test_a_typo_in_a_record_fails_the_schema(schema, record, message):
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(record))
    assert errors and any(message in str(e) for e in errors)
