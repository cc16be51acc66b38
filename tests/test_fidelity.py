"""The corpus reproduces its verified source word for word.

``lawkit.printed.code_text`` prints a code as the book does (title,
headings, numbered laws, items, footnotes); with every run of whitespace
collapsed (the source's hard line wraps are joined in the corpus) it must
equal the body of ../shared/sources/<file>.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lawkit.printed import code_text

CODE = "auction-bridge-1912"
SOURCE = Path(__file__).resolve().parent.parent.parent / "shared" / "sources" / f"{CODE}.txt"


def collapse(text: str) -> str:
    """All runs of whitespace become one space; no leading or trailing space."""
    return " ".join(text.split())


def source_body(text: str) -> str:
    """The source without its leading ``#`` provenance header lines."""
    lines = text.splitlines()
    while lines and (lines[0].startswith("#") or not lines[0].strip()):
        lines.pop(0)
    return "\n".join(lines)


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


@pytest.fixture(scope="module")
def source() -> str:
    if not SOURCE.is_file():
        pytest.skip("../shared/sources not present")
    return SOURCE.read_text(encoding="utf-8")


def test_source_file_is_named_in_code_yaml(corpus, source):
    assert corpus.codes[CODE].source.get("file") == SOURCE.name


def test_code_text_equals_source(corpus, source):
    expected = collapse(source_body(source))
    actual = collapse(code_text(corpus.codes[CODE]))
    assert expected.startswith("THE LAWS OF AUCTION BRIDGE"), "the header was not stripped"
    difference = first_difference(expected, actual)
    assert difference is None, difference
