"""One law on its code page, as printed, with what lawkit knows of it.

Its heading is the law ("Law 14", an h3 whose id is the law's id inside the
code, so a search finds each law and ``#14`` lands on it); then the printed
text with items (``#37/c``), sections (``#IV/8``, h4), display tables and
footnotes; the editors' notes in an admonition apart from the source text;
the laws citing it and its parallels; and its machine clauses.
"""

from __future__ import annotations

from urllib.parse import quote

from ..corpus.model import Item, Law, Note, Section
from ..corpus.printed import lead
from .clauses import clauses
from .context import Site
from .folds import fold
from .markup import esc, printed, slug
from .text import LawText, annotated, note_id

_KIND_TITLES = {"gloss": "gloss", "history": "history", "practice": "practice", "erratum": "erratum",
                "editorial": "editorial"}


END_NOTE = "end-"  # a note's id where the book prints it, at the end of the code (its copy under the law has the plain id)


def local(citation: str) -> str:
    """The id inside the code: "14", "37/c", "IV/8", "etiquette/9"."""
    return citation.split("/", 1)[1]


def permalink(anchor: str) -> str:
    return f'<a class="headerlink" href="#{esc(anchor)}" title="Permanent link">&para;</a>'


def law_block(site: Site, page: str, law: Law, *, printed_at: str | None = None,
              texts: dict[str, LawText] | None = None) -> str:
    """The law's markup; ``texts`` keeps its text renderer (the marks it raised) for notes printed
    elsewhere; ``printed_at`` says where, when the book prints its notes away from the law."""
    text = LawText(site, law, page)
    if texts is not None:
        texts[law.id] = text
    anchor = local(law.id)
    title = law.name
    if law.title and law.title not in lead(law):  # "LAW V.—Irregularities in the Hand." prints its title
        title += f" — {law.title}"
    out = ['<div class="lk-law">',
           f'<h3 id="{esc(anchor)}" class="lk-law__title">{printed(title)}{permalink(anchor)}</h3>',
           _meta(site, page, law)]
    out.append('<div class="lk-text">')
    paragraphs = law.text.split("\n") if law.text else []
    number = lead(law)
    opening = '<span class="lk-editorial" title="The source begins inside this law">[…]</span> ' \
        if law.incomplete in ("start", "both") else ""
    for index, paragraph in enumerate(paragraphs or ([""] if number else [])):
        first = f'<strong class="lk-lead">{printed(number)}</strong> ' if index == 0 and number else ""
        out.append(f"<p>{opening if index == 0 else ''}{first}{text.render(paragraph)}</p>")
    if law.display:
        # Focusable, so a reader at a phone's width can scroll the wide table with the keyboard.
        out.append(f'<pre class="lk-display" tabindex="0">{_lines(text.render(law.display, terms=False))}</pre>')
    if law.items:
        out.append('<div class="lk-items">' + "".join(_item(text, item) for item in law.items) + "</div>")
    for section in law.sections:
        out.append(_section(text, law, section))
    for paragraph in law.text_after.split("\n") if law.text_after else []:
        out.append(f"<p>{text.render(paragraph)}</p>")
    if law.incomplete in ("end", "both"):
        out.append('<p><span class="lk-editorial" title="The source breaks off inside this law">[…]</span></p>')
    for note in law.editor_notes:
        out.append(f'<p class="lk-book-note">{text.render(note, terms=False)}</p>')
    out.append("</div>")
    if law.all_notes():
        out.append(notes_block(text, law, law.all_notes(), printed_at=printed_at))
    out.append(editors_notes(site, page, law))
    more = _questions(site, page, law) + _links(site, page, law) + clauses(site, page, law)
    if more:  # what lawkit adds after the text and notes, kept out of the search index at once
        out.append(f'<div class="lk-more-on" data-search-exclude>{more}</div>')
    out.append("</div>")
    return "".join(part for part in out if part)


def _lines(markup: str) -> str:
    """Line breaks as character references: the raw HTML block stays free of blank lines."""
    return markup.replace("\n", "&#10;")


def _meta(site: Site, page: str, law: Law) -> str:
    bits = []
    if law.unnumbered:
        bits.append('<span class="lk-tag" title="The source prints no number; the editors assigned it">'
                    "number supplied</span>")
    if law.page is not None:
        pages = [law.page, *law.page_breaks]
        bits.append(f"p. {pages[0]}" if len(pages) == 1 else f"pp. {pages[0]}–{pages[-1]}")
    topics = []
    for topic in law.topics:
        entry = site.corpus.topics.get(topic)
        name = entry.title if entry else topic
        topics.append(f'<a href="{esc(site.urls.href(page, site.urls.topics(), slug(topic)))}">{printed(name)}</a>')
    if topics:
        bits.append(", ".join(topics))
    # The law as JSON is the developers': the script adds its link behind the developer switch.
    edit = site.edit_url(law.position.path)
    if edit:
        bits.append(f'<a href="{esc(edit)}" title="Edit {esc(site.rel(law.position.path))} '
                    f'(line {law.position.line})">edit</a>')
    return f'<p class="lk-meta" data-search-exclude>{" · ".join(bits)}</p>'


