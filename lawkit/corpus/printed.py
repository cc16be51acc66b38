"""A law's text as the book prints it: number, text, table, items, notes.

Used by ``lawkit show`` and by the fidelity tests that compare the corpus
with its sources. Paragraphs inside a text are separated by a newline.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .model import Code, Heading, Item, Law, Note
from .problems import Position

# The sources' _italics_ ("_must_", "_i.e._"), and a lettered number "50_a_".
ITALIC = re.compile(r"(?<![\w_])_([^_\n]+?)_(?![A-Za-z])|(?<=\d)_([a-z])_")


def unmarked(text: str) -> str:
    """Text without the _italics_ marks, as read aloud ("50_a_" is "50a")."""
    return ITALIC.sub(lambda m: m.group(1) or m.group(2), text)


class Part(NamedTuple):
    """One printed paragraph and where it is written: what ``lawkit check`` points at when the
    paragraph differs from the verified source."""

    lead: str  # printed before the text and not part of its YAML value: "14.", "_a_", "[24]"
    text: str  # the value as the YAML holds it (paragraphs joined by newlines)
    unit: str | None  # the citation id of the law, section or item; None for a title or heading
    field: str  # the YAML key that holds the text: text, display, text_after, note, title, preamble…
    position: Position  # where the unit (or the heading, or code.yaml) is written
    breaks: bool = False  # its newlines separate printed paragraphs

    @property
    def printed(self) -> str:
        return f"{self.lead} {self.text}".strip()


def law_parts(law: Law, notes: bool = True) -> list[Part]:
    """The law as printed, in printed order, each paragraph with where it is written."""
    parts = [Part(lead(law), law.text, law.id, "text", law.position, breaks=True)]
    if law.display:
        parts.append(Part("", law.display, law.id, "display", law.position))
    for item in law.items:
        parts.extend(_item_parts(item))
    for section in law.sections:
        parts.append(Part(section.label, section.text, section.id, "text", section.position))
        for item in section.items:
            parts.extend(_item_parts(item))
        if section.text_after:
            parts.append(Part("", section.text_after, section.id, "text_after", section.position, breaks=True))
    if law.text_after:
        parts.append(Part("", law.text_after, law.id, "text_after", law.position, breaks=True))
    parts.extend(Part("", note, law.id, "editor_notes", law.position) for note in law.editor_notes)
    if notes:
        parts.extend(note_part(law, note) for note in law.all_notes())
    return [part for part in parts if part.printed]


def law_lines(law: Law, notes: bool = True) -> list[str]:
    """The law as printed, one paragraph per entry (the display block kept whole)."""
    return [line for part in law_parts(law, notes) for line in paragraphs(part)]


def paragraphs(part: Part) -> list[str]:
    """The paragraphs the book sets apart in a part: a law's text and the text after a law,
    section or item break at their newlines; any other part is one paragraph."""
    return [line for line in part.printed.split("\n") if line] if part.breaks else [part.printed]


def lead(law: Law) -> str:
    """What the book prints before the law's text: "14.", "(a)", "LAW I.—Shuffling." or nothing."""
    if law.unnumbered or law.incomplete in ("start", "both"):
        return ""  # no number printed, or the source starts inside the law
    return law.label if law.label is not None else f"{law.number}."


def _item_parts(item: Item) -> list[Part]:
    after = [Part("", item.text_after, item.id, "text_after", item.position, breaks=True)] if item.text_after else []
    return [Part(item.label, item.text, item.id, "text", item.position), *after]


def note_line(note: Note) -> str:
    return f"[{note.mark}] {note.text}"


def note_part(law: Law, note: Note) -> Part:
    return Part(f"[{note.mark}]", note.text, _note_unit(law, note), "note", note.position)


def _note_unit(law: Law, note: Note) -> str:
    """The id of the law, section or item whose ``notes`` hold ``note``."""
    return next((unit.id for unit in law.units() if any(n is note for n in unit.notes)), law.id)


def heading_line(heading: Heading) -> str:
    marks = "".join(f"[{n.mark}]" for law in heading.laws[:1] for n in law.notes if n.on_heading)
    return heading.title + marks


def code_parts(code: Code) -> list[Part]:
    """The whole code as printed, paragraph by paragraph, each with where it is written."""
    notes_at_end = code.footnotes == "end"
    parts = [Part("", code.title, None, "title", code.position)] if not code.fragment else []
    parts.extend(Part("", text, None, "front_matter", code.position) for text in code.front_matter)
    for heading in code.headings:
        if not heading.supplied:
            parts.append(Part("", heading_line(heading), None, "heading", heading.position))
        if heading.preamble:
            parts.append(Part("", heading.preamble, None, "preamble", heading.position, breaks=True))
        for law in heading.laws:
            parts.extend(law_parts(law, notes=not notes_at_end))
    parts.extend(Part("", text, None, "back_matter", code.position) for text in code.back_matter)
    if notes_at_end:
        parts.extend(note_part(law, note) for law in code.laws for note in law.all_notes())
    return parts


def code_text(code: Code) -> str:
    """The whole code as printed, paragraphs separated by blank lines."""
    return "\n\n".join(line for part in code_parts(code) for line in paragraphs(part))
