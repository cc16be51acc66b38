"""The schemas are the editors' documentation: an editor's hover and completion show a description
for every key and every enum value (yaml-language-server reads ``description`` and, for the values
of an ``enum``, the parallel list ``enumDescriptions``), and they are strict where a typo would
otherwise pass unseen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import REPO

SCHEMAS = sorted((REPO / "lawkit" / "schemas").glob("*.schema.json"))


def _target(root: dict, ref: str) -> dict:
    node = root
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node


def undocumented(root: dict) -> tuple[list[str], list[str]]:
    """(properties without a description, enums without a description per value), as JSON pointers.
    A property that is a bare $ref is documented by the description of what it refers to."""
    properties: list[str] = []
    enums: list[str] = []

    def walk(node, at: str) -> None:
        if isinstance(node, list):
            for index, child in enumerate(node):
                walk(child, f"{at}/{index}")
            return
        if not isinstance(node, dict):
            return
        if isinstance(node.get("enum"), list):
            described = node.get("enumDescriptions")
            if not (isinstance(described, list) and len(described) == len(node["enum"]) and all(described)):
                enums.append(at)
        for key, child in node.items():
            if key in ("properties", "patternProperties", "$defs") and isinstance(child, dict):
                for name, schema in child.items():
                    if key == "properties" and isinstance(schema, dict):
                        own = schema.get("description")
                        ref = schema.get("$ref", "")
                        if not own and not (ref.startswith("#/") and _target(root, ref).get("description")):
                            properties.append(f"{at}/{key}/{name}")
                    walk(schema, f"{at}/{key}/{name}")
            elif key not in ("enum", "enumDescriptions", "const", "default", "examples", "required"):
                walk(child, f"{at}/{key}")

    walk(root, "#")
    return properties, enums


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_property_and_enum_value_has_a_description(path):
    """The situation schema's (made from laws/record.yaml) included: each enum field there says
    what each of its values means under ``values:``."""
    assert undocumented(json.loads(path.read_text("utf-8"))) == ([], [])


def test_the_checker_finds_what_is_missing():
    schema = {"properties": {"a": {"type": "string"}, "b": {"$ref": "#/$defs/b"}, "c": {"enum": [1, 2],
              "description": "C.", "enumDescriptions": ["one"]}}, "$defs": {"b": {"description": "B."}}}
    assert undocumented(schema) == (["#/properties/a"], ["#/properties/c"])


def test_an_annotation_needs_its_kind(make_corpus, run_cli):
    from conftest import DEMO_CODE

    root = make_corpus({"demo/code.yaml": DEMO_CODE, "demo/01-one.yaml": (
        "# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json\n"
        "heading: ONE\nlaws:\n  - law: 1\n    text: A law.\n    annotations:\n      - text: A note.\n")})
    code, out, _ = run_cli(["check", "--laws", str(root)])
    assert code == 1 and "01-one.yaml:7:9: error[missing-key]: demo/1: annotation needs the key 'kind'" in out


def test_a_typo_in_a_scenarios_expectation_fails_the_check_at_its_place(make_corpus, run_cli, tmp_path, monkeypatch):
    from conftest import DEMO_CODE

    make_corpus({"demo/code.yaml": DEMO_CODE, "demo/01-one.yaml": (
        "# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json\n"
        "heading: ONE\nlaws:\n  - law: 1\n    text: A law.\n")})
    scenarios = tmp_path / "tests" / "scenarios"
    scenarios.mkdir(parents=True)
    head = "# yaml-language-server: $schema=../../lawkit/schemas/scenarios.schema.json\nscenarios:\n"
    (scenarios / "one.yaml").write_text(head + (
        "  - name: one code\n    code: demo\n    record: {events: []}\n"
        "    expect:\n      rulings:\n        - rule: 1#x\n          outcom: new-deal\n"
        "  - name: two codes\n    record: {events: []}\n"
        "    expect:\n      demo:\n        missing_fact: [x]\n"), "utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["check"])
    assert code == 1, err
    assert out.splitlines() == [
        "tests/scenarios/one.yaml:9:11: error[unknown-key]: unknown key 'outcom' in rulings (did you mean "
        "'outcome'?); allowed: cites, outcome, rule, says, values",
        "tests/scenarios/one.yaml:14:9: error[unknown-key]: unknown key 'missing_fact' in demo (did you mean "
        "'missing_facts'?); allowed: error, missing_facts, rulings"]
    assert run_cli(["check", "--scenarios", "nowhere"])[0] == 1  # a folder named must be there
    (scenarios / "one.yaml").write_text(head + "  - name: fine\n    code: demo\n    record: {events: []}\n"
                                        "    expect: {rulings: []}\n", "utf-8")
    assert run_cli(["check"])[0] == 0


def test_an_enum_fields_values_must_match_its_enum(tmp_path, monkeypatch):
    import shutil

    import lawkit

    shutil.copytree(REPO / "laws", tmp_path / "laws")
    record = tmp_path / "laws" / "record.yaml"
    text = record.read_text("utf-8")
    old = 'values: {unanswered: "no answer was given", '
    assert text.count(old) == 1
    record.write_text(text.replace(old, 'values: {unanswerd: "no answer was given", '), "utf-8")
    monkeypatch.chdir(tmp_path)
    problems = [str(p) for p in lawkit.check("laws").problems]
    line = next(n for n, row in enumerate(text.splitlines(), 1) if old in row)
    col = text.splitlines()[line - 1].index("values:") + 1
    assert problems == [f"laws/record.yaml:{line}:{col}: error[schema]: record.yaml: events.ask.fields.answer.values: "
                        "say what each value of the field's enum means, in the enum's order, and no other"]
