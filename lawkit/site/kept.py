"""Under ``mkdocs serve``: each generated file kept from one build to the next by what it is made
from, so that a saved law file makes again only the files that read what changed.

``Kept`` holds every output of the last render with its key; an output whose key is the last one's
is the last render's (the same object, which ``reload`` then knows unchanged without reading it). A
key is exactly what its output reads:

- a JSON file is made from data (a law's folded parts and the previews of the laws they link to, a
  law's entry in the Ask index…): the data itself is the key, and only its ``json.dumps`` is spared;
  a law's or code's entry in the export by the law or code (and the code's rulebook) it is made of;
- a page reads much of the corpus, so its key lists what its renderer reads (``code_page``,
  ``glossary_page``, ``concordance_page``, ``edition_page`` below): a law's whole entry (the
  model's objects: its position too, the edit links say the line), the names its links show
  (``Site.names_key``), the glossary's words, the worked examples by their rules' key
  (``site.examples_keys``) and the settings the renderers read (``settings``). A value it does not
  read may change a key (a moved law changes its code's): the page is made again, never kept stale.

Keys are compared with ``==`` where what they hold is text (HTML, the words of laws, names: a
string equals only a string) in lists and mappings made in an order their equal parts fix, and
``exactly`` where a number or a mapping written in YAML, or one whose order follows another's, reaches
the output: ``1 == 1.0 == True``, and ``{a, b} == {b, a}``, which JSON and the pages write otherwise
(``same``). That is quick: the model's objects of a file not parsed again since the last render are
made of the very values the last render's were (lawkit.corpus.Parsed keeps a file's parse by its
text), which ``==`` compares exactly (``unchanged`` names those files; None: not known, every value
compared exactly).

A full ``mkdocs build`` keeps nothing (``kept`` is None: each output is made).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, TypeVar

from ..corpus.model import Code, EditionMap
from ..corpus.problems import Position
from .context import Site

T = TypeVar("T")


class Kept:
    def __init__(self) -> None:
        self.last: dict[str, tuple[Any, Any]] = {}  # output name -> (its key, the output), of the last render
        self.now: dict[str, tuple[Any, Any]] = {}  # this render's, so far
        # The corpus files parsed once, into the same objects, since the last render (None: not known).
        self.unchanged: set[str] | None = None

    def made(self, name: str, key: Callable[[], Any], make: Callable[[], T], exactly: bool = False) -> T:
        """The output ``name``: the last render's when ``key()`` is the key it was made with, else ``make()``;
        ``exactly``: compared by ``same`` (a number or mapping written in YAML reaches the output)."""
        wanted = key()
        entry = self.last.get(name)
        if entry is not None and (same(entry[0], wanted, self.unchanged) if exactly else bool(entry[0] == wanted)):
            value = entry[1]
        else:
            value = make()
        self.now[name] = (wanted, value)
        return value

    def stable(self, name: str, value: T, exactly: bool = False) -> T:
        """``value``, or the last render's equal value itself: a key holding it then compares at once."""
        return self.made(name, lambda: value, lambda: value, exactly)

    def begin(self) -> None:
        """A render begins to make its files (a render that failed midway kept nothing of its own)."""
        self.now = {}

    def through(self) -> None:
        """Every file is made: they are the ones the next render compares with."""
        self.last, self.now = self.now, {}


_SCALARS = (str, int, float, bool, type(None))
_FIELDS: dict[type, tuple[str, ...]] = {}  # a dataclass -> its fields' names


def same(a: Any, b: Any, unchanged: set[str] | None) -> bool:
    """Whether two keys are the same exactly: equal, of the same types all through, their mappings' keys
    in the same order. A dataclass of the model written in a file of ``unchanged`` (its position's) is
    compared with its own ``==``: its values are the objects the last render's had, but for strings and
    the parser's positions derived from other files (cited_by, parallels), which ``==`` compares exactly;
    a code is compared field by field (its headings are files of their own). ``==`` first, at the C
    library's speed, says most: what it finds unequal is, and a string it finds equal is exactly so."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b) or a != b:
        return False
    if kind in _SCALARS:
        return True
    if isinstance(a, dict):
        return all(type(x) is type(y) and (u is v or type(u) is str or same(u, v, unchanged))
                   for (x, u), (y, v) in zip(a.items(), b.items())) and list(a) == list(b)
    if isinstance(a, (list, tuple)):
        return all(x is y or type(x) is str or same(x, y, unchanged) for x, y in zip(a, b))
    names = _FIELDS.get(kind)
    if names is None and dataclasses.is_dataclass(a):
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(a))
    if names is None:
        return True  # frozensets of names, compiled CEL, and the like: their == is exact
    where = getattr(a, "position", None)
    if unchanged is not None and kind is not Code and isinstance(where, Position) and where.path in unchanged:
        return True  # equal (above), and made of the very values the last render's was
    return all(same(getattr(a, name), getattr(b, name), unchanged) for name in names)


def made(kept: Kept | None, name: str, key: Callable[[], Any], make: Callable[[], T], exactly: bool = False) -> T:
    """``kept.made``, or ``make()`` where nothing is kept (``mkdocs build``)."""
    return make() if kept is None else kept.made(name, key, make, exactly)


# -- what the pages read ----------------------------------------------------------------------

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
    return (settings(site), code, site.names_key(),
            [[term.term, term.variants] for term in site.corpus.glossary],
            [sorted(site.law_terms.get(law.id, ())) for law in laws],
            [[topic.id, topic.title] for topic in site.corpus.topics.values()],
            [site.pairs.get(parallel.position) for law in laws for parallel in law.parallels],
            site.examples_keys.get(code.id, site.examples_key))


def glossary_page(site: Site) -> tuple[Any, ...]:
    """The glossary page reads every term (its laws too) and the names of the laws it links to."""
    return settings(site), site.corpus.glossary, site.names_key()


def concordance_page(site: Site, topic: str) -> tuple[Any, ...]:
    """A topic's concordance reads the topic, its groups, the words of their laws and the laws' names."""
    from .diff import words

    groups = [group for group in site.corpus.concordance if group.topic == topic]
    compared = [citation for group in groups for citation in (group.reference, *(m.id for m in group.laws))]
    return (settings(site), site.corpus.topics.get(topic), groups, site.names_key(),
            [words(site, citation) for citation in compared])


def edition_page(site: Site, edition: EditionMap) -> tuple[Any, ...]:
    """An edition's page reads its map, the words and heading of every law on it, the laws' names, and
    the changes in behaviour (the scenarios ruled under both codes, their rulings' values as they are:
    compared exactly)."""
    from .diff import words

    corpus = site.corpus
    laws = [citation for entry in edition.entries for citation in (*entry.earlier, *entry.later)]
    return (settings(site), edition, site.names_key(),
            [[words(site, c), corpus.law_of(c).heading] for c in laws],
            site.changes.get((edition.earlier, edition.later)))
