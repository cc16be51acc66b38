"""The static JSON on the site: ``api/export.json`` (the whole ``lawkit export``),
``api/<code>.json`` (one code) and ``api/<code>/<law id>.json`` (one law;
its sections and items are in it), plus ``api/index.json`` listing them."""

from __future__ import annotations

import json
from typing import Any, Iterator

from .. import export
from .context import Site
from .kept import Kept, made


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
    file whose data is the last build's is its text again; the export is its codes' texts put together."""
    urls = site.urls
    whole = export(site.corpus)
    whole["codes"] = [_relative(site, code) for code in whole["codes"]]
    codes = {code.id: _text(kept, urls.api_code(code.id), data)
             for code, data in zip(site.corpus.codes.values(), whole["codes"])}
    yield urls.api_export(), _export(kept, whole, list(codes.values()))
    listing = []
    # each code's file, and each law's, is its entry in the export: made once
    for code, data in zip(site.corpus.codes.values(), whole["codes"]):
        yield urls.api_code(code.id), codes[code.id]
        laws = []
        for law, law_data in zip(code.laws, data["laws"]):
            # "page" is the book's page number, as in the export; the site's page is "url"
            url = urls.url(urls.code(code.id)) + "#" + law.id.split("/", 1)[1]
            yield urls.api_law(law.id), _text(kept, urls.api_law(law.id), {**law_data, "code": code.id, "url": url})
            laws.append({"id": law.id, "json": urls.api_law(law.id), "url": url})
        listing.append({"id": code.id, "title": code.title, "short_title": code.short_title,
                        "json": urls.api_code(code.id), "url": urls.url(urls.code(code.id)), "laws": laws})
    yield "api/index.json", _text(kept, "api/index.json", {"export": urls.api_export(), "codes": listing})


def _text(kept: Kept | None, name: str, data: Any) -> str:
    """``_dump(data)``, or the last build's text of ``name`` when it was made from equal data."""
    return made(kept, name, lambda: data, lambda: _dump(data))


def _export(kept: Kept | None, whole: dict[str, Any], codes: list[str]) -> str:
    """``_dump(whole)``; under serve, its codes written as their own files are (``codes``: their texts),
    since JSON written without spaces is its parts' JSON put together."""
    if kept is None or next(iter(whole), None) != "codes":
        return _dump(whole)
    rest = _text(kept, "api/export.json (without the codes)", {k: v for k, v in whole.items() if k != "codes"})
    joined = ",".join(text[:-1] for text in codes)  # each ends its line
    return f'{{"codes":[{joined}]' + ("}\n" if rest == "{}\n" else "," + rest[1:])
