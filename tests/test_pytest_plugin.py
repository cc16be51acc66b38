"""lawkit's pytest plugin (lawkit/testing.py, the ``pytest11`` entry point): a project of its own,
with its own laws/ and a scenario file, runs its scenarios with plain ``pytest``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import DEMO_FACTS, DEMO_LOWEST_DEALS, DEMO_OUTCOMES

FILES = {
    "pytest.ini": "[pytest]\n",
    "laws/facts.yaml": DEMO_FACTS,
    "laws/outcomes.yaml": DEMO_OUTCOMES,
    "laws/demo/code.yaml": """\
# yaml-language-server: $schema=../../lawkit/schemas/code.schema.json
code: demo
title: DEMO
source: {book: X, year: 1900}
headings: [ONE]
""",
    "laws/demo/01-one.yaml": """\
# yaml-language-server: $schema=../../lawkit/schemas/heading.schema.json
heading: ONE
laws:
  - law: 1
    text: The ace is lowest.
    constants:
      - name: rank
        card_order: {ranks: A23456789TJQK, suits: null}
  - law: 2
    text: The lowest deals.
""" + DEMO_LOWEST_DEALS,
    "tests/scenarios/cutting.yaml": """\
# yaml-language-server: $schema=../../lawkit/schemas/scenarios.schema.json
scenarios:
  - name: The lowest deals
    code: demo
    record:
      answers:
        cuts: [{player: Ann, card: AS}, {player: Bob, card: KH}]
    expect:
      rulings:
        - rule: 2#lowest-deals
          values: {dealer_player: Ann}
  - name: The highest deals
    code: demo
    record:
      answers:
        cuts: [{player: Ann, card: AS}, {player: Bob, card: KH}]
    expect:
      rulings:
        - rule: 2#lowest-deals
          values: {dealer_player: Bob}
""",
    # YAML that is no scenario file: in a scenarios folder without the key, and the key elsewhere
    "tests/scenarios/notes.yaml": "title: not scenarios\nitems: [1, 2]\n",
    "tests/data/scenarios.yaml": "scenarios:\n  - this is not lawkit's\n",
}


def project(tmp_path: Path) -> Path:
    for relative, text in FILES.items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return tmp_path


def pytest_in(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=folder,
                          capture_output=True, text=True, timeout=300)


def test_a_project_runs_its_scenarios_with_pytest(tmp_path):
    root = project(tmp_path)
    run = pytest_in(root, "tests")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "1 failed, 1 passed" in run.stdout, run.stdout
    # the failure names the file, the scenario's line, its name and what differs
    scenario_file = root / "tests" / "scenarios" / "cutting.yaml"
    assert f"{scenario_file}:12: scenario 'The highest deals':" in run.stdout, run.stdout
    assert "demo/2#lowest-deals: dealer_player = \"Ann\", expected \"Bob\"" in run.stdout, run.stdout
    assert "FAILED tests/scenarios/cutting.yaml::The highest deals" in run.stdout, run.stdout


def test_only_scenario_files_are_collected(tmp_path):
    run = pytest_in(project(tmp_path), "--collect-only", "-q", "tests")
    items = [line for line in run.stdout.splitlines() if "::" in line]
    assert items == ["tests/scenarios/cutting.yaml::The lowest deals",
                     "tests/scenarios/cutting.yaml::The highest deals"], run.stdout + run.stderr


def test_the_laws_folder_is_a_setting(tmp_path):
    root = project(tmp_path)
    (root / "laws").rename(root / "corpus")
    assert "1 failed, 1 passed" in pytest_in(root, "--lawkit-laws", "corpus", "tests").stdout
    (root / "pytest.ini").write_text("[pytest]\nlawkit_laws = corpus\n", "utf-8")
    assert "1 failed, 1 passed" in pytest_in(root, "tests").stdout
    missing = pytest_in(root, "--lawkit-laws", "nowhere", "tests")
    assert missing.returncode == 1 and "2 failed" in missing.stdout, missing.stdout
