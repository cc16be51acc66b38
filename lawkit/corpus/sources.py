"""Each code against its verified source: the text is kept as the book prints it.

A code's folder holds the transcription it was made from (``source.file`` in code.yaml,
relative to the folder: ``source.txt``, or ``seeds/<seed>.txt`` for a code known only from
an excerpt), with its provenance in ``#`` lines at the top. The code as printed
(:func:`lawkit.corpus.printed.code_parts`) must read word for word as that file's body,
whitespace aside (the corpus joins the source's hard line wraps) and page markers aside
(``{233}`` is kept as ``page:``). A word changed, added or dropped is an error at the place
in the YAML where it is written: a typo of the source is kept and recorded with an
annotation of kind ``erratum``, never fixed in the text.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path
from typing import NamedTuple

from . import files
from ._parsed import Parsed
from ._yaml import Document, MarkedDict
from .model import Code, Corpus, TextSource
from .printed import Part, code_parts
from .problems import Position, Problem

PAGE_MARKER = re.compile(r"\{\d+\}")  # the transcription's page numbers, kept as page: in the corpus
_WORD = re.compile(r"\S+")
MAX_REPORTED = 10  # differences reported per code; a wrong source file would give hundreds


class Word(NamedTuple):
    text: str
    at: int  # its character offset in the file it was read from (or in its part, for the corpus)


def body_start(text: str) -> int:
    """Where the source's body begins: after its leading ``#`` provenance lines and blank lines."""
    offset = 0
    for line in text.splitlines(keepends=True):
        if not (line.startswith("#") or not line.strip()):
            break
        offset += len(line)
    return offset


def source_words(text: str) -> list[Word]:
    """The words of a source's body (page markers dropped), each with its offset in the file."""
    start = body_start(text)
    body = PAGE_MARKER.sub(lambda m: " " * len(m.group()), text[start:])
    return [Word(m.group(), start + m.start()) for m in _WORD.finditer(body)]


def source_text(text: str) -> str:
    """The source's body, its whitespace collapsed: what the printed corpus must equal."""
    return " ".join(word.text for word in source_words(text))


def check(corpus: Corpus, docs: dict[str, Document], parsed: Parsed | None = None) -> None:
    """Compare every code that names its source file with that file; append what differs (what
    ``parsed`` kept for a code whose files and source read as they did, without comparing again)."""
    for code in corpus.codes.values():
        if code.source.get("file") and not corpus.incomplete(code.id) and not code.duplicate_laws:
            _check_code(corpus, code, docs, parsed)


def _file_position(code: Code, docs: dict[str, Document]) -> Position:
    """Where code.yaml names the source file."""
    doc = docs.get(code.position.path)
    source = doc.data.get("source") if doc is not None and isinstance(doc.data, MarkedDict) else None
    if isinstance(source, MarkedDict) and "file" in source.value_pos:
        return source.value_pos["file"]
    return code.position


def _check_code(corpus: Corpus, code: Code, docs: dict[str, Document], parsed: Parsed | None) -> None:
    folder = Path(corpus.root) / code.id
    named = str(code.source["file"])
    path = folder / named
    where = _file_position(code, docs)
    if not files.inside(path, folder) or Path(named).is_absolute():
        corpus.problems.append(Problem(where, "source-file", f"the source file '{named}' is outside the code's "
                                       "folder; name it relative to the folder (source.txt)", code.id))
        return
    if not path.exists():
        corpus.problems.append(Problem(where, "source-file", f"no source file '{named}' in {files.rel(folder)}: "
                                       "the text cannot be compared with the verified source", code.id))
        return
    shown = files.rel(path)
    text, problem = files.read_text(path, shown)
    if text is None:
        assert problem is not None
        corpus.problems.append(problem)
        return
    # What the comparison reads: the source's text, and the code's files (its printed parts and
    # where their words are written are made from them alone).
    inside_code = files.rel(folder) + os.sep
    inputs = (shown, text, [(rel, doc.text) for rel, doc in docs.items() if rel.startswith(inside_code)])
    kept = parsed.source_problems(code.id, inputs) if parsed is not None else None
    if kept is not None:
        corpus.problems.extend(kept)
        return
    first = len(corpus.problems)
    _compare(corpus, code, docs, shown, text, where)
    if parsed is not None:
        parsed.keep_source_problems(code.id, inputs, corpus.problems[first:])


