"""Which files under laws/ are the corpus's: read by `lawkit check`, rewritten by `lawkit fmt`.

An editor's tree holds more than the corpus, and lawkit must neither trip on
it nor be led out of it:

- hidden and editor files are skipped without a word: a name that starts with
  ``.`` (dotfiles, Emacs's ``.#name`` lock links, Vim's ``.name.swp``), ends
  with ``~`` (backups) or is ``#name#`` (Emacs's autosaves);
- a symbolic link is never followed. One that leads nowhere, or out of the
  tree, is an error at its path; one that stays in the tree is a warning, and
  its target (if it is a corpus file) is read under its own name;
- a directory named ``*.yaml``, or any other thing so named that is not a
  regular file (a fifo would block the reader), is an error at its path.

Everything is listed with :func:`os.scandir` and ``follow_symlinks=False``, so
nothing found here can make the caller read or write outside the root.
"""

from __future__ import annotations

import os
from pathlib import Path

from .problems import Position, Problem

YAML_SUFFIXES = (".yaml", ".yml")


def rel(path: str | os.PathLike) -> str:
    """Paths in messages are relative to the working directory when possible."""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)


def hidden(name: str) -> bool:
    """Whether ``name`` is a hidden or editor file, which lawkit passes over silently."""
    return (name.startswith(".") or name.endswith("~")
            or (name.startswith("#") and name.endswith("#") and len(name) > 1))


def inside(path: str | os.PathLike, root: str | os.PathLike) -> bool:
    """Whether ``path`` (links resolved) lies under ``root`` (links resolved)."""
    resolved, base = Path(path).resolve(), Path(root).resolve()
    return resolved == base or base in resolved.parents


def _link_problem(path: str, root: str | os.PathLike) -> Problem:
    try:
        target = os.readlink(path)
    except OSError:
        target = "?"
    where = Position(rel(path), 1, 1)
    if not os.path.exists(path):
        return Problem(where, "symlink", f"a broken symbolic link (to '{target}'); lawkit reads no links")
    if not inside(path, root):
        return Problem(where, "symlink",
                       f"a symbolic link out of the corpus (to '{target}'); lawkit reads and writes no links")
    return Problem(where, "symlink",
                   f"a symbolic link (to '{target}'), not followed: lawkit reads each file under its own name",
                   severity="warning")


def scan(folder: str | os.PathLike, root: str | os.PathLike,
         problems: list[Problem]) -> tuple[list[Path], list[Path]]:
    """The YAML files and the folders directly in ``folder``, each sorted by name.

    Hidden and editor files are left out silently; links, directories named
    ``*.yaml`` and other things so named that are not regular files are left
    out with a problem appended to ``problems``. ``root`` is the corpus root,
    which a link is judged against.
    """
    files: list[Path] = []
    folders: list[Path] = []
    try:
        entries = sorted(os.scandir(os.fspath(Path(folder))), key=lambda e: e.name)
    except OSError as exc:
        problems.append(Problem(Position(rel(folder), 1, 1), "unreadable", f"cannot list the folder: {exc.strerror}"))
        return files, folders
    for entry in entries:
        name = entry.name
        if hidden(name):
            continue
        is_yaml = name.endswith(YAML_SUFFIXES)
        try:
            if entry.is_symlink():
                if is_yaml or os.path.isdir(entry.path):
                    problems.append(_link_problem(entry.path, root))
                continue
            if entry.is_dir(follow_symlinks=False):
                if is_yaml:
                    problems.append(Problem(Position(rel(entry.path), 1, 1), "not-a-file",
                                            f"'{name}' is a directory, not a YAML file"))
                else:
                    folders.append(Path(entry.path))
                continue
            if is_yaml:
                if entry.is_file(follow_symlinks=False):
                    files.append(Path(entry.path))
                else:
                    problems.append(Problem(Position(rel(entry.path), 1, 1), "not-a-file",
                                            f"'{name}' is not a regular file"))
        except OSError as exc:  # vanished while listed, or no permission
            problems.append(Problem(Position(rel(entry.path), 1, 1), "unreadable", f"cannot read: {exc.strerror}"))
    return files, folders


def walk(root: str | os.PathLike, problems: list[Problem]) -> list[Path]:
    """Every corpus YAML file under ``root`` at any depth, sorted (for `lawkit fmt`)."""
    found: list[Path] = []
    pending = [Path(root)]
    while pending:
        folder = pending.pop()
        files, folders = scan(folder, root, problems)
        found += files
        pending += folders
    return sorted(found)


def read_text(path: str | os.PathLike, shown: str | None = None) -> tuple[str | None, Problem | None]:
    """The UTF-8 text of a regular file (a leading byte order mark dropped), or the problem that stops it.

    Invalid UTF-8 is reported at the line and column of the first bad byte.
    A path that is a link or not a regular file is not opened.
    """
    shown = shown if shown is not None else rel(path)
    try:
        if os.path.islink(path):
            return None, Problem(Position(shown, 1, 1), "symlink", "a symbolic link; lawkit reads no links")
        if not os.path.isfile(path):
            what = "a directory" if os.path.isdir(path) else "not a regular file"
            return None, Problem(Position(shown, 1, 1), "not-a-file", f"'{Path(path).name}' is {what}, not a YAML file")
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as exc:
        return None, Problem(Position(shown, 1, 1), "unreadable", f"cannot read the file: {exc.strerror}")
    return decode(raw, shown)


def decode(raw: bytes, shown: str) -> tuple[str | None, Problem | None]:
    """``raw`` as text (a leading BOM dropped), or an encoding problem at the first bad byte's line:col."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        line = raw.count(b"\n", 0, exc.start) + 1
        col = len(raw[line_start:exc.start].decode("utf-8", "replace")) + 1
        byte = raw[exc.start:exc.start + 1].hex()
        return None, Problem(Position(shown, line, col), "encoding",
                             f"not UTF-8 text: byte 0x{byte} ({exc.reason})")
