"""Previews: the text of every law a page links to, embedded in the page.

After a page is rendered, each link to a law's anchor (``…/laws/<code>/#14``,
from a generated page or a hand-written one) carries ``data-law`` with the
law's citation id, and the page gets one ``<script type="application/json"
id="lawkit-previews">`` holding those laws' text (escaped for an inline
script), or, when the laws are many (a code page), names the file under
``api/previews/`` that holds them; the page's glossary terms get their
definitions the same way, once each (``id="lawkit-terms"``).
``assets/lawkit.js`` shows them in a tooltip on hover and focus: no request
leaves the site.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from urllib.parse import unquote, urljoin, urlsplit

from ..corpus.model import Item, Law, Section
from ..corpus.printed import lead
from .context import Site
from .markup import esc, json_script, plain
from .text import MARK

ELEMENT_ID = "lawkit-previews"
TERMS_ID = "lawkit-terms"
INLINE_LIMIT = 20_000  # characters of preview data kept in the page; more goes to a file beside it
LIMIT = 900  # characters of text in one preview
_LINK = re.compile(r"<a\b([^>]*)>")
_HREF = re.compile(r'\bhref="([^"]*)"')
# No \b in front: a pattern that opens with a literal is found by a fast scan (ten times faster
# on a code page), and '="' only occurs in markup, text escaping its quotes.
_DATA_LAW = re.compile(r'data-law="([^"]*)"')
_DATA_TERM = re.compile(r'<abbr class="lk-term" data-term="([^"]*)"')


def mark_links(site: Site, content: str, page_url: str, unmarked: list[str] | None = None) -> str:
    """Add ``data-law`` to every link pointing at a law's anchor on a code page; ``unmarked`` gets the
    citation each other link to a code page's anchor would name (serve's reload: a unit added later
    makes the page's links otherwise)."""
    codes = {site.urls.url(site.urls.code(code)): code for code in site.corpus.codes}
    base = "http://site.invalid/" + page_url
    code_at: dict[str, str | None] = {}  # href without its fragment -> the code whose page it is

    def code_of(address: str) -> str | None:
        if address not in code_at:
            parts = urlsplit(urljoin(base, address))
            code_at[address] = codes.get(parts.path.lstrip("/")) if parts.netloc == "site.invalid" else None
        return code_at[address]

    def mark(match: re.Match) -> str:
        attributes = match.group(1)
        if "data-law=" in attributes or "headerlink" in attributes:
            return match.group(0)
        href = _HREF.search(attributes)
        if href is None:
            return match.group(0)
        address, _, fragment = html.unescape(href.group(1)).partition("#")
        if not fragment:
            return match.group(0)
        code = code_of(address)
        citation = f"{code}/{unquote(fragment)}" if code else None
        if citation not in site.corpus.units:
            if citation is not None and unmarked is not None:
                unmarked.append(citation)
            return match.group(0)
        return f'<a{attributes} data-law="{esc(citation)}">'

    return _LINK.sub(mark, content)


def data_for(site: Site, content: str) -> dict:
    """The preview of every law ``content`` links to (made once per site)."""
    return previews_of(site, citations(content))


def citations(content: str) -> list[str]:
    """The citations ``content`` links to, each once, in order."""
    return list(dict.fromkeys(html.unescape(c) for c in _DATA_LAW.findall(content)))


def previews_of(site: Site, linked: list[str]) -> dict:
    """The preview of each of the citations ``linked`` (made once per site)."""
    return made(site, linked, [])[0]


def _terms(content: str) -> list[str]:
    return list(dict.fromkeys(html.unescape(t) for t in _DATA_TERM.findall(content)))


def embedded(content: str) -> tuple[list[str], list[str]]:
    """The citations ``content`` links to and the glossary terms it marks, each once, in order."""
    return citations(content), _terms(content)


