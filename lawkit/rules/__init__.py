"""The rules: the CEL clauses beside the law text compiled into each code's rulebook, the
engine that puts a situation to them, situations and scenarios, coverage.

It builds on lawkit.corpus (through its public names) and knows nothing of the search, the
site or the CLI (tests/test_architecture.py). Its public modules: ``rulebook`` (constants and
rules compiled and checked), ``record`` (a record of the table), ``views`` (what the laws
speak of, derived from the record), ``celnames`` (the names a CEL expression uses),
``engine`` (rulings), ``situation`` (situation files), ``scenarios``
(situations with the rulings each code must give), ``coverage`` and ``export`` (the corpus's
export with each code's rulebook, and the data a browser evaluator rules from); lawkit.testing
runs scenario files under pytest.
The names below load when first used: the CEL library comes with the first of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine import Engine, Result, Ruling, RulingError
    from .export import explorer_model, explorer_rulebook, rulebook_data
    from .rulebook import (Compiled, Constant, Expression, Rule, Rulebook, compile_rulebooks, situation_stats,
                           situation_stats_text)
    from .scenarios import Scenario, ScenarioFileError
    from .situation import SituationError, read_facts

__all__ = ["Compiled", "Constant", "Engine", "Expression", "Result", "Rule", "Rulebook", "Ruling", "RulingError", "Scenario",
           "ScenarioFileError", "SituationError", "compile_rulebooks", "explorer_model", "explorer_rulebook",
           "read_facts", "rulebook_data", "situation_stats", "situation_stats_text"]

_LAZY = {**{name: "engine" for name in ("Engine", "Result", "Ruling", "RulingError")},
         **{name: "rulebook" for name in ("Compiled", "Constant", "Expression", "Rule", "Rulebook", "compile_rulebooks",
                                          "situation_stats", "situation_stats_text")},
         **{name: "export" for name in ("explorer_model", "explorer_rulebook", "rulebook_data")}, "Scenario": "scenarios", "ScenarioFileError": "scenarios",
         "SituationError": "situation", "read_facts": "situation"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
