"""Checks beyond the schema: headings, ids, numbering, citations, footnotes.

Each check appends Problems to the corpus; none stops at the first. The
citation check also fills in each law's ``cites`` and ``cited_by``. The rules
are compiled and checked by lawkit.rules (``lawkit.check`` runs both).
"""

from __future__ import annotations

import re
from . import sources
from ._parsed import Parsed
from ._yaml import Document
from .citations import Citation, find_citations
from .model import Code, Corpus, Law, Parallel, Section, TextSource
from .problems import Position, Problem, did_you_mean

_FOOTNOTE_MARK = re.compile(r"\[(\d+|\*|†)\]")
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def check(corpus: Corpus, docs: dict[str, Document], parsed: Parsed | None = None) -> None:
    """Every check; ``parsed`` keeps each code's comparison with its source for the next check."""
    for code in corpus.codes.values():
        _check_headings(corpus, code)
        _register_ids(corpus, code)
    for code in corpus.codes.values():
        _check_numbering(corpus, code)
        for law in code.laws:
            _check_citations(corpus, law, docs)
            _check_footnotes(corpus, law, docs)
            _check_annotation_ids(corpus, law)
    _check_topics(corpus)
    _check_glossary(corpus)
    _check_concordance(corpus)
    _check_editions(corpus)
    _check_outcomes(corpus)
    sources.check(corpus, docs, parsed)
    for law in corpus.laws():
        law.cited_by.sort(key=lambda i: _sort_key(corpus, i))


def _sort_key(corpus: Corpus, citation: str) -> tuple:
    codes = list(corpus.codes)
    law = corpus.laws_by_id.get(citation)
    code = citation.split("/", 1)[0]
    order = corpus.codes[code].laws.index(law) if law and code in corpus.codes else 0
    return (codes.index(code) if code in codes else len(codes), order, citation)


# -- headings -------------------------------------------------------------

def _check_headings(corpus: Corpus, code: Code) -> None:
    declared = code.heading_titles
    found = [h.title for h in code.headings]
    for heading in code.headings:
        if heading.title not in declared:
            corpus.problems.append(Problem(
                heading.position, "undeclared-heading",
                f"heading '{heading.title}' is not listed under 'headings' in code.yaml"
                f"{did_you_mean(heading.title, declared)}"))
    if code.unreadable_files:
        return  # a file that did not parse may hold the missing headings; its error says so
    for title, position in zip(declared, code.heading_positions):
        count = found.count(title)
        if count == 0:
            corpus.problems.append(Problem(
                position, "missing-heading", f"code.yaml lists heading '{title}' but no file has it"))
        elif count > 1:
            later = [h for h in code.headings if h.title == title][1]
            corpus.problems.append(Problem(later.position, "duplicate-heading", f"heading '{title}' is in two files"))
    in_files = [t for t in found if t in declared]
    in_code = [t for t in declared if t in found]
    if in_files != in_code:
        for heading, expected in zip([h for h in code.headings if h.title in declared], in_code):
            if heading.title != expected:
                corpus.problems.append(Problem(
                    heading.position, "heading-order",
                    f"heading '{heading.title}' is out of printed order: code.yaml puts '{expected}' here; "
                    "name the files so they sort in printed order"))
                break


# -- ids --------------------------------------------------------------------

def _register_ids(corpus: Corpus, code: Code) -> None:
    for heading in code.headings:
        unique = []
        for law in heading.laws:
            if law.id in corpus.units:
                first = corpus.units[law.id]
                corpus.problems.append(Problem(
                    law.position, "duplicate-id",
                    f"{law.name} is defined twice (first at {first.position.path}:{first.position.line})",
                    law.id))
                code.duplicate_laws = True
                continue
            unique.append(law)
            for unit in law.units():
                if unit.id in corpus.units and unit is not law:
                    first = corpus.units[unit.id]
                    corpus.problems.append(Problem(
                        unit.position, "duplicate-id",
                        f"'{unit.id}' is defined twice (first at line {first.position.line})", law.id))
                    continue
                corpus.units[unit.id] = unit
                corpus.laws_by_id[unit.id] = law
        heading.laws = unique


# -- numbering ----------------------------------------------------------------

