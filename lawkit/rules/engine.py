"""Rulings: put a situation (facts) to a code's rules and get every ruling that applies.

Each ruling cites its law (and the laws whose constants and values it used)
and carries a trace: the condition that held, the values it used and where
they came from, the rules it overrode. A fact a relevant rule needs but the
situation lacks is asked for (``missing_facts``), never guessed.

Rules are compiled once (``lawkit.rules``); a per-code CEL context holding
the constants is reused across calls, and only rules whose facts and inputs
are present are evaluated, so a value left in the context by an earlier call
is never read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from ._cel import cel

from ..corpus.facts import FactError, check_value
from ..corpus.model import Corpus
from ..corpus.problems import did_you_mean
from .rulebook import Expression, Rule, Rulebook


class RulingError(Exception):
    """The situation or a rule went wrong: a one-line message naming the fact and the law."""

    def __init__(self, message: str, law: str | None = None, fact: str | None = None, kind: str = "facts"):
        super().__init__(message)
        self.law = law
        self.fact = fact
        self.kind = kind  # facts (the situation is wrong), conflict (rules disagree), rule (a rule failed)


@dataclass
class Ruling:
    law: str
    rule: str
    outcome: str
    values: dict[str, Any]
    cites: list[str]
    trace: list[dict[str, Any]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"law": self.law, "rule": self.rule, "outcome": self.outcome, "values": self.values,
                "cites": self.cites, "trace": self.trace}


@dataclass
class Result:
    code: str
    rulings: list[Ruling] = field(default_factory=list)
    missing_facts: list[dict[str, Any]] = field(default_factory=list)
    considered: list[dict[str, Any]] = field(default_factory=list)  # rules that did not rule, and why

    def as_json(self) -> dict[str, Any]:
        return {"code": self.code, "rulings": [r.as_json() for r in self.rulings],
                "missing_facts": self.missing_facts, "considered": self.considered}


class Engine:
    """Rulings for every code of a loaded corpus."""

    def __init__(self, corpus: Corpus):
        self.corpus = corpus
        self._contexts: dict[str, cel.Context] = {}
        self._orders: dict[str, dict[str, int]] = {}

    # -- facts ---------------------------------------------------------------

    def check_facts(self, facts: dict[str, Any]) -> dict[str, Any]:
        """The situation, each fact checked against the vocabulary and normalized."""
        if not isinstance(facts, dict):
            raise RulingError("the facts must be a mapping of fact names to values")
        normalized = {}
        for name, value in facts.items():
            fact = self.corpus.facts.get(name)
            if fact is None:
                raise RulingError(f"unknown fact '{name}'{did_you_mean(name, self.corpus.facts)}", fact=str(name))
            try:
                normalized[name] = check_value(fact.type, value, name)
            except FactError as exc:
                raise RulingError(str(exc), fact=exc.path) from None
        return normalized

    # -- rulings -------------------------------------------------------------

    def ruling(self, code: str, facts: dict[str, Any], *, checked: bool = False) -> Result:
        book = self._book(code)
        situation = facts if checked else self.check_facts(facts)
        context = self._context(book)
        context.update(situation)
        result = Result(code)
        produced: dict[str, tuple[Any, Rule]] = {}
        applied: dict[str, Ruling] = {}
        missing: dict[str, list[str]] = {}
        for rule in book.rules:
            if not (rule.facts.issubset(situation) and rule.inputs.issubset(produced)):
                # Only a rule in play (some of its facts or values known) is reported or asks for facts.
                if rule.facts.intersection(situation) or rule.inputs.intersection(produced):
                    absent = sorted(rule.facts.difference(situation))
                    for fact in absent:
                        missing.setdefault(fact, []).append(rule.key)
                    result.considered.append(_considered(
                        rule, "incomplete", missing_facts=absent, missing_values=sorted(rule.inputs.difference(produced))))
                continue
            if rule.when is not None and not self._condition(rule, rule.when, context):
                result.considered.append(_considered(rule, "did-not-hold"))
                continue
            winners = [applied[w] for w in book.beaten_by.get(rule.key, []) if w in applied]
            if winners:
                for winner in winners:
                    winner.trace.append({"step": "overrides", "rule": rule.key, "law": rule.law})
                result.considered.append(_considered(rule, "overridden", by=[w.rule for w in winners]))
                continue
            ruling = self._apply(book, rule, context, produced)
            applied[rule.key] = ruling
            result.rulings.append(ruling)
        self._check_conflicts(book, result.rulings)
        order = self._law_order(code)
        result.rulings.sort(key=lambda r: order.get(r.law, 0))  # printed order reads best
        result.missing_facts = [
            {"fact": name, "question": self.corpus.facts[name].question,
             "type": self.corpus.facts[name].type.as_json(), "needed_by": rules}
            for name, rules in sorted(missing.items())
        ]
        return result

    def compare(self, facts: dict[str, Any], codes: Iterable[str] | None = None, *,
                checked: bool = False) -> list[Result]:
        """The same situation put to every code (or the ones named)."""
        situation = facts if checked else self.check_facts(facts)
        return [self.ruling(code, situation, checked=True) for code in (codes or self.corpus.rulebooks)]

    # -- internals -------------------------------------------------------------

    def _law_order(self, code: str) -> dict[str, int]:
        order = self._orders.get(code)
        if order is None:
            order = self._orders[code] = {law.id: i for i, law in enumerate(self.corpus.codes[code].laws)}
        return order

    def _book(self, code: str) -> Rulebook:
        book = self.corpus.rulebooks.get(code)
        if book is None:
            raise RulingError(f"no code '{code}'{did_you_mean(code, self.corpus.codes)}")
        return book

    def _context(self, book: Rulebook) -> cel.Context:
        context = self._contexts.get(book.code)
        if context is None:
            context = cel.Context()
            context.update({name: constant.value for name, constant in book.constants.items()})
            self._contexts[book.code] = context
        return context

    def _condition(self, rule: Rule, when: Expression, context: cel.Context) -> bool:
        held = _evaluate(rule, when, context)
        if not isinstance(held, bool):
            raise RulingError(f"{rule.key}: 'when' gave {held!r}, not true or false", law=rule.law, kind="rule")
        return held

    def _apply(self, book: Rulebook, rule: Rule, context: cel.Context,
               produced: dict[str, tuple[Any, Rule]]) -> Ruling:
        values = {}
        for name, value in rule.values.items():
            values[name] = _plain(_evaluate(rule, value, context)) if isinstance(value, Expression) else value
        cites = [rule.law]
        trace: list[dict[str, Any]] = []
        if rule.when is not None:
            trace.append({"step": "condition", "expr": rule.when.source, "held": True})
        for name in sorted(rule.constants):
            constant = book.constants[name]
            trace.append({"step": "constant", "name": name, "law": constant.law})
            cites.append(constant.law)
        for name in sorted(rule.inputs):
            value, producer = produced[name]
            trace.append({"step": "value", "name": name, "from": producer.key})
            cites.extend(self._cites_of(producer, produced))
        for name, value in values.items():
            if name in produced and produced[name][0] != value:
                other = produced[name][1]
                raise RulingError(
                    f"{rule.key} and {other.key} both apply and give '{name}' different values "
                    f"({value!r} and {produced[name][0]!r}); say which takes precedence "
                    "with 'overrides' or 'unless'", law=rule.law, kind="conflict")
            produced[name] = (value, rule)
        used = {name: value for name, value in values.items() if name in book.used_values}
        if used:
            context.update(used)
        return Ruling(rule.law, rule.key, rule.outcome, values, list(dict.fromkeys(cites)), trace)

    def _cites_of(self, rule: Rule, produced: dict[str, tuple[Any, Rule]]) -> list[str]:
        book = self.corpus.rulebooks[rule.code]
        cites = [rule.law, *(book.constants[c].law for c in sorted(rule.constants))]
        for name in sorted(rule.inputs):
            cites.extend(self._cites_of(produced[name][1], produced))
        return cites

    def _check_conflicts(self, book: Rulebook, rulings: list[Ruling]) -> None:
        outcomes = self.corpus.outcomes
        for i, first in enumerate(rulings):
            for second in rulings[i + 1:]:
                excluded = second.outcome in getattr(outcomes.get(first.outcome), "excludes", []) or \
                    first.outcome in getattr(outcomes.get(second.outcome), "excludes", [])
                if excluded:
                    raise RulingError(
                        f"{first.rule} ({first.outcome}) and {second.rule} ({second.outcome}) both apply and "
                        "conflict; say which takes precedence with 'overrides' or 'unless'", law=first.law,
                        kind="conflict")


def _evaluate(rule: Rule, expression: Expression, context: cel.Context) -> Any:
    try:
        return expression.program.execute(context)
    except (KeyError, IndexError) as exc:
        what = f"no key {exc.args[0]!r}" if isinstance(exc, KeyError) else f"an {exc.args[0] if exc.args else 'index out of range'}"
        raise RulingError(
            f"{rule.key}: {what} in {_facts_of(rule)} while evaluating "
            f"`{expression.source}`", law=rule.law, kind="rule") from None
    except Exception as exc:  # CEL's runtime errors: TypeError (no overload), ZeroDivisionError, RuntimeError
        first = str(exc).split(". ")[0] if str(exc) else type(exc).__name__
        raise RulingError(
            f"{rule.key}: {first} in {_facts_of(rule)} while evaluating `{expression.source}`", law=rule.law,
            kind="rule") from None


def _plain(value: Any) -> Any:
    """A CEL result as plain data with map keys in sorted order, so rulings print the same every time."""
    if isinstance(value, dict):
        return {key: _plain(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def _facts_of(rule: Rule) -> str:
    names = sorted(rule.facts | rule.inputs)
    return "the facts " + ", ".join(f"'{n}'" for n in names) if names else "the rule's constants"


def _considered(rule: Rule, status: str, **details: Any) -> dict[str, Any]:
    return {"rule": rule.key, "law": rule.law, "status": status,
            **{key: value for key, value in details.items() if value}}
