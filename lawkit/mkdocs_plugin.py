"""The ``lawkit`` MkDocs plugin: turns laws/ into pages during the build.

A config class and a few hooks: ``on_config`` loads and checks the corpus
(bad data fails the build with a PluginError naming path:line:col),
``on_files`` adds one generated page per code plus an index, ``on_page_context``
points each code page's edit link at its YAML, and ``on_serve`` watches
laws/ so ``mkdocs serve`` rebuilds when an editor saves a file.
"""

from __future__ import annotations

import html
import os
import re
from urllib.parse import urljoin

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

import lawkit
from .citations import find_citations
from .model import Code, Corpus, Law
from .printed import lead

_MARK = re.compile(r"\[(\d+|\*|†)\]")
_ITALIC = re.compile(r"(?<![\w_])_([^_\n]+?)_(?![A-Za-z])|(?<=\d)_([a-z])_")  # the sources' _italics_, and 50_a_


class LawkitConfig(Config):
    laws_dir = c.Type(str, default="laws")
    """The corpus directory, relative to mkdocs.yml."""
    pages_dir = c.Type(str, default="laws")
    """Where the generated pages go inside the site."""
    edit_uri = c.Optional(c.Type(str))
    """The repository's edit path for the repo root (e.g. ``edit/main/``); by
    default MkDocs' ``edit_uri`` without its last segment (the docs folder)."""


class LawkitPlugin(BasePlugin[LawkitConfig]):
    def on_config(self, config):
        root = os.path.dirname(os.path.abspath(config.config_file_path or "mkdocs.yml"))
        self.laws_path = os.path.join(root, self.config.laws_dir)
        corpus = lawkit.check(self.laws_path)
        if corpus.errors:
            raise PluginError("lawkit: the corpus has errors:\n" + "\n".join(str(p) for p in corpus.errors[:20]))
        self.corpus = corpus
        return config

    def on_files(self, files: Files, *, config) -> Files:
        base = self.config.pages_dir
        files.append(File.generated(config, f"{base}/index.md", content=_index_page(self.corpus)))
        for code in self.corpus.codes.values():
            files.append(File.generated(config, f"{base}/{code.id}.md", content=code_page(self.corpus, code)))
        return files

    def on_page_context(self, context, *, page, config, nav):
        base = self.config.pages_dir + "/"
        code_id = page.file.src_uri[len(base):-3] if page.file.src_uri.startswith(base) else None
        if code_id in self.corpus.codes and config.repo_url:
            root_uri = self.config.edit_uri
            if root_uri is None:  # "edit/main/docs/" -> "edit/main/"
                root_uri = re.sub(r"[^/]+/?$", "", config.edit_uri or "")
            folder = f"{self.config.laws_dir}/{code_id}/"
            page.edit_url = urljoin(config.repo_url.rstrip("/") + "/", root_uri + folder)
        return context

    def on_serve(self, server, *, config, builder):
        server.watch(self.laws_path)
        return server


def _esc(text: str) -> str:
    """Corpus text for a page: HTML escaped, the sources' _italics_ as <em>."""
    return _ITALIC.sub(lambda m: f"<em>{m.group(1) or m.group(2)}</em>", html.escape(text, quote=False))


def _index_page(corpus: Corpus) -> str:
    lines = ["# The codes", ""]
    for code in corpus.codes.values():
        count = len([law for law in code.laws if law.part is None])
        lines.append(f"- [{_esc(code.short_title or code.title)}]({code.id}.md) — {_esc(code.title)}, {count} laws")
    return "\n".join(lines) + "\n"


def _linked(text: str, law: Law) -> str:
    """Escaped text with each printed citation linked to its law's anchor and marks raised."""
    out, last = [], 0
    for citation in find_citations(text):
        if citation.start < last:
            continue  # "Laws 4 and 6" yields one citation per number over the same phrase
        out.append(_esc(text[last:citation.start]))
        target = citation.target(law.code, law.number if law.part is None else None).split("/", 1)[1]
        out.append(f'<a href="#{html.escape(target)}">{_esc(citation.raw)}</a>')
        last = citation.end
    out.append(_esc(text[last:]))
    return _MARK.sub(lambda m: f"<sup>[{m.group(1)}]</sup>", "".join(out))


def code_page(corpus: Corpus, code: Code) -> str:
    source = code.source
    lines = [f"# {_esc(code.title)}", ""]
    byline = ", ".join(_esc(x) for x in (code.issued_by, code.date) if x)
    book = f"*{_esc(source.get('book', ''))}*"
    if source.get("author"):
        book += f" by {_esc(source['author'])}"
    if source.get("year"):
        book += f" ({source['year']})"
    if source.get("gutenberg"):
        book += f", Project Gutenberg eBook #{source['gutenberg']}"
    lines += [f"{byline}. Text from {book}." if byline else f"Text from {book}.", ""]
    for paragraph in code.front_matter:
        lines += [_esc(paragraph), ""]
    for heading in code.headings:
        marks = "".join(f"<sup>[{n.mark}]</sup>" for law in heading.laws[:1] for n in law.notes if n.on_heading)
        title = f"[{_esc(heading.title)}]" if heading.supplied else _esc(heading.title)  # not printed: editors'
        lines += [f"## {title}{marks}", ""]
        if heading.preamble:
            lines += [_esc(heading.preamble), ""]
        for law in heading.laws:
            lines += _law_block(law)
    for paragraph in code.back_matter:
        lines += [_esc(paragraph), ""]
    return "\n".join(lines) + "\n"


def _law_block(law: Law) -> list[str]:
    anchor = law.id.split("/", 1)[1]
    lines = [f'<a id="{html.escape(anchor)}"></a>', ""]
    number = f"**{_esc(lead(law))}** " if lead(law) else ""
    for index, paragraph in enumerate(law.text.split("\n") if law.text else []):
        lines += [f"{number if index == 0 else ''}{_linked(paragraph, law)}", ""]
    if not law.text and number:
        lines += [number, ""]
    if law.display:
        lines += ["```text", law.display, "```", ""]
    for item in law.items:
        lines += [f'<a id="{html.escape(item.id.split("/", 1)[1])}"></a>', ""]
        lines += [f"- {_esc(item.label)} {_linked(item.text, law)}", ""]
        if item.text_after:
            lines += [_linked(item.text_after, law), ""]
    for section in law.sections:
        lines += [f'<a id="{html.escape(section.id.split("/", 1)[1])}"></a>', ""]
        lines += [f"{_esc(section.label)} {_linked(section.text, law)}", ""]
        for item in section.items:
            lines += [f"- {_esc(item.label)} {_linked(item.text, law)}", ""]
    for paragraph in law.text_after.split("\n") if law.text_after else []:
        lines += [_linked(paragraph, law), ""]
    for editor_note in law.editor_notes:
        lines += [f"<small>{_linked(editor_note, law)}</small>", ""]
    for note in law.all_notes():
        lines += [f"<small>[{_esc(note.mark)}] {_linked(note.text, law)}</small>", ""]
    if law.cited_by:
        refs = ", ".join(f'<a href="#{html.escape(i.split("/", 1)[1])}">{html.escape(i.split("/", 1)[1])}</a>'
                         for i in law.cited_by if i.startswith(law.code + "/"))
        lines += [f"<small>Cited by: {refs}</small>", ""]
    return lines
