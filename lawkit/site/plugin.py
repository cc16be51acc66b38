"""The ``lawkit`` MkDocs plugin: turns laws/ into pages during the build.

- ``on_config`` loads and checks the corpus (bad data fails the build with a
  PluginError naming path:line:col) and adds the plugin's script and style sheet;
- ``on_files`` adds the generated pages (``File.generated``): the codes, one page
  per code, the glossary, the topics, the concordance, each edition compared
  with the next, and the static JSON under ``api/`` — rendered with the rules
  compiled and the scenarios run for worked examples, or from lawkit's cache
  when nothing they are made from changed (``generated``); and the explorer's
  evaluator with its CEL library (``explorer``: from node_modules/, installed by
  ``npm ci``; a warning says so when it is missing);
- ``on_nav`` puts the laws right after the home page;
- ``on_page_markdown`` fills ``<!-- lawkit:codes -->`` in a hand-written page
  with the table of codes;
- ``on_page_content`` marks links to laws and embeds their preview data (a page
  with many writes them to ``api/previews/``, in ``on_post_build``);
- ``on_page_context`` points each generated page's edit link at its YAML;
- ``on_serve`` watches laws/ (and the scenarios) so ``mkdocs serve`` rebuilds
  when an editor saves a file, told of it by the system where it can (``watch``).

Under ``mkdocs serve`` the plugin lives from one build to the next (it has
``on_startup``): a saved file that breaks the corpus does not stop the server. The
errors that are the root cause (a file that does not parse, else all of them) are
logged, and the site is built from the last corpus that checked, each page showing
those errors at its top, until the file is fixed.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import replace
from functools import partial
from html import escape
from typing import Any, Callable
from urllib.parse import urljoin

import mkdocs
from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Section
from mkdocs.utils.meta import get_data

import lawkit
from lawkit.cache import checked
from lawkit.corpus import Parsed, stored
from lawkit.rules import Compiled

from . import ask, examples, explorer, generated, lookup, previews, reload, watch
from .afterwards import Afterwards
from .context import Site
from .kept import Kept
from .pages import codes_table
from .urls import ASSET_DIR, Urls

log = get_plugin_logger(__name__)
# Under serve, the errors of a broken corpus go to a logger outside MkDocs': MkDocs counts its own
# warnings and errors, and `serve --strict` would then abort the build, leaving the server stuck.
serve_log = logging.getLogger("lawkit.serve")

ASSETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "assets")
CODES_MARKER = "<!-- lawkit:codes -->"
ASK_MARKER = "<!-- lawkit:ask -->"  # a paragraph on the Ask page, when the site has one
GOTO_MARKER = "<!-- lawkit:goto -->"  # the go-to-law box
# Markdown shown only when the site has a page at that address (the explorer is built apart from the plugin).
IF_PAGE = re.compile(r"<!-- lawkit:if-page (\S+) -->\n?(.*?)<!-- lawkit:end -->\n?", re.S)
AUDIENCE = "audience"  # a hand-written page's front-matter key: "developers" puts it in DEVELOPERS' section
DEVELOPERS = "For developers and editors"
# A file that does not parse: the errors reported after it (dangling citations to its laws…) follow from it.
UNPARSED = ("yaml-syntax", "duplicate-key", "yaml-limit")


def root_causes(errors: list) -> list:
    """The errors to show first: those of files that do not parse, when there are any."""
    return [p for p in errors if p.kind in UNPARSED] or list(errors)


class LawkitConfig(Config):
    laws_dir = c.Type(str, default="laws")
    """The corpus directory, relative to mkdocs.yml."""
    pages_dir = c.Type(str, default="laws")
    """Where the generated pages go inside the site."""
    scenarios_dir = c.Type(str, default="tests/scenarios")
    """The scenario files (worked examples under each law), relative to mkdocs.yml; skipped if absent."""
    edit_uri = c.Optional(c.Type(str))
    """The repository's edit path for the repo root (e.g. ``edit/main/``); by
    default MkDocs' ``edit_uri`` without its last segment (the docs folder)."""


