"""lawkit: the historical laws of Whist, Duplicate Whist, Bridge and Auction Bridge.

    >>> import lawkit
    >>> corpus = lawkit.load("laws")
    >>> corpus.get("auction-bridge-1912/21").cites
    ['auction-bridge-1912/14']

``load`` raises ``CorpusError`` (with every problem, each naming
path:line:col) when the corpus has errors; ``check`` returns the problems
instead. ``Engine`` puts situations — records of what happened at the
table — to the rules:

    >>> engine = lawkit.Engine(corpus)
    >>> cut = [{"cut": {"by": p, "card": c}} for p, c in zip("NESW", ["QS", "3H", "3D", "KC"])]
    >>> result = engine.ruling("auction-bridge-1912", {"events": cut})
    >>> [r.values.get("first_dealer") for r in result.rulings]
    [None, 'E']
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from .corpus.problems import CorpusError, Position, Problem, sort_problems

if TYPE_CHECKING:
    from pathlib import Path

    from .corpus import Parsed
    from .rules import Compiled
    from .corpus.model import Code, Corpus, Heading, Item, Law, Note, Section
    from .retrieval.fulltext import Hit
    from .rules.engine import Engine, Result, Ruling, RulingError, Situation
    from .rules.scenarios import Scenario, ScenarioFileError
    from .rules.situation import SituationError, read_facts

__version__ = "0.1.0"  # the one place: pyproject.toml and `lawkit --version` read it

__all__ = [
    "Code", "Corpus", "CorpusError", "Engine", "Heading", "Hit", "Item", "Law", "Note", "Position", "Problem",
    "Result", "Ruling", "RulingError", "Scenario", "ScenarioFileError", "Section", "Situation", "SituationError",
    "check", "export", "load", "load_scenarios", "read_facts", "references", "run_scenario", "search",
]

# The engine (and the CEL library behind it) loads only when used: `lawkit show` stays quick;
# so does the model, which `lawkit search` does without when its indexes are kept.
_LAZY = {**{name: "rules.engine" for name in ("Engine", "Result", "Ruling", "RulingError", "Situation")},
         "Hit": "retrieval.fulltext", "Scenario": "rules.scenarios", "ScenarioFileError": "rules.scenarios",
         "SituationError": "rules.situation", "read_facts": "rules.situation",
         **{name: "corpus.model" for name in ("Code", "Corpus", "Heading", "Item", "Law", "Note", "Section")}}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'lawkit' has no attribute '{name}'")


def check(root: str | os.PathLike = "laws", *, parsed: Parsed | None = None,
          compiled: Compiled | None = None) -> Corpus:
    """Load and check the corpus under ``root``; its ``problems`` list what is wrong.

    The text is read and checked by lawkit.corpus, the rules beside it compiled and checked
    by lawkit.rules: this is where the two meet (the corpus knows nothing of the rules).
    ``parsed`` (a ``lawkit.corpus.Parsed``, kept from one check of ``root`` to the next, as
    ``mkdocs serve`` does) spares parsing and schema-checking the files whose text did not
    change, and comparing their codes with the sources again; ``compiled`` (a
    ``lawkit.rules.Compiled``, kept likewise, with ``parsed``) compiling the rules of the codes
    none of whose files changed: the result is the same."""
    from .corpus import check_corpus, read_corpus
    from .rules import compile_rulebooks  # imports the CEL library: only when checking

    corpus, docs = read_corpus(root, parsed)
    check_corpus(corpus, docs, parsed)
    compile_rulebooks(corpus, compiled=compiled)
    corpus.problems = sort_problems(corpus.problems)
    return corpus


def load(root: str | os.PathLike = "laws") -> Corpus:
    """Load the corpus under ``root``; raise ``CorpusError`` if it has errors."""
    corpus = check(root)
    if corpus.errors:
        raise CorpusError(corpus.problems)
    return corpus


def search(corpus: Corpus, query: str, *, code: str | None = None, topic: str | None = None,
           limit: int = 10) -> list["Hit"]:
    """Laws ranked for a query written as a player would ask it: by the words they share
    (bm25) and, when the model is installed, by closeness in meaning (see lawkit.retrieval).

    >>> lawkit.search(corpus, "who deals after a misdeal?", code="auction-bridge-1912")[0].id
    'auction-bridge-1912/36'
    """
    from .retrieval.fulltext import search as run

    return run(corpus, query, code=code, topic=topic, limit=limit)


def references(corpus: Corpus, citation: str, depth: int = 1) -> dict[str, Any]:
    """What a law cites and what cites it, ``depth`` steps out (0: every step).

    >>> [entry["id"] for entry in lawkit.references(corpus, "auction-bridge-1912/21")["out"]]
    ['auction-bridge-1912/14']
    """
    from .corpus.refs import walk

    return walk(corpus, citation, depth)


def export(corpus: Corpus) -> dict[str, Any]:
    """The whole corpus as JSON-ready data, as ``lawkit export --json`` prints it: every code
    with its laws and (when its rules are compiled, as after ``load``) its rulebook; topics,
    glossary, concordance, facts, outcomes, editions.

    >>> data = lawkit.export(corpus)
    >>> data["codes"][0]["laws"][20]["refs"], len(data["codes"][0]["rulebook"]["rules"]) > 0
    (['auction-bridge-1912/14'], True)
    """
    from .rules.export import export as run

    return run(corpus)


def load_scenarios(path: str | Path) -> list[Scenario]:
    """The scenarios of a scenario file (``scenarios:``, see docs/rules.md); raises
    ``ScenarioFileError`` with every problem, each at path:line:col."""
    from .rules.scenarios import load as run

    return run(path)


def run_scenario(scenario: Scenario, engine: Engine) -> list[str]:
    """Put a scenario to ``engine``: what differs from its expectation, one line each (none: it
    passes). The rulings given are kept in ``scenario.results`` (code id -> Result)."""
    from .rules.scenarios import run

    return run(scenario, engine)
