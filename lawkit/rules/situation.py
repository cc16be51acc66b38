"""Reading a situation (a facts file) so that every error names its file:line:col.

A situation file is YAML or JSON: a record of the table (seats, dealer,
irregularities, events) and the answers to what it cannot show. It is read
with the corpus's safe loader, which remembers positions, so an unknown
part, event, field or question, or an impossible record, is reported where
it is written.
"""

from __future__ import annotations

from pathlib import Path

from ..corpus import MarkedDict, load_document
from ..corpus.files import decode
from .engine import Engine, RulingError, Situation
from ..corpus.problems import Position, Problem

class SituationError(Exception):
    """The facts file is wrong: ``problem`` says where and why."""

    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


def read_document(path: str | Path, what: str = "facts file",
                  shape: str = "seats, dealer, irregularities, events and answers") -> dict:
    """The mapping a YAML or JSON file given on the command line holds (a facts file, a score file),
    read with positions; SituationError names the file (and the first bad byte's line:col)."""
    shown = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise SituationError(Problem(Position(shown, 1, 1), "facts", f"cannot read the {what}: {exc.strerror}"))
    text, problem = decode(raw, shown)
    if problem is not None:
        raise SituationError(problem)
    problems: list[Problem] = []
    doc = load_document(shown, text or "", problems)
    if problems:
        raise SituationError(problems[0])
    if doc.data is None:
        return {}  # an empty file: an empty situation
    if not isinstance(doc.data, MarkedDict):
        raise SituationError(Problem(Position(shown, 1, 1), "facts", f"the {what} must be a mapping: {shape}"))
    return doc.data


def read_facts(path: str | Path, engine: Engine) -> Situation:
    """The situation of the file at ``path``: its record checked, its views derived, its answers checked."""
    data = read_document(path)
    try:
        return engine.situation(data, str(path))
    except RulingError as exc:
        raise SituationError(Problem(exc.position or Position(str(path), 1, 1), "facts", str(exc))) from None
