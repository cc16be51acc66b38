"""The static JSON on the site: ``api/export.json`` (the whole ``lawkit export``),
``api/<code>.json`` (one code) and ``api/<code>/<law id>.json`` (one law;
its sections and items are in it), plus ``api/index.json`` listing them."""

from __future__ import annotations

import json
from typing import Any, Iterator

from .. import export
from .context import Site
from .kept import Kept, made, settings


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def _relative(site: Site, data: dict[str, Any]) -> dict[str, Any]:
    """The YAML paths relative to the project (as ``lawkit export`` prints them from its folder)."""
    for heading in data.get("headings", []):
        heading["file"] = site.rel(heading["file"])
    for law in data.get("laws", []):
        law["file"] = site.rel(law["file"])
    return data


def files(site: Site, kept: Kept | None = None) -> Iterator[tuple[str, str]]:
    """(path in the site, JSON text) for every file of the static API. ``kept`` (under `mkdocs serve`): a
    law's or code's file is its last text when the law, or the code and its rulebook, are the same (as
    written: the YAML of its rules too); the export is its codes' texts put together."""
    urls, corpus = site.urls, site.corpus
    whole = export(corpus)
    whole["codes"] = [_relative(site, code) for code in whole["codes"]]
    codes = {code.id: made(kept, urls.api_code(code.id), lambda: (settings(site), code, corpus.rulebooks.get(code.id)),
                           lambda: _dump(data), exactly=True)
             for code, data in zip(corpus.codes.values(), whole["codes"])}
    yield urls.api_export(), _export(kept, site, whole, list(codes.values()))
    listing = []
    # each code's file, and each law's, is its entry in the export: made once
    for code, data in zip(corpus.codes.values(), whole["codes"]):
        yield urls.api_code(code.id), codes[code.id]
        laws = []
        for law, law_data in zip(code.laws, data["laws"]):
            # "page" is the book's page number, as in the export; the site's page is "url"
            url = urls.url(urls.code(code.id)) + "#" + law.id.split("/", 1)[1]
            yield urls.api_law(law.id), made(kept, urls.api_law(law.id), lambda: (settings(site), law, code.id, url),
                                             lambda: _dump({**law_data, "code": code.id, "url": url}), exactly=True)
            laws.append({"id": law.id, "json": urls.api_law(law.id), "url": url})
        listing.append({"id": code.id, "title": code.title, "short_title": code.short_title,
                        "json": urls.api_code(code.id), "url": urls.url(urls.code(code.id)), "laws": laws})
    index = {"export": urls.api_export(), "codes": listing}  # text alone
    yield "api/index.json", made(kept, "api/index.json", lambda: index, lambda: _dump(index))


def _export(kept: Kept | None, site: Site, whole: dict[str, Any], codes: list[str]) -> str:
    """``_dump(whole)``; under serve, its codes written as their own files are (``codes``: their texts),
    since JSON written without spaces is its parts' JSON put together."""
    if kept is None or next(iter(whole), None) != "codes":
        return _dump(whole)
    corpus = site.corpus
    rest = {k: v for k, v in whole.items() if k != "codes"}
    text = kept.made("api/export.json (but the codes)", lambda: (corpus.topics, corpus.glossary, corpus.concordance,
                                                               corpus.facts, corpus.outcomes, corpus.editions),
                     lambda: _dump(rest), exactly=True)
    joined = ",".join(one[:-1] for one in codes)  # each ends its line
    return f'{{"codes":[{joined}]' + ("}\n" if text == "{}\n" else "," + text[1:])
