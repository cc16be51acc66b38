"""What every page renderer shares: the corpus, the page map, names and links of laws,
edit links, and the worked examples from the scenarios."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from typing import Any

from ..corpus.model import Corpus, Item, Law, Section
from .markup import esc, printed, slug
from .urls import Urls


@dataclass
class Example:
    """A scenario in which a code ruled: its situation and that code's rulings."""

    name: str
    description: str | None
    facts: dict[str, Any]
    code: str
    rulings: list[Any]  # lawkit.Ruling
    path: str  # the scenario file, relative to mkdocs.yml
    line: int


@dataclass
class Site:
    corpus: Corpus
    urls: Urls
    root: str  # the folder of mkdocs.yml: paths in links and JSON are relative to it
    edit_base: str | None = None  # the repository's edit URL for the root folder, if repo_url is set
    ask: bool = False  # the site has the Ask page (lawkit's search in the browser)
    examples: dict[str, list[Example]] = field(default_factory=dict)  # law id -> worked examples
    scenarios: list[tuple[str, Any]] = field(default_factory=list)  # (file, Scenario): every scenario loaded
    changes: dict[tuple[str, str], Any] = field(default_factory=dict)  # (earlier, later) -> rules.changes.Changes
    pairs: dict[Any, tuple[str, str, str]] = field(default_factory=dict)  # Position of a parallel -> (page, anchor, kind)
    term_ids: dict[str, str] = field(default_factory=dict)  # glossary term -> anchor on the glossary page
    law_terms: dict[str, set[str]] = field(default_factory=dict)  # law id -> the glossary terms it uses
    term_pattern: Any = None  # (phrase -> term, one pattern for them all), made by text.glossary_pattern
    previews: dict[str, dict] = field(default_factory=dict)  # citation -> its preview, made once (previews.embed)
    folds: dict[str, dict[str, str]] = field(default_factory=dict)  # law id -> part -> its markup, fetched when opened
    examples_key: str | None = None  # what the examples, scenarios and changes were made from (examples.rules_key)
    examples_keys: dict[str, str] = field(default_factory=dict)  # code -> its part of it (examples.rules_keys)
    examples_shared: str | None = None  # the part every code's shares: the shared rule files, the scenarios…
    _names_key: str | None = None
    _rel: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        used: set[str] = set()
        for term in self.corpus.glossary:
            for law in term.used_by:
                self.law_terms.setdefault(law, set()).add(term.term)
            anchor = slug(term.term)
            while anchor in used:
                anchor += "-"
            used.add(anchor)
            self.term_ids[term.term] = anchor

    # -- files -----------------------------------------------------------------

    def rel(self, path: str) -> str:
        """A corpus path relative to the folder of mkdocs.yml, with forward slashes (asked of each law's
        file: made once a path in a build)."""
        if path not in self._rel:
            self._rel[path] = os.path.relpath(os.path.abspath(path), self.root).replace(os.sep, "/")
        return self._rel[path]

    def edit_url(self, path: str) -> str | None:
        return self.edit_base + self.rel(path) if self.edit_base else None

    # -- names and links -------------------------------------------------------

    def names_key(self) -> str:
        """A digest of what names a unit in a link: each code's names, and every unit's id with its
        name as a link says it (``unit_name``), which also says which ids there are (a citation
        printed in a law's text is a link when the unit it names exists)."""
        if self._names_key is None:
            named: list = [[code.id, code.title, code.short_title] for code in self.corpus.codes.values()]
            named += [[citation, self.unit_name(citation)] for citation in self.corpus.units]
            self._names_key = hashlib.sha256(json.dumps(named, ensure_ascii=False).encode()).hexdigest()
        return self._names_key

    def unit(self, citation: str) -> Law | Section | Item:
        return self.corpus.get(citation)

    def unit_name(self, citation: str, from_code: str | None = None) -> str:
        """"Law 14", "Law 37 (c)", "Law IV, Sec. 8" — with the code's short title when it is another code's."""
        law = self.corpus.law_of(citation)
        unit = self.corpus.get(citation)
        if isinstance(unit, Section):
            name = f"{law.name}, {unit.label.rstrip('.')}"
        elif isinstance(unit, Item):
            name = f"{law.name} ({unit.key})"
        else:
            name = law.name
        if from_code != law.code:
            name = f"{self.code_name(law.code)}, {name}"
        return name

    def code_name(self, code_id: str) -> str:
        code = self.corpus.codes[code_id]
        return code.short_title or code.title

    def link(self, from_uri: str, citation: str, text: str | None = None, *, from_code: str | None = None,
             html_text: str | None = None) -> str:
        """A link to a law (or section, item) that shows its preview."""
        label = html_text if html_text is not None else printed(text if text is not None
                                                                else self.unit_name(citation, from_code))
        return (f'<a class="lk-ref" href="{esc(self.urls.law(from_uri, citation))}" '
                f'data-law="{esc(citation)}">{label}</a>')

    def links(self, from_uri: str, citations: list[str], *, from_code: str | None = None) -> str:
        return ", ".join(self.link(from_uri, c, from_code=from_code) for c in citations)

    def term_link(self, from_uri: str, term: str) -> str:
        anchor = self.term_ids.get(term)
        if anchor is None:
            return printed(term)
        return f'<a href="{esc(self.urls.href(from_uri, self.urls.glossary(), anchor))}">{printed(term)}</a>'
