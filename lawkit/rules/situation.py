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
from .engine import Engine, RulingError, Situation
from ..corpus.problems import Position, Problem

class SituationError(Exception):
    """The facts file is wrong: ``problem`` says where and why."""

    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


def read_facts(path: str | Path, engine: Engine) -> Situation:
    """The situation of the file at ``path``: its record checked, its views derived, its answers checked."""
    shown = str(path)
    try:
        text = Path(path).read_text("utf-8")
    except OSError as exc:
        raise SituationError(Problem(Position(shown, 1, 1), "facts", f"cannot read the facts file: {exc.strerror}"))
    except UnicodeDecodeError:
        raise SituationError(Problem(Position(shown, 1, 1), "facts", "the facts file is not UTF-8 text"))
    problems: list[Problem] = []
    doc = load_document(shown, text, problems)
    if problems:
        raise SituationError(problems[0])
    if doc.data is not None and not isinstance(doc.data, MarkedDict):
        raise SituationError(Problem(Position(shown, 1, 1), "facts", "the situation file must be a mapping: seats, "
                                     "dealer, irregularities, events and answers"))
    try:
        return engine.situation(doc.data if doc.data is not None else {}, shown)
    except RulingError as exc:
        raise SituationError(Problem(exc.position or Position(shown, 1, 1), "facts", str(exc))) from None

