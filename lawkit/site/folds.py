"""The parts of a law's entry that a reader opens on demand, fetched when opened.

A code page keeps the law text, its notes and what cites it; the rules box, the
questions and the parallels are folded (``<details>``) and their markup is a small
JSON file, ``api/folds/<law id>.json`` (``{"parts": {name: html}, "previews": {…}}``),
which ``assets/lawkit.js`` fetches the first time one of them is opened and puts in
place — with the previews of the laws it links to. The 1912 code page was 2.1 MB of
HTML with them inline (benchmarks/page_weight.py). Every string in the markup is
escaped by the renderer that made it, as on the page.
"""

from __future__ import annotations

import json
from typing import Iterator

from .context import Site
from .kept import Kept, made
from .markup import esc
from .previews import citations, previews_of



PARTS = {"rules": "lk-clauses", "questions": "lk-questions", "parallels": "lk-parallels"}  # part -> its class


def fold(site: Site, law_id: str, part: str, summary: str, body: str) -> str:
    """A folded part: its summary on the page, its body kept for ``api/folds/`` (fetched when opened).
    The page names the folder once (``base``); the script finds the law by its heading's id and the
    part by its class, so each fold costs only its summary (300 of them on the 1912 page)."""
    site.folds.setdefault(law_id, {})[part] = body
    return f'<details class="{PARTS[part]}"><summary>{summary}</summary></details>'


def base(site: Site, page: str, code_id: str) -> str:
    """The attributes a code page carries once: where its laws' folds are, and their JSON."""
    folds = site.urls.href(page, site.urls.api_fold(f"{code_id}/-"))[:-len("-.json")]
    laws = site.urls.href(page, site.urls.api_law(f"{code_id}/-"))[:-len("-.json")]
    return f'data-lk-folds="{esc(folds)}" data-lk-laws="{esc(laws)}"'


def files(site: Site, kept: Kept | None = None) -> Iterator[tuple[str, str]]:
    """(path in the site, JSON text): one file per law with folded parts. ``kept`` (under `mkdocs serve`):
    the laws a law's parts link to, and the file, are the last build's when its parts (and their
    previews) are the same."""
    for law_id, parts in site.folds.items():
        uri = site.urls.api_fold(law_id)
        joined = tuple(parts.values())
        linked = made(kept, f"{uri} (the laws it links to)", lambda: joined, lambda: citations("".join(joined)))
        data = {"parts": parts, "previews": previews_of(site, linked)}
        yield uri, made(kept, uri, lambda: data,
                        lambda: json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