def _compare(corpus: Corpus, code: Code, docs: dict[str, Document], shown: str, text: str, where: Position) -> None:
    """The code's printed words against the source's, each difference a problem at its word."""
    expected = source_words(text)
    parts = code_parts(code)
    actual = [(Word(m.group(), m.start()), index) for index, part in enumerate(parts)
              for m in _WORD.finditer(part.printed)]
    if [w.text for w in expected] == [w.text for w, _ in actual]:
        return  # the common case: word for word
    source_doc = Document(shown, text, None)  # to turn the source's offsets into lines
    reported: set[int] = set()  # one problem per part: the first difference in it
    differences = _differences([w.text for w in expected], [w.text for w, _ in actual])
    for source_at, corpus_at, printed, prints in differences:
        at_boundary = corpus_at == len(actual) or actual[corpus_at][1] != actual[corpus_at - 1][1]
        if not prints and corpus_at > 0 and at_boundary:
            corpus_at -= 1  # words left out at the end of a paragraph: point at its last word
        index = actual[min(corpus_at, len(actual) - 1)][1] if actual else 0
        if index in reported:
            continue
        if len(reported) == MAX_REPORTED:
            corpus.problems.append(Problem(where, "not-verbatim", f"and more differences from {shown}: is it "
                                           "the right source file?", code.id))
            break
        reported.add(index)
        line = source_doc.position_of(expected[min(source_at, len(expected) - 1)].at).line if expected else 1
        part = parts[index] if parts else None
        position = _word_position(docs, code, part, actual[min(corpus_at, len(actual) - 1)][0]) if part else where
        corpus.problems.append(Problem(position, "not-verbatim", _message(printed, prints, f"{shown}:{line}"),
                                       part.unit if part and part.unit else code.id))


def _differences(expected: list[str], actual: list[str]) -> list[tuple[int, int, str, str]]:
    """(source word index, corpus word index, what the source prints, what the corpus reads) for
    each run of words that differ, in order. The common ends are set aside first, so a single
    edit costs one short comparison."""
    head = 0
    while head < min(len(expected), len(actual)) and expected[head] == actual[head]:
        head += 1
    tail = 0
    while (tail < min(len(expected), len(actual)) - head
           and expected[len(expected) - 1 - tail] == actual[len(actual) - 1 - tail]):
        tail += 1
    a, b = expected[head:len(expected) - tail], actual[head:len(actual) - tail]
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b).get_opcodes():
        if tag != "equal":
            out.append((head + i1, head + j1, " ".join(a[i1:i2]), " ".join(b[j1:j2])))
    return out


def _message(printed: str, reads: str, at: str) -> str:
    def quoted(words: str) -> str:
        return f"'{words if len(words) <= 60 else words[:57] + '...'}'"

    if not reads:
        change = f"the text leaves out {quoted(printed)}, which the source prints ({at})"
    elif not printed:
        change = f"the text adds {quoted(reads)}, which the source does not print ({at})"
    else:
        change = f"the text reads {quoted(reads)} where the source prints {quoted(printed)} ({at})"
    return (f"{change}; the text is the source's, word for word: to record a typo of the source, keep its "
            "wording and add an annotation of kind erratum (docs/editing.md)")


def _word_position(docs: dict[str, Document], code: Code, part: Part, word: Word) -> Position:
    """Where the word of ``part`` that starts at ``word.at`` (in ``part.printed``) is written: in
    the YAML scalar that holds the part's text when the word is there, else at the part's unit."""
    lead = len(part.lead) + 1 if part.lead else 0  # the lead and the space after it
    if word.at < lead or part.unit is None:
        return part.position
    law = next((law for law in code.laws if law.id == part.unit or part.unit.startswith(law.id + "/")), None)
    source = next((s for s in law.texts if s.unit == part.unit and s.field == part.field and s.text == part.text),
                  None) if law else None
    if source is None:
        return part.position
    return _in_scalar(docs, source, len(_WORD.findall(part.printed[lead:word.at])))


def _in_scalar(docs: dict[str, Document], source: TextSource, index: int) -> Position:
    """The position of the ``index``-th word of a scalar's value in its YAML: the raw scalar holds
    the same words (line breaks and indentation aside) after a block scalar's indicator line."""
    doc = docs.get(source.path)
    if doc is None:
        return Position(source.path, 1, 1)
    raw = doc.text[source.start:source.end]
    skip = raw.index("\n") + 1 if raw[:1] in "|>" and "\n" in raw else 0
    words = [m.start() for m in _WORD.finditer(raw, skip)]
    if raw[:1] in "'\"":  # a quoted scalar: the quote is not part of the first word
        words[:1] = [w + 1 for w in words[:1]]
    if len(words) == len(_WORD.findall(source.text)) and index < len(words):
        return doc.position_of(source.start + words[index])
    return doc.position_of(source.start)
