"""Under ``mkdocs serve --dirty`` (scripts/site): after a saved file, only the pages and files
the change touches are rendered and written again.

MkDocs' dirty reload skips a file whose output is newer than its source; a file generated
with ``content=`` has no source, so MkDocs takes it as modified on every build, and a skipped
page's title is unknown to the navigation of the pages that are rebuilt. This module decides
instead, from what the last build wrote (kept in memory: the plugin lives from one build to
the next under serve):

- a generated file other than a page is written again when its content changed;
- a page is rendered again when its Markdown changed (after the plugin's markers are filled,
  so a hand-written page with the table of codes counts too), or the previews and glossary
  definitions it embeds changed (a law it links to was reworded), or a link of it that named no
  law now names one (a hand-written page's link to an item saved since), or its output is missing;
- every page is rendered again when the navigation (its pages, their titles and order),
  mkdocs.yml or the notice of a broken corpus changed;
- a skipped page keeps the title it was rendered with, for the navigation of the others;
- Material's search merges its index under dirty reload as if one page had changed; the
  index is made here instead, from each page's entries when it was last rendered.
- a file (a page, a JSON file, a page's previews) the last build wrote and this one does not (a
  removed law file, a concordance's topic renamed) is removed, as a full build would not write it;
- the theme's templates (and those Material's search reads its words from) are compiled once
  for the process (``share_templates``): MkDocs makes a new Jinja environment for every build,
  which compiled them all again.

A full ``mkdocs build`` (and ``serve`` without ``--dirty``) is untouched by all this.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from typing import Any, Callable

import jinja2
import jinja2.bccache
from mkdocs.structure.files import File
from mkdocs.theme import Theme

from . import previews
from .context import Site

# MkDocs warns of a dirty build on every build; under --strict that warning aborts the build.
DIRTY_WARNING = "A 'dirty' build is being performed"


def digest(text: str | bytes) -> str:
    return hashlib.sha256(text.encode("utf-8") if isinstance(text, str) else text).hexdigest()


class GeneratedFile(File):
    """A generated file that knows whether it differs from what the last build wrote."""

    changed = True

    def is_modified(self) -> bool:
        return self.changed or not os.path.isfile(self.abs_dest_path)


class QuietDirty(logging.Filter):
    """Drops MkDocs' warning of a dirty build: the navigation it warns of is kept right here."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith(DIRTY_WARNING)


def quiet_dirty(logger: logging.Logger) -> None:
    if not any(isinstance(one, QuietDirty) for one in logger.filters):
        logger.addFilter(QuietDirty())


