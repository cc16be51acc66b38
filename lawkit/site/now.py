"""The explorer's page "What happens now?" (``explorer/``): the reader tells what happened at the
table in the record's own terms, answers only the questions the rules still need, and reads the
ruling of one code, or of every code side by side, in players' words, each citing its law.

The page is a form that ``assets/lawkit/explorer/now.js`` fills in and answers in the browser,
through the explorer's evaluator (explorer.js, engine.js: the same rulings as the Python engine).
With each code's rulebook it loads ``api/explorer/<code>.laws.json``: the preview of every law the
code's rules cite (the tooltip lawkit.js shows, and the law's text at hand under a ruling), where
the law is on the site, and the descriptions a "why" reads (its constants, its rules, the outcomes).

Every formalized law on a code page links to the page with its worked example filled in
(``try_link``), its address made by ``explorer.state_fragment`` as share.js reads it.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from ..corpus.model import Law
from .context import Example, Site
from .explorer import API, DIR, state_fragment
from .kept import Kept, made
from .markup import esc
from .previews import stored

PAGE = "explorer/index.md"
TITLE = "What happens now?"


def laws_file(code: str) -> str:
    return f"{API}/{code}.laws.json"


def files(site: Site, kept: Kept | None = None) -> Iterator[tuple[str, str]]:
    """(path in the site, JSON text): per code with rules, what its rulings cite. ``kept`` (under
    `mkdocs serve`): a file whose data is the last build's is its text again."""
    from .law import local  # law.py links each law here (try_link): imported when the files are made

    corpus, urls = site.corpus, site.urls
    for code in corpus.codes.values():
        book = corpus.rulebooks.get(code.id)
        if book is None:
            continue
        cited = dict.fromkeys([*(r.law for r in book.rules), *(c.law for c in book.constants.values())])
        laws = {citation: {**stored(site, citation),  # the law on its own code's page
                           "href": f"{urls.url(urls.code(corpus.law_of(citation).code))}#{local(citation)}"}
                for citation in cited if citation in corpus.units}
        outcomes = {r.outcome for r in book.rules}
        data = {
            "code": code.id,
            "laws": laws,
            "rules": {r.key: r.description for r in book.rules if r.description},
            "constants": {name: c.description for name, c in book.constants.items() if c.description},
            "outcomes": {name: o.description for name, o in corpus.outcomes.items()
                         if name in outcomes and o.description},
        }
        yield laws_file(code.id), made(kept, laws_file(code.id), lambda: data,  # its laws in the rules' order
                                       lambda: json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n",
                                       exactly=True)


def _example(site: Site, law: Law) -> Example | None:
    """The law's worked example to try: of its own code, the shortest record (the shortest address)."""
    own = [e for e in site.examples.get(law.id, []) if e.code == law.code]
    return min(own, key=lambda e: _size(e.facts), default=None)


# Each record's size as JSON, by the record (held, so that its id stays its own): a record is shared by
# the examples of every law its scenario rules under, and kept with its scenario under `mkdocs serve`.
_sizes: dict[int, tuple[Any, int]] = {}


def _size(record: Any) -> int:
    kept = _sizes.get(id(record))
    if kept is None or kept[0] is not record:
        if len(_sizes) > 100_000:  # the records of scenario files loaded long ago: of no more use
            _sizes.clear()
        kept = _sizes[id(record)] = (record, len(json.dumps(record)))
    return kept[1]


def try_link(site: Site, page: str, law: Law) -> str:
    """For a formalized law, the link to "What happens now?" with its worked example filled in (or,
    for a law no scenario shows ruling, with its code chosen)."""
    book = site.corpus.rulebooks.get(law.code)
    if book is None or not any(r.law == law.id for r in book.rules):
        return ""
    example = _example(site, law)
    state: dict[str, Any] = {"code": law.code}
    title = "No scenario shows this law ruling yet: the page opens with its code chosen"
    if example is not None:
        state["s"] = example.facts
        title = f"With its worked example: {example.name}"
    href = site.urls.href(page, PAGE) + "#" + _fragment(state)
    # Small, as the law's line of topics and links (lk-meta): a way on, not part of the law.
    return (f'<p class="lk-meta lk-try" data-search-exclude><a class="lk-try__link" href="{esc(href)}" title="{esc(title)}">'
            f"Try this law in {TITLE} →</a></p>")

# The address fragment of each state tried (its record held, so that its id stays its own): a record
# kept with its scenario under `mkdocs serve` is written out again only when it changed.
_fragments: dict[tuple[str, int], tuple[Any, str]] = {}


def _fragment(state: dict[str, Any]) -> str:
    record = state.get("s")
    key = (state["code"], id(record))
    kept = _fragments.get(key)
    if kept is None or kept[0] is not record:
        if len(_fragments) > 100_000:
            _fragments.clear()
        kept = _fragments[key] = (record, state_fragment(state))
    return kept[1]


def page(site: Site) -> str:
    """The page's Markdown: its introduction and the form the script fills in."""
    urls = site.urls
    root = "../" * urls.url(PAGE).count("/")  # from this page to the site's root
    script = urls.href(PAGE, f"{DIR}/now.js")
    style = urls.href(PAGE, f"{DIR}/now.css")
    return f"""---
title: {json.dumps(TITLE)}
hide: [toc]
---

# {TITLE}

Say what happened at the table, event by event, in the terms of the record (a card dealt face
up, a call out of turn, a card played, a cut), and the laws of each code answer: what the law
says must happen now, in players' words, with the law cited and the reasons it applies. Only the
questions the laws still need are asked, one at a time. Everything runs here, in your browser,
by the same rules as `lawkit ruling`; the address holds the whole story, so a link to this page
opens the same answer.

<link rel="stylesheet" href="{esc(style)}">
<div class="lk-now" id="lk-now" data-lk-root="{esc(root)}">
<noscript><p>This page needs JavaScript to rule on a story: the laws themselves are on
<a href="{esc(urls.href(PAGE, urls.index()))}">the codes' pages</a>.</p></noscript>
<p class="lk-now__status" role="status" aria-live="polite">Loading the laws' rules…</p>
</div>

<script type="module" src="{esc(script)}"></script>
"""
