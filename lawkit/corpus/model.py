"""The corpus model: codes, headings, laws, sections, items, notes.

Every unit carries its citation id and the position of its YAML, so any
value can be traced back to the file an editor changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator

from .problems import Position

if TYPE_CHECKING:
    from ._yaml import MarkedDict


@dataclass(frozen=True)
class TextSource:
    """Where a piece of printed text is written, so checks can point inside it."""

    unit: str  # the citation id of the law, section or item the text belongs to
    field: str  # text, display, text_after, note
    text: str
    path: str
    start: int  # character offsets of the YAML scalar in its file
    end: int


@dataclass
class Note:
    mark: str
    text: str
    position: Position
    on_heading: bool = False  # the mark is printed after the heading, not in the law


@dataclass
class Item:
    id: str
    key: str  # the id segment: a, b, 1
    label: str  # as printed: _a_, (_a_), 1st.
    text: str
    position: Position
    text_after: str | None = None  # a paragraph printed after the item, before the next
    page: int | None = None
    notes: list[Note] = field(default_factory=list)


@dataclass
class Section:
    id: str
    number: str
    label: str
    text: str
    position: Position
    items: list[Item] = field(default_factory=list)
    text_after: str | None = None
    page: int | None = None
    notes: list[Note] = field(default_factory=list)


@dataclass
class Annotation:
    text: str
    kind: str | None
    position: Position
    item: str | None = None


@dataclass
class Parallel:
    """The same rule in another law, from the concordance or an edition map."""

    id: str
    relation: str  # identical, reworded, changed
    position: Position  # where the link is written
    note: str | None = None
    subject: str | None = None


@dataclass
class Topic:
    id: str
    title: str
    position: Position
    description: str | None = None
    formalize: bool = False  # every law of the topic should be executable


@dataclass
class Term:
    """A glossary entry; ``used_by`` is computed from the law texts."""

    term: str
    definition: str
    position: Position
    variants: list[str] = field(default_factory=list)
    everyday: list[str] = field(default_factory=list)  # what a player today says for it (shown in the glossary)
    defined_by: list[str] = field(default_factory=list)
    see: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    used_by: list[str] = field(default_factory=list)


@dataclass
class ConcordanceMember:
    id: str
    relation: str
    position: Position
    note: str | None = None


@dataclass
class ParallelGroup:
    """Laws of several codes on one rule, each classified against the reference law."""

    subject: str
    topic: str
    reference: str
    position: Position
    laws: list[ConcordanceMember] = field(default_factory=list)


@dataclass
class EditionEntry:
    """One line of an edition map: earlier law(s) to later law(s), and what changed."""

    earlier: list[str]  # citation ids in the earlier edition (empty: added)
    later: list[str]  # citation ids in the later edition (empty: dropped)
    change: str
    position: Position
    note: str | None = None


@dataclass
class EditionMap:
    earlier: str  # code ids
    later: str
    position: Position
    note: str | None = None
    entries: list[EditionEntry] = field(default_factory=list)


@dataclass
class Law:
    """One law (or etiquette item, definition…) as printed, with what lawkit knows of it."""

    id: str
    code: str
    part: str | None  # None for the laws proper; "etiquette", "definitions"…
    number: str  # as printed: "14", "IV", "e"
    heading: str
    position: Position
    text: str = ""
    title: str | None = None
    label: str | None = None  # the number as printed when not "14.": "(a)", "LAW I.—Shuffling."
    unnumbered: bool = False  # the source prints no number; the editors assigned it
    page: int | None = None
    page_breaks: list[int] = field(default_factory=list)  # pages that begin inside the law
    display: str | None = None
    items: list[Item] = field(default_factory=list)
    text_after: str | None = None
    sections: list[Section] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    editor_notes: list[str] = field(default_factory=list)  # the book editor's unmarked notes, not the code's
    refs: list[str] = field(default_factory=list)  # explicit references, as written
    topics: list[str] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)  # the editors' index: questions it answers
    annotations: list[Annotation] = field(default_factory=list)
    parallels: list[Parallel] = field(default_factory=list)
    incomplete: str | None = None
    constants: list[MarkedDict] = field(default_factory=list)  # as written in the YAML
    definitions: list[MarkedDict] = field(default_factory=list)  # named CEL values, as written
    rules: list[MarkedDict] = field(default_factory=list)
    unformalized: str | None = None
    texts: list[TextSource] = field(default_factory=list, repr=False)  # every printed text, located
    # Computed by the checker: citation ids this law cites, and laws citing it.
    cites: list[str] = field(default_factory=list)
    cited_by: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        """How a reader names it: 'Law 14', 'Etiquette 9', 'Definitions e'."""
        if self.part is None:
            return f"Law {self.number}"
        return f"{self.part.replace('-', ' ').capitalize()} {self.number}"

    def all_notes(self) -> list[Note]:
        """The law's notes, then those of its sections and items, in printed order."""
        notes = list(self.notes)
        for section in self.sections:
            notes.extend(section.notes)
            for item in section.items:
                notes.extend(item.notes)
        for item in self.items:
            notes.extend(item.notes)
        return notes

    def units(self) -> Iterator[Law | Section | Item]:
        """This law and every section and item inside it."""
        yield self
        for section in self.sections:
            yield section
            yield from section.items
        yield from self.items


