"""Law text for the page: printed citations linked, footnote marks raised, glossary terms explained.

Each special span is cut out of the raw text first and replaced by a
placeholder; the rest is escaped (with the sources' _italics_), then the
placeholders are filled with their markup. So nothing from the corpus
reaches the page unescaped, and italics may wrap a link or a term.
"""

from __future__ import annotations

import re

from ..corpus.citations import Citation, find_citations
from ..corpus.model import Law, Note, Term
from .context import Site
from .markup import esc, printed

MARK = re.compile(r"\[(\d+|\*|†)\]")  # a footnote mark as the sources print it: [26]
_HOLE = re.compile("\ue000(\\d+)\ue001")
_NUMBER = re.compile(r"\d+|\b[IVXLC]+\b")
_ANNOTATION_ID = re.compile(r"`([a-z0-9][a-z0-9-]*(?:/[A-Za-z0-9-]+){1,3})`")
_CODE = re.compile(r"`([^`\n]+)`")


class Holes:
    """Placeholders for markup cut out of a text before it is escaped."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def hold(self, markup: str) -> str:
        self.parts.append(markup)
        return f"\ue000{len(self.parts) - 1}\ue001"

    def fill(self, escaped: str) -> str:
        return _HOLE.sub(lambda m: self.parts[int(m.group(1))], escaped)


def _clean(text: str) -> str:
    return text.replace("\ue000", "\ufffd").replace("\ue001", "\ufffd")


def mark_key(mark: str) -> str:
    return {"*": "star", "†": "dagger"}.get(mark, mark)


def note_id(law: Law, note: Note) -> str:
    return f"fn-{law.id.split('/', 1)[1]}-{mark_key(note.mark)}"


def resolve(site: Site, law: Law, citation: Citation) -> str | None:
    """The id a printed citation names inside the citing law's code (as ``lawkit check`` resolves it)."""
    units = site.corpus.units
    citing_law = law.number if law.part is None else None
    if citation.law is None and citing_law is None:
        return None
    if citation.item and citation.section is None:
        lettered = f"{law.code}/{citation.law}{citation.item}"  # "Law 50_a_" naming Law 50a
        if lettered in units:
            return lettered
    target = citation.target(law.code, citing_law)
    return target if target in units else None


def glossary_pattern(site: Site) -> tuple[dict[str, Term], re.Pattern[str] | None]:
    """Every glossary term and variant as one pattern (whole words, any case), made once per build."""
    if site.term_pattern is None:
        phrases: dict[str, Term] = {}
        for term in site.corpus.glossary:
            for word in {term.term, *term.variants}:
                phrases.setdefault(" ".join(word.lower().split()), term)
        pattern = None
        if phrases:
            alternatives = sorted(phrases, key=len, reverse=True)
            body = "|".join(r"\s+".join(map(re.escape, p.split())) for p in alternatives)
            pattern = re.compile(rf"(?<![^\W_])(?<!-)(?:{body})(?![^\W_])(?!-\w)", re.IGNORECASE)
        site.term_pattern = (phrases, pattern)
    return site.term_pattern


class LawText:
    """Renders the printed texts of one law on one page."""

    def __init__(self, site: Site, law: Law, page: str):
        self.site, self.law, self.page = site, law, page
        self.notes = {n.mark: note_id(law, n) for n in law.all_notes()}
        self.raised: set[str] = set()  # marks whose first occurrence has its back-link id
        self.explained: set[str] = set()  # glossary terms already explained in this law
        self.used = site.law_terms.get(law.id, set())  # the terms lawkit found in this law
        self.terms, self.pattern = glossary_pattern(site)

    def render(self, text: str, *, terms: bool = True) -> str:
        text = _clean(text)
        holes = Holes()
        text = self._citations(text, holes)
        text = MARK.sub(lambda m: holes.hold(self._mark(m.group(1))), text)
        if terms and self.pattern is not None:
            text = self.pattern.sub(lambda m: self._term(m, holes), text)
        return holes.fill(printed(text))

    # -- citations ----------------------------------------------------------------

    def _citations(self, text: str, holes: Holes) -> str:
        groups: dict[tuple[int, int], list[Citation]] = {}
        for citation in find_citations(text):
            groups.setdefault((citation.start, citation.end), []).append(citation)
        out, last = [], 0
        for (start, end), citations in sorted(groups.items()):
            if start < last:
                continue
            out.append(text[last:start])
            out.append(holes.hold(self._citation(text[start:end], citations)))
            last = end
        out.append(text[last:])
        return "".join(out)

    def _citation(self, raw: str, citations: list[Citation]) -> str:
        targets = [resolve(self.site, self.law, c) for c in citations]
        if len(citations) == 1:
            return self._ref(targets[0], printed(raw))
        # "Laws 80, 86 and 92": each number its own link (the first with the keyword)
        by_number: dict[str | None, str | None] = {}
        for citation, target in zip(citations, targets):
            by_number.setdefault(citation.section or citation.law, target)  # "Secs. 3 and 4 of Law V": 3, 4
        out, last, first = [], 0, True
        for match in _NUMBER.finditer(raw):
            target = by_number.get(match.group(0))
            if target is None:
                continue
            start = 0 if first else match.start()
            out.append(printed(raw[last:start]))
            out.append(self._ref(target, printed(raw[start:match.end()])))
            last, first = match.end(), False
        out.append(printed(raw[last:]))
        return "".join(out)

    def _ref(self, target: str | None, label: str) -> str:
        if target is None:
            return label
        return self.site.link(self.page, target, html_text=label, from_code=self.law.code)

    # -- footnote marks and terms ---------------------------------------------------

    def _mark(self, mark: str) -> str:
        target = self.notes.get(mark)
        if target is None:
            return f'<sup class="lk-mark">{esc(mark)}</sup>'
        back = "" if mark in self.raised else f' id="ref-{esc(target)}"'
        self.raised.add(mark)
        return f'<sup class="lk-mark"{back}><a href="#{esc(target)}" aria-label="note {esc(mark)}">{esc(mark)}</a></sup>'

    def _term(self, match: re.Match, holes: Holes) -> str:
        term = self.terms[" ".join(match.group(0).lower().split())]
        if term.term in self.explained or term.term not in self.used:
            return match.group(0)
        self.explained.add(term.term)
        # The definition is the page's, once (previews.terms_for): a code page repeated it 500 times, 150 KB.
        return holes.hold(f'<abbr class="lk-term" data-term="{esc(term.term)}">'
                          f'{printed(match.group(0))}</abbr>')


def annotated(site: Site, page: str, text: str, from_code: str | None = None) -> str:
    """Editorial text: `code/14` as a link to that law, other `code` as code, _italics_."""
    text = _clean(text)
    holes = Holes()

    def law_link(match: re.Match) -> str:
        citation = match.group(1)
        if citation in site.corpus.units:
            return holes.hold(site.link(page, citation, from_code=from_code))
        return match.group(0)

    text = _ANNOTATION_ID.sub(law_link, text)
    text = _CODE.sub(lambda m: holes.hold(f"<code>{esc(m.group(1))}</code>"), text)
    return holes.fill(printed(text))


