"""What a revision changed in behaviour: every scenario's record ruled under both editions.

The earlier edition's rulings are mapped to the later edition's laws through the
edition map (editions.yaml), then compared with the later edition's rulings by
law and outcome, and the values both name (a value one edition adds is information, not a
different ruling). A situation whose rulings differ is a change in
behaviour; one whose rulings are the same but whose questions differ is counted
apart (the later edition asks something else).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from ..corpus.model import EditionMap
from .engine import Engine, Result, RulingError
from .scenarios import Scenario


@dataclass
class Side:
    rulings: list[dict[str, Any]] = field(default_factory=list)  # law, rule, outcome, says, values
    questions: list[str] = field(default_factory=list)
    error: str | None = None


@dataclass
class Change:
    scenario: str
    at: str  # file:line of the scenario
    earlier: Side
    later: Side


@dataclass
class Changes:
    earlier: str
    later: str
    run: int = 0  # situations ruled under both editions
    unreadable: list[str] = field(default_factory=list)  # scenarios whose record does not read
    changed: list[Change] = field(default_factory=list)
    questions_only: list[Change] = field(default_factory=list)  # same rulings, other questions

    def as_json(self) -> dict[str, Any]:
        def change(c: Change) -> dict[str, Any]:
            return {"scenario": c.scenario, "at": c.at,
                    "earlier": asdict(c.earlier), "later": asdict(c.later)}
        return {"earlier": self.earlier, "later": self.later, "run": self.run,
                "changed": [change(c) for c in self.changed],
                "same": self.run - len(self.changed), "questions_only": [change(c) for c in self.questions_only],
                "unreadable": self.unreadable}


def _law_map(edition: EditionMap) -> dict[str, list[str]]:
    """Each earlier law (or unit) -> the later laws it became."""
    mapped: dict[str, list[str]] = {}
    for entry in edition.entries:
        for earlier in entry.earlier:
            mapped.setdefault(earlier, []).extend(entry.later)
    return mapped


def _ruled(engine: Engine, code: str, situation: Any) -> Result | RulingError:
    try:
        return engine.ruling(code, situation)
    except RulingError as exc:
        return exc


def _side(result: Result | RulingError) -> Side:
    if isinstance(result, RulingError):
        return Side(error=str(result))
    return Side([{"law": r.law, "rule": r.rule, "outcome": r.outcome, "says": r.says, "values": r.values}
                 for r in result.rulings], sorted(m["fact"] for m in result.missing_facts))


def _law(law: str, laws: dict[str, list[str]] | None) -> list[str]:
    """A ruling's law as law numbers in the later edition (the codes differ, the numbers compare)."""
    where = sorted(laws.get(law, [law])) if laws is not None else [law]
    return [w.split("/", 1)[1] for w in where]


def _agree(first: dict[str, Any], second: dict[str, Any]) -> bool:
    """Two rulings' values agree on every name both give (a value only one edition names, such as
    1913's added order of the cut, is information, not a different ruling)."""
    return all(json.dumps(first[n], sort_keys=True) == json.dumps(second[n], sort_keys=True)
               for n in first.keys() & second.keys())


def _same(earlier: Side, later: Side, laws: dict[str, list[str]]) -> bool:
    """Whether the two editions rule alike: each earlier ruling matched by a later one of the same
    (mapped) law and outcome whose values agree, and none left over."""
    if earlier.error or later.error:
        return earlier.error == later.error
    left = list(later.rulings)
    for ruling in earlier.rulings:
        where = _law(ruling["law"], laws)
        match = next((other for other in left if other["outcome"] == ruling["outcome"]
                      and set(_law(other["law"], None)) & set(where) and _agree(ruling["values"], other["values"])),
                     None)
        if match is None:
            return False
        left.remove(match)
    return not left


def ruling_changes(engine: Engine, edition: EditionMap, scenarios: list[tuple[str, Scenario]],
                   kept: dict[int, tuple[Any, ...]] | None = None) -> Changes:
    """Rule every scenario (``(file, scenario)``) under both editions; what changed and what did not.
    ``kept``: each scenario's comparison in the last call, by the scenario's id, made again for the next:
    a scenario whose two rulings are the very objects compared last time (an engine that remembers
    gives them again), through the same edition map, is not compared again."""
    laws = _law_map(edition)
    changes = Changes(edition.earlier, edition.later)
    compared: dict[int, tuple[Any, ...]] = {}
    for path, scenario in scenarios:
        at = f"{path}:{scenario.position.line}"
        try:
            situation = engine.situation(scenario.record, path, views="rules")
        except RulingError as exc:
            changes.unreadable.append(f"{at}: {exc}")
            continue
        changes.run += 1
        first, second = _ruled(engine, edition.earlier, situation), _ruled(engine, edition.later, situation)
        last = kept.get(id(scenario)) if kept is not None else None
        if last is not None and last[0] is scenario and last[1] is first and last[2] is second and last[3] == (at, laws):
            change, found = last[4], last[5]
        else:
            earlier, later = _side(first), _side(second)
            change = Change(scenario.name, at, earlier, later)
            found = ("changed" if not _same(earlier, later, laws)
                     else "questions" if earlier.questions != later.questions else None)
        compared[id(scenario)] = (scenario, first, second, (at, laws), change, found)
        if found == "changed":
            changes.changed.append(change)
        elif found == "questions":
            changes.questions_only.append(change)
    if kept is not None:
        kept.clear()
        kept.update(compared)
    return changes


def as_text(changes: Changes, law_name: Any) -> str:
    """``law_name(citation)`` names a law for readers ("Law 84")."""
    lines = [f"{changes.earlier} → {changes.later}: {changes.run} situations ruled under both editions; "
             f"{len(changes.changed)} rulings changed, {changes.run - len(changes.changed)} the same"
             + (f" ({len(changes.questions_only)} of them asking other questions)" if changes.questions_only else "")]
    if changes.unreadable:
        lines.append(f"{len(changes.unreadable)} scenarios not run (their record does not read):")
        lines.extend(f"  {u}" for u in changes.unreadable)
    for change in changes.changed:
        lines.append("")
        lines.append(f"{change.scenario}  ({change.at})")
        for code, side in ((changes.earlier, change.earlier), (changes.later, change.later)):
            if side.error:
                lines.append(f"  {code}: error: {side.error}")
            elif not side.rulings:
                lines.append(f"  {code}: no ruling" + (f" (asks {', '.join(side.questions)})" if side.questions else ""))
            for ruling in side.rulings:
                said = ruling["says"] or f"{ruling['outcome']} {json.dumps(ruling['values'], ensure_ascii=False)}"
                lines.append(f"  {code}: {law_name(ruling['law'])} — {said}")
    return "\n".join(lines) + "\n"
