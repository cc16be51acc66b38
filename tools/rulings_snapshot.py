"""Every scenario's situation put to every code, the full rulings written as JSON: to compare two trees.

    PYTHONPATH=<tree> python tools/rulings_snapshot.py <tree>/laws tests/scenarios out.json
    python tools/rulings_snapshot.py --compare before.json after.json

A one-off check for a rewrite of the rules that must rule exactly as before (definitions in place
of repeated CEL): each situation of each scenario file goes to every code, not only those its
expectation names, and everything a ruling says is kept — each ruling's rule, outcome, values,
citations, sentence and score, the facts asked for, each rule's status, or the error. Beside them,
each rule's expressions as they run, read into their syntax trees without offsets and with each macro
variable named by how far out its macro is (lawkit's own CEL reader, lawkit.rules._fastcel): a rewrite
that only names sub-expressions leaves every tree as it was.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import lawkit
from lawkit.rules import scenarios as scenariolib
from lawkit.rules.engine import Engine, RulingError


def _bare(node: Any) -> Any:
    """A syntax tree without the offsets (every node is (kind, offset, ...))."""
    if isinstance(node, tuple) and len(node) >= 2 and isinstance(node[0], str) and isinstance(node[1], int):
        return (node[0], *(_bare(part) for part in node[2:]))
    if isinstance(node, (list, tuple)):
        return [_bare(part) for part in node]
    return node


def _anonymous(node: Any, bound: tuple[str, ...] = ()) -> Any:
    """A bare tree with each macro variable named by how far out its macro is: trees that differ only
    in their macro variables' names (``xs.all(p, p > 1)``, ``xs.all(q, q > 1)``) come out the same."""
    if isinstance(node, tuple) and node and isinstance(node[0], str):
        if node[0] == "ident" and node[1] in bound:
            return ("bound", bound[::-1].index(node[1]))
        if node[0] == "macro":
            _, name, target, variable, arguments = node
            return ("macro", name, _anonymous(target, bound), [_anonymous(a, bound + (variable,)) for a in arguments])
        return (node[0], *(_anonymous(part, bound) for part in node[1:]))
    if isinstance(node, list):
        return [_anonymous(part, bound) for part in node]
    return node


def trees(corpus: lawkit.Corpus) -> dict[str, str]:
    from lawkit.rules import _fastcel  # a one-off tool may read lawkit's private parser

    out = {}
    for code, book in corpus.rulebooks.items():
        for rule in book.rules:
            parts = {"when": rule.when, "event": rule.event, **{f"values.{n}": v for n, v in rule.values.items()}}
            for name, expression in parts.items():
                if expression is not None and hasattr(expression, "source"):
                    out[f"{rule.key} {name}"] = repr(_anonymous(_bare(_fastcel._Parser(expression.source).parse())))
    return out


def snapshot(laws: str, directory: str) -> dict[str, Any]:
    engine = Engine(lawkit.check(laws))
    out: dict[str, Any] = {"trees": trees(engine.corpus)}
    for path in scenariolib.files(directory):
        for index, scenario in enumerate(scenariolib.load(path)):
            try:
                facts = engine.situation(scenario.record, path)
            except RulingError as exc:
                out[f"{Path(path).name}#{index}"] = {"record-error": str(exc)}
                continue
            for code in engine.corpus.codes:
                key = f"{Path(path).name}#{index} {scenario.name} @ {code}"
                try:
                    result = engine.ruling(code, facts, checked=True)
                except RulingError as exc:
                    out[key] = {"error": str(exc)}
                    continue
                out[key] = {
                    "rulings": [{"rule": r.rule, "outcome": r.outcome, "values": r.values, "cites": r.cites,
                                 "says": r.says, "score": r.score} for r in result.rulings],
                    "missing": result.missing_facts,
                    "considered": [(c["rule"], c["status"]) for c in result.considered],
                }
    return out


def main(argv: list[str]) -> int:
    if argv[0] == "--compare":
        before, after = (json.loads(Path(p).read_text()) for p in argv[1:3])
        old, new = before.pop("trees"), after.pop("trees")
        changed = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
        for key in changed[:20]:
            print("tree differs:", key)
        print(f"{len(old)} rule expressions before, {len(new)} after, {len(changed)} with another syntax tree")
        differ = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        for key in differ[:20]:
            print("differs:", key)
        print(f"{len(before)} situation × code pairs before, {len(after)} after, {len(differ)} differ; "
              f"{sum(len(v.get('rulings', [])) for v in before.values())} rulings compared")
        return 1 if differ or not before else 2 if changed else 0
    laws, directory, target = argv
    Path(target).write_text(json.dumps(snapshot(laws, directory), sort_keys=True, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
