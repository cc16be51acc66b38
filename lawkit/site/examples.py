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
from ..corpus import same_place
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
    return _whole_key(*rules_keys(site, laws_path, directory))


def _whole_key(shared: str, codes: dict[str, str]) -> str:
    return hashlib.sha256(json.dumps([shared, codes], sort_keys=True).encode()).hexdigest()[:20]


def rules_keys(site: Site, laws_path: str, directory: str) -> tuple[str, dict[str, str]]:
    """``rules_key`` in parts: a digest of what every code's rulings read (the citation ids, the shared
    rule files, the scenario files, lawkit's source), and for each code a digest of that and of the
    code's own constants, definitions, rules and precedence groups (a code's rulings read no other
    code's rules: a saved rule changes its code's key alone)."""
    digest = hashlib.sha256()

    def add(digest: Any, value: Any) -> None:
        digest.update(json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr).encode())
        digest.update(b"\n")

    add(digest, sorted(site.corpus.units))
    for name in RULE_FILES:
        add(digest, name)
        digest.update(_read(os.path.join(laws_path, f"{name}.yaml")))
    for path in scenario_files(directory):
        add(digest, site.rel(path))
        digest.update(_read(path))
    for source in sorted(_PACKAGE.rglob("*.py")):  # the engine, the loader and these renderers
        add(digest, str(source.relative_to(_PACKAGE)))
        digest.update(_read(str(source)))
    shared = digest.hexdigest()[:20]
    codes = {}
    for code in site.corpus.codes.values():
        one = hashlib.sha256(shared.encode() + b"\n")
        for heading in code.headings:
            add(one, [code.id, heading.groups])
            for law in heading.laws:
                one.update(_written(law))
        codes[code.id] = one.hexdigest()[:20]
    return shared, codes


# Each law's rules as written, as rules_keys digests them, by what they are (``same_place``: of the same
# types, in the same order; under `mkdocs serve` the very mappings of the last check, when their file
# did not change, are compared at once).
_rules_written: dict[str, tuple[list[Any], bytes]] = {}


def _written(law: Any) -> bytes:
    """The law's constants, definitions and rules as JSON (positions aside; each mapping's keys in the
    order written, which a rules box shows: a rule's values), a line."""
    what = [law.id, law.unformalized, law.constants, law.definitions, law.rules]
    kept = _rules_written.get(law.id)
    if kept is None or not same_place(kept[0], what):  # 1 == True, which JSON writes otherwise
        text = json.dumps(what, ensure_ascii=False, default=repr).encode() + b"\n"
    else:
        text = kept[1]
    _rules_written[law.id] = (what, text)  # the next build compares with these objects
    return text


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return b"(absent)"


def load_examples(site: Site, directory: str, engine: Any = None, loaded: list[tuple[str, list[Any]]] | None = None,
                  records: dict[int, tuple[Any, Any]] | None = None) -> None:
    """Fill ``site.examples`` and ``site.scenarios`` from the scenario files in ``directory`` (nothing
    when it is absent), running each scenario (with ``engine``: an Engine of the corpus, or one that
    remembers; ``loaded``: the files' scenarios, already read; ``records``: each record's plain copy by
    the record's id, kept with the record, for a memory of the scenarios that outlives this run)."""
    import lawkit
    from lawkit.rules.scenarios import rule

    engine = engine if engine is not None else lawkit.Engine(site.corpus)
    records = {} if records is None else records
    for path, found in loaded if loaded is not None else _load_scenarios(site, directory):
        shown = site.rel(path)
        for scenario in found:
            site.scenarios.append((shown, scenario))
            scenario.results.clear()  # a scenario kept from the last run is ruled again
            rule(scenario, engine, views="rules")  # the rulings alone: what differs is the tests' business
            for code, result in scenario.results.items():
                ruling_laws = dict.fromkeys(site.corpus.law_of(r.law).id for r in result.rulings
                                            if r.law in site.corpus.units)
                for law in ruling_laws:
                    site.examples.setdefault(law, []).append(Example(
                        scenario.name, scenario.description, _plain(records, scenario.record), code, result.rulings,
                        shown, scenario.position.line))


def _plain(records: dict[int, tuple[Any, Any]], record: Any) -> Any:
    """The record as plain JSON data (as written, without positions): one copy for all its examples,
    which only read it."""
    kept = records.get(id(record))
    if kept is None or kept[0] is not record:
        kept = records[id(record)] = (record, json.loads(json.dumps(record)))
    return kept[1]


