"""Every rule is tested both ways by the scenarios, and every code's required topics are executable.

For each rule of each code: some scenario has it rule, and some scenario has it
in play (its facts given) without ruling — its condition did not hold, or
another rule took precedence. And `lawkit coverage` finds no untouched law in
the topics marked `formalize: true`.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from lawkit.rules import coverage, scenarios

from conftest import scenario_engine, suite_scenarios

@pytest.fixture(scope="module")
def outcomes():
    engine = scenario_engine()
    ruled, held_back = defaultdict(list), defaultdict(list)
    for scenario in suite_scenarios():
        scenarios.run(scenario, engine)
        for result in scenario.results.values():
            for ruling in result.rulings:
                ruled[ruling.rule].append(scenario.name)
            for considered in result.considered:
                if considered["status"] in ("did-not-hold", "overridden"):
                    held_back[considered["rule"]].append(scenario.name)
    return engine, ruled, held_back


def test_every_rule_has_a_scenario_where_it_rules(outcomes):
    engine, ruled, _ = outcomes
    rules = [rule.key for book in engine.corpus.rulebooks.values() for rule in book.rules]
    assert len(rules) > 300
    assert [key for key in rules if key not in ruled] == []


def test_every_rule_has_a_scenario_where_it_is_in_play_and_does_not_rule(outcomes):
    engine, _, held_back = outcomes
    rules = [rule.key for book in engine.corpus.rulebooks.values() for rule in book.rules]
    assert [key for key in rules if key not in held_back] == []


def test_every_law_of_the_required_topics_is_executable_or_says_why_not():
    data = coverage.coverage(scenario_engine().corpus)
    assert data["required_topics"]
    assert [gap["law"] for code in data["codes"] for gap in code["required_topics_untouched"]] == []
