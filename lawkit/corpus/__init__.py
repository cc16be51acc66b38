"""The corpus: the laws as printed, read from YAML, checked, and laid out as data.

It knows nothing of the rules, the search, the site or the CLI (tests/test_architecture.py
holds it to that): they build on it. Its public modules: ``model`` (Corpus, Code, Law, …),
``problems`` (Position, Problem, CorpusError), ``citations``, ``printed``, ``editions``,
``refs``, ``stats``, ``export``, ``fmt``, ``stored`` (a checked corpus as JSON, for the
cache) and ``facts`` (the facts vocabulary of laws/facts.yaml, which the loader reads and the
rules use). The names below are what the layers above use
of its private modules (``_yaml``, ``_schema``, ``_load``, ``_checks``, ``_parsed``); they load when
first used, so ``import lawkit`` stays quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._checks import check as check_corpus
    from ._load import read_corpus
    from ._parsed import Parsed
    from ._schema import validate as validate_schema
    from ._yaml import Document, MarkedDict, MarkedList, load_document, same_place

__all__ = ["Document", "MarkedDict", "MarkedList", "Parsed", "check_corpus", "load_document", "read_corpus",
           "same_place", "validate_schema"]

# name -> (private module, its name for it)
_LAZY = {"check_corpus": ("_checks", "check"), "read_corpus": ("_load", "read_corpus"), "Parsed": ("_parsed", "Parsed"),
         "validate_schema": ("_schema", "validate"),
         **{name: ("_yaml", name) for name in ("Document", "MarkedDict", "MarkedList", "load_document",
                                               "same_place")}}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        module, attribute = _LAZY[name]
        return getattr(import_module(f".{module}", __name__), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
