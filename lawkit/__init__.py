"""lawkit: the historical laws of Whist, Duplicate Whist, Bridge and Auction Bridge.

    >>> import lawkit
    >>> corpus = lawkit.load("laws")
    >>> corpus.get("auction-bridge-1912/21").cites
    ['auction-bridge-1912/14']

``load`` raises ``CorpusError`` (with every problem, each naming
path:line:col) when the corpus has errors; ``check`` returns the problems
instead. ``Engine`` puts situations to the rules:

    >>> engine = lawkit.Engine(corpus)
    >>> cut = [{"player": p, "cards": [c]} for p, c in zip("NESW", ["QS", "3H", "3D", "KC"])]
    >>> result = engine.ruling("auction-bridge-1912", {"cuts": cut})
    >>> [r.values.get("first_dealer") for r in result.rulings]
    [None, 'E']
"""

from __future__ import annotations

import os

from ._checks import check as _check
from ._load import read_corpus as _read_corpus
from .engine import Engine, Result, Ruling, RulingError
from .model import Code, Corpus, Heading, Item, Law, Note, Section
from .problems import CorpusError, Position, Problem, sort_problems

__all__ = [
    "Code", "Corpus", "CorpusError", "Engine", "Heading", "Item", "Law", "Note", "Position", "Problem", "Result",
    "Ruling", "RulingError", "Section", "check", "load",
]


def check(root: str | os.PathLike = "laws") -> Corpus:
    """Load and check the corpus under ``root``; its ``problems`` list what is wrong."""
    corpus, docs = _read_corpus(root)
    _check(corpus, docs)
    corpus.problems = sort_problems(corpus.problems)
    return corpus


def load(root: str | os.PathLike = "laws") -> Corpus:
    """Load the corpus under ``root``; raise ``CorpusError`` if it has errors."""
    corpus = check(root)
    if corpus.errors:
        raise CorpusError(corpus.problems)
    return corpus
