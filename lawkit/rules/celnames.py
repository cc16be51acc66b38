"""The names a CEL expression reads, resolved exactly: a macro's variable is local to its macro.

``cuts.map(c, c.player)`` reads ``cuts`` and nothing else; in
``deal.exists(d, d.to == dealer)`` both ``deal`` and ``dealer`` are free.
The CEL library's own ``references()`` lists the macros' variables beside
the free names, and a pattern that strips every bound name also hides a fact
of that name used outside the macro; this reads the expression's tokens and
follows each macro's parentheses instead. A macro variable that has the name
of something the expression could read (a fact, a view, a constant) is
reported, since inside the macro that thing could not be read.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

_TOKEN = re.compile(r"""
    (?P<string>[rRbB]{0,2}(?:'''(?:.|\n)*?'''|\"\"\"(?:.|\n)*?\"\"\"|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"))
  | (?P<number>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[uU]?|0x[0-9a-fA-F]+)
  | (?P<name>[A-Za-z_]\w*)
  | (?P<punct>&&|\|\||==|!=|<=|>=|[-+*/%!<>?:.,()\[\]{}])
  | (?P<space>\s+)
""", re.VERBOSE)
MACROS = frozenset({"all", "exists", "exists_one", "map", "filter"})
_LITERALS = frozenset({"true", "false", "null", "in"})


@dataclass(frozen=True)
class Names:
    free: frozenset[str]  # what the expression reads from its context
    bound: tuple[tuple[str, int], ...]  # each macro variable and the offset where it is bound


@functools.lru_cache(maxsize=8192)
def tokens(source: str) -> tuple[tuple[str, str, int], ...]:
    """The tokens of ``source``: (string, number, name or punct; the text; its offset), spaces left out
    (ValueError on a character CEL has no use for). Kept: the names and the cost of an expression read them."""
    found: list[tuple[str, str, int]] = []
    position = 0
    while position < len(source):
        match = _TOKEN.match(source, position)
        if not match:
            raise ValueError(f"unexpected character {source[position]!r} at offset {position}")
        kind = match.lastgroup or ""
        if kind != "space":
            found.append((kind, match.group(), position))
        position = match.end()
    return tuple(found)


@functools.lru_cache(maxsize=8192)
def names(source: str) -> Names:
    """The free names of ``source`` and its macro variables (ValueError on a character CEL has no use for)."""
    read = tokens(source)
    free, bound = _read(read)
    return Names(frozenset(read[index][1] for index in free), tuple(bound))


def substitute(source: str, values: dict[str, str]) -> str:
    """``source`` with each free name of ``values`` replaced by ``(its value)``: only the tokens that
    ``names`` reads as free, so never a string literal, a field after '.', a function's name or a
    macro's variable (ValueError on a character CEL has no use for)."""
    read = tokens(source)
    free, _ = _read(read)
    out, last = [], 0
    for index in free:
        _, text, offset = read[index]
        if text in values:
            out.append(source[last:offset] + "(" + values[text] + ")")
            last = offset + len(text)
    return "".join(out) + source[last:] if out else source


def _read(read: tuple[tuple[str, str, int], ...]) -> tuple[list[int], list[tuple[str, int]]]:
    """The indexes of the free names' tokens, in order, and each macro variable with its offset."""
    free: list[int] = []
    bound: list[tuple[str, int]] = []
    scopes: list[tuple[str, int]] = []  # (variable, depth of the macro's parenthesis)
    depth = 0
    skip = -1
    for index, (kind, text, offset) in enumerate(read):
        if kind == "punct":
            if text in "([{":
                depth += 1
            elif text in ")]}":
                while scopes and scopes[-1][1] == depth:
                    scopes.pop()
                depth -= 1
            continue
        if kind != "name" or index == skip or text in _LITERALS:
            continue
        before = read[index - 1][1] if index else ""
        after = read[index + 1][1] if index + 1 < len(read) else ""
        if before == ".":
            # a field, or a macro opening a scope: .map(c, ...
            if text in MACROS and after == "(" and index + 3 < len(read) and read[index + 2][0] == "name" \
                    and read[index + 3][1] == ",":
                variable = read[index + 2][1]
                scopes.append((variable, depth + 1))
                bound.append((variable, read[index + 2][2]))
                skip = index + 2
            continue
        if after == "(":
            continue  # a function: size(...), has(...), int(...)
        if any(variable == text for variable, _ in scopes):
            continue
        free.append(index)
    return free, bound
