"""Worked examples: the scenarios of tests/scenarios run through the engine, filed under
every law that rules in them."""

from __future__ import annotations

import glob
import os
from dataclasses import replace

from .context import Example, Site


class ScenarioError(Exception):
    """A scenario file does not load: each problem at path:line:col."""


def load_examples(site: Site, directory: str, laws_path: str | None = None, corpus_key: str | None = None) -> None:
    """Fill ``site.examples`` from the scenario files in ``directory`` (nothing when it is absent).

    Running every scenario takes a noticeable part of a build, so the result is kept in
    lawkit's cache, keyed by the corpus's and the scenario files' fingerprints.
    """
    if not os.path.isdir(directory):
        return
    if laws_path is None or corpus_key is None:
        _run_scenarios(site, directory)
        return
    key = _key(directory, corpus_key)
    cached = _read(laws_path, key)
    if cached is not None:
        site.examples.update(cached)
        return
    _run_scenarios(site, directory)
    _write(laws_path, key, site.examples)


def _key(directory: str, corpus_key: str) -> str:
    import hashlib

    digest = hashlib.sha1(corpus_key.encode())  # the corpus's fingerprint, from lawkit's cache
    for path in sorted(glob.glob(os.path.join(directory, "*.yaml"))):
        stat = os.stat(path)
        digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:20]


def _read(laws_path: str, key: str) -> dict | None:
    import pickle

    from lawkit.cache import path_for

    try:
        with open(path_for(laws_path, "examples", key), "rb") as handle:
            return pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return None


def _write(laws_path: str, key: str, examples: dict) -> None:
    import pickle

    from lawkit.cache import directory, path_for

    try:
        folder = directory(laws_path)
        folder.mkdir(exist_ok=True)
        for old in folder.glob("examples-*"):
            old.unlink()
        with open(path_for(laws_path, "examples", key), "wb") as handle:
            pickle.dump(examples, handle, protocol=pickle.HIGHEST_PROTOCOL)
    except OSError:
        pass


def _run_scenarios(site: Site, directory: str) -> None:
    import lawkit
    from lawkit import scenarios

    engine = lawkit.Engine(site.corpus)
    for path in sorted(glob.glob(os.path.join(directory, "*.yaml"))):
        try:
            loaded = scenarios.load(path)
        except scenarios.ScenarioFileError as exc:
            raise ScenarioError("\n".join(
                str(replace(p, position=replace(p.position, path=site.rel(p.position.path)))) for p in exc.problems))
        for scenario in loaded:
            scenarios.run(scenario, engine)  # what differs from the expectation is the tests' business
            for code, result in scenario.results.items():
                ruling_laws = dict.fromkeys(site.corpus.law_of(r.law).id for r in result.rulings
                                            if r.law in site.corpus.units)
                for law in ruling_laws:
                    site.examples.setdefault(law, []).append(Example(
                        scenario.name, scenario.description, scenario.facts, code, result.rulings,
                        site.rel(path), scenario.position.line))
