"""Scenarios: situations with the rulings each code must give (YAML, like OpenFisca's tests).

    scenarios:
      - name: A cut of four names the partners and the dealer
        code: auction-bridge-1912
        record:
          events:
            - cut: {by: North, card: QS}
            - ...
        expect:
          rulings:
            - rule: 16#highest-exposed-card-is-the-cut
            - rule: 18#two-lower-against-two-higher
              values: {first_dealer: East}
              cites: ["14", "18"]

Without ``code`` the situation is put to every code named under ``expect``
(a cross-code scenario). ``expect.rulings`` lists exactly the rulings given (each with,
if it says so, its outcome, values, the laws it cites and the sentence it says);
``missing_facts`` exactly the facts asked for; ``error`` a failure expected.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..corpus import validate_schema
from ..corpus import MarkedDict, load_document
from ..corpus.files import read_text
from .engine import Engine, Result, RulingError
from ..corpus.problems import Position, Problem


@dataclass
class Scenario:
    name: str
    position: Position
    record: Any  # the situation: a record of the table with its answers (as written, with positions)
    expect: dict[str, dict[str, Any]]  # code id -> expectation
    description: str | None = None
    results: dict[str, Result] = field(default_factory=dict)  # filled by run()


class ScenarioFileError(Exception):
    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def files(directory: str | Path) -> list[str]:
    """The scenario files in ``directory``, in order (none when it is absent)."""
    return sorted(str(p) for p in Path(directory).glob("*.yaml") if p.is_file())


def load(path: str | Path) -> list[Scenario]:
    problems: list[Problem] = []
    shown = str(path)
    text, problem = read_text(path, shown)  # not UTF-8, a folder, gone: one problem at its place
    if text is None:
        assert problem is not None
        raise ScenarioFileError([problem])
    doc = load_document(shown, text, problems)
    if doc.data is not None and isinstance(doc.data, MarkedDict):
        problems.extend(validate_schema(doc, "scenarios", lambda p: None))
    if problems or not isinstance(doc.data, MarkedDict):
        raise ScenarioFileError(problems or [Problem(Position(str(path), 1, 1), "schema", "not a scenarios file")])
    scenarios = []
    for index, raw in enumerate(doc.data["scenarios"]):
        expect = raw["expect"]
        by_code = {raw["code"]: dict(expect)} if "code" in raw else {k: dict(v) for k, v in expect.items()}
        scenarios.append(Scenario(raw["name"], doc.data["scenarios"].item_pos[index], raw["record"],
                                  by_code, raw.get("description")))
    return scenarios


def rule(scenario: Scenario, engine: Engine, *, views: str = "all") -> tuple[RulingError | None, dict[str, RulingError | None]]:
    """The scenario's record put to each code it expects of: each ruling in ``scenario.results``. Returns
    why the record is wrong (None: it is not) and why a code gave no ruling (the RulingError; None: the
    corpus has no such code). The site's worked examples read the rulings alone (``views="rules"``: only
    the views some rule reads, which give the same rulings); ``run`` compares them, every view derived
    (a view no rule reads that cannot be derived is a wrong record too)."""
    try:
        facts = engine.situation(scenario.record, scenario.position.path, views=views)
    except RulingError as exc:
        return exc, {}
    failed: dict[str, RulingError | None] = {}
    for code in scenario.expect:
        if code not in engine.corpus.codes:
            failed[code] = None
            continue
        try:
            scenario.results[code] = engine.ruling(code, facts, checked=True)
        except RulingError as exc:
            failed[code] = exc
    return None, failed


def run(scenario: Scenario, engine: Engine) -> list[str]:
    """What differs from the expectation (an empty list: the scenario holds)."""
    wrong, failed = rule(scenario, engine)
    if wrong is not None:
        return [f"the record is wrong: {f'{wrong.position}: ' if wrong.position else ''}{wrong}"]
    failures: list[str] = []
    for code, expected in scenario.expect.items():
        if code in failed:
            exc = failed[code]
            if exc is None:
                failures.append(f"no code '{code}'")
            elif not ("error" in expected and expected["error"] in str(exc)):
                failures.append(f"{code}: {exc}")
            continue
        result = scenario.results[code]
        if "error" in expected:
            failures.append(f"{code}: expected an error containing {expected['error']!r}, got rulings")
        failures.extend(f"{code}: {f}" for f in _compare(code, expected, result))
    return failures


def _key(code: str, rule: str) -> str:
    return rule if rule.startswith(code + "/") else f"{code}/{rule}"


def _compare(code: str, expected: dict[str, Any], result: Result) -> list[str]:
    failures = []
    if "rulings" in expected:
        got = {r.rule: r for r in result.rulings}
        want = {_key(code, e["rule"]): e for e in expected["rulings"]}
        for key in want.keys() - got.keys():
            failures.append(f"expected ruling {key}, not given")
        for key in got.keys() - want.keys():
            failures.append(f"unexpected ruling {key} ({got[key].outcome}, values {json.dumps(got[key].values)})")
        for key in want.keys() & got.keys():
            e, r = want[key], got[key]
            if "outcome" in e and e["outcome"] != r.outcome:
                failures.append(f"{key}: outcome {r.outcome}, expected {e['outcome']}")
            for name, value in (e.get("values") or {}).items():
                if name not in r.values:
                    failures.append(f"{key}: no value '{name}'")
                elif _normal(r.values[name]) != _normal(value):
                    failures.append(f"{key}: {name} = {json.dumps(r.values[name])}, expected {json.dumps(value)}")
            if "says" in e and e["says"] != r.says:
                failures.append(f"{key}: says {r.says!r}, expected {e['says']!r}")
            for law in e.get("cites") or []:
                if _key(code, str(law)) not in r.cites:
                    failures.append(f"{key}: does not cite {_key(code, str(law))} (cites {', '.join(r.cites)})")
    if "missing_facts" in expected:
        got_missing = sorted(m["fact"] for m in result.missing_facts)
        if got_missing != sorted(expected["missing_facts"]):
            failures.append(f"missing facts {got_missing}, expected {sorted(expected['missing_facts'])}")
    return failures


def _normal(value: Any) -> Any:
    """Compare as JSON would: CEL ints and YAML ints alike, map keys unordered."""
    return json.loads(json.dumps(value, sort_keys=True))
