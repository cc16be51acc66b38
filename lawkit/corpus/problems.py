"""Problems found in the corpus: structured data, rendered to one short line.

Kept in the corpus package, at its bottom (it imports nothing of lawkit): a Position is a
place in a corpus file, and every layer above reports through these (the rules' compile
errors, the scenario files, the CLI's "did you mean"), which the layer rule allows, since
rules, search, site and CLI may all import the corpus.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Iterable


@dataclass(frozen=True, order=True)
class Position:
    """A place in a file; line and column count from 1."""

    path: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Problem:
    """One thing wrong (or doubtful) in the corpus.

    ``kind`` is a stable short name (``unknown-key``, ``dangling-citation``…)
    that tools and tests can match on; ``citation`` is the id of the law the
    problem concerns, when there is one.
    """

    position: Position
    kind: str
    message: str
    citation: str | None = None
    severity: str = "error"
    suggestion: str | None = None  # the likely intended value ("did you mean …?")

    def __str__(self) -> str:
        about = f"{self.citation}: " if self.citation else ""
        return f"{self.position}: {self.severity}[{self.kind}]: {about}{self.message}"

    def as_json(self) -> dict:
        return {
            "path": self.position.path,
            "line": self.position.line,
            "col": self.position.col,
            "severity": self.severity,
            "kind": self.kind,
            "citation": self.citation,
            "message": self.message,
            "suggestion": self.suggestion,
        }


@dataclass
class CorpusError(Exception):
    """Raised when a corpus has errors and the caller asked for a valid one."""

    problems: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        errors = [p for p in self.problems if p.severity == "error"]
        lines = [str(p) for p in errors[:20]]
        if len(errors) > 20:
            lines.append(f"... and {len(errors) - 20} more")
        return "\n".join(lines)


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice closest to ``word``, if one is close enough to be a typo."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' when a choice is close to ``word``, else ''."""
    close = closest(word, choices)
    return f" (did you mean '{close}'?)" if close else ""


def sort_problems(problems: Iterable[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.position.path, p.position.line, p.position.col, p.kind))