def made(site: Site, citations: list[str], terms: list[str]) -> tuple[dict, dict[str, str]]:
    """The previews of ``citations`` and the definitions of ``terms``, as a page embeds them."""
    wanted = set(terms)
    return ({citation: stored(site, citation) for citation in citations if citation in site.corpus.units},
            {term.term: plain(" ".join(term.definition.split())) for term in site.corpus.glossary
             if term.term in wanted})


def stored(site: Site, citation: str) -> dict:
    """The law's preview, made once for the whole site: the code pages, Ask and the explorer share it."""
    if citation not in site.previews:
        site.previews[citation] = preview(site, citation)
    return site.previews[citation]


def terms_for(site: Site, content: str) -> dict[str, str]:
    """The definition of every glossary term marked in ``content`` (the page carries each once)."""
    return made(site, [], _terms(content))[1]


def embed(site: Site, content: str, page_url: str = "") -> tuple[str, tuple[str, str] | None]:
    """The page with the preview data of every law it links to and the definitions of its terms; when
    they are many (a code page's: 160 KB), they go to a file of their own, ``{"previews": …, "terms": …}``,
    fetched once the page is up, and that file is returned too, as (path in the site, JSON text)."""
    data = data_for(site, content)
    terms = terms_for(site, content)
    if len(json.dumps([data, terms], ensure_ascii=False)) <= INLINE_LIMIT:
        if terms:
            content += "\n" + json_script(terms, TERMS_ID)
        return (content + "\n" + json_script(data, ELEMENT_ID) if data else content), None
    path = site.urls.api_previews(page_url)
    src = posixpath.relpath(path, page_url.rstrip("/") or ".") if page_url.endswith("/") or not page_url \
        else posixpath.relpath(path, posixpath.dirname(page_url) or ".")
    element = f'<script type="application/json" id="{ELEMENT_ID}" data-src="{esc(src)}">{{}}</script>'
    text = json.dumps({"previews": data, "terms": terms}, ensure_ascii=False, separators=(",", ":")) + "\n"
    return content + "\n" + element, (path, text)


def preview(site: Site, citation: str) -> dict:
    """What a tooltip shows: the law's name, code and heading, and its text as printed (shortened)."""
    law = site.corpus.law_of(citation)
    unit = site.corpus.get(citation)
    if isinstance(unit, Section):
        paragraphs = [f"{unit.label} {unit.text}", *(f"{i.label} {i.text}" for i in unit.items)]
        paragraphs += unit.text_after.split("\n") if unit.text_after else []
    elif isinstance(unit, Item):
        opening = law.text.split("\n")[0] if law.text else ""
        paragraphs = [f"{lead(law)} {opening}".strip()] if opening else []
        paragraphs += [f"{unit.label} {unit.text}", *(unit.text_after.split("\n") if unit.text_after else [])]
    else:
        paragraphs = law_paragraphs(law)
    text, size = [], 0
    for paragraph in paragraphs:
        paragraph = " ".join(MARK.sub("", paragraph).split())
        if not paragraph:
            continue
        if size + len(paragraph) > LIMIT:
            text.append(paragraph[: max(LIMIT - size, 80)].rsplit(" ", 1)[0] + " …")
            break
        text.append(paragraph)
        size += len(paragraph)
    return {"name": site.unit_name(citation, from_code=law.code), "code": site.code_name(law.code),
            "heading": law.heading, "text": text}


def law_paragraphs(law: Law) -> list[str]:
    paragraphs = law.text.split("\n") if law.text else [""]
    number = lead(law)
    out = [f"{number} {paragraphs[0]}".strip(), *paragraphs[1:]]
    if law.display:
        out.append("[a table]")
    out += [f"{i.label} {i.text}" for i in law.items]
    for section in law.sections:
        out.append(f"{section.label} {section.text}")
        out += [f"{i.label} {i.text}" for i in section.items]
    out += law.text_after.split("\n") if law.text_after else []
    return out