def _item(text: LawText, item: Item) -> str:
    after = "".join(f"<p>{text.render(p)}</p>" for p in item.text_after.split("\n")) if item.text_after else ""
    return (f'<div class="lk-item" id="{esc(local(item.id))}"><p><span class="lk-label">{printed(item.label)}</span> '
            f"{text.render(item.text)}</p>{after}</div>")


def _section(text: LawText, law: Law, section: Section) -> str:
    anchor = local(section.id)
    items = "".join(_item(text, item) for item in section.items)
    after = "".join(f"<p>{text.render(p)}</p>" for p in section.text_after.split("\n")) if section.text_after else ""
    return (f'<div class="lk-section"><h4 id="{esc(anchor)}" class="lk-section__title">'
            f'<span class="lk-sr">{printed(law.name)}, </span>{printed(section.label)}{permalink(anchor)}</h4>'
            f"<p>{text.render(section.text)}</p>"
            + (f'<div class="lk-items">{items}</div>' if items else "") + f"{after}</div>")


def notes_block(text: LawText, law: Law, notes: list[Note], *, with_law: bool = False,
                printed_at: str | None = None) -> str:
    """The law's footnotes, each with its mark linking back to where it is printed. Under a law whose
    notes the book prints elsewhere (``printed_at``), they say so and link there; the notes where the
    book prints them (``with_law``) name their law. The marks lead to the notes under the law."""
    out = []
    for note in notes:
        target = note_id(law, note)
        back = f"#ref-{target}" if note.mark in text.raised or note.on_heading else f"#{local(law.id)}"
        where = ""
        if with_law:
            where = f' <span class="lk-note__law">({text.site.link(text.page, law.id, from_code=law.code)})</span>'
        elif printed_at:
            where = f' <a class="lk-note__where" href="#{esc(END_NOTE + target)}">where the book prints it</a>'
        out.append(f'<p class="lk-note" id="{esc(END_NOTE + target if with_law else target)}">'
                   f'<a class="lk-note__mark" href="{esc(back)}" title="Back to the mark">{esc(note.mark)}</a> '
                   f'<span class="lk-note__text">{text.render(note.text, terms=False)}</span>{where}</p>')
    caption = ""
    if printed_at and not with_law:
        said = "this note" if len(notes) == 1 else "these notes"
        caption = f'<p class="lk-notes__printed">The book prints {said} {esc(printed_at)}:</p>'
    return f'<div class="lk-notes">{caption}{"".join(out)}</div>'


def editors_notes(site: Site, page: str, law: Law) -> str:
    """The editors' notes, apart from the source text: a Material admonition, each note with its kind."""
    if not law.annotations:
        return ""
    title = "Editor's note" if len(law.annotations) == 1 else "Editor's notes"
    out = [f'<div class="admonition note lk-annotations"><p class="admonition-title">{title}</p>']
    for annotation in law.annotations:
        kind = annotation.kind or "note"
        on = f' <span class="lk-annotation__on">on {esc(annotation.item)}</span>' if annotation.item else ""
        out.append(f'<p class="lk-annotation"><span class="lk-kind lk-kind--{esc(kind)}">{esc(kind)}</span>{on} '
                   f"{annotated(site, page, annotation.text, law.code)}</p>")
    out.append("</div>")
    return "".join(out)


def _questions(site: Site, page: str, law: Law) -> str:
    """The questions the editors list under the law, folded (fetched when opened); each asks the Ask page (when the
    site has one) which laws answer it. Kept out of Material's search index: its ranking is by
    words, and a law's questions name its neighbours' subjects too (measured: "trump slip" and
    "bystander" then led to the wrong laws); the Ask page searches them by meaning."""
    if not law.questions:
        return ""
    ask = site.urls.href(page, site.urls.ask()) if site.ask else None
    items = "".join(
        f'<li><a href="{esc(ask)}?ask={esc(quote(question))}">{esc(question)}</a></li>' if ask
        else f"<li>{esc(question)}</li>" for question in law.questions)
    return fold(site, law.id, "questions", f"Questions this law answers ({len(law.questions)})", f"<ul>{items}</ul>")


def _links(site: Site, page: str, law: Law) -> str:
    out = []
    if law.cited_by:
        out.append(f'<p><span class="lk-links__label">Cited by</span> '
                   f"{site.links(page, law.cited_by, from_code=law.code)}</p>")
    if law.parallels:
        items = []
        for parallel in law.parallels:
            place = site.pairs.get(parallel.position)
            compare = ""
            if place is not None:
                target, anchor, _ = place
                compare = (f' <a class="lk-compare" href="{esc(site.urls.href(page, target, anchor))}">'
                           f"side by side</a>")
            note = f" — {printed(parallel.note)}" if parallel.note else ""
            subject = ""
            if parallel.subject and place is not None and place[2] == "concordance":
                subject = f'<span class="lk-parallel__subject">{printed(parallel.subject)}:</span> '
            items.append(f"<li>{subject}{site.link(page, parallel.id, from_code=law.code)} "
                         f'<span class="lk-rel lk-rel--{esc(parallel.relation)}">{esc(parallel.relation)}</span>'
                         f"{note}{compare}</li>")
        out.append(fold(site, law.id, "parallels", f"The same rule elsewhere ({len(items)})",
                        f'<ul class="lk-parallels">{"".join(items)}</ul>'))
    if not out:
        return ""
    return f'<aside class="lk-links">{"".join(out)}</aside>'
