"""The code pages and the page listing the codes.

A code page: the title as printed, its provenance (book, author, publisher,
year, Project Gutenberg number, the transcription note), the printed
headings as its table of contents, front matter, each heading with its laws
in printed order, back matter, and the footnotes at the end for a code that
prints them there.
"""

from __future__ import annotations

import json

from ..corpus.model import Code, Heading
from .context import Site
from .folds import base
from .law import law_block, local, notes_block
from .lookup import goto_box
from .markup import attr_value, esc, md_heading, plain, printed, slug
from .text import LawText, mark_key


def front(title: str, **meta: object) -> str:
    """YAML front matter: the page title (escaped: MkDocs' templates print it as is)."""
    lines = ["---", f"title: {json.dumps(esc(title), ensure_ascii=False)}"]
    lines += [f"{key}: {json.dumps(value)}" for key, value in meta.items()]
    return "\n".join(lines + ["---", ""])


def heading_ids(code: Code) -> dict[int, str]:
    """An anchor per printed heading (by position in the code), apart from every law's id."""
    used = {local(unit) for unit in (u for law in code.laws for u in (x.id for x in law.units()))}
    ids = {}
    for index, heading in enumerate(code.headings):
        anchor = slug(heading.title)
        while anchor in used:
            anchor += "-"
        used.add(anchor)
        ids[index] = anchor
    return ids


def law_count(code: Code) -> str:
    laws = [law for law in code.laws if law.part is None]
    parts: dict[str, int] = {}
    for law in code.laws:
        if law.part is not None:
            parts[law.part] = parts.get(law.part, 0) + 1
    said = [f"{len(laws)} laws"] if laws else []
    said += [f"{n} {part.replace('-', ' ')}" for part, n in parts.items()]
    return ", ".join(said)


def _range(heading: Heading) -> str:
    laws = heading.laws
    if not laws:
        return ""
    if len(laws) == 1:
        return laws[0].name
    first, last = laws[0], laws[-1]
    name = first.name
    if first.part is None:
        name = f"Laws {first.number}"
    return f"{name}–{last.number}"


def code_page(site: Site, code: Code) -> str:
    page = site.urls.code(code.id)
    ids = heading_ids(code)
    name = site.code_name(code.id)  # the code's one name: the nav, this heading, search, Ask, previews
    out = [front(name), f"# {md_heading(name)}", "", _provenance(site, page, code), ""]
    out += [goto_box("lk-goto-page", code.id), "", _contents(code, ids), ""]
    for paragraph in code.front_matter:
        out += [f'<p class="lk-front">{printed(paragraph)}</p>', ""]
    # Notes the book prints at the end are shown under their law too, saying where the book has them.
    printed_at = f"at the end of the code, after {code.laws[-1].name}" \
        if code.footnotes == "end" and code.laws else None
    texts: dict[str, LawText] = {}
    for index, heading in enumerate(code.headings):
        out += [_heading(heading, ids[index]), ""]
        if heading.preamble:
            for paragraph in heading.preamble.split("\n"):
                out += [f'<p class="lk-preamble">{printed(paragraph)}</p>', ""]
        for law in heading.laws:
            out += [law_block(site, page, law, printed_at=printed_at, texts=texts), ""]
    for paragraph in code.back_matter:
        out += [f'<p class="lk-back">{printed(paragraph)}</p>', ""]
    if printed_at:
        noted = [law for law in code.laws if law.all_notes()]
        if noted:
            out += [f'## {md_heading("[Notes]")} {{ #notes data-toc-label="Notes" }}', "",
                    '<p class="lk-editorial-p">The source prints the footnotes here, at the end of the code; '
                    "each is shown under its law as well.</p>", ""]
            for law in noted:
                out += [notes_block(texts[law.id], law, law.all_notes(), with_law=True), ""]
    return "\n".join(out) + "\n"


def _heading(heading: Heading, anchor: str) -> str:
    title = f"[{heading.title}]" if heading.supplied else heading.title  # not printed: the editors supply it
    marks = ""
    for law in heading.laws[:1]:
        for note in law.notes:
            if note.on_heading:
                target = f"fn-{local(law.id)}-{mark_key(note.mark)}"
                marks += (f'<sup class="lk-mark" id="ref-{esc(target)}"><a href="#{esc(target)}" '
                          f'aria-label="note {esc(note.mark)}">{esc(note.mark)}</a></sup>')
    return f'## {md_heading(title)}{marks} {{ #{anchor} data-toc-label="{attr_value(title)}" data-search-exclude }}'


