"""The CEL library, imported without its command-line interface.

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
from typing import Any  # noqa: E402

__all__ = ["cel", "plain"]


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
