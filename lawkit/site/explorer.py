"""The explorer's files on the site: its evaluator (lawkit/site/assets/explorer/), the CEL library
it runs (``@marcbachmann/cel-js``, installed from npm into node_modules/ by ``npm ci``: never
committed, never fetched from a CDN), and its data under ``api/explorer/``: ``model.json`` (the
record's vocabulary, the views, the facts: lawkit.rules.export.explorer_model), ``index.json``
(the codes) and one ``<code>.json`` per code (its rulebook, loaded when that code is asked)."""

from __future__ import annotations

import base64
import json
import os
from typing import Any, Iterator
from urllib.parse import urlencode

from ..rules.export import explorer_model, explorer_rulebook
from .context import Site
from .kept import Kept, made
from .urls import ASSET_DIR

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "assets", "explorer")
PACKAGE = "@marcbachmann/cel-js"
DIR = f"{ASSET_DIR}/explorer"  # the evaluator's modules; the CEL library in its cel-js/ folder
API = "api/explorer"


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def state_fragment(state: dict[str, Any], data: tuple[str, ...] = ("s",)) -> str:
    """The explorer's address fragment (without ``#``) for ``state``, as share.js writes it: plain
    parameters as text, the names in ``data`` as compact JSON in base64url (a law's "try this law"
    link opens the explorer on its worked example with it)."""
    params = {}
    for name, value in state.items():
        if value is None or value == "":
            continue
        if name in data:
            text = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
            value = base64.urlsafe_b64encode(text).decode().rstrip("=")
        params[name] = value
    return urlencode(params)


def files(site: Site, kept: Kept | None = None) -> Iterator[tuple[str, str]]:
    """(path in the site, JSON text) for the explorer's data; the rules must be compiled. ``kept`` (under
    `mkdocs serve`): a file whose data is the last build's is its text again."""
    corpus = site.corpus

    model = explorer_model(corpus)  # a views.yaml constant as written: compared exactly
    yield f"{API}/model.json", made(kept, f"{API}/model.json", lambda: model, lambda: _dump(model), exactly=True)
    codes = []
    for code in corpus.codes.values():
        book = corpus.rulebooks.get(code.id)
        if book is None:
            continue
        laws = [law.id for law in code.laws]
        yield f"{API}/{code.id}.json", made(kept, f"{API}/{code.id}.json", lambda: (laws, book),
                                            lambda: _dump(explorer_rulebook(corpus, code.id)), exactly=True)
        codes.append({"id": code.id, "title": code.title, "short_title": code.short_title, "json": f"{code.id}.json"})
    yield f"{API}/index.json", made(kept, f"{API}/index.json", lambda: codes, lambda: _dump({"codes": codes}))


# lawkit's own checkout, where `npm ci` installs the library for lawkit's site (a project of one's
# own with its laws/ may install it beside its mkdocs.yml instead).
CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def library(root: str) -> str | None:
    """The folder of the CEL library's modules in node_modules/ beside the project's mkdocs.yml, or
    else in lawkit's own checkout; None if it is installed in neither."""
    for where in (root, CHECKOUT):
        lib = os.path.join(where, "node_modules", *PACKAGE.split("/"), "lib")
        if os.path.isfile(os.path.join(lib, "index.js")):
            return lib
    return None


MISSING = (f"lawkit: the explorer needs the CEL library {PACKAGE}, which is not installed in node_modules/; run "
           "`npm ci` in lawkit's folder, where package.json is (scripts/site and scripts/test do it)")


def assets(root: str) -> list[tuple[str, str]]:
    """(path in the site, file) for the evaluator's modules (and the style sheets of the explorer's
    pages) and the CEL library (none of the library's when it is not installed: ``library`` says so)."""
    found = [(f"{DIR}/{name}", os.path.join(SOURCE, name)) for name in sorted(os.listdir(SOURCE))
             if name.endswith((".js", ".css"))]
    lib = library(root)
    if lib is not None:
        found += [(f"{DIR}/cel-js/{name}", os.path.join(lib, name)) for name in sorted(os.listdir(lib))
                  if name.endswith(".js")]
        found.append((f"{DIR}/cel-js/LICENSE", os.path.join(os.path.dirname(lib), "LICENSE")))
    return found
