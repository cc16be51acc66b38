"""Search: laws ranked for a question, by the words they share (``fulltext``: SQLite FTS5,
bm25) and by closeness in meaning (``semantic``: all-MiniLM-L6-v2 run with NumPy, in the
private ``_minilm``), the two rankings fused (``fulltext.search``).

Named ``retrieval`` rather than ``search`` so that ``lawkit.search``, the function, keeps its
name: a sub-package ``lawkit.search`` would replace it on the package once imported. It builds
on lawkit.corpus and lawkit.cache and knows nothing of the rules, the site or the CLI
(tests/test_architecture.py). Its public modules are ``fulltext`` and ``semantic``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .fulltext import Hit, Searcher, hits_json, search
    from .semantic import available

__all__ = ["Hit", "Searcher", "available", "hits_json", "search"]

_LAZY = {"Hit": "fulltext", "Searcher": "fulltext", "hits_json": "fulltext", "search": "fulltext",
         "available": "semantic"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
