"""The corpus reproduces its verified source word for word.

``lawkit.corpus.printed.code_text`` prints a code as the book does (title,
headings, numbered laws, items, footnotes); with every run of whitespace
collapsed (the source's hard line wraps are joined in the corpus) it must
equal the body of ../shared/sources/<file>.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lawkit.corpus.printed import code_text

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
PAGE_MARKER = re.compile(r"\{\d+\}")  # the transcription's page numbers, kept as page: in the corpus


def collapse(text: str) -> str:
    """All runs of whitespace become one space; no leading or trailing space."""
    return " ".join(text.split())


def source_body(text: str) -> str:
    """The source without its leading ``#`` provenance header lines and page markers."""
    lines = text.splitlines()
    while lines and (lines[0].startswith("#") or not lines[0].strip()):
        lines.pop(0)
    return PAGE_MARKER.sub(" ", "\n".join(lines))


def first_difference(expected: str, actual: str, context: int = 80) -> str | None:
    """None when equal; else a message locating the first differing position
    with ``context`` characters of both sides around it."""
    if expected == actual:
        return None
    index = next(
        (i for i, (a, b) in enumerate(zip(expected, actual)) if a != b),
        min(len(expected), len(actual)),
    )
    start = max(0, index - context)

    def around(text: str) -> str:
        return f"{text[start:index]!r} >>> {text[index:index + context]!r}"

    return (
        f"first difference at character {index} "
        f"(expected {len(expected)} characters, got {len(actual)}):\n"
        f"  source: {around(expected)}\n"
        f"  corpus: {around(actual)}"
    )


def test_first_difference_helper():
    assert first_difference("abc", "abc") is None
    message = first_difference("the quick fox", "the quack fox", context=4)
    assert "character 6" in message
    assert "'e qu' >>> 'ick '" in message and "'e qu' >>> 'ack '" in message
    assert "character 3" in first_difference("abc", "abcdef")


def test_every_code_names_its_source(corpus):
    for code in corpus.codes.values():
        assert code.source.get("file"), f"{code.id}: code.yaml names no source file"


@pytest.mark.parametrize("code_id", sorted(p.name for p in (Path(__file__).resolve().parent.parent / "laws").iterdir()
                                           if (p / "code.yaml").is_file()))
def test_code_text_equals_source(corpus, code_id):
    if not SHARED.is_dir():
        pytest.skip("../shared not present: the fidelity test needs the verified sources")
    code = corpus.codes[code_id]
    path = SHARED / code.source["file"]
    assert path.is_file(), f"{code_id}: source file {path} is missing"
    expected = collapse(source_body(path.read_text(encoding="utf-8")))
    actual = collapse(code_text(code))
    difference = first_difference(expected, actual)
    assert difference is None, f"{code_id}: {difference}"


def test_page_markers_are_dropped():
    assert collapse(source_body("# header\n\nhas been made up and agreed. {231}\n\nCUTTING.")) == (
        "has been made up and agreed. CUTTING.")