class LawkitPlugin(BasePlugin[LawkitConfig]):
    serving = False
    # Under serve: the corpus folder, site and key of the last build that checked.
    last_good: tuple[str, Site, str] | None = None
    broken: list[str] = []  # under serve: the root causes, while the corpus has errors
    reload: reload.Reload | None = None  # under serve --dirty: what the last build wrote
    parsed: Parsed | None = None  # under serve: each corpus file's parse, kept by its text for the next check
    compiled: Compiled | None = None  # under serve: each code's rulebook, kept for the next check likewise
    afterwards: Afterwards | None = None  # under serve: what a build leaves to do once it is served
    # Under serve: the last corpus checked and files generated, by key (their cache entries may not be written yet).
    kept_corpus: tuple[str, Any] | None = None
    kept_made: tuple[str, generated.Generated] | None = None
    outputs: Kept | None = None  # under serve: each generated file of the last render, by what it is made from
    reparsed: set[str] | None = None  # under serve: the files parsed again since that render (None: not known)

    def on_startup(self, *, command, dirty) -> None:
        self.serving = command == "serve"
        self.parsed = Parsed() if self.serving else None
        self.compiled = Compiled() if self.serving else None
        self.afterwards = Afterwards() if self.serving else None
        self.kept_corpus = self.kept_made = None
        self.outputs = Kept() if self.serving else None
        self.reparsed = None
        if self.serving:
            reload.share_templates()  # MkDocs makes a new Jinja environment for every build
        # Under serve --dirty, only the pages a saved file touches are written again.
        self.reload = reload.Reload() if self.serving and dirty else None
        if self.reload is not None:
            reload.quiet_dirty(logging.getLogger("mkdocs.commands.build"))

    def on_config(self, config):
        self.root = os.path.dirname(os.path.abspath(config.config_file_path or "mkdocs.yml"))
        self.laws_path = os.path.join(self.root, self.config.laws_dir)
        self.scenarios_path = os.path.join(self.root, self.config.scenarios_dir)
        if not os.path.isdir(self.laws_path):
            raise PluginError(f"lawkit: no corpus at {self.config.laws_dir}/ (plugin option laws_dir)")
        if self.afterwards is not None:
            self.afterwards.wait()  # the last build's cache entries, before this one reads or writes them
        checks: list[str] = []

        def check(root: Any) -> Any:  # under serve, what did not change is not parsed again
            checks.append(root)
            return lawkit.check(root, parsed=self.parsed, compiled=self.compiled)

        # From lawkit's cache when no file changed; under serve, checked all the same (its first build):
        # each file's parse, and each code's rulebook, is what the next saved file's check keeps.
        corpus, corpus_key = checked(self.laws_path, lawkit.check if self.parsed is None else check, stored,
                                     self._later(), self.kept_corpus, read=not self.serving)
        if self.serving:
            if checks and self.reparsed is not None and self.parsed is not None:
                self.reparsed |= set(self.parsed.read)
            elif not checks and (self.kept_corpus is None or corpus is not self.kept_corpus[1]):
                self.reparsed = None  # read back from the cache: no value of it is the parse's
            self.kept_corpus = (corpus_key, corpus)
        site = Site(corpus, Urls(self.config.pages_dir, config.use_directory_urls), self.root,
                    edit_base=self._edit_base(config), ask=ask.available())
        self.broken = []
        if corpus.errors:
            said = {id(p): str(replace(p, position=replace(p.position, path=site.rel(p.position.path))))
                    for p in corpus.errors}
            lines = list(said.values())
            if self.serving and self.last_good is not None and self.last_good[0] == self.laws_path:
                # Keep serving: the last good site, these errors on every page, the root cause in the log.
                self.broken = [said[id(p)] for p in root_causes(corpus.errors)]
                more = len(lines) - len(self.broken)
                serve_log.error("lawkit: the corpus has errors; serving the last good build until they are fixed:\n"
                          + "\n".join(self.broken) + (f"\n(and {more} that follow from it)" if more else ""))
            else:
                shown = "\n".join(lines[:50]) + (f"\n… and {len(lines) - 50} more" if len(lines) > 50 else "")
                raise PluginError(f"lawkit: the corpus has {len(lines)} errors:\n{shown}")
        if self.broken and self.last_good is not None:
            _, self.site, self.generated_key = self.last_good
        else:
            for problem in corpus.problems:
                log.warning(str(replace(problem, position=replace(problem.position,
                                                                  path=site.rel(problem.position.path)))))
            if not site.ask:  # a site without its Ask page says so, rather than quietly lacking it
                log.warning(f"the Ask page is off (search by meaning: {ask.missing()})")
            self.site = site
            self.generated_key = generated.key(corpus_key, self.scenarios_path, self.config.pages_dir,
                                               config.use_directory_urls, self.root, site.edit_base,
                                               mkdocs.__version__,  # the page URLs are MkDocs' own
                                               ask.model_key())  # the Ask page, and the model it embeds with
        if "attr_list" not in config.markdown_extensions:
            config.markdown_extensions.append("attr_list")  # the ids of the generated headings
        config.extra_css.append(f"{ASSET_DIR}/lawkit.css")
        config.extra_javascript.append(c.ExtraScriptValue(f"{ASSET_DIR}/lawkit.js"))
        config.extra_javascript[-1].defer = True
        self.search = config.plugins.get("material/search") or config.plugins.get("search")
        return config

    def _later(self) -> Callable[[str, Callable[[], None]], None] | None:
        """Under serve, where cache entries go to be written after the build (None: now)."""
        return self.afterwards.later if self.afterwards is not None else None

    def _write_later(self) -> None:
        if self.afterwards is not None:
            self.afterwards.start()

    def on_shutdown(self) -> None:
        if self.afterwards is not None:
            self.afterwards.finish()

    def on_build_error(self, *, error) -> None:
        self._write_later()  # what was made before the error is whole: kept, as without serve

    def _edit_base(self, config) -> str | None:
        if not config.repo_url:
            return None
        root_uri = self.config.edit_uri
        if root_uri is None:  # "edit/main/docs/" -> "edit/main/"
            root_uri = re.sub(r"[^/]+/?$", "", config.edit_uri or "")
        return urljoin(config.repo_url.rstrip("/") + "/", root_uri)

    # -- pages -----------------------------------------------------------------

    def on_files(self, files: Files, *, config) -> Files:
        kept = self.kept_made[1] if self.kept_made is not None and self.kept_made[0] == self.generated_key else None
        # Under serve, never from lawkit's cache: its first build renders and rules every scenario, and keeps
        # them (each file by what it is made from, each code's rulings), so a saved file makes only what it changes.
        made = kept if kept is not None else None if self.serving else generated.cached(self.laws_path,
                                                                                        self.generated_key)
        if made is None:
            if self.outputs is not None and self.parsed is not None:
                self.outputs.unchanged = None if self.reparsed is None else self.parsed.paths() - self.reparsed
            try:
                made = generated.render(self.site, self.laws_path, self.scenarios_path, self._later(),
                                        remember=self.serving, kept=self.outputs)
            except examples.ScenarioError as exc:
                raise PluginError(f"lawkit: a scenario file does not load:\n{exc}") from None
            if self.outputs is not None:
                self.reparsed = set()  # the files the next render compares with are this one's
            generated.keep(self.laws_path, self.generated_key, made, self._later())
        if self.serving:
            self.kept_made = (self.generated_key, made)
        if self.serving and not self.broken:
            self.last_good = (self.laws_path, self.site, self.generated_key)
        self.sources: dict[str, str | None] = {}
        for src_uri, content, source in made.pages:
            if files.get_file_from_path(src_uri) is not None:
                raise PluginError(f"lawkit: docs/{src_uri} would hide a generated page; move it "
                                  "(or set the plugin's pages_dir)")
            if src_uri in self.sources:
                raise PluginError(f"lawkit: two generated pages at {src_uri} (a code id clashes with a page name)")
            self.sources[src_uri] = source
            files.append(self._generated(config, src_uri, content))
        for src_uri, text in made.api:
            files.append(self._generated(config, src_uri, text))
        files.append(self._generated(config, lookup.INDEX, lookup.goto_index(self.site)))
        for name in ("lawkit.js", "lawkit.css", "lawkit-ask.js", ask.WORKER, ask.LUNR):
            files.append(File.generated(config, f"{ASSET_DIR}/{name}", abs_src_path=os.path.join(ASSETS, name)))
        if explorer.library(self.root) is None:
            log.warning(explorer.MISSING)  # a --strict build (scripts/site, the tests) stops here
        for src_uri, path in explorer.assets(self.root):  # the explorer's pages' style sheets too
            files.append(File.generated(config, src_uri, abs_src_path=path))
        self.files = files  # under serve --dirty, what on_post_build keeps of this build
        if ask.available():  # the model behind the Ask page (its index is in made.api)
            files.append(self._generated(config, ask.MODEL, ask.cached_model_file(self.laws_path)))
            files.append(File.generated(config, ask.VOCABULARY, abs_src_path=ask.vocabulary_path()))
        return files

    def _generated(self, config, src_uri: str, content: str | bytes) -> File:
        if self.reload is not None:  # written again only when it changed
            return self.reload.file(config, src_uri, content)
        return File.generated(config, src_uri, content=content)

    def on_nav(self, nav, *, config, files):
        nav = self._arranged(nav, config)
        if self.reload is not None:
            self.reload.plan(self.site, nav, config, files, self._markers, self.broken)
        return nav

    def _arranged(self, nav, config):
        """Without a nav in mkdocs.yml, the generated section comes right after the home page, and
        the pages whose front matter says ``audience: developers`` go to a section of their own, last."""
        if config.nav:
            return nav
        self._developers_apart(nav)
        index = self.site.urls.index()
        section = next((item for item in nav.items if item.is_section and any(
            getattr(child, "file", None) is not None and child.file.src_uri == index for child in item.children)), None)
        if section is None:
            self._number_pages(nav)
            return nav
        order = {src_uri: position for position, src_uri in enumerate(self.sources)}

        def key(item) -> int:
            if item.is_page:
                return order.get(item.file.src_uri, len(order))
            return min((key(child) for child in item.children), default=len(order))

        def arrange(item) -> None:  # the generated pages in the order they were made, not by file name
            item.children.sort(key=key)
            for child in item.children:
                if child.is_section:
                    arrange(child)

        arrange(section)
        nav.items.remove(section)
        nav.items.insert(1 if nav.items and nav.items[0].is_page else 0, section)
        self._number_pages(nav)
        return nav

    @staticmethod
    def _developers_apart(nav) -> None:
        """The hand-written pages for developers and editors, in one section after the readers' pages."""
        found: list[tuple[Any, int, Any]] = []
        for item in list(nav.items):
            if item.is_page and item.file is not None and not item.file.generated_by:
                meta = get_data(item.file.content_string)[1]
                if meta.get(AUDIENCE) == "developers":
                    found.append((meta.get("nav_order", 100), len(found), item))  # nav_order: 1 comes first
                    nav.items.remove(item)
        chosen = [item for *_, item in sorted(found, key=lambda one: one[:2])]
        if chosen:
            section = Section(DEVELOPERS, chosen)
            for item in chosen:
                item.parent = section
            nav.items.append(section)

    @staticmethod
    def _number_pages(nav) -> None:
        """Previous and next in the order the nav now shows."""
        pages = []

        def walk(items):
            for item in items:
                if item.is_page:
                    pages.append(item)
                elif item.is_section:
                    walk(item.children)
        walk(nav.items)
        for i, page in enumerate(pages):
            page.previous_page = pages[i - 1] if i else None
            page.next_page = pages[i + 1] if i + 1 < len(pages) else None
        nav.pages = pages

    def _markers(self, markdown, *, page, config, files):
        """The markers of a hand-written page filled."""
        if CODES_MARKER in markdown:
            markdown = markdown.replace(CODES_MARKER, codes_table(self.site, page.file.src_uri))
        if ASK_MARKER in markdown:
            markdown = markdown.replace(ASK_MARKER, ask.invitation(self.site, page.file.src_uri))
        if GOTO_MARKER in markdown:
            markdown = markdown.replace(GOTO_MARKER, lookup.goto_box("lk-goto-page"))
        if "<!-- lawkit:if-page" not in markdown:
            return markdown
        addresses = {file.url for file in files.documentation_pages()}
        return IF_PAGE.sub(lambda m: m.group(2) if m.group(1) in addresses else "", markdown)

    def on_page_markdown(self, markdown, *, page, config, files):
        markdown = self._markers(markdown, page=page, config=config, files=files)
        if self.reload is not None:
            self.reload.rendered_markdown(page.file.src_uri, markdown)
        return markdown

    def on_page_content(self, html, *, page, config, files):
        unmarked: list[str] = []  # for serve's reload: the links that may come to name a law
        html = previews.mark_links(self.site, html, page.url, unmarked)
        if self.reload is not None:
            self.reload.rendered_content(self.site, page.file.src_uri, html, unmarked)
        html, apart = previews.embed(self.site, html, page.url)
        if apart is not None:  # a page's previews in a file of their own, written with the site
            self.preview_files[apart[0]] = apart[1]
        if self.reload is not None:
            self.reload.rendered_previews(page.file.src_uri, apart[0] if apart is not None else None)
        return self._errors_shown() + html

    def on_pre_build(self, *, config) -> None:
        self.preview_files: dict[str, str] = {}
        if self.reload is not None:
            self.reload.begin()

    def on_post_build(self, *, config) -> None:
        """The pages' previews kept apart; and search results are laws: Material's entries for the
        code pages become one per law."""
        index = os.path.join(config.site_dir, "search", "search_index.json")
        if self.reload is not None:  # this build's pages and the others' entries, in one index
            self.reload.finish(self.files, config.site_dir, partial(lookup.with_laws, site=self.site),
                               lookup.write_search_index)
        elif os.path.exists(index):  # the search plugin wrote it (it runs before this one)
            lookup.rewrite_search_index(index, self.site)
        for path, text in self.preview_files.items():
            target = os.path.join(config.site_dir, *path.split("/"))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as out:
                out.write(text)
        self._write_later()

    def _errors_shown(self) -> str:
        """While the corpus has errors under serve, a notice of them atop each page."""
        if not self.broken:
            return ""
        items = "".join(f"<li><code>{escape(line)}</code></li>" for line in self.broken)
        return ('<div class="admonition failure lk-broken"><p class="admonition-title">'
                "The corpus has errors: this is the last good build</p>"
                f"<ul>{items}</ul><p>Fix the file and save it: the page reloads.</p></div>")

    def on_page_context(self, context, *, page, config, nav):
        if self.reload is not None:  # the search plugin indexed it just before
            self.reload.rendered_page(page, self.search)
        src_uri = page.file.src_uri
        if src_uri in self.sources:
            source = self.sources[src_uri]
            page.edit_url = self.site.edit_url(source) if source else None
        return context

    def on_serve(self, server, *, config, builder):
        watched = [config.docs_dir, *([config.config_file_path] if config.config_file_path else []), self.laws_path]
        if os.path.isdir(self.scenarios_path):
            watched.append(self.scenarios_path)
        for path in watched[watched.index(self.laws_path):]:
            server.watch(path)
        watch.sooner(server, watched)  # told of a save at once, rather than at MkDocs' next poll
        return server

