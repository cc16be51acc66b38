"""lawkit's pytest plugin: scenario files run as tests, one test per scenario (as OpenFisca
ships its YAML test runner). Registered under the ``pytest11`` entry point, so any project
with lawkit installed, its own ``laws/`` and scenario files runs them with plain ``pytest``.

A scenario file is collected when both hold (so no other YAML is ever taken for one):

- it is a ``.yaml`` or ``.yml`` file in a folder named ``scenarios`` (``tests/scenarios/``);
- a line of it starts with the top-level key ``scenarios:`` (docs/rules.md shows the format).

The scenarios are put to the corpus in ``laws/`` beside the rootdir, or in the folder named by
the ini option ``lawkit_laws`` (relative to the rootdir) or ``--lawkit-laws DIR``; the corpus
is loaded and its rules compiled once per folder. A failure names the file, the line of the
scenario and what differs, e.g.::

    tests/scenarios/deal.yaml:12: scenario 'Fourteen cards to one player':
      english-whist: expected ruling english-whist/44#..., not given

It uses only lawkit's public API (``lawkit.load``, ``Engine``, ``load_scenarios``,
``run_scenario``), as a plugin of one's own would. ``pytest -p no:lawkit`` switches it off.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

import pytest

if TYPE_CHECKING:
    from . import Engine, Scenario

_TOP_KEY = re.compile(r"^scenarios:", re.MULTILINE)
_ENGINES: dict[Path, Engine] = {}


def engine_for(laws: str | os.PathLike) -> Engine:
    """One engine over the corpus in ``laws`` (loaded and compiled once per folder)."""
    import lawkit

    path = Path(laws).resolve()
    if path not in _ENGINES:
        _ENGINES[path] = lawkit.Engine(lawkit.load(path))
    return _ENGINES[path]


def is_scenario_file(path: Path) -> bool:
    """A YAML file in a ``scenarios`` folder with the top-level key ``scenarios:``."""
    if path.suffix not in (".yaml", ".yml") or path.parent.name != "scenarios":
        return False
    try:
        return _TOP_KEY.search(path.read_text("utf-8")) is not None
    except (OSError, UnicodeDecodeError):
        return False


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("lawkit_laws", "the corpus the scenario files are put to (default: laws, from the rootdir)",
                  default="laws")
    parser.addoption("--lawkit-laws", metavar="DIR", default=None,
                     help="the corpus lawkit's scenario files are put to (default: the ini's lawkit_laws)")


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> ScenarioFile | None:
    if is_scenario_file(file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


def laws_of(config: pytest.Config) -> Path:
    """The corpus folder of this pytest run."""
    option = config.getoption("--lawkit-laws")
    return config.rootpath / (option if option is not None else str(config.getini("lawkit_laws")))


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[ScenarioItem]:
        import lawkit

        for scenario in lawkit.load_scenarios(self.path):
            yield ScenarioItem.from_parent(self, name=scenario.name, scenario=scenario)


class ScenarioFailure(Exception):
    pass


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario: Scenario, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self) -> None:
        import lawkit

        failures = lawkit.run_scenario(self.scenario, engine_for(laws_of(self.config)))
        if failures:
            raise ScenarioFailure("\n".join(f"  {f}" for f in failures))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, ScenarioFailure):
            where = self.scenario.position
            return f"{where.path}:{where.line}: scenario '{self.scenario.name}':\n{excinfo.value}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.scenario.position.line - 1, f"scenario: {self.scenario.name}"