def _load_scenarios(site: Site, directory: str) -> list[tuple[str, list[Any]]]:
    """Each scenario file with its scenarios (ScenarioError when one does not load)."""
    import lawkit

    out = []
    for path in scenario_files(directory):
        try:
            out.append((path, lawkit.load_scenarios(path)))
        except lawkit.ScenarioFileError as exc:
            raise ScenarioError("\n".join(
                str(replace(p, position=replace(p.position, path=site.rel(p.position.path)))) for p in exc.problems))
    return out


def changes(site: Site, engine: Any = None, kept: dict[tuple[str, str], dict[int, Any]] | None = None) -> None:
    """Fill ``site.changes``: for each edition, the scenarios ruled under both (lawkit.rules.changes;
    ``kept``: each edition's comparisons of the last run, for an engine that remembers)."""
    from lawkit.rules import Engine
    from lawkit.rules.changes import ruling_changes

    if not site.scenarios:
        return
    engine = engine if engine is not None else Engine(site.corpus)
    for edition in site.corpus.editions:
        pair = (edition.earlier, edition.later)
        site.changes[pair] = ruling_changes(engine, edition, site.scenarios,
                                            kept.setdefault(pair, {}) if kept is not None else None)


# The last examples, scenarios and changes made or read in this process, under their key: under
# `mkdocs serve` a saved note or law text keeps the key, and they are not read from disk again.
_last: dict[str, tuple[list[tuple[str, Any]], dict[str, list[Example]], dict[tuple[str, str], Any]]] = {}


class _Remembered:
    """What the last run in this process read and ruled (under `mkdocs serve`, the run before this
    rebuild's), for the same shared key (``rules_keys``): the scenario files as loaded, the situations
    their records give, and each code's rulings on them under that code's key."""

    def __init__(self, shared: tuple[str, str], loaded: list[tuple[str, list[Any]]]) -> None:
        self.shared = shared  # the shared key and the scenarios' folder (the scenarios were loaded from it)
        self.loaded = loaded
        # (record, the views the rules read) -> (the record, its Situation or RulingError)
        self.situations: dict[tuple[int, frozenset[str] | None], tuple[Any, Any]] = {}
        # (code key, situation) -> (the situation, its Result or RulingError)
        self.rulings: dict[tuple[str, int], tuple[Any, Any]] = {}
        self.used_situations: dict[tuple[int, frozenset[str] | None], tuple[Any, Any]] = {}  # this run's
        self.used_rulings: dict[tuple[str, int], tuple[Any, Any]] = {}
        self.books: dict[str, tuple[str, Any]] = {}  # code -> (its key, its compiled rules) in the last run
        self.records: dict[int, tuple[Any, Any]] = {}  # id of a scenario's record -> (it, its plain copy)
        self.compared: dict[tuple[str, str], dict[int, Any]] = {}  # each edition's last comparisons (changes)

    def done(self) -> None:
        """The run is through: what it did not use (a changed code's rulings) is let go."""
        self.situations, self.rulings = self.used_situations, self.used_rulings
        self.used_situations, self.used_rulings = {}, {}


_remembered: list[_Remembered] = []


