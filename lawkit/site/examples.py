"""Worked examples: the scenarios of tests/scenarios run through the engine, filed under
every law that rules in them."""

from __future__ import annotations

import json

from dataclasses import replace

from .context import Example, Site


class ScenarioError(Exception):
    """A scenario file does not load: each problem at path:line:col."""


def scenario_files(directory: str) -> list[str]:
    """The scenario files in ``directory``, in order (none when it is absent)."""
    from lawkit.rules.scenarios import files

    return files(directory)


def load_examples(site: Site, directory: str) -> None:
    """Fill ``site.examples`` from the scenario files in ``directory`` (nothing when it is absent)."""
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
