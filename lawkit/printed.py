"""A law's text as the book prints it: number, text, table, items, notes.

Used by ``lawkit show`` and by the fidelity tests that compare the corpus
with its sources.
"""

from __future__ import annotations

from .model import Code, Heading, Law, Note


def law_lines(law: Law) -> list[str]:
    """The law as printed, one paragraph per line (the display block kept whole)."""
    lines: list[str] = []
    title = f" {law.title}" if law.title else ""
    if law.part == "definitions":
        lines.append(f"({law.number}) {law.text}")
    else:
        lines.append(f"{law.number}.{title} {law.text}".rstrip())
    if law.display:
        lines.append(law.display)
    for item in law.items:
        lines.append(f"{item.label} {item.text}")
    for section in law.sections:
        lines.append(f"{section.label} {section.text}")
        for item in section.items:
            lines.append(f"{item.label} {item.text}")
        if section.text_after:
            lines.append(section.text_after)
    if law.text_after:
        lines.append(law.text_after)
    lines.extend(note_line(note) for note in law.all_notes())
    return lines


def note_line(note: Note) -> str:
    return f"[{note.mark}] {note.text}"


def heading_line(heading: Heading) -> str:
    marks = "".join(f"[{n.mark}]" for law in heading.laws[:1] for n in law.notes if n.on_heading)
    return heading.title + marks


def code_text(code: Code) -> str:
    """The whole code as printed, paragraphs separated by blank lines."""
    out = [code.title]
    for heading in code.headings:
        out.append(heading_line(heading))
        if heading.preamble:
            out.append(heading.preamble)
        for law in heading.laws:
            out.extend(law_lines(law))
    return "\n\n".join(out)
