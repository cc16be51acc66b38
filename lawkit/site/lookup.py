"""Laws found by number and by word: the site's search entries, one per law, and the go-to-law box.

Material's search groups its results by page: every law of a code page, each at its anchor, was
one result of that page ("22 more on this page"). So the code pages' entries are replaced after
the build by one entry per law, whose address is the code page with ``?law=<id>`` (a page of its
own for the grouping; ``lawkit.js`` turns it into the law's anchor), titled with the law's name,
its code and its printed heading, so that a query naming a law ("Law 21", "1913 law 84") finds it
by its title.

The go-to-law box (on every code page and the home page, and in the header, put there by
``lawkit.js``) reads ``assets/lawkit/laws.json``: each code's name, page and the words that name
it, and the id and name of every law, section and item.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..corpus.model import Code, Law
from .context import Site
from .markup import esc, plain
from .previews import law_paragraphs
from .text import MARK
from .urls import ASSET_DIR

INDEX = f"{ASSET_DIR}/laws.json"
LAW_BOOST = 3  # above the glossary's, topics' and concordance's sections, which name the same subjects
_WORD = re.compile(r"[a-z0-9]+")
_NOT_NAMES = {"of", "the", "or", "and", "a", "an", "laws", "law", "code", "to"}
PARTS = {"etiquette": ["etiquette"], "dummy": ["dummy"], "double-dummy": ["double dummy"],
         "definitions": ["definitions", "definition", "def"]}  # a part of a code, as a reader names it
EXAMPLES = "84, 1913 84, Law IV sec. 8, etiquette 9"


def heading_name(title: str) -> str:
    """A printed heading for a sentence: "THE REVOKE." as "The revoke"."""
    title = plain(title).strip().rstrip(".")
    return title[:1] + title[1:].lower() if title.isupper() else title


def code_words(code: Code, name: str) -> list[str]:
    """The words a reader may name the code by: its short title's, its printed title's, its id's."""
    words: dict[str, None] = {}
    for text in (name, code.title, code.id):
        for word in _WORD.findall(plain(text).lower()):
            if word not in _NOT_NAMES:
                words[word] = None
    return list(words)


# -- the search index --------------------------------------------------------------------

def law_address(site: Site, law: Law) -> str:
    """The law's address in the search index: its code page with ?law=<id>, from the site's root."""
    code, local = law.id.split("/", 1)
    return f"{site.urls.url(site.urls.code(code))}?law={local}"


def search_entries(site: Site) -> list[dict[str, Any]]:
    """One entry per law of every code: the law's name, code and heading, and its printed text."""
    entries = []
    for code in site.corpus.codes.values():
        name = site.code_name(code.id)
        for law in code.laws:
            title = f"{law.name} · {name} · {heading_name(law.title or law.heading)}"
            paragraphs = [" ".join(MARK.sub("", p).split()) for p in law_paragraphs(law)]
            paragraphs += [" ".join(note.text.split()) for note in law.all_notes()]
            text = "".join(f"<p>{esc(plain(p))}</p>" for p in paragraphs if p)
            entries.append({"location": law_address(site, law), "title": esc(title), "text": text,
                            "boost": LAW_BOOST})
    return entries


def rewrite_search_index(path: str, site: Site) -> None:
    """Material's index with each code page's entries replaced by its laws' (``with_laws``)."""
    with open(path, encoding="utf-8") as handle:
        index = json.load(handle)
    index["docs"] = with_laws(index.get("docs", []), site)
    write_search_index(path, index)


def with_laws(docs: list[dict[str, Any]], site: Site) -> list[dict[str, Any]]:
    """The index's entries with each code page's entries replaced by its laws'."""
    pages = {site.urls.url(site.urls.code(code)) for code in site.corpus.codes}
    kept = []
    for doc in docs:
        page, _, anchor = doc.get("location", "").partition("#")
        if page not in pages or not anchor:  # a code's own entry stays: its name and provenance
            kept.append(doc)
    return kept + search_entries(site)


def write_search_index(path: str, index: dict[str, Any]) -> None:
    """The index as a file, anything not JSON as its text (as Material's search writes it)."""
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(index, handle, ensure_ascii=False, separators=(",", ":"), default=str)


# -- the go-to-law box -------------------------------------------------------------------

def goto_index(site: Site) -> str:
    """``assets/lawkit/laws.json``: what the go-to-law box needs to read "1913 84"."""
    codes = []
    for code in site.corpus.codes.values():
        name = site.code_name(code.id)
        units = []
        for law in code.laws:
            for unit in law.units():
                units.append([unit.id.split("/", 1)[1], site.unit_name(unit.id, from_code=code.id)])
        parts = sorted({law.part for law in code.laws if law.part})
        codes.append({"id": code.id, "name": name, "page": site.urls.url(site.urls.code(code.id)),
                      "words": code_words(code, name), "parts": parts, "units": units,
                      "last": code.laws[-1].name if code.laws else None})
    return json.dumps({"codes": codes, "parts": PARTS, "examples": EXAMPLES},
                      ensure_ascii=False, separators=(",", ":"))


def goto_box(box_id: str, code: str | None = None) -> str:
    """The box's form (``lawkit.js`` answers it): on a code page, a bare number is a law of that code."""
    on = f' data-lk-code="{esc(code)}"' if code else ""
    return (f'<form class="lk-goto" role="search" aria-label="Go to a law by its number"{on} data-search-exclude>'
            f'<label class="lk-goto__label" for="{box_id}">Go to law</label>'
            f'<input class="lk-goto__input" id="{box_id}" name="law" type="text" autocomplete="off" '
            f'spellcheck="false" placeholder="{esc(EXAMPLES)}" aria-describedby="{box_id}-said">'
            f'<button class="md-button md-button--primary lk-goto__go" type="submit">Go</button>'
            f'<div class="lk-goto__said" id="{box_id}-said" role="status" aria-live="polite"></div></form>')

