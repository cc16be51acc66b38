"""The corpus as JSON-ready data: the export of DESIGN.md ("The CLI contract")."""

from __future__ import annotations

from typing import Any

from .model import Code, Corpus, Item, Law, Note, Section


def export(corpus: Corpus) -> dict[str, Any]:
    """``{"codes": [...]}`` with every law, in printed order."""
    return {"codes": [code_data(code) for code in corpus.codes.values()]}


def code_data(code: Code) -> dict[str, Any]:
    return {
        "id": code.id,
        "title": code.title,
        "short_title": code.short_title,
        "issued_by": code.issued_by,
        "date": code.date,
        "fragment": code.fragment,
        "source": code.source,
        "headings": [
            {
                "title": heading.title,
                "part": heading.part,
                "preamble": heading.preamble,
                "laws": [law.id for law in heading.laws],
                "file": heading.path,
            }
            for heading in code.headings
        ],
        "laws": [law_data(law) for law in code.laws],
    }


def law_data(law: Law) -> dict[str, Any]:
    return {
        "id": law.id,
        "number": law.number,
        "part": law.part,
        "heading": law.heading,
        "title": law.title,
        "page": law.page,
        "text": law.text,
        "display": law.display,
        "items": [_item(item) for item in law.items],
        "text_after": law.text_after,
        "sections": [_section(section) for section in law.sections],
        "notes": [_note(note) for note in law.notes],
        "refs": list(law.cites),
        "cited_by": list(law.cited_by),
        "parallels": [p.id for p in law.parallels],
        "parallel_relations": [{"id": p.id, "relation": p.relation, "note": p.note} for p in law.parallels],
        "topics": list(law.topics),
        "annotations": [{"kind": a.kind, "text": a.text, "item": a.item} for a in law.annotations],
        "incomplete": law.incomplete,
        "constants": law.constants,
        "rules": law.rules,
        "unformalized": law.unformalized,
        "file": law.position.path,
        "line": law.position.line,
    }


def _item(item: Item) -> dict[str, Any]:
    return {"id": item.id, "label": item.label, "text": item.text, "page": item.page,
            "notes": [_note(n) for n in item.notes]}


def _section(section: Section) -> dict[str, Any]:
    return {
        "id": section.id, "number": section.number, "label": section.label, "text": section.text,
        "page": section.page, "items": [_item(i) for i in section.items], "text_after": section.text_after,
        "notes": [_note(n) for n in section.notes],
    }


def _note(note: Note) -> dict[str, Any]:
    return {"mark": note.mark, "text": note.text, "at": "heading" if note.on_heading else None}
