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

from .problems import CorpusError, Position, Problem, sort_problems

if TYPE_CHECKING:
    from .engine import Engine, Result, Ruling, RulingError
    from .fulltext import Hit
    from .model import Code, Corpus, Heading, Item, Law, Note, Section

__all__ = [
    "Code", "Corpus", "CorpusError", "Engine", "Heading", "Hit", "Item", "Law", "Note", "Position", "Problem",
    "Result", "Ruling", "RulingError", "Section", "check", "load", "references", "search",
]

# The engine (and the CEL library behind it) loads only when used: `lawkit show` stays quick;
# so does the model, which `lawkit search` does without when its indexes are kept.
_LAZY = {"Engine": "engine", "Result": "engine", "Ruling": "engine", "RulingError": "engine", "Hit": "fulltext",
         **{name: "model" for name in ("Code", "Corpus", "Heading", "Item", "Law", "Note", "Section")}}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'lawkit' has no attribute '{name}'")


def check(root: str | os.PathLike = "laws") -> Corpus:
    """Load and check the corpus under ``root``; its ``problems`` list what is wrong."""
    from ._checks import check as run_checks
    from ._load import read_corpus

    corpus, docs = read_corpus(root)
    run_checks(corpus, docs)
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
    (bm25) and, when the model is installed, by closeness in meaning (see lawkit.fulltext).

    >>> lawkit.search(corpus, "who deals after a misdeal?", code="auction-bridge-1912")[0].id
    'auction-bridge-1912/36'
    """
    from .fulltext import search as run

    return run(corpus, query, code=code, topic=topic, limit=limit)


def references(corpus: Corpus, citation: str, depth: int = 1) -> dict[str, Any]:
    """What a law cites and what cites it, ``depth`` steps out (0: every step).

    >>> [entry["id"] for entry in lawkit.references(corpus, "auction-bridge-1912/21")["out"]]
    ['auction-bridge-1912/14']
    """
    from .refs import walk

    return walk(corpus, citation, depth)