class RememberingEngine:
    """An engine (``situation``, ``ruling`` and ``corpus``, what the scenarios and the changes in behaviour
    call) that gives a code whose key did not change the rulings it gave in the last run, on the same
    situations: a saved rule runs the scenarios again for its own code alone."""

    def __init__(self, engine: Any, memory: _Remembered, keys: dict[str, str]) -> None:
        self.engine, self.memory, self.keys = engine, memory, keys
        self.corpus = engine.corpus
        self.changed: dict[str, Any] = {}  # code -> its rules' changed conditions since the last run (when_changes)

    def situation(self, data: Any, path: str = "<situation>", *, views: str = "all") -> Any:
        import lawkit

        if isinstance(data, lawkit.Situation):
            return data
        # A record of a scenario kept in memory: the same object, and a situation depends only on it, the
        # shared files (the memory's key) and, for the rules' views, which views some rule reads. Not on
        # ``path``: a scenario's record is read with positions, which name its file (the worked examples
        # and the changes in behaviour name it each its own way, and share the situation).
        key = (id(data), self.engine.views_read if views == "rules" else None)
        return _kept(self.memory.situations, self.memory.used_situations, key, data,
                     lambda: self.engine.situation(data, path, views=views))

    def ruling(self, code: str, situation: Any, *, checked: bool = False) -> Any:
        situation = self.situation(situation, views="rules")
        if code not in self.keys:  # not a code of the corpus: the engine says so
            return self.engine.ruling(code, situation, checked=checked)
        key = (self.keys[code], id(situation))  # ``checked`` changes no ruling: the examples' and the changes' shared
        return _kept(self.memory.rulings, self.memory.used_rulings, key, situation,
                     lambda: self._ruled(code, situation, checked))

    def _ruled(self, code: str, situation: Any, checked: bool) -> Any:
        """The engine's ruling; or the last run's, when the code's rules changed in their conditions
        alone (a saved `when`) and this situation's ruling does not depend on them (``keeps_ruling``)."""
        from lawkit.rules.engine import Result, when_changes

        book = self.engine.corpus.rulebooks.get(code)
        before = self.memory.books.get(code)
        if before is not None and book is not None and before[0] != self.keys[code]:
            entry = self.memory.rulings.get((before[0], id(situation)))
            if entry is not None and entry[0] is situation and isinstance(entry[1], Result):
                if code not in self.changed:
                    self.changed[code] = when_changes(before[1], book)
                changed = self.changed[code]
                if changed is not None and self.engine.keeps_ruling(changed, situation, entry[1]):
                    return entry[1]
        return self.engine.ruling(code, situation, checked=checked)

    def through(self) -> None:
        """The run went through: the rules it ruled with are those its rulings are kept under."""
        self.memory.books = {code: (key, self.engine.corpus.rulebooks[code]) for code, key in self.keys.items()
                             if code in self.engine.corpus.rulebooks}


def _kept(kept: dict, used: dict, key: tuple, subject: Any, make: Callable[[], Any]) -> Any:
    """What ``make`` gives (or the RulingError it raises, raised again) for ``subject``, kept in
    ``kept`` under ``key`` from the last run, or made earlier in this one, and filed in ``used`` for
    the next: keyed by the subject's id, so an entry counts only while it holds that same object."""
    import lawkit

    entry = used.get(key) or kept.get(key)
    if entry is not None and entry[0] is subject:
        found = entry[1]
    else:
        try:
            found = make()
        except lawkit.RulingError as exc:
            found = exc
    used[key] = (subject, found)
    if isinstance(found, Exception):
        raise found
    return found


def run(site: Site, laws_path: str, directory: str,
        later: Callable[[str, Callable[[], None]], None] | None = None, remember: bool = False) -> None:
    """``load_examples`` and ``changes``, or what they made, kept in this process or read back from
    lawkit's cache, when nothing they read changed (``rules_key``); ``site.examples_key`` is that key,
    ``site.examples_keys`` each code's part of it. ``later``: the cache entry is written by it (after the
    build), not at once. ``remember`` (under `mkdocs serve`): never read back from the cache, they are
    made in memory, the scenario files as loaded and the rulings of every code whose own key did not
    change those of the last run, so that a saved rule rules again for its own code alone."""
    import lawkit

    shared, codes = rules_keys(site, laws_path, directory)
    key = site.examples_key = _whole_key(shared, codes)
    site.examples_keys, site.examples_shared = codes, shared
    memory_key = (shared, os.path.abspath(directory))
    if key in _last:
        scenarios, examples, changed = _last[key]
        site.scenarios[:], site.examples, site.changes = scenarios, examples, changed
    elif remember or cached(site, laws_path, key) is None:
        # Under serve, the memory of the last run; else one of this run's own: either way the examples and
        # the changes share each scenario's situation, and the rulings of the codes both ask.
        memory = _memory(site, directory, memory_key) if remember else _Remembered(memory_key, _load_scenarios(site, directory))
        engine = RememberingEngine(lawkit.Engine(site.corpus), memory, codes)
        load_examples(site, directory, engine, memory.loaded, memory.records)
        changes(site, engine, memory.compared)
        if remember:
            memory.done()
            engine.through()
        if later is None:
            keep(site, laws_path, key)
        elif not cache.has(laws_path, NAME, key):  # a serve's first run, after a build that wrote it
            later(NAME, partial(keep, site, laws_path, key))
    if key not in _last:
        _last.clear()
        _last[key] = (list(site.scenarios), site.examples, site.changes)


def _memory(site: Site, directory: str, shared: tuple[str, str]) -> _Remembered:
    """The memory of the last run for ``shared``, or a new one (the scenario files loaded)."""
    if not (_remembered and _remembered[0].shared == shared):
        _remembered[:] = [_Remembered(shared, _load_scenarios(site, directory))]
    return _remembered[0]


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
