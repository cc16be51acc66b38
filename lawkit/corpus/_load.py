"""Reading laws/ into the model: files, schema, then one object per unit.

The model is built leniently from whatever parsed, so one bad value yields
one problem, not a cascade: a law with a wrong-typed field still exists (and
still resolves citations to it) as long as its number is readable.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from . import _schema, files
from . import facts as factlib
from ._parsed import Parsed
from ._yaml import Document, MarkedDict, MarkedList, load_document
from .model import (
    Annotation, Code, ConcordanceMember, Corpus, EditionEntry, EditionMap, Heading, Item, Law, Note,
    ParallelGroup, Section, Term, TextSource, Topic,
)
from .problems import Position, Problem, did_you_mean

CODE_FILE = "code.yaml"
# Shared files beside the code folders, each with its schema.
SHARED_FILES = {"topics.yaml": "topics", "glossary.yaml": "glossary",
                "concordance.yaml": "concordance", "editions.yaml": "editions",
                "facts.yaml": "facts", "outcomes.yaml": "outcomes",
                "record.yaml": "record", "views.yaml": "views"}
_SCHEMA_LINE = re.compile(r"# yaml-language-server: \$schema=\S+\.schema\.json")


def read_corpus(root: str | os.PathLike, parsed: Parsed | None = None) -> tuple[Corpus, dict[str, Document]]:
    """Parse and schema-check every file under ``root``; build the model.

    Returns the corpus (its ``problems`` filled with what was found so far)
    and the parsed documents by path, which the checker uses to locate text.
    With ``parsed`` (kept from an earlier read of the same root), a file whose
    text did not change is neither parsed nor schema-checked again.
    """
    root_path = Path(root)
    corpus = Corpus(root=str(root_path))
    docs: dict[str, Document] = {}
    if parsed is not None:
        parsed.start()
    if not root_path.is_dir():
        corpus.problems.append(Problem(Position(str(root_path), 1, 1), "no-corpus", "no such directory"))
        return corpus, docs
    shared_files, folders = files.scan(root_path, root_path, corpus.problems)
    for folder in folders:
        code = _read_code(folder, root_path, corpus, docs, parsed)
        if code is not None:
            corpus.codes[code.id] = code
    for path in shared_files:
        schema = SHARED_FILES.get(path.name)
        if schema is None:
            corpus.problems.append(Problem(
                Position(_rel(path), 1, 1), "unknown-file",
                f"lawkit does not know this file; shared files are {', '.join(SHARED_FILES)}"
                f"{did_you_mean(path.name, SHARED_FILES)}"))
            continue
        doc, problems = _parse(path, docs, schema, parsed)
        corpus.problems.extend(problems)
        if isinstance(doc.data, MarkedDict):
            corpus.problems.extend(_validate(doc, schema, lambda path: None, parsed))
            _SHARED_READERS[schema](doc.data, corpus)
        else:
            corpus.unloaded.add(schema)
    if not folders and not shared_files:
        corpus.problems.append(Problem(
            Position(_rel(root_path), 1, 1), "empty-corpus",
            "the folder holds no code folders and no shared files: is it the laws directory?"))
    if parsed is not None:
        parsed.only(docs, corpus.codes)
    return corpus, docs


_rel = files.rel


def _parse(path: Path, docs: dict[str, Document], schema: str | None = None,
           parsed: Parsed | None = None) -> tuple[Document, list[Problem]]:
    """The parsed file and its parse problems (syntax, duplicate keys, encoding); kept in ``parsed``."""
    rel = _rel(path)
    problems: list[Problem] = []
    text, problem = files.read_text(path, rel)
    if text is None:  # not UTF-8, or gone: that is its one problem (not also an empty file)
        assert problem is not None
        problems.append(problem)
        doc = Document(rel, "", None)
        docs[rel] = doc
        return doc, problems
    schema = schema or ("code" if path.name == CODE_FILE else "heading")
    kept = parsed.document(rel, text, schema) if parsed is not None else None
    if kept is not None:
        docs[rel] = kept[0]
        return kept
    doc = load_document(rel, text, problems)
    docs[rel] = doc
    first_line = text.split("\n", 1)[0]
    if text and not (_SCHEMA_LINE.match(first_line) and f"/{schema}.schema.json" in first_line):
        problems.append(Problem(
            Position(rel, 1, 1), "schema-line",
            f"the file should start with '# yaml-language-server: $schema=../../lawkit/schemas/{schema}.schema.json' "
            "so editors validate it", severity="warning"))
    if parsed is not None:
        parsed.keep_document(rel, text, schema, doc, problems)
    return doc, problems


def _validate(doc: Document, schema: str, law_id_at: Any, parsed: Parsed | None) -> list[Problem]:
    """``doc`` against ``schema`` (``_schema.validate``), or what that found last time for the same text."""
    kept = parsed.schema_problems(doc) if parsed is not None else None
    if kept is not None:
        return kept
    found = _schema.validate(doc, schema, law_id_at)
    if parsed is not None:
        parsed.keep_schema_problems(doc, found)
    return found


def _read_code(folder: Path, root: Path, corpus: Corpus, docs: dict[str, Document],
               parsed: Parsed | None) -> Code | None:
    listed: list[Problem] = []
    paths, _ = files.scan(folder, root, listed)
    code_path = folder / CODE_FILE
    if code_path not in paths:
        if not any(p.position.path == _rel(code_path) for p in listed):  # a link or a folder: said already
            listed.append(Problem(
                Position(_rel(folder), 1, 1), "missing-code-file", f"a code folder needs a {CODE_FILE}"))
        corpus.problems.extend(listed)
        corpus.unloaded.add(folder.name)
        return None
    doc, problems = _parse(code_path, docs, parsed=parsed)
    corpus.problems.extend(problems)
    data = doc.data
    if data is None:
        corpus.problems.extend(listed)
        corpus.unloaded.add(folder.name)
        return None
    if not isinstance(data, MarkedDict):
        corpus.problems.append(Problem(Position(doc.path, 1, 1), "schema", f"{CODE_FILE} must be a mapping"))
        corpus.problems.extend(listed)
        corpus.unloaded.add(folder.name)
        return None
    corpus.problems.extend(_validate(doc, "code", lambda path: None, parsed))

    code_id = _str(data.get("code")) or folder.name
    if code_id != folder.name:
        corpus.problems.append(Problem(
            data.value_pos["code"], "code-id-mismatch",
            f"the code id '{code_id}' differs from its folder '{folder.name}'"))
        code_id = folder.name
    source = data.get("source")
    if not isinstance(source, dict):
        source = {}
    code = Code(
        id=code_id,
        title=_str(data.get("title")) or code_id,
        position=data.pos,
        short_title=_str(data.get("short_title")),
        issued_by=_str(data.get("issued_by")),
        date=_str(data.get("date")),
        fragment=data.get("fragment") is True,
        source=dict(source),
        front_matter=[f for f in _list(data.get("front_matter")) if isinstance(f, str)],
        back_matter=[f for f in _list(data.get("back_matter")) if isinstance(f, str)],
        footnotes=_str(data.get("footnotes")) or "after-law",
        heading_titles=[h for h in _list(data.get("headings")) if isinstance(h, str)],
        heading_positions=[
            data["headings"].item_pos[i] for i, h in enumerate(_list(data.get("headings"))) if isinstance(h, str)
        ],
        irregular_numbering={
            str(entry["law"]): str(entry.get("reason", ""))
            for entry in _list(data.get("irregular_numbering"))
            if isinstance(entry, dict) and "law" in entry
        },
    )
    corpus.problems.extend(listed)
    for problem in listed:
        if problem.severity == "error":  # a file lawkit could not read may hold laws that others cite
            code.unreadable_files.append(problem.position.path)
    for path in (p for p in paths if p.name != CODE_FILE):
        heading = _read_heading(path, code, corpus, docs, parsed)
        if heading is not None:
            code.headings.append(heading)
        else:
            code.unreadable_files.append(_rel(path))
    return code


def _read_heading(path: Path, code: Code, corpus: Corpus, docs: dict[str, Document],
                  parsed: Parsed | None) -> Heading | None:
    doc, problems = _parse(path, docs, parsed=parsed)
    data = doc.data
    if data is None:
        corpus.problems.extend(problems)
        return None
    if not isinstance(data, MarkedDict):
        corpus.problems.append(Problem(Position(doc.path, 1, 1), "schema", "a heading file must be a mapping"))
        return None
    part = _str(data.get("part"))
    laws = data.get("laws")
    if not isinstance(laws, MarkedList):
        laws = MarkedList()  # empty: its positions are never read

    def law_id_at(schema_path: list) -> str | None:
        if len(schema_path) >= 2 and schema_path[0] == "laws" and isinstance(schema_path[1], int):
            if schema_path[1] < len(laws) and isinstance(laws[schema_path[1]], dict):
                number = laws[schema_path[1]].get("law")
                if isinstance(number, (int, str)) and not isinstance(number, bool):
                    return law_id(code.id, part, number)
        return None

    # Parse problems inside a law (a duplicate key) name that law too.
    starts = [laws.item_pos[i].line for i in range(len(laws))]
    for problem in problems:
        index = sum(1 for line in starts if line <= problem.position.line) - 1
        if problem.citation is None and index >= 0:
            problem = replace(problem, citation=law_id_at(["laws", index]))
        corpus.problems.append(problem)
    corpus.problems.extend(_validate(doc, "heading", law_id_at, parsed))
    heading = Heading(
        title=_str(data.get("heading")) or path.stem,
        position=data.value_pos.get("heading", data.pos),
        supplied=data.get("supplied") is True,
        part=part,
        preamble=_str(data.get("preamble")),
        page=_int(data.get("page")),
        groups=[g for g in (data.get("groups") or []) if isinstance(g, MarkedDict)],
    )
    for index, entry in enumerate(laws):
        if isinstance(entry, MarkedDict):
            law = _build_law(entry, laws.item_pos[index], code.id, heading)
            if law is not None:
                heading.laws.append(law)
            else:
                code.unnumbered_laws = True
    return heading


def law_id(code: str, part: str | None, number: Any) -> str:
    return "/".join([code] + ([part] if part else []) + [str(number)])


def _build_law(data: MarkedDict, position: Position, code: str, heading: Heading) -> Law | None:
    number = data.get("law")
    if isinstance(number, bool) or not isinstance(number, (int, str)) or str(number) == "":
        return None  # the schema problem already names it
    law = Law(
        id=law_id(code, heading.part, number),
        code=code,
        part=heading.part,
        number=str(number),
        heading=heading.title,
        position=position,
        text=_str(data.get("text")) or "",
        title=_str(data.get("title")),
        label=_str(data.get("label")),
        unnumbered=data.get("unnumbered") is True,
        page=_int(data.get("page")),
        page_breaks=[p for p in _list(data.get("page_breaks")) if _int(p) is not None],
        display=_str(data.get("display")),
        text_after=_str(data.get("text_after")),
        editor_notes=_strings(data.get("editor_notes")),
        refs=[r for r in _list(data.get("refs")) if isinstance(r, str)],
        topics=[t for t in _list(data.get("topics")) if isinstance(t, str)],
        questions=_strings(data.get("questions")),
        incomplete=_str(data.get("incomplete")),
        constants=[c for c in _list(data.get("constants")) if isinstance(c, MarkedDict)],
        definitions=[d for d in _list(data.get("definitions")) if isinstance(d, MarkedDict)],
        rules=[r for r in _list(data.get("rules")) if isinstance(r, MarkedDict)],
        unformalized=_str(data.get("unformalized")),
    )
    texts = law.texts
    _located(texts, data, law.id, ("text", "display", "text_after"))
    law.notes = _notes(data, law.id, texts)
    law.items = _items(data, law.id, texts)
    for index, entry in _entries(data, "sections"):
        key = entry.get("section")
        if isinstance(key, bool) or not isinstance(key, (int, str)):
            continue
        section = Section(
            id=f"{law.id}/{key}",
            number=str(key),
            label=_str(entry.get("label")) or f"Sec. {key}.",
            text=_str(entry.get("text")) or "",
            position=data["sections"].item_pos[index],
            text_after=_str(entry.get("text_after")),
            page=_int(entry.get("page")),
            notes=_notes(entry, f"{law.id}/{key}", texts),
        )
        _located(texts, entry, section.id, ("text", "text_after"))
        section.items = _items(entry, section.id, texts)
        law.sections.append(section)
    for index, entry in _entries(data, "annotations"):
        law.annotations.append(Annotation(
            text=_str(entry.get("text")) or "", kind=_str(entry.get("kind")),
            position=data["annotations"].item_pos[index], item=_str(entry.get("item"))))
    return law


def _located(texts: list[TextSource], data: MarkedDict, unit: str, fields: tuple[str, ...]) -> None:
    path = data.pos.path
    for name in fields:
        value = data.get(name)
        if isinstance(value, str):
            span = data.spans[name]
            texts.append(TextSource(unit, name, value, path, span.start, span.end))


def _items(data: MarkedDict, parent_id: str, texts: list[TextSource]) -> list[Item]:
    items = []
    for index, entry in _entries(data, "items"):
        key = entry.get("item")
        if isinstance(key, bool) or not isinstance(key, (int, str)):
            continue
        items.append(Item(
            id=f"{parent_id}/{key}",
            key=str(key),
            label=_str(entry.get("label")) or str(key),
            text=_str(entry.get("text")) or "",
            position=data["items"].item_pos[index],
            text_after=_str(entry.get("text_after")),
            page=_int(entry.get("page")),
            notes=_notes(entry, f"{parent_id}/{key}", texts),
        ))
        _located(texts, entry, f"{parent_id}/{key}", ("text", "text_after"))
    return items


def _notes(data: MarkedDict, unit: str, texts: list[TextSource]) -> list[Note]:
    for _, entry in _entries(data, "notes"):
        value = entry.get("text")
        if isinstance(value, str):
            span = entry.spans["text"]
            texts.append(TextSource(unit, "note", value, entry.pos.path, span.start, span.end))
    return [
        Note(mark=str(entry.get("mark", "")), text=_str(entry.get("text")) or "",
             position=data["notes"].item_pos[index], on_heading=entry.get("at") == "heading")
        for index, entry in _entries(data, "notes")
    ]


def _entries(data: MarkedDict, key: str) -> list[tuple[int, MarkedDict]]:
    value = data.get(key)
    if not isinstance(value, MarkedList):
        return []
    return [(i, e) for i, e in enumerate(value) if isinstance(e, MarkedDict)]


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


# -- shared files ---------------------------------------------------------------

def _read_topics(data: MarkedDict, corpus: Corpus) -> None:
    for index, entry in _entries(data, "topics"):
        if isinstance(entry.get("id"), str):
            topic = Topic(entry["id"], _str(entry.get("title")) or entry["id"], data["topics"].item_pos[index],
                          _str(entry.get("description")), entry.get("formalize") is True)
            if topic.id in corpus.topics:
                corpus.problems.append(Problem(topic.position, "duplicate-id", f"topic '{topic.id}' is listed twice"))
            corpus.topics.setdefault(topic.id, topic)


def _read_glossary(data: MarkedDict, corpus: Corpus) -> None:
    for index, entry in _entries(data, "terms"):
        if isinstance(entry.get("term"), str):
            corpus.glossary.append(Term(
                term=entry["term"], definition=_str(entry.get("definition")) or "",
                position=data["terms"].item_pos[index],
                variants=_strings(entry.get("variants")), everyday=_strings(entry.get("everyday")),
                defined_by=_strings(entry.get("defined_by")),
                see=_strings(entry.get("see")), related=_strings(entry.get("related"))))


def _read_concordance(data: MarkedDict, corpus: Corpus) -> None:
    for index, entry in _entries(data, "parallels"):
        group = ParallelGroup(
            subject=_str(entry.get("subject")) or "", topic=_str(entry.get("topic")) or "",
            reference=_str(entry.get("reference")) or "", position=data["parallels"].item_pos[index])
        for member_index, member in _entries(entry, "laws"):
            if isinstance(member.get("id"), str):
                group.laws.append(ConcordanceMember(
                    member["id"], _str(member.get("relation")) or "", entry["laws"].item_pos[member_index],
                    _str(member.get("note"))))
        corpus.concordance.append(group)


def _read_editions(data: MarkedDict, corpus: Corpus) -> None:
    for index, entry in _entries(data, "editions"):
        earlier, later = _str(entry.get("from")) or "", _str(entry.get("to")) or ""
        edition = EditionMap(earlier, later, data["editions"].item_pos[index], _str(entry.get("note")))
        for line_index, line in _entries(entry, "map"):
            edition.entries.append(EditionEntry(
                earlier=_edition_ids(earlier, line.get("from")), later=_edition_ids(later, line.get("to")),
                change=_str(line.get("change")) or "", position=entry["map"].item_pos[line_index],
                note=_str(line.get("note"))))
        corpus.editions.append(edition)


def _edition_ids(code: str, value: Any) -> list[str]:
    values = value if isinstance(value, list) else [] if value is None else [value]
    return [f"{code}/{v}" for v in values if isinstance(v, (int, str)) and not isinstance(v, bool)]


def _strings(value: Any) -> list[str]:
    return [v for v in _list(value) if isinstance(v, str)]


def _read_facts(data: MarkedDict, corpus: Corpus) -> None:
    for index, entry in _entries(data, "facts"):
        name, position = entry.get("name"), data["facts"].item_pos[index]
        if not isinstance(name, str) or "type" not in entry:
            continue
        try:
            kind = factlib.parse_type(entry["type"])
        except ValueError as exc:
            corpus.problems.append(Problem(entry.value_pos["type"], "schema", f"fact '{name}': {exc}"))
            continue
        if name in corpus.facts:
            corpus.problems.append(Problem(position, "duplicate-id", f"fact '{name}' is declared twice"))
            continue
        corpus.facts[name] = factlib.Fact(name, kind, _str(entry.get("question")) or "", position,
                                          _str(entry.get("description")))


def _read_outcomes(data: MarkedDict, corpus: Corpus) -> None:
    for index, entry in _entries(data, "outcomes"):
        outcome_id, position = entry.get("id"), data["outcomes"].item_pos[index]
        if not isinstance(outcome_id, str):
            continue
        if outcome_id in corpus.outcomes:
            corpus.problems.append(Problem(position, "duplicate-id", f"outcome '{outcome_id}' is declared twice"))
            continue
        corpus.outcomes[outcome_id] = factlib.Outcome(outcome_id, _str(entry.get("description")) or "", position,
                                                      _strings(entry.get("excludes")))


def _keep(name: str) -> Any:
    """The record's vocabulary and the views are the rules' to read: kept as written, with positions."""

    def keep(data: MarkedDict, corpus: Corpus) -> None:
        corpus.rule_files[name] = data

    return keep


_SHARED_READERS = {"topics": _read_topics, "glossary": _read_glossary,
                   "concordance": _read_concordance, "editions": _read_editions,
                   "facts": _read_facts, "outcomes": _read_outcomes,
                   "record": _keep("record"), "views": _keep("views")}