def _provenance(site: Site, page: str, code: Code) -> str:
    source = code.source
    out = [f'<div class="lk-provenance" {base(site, page, code.id)}>']
    if code.fragment:
        out.append('<p><span class="lk-tag">fragment</span> Known only from an excerpt; the title is the editors\'.</p>')
    issued = ", ".join(printed(x) for x in (code.issued_by, code.date) if x)
    if issued:
        out.append(f"<p>Issued by {issued}.</p>")
    book = []
    if plain(code.title).strip(" .") != site.code_name(code.id):
        out.append(f'<p class="lk-printed-title">Printed title: <cite>{printed(code.title)}</cite></p>')
    if source.get("book"):  # a fragment's "book" says what is known of its source, not a title
        book.append(printed(source["book"]) if code.fragment else f"<cite>{printed(source['book'])}</cite>")
    if source.get("author"):
        book.append(f"by {printed(source['author'])}")
    imprint = ", ".join(printed(str(source[k])) for k in ("publisher", "place", "year") if source.get(k))
    line = " ".join(book) + (f" ({imprint})" if imprint else "")
    if line.strip():
        line = f"{'Source:' if code.fragment else 'Printed in'} {line}"
    if source.get("gutenberg"):
        number = esc(source["gutenberg"])
        line += (f'{"; " if line else ""}Project Gutenberg eBook '
                 f'<a href="https://www.gutenberg.org/ebooks/{number}">#{number}</a>')
    if line:
        out.append(f"<p>{line}{'' if line.endswith('.') else '.'}</p>")
    about = [f"<p>{printed(source[k])}</p>" for k in ("transcription", "extent") if source.get(k)]
    if source.get("file"):
        about.append(f"<p>Verified source text: <code>laws/{esc(code.id)}/{esc(source['file'])}</code>, "
                     "which the text follows word for word.</p>")
    if about:
        out.append(f'<details class="lk-transcription lk-plain"><summary>The transcription</summary>{"".join(about)}</details>')
    links = [law_count(code),
             f'<a href="{esc(site.urls.href(page, site.urls.api_code(code.id)))}">the code as JSON</a>']
    edit = site.edit_url(code.position.path)
    if edit:
        links.append(f'<a href="{esc(edit)}">edit its metadata</a>')
    out.append(f'<p class="lk-meta">{" · ".join(links)}</p>')
    out.append("</div>")
    return "".join(out)


def _contents(code: Code, ids: dict[int, str]) -> str:
    items = []
    for index, heading in enumerate(code.headings):
        title = f"[{heading.title}]" if heading.supplied else heading.title
        items.append(f'<li><a href="#{esc(ids[index])}">{printed(title)}</a> '
                     f'<span class="lk-contents__laws">{esc(_range(heading))}</span></li>')
    return (f'<nav class="lk-contents" aria-label="Headings of the code" data-search-exclude>'
            f'<p class="lk-contents__title">The printed headings</p><ol>{"".join(items)}</ol></nav>')


# -- the codes --------------------------------------------------------------------

def codes_table(site: Site, page: str) -> str:
    """A table of the codes, linked from ``page``."""
    rows = []
    for code in site.corpus.codes.values():
        source = code.source
        book = f"<cite>{printed(source.get('book') or '—')}</cite>"
        if code.fragment:
            book = "not identified (an excerpt)"
        if source.get("year"):
            book += f" ({esc(source['year'])})"
        rows.append(
            f'<tr><td><a href="{esc(site.urls.href(page, site.urls.code(code.id)))}">'
            f"{printed(site.code_name(code.id))}</a><br><small>printed as <cite>{printed(code.title)}</cite></small></td>"
            f"<td>{printed(code.issued_by or '—')}{', ' + printed(code.date) if code.date else ''}</td>"
            f"<td>{esc(law_count(code))}</td><td>{book}</td></tr>")
    return ('<table class="lk-codes"><thead><tr><th>Code</th><th>Issued by</th><th>Laws</th><th>Printed in</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table>')


def index_page(site: Site) -> str:
    page = site.urls.index()
    urls = site.urls
    out = [front("The codes"), "# The codes", "",
           f"<p>{len(site.corpus.codes)} codes of the laws of Whist, Duplicate Whist, Bridge and Auction Bridge, "
           "word for word as the books print them. Each page gives a code's laws in printed order under its printed "
           "headings; every law has its own anchor, named by its citation id "
           "(<code>auction-bridge-1912/37/c</code> is at <code>#37/c</code> on the Auction Bridge, 1912 page).</p>",
           "", codes_table(site, page), "", "## Across the codes", "",
           "<ul>",
           f'<li><a href="{esc(urls.href(page, urls.glossary()))}">Glossary</a> — the words of the period, '
           "with the laws that define and use them.</li>",
           f'<li><a href="{esc(urls.href(page, urls.topics()))}">Topics</a> — the laws of every code on one subject.</li>',
           f'<li><a href="{esc(urls.href(page, urls.concordance_index()))}">Concordance</a> — the same rule in '
           "several codes, side by side, word by word.</li>"]
    for edition in site.corpus.editions:
        out.append(f'<li><a href="{esc(urls.href(page, urls.edition(edition.earlier, edition.later)))}">'
                   f"{printed(site.code_name(edition.earlier))} → {printed(site.code_name(edition.later))}</a> — "
                   "what changed from one edition to the next, law by law.</li>")
    out.append(f'<li><a href="{esc(urls.href(page, urls.api_export()))}">The corpus as JSON</a> '
               f"(<code>api/export.json</code>; one file per code and per law beside it).</li>")
    out += ["</ul>", ""]
    return "\n".join(out) + "\n"
