"""What a check found in each file, kept by the file's text for the next check (``Parsed``).

Under ``mkdocs serve`` the corpus is checked again after every saved file; most files did not
change. Parsing the YAML and checking it against its schema (most of reading the corpus), and
comparing a code with its source text, give results that follow from the text alone (and the
file's path, which names its code and its schema): a file whose text is the same as last time
gets them back, and one whose text differs is read again. The kept results are compared by the
whole text, not a digest or a time, so they cannot be stale; the documents are only read by
everything after the loader, never changed. The cross-file checks (ids, citations, the
glossary, …) are always made again, since any file can change their outcome.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ._yaml import Document
from .problems import Problem


@dataclass
class _File:
    text: str
    schema: str
    doc: Document
    problems: list[Problem]  # the parse's
    checked: list[Problem] | None = None  # the schema's, once checked


@dataclass
class Parsed:
    """Each file's parse and schema problems, and each code's comparison with its source, by content.

    Pass one to ``lawkit.check(root, parsed=...)`` and keep it for the next check of the same
    root. ``read`` names the files the last check parsed afresh (the others were kept)."""

    read: list[str] = field(default_factory=list)
    _files: dict[str, _File] = field(default_factory=dict)  # the file's path, as messages name it
    _sources: dict[str, tuple[Any, list[Problem]]] = field(default_factory=dict)  # code id -> (inputs, problems)

    def document(self, rel: str, text: str, schema: str) -> tuple[Document, list[Problem]] | None:
        """The document and parse problems kept for ``rel`` when its text is ``text``, else None."""
        kept = self._files.get(rel)
        if kept is None or kept.text != text or kept.schema != schema:
            return None
        return kept.doc, list(kept.problems)

    def keep_document(self, rel: str, text: str, schema: str, doc: Document, problems: list[Problem]) -> None:
        self._files[rel] = _File(text, schema, doc, list(problems))
        self.read.append(rel)

    def schema_problems(self, doc: Document) -> list[Problem] | None:
        kept = self._files.get(doc.path)
        if kept is None or kept.doc is not doc or kept.checked is None:
            return None
        return list(kept.checked)

    def keep_schema_problems(self, doc: Document, problems: list[Problem]) -> None:
        kept = self._files.get(doc.path)
        if kept is not None and kept.doc is doc:
            kept.checked = list(problems)

    def source_problems(self, code: str, inputs: Any) -> list[Problem] | None:
        """What comparing ``code`` with its source found, when it was made from the same ``inputs``."""
        kept = self._sources.get(code)
        return list(kept[1]) if kept is not None and kept[0] == inputs else None

    def keep_source_problems(self, code: str, inputs: Any, problems: list[Problem]) -> None:
        self._sources[code] = (inputs, list(problems))

    def paths(self) -> set[str]:
        """The files whose parse is kept (as messages name them)."""
        return set(self._files)

    def start(self) -> None:
        """A new check begins: nothing read yet."""
        self.read = []

    def only(self, paths: Any, codes: Any) -> None:
        """Forget the files and codes the last check did not meet (removed, renamed)."""
        self._files = {rel: kept for rel, kept in self._files.items() if rel in paths}
        self._sources = {code: kept for code, kept in self._sources.items() if code in codes}
