"""CEL for the rules and views: the corpus's expressions compiled into Python, the CEL library behind them.

``compile(source)`` gives a ``Program`` whose ``execute(context)`` runs the
expression as a Python function of the context's values (``lawkit.rules._fastcel``);
wherever that code does not decide (an error, a type it does not handle, an
unbound name) the library runs the same expression on the same values, so every
error is the library's. A ``Context`` is a plain dict of values with ``update``.
``LAWKIT_CEL=library`` runs every expression in the library alone (the reference
the equivalence tests compare with).

The CEL library is imported without its command-line interface:

``cel/__init__.py`` imports ``cel.cli`` on every import, which pulls in
prompt_toolkit and costs about 110 ms — a third of a warm `lawkit ruling`.
lawkit never uses that CLI, so a placeholder module stands in for it before
the first import. Everything lawkit uses (compile, Context, Program) comes
from the compiled extension as usual.
"""

from __future__ import annotations

import sys
import types

if "cel" not in sys.modules:
    sys.modules.setdefault("cel.cli", types.ModuleType("cel.cli"))

import cel  # noqa: E402
import os  # noqa: E402
from typing import Any, Callable  # noqa: E402

from . import _fastcel  # noqa: E402
from .celnames import names as _names  # noqa: E402

__all__ = ["cel", "plain", "compile", "Context", "Program", "mode", "counts"]


class _Mode:
    """Whether the library alone runs every expression (``LAWKIT_CEL=library``; the tests switch it)."""
    library = os.environ.get("LAWKIT_CEL", "") == "library"


mode = _Mode()
# How often expressions ran in Python, in the library after the Python code did not decide, and in the
# library because they are outside the compiled subset (the benchmark prints them).
counts = {"fast": 0, "fallback": 0, "library": 0}
_UNCOMPILED: Any = object()
# The Python function of each source compiled so far (None: outside the subset): the codes repeat
# many conditions word for word, and each is compiled into Python once.
_functions: dict[str, Callable[[dict[str, Any]], Any] | None] = {}
# The library's program of each source compiled so far: a check compiles some 3,000 expressions, and
# under `mkdocs serve` every rebuild checks the corpus again; a program is a pure function of its
# source (the library keeps no state in it: each run gets its own context), so it is shared.
_library: dict[str, Any] = {}


class Context:
    """The values an expression reads, by name: a plain dict (``values``), updated as a dict is."""

    __slots__ = ("values",)

    def __init__(self, values: dict[str, Any] | None = None):
        self.values: dict[str, Any] = {} if values is None else values

    def update(self, values: dict[str, Any]) -> None:
        self.values.update(values)

    def __setitem__(self, name: str, value: Any) -> None:
        self.values[name] = value


class Program:
    """One CEL expression: compiled by the library (its syntax checked), and into Python on first run."""

    __slots__ = ("source", "library_program", "names", "_fast")

    def __init__(self, source: str):
        self.source = source
        program = _library.get(source)
        if program is None:  # a syntax error raises here each time: it is not kept
            program = _library[source] = cel.compile(source)
        self.library_program = program
        self.names = _names(source).free
        self._fast: Any = _UNCOMPILED

    @property
    def fast(self) -> Callable[[dict[str, Any]], Any] | None:
        """The Python function of the environment, or None for an expression outside the subset."""
        if self._fast is _UNCOMPILED:
            if self.source not in _functions:
                try:
                    _functions[self.source] = _fastcel.compile_fast(self.source)
                except _fastcel.Unsupported:
                    _functions[self.source] = None
            self._fast = _functions[self.source]
        return self._fast

    def execute(self, context: Context) -> Any:
        fast = None if mode.library else self._fast
        if fast is not None:
            if fast is _UNCOMPILED:
                fast = self.fast
            if fast is not None:
                try:
                    result = fast(context.values)
                    counts["fast"] += 1
                    return result
                except Exception:  # Fallback, a missing key or name, anything unusual: the library decides
                    counts["fallback"] += 1
                    return self.run_library(context.values)
        counts["library"] += 1
        return self.run_library(context.values)

    def run_library(self, values: dict[str, Any]) -> Any:
        """The expression in the library, in a context holding only the names it reads (converting
        only those: a context holding a whole hand costs as much to rebuild as all it holds)."""
        context = cel.Context()
        context.update({name: values[name] for name in self.names if name in values})
        return self.library_program.execute(context)


def compile(source: str) -> Program:  # noqa: A001 - CEL's word, as cel.compile
    return Program(source)



_SCALARS = frozenset({str, int, bool, float, type(None)})


def plain(value: Any) -> Any:
    """A CEL result as plain data with map keys in sorted order, so rulings and views print the same every time."""
    # Scalars are kept without a call each (a full hand's views hold some ten thousand of them).
    kind = type(value)
    if kind is dict or (kind is not list and isinstance(value, dict)):
        out = {}
        for key in sorted(value):
            item = value[key]
            out[key] = item if type(item) in _SCALARS else plain(item)
        return out
    if kind is list or isinstance(value, list):
        return [item if type(item) in _SCALARS else plain(item) for item in value]
    return value
