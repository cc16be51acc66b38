"""Citation ids and the citations printed inside law text.

An id is ``<code>/<law>[/<section>][/<item>]`` (or ``<code>/<part>/<law>…``
for etiquette, definitions and other parts). Printed citations — "Law 14",
"Laws 80, 86 and 92", "See Law 37 b", "Sec. 1 of Law V", "Rule 49" — are
found here and resolved within the citing code by the checker.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUMBER = r"(?:\d+|[IVXLC]+\b)"
_LIST = rf"{_NUMBER}(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s+to\s+){_NUMBER})*"

# "Law 14", "Laws 4 and 6", "Law 37 b", "Law 37 (b)", "Rule 49"
_LAW_RE = re.compile(
    rf"\b(?P<kw>Laws?|Rules?)\s+(?P<nums>{_LIST})"
    # an item: "Law 37 (b)", "Law 50_a_" (italic), or "Law 37 b." — a bare letter
    # only before punctuation, so "in Law 4 a penalty" is not read as item a
    r"(?:\s*\((?P<item>[a-z])\)|_(?P<italic_item>[a-z])_|\s+(?P<bare_item>[a-z])(?=[.,;:)]))?"
)
# "Sec. 1 of Law V", "Sec. 2" (of the citing law), "Secs. 3 and 4"
_SEC_RE = re.compile(
    rf"\b(?P<kw>Secs?\.?|Sections?)\s+(?P<nums>{_LIST})(?:\s+of\s+(?:Law|Rule)\s+(?P<law>{_NUMBER}))?"
)
_SPLIT = re.compile(rf"{_NUMBER}")
_RANGE = re.compile(rf"(\d+)\s+to\s+(\d+)")


def _numbers(listed: str) -> list[str]:
    """The numbers of "80, 86 and 92" or "53 to 56" (a range counts every law in it)."""
    numbers = _SPLIT.findall(_RANGE.sub("", listed))
    for low, high in _RANGE.findall(listed):
        numbers.extend(str(n) for n in range(int(low), int(high) + 1))
    return sorted(set(numbers), key=numbers.index)


@dataclass(frozen=True)
class Citation:
    """One citation printed in a text.

    ``law`` is None for a bare section citation ("Sec. 2"), which refers to
    the citing law. ``start``/``end`` locate the whole phrase in the text.
    """

    raw: str
    start: int
    end: int
    law: str | None
    section: str | None = None
    item: str | None = None

    def target(self, code: str, citing_law: str | None = None) -> str:
        """The citation id this names, inside ``code``."""
        law = self.law if self.law is not None else citing_law
        parts = [code, str(law)]
        if self.section:
            parts.append(self.section)
        if self.item:
            parts.append(self.item)
        return "/".join(parts)


def find_citations(text: str) -> list[Citation]:
    """Every citation printed in ``text``, in order of appearance."""
    found: list[Citation] = []
    taken: list[tuple[int, int]] = []
    for match in _SEC_RE.finditer(text):
        law = match.group("law")
        for number in _numbers(match.group("nums")):
            found.append(Citation(match.group(0), match.start(), match.end(), law, section=number))
        taken.append(match.span())
    for match in _LAW_RE.finditer(text):
        if any(start <= match.start() < end for start, end in taken):
            continue  # the "Law V" of "Sec. 1 of Law V" is already counted
        numbers = _numbers(match.group("nums"))
        item = match.group("item") or match.group("italic_item") or match.group("bare_item")
        item = item if len(numbers) == 1 else None
        for number in numbers:
            found.append(Citation(match.group(0), match.start(), match.end(), number, item=item))
    found.sort(key=lambda c: c.start)
    return found
