"""lawkit.corpus.citations.find_citations: the citations printed inside law text."""

from __future__ import annotations

import pytest

from lawkit.corpus.citations import Citation, find_citations


def targets(text: str, code: str = "c", citing_law: str | None = "1") -> list[str]:
    return [c.target(code, citing_law) for c in find_citations(text)]


def test_law():
    (citation,) = find_citations("See Law 14 as to value of cards in cutting.")
    assert (citation.law, citation.section, citation.item) == ("14", None, None)
    assert citation.raw == "Law 14"
    assert "See Law 14 as"[citation.start:citation.end] == "Law 14"
    assert citation.target("auction-bridge-1912") == "auction-bridge-1912/14"


@pytest.mark.parametrize("text,expected", [
    ("Laws 80, 86 and 92", ["c/80", "c/86", "c/92"]),
    ("Laws 4 and 6", ["c/4", "c/6"]),
    ("Laws 80, 86, and 92", ["c/80", "c/86", "c/92"]),
    ("Laws 4 or 6", ["c/4", "c/6"]),
])
def test_law_lists(text, expected):
    found = find_citations(text)
    assert targets(text) == expected
    assert all(c.item is None and c.section is None for c in found)
    assert all((c.start, c.end) == (0, len(text)) for c in found)  # each names the whole phrase


@pytest.mark.parametrize("text,item", [
    ("See Law 37 b.", "b"),
    ("Law 37 (c)", "c"),
    ("as in Law 37 (c), the", "c"),
])
def test_law_with_item(text, item):
    (citation,) = find_citations(text)
    assert (citation.law, citation.item) == ("37", item)
    assert citation.target("c") == f"c/37/{item}"


def test_section_of_roman_law():
    (citation,) = find_citations("Sec. 1 of Law V")
    assert (citation.law, citation.section) == ("V", "1")
    assert citation.target("duplicate-whist-1910") == "duplicate-whist-1910/V/1"
    assert citation.raw == "Sec. 1 of Law V"


def test_bare_section_refers_to_the_citing_law():
    (citation,) = find_citations("as provided in Sec. 2.")
    assert (citation.law, citation.section) == (None, "2")
    assert citation.target("duplicate-whist-1910", "IV") == "duplicate-whist-1910/IV/2"


def test_rule():
    (citation,) = find_citations("under Rule 49")
    assert citation.law == "49"
    assert citation.raw == "Rule 49"


def test_law_across_a_line_break():
    text = "except as provided in Law\n32."
    (citation,) = find_citations(text)
    assert citation.law == "32"
    assert text[citation.start:citation.end] == "Law\n32"


def test_roman_law():
    assert targets("See Law IV.") == ["c/IV"]


def test_several_in_order():
    text = "See Law 14; also Sec. 2 of Law III and Rule 9."
    found = find_citations(text)
    assert [(c.law, c.section) for c in found] == [("14", None), ("III", "2"), ("9", None)]
    assert [c.start for c in found] == sorted(c.start for c in found)


@pytest.mark.parametrize("text", ["a law", "the laws of the game", "By-laws", "By-laws 4 and 5", "LAWS"])
def test_not_citations(text):
    assert find_citations(text) == []


def test_bare_letter_is_not_an_item_before_a_word():
    (citation,) = find_citations("in Law 4 a penalty is paid")
    assert (citation.law, citation.item) == ("4", None)
    assert citation.target("c") == "c/4"


def test_citation_is_a_value():
    assert find_citations("Law 14") == [Citation("Law 14", 0, 6, "14")]


def test_ranges_and_italic_items():
    from lawkit.corpus.citations import find_citations

    assert [c.law for c in find_citations("see Laws 53 to 56.")] == ["53", "54", "55", "56"]
    assert [(c.law, c.item) for c in find_citations("See Law 50_a_.")] == [("50", "a")]
    assert [(c.law, c.section) for c in find_citations("Sec 2 of Law XI")] == [("XI", "2")]