def _value(number: str) -> int | None:
    if number.isdigit():
        return int(number)
    if number and all(ch in _ROMAN for ch in number):
        total = 0
        for ch, nxt in zip(number, number[1:] + " "):
            value = _ROMAN[ch]
            total += -value if nxt in _ROMAN and _ROMAN[nxt] > value else value
        return total
    if len(number) == 1 and number.isalpha() and number.islower():
        return ord(number) - ord("a") + 1
    return None


def _check_numbering(corpus: Corpus, code: Code) -> None:
    if code.unnumbered_laws or code.unreadable_files or code.duplicate_laws:
        return  # a law lawkit could not read, or set aside as a duplicate, would show up as a false gap
    parts: dict[str | None, list[Law]] = {}
    for law in code.laws:
        parts.setdefault(law.part, []).append(law)
    for part, laws in parts.items():
        _check_sequence(
            corpus, code, [(law.number, law.name, law.position, law.id) for law in laws],
            lambda n, p=part: f"{p.capitalize()} {n}" if p else f"Law {n}", code.fragment)
        for law in laws:
            _check_sequence(
                corpus, code, [(s.number, f"Sec. {s.number}", s.position, s.id) for s in law.sections],
                lambda n: f"Sec. {n}", False, law.id)
            parents: list[Law | Section] = [law, *law.sections]
            for parent in parents:
                _check_sequence(
                    corpus, code, [(i.key, f"item {i.key}", i.position, i.id) for i in parent.items],
                    lambda n: f"item {n}", False, law.id)


_LETTERED = re.compile(r"^(\d+)([a-z])$")  # "50a": a law the source inserts after Law 50 (printed 50_a_)


def _check_sequence(corpus, code, entries, name, fragment, citation=None) -> None:
    """Numbers must run 1, 2, 3… (or I, II… or a, b…) unless the code declares otherwise.

    A lettered number (50a, 50b) may follow its base number (50) in letter order.
    """
    previous: int | None = None
    previous_label = None
    letter = ""  # the letter of the last lettered number after ``previous``
    for number, label, position, unit_id in entries:
        about = citation or unit_id
        relative = unit_id.split("/", 1)[1]
        lettered = _LETTERED.match(number)
        if lettered:
            base, suffix = int(lettered.group(1)), lettered.group(2)
            expected = chr(ord(letter) + 1) if letter else "a"
            if relative not in code.irregular_numbering and (base != previous or suffix != expected):
                corpus.problems.append(Problem(
                    position, "numbering-order",
                    f"{label} must follow Law {base}{letter} directly (after {previous_label})", about))
            letter, previous_label = suffix, label
            continue
        value = _value(number)
        if value is None or relative in code.irregular_numbering:
            previous, previous_label, letter = value if value is not None else previous, label, ""
            continue
        if previous is None:
            if value != 1 and not fragment:
                corpus.problems.append(Problem(
                    position, "numbering-gap", f"numbering starts at {label}, not {name(_format_like(number, 1))}", about))
        elif value == previous:
            corpus.problems.append(Problem(position, "numbering-duplicate", f"{label} repeats {previous_label}", about))
        elif value < previous:
            corpus.problems.append(Problem(
                position, "numbering-order", f"{label} comes after {previous_label}, out of printed order", about))
        elif value > previous + 1:
            missing = [_format_like(number, v) for v in range(previous + 1, value)]
            what = ", ".join(name(m) for m in missing[:5]) + (" …" if len(missing) > 5 else "")
            corpus.problems.append(Problem(
                position, "numbering-gap",
                f"{label} follows {previous_label}: {what} missing "
                "(declare it under 'irregular_numbering' in code.yaml if the source prints it so)", about))
        previous, previous_label, letter = value, label, ""


