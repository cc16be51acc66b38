"""The glossary page: each term with its definition, everyday words, variants,
the laws that define it, the laws to see, related terms and every law that uses it."""

from __future__ import annotations

from ..corpus.model import Term
from .context import Site
from .markup import esc, md_heading, printed
from .pages import front


def glossary_page(site: Site) -> str:
    page = site.urls.glossary()
    terms = sorted(site.corpus.glossary, key=lambda t: t.term.lower())
    out = [front("Glossary", search={"boost": 0.3}), "# Glossary", "",  # laws come first in search
           f"<p>{len(terms)} words of the period, defined in the project's own words. In the law texts the "
           "first use of each word in a law is underlined with dots: point at it (or tap it) for the "
           "definition.</p>", "", _letters(site, terms), ""]
    for term in terms:
        anchor = site.term_ids[term.term]
        out += [f"## {md_heading(term.term)} {{ #{anchor} data-search-exclude }}", "", _entry(site, page, term), ""]
    return "\n".join(out) + "\n"


def _letters(site: Site, terms: list[Term]) -> str:
    first: dict[str, str] = {}
    for term in terms:
        first.setdefault(term.term[:1].upper(), site.term_ids[term.term])
    links = " ".join(f'<a href="#{esc(anchor)}">{esc(letter)}</a>' for letter, anchor in first.items())
    return f'<nav class="lk-letters" aria-label="Terms by letter" data-search-exclude>{links}</nav>'


def _entry(site: Site, page: str, term: Term) -> str:
    rows = []
    if term.variants:
        rows.append(("Variants", ", ".join(printed(v) for v in term.variants)))
    if term.everyday:
        rows.append(("Everyday words", ", ".join(printed(v) for v in term.everyday)))
    if term.defined_by:
        rows.append(("Defined by", site.links(page, term.defined_by)))
    if term.see:
        rows.append(("See", site.links(page, term.see)))
    if term.related:
        rows.append(("Related", ", ".join(site.term_link(page, _term(site, r)) for r in term.related)))
    if term.used_by:
        rows.append(("Used in", _used_by(site, page, term)))
    facts = "".join(f"<dt>{label}</dt><dd>{value}</dd>" for label, value in rows)
    return (f'<div class="lk-term-entry"><p class="lk-def">{printed(" ".join(term.definition.split()))}</p>'
            f'<dl class="lk-facts">{facts}</dl></div>')


def _term(site: Site, name: str) -> str:
    """The glossary's spelling of a related term (related terms are matched without case)."""
    for term in site.corpus.glossary:
        if term.term.lower() == name.lower():
            return term.term
    return name


def _used_by(site: Site, page: str, term: Term) -> str:
    by_code: dict[str, list[str]] = {}
    for citation in term.used_by:
        by_code.setdefault(citation.split("/", 1)[0], []).append(citation)
    groups = "".join(
        f'<p><span class="lk-code-name">{printed(site.code_name(code))}</span>: '
        f"{', '.join(site.link(page, c, from_code=code) for c in citations)}</p>"
        for code, citations in by_code.items())
    count = len(term.used_by)
    summary = f"{count} law{'s' if count != 1 else ''} in {len(by_code)} code{'s' if len(by_code) != 1 else ''}"
    return f'<details class="lk-used lk-plain" data-search-exclude><summary>{esc(summary)}</summary>{groups}</details>'
