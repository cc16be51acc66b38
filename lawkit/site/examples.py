"""Worked examples: the scenarios of tests/scenarios run through the engine, filed under
every law that rules in them; and each edition's changes in behaviour (every scenario ruled
under both editions).

Both depend only on the rules and the scenarios, not on the law text or the notes, and running
them is most of a rebuild's work: they are kept in lawkit's cache (JSON) under a key over what
they read (``rules_key``), so a saved note or law text renders again without running them,
and a saved rule, scenario or shared rule file runs them again.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, replace
from functools import partial
from pathlib import Path
from typing import Any, Callable

from .. import cache
from .context import Example, Site

NAME = "ruled"  # the cache entry: .lawkit-cache/ruled-<key>
# The shared files the engine reads (the vocabulary, the outcomes, the record and its views) and
# the edition maps (through which the changes in behaviour are compared).
RULE_FILES = ("facts", "outcomes", "record", "views", "editions")
_PACKAGE = Path(__file__).resolve().parent.parent


class ScenarioError(Exception):
    """A scenario file does not load: each problem at path:line:col."""


def scenario_files(directory: str) -> list[str]:
    """The scenario files in ``directory``, in order (none when it is absent)."""
    from lawkit.rules.scenarios import files

    return files(directory)


def rules_key(site: Site, laws_path: str, directory: str) -> str:
    """A digest of everything the examples and the changes in behaviour are made from: every law's
    constants, definitions and rules as written (not where they are: a note added above a rule moves it, and
    no ruling says where its rule is), the heading's precedence groups, the citation ids (a ruling
    is filed under its law), the shared rule files, the scenario files and lawkit's own source."""
    digest = hashlib.sha256()

    def add(value: Any) -> None:
        digest.update(json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr).encode())
        digest.update(b"\n")

    for code in site.corpus.codes.values():
        for heading in code.headings:
            add([code.id, heading.groups])
            for law in heading.laws:
                add([law.id, law.unformalized, law.constants, law.definitions, law.rules])
    add(sorted(site.corpus.units))
    for name in RULE_FILES:
        add(name)
        digest.update(_read(os.path.join(laws_path, f"{name}.yaml")))
    for path in scenario_files(directory):
        add(site.rel(path))
        digest.update(_read(path))
    for source in sorted(_PACKAGE.rglob("*.py")):  # the engine, the loader and these renderers
        add(str(source.relative_to(_PACKAGE)))
        digest.update(_read(str(source)))
    return digest.hexdigest()[:20]


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return b"(absent)"


def load_examples(site: Site, directory: str) -> None:
    """Fill ``site.examples`` and ``site.scenarios`` from the scenario files in ``directory`` (nothing
    when it is absent), running each scenario."""
    import lawkit

    engine = lawkit.Engine(site.corpus)
    for path in scenario_files(directory):
        try:
            loaded = lawkit.load_scenarios(path)
        except lawkit.ScenarioFileError as exc:
            raise ScenarioError("\n".join(
                str(replace(p, position=replace(p.position, path=site.rel(p.position.path)))) for p in exc.problems))
        for scenario in loaded:
            site.scenarios.append((site.rel(path), scenario))
            lawkit.run_scenario(scenario, engine)  # what differs from the expectation is the tests' business
            for code, result in scenario.results.items():
                ruling_laws = dict.fromkeys(site.corpus.law_of(r.law).id for r in result.rulings
                                            if r.law in site.corpus.units)
                for law in ruling_laws:
                    site.examples.setdefault(law, []).append(Example(
                        scenario.name, scenario.description, json.loads(json.dumps(scenario.record)), code, result.rulings,
                        site.rel(path), scenario.position.line))