class SharedTemplates(jinja2.BytecodeCache):
    """Jinja's compiled templates kept in memory for the process. Jinja checks each against its
    template's source (a checksum in the bucket) before using it: an edited template compiles again."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        data = self.kept.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = SharedTemplates()


def share_templates() -> None:
    """Every Jinja environment a theme makes from now on compiles its templates once for the process
    (``mkdocs serve`` only: a build makes few environments, and compiles each template once in them)."""
    made = Theme.get_env
    if getattr(made, "shares_templates", False):
        return

    def get_env(theme: Theme) -> jinja2.Environment:
        env = made(theme)
        env.bytecode_cache = TEMPLATES
        return env

    get_env.shares_templates = True  # type: ignore[attr-defined]
    Theme.get_env = get_env  # type: ignore[method-assign, assignment]


class Reload:
    def __init__(self) -> None:
        # src_uri -> the content last written, compared with the next (the same object when it is a file
        # kept from the last build, lawkit.site.kept: no character is read)
        self.files: dict[str, str | bytes] = {}
        # src_uri -> (its Markdown, the laws and terms it embedded, their previews and definitions, the
        # citations its other links to a code page's anchors name: none a unit when it was rendered)
        self.pages: dict[str, tuple[str, list[str], list[str], Any, list[str]]] = {}
        self.titles: dict[str, str] = {}  # src_uri -> the title it was rendered with
        self.entries: dict[str, list[dict[str, Any]]] = {}  # src_uri -> the page's search entries
        self.signature: str | None = None  # the navigation, mkdocs.yml and the broken notice
        self.next_signature: str | None = None
        self.rebuilt: set[str] = set()  # this build: the pages rendered again
        self.written: dict[str, str | bytes] = {}  # this build: each generated file's content
        self.markdown: dict[str, str] = {}  # this build: each rendered page's Markdown
        self.built: dict[str, tuple[str, list[str], list[str], Any, list[str]]] = {}
        self.new_entries: dict[str, list[dict[str, Any]]] = {}
        self.seen = 0  # entries of Material's search index already given to a page
        self.outputs: dict[str, str] = {}  # src_uri -> where the last build wrote it
        self.apart: dict[str, str] = {}  # a page's src_uri -> the file of its previews (path in the site)
        self.new_apart: dict[str, str | None] = {}  # this build: each rendered page's (None: its previews inline)
        self.everything = True  # this build renders every page

    # -- on_files -------------------------------------------------------------------

    def begin(self) -> None:
        """A build begins (on_pre_build): nothing generated yet."""
        self.written, self.new_apart = {}, {}

    def file(self, config: Any, src_uri: str, content: str | bytes) -> File:
        made = GeneratedFile.generated(config, src_uri, content=content)
        assert isinstance(made, GeneratedFile)
        last = self.files.get(src_uri)
        made.changed = last is None or (last is not content and last != content)
        self.written[src_uri] = content
        return made

    # -- on_nav: which pages are rendered again ----------------------------------------

    def plan(self, site: Site, nav: Any, config: Any, files: Any, markdown_hook: Any, broken: list[str]) -> None:
        """Mark each page to render again or to skip (see the module's docstring)."""
        self.rebuilt, self.markdown, self.built, self.new_entries, self.seen = set(), {}, {}, {}, 0
        inputs: dict[str, tuple[str, Any, bool]] = {}
        for file in files.documentation_pages():
            page = file.page
            if page is None:  # not in the nav: made later by MkDocs, always rendered
                continue
            page.read_source(config)
            hooked = markdown_hook(page.markdown, page=page, config=config, files=files)
            kept = self.pages.get(file.src_uri)
            inputs[file.src_uri] = (hooked, embedded_data(site, kept[1], kept[2]), _named(site, kept[4])) \
                if kept else (hooked, None, True)
        config_path = config.config_file_path
        with open(config_path, "rb") as handle:
            config_bytes = handle.read()
        signature = digest(json.dumps([digest(config_bytes), broken, _nav(nav, self.titles)]))
        everything = self.everything = signature != self.signature
        self.next_signature = signature  # kept once the build is through (a failed one proves nothing)
        for file in files.documentation_pages():
            page, src_uri = file.page, file.src_uri
            kept = self.pages.get(src_uri)
            unchanged = (not everything and page is not None and kept is not None
                         and inputs.get(src_uri) == (kept[0], kept[3], False) and os.path.isfile(file.abs_dest_path)
                         and (isinstance(file, GeneratedFile) or not file.is_modified()))
            if isinstance(file, GeneratedFile):
                file.changed = not unchanged
            elif not unchanged and os.path.isfile(file.abs_dest_path):
                os.remove(file.abs_dest_path)  # MkDocs renders a page whose output is missing
            if unchanged and page is not None and "title" not in page.meta and src_uri in self.titles:
                page.meta["title"] = self.titles[src_uri]  # as rendered last time, for the others' nav
            if not unchanged:
                self.rebuilt.add(src_uri)

    # -- while the pages render ----------------------------------------------------------

    def rendered_markdown(self, src_uri: str, markdown: str) -> None:
        self.markdown[src_uri] = markdown

    def rendered_content(self, site: Site, src_uri: str, html: str, unmarked: list[str]) -> None:
        """The page as rendered (its links marked, ``previews.mark_links``; ``unmarked``: the citations its
        other links to a code page's anchors name, none a unit now)."""
        citations, terms = previews.embedded(html)
        self.built[src_uri] = (self.markdown.get(src_uri, ""), citations, terms,
                               embedded_data(site, citations, terms), list(dict.fromkeys(unmarked)))

    def rendered_previews(self, src_uri: str, path: str | None) -> None:
        """The rendered page's previews are in the file at ``path`` (in the site), or in the page (None)."""
        self.new_apart[src_uri] = path

    def rendered_page(self, page: Any, search: Any) -> None:
        """After Material's search indexed the page (it runs first): the entries it added are this page's."""
        self.titles[page.file.src_uri] = page.title
        if search is not None:
            entries = search.search_index.entries
            self.new_entries[page.file.src_uri] = list(entries[self.seen:])
            self.seen = len(entries)

    def _remove_stale(self, files: Any, site_dir: str) -> None:
        """The files the last build wrote that no file of this one writes (its own page or JSON gone), and
        the previews files of pages gone or whose previews are now in the page or another file."""
        now = {file.src_uri: file.abs_dest_path for file in files}
        written = set(now.values())
        for src_uri, dest in self.outputs.items():
            if src_uri not in now and dest not in written:
                _remove(dest)
        self.outputs = now
        for src_uri, path in self.new_apart.items():
            old = self.apart.get(src_uri)
            if old is not None and old != path:
                _remove(os.path.join(site_dir, *old.split("/")))
            if path is None:
                self.apart.pop(src_uri, None)
            else:
                self.apart[src_uri] = path
        for src_uri in [page for page in self.apart if page not in now]:
            _remove(os.path.join(site_dir, *self.apart.pop(src_uri).split("/")))

    # -- on_post_build --------------------------------------------------------------------

    def finish(self, files: Any, site_dir: str, arranged: Callable[[list[Any]], list[Any]],
               write: Callable[[str, dict[str, Any]], None]) -> None:
        """Keep what this build wrote, remove what the last one wrote and this one does not, and write the
        whole search index from each page's entries (``arranged`` by the plugin: a law an entry; ``write``
        writes it)."""
        self._remove_stale(files, site_dir)
        for file in files:
            if isinstance(file, GeneratedFile) and not file.is_documentation_page() and file.src_uri in self.written:
                self.files[file.src_uri] = self.written[file.src_uri]
        self.pages.update(self.built)
        self.signature = self.next_signature
        if self.everything:
            self.entries = {}
        self.entries.update(self.new_entries)
        index_path = os.path.join(site_dir, "search", "search_index.json")
        if not os.path.exists(index_path):  # no search plugin
            return
        with open(index_path, encoding="utf-8") as handle:
            index = json.load(handle)
        docs = []
        for file in files.documentation_pages():
            docs.extend(self.entries.get(file.src_uri, []))
        index["docs"] = arranged(docs)
        write(index_path, index)


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def embedded_data(site: Site, citations: list[str], terms: list[str]) -> Any:
    """What a page that links to ``citations`` and marks ``terms`` embeds of them, in the order it
    writes them (the terms' definitions in the glossary's): compared as data."""
    data, definitions = previews.made(site, citations, terms)
    return list(data.items()), list(definitions.items())


def _named(site: Site, unmarked: list[str]) -> bool:
    """Whether a link the page did not mark names a unit now (a law or item added since): a hand-written
    page's Markdown is the same, and its link is now a law's, with its preview."""
    units = site.corpus.units
    return any(citation in units for citation in unmarked)


def _nav(nav: Any, titles: dict[str, str]) -> list[Any]:
    """The navigation as its pages' addresses and titles, and its sections' titles."""
    def walk(items: Any) -> list[Any]:
        out: list[Any] = []
        for item in items:
            if item.is_page:
                out.append([item.file.src_uri, item.title or titles.get(item.file.src_uri)])
            elif item.is_section:
                out.append([item.title, walk(item.children)])
            else:
                out.append([item.title, getattr(item, "url", None)])
        return out
    return walk(nav.items)
