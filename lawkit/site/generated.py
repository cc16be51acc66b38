"""Every file the plugin generates from the corpus — the pages and the static JSON —
rendered, or read back from lawkit's cache when nothing they are made from changed.

Rendering the pages and the JSON (with the compiled rules and the scenarios run for
the worked examples) is most of the plugin's work, and its result depends only on
what ``key`` covers: the corpus files and lawkit's source (the corpus fingerprint),
the scenario files, and the settings the renderers read (where the pages go, the
URL style, the project folder, the edit links). Under ``mkdocs serve`` a saved
Markdown page, and any second build, reuses it; a saved YAML or scenario file, an
edited lawkit or a changed setting makes a new key, and the files are rendered again —
each one that reads nothing that changed kept from the last render (``lawkit.site.kept``),
and the worked examples and the changes in behaviour, which read only the rules and the
scenarios, kept under a key of their own (``examples.run``): a saved note or law text does
not run the scenarios again.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from functools import partial
from typing import Callable

from .. import cache
from ..corpus.model import Code
from . import kept as keys
from .context import Site
from .examples import scenario_files
from .kept import Kept, made

NAME = "site"  # the cache entry: .lawkit-cache/site-<key>


@dataclass
class Generated:
    pages: list[tuple[str, str, str | None]]  # (src_uri, Markdown, the YAML file its edit link opens)
    api: list[tuple[str, str]]  # (src_uri, JSON text)


def key(corpus_key: str, scenarios_dir: str, *settings: object) -> str:
    digest = hashlib.sha1(f"{corpus_key}\n{os.path.abspath(scenarios_dir)}\n{settings!r}\n".encode())
    for path in scenario_files(scenarios_dir):
        stat = os.stat(path)
        digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:20]


def _dumps(generated: Generated) -> bytes:
    return json.dumps({"pages": generated.pages, "api": generated.api}, ensure_ascii=False).encode("utf-8")


def _loads(data: bytes) -> Generated:
    """The files ``_dumps`` wrote (ValueError for anything else: the cache makes them again)."""
    kept = json.loads(data.decode("utf-8"))
    if not isinstance(kept, dict) or not isinstance(kept.get("pages"), list) or not isinstance(kept.get("api"), list):
        raise ValueError("not the generated files")
    pages, api = [tuple(page) for page in kept["pages"]], [tuple(one) for one in kept["api"]]
    if not all(len(page) == 3 and isinstance(page[0], str) and isinstance(page[1], str)
               and isinstance(page[2], (str, type(None))) for page in pages) or \
            not all(len(one) == 2 and all(isinstance(part, str) for part in one) for one in api):
        raise ValueError("not the generated files")
    return Generated(pages, api)


CODEC = cache.Functions(_dumps, _loads)  # JSON: nothing read back from the cache can run code


def cached(laws_path: str, key: str) -> Generated | None:
    found = cache.load(laws_path, NAME, key, CODEC)
    return found if isinstance(found, Generated) else None


def keep(laws_path: str, key: str, generated: Generated,
         later: Callable[[str, Callable[[], None]], None] | None = None) -> None:
    """Keep the files in lawkit's cache (or hand the writing to ``later``, to run after the build)."""
    if later is None:
        cache.store(laws_path, NAME, key, generated, CODEC)
    elif not cache.has(laws_path, NAME, key):  # under serve, made again though a build had kept them
        later(NAME, partial(cache.store, laws_path, NAME, key, generated, CODEC))


def render(site: Site, laws_path: str, scenarios_dir: str,
           later: Callable[[str, Callable[[], None]], None] | None = None, remember: bool = False,
           kept: Kept | None = None) -> Generated:
    """Every page (in the order the nav shows them) and every JSON file. Compiles the corpus's
    rules and runs the scenarios for the worked examples first (ScenarioError when one does not load;
    ``later`` writes their cache entry after the build; ``remember``, under `mkdocs serve`: the rulings
    of the codes whose rules did not change are the last run's, ``examples.run``). ``kept`` (under
    `mkdocs serve`): the files of the last render, each used again when what it is made from did not
    change (``lawkit.site.kept``)."""
    from lawkit.rules import compile_rulebooks

    from . import api, ask, explorer, folds, now, table
    from .compare import concordance_index, concordance_page, edition_page, place_pairs, topics_compared
    from .examples import run
    from .glossary import glossary_page
    from .pages import index_page
    from .topics import topics_page

    urls, corpus = site.urls, site.corpus
    if kept is not None:
        kept.begin()
    if not corpus.rulebooks:  # a corpus from the cache has no compiled CEL: compile, keeping its problems
        problems = list(corpus.problems)
        compile_rulebooks(corpus)
        corpus.problems = problems
    run(site, laws_path, scenarios_dir, later, remember)  # the worked examples and the changes in behaviour, or the cache's
    place_pairs(site)

    def page(src_uri: str, key: Callable[[], object], make: Callable[[], str], exactly: bool = False) -> Callable[[], str]:
        return partial(made, kept, f"page:{src_uri}", key, make, exactly)

    pages: list[tuple[str, Callable[[], str], str | None]] = [(urls.index(), lambda: index_page(site), None)]
    api_files = list(api.files(site, kept)) + list(explorer.files(site, kept)) + list(now.files(site, kept))
    pages.append((now.PAGE, lambda: now.page(site), None))
    if site.ask:
        pages.append((urls.ask(), lambda: ask.page(site), None))
        api_files.append((ask.INDEX, ask.index_file(site, laws_path, kept)))
    for code in corpus.codes.values():
        pages.append((urls.code(code.id), partial(_code_page, site, code, kept), code.position.path))
    pages += [(uri, partial(lambda markdown: markdown, markdown), None) for uri, markdown in table.pages(site)]
    api_files += list(table.files(site, kept))
    shared = os.path.join(laws_path, "{}.yaml")
    pages.append((urls.glossary(), page(urls.glossary(), partial(keys.glossary_page, site),
                                        partial(glossary_page, site)), shared.format("glossary")))
    pages.append((urls.topics(), lambda: topics_page(site), shared.format("topics")))
    compared = topics_compared(site)
    if compared:
        pages.append((urls.concordance_index(), lambda: concordance_index(site), shared.format("concordance")))
    for topic in compared:
        uri = urls.concordance(topic)
        pages.append((uri, page(uri, partial(keys.concordance_page, site, topic), partial(concordance_page, site, topic)),
                      shared.format("concordance")))
    for edition in corpus.editions:
        uri = urls.edition(edition.earlier, edition.later)
        pages.append((uri, page(uri, partial(keys.edition_page, site, edition), partial(edition_page, site, edition),
                                True), shared.format("editions")))
    pages_made = [(src_uri, make(), source) for src_uri, make, source in pages]
    generated = Generated(pages_made, api_files + list(folds.files(site, kept)))  # the folds the pages just filed
    if kept is not None:
        kept.through()
    return generated


def _code_page(site: Site, code: Code, kept: Kept | None) -> str:
    """A code page, with the folded parts of its laws it files for ``api/folds/`` (``folds.fold``):
    a page kept from the last build files them again as it made them."""
    from .pages import code_page

    def make() -> tuple[str, dict[str, dict[str, str]]]:
        markdown = code_page(site, code)
        return markdown, {law.id: dict(site.folds[law.id]) for law in code.laws if law.id in site.folds}

    markdown, filed = made(kept, f"page:{site.urls.code(code.id)}", partial(keys.code_page, site, code), make,
                           exactly=True)  # its page numbers, its source's year: as written
    for law_id, parts in filed.items():
        site.folds[law_id] = dict(parts)
    return markdown