def changes(site: Site) -> None:
    """Fill ``site.changes``: for each edition, the scenarios ruled under both (lawkit.rules.changes)."""
    from lawkit.rules import Engine
    from lawkit.rules.changes import ruling_changes

    if not site.scenarios:
        return
    engine = Engine(site.corpus)
    for edition in site.corpus.editions:
        site.changes[(edition.earlier, edition.later)] = ruling_changes(engine, edition, site.scenarios)


# The last examples, scenarios and changes made or read in this process, under their key: under
# `mkdocs serve` a saved note or law text keeps the key, and they are not read from disk again.
_last: dict[str, tuple[list[tuple[str, Any]], dict[str, list[Example]], dict[tuple[str, str], Any]]] = {}


def run(site: Site, laws_path: str, directory: str,
        later: Callable[[str, Callable[[], None]], None] | None = None) -> None:
    """``load_examples`` and ``changes``, or what they made, kept in this process or read back from
    lawkit's cache, when nothing they read changed (``rules_key``); ``site.examples_key`` is that key.
    ``later``: the cache entry is written by it (after the build), not at once."""
    key = site.examples_key = rules_key(site, laws_path, directory)
    if key in _last:
        scenarios, examples, changed = _last[key]
        site.scenarios[:], site.examples, site.changes = scenarios, examples, changed
        return
    if cached(site, laws_path, key) is None:
        load_examples(site, directory)
        changes(site)
        if later is None:
            keep(site, laws_path, key)
        else:
            later(NAME, partial(keep, site, laws_path, key))
    _last.clear()
    _last[key] = (list(site.scenarios), site.examples, site.changes)


def cached(site: Site, laws_path: str, key: str) -> Site | None:
    """``site`` with the examples, scenarios and changes kept under ``key``, or None when there are none."""
    found = cache.load(laws_path, NAME, key, cache.Functions(_dumps, lambda data: _loads(site, data)))
    return found if isinstance(found, Site) else None


def keep(site: Site, laws_path: str, key: str) -> None:
    cache.store(laws_path, NAME, key, site, cache.Functions(_dumps, lambda data: _loads(site, data)))


# -- kept as JSON (nothing read back from the cache can run code) ----------------------------------

def _dumps(site: Site) -> bytes:
    scenarios = [{"file": path, "name": s.name, "line": s.position.line, "col": s.position.col,
                  "record": s.record, "expect": s.expect, "description": s.description}
                 for path, s in site.scenarios]
    examples = {law: [{**asdict(e), "rulings": [r.as_json() for r in e.rulings]} for e in kept]
                for law, kept in site.examples.items()}
    changed = [found.as_json() for found in site.changes.values()]
    # No default: a value JSON does not keep exactly is not cached (the cache skips what does not dump).
    return json.dumps({"scenarios": scenarios, "examples": examples, "changes": changed},
                      ensure_ascii=False).encode("utf-8")


def _loads(site: Site, data: bytes) -> Site:
    """Fill ``site`` from what ``_dumps`` wrote (an error for anything else: the cache makes it again)."""
    import lawkit
    from lawkit.rules.changes import Change, Changes, Side

    kept = json.loads(data.decode("utf-8"))
    scenarios = [(s["file"], lawkit.Scenario(s["name"], lawkit.Position(s["file"], s["line"], s["col"]),
                                             s["record"], s["expect"], s["description"]))
                 for s in kept["scenarios"]]
    examples = {law: [Example(**{**e, "rulings": [lawkit.Ruling(**r) for r in e["rulings"]]}) for e in found]
                for law, found in kept["examples"].items()}

    def change(c: dict[str, Any]) -> Change:
        return Change(c["scenario"], c["at"], Side(**c["earlier"]), Side(**c["later"]))

    found = {}
    for c in kept["changes"]:
        found[(c["earlier"], c["later"])] = Changes(
            c["earlier"], c["later"], c["run"], list(c["unreadable"]),
            [change(one) for one in c["changed"]], [change(one) for one in c["questions_only"]])
    site.scenarios[:], site.examples, site.changes = scenarios, examples, found
    return site
