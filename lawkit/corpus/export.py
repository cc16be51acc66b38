"""The corpus as JSON-ready data: the export of docs/contract.md ("The command line").

Each code's ``rulebook`` is the rules package's to give (``rulebook``, a code id to its
data or None): ``lawkit.export`` passes lawkit.rules' ``rulebook_data``.
"""

from __future__ import annotations

from typing import Any, Callable

from .model import Code, Corpus, Item, Law, Note, Section


def export(corpus: Corpus, rulebook: Callable[[str], dict[str, Any] | None] = lambda code: None) -> dict[str, Any]:
    """``{"codes": [...]}`` with every law, in printed order."""
    return {
        "codes": [code_data(code, rulebook(code.id)) for code in corpus.codes.values()],
        "topics": [{"id": t.id, "title": t.title, "description": t.description} for t in corpus.topics.values()],
        "glossary": [
            {"term": t.term, "variants": t.variants, "definition": t.definition, "defined_by": t.defined_by,
             "see": t.see, "related": t.related, "used_by": t.used_by}
            for t in corpus.glossary
        ],
        "concordance": [
            {"subject": g.subject, "topic": g.topic, "reference": g.reference,
             "laws": [{"id": m.id, "relation": m.relation, "note": m.note} for m in g.laws]}
            for g in corpus.concordance
        ],
        "facts": [
            {"name": f.name, "type": f.type.as_json(), "question": f.question, "description": f.description}
            for f in corpus.facts.values()
        ],
        "outcomes": [{"id": o.id, "description": o.description, "excludes": o.excludes}
                     for o in corpus.outcomes.values()],
        "editions": [
            {"from": e.earlier, "to": e.later, "note": e.note,
             "map": [{"from": x.earlier, "to": x.later, "change": x.change, "note": x.note} for x in e.entries]}
            for e in corpus.editions
        ],
    }


def code_data(code: Code, rulebook: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "id": code.id,
        "title": code.title,
        "short_title": code.short_title,
        "issued_by": code.issued_by,
        "date": code.date,
        "fragment": code.fragment,
        "source": code.source,
        "front_matter": code.front_matter,
        "back_matter": code.back_matter,
        "rulebook": rulebook,
        "headings": [
            {
                "title": heading.title,
                "supplied": heading.supplied,
                "part": heading.part,
                "page": heading.page,
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
        "label": law.label,
        "unnumbered": law.unnumbered,
        "page": law.page,
        "page_breaks": law.page_breaks,
        "text": law.text,
        "display": law.display,
        "items": [_item(item) for item in law.items],
        "text_after": law.text_after,
        "sections": [_section(section) for section in law.sections],
        "notes": [_note(note) for note in law.notes],
        "editor_notes": law.editor_notes,
        "refs": list(law.cites),
        "cited_by": list(law.cited_by),
        "parallels": [p.id for p in law.parallels],
        "parallel_relations": [
            {"id": p.id, "relation": p.relation, "note": p.note, "subject": p.subject} for p in law.parallels
        ],
        "topics": list(law.topics),
        "questions": list(law.questions),
        "annotations": [{"kind": a.kind, "text": a.text, "item": a.item} for a in law.annotations],
        "incomplete": law.incomplete,
        "constants": law.constants,
        "rules": law.rules,
        "unformalized": law.unformalized,
        "file": law.position.path,
        "line": law.position.line,
    }


def _item(item: Item) -> dict[str, Any]:
    return {"id": item.id, "label": item.label, "text": item.text, "text_after": item.text_after, "page": item.page,
            "notes": [_note(n) for n in item.notes]}


def _section(section: Section) -> dict[str, Any]:
    return {
        "id": section.id, "number": section.number, "label": section.label, "text": section.text,
        "page": section.page, "items": [_item(i) for i in section.items], "text_after": section.text_after,
        "notes": [_note(n) for n in section.notes],
    }


def _note(note: Note) -> dict[str, Any]:
    return {"mark": note.mark, "text": note.text, "at": "heading" if note.on_heading else None}
