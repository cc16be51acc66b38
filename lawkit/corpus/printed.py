"""A law's text as the book prints it: number, text, table, items, notes.

Used by ``lawkit show`` and by the fidelity tests that compare the corpus
with its sources. Paragraphs inside a text are separated by a newline.
"""

from __future__ import annotations

import re

from .model import Code, Heading, Item, Law, Note

# The sources' _italics_ ("_must_", "_i.e._"), and a lettered number "50_a_".
ITALIC = re.compile(r"(?<![\w_])_([^_\n]+?)_(?![A-Za-z])|(?<=\d)_([a-z])_")


def unmarked(text: str) -> str:
    """Text without the _italics_ marks, as read aloud ("50_a_" is "50a")."""
    return ITALIC.sub(lambda m: m.group(1) or m.group(2), text)


def law_lines(law: Law, notes: bool = True) -> list[str]:
    """The law as printed, one paragraph per entry (the display block kept whole)."""
    paragraphs = law.text.split("\n") if law.text else [""]
    lines = [f"{lead(law)} {paragraphs[0]}".strip(), *paragraphs[1:]]
    if law.display:
        lines.append(law.display)
    for item in law.items:
        lines.extend(_item_lines(item))
    for section in law.sections:
        lines.append(f"{section.label} {section.text}")
        for item in section.items:
            lines.extend(_item_lines(item))
        if section.text_after:
            lines.extend(section.text_after.split("\n"))
    if law.text_after:
        lines.extend(law.text_after.split("\n"))
    lines.extend(law.editor_notes)
    if notes:
        lines.extend(note_line(note) for note in law.all_notes())
    return [line for line in lines if line]


def lead(law: Law) -> str:
    """What the book prints before the law's text: "14.", "(a)", "LAW I.—Shuffling." or nothing."""
    if law.unnumbered or law.incomplete in ("start", "both"):
        return ""  # no number printed, or the source starts inside the law
    return law.label if law.label is not None else f"{law.number}."


def _item_lines(item: Item) -> list[str]:
    return [f"{item.label} {item.text}", *(item.text_after.split("\n") if item.text_after else [])]


def note_line(note: Note) -> str:
    return f"[{note.mark}] {note.text}"


def heading_line(heading: Heading) -> str:
    marks = "".join(f"[{n.mark}]" for law in heading.laws[:1] for n in law.notes if n.on_heading)
    return heading.title + marks


def code_text(code: Code) -> str:
    """The whole code as printed, paragraphs separated by blank lines."""
    notes_at_end = code.footnotes == "end"
    out = [*([] if code.fragment else [code.title]), *code.front_matter]
    for heading in code.headings:
        if not heading.supplied:
            out.append(heading_line(heading))
        if heading.preamble:
            out.extend(heading.preamble.split("\n"))
        for law in heading.laws:
            out.extend(law_lines(law, notes=not notes_at_end))
    out.extend(code.back_matter)
    if notes_at_end:
        out.extend(note_line(note) for law in code.laws for note in law.all_notes())
    return "\n\n".join(out)