@dataclass
class Heading:
    title: str
    position: Position
    supplied: bool = False  # not printed in the source; the editors supply it
    part: str | None = None
    preamble: str | None = None
    page: int | None = None
    laws: list[Law] = field(default_factory=list)
    groups: list = field(default_factory=list)  # precedence groups declared here (raw, for the rules)

    @property
    def path(self) -> str:
        return self.position.path


@dataclass
class Code:
    id: str
    title: str
    position: Position
    short_title: str | None = None
    issued_by: str | None = None
    date: str | None = None
    fragment: bool = False
    source: dict[str, Any] = field(default_factory=dict)
    front_matter: list[str] = field(default_factory=list)  # printed between the title and the first heading
    back_matter: list[str] = field(default_factory=list)  # printed after the last law, part of no law
    footnotes: str = "after-law"  # where the source prints the notes: after-law or end
    heading_titles: list[str] = field(default_factory=list)  # as declared in code.yaml
    heading_positions: list[Position] = field(default_factory=list)  # where each is declared
    unreadable_files: list[str] = field(default_factory=list)  # heading files that did not parse
    unnumbered_laws: bool = False  # some law's number was unreadable (already an error)
    duplicate_laws: bool = False  # some law's id was taken already (already an error): numbering would misread it
    irregular_numbering: dict[str, str] = field(default_factory=dict)  # law id in code -> reason
    headings: list[Heading] = field(default_factory=list)

    @property
    def laws(self) -> list[Law]:
        return [law for heading in self.headings for law in heading.laws]


Unit = Law | Section | Item


@dataclass
class Corpus:
    """The loaded corpus. ``problems`` holds what the checker found (errors and warnings)."""

    root: str
    codes: dict[str, Code] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)  # citation id -> law, section or item
    laws_by_id: dict[str, Law] = field(default_factory=dict)  # citation id of any unit -> its law
    topics: dict[str, Topic] = field(default_factory=dict)
    glossary: list[Term] = field(default_factory=list)
    concordance: list[ParallelGroup] = field(default_factory=list)
    editions: list[EditionMap] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)  # name -> facts.Fact (the vocabulary)
    outcomes: dict[str, Any] = field(default_factory=dict)  # id -> facts.Outcome
    rulebooks: dict[str, Any] = field(default_factory=dict)  # code id -> rules.Rulebook
    rule_files: dict[str, Any] = field(default_factory=dict)  # record.yaml, views.yaml as written (for the rules)
    situation_model: Any = None  # the record's vocabulary and the compiled views (rules.SituationModel)
    problems: list = field(default_factory=list)
    # What did not load (a code folder's name, or a shared file's schema name: "facts", "views"…): its
    # own error says why, and nothing else is reported for being missing from it.
    unloaded: set[str] = field(default_factory=set)

    def incomplete(self, name: str) -> bool:
        """Whether some file of the code (or the shared file) ``name`` did not load."""
        code = self.codes.get(name)
        return name in self.unloaded or (code is not None and bool(code.unreadable_files))

    def missing_from_unloaded(self, citation: str) -> bool:
        """Whether ``citation`` would name a unit of a code some of whose files did not load."""
        return self.incomplete(citation.split("/", 1)[0])

    @property
    def errors(self) -> list:
        return [p for p in self.problems if p.severity == "error"]

    def get(self, citation: str) -> Unit:
        """The law, section or item with this citation id (KeyError if none)."""
        return self.units[citation]

    def law_of(self, citation: str) -> Law:
        """The law that contains the unit with this citation id."""
        return self.laws_by_id[citation]

    def laws(self) -> Iterator[Law]:
        for code in self.codes.values():
            yield from code.laws
