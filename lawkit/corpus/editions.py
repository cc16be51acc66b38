"""What changed between two editions of a code: the edition map with word-level differences."""

from __future__ import annotations

import difflib
import functools
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .model import Corpus, EditionEntry, EditionMap, Law
from .printed import law_lines, lead


@dataclass
class Difference:
    """One entry of the map, with the words of the two texts compared."""

    entry: EditionEntry
    renumbered: bool
    ops: list[tuple[str, str]] = field(default_factory=list)  # (equal | delete | insert, words)


def find_map(corpus: Corpus, earlier: str, later: str) -> EditionMap | None:
    for edition in corpus.editions:
        if (edition.earlier, edition.later) == (earlier, later):
            return edition
    return None


def _body(law: Law) -> list[str]:
    """The words of a law as printed, without its number and notes (editions renumber and move notes)."""
    lines = law_lines(law, notes=False)
    number = lead(law)
    if number and lines and lines[0].startswith(number):
        lines[0] = lines[0][len(number):]
    return " ".join(lines).split()


def word_diff(old: list[str], new: list[str]) -> list[tuple[str, str]]:
    """The runs of words kept, deleted and inserted from ``old`` to ``new``."""
    return list(_word_diff(tuple(old), tuple(new)))


@functools.lru_cache(maxsize=4096)
def _word_diff(old: tuple[str, ...], new: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Kept by the words themselves: the site compares every parallel and every edition's laws on
    every build, and under `mkdocs serve` a saved file changes one or two of them."""
    ops: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            ops.append(("equal", " ".join(old[i1:i2])))
        if tag in ("delete", "replace"):
            ops.append(("delete", " ".join(old[i1:i2])))
        if tag in ("insert", "replace"):
            ops.append(("insert", " ".join(new[j1:j2])))
    return tuple(ops)


def _local(citation: str) -> str:
    return citation.split("/", 1)[1]


def differences(corpus: Corpus, edition: EditionMap) -> list[Difference]:
    result = []
    for entry in edition.entries:
        renumbered = bool(entry.earlier and entry.later) and (
            [_local(i) for i in entry.earlier] != [_local(i) for i in entry.later])
        diff = Difference(entry, renumbered)
        if entry.earlier and entry.later and entry.change != "identical":
            old = [w for i in entry.earlier for w in _body(corpus.law_of(i))]
            new = [w for i in entry.later for w in _body(corpus.law_of(i))]
            diff.ops = word_diff(old, new)
        result.append(diff)
    return result


def summary(diffs: list[Difference]) -> dict[str, int]:
    counts = Counter(d.entry.change for d in diffs)
    counts["renumbered"] = sum(d.renumbered for d in diffs)
    return dict(counts)


def as_json(edition: EditionMap, diffs: list[Difference]) -> dict[str, Any]:
    return {
        "from": edition.earlier,
        "to": edition.later,
        "summary": summary(diffs),
        "entries": [
            {"from": d.entry.earlier, "to": d.entry.later, "change": d.entry.change, "renumbered": d.renumbered,
             "note": d.entry.note, "diff": [{"op": op, "text": text} for op, text in d.ops]}
            for d in diffs
        ],
    }


def as_text(corpus: Corpus, edition: EditionMap, diffs: list[Difference]) -> str:
    counts = summary(diffs)
    order = ["identical", "reworded", "changed", "added", "dropped", "absent", "renumbered"]
    lines = [f"{edition.earlier} → {edition.later}: {len(diffs)} entries; "
             + ", ".join(f"{counts[k]} {k}" for k in order if counts.get(k))]
    if edition.note:
        lines.append(edition.note)
    for d in diffs:
        left = ", ".join(corpus.law_of(i).name for i in d.entry.earlier) or "—"
        right = ", ".join(corpus.law_of(i).name for i in d.entry.later) or "—"
        flag = " (renumbered)" if d.renumbered else ""
        lines.append("")
        lines.append(f"{left} → {right}: {d.entry.change}{flag}")
        if d.entry.note:
            lines.append(f"  note: {d.entry.note}")
        if d.ops:
            text = " ".join(text if op == "equal" else f"[-{text}-]" if op == "delete" else f"{{+{text}+}}"
                            for op, text in d.ops)
            lines.append("  " + text)
    return "\n".join(lines) + "\n"
