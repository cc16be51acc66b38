"""Under ``mkdocs serve``: each generated file kept from one build to the next by what it is made
from, so that a saved law file makes again only the files that read what changed.

``Kept`` holds every output of the last build with its key; an output whose key equals the last
one's is the last build's (the same object, which ``reload`` then knows unchanged without reading
it). A key is exactly what its output reads:

- a JSON file is made from data (a law's entry in the export, a law's folded parts and the
  previews of the laws they link to, a code's rulebook…): the data itself is the key, and only
  its ``json.dumps`` is spared;
- a page reads much of the corpus, so its key lists what its renderer reads (``code_page``,
  ``glossary_page``, ``concordance_page``, ``edition_page`` below): a law's whole entry (``repr``
  of the model, its position too: the edit links say the line), the names its links show
  (``Site.names_key``), the glossary's words, the worked examples by their rules' key (``site.examples_keys``)
  and the settings the renderers read (``settings``). A value it does not read may change a key
  (a moved law changes its code's): the page is made again, never kept stale.

A full ``mkdocs build`` keeps nothing (``kept`` is None: each output is made).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Callable, TypeVar

from ..corpus.model import Code, EditionMap
from .context import Site

T = TypeVar("T")


class Kept:
    def __init__(self) -> None:
        self.last: dict[str, tuple[Any, Any]] = {}  # output name -> (its key, the output), of the last build
        self.now: dict[str, tuple[Any, Any]] = {}  # this build's, so far

    def made(self, name: str, key: Callable[[], Any], make: Callable[[], T]) -> T:
        """The output ``name``: the last build's when ``key()`` equals the key it was made with, else ``make()``."""
        wanted = key()
        entry = self.last.get(name)
        value = entry[1] if entry is not None and entry[0] == wanted else make()
        self.now[name] = (wanted, value)
        return value

    def begin(self) -> None:
        """A build begins to make its files (a build that failed midway kept nothing of its own)."""
        self.now = {}

    def through(self) -> None:
        """Every file is made: they are the ones the next build compares with."""
        self.last, self.now = self.now, {}


def made(kept: Kept | None, name: str, key: Callable[[], Any], make: Callable[[], T]) -> T:
    """``kept.made``, or ``make()`` where nothing is kept (``mkdocs build``)."""
    return make() if kept is None else kept.made(name, key, make)


# -- what the pages read ----------------------------------------------------------------------

def digest(value: Any) -> str:
    return hashlib.sha256(repr(value).encode("utf-8")).hexdigest()


def settings(site: Site) -> tuple[Any, ...]:
    """What of the build's settings the renderers read: where pages go, the URL style, the project's
    folder (paths are relative to it), the edit links, whether the site has the Ask page."""
    return site.urls.base, site.urls.use_directory_urls, site.root, site.edit_base, site.ask


def code_page(site: Site, code: Code) -> tuple[Any, ...]:
    """A code page reads its code (every law, as the model has it: text, notes, annotations, topics,
    questions, cited_by, parallels, rules, positions), the names of what it links to, the glossary's
    words and which of them each law uses, the topics' titles, where each parallel is compared, and
    its laws' rules boxes and worked examples (by the rules' key, as ``clauses`` keeps the boxes)."""
    laws = code.laws
    return (settings(site), digest(code), site.names_key(),
            [[term.term, term.variants] for term in site.corpus.glossary],
            [sorted(site.law_terms.get(law.id, ())) for law in laws],
            [[topic.id, topic.title] for topic in site.corpus.topics.values()],
            [site.pairs.get(parallel.position) for law in laws for parallel in law.parallels],
            site.examples_keys.get(code.id, site.examples_key))


def glossary_page(site: Site) -> tuple[Any, ...]:
    """The glossary page reads every term (its laws too) and the names of the laws it links to."""
    return settings(site), digest(site.corpus.glossary), site.names_key()


def concordance_page(site: Site, topic: str) -> tuple[Any, ...]:
    """A topic's concordance reads the topic, its groups, the words of their laws and the laws' names."""
    from .diff import words

    groups = [group for group in site.corpus.concordance if group.topic == topic]
    compared = [citation for group in groups for citation in (group.reference, *(m.id for m in group.laws))]
    return (settings(site), digest(site.corpus.topics.get(topic)), digest(groups), site.names_key(),
            [words(site, citation) for citation in compared])


def edition_page(site: Site, edition: EditionMap) -> tuple[Any, ...]:
    """An edition's page reads its map, the words and heading of every law on it, the laws' names, and
    the changes in behaviour (the scenarios ruled under both codes: their rules' keys)."""
    from .diff import words

    corpus = site.corpus
    laws = [citation for entry in edition.entries for citation in (*entry.earlier, *entry.later)]
    return (settings(site), digest(edition), site.names_key(),
            [[words(site, c), corpus.law_of(c).heading] for c in laws],
            json.dumps([site.examples_keys.get(edition.earlier), site.examples_keys.get(edition.later)]))