def _format_like(example: str, value: int) -> str:
    if example.isdigit():
        return str(value)
    if example.isalpha() and example.islower() and len(example) == 1:
        return chr(ord("a") + value - 1)
    numerals = [(100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out = ""
    for amount, numeral in numerals:
        while value >= amount:
            out, value = out + numeral, value - amount
    return out


# -- citations ------------------------------------------------------------------

def locate(docs: dict[str, Document], source: TextSource, found: list, raw_finder, index: int) -> Position:
    """Where the ``index``-th match of ``found`` (in the loaded value) is written.

    The same finder runs over the raw YAML of the scalar, whose line breaks
    and indentation differ from the value; matches pair up by order. When
    they do not (escapes in a quoted scalar), point at the scalar itself.
    """
    doc = docs.get(source.path)
    if doc is None:
        return Position(source.path, 1, 1)
    raw_matches = raw_finder(doc.text[source.start:source.end])
    if len(raw_matches) == len(found):
        return doc.position_of(source.start + raw_matches[index])
    return doc.position_of(source.start)


def _citation_offsets(raw: str) -> list[int]:
    return [c.start for c in find_citations(raw)]


def _check_citations(corpus: Corpus, law: Law, docs: dict[str, Document]) -> None:
    code = corpus.codes[law.code]
    for source in law.texts:
        citations = find_citations(source.text)
        for index, citation in enumerate(citations):
            target = _resolve(corpus, code, law, citation)
            if target is None and corpus.incomplete(code.id):
                continue  # it may be in the file that did not load, whose error says so
            if target is None:
                position = locate(docs, source, citations, _citation_offsets, index)
                if citation.law is None and law.part is not None:
                    corpus.problems.append(Problem(
                        position, "dangling-citation",
                        f"'{' '.join(citation.raw.split())}' names a section but no law; write 'Sec. N of Law M'",
                        law.id))
                    continue
                wanted = citation.target(code.id, law.number if law.part is None else None)
                candidates = [u.split("/", 1)[1] for u in corpus.units if u.startswith(code.id + "/")]
                hint = did_you_mean(wanted.split("/", 1)[1], candidates)
                corpus.problems.append(Problem(
                    position, "dangling-citation",
                    f"'{' '.join(citation.raw.split())}' cites {wanted}, which is not in {code.id}{hint}",
                    law.id))
                continue
            if target == law.id:
                corpus.problems.append(Problem(
                    locate(docs, source, citations, _citation_offsets, index), "self-citation",
                    f"'{' '.join(citation.raw.split())}' is {law.name} citing itself; not counted as a reference",
                    law.id, severity="warning"))
                continue
            _link(corpus, law, target)
    for index, ref in enumerate(law.refs):
        if ref == law.id:
            corpus.problems.append(Problem(
                law.position, "self-citation", f"reference '{ref}' is the law itself; not counted as a reference",
                law.id, severity="warning"))
        elif ref in corpus.units:
            _link(corpus, law, ref)
        elif corpus.missing_from_unloaded(ref):
            continue  # it may be in the file that did not load
        else:
            hint = did_you_mean(ref, corpus.units)
            corpus.problems.append(Problem(law.position, "dangling-reference", f"reference '{ref}' does not exist{hint}", law.id))


def _resolve(corpus: Corpus, code: Code, law: Law, citation: Citation) -> str | None:
    """The id a printed citation names inside its code, if it exists.

    A bare "Sec. 2" names a section of the citing law; "Law 14" names a law
    of the code proper, also when an etiquette item or definition cites it.
    """
    citing_law = law.number if law.part is None else None
    if citation.law is None and citing_law is None:
        return None
    if citation.item and citation.section is None:
        lettered = f"{code.id}/{citation.law}{citation.item}"  # "Law 50_a_" naming Law 50a
        if lettered in corpus.units:
            return lettered
    target = citation.target(code.id, citing_law)
    return target if target in corpus.units else None


def _link(corpus: Corpus, law: Law, target: str) -> None:
    if target not in law.cites:
        law.cites.append(target)
    target_law = corpus.laws_by_id[target]
    if law.id not in target_law.cited_by and target_law is not law:
        target_law.cited_by.append(law.id)


# -- annotations -----------------------------------------------------------------

# An annotation names other laws by citation id in backticks: `bridge-1904/27`.
_ANNOTATION_ID = re.compile(r"`([a-z0-9][a-z0-9-]*(?:/[A-Za-z0-9-]+){1,3})`")


def _check_annotation_ids(corpus: Corpus, law: Law) -> None:
    for annotation in law.annotations:
        for match in _ANNOTATION_ID.finditer(annotation.text):
            citation = match.group(1)
            if citation.split("/", 1)[0] in corpus.codes:
                _unknown(corpus, citation, annotation.position, "the annotation cites", law.id)


# -- footnotes ------------------------------------------------------------------

def _mark_offsets(raw: str) -> list[int]:
    return [m.start() for m in _FOOTNOTE_MARK.finditer(raw)]


def _check_footnotes(corpus: Corpus, law: Law, docs: dict[str, Document]) -> None:
    notes = law.all_notes()
    note_marks = {note.mark for note in notes}
    printed: set[str] = set()
    for source in law.texts:
        if source.field == "note":
            continue
        marks = list(_FOOTNOTE_MARK.finditer(source.text))
        for index, match in enumerate(marks):
            printed.add(match.group(1))
            if match.group(1) not in note_marks:
                corpus.problems.append(Problem(
                    locate(docs, source, marks, _mark_offsets, index), "unmatched-footnote",
                    f"footnote mark [{match.group(1)}] has no note; add it under 'notes'", law.id))
    for note in notes:
        if not note.on_heading and note.mark not in printed:
            corpus.problems.append(Problem(
                note.position, "unmatched-footnote",
                f"note [{note.mark}] has no mark [{note.mark}] in the text", law.id))


# -- topics, glossary, concordance, editions --------------------------------------

def _unknown(corpus: Corpus, citation: str, position: Position, what: str, about: str | None = None) -> bool:
    """Report ``citation`` if it names no law; True when it was unknown. ``what`` names the citation
    ("the parallel") or says who cites it ("the annotation cites")."""
    if citation in corpus.units:
        return False
    if corpus.missing_from_unloaded(citation):
        return True  # it may be in a file that did not load, whose error says so
    corpus.problems.append(Problem(
        position, "dangling-reference",
        f"{what} '{citation}'{', which' if what.endswith(' cites') else ''} does not exist"
        f"{did_you_mean(citation, corpus.units)}",
        about))
    return True


def _check_topics(corpus: Corpus) -> None:
    if not corpus.topics:
        return  # no topics.yaml: nothing to check against
    for law in corpus.laws():
        if not law.topics:
            corpus.problems.append(Problem(law.position, "no-topic", "the law names no topic (add 'topics:')", law.id))
        for topic in law.topics:
            if topic not in corpus.topics:
                corpus.problems.append(Problem(
                    law.position, "unknown-topic",
                    f"topic '{topic}' is not in topics.yaml{did_you_mean(topic, corpus.topics)}", law.id))


_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*")  # hyphenated words stay whole; "dealer's" holds "dealer"


def words_of(text: str) -> str:
    """Text as ' word word … ': lower case, punctuation and _italics_ marks gone, so that
    terms match as whole words with a plain substring test (fast for every term × every law)."""
    return " " + " ".join(_WORD.findall(text.lower())) + " "


def _some_code_incomplete(corpus: Corpus) -> bool:
    """Whether a law file did not load (a term may be used only there)."""
    return any(corpus.incomplete(name) for name in [*corpus.codes, *corpus.unloaded])


def _check_glossary(corpus: Corpus) -> None:
    seen: dict[str, Position] = {}
    law_words = {law.id: words_of(" ".join(t.text for t in law.texts)) for law in corpus.laws()} if corpus.glossary else {}
    order = {law_id: index for index, law_id in enumerate(law_words)}
    by_word: dict[str, set[str]] = {}  # a word -> the laws it is in: a one-word phrase is looked up, not searched for
    for law_id, text in law_words.items():
        for word in set(text.split()):
            by_word.setdefault(word, set()).add(law_id)

    def using(phrase: str) -> set[str]:
        """The laws whose words hold ``phrase`` (as ``words_of`` gives it): the same as a substring test."""
        words = phrase.split()
        if not words:
            return {law_id for law_id, text in law_words.items() if phrase in text}
        holding = set.intersection(*(by_word.get(word, set()) for word in words))  # every word of it
        return holding if len(words) == 1 else {law_id for law_id in holding if phrase in law_words[law_id]}

    for term in corpus.glossary:
        key = term.term.lower()
        if key in seen:
            corpus.problems.append(Problem(
                term.position, "duplicate-id", f"glossary term '{term.term}' is defined twice (first at line {seen[key].line})"))
        seen.setdefault(key, term.position)
        for citation in [*term.defined_by, *term.see]:
            _unknown(corpus, citation, term.position, f"the glossary entry '{term.term}' cites")
        found: set[str] = set()
        for variant in {term.term, *term.variants}:
            found |= using(words_of(variant))
        term.used_by = sorted(found, key=order.__getitem__)
        if not term.used_by and not _some_code_incomplete(corpus):
            corpus.problems.append(Problem(
                term.position, "unused-term", f"no law uses '{term.term}' or its variants", severity="warning"))
    for term in corpus.glossary:
        for other in term.related:
            if other.lower() not in seen:
                corpus.problems.append(Problem(
                    term.position, "dangling-reference",
                    f"related term '{other}' is not in the glossary{did_you_mean(other, [t.term for t in corpus.glossary])}"))


def _check_concordance(corpus: Corpus) -> None:
    for group in corpus.concordance:
        if group.topic not in corpus.topics and corpus.topics:
            corpus.problems.append(Problem(
                group.position, "unknown-topic",
                f"topic '{group.topic}' is not in topics.yaml{did_you_mean(group.topic, corpus.topics)}"))
        if _unknown(corpus, group.reference, group.position, "the reference law"):
            continue
        ids = [group.reference]
        for member in group.laws:
            if member.id in ids:
                corpus.problems.append(Problem(member.position, "duplicate-id", f"'{member.id}' is in the group twice"))
                continue
            ids.append(member.id)
            if _unknown(corpus, member.id, member.position, "the parallel"):
                continue
            _add_parallel(corpus, group.reference, member.id, member.relation, member.position, member.note,
                          group.subject)


def _add_parallel(corpus: Corpus, a: str, b: str, relation: str, position: Position, note: str | None,
                  subject: str | None) -> None:
    """Link two laws both ways (the law that contains each unit holds the link)."""
    for here, there in ((a, b), (b, a)):
        law = corpus.laws_by_id[here]
        if all(p.id != there for p in law.parallels):
            law.parallels.append(Parallel(there, relation, position, note, subject))


_PAIRED = {"identical", "reworded", "changed"}


def _check_editions(corpus: Corpus) -> None:
    for edition in corpus.editions:
        codes = [edition.earlier, edition.later]
        missing = [c for c in codes if c not in corpus.codes]
        for code in (c for c in missing if not corpus.incomplete(c)):
            corpus.problems.append(Problem(
                edition.position, "dangling-reference", f"edition '{code}' is not a code{did_you_mean(code, corpus.codes)}"))
        if missing:
            continue
        mapped: dict[str, list[Position]] = {}
        for entry in edition.entries:
            for side, ids in (("from", entry.earlier), ("to", entry.later)):
                for citation in ids:
                    if not _unknown(corpus, citation, entry.position, f"the '{side}' law"):
                        mapped.setdefault(citation, []).append(entry.position)
            shape_ok = {
                "added": not entry.earlier and entry.later,
                "dropped": entry.earlier and not entry.later,
                "absent": bool(entry.earlier) != bool(entry.later),
            }.get(entry.change, bool(entry.earlier and entry.later))
            if not shape_ok:
                corpus.problems.append(Problem(
                    entry.position, "edition-map",
                    f"'{entry.change}' needs {'both from and to' if entry.change in _PAIRED else 'exactly one side'}"))
            if entry.change in _PAIRED:
                for a in entry.earlier:
                    for b in entry.later:
                        if a in corpus.units and b in corpus.units:
                            _add_parallel(corpus, a, b, entry.change, entry.position, entry.note,
                                          f"{edition.earlier} → {edition.later}")
        for code in codes:
            for law in corpus.codes[code].laws:
                places = mapped.get(law.id, [])
                if not places:
                    corpus.problems.append(Problem(
                        edition.position, "edition-map",
                        f"{law.id} is not in the map {edition.earlier} → {edition.later}", law.id))
                elif len(places) > 1:
                    corpus.problems.append(Problem(
                        places[1], "edition-map", f"{law.id} is mapped twice (also at line {places[0].line})", law.id))


def _check_outcomes(corpus: Corpus) -> None:
    for outcome in corpus.outcomes.values():
        for other in outcome.excludes:
            if other not in corpus.outcomes:
                corpus.problems.append(Problem(
                    outcome.position, "dangling-reference",
                    f"outcome '{outcome.id}' excludes '{other}', which is not an outcome{did_you_mean(other, corpus.outcomes)}"))
