"""``lawkit fmt``: one canonical layout for the corpus YAML, data untouched.

The formatter round-trips each file through ruamel.yaml, so comments (the
``# yaml-language-server: $schema=...`` line included), key order, quoting
and flow or block style survive, and rewrites it in the corpus's layout:

- mappings indented by 2; block sequences indented as the corpus writes them,
  the dash 2 in from its key and the item's keys 4 in (``laws:`` /
  ``  - law: 14`` / ``    text: ...``);
- folded scalars (``>-``) re-wrapped greedily at :data:`WIDTH` columns, words
  never split, paragraphs (a newline in the value) apart by a blank line and
  lines that start with a space kept as they are (the folding rules of YAML
  1.1 and 1.2 alike);
- literal blocks (``|``), plain and quoted scalars and flow collections
  (``topics: [cutting, dealing]``) written as they were, on one line however
  long;
- a whole-line comment indented like the line after it; ``null`` spelled
  out; one trailing newline.

A value that a folded block cannot hold as it is (a tab, a space before a
line break or at the end) is written double-quoted instead.

What a file loads to never changes: every result is loaded again with PyYAML
(the loader lawkit reads the corpus with) and compared, type for type, with
what the original loads to. A difference is a :class:`FormatError`, and the
file is left alone. The layout is a fixed point: formatting twice gives what
formatting once gives.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any, Iterable, TextIO

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.emitter import Emitter
from ruamel.yaml.error import MarkedYAMLError, YAMLError as RuamelYAMLError
from ruamel.yaml.representer import RoundTripRepresenter
from ruamel.yaml.scalarstring import FoldedScalarString

from . import files
from ._yaml import load_document
from .problems import Position, Problem

WIDTH = 79
"""The longest line a folded scalar is wrapped to (the corpus converters' width).

A word longer than the room left on its line goes on a line of its own, and
may run past it."""

_BREAKS = "\n\x85\u2028\u2029"
_SPACES = " \t"
# Characters that a folded block cannot carry (or that YAML 1.1 and 1.2 read
# differently, as NEL and the Unicode separators): such a value is written
# double-quoted instead.
_UNFOLDABLE = set("\t\r\x85\u2028\u2029\ufeff") | {chr(c) for c in range(0x20) if c != 0x0A} | {"\x7f"}

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class FormatError(Exception):
    """A file that cannot be formatted: it does not parse, or (a bug) its data would change."""

    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


# --------------------------------------------------------------------------
# the emitter and representer


def _foldable(text: str) -> bool:
    """Whether ``text`` reads back the same from a folded block scalar.

    No tabs, carriage returns or other control characters; no space before a
    line break or at the end; no line of spaces only.
    """
    body = text.rstrip("\n")
    if not body or any(ch in _UNFOLDABLE for ch in text):
        return False
    if body.endswith(" ") or " \n" in body:
        return False
    return all(line == "" or line.strip(" ") for line in body.split("\n"))


class _Emitter(Emitter):
    """ruamel's emitter with the corpus's own folding of ``>`` scalars."""

    def choose_scalar_style(self) -> Any:
        style = super().choose_scalar_style()
        if style == ">" and not _foldable(self.event.value):
            return '"'
        return style

    def _segment_end(self, text: str, start: int) -> int:
        """Where the unbreakable run of text beginning at ``start`` ends: the
        next single space between two non-spaces, a line break, or the end."""
        index = start
        while index < len(text):
            ch = text[index]
            if ch in _BREAKS:
                return index
            if (ch == " " and index > 0 and text[index - 1] not in _SPACES
                    and index + 1 < len(text) and text[index + 1] not in _SPACES + _BREAKS):
                return index
            index += 1
        return index

    def write_folded(self, text: Any, comment: Any) -> None:
        """Write ``text`` as a folded block, wrapped at :data:`WIDTH`.

        The scan follows PyYAML's and ruamel's ``write_folded`` (runs of
        breaks, of spaces and of other characters); only the choice of where
        to fold differs: before a word that would end past WIDTH, at a single
        space, never inside a line that starts with a space (a "more
        indented" line keeps its breaks, so folding there would add one).
        """
        hints, _indent, indicator = self.determine_block_hints(text)
        if not isinstance(comment, str):
            comment = ""
        self.write_indicator(">" + hints + comment, True)
        if indicator == "+":
            self.open_ended = True
        self.write_line_break()
        leading_space = True
        spaces = False
        breaks = True
        start = end = 0
        while end <= len(text):
            ch = text[end] if end < len(text) else None
            if breaks:
                if ch is None or ch not in _BREAKS:
                    if not leading_space and ch is not None and ch != " " and text[start] == "\n":
                        self.write_line_break()  # a blank line: the value's newline between two lines
                    leading_space = ch == " "
                    for br in text[start:end]:
                        if br == "\n":
                            self.write_line_break()
                        else:
                            self.write_line_break(br)
                    if ch is not None:
                        self.write_indent()
                    start = end
            elif spaces:
                if ch != " ":
                    fold = (start + 1 == end and not leading_space and ch is not None and ch not in _BREAKS
                            and self.column + 1 + (self._segment_end(text, end) - end) > WIDTH)
                    if fold:
                        self.write_indent()
                    else:
                        self._write_text(text[start:end])
                    start = end
            else:
                if ch is None or ch in " " + _BREAKS:
                    self._write_text(text[start:end])
                    if ch is None:
                        self.write_line_break()
                    start = end
            if ch is not None:
                breaks = ch in _BREAKS
                spaces = ch == " "
            end += 1

    def _write_text(self, data: str) -> None:
        self.column += len(data)
        self.stream.write(data.encode(self.encoding) if self.encoding else data)


class _Representer(RoundTripRepresenter):
    """Round-trip representer that spells out ``null`` (ruamel writes ``key:``)."""

    def represent_none(self, data: Any) -> Any:
        return self.represent_scalar("tag:yaml.org,2002:null", "null")


_Representer.add_representer(type(None), _Representer.represent_none)


def _yaml() -> YAML:
    rt = YAML(typ="rt")
    rt.Emitter = _Emitter
    rt.Representer = _Representer
    rt.preserve_quotes = True
    rt.indent(mapping=2, sequence=4, offset=2)
    rt.width = 1 << 20  # plain and quoted scalars and flow collections stay on their line
    rt.allow_unicode = True
    return rt


def _forget_folds(node: Any) -> None:
    """Drop the fold positions ruamel remembers, so folded text is wrapped anew.

    ``fold_pos`` is a slot of FoldedScalarString that ruamel declares without a
    type (it is only set when the scalar had folds), hence getattr/setattr.
    """
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if isinstance(value, FoldedScalarString) and getattr(value, "fold_pos", None):
                    setattr(value, "fold_pos", [])
                stack.append(value)
        elif isinstance(item, list):
            for index, value in enumerate(item):
                if isinstance(value, FoldedScalarString) and getattr(value, "fold_pos", None):
                    setattr(value, "fold_pos", [])
                stack.append(value)


# --------------------------------------------------------------------------
# formatting text


def _same(a: Any, b: Any) -> bool:
    """Equal data, type for type (Python's ``1 == True == 1.0`` does not count)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)  # key order counts too
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and a != a:
        return b != b
    return a == b


def _safe_load(text: str) -> Any:
    return yaml.load(text, Loader=_LOADER)


def _indent_comments(text: str) -> str:
    """Indent each whole-line comment as the line of data that follows it.

    ruamel keeps a comment line's original indentation, which no longer fits
    once the data around it is re-indented. A comment belongs to what comes
    after it (``# -- Cutting ---`` above ``- name: ...``); one at the end of
    the file goes to column 0. Lines inside scalars (a ``#`` in a block of
    text is text) are never touched.
    """
    lines = text.split("\n")
    inside: set[int] = set()  # 0-based lines that belong to a scalar begun on an earlier line
    for token in yaml.scan(text, Loader=_LOADER):
        if isinstance(token, yaml.ScalarToken) and token.end_mark.line > token.start_mark.line:
            last = token.end_mark.line if token.end_mark.column > 0 else token.end_mark.line - 1
            inside.update(range(token.start_mark.line + 1, last + 1))
    indent = 0
    for number in range(len(lines) - 1, -1, -1):
        line = lines[number]
        stripped = line.lstrip(" ")
        if number in inside or not stripped:
            continue
        if stripped.startswith("#"):
            lines[number] = " " * indent + stripped
        else:
            indent = len(line) - len(stripped)
    return "\n".join(lines)


def format_text(text: str, path: str = "<text>") -> str:
    """The canonical layout of one YAML file's text.

    Raises :class:`FormatError` (its ``problem`` names path:line:col, kind
    ``yaml-syntax``, ``duplicate-key`` or ``yaml-limit``) for a file that does not parse, or passes a bound.
    A file with no data (empty, or comments only) is returned as it is.
    """
    problems: list[Problem] = []
    document = load_document(path, text, problems)  # the same parse, and messages, as `lawkit check`
    for problem in problems:
        if problem.kind in ("yaml-syntax", "duplicate-key", "yaml-limit"):
            raise FormatError(problem)
    if document.data is None:
        return text
    rt = _yaml()
    try:
        data = rt.load(text)
    except MarkedYAMLError as exc:  # what PyYAML takes and ruamel does not (YAML 1.2)
        mark = exc.problem_mark or exc.context_mark
        where = Position(path, mark.line + 1, mark.column + 1) if mark else Position(path, 1, 1)
        raise FormatError(Problem(where, "yaml-syntax", exc.problem or str(exc))) from None
    except RuamelYAMLError as exc:
        raise FormatError(Problem(Position(path, 1, 1), "yaml-syntax", str(exc))) from None
    _forget_folds(data)
    buffer = io.StringIO()
    rt.dump(data, buffer)
    try:
        result = _indent_comments(buffer.getvalue().rstrip("\n") + "\n")
        same = _same(_safe_load(result), _safe_load(text))
    except yaml.YAMLError:
        result = text
        same = False
    if not same:
        raise FormatError(Problem(Position(path, 1, 1), "fmt",
                                  "lawkit fmt would change what this file loads to; left as it is (a bug in lawkit fmt)"))
    return result


# --------------------------------------------------------------------------
# formatting files


_rel = files.rel


def yaml_files(root: str | os.PathLike, problems: list[Problem] | None = None) -> list[Path]:
    """Every corpus ``.yaml``/``.yml`` file under ``root``, sorted: hidden and editor files
    aside, and no link followed (see :mod:`lawkit.corpus.files`; what was left out and why
    is appended to ``problems``)."""
    root_path = Path(root)
    if root_path.is_file() and not root_path.is_symlink():
        return [root_path]
    return files.walk(root_path, problems if problems is not None else [])


def _replace(path: Path, text: str) -> None:
    """Write ``text`` to a new file beside ``path`` and put it in its place (``os.replace``).

    A reader sees the old file or the new one, never half of either; a link
    at ``path`` would be replaced, not written through (none gets here)."""
    handle = tempfile.NamedTemporaryFile("w", encoding="utf-8", newline="\n", dir=path.parent,
                                         prefix=f".{path.name}.", suffix=".tmp", delete=False)
    try:
        with handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(handle.name, stat.S_IMODE(os.lstat(path).st_mode))
        os.replace(handle.name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise


def format_file(path: str | os.PathLike, check: bool = False) -> bool:
    """Format one file in place (unless ``check``); whether it changed (or would).

    A link, or anything but a regular file, is a :class:`FormatError`: lawkit
    fmt neither reads through a link nor writes through one."""
    path = Path(path)
    rel = _rel(path)
    text, problem = files.read_text(path, rel)
    if text is None:
        assert problem is not None
        raise FormatError(problem)
    formatted = format_text(text, rel)
    if formatted == text:
        return False
    if not check:
        try:
            _replace(path, formatted)
        except OSError as exc:
            raise FormatError(Problem(Position(rel, 1, 1), "unwritable",
                                      f"cannot write the file: {exc.strerror}")) from None
    return True


def format_paths(paths: Iterable[str | os.PathLike], check: bool = False,
                 problems: list[Problem] | None = None, root: str | os.PathLike | None = None) -> list[str]:
    """Format every YAML file of ``paths`` (files, or folders searched for YAML files).

    Returns the paths (relative to the working directory) that changed, or
    with ``check`` would change. A file that cannot be formatted is left
    alone: its problem is appended to ``problems``, or raised as
    :class:`FormatError` when no list is given (after the other files are done).
    With ``root`` (the corpus folder), nothing outside it is written: such a
    file is a problem unless ``check``.
    """
    changed: list[str] = []
    failed: list[Problem] = []
    for given in paths:
        if os.path.islink(given):
            failed.append(Problem(Position(_rel(given), 1, 1), "symlink",
                                  "a symbolic link; lawkit fmt reads and writes no links"))
            continue
        if root is not None and not check and not files.inside(given, root):
            failed.append(Problem(Position(_rel(given), 1, 1), "outside-corpus",
                                  f"not under the corpus folder '{_rel(root)}'; lawkit fmt writes only there "
                                  "(give --laws, or use --check)"))
            continue
        for path in yaml_files(given, failed):
            try:
                if format_file(path, check):
                    changed.append(_rel(path))
            except FormatError as exc:
                failed.append(exc.problem)
    if problems is not None:
        problems.extend(failed)
    elif any(p.severity == "error" for p in failed):
        raise FormatError(next(p for p in failed if p.severity == "error"))
    return changed


def format_tree(root: str | os.PathLike = "laws", check: bool = False,
                problems: list[Problem] | None = None) -> list[str]:
    """Format every YAML file under ``root``: code.yaml, heading files, shared files.

    With ``check`` nothing is written. Returns the changed (or, with
    ``check``, the would-be changed) paths; see :func:`format_paths` for
    ``problems``.
    """
    return format_paths([root], check, problems, root=root)


# --------------------------------------------------------------------------
# the command


def _holds_yaml(folder: str) -> bool:
    """Whether a YAML file is anywhere under ``folder`` (links to folders not followed)."""
    return any(name.endswith((".yaml", ".yml")) for _, _, names in os.walk(folder) for name in names)


def main_fmt(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``lawkit fmt [--laws DIR] [--check] [--json] [FILES...]``.

    Rewrites the files in place and prints each changed path; with
    ``--check`` changes nothing, prints each file that would change and
    exits 1 if any. A file that cannot be formatted (it does not parse) is
    one line on stderr, ``path:line:col: error[yaml-syntax]: ...``, and exit
    1; the other files are still done. With ``--json``, one document on
    stdout: ``{"check": …, "changed": [path…], "problems": [{path, line,
    col, kind, message…}]}``.
    """
    files = list(getattr(args, "files", None) or [])
    targets = files or [getattr(args, "laws", "laws")]
    check = bool(getattr(args, "check", False))
    as_json = bool(getattr(args, "json", False))
    problems: list[Problem] = []
    existing = []
    for target in targets:
        if os.path.lexists(target):
            existing.append(target)
        elif files:
            problems.append(Problem(Position(str(target), 1, 1), "no-such-file", "no such file or directory"))
        else:  # as `lawkit check` says it
            problems.append(Problem(Position(str(target), 1, 1), "no-corpus", "no such directory"))
    if not files and existing and os.path.isdir(existing[0]) and not _holds_yaml(existing[0]):
        problems.append(Problem(Position(str(existing[0]), 1, 1), "empty-corpus",  # as `lawkit check` says it
                                "the folder holds no code folders and no shared files: is it the laws directory?"))
    changed = format_paths(existing, check, problems, root=getattr(args, "laws", "laws")) if not problems else []
    if as_json:
        json.dump({"check": check, "changed": changed, "problems": [p.as_json() for p in problems]},
                  out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        for path in changed:
            out.write(f"{path}\n")
        for problem in problems:
            err.write(f"{problem}\n")
        if check and changed:
            err.write(f"lawkit: {len(changed)} file{'s' if len(changed) != 1 else ''} would be reformatted; "
                      "run 'lawkit fmt'\n")
    errors = [p for p in problems if p.severity == "error"]
    return 1 if errors or (check and changed) else 0
